"""``oracle odds`` for Die Trying: the exact chances of a request's outcomes before rolling.

Same request shapes as ``oracle resolve``. A single die given as a face is known; absent, it is
counted over all its faces. A pool given as a count is unknown dice; given as a list, known
faces. Every probability is ``{"fraction": "3/10", "value": 0.3}``.

- ``check``: ``degrees`` {critical_failure, failure, success, critical_success}, ``success``
- ``attack``: ``degrees``, ``hit``, ``auto_miss``, ``damage`` {"n": P}, ``damage_expected``
- ``spell``/``improvised_spell``: ``miscast``, ``matches`` {"n": P}, ``miscast_rows``
  {"1".."12": P}, ``death`` (row 11), ``power`` {"n": P}, ``power_expected``; improvised also
  ``effectiveness`` (the casting check's degrees over power and d10)
- ``death_save``/``stabilize``: ``degrees``, ``hp_after``, ``stable``, ``dead`` for this save;
  ``survival``: the chance of ending stable rather than dead, saving every turn
- ``concealment``: ``missed``; ``hide``/``sneak``: ``watchers`` [{name, dc, success}]
- ``ability_scores``: ``score`` {"-1".."3": P} for each roll; ``d2``, ``d3``, ``d100``: uniform
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from oracle.dice import FixedDice
from oracle.die_trying import fields, odds
from oracle.die_trying.checks import CHECK_DIE, CheckResult, Degree
from oracle.die_trying.death import check_dying_hp
from oracle.die_trying.magic import MiscastEffect, check_magic_dice
from oracle.die_trying.requests import d2_sides, resolve_attack
from oracle.errors import RequestError
from oracle.requests import roll_kind

J = odds.as_json


def _faces_of(request: Mapping[str, Any], field: str, sides: int) -> list[int]:
    if request.get(field) is None:
        return list(range(1, sides + 1))
    return [fields.single_die(request, field, sides, FixedDice([]))]


def _degrees(dist: Mapping[Degree, Fraction]) -> dict[str, Any]:
    return {d.label: J(dist.get(d, Fraction(0))) for d in Degree}


def odds_check(request: Mapping[str, Any]) -> dict[str, Any]:
    dc = fields.number(request, "dc")
    modifier = fields.modifier(request)
    faces = _faces_of(request, "d10", CHECK_DIE)
    dist: Counter[Degree] = Counter(CheckResult(f, modifier, dc).degree for f in faces)
    result = {d: Fraction(dist[d], len(faces)) for d in Degree}
    return {"modifier": modifier, "dc": dc, "degrees": _degrees(result),
            "success": J(result[Degree.SUCCESS] + result[Degree.CRITICAL_SUCCESS])}


def _enumerate(request: Mapping[str, Any], singles: Mapping[str, int],
               run: Callable[[Mapping[str, Any]], dict[str, Any]]
               ) -> list[tuple[Fraction, dict[str, Any]]]:
    """Resolve the request once for every combination of the unknown single dice."""
    outcomes: list[tuple[Fraction, dict[str, Any]]] = [(Fraction(1), dict(request))]
    for field, sides in singles.items():
        faces = _faces_of(request, field, sides)
        outcomes = [(p / len(faces), {**req, field: f}) for p, req in outcomes for f in faces]
    return [(p, run(req)) for p, req in outcomes]


def odds_attack(request: Mapping[str, Any]) -> dict[str, Any]:
    singles = {"d10": CHECK_DIE, "damage_d6": 6}
    if fields.flag(request, "concealed") or fields.flag(request, "hidden"):
        singles["concealment_d10"] = CHECK_DIE
    reach = request.get("reach") or []
    if isinstance(reach, list) and reach and request.get("reach_die") is None:
        # which creature a critical miss strikes changes none of the odds below: the first
        request = {**request, "reach_die": 1}
    results = _enumerate(request, singles, lambda r: resolve_attack(r, FixedDice([])))
    dist: dict[Degree, Fraction] = {d: Fraction(0) for d in Degree}
    damage: dict[int, Fraction] = {}
    hit = miss = Fraction(0)
    for p, res in results:
        dist[Degree[str(res["degree"]).upper()]] += p
        damage[int(res["damage"])] = damage.get(int(res["damage"]), Fraction(0)) + p
        hit += p if res["hit"] else 0
        miss += p if res["auto_miss"] else 0
    return {"degrees": _degrees(dist), "hit": J(hit), "auto_miss": J(miss),
            "damage": {str(k): J(v) for k, v in sorted(damage.items())},
            "damage_expected": J(odds.expected(damage))}


def _spell(request: Mapping[str, Any], improvised: bool) -> dict[str, Any]:
    magic_unknown, magic_known = fields.pool_spec(request, "magic", 6)
    inst_unknown, inst_known = fields.pool_spec(request, "instability", 6)
    level = fields.number(request, "spell_level", 0)
    available = request.get("magic_dice_available")
    check_magic_dice(magic_unknown + len(magic_known), level,
                     None if available is None else fields.number(request,
                                                                  "magic_dice_available"))
    odds.pool_size_check(magic_unknown + inst_unknown, "magic")
    known = magic_known + inst_known
    unknown = magic_unknown + inst_unknown
    miscast_d10 = None
    if request.get("miscast_d10") is not None:
        miscast_d10 = fields.single_die(request, "miscast_d10", CHECK_DIE, FixedDice([]))
    matches = odds.match_odds(unknown, known)
    rows = odds.miscast_row_odds(unknown, known, miscast_d10)
    power = odds.power_odds(magic_unknown, magic_known)
    dice_count = magic_unknown + len(magic_known)
    result: dict[str, Any] = {
        "magic_dice": dice_count,
        "instability_dice": inst_unknown + len(inst_known),
        "instability_gained": dice_count * (2 if improvised else 1),
        "miscast": J(1 - matches.get(0, Fraction(0))),
        "matches": {str(k): J(v) for k, v in matches.items()},
        "miscast_rows": {str(e.value): J(rows[e]) for e in MiscastEffect},
        "death": J(rows[MiscastEffect.DEATH]),
        "power": {str(k): J(v) for k, v in power.items()},
        "power_expected": J(odds.expected(power)),
    }
    if improvised:
        modifier = fields.modifier(request)
        faces = _faces_of(request, "d10", CHECK_DIE)
        degrees: dict[Degree, Fraction] = {d: Fraction(0) for d in Degree}
        for total, p in power.items():
            for f in faces:
                degrees[CheckResult(f, modifier, total).degree] += p / len(faces)
        result["effectiveness"] = _degrees(degrees)
    return result


def odds_death(request: Mapping[str, Any], stabilize: bool) -> dict[str, Any]:
    hp = fields.number(request, "hp")
    modifier = fields.modifier(request) if stabilize else fields.number(request, "modifier", 0)
    check_dying_hp(hp)
    one = odds.death_save_odds(hp, modifier)
    degrees: dict[Degree, Fraction] = one["degrees"]
    after: dict[int, Fraction] = one["hp_after"]
    return {
        "hp": hp,
        "dc": 4 - hp,
        "degrees": _degrees(degrees),
        "hp_after": {str(k): J(v) for k, v in after.items()},
        "stable": J(one["stable"]),
        "dead": J(one["dead"]),
        "survival": J(odds.survival_chance(hp, modifier)),
    }


def odds_stealth(request: Mapping[str, Any]) -> dict[str, Any]:
    modifier = fields.modifier(request) - (1 if fields.flag(request, "heavy_armor") else 0)
    entries = request.get("watchers")
    if not isinstance(entries, list) or not entries:
        raise RequestError("watchers: a list of {\"name\", \"perception\"} objects.")
    rows = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str):
            raise RequestError(f"watchers[{i}]: each watcher is an object with a \"name\".")
        dc = 4 + fields.number(entry, "perception", 0)
        rows.append({"name": entry["name"], "dc": dc,
                     "success": J(odds.success_chance(modifier, dc))})
    return {"modifier": modifier, "watchers": rows}


def _uniform(values: list[int]) -> dict[str, Any]:
    counts = Counter(values)
    return {str(k): J(Fraction(n, len(values))) for k, n in sorted(counts.items())}


ODDS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "check": odds_check,
    "attack": odds_attack,
    "spell": lambda r: _spell(r, improvised=False),
    "improvised_spell": lambda r: _spell(r, improvised=True),
    "death_save": lambda r: odds_death(r, stabilize=False),
    "stabilize": lambda r: odds_death(r, stabilize=True),
    "concealment": lambda r: {"missed": J(odds.concealment_miss_chance(fields.flag(r, "hidden")))},
    "hide": odds_stealth,
    "sneak": odds_stealth,
    "ability_scores": lambda r: {
        "score": {str(k): J(v) for k, v in odds.ability_score_odds().items()}},
    "d2": lambda r: {"result": _uniform([1 if f % 2 else 2 for f in
                                         range(1, d2_sides(r) + 1)])},
    "d3": lambda r: {"result": _uniform([(f + 1) // 2 for f in range(1, 7)])},
    "d100": lambda r: {"result": _uniform(list(range(1, 101)))},
}


def odds_for_request(request: Mapping[str, Any]) -> dict[str, Any]:
    """Exact odds for one request; the result echoes ``roll`` and ``system``."""
    roll = roll_kind(request, ODDS, "Die Trying", odds=True)
    return {"roll": roll, "system": "die_trying", **ODDS[roll](request)}

