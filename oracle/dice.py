"""Dice sources. Randomness is always passed in; no module calls the global ``random``.

The rules core takes faces; whoever needs faces rolled asks a :class:`DiceSource`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from oracle.errors import RequestError, RuleError, shown


@runtime_checkable
class DiceSource(Protocol):
    """Anything that can roll one die with ``sides`` faces, returning 1..sides."""

    def roll(self, sides: int) -> int: ...


class SeededDice:
    """A repeatable dice source around ``random.Random``.

    The same seed gives the same faces in the same order, so a campaign replays identically.
    """

    def __init__(self, seed: int | str | None = None) -> None:
        # a text seed is seeded by its UTF-8 bytes, as random does, and a lone surrogate (from
        # a badly encoded argument) by its own bytes rather than an error
        self._random = random.Random(seed.encode("utf-8", "surrogatepass")
                                     if isinstance(seed, str) else seed)

    def roll(self, sides: int) -> int:
        return self._random.randint(1, sides)

    def getstate(self) -> object:
        return self._random.getstate()

    def setstate(self, state: object) -> None:
        self._random.setstate(state)  # type: ignore[arg-type]


class FixedDice:
    """A dice source that hands out faces given in advance (physical dice, tests)."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)

    def roll(self, sides: int) -> int:
        if not self._faces:
            raise RuleError("dice: more dice were rolled than faces were given.")
        face = self._faces.pop(0)
        if not 1 <= face <= sides:
            raise RuleError(f"dice: a d{sides} cannot show {face}; faces run 1..{sides}.")
        return face

    @property
    def remaining(self) -> tuple[int, ...]:
        return tuple(self._faces)


def roll_many(dice: DiceSource, count: int, sides: int = 6) -> tuple[int, ...]:
    """Roll ``count`` dice with ``sides`` faces."""
    return tuple(dice.roll(sides) for _ in range(count))


# A guard against a count that would take forever to roll; far beyond any table's pool.
MOST_ROLLED = 100


def check_face(field: str, face: object, sides: int = 6) -> int:
    """Return ``face`` if a d``sides`` can show it; else a RequestError (not a whole number) or a
    RuleError (outside 1..sides). The one check of a typed face in every system."""
    if isinstance(face, bool) or not isinstance(face, int):
        raise RequestError(f"{field}: a die face must be a whole number, not {shown(face)}.")
    if not 1 <= face <= sides:
        raise RuleError(f"{field}: a d{sides} shows 1 to {sides}, not {face}.")
    return face


def faces_or_count(value: object, field: str, dice: DiceSource | None,
                   default: int | None = None, sides: int = 6) -> tuple[int, ...]:
    """A dice field of any system: a list of faces already rolled (each checked against a
    d``sides``), or a count of dice rolled with ``dice``; missing, ``default`` dice are rolled.

    ``dice`` None means faces must be given (a journal event carries every face).
    """
    if value is None:
        if default is None:
            raise RequestError(f"{field}: this field is required (faces as a list, or a count).")
        value = default
    if isinstance(value, list | tuple):
        return tuple(check_face(f"{field}[{i}]", face, sides) for i, face in enumerate(value))
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(
            f"{field}: give faces as a list of whole numbers or a count of dice, not {shown(value)}."
        )
    if value < 0:
        raise RuleError(f"{field}: a count of dice is never negative; got {value}.")
    if value > MOST_ROLLED:
        raise RuleError(f"{field}: at most {MOST_ROLLED} dice are rolled at once; got {value}.")
    if dice is None:
        raise RequestError(f"{field}: give the faces rolled as a list here, not a count.")
    return roll_many(dice, value, sides)
