"""Fighting Monsters: folk can be fought with a Risk Roll; monsters cannot (SRD 1.2).

A Risk Roll whose intent is to kill or incapacitate a monster means the character dies, so the
rules core refuses it unless the player confirms. Hiding, escaping, using a Ritual, or fighting
a monster without intent to defeat it (fighting past it) are ordinary Risk Rolls. Defeating a
monster is the Combat Roll (``combat.py``).
"""

from __future__ import annotations

import enum

from oracle.errors import RuleError


class Foe(enum.Enum):
    """Who a Risk Roll is aimed at (SRD 1.2, Fighting Monsters)."""

    FOLK = "folk"
    MONSTER = "monster"


class Intent(enum.Enum):
    """What the character wants from a fight."""

    DEFEAT = "defeat"  # kill or incapacitate
    HIDE = "hide"
    ESCAPE = "escape"
    RITUAL = "ritual"
    FIGHT_PAST = "fight_past"
    OTHER = "other"


def risk_against(foe: Foe | None, intent: Intent | None, confirmed: bool = False) -> bool:
    """Return True when the Risk Roll kills the roller; refuse it unless ``confirmed``.

    SRD 1.2, Fighting Monsters: a Risk Roll to incapacitate or kill a monster means you die.
    Folk can be fought and removed from play by a successful Risk Roll.
    """
    if foe is Foe.MONSTER and intent is Intent.DEFEAT:
        if not confirmed:
            raise RuleError(
                "intent: a Risk Roll to kill or incapacitate a monster means the character dies; "
                "hide, escape, use a Ritual, fight past it, use the Combat Roll, or set "
                "confirmed to true."
            )
        return True
    return False


def is_ritual(ritual: bool, intent: Intent | str | None = None) -> bool:
    """A Ritual roll: the roll's ``ritual`` flag, or a Ritual used on a monster (intent)."""
    return bool(ritual) or intent in (Intent.RITUAL, Intent.RITUAL.value)


def dark_dice(dark: int, ritual: bool, intent: Intent | str | None = None) -> int:
    """The dark dice a Risk Roll takes: a Ritual always includes a dark die (SRD 1.2, Risk
    Roll), so at least one for a Ritual."""
    return max(dark, 1) if is_ritual(ritual, intent) else dark


def check_ritual_dark(dark: int, ritual: bool, intent: Intent | str | None = None) -> None:
    """Refuse a Ritual roll without its dark die, in one sentence."""
    if dark < dark_dice(dark, ritual, intent):
        raise RuleError("dark: a Ritual always includes a dark die; got none.")
