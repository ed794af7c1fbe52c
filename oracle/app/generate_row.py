"""Generate buttons for the Die Trying and Triptycho panels: a new character (or foe) drawn
from our tables within the system's rules, recorded at once (a bad draw writes nothing)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from oracle.app import controls as c
from oracle.app.moves import SystemMoves
from oracle.app.systems import PanelOffering

if TYPE_CHECKING:
    from oracle.app.session import Session


def _event(system: str, kind: str, rng: random.Random) -> dict[str, Any]:
    if system == "die_trying":
        from oracle.solo.generate.die_trying import character as dt_character

        request = dt_character(rng).request()
        request.pop("system")
        request.pop("roll")
        return {"type": "create_character", **request}
    from oracle.solo.generate.triptycho import character as tt_character
    from oracle.solo.generate.triptycho import foe

    return (tt_character(rng) if kind == "character" else foe(rng)).join_event()


def generate_row(session: Session, system: str) -> Any:
    """A row of Generate buttons (``oracle-generate-<kind>``) over ``session``'s campaign."""
    rng = random.Random()
    error = c.error_line()
    error.add_class("oracle-generate-error")
    kinds = ("character",) if system == "die_trying" else ("character", "foe")
    buttons = []
    for kind in kinds:
        button = c.button(f"Generate a {kind}", css=f"oracle-generate-{kind}")

        def make(_button: Any = None, kind: str = kind) -> None:
            session.record(_event(system, kind, rng))
            session.changed()

        button.on_click(c.guard(error, make))
        buttons.append(button)
    return c.column(c.row(*buttons), error)


class GeneratingPanel(PanelOffering):
    """A one-panel system whose panel has Generate buttons above it (Die Trying, Triptycho)."""

    def __init__(self, system: str, moves: Callable[[Session], SystemMoves], view: str) -> None:
        super().__init__(moves, view)
        self.system = system

    def panel(self, session: Session) -> Any:
        return c.column(generate_row(session, self.system), super().panel(session))
