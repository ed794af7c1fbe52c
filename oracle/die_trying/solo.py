"""What the solo layer asks of Die Trying: its dread, and what it generates (imported only
when first asked)."""

from __future__ import annotations

from typing import Any

from oracle.die_trying import generate as made
from oracle.solo.answers import MIN_DREAD
from oracle.solo.dread import clamp, whole
from oracle.solo.generate import names
from oracle.systems.base import Generator


def die_trying_dread(hp_lost: int, hp_total: int, instability: int = 0, depth: int = 0) -> int:
    """Die Trying's dread: the share of the party's HP lost (0..6), plus 1 for every 2
    Instability Dice held, plus 1 for every level down into the dungeon; 1..9."""
    total = whole("hp_total", hp_total, 1)
    lost = whole("hp_lost", hp_lost)
    wounds = 6 * min(lost, total) // total
    held = whole("instability", instability) // 2
    return clamp(MIN_DREAD + wounds + held + whole("depth", depth))


def dread(state: Any) -> int | None:
    """The living party's HP lost of its total and the Instability Dice held; None (the
    default) with nobody alive."""
    alive = [c for c in getattr(state, "characters", ()) if not c.dead]
    total = sum(max(1, c.max_hp) for c in alive)
    if not total:
        return None
    lost = sum(max(0, c.max_hp - max(c.hp, 0)) for c in alive)
    return die_trying_dread(lost, total, sum(c.instability for c in alive))


def _character_event(dice: Any, taken: Any) -> dict[str, Any]:
    request = made.character(dice, taken).request()
    request.pop("system")
    request.pop("roll")
    return {"type": "create_character", **request}


GENERATORS = {
    "character": Generator(lambda d, taken: made.character(d, taken).to_dict(),
                           button="character", event=_character_event),
    "monster": Generator(lambda d, taken: made.creature(d, taken).to_dict()),
    "name": Generator(lambda d, taken: names.name(d, taken)),
}
