"""Dread: how awake the world is, from 1 (calm) to 9, worked out from plain numbers.

Each system reads its own numbers (``System.dread``; Trophy: the party's Ruin, the sets already
cleared and the days spent in the forest) with the helpers here: :func:`whole`, :func:`clamp`
and the generic :func:`pressure_dread`. The player may always set dread by hand instead
(:func:`oracle.solo.answers.check_dread`). ``docs/rulings.md`` (Solo oracle) gives the reasons.
"""

from __future__ import annotations

from oracle.errors import RequestError, shown
from oracle.solo.answers import MAX_DREAD, MIN_DREAD


def whole(field: str, value: object, lowest: int = 0, highest: int | None = None) -> int:
    """``value`` when it is a whole number in ``lowest..highest``; else one sentence."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{field}: must be a whole number, not {shown(value)}.")
    if value < lowest or (highest is not None and value > highest):
        top = "" if highest is None else f" to {highest}"
        raise RequestError(f"{field}: runs from {lowest}{top}; got {value}.")
    return value


def clamp(value: int) -> int:
    """Keep a dread within 1..9."""
    return max(MIN_DREAD, min(MAX_DREAD, value))


def pressure_dread(pressure: int, most: int) -> int:
    """A generic scale: ``pressure`` out of ``most`` mapped onto 1..9 (rounded down)."""
    most = whole("most", most, 1)
    pressure = whole("pressure", pressure)
    return clamp(MIN_DREAD + (MAX_DREAD - MIN_DREAD) * min(pressure, most) // most)
