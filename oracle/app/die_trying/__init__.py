"""Die Trying in the app: its moves and its one panel (no tabs, no side of its own).

The shell finds this package through :mod:`oracle.app.systems` and mounts :data:`OFFERING`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from oracle.app.die_trying.moves import DieTryingMoves

if TYPE_CHECKING:
    from oracle.app.session import Session
    from oracle.app.shell_api import Shell
    from oracle.app.systems import Side
    from oracle.journal.campaign import Campaign


class DieTryingOffering:
    """One panel over the open Die Trying campaign."""

    tabs: tuple[str, ...] = ()

    def moves(self, session: Session) -> DieTryingMoves:
        return DieTryingMoves(session)

    def tab(self, title: str, session: Session, shell: Shell) -> Any:
        raise KeyError(title)

    def panel(self, session: Session) -> Any:
        from oracle.app import controls as c
        from oracle.app.die_trying.view import build_view
        from oracle.app.generate_row import generate_row

        return c.column(generate_row(session, "die_trying"), build_view(session))

    def side(self, session: Session, shell: Shell) -> Side | None:
        return None

    def quick_start(self, campaign: Campaign) -> str | None:
        return None


OFFERING = DieTryingOffering()
