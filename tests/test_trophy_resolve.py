"""The Trophy part of the `oracle resolve` contract (shared/contract/resolve.md), exactly."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from oracle.cli import main
from oracle.dice import FixedDice, SeededDice
from oracle.errors import OracleError, RequestError, RuleError
from oracle.systems import find_system
from oracle.trophy.system import SYSTEM

# (request, the contract's result); every field shown in the contract must match exactly.
CONTRACT_EXAMPLES: list[tuple[dict[str, Any], dict[str, Any]]] = [
    (
        {"roll": "risk", "ruin": 2, "light": [4, 1], "dark": [5],
         "helpers": [{"name": "Mara", "ruin": 1, "die": 5, "already_marked": False}]},
        {"roll": "risk", "highest": 5, "highest_is_dark": True, "outcome": "complication",
         "ruin_before": 2, "ruin_after": 3, "ruin_marked": True, "lost": False, "can_push": False,
         "helpers": [{"name": "Mara", "ruin_before": 1, "ruin_after": 2, "ruin_marked": True,
                      "lost": False}]},
    ),
    (
        {"roll": "ruin", "ruin": 3, "dark": 4},
        {"roll": "ruin", "ruin_before": 3, "ruin_after": 4, "ruin_marked": True, "lost": False},
    ),
    (
        {"roll": "hunt", "tokens": 2, "light": [3, 5]},
        {"roll": "hunt", "highest": 5, "tokens_before": 2, "tokens_after": 3,
         "tokens_lost": False, "encounter": "distant"},
    ),
    (
        {"roll": "contest", "participants": [
            {"name": "A", "ruin": 2, "light": [6, 5], "dark": [1]},
            {"name": "B", "ruin": 1, "light": [6], "dark": [4, 3]}]},
        {"roll": "contest", "winner": "A", "participants": [
            {"name": "A", "ruin_before": 2, "ruin_after": 3, "ruin_marked": 1, "lost": False},
            {"name": "B", "ruin_before": 1, "ruin_after": 1, "ruin_marked": 0, "lost": False}]},
    ),
    (
        {"roll": "combat", "endurance": 7, "characters": [
            {"name": "A", "ruin": 2, "weak_points": [4], "armor": False}], "dark": [4, 2]},
        {"roll": "combat", "roll_required": True, "total": 6, "defeated": False, "characters": [
            {"name": "A", "ruin_before": 2, "ruin_after": 3, "matches": 1, "armor_used": False,
             "lost": False}]},
    ),
    (
        {"roll": "reduction", "ruin": 4, "starting_ruin": 1, "reached_five": True, "light": 5,
         "remove_anyway": False},
        {"roll": "reduction", "ruin_before": 4, "ruin_after": 4, "noticed": False},
    ),
]


def contains(result: Any, expected: Any) -> bool:
    """Every field of ``expected`` is in ``result`` with the same value (lists entry by entry)."""
    if isinstance(expected, dict):
        return isinstance(result, dict) and all(
            key in result and contains(result[key], value) for key, value in expected.items()
        )
    if isinstance(expected, list):
        return (isinstance(result, list) and len(result) == len(expected)
                and all(contains(r, e) for r, e in zip(result, expected, strict=True)))
    return type(result) is type(expected) and bool(result == expected)


def cli(request: object) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    code = main(["resolve"], stdin=io.StringIO(json.dumps(request)), out=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 1, "resolve prints exactly one JSON line"
    payload: dict[str, Any] = json.loads(lines[0])
    return code, payload


@pytest.mark.parametrize(("request_", "expected"), CONTRACT_EXAMPLES,
                         ids=[r["roll"] for r, _ in CONTRACT_EXAMPLES])
def test_every_contract_example_is_reproduced_by_the_system(
    request_: dict[str, Any], expected: dict[str, Any]
) -> None:
    assert contains(SYSTEM.resolve(request_, SeededDice(0)), expected)


@pytest.mark.parametrize(("request_", "expected"), CONTRACT_EXAMPLES,
                         ids=[r["roll"] for r, _ in CONTRACT_EXAMPLES])
def test_every_contract_example_is_reproduced_through_the_cli(
    request_: dict[str, Any], expected: dict[str, Any]
) -> None:
    code, payload = cli(request_)
    assert code == 0
    assert contains(payload, expected)


def test_trophy_is_the_default_system_and_registered() -> None:
    assert find_system("trophy") is SYSTEM
    assert SYSTEM.name == "trophy"
    assert set(SYSTEM.roll_kinds) == {"risk", "ruin", "hunt", "contest", "combat", "reduction"}


def test_no_combat_roll_required_has_null_total_and_nobody_marks_ruin() -> None:
    code, payload = cli({"roll": "combat", "endurance": 2, "dark": [4, 4, 4], "characters": [
        {"name": "A", "ruin": 2, "weak_points": [4], "armor": False},
        {"name": "B", "ruin": 3, "weak_points": [1], "armor": False},
        {"name": "C", "ruin": 1, "weak_points": [2], "armor": False}]})
    assert code == 0
    assert payload["roll_required"] is False and payload["defeated"] is True
    assert payload["total"] is None
    assert [c["ruin_after"] for c in payload["characters"]] == [2, 3, 1]
    assert [c["matches"] for c in payload["characters"]] == [0, 0, 0]


def test_armor_absorbs_every_match_and_is_used_only_on_a_match() -> None:
    result = SYSTEM.resolve({"roll": "combat", "endurance": 12, "dark": [3, 3, 5], "characters": [
        {"name": "A", "ruin": 2, "weak_points": [3], "armor": True},
        {"name": "B", "ruin": 2, "weak_points": [4], "armor": True},
        {"name": "C", "ruin": 2, "weak_points": [5, 3], "armor": False}]}, SeededDice(0))
    a, b, c = result["characters"]
    assert (a["matches"], a["armor_used"], a["ruin_after"]) == (2, True, 2)
    assert (b["matches"], b["armor_used"], b["ruin_after"]) == (0, False, 2)
    assert (c["matches"], c["armor_used"], c["ruin_after"]) == (3, False, 5)
    assert result["total"] == 8 and result["defeated"] is False


@pytest.mark.parametrize("request_", [
    {"roll": "risk", "ruin": 2, "light": 2, "dark": 1, "seed": 7},
    {"roll": "ruin", "ruin": 2, "seed": 7},
    {"roll": "hunt", "tokens": 1, "light": 2, "seed": 7},
    {"roll": "contest", "seed": 7, "participants": [
        {"name": "A", "ruin": 2, "light": 3, "dark": 1}, {"name": "B", "ruin": 1, "light": 2}]},
    {"roll": "combat", "endurance": 8, "seed": 7, "dark": 2,
     "characters": [{"name": "A", "ruin": 1, "weak_points": [2]},
                    {"name": "B", "ruin": 1, "weak_points": 1}]},
    {"roll": "reduction", "ruin": 5, "seed": 7},
])
def test_counts_are_rolled_and_a_seed_makes_them_repeatable(request_: dict[str, Any]) -> None:
    first = cli(request_)
    again = cli(request_)
    assert first[0] == 0 and first == again


def test_counts_roll_the_right_number_of_dice() -> None:
    result = SYSTEM.resolve({"roll": "risk", "ruin": 1, "light": 2, "dark": 3}, SeededDice(1))
    assert len(result["light"]) == 2 and len(result["dark"]) == 3
    result = SYSTEM.resolve({"roll": "hunt", "light": 1}, FixedDice([6]))
    assert result["light"] == [6] and result["tokens_after"] == 1


def test_faces_given_as_lists_are_used_as_they_are() -> None:
    dice = FixedDice([])  # rolling anything would raise
    result = SYSTEM.resolve({"roll": "risk", "ruin": 3, "light": [6], "dark": [6]}, dice)
    assert result["highest_is_dark"] is True and result["ruin_after"] == 4


def test_pushes_given_as_faces_reroll_all_but_helpers() -> None:
    result = SYSTEM.resolve({
        "roll": "risk", "ruin": 2, "light": [5], "dark": [],
        "push": [{"light": [4], "dark": [3]}, {"light": [2], "dark": [6, 3]}],
    }, SeededDice(0))
    assert result["pushes"] == 2
    assert [r["highest_is_dark"] for r in result["rolls"]] == [False, False, True]
    assert result["outcome"] == "success" and result["ruin_after"] == 3
    assert result["can_push"] is False


def test_helper_marks_at_most_once_across_pushes() -> None:
    result = SYSTEM.resolve({
        "roll": "risk", "ruin": 1, "light": [6], "dark": [2],
        "helpers": [{"name": "H", "ruin": 2, "die": 2}],
        "push": [{"light": [6], "dark": [2, 2]}],
    }, SeededDice(0))
    helper = result["helpers"][0]
    assert helper["ruin_before"] == 2 and helper["ruin_after"] == 3 and helper["ruin_marked"]


def test_helper_already_marked_earlier_in_this_roll_marks_no_more() -> None:
    result = SYSTEM.resolve({"roll": "risk", "ruin": 1, "light": [1], "dark": [4],
                             "helpers": [{"name": "H", "ruin": 3, "die": 4,
                                          "already_marked": True}]}, SeededDice(0))
    assert result["helpers"][0]["ruin_after"] == 3
    assert result["helpers"][0]["ruin_marked"] is False


def test_pushing_a_count_stops_once_a_dark_die_is_highest() -> None:
    result = SYSTEM.resolve({"roll": "risk", "ruin": 1, "light": [2], "dark": [],
                             "push": 5}, FixedDice([1, 6, 3, 3, 4]))
    assert result["pushes"] == 1 and result["highest_is_dark"] is True


def test_an_accepted_bargain_is_recorded_whatever_the_outcome() -> None:
    result = SYSTEM.resolve({"roll": "risk", "ruin": 1, "light": [1, 2], "dark": [],
                             "bargain": {"text": "the lantern breaks", "accepted": True}},
                            SeededDice(0))
    assert result["outcome"] == "failure"
    assert result["bargain"] == {"text": "the lantern breaks", "accepted": True,
                                 "offered_by": ""}


def test_a_monster_kill_intent_is_refused_unless_confirmed_and_then_kills() -> None:
    request = {"roll": "risk", "ruin": 1, "light": [6], "dark": [1], "foe": "monster",
               "intent": "defeat"}
    code, payload = cli(request)
    assert code == 2 and payload["error"].startswith("intent:")
    code, payload = cli({**request, "confirmed": True})
    assert code == 0 and payload["dies"] is True and payload["can_push"] is False


REFUSALS: list[tuple[str, dict[str, Any], str]] = [
    ("a third light die", {"roll": "risk", "ruin": 1, "light": [1, 2, 3]}, "light:"),
    ("two accepted bargains", {"roll": "risk", "ruin": 1, "light": [1, 2], "bargain": [
        {"text": "a"}, {"text": "b"}]}, "bargain:"),
    ("a second light die without the bargain", {"roll": "risk", "ruin": 1, "light": [1, 2],
                                                "bargain": {"text": "a", "accepted": False}},
     "light:"),
    ("help without a dark die", {"roll": "risk", "ruin": 1, "light": [3],
                                 "helpers": [{"name": "H", "ruin": 1, "die": 2}]}, "helpers:"),
    ("a lost helper", {"roll": "risk", "ruin": 1, "light": [3], "dark": [2],
                       "helpers": [{"name": "H", "ruin": 6, "die": 2}]}, "helpers[0].ruin:"),
    ("two helpers with one name", {"roll": "risk", "ruin": 1, "dark": [2], "helpers": [
        {"name": "H", "ruin": 1, "die": 2}, {"name": "H", "ruin": 1, "die": 3}]},
     "helpers[1].name:"),
    ("ruin above 6", {"roll": "risk", "ruin": 7, "light": [3]}, "ruin:"),
    ("ruin below 1", {"roll": "ruin", "ruin": 0, "dark": 3}, "ruin:"),
    ("a lost character rolling a risk", {"roll": "risk", "ruin": 6, "light": [3]}, "ruin:"),
    ("a lost character rolling ruin", {"roll": "ruin", "ruin": 6, "dark": 3}, "ruin:"),
    ("a lost character hunting", {"roll": "hunt", "ruin": 6, "light": [3]}, "ruin:"),
    ("a lost contestant", {"roll": "contest", "participants": [
        {"name": "A", "ruin": 6, "light": [1]}, {"name": "B", "ruin": 1, "light": [2]}]},
     "participants[0].ruin:"),
    ("a lost fighter", {"roll": "combat", "endurance": 5, "dark": [1], "characters": [
        {"name": "A", "ruin": 6, "weak_points": [1]}]}, "characters[0].ruin:"),
    ("zero dice", {"roll": "risk", "ruin": 1, "light": [], "dark": []}, "light, dark:"),
    ("a ritual without a dark die", {"roll": "risk", "ruin": 1, "light": [3], "ritual": True},
     "dark:"),
    ("a push while a dark die is highest", {"roll": "risk", "ruin": 1, "light": [2],
                                            "dark": [5], "push": [{"light": [1], "dark": [1, 1]}]},
     "push:"),
    ("a push that does not add one dark die", {"roll": "risk", "ruin": 1, "light": [5],
                                               "dark": [], "push": [{"light": [1], "dark": []}]},
     "push.dark:"),
    ("a face of 7", {"roll": "risk", "ruin": 1, "light": [7]}, "light[0]:"),
    ("a face of 0", {"roll": "hunt", "light": [0]}, "light[0]:"),
    ("a fractional face", {"roll": "risk", "ruin": 1, "dark": [2.5]}, "dark[0]:"),
    ("a text face", {"roll": "risk", "ruin": 1, "dark": ["6"]}, "dark[0]:"),
    ("a negative count", {"roll": "risk", "ruin": 1, "dark": -1}, "dark:"),
    ("a count too large to roll", {"roll": "risk", "ruin": 1, "dark": 101}, "dark:"),
    ("a negative push count", {"roll": "risk", "ruin": 1, "light": [2], "push": -1}, "push:"),
    ("seven rolled weak points", {"roll": "combat", "endurance": 9, "dark": [1], "characters": [
        {"name": "A", "ruin": 1, "weak_points": 7}]}, "characters[0].weak_points:"),
    ("three hunt dice", {"roll": "hunt", "light": [1, 2, 3]}, "light:"),
    ("no hunt dice", {"roll": "hunt", "light": []}, "light:"),
    ("negative tokens", {"roll": "hunt", "tokens": -1, "light": [3]}, "tokens:"),
    ("one contestant", {"roll": "contest", "participants": [{"name": "A", "ruin": 1,
                                                             "light": [1]}]}, "participants:"),
    ("duplicate contest names", {"roll": "contest", "participants": [
        {"name": "A", "ruin": 1, "light": [1]}, {"name": "A", "ruin": 1, "light": [2]}]},
     "participants[1].name:"),
    ("too many contest light dice", {"roll": "contest", "participants": [
        {"name": "A", "ruin": 1, "light": [1, 2, 3]}, {"name": "B", "ruin": 1, "light": [2]}]},
     "participants[0].light:"),
    ("a contestant without dice", {"roll": "contest", "participants": [
        {"name": "A", "ruin": 1}, {"name": "B", "ruin": 1, "light": [2]}]}, "participants[0]:"),
    ("endurance above 12", {"roll": "combat", "endurance": 13, "dark": [1], "characters": [
        {"name": "A", "ruin": 1, "weak_points": [1]}]}, "endurance:"),
    ("fewer dark dice than fighters", {"roll": "combat", "endurance": 9, "dark": [1],
                                       "characters": [{"name": "A", "ruin": 1, "weak_points": [1]},
                                                      {"name": "B", "ruin": 1,
                                                       "weak_points": [2]}]}, "dark:"),
    ("a fighter with no weak point", {"roll": "combat", "endurance": 9, "dark": [1],
                                      "characters": [{"name": "A", "ruin": 1, "weak_points": []}]},
     "characters[0].weak_points:"),
    ("equal weak points", {"roll": "combat", "endurance": 9, "dark": [1], "characters": [
        {"name": "A", "ruin": 1, "weak_points": [3, 3]}]}, "characters[0].weak_points:"),
    ("no fighters", {"roll": "combat", "endurance": 9, "dark": [1], "characters": []},
     "characters:"),
    ("reduction before 5 Ruin", {"roll": "reduction", "ruin": 4, "light": 1}, "reached_five:"),
    ("reduction at starting Ruin", {"roll": "reduction", "ruin": 2, "starting_ruin": 2,
                                    "reached_five": True, "light": 1}, "ruin:"),
    ("ruin below starting Ruin", {"roll": "reduction", "ruin": 1, "starting_ruin": 2,
                                  "reached_five": True, "light": 1}, "ruin:"),
    ("a lost character reducing", {"roll": "reduction", "ruin": 6, "light": 1}, "ruin:"),
    ("two ruin dice", {"roll": "ruin", "ruin": 2, "dark": [3, 4]}, "dark:"),
    ("an unknown roll", {"roll": "fortune"}, "roll:"),
    ("no roll at all", {"ruin": 2}, "roll:"),
    ("a missing ruin", {"roll": "risk", "light": [3]}, "ruin:"),
    ("a text ruin", {"roll": "risk", "ruin": "2", "light": [3]}, "ruin:"),
    ("an unknown foe", {"roll": "risk", "ruin": 1, "light": [3], "foe": "dragon"}, "foe:"),
]


@pytest.mark.parametrize(("why", "request_", "field"), REFUSALS,
                         ids=[why for why, _, _ in REFUSALS])
def test_every_violation_exits_2_with_one_sentence_naming_the_field(
    why: str, request_: dict[str, Any], field: str
) -> None:
    code, payload = cli(request_)
    assert code == 2
    assert set(payload) == {"error"}
    message = payload["error"]
    assert message.startswith(field), message
    assert message.endswith(".") and message.count("\n") == 0


@pytest.mark.parametrize(("why", "request_", "field"), REFUSALS,
                         ids=[why for why, _, _ in REFUSALS])
def test_every_violation_is_an_oracle_error_and_a_value_error(
    why: str, request_: dict[str, Any], field: str
) -> None:
    with pytest.raises(OracleError) as caught:
        SYSTEM.resolve(request_, SeededDice(0))
    assert isinstance(caught.value, RuleError | RequestError)
    assert isinstance(caught.value, ValueError)


def test_unknown_roll_names_the_known_rolls() -> None:
    code, payload = cli({"roll": "fortune"})
    assert code == 2
    for kind in ("risk", "ruin", "hunt", "contest", "combat", "reduction"):
        assert kind in payload["error"]


def test_combat_continue_adds_a_die_rerolls_all_and_needs_fresh_armor() -> None:
    result = SYSTEM.resolve({
        "roll": "combat", "endurance": 9, "dark": [4, 2],
        "characters": [{"name": "A", "ruin": 2, "weak_points": [4], "armor": True},
                       {"name": "B", "ruin": 5, "weak_points": [2]}],
        "continue": [[4, 4, 1], [6, 6, 2, 2]],
    }, SeededDice(0))
    a, b = result["characters"]
    # Roll 1: A's armor takes the 4; B's 2 marks their last Ruin and B leaves the fight.
    # Roll 2: no armor left, two 4s mark A twice. Roll 3: 6+6 defeats the monster.
    assert (a["ruin_before"], a["ruin_after"]) == (2, 4)
    assert (a["armor_used"], a["armor_marked"]) == (True, 1)
    assert (b["ruin_after"], b["lost"]) == (6, True)
    assert result["defeated"] is True and result["total"] == 12 and result["continues"] == 2
    assert [len(r["dark"]) for r in result["rolls"]] == [2, 3, 4]


@pytest.mark.parametrize(("continue_", "field"), [
    ([[1, 1]], "continue:"),  # the same number of dice: a continue adds one
    ([[1, 1, 1], [1, 1, 1]], "continue:"),
])
def test_combat_continue_refusals(continue_: list[list[int]], field: str) -> None:
    code, payload = cli({"roll": "combat", "endurance": 12, "dark": [1, 1], "continue": continue_,
                         "characters": [{"name": "A", "ruin": 1, "weak_points": [6]}]})
    assert code == 2 and payload["error"].startswith(field)


def test_combat_continue_after_defeat_is_refused() -> None:
    code, payload = cli({"roll": "combat", "endurance": 5, "dark": [6], "continue": [[1, 1]],
                         "characters": [{"name": "A", "ruin": 1, "weak_points": [4]}]})
    assert code == 2 and "already defeated" in payload["error"]


def test_odds_are_delegated_to_the_odds_module() -> None:
    from oracle.trophy.odds import odds_for_request

    request = {"roll": "risk", "ruin": 2, "light": 1, "dark": 1}
    assert SYSTEM.odds(request) == odds_for_request(request)


def test_contest_ruin_marked_counts_marks_made_and_stops_at_six() -> None:
    result = SYSTEM.resolve({"roll": "contest", "participants": [
        {"name": "A", "ruin": 5, "dark": [1, 1, 1]}, {"name": "B", "ruin": 1, "light": [2]}]},
        SeededDice(0))
    a = result["participants"][0]
    assert (a["ruin_after"], a["ruin_marked"], a["dark_ones"], a["lost"]) == (6, 1, 3, True)


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"roll": "risk", "ruin": 2, "light": [4], "dark": [5], "helper": []}, "helper:"),
        ({"roll": "hunt", "tokens": 1, "light": [3], "dark": [2]}, "dark:"),
        ({"roll": "risk", "ruin": 2, "dark": [5],
          "helpers": [{"name": "Mara", "ruin": 1, "face": 5}]}, "helpers[0].face:"),
        ({"roll": "contest", "participants": [{"name": "A", "ruin": 1, "light": [6], "drak": [1]},
                                              {"name": "B", "ruin": 1, "light": [5]}]},
         "participants[0].drak:"),
    ],
)
def test_a_field_the_roll_does_not_know_is_refused_not_ignored(
    request_: dict[str, object], field: str
) -> None:
    # A typo must never silently change a roll (a helper's die dropped, a dark die ignored).
    code, payload = cli(request_)
    assert code == 2
    assert str(payload["error"]).startswith(field)
    assert "not a field" in str(payload["error"])


def test_narrative_fields_are_welcome_and_change_nothing() -> None:
    base = {"roll": "risk", "ruin": 2, "light": [4, 1], "dark": [5]}
    told = {**base, "name": "Ash", "attempt": "pry open the reliquary", "place": "the chapel",
            "journal": "We crossed the river.", "safety": {"lines": [], "veils": []}, "seed": 3}
    assert cli(told) == cli(base)
