"""A Trophy treasure-hunter: the sheet as a frozen value.

Changes of state return new values (``dataclasses.replace``); ``lost`` is derived from Ruin.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from oracle.trophy.ruin import MAX_RUIN, reduction_open

__all__ = ["MAX_RUIN", "ArmorPiece", "Character", "Fate"]


class Fate(enum.Enum):
    """What a character who lost themself chose (SRD 1.2, Losing Yourself)."""

    MONSTER = "monster"
    DEATH = "death"


@dataclass(frozen=True)
class ArmorPiece:
    """One piece of armor. Marked armor is unusable until the party is safely back in town."""

    name: str
    marked: bool = False


@dataclass(frozen=True)
class Character:
    """Every field of a Trophy sheet, plus what play changes (Ruin, tokens, Gold, Conditions)."""

    name: str
    occupation: str = ""
    background: str = ""
    skills: tuple[str, ...] = ()
    drive: str = ""
    rituals: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()
    armor: tuple[ArmorPiece, ...] = ()
    starting_ruin: int = 1
    ruin: int = 1
    hunt_tokens: int = 0
    gold: int = 0
    conditions: tuple[str, ...] = ()
    reached_five: bool = False
    fate: Fate | None = None
    npc: bool = False
    notes: str = field(default="", compare=True)
    dead: bool = False  # died outside Ruin (e.g. a Risk Roll to kill a monster)
    co_gm: bool = False  # a lost player who took on a co-GM role (SRD 1.2, Losing Yourself)
    conditions_due: int = 0  # Ruin marks still waiting for a Condition (SRD 1.2, Conditions)

    @property
    def lost(self) -> bool:
        """All six Ruin boxes are marked: the character has lost themself and cannot roll."""
        return self.ruin >= MAX_RUIN

    @property
    def died(self) -> bool:
        """Dead: killed outside Ruin, or lost and choosing death as their Fate (not a monster)."""
        return self.dead or self.fate is Fate.DEATH

    @property
    def out_of_play(self) -> bool:
        """Lost or dead: the character rolls nothing, helps nobody, fights no more."""
        return self.lost or self.dead

    @property
    def can_reduce(self) -> bool:
        """Reduction is open once 5 Ruin was marked, while Ruin is above starting Ruin."""
        return reduction_open(self.ruin, self.starting_ruin, self.reached_five)

    @property
    def usable_armor(self) -> tuple[ArmorPiece, ...]:
        return tuple(piece for piece in self.armor if not piece.marked)
