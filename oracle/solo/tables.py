"""Read the solo layer's word tables (text files shipped inside the package).

A table is one entry a line; blank lines and lines starting with ``#`` are skipped. Entries
with fields separate them with `` | ``. Tables are read once and cached.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from oracle.dice import DiceSource
from oracle.errors import OracleError, shown


@cache
def load_table(package: str, name: str) -> tuple[str, ...]:
    """The entries of ``<package>/tables/<name>.txt``."""
    try:
        text = (resources.files(package) / "tables" / f"{name}.txt").read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as exc:
        raise OracleError(f"tables: the word table {shown(name)} is missing from {package}.") from exc
    entries = tuple(line.strip() for line in text.splitlines()
                    if line.strip() and not line.lstrip().startswith("#"))
    if not entries:
        raise OracleError(f"tables: the word table {shown(name)} is empty.")
    return entries


def load_rows(package: str, name: str, width: int) -> tuple[tuple[str, ...], ...]:
    """A table whose entries have ``width`` fields separated by ``|``."""
    rows = []
    for entry in load_table(package, name):
        parts = tuple(part.strip() for part in entry.split("|"))
        if len(parts) != width:
            raise OracleError(f"tables: {shown(name)} row {entry[:40]!r} needs {width} fields.")
        rows.append(parts)
    return tuple(rows)


def pick(dice: DiceSource, entries: tuple[str, ...]) -> str:
    """One entry, uniformly: a die with as many sides as the table has entries."""
    return entries[dice.roll(len(entries)) - 1]


def pick_row(dice: DiceSource, rows: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """One row, uniformly."""
    return rows[dice.roll(len(rows)) - 1]


def pick_distinct(dice: DiceSource, entries: tuple[str, ...], count: int,
                  avoid: tuple[str, ...] = ()) -> tuple[str, ...]:
    """``count`` different entries (none in ``avoid``), drawn in turn from what is left."""
    left = [e for e in entries if e not in avoid]
    if count > len(left):
        raise OracleError(f"tables: asked for {count} different entries from {len(left)}.")
    chosen = []
    for _ in range(count):
        chosen.append(left.pop(dice.roll(len(left)) - 1))
    return tuple(chosen)
