"""A campaign's dread, read from its folded state by its system (the player may set it instead).

- Trophy: the Ruin of the treasure-hunters in play (not NPCs), the sets of the incursion under
  way whose goal is reached, and its days in the forest (:func:`oracle.solo.dread.party_dread`);
- Die Trying: the party's HP lost of its total and the Instability Dice held;
- Triptycho: Injuries per player character and the rounds of the scenario under way.

A campaign with nobody to read (no character yet) has the default dread. The state is read by
its fields only, so this module imports no system.
"""

from __future__ import annotations

from typing import Any

from oracle.solo.answers import DEFAULT_DREAD
from oracle.solo.dread import die_trying_dread, party_dread, triptycho_dread


def trophy_numbers(state: Any) -> tuple[list[int], int, int]:
    """(Ruin of each hunter in play, sets cleared, days) of a Trophy state."""
    ruins = [c.ruin for c in getattr(state, "characters", ())
             if not c.npc and not c.out_of_play]
    expedition = getattr(state, "expedition", None)
    incursion = getattr(expedition, "incursion", None)
    cleared = incursion.cleared if incursion is not None else 0
    days = incursion.days if incursion is not None else 0
    return ruins, cleared, days


def campaign_dread(system: str, state: Any) -> int:
    """The dread (1..9) the campaign's own numbers give."""
    if system == "trophy":
        ruins, cleared, days = trophy_numbers(state)
        return party_dread(ruins, cleared, days) if ruins else DEFAULT_DREAD
    if system == "die_trying":
        alive = [c for c in getattr(state, "characters", ()) if not c.dead]
        total = sum(max(1, c.max_hp) for c in alive)
        if not total:
            return DEFAULT_DREAD
        lost = sum(max(0, c.max_hp - max(c.hp, 0)) for c in alive)
        return die_trying_dread(lost, total, sum(c.instability for c in alive))
    if system == "triptycho":
        players = [c for c in getattr(state, "roster", ()) if c.player]
        if not players:
            return DEFAULT_DREAD
        injuries = sum(c.vitals.injuries for c in players)
        return triptycho_dread(injuries, len(players), rounds=int(getattr(state, "round", 0)))
    return DEFAULT_DREAD
