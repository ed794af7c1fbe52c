"""The player's own tables in use for a call: a context variable, set with
:func:`oracle.solo.own_tables.using` around a generator call or a draw.

Generators stay pure functions of their dice: they read which own tables are in use here
(names, bestiary rows, set goals) instead of taking one more argument through every system's
generator interface. Outside a ``using`` block none are in use.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

IN_USE: ContextVar[tuple[Any, ...]] = ContextVar("oracle_own_tables", default=())


def in_use(use: str) -> tuple[tuple[str, str], ...]:
    """``(entry, source)`` of every own table in use meant for ``use`` (names, bestiary, sets)."""
    return tuple((entry, str(t.source)) for t in IN_USE.get()
                 if t.name == use or t.name.startswith(f"{use}-") for entry in t.entries)
