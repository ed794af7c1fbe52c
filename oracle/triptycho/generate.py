"""Triptycho generators: a player character's role-card values, and foes for any scenario.

Our ruling (``docs/rulings.md``, Generated Triptycho entities): a character is built as the
text builds one, from our own cards: a Role for each scenario type (its base HP, EP or WP, its
Initiative entry, its Stat Track moves), a Background and Gear; each scenario's Stat Tracks
start at 0 moved by Role, Background and Gear, within -2..+2 (Chapter 3, Starting a Scenario).
A foe has a tier (1..3): base points 5 per tier plus a d6 for each of HP, EP and WP, an
Initiative of 1d(4 + 2 x tier), an attack (Hit and Damage entries, its damage type) and a
reaction (Miss and Defense entries), all on the dice ladder. ``join_event`` is the campaign's
``join`` event and ``attack_request`` an ``oracle resolve`` attack, both accepted by the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from oracle.dice import DiceSource
from oracle.solo.generate import common
from oracle.solo.generate.common import Source, as_dice, unique
from oracle.solo.generate.names import name as full_name_of
from oracle.solo.tables import pick_distinct, pick_row
from oracle.triptycho.entries import LADDER

PACKAGE = "oracle.triptycho"


def rows(name: str, width: int) -> tuple[tuple[str, ...], ...]:
    """One of Triptycho's generator tables (``tables/<name>.txt``) of ``width`` fields a row."""
    return common.rows(name, width, PACKAGE)


TRACKS = ("power", "skill", "mind")
SCENARIOS = ("combat", "exploration", "interaction")
MIN_TRACK, MAX_TRACK = -2, 2  # a Stat Track's base value stays within -2..+2
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


@dataclass(frozen=True)
class Role:
    """A Role card: its scenario, base points there, Initiative entry and Stat Track moves."""

    scenario: str
    name: str
    points: int
    initiative: str | None  # exploration rolls no Initiative
    moves: tuple[int, int, int]  # power, skill, mind
    text: str

    def to_dict(self, tracks: Mapping[str, int]) -> dict[str, Any]:
        return {"role": self.name, "points": self.points, "initiative": self.initiative,
                "tracks": dict(tracks), "about": self.text}


@dataclass(frozen=True)
class Gear:
    """A Gear card: its slot, name, the Stat Track it moves and by how much."""

    slot: str
    name: str
    track: str | None
    move: int
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"slot": self.slot, "gear": self.name, "track": self.track, "move": self.move,
                "about": self.text}


def roles(scenario: str) -> tuple[Role, ...]:
    """Our Role cards for one scenario type (``tables/tr_roles.txt``)."""
    return tuple(Role(sc, name, int(points), None if ini == "-" else ini,
                      (int(p), int(k), int(m)), text)
                 for sc, name, points, ini, p, k, m, text in rows("tr_roles", 8)
                 if sc == scenario)


def gear(slot: str) -> tuple[Gear, ...]:
    """Our Gear cards for one slot (``tables/tr_gear.txt``)."""
    return tuple(Gear(sl, name, None if track == "-" else track, int(move), text)
                 for sl, name, track, move, text in rows("tr_gear", 5) if sl == slot)


def _kit(dice: DiceSource) -> tuple[Gear, ...]:
    """Hands (a two-handed piece, or one or two one-handed), clothing, armor on a d2, and one
    accessory."""
    def one(slot: str) -> Gear:
        cards = gear(slot)
        return cards[dice.roll(len(cards)) - 1]

    if dice.roll(2) == 1:
        hands: tuple[Gear, ...] = (one("two-hands"),)
    else:
        singles = gear("one-hand")
        names = pick_distinct(dice, tuple(g.name for g in singles), dice.roll(2))
        hands = tuple(g for g in singles if g.name in names)
    armor = (one("armor"),) if dice.roll(2) == 2 else ()
    return (*hands, *armor, one("clothing"), one("accessory"))


def _one(dice: DiceSource, cards: tuple[Role, ...]) -> Role:
    return cards[dice.roll(len(cards)) - 1]


def _clamp(value: int) -> int:
    return max(MIN_TRACK, min(MAX_TRACK, value))


@dataclass(frozen=True)
class Hero:
    """A generated Triptycho player character: a Role for each scenario type, a Background and
    Gear; each scenario's Stat Tracks start from 0 moved by all three (within -2..+2)."""

    name: str
    roles: tuple[Role, ...]  # combat, exploration, interaction
    background: tuple[str, tuple[int, int, int], str]
    kit: tuple[Gear, ...]

    def role(self, scenario: str) -> Role:
        return next(r for r in self.roles if r.scenario == scenario)

    @property
    def hp(self) -> int:
        return self.role("combat").points

    @property
    def ep(self) -> int:
        return self.role("exploration").points

    @property
    def wp(self) -> int:
        return self.role("interaction").points

    def _moved(self) -> dict[str, int]:
        moved = dict(zip(TRACKS, self.background[1], strict=True))
        for card in self.kit:
            if card.track is not None:
                moved[card.track] += card.move
        return moved

    def base_tracks(self) -> dict[str, int]:
        """Background and Gear, before a Role: each track from 0."""
        return {t: _clamp(v) for t, v in self._moved().items()}

    def tracks(self, scenario: str) -> dict[str, int]:
        """The Stat Tracks' base values in one scenario: Role, Background and Gear."""
        moved = self._moved()
        role = self.role(scenario)
        return {t: _clamp(moved[t] + m) for t, m in zip(TRACKS, role.moves, strict=True)}

    def join_event(self) -> dict[str, Any]:
        """The Triptycho campaign's ``join`` event."""
        return {"type": "join", "name": self.name, "player": True,
                "hp": self.hp, "ep": self.ep, "wp": self.wp}

    def to_dict(self) -> dict[str, Any]:
        described = ", ".join(f"{r.name} in {r.scenario}" for r in self.roles)
        return {"name": self.name, "description": f"{described}; {self.background[0]}.",
                "player": True, "hp": self.hp, "ep": self.ep, "wp": self.wp,
                "initiative": self.role("combat").initiative, "tracks": self.base_tracks(),
                "roles": {r.scenario: r.to_dict(self.tracks(r.scenario)) for r in self.roles},
                "background": {"background": self.background[0], "about": self.background[2]},
                "gear": [g.to_dict() for g in self.kit],
                "hit": None, "damage": None, "damage_type": None, "miss": None,
                "defense": None}


def character(source: Source = None, taken: Sequence[str] = ()) -> Hero:
    """A player character as Triptycho builds one (our cards): a Role for each scenario type,
    a Background and Gear, named apart from ``taken``."""
    dice = as_dice(source)
    name = full_name_of(dice, taken)
    chosen = tuple(_one(dice, roles(sc)) for sc in SCENARIOS)
    back, p, k, m, about = pick_row(dice, rows("tr_backgrounds", 5))
    return Hero(name, chosen, (back, (int(p), int(k), int(m)), about), _kit(dice))


def _entry(dice: DiceSource, tier: int) -> str:
    """One dice entry for a tier: 1 or 2 dice, a level from d4 up by the tier."""
    number = 2 if tier == 3 and dice.roll(2) == 2 else 1
    level = min(len(LADDER) - 1, tier + dice.roll(2) - 1)  # d4.. for tier 1, up to d12
    return f"{number}d{LADDER[level]}"


def foe(source: Source = None, taken: Sequence[str] = ()) -> Entity:
    """A foe from our table, with a tier of 1..3 (a d3) setting its points and entries; named
    apart from ``taken``."""
    dice = as_dice(source)
    foe_name, description, kind = pick_row(dice, rows("tr_foes", 3))
    foe_name = unique(foe_name, taken)
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
