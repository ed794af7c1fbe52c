"""What every generator shares: a dice source from whatever the caller hands in, names kept
apart, and tables (a system's own in ``<its package>/tables/``, the generic ones here)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from oracle.dice import DiceSource, SeededDice
from oracle.errors import OracleError, shown
from oracle.solo.tables import load_rows, load_table

PACKAGE = "oracle.solo.generate"
Source = DiceSource | random.Random | int | str | None


class RandomDice:
    """A :class:`DiceSource` over a caller's ``random.Random`` (its stream, not a copy)."""

    def __init__(self, rng: random.Random) -> None:
        self._random = rng

    def roll(self, sides: int) -> int:
        return self._random.randint(1, sides)


def as_dice(source: Source) -> DiceSource:
    """A dice source from a DiceSource, a ``random.Random`` or a seed (int, str or None)."""
    if isinstance(source, random.Random):
        return RandomDice(source)
    if source is None or isinstance(source, (int, str)):
        return SeededDice(source)
    return source


NUMERALS = ("II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def unique(name: str, taken: Sequence[str]) -> str:
    """``name``, or, when a batch already has it, ``name II`` (then III ... X, then a number):
    no name repeated in a batch."""
    if name not in taken:
        return name
    for numeral in (*NUMERALS, *(str(n) for n in range(11, 10_000))):
        candidate = f"{name} {numeral}"
        if candidate not in taken:
            return candidate
    raise OracleError(f"names: every name like {shown(name)} is taken.")


def table(name: str, package: str = PACKAGE) -> tuple[str, ...]:
    """A one-field generator table of ``package`` (``<package>/tables/<name>.txt``; the
    generic ones by default)."""
    return load_table(package, name)


def rows(name: str, width: int, package: str = PACKAGE) -> tuple[tuple[str, ...], ...]:
    """A generator table of ``width`` fields a row (``<package>/tables/<name>.txt``)."""
    return load_rows(package, name, width)
