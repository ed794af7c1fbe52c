"""Where a system view's events go: the app's Session, a bare Campaign, or a scratch fold.

The Die Trying and Triptycho views share this adapter, so they record, roll and narrate the same
way the Trophy screens do, and still work on their own (a notebook, a test) with no campaign.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from oracle.dice import DiceSource, SeededDice
from oracle.errors import RequestError, RuleError
from oracle.systems import System

log = logging.getLogger("oracle.app")

S = TypeVar("S")


class SystemJournal(Generic[S]):
    """Record events, roll dice and ask for narration for one system's view."""

    def __init__(self, source: Any, system: System) -> None:
        self._source = source
        self._system = system
        self._scratch: S = system.new_state()
        self._dice = SeededDice(f"{system.name}-scratch")

    def _campaign(self) -> Any:
        if self._source is None:
            return None
        if hasattr(self._source, "campaign"):  # the app's Session
            campaign = self._source.campaign
            if campaign is None:
                raise RequestError(f"campaign: open a {self._system.title} campaign first.")
            return campaign
        return self._source

    def _checked(self) -> Any:
        campaign = self._campaign()
        if campaign is not None:
            name = getattr(getattr(campaign, "system", None), "name", self._system.name)
            if name != self._system.name:
                raise RuleError(f"campaign: this campaign plays {name}; open or start a "
                                f"{self._system.title} campaign for this tab.")
        return campaign

    @property
    def state(self) -> S:
        """The campaign's folded state (an empty one when the campaign plays another system)."""
        if self._source is None:
            return self._scratch
        try:
            campaign = self._checked()
        except (RequestError, RuleError):
            empty: S = self._system.new_state()
            return empty
        state: S = campaign.state
        return state

    def record(self, event: Mapping[str, Any]) -> S:
        """Fold ``event`` through the rules and journal it; returns the new state."""
        if self._source is None:
            self._scratch = self._system.apply(self._scratch, event)
            return self._scratch
        campaign = self._checked()
        if hasattr(self._source, "campaign"):
            self._source.record(event)
            changed = getattr(self._source, "changed", None)
            if callable(changed):
                changed()
        else:
            campaign.record(event)
        return self.state

    def dice(self) -> DiceSource:
        """The campaign's seeded dice, or a scratch source with no campaign."""
        if self._source is None:
            return self._dice
        dice: DiceSource = self._checked().dice()
        return dice

    def voice(self, result: Mapping[str, Any], beat: str | None = None) -> str | None:
        """Ask the app's narrator to voice ``result``; returns the beat, or None when silent.

        Narration is a nicety: the roll is already recorded whatever happens here.
        """
        from oracle.narrator import beat_for_result
        from oracle.narrator.beats import BEATS

        beat = beat or beat_for_result(self._system.name, result)
        voice = getattr(self._source, "voice", None)
        if beat == "roll" or beat not in BEATS or not callable(voice) or self._campaign() is None:
            return None
        try:
            voice(beat, dict(result))
        except Exception:
            log.exception("%s narration failed", self._system.name)
            return None
        return beat
