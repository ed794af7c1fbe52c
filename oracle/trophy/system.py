"""Trophy behind the common system interface (``oracle.systems``): ``SYSTEM``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.dice import DiceSource
from oracle.systems.base import Line, System, Unnamed
from oracle.trophy import campaign, words
from oracle.trophy.requests import FIELDS, RESOLVERS, resolve


class TrophySystem(System):
    """Trophy (Dark and Gold): resolve, odds, and the campaign fold."""

    name = "trophy"
    title = "Trophy (Dark and Gold)"
    tagline = "Trophy · Dark & Gold"
    unnamed = Unnamed("the treasure-hunter", "treasure-hunter", "the forest")
    roll_kinds = tuple(RESOLVERS)
    odds_kinds = ("risk", "hunt", "contest", "combat", "ruin", "reduction")
    fields = FIELDS
    offline_tables = (
        "complications", "bargains", "conditions", "exploration", "encounters_present",
        "encounters_distant", "hunt_quiet", "oracle_answers", "outcome_complication",
        "outcome_failure", "outcome_success", "monsters", "disturbing", "betrayals_unnoticed",
        "betrayals_noticed", "lost", "omens")

    def resolve(self, request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
        """One request of ``shared/contract/resolve.md`` (Trophy) to its result."""
        return resolve(request, dice)

    def odds(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Exact odds, by the trophy-odds module."""
        from oracle.trophy.odds import odds_for_request

        result: dict[str, Any] = odds_for_request(request)
        return result

    def new_state(self) -> campaign.TrophyState:
        """An empty campaign."""
        return campaign.initial_state()

    def apply(self, state: campaign.TrophyState, event: Mapping[str, Any]) -> campaign.TrophyState:
        """Fold one journal event (see ``oracle.trophy.campaign``)."""
        return campaign.apply(state, event)

    def journal_line(self, event: Mapping[str, Any],
                     outcome: Mapping[str, Any] | None = None) -> Line:
        """One Trophy event in words (``oracle.trophy.words``)."""
        return words.journal_line(event, outcome)

    def beat(self, outcome: Mapping[str, Any]) -> str:
        """The beat that voices a Trophy result."""
        return words.beat(outcome)


SYSTEM = TrophySystem()
