"""``oracle serve``: run the app (``app.ipynb``) under Voila on 127.0.0.1.

The page shows widgets only: sources are stripped and tracebacks never reach it. A busy port is
refused up front with one sentence (Voila would otherwise move to another port silently).
"""

from __future__ import annotations

import errno
import os
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

HOST = "127.0.0.1"
DEFAULT_PORT = 8866
APP_ENV = "ORACLE_APP"
EXIT_OK = 0
EXIT_REFUSED = 2


class ServeError(Exception):
    """Something that stops the server from starting, said in one sentence."""


def find_app_notebook() -> Path:
    """Return the path of ``app.ipynb``: ``$ORACLE_APP``, else the repository root, else cwd,
    else (an installed package) a copy written to a temporary folder."""
    override = os.environ.get(APP_ENV)
    if override:
        path = Path(override).expanduser()
        if not path.is_file():
            raise ServeError(f"{APP_ENV}: {str(path)!r} is not a notebook file that exists.")
        return path.resolve()
    package_root = Path(__file__).resolve().parent.parent
    for candidate in (package_root / "app.ipynb", Path.cwd() / "app.ipynb"):
        if candidate.is_file():
            return candidate.resolve()
    return _written_app_notebook()


APP_SOURCE = ["from oracle.app import launch\n", "launch()"]


def _written_app_notebook() -> Path:
    """An installed package has no repository around it: write the two-line app.ipynb."""
    import json
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="oracle-app-"))
    path = folder / "app.ipynb"
    path.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "app", "metadata": {},
                   "outputs": [], "source": APP_SOURCE}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"},
                     "language_info": {"name": "python"}, "title": "oracle: Trophy"},
        "nbformat": 4, "nbformat_minor": 5,
    }, indent=1), encoding="utf-8")
    return path


def check_port(port: int, host: str = HOST) -> None:
    """Raise ServeError unless ``port`` is a valid port that is free on ``host``."""
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise ServeError(f"port: must be a whole number from 1 to 65535; got {port!r}.")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # No SO_REUSEADDR: we want to see exactly what Voila would see when it binds.
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, errno.EACCES):
                reason = "is already in use" if exc.errno == errno.EADDRINUSE else "is not allowed"
                raise ServeError(
                    f"port: {port} {reason} on {host}; stop whatever holds it or choose another "
                    "with --port."
                ) from exc
            raise ServeError(f"port: cannot listen on {host}:{port} ({exc.strerror}).") from exc


def voila_arguments(notebook: Path, port: int, open_browser: bool, preheat: int) -> list[str]:
    """The Voila command-line arguments for our app (without the program name)."""
    if isinstance(preheat, bool) or not isinstance(preheat, int) or preheat < 0:
        raise ServeError(f"preheat: must be a whole number of kernels, 0 or more; got {preheat!r}.")
    args = [
        str(notebook),
        f"--Voila.ip={HOST}",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--strip_sources=True",
        "--show_tracebacks=False",
        "--theme=dark",
        "--template=lab",
    ]
    if not open_browser:
        args.append("--no-browser")
    if preheat > 0:
        # Voila 0.5: --preheat_kernel / --pool_size (VoilaConfiguration.default_pool_size).
        # Preheating executes app.ipynb ahead of a request; oracle.app.launch() waits for the
        # request (voila.utils.wait_for_request) before it opens the campaign, so a preheated
        # kernel never shows a stale journal.
        args += ["--preheat_kernel=True", f"--pool_size={preheat}"]
    return args


def serve(port: int = DEFAULT_PORT, open_browser: bool = True, preheat: int = 0,
          argv_extra: Sequence[str] = ()) -> int:
    """Serve the app until interrupted. Returns 0, or 2 after one sentence on stderr."""
    try:
        notebook = find_app_notebook()
        check_port(port)
        args = voila_arguments(notebook, port, open_browser, preheat) + list(argv_extra)
    except ServeError as exc:
        print(f"oracle serve: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    from voila.app import Voila  # type: ignore[import-untyped]

    app = Voila()
    app.initialize(args)
    print(f"oracle serve: the app is at http://{HOST}:{port}/ (Ctrl-C stops it)", file=sys.stderr,
          flush=True)
    try:
        app.start()
    except KeyboardInterrupt:
        pass
    return EXIT_OK
