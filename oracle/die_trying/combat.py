"""Combat: initiative, the Strike, Hide and Sneak checks, Dash and Dodge.

Die Trying, Combat: initiative is a skill check (the skill fits what the creature was doing,
Perception when nothing else does); the best roll goes first. A Strike is an attack roll:
1d6 + modifiers on a success, double on a critical success, nothing on a failure, and on a
critical failure the least damage the weapon can do lands on a random creature in reach (the
attacker included). Hide and Sneak are one Stealth check against DC 4 + each watcher's
Perception bonus. Dash doubles Speed, Dodge adds 1 to AC.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from oracle.die_trying.checks import CheckResult, ConcealmentResult, Degree
from oracle.die_trying.equipment import WeaponTrait
from oracle.errors import RuleError

STEALTH_BASE_DC = 4  # Hide/Sneak: DC 4 + the watcher's Perception bonus
DODGE_AC_BONUS = 1
DASH_MULTIPLIER = 2
EXECUTING_BONUS = 2
TWIN_BOTH_BONUS = 1
TWIN_ONE_PENALTY = -2


@dataclass(frozen=True)
class InitiativeEntry:
    """One creature's initiative check (a check with no DC)."""

    name: str
    d10: int
    modifier: int

    @property
    def total(self) -> int:
        return self.d10 + self.modifier


def initiative_order(entries: Sequence[InitiativeEntry]) -> tuple[InitiativeEntry, ...]:
    """Highest total first. ruling: the text breaks no ties; equal totals keep the order given
    (the Trapsetter lists them as they like)."""
    names = [e.name for e in entries]
    if len(set(names)) != len(names):
        raise RuleError("combatants: every combatant needs a different name.")
    for entry in entries:
        if not 1 <= entry.d10 <= 10:
            raise RuleError(f"combatants.{entry.name}.d10: a d10 shows 1 to 10, not {entry.d10}.")
    return tuple(sorted(entries, key=lambda e: -e.total))


def weapon_attack_modifier(base: int, trait: WeaponTrait | None, twin_both: bool) -> int:
    """Twin weapons: -2 to the attack when only one of the pair is used."""
    return base + (TWIN_ONE_PENALTY if trait is WeaponTrait.TWIN and not twin_both else 0)


def adjust_damage(amount: int, immune: bool = False, resistance: int = 0,
                  weakness: int = 0) -> int:
    """Damage Types: Immunity takes it all away; Resistance lowers it and Weakness raises it by
    their amounts. ruling: only damage that lands is adjusted (a miss stays 0), never below 0."""
    if amount <= 0 or immune:
        return 0
    return max(amount - resistance + weakness, 0)


@dataclass(frozen=True)
class Strike:
    """A Strike: the optional concealment d10, the attack roll and the damage it deals."""

    attack: CheckResult
    damage_d6: int
    damage_bonus: int = 0
    trait: WeaponTrait | None = None
    strength: int = 0
    twin_both: bool = False
    target_prone: bool = False
    target_object: bool = False
    sweep_half: bool = False
    concealment: ConcealmentResult | None = None
    reach: tuple[str, ...] = ()
    reach_index: int | None = None
    immune: bool = False
    resistance: int = 0
    weakness: int = 0

    @property
    def auto_miss(self) -> bool:
        return self.concealment is not None and self.concealment.missed

    @property
    def degree(self) -> Degree:
        """ruling: a miss to Concealment is a plain failure, never a critical one."""
        return Degree.FAILURE if self.auto_miss else self.attack.degree

    @property
    def hit(self) -> bool:
        return self.degree.succeeded

    def _damage_with_die(self, die: int) -> int:
        """1d6 + modifiers, plus the weapon trait's extra damage."""
        amount = die + self.damage_bonus
        if self.trait is WeaponTrait.WEIGHTY:
            amount += -(-self.strength // 2)  # Weighty: half Strength, rounded up
        if self.trait is WeaponTrait.TWIN and self.twin_both:
            amount += TWIN_BOTH_BONUS
        if self.trait is WeaponTrait.EXECUTING and self.target_prone:
            amount += EXECUTING_BONUS
        return amount

    @property
    def multiplier(self) -> int:
        if self.degree is not Degree.CRITICAL_SUCCESS:
            return 1
        return 3 if self.trait is WeaponTrait.DEADLY else 2  # Deadly: triple, not double

    @property
    def damage(self) -> int:
        """Damage to the target (0 unless the Strike hit)."""
        if not self.hit:
            return 0
        amount = self._damage_with_die(self.damage_d6) * self.multiplier
        if self.trait is WeaponTrait.DESTRUCTIVE and self.target_object:
            amount *= 2
        if self.trait is WeaponTrait.SWEEPING and self.sweep_half:
            amount //= 2  # Round Down
        return adjust_damage(max(amount, 0), self.immune, self.resistance, self.weakness)

    @property
    def mishap_damage(self) -> int:
        """Critical failure: the weapon's minimum damage (the d6 read as 1)."""
        if self.degree is not Degree.CRITICAL_FAILURE:
            return 0
        return max(self._damage_with_die(1), 0)

    @property
    def mishap_target(self) -> str | None:
        if self.degree is not Degree.CRITICAL_FAILURE or self.reach_index is None:
            return None
        return self.reach[self.reach_index]

    @property
    def immobilized(self) -> bool:
        """Impaling: a critical hit holds the target Immobilized."""
        return self.trait is WeaponTrait.IMPALING and self.degree is Degree.CRITICAL_SUCCESS

    def as_dict(self) -> dict[str, Any]:
        return {
            **self.attack.as_dict(),
            "degree": self.degree.label,
            "succeeded": self.hit,
            "concealment": self.concealment.as_dict() if self.concealment else None,
            "auto_miss": self.auto_miss,
            "hit": self.hit,
            "critical_hit": self.degree is Degree.CRITICAL_SUCCESS,
            "critical_miss": self.degree is Degree.CRITICAL_FAILURE,
            "damage_d6": self.damage_d6,
            "multiplier": self.multiplier if self.hit else 0,
            "damage": self.damage,
            "mishap_damage": self.mishap_damage,
            "mishap_target": self.mishap_target,
            "immobilized": self.immobilized,
            "trait": self.trait.value if self.trait else None,
        }


@dataclass(frozen=True)
class Watcher:
    """A creature someone hides or sneaks from: its Perception bonus, and whether the sneak is
    already Hidden from it."""

    name: str
    perception: int
    hidden_from: bool = False

    @property
    def dc(self) -> int:
        return STEALTH_BASE_DC + self.perception


@dataclass(frozen=True)
class StealthResult:
    """One Stealth check compared with each watcher's DC (Hide or Sneak)."""

    action: str
    d10: int
    modifier: int
    watchers: tuple[Watcher, ...]

    def check_against(self, watcher: Watcher) -> CheckResult:
        return CheckResult(self.d10, self.modifier, watcher.dc)

    def as_dict(self) -> dict[str, Any]:
        rows = []
        for watcher in self.watchers:
            result = self.check_against(watcher)
            success = result.degree.succeeded
            if self.action == "hide":
                outcome = {"hidden": success}
            else:  # Sneak: Undetected by those it was Hidden from, if it also moves
                outcome = {"hidden": watcher.hidden_from,
                           "undetected": watcher.hidden_from and success}
            rows.append({"name": watcher.name, "dc": watcher.dc,
                         "degree": result.degree.label, **outcome})
        return {"d10": self.d10, "modifier": self.modifier, "total": self.d10 + self.modifier,
                "watchers": rows}


def stealth(action: str, d10: int, modifier: int, watchers: Sequence[Watcher],
            concealed: bool = True) -> StealthResult:
    """Hide needs Concealment from at least one watcher; Sneak needs to be Hidden from one."""
    if not 1 <= d10 <= 10:
        raise RuleError(f"d10: a d10 shows 1 to 10, not {d10}.")
    if not watchers:
        raise RuleError(f"watchers: {action} compares one Stealth check with each watcher's DC; "
                        "name at least one watcher.")
    if action == "hide" and not concealed:
        raise RuleError("concealed: you can Hide only while Concealed from at least one creature.")
    if action == "sneak" and not any(w.hidden_from for w in watchers):
        raise RuleError("watchers: you can Sneak only while Hidden from at least one creature.")
    return StealthResult(action, d10, modifier, tuple(watchers))


def dash(speed: int) -> int:
    """Dash: Speed doubled until the start of your next turn."""
    return speed * DASH_MULTIPLIER


def dodge(armor_class: int) -> int:
    """Dodge: AC + 1."""
    return armor_class + DODGE_AC_BONUS
