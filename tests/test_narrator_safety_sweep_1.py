"""No narration of any beat ever shows a line's theme: 500 narrations of every beat under each
common line, the first seven of :data:`tests.safety_cases.COMMON_LINES` (the other half is in
test_narrator_safety_sweep_2.py, so the two halves run on two workers at once)."""

from __future__ import annotations

import pytest

from tests.safety_cases import COMMON_LINES, sweep

LINES = COMMON_LINES[0:7]


@pytest.mark.parametrize("line,themes", LINES, ids=[c[0] for c in LINES])
def test_five_hundred_narrations_of_every_beat_never_show_a_line(line: str,
                                                                themes: set[str]) -> None:
    assert themes  # every common line names at least one theme (tested in test_narrator_safety)
    sweep(line)
