"""Our bestiary and the Endurance calibrator, checked against brute force over the dice."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from oracle.errors import RequestError, RuleError
from oracle.trophy.bestiary import bestiary, find_monster
from oracle.trophy.odds import Fighter
from oracle.trophy.odds.calibrator import (
    ENDURANCES,
    calibrate,
    defeat_chance,
    defeat_within,
    matchup,
    party_of,
)


def bf_defeat(endurance: int, dark: int) -> Fraction:
    """SRD 1.2, Combat Roll, by hand: below the dice count no roll; else the two highest."""
    if endurance < dark:
        return Fraction(1)
    wins = 0
    for faces in product(range(1, 7), repeat=dark):
        top = sorted(faces, reverse=True)
        total = top[0] if dark == 1 else top[0] + top[1]
        wins += total >= endurance
    return Fraction(wins, 6**dark)


def test_the_bestiary_holds_24_or_more_distinct_monsters_within_the_rules() -> None:
    monsters = bestiary()
    assert len(monsters) >= 24
    assert len({m.name for m in monsters}) == len(monsters)
    for m in monsters:
        assert 2 <= m.endurance <= 12 and m.gold >= 0 and len(m.description) > 20
    assert {m.endurance for m in monsters} >= {3, 6, 9, 12}


def test_find_monster_ignores_case_and_refuses_strangers() -> None:
    assert find_monster("moss-wife").name == "Moss-Wife"
    with pytest.raises(RequestError, match="^monster: "):
        find_monster("Tarrasque")


@pytest.mark.parametrize("size,extra", [(s, e) for s in range(1, 5) for e in range(3)
                                        if s + e <= 5])
def test_defeat_chance_equals_brute_force(size: int, extra: int) -> None:
    for endurance in range(13):
        assert defeat_chance(endurance, size, extra) == bf_defeat(endurance, size + extra)


def test_weak_points_change_the_ruin_risk_not_the_chance_to_win() -> None:
    careful = [Fighter("A", 1, 1), Fighter("B", 2, 1)]
    reckless = [Fighter("A", 1, 3), Fighter("B", 2, 2, armor=True)]
    assert defeat_chance(8, careful) == defeat_chance(8, reckless)
    odds = matchup(8, reckless)
    assert odds.characters[0].ruin_marked == 1 - Fraction(3, 6) ** 2
    assert odds.characters[1].armor_used == 1 - Fraction(4, 6) ** 2


def test_defeat_within_adds_a_die_each_roll() -> None:
    p1, p2 = bf_defeat(9, 2), bf_defeat(9, 3)
    assert defeat_within(9, 2, 1) == p1
    assert defeat_within(9, 2, 2) == 1 - (1 - p1) * (1 - p2)


@pytest.mark.parametrize("size", [1, 2, 3, 4])
@pytest.mark.parametrize("target", [Fraction(1, 10), Fraction(1, 3), Fraction(1, 2),
                                    Fraction(2, 3), Fraction(9, 10), 0.75])
def test_calibrator_picks_the_nearest_endurance_preferring_the_tougher(size: int,
                                                                        target: Fraction | float) -> None:
    goal = Fraction(target)
    result = calibrate(goal, size)
    table = {e: bf_defeat(e, size) for e in ENDURANCES}
    best = min(abs(p - goal) for p in table.values())
    assert abs(result.chance - goal) == best
    assert result.endurance == max(e for e, p in table.items() if abs(p - goal) == best)
    assert dict(result.table) == table


def test_chances_fall_as_endurance_rises() -> None:
    for size in range(1, 5):
        chances = [defeat_chance(e, size) for e in ENDURANCES]
        assert chances == sorted(chances, reverse=True)


@pytest.mark.parametrize("call,error", [
    (lambda: calibrate(Fraction(3, 2), 2), RequestError),
    (lambda: party_of(0), RequestError),
    (lambda: party_of(7), RequestError),
    (lambda: defeat_chance(13, 2), RuleError),
    (lambda: defeat_chance(8, 2, -1), RequestError),
    (lambda: defeat_within(8, 2, 0), RequestError),
])
def test_bad_calibrations_are_refused(call: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        call()  # type: ignore[operator]
