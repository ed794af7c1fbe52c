"""A fight's monster from Trophy's bestiary: as the player named it, or drawn among those the
campaign's lines and veils allow."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.dice import DiceSource
from oracle.wording import the_foe


def monster_fields(named: str, dice: DiceSource, safety: Mapping[str, Any]) -> dict[str, Any]:
    """A fight's monster fields for its ``combat_started`` event: as the player named it
    (described when our bestiary knows it), or drawn once from the bestiary with ``dice``,
    among the monsters the campaign's lines and veils allow."""
    from oracle.narrator import Safety
    from oracle.narrator.safety import screen
    from oracle.trophy.bestiary import bestiary

    known = {m.name.lower(): m for m in bestiary()}
    name = " ".join(named.split())
    if name:
        found = known.get(name.lower()) or known.get(name.lower().removeprefix("the "))
        # a bestiary name, in the bestiary's spelling, is told as the narrator tells a drawn
        # one: "the Choir of Mouths"
        return {"monster": the_foe(found.name, True) if found is not None else name,
                **({"monster_description": found.description} if found is not None else {})}
    rules = Safety.of(safety)
    every = sorted(known.values(), key=lambda m: m.name)
    allowed = [m for m in every if screen(f"{m.name}. {m.description}", rules).ok] or every
    drawn = allowed[dice.roll(len(allowed)) - 1]
    return {"monster": drawn.name, "monster_description": drawn.description,
            "monster_drawn": True}
