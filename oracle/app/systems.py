"""What each game system offers the app, found by name: its moves, its tabs or panel, its side.

The shell and the session never import a system's views or moves by name: they ask
:func:`offering` for the open campaign's system, which names the module of its views
(``System.app``, whose ``OFFERING`` is mounted); the module is imported on first use (as
:mod:`oracle.systems` does for the rules). A system the app has no views for still opens, with
a sentence in place of its panel.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from oracle.app.moves import Moves, SystemMoves
from oracle.events import DEFAULT_SYSTEM
from oracle.systems import SYSTEMS, SystemLoadError

if TYPE_CHECKING:
    from oracle.app.session import Session
    from oracle.app.shell_api import Shell
    from oracle.journal.campaign import Campaign

log = logging.getLogger("oracle.app")

# The system the start screen's Quick start plays, and whose tabs show before any campaign.
DEFAULT = DEFAULT_SYSTEM


class Side(Protocol):
    """A system's part of the page beside the generic views (a sheet, Conditions, fate)."""

    widget: Any
    """Shown at the top of the side column."""
    screen: Any
    """Shown above everything while it matters (the screen of a lost character)."""

    def refresh(self) -> None: ...

    def voicing(self, beat: str, who: tuple[str, ...] = ()) -> tuple[Any, Any] | None:
        """(on_text, on_done) extra listeners for a narration of ``beat`` about ``who``, or
        None."""


class Offering(Protocol):
    """What one system brings to the app."""

    tabs: tuple[str, ...]
    """Its own tabs, in order (the generic Oracle, Safety and Campaigns tabs follow them)."""

    def moves(self, session: Session) -> SystemMoves: ...

    def tab(self, title: str, session: Session, shell: Shell) -> Any: ...

    def panel(self, session: Session) -> Any:
        """Its one panel when it has no tabs (None when it has tabs)."""

    def side(self, session: Session, shell: Shell) -> Side | None: ...

    def quick_start(self, campaign: Campaign) -> str | None:
        """Seat what a Quick start needs in ``campaign``; returns the first roll's intent."""


class PanelOffering:
    """A system with one panel of its own and no tabs or side."""

    tabs: tuple[str, ...] = ()

    def __init__(self, moves: Callable[[Session], SystemMoves], view: str) -> None:
        self._moves = moves
        self._view = view

    def moves(self, session: Session) -> SystemMoves:
        return self._moves(session)

    def tab(self, title: str, session: Session, shell: Shell) -> Any:
        raise KeyError(title)

    def panel(self, session: Session) -> Any:
        """The view module's ``build_view(session)``, imported when first drawn."""
        return importlib.import_module(self._view).build_view(session)

    def side(self, session: Session, shell: Shell) -> Side | None:
        return None

    def quick_start(self, campaign: Campaign) -> str | None:
        return None


class NoViews(PanelOffering):
    """The offering of a system the app has no views for: a sentence, no moves of its own."""

    def __init__(self, system: str, reason: str = "") -> None:
        super().__init__(Moves, "")
        self.system = system
        self.reason = reason

    def panel(self, session: Session) -> Any:
        from oracle.app import controls as c
        from oracle.app.render import esc

        why = f" ({esc(self.reason)})" if self.reason else ""
        return c.html(f'<div class="oracle-hint">The {esc(self.system)} view is not '
                      f"available{why}.</div>")


_LOADED: dict[str, Offering] = {}


def offering(system: str) -> Offering:
    """The offering of ``system`` (imported on first use; a broken one becomes a sentence)."""
    found = _LOADED.get(system)
    if found is not None:
        return found
    try:
        module = SYSTEMS[system].app if system in SYSTEMS else None
    except SystemLoadError as exc:
        return NoViews(system, str(exc))
    if module is None:
        return NoViews(system)
    try:
        loaded: Offering = importlib.import_module(module).OFFERING
    except Exception as exc:  # a missing or broken view must not break the other systems
        log.exception("system view failed")
        return NoViews(system, type(exc).__name__)
    _LOADED[system] = loaded
    return loaded
