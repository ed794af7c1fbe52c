"""Start the browser edition inside Pyodide, before ``oracle.app.launch()``.

``await boot()`` (the first thing the edition's notebook does):

- mounts the browser's IndexedDB (Emscripten's IDBFS) at ``ORACLE_HOME`` and reads back what
  an earlier visit saved there;
- loads SQLite (sqlite.org's WebAssembly build, shipped beside Pyodide) so ``import sqlite3``
  works, and after every commit writes the campaign file back to IndexedDB, one sync at a time;
- picks the offline narrator and the event-loop background runner;
- shows one status line (class ``oracle-lite-saved``): "saving..." (and the class
  ``oracle-lite-saving``) while a commit is on its way to IndexedDB, then "saved in this
  browser", with the nudge to export now and then. A commit made while a sync is in flight is
  written by one more sync right after it (never two at once), and the page script asks before
  the page is left while the line says saving (``lite/web/oracle-lite.js``).
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

HOME = "/home/pyodide/oracle"
SAVED = ("Saved in this browser. Export your campaigns now and then (Campaigns tab): a browser "
         "may clear a site's storage, less often once it is added to the home screen.")
SAVING = "Saving to this browser..."

_state: dict[str, Any] = {"busy": False, "again": False, "status": None, "failed": None}


def _fs() -> Any:
    import pyodide_js  # type: ignore[import-not-found]

    return pyodide_js.FS


def _syncfs(populate: bool) -> asyncio.Future[Any]:
    """FS.syncfs as a future: ``populate`` reads IndexedDB into memory, else writes it out."""
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    future: asyncio.Future[Any] = asyncio.get_event_loop().create_future()

    def done(error: Any = None) -> None:
        if not future.done():
            future.set_result(error)

    _fs().syncfs(populate, create_once_callable(done))
    return future


def _show(text: str, saving: bool = False) -> None:
    status = _state["status"]
    if status is not None:
        css = "oracle-lite-saved oracle-lite-saving" if saving else "oracle-lite-saved"
        status.value = f'<div class="{css} oracle-hint">{text}</div>'


def saving() -> bool:
    """True while a commit is still on its way to IndexedDB."""
    return bool(_state["busy"])


def _saved(_path: str = "") -> None:
    """After a commit reached the in-memory file system: write it to IndexedDB (in order)."""
    if _state["busy"]:
        _state["again"] = True
        return
    _state["busy"] = True
    _show(SAVING, saving=True)
    asyncio.ensure_future(_drain())


async def _drain() -> None:
    try:
        while True:
            _state["again"] = False
            error = await _syncfs(False)
            _state["failed"] = error
            if not _state["again"]:
                break
    finally:
        _state["busy"] = False
    if _state["failed"]:
        _show("This browser refused to save (storage full or blocked?): export your campaign now.")
    else:
        _show(SAVED)


def _site_base() -> str:
    import pyodide_js

    try:
        return str(pyodide_js._api.config.indexURL)
    except AttributeError:  # pragma: no cover - an older Pyodide
        import js  # type: ignore[import-not-found]

        return str(js.location.href).split("/extensions/")[0] + "/pyodide/"


async def _load_sqlite() -> None:
    import js
    from pyodide.code import run_js  # type: ignore[import-not-found]

    url = json.dumps(_site_base() + "sqlite/oracle-sqlite.mjs")
    module = await run_js(f"import({url})")
    js.globalThis.oracleSqlite = await module.load()


async def boot() -> None:
    """Mount storage, load SQLite, set the edition's environment, show the status line."""
    os.environ.setdefault("ORACLE_HOME", HOME)
    os.environ.setdefault("ORACLE_NARRATOR", "offline")
    os.environ["ORACLE_EDITION"] = "browser"
    home = os.environ["ORACLE_HOME"]
    fs = _fs()
    fs.mkdirTree(home)
    fs.mount(fs.filesystems.IDBFS, {}, home)
    # IndexedDB's read and SQLite's fetch and compile wait on different things: both at once.
    await asyncio.gather(_syncfs(True), _load_sqlite())
    import sqlite3

    sqlite3.on_save(_saved)  # type: ignore[attr-defined]
    try:
        import ipywidgets  # type: ignore[import-untyped]
        from IPython.display import display

        _state["status"] = ipywidgets.HTML()
        _show(SAVED)
        display(_state["status"])  # type: ignore[no-untyped-call]
    except ImportError:  # pragma: no cover - the edition always ships ipywidgets
        pass
