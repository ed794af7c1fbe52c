"""Magic: Magic Dice, Instability Dice, spell power and miscasts.

Die Trying, Magic: a caster rolls the Magic Dice (MD) they choose to spend (at least the spell's
level, at most the MD they have) together with every Instability Die (ID) they carry; all are
d6. The MD add up to the Spell Power. The caster then gains one ID per MD spent (two per MD for
an improvised casting, which also needs an Arcana, Nature, Occultism or Religion check against
a DC equal to the Spell Power). If any number shows on more than one of the dice (MD and ID
together), the spell miscasts: roll a d10, add how many dice came up matching, take 1 away, and
read the miscast table. All ID are lost the next day.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from oracle.die_trying.checks import CheckResult
from oracle.errors import RuleError

MAGIC_DIE = 6
MISCAST_TOP_ROW = 12  # the last row reads "12 or higher"


class MiscastEffect(enum.Enum):
    """The miscast table, one row per total (12 and above share the last row)."""

    FIZZLE = 1
    REVERSED = 2
    HARMLESS_SPECTACLE = 3
    WRONG_TARGET = 4
    DANGEROUS_SURGE = 5
    BACKLASH = 6
    MOMENTARY_RIFT = 7
    CHANNELED = 8
    SIPHON = 9
    CURSED = 10
    DEATH = 11
    PERMANENT_RIFT = 12

    @property
    def text(self) -> str:
        """The row in our own words."""
        return MISCAST_TABLE[self]

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def for_total(cls, total: int) -> MiscastEffect:
        return cls(min(max(total, 1), MISCAST_TOP_ROW))


MISCAST_TABLE: dict[MiscastEffect, str] = {
    MiscastEffect.FIZZLE: "The spell fizzles out and does nothing.",
    MiscastEffect.REVERSED: (
        "The spell does the opposite in some strange way: a fireball leaves the area frozen, "
        "a healing spell withers its target."
    ),
    MiscastEffect.HARMLESS_SPECTACLE: (
        "The spell swells far bigger and stronger but hurts no one: a fireball becomes a "
        "deafening flash, a healing spell makes the plants nearby shoot up."
    ),
    MiscastEffect.WRONG_TARGET: (
        "The spell lands on (or centers on) some other creature in range, chosen at random, "
        "never the one intended."
    ),
    MiscastEffect.DANGEROUS_SURGE: (
        "The spell surges with dangerous extra power and may catch more creatures."
    ),
    MiscastEffect.BACKLASH: (
        "Backlash: the spell's effect is split evenly between two targets nobody wanted."
    ),
    MiscastEffect.MOMENTARY_RIFT: (
        "Reality tears open for a moment and something of the Trapsetter's choosing steps through."
    ),
    MiscastEffect.CHANNELED: (
        "The magic pours into every creature nearby, the caster too: until the next day each "
        "gains as many Magic Dice and Instability Dice as the Magic Dice spent."
    ),
    MiscastEffect.SIPHON: (
        "The spell drains every magical thing around: it does nothing, then casts itself again at "
        "once with all the Magic and Instability Dice in the area. Only the caster gains the "
        "Instability; everything drained cannot use Magic Dice for the rest of the day."
    ),
    MiscastEffect.CURSED: "The caster is struck by a curse or magical disease the Trapsetter picks.",
    MiscastEffect.DEATH: "The caster dies.",
    MiscastEffect.PERMANENT_RIFT: (
        "A lasting rip in reality opens onto another place, or a briefer one onto somewhere "
        "beyond reality itself."
    ),
}


def matching_dice(faces: Sequence[int]) -> int:
    """How many dice show a number that another die (MD or ID) also shows.

    ruling: "the number of same numbers you have rolled" counts every die in a matching set, so
    a pair counts 2 and two pairs count 4; with the "subtract 1" a miscast total is at least 2.
    """
    counts = Counter(faces)
    return sum(n for n in counts.values() if n > 1)


def miscast_total(d10: int, matches: int) -> int:
    return d10 + matches - 1


@dataclass(frozen=True)
class Casting:
    """One casting: the dice, what it earned and whether it went wrong."""

    magic: tuple[int, ...]
    instability: tuple[int, ...]
    miscast_d10: int | None = None
    improvised_check: CheckResult | None = None

    @property
    def improvised(self) -> bool:
        return self.improvised_check is not None

    @property
    def power(self) -> int:
        """Spell Power: the MD added up."""
        return sum(self.magic)

    @property
    def instability_gained(self) -> int:
        """One ID per MD spent; an improvised casting doubles it."""
        return len(self.magic) * (2 if self.improvised else 1)

    @property
    def matches(self) -> int:
        return matching_dice(self.magic + self.instability)

    @property
    def miscast(self) -> bool:
        return self.matches > 0

    @property
    def miscast_total(self) -> int | None:
        if not self.miscast or self.miscast_d10 is None:
            return None
        return miscast_total(self.miscast_d10, self.matches)

    @property
    def miscast_effect(self) -> MiscastEffect | None:
        total = self.miscast_total
        return None if total is None else MiscastEffect.for_total(total)

    def as_dict(self) -> dict[str, Any]:
        effect = self.miscast_effect
        check = self.improvised_check
        return {
            "magic": list(self.magic),
            "instability": list(self.instability),
            "power": self.power,
            "instability_gained": self.instability_gained,
            "instability_after": len(self.instability) + self.instability_gained,
            "matches": self.matches,
            "miscast": self.miscast,
            "miscast_d10": self.miscast_d10 if self.miscast else None,
            "miscast_total": self.miscast_total,
            "miscast_row": effect.value if effect else None,
            "miscast_kind": effect.label if effect else None,
            "miscast_effect": effect.text if effect else None,
            "improvised": self.improvised,
            "improvised_check": check.as_dict() if check else None,
            "effectiveness": check.degree.label if check else None,
        }


def check_magic_dice(count: int, spell_level: int = 0, available: int | None = None) -> None:
    """A caster rolls at least the spell's level in Magic Dice, and at most the Magic Dice they
    have (``available``, when known). Rolls, odds and the app all ask this."""
    if count < spell_level:
        raise RuleError(
            f"magic: a level {spell_level} spell needs at least {spell_level} Magic Dice; "
            f"got {count}."
        )
    if available is not None and count > available:
        raise RuleError(f"magic: at most the {available} Magic Dice the caster has; got {count}.")


def cast(
    magic: Sequence[int],
    instability: Sequence[int],
    miscast_d10: int | None = None,
    spell_level: int = 0,
    magic_dice_available: int | None = None,
    improvised_check: CheckResult | None = None,
) -> Casting:
    """Cast with these faces. ``miscast_d10`` is needed only when the dice match."""
    if spell_level < 0:
        raise RuleError(f"spell_level: a spell's level is 0 or more; got {spell_level}.")
    check_magic_dice(len(magic), spell_level, magic_dice_available)
    if improvised_check is not None and not magic:
        raise RuleError("magic: an improvised casting spends at least 1 Magic Die.")
    casting = Casting(tuple(magic), tuple(instability), miscast_d10, improvised_check)
    if casting.miscast and miscast_d10 is None:
        raise RuleError("miscast_d10: the dice matched, so the miscast d10 is needed.")
    if improvised_check is not None and improvised_check.dc != casting.power:
        raise RuleError(
            f"dc: an improvised casting's check is against the Spell Power ({casting.power}); "
            f"got {improvised_check.dc}."
        )
    return casting
