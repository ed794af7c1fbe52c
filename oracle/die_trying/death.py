"""Death Saving Throws, and stabilizing a dying creature with a Medicine Kit.

Die Trying, Determine HP: at 0 HP or below a character falls Prone and makes a Death Saving
Throw at the end of each turn: a save with no ability added, DC 4 minus current HP. A success
regains 1 HP, or at exactly 0 HP ends the saves (Unconscious for 2d3 hours, then 1 HP). A
failure loses 1 HP; reaching -5 HP is death. A critical success or failure moves 1 HP more.
A Medicine check with a Medicine Kit has the same DC and effects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from oracle.die_trying.character import DEATH_AT
from oracle.die_trying.checks import CheckResult, Degree, check
from oracle.errors import RuleError

DEATH_SAVE_BASE = 4  # DC is 4 - current HP


def death_save_dc(hp: int) -> int:
    return DEATH_SAVE_BASE - hp


def check_dying_hp(hp: int) -> None:
    if hp > 0:
        raise RuleError(f"hp: death saving throws are made only at 0 HP or below; got {hp}.")
    if hp <= DEATH_AT:
        raise RuleError(f"hp: at {DEATH_AT} HP or below the character is already dead; got {hp}.")


@dataclass(frozen=True)
class DeathSave:
    """One death save (or stabilizing Medicine check) and what it did to HP."""

    hp: int
    result: CheckResult
    unconscious_d6: tuple[int, int] | None = None

    @property
    def dc(self) -> int:
        return self.result.dc

    @property
    def degree(self) -> Degree:
        return self.result.degree

    @property
    def hp_change(self) -> int:
        """+1 on a success, +2 on a critical success, -1 on a failure, -2 on a critical failure.

        At 0 HP a plain success regains nothing: it ends the saves instead. ruling: a critical
        success at 0 HP also ends the saves and its additional Hitpoint is regained at once.
        """
        degree = self.degree
        if degree is Degree.CRITICAL_FAILURE:
            return -2
        if degree is Degree.FAILURE:
            return -1
        if self.hp == 0:
            return 1 if degree is Degree.CRITICAL_SUCCESS else 0
        return 2 if degree is Degree.CRITICAL_SUCCESS else 1

    @property
    def hp_after(self) -> int:
        return max(self.hp + self.hp_change, DEATH_AT)

    @property
    def dead(self) -> bool:
        return self.hp_after <= DEATH_AT

    @property
    def stable(self) -> bool:
        """No more death saves: a success at 0 HP, or back above 0 HP."""
        return not self.dead and (
            (self.hp == 0 and self.degree.succeeded) or self.hp_after > 0
        )

    @property
    def unconscious(self) -> bool:
        """A success at 0 HP that leaves the character at 0 HP: Unconscious for 2d3 hours."""
        return self.stable and self.hp_after == 0

    @property
    def unconscious_hours(self) -> int | None:
        if not self.unconscious or self.unconscious_d6 is None:
            return None
        return sum((face + 1) // 2 for face in self.unconscious_d6)

    @property
    def fate(self) -> str:
        """In a word: ``dead``, ``stable``, ``holding`` (regained HP, still dying) or
        ``slipping`` (lost HP)."""
        if self.dead:
            return "dead"
        if self.stable:
            return "stable"
        return "holding" if self.degree.succeeded else "slipping"

    def as_dict(self) -> dict[str, Any]:
        return {
            **self.result.as_dict(),
            "fate": self.fate,
            "hp_before": self.hp,
            "hp_after": self.hp_after,
            "stable": self.stable,
            "dead": self.dead,
            "unconscious": self.unconscious,
            "unconscious_d6": list(self.unconscious_d6) if self.unconscious_d6 else None,
            "unconscious_hours": self.unconscious_hours,
        }


def death_save(hp: int, d10: int, modifier: int = 0,
               unconscious_d6: tuple[int, int] | None = None) -> DeathSave:
    """A death save at ``hp`` (0 or below). ``modifier`` is 0 for the save itself (no ability);
    a stabilizing Medicine check passes its own modifier."""
    check_dying_hp(hp)
    return DeathSave(hp, check(d10, modifier, death_save_dc(hp)), unconscious_d6)
