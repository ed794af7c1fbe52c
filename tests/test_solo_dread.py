"""Dread from plain numbers stays within 1..9 and rises with the campaign's pressure."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.die_trying.solo import die_trying_dread
from oracle.errors import RequestError
from oracle.solo.dread import pressure_dread
from oracle.triptycho.solo import triptycho_dread
from oracle.trophy.solo import party_dread, trophy_dread


@pytest.mark.parametrize("top,mean,sets,days,expected", [
    (1, 1, 0, 0, 1),                  # a fresh party at the forest's edge
    (3, 2, 0, 0, 3),                  # the highest Ruin counts above 1
    (4, 4, 0, 0, 5),                  # the whole party slipping adds 1
    (2, 1, 4, 0, 4),                  # two per set cleared
    (2, 1, 0, 6, 4),                  # three days a step
    (6, 5, 10, 30, 9),                # never above 9
    (4, Fraction(7, 2), 1, 2, 4),
])
def test_trophy_dread_table(top: int, mean: Fraction, sets: int, days: int,
                            expected: int) -> None:
    assert trophy_dread(top, mean, sets, days) == expected


def test_party_dread_reads_the_ruin_of_everyone() -> None:
    assert party_dread([1, 4, 4, 5]) == trophy_dread(5, Fraction(14, 4))
    with pytest.raises(RequestError):
        party_dread([])
    with pytest.raises(RequestError, match=r"ruins\[1\]"):
        party_dread([1, 7])


@given(st.lists(st.integers(1, 6), min_size=1, max_size=6), st.integers(0, 40),
       st.integers(0, 100))
def test_trophy_dread_is_always_1_to_9_and_monotone(ruins: list[int], sets: int,
                                                      days: int) -> None:
    dread = party_dread(ruins, sets, days)
    assert 1 <= dread <= 9
    assert party_dread(ruins, sets + 1, days) >= dread
    assert party_dread(ruins, sets, days + 1) >= dread
    worse = [min(6, r + 1) for r in ruins]
    assert party_dread(worse, sets, days) >= dread


@given(st.integers(0, 200), st.integers(1, 200), st.integers(0, 20), st.integers(0, 10))
def test_other_systems_dread_is_1_to_9(a: int, b: int, c: int, d: int) -> None:
    assert 1 <= pressure_dread(a, b) <= 9
    assert 1 <= die_trying_dread(a, b, c, d) <= 9
    assert 1 <= triptycho_dread(c, b % 6 + 1, d, a) <= 9


def test_pressure_ends() -> None:
    assert pressure_dread(0, 10) == 1 and pressure_dread(10, 10) == 9
    assert die_trying_dread(0, 20) == 1 and die_trying_dread(20, 20, 4, 1) == 9
    assert triptycho_dread(0, 3) == 1 and triptycho_dread(3, 1, 2, 9) == 9


@pytest.mark.parametrize("call", [
    lambda: trophy_dread(0),
    lambda: trophy_dread(3, 4),
    lambda: trophy_dread(3, 2, -1),
    lambda: pressure_dread(1, 0),
    lambda: die_trying_dread(-1, 5),
    lambda: triptycho_dread(1, 0),
])
def test_bad_numbers_are_refused(call: object) -> None:
    with pytest.raises(RequestError):
        call()  # type: ignore[operator]
