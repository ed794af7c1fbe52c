"""Triptycho in the app: its moves and its one panel (no tabs, no side of its own).

The shell finds this package through :mod:`oracle.app.systems` and mounts :data:`OFFERING`.
"""

from __future__ import annotations

from oracle.app.generate_row import GeneratingPanel
from oracle.app.triptycho.moves import TriptychoMoves

OFFERING = GeneratingPanel("triptycho", TriptychoMoves, "oracle.app.triptycho.view")
