"""Die Trying behind the shared system interface (``oracle.systems``).

Faces: a single die field (``"d10"``, ``"miscast_d10"``, ``"damage_d6"``, ``"concealment_d10"``,
``"reach_die"``, ``"face"``) given as an integer is the face already rolled; absent or null, the
oracle rolls it from the ``dice`` source. A pool field (``"magic"``, ``"instability"``, ``"d6"``,
``"d2"``, ``"unconscious_d6"``) given as a list holds faces; given as an integer it is a count of
dice to roll; absent, the rules' own count is rolled (six d3 for ability scores, the d2 each one
needs, the spell level's Magic Dice, no Instability Dice). ``"seed"`` in the request makes
rolling repeatable (the CLI builds ``SeededDice(seed)``). d3 are d6 faces halved up; d2 are die
faces read by parity; a d100 takes its digits 0..9 (a d10's 10 reads 0).

``resolve`` is in :mod:`oracle.die_trying.resolve` (roll kinds listed there), ``odds`` in
:mod:`oracle.die_trying.forecast`, the journal fold in :mod:`oracle.die_trying.journal`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from oracle.dice import DiceSource
from oracle.die_trying import forecast, journal
from oracle.die_trying import resolve as resolving
from oracle.systems.base import Line, System, Unnamed


def beat(outcome: Mapping[str, Any]) -> str:
    """A miscast, a death save, a critical success or failure; otherwise the generic beat."""
    if outcome.get("lost") is True:
        return "lost"
    if outcome.get("miscast") is True:
        return "miscast"
    if outcome.get("roll") in ("death_save", "stabilize"):
        return "death_save"
    if outcome.get("degree") in ("critical_success", "critical_failure"):
        return "critical"
    return "roll"


class DieTrying(System):
    """The Die Trying system object: resolve, odds and the campaign fold."""

    name = "die_trying"
    title = "Die Trying"
    tagline = "Die Trying · Gold 'n Guts"
    unnamed = Unnamed("the delver", "delver", "the dungeon")
    roll_kinds = tuple(resolving.HANDLERS)
    odds_kinds = tuple(forecast.ODDS)
    fields = MappingProxyType({})  # filled by the requests move (issue 8)
    offline_tables = (
        "miscasts", "miscast_death", "critical_successes", "critical_failures",
        "death_saves_holding", "death_saves_slipping", "death_saves_stable",
        "death_saves_dead", "omens")

    def resolve(self, request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
        """One request of ``shared/contract/resolve.md`` to its result."""
        return resolving.resolve(request, dice)

    def odds(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Exact odds for the same request shapes, as JSON-ready fractions."""
        return forecast.odds_for_request(request)

    def new_state(self) -> journal.CampaignState:
        """An empty campaign."""
        return journal.CampaignState()

    def apply(self, state: Any, event: Mapping[str, Any]) -> journal.CampaignState:
        """Fold one journal event (vocabulary in :mod:`oracle.die_trying.journal`)."""
        return journal.apply(state, event)

    def journal_line(self, event: Mapping[str, Any],
                     outcome: Mapping[str, Any] | None = None) -> Line:
        """One journal line for an event."""
        return Line.of("roll", journal.describe(event))

    def beat(self, outcome: Mapping[str, Any]) -> str:
        """The beat that voices a Die Trying result."""
        return beat(outcome)


SYSTEM = DieTrying()
