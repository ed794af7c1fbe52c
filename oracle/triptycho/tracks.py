"""Stat Tracks: a base value (-2..+2) and a current value that drifts back toward it.

Triptycho, Basic Setup: each Track's base is 0 modified by Role, Background and Gear, and lies
within -2..+2 unless stated otherwise. Draw Phase: after drawing, every Track that did not move
during the previous round moves 1 slot closer to its base; then the "moved" marks are cleared.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from oracle.errors import RequestError, RuleError, shown

BASE_LOWEST = -2
BASE_HIGHEST = 2


@dataclass(frozen=True)
class StatTrack:
    """One Track: ``base``, ``current`` and whether it moved this round."""

    base: int
    current: int
    moved: bool = False

    def moved_by(self, steps: int) -> StatTrack:
        """The Track after an effect moves it ``steps`` slots (marked as moved)."""
        return replace(self, current=self.current + steps, moved=True)

    def settled(self) -> StatTrack:
        """The Draw Phase step: one slot toward base if it did not move; clear the mark."""
        if self.moved or self.current == self.base:
            return replace(self, moved=False)
        step = 1 if self.current < self.base else -1
        return replace(self, current=self.current + step, moved=False)


def check_base(field: str, value: object) -> int:
    """A Track base value: a whole number within -2..+2."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{field}: a Stat Track base is a whole number, not {shown(value)}.")
    if not BASE_LOWEST <= value <= BASE_HIGHEST:
        raise RuleError(
            f"{field}: a Stat Track base lies within -2..+2 unless a card says otherwise; "
            f"got {value}."
        )
    return value


def new_track(field: str, base: object) -> StatTrack:
    """A Track set up at its base, as at the start of a scenario."""
    checked = check_base(field, base)
    return StatTrack(checked, checked)
