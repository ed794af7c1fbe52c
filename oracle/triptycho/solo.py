"""What the solo layer asks of Triptycho: its dread, and what it generates (imported only
when first asked)."""

from __future__ import annotations

from typing import Any

from oracle.solo.answers import MIN_DREAD
from oracle.solo.dread import clamp, whole
from oracle.solo.generate import names
from oracle.systems.base import Generator
from oracle.triptycho import generate as made


def triptycho_dread(injuries: int, party_size: int, scenarios_lost: int = 0,
                    rounds: int = 0) -> int:
    """Triptycho's dread: 2 per Injury per character (up to 6), plus 1 per scenario lost,
    plus 1 for every 3 rounds of the scenario under way; 1..9."""
    size = whole("party_size", party_size, 1)
    hurt = min(6, 2 * whole("injuries", injuries) // size)
    return clamp(MIN_DREAD + hurt + whole("scenarios_lost", scenarios_lost)
                 + whole("rounds", rounds) // 3)
def dread(state: Any) -> int | None:
    """Injuries per player character and the rounds of the scenario under way; None (the
    default) with no player character."""
    players = [c for c in getattr(state, "roster", ()) if c.player]
    if not players:
        return None
    injuries = sum(c.vitals.injuries for c in players)
    return triptycho_dread(injuries, len(players), rounds=int(getattr(state, "round", 0)))


GENERATORS = {
    "character": Generator(lambda d, taken: made.character(d, taken).to_dict(),
                           button="character",
                           event=lambda d, taken: made.character(d, taken).join_event()),
    "monster": Generator(lambda d, taken: made.foe(d, taken).to_dict(), button="foe",
                         event=lambda d, taken: made.foe(d, taken).join_event()),
    "name": Generator(lambda d, taken: names.name(d, taken)),
}
