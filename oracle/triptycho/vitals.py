"""HP, EP and WP; recovery; Injuries and their healing.

Triptycho chapter 3: Damage Rolls (points, defeat at 0, no negative points), recovery (never
over the maximum, a defeated target heals from 0), Finishing a Scenario (points restored),
Injuries (-5 to every maximum, death when a base value reaches 0, a Valuable heals one).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from oracle.errors import RuleError, shown

# Triptycho, Injuries: each Injury lowers maximum HP, EP and WP by 5.
INJURY_PENALTY = 5


class PointKind(enum.Enum):
    """Hit Points (combat), Endurance Points (exploration), Will Points (interaction)."""

    HP = "hp"
    EP = "ep"
    WP = "wp"


def check_points(field: str, value: object) -> int:
    """A points value: a whole number, 0 or more (the text tracks no negative points)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{field}: points are a whole number, not {shown(value)}.")
    if value < 0:
        raise RuleError(
            f"{field}: points cannot be below 0 (Triptycho tracks no negative points); got {value}."
        )
    return value


def check_targetable(field: str, points: int, who: str = "the target") -> None:
    """Refuse an attack on an entity left at 0 points: the one rule for ``resolve`` and the fold."""
    # Triptycho, Damage Rolls: at 0 points an entity is defeated and cannot be targeted by attacks.
    if points == 0:
        raise RuleError(f"{field}: {who} is defeated (0 points) and out of the scenario; a "
                        "defeated entity cannot be targeted by attacks.")


def take_damage(current: int, amount: int) -> int:
    """Points left after ``amount`` damage: never below 0."""
    # Triptycho, Damage Rolls: damage past 0 leaves the entity at 0.
    return max(0, current - max(0, amount))


def recover(current: int, maximum: int, amount: int) -> int:
    """Points after recovering ``amount``: from 0 when defeated, never over ``maximum``."""
    # Triptycho, recovery: never over the maximum; defeated targets heal from 0.
    return min(maximum, max(0, current) + max(0, amount))


@dataclass(frozen=True)
class Vitals:
    """One entity's points: base values (role or NPC card), Gear bonuses, Injuries, current."""

    base_hp: int
    base_ep: int
    base_wp: int
    bonus_hp: int = 0
    bonus_ep: int = 0
    bonus_wp: int = 0
    injuries: int = 0
    hp: int | None = None  # None = at the maximum
    ep: int | None = None
    wp: int | None = None

    def base(self, kind: PointKind) -> int:
        """The raw value printed on the card."""
        return int(getattr(self, f"base_{kind.value}"))

    def maximum(self, kind: PointKind) -> int:
        """Base plus bonuses, less 5 per Injury, never below 0."""
        raw = self.base(kind) + int(getattr(self, f"bonus_{kind.value}"))
        return max(0, raw - INJURY_PENALTY * self.injuries)

    def current(self, kind: PointKind) -> int:
        """Points now (the maximum unless changed)."""
        value: int | None = getattr(self, kind.value)
        return self.maximum(kind) if value is None else min(value, self.maximum(kind))

    @property
    def dead(self) -> bool:
        """Injuries brought a base HP, EP or WP to 0 or less."""
        # Triptycho, Injuries: the base values count, before Gear modifiers.
        return any(self.base(k) - INJURY_PENALTY * self.injuries <= 0 for k in PointKind)

    def defeated(self, kind: PointKind) -> bool:
        """No points left of this kind: out of the scenario."""
        return self.current(kind) == 0

    def with_current(self, kind: PointKind, value: int) -> Vitals:
        """A copy with ``kind`` set to ``value`` (kept within 0..maximum)."""
        return replace(self, **{kind.value: min(max(0, value), self.maximum(kind))})

    def damaged(self, kind: PointKind, amount: int) -> Vitals:
        """A copy after ``amount`` damage to ``kind``."""
        return self.with_current(kind, take_damage(self.current(kind), amount))

    def recovered(self, kind: PointKind, amount: int) -> Vitals:
        """A copy after recovering ``amount`` of ``kind``."""
        return self.with_current(kind, recover(self.current(kind), self.maximum(kind), amount))

    def restored(self) -> Vitals:
        """Every point back at its current maximum (after a scenario)."""
        # Triptycho, Finishing a Scenario: HP/EP/WP restored to their maximum.
        return replace(self, hp=None, ep=None, wp=None)

    def injured(self, count: int = 1) -> Vitals:
        """A copy with ``count`` more Injuries; current points are capped at the new maxima."""
        if count < 1:
            raise RuleError(f"injuries: an Injury is taken one or more at a time; got {count}.")
        hurt = replace(self, injuries=self.injuries + count)
        # Ruling: an Injury lowers the maximum; current points only fall if above it.
        return replace(hurt, hp=_cap(self.hp, hurt.maximum(PointKind.HP)),
                       ep=_cap(self.ep, hurt.maximum(PointKind.EP)),
                       wp=_cap(self.wp, hurt.maximum(PointKind.WP)))

    def healed(self, valuables: int, count: int = 1) -> tuple[Vitals, int]:
        """Heal ``count`` Injuries for one Valuable each; returns the new vitals and Valuables
        left."""
        if self.injuries < count:
            raise RuleError("injuries: there is no Injury to heal." if self.injuries == 0 else
                            f"injuries: {count} Injuries cannot be healed; there are "
                            f"{self.injuries}.")
        if valuables < count:
            raise RuleError("valuables: healing an Injury costs 1 Valuable; there are none left."
                            if valuables == 0 else f"valuables: healing {count} Injuries costs "
                            f"{count} Valuables; there are {valuables}.")
        # Triptycho, Injuries: 1 Valuable per Injury in a properly equipped town.
        return replace(self, injuries=self.injuries - count), valuables - count


def _cap(value: int | None, maximum: int) -> int | None:
    return None if value is None else min(value, maximum)


def make_vitals(hp: object, ep: object, wp: object, injuries: object = 0) -> Vitals:
    """Vitals from card values, each checked (whole numbers, at least 1)."""
    values = []
    for name, value in (("hp", hp), ("ep", ep), ("wp", wp)):
        checked = check_points(name, value)
        if checked < 1:
            raise RuleError(f"{name}: a base value on the card is at least 1; got {checked}.")
        values.append(checked)
    hurt = check_points("injuries", injuries)
    return Vitals(values[0], values[1], values[2], injuries=hurt)
