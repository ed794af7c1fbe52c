"""The state of a Triptycho campaign: its roster, the scenario under way, and its picture."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from oracle.errors import RuleError, shown
from oracle.triptycho.combat import POINT_NAMES, ScenarioKind
from oracle.triptycho.rounds import Hand, Initiative, OffTurnPlays, Phase, Step
from oracle.triptycho.tracks import StatTrack
from oracle.triptycho.vitals import PointKind, Vitals


@dataclass(frozen=True)
class Combatant:
    """One entity on the roster: points, Injuries, cards as counts, tracks, Initiative."""

    name: str
    player: bool
    vitals: Vitals
    hand: Hand
    valuables: int = 0
    tracks: tuple[tuple[str, StatTrack], ...] = ()
    initiative: Initiative | None = None
    plays: OffTurnPlays = field(default_factory=OffTurnPlays)

    def track(self, name: str) -> StatTrack:
        """The Stat Track called ``name``."""
        for key, value in self.tracks:
            if key == name:
                return value
        raise RuleError(f"track: {self.name} has no {shown(name)} Stat Track; they have "
                        f"{', '.join(k for k, _ in self.tracks) or 'none'}.")


@dataclass(frozen=True)
class ScenarioState:
    """The campaign's roster and the scenario under way (``kind`` None: none running)."""

    roster: tuple[Combatant, ...] = ()
    kind: ScenarioKind | None = None
    participants: tuple[str, ...] = ()
    round: int = 0
    phase: Phase = Phase.OVER
    order: tuple[str, ...] = ()
    turn: int | None = None  # index into ``order`` of the entity whose turn it is
    step: Step | None = None
    turns_done: bool = False
    log: tuple[str, ...] = ()

    def member(self, name: object) -> Combatant:
        """The roster entry called ``name``."""
        for who in self.roster:
            if who.name == name:
                return who
        raise RuleError(f"name: {shown(name)} is not on the roster.")

    @property
    def points(self) -> PointKind | None:
        """The points this scenario uses (HP, EP or WP)."""
        return None if self.kind is None else PointKind(POINT_NAMES[self.kind])

    @property
    def current(self) -> str | None:
        """Whose turn it is."""
        return None if self.turn is None else self.order[self.turn]

    def defeated(self, name: str) -> bool:
        """Out of this scenario: no points left."""
        kind = self.points
        return kind is not None and self.member(name).vitals.defeated(kind)


def new_state() -> ScenarioState:
    """An empty campaign."""
    return ScenarioState()


def summary(state: ScenarioState) -> dict[str, Any]:
    """A JSON-ready picture of the state (for views and narration)."""
    points = state.points
    return {
        "scenario": None if state.kind is None else state.kind.value,
        "round": state.round, "phase": state.phase.value, "turn": state.current,
        "step": None if state.step is None else state.step.value,
        "order": list(state.order),
        "combatants": [
            {"name": c.name, "player": c.player, "injuries": c.vitals.injuries,
             "dead": c.vitals.dead, "valuables": c.valuables,
             "points": None if points is None else c.vitals.current(points),
             "maximum": {k.value: c.vitals.maximum(k) for k in PointKind},
             "defeated": False if points is None else c.vitals.defeated(points),
             "initiative": None if c.initiative is None else c.initiative.value,
             "hand": c.hand.hand, "deck": c.hand.deck, "discard": c.hand.discard,
             "tracks": {k: {"base": t.base, "current": t.current} for k, t in c.tracks}}
            for c in state.roster
        ],
    }
