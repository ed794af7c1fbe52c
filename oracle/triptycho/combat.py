"""Opposed rolls, Damage and Defense, Piercing, Resistance and Weakness, enhancement dice.

Everything here takes entries and faces and returns records; nothing rolls.
Rules cite Triptycho chapter 3 (``shared/rules/003``): Opposed Rolls, Damage Rolls, Damage
Modifiers, Enhancement Dice.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from oracle.errors import RequestError, RuleError, shown
from oracle.triptycho.entries import DiceEntry, pierce_level


class ScenarioKind(enum.Enum):
    """The three scenario types; each names its opposed entries and its points."""

    COMBAT = "combat"
    EXPLORATION = "exploration"
    INTERACTION = "interaction"


# Triptycho, Opposed Rolls: Accuracy Dice vs Evasion Dice by scenario.
OPPOSED_NAMES: dict[ScenarioKind, tuple[str, str]] = {
    ScenarioKind.COMBAT: ("hit", "miss"),
    ScenarioKind.EXPLORATION: ("inflict", "endure"),
    ScenarioKind.INTERACTION: ("argue", "rebuttal"),
}
# Triptycho, Damage Rolls: HP in combat, EP in exploration, WP in interaction.
POINT_NAMES: dict[ScenarioKind, str] = {
    ScenarioKind.COMBAT: "hp",
    ScenarioKind.EXPLORATION: "ep",
    ScenarioKind.INTERACTION: "wp",
}


class Side(enum.Enum):
    """Who won an opposed roll."""

    ACTION = "action"
    REACTION = "reaction"


def opposed_winner(action_total: int, reaction_total: int) -> Side:
    """The higher total wins; a tie goes to the action (the attacker)."""
    # Triptycho, Opposed Rolls: ties go in favour of the entity playing the Action.
    return Side.ACTION if action_total >= reaction_total else Side.REACTION


def dealt(damage_total: int, defense_total: int) -> int:
    """Damage after Defense is subtracted, never below 0."""
    # Triptycho, Damage Rolls: Defense may bring damage to 0 but never below.
    return max(0, damage_total - defense_total)


# Triptycho, Damage Modifiers names these types as examples; a table declares any others.
KNOWN_DAMAGE_TYPES: frozenset[str] = frozenset({"fire", "ice", "poison"})


def check_damage_type(field: str, name: object, declared: Iterable[str] = ()) -> str | None:
    """A damage type in lower case (None for untyped), known to the text or declared."""
    if name is None or name == "" or name == "untyped":
        return None
    if not isinstance(name, str):
        raise RequestError(f"{field}: a damage type is a word such as \"fire\", not {shown(name)}.")
    key = name.strip().lower()
    known = KNOWN_DAMAGE_TYPES | {d.strip().lower() for d in declared}
    if key not in known:
        listed = ", ".join(sorted(known))
        raise RuleError(
            f"{field}: {shown(name)} is not a known damage type; use one of {listed}, or declare "
            f"it in damage_types."
        )
    return key


def affinity_value(field: str, grants: object) -> int:
    """One Resistance (or Weakness) value from the effects granting it.

    ``grants`` is a whole number, or a list of whole numbers ("gains Fire Resistance 2") and
    ``"+N"`` strings ("gains +1 Fire Resistance"): the largest grant wins, then the increases
    are added to it (to 0 when there is no grant).
    """
    items: Sequence[object] = grants if isinstance(grants, (list, tuple)) else [grants]
    largest, increase = 0, 0
    for item in items:
        if isinstance(item, bool):
            raise RequestError(f"{field}: {shown(item)} is not a Resistance or Weakness value.")
        if isinstance(item, int):
            if item < 0:
                raise RuleError(f"{field}: a Resistance or Weakness value is 0 or more; got {item}.")
            # Triptycho, Damage Modifiers: the largest value always takes precedence.
            largest = max(largest, item)
        elif isinstance(item, str) and item.strip().startswith("+") and item.strip()[1:].isdigit():
            # Triptycho, Damage Modifiers: "+#" raises the highest value (0 if none).
            increase += int(item.strip()[1:])
        else:
            raise RequestError(
                f"{field}: write a Resistance or Weakness as a number (gains 2) or \"+1\" "
                f"(an increase); got {shown(item)}."
            )
    return largest + increase


def net_level_change(resistance: int, weakness: int) -> int:
    """Damage dice level change for one type: Weakness raises, Resistance lowers, they net out."""
    # Triptycho, Damage Modifiers: both present, use the larger minus the smaller.
    return weakness - resistance


@dataclass(frozen=True)
class Affinities:
    """A target's Resistances and Weaknesses by damage type (values already combined)."""

    resistance: Mapping[str, int]
    weakness: Mapping[str, int]

    def level_change(self, damage_type: str | None) -> int:
        """How many levels a Damage entry of ``damage_type`` moves against this target."""
        if damage_type is None:
            return 0
        return net_level_change(
            self.resistance.get(damage_type, 0), self.weakness.get(damage_type, 0)
        )


@dataclass(frozen=True)
class PiercedDefense:
    """Defense dice after Piercing: None where the dice were pushed below d2."""

    base: DiceEntry | None
    enhancements: tuple[DiceEntry | None, ...]
    leftover: int


def pierce_defense(
    base: DiceEntry | None, enhancements: Sequence[DiceEntry], piercing: int
) -> PiercedDefense:
    """Apply Piercing to the enhancement dice first, in order, then what is left to the base."""
    if piercing < 0:
        raise RuleError(f"piercing: Piercing is 0 or more; got {piercing}.")
    left = piercing
    pierced: list[DiceEntry | None] = []
    # Triptycho, Enhancement Dice: Piercing goes to enhancement dice first.
    for entry in enhancements:
        after, left = pierce_level(entry, left)
        pierced.append(after)
    new_base = base
    if base is not None:
        new_base, left = pierce_level(base, left)
    return PiercedDefense(new_base, tuple(pierced), left)


def min_or_max(entry: DiceEntry | None, faces: Sequence[int]) -> str | None:
    """``"maximum"``/``"minimum"`` when the base entry rolled its highest/lowest total."""
    # Triptycho, Enhancement Dice: such effects look at the base entry only.
    if entry is None or not faces:
        return None
    total = sum(faces)
    if total == entry.highest:
        return "maximum"
    if total == entry.lowest:
        return "minimum"
    return None
