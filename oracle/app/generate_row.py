"""Generate buttons above a one-panel system's panel: a new character (or foe) drawn from the
system's own generators (``System.generators()``, those with a ``button``), recorded at once (a
bad draw writes nothing)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from oracle.app import controls as c
from oracle.app.moves import SystemMoves
from oracle.app.systems import PanelOffering
from oracle.systems import find_system
from oracle.systems.base import Generator

if TYPE_CHECKING:
    from oracle.app.session import Session


def buttons_of(system: str) -> list[tuple[str, Generator]]:
    """The system's generators that have an app button: (button word, generator)."""
    return [(made.button, made) for made in find_system(system).generators().values()
            if made.button and made.event is not None]


def taken_names(session: Session) -> list[str]:
    """Names a new draw must not repeat: those in play, and every name a rules event of the
    campaign gave (a character, a foe), undone ones aside."""
    taken = list(session.moves.in_play())
    campaign = session.campaign
    for entry in () if campaign is None else campaign.entries:
        name = entry.data.get("name")
        if not entry.meta and not entry.undone and isinstance(name, str) and name not in taken:
            taken.append(name)
    return taken


def generate_row(session: Session, system: str) -> Any:
    """A row of Generate buttons (``oracle-generate-<kind>``) over ``session``'s campaign."""
    from oracle.app.solo import own_in
    from oracle.solo.generate.common import RandomDice

    dice = RandomDice(random.Random())
    error = c.error_line()
    error.add_class("oracle-generate-error")
    buttons = []
    for word, made in buttons_of(system):
        button = c.button(f"Generate a {word}", css=f"oracle-generate-{word}")

        def make(_button: object = None, made: Generator = made) -> None:
            assert made.event is not None
            with own_in(session):  # the player's names, bestiary and set goals
                session.record(made.event(dice, taken_names(session)))
            session.changed()

        button.on_click(c.guard(error, make))
        buttons.append(button)
    return c.column(c.row(*buttons), error)


class GeneratingPanel(PanelOffering):
    """A one-panel system whose panel has its Generate buttons above it."""

    def __init__(self, system: str, moves: Callable[[Session], SystemMoves], view: str) -> None:
        super().__init__(moves, view)
        self.system = system

    def panel(self, session: Session) -> Any:
        return c.column(generate_row(session, self.system), super().panel(session))
