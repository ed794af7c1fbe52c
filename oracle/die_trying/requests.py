"""Die Trying's requests: the fields each roll reads (``FIELDS``) and ``resolve``'s dispatch.

Roll kinds (all take ``"system": "die_trying"``; see ``system.py`` for the face conventions):

- ``check``: ``d10``, ``dc``, ``modifier`` (or ``ability`` + ``proficiency``; ``bonus`` adds),
  optional ``kind`` (``skill``, ``attack``, ``save``) and ``skill`` (a skill or ability the check
  is made with: ``athletics``, ``dexterity``...) echoed -> ``total``, ``degree``...
- ``attack``: a Strike: the check against ``ac`` (``dodging`` adds 1), ``damage_d6``,
  ``damage_bonus``, ``trait``, ``strength``, ``twin_both``, ``target_prone``, ``target_object``,
  ``sweep_half``, ``concealed``/``hidden`` with ``concealment_d10``, ``reach`` (names in reach for a
  critical miss) with ``reach_die``, the target's ``immune``/``resistance``/``weakness`` ->
  ``degree``, ``hit``, ``damage``, ``mishap_damage``...
- ``initiative``: ``combatants`` [{name, d10, modifier | ability + proficiency, skill}] -> ``order``
- ``concealment``: ``d10``, ``hidden`` -> ``missed``
- ``hide`` / ``sneak``: ``d10``, modifier, ``watchers`` [{name, perception, hidden}], ``concealed``
- ``dash`` (``speed``), ``dodge`` (``ac``)
- ``spell`` / ``improvised_spell``: ``magic``, ``instability``, ``miscast_d10``, ``spell_level``,
  ``magic_dice_available``; improvised also ``d10`` and modifier for the casting check
- ``death_save`` / ``stabilize``: ``hp``, ``d10`` (stabilize: the healer's modifier),
  ``unconscious_d6`` (two d6 read as d3 for the hours)
- ``ability_scores``: ``d6`` (six faces read as d3), ``d2`` (die faces read by parity), ``assign``
- ``character``: a new character checked against the creation rules -> the sheet
- ``equipment``: ``purchases`` checked against the 45 SP budget -> cost, SP left, Bulk
- ``price_list``: every item with price and Bulk, and the weapon traits
- ``mark``: ``target``, ``marks`` (already on it), ``level`` -> the raise, if any
- ``d2`` (``face`` of a d``sides``), ``d3`` (``d6``), ``d100`` (``tens``, ``ones``)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from oracle.dice import DiceSource
from oracle.die_trying import combat, fields
from oracle.die_trying.character import MARKS_TO_RAISE, parse_mark_target
from oracle.die_trying.checks import (
    CHECK_DIE,
    CheckResult,
    Degree,
    Proficiency,
    check,
    concealment,
    parse_proficiency,
)
from oracle.die_trying.creation import (
    ABILITY_ROLLS,
    Ability,
    Skill,
    ability_rolls,
    assign_scores,
)
from oracle.die_trying.death import death_save
from oracle.die_trying.dice import d2_from_face, d3_from_d6, d100_from_digits, digit
from oracle.die_trying.equipment import (
    PRICE_LIST,
    STARTING_SP,
    WeaponTrait,
    check_budget,
    parse_enum,
    total_bulk,
    total_cost,
)
from oracle.die_trying.magic import Casting, cast
from oracle.errors import RequestError, RuleError, shown
from oracle.requests import roll_kind, whole

# Our limit, far beyond a fight at the table: the creatures a critical miss may strike.
MOST_IN_REACH = 30

Handler = Callable[[Mapping[str, Any], DiceSource], dict[str, Any]]


def _check(request: Mapping[str, Any], dice: DiceSource) -> CheckResult:
    dc = fields.number(request, "dc")
    modifier = fields.modifier(request)
    return check(fields.single_die(request, "d10", CHECK_DIE, dice), modifier, dc)


# every skill the sheet knows (an attack is made with Weapons), and every ability
_NAMED = tuple(s.value for s in Skill) + tuple(a.value for a in Ability)


def resolve_check(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    kind = fields.text(request, "kind", "skill")
    if kind not in ("skill", "attack", "save"):
        raise RuleError(f"kind: a check is a skill check, an attack roll or a save; got {shown(kind)}.")
    named: dict[str, str] = {}
    if "skill" in request:  # the skill or ability the check is made with, echoed for the story
        skill = fields.text(request, "skill", "").strip().lower()
        if skill not in _NAMED:
            raise RequestError(f"skill: one of the skills or abilities ({', '.join(_NAMED)}); "
                               f"got {shown(request['skill'])}.")
        named = {"skill": skill}
    return {"kind": kind, **named, **_check(request, dice).as_dict()}


def _at_least_zero(request: Mapping[str, Any], field: str) -> int:
    value = fields.number(request, field, 0)
    if value < 0:
        raise RuleError(f"{field}: an amount of 0 or more; got {value}.")
    return value


def resolve_attack(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    trait = None
    if request.get("trait") is not None:
        trait = parse_enum("trait", request["trait"], WeaponTrait)
    twin_both = fields.flag(request, "twin_both", False)
    ac = fields.number(request, "ac")
    dc = combat.dodge(ac) if fields.flag(request, "dodging") else ac
    hidden = fields.flag(request, "hidden")
    concealed = fields.flag(request, "concealed") or hidden
    cover = None
    if concealed:
        cover = concealment(fields.single_die(request, "concealment_d10", CHECK_DIE, dice), hidden)
    d10 = fields.single_die(request, "d10", CHECK_DIE, dice)
    attack = check(d10, combat.weapon_attack_modifier(fields.modifier(request), trait, twin_both), dc)
    damage_d6 = fields.single_die(request, "damage_d6", 6, dice)
    reach = request.get("reach", [])
    if not isinstance(reach, list) or not all(isinstance(n, str) for n in reach):
        raise RequestError("reach: a list of the names of creatures in reach (the attacker too).")
    if len(reach) > MOST_IN_REACH:
        raise RuleError(f"reach: at most {MOST_IN_REACH} creatures in reach (our limit, far beyond "
                        f"a fight at the table); got {len(reach)}.")
    strike = combat.Strike(
        attack=attack,
        damage_d6=damage_d6,
        damage_bonus=fields.number(request, "damage_bonus", 0),
        trait=trait,
        strength=fields.number(request, "strength", 0),
        twin_both=twin_both,
        target_prone=fields.flag(request, "target_prone"),
        target_object=fields.flag(request, "target_object"),
        sweep_half=fields.flag(request, "sweep_half"),
        concealment=cover,
        reach=tuple(reach),
        immune=fields.flag(request, "immune"),
        resistance=_at_least_zero(request, "resistance"),
        weakness=_at_least_zero(request, "weakness"),
    )
    if strike.degree is Degree.CRITICAL_FAILURE and reach:
        index = fields.single_die(request, "reach_die", len(reach), dice) - 1
        strike = replace(strike, reach_index=index)
    return {"ac": ac, "dodging": dc != ac, **strike.as_dict()}


def _combatant(i: int, entry: object, dice: DiceSource) -> combat.InitiativeEntry:
    if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str):
        raise RequestError(f"combatants[{i}]: each combatant is an object with a \"name\".")
    skill = entry.get("skill", "perception")
    if not isinstance(skill, str) or skill not in {s.value for s in Skill}:
        raise RuleError(f"combatants[{i}].skill: {shown(skill)} is not one of the 18 proficiencies.")
    return combat.InitiativeEntry(
        name=entry["name"],
        d10=fields.single_die(entry, "d10", CHECK_DIE, dice),
        modifier=fields.modifier(entry),
    )


def resolve_initiative(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    entries = request.get("combatants")
    if not isinstance(entries, list) or not entries:
        raise RequestError("combatants: a list of at least one combatant.")
    rolled = [_combatant(i, e, dice) for i, e in enumerate(entries)]
    order = combat.initiative_order(rolled)
    totals = [e.total for e in order]
    return {
        "combatants": [
            {"name": e.name, "d10": e.d10, "modifier": e.modifier, "total": e.total,
             "skill": entries[i].get("skill", "perception")}
            for i, e in enumerate(rolled)
        ],
        "order": [e.name for e in order],
        "ties": sorted({e.name for e in order if totals.count(e.total) > 1}),
    }


def resolve_concealment(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    d10 = fields.single_die(request, "d10", CHECK_DIE, dice)
    return concealment(d10, fields.flag(request, "hidden")).as_dict()


def _watchers(request: Mapping[str, Any]) -> list[combat.Watcher]:
    entries = request.get("watchers")
    if not isinstance(entries, list):
        raise RequestError("watchers: a list of {\"name\", \"perception\"} objects.")
    watchers = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str):
            raise RequestError(f"watchers[{i}]: each watcher is an object with a \"name\".")
        watchers.append(combat.Watcher(
            name=entry["name"],
            perception=fields.number(entry, "perception", 0),
            hidden_from=fields.flag(entry, "hidden", False),
        ))
    return watchers


def _stealth(action: str) -> Handler:
    def handler(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
        watchers = _watchers(request)
        modifier = fields.modifier(request)
        if fields.flag(request, "heavy_armor"):
            modifier -= 1  # Armor: heavy armor is noisy, -1 to Stealth
        concealed = fields.flag(request, "concealed", True)
        d10 = fields.single_die(request, "d10", CHECK_DIE, dice)
        return combat.stealth(action, d10, modifier, watchers, concealed).as_dict()

    return handler


def resolve_dash(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    speed = fields.number(request, "speed", 30)
    return {"speed": speed, "speed_after": combat.dash(speed)}


def resolve_dodge(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    ac = fields.number(request, "ac")
    return {"ac": ac, "ac_after": combat.dodge(ac)}


def _casting(request: Mapping[str, Any], dice: DiceSource, improvised: bool) -> Casting:
    level = fields.number(request, "spell_level", 0)
    magic = fields.pool(request, "magic", 6, dice, level if level > 0 else None)
    instability = fields.pool(request, "instability", 6, dice, 0)
    available = request.get("magic_dice_available")
    if available is not None:
        available = whole("magic_dice_available", available)
    improvised_check = None
    if improvised:
        power = sum(magic)
        if "dc" in request and fields.number(request, "dc") != power:
            raise RuleError(
                f"dc: an improvised casting's check is against the Spell Power ({power}); "
                f"got {request['dc']}."
            )
        improvised_check = check(fields.single_die(request, "d10", CHECK_DIE, dice),
                                 fields.modifier(request), power)
    probe = Casting(magic, instability)
    miscast_d10 = None
    if probe.miscast or request.get("miscast_d10") is not None:
        miscast_d10 = fields.single_die(request, "miscast_d10", CHECK_DIE, dice)
    return cast(magic, instability, miscast_d10, level, available, improvised_check)


def resolve_spell(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    return _casting(request, dice, improvised=False).as_dict()


def resolve_improvised(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    return _casting(request, dice, improvised=True).as_dict()


def _death(request: Mapping[str, Any], dice: DiceSource, stabilize: bool) -> dict[str, Any]:
    hp = fields.number(request, "hp")
    modifier = fields.modifier(request) if stabilize else fields.number(request, "modifier", 0)
    if not stabilize and "ability" in request:
        raise RuleError("ability: a death saving throw adds no ability.")
    d10 = fields.single_die(request, "d10", CHECK_DIE, dice)
    save = death_save(hp, d10, modifier)
    # Physical dice rolled ahead for the hours are read (and checked) even when the save does not
    # leave the character unconscious, as a spell's miscast_d10 is: they are simply not needed.
    if save.unconscious or request.get("unconscious_d6") is not None:
        hours = fields.pool(request, "unconscious_d6", 6, dice, 2)
        if len(hours) != 2:
            raise RuleError(
                f"unconscious_d6: 2d3 hours takes two d6 (each halved, rounded up); got {len(hours)}."
            )
        if save.unconscious:
            save = replace(save, unconscious_d6=(hours[0], hours[1]))
    return save.as_dict()


def resolve_death_save(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    return _death(request, dice, stabilize=False)


def resolve_stabilize(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    result = _death(request, dice, stabilize=True)
    return {**result, "medicine_kit_uses": 1}


def resolve_ability_scores(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    d6 = fields.pool(request, "d6", 6, dice, ABILITY_ROLLS)
    needed = sum(1 for f in d6 if d3_from_d6(f) != 3)
    d2 = fields.pool(request, "d2", 6, dice, needed)
    rolls = ability_rolls(d6, d2)
    scores = [r.score for r in rolls]
    assigned = None
    if request.get("assign") is not None:
        order = request["assign"]
        if not isinstance(order, list):
            raise RequestError("assign: a list of the six abilities, one per roll in order.")
        assigned = {a.value: s for a, s in assign_scores(scores, order).items()}
    return {
        "d6": list(d6),
        "d3": [r.d3 for r in rolls],
        "d2_faces": list(d2),
        "d2": [r.d2 for r in rolls],
        "rolls": scores,
        "scores": assigned,
    }


def resolve_character(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    character = fields.character_from(request)
    return {
        "character": character.as_dict(),
        "levels_spent": character.training.levels_spent,
        "levels_unspent": 6 - character.training.levels_spent,
        "sp_spent": STARTING_SP - character.sp,
        "sp_left": character.sp,
    }


def resolve_equipment(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    bought = fields.purchases(request.get("purchases", request.get("equipment")))
    budget = fields.number(request, "budget", STARTING_SP)
    left = check_budget(bought, budget)
    return {
        "purchases": [p.as_dict() for p in bought],
        "cost": total_cost(bought),
        "budget": budget,
        "sp_left": left,
        "bulk": total_bulk(bought),
    }


def resolve_price_list(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    return {
        "items": [
            {"item": i.key, "name": i.name, "category": i.category.value, "price": i.price,
             "bulk": str(i.bulk), "notes": i.notes}
            for i in PRICE_LIST
        ],
        "traits": {t.value: t.summary for t in WeaponTrait},
        "budget": STARTING_SP,
    }


def resolve_mark(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    target = parse_mark_target(request.get("target"))
    marks = fields.number(request, "marks", 0)
    if not 0 <= marks < MARKS_TO_RAISE:
        raise RuleError(f"marks: a target holds 0 to {MARKS_TO_RAISE - 1} marks; got {marks}.")
    raised = marks + 1 == MARKS_TO_RAISE
    level_after: object = None
    if target in {s.value for s in Skill}:
        level = parse_proficiency("level", request.get("level", "untrained"))
        if level is Proficiency.LEGENDARY:
            raise RuleError(f"level: {target} is already legendary, the highest proficiency level.")
        level_after = Proficiency(level + 1).label if raised else level.label
    elif target in {a.value for a in Ability} or target.startswith("talent:"):
        level_num = fields.number(request, "level", 0)
        level_after = level_num + 1 if raised else level_num
    return {"target": target, "marks_before": marks, "marks_after": 0 if raised else marks + 1,
            "raised": raised, "level_after": level_after}


MAX_SIDES = 100


def d2_sides(request: Mapping[str, Any]) -> int:
    """The die a d2 is read from: 2 to 100 sides (a d6 unless told)."""
    sides = fields.number(request, "sides", 6)
    if not 2 <= sides <= MAX_SIDES:
        raise RuleError(f"sides: a d2 is read from a die of 2 to {MAX_SIDES} sides; got {sides}.")
    return sides


def resolve_d2(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    sides = d2_sides(request)
    f = fields.single_die(request, "face", sides, dice)
    return {"face": f, "sides": sides, "result": d2_from_face(f)}


def resolve_d3(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    f = fields.single_die(request, "d6", 6, dice)
    return {"d6": f, "result": d3_from_d6(f)}


def resolve_d100(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    tens = digit("tens", request["tens"]) if request.get("tens") is not None else dice.roll(10) % 10
    ones = digit("ones", request["ones"]) if request.get("ones") is not None else dice.roll(10) % 10
    return {"tens": tens, "ones": ones, "result": d100_from_digits(tens, ones)}


RESOLVERS: dict[str, Handler] = {
    "check": resolve_check,
    "attack": resolve_attack,
    "initiative": resolve_initiative,
    "concealment": resolve_concealment,
    "hide": _stealth("hide"),
    "sneak": _stealth("sneak"),
    "dash": resolve_dash,
    "dodge": resolve_dodge,
    "spell": resolve_spell,
    "improvised_spell": resolve_improvised,
    "death_save": resolve_death_save,
    "stabilize": resolve_stabilize,
    "ability_scores": resolve_ability_scores,
    "character": resolve_character,
    "equipment": resolve_equipment,
    "price_list": resolve_price_list,
    "mark": resolve_mark,
    "d2": resolve_d2,
    "d3": resolve_d3,
    "d100": resolve_d100,
}


_CHECK = frozenset({"d10", "modifier", "ability", "proficiency", "bonus"})
_STEALTH = _CHECK | {"concealed", "heavy_armor", "watchers"}
_SPELL = frozenset({"magic", "instability", "miscast_d10", "spell_level", "magic_dice_available"})

FIELDS: Mapping[str, frozenset[str]] = {
    "check": _CHECK | {"dc", "kind", "skill"},
    "attack": _CHECK | {"ac", "dodging", "damage_d6", "damage_bonus", "trait", "strength",
                        "twin_both", "target_prone", "target_object", "sweep_half", "concealed",
                        "hidden", "concealment_d10", "reach", "reach_die", "immune",
                        "resistance", "weakness"},
    "initiative": frozenset({"combatants"}),
    "concealment": frozenset({"d10", "hidden"}),
    "hide": _STEALTH,
    "sneak": _STEALTH,
    "dash": frozenset({"speed"}),
    "dodge": frozenset({"ac"}),
    "spell": _SPELL,
    "improvised_spell": _SPELL | _CHECK | {"dc"},
    "death_save": frozenset({"hp", "d10", "modifier", "ability", "unconscious_d6"}),
    "stabilize": _CHECK | {"hp", "unconscious_d6"},
    "ability_scores": frozenset({"d6", "d2", "assign"}),
    "character": frozenset({"species", "size", "abilities", "proficiencies", "talents",
                            "equipment", "magic_dice", "wear_armor"}),
    "equipment": frozenset({"purchases", "equipment", "budget"}),
    "price_list": frozenset(),
    "mark": frozenset({"target", "marks", "level"}),
    "d2": frozenset({"face", "sides"}),
    "d3": frozenset({"d6"}),
    "d100": frozenset({"tens", "ones"}),
}


def resolve(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    """Resolve one Die Trying request; the result echoes ``roll`` and ``system``."""
    roll = roll_kind(request, RESOLVERS, "Die Trying")
    return {"roll": roll, "system": "die_trying", **RESOLVERS[roll](request, dice)}

