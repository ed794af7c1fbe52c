"""The state of a Trophy campaign and the small steps every event shares.

``TrophyState`` is what the journal fold (``fold.apply``) builds: the characters (NPCs too),
the last resolved result, a Risk Roll that may still be pushed or helped, and a fight that may
continue. Values are frozen; every change returns a new state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from oracle.errors import RuleError, shown
from oracle.trophy.character import Character
from oracle.trophy.incursion import Expedition
from oracle.trophy.risk import RiskResult
from oracle.trophy.ruin import MAX_RUIN, REDUCTION_OPENS_AT

Event = Mapping[str, Any]


@dataclass(frozen=True)
class OpenCombat:
    """A fight that may continue: who is still in it, with which Weak Points."""

    endurance: int
    fighters: tuple[tuple[str, tuple[int, ...]], ...]  # (name, weak points), in order
    dark_count: int  # never goes down (SRD 1.2, Combat Roll)
    rolls: int = 0

    def weak_points(self, name: str) -> tuple[int, ...]:
        """The Weak Points ``name`` holds in this fight (their own plus handed-over ones)."""
        for fighter, points in self.fighters:
            if fighter == name:
                return points
        raise RuleError(f"name: {shown(name)} is not in the fight.")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.fighters)


@dataclass(frozen=True)
class OpenRisk:
    """A Risk Roll that may still be pushed or helped."""

    name: str
    result: RiskResult


@dataclass(frozen=True)
class OpenCombatRoll:
    """The newest Combat Roll while its fighters may still mark armor for it (SRD 1.2: the
    choice comes after the dice): the state before the roll and the roll's event, so marking
    armor reads the same dice again with that fighter's armor on."""

    before: TrophyState
    event: Mapping[str, Any]


@dataclass(frozen=True)
class TrophyState:
    """Everything a Trophy campaign knows, folded from its journal.

    ``characters`` in creation order (NPCs too; lost and dead ones stay). ``last_result`` is the
    result dict of the newest roll event (``resolve``'s shape plus ``"name"``) or a short record
    of a token spend, claim, custom Ruin mark or retreat; other events leave it as it was.
    ``risk`` is a Risk Roll still open to a push or late help; ``combat`` a fight that may go on.
    """

    characters: tuple[Character, ...] = ()
    last_result: Mapping[str, Any] | None = None
    risk: OpenRisk | None = None
    combat: OpenCombat | None = None
    combat_roll: OpenCombatRoll | None = None  # armor may still be marked for it
    events: int = 0  # how many events were folded
    expedition: Expedition = field(default_factory=Expedition)  # oracle.trophy.incursion

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(character.name for character in self.characters)

    def has(self, name: str) -> bool:
        """Whether a character called ``name`` exists (lost and dead ones included)."""
        return any(character.name == name for character in self.characters)

    def character(self, name: object, field: str = "name") -> Character:
        """The character called ``name``, or a RuleError naming the field."""
        for character in self.characters:
            if character.name == name:
                return character
        raise RuleError(f"{field}: no character called {shown(name)} in this campaign.")

    def with_character(self, character: Character) -> TrophyState:
        """A new state with ``character`` in place of the one with the same name."""
        return replace(self, characters=tuple(
            character if old.name == character.name else old for old in self.characters
        ))


def initial_state() -> TrophyState:
    """An empty campaign."""
    return TrophyState()


def in_play(state: TrophyState, name: object, field: str = "name") -> Character:
    """The character called ``name`` if they can still act (not lost, not dead)."""
    character = state.character(name, field)
    if character.lost:
        raise RuleError(f"{field}: {character.name} is lost (Ruin 6) and cannot act.")
    if character.dead:
        raise RuleError(f"{field}: {character.name} is dead and cannot act.")
    return character


def set_ruin(character: Character, ruin: int) -> Character:
    """Raise Ruin through marks: 5 opens Reduction, each mark asks for a Condition."""
    marks = ruin - character.ruin
    if marks <= 0:
        return character
    return replace(
        character,
        ruin=ruin,
        reached_five=character.reached_five or ruin >= REDUCTION_OPENS_AT,
        conditions_due=character.conditions_due + (marks if ruin < MAX_RUIN else 0),
    )


def raise_ruin(state: TrophyState, name: str, ruin_after: int) -> TrophyState:
    """Write a roll's Ruin-after onto ``name`` (marks only; Ruin never drops here)."""
    return state.with_character(set_ruin(state.character(name), ruin_after))


def close_risk(state: TrophyState) -> TrophyState:
    """Settle the open Risk Roll, if any (any other roll settles it too)."""
    return state if state.risk is None else replace(state, risk=None)
