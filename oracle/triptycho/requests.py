"""Triptycho's requests: the fields each roll reads and the dispatch of ``resolve``.

The roll kinds and their fields are described in :mod:`oracle.triptycho.system`; the rules
they call live in the rule modules (``attack``, ``entries``, ``rounds``, ``tracks``, ``vitals``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from oracle.dice import DiceSource
from oracle.errors import RequestError, RuleError, shown
from oracle.requests import roll_kind, whole
from oracle.triptycho.attack import (
    plan_damage,
    resolve_attack,
    resolve_opposed,
    roll_damage,
    target_points,
    with_points,
)
from oracle.triptycho.entries import change_level, change_number, check_faces, parse_entry
from oracle.triptycho.reading import read_spec
from oracle.triptycho.rounds import Hand, Initiative, check_hand, turn_order
from oracle.triptycho.tracks import StatTrack, check_base
from oracle.triptycho.vitals import PointKind, Vitals, check_points, make_vitals, recover

Request = Mapping[str, Any]


def _dice(request: Request, dice: DiceSource) -> dict[str, Any]:
    entry = parse_entry("dice", request.get("dice"))
    level = whole("level", request.get("level", 0))
    number = whole("number", request.get("number", 0))
    after = change_number(change_level("level", entry, level), number)
    wanted_sides = None if entry.fixed else entry.level
    # a d20 asked to change level stays a d20, as a clamp does (docs/contract.md)
    clamped = (after.level != wanted_sides + level if wanted_sides is not None
               else level != 0) or after.number != entry.number + number
    faces = request.get("faces")
    checked = None if faces is None else check_faces("faces", after, faces)
    return {"dice": str(after), "number": after.number, "sides": after.sides,
            "clamped": clamped, "faces": None if checked is None else list(checked),
            "total": None if checked is None else sum(checked)}


def _damage(request: Request, dice: DiceSource) -> dict[str, Any]:
    plan = plan_damage(request)
    target_points(request)  # refused before any die is rolled
    return with_points(request, roll_damage(plan, dice))


def _initiative(request: Request, dice: DiceSource) -> dict[str, Any]:
    combatants = request.get("combatants")
    if not isinstance(combatants, list) or not combatants:
        raise RequestError("combatants: a list of {\"name\", \"player\", \"initiative\"} objects.")
    rolled: list[Initiative] = []
    seen: set[str] = set()
    for i, item in enumerate(combatants):
        field = f"combatants[{i}]"
        if not isinstance(item, Mapping) or not isinstance(item.get("name"), str):
            raise RequestError(f"{field}: needs a \"name\" and an \"initiative\" entry.")
        name = item["name"]
        if name in seen:
            raise RuleError(f"{field}.name: {shown(name)} appears twice; names must be distinct.")
        seen.add(name)
        spec = read_spec(f"{field}.initiative", item.get("initiative"))
        total = sum(spec.rolled(dice))
        entry = Initiative(name, bool(item.get("player", False)), total, total)
        if item.get("lower_to") is not None:
            entry = entry.lowered(whole(f"{field}.lower_to", item["lower_to"]))
        rolled.append(entry)
    order = turn_order(rolled)
    return {"order": [{"name": e.name, "player": e.player, "rolled": e.rolled,
                       "initiative": e.value} for e in order]}


def _recover(request: Request, dice: DiceSource) -> dict[str, Any]:
    points = check_points("points", request.get("points"))
    maximum = check_points("maximum", request.get("maximum"))
    if points > maximum:
        raise RuleError(f"points: {points} is above the maximum {maximum}.")
    amount = request.get("amount")
    if isinstance(amount, int) and not isinstance(amount, bool):
        gained = check_points("amount", amount)
    else:
        # Triptycho, recovery: the entity recovering rolls the dice.
        gained = sum(read_spec("amount", amount).rolled(dice))
    after = recover(points, maximum, gained)
    return {"points_before": points, "points_after": after, "rolled": gained,
            "recovered": after - points, "maximum": maximum}


def _injury(request: Request, dice: DiceSource) -> dict[str, Any]:
    base = request.get("base")
    if not isinstance(base, Mapping):
        raise RequestError("base: the card's base values, such as {\"hp\": 20, \"ep\": 15, "
                           "\"wp\": 10}.")
    vitals = make_vitals(base.get("hp"), base.get("ep"), base.get("wp"),
                         request.get("injuries", 0))
    take = whole("take", request.get("take", 0), lowest=0)
    heal = whole("heal", request.get("heal", 0), lowest=0)
    if take and heal:
        raise RuleError("take: take and heal Injuries in separate requests.")
    valuables = whole("valuables", request.get("valuables", 0), lowest=0)
    after: Vitals = vitals
    if take:
        after = vitals.injured(take)
    if heal:
        after, valuables = after.healed(valuables, heal)
    return {"injuries_before": vitals.injuries, "injuries_after": after.injuries,
            "maximum": {k.value: after.maximum(k) for k in PointKind},
            "dead": after.dead, "valuables_after": valuables}


def _stat_track(request: Request, dice: DiceSource) -> dict[str, Any]:
    base = check_base("base", request.get("base"))
    current = whole("current", request.get("current", base))
    moved = request.get("moved", False)
    if not isinstance(moved, bool):
        raise RequestError("moved: true or false (did the Track move during the last round).")
    after = StatTrack(base, current, moved).settled()
    return {"base": base, "current_before": current, "current_after": after.current}


def _hand(request: Request) -> Hand:
    hand = check_hand(request.get("deck", 0), request.get("hand_limit", 5))
    for field in ("hand", "discard"):
        whole(field, request.get(field, 0), lowest=0)
    return Hand(hand.deck, request.get("hand", 0), request.get("discard", 0), hand.limit)


def _hand_json(before: Hand, after: Hand) -> dict[str, Any]:
    return {"deck": after.deck, "hand": after.hand, "discard": after.discard,
            "hand_limit": after.limit, "reshuffled": after.deck > before.deck}


def _draw(request: Request, dice: DiceSource) -> dict[str, Any]:
    hand = _hand(request)
    round_number = whole("round", request.get("round", 1), lowest=1)
    extra = whole("extra", request.get("extra", 0))
    # Triptycho, Draw Phase: first round to the Hand Limit, then 1 (Mind and effects adjust).
    after = hand.first_draw() if round_number == 1 else hand.drawn(1 + extra)
    return _hand_json(hand, after)


def _discard(request: Request, dice: DiceSource) -> dict[str, Any]:
    hand = _hand(request)
    return _hand_json(hand, hand.discarded_to_limit())


RESOLVERS: dict[str, Callable[[Request, DiceSource], dict[str, Any]]] = {
    "dice": _dice, "opposed": resolve_opposed, "damage": _damage, "attack": resolve_attack,
    "initiative": _initiative, "recover": _recover, "injury": _injury,
    "stat_track": _stat_track, "draw": _draw, "discard": _discard,
}

_ENTRIES = frozenset({"action", "reaction", "hit", "miss", "inflict", "endure", "argue",
                      "rebuttal", "scenario"})
_DAMAGE = frozenset({"damage", "defense", "damage_type", "damage_enhancements",
                     "defense_enhancements", "piercing", "resistance", "weakness",
                     "damage_types", "points"})

FIELDS: Mapping[str, frozenset[str]] = {
    "dice": frozenset({"dice", "level", "number", "faces"}),
    "opposed": _ENTRIES,
    "damage": _DAMAGE,
    "attack": _ENTRIES | _DAMAGE | frozenset({"counter", "counter_type", "action_card",
                                              "reaction_card"}),
    "initiative": frozenset({"combatants"}),
    "recover": frozenset({"points", "maximum", "amount"}),
    "injury": frozenset({"base", "injuries", "take", "heal", "valuables"}),
    "stat_track": frozenset({"base", "current", "moved"}),
    "draw": frozenset({"deck", "hand", "discard", "hand_limit", "round", "extra"}),
    "discard": frozenset({"deck", "hand", "discard", "hand_limit"}),
}


def resolve(request: Request, dice: DiceSource) -> dict[str, Any]:
    """Resolve one Triptycho request; the result echoes ``roll``."""
    kind = roll_kind(request, RESOLVERS, "Triptycho")
    return {"roll": kind, **RESOLVERS[kind](request, dice)}
