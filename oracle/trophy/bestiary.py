"""Trophy's bestiary: monsters with a name, what they are, their Endurance (2..12) and their
Gold; a player's own ``bestiary*.txt`` tables join it (the solo layer asks Trophy for the check
of their lines, ``solo.TABLE_USES``).

The exact chance a party defeats one (the Endurance calibrator) lives beside Trophy's combat
odds, in :mod:`oracle.trophy.odds.calibrator`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from oracle.errors import OracleError, RequestError, shown
from oracle.solo.own_context import in_use
from oracle.solo.tables import load_rows
from oracle.wording import in_sentence, the_foe

if TYPE_CHECKING:
    from oracle.solo.meaning_tables import Table

MIN_ENDURANCE = 2
MAX_ENDURANCE = 12


@dataclass(frozen=True)
class Monster:
    """A monster: name, what it is, its Endurance (2..12) and the Gold it carries."""

    name: str
    description: str
    endurance: int
    gold: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description,
                "endurance": self.endurance, "gold": self.gold}


def check_monster(monster: Monster) -> Monster:
    """A monster the rules accept: a name, Endurance 2..12, Gold 0 or more."""
    if not monster.name.strip():
        raise OracleError("monster.name: a monster needs a name.")
    if not MIN_ENDURANCE <= monster.endurance <= MAX_ENDURANCE:
        raise OracleError(f"monster.endurance: Endurance is 2 to 12; got {monster.endurance}.")
    if monster.gold < 0:
        raise OracleError(f"monster.gold: Gold is never negative; got {monster.gold}.")
    return monster


def monster_row(row: str, where: str) -> Monster:
    """A bestiary line ``Name | Endurance | Gold | what it is``, or a sentence naming
    ``where``."""
    parts = [p.strip() for p in row.split("|")]
    if len(parts) != 4 or not parts[0]:
        raise RequestError(f"{where}: a bestiary line is Name | Endurance | Gold | what it is; "
                           f"got {shown(row)}.")
    name, endurance, gold, text = parts
    if not endurance.isdigit() or not MIN_ENDURANCE <= int(endurance) <= MAX_ENDURANCE:
        raise RequestError(f"{where}: Endurance is a whole number from {MIN_ENDURANCE} to "
                           f"{MAX_ENDURANCE}; got {shown(endurance)}.")
    if not gold.isdigit():
        raise RequestError(f"{where}: Gold is a whole number, 0 or more; got {shown(gold)}.")
    return Monster(name, text, int(endurance), int(gold))


def bestiary() -> tuple[Monster, ...]:
    """Every monster of our bestiary (``oracle/trophy/tables/bestiary.txt``), then those of the player's own
    bestiary tables in use (:mod:`oracle.solo.own_context`), a name once."""
    ours = tuple(check_monster(Monster(name, text, int(endurance), int(gold)))
                 for name, endurance, gold, text in load_rows("oracle.trophy", "bestiary", 4))
    seen = {m.name.lower() for m in ours}
    theirs = []
    for row, source in in_use("bestiary"):
        monster = monster_row(row, f"tables: {source}")
        if monster.name.lower() not in seen:
            seen.add(monster.name.lower())
            theirs.append(monster)
    return ours + tuple(theirs)


def find_monster(name: str) -> Monster:
    """The bestiary's monster called ``name`` (case does not matter)."""
    for monster in bestiary():
        if monster.name.lower() == name.strip().lower():
            return monster
    raise RequestError(f"monster: {shown(name)} is not in the bestiary.")


def gold_of(name: str) -> int:
    """The Gold the bestiary's monster called ``name`` carries (0 for one not in it)."""
    wanted = " ".join(name.lower().split())
    for monster in bestiary():
        if monster.name.lower() in (wanted, wanted.removeprefix("the ")):
            return monster.gold
    return 0


def monster_in_sentence(name: str, drawn: bool = False) -> str:
    """``name`` for the middle of a sentence, as the narrator says it: a monster drawn from
    the bestiary, or called by a bestiary name, reads "the Choir of Mouths"."""
    wanted = " ".join(name.lower().split())
    known = drawn or any(m.name.lower() == wanted for m in bestiary())
    return in_sentence(the_foe(name, known))


def own_monsters(tables: Sequence[Table]) -> tuple[Monster, ...]:
    """The monsters of every own bestiary table (``bestiary`` or ``bestiary-*``)."""
    return tuple(monster_row(row, f"tables: {t.source}") for t in tables
                 if t.name == "bestiary" or t.name.startswith("bestiary-") for row in t.entries)
