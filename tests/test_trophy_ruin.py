"""The Ruin Roll and the Reduction Roll (SRD 1.2)."""

from __future__ import annotations

import itertools

import pytest

from oracle.errors import RuleError
from oracle.trophy.ruin import read_reduction, read_ruin_roll


@pytest.mark.parametrize(("ruin", "dark", "ruin_after"), [
    (1, 1, 1), (1, 2, 2), (3, 3, 3), (3, 4, 4), (5, 5, 5), (5, 6, 6),
])
def test_a_dark_die_higher_than_ruin_marks_one(ruin: int, dark: int, ruin_after: int) -> None:
    result = read_ruin_roll(ruin, dark)
    assert result.ruin_after == ruin_after
    assert result.lost is (ruin_after == 6)
    assert result.condition_due is (ruin_after > ruin and ruin_after < 6)


def test_every_ruin_and_face_of_the_ruin_roll() -> None:
    for ruin, dark in itertools.product(range(1, 6), range(1, 7)):
        assert read_ruin_roll(ruin, dark).ruin_after == (ruin + 1 if dark > ruin else ruin)


def test_a_lost_character_makes_no_ruin_roll() -> None:
    with pytest.raises(RuleError, match="^ruin:"):
        read_ruin_roll(6, 6)


@pytest.mark.parametrize(("ruin", "light", "anyway", "ruin_after", "noticed"), [
    # light below Ruin: unnoticed, remove 1 (the choice does not matter)
    (5, 4, False, 4, False),
    (5, 1, True, 4, False),
    # light equal or higher: the player chooses
    (5, 5, False, 5, False),
    (5, 5, True, 4, True),
    (4, 6, True, 3, True),
    (2, 2, False, 2, False),
])
def test_the_reduction_table(ruin: int, light: int, anyway: bool, ruin_after: int,
                             noticed: bool) -> None:
    result = read_reduction(ruin, light, reached_five=True, remove_anyway=anyway)
    assert (result.ruin_after, result.noticed) == (ruin_after, noticed)


def test_every_reduction_against_a_brute_force() -> None:
    for start, ruin, light, anyway in itertools.product(range(1, 5), range(2, 6), range(1, 7),
                                                        (False, True)):
        if ruin <= start:
            continue
        result = read_reduction(ruin, light, starting_ruin=start, reached_five=True,
                                remove_anyway=anyway)
        removes = light < ruin or anyway
        assert result.ruin_after == ruin - int(removes) >= start
        assert result.noticed is (light >= ruin and anyway)


def test_reduction_opens_at_five_ruin_and_stays_open_below_it() -> None:
    assert read_reduction(5, 1).ruin_after == 4  # reaching 5 is implied at Ruin 5
    with pytest.raises(RuleError, match="^reached_five:"):
        read_reduction(4, 1)
    assert read_reduction(4, 1, reached_five=True).ruin_after == 3


@pytest.mark.parametrize(("ruin", "start", "field"), [
    (1, 1, "ruin:"), (3, 3, "ruin:"), (2, 3, "ruin:"), (6, 1, "ruin:"), (3, 6, "starting_ruin:"),
])
def test_reduction_never_goes_below_starting_ruin_and_never_for_the_lost(
    ruin: int, start: int, field: str
) -> None:
    with pytest.raises(RuleError, match=f"^{field}"):
        read_reduction(ruin, 1, starting_ruin=start, reached_five=True)
