"""Meaning tables: words to read an oracle's answer by, by subject, in each system's genre.

Twelve tables of our own writing, 100 entries or more each (``meaning/*.txt``): eight the same in
every system (actions, subjects, descriptions, objects, moods, motives, senses, secrets) and
four in the genre of the campaign's system (places, characters, creatures, omens), each system's
own (``System.meaning_folder()``, ``oracle/<system>/meaning/``): Trophy's haunted forest, Die
Trying's low-fantasy dungeon, Triptycho's towns, courts, roads and wilds. A genre is a system's
name; the default system's is the default. A player's own tables (:mod:`oracle.solo.own_tables`) join them
by name. Every draw is uniform: a die as large as the table, distinct entries while they last
(an entry written twice is twice as likely: the one way to weight a plain table).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from oracle.dice import DiceSource
from oracle.errors import OracleError, RequestError, shown
from oracle.events import DEFAULT_SYSTEM
from oracle.solo.tables import load_table

PACKAGE = "oracle.solo"
DEFAULT_GENRE = DEFAULT_SYSTEM
MAX_DRAW = 20

# table -> what it holds, in the order they are listed
ABOUT: Mapping[str, str] = {
    "actions": "what happens (verbs)",
    "subjects": "what it bears on (nouns)",
    "descriptions": "what something looks or feels like",
    "places": "where",
    "characters": "who",
    "creatures": "what lives there",
    "objects": "things to find, carry or lose",
    "omens": "signs of what is coming",
    "moods": "how it feels",
    "motives": "what someone wants",
    "senses": "what is heard, smelled or felt",
    "secrets": "what someone hides",
}
IN_GENRE = ("places", "characters", "creatures", "omens")
OLD_TABLES = ("actions", "subjects")  # the twists' meaning pair, kept in ``tables/``


@dataclass(frozen=True)
class Table:
    """A table to draw from: its name, entries, what it holds and where it comes from."""

    name: str
    entries: tuple[str, ...]
    about: str = ""
    source: str = "ours"  # "ours", or the file (or campaign) a player's own table came from

    def to_dict(self) -> dict[str, Any]:
        """``oracle meaning --json``'s listing: ``table`` and ``entries`` (its size)."""
        return {"table": self.name, "entries": len(self.entries), "about": self.about,
                "source": self.source}


def _folders() -> dict[str, Path]:
    """Genre -> the folder of its tables: every installed system with meaning tables."""
    from oracle.systems import installed

    return {system.name: folder for system in installed()
            if (folder := system.meaning_folder()) is not None}


def genres() -> tuple[str, ...]:
    """The genres with meaning tables: the installed systems that have them, by name."""
    return tuple(sorted(_folders()))


def check_genre(genre: object) -> str:
    """A genre with meaning tables: the name of a system that has them."""
    if isinstance(genre, str) and genre.strip().lower() in genres():
        return genre.strip().lower()
    raise RequestError(f"system: {shown(genre)} has no meaning tables; use one of "
                       f"{', '.join(genres())}.")


@cache
def _read(genre: str, name: str) -> tuple[str, ...]:
    if name in OLD_TABLES:
        return load_table(PACKAGE, name)
    if name in IN_GENRE:
        return _entries(_folders()[genre] / f"{name}.txt", genre)
    return _entries(Path(__file__).with_name("meaning") / f"{name}.txt", PACKAGE)


def _entries(path: Path, owner: str) -> tuple[str, ...]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise OracleError(f"tables: the meaning table {shown(path.stem)} is missing from "
                          f"{owner}.") from exc
    return tuple(line.strip() for line in text.splitlines()
                 if line.strip() and not line.lstrip().startswith("#"))


def our_tables(genre: str = DEFAULT_GENRE) -> dict[str, Table]:
    """Our twelve tables, the genre's four in its own words."""
    genre = check_genre(genre)
    return {name: Table(name, _read(genre, name), about) for name, about in ABOUT.items()}


def all_tables(genre: str = DEFAULT_GENRE, own: Sequence[Table] = ()) -> dict[str, Table]:
    """Ours, then the player's own (an own table may not take one of our names)."""
    tables = our_tables(genre)
    for table in own:
        if table.name in ABOUT:
            raise RequestError(f"tables: your table {shown(table.name)} ({table.source}) has "
                               "the name of one of ours; rename the file.")
        tables[table.name] = table
    return tables


def find_table(name: object, tables: Mapping[str, Table]) -> Table:
    """The table called ``name`` (case does not matter), or one sentence naming the choices."""
    key = name.strip().lower() if isinstance(name, str) else ""
    if key in tables:
        return tables[key]
    raise RequestError(f"table: {shown(name)} is not a table; use one of "
                       f"{', '.join(tables)}.")


def check_count(value: object) -> int:
    """How many entries to draw: 1 to 20."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_DRAW:
        raise RequestError(f"n: draw from 1 to {MAX_DRAW} entries at a time, not {shown(value)}.")
    return value


def draw(table: Table, dice: DiceSource, n: int = 1) -> tuple[str, ...]:
    """``n`` entries, one die as large as what is left each: no entry twice until the table
    runs out (then it starts over). An entry written twice in a table is twice as likely."""
    n = check_count(n)
    left: list[str] = []
    chosen: list[str] = []
    for _ in range(n):
        left = left or list(table.entries)
        entry = left[dice.roll(len(left)) - 1]
        chosen.append(entry)
        left = [e for e in left if e != entry]
    return tuple(chosen)
