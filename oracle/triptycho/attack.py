"""The ``damage`` and ``attack`` roll kinds: plan the dice after every modifier, then roll.

Order (Triptycho chapter 3, Damage Modifiers and Enhancement Dice): card level/number changes
act on the base entries only; the target's Resistance/Weakness then move each Damage part by its
own type (base and every enhancement); Piercing lowers the Defense enhancement dice first, in
order, and what is left the base Defense, past d2 into nothing. Enhancement dice with no base
entry do nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from oracle.dice import DiceSource
from oracle.errors import RuleError
from oracle.requests import whole
from oracle.triptycho.cards import with_cards
from oracle.triptycho.combat import (
    OPPOSED_NAMES,
    Affinities,
    ScenarioKind,
    Side,
    check_damage_type,
    dealt,
    min_or_max,
    opposed_winner,
    pierce_defense,
)
from oracle.triptycho.entries import (
    DiceEntry,
    check_dice_count,
    format_entry,
    shift_level,
)
from oracle.triptycho.odds import (
    Distribution,
    dealt_distribution,
    mixed,
    opposed_odds,
    sum_distributions,
)
from oracle.triptycho.reading import (
    Spec,
    optional_spec,
    read_affinities,
    read_declared,
    read_scenario,
    read_specs,
)
from oracle.triptycho.vitals import check_points, check_targetable


@dataclass(frozen=True)
class Part:
    """One entry to roll: the field as asked and the dice it rolls after modifiers."""

    spec: Spec
    entry: DiceEntry | None  # None: nothing to roll (pushed below d2, or bare faces)

    def faces(self, dice: DiceSource) -> tuple[int, ...]:
        if self.entry is None and self.spec.entry is not None:
            if self.spec.faces:
                raise RuleError(f"{self.spec.field}.faces: Piercing pushed these dice below "
                                f"d2, so nothing is rolled; give no faces.")
            return ()
        return self.spec.rolled(dice, self.entry)

    def distribution(self) -> Distribution:
        if self.entry is None and self.spec.entry is not None:
            return {0: Fraction(1)}
        return self.spec.distribution(self.entry)


@dataclass(frozen=True)
class DamagePlan:
    """The Damage and Defense dice of one hit, after every modifier."""

    damage: Part | None
    damage_type: str | None
    damage_enhancements: tuple[Part, ...]
    defense: Part | None
    defense_enhancements: tuple[Part, ...]
    piercing: int


def plan_damage(request: Mapping[str, Any]) -> DamagePlan:
    """Read ``damage``, ``defense``, their enhancements, Piercing, Resistance and Weakness."""
    declared = read_declared(request)
    target = read_affinities(request, declared)
    damage = optional_spec(request, "damage", typed=True, declared=declared)
    base_type = check_damage_type("damage_type", request.get("damage_type"), declared)
    if damage is not None and damage.damage_type is not None:
        if base_type is not None and base_type != damage.damage_type:
            raise RuleError("damage_type: it differs from damage.type; give the type once.")
        base_type = damage.damage_type
    piercing = whole("piercing", request.get("piercing", 0), lowest=0)
    enh = read_specs("damage_enhancements", request.get("damage_enhancements"), typed=True,
                     declared=declared)
    # "defense": [] is a Defense of no dice (as after Piercing took them all): it totals 0
    defense = optional_spec(request, "defense", empty=True)
    def_enh = read_specs("defense_enhancements", request.get("defense_enhancements"))
    _check_side("damage_enhancements", "Damage with its enhancement dice", damage, enh)
    _check_side("defense_enhancements", "Defense with its enhancement dice", defense, def_enh)

    damage_part = None if damage is None else _typed_part(damage, base_type, target)
    # Triptycho, Enhancement Dice: no base entry, no effect.
    damage_parts = () if damage is None else tuple(
        _typed_part(s, s.damage_type, target) for s in enh)
    defense_parts: tuple[Part, ...] = ()
    defense_part = None
    if defense is not None and piercing:
        named = [s.needs_dice("Piercing") for s in def_enh]
        pierced = pierce_defense(defense.entry, named, piercing)
        if defense.entry is None and defense.faces and pierced.leftover:
            defense.needs_dice("Piercing")
        defense_parts = tuple(Part(s, e) for s, e in zip(def_enh, pierced.enhancements))
        defense_part = Part(defense, pierced.base)
    elif defense is not None:
        defense_parts = tuple(Part(s, s.entry) for s in def_enh)
        defense_part = Part(defense, defense.entry)
    return DamagePlan(damage_part, base_type, damage_parts, defense_part, defense_parts, piercing)


def _check_side(field: str, what: str, base: Spec | None, extra: Sequence[Spec]) -> None:
    """One side of a hit rolls at most ``MOST_DICE`` dice, its enhancement dice included."""
    if base is not None and extra:
        check_dice_count(field, sum(s.count for s in (base, *extra)), what)


def _typed_part(spec: Spec, damage_type: str | None, target: Affinities) -> Part:
    change = target.level_change(damage_type)
    if change == 0:
        return Part(spec, spec.entry)
    entry = spec.needs_dice(f"{damage_type} Resistance or Weakness")
    return Part(spec, shift_level(entry, change))


def roll_damage(plan: DamagePlan, dice: DiceSource) -> dict[str, Any]:
    """Roll the plan; the result fields of the ``damage`` kind."""
    base_faces = plan.damage.faces(dice) if plan.damage else ()
    enh_faces = [p.faces(dice) for p in plan.damage_enhancements]
    def_faces = plan.defense.faces(dice) if plan.defense else ()
    def_enh_faces = [p.faces(dice) for p in plan.defense_enhancements]
    damage_total = sum(base_faces) + sum(sum(f) for f in enh_faces)
    defense_total = sum(def_faces) + sum(sum(f) for f in def_enh_faces)
    return {
        "dealt": dealt(damage_total, defense_total),
        "damage_total": damage_total if plan.damage else None,
        "defense_total": defense_total if plan.defense else None,
        "damage_dice": _dice(plan.damage),
        "damage_faces": list(base_faces) if plan.damage else None,
        "damage_type": plan.damage_type,
        "damage_result": min_or_max(plan.damage.entry if plan.damage else None, base_faces),
        "damage_enhancements": [
            {"dice": _dice(p), "type": p.spec.damage_type, "faces": list(f)}
            for p, f in zip(plan.damage_enhancements, enh_faces)
        ],
        "defense_dice": _dice(plan.defense),
        "defense_faces": list(def_faces) if plan.defense else None,
        "defense_enhancements": [
            {"dice": _dice(p), "faces": list(f)}
            for p, f in zip(plan.defense_enhancements, def_enh_faces)
        ],
        "piercing": plan.piercing,
    }


def no_damage(plan: DamagePlan) -> dict[str, Any]:
    """The ``damage`` fields of a miss: nothing rolled, nothing dealt."""
    return {"dealt": 0, "damage_total": None, "defense_total": None, "damage_dice": None,
            "damage_faces": None, "damage_type": plan.damage_type, "damage_result": None,
            "damage_enhancements": [], "defense_dice": None, "defense_faces": None,
            "defense_enhancements": [], "piercing": plan.piercing}


def _dice(part: Part | None) -> str | None:
    if part is None:
        return None
    if part.entry is None and part.spec.entry is None:
        return None
    return format_entry(part.entry)


def damage_odds(plan: DamagePlan) -> Distribution:
    """Exact distribution of the damage dealt by one hit."""
    if plan.damage is None:
        return {0: Fraction(1)}
    damage = sum_distributions(
        [plan.damage.distribution(), *(p.distribution() for p in plan.damage_enhancements)])
    defense = sum_distributions(
        ([plan.defense.distribution()] if plan.defense else [])
        + [p.distribution() for p in plan.defense_enhancements])
    return dealt_distribution(damage, defense)


@dataclass(frozen=True)
class OpposedPlan:
    """The Accuracy and Evasion entries of one Action vs Reaction (None: no such entry)."""

    scenario: ScenarioKind
    action: Spec | None
    reaction: Spec | None

    @property
    def rolled(self) -> bool:
        """An opposed roll happens only when both cards carry an entry."""
        # Triptycho, Opposed Rolls: if either lacks the entry, there is no opposed roll.
        return self.action is not None and self.reaction is not None


def plan_opposed(request: Mapping[str, Any], names: Sequence[str] | None = None) -> OpposedPlan:
    """Read the two opposed entries (``action``/``reaction`` or the scenario's own names)."""
    scenario = read_scenario(request)
    act_name, react_name = names if names else OPPOSED_NAMES[scenario]
    for other, (a, r) in OPPOSED_NAMES.items():
        if other is not scenario and (a in request or r in request):
            raise RuleError(
                f"{a if a in request else r}: that entry belongs to {other.value} scenarios; "
                f"a {scenario.value} scenario opposes {act_name} vs {react_name}."
            )
    return OpposedPlan(scenario, optional_spec(request, act_name),
                       optional_spec(request, react_name))


def roll_opposed(plan: OpposedPlan, dice: DiceSource) -> dict[str, Any]:
    """Roll both entries; the result fields of the ``opposed`` kind."""
    if plan.action is None or plan.reaction is None:
        return {"opposed_roll": False, "action_total": None, "reaction_total": None,
                "winner": None, "action_faces": None, "reaction_faces": None}
    a_faces = plan.action.rolled(dice)
    r_faces = plan.reaction.rolled(dice)
    a_total, r_total = sum(a_faces), sum(r_faces)
    return {"opposed_roll": True, "action_total": a_total, "reaction_total": r_total,
            "winner": opposed_winner(a_total, r_total).value,
            "action_faces": list(a_faces), "reaction_faces": list(r_faces)}


def hit_chance(plan: OpposedPlan) -> tuple[Fraction, Fraction, Fraction]:
    """(action wins, reaction wins, tie); no opposed roll: the action always applies."""
    if plan.action is None or plan.reaction is None:
        return Fraction(1), Fraction(0), Fraction(0)
    return opposed_odds(plan.action.distribution(), plan.reaction.distribution())


def attack_odds(opposed: OpposedPlan, damage: DamagePlan) -> Distribution:
    """Exact distribution of damage dealt by an attack (a miss deals 0)."""
    win, _, _ = hit_chance(opposed)
    return mixed(win, damage_odds(damage))


def hits(result: Mapping[str, Any]) -> bool:
    """The Action's Damage applies: it won the opposed roll or there was none."""
    return result["winner"] in (None, Side.ACTION.value)


def opposed_plan(request: Mapping[str, Any]) -> OpposedPlan:
    """The opposed entries of a request: ``action``/``reaction`` when either is given, else the
    scenario's own names."""
    generic = "action" in request or "reaction" in request
    return plan_opposed(request, ("action", "reaction") if generic else None)


def resolve_opposed(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    """An opposed roll: totals, ``winner`` and the scenario's names for the two sides."""
    scenario = read_scenario(request)
    act, react = OPPOSED_NAMES[scenario]
    return {**roll_opposed(opposed_plan(request), dice), "scenario": scenario.value,
            "action_name": act, "reaction_name": react}


def with_points(request: Mapping[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """The target's ``points`` (when given) after the damage dealt."""
    if request.get("points") is None:
        return {**result, "points_before": None, "points_after": None, "defeated": None}
    before = target_points(request)
    assert before is not None
    after = max(0, before - result["dealt"])
    return {**result, "points_before": before, "points_after": after, "defeated": after == 0}


def target_points(request: Mapping[str, Any]) -> int | None:
    """The target's ``points`` when given: never 0, since a defeated entity is no target."""
    if request.get("points") is None:
        return None
    points = check_points("points", request["points"])
    check_targetable("points", points)
    return points


def read_counter(request: Mapping[str, Any]) -> Spec | None:
    """A Reaction's own Damage entry (``counter``), its type checked."""
    check_damage_type("counter_type", request.get("counter_type"), read_declared(request))
    return optional_spec(request, "counter")


def resolve_attack(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    """An opposed roll then, on a hit, the Damage roll; a Reaction's counter dealt back."""
    request = with_cards(request, read_scenario(request))
    plan = plan_damage(request)  # read (and refuse) everything before any die is rolled
    target_points(request)
    counter = read_counter(request)
    opposed = resolve_opposed(request, dice)
    damage = roll_damage(plan, dice) if hits(opposed) else no_damage(plan)
    # Triptycho, Damage Rolls: a Reaction's Damage applies when it wins the opposed roll, or
    # when there is none (then at the same time as the Action's).
    counter_faces = None
    if counter is not None and opposed["winner"] in (None, "reaction"):
        counter_faces = list(counter.rolled(dice))
    return with_points(request, {
        **opposed, "hit": hits(opposed), **damage,
        "counter_faces": counter_faces,
        "counter_dealt": None if counter_faces is None else sum(counter_faces),
        "counter_type": check_damage_type("counter_type", request.get("counter_type"),
                                          read_declared(request)),
    })
