"""Trophy behind the common system interface (``oracle.systems``): ``SYSTEM``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.dice import DiceSource
from oracle.trophy import campaign
from oracle.trophy.requests import RESOLVERS, resolve


class TrophySystem:
    """Trophy (Dark and Gold): resolve, odds, and the campaign fold."""

    name = "trophy"
    title = "Trophy (Dark and Gold)"
    roll_kinds: tuple[str, ...] = tuple(RESOLVERS)

    def resolve(self, request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
        """One request of ``shared/contract/resolve.md`` (Trophy) to its result."""
        return resolve(request, dice)

    def odds(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Exact odds, by the trophy-odds module."""
        from oracle.trophy.odds import odds_for_request

        result: dict[str, Any] = odds_for_request(request)
        return result

    def initial_state(self) -> campaign.TrophyState:
        """An empty campaign."""
        return campaign.initial_state()

    def apply(self, state: campaign.TrophyState, event: Mapping[str, Any]) -> campaign.TrophyState:
        """Fold one journal event (see ``oracle.trophy.campaign``)."""
        return campaign.apply(state, event)


SYSTEM = TrophySystem()
