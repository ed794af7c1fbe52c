"""Ruin: the Ruin Roll, the Reduction Roll, Conditions and Losing Yourself (SRD 1.2).

Ruin runs from a character's starting Ruin (usually 1) to 6. Rolls only ever raise it, by marks
that stop at 6; only the Reduction Roll lowers it, and never below starting Ruin. At 6 the
character is lost: they choose a Fate (monster or death), roll nothing more, and may become a
co-GM.
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.dice import check_face
from oracle.errors import RuleError
from oracle.requests import whole

MIN_RUIN = 1
MAX_RUIN = 6
REDUCTION_OPENS_AT = 5


def check_ruin(field: str, ruin: object, starting_ruin: int = MIN_RUIN) -> int:
    """Return ``ruin`` if it lies in ``starting_ruin``..6, else raise RuleError."""
    value = whole(field, ruin)
    if not starting_ruin <= value <= MAX_RUIN:
        if starting_ruin == MIN_RUIN:
            raise RuleError(f"{field}: Ruin runs 1 to 6 (6 means lost); got {value}.")
        raise RuleError(
            f"{field}: Ruin runs from the starting Ruin {starting_ruin} to 6; got {value}."
        )
    return value


def check_starting_ruin(field: str, starting_ruin: object) -> int:
    """Starting Ruin is 1..5: a character who starts at 6 would begin the game lost."""
    value = whole(field, starting_ruin)
    if not MIN_RUIN <= value < MAX_RUIN:
        raise RuleError(f"{field}: starting Ruin runs 1 to 5; got {value}.")
    return value


def check_can_roll(field: str, ruin: object) -> int:
    """Return ``ruin`` if the character may still roll; a lost character (Ruin 6) cannot."""
    value = check_ruin(field, ruin)
    if value >= MAX_RUIN:
        # SRD 1.2, Losing Yourself: the lost character leaves play; they roll nothing more.
        raise RuleError(f"{field}: a lost character (Ruin 6) cannot roll.")
    return value


def mark_ruin(ruin: int, marks: int) -> int:
    """Ruin after ``marks`` marks: each mark adds 1, and the track stops at 6."""
    if marks < 0:
        raise RuleError(f"ruin: marks only ever add Ruin; got {marks}.")
    return min(MAX_RUIN, ruin + marks)


class RuinChange:
    """What a result says of one character whose Ruin it moved: derived, never stored."""

    ruin_before: int
    ruin_after: int

    @property
    def ruin_marked(self) -> bool:
        """Ruin went up on this result."""
        return self.ruin_after > self.ruin_before

    @property
    def lost(self) -> bool:
        """All six boxes are marked (SRD 1.2, Losing Yourself)."""
        return self.ruin_after >= MAX_RUIN


@dataclass(frozen=True)
class RuinResult(RuinChange):
    """A Ruin Roll read: one dark die against current Ruin (SRD 1.2, Ruin Roll)."""

    dark: int
    ruin_before: int
    ruin_after: int

    @property
    def condition_due(self) -> bool:
        """A mark asks for a Condition (SRD 1.2, Conditions), unless it made the character lost."""
        return self.ruin_marked and not self.lost


def read_ruin_roll(ruin: int, dark: int) -> RuinResult:
    """SRD 1.2, Ruin Roll: a dark die higher than current Ruin marks 1 Ruin."""
    before = check_can_roll("ruin", ruin)
    face = check_face("dark", dark)
    after = mark_ruin(before, 1) if face > before else before
    return RuinResult(dark=face, ruin_before=before, ruin_after=after)


@dataclass(frozen=True)
class ReductionResult:
    """A Reduction Roll read (SRD 1.2, Reduction Roll)."""

    light: int
    ruin_before: int
    ruin_after: int
    noticed: bool

    @property
    def removed(self) -> bool:
        return self.ruin_after < self.ruin_before


def reduction_open(ruin: int, starting_ruin: int, reached_five: bool) -> bool:
    """Reduction is open once 5 Ruin was marked, while Ruin is above starting Ruin."""
    return (reached_five or ruin >= REDUCTION_OPENS_AT) and starting_ruin < ruin < MAX_RUIN


def check_reduction(ruin: object, starting_ruin: object, reached_five: bool) -> tuple[int, int]:
    """(Ruin, starting Ruin) of a Reduction Roll that may be made, else one sentence: the
    check of ``resolve``, ``odds`` and the app alike."""
    start = check_starting_ruin("starting_ruin", starting_ruin)
    before = check_ruin("ruin", ruin, start)
    check_can_roll("ruin", before)
    if not (reached_five or before >= REDUCTION_OPENS_AT):
        raise RuleError(
            "reached_five: a Reduction Roll is only possible once the character has marked "
            f"5 Ruin; Ruin is {before} and 5 was never reached."
        )
    if before <= start:
        raise RuleError(
            f"ruin: Ruin is already at its starting value ({start}), and a Reduction Roll never "
            f"takes it below that: there is no Ruin to remove."
        )
    return before, start


def read_reduction(
    ruin: int,
    light: int,
    *,
    starting_ruin: int = MIN_RUIN,
    reached_five: bool = False,
    remove_anyway: bool = False,
) -> ReductionResult:
    """SRD 1.2, Reduction Roll: light < Ruin removes 1 unnoticed; otherwise the player chooses.

    ``remove_anyway`` is that choice (it only matters when the die is not below Ruin): removing
    anyway means the betrayal is noticed; not removing means it goes unseen.
    """
    before, _ = check_reduction(ruin, starting_ruin, reached_five)
    face = check_face("light", light)
    if face < before:
        return ReductionResult(light=face, ruin_before=before, ruin_after=before - 1, noticed=False)
    if remove_anyway:
        return ReductionResult(light=face, ruin_before=before, ruin_after=before - 1, noticed=True)
    return ReductionResult(light=face, ruin_before=before, ruin_after=before, noticed=False)
