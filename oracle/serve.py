"""``oracle serve``: run the app (``app.ipynb``) under Voila on 127.0.0.1, or for a table.

The page shows widgets only: sources are stripped and tracebacks never reach it. A busy port is
refused up front with one sentence (Voila would otherwise move to another port silently).
Only its player reaches it (Host and Origin checked, see :mod:`oracle.serve_guard`), at most
``max_pages`` kernels live at once, and a kernel whose page is gone is shut down (on unload,
else after ``cull_after`` seconds). ``--table`` serves a LAN address behind a join key
(:mod:`oracle.serve_table`).
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
DEFAULT_MAX_PAGES = 8
DEFAULT_CULL_AFTER = 600  # seconds without any page connected to a kernel
KERNEL_MANAGER = "oracle.serve_voila.OracleKernelManager"
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
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
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


def _whole(name: str, value: int, least: int, unit: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ServeError(f"{name}: must be a whole number of {unit}, {least} or more; "
                         f"got {value!r}.")


def cull_interval(cull_after: int) -> int:
    """How often (seconds) kernels are checked for culling: a fifth of the wait, 1 to 60 s."""
    return max(1, min(60, cull_after // 5))


def voila_arguments(notebook: Path, port: int, open_browser: bool, preheat: int,
                    host: str = HOST, cull_after: int = DEFAULT_CULL_AFTER) -> list[str]:
    """The Voila command-line arguments for our app (without the program name)."""
    _whole("preheat", preheat, 0, "kernels")
    _whole("cull-after", cull_after, 1, "seconds")
    args = [
        str(notebook),
        f"--Voila.ip={host}",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--strip_sources=True",
        "--show_tracebacks=False",
        "--theme=dark",
        "--template=lab",
        # A kernel whose page is gone is shut down (oracle.serve_voila.OracleKernelManager);
        # one with a page connected never is.
        "--VoilaConfiguration.multi_kernel_manager_class=" + KERNEL_MANAGER,
        f"--MappingKernelManager.cull_idle_timeout={cull_after}",
        f"--MappingKernelManager.cull_interval={cull_interval(cull_after)}",
        "--MappingKernelManager.cull_connected=False",
    ]
    if not open_browser:
        args.append("--no-browser")
    if preheat > 0:
        # Voila 0.5: --preheat_kernel / --pool_size (VoilaConfiguration.default_pool_size).
        # Preheating executes app.ipynb ahead of a request; oracle.app.launch() waits for the
        # request (oracle.app.preheat, as voila.utils.wait_for_request) before it opens the
        # campaign, so a preheated kernel never shows a stale journal.
        args += ["--preheat_kernel=True", f"--pool_size={preheat}"]
    return args


def serve(port: int = DEFAULT_PORT, open_browser: bool = True, preheat: int = 0,
          argv_extra: Sequence[str] = (), *, host: str | None = None, table: bool = False,
          max_pages: int = DEFAULT_MAX_PAGES, cull_after: int = DEFAULT_CULL_AFTER) -> int:
    """Serve the app until interrupted. Returns 0, or 2 after one sentence on stderr.

    ``host`` (default 127.0.0.1) is the address to listen on; a non-loopback one, or
    ``table=True``, serves a table: a join key is made and the join link printed.
    """
    from oracle.serve_guard import Gate, is_loopback
    from oracle.serve_table import TableError, lan_address, new_key, parse_address, table_gate

    try:
        address = parse_address(host) if host is not None else None
        table = table or (address is not None and not is_loopback(address))
        if table and address is None:
            address = lan_address()
        address = address or HOST
        if preheat and address != HOST:
            # A preheated kernel asks Voila for its page's address (and so its seat) on
            # 127.0.0.1, where a table's server does not listen: it would never learn it.
            raise ServeError("preheat: works only on 127.0.0.1; serve a table or --host "
                             "without --preheat.")
        _whole("max-pages", max_pages, 1, "pages")
        _whole("cull-after", cull_after, 1, "seconds")
        if isinstance(preheat, int) and preheat > max_pages:  # 99,999 would start 99,999 kernels
            raise ServeError(f"preheat: at most --max-pages ({max_pages}) kernels wait ready; "
                             f"got {preheat}.")
        notebook = find_app_notebook()
        check_port(port, address)
        args = voila_arguments(notebook, port, open_browser and not table, preheat, address,
                               cull_after) + list(argv_extra)
    except (ServeError, TableError) as exc:
        print(f"oracle serve: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    key = new_key() if table else None
    gate = table_gate(address, port, key) if key else Gate()
    from oracle.serve_voila import OracleVoila

    app = OracleVoila(gate=gate, max_pages=max_pages)
    app.initialize(args)
    if key:
        from oracle.serve_table import announcement

        print(announcement(address, port, key), file=sys.stderr, flush=True)
    else:
        from oracle.serve_table import url_host

        print(f"oracle serve: the app is at http://{url_host(address)}:{port}/ (Ctrl-C stops it)",
              file=sys.stderr, flush=True)
    try:
        app.start()
    except KeyboardInterrupt:
        pass
    return EXIT_OK
