"""Triptycho dice entries: XdY, the dice level ladder, dice number, the fixed d20."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.errors import OracleError, RequestError, RuleError
from oracle.triptycho.entries import (
    LADDER,
    MOST_DICE,
    DiceEntry,
    change_level,
    change_number,
    check_faces,
    parse_entry,
    pierce_level,
    shift_level,
)


@pytest.mark.parametrize(
    ("text", "number", "sides"),
    [("1d8", 1, 8), ("2d4", 2, 4), ("3d6", 3, 6), ("1D12", 1, 12), (" 2 d 10 ", 2, 10),
     ("+1d4", 1, 4), ("1d20", 1, 20), ("1d2", 1, 2)],
)
def test_xdy_reads_number_then_level(text: str, number: int, sides: int) -> None:
    entry = parse_entry("dice", text)
    assert entry == DiceEntry(number, sides)
    assert str(entry) == f"{number}d{sides}"


@pytest.mark.parametrize("text", ["", "d6", "2d", "2x6", "1d6+1", "two d six", "1d-4", "1.5d6"])
def test_malformed_xdy_is_a_request_error_naming_the_field(text: str) -> None:
    with pytest.raises(RequestError, match=r"^dice: .*XdY"):
        parse_entry("dice", text)


@pytest.mark.parametrize("text", ["1d3", "1d7", "2d100", "1d1"])
def test_only_ladder_dice_and_the_d20_exist(text: str) -> None:
    with pytest.raises(RuleError, match=r"^dice: d\d+ is not a Triptycho die"):
        parse_entry("dice", text)


def test_zero_dice_is_refused() -> None:
    with pytest.raises(RuleError, match="at least 1"):
        parse_entry("dice", "0d6")


@pytest.mark.parametrize(
    ("start", "steps", "after"),
    [  # the text's own example: 1d6 up two levels is 1d10, then down one is 1d8
        ("1d6", 2, "1d10"), ("1d10", -1, "1d8"), ("3d6", 1, "3d8"),
        ("1d4", -1, "1d2"), ("1d2", -1, "1d2"), ("1d4", -5, "1d2"),
        ("1d12", 1, "1d12"), ("2d10", 4, "2d12"), ("2d6", -1, "2d4"),
    ],
)
def test_level_moves_along_the_ladder_and_clamps(start: str, steps: int, after: str) -> None:
    assert str(change_level("level", parse_entry("dice", start), steps)) == after


def test_every_rung_and_every_step_stays_on_the_ladder() -> None:
    for rung, sides in enumerate(LADDER):
        for steps in range(-7, 8):
            after = change_level("level", DiceEntry(2, sides), steps)
            assert after.sides == LADDER[min(max(rung + steps, 0), 5)]
            assert after.number == 2


def test_a_level_change_on_a_d20_leaves_it_a_d20_as_a_clamp_does() -> None:
    for steps in range(-7, 8):
        assert change_level("level", DiceEntry(2, 20), steps) == DiceEntry(2, 20)


def test_resistance_and_weakness_leave_a_d20_as_it_is() -> None:
    assert shift_level(DiceEntry(1, 20), 3) == DiceEntry(1, 20)
    assert shift_level(DiceEntry(1, 20), -3) == DiceEntry(1, 20)


@pytest.mark.parametrize(
    ("start", "steps", "after"),
    [("1d8", 1, "2d8"), ("2d8", -1, "1d8"), ("1d8", -1, "1d8"), ("3d4", -9, "1d4"),
     ("1d20", 2, "3d20")],
)
def test_dice_number_changes_but_never_below_one(start: str, steps: int, after: str) -> None:
    assert str(change_number(parse_entry("dice", start), steps)) == after


@pytest.mark.parametrize(
    ("start", "piercing", "after", "left"),
    [("1d6", 1, "1d4", 0), ("1d6", 2, "1d2", 0), ("1d6", 3, None, 0), ("1d6", 5, None, 2),
     ("1d2", 1, None, 0), ("2d12", 2, "2d8", 0), ("1d20", 2, "1d20", 2), ("1d4", 0, "1d4", 0)],
)
def test_piercing_pushes_defense_past_d2_into_nothing(
    start: str, piercing: int, after: str | None, left: int
) -> None:
    entry, leftover = pierce_level(parse_entry("defense", start), piercing)
    assert (None if entry is None else str(entry), leftover) == (after, left)


def test_faces_must_fit_the_die_and_the_count() -> None:
    assert check_faces("faces", DiceEntry(2, 6), [6, 1]) == (6, 1)
    with pytest.raises(RuleError, match=r"^faces: a d6 shows 1 to 6, not 7\.$"):
        check_faces("faces", DiceEntry(2, 6), [7, 1])
    with pytest.raises(RuleError, match="give 2 faces; got 1"):
        check_faces("faces", DiceEntry(2, 6), [3])
    with pytest.raises(RequestError, match="whole number"):
        check_faces("faces", DiceEntry(1, 6), [True])


@given(st.sampled_from(LADDER), st.integers(1, 6), st.lists(st.integers(-8, 8), max_size=6),
       st.lists(st.integers(-8, 8), max_size=6))
def test_level_stays_on_the_ladder_and_number_never_below_one(
    sides: int, number: int, levels: list[int], numbers: list[int]
) -> None:
    entry = DiceEntry(number, sides)
    for level, more in zip(levels, numbers):
        try:
            entry = change_number(change_level("level", entry, level), more)
        except RuleError as exc:  # past our limit: refused, naming it
            assert entry.number + more > MOST_DICE
            assert str(exc) == (f"number: an entry rolls at most {MOST_DICE} dice (our limit, "
                                f"far beyond any card); got {entry.number + more}.")
            return
        assert entry.sides in LADDER
        assert 1 <= entry.number <= MOST_DICE


@given(st.text(max_size=8))
def test_any_text_is_an_entry_or_one_handled_error(text: str) -> None:
    try:
        entry = parse_entry("dice", text)
    except OracleError as exc:
        assert str(exc).startswith("dice: ") and str(exc).endswith(".")
    else:
        assert entry.number >= 1 and entry.sides in (*LADDER, 20)
