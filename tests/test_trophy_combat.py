"""The Combat Roll (SRD 1.2): Weak Points, Endurance, armor, continuing and retreating."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from oracle.dice import FixedDice
from oracle.errors import RuleError
from oracle.trophy.combat import Fighter, check_hand_off, hand_off, read_combat


@pytest.mark.parametrize(("dark", "endurance", "total", "defeated"), [
    ((4, 2), 7, 6, False),
    ((4, 3), 7, 7, True),       # equal to Endurance defeats
    ((6, 1, 5), 11, 11, True),  # the two highest dark dice
    ((5,), 5, 5, True),         # one die alone is the total
    ((2, 2, 2), 5, 4, False),
])
def test_the_two_highest_dark_dice_against_endurance(dark: tuple[int, ...], endurance: int,
                                                     total: int, defeated: bool) -> None:
    fighters = [Fighter(f"F{i}", 1, (1,)) for i in range(min(len(dark), 1))]
    result = read_combat(endurance, fighters, dark)
    assert (result.total, result.defeated, result.roll_required) == (total, defeated, True)


@pytest.mark.parametrize(("endurance", "dice", "required"), [
    (1, 2, False), (2, 2, True), (2, 3, False), (0, 1, False), (1, 1, True), (12, 6, True),
])
def test_endurance_below_the_number_of_dark_dice_needs_no_roll(endurance: int, dice: int,
                                                               required: bool) -> None:
    result = read_combat(endurance, [Fighter("A", 2, (6,))], (6,) * dice)
    assert result.roll_required is required and result.defeated
    if not required:
        assert result.total is None and result.fighters[0].ruin_after == 2


def test_endurance_above_twelve_says_retreat_or_lower_it() -> None:
    with pytest.raises(RuleError, match="^endurance:.*retreat.*lower"):
        read_combat(13, [Fighter("A", 1, (1,))], (1,))


def brute_combat(dark: tuple[int, ...], weak: tuple[int, ...], ruin: int, armor: bool,
                 endurance: int) -> tuple[int, bool, int, int, bool]:
    pair_sums = [a + b for a, b in itertools.combinations(dark, 2)] or [dark[0]]
    total = max(pair_sums)
    matches = len([d for d in dark if d in weak])
    used = armor and matches > 0
    return total, total >= endurance, matches, min(6, ruin + (0 if used else matches)), used


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_every_face_of_up_to_four_dark_dice_matches_the_brute_force(n: int) -> None:
    for dark in itertools.product(range(1, 7), repeat=n):
        for weak, armor in itertools.product([(1,), (3,), (6,), (2, 5)], (False, True)):
            for endurance in (n, 7, 12):
                result = read_combat(endurance, [Fighter("A", 3, weak, armor)], dark)
                f = result.fighters[0]
                assert (result.total, result.defeated, f.matches, f.ruin_after,
                        f.armor_used) == brute_combat(dark, weak, 3, armor, endurance)


def test_several_fighters_each_suffer_their_own_matches() -> None:
    result = read_combat(12, [Fighter("A", 1, (3,)), Fighter("B", 5, (4, 2)),
                              Fighter("C", 2, (6,), armor=True)], (3, 3, 4, 6))
    assert [(f.matches, f.ruin_after, f.armor_used) for f in result.fighters] == [
        (2, 3, False), (1, 6, False), (1, 2, True)]
    assert result.fighters[1].lost


def rerolls(*faces: int) -> Callable[[], int]:
    dice = FixedDice(faces)
    return lambda: dice.roll(6)


def test_a_handed_over_weak_point_is_rerolled_while_it_equals_one_held() -> None:
    assert hand_off((4,), (4,), rerolls(4, 4, 2)) == (2,)
    assert hand_off((5,), (4,), rerolls()) == (5,)  # no clash: no re-roll
    assert hand_off((1, 2), (2, 3), rerolls(3, 6)) == (1, 6)
    with pytest.raises(RuleError, match="^handed:"):
        hand_off((1,), (1, 2, 3, 4, 5, 6), rerolls())


@pytest.mark.parametrize(("handed", "received", "keeping", "ok"), [
    ((5,), (5,), (4,), True),
    ((4,), (2,), (4,), True),
    ((4,), (4,), (4,), False),   # still equal: must be re-rolled
    ((5,), (2,), (4,), False),   # no clash: passes unchanged
    ((5, 1), (5,), (4,), False),  # every Weak Point is handed over
])
def test_hand_off_faces_are_checked(handed: tuple[int, ...], received: tuple[int, ...],
                                    keeping: tuple[int, ...], ok: bool) -> None:
    if ok:
        assert set(check_hand_off(handed, received, keeping)) == {*keeping, *received}
    else:
        with pytest.raises(RuleError, match="^handed"):
            check_hand_off(handed, received, keeping)


@pytest.mark.parametrize(("fighters", "dark", "field"), [
    ([], (1,), "characters:"),
    ([Fighter("A", 1, (1,)), Fighter("B", 1, (2,))], (1,), "dark:"),
    ([Fighter("A", 1, (1,))], (), "dark:"),
    ([Fighter("A", 1, ())], (1,), r"characters\[0\]\.weak_points:"),
    ([Fighter("A", 1, (2, 2))], (1,), r"characters\[0\]\.weak_points:"),
    ([Fighter("A", 1, (1,)), Fighter("A", 1, (2,))], (1, 2), r"characters\[1\]\.name:"),
    ([Fighter("A", 6, (1,))], (1,), r"characters\[0\]\.ruin:"),
    ([Fighter("A", 1, (1,))], (7,), r"dark\[0\]:"),
])
def test_combat_refusals_name_the_field(fighters: list[Fighter], dark: tuple[int, ...],
                                        field: str) -> None:
    with pytest.raises(RuleError, match=f"^{field}"):
        read_combat(9, fighters, dark)
