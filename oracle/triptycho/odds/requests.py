"""``oracle odds`` for Triptycho: exact odds of a ``dice``, ``opposed``, ``damage`` or
``attack`` request, as JSON-ready fractions."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from oracle.requests import roll_kind, whole
from oracle.triptycho.attack import (
    attack_odds,
    damage_odds,
    hit_chance,
    opposed_plan,
    plan_damage,
    read_counter,
    target_points,
)
from oracle.triptycho.cards import with_cards
from oracle.triptycho.entries import change_level, change_number, parse_entry
from oracle.triptycho.odds import as_json, distribution_json, entry_distribution, expected
from oracle.triptycho.reading import read_scenario

Request = Mapping[str, Any]


def _odds_dice(request: Request) -> dict[str, Any]:
    entry = parse_entry("dice", request.get("dice"))
    after = change_number(change_level("level", entry, whole("level", request.get("level", 0))),
                          whole("number", request.get("number", 0)))
    dist = entry_distribution(after)
    return {"dice": str(after), "distribution": distribution_json(dist),
            "expected": as_json(expected(dist))}


def _odds_opposed(request: Request) -> dict[str, Any]:
    plan = opposed_plan(request)
    win, lose, tie = hit_chance(plan)
    return {"opposed_roll": plan.rolled, "action_wins": as_json(win),
            "reaction_wins": as_json(lose), "tie": as_json(tie)}


def _odds_damage(request: Request) -> dict[str, Any]:
    plan = plan_damage(request)
    target_points(request)  # refused as resolve refuses it
    dist = damage_odds(plan)
    return {"distribution": distribution_json(dist), "expected": as_json(expected(dist))}


def _odds_attack(request: Request) -> dict[str, Any]:
    request = with_cards(request, read_scenario(request))
    opposed = opposed_plan(request)
    dist = attack_odds(opposed, plan_damage(request))
    target_points(request)
    win, lose, tie = hit_chance(opposed)
    counter = read_counter(request)
    applies = lose if opposed.rolled else Fraction(1)
    counter_mean = None if counter is None else applies * expected(counter.distribution())
    return {"opposed_roll": opposed.rolled, "action_wins": as_json(win),
            "reaction_wins": as_json(lose), "tie": as_json(tie),
            "distribution": distribution_json(dist), "expected": as_json(expected(dist)),
            "counter_expected": None if counter_mean is None else as_json(counter_mean)}


ODDS: dict[str, Callable[[Request], dict[str, Any]]] = {
    "dice": _odds_dice, "opposed": _odds_opposed, "damage": _odds_damage,
    "attack": _odds_attack,
}




def odds_for_request(request: Request) -> dict[str, Any]:
    """Exact odds for one request; the result echoes ``roll``."""
    kind = roll_kind(request, ODDS, "Triptycho", odds=True)
    return {"roll": kind, **ODDS[kind](request)}
