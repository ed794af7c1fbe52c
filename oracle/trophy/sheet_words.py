"""The journal's words for a correction of a sheet (``sheet_corrected``,
:mod:`oracle.trophy.corrections`): always read as a correction, with its reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.systems.base import Line, who

LABELS = {"ruin": "Ruin", "hunt_tokens": "Hunt Tokens", "gold": "Gold"}


def correction_line(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    """``Correction: Oswin's Ruin 4 → 3 (misread the dark die)``."""
    what = str(data.get("what", ""))
    reason = str(data.get("reason") or res.get("reason") or "").strip()
    why = f" ({reason})" if reason else ""
    if what == "condition":
        condition = str(res.get("condition") or data.get("condition") or "")
        verb = " is rid of the Condition " if data.get("remove") else " takes the Condition "
        return Line.of("meta", "Correction: ", who(name), f"{verb}{condition}{why}")
    before = data.get("from", res.get("before"))
    was = "" if before is None else f" {before}"
    lost = f": {name} is lost" if res.get("lost") is True else ""
    return Line.of("meta", "Correction: ", who(name),
                   f"'s {LABELS.get(what, what)}{was} → {data.get('to', res.get('after'))}"
                   f"{why}{lost}")
