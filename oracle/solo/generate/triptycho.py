"""Triptycho generators: a player character's role-card values, and foes for any scenario.

Our ruling (``docs/rulings.md``, Generated Triptycho entities): a character's base HP, EP and WP
are 10, 15 and 20 in a rolled order (strongest in one kind of scenario); Stat Tracks power,
skill and mind have bases -1, 0 and +1 in a rolled order; Initiative is one of 1d6, 1d8, 2d4.
A foe has a tier (1..3): base points 5 per tier plus a d6 for each of HP, EP and WP, an
Initiative of 1d(4 + 2 x tier), an attack (Hit and Damage entries, its damage type) and a
reaction (Miss and Defense entries), all on the dice ladder. ``join_event`` is the campaign's
``join`` event and ``attack_request`` an ``oracle resolve`` attack, both accepted by the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from oracle.dice import DiceSource
from oracle.solo.generate.common import Source, as_dice, rows
from oracle.solo.generate.trophy import name as trophy_name
from oracle.solo.tables import pick_distinct, pick_row
from oracle.triptycho.entries import LADDER

TRACKS = ("power", "skill", "mind")
TRACK_BASES = (-1, 0, 1)
PC_POINTS = (10, 15, 20)
PC_INITIATIVE = ("1d6", "1d8", "2d4")
TIER_POINTS = 5


def _order(dice: DiceSource, values: tuple[int, ...]) -> tuple[int, ...]:
    """``values`` in a rolled order."""
    keys = pick_distinct(dice, tuple(str(i) for i in range(len(values))), len(values))
    return tuple(values[int(k)] for k in keys)


@dataclass(frozen=True)
class Entity:
    """A generated Triptycho entity: its card values, tracks and (for foes) its entries."""

    name: str
    description: str
    player: bool
    hp: int
    ep: int
    wp: int
    initiative: str
    tracks: tuple[tuple[str, int], ...]
    hit: str | None = None
    damage: str | None = None
    damage_type: str | None = None
    miss: str | None = None
    defense: str | None = None

    def join_event(self) -> dict[str, Any]:
        """The Triptycho campaign's ``join`` event."""
        return {"type": "join", "name": self.name, "player": self.player,
                "hp": self.hp, "ep": self.ep, "wp": self.wp}

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "player": self.player,
                "hp": self.hp, "ep": self.ep, "wp": self.wp, "initiative": self.initiative,
                "tracks": dict(self.tracks), "hit": self.hit, "damage": self.damage,
                "damage_type": self.damage_type, "miss": self.miss, "defense": self.defense}

    def attack_request(self, target: Entity) -> dict[str, Any]:
        """``oracle resolve`` (Triptycho): this foe's attack against ``target``'s reaction."""
        request: dict[str, Any] = {"system": "triptycho", "roll": "attack",
                                   "scenario": "combat", "hit": self.hit, "damage": self.damage}
        if self.damage_type is not None:
            request["damage_type"] = self.damage_type
        if target.miss is not None:
            request["miss"] = target.miss
        if target.defense is not None:
            request["defense"] = target.defense
        return request


def character(source: Source = None) -> Entity:
    """A player character's role-card values."""
    dice = as_dice(source)
    hp, ep, wp = _order(dice, PC_POINTS)
    bases = _order(dice, TRACK_BASES)
    initiative = PC_INITIATIVE[dice.roll(len(PC_INITIATIVE)) - 1]
    return Entity(trophy_name(dice), "", True, hp, ep, wp, initiative,
                  tuple(zip(TRACKS, bases, strict=True)))


def _entry(dice: DiceSource, tier: int) -> str:
    """One dice entry for a tier: 1 or 2 dice, a level from d4 up by the tier."""
    number = 2 if tier == 3 and dice.roll(2) == 2 else 1
    level = min(len(LADDER) - 1, tier + dice.roll(2) - 1)  # d4.. for tier 1, up to d12
    return f"{number}d{LADDER[level]}"


def foe(source: Source = None) -> Entity:
    """A foe from our table, with a tier of 1..3 (a d3) setting its points and entries."""
    dice = as_dice(source)
    foe_name, description, kind = pick_row(dice, rows("tr_foes", 3))
    tier = dice.roll(3)
    points = [TIER_POINTS * tier + dice.roll(6) for _ in range(3)]
    bases = _order(dice, TRACK_BASES)
    return Entity(
        foe_name, description, False, points[0], points[1], points[2],
        f"1d{LADDER[1 + tier]}", tuple(zip(TRACKS, bases, strict=True)),
        hit=_entry(dice, tier), damage=_entry(dice, tier),
        damage_type=None if kind == "untyped" else kind,
        miss=_entry(dice, tier), defense=_entry(dice, max(1, tier - 1)),
    )
