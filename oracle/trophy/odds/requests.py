"""``oracle odds``: from an ``oracle resolve`` request to JSON-ready exact odds.

The request and result shapes are described in the package docstring (``oracle.trophy.odds``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from oracle.requests import roll_kind, whole
from oracle.trophy.fields import (
    MOST_CONTEST_DARK,
    MOST_HELPERS,
    MOST_PARTICIPANTS,
    MOST_RISK_DARK,
    at_most,
)
from oracle.trophy.hunt import check_tokens
from oracle.trophy.monsters import check_ritual_dark
from oracle.trophy.odds.combat import Fighter, combat_odds
from oracle.trophy.odds.contest import Contestant, contest_odds
from oracle.trophy.odds.dice import FACES, SIDES
from oracle.trophy.odds.fields import (
    number,
    read_bool,
    read_dice_count,
    read_entries,
    read_field,
    read_helper_face,
    read_single_die,
    read_str,
    read_weak_points,
)
from oracle.trophy.odds.hunt import hunt_odds
from oracle.trophy.odds.risk import HelperDie, RiskOdds, risk_odds, risk_push_odds
from oracle.trophy.odds.ruin import reduction_odds, ruin_roll_odds
from oracle.trophy.requests import parse_bargains
from oracle.trophy.risk import check_light_dice
from oracle.trophy.ruin import check_can_roll

ROLLS = ("risk", "hunt", "contest", "combat", "ruin", "reduction")  # the keys of ODDS
# Far beyond any roll at the table; they keep one request from tying up the oracle.


def _risk_json(odds: RiskOdds) -> dict[str, Any]:
    return {
        "highest": {str(f): number(p) for f, p in zip(FACES, odds.highest, strict=True)},
        "outcome": {"failure": number(odds.failure), "complication": number(odds.complication),
                    "success": number(odds.success)},
        "highest_is_dark": number(odds.highest_is_dark),
        "ruin_marked": number(odds.ruin_marked),
        "lost": number(odds.lost),
        "can_push": number(odds.can_push),
        "helpers": [
            {"name": h.name, "die": h.face, "ruin_before": h.ruin_before,
             "ruin_marked": number(h.ruin_marked), "lost": number(h.lost)}
            for h in odds.helpers
        ],
    }


def _risk_request(request: Mapping[str, Any]) -> dict[str, Any]:
    ruin = whole("ruin", read_field(request, "ruin"))
    light = read_dice_count("light", read_field(request, "light", 0))
    dark = at_most("dark", read_dice_count("dark", read_field(request, "dark", 0)), MOST_RISK_DARK,
                   "dark dice")
    at_most("helpers", len(read_entries(request, "helpers", required=False)), MOST_HELPERS,
            "helpers")
    helpers = []
    for i, entry in enumerate(read_entries(request, "helpers", required=False)):
        helpers.append(HelperDie(
            name=read_str(f"helpers[{i}].name", read_field(entry, "name", f"helper {i + 1}")),
            ruin=whole(f"helpers[{i}].ruin", read_field(entry, "ruin", 1)),
            face=read_helper_face(f"helpers[{i}].die", entry.get("die")),
            already_marked=read_bool(f"helpers[{i}].already_marked",
                                     read_field(entry, "already_marked", False)),
        ))
    check_light_dice(light, parse_bargains(request))
    check_ritual_dark(dark, read_bool("ritual", read_field(request, "ritual", False)),
                      request.get("intent"))
    first = risk_odds(light, dark, ruin, helpers)
    push = risk_push_odds(light, dark, ruin, helpers)
    result: dict[str, Any] = {
        "system": "trophy", "roll": "risk",
        "pool": {"light": light, "dark": dark, "helpers": len(helpers), "ruin": ruin},
        **_risk_json(first),
        "push": None,
    }
    if push is not None:
        result["push"] = {
            "given": "the roll may be pushed: its highest die is light",
            "pool": {"light": light, "dark": dark + 1, "helpers": len(helpers), "ruin": ruin},
            **_risk_json(push),
        }
    return result


def _hunt_request(request: Mapping[str, Any]) -> dict[str, Any]:
    light = read_dice_count("light", read_field(request, "light", 1))
    tokens = check_tokens("tokens", read_field(request, "tokens", 0))
    if request.get("ruin") is not None:
        check_can_roll("ruin", request["ruin"])  # the core's reading of a Hunt Roll's Ruin
    odds = hunt_odds(light, tokens)
    return {
        "system": "trophy", "roll": "hunt",
        "pool": {"light": light, "tokens": tokens},
        "highest": {str(f): number(p) for f, p in zip(FACES, odds.highest, strict=True)},
        "bands": {k: number(p) for k, p in odds.bands.items()},
        "encounter": {k: number(p) for k, p in odds.encounter.items()},
        "token_gained": number(odds.token_gained),
        "tokens_lost": number(odds.tokens_lost),
        "tokens_after": {str(k): number(p) for k, p in odds.tokens_after.items()},
        "tokens_after_expected": number(odds.tokens_after_expected),
    }


def _combat_request(request: Mapping[str, Any]) -> dict[str, Any]:
    endurance = whole("endurance", read_field(request, "endurance"))
    fighters = []
    for i, entry in enumerate(read_entries(request, "characters", required=True)):
        fighters.append(Fighter(
            name=read_str(f"characters[{i}].name", read_field(entry, "name", f"character {i + 1}")),
            ruin=whole(f"characters[{i}].ruin", read_field(entry, "ruin")),
            weak_points=read_weak_points(f"characters[{i}].weak_points",
                                         read_field(entry, "weak_points", 1)),
            armor=read_bool(f"characters[{i}].armor", read_field(entry, "armor", False)),
        ))
    # one dark die per character unless told otherwise (SRD 1.2, Combat Roll)
    dark = read_dice_count("dark", read_field(request, "dark", len(fighters)))
    odds = combat_odds(endurance, dark, fighters)
    return {
        "system": "trophy", "roll": "combat",
        "pool": {"endurance": endurance, "dark": dark},
        "roll_required": odds.roll_required,
        "defeated": number(odds.defeated),
        "total": None if odds.total is None else {
            str(t): number(p) for t, p in enumerate(odds.total, start=1)
            if (t <= SIDES if dark == 1 else t >= 2)
        },
        "characters": [
            {"name": c.name, "ruin_before": c.ruin_before,
             "weak_points": list(c.weak_points) if isinstance(c.weak_points, tuple)
             else c.weak_points,
             "armor": c.armor, "matches_expected": number(c.matches_expected),
             "ruin_marked": number(c.ruin_marked),
             "ruin_marked_expected": number(c.ruin_marked_expected),
             "armor_used": number(c.armor_used), "lost": number(c.lost)}
            for c in odds.characters
        ],
    }


def _contest_request(request: Mapping[str, Any]) -> dict[str, Any]:
    people = []
    entries = read_entries(request, "participants", required=True)
    at_most("participants", len(entries), MOST_PARTICIPANTS, "participants")
    for i, entry in enumerate(entries):
        people.append(Contestant(
            name=read_str(f"participants[{i}].name",
                          read_field(entry, "name", f"participant {i + 1}")),
            ruin=whole(f"participants[{i}].ruin", read_field(entry, "ruin")),
            light=read_dice_count(f"participants[{i}].light", read_field(entry, "light", 0)),
            dark=at_most(f"participants[{i}].dark",
                         read_dice_count(f"participants[{i}].dark", read_field(entry, "dark", 0)),
                         MOST_CONTEST_DARK, "dark dice each"),
        ))
    odds = contest_odds(people)
    return {
        "system": "trophy", "roll": "contest",
        "participants": [
            {"name": p.name, "ruin_before": p.ruin_before, "light": p.light, "dark": p.dark,
             "wins": number(p.wins), "ruin_marked": number(p.ruin_marked),
             "ruin_marked_expected": number(p.ruin_marked_expected), "lost": number(p.lost)}
            for p in odds.participants
        ],
        "no_winner": number(odds.no_winner),
    }


def _ruin_request(request: Mapping[str, Any]) -> dict[str, Any]:
    read_single_die("dark", request.get("dark"))
    odds = ruin_roll_odds(whole("ruin", read_field(request, "ruin")))
    return {"system": "trophy", "roll": "ruin", "ruin_before": odds.ruin_before,
            "ruin_marked": number(odds.ruin_marked), "lost": number(odds.lost)}


def _reduction_request(request: Mapping[str, Any]) -> dict[str, Any]:
    read_single_die("light", request.get("light"))
    odds = reduction_odds(
        whole("ruin", read_field(request, "ruin")),
        whole("starting_ruin", read_field(request, "starting_ruin", 1)),
        read_bool("reached_five", read_field(request, "reached_five", False)),
        read_bool("remove_anyway", read_field(request, "remove_anyway", False)),
    )
    return {"system": "trophy", "roll": "reduction", "ruin_before": odds.ruin_before,
            "removed_unnoticed": number(odds.removed_unnoticed), "noticed": number(odds.noticed),
            "removed": number(odds.removed),
            "ruin_after_expected": number(odds.ruin_after_expected)}


ODDS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "risk": _risk_request, "hunt": _hunt_request, "contest": _contest_request,
    "combat": _combat_request, "ruin": _ruin_request, "reduction": _reduction_request,
}


def odds_for_request(request: Mapping[str, Any]) -> dict[str, Any]:
    """Exact odds for one ``oracle resolve`` request, JSON-ready (shape in the package docstring).

    Raises RuleError for a roll the rules forbid and RequestError for a malformed request.
    """
    return ODDS[roll_kind(request, ODDS, "Trophy")](request)
