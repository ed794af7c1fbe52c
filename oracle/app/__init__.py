"""The Voila app: a thin widget view over a play session (``oracle.app.session``).

``app.ipynb`` is ``from oracle.app import launch; launch()``. Under ``oracle serve --preheat N``
the notebook runs before anyone asks for it; :func:`launch` then waits for the real request
and catches up with the campaign store, so a preheated page never shows a stale journal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from oracle.app.seat import Seat
    from oracle.app.shell import OracleApp

# Seconds between two looks at the campaign store for other tabs' rolls. One look that finds
# nothing costs about 8 microseconds (bench/app.py measures how soon another tab sees a roll).
WATCH_INTERVAL = 0.5
# In the browser edition, seconds after the page is sent before the default system's tabs are
# built behind the start screen (OracleApp.prepare): the start screen draws first, Quick start
# then finds them built. Under Voila they are built with the page, as the cell runs: a widget
# the kernel opens after the cell and before the page connects never reaches that page.
PREPARE_DELAY = 2.0


def build(home: Path | str | None = None, seat: Seat | None = None) -> OracleApp:
    """The app for the campaign opened last (or the start screen): an ``OracleApp``.

    ``seat``: the device's place at a table (its own character, the GM's view).
    """
    from oracle.app.session import Session
    from oracle.app.shell import OracleApp
    from oracle.app.whole import built_whole
    from oracle.errors import OracleError

    session = Session(home)
    if seat is not None:
        session.seat = seat
    problem = ""
    try:
        session.open_last()
    except OracleError as exc:  # a broken last campaign: the picker says why, nothing is reset
        session.campaign = None
        problem = str(exc)
    with built_whole():  # each widget leaves the kernel once, as the first view shows it
        app = OracleApp(session)
    session.on_change(app.refresh)
    if problem:
        from oracle.app.controls import show_error

        show_error(app.start._error, problem)
    return app


def shown(widget: Any) -> dict[str, Any]:
    """What the page needs to show ``widget``: ipywidgets' own mime bundle, with a short
    text/plain instead of ipywidgets' ``repr`` of the whole widget tree (an eighth of
    ``launch()`` in the browser edition). Displayed with ``display(..., raw=True)``."""
    view = {"version_major": 2, "version_minor": 0, "model_id": widget.model_id}
    return {"text/plain": "oracle", "application/vnd.jupyter.widget-view+json": view}


def launch() -> None:
    """Build the app and display it (what ``app.ipynb`` calls).

    Under preheated kernels the page is built and shown before the request (the slow part),
    then the session catches up with the campaign store once someone actually opens the page.
    """
    import os

    from IPython.display import Javascript, display

    from oracle.app.render import page_script
    from oracle.app.seat import request_seat, take_seat
    from oracle.edition import browser

    preheated = os.environ.get("VOILA_PREHEAT", "False") != "False"
    app = build(seat=None if preheated else request_seat())
    later_on = browser() and app.session.campaign is None
    if not later_on:
        app.prepare()  # Voila's page holds what the cell built; no-op once a system is mounted
    display(shown(app.root), raw=True)  # type: ignore[no-untyped-call]
    # the page's own script: a banner while the connection is down, a roll scrolled into view
    display(Javascript(page_script()))  # type: ignore[no-untyped-call]
    app.session.watch(interval=WATCH_INTERVAL)  # other tabs' rolls appear here by themselves
    if later_on:
        from oracle.background import later

        later(PREPARE_DELAY, app.prepare, "oracle-prepare")
    if preheated:
        from oracle.app.preheat import wait_for_request  # not Voila's: see oracle.app.preheat

        wait_for_request()
        try:
            app.session.catch_up()
            take_seat(app.session, request_seat())  # the address is known only now
        except Exception:  # noqa: BLE001 - the picker shows what is wrong; never a traceback
            app.session.campaign = None
            app.refresh()
