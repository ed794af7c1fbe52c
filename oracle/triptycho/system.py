"""Triptycho behind the common system interface: ``resolve``, ``odds`` and the scenario fold.

Roll kinds (``"roll"``), each echoed in the result:

- ``dice``: ``{"dice": "2d6", "level": -1, "number": 1}`` -> ``{"dice": "3d4", ...}``. Level
  moves along d2 d4 d6 d8 d10 d12, clamped at both ends; number never below 1; a level change on
  a d20 is refused. Optional ``"faces"`` (checked against the new entry) adds ``"total"``.
- ``opposed``: ``{"action": [3, 4], "reaction": [6]}`` (or the scenario's names: ``hit``/``miss``,
  ``inflict``/``endure``, ``argue``/``rebuttal`` with ``"scenario"``) -> totals and ``winner``
  (ties to the action; ``null`` when a side has no entry and so no opposed roll happens).
- ``damage``: ``{"damage": [5, 2], "defense": [3]}`` -> ``{"dealt": 4, ...}``; also
  ``damage_type``, ``damage_enhancements``, ``defense_enhancements``, ``piercing``,
  ``resistance``/``weakness`` (``{"fire": 2}`` or ``{"fire": [1, 2, "+1"]}``), ``damage_types``
  (types the table adds to the text's fire, ice, poison), ``points`` (the target's, to get
  ``points_after``).
- ``attack``: an opposed roll then, on a hit, the ``damage`` roll: every field of both.
  ``counter`` (a Reaction's own Damage entry) is dealt back to the attacker when the Reaction
  wins or there is no opposed roll (``counter_dealt``). The entries may come from typed-in
  cards, ``action_card`` and ``reaction_card`` (see ``oracle.triptycho.cards``).
- ``initiative``: ``{"combatants": [{"name": "Ash", "player": true, "initiative": "1d8",
  "lower_to": 3}]}`` -> ``order`` (highest first, players win ties).
- ``recover``: ``{"points": 3, "maximum": 20, "amount": "1d6"}`` -> ``points_after`` (capped).
- ``injury``: ``{"base": {"hp": 20, "ep": 15, "wp": 10}, "injuries": 0, "take": 1}`` or
  ``"heal": 1`` with ``"valuables"`` -> maxima after, ``dead``.
- ``stat_track``: ``{"base": 0, "current": 2, "moved": false}`` -> the Draw Phase step.
- ``draw`` / ``discard``: a hand as counts (``deck``, ``hand``, ``discard``, ``hand_limit``,
  ``round``) through the Draw Phase or the Discard Phase.

Entry fields take ``"XdY"`` (rolled with the dice source), a list of faces already rolled, or
``{"dice": "XdY", "faces": [...], "level": n, "number": n, "type": "fire"}`` (see
``oracle.triptycho.reading``). ``odds`` takes the same requests for ``dice``, ``opposed``,
``damage`` and ``attack`` and answers with exact fractions. The event vocabulary of
``apply`` is documented in ``oracle.triptycho.scenario``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from oracle.dice import DiceSource
from oracle.errors import RequestError, RuleError
from oracle.systems.base import Line, System, Unnamed
from oracle.triptycho.attack import (
    attack_odds,
    damage_odds,
    hit_chance,
    hits,
    no_damage,
    plan_damage,
    plan_opposed,
    roll_damage,
    roll_opposed,
)
from oracle.triptycho.cards import with_cards
from oracle.triptycho.combat import OPPOSED_NAMES, check_damage_type
from oracle.triptycho.entries import change_level, change_number, check_faces, parse_entry
from oracle.triptycho.odds import (
    as_json,
    distribution_json,
    expected,
)
from oracle.triptycho.reading import (
    Spec,
    optional_spec,
    read_declared,
    read_scenario,
    read_spec,
    whole,
)
from oracle.triptycho.rounds import Hand, Initiative, check_hand, turn_order
from oracle.triptycho.scenario import ScenarioState, apply_event, describe_event, new_state
from oracle.triptycho.tracks import StatTrack, check_base
from oracle.triptycho.vitals import PointKind, Vitals, check_points, make_vitals, recover

Request = Mapping[str, Any]


def _dice(request: Request, dice: DiceSource) -> dict[str, Any]:
    entry = parse_entry("dice", request.get("dice"))
    level = whole("level", request.get("level", 0))
    number = whole("number", request.get("number", 0))
    after = change_number(change_level("level", entry, level), number)
    wanted_sides = None if entry.fixed else entry.level
    clamped = (wanted_sides is not None and after.level != wanted_sides + level) or (
        after.number != entry.number + number)
    faces = request.get("faces")
    checked = None if faces is None else check_faces("faces", after, faces)
    return {"dice": str(after), "number": after.number, "sides": after.sides,
            "clamped": clamped, "faces": None if checked is None else list(checked),
            "total": None if checked is None else sum(checked)}


def _opposed(request: Request, dice: DiceSource) -> dict[str, Any]:
    scenario = read_scenario(request)
    generic = "action" in request or "reaction" in request
    plan = plan_opposed(request, ("action", "reaction") if generic else None)
    act, react = OPPOSED_NAMES[scenario]
    return {**roll_opposed(plan, dice), "scenario": scenario.value,
            "action_name": act, "reaction_name": react}


def _with_points(request: Request, result: dict[str, Any]) -> dict[str, Any]:
    if request.get("points") is None:
        return {**result, "points_before": None, "points_after": None, "defeated": None}
    before = check_points("points", request["points"])
    after = max(0, before - result["dealt"])
    return {**result, "points_before": before, "points_after": after, "defeated": after == 0}


def _damage(request: Request, dice: DiceSource) -> dict[str, Any]:
    return _with_points(request, roll_damage(plan_damage(request), dice))


def _counter(request: Request) -> Spec | None:
    check_damage_type("counter_type", request.get("counter_type"), read_declared(request))
    return optional_spec(request, "counter")


def _attack(request: Request, dice: DiceSource) -> dict[str, Any]:
    request = with_cards(request, read_scenario(request))
    plan = plan_damage(request)  # read (and refuse) everything before any die is rolled
    counter = _counter(request)
    opposed = _opposed(request, dice)
    damage = roll_damage(plan, dice) if hits(opposed) else no_damage(plan)
    # Triptycho, Damage Rolls: a Reaction's Damage applies when it wins the opposed roll, or
    # when there is none (then at the same time as the Action's).
    counter_faces = None
    if counter is not None and opposed["winner"] in (None, "reaction"):
        counter_faces = list(counter.rolled(dice))
    return _with_points(request, {
        **opposed, "hit": hits(opposed), **damage,
        "counter_faces": counter_faces,
        "counter_dealt": None if counter_faces is None else sum(counter_faces),
        "counter_type": check_damage_type("counter_type", request.get("counter_type"),
                                          read_declared(request)),
    })


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
            raise RuleError(f"{field}.name: {name!r} appears twice; names must be distinct.")
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
    for _ in range(heal):
        after, valuables = after.healed(valuables)
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


_RESOLVERS: dict[str, Callable[[Request, DiceSource], dict[str, Any]]] = {
    "dice": _dice, "opposed": _opposed, "damage": _damage, "attack": _attack,
    "initiative": _initiative, "recover": _recover, "injury": _injury,
    "stat_track": _stat_track, "draw": _draw, "discard": _discard,
}


def _odds_dice(request: Request) -> dict[str, Any]:
    from oracle.triptycho.odds import entry_distribution

    entry = parse_entry("dice", request.get("dice"))
    after = change_number(change_level("level", entry, whole("level", request.get("level", 0))),
                          whole("number", request.get("number", 0)))
    dist = entry_distribution(after)
    return {"dice": str(after), "distribution": distribution_json(dist),
            "expected": as_json(expected(dist))}


def _odds_opposed(request: Request) -> dict[str, Any]:
    generic = "action" in request or "reaction" in request
    plan = plan_opposed(request, ("action", "reaction") if generic else None)
    win, lose, tie = hit_chance(plan)
    return {"opposed_roll": plan.rolled, "action_wins": as_json(win),
            "reaction_wins": as_json(lose), "tie": as_json(tie)}


def _odds_damage(request: Request) -> dict[str, Any]:
    dist = damage_odds(plan_damage(request))
    return {"distribution": distribution_json(dist), "expected": as_json(expected(dist))}


def _odds_attack(request: Request) -> dict[str, Any]:
    request = with_cards(request, read_scenario(request))
    generic = "action" in request or "reaction" in request
    opposed = plan_opposed(request, ("action", "reaction") if generic else None)
    dist = attack_odds(opposed, plan_damage(request))
    win, lose, tie = hit_chance(opposed)
    counter = _counter(request)
    applies = lose if opposed.rolled else Fraction(1)
    counter_mean = None if counter is None else applies * expected(counter.distribution())
    return {"opposed_roll": opposed.rolled, "action_wins": as_json(win),
            "reaction_wins": as_json(lose), "tie": as_json(tie),
            "distribution": distribution_json(dist), "expected": as_json(expected(dist)),
            "counter_expected": None if counter_mean is None else as_json(counter_mean)}


_ODDS: dict[str, Callable[[Request], dict[str, Any]]] = {
    "dice": _odds_dice, "opposed": _odds_opposed, "damage": _odds_damage,
    "attack": _odds_attack,
}


def _kind(request: Request, table: Mapping[str, object]) -> str:
    kind = request.get("roll")
    if not isinstance(kind, str) or kind not in table:
        raise RequestError(f"roll: {kind!r} is not a Triptycho roll here; use one of "
                           f"{', '.join(table)}.")
    return kind


class TriptychoSystem(System):
    """Triptycho's rules behind the interface of ``oracle.systems``."""

    name = "triptycho"
    title = "Triptycho"
    tagline = "Triptycho · Scenarios"
    unnamed = Unnamed("the adventurer", "adventurer", "the scene")
    roll_kinds = tuple(_RESOLVERS)
    odds_kinds = tuple(_ODDS)
    fields = MappingProxyType({})  # filled by the requests move (issue 8)
    offline_tables = ("injuries", "injury_death", "defeats", "telling_blows",
                                       "omens")

    def resolve(self, request: Request, dice: DiceSource) -> dict[str, Any]:
        """Resolve one request of ``shared/contract/resolve.md`` (and the kinds above)."""
        kind = _kind(request, _RESOLVERS)
        return {"roll": kind, **_RESOLVERS[kind](request, dice)}

    def odds(self, request: Request) -> dict[str, Any]:
        """Exact odds for a ``dice``, ``opposed``, ``damage`` or ``attack`` request."""
        kind = _kind(request, _ODDS)
        return {"roll": kind, **_ODDS[kind](request)}

    def new_state(self) -> ScenarioState:
        """An empty campaign: no roster, no scenario running."""
        return new_state()

    def apply(self, state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
        """Fold one journal event; an invalid event raises RuleError and changes nothing."""
        return apply_event(state, event)

    def journal_line(self, event: Mapping[str, Any],
                     outcome: Mapping[str, Any] | None = None) -> Line:
        """One journal line for a Triptycho event."""
        return Line.of("roll", describe_event(event))

    def beat(self, outcome: Mapping[str, Any]) -> str:
        """An Injury, a defeat at 0 points, a maximum Damage roll; otherwise the generic beat."""
        if outcome.get("lost") is True:
            return "lost"
        if outcome.get("roll") == "injury" and outcome.get("injuries_after", 0) > outcome.get(
                "injuries_before", 0):
            return "injury"
        if outcome.get("defeated") is True:
            return "defeat"
        if outcome.get("damage_result") == "maximum" and outcome.get("dealt"):
            return "telling_blow"
        return "roll"


SYSTEM = TriptychoSystem()

__all__ = ["SYSTEM", "RuleError", "TriptychoSystem"]
