"""Dread: how awake the world is, from 1 (calm) to 9, worked out from plain numbers.

Trophy: the party's Ruin, the sets already cleared and the days spent in the forest. Die Trying
and Triptycho: a generic pressure score. The player may always set dread by hand instead
(:func:`oracle.solo.answers.check_dread`). ``docs/rulings.md`` (Solo oracle) gives the reasons.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from oracle.errors import RequestError, shown
from oracle.solo.answers import MAX_DREAD, MIN_DREAD

TROPHY_BASE = 1
MAX_RUIN = 6


def _whole(field: str, value: object, lowest: int = 0, highest: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{field}: must be a whole number, not {shown(value)}.")
    if value < lowest or (highest is not None and value > highest):
        top = "" if highest is None else f" to {highest}"
        raise RequestError(f"{field}: runs from {lowest}{top}; got {value}.")
    return value


def clamp(value: int) -> int:
    """Keep a dread within 1..9."""
    return max(MIN_DREAD, min(MAX_DREAD, value))


def trophy_dread(highest_ruin: int, mean_ruin: Fraction | float = 1,
                 sets_cleared: int = 0, days: int = 0) -> int:
    """Trophy's dread.

    1, plus the highest Ruin above 1 (0..5), plus 1 when the party's mean Ruin is 4 or more
    (the whole party slipping), plus 1 for every two sets cleared (deeper in), plus 1 for every
    three days in the forest; never above 9.
    """
    top = _whole("highest_ruin", highest_ruin, 1, MAX_RUIN)
    if isinstance(mean_ruin, bool) or not isinstance(mean_ruin, (int, float, Fraction)):
        raise RequestError(f"mean_ruin: must be a number, not {shown(mean_ruin)}.")
    if not 1 <= mean_ruin <= top:
        raise RequestError(f"mean_ruin: lies between 1 and the highest Ruin ({top}); "
                           f"got {mean_ruin}.")
    cleared = _whole("sets_cleared", sets_cleared)
    spent = _whole("days", days)
    slipping = 1 if mean_ruin >= 4 else 0
    return clamp(TROPHY_BASE + (top - 1) + slipping + cleared // 2 + spent // 3)


def party_dread(ruins: Sequence[int], sets_cleared: int = 0, days: int = 0) -> int:
    """Trophy's dread from the Ruin of every character still in play."""
    if not ruins:
        raise RequestError("ruins: give the Ruin of at least one character in play.")
    for i, ruin in enumerate(ruins):
        _whole(f"ruins[{i}]", ruin, 1, MAX_RUIN)
    return trophy_dread(max(ruins), Fraction(sum(ruins), len(ruins)), sets_cleared, days)


def pressure_dread(pressure: int, most: int) -> int:
    """A generic scale: ``pressure`` out of ``most`` mapped onto 1..9 (rounded down)."""
    most = _whole("most", most, 1)
    pressure = _whole("pressure", pressure)
    return clamp(MIN_DREAD + (MAX_DREAD - MIN_DREAD) * min(pressure, most) // most)


def die_trying_dread(hp_lost: int, hp_total: int, instability: int = 0, depth: int = 0) -> int:
    """Die Trying's dread: the share of the party's HP lost (0..6), plus 1 for every 2
    Instability Dice held, plus 1 for every level down into the dungeon; 1..9."""
    total = _whole("hp_total", hp_total, 1)
    lost = _whole("hp_lost", hp_lost)
    wounds = 6 * min(lost, total) // total
    held = _whole("instability", instability) // 2
    return clamp(MIN_DREAD + wounds + held + _whole("depth", depth))


def triptycho_dread(injuries: int, party_size: int, scenarios_lost: int = 0,
                    rounds: int = 0) -> int:
    """Triptycho's dread: 2 per Injury per character (up to 6), plus 1 per scenario lost,
    plus 1 for every 3 rounds of the scenario under way; 1..9."""
    size = _whole("party_size", party_size, 1)
    hurt = min(6, 2 * _whole("injuries", injuries) // size)
    return clamp(MIN_DREAD + hurt + _whole("scenarios_lost", scenarios_lost)
                 + _whole("rounds", rounds) // 3)
