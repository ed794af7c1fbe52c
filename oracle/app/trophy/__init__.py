"""Trophy (Dark and Gold) in the app: its moves, its six tabs, the sheet and fate beside them.

The shell finds this package through :mod:`oracle.app.systems` and mounts :data:`OFFERING`;
each tab's view module is imported when the tab is first opened.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from oracle.app.trophy.moves import TrophyMoves
from oracle.events import scene

if TYPE_CHECKING:
    from oracle.app.session import Session
    from oracle.app.shell_api import Shell
    from oracle.app.trophy.side import TrophySide
    from oracle.journal.campaign import Campaign

QUICK_INTENT = "Climb the ruined bell tower to see over the trees"



# tab title -> (module, class) of its view
TABS: dict[str, tuple[str, str]] = {
    "Risk": ("risk_view", "RiskView"),
    "Hunt": ("hunt_view", "HuntView"),
    "Contest": ("contest_view", "ContestView"),
    "Combat": ("combat_view", "CombatView"),
    "Ruin": ("ruin_view", "RuinView"),
    "Party": ("party_view", "PartyView"),
    "Incursion": ("incursion_view", "IncursionView"),
}


class TrophyOffering:
    """Risk, Hunt, Contest, Combat, Ruin and Party tabs; the sheet, Conditions and fate."""

    tabs: tuple[str, ...] = tuple(TABS)

    def moves(self, session: Session) -> TrophyMoves:
        return TrophyMoves(session)

    def tab(self, title: str, session: Session, shell: Shell) -> Any:
        module, name = TABS[title]
        view = getattr(importlib.import_module(f"{__name__}.{module}"), name)
        return view(session, shell)

    def panel(self, session: Session) -> Any:
        return None

    def side(self, session: Session, shell: Shell) -> TrophySide:
        from oracle.app.trophy.side import TrophySide

        return TrophySide(session, shell)

    def quick_start(self, campaign: Campaign) -> str:
        """A new generated treasure-hunter (the campaign's own seed) and a first scene."""
        from oracle.trophy.generate import character

        hunter = character(campaign.dice("quick start"))
        campaign.record(hunter.event())
        campaign.record(scene("The forest's edge"))
        return QUICK_INTENT


OFFERING = TrophyOffering()
