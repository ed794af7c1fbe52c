"""Coin in the app: one panel (call, flip, the result) under its Generate buttons.

The app finds this module through ``CoinSystem.app`` and mounts :data:`OFFERING`. A flip is
rolled by the rules (``SYSTEM.resolve``), journalled as a ``flipped`` event, and voiced by the
narrator's ``flip`` beat (``speak``: the page streams it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from oracle.app import controls as c
from oracle.app.generate_row import generate_row
from oracle.app.moves import Moves
from oracle.app.render import esc
from oracle_coin import rules
from oracle_coin.system import SYSTEM

if TYPE_CHECKING:
    from oracle.app.session import Session
    from oracle.app.shell_api import Shell
    from oracle.journal.campaign import Campaign


class CoinMoves(Moves[rules.CoinState]):
    """Calling and flipping, recorded through the session (the app's table)."""

    system = "coin"

    def in_play(self) -> list[str]:
        return list(self.state.callers)

    def flip(self, call: str, face: str | None = None) -> dict[str, Any]:
        """Flip for ``call`` (a typed ``face`` is a coin already flipped); recorded, voiced."""
        request = {"roll": "flip", "call": call, **({"face": face} if face else {})}
        outcome = SYSTEM.resolve(request, self.dice())
        callers = self.in_play()
        event = {"type": rules.FLIPPED, "call": outcome["call"], "face": outcome["face"],
                 **({"name": callers[0]} if callers else {})}
        seq = self.record(event)
        self.session.speak(SYSTEM.beat(outcome), outcome, refers_to=seq)
        self.changed()
        return outcome


class CoinOffering:
    """Coin's offering: no tabs, one panel."""

    tabs: tuple[str, ...] = ()

    def moves(self, session: Session) -> CoinMoves:
        return CoinMoves(session)

    def tab(self, title: str, session: Session, shell: Shell) -> Any:
        raise KeyError(title)

    def panel(self, session: Session) -> Any:
        moves = session.moves_for("coin")
        assert isinstance(moves, CoinMoves)
        call = c.dropdown(options=list(rules.FACES), value="heads", description="Call")
        call.add_class("oracle-coin-call")
        button = c.button("Flip", css="oracle-coin-flip", style="primary")
        shown = c.html("", "oracle-coin-result")
        error = c.error_line()

        def flip(_button: Any = None) -> None:
            outcome = moves.flip(str(call.value))
            verdict = "won" if outcome["won"] else "lost"
            shown.value = (f"<b>{esc(outcome['face'])}</b>: the call of "
                           f"{esc(outcome['call'])} {verdict}.")

        button.on_click(c.guard(error, flip))
        return c.column(generate_row(session, "coin"), c.row(call, button), shown, error,
                        css="oracle-coin")

    def side(self, session: Session, shell: Shell) -> None:
        return None

    def quick_start(self, campaign: Campaign) -> str | None:
        return None

    def people(self, names: Sequence[str]) -> list[Any]:
        return []


OFFERING = CoinOffering()
