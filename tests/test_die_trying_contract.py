"""Die Trying through the contract: every example of shared/contract/resolve.md, in Python and
through ``oracle resolve``/``oracle odds`` with their exit codes, and one-sentence refusals."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from oracle.cli import main
from oracle.dice import FixedDice, SeededDice
from oracle.die_trying.system import SYSTEM
from oracle.systems import find_system

CONTRACT = [
    (
        {"roll": "check", "system": "die_trying", "d10": 4, "modifier": 2, "dc": 5},
        {"roll": "check", "total": 6, "degree": "success"},
    ),
    (
        {"roll": "spell", "system": "die_trying", "magic": [2, 5], "instability": [4],
         "miscast_d10": 3},
        {"roll": "spell", "power": 7, "instability_gained": 2, "miscast": False},
    ),
    (
        {"roll": "death_save", "system": "die_trying", "hp": -1, "d10": 9},
        {"roll": "death_save", "dc": 5, "degree": "success", "hp_after": 0, "stable": False,
         "dead": False},
    ),
]


def run(argv: list[str], request: object) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(json.dumps(request)), out=out)
    payload: dict[str, Any] = json.loads(out.getvalue())
    return code, payload


def test_the_registry_finds_die_trying() -> None:
    system = find_system("die_trying")
    assert system.name == "die_trying"
    assert {"check", "spell", "death_save"} <= set(system.roll_kinds)


@pytest.mark.parametrize(("request_", "expected"), CONTRACT)
def test_contract_example_in_python(request_: dict[str, Any], expected: dict[str, Any]) -> None:
    result = SYSTEM.resolve(request_, FixedDice([]))
    assert {k: result[k] for k in expected} == expected


@pytest.mark.parametrize(("request_", "expected"), CONTRACT)
def test_contract_example_through_the_cli(request_: dict[str, Any],
                                          expected: dict[str, Any]) -> None:
    code, result = run(["resolve"], request_)
    assert code == 0
    assert {k: result[k] for k in expected} == expected


def test_a_miscast_carries_its_total_and_the_tables_row() -> None:
    code, result = run(["resolve"], {"roll": "spell", "system": "die_trying", "magic": [3, 3],
                                     "instability": [], "miscast_d10": 4})
    assert code == 0
    assert result["miscast"] is True
    assert result["miscast_total"] == 4 + 2 - 1  # d10 + matching dice - 1
    assert result["miscast_row"] == 5 and "dangerous" in result["miscast_effect"]


def test_a_spell_without_a_miscast_still_carries_the_miscast_fields_as_null() -> None:
    result = SYSTEM.resolve(CONTRACT[1][0], FixedDice([]))
    assert result["miscast_total"] is None and result["miscast_effect"] is None


def test_a_death_save_success_at_zero_hp_makes_the_character_stable() -> None:
    result = SYSTEM.resolve({"roll": "death_save", "system": "die_trying", "hp": 0, "d10": 7,
                             "unconscious_d6": [6, 1]}, FixedDice([]))
    assert result["hp_after"] == 0 and result["stable"] is True and result["dead"] is False
    assert result["unconscious_hours"] == 3 + 1  # 2d3 from two d6 halved up


@pytest.mark.parametrize("roll", ["death_save", "stabilize"])
@pytest.mark.parametrize(("hp", "d10"), [(-2, 1), (-2, 10), (0, 1), (0, 9), (-4, 9)])
def test_hour_dice_rolled_ahead_are_accepted_when_the_save_does_not_need_them(
        roll: str, hp: int, d10: int) -> None:
    # A player with physical dice rolls the 2d6 for the hours up front; a save that kills, or
    # that leaves them dying, does not read them, and that is no reason to refuse the request.
    request = {"roll": roll, "system": "die_trying", "hp": hp, "d10": d10, "unconscious_d6": [3, 4]}
    code, result = run(["resolve"], request)
    assert code == 0, result
    if result["unconscious"]:
        assert result["unconscious_hours"] == 2 + 2
    else:
        assert result["unconscious_hours"] is None and result["unconscious_d6"] is None
    code, refused = run(["resolve"], {**request, "unconscious_d6": [3]})
    assert code == 2 and refused["error"].startswith("unconscious_d6: 2d3 hours takes two d6")


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"roll": "check", "d10": 11, "modifier": 0, "dc": 5}, "d10"),
        ({"roll": "check", "d10": 0, "modifier": 0, "dc": 5}, "d10"),
        ({"roll": "check", "d10": 4, "modifier": "two", "dc": 5}, "modifier"),
        ({"roll": "check", "d10": 4, "modifier": 1.5, "dc": 5}, "modifier"),
        ({"roll": "check", "d10": 4, "modifier": 2, "dc": "hard"}, "dc"),
        ({"roll": "check", "d10": 4, "modifier": 2, "dc": True}, "dc"),
        ({"roll": "check", "d10": 4, "modifier": 2}, "dc"),
        ({"roll": "check", "d10": 4, "ability": 2, "proficiency": "grandmaster", "dc": 5},
         "proficiency"),
        ({"roll": "spell", "magic": [7], "instability": []}, "magic[0]"),
        ({"roll": "spell", "magic": [3, 3], "instability": [0]}, "instability[0]"),
        ({"roll": "death_save", "hp": 2, "d10": 5}, "hp"),
        ({"roll": "death_save", "hp": -5, "d10": 5}, "hp"),
        ({"roll": "equipment", "purchases": ["heavy_armor", {"item": "weapon", "trait": "deadly"},
                                             "torch"]}, "equipment"),
        ({"roll": "equipment", "purchases": ["crown"]}, "equipment[0].item"),
        ({"roll": "equipment", "purchases": [{"item": "weapon", "trait": "vorpal"}]},
         "equipment[0].trait"),
        ({"roll": "character", "name": "Ann", "abilities": {
            "strength": 1, "dexterity": 1, "constitution": 1, "intelligence": 1, "wisdom": 1,
            "charisma": 1}, "proficiencies": {"stealth": "master"}}, "proficiencies.stealth"),
        ({"roll": "character", "name": "Ann", "abilities": {
            "strength": 1, "dexterity": 1, "constitution": 1, "intelligence": 1, "wisdom": 1,
            "charisma": 1}, "talents": {"Fireball": 3}}, "talents.Fireball"),
        ({"roll": "character", "name": "Ann", "abilities": {
            "strength": 1, "dexterity": 1, "constitution": 1, "intelligence": 1, "wisdom": 1,
            "charisma": 1}, "proficiencies": {"stealth": "expert", "arcana": "expert",
                                              "medicine": "expert", "nature": "trained"}},
         "proficiencies and talents"),
        ({"roll": "character", "name": "Ann", "abilities": {
            "strength": 4, "dexterity": 1, "constitution": 1, "intelligence": 1, "wisdom": 1,
            "charisma": 1}}, "abilities.strength"),
        ({"roll": "juggle"}, "roll"),
    ],
)
def test_bad_input_is_one_sentence_naming_the_field_with_exit_2(request_: dict[str, Any],
                                                                 field: str) -> None:
    code, payload = run(["resolve"], {"system": "die_trying", **request_})
    assert code == 2
    assert set(payload) == {"error"}
    message = payload["error"]
    assert message.startswith(f"{field}:"), message
    assert message.endswith(".") and "\n" not in message


def test_an_over_budget_purchase_names_the_budget_and_the_cost() -> None:
    code, payload = run(["resolve"], {"system": "die_trying", "roll": "equipment",
                                      "purchases": ["heavy_armor", "thieves_tools", "rope"]})
    assert code == 2
    assert "45 SP" in payload["error"] and "50 SP" in payload["error"]


def test_a_seed_makes_rolled_dice_repeatable() -> None:
    request = {"roll": "spell", "system": "die_trying", "magic": 3, "instability": 2, "seed": 7}
    first = run(["resolve"], request)
    assert first == run(["resolve"], request)
    assert first[0] == 0 and len(first[1]["magic"]) == 3 and len(first[1]["instability"]) == 2


def test_absent_single_dice_are_rolled_from_the_source() -> None:
    result = SYSTEM.resolve({"roll": "check", "modifier": 0, "dc": 5}, FixedDice([10]))
    assert result["d10"] == 10
    assert result["base_degree"] == "success" and result["degree"] == "critical_success"


def test_every_roll_kind_resolves_from_a_seed_alone_or_says_what_it_needs() -> None:
    for roll in SYSTEM.roll_kinds:
        try:
            result = SYSTEM.resolve({"roll": roll, "system": "die_trying", "dc": 5, "ac": 5,
                                     "hp": 0, "target": "strength", "watchers": [
                                         {"name": "orc", "perception": 1, "hidden": True}],
                                     "combatants": [{"name": "a"}, {"name": "b"}],
                                     "name": "Zed", "abilities": {
                                         "strength": 0, "dexterity": 0, "constitution": 1,
                                         "intelligence": 0, "wisdom": 0, "charisma": 0},
                                     "magic": 1},
                                    SeededDice(roll))
        except ValueError as exc:  # only our one-sentence errors may come out
            assert str(exc).endswith("."), (roll, exc)
        else:
            assert result["roll"] == roll


def test_odds_through_the_cli_for_a_check() -> None:
    code, payload = run(["odds"], {"roll": "check", "system": "die_trying", "modifier": 2,
                                   "dc": 5})
    assert code == 0
    degrees = payload["degrees"]
    # faces 1..10 + 2 against DC 5: totals 3..12; natural 1 (total 3, failure) becomes a
    # critical failure, 2-3 fail, 4-8 succeed, 9 (total 11) is critical, natural 10 critical.
    assert degrees["critical_failure"]["fraction"] == "1/10"
    assert degrees["failure"]["fraction"] == "1/5"
    assert degrees["success"]["fraction"] == "1/2"
    assert degrees["critical_success"]["fraction"] == "1/5"
    assert payload["success"]["value"] == pytest.approx(0.7)
