"""Die Trying in the app: its moves and its one panel (no tabs, no side of its own).

The shell finds this package through :mod:`oracle.app.systems` and mounts :data:`OFFERING`.
"""

from __future__ import annotations

from oracle.app.die_trying.moves import DieTryingMoves
from oracle.app.generate_row import GeneratingPanel

OFFERING = GeneratingPanel("die_trying", DieTryingMoves, "oracle.app.die_trying.view")
