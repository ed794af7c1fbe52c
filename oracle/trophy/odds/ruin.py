"""Exact odds of the Ruin track's own rolls: the Ruin Roll and the Reduction Roll.

Also the check every roll makes of a Ruin value (SRD 1.2: Ruin runs 1 to 6; at 6 you are lost).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oracle.trophy.odds.dice import SIDES, ZERO
from oracle.trophy.ruin import MAX_RUIN, check_can_roll, check_reduction
from oracle.trophy.ruin import check_ruin as check_ruin_range

__all__ = ["MAX_RUIN", "ReductionOdds", "RuinRollOdds", "check_ruin", "reduction_odds",
           "ruin_roll_odds"]


def check_ruin(field: str, ruin: int, *, rolling: bool = True) -> None:
    """Refuse a Ruin outside 1..6, and (when ``rolling``) a lost character at Ruin 6: the
    core's own checks (``oracle.trophy.ruin``), so odds and rolls refuse alike."""
    (check_can_roll if rolling else check_ruin_range)(field, ruin)


@dataclass(frozen=True)
class RuinRollOdds:
    """A Ruin Roll: one dark die, mark 1 Ruin when it beats current Ruin."""

    ruin_before: int
    ruin_marked: Fraction
    lost: Fraction


def ruin_roll_odds(ruin: int) -> RuinRollOdds:
    """Exact odds of a Ruin Roll at ``ruin``."""
    check_ruin("ruin", ruin)
    marked = Fraction(SIDES - ruin, SIDES)
    return RuinRollOdds(ruin, marked, marked if ruin == MAX_RUIN - 1 else ZERO)


@dataclass(frozen=True)
class ReductionOdds:
    """A Reduction Roll: a light die below Ruin removes 1 unnoticed."""

    ruin_before: int
    removed_unnoticed: Fraction
    noticed: Fraction
    removed: Fraction
    ruin_after_expected: Fraction


def reduction_odds(ruin: int, starting_ruin: int = 1, reached_five: bool = False,
                   remove_anyway: bool = False) -> ReductionOdds:
    """Exact odds of a Reduction Roll at ``ruin`` (SRD 1.2, Reduction Roll)."""
    check_reduction(ruin, starting_ruin, reached_five)  # the core's own check, one sentence
    unnoticed = Fraction(ruin - 1, SIDES)  # light die < Ruin
    noticed = 1 - unnoticed if remove_anyway else ZERO
    removed = unnoticed + noticed
    return ReductionOdds(ruin, unnoticed, noticed, removed, ruin - removed)
