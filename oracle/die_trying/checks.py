"""Checks: a d10 plus bonuses against a DC, read as one of four degrees of success.

Die Trying, Checks: skill checks, attack rolls and saves all work the same way. A total equal to
or under the DC fails, over it succeeds; 6 or more over is a critical success, 6 or more under a
critical failure. Degrees of Success: a natural 1 moves the degree one step worse, a natural 10
one step better.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from oracle.errors import RuleError, shown

CRITICAL_MARGIN = 6  # Checks: "6 under or over the DC"
CHECK_DIE = 10


class Degree(enum.IntEnum):
    """The four Degrees of Success, worst to best (so one step is +/- 1)."""

    CRITICAL_FAILURE = 0
    FAILURE = 1
    SUCCESS = 2
    CRITICAL_SUCCESS = 3

    @property
    def label(self) -> str:
        """The contract's spelling, e.g. ``"critical_success"``."""
        return self.name.lower()

    @property
    def succeeded(self) -> bool:
        """Success or critical success."""
        return self >= Degree.SUCCESS

    def shifted(self, steps: int) -> Degree:
        """This degree moved ``steps`` (clamped at both ends)."""
        return Degree(min(max(self + steps, Degree.CRITICAL_FAILURE), Degree.CRITICAL_SUCCESS))


class Proficiency(enum.IntEnum):
    """Die Trying, Proficiency: five levels, ordered, each with its check bonus."""

    UNTRAINED = 0
    TRAINED = 1
    EXPERT = 2
    MASTER = 3
    LEGENDARY = 4

    @property
    def bonus(self) -> int:
        """Untrained -1, trained +0, expert +1, master +3, legendary +5."""
        return _PROFICIENCY_BONUS[self]

    @property
    def label(self) -> str:
        return self.name.lower()


_PROFICIENCY_BONUS: dict[Proficiency, int] = {
    Proficiency.UNTRAINED: -1,
    Proficiency.TRAINED: 0,
    Proficiency.EXPERT: 1,
    Proficiency.MASTER: 3,
    Proficiency.LEGENDARY: 5,
}

PROFICIENCY_NAMES: tuple[str, ...] = tuple(level.label for level in Proficiency)


def parse_proficiency(field: str, value: object) -> Proficiency:
    """A proficiency level from its name, or a RuleError listing the five levels."""
    if isinstance(value, Proficiency):
        return value
    if isinstance(value, str) and value.strip().lower() in PROFICIENCY_NAMES:
        return Proficiency[value.strip().upper()]
    raise RuleError(
        f"{field}: {shown(value)} is not a proficiency level; use one of {', '.join(PROFICIENCY_NAMES)}."
    )


def degree_of_total(total: int, dc: int) -> Degree:
    """The degree a total earns against a DC, before the natural 1/10 shift."""
    if total >= dc + CRITICAL_MARGIN:
        return Degree.CRITICAL_SUCCESS
    if total > dc:
        return Degree.SUCCESS
    if total <= dc - CRITICAL_MARGIN:
        return Degree.CRITICAL_FAILURE
    return Degree.FAILURE


def natural_shift(d10: int) -> int:
    """Degrees of Success: a natural 1 is one step worse, a natural 10 one step better."""
    return -1 if d10 == 1 else 1 if d10 == CHECK_DIE else 0


@dataclass(frozen=True)
class CheckResult:
    """One check: the die, the total, the DC and the degrees before and after the natural shift."""

    d10: int
    modifier: int
    dc: int

    @property
    def total(self) -> int:
        return self.d10 + self.modifier

    @property
    def margin(self) -> int:
        """How far over (positive) or under (negative, or zero) the DC the total is."""
        return self.total - self.dc

    @property
    def base_degree(self) -> Degree:
        return degree_of_total(self.total, self.dc)

    @property
    def degree(self) -> Degree:
        return self.base_degree.shifted(natural_shift(self.d10))

    @property
    def natural(self) -> int | None:
        """1 or 10 when the die shifted (or tried to shift) the degree, else None."""
        return self.d10 if self.d10 in (1, CHECK_DIE) else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "d10": self.d10,
            "modifier": self.modifier,
            "dc": self.dc,
            "total": self.total,
            "margin": self.margin,
            "base_degree": self.base_degree.label,
            "degree": self.degree.label,
            "natural": self.natural,
            "succeeded": self.degree.succeeded,
        }


def check(d10: int, modifier: int, dc: int) -> CheckResult:
    """Make a check; ``d10`` must be a face 1..10."""
    if not 1 <= d10 <= CHECK_DIE:
        raise RuleError(f"d10: a d10 shows 1 to 10, not {d10}.")
    return CheckResult(d10=d10, modifier=modifier, dc=dc)


# Concealment: attacking a creature Concealed from you, a d10 of 2 or lower misses outright.
# Hide: a Hidden creature raises the least face that does not miss to 5.
CONCEALED_MISS_AT_MOST = 2
HIDDEN_MISS_AT_MOST = 4


@dataclass(frozen=True)
class ConcealmentResult:
    """The concealment d10 rolled before an attack on a Concealed or Hidden creature."""

    d10: int
    hidden: bool

    @property
    def miss_at_most(self) -> int:
        return HIDDEN_MISS_AT_MOST if self.hidden else CONCEALED_MISS_AT_MOST

    @property
    def missed(self) -> bool:
        return self.d10 <= self.miss_at_most

    def as_dict(self) -> dict[str, Any]:
        return {
            "d10": self.d10,
            "hidden": self.hidden,
            "needed": self.miss_at_most + 1,
            "missed": self.missed,
        }


def concealment(d10: int, hidden: bool = False) -> ConcealmentResult:
    """Roll against Concealment (or Hidden): low faces miss automatically."""
    if not 1 <= d10 <= CHECK_DIE:
        raise RuleError(f"concealment_d10: a d10 shows 1 to 10, not {d10}.")
    return ConcealmentResult(d10=d10, hidden=hidden)
