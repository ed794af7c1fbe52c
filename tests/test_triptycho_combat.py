"""Opposed rolls, Damage and Defense, Piercing, Resistance/Weakness, enhancement dice, odds.

Exhaustive where small: every face of every die for small entries is resolved and compared with
a brute-force reading of the text; the exact odds are compared with a brute-force count.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from oracle.dice import FixedDice
from oracle.errors import RequestError, RuleError
from oracle.triptycho.combat import Side, affinity_value, net_level_change, opposed_winner
from oracle.triptycho.entries import parse_entry
from oracle.triptycho.system import SYSTEM

SMALL = ["1d2", "1d4", "2d2", "1d6", "2d4"]


def faces_of(entry: str) -> list[tuple[int, ...]]:
    e = parse_entry("dice", entry)
    return list(itertools.product(range(1, e.sides + 1), repeat=e.number))


@pytest.mark.parametrize(("action", "reaction", "winner"),
                         [(5, 3, Side.ACTION), (3, 3, Side.ACTION), (2, 3, Side.REACTION)])
def test_higher_wins_and_ties_go_to_the_action(action: int, reaction: int, winner: Side) -> None:
    assert opposed_winner(action, reaction) is winner


@pytest.mark.parametrize(("action", "reaction"), list(itertools.product(SMALL, SMALL)))
def test_every_face_of_an_opposed_roll_matches_the_brute_force_reading(action: str,
                                                                       reaction: str) -> None:
    for a in faces_of(action):
        for r in faces_of(reaction):
            result = SYSTEM.resolve({"roll": "opposed", "action": action, "reaction": reaction},
                                    FixedDice([*a, *r]))
            assert result["winner"] == ("action" if sum(a) >= sum(r) else "reaction")
            assert (result["action_total"], result["reaction_total"]) == (sum(a), sum(r))


@pytest.mark.parametrize(("scenario", "act", "react"),
                         [("combat", "hit", "miss"), ("exploration", "inflict", "endure"),
                          ("interaction", "argue", "rebuttal")])
def test_each_scenario_names_its_opposed_entries(scenario: str, act: str, react: str) -> None:
    result = SYSTEM.resolve({"roll": "attack", "scenario": scenario, act: [2], react: [2],
                             "damage": [4]}, FixedDice([]))
    assert (result["action_name"], result["reaction_name"]) == (act, react)
    assert result["hit"] is True and result["dealt"] == 4


def test_an_entry_named_for_another_scenario_is_refused() -> None:
    with pytest.raises(RuleError, match=r"^hit: that entry belongs to combat scenarios"):
        SYSTEM.resolve({"roll": "attack", "scenario": "interaction", "hit": [3],
                        "rebuttal": [2]}, FixedDice([]))


def test_without_an_evasion_entry_there_is_no_opposed_roll_and_the_attack_hits() -> None:
    # The text's example: Hit 1d8 and Damage 1d10 against a Reaction with only Defense 1d6.
    result = SYSTEM.resolve({"roll": "attack", "hit": "1d8", "damage": "1d10",
                             "defense": "1d6"}, FixedDice([6, 2]))
    assert result["opposed_roll"] is False and result["winner"] is None
    assert result["hit"] is True and result["dealt"] == 4


def test_a_miss_deals_nothing_and_rolls_no_damage() -> None:
    dice = FixedDice([1, 4])
    result = SYSTEM.resolve({"roll": "attack", "hit": "1d8", "miss": "1d4", "damage": "1d10"},
                            dice)
    assert (result["hit"], result["dealt"], result["damage_total"]) == (False, 0, None)
    assert dice.remaining == ()


@pytest.mark.parametrize(("damage", "defense"), list(itertools.product(SMALL, [*SMALL, None])))
def test_every_face_of_damage_and_defense_matches_the_brute_force_reading(
    damage: str, defense: str | None
) -> None:
    for d in faces_of(damage):
        for f in faces_of(defense) if defense else [()]:
            request: dict[str, Any] = {"roll": "damage", "damage": damage}
            if defense:
                request["defense"] = defense
            result = SYSTEM.resolve(request, FixedDice([*d, *f]))
            assert result["dealt"] == max(0, sum(d) - sum(f))


@pytest.mark.parametrize(
    ("piercing", "defense", "defense_enh", "after", "after_enh"),
    [
        (1, "1d6", [], "1d4", []),
        (3, "1d6", [], None, []),  # pushed below d2: nothing rolled
        (1, "1d6", ["1d4"], "1d6", ["1d2"]),  # enhancements first
        (2, "1d6", ["1d4"], "1d6", [None]),
        (3, "1d6", ["1d4"], "1d4", [None]),  # leftover to the base
        (3, "1d6", ["1d2", "1d2"], "1d4", [None, None]),
        (2, "1d20", ["1d4"], "1d20", [None]),  # a d20 takes no Piercing
    ],
)
def test_piercing_goes_to_enhancement_dice_first(piercing: int, defense: str,
                                                 defense_enh: list[str], after: str | None,
                                                 after_enh: list[str | None]) -> None:
    result = SYSTEM.resolve({"roll": "damage", "damage": [9], "defense": defense,
                             "defense_enhancements": defense_enh, "piercing": piercing},
                            FixedDice([1] * 10))
    assert result["defense_dice"] == after
    assert [e["dice"] for e in result["defense_enhancements"]] == after_enh


@pytest.mark.parametrize(
    ("grants", "value"),
    [(2, 2), ([1, 2], 2), ([2, 1], 2), (["+1"], 1), ([1, 2, "+1"], 3), (["+1", "+2"], 3), ([], 0)],
)
def test_largest_grant_wins_then_increases_add(grants: object, value: int) -> None:
    assert affinity_value("resistance", grants) == value


@pytest.mark.parametrize(("resistance", "weakness", "change"),
                         [(3, 1, -2), (1, 3, 2), (2, 2, 0), (0, 2, 2), (2, 0, -2)])
def test_resistance_and_weakness_net_out(resistance: int, weakness: int, change: int) -> None:
    assert net_level_change(resistance, weakness) == change


@pytest.mark.parametrize(
    ("affinities", "damage_type", "dice"),
    [
        ({"resistance": {"fire": 2}}, "fire", "1d6"),  # Fire Resistance 2: 1d10 -> 1d6
        ({"weakness": {"ice": 2}}, "ice", "1d12"),
        ({"weakness": {"ice": 2}}, "fire", "1d10"),  # a different type is not touched
        ({"resistance": {"fire": 3}, "weakness": {"fire": 1}}, "fire", "1d6"),
        ({"resistance": {"fire": 2}, "weakness": {"fire": 2}}, "fire", "1d10"),
        ({"resistance": {"fire": 9}}, "fire", "1d2"),  # Resistance stops at d2
        ({"weakness": {"fire": ["+1"]}}, "fire", "1d12"),
        ({"resistance": {"fire": 2}}, None, "1d10"),  # untyped damage is untouched
    ],
)
def test_resistance_lowers_and_weakness_raises_damage_of_its_type(
    affinities: dict[str, Any], damage_type: str | None, dice: str
) -> None:
    result = SYSTEM.resolve({"roll": "damage", "damage": "1d10", "damage_type": damage_type,
                             **affinities}, FixedDice([1]))
    assert result["damage_dice"] == dice


def test_enhancement_dice_keep_their_own_type_and_ignore_card_modifiers() -> None:
    result = SYSTEM.resolve({
        "roll": "damage",
        "damage": {"dice": "1d6", "type": "fire", "level": 1, "number": 1},
        "damage_enhancements": [{"dice": "1d4", "type": "ice"}, "1d4"],
        "resistance": {"fire": 1}, "weakness": {"ice": 1},
    }, FixedDice([3, 3, 4, 2]))
    # Card modifiers make the base 2d8; Fire Resistance 1 takes it to 2d6.
    assert result["damage_dice"] == "2d6"
    # The ice enhancement meets Ice Weakness 1 (1d6); the untyped one stays 1d4.
    assert [e["dice"] for e in result["damage_enhancements"]] == ["1d6", "1d4"]
    assert [e["type"] for e in result["damage_enhancements"]] == ["ice", None]
    assert result["dealt"] == 3 + 3 + 4 + 2


def test_enhancement_dice_do_nothing_without_a_base_entry() -> None:
    result = SYSTEM.resolve({"roll": "damage", "damage": [5], "defense_enhancements": ["1d6"]},
                            FixedDice([]))
    assert result["dealt"] == 5 and result["defense_enhancements"] == []
    result = SYSTEM.resolve({"roll": "damage", "damage_enhancements": ["1d6"]}, FixedDice([]))
    assert result["dealt"] == 0 and result["damage_total"] is None


def test_minimum_and_maximum_look_at_the_base_entry_only() -> None:
    result = SYSTEM.resolve({"roll": "damage", "damage": "2d4", "damage_enhancements": ["1d6"]},
                            FixedDice([4, 4, 1]))
    assert result["damage_result"] == "maximum"
    result = SYSTEM.resolve({"roll": "damage", "damage": "2d4", "damage_enhancements": ["1d6"]},
                            FixedDice([1, 1, 6]))
    assert result["damage_result"] == "minimum"


def test_unknown_damage_types_are_refused_and_declared_ones_accepted() -> None:
    with pytest.raises(RuleError, match=r"^damage_type: 'lightning' is not a known damage type"):
        SYSTEM.resolve({"roll": "damage", "damage": [3], "damage_type": "lightning"},
                       FixedDice([]))
    result = SYSTEM.resolve({"roll": "damage", "damage": "1d6", "damage_type": "lightning",
                             "damage_types": ["lightning"], "weakness": {"lightning": 1}},
                            FixedDice([7]))
    assert result["damage_dice"] == "1d8" and result["dealt"] == 7


def test_bare_faces_cannot_take_a_level_change() -> None:
    with pytest.raises(RequestError, match=r"^damage: fire Resistance or Weakness changes"):
        SYSTEM.resolve({"roll": "damage", "damage": [3], "damage_type": "fire",
                        "resistance": {"fire": 1}}, FixedDice([]))


def test_faces_for_dice_piercing_removed_are_refused() -> None:
    with pytest.raises(RuleError, match=r"^defense\.faces: Piercing pushed"):
        SYSTEM.resolve({"roll": "damage", "damage": [3], "piercing": 1,
                        "defense": {"dice": "1d2", "faces": [1]}}, FixedDice([]))


def test_a_refused_request_rolls_no_dice() -> None:
    dice = FixedDice([3, 2, 5])
    with pytest.raises(RuleError):
        SYSTEM.resolve({"roll": "attack", "hit": "1d4", "miss": "1d4", "damage": "1d6",
                        "damage_type": "plasma"}, dice)
    assert dice.remaining == (3, 2, 5)


# --- exact odds against a brute-force count --------------------------------------------------

ODDS_CASES: list[tuple[dict[str, Any], list[str], list[str], list[str], list[str]]] = [
    # request, effective accuracy, evasion, damage parts, defense parts (in rolling order)
    ({"hit": "1d8", "miss": "1d4", "damage": "1d10", "defense": "1d6"},
     ["1d8"], ["1d4"], ["1d10"], ["1d6"]),
    ({"hit": "2d4", "miss": "1d6", "damage": "2d4"}, ["2d4"], ["1d6"], ["2d4"], []),
    ({"damage": "1d6", "defense": "1d4", "piercing": 1}, [], [], ["1d6"], ["1d2"]),
    ({"hit": "1d4", "miss": "1d4", "damage": {"dice": "1d6", "type": "fire"},
      "damage_enhancements": ["1d4"], "weakness": {"fire": 1}, "defense": "1d6",
      "defense_enhancements": ["1d2"], "piercing": 2},
     ["1d4"], ["1d4"], ["1d8", "1d4"], ["1d4"]),
]


@pytest.mark.parametrize(("request_", "acc", "eva", "dmg", "dfn"), ODDS_CASES)
def test_attack_odds_equal_a_brute_force_count_of_resolved_faces(
    request_: dict[str, Any], acc: list[str], eva: list[str], dmg: list[str], dfn: list[str]
) -> None:
    request = {"roll": "attack", **request_}
    odds = SYSTEM.odds(request)
    counts: Counter[int] = Counter()
    total = 0
    for a, r, d, f in itertools.product(*(list(itertools.product(*(faces_of(e) for e in part)))
                                          for part in (acc, eva, dmg, dfn))):
        flat = [x for group in (*a, *r) for x in group]
        hit = not acc or not eva or sum(map(sum, a)) >= sum(map(sum, r))
        if hit:
            flat += [x for group in (*d, *f) for x in group]
        # brute-force reading: a hit deals damage less defense, never below 0
        naive = max(0, sum(map(sum, d)) - sum(map(sum, f))) if hit else 0
        result = SYSTEM.resolve(request, FixedDice(flat))
        assert result["dealt"] == naive
        counts[naive] += 1
        total += 1
    expected = {k: Fraction(v, total) for k, v in counts.items()}
    got = {row["total"]: Fraction(row["fraction"]) for row in odds["distribution"]}
    assert got == expected
    mean = sum((k * p for k, p in expected.items()), Fraction(0))
    assert Fraction(odds["expected"]["fraction"]) == mean


@pytest.mark.parametrize(("action", "reaction"), list(itertools.product(SMALL, SMALL)))
def test_opposed_odds_equal_a_brute_force_count(action: str, reaction: str) -> None:
    odds = SYSTEM.odds({"roll": "opposed", "action": action, "reaction": reaction})
    pairs = [(sum(a), sum(r)) for a in faces_of(action) for r in faces_of(reaction)]
    n = len(pairs)
    assert Fraction(odds["action_wins"]["fraction"]) == Fraction(
        sum(a >= r for a, r in pairs), n)
    assert Fraction(odds["reaction_wins"]["fraction"]) == Fraction(
        sum(a < r for a, r in pairs), n)
    assert Fraction(odds["tie"]["fraction"]) == Fraction(sum(a == r for a, r in pairs), n)


def test_dice_odds_cover_every_total_once() -> None:
    odds = SYSTEM.odds({"roll": "dice", "dice": "2d6", "level": -1, "number": 1})
    assert odds["dice"] == "3d4"
    assert sum(Fraction(row["fraction"]) for row in odds["distribution"]) == 1
    assert [row["total"] for row in odds["distribution"]] == list(range(3, 13))
    assert odds["expected"]["fraction"] == "15/2"


def test_faces_belong_to_the_dice_after_every_modifier() -> None:
    result = SYSTEM.resolve({"roll": "damage", "damage": {"dice": "1d10", "type": "fire",
                                                          "faces": [11]},
                             "weakness": {"fire": 1}}, FixedDice([]))
    assert (result["damage_dice"], result["dealt"]) == ("1d12", 11)
    with pytest.raises(RuleError, match=r"^damage\.faces: a d8 shows 1 to 8, not 9\.$"):
        SYSTEM.resolve({"roll": "damage", "damage": {"dice": "1d10", "type": "fire",
                                                     "faces": [9]},
                        "resistance": {"fire": 1}}, FixedDice([]))


def test_a_hit_and_a_miss_carry_the_same_fields() -> None:
    request = {"roll": "attack", "hit": "1d4", "miss": "1d4", "damage": "1d6", "defense": "1d4"}
    hit = SYSTEM.resolve(request, FixedDice([3, 2, 5, 1]))
    miss = SYSTEM.resolve(request, FixedDice([1, 2]))
    assert set(hit) == set(miss)
    assert (miss["dealt"], miss["damage_faces"], miss["defense_total"]) == (0, None, None)
