"""What the solo layer asks of Trophy: its dread, what it generates, and the player's own
tables it reads (bestiary lines).

Dread: 1, plus the highest Ruin above 1, plus 1 when the party's mean Ruin is 4 or more, plus 1
for every two sets of the incursion cleared, plus 1 for every three days in the forest; 1..9.
Only treasure-hunters in play are read (not NPCs). Imported only when first asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from oracle.errors import RequestError, shown
from oracle.solo.dread import clamp, whole
from oracle.systems.base import Generator
from oracle.trophy import generate as made
from oracle.trophy.bestiary import monster_row

TROPHY_BASE = 1
MAX_RUIN = 6


def trophy_dread(highest_ruin: int, mean_ruin: Fraction | float = 1,
                 sets_cleared: int = 0, days: int = 0) -> int:
    """Trophy's dread.

    1, plus the highest Ruin above 1 (0..5), plus 1 when the party's mean Ruin is 4 or more
    (the whole party slipping), plus 1 for every two sets cleared (deeper in), plus 1 for every
    three days in the forest; never above 9.
    """
    top = whole("highest_ruin", highest_ruin, 1, MAX_RUIN)
    if isinstance(mean_ruin, bool) or not isinstance(mean_ruin, (int, float, Fraction)):
        raise RequestError(f"mean_ruin: must be a number, not {shown(mean_ruin)}.")
    if not 1 <= mean_ruin <= top:
        raise RequestError(f"mean_ruin: lies between 1 and the highest Ruin ({top}); "
                           f"got {mean_ruin}.")
    cleared = whole("sets_cleared", sets_cleared)
    spent = whole("days", days)
    slipping = 1 if mean_ruin >= 4 else 0
    return clamp(TROPHY_BASE + (top - 1) + slipping + cleared // 2 + spent // 3)


def party_dread(ruins: Sequence[int], sets_cleared: int = 0, days: int = 0) -> int:
    """Trophy's dread from the Ruin of every character still in play."""
    if not ruins:
        raise RequestError("ruins: give the Ruin of at least one character in play.")
    for i, ruin in enumerate(ruins):
        whole(f"ruins[{i}]", ruin, 1, MAX_RUIN)
    return trophy_dread(max(ruins), Fraction(sum(ruins), len(ruins)), sets_cleared, days)


def numbers(state: Any) -> tuple[list[int], int, int]:
    """(Ruin of each hunter in play, sets cleared, days) of a Trophy state."""
    ruins = [c.ruin for c in getattr(state, "characters", ())
             if not c.npc and not c.out_of_play]
    expedition = getattr(state, "expedition", None)
    incursion = getattr(expedition, "incursion", None)
    cleared = incursion.cleared if incursion is not None else 0
    days = incursion.days if incursion is not None else 0
    return ruins, cleared, days


def dread(state: Any) -> int | None:
    """The party's dread; None (the default) with nobody in play."""
    ruins, cleared, days = numbers(state)
    return party_dread(ruins, cleared, days) if ruins else None


GENERATORS = {
    "character": Generator(lambda d, taken: made.character(d, taken).to_dict()),
    "monster": Generator(lambda d, taken: made.monster(d, taken).to_dict()),
    "incursion": Generator(lambda d, taken: made.incursion(d).to_dict()),
    "treasure": Generator(lambda d, taken: made.treasure(d).to_dict()),
    "place": Generator(lambda d, taken: made.place(d).to_dict()),
    "name": Generator(lambda d, taken: made.name(d, taken)),
}

TABLE_USES = {"bestiary": monster_row}
"""A player's own ``bestiary*.txt`` tables: monsters joining Trophy's bestiary, each line
checked as one (``Name | Endurance | Gold | what it is``)."""
