"""Which edition is running: the server's (``oracle serve``, the command line) or the browser's.

The browser edition (``make lite``: the app in Pyodide, no server) sets ``ORACLE_EDITION=browser``
before the app starts. There the LAN table, the local narrator and Claude cannot work: they need
the server, and the app says so where it would offer them.
"""

from __future__ import annotations

import os
import sys

SERVER_ONLY = ("Claude, the local narrator and the LAN table (oracle serve --table) need the "
               "server: install oracle and run oracle serve to use them. In this browser edition "
               "the offline narrator voices every beat.")


def browser() -> bool:
    """True in the browser edition."""
    return os.environ.get("ORACLE_EDITION") == "browser" or sys.platform == "emscripten"
