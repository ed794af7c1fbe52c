"""The Contest Roll: characters acting against each other (SRD 1.2, Contest Roll).

Each participant takes up to 1 + Ruin light dice (one for a Skill or equipment, one per Ruin
mark) and any number of dark dice. Most 6s wins; ties go to the most 5s, then 4s, down to 1s.
Each dark die showing 1 marks 1 Ruin.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oracle.dice import check_face
from oracle.errors import RuleError, shown
from oracle.trophy.ruin import MAX_RUIN, check_can_roll, mark_ruin


@dataclass(frozen=True)
class Contestant:
    """One participant's dice."""

    name: str
    ruin: int
    light: tuple[int, ...] = ()
    dark: tuple[int, ...] = ()


@dataclass(frozen=True)
class ContestantResult:
    """One participant after the contest. ``counts`` holds how many 6s, 5s, ... 1s they rolled."""

    name: str
    ruin_before: int
    ruin_after: int
    counts: tuple[int, int, int, int, int, int]
    light: tuple[int, ...] = ()
    dark: tuple[int, ...] = ()

    @property
    def ruin_marked(self) -> int:
        """How many Ruin this contest marked (a dark 1 each, stopped at 6)."""
        return self.ruin_after - self.ruin_before

    @property
    def lost(self) -> bool:
        return self.ruin_after >= MAX_RUIN


@dataclass(frozen=True)
class ContestResult:
    """Who won (None on a full tie at the top) and every participant's Ruin."""

    winner: str | None
    participants: tuple[ContestantResult, ...]


def count_faces(faces: Sequence[int]) -> tuple[int, int, int, int, int, int]:
    """How many 6s, 5s, 4s, 3s, 2s and 1s: compared in that order, most wins."""
    return (
        faces.count(6), faces.count(5), faces.count(4),
        faces.count(3), faces.count(2), faces.count(1),
    )


def _check(index: int, contestant: Contestant, names: set[str]) -> None:
    field = f"participants[{index}]"
    if not contestant.name:
        raise RuleError(f"{field}.name: every participant needs a name.")
    if contestant.name in names:
        raise RuleError(
            f"{field}.name: {shown(contestant.name)} appears twice; participants have distinct names."
        )
    names.add(contestant.name)
    ruin = check_can_roll(f"{field}.ruin", contestant.ruin)
    allowed = 1 + ruin
    if len(contestant.light) > allowed:
        # SRD 1.2, Contest Roll: one light die for a Skill or equipment, one per Ruin mark.
        raise RuleError(
            f"{field}.light: at most {allowed} light dice (one for a Skill or equipment, one per "
            f"Ruin mark at Ruin {ruin}); got {len(contestant.light)}."
        )
    if not contestant.light and not contestant.dark:
        raise RuleError(f"{field}: each participant rolls at least one die; got none.")
    for position, face in enumerate(contestant.light):
        check_face(f"{field}.light[{position}]", face)
    for position, face in enumerate(contestant.dark):
        check_face(f"{field}.dark[{position}]", face)


def read_contest(contestants: Sequence[Contestant]) -> ContestResult:
    """Read a contest: the winner by most 6s, then 5s, ... then 1s; dark 1s mark Ruin."""
    if len(contestants) < 2:
        raise RuleError(
            f"participants: a contest needs at least 2 participants; got {len(contestants)}."
        )
    names: set[str] = set()
    for index, contestant in enumerate(contestants):
        _check(index, contestant, names)
    results = tuple(
        ContestantResult(
            name=c.name,
            ruin_before=c.ruin,
            # SRD 1.2, Contest Roll: each dark die showing 1 marks 1 Ruin.
            ruin_after=mark_ruin(c.ruin, c.dark.count(1)),
            counts=count_faces([*c.light, *c.dark]),
            light=c.light,
            dark=c.dark,
        )
        for c in contestants
    )
    best = max(result.counts for result in results)
    leaders = [result.name for result in results if result.counts == best]
    return ContestResult(winner=leaders[0] if len(leaders) == 1 else None, participants=results)
