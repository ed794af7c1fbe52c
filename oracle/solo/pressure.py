"""A campaign's dread, read from its folded state by its system (the player may set it instead).

Each system reads its own state (``System.dread``); a campaign with nobody to read (no character
yet), or a system that reads none, has the default dread. This module names no system.
"""

from __future__ import annotations

from typing import Any

from oracle.solo.answers import DEFAULT_DREAD


def campaign_dread(system: str, state: Any) -> int:
    """The dread (1..9) the campaign's own numbers give."""
    from oracle.systems import SYSTEMS

    found = SYSTEMS[system].dread(state) if system in SYSTEMS else None
    return DEFAULT_DREAD if found is None else found
