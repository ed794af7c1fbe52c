"""The Voila app: a thin widget view over a play session (``oracle.app.session``).

``app.ipynb`` is ``from oracle.app import launch; launch()``. Under ``oracle serve --preheat N``
the notebook runs before anyone asks for it; :func:`launch` then waits for the real request
before it opens the campaign store, so a preheated page never shows a stale journal.
"""

from __future__ import annotations

from typing import Any


def build(home: Any = None) -> Any:
    """The app for the campaign opened last (or the start screen): an ``OracleApp``."""
    from oracle.app.session import Session
    from oracle.app.shell import OracleApp

    session = Session(home)
    try:
        session.open_last()
    except Exception:  # noqa: BLE001 - a broken last campaign leaves the picker, which names the problem
        session.campaign = None
    app = OracleApp(session)
    session.on_change(app.refresh)
    return app


def launch() -> None:
    """Build the app and display it (what ``app.ipynb`` calls)."""
    import os

    from IPython.display import display

    import oracle.app.shell  # noqa: F401 - the heavy imports happen before any request

    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        from voila.utils import wait_for_request  # type: ignore[import-untyped]

        wait_for_request()
    app = build()
    display(app.root)  # type: ignore[no-untyped-call]
