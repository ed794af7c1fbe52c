"""Every Triptycho example of shared/contract/resolve.md, directly and through `oracle resolve`."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from oracle.cli import main
from oracle.dice import SeededDice
from oracle.triptycho.system import SYSTEM

CONTRACT = [
    ({"roll": "dice", "system": "triptycho", "dice": "2d6", "level": -1, "number": 1},
     {"roll": "dice", "dice": "3d4"}),
    ({"roll": "opposed", "system": "triptycho", "action": [3, 4], "reaction": [6]},
     {"roll": "opposed", "action_total": 7, "reaction_total": 6, "winner": "action"}),
    ({"roll": "damage", "system": "triptycho", "damage": [5, 2], "defense": [3]},
     {"roll": "damage", "dealt": 4}),
    # a d20 never changes level: it stays a d20, as a clamp does, not an error
    ({"roll": "dice", "system": "triptycho", "dice": "1d20", "level": 1},
     {"roll": "dice", "dice": "1d20", "clamped": True}),
    ({"roll": "dice", "system": "triptycho", "dice": "2d20", "level": -2, "number": 1},
     {"roll": "dice", "dice": "3d20", "clamped": True}),
    # "defense": [] means no Defense dice were rolled (as after Piercing took them all)
    ({"roll": "damage", "system": "triptycho", "damage": [5, 2], "defense": []},
     {"roll": "damage", "dealt": 7, "defense_total": 0, "defense_faces": []}),
    ({"roll": "damage", "system": "triptycho", "damage": [5, 2], "defense": [], "piercing": 2},
     {"roll": "damage", "dealt": 7, "defense_total": 0, "defense_faces": []}),
]


def run(argv: list[str], request: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(json.dumps(request)), out=out)
    payload: dict[str, Any] = json.loads(out.getvalue())
    return code, payload


@pytest.mark.parametrize(("request_", "expected"), CONTRACT)
def test_contract_example_directly(request_: dict[str, Any], expected: dict[str, Any]) -> None:
    result = SYSTEM.resolve(request_, SeededDice(1))
    assert {k: result[k] for k in expected} == expected


@pytest.mark.parametrize(("request_", "expected"), CONTRACT)
def test_contract_example_through_the_cli(request_: dict[str, Any],
                                          expected: dict[str, Any]) -> None:
    code, payload = run(["resolve"], request_)
    assert code == 0
    assert {k: payload[k] for k in expected} == expected


def test_system_promises_its_name_and_kinds() -> None:
    assert SYSTEM.name == "triptycho"
    assert {"dice", "opposed", "damage", "attack", "initiative", "recover", "injury",
            "stat_track", "draw", "discard"} <= set(SYSTEM.roll_kinds)


def test_ties_go_to_the_action() -> None:
    code, payload = run(["resolve"], {"roll": "opposed", "system": "triptycho",
                                      "action": [4], "reaction": [2, 2]})
    assert (code, payload["winner"]) == (0, "action")


def test_damage_never_below_zero() -> None:
    code, payload = run(["resolve"], {"roll": "damage", "system": "triptycho",
                                      "damage": [2], "defense": [6]})
    assert (code, payload["dealt"]) == (0, 0)


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"roll": "dice", "dice": "31d6"}, "dice"),
        ({"roll": "dice", "dice": "1d6", "number": 1000000}, "number"),
        ({"roll": "damage", "damage": [], "defense": [3]}, "damage"),
        ({"roll": "dice", "dice": "2x6"}, "dice"),
        ({"roll": "opposed", "action": [0], "reaction": [3]}, "action"),
        ({"roll": "opposed", "action": [3], "reaction": [21]}, "reaction"),
        ({"roll": "damage", "damage": {"dice": "1d6", "faces": [7]}}, "damage.faces"),
        ({"roll": "damage", "damage": {"dice": "1d6", "type": "fier"}}, "damage.type"),
        ({"roll": "damage", "damage": "1d6", "points": -1}, "points"),
        ({"roll": "recover", "points": -2, "maximum": 10, "amount": 3}, "points"),
        ({"roll": "damage", "damage": [3], "piercing": 1, "defense": [2]}, "defense"),
        ({"roll": "explode"}, "roll"),
    ],
)
def test_bad_input_exits_2_with_one_sentence_naming_the_field(request_: dict[str, Any],
                                                              field: str) -> None:
    code, payload = run(["resolve"], {**request_, "system": "triptycho"})
    assert code == 2
    assert set(payload) == {"error"}
    message = payload["error"]
    assert message.startswith(f"{field}: ")
    assert message.endswith(".") and "\n" not in message


def test_odds_through_the_cli_are_exact_fractions() -> None:
    code, payload = run(["odds"], {"roll": "opposed", "system": "triptycho",
                                   "action": "1d8", "reaction": "1d4"})
    assert code == 0
    # 1d8 vs 1d4, ties to the action: 26 of 32 pairs, 4 of them ties.
    assert payload["action_wins"] == {"fraction": "13/16", "value": 13 / 16}
    assert payload["tie"]["fraction"] == "1/8"


def test_seeded_rolls_repeat() -> None:
    request = {"roll": "attack", "system": "triptycho", "hit": "1d8", "miss": "1d6",
               "damage": "2d6", "defense": "1d4", "seed": 42}
    assert run(["resolve"], request) == run(["resolve"], request)


def test_dice_kind_reports_clamping_and_checks_faces_against_the_new_entry() -> None:
    code, payload = run(["resolve"], {"roll": "dice", "system": "triptycho", "dice": "1d10",
                                      "level": 3, "faces": [12]})
    assert (code, payload["dice"], payload["clamped"], payload["total"]) == (0, "1d12", True, 12)
    code, payload = run(["resolve"], {"roll": "dice", "system": "triptycho", "dice": "1d4",
                                      "level": 1, "faces": [7]})
    assert (code, payload["error"]) == (2, "faces: a d6 shows 1 to 6, not 7.")


def test_odds_of_faces_already_rolled_are_certain() -> None:
    code, payload = run(["odds"], {"roll": "opposed", "system": "triptycho",
                                   "action": [3, 4], "reaction": [6]})
    assert code == 0 and payload["action_wins"]["fraction"] == "1"
    assert payload["reaction_wins"]["fraction"] == "0"


def test_odds_of_a_d20_with_a_level_change_are_a_d20s() -> None:
    code, payload = run(["odds"], {"roll": "dice", "system": "triptycho", "dice": "1d20",
                                   "level": -1})
    assert code == 0 and payload["dice"] == "1d20"
    assert [row["total"] for row in payload["distribution"]] == list(range(1, 21))


def test_odds_of_no_defense_dice_deal_the_whole_damage() -> None:
    code, payload = run(["odds"], {"roll": "damage", "system": "triptycho", "damage": "1d4",
                                   "defense": []})
    assert code == 0
    assert {row["total"]: row["fraction"] for row in payload["distribution"]} == {
        1: "1/4", 2: "1/4", 3: "1/4", 4: "1/4"}


@pytest.mark.parametrize("command", ["resolve", "odds"])
@pytest.mark.parametrize("request_", [
    {"roll": "damage", "damage": [5, 2], "defense": [3], "points": 0},
    {"roll": "attack", "action": [5], "reaction": [2], "damage": [4], "points": 0},
    {"roll": "attack", "action": [1], "reaction": [6], "damage": [4], "points": 0},
])
def test_a_target_at_0_points_cannot_be_attacked_or_damaged(request_: dict[str, Any],
                                                             command: str) -> None:
    # Triptycho, Damage Rolls: at 0 points an entity is defeated and cannot be targeted; the
    # campaign fold refuses it with the same rule (oracle.triptycho.vitals.check_targetable).
    code, payload = run([command], {**request_, "system": "triptycho"})
    assert code == 2, payload
    assert payload["error"].startswith("points: the target is defeated (0 points)")
    code, payload = run([command], {**request_, "system": "triptycho", "points": 1})
    assert code == 0, payload
