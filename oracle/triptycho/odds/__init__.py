"""Exact odds for Triptycho rolls, as ``fractions.Fraction`` distributions.

A distribution maps a total to its probability. Everything is enumerated exactly; entries are
small (a dozen d12 has 133 totals), so plain convolution is quick.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from oracle.triptycho.combat import dealt
from oracle.triptycho.entries import DiceEntry

Distribution = dict[int, Fraction]

CERTAIN_ZERO: Distribution = {0: Fraction(1)}


def point(total: int) -> Distribution:
    """A total already known (faces rolled)."""
    return {total: Fraction(1)}


def convolve(first: Mapping[int, Fraction], second: Mapping[int, Fraction]) -> Distribution:
    """The distribution of the sum of two independent totals."""
    out: Distribution = {}
    for a, pa in first.items():
        for b, pb in second.items():
            out[a + b] = out.get(a + b, Fraction(0)) + pa * pb
    return out


def entry_distribution(entry: DiceEntry | None) -> Distribution:
    """Totals of ``entry`` (nothing rolled: always 0)."""
    if entry is None:
        return dict(CERTAIN_ZERO)
    one = {face: Fraction(1, entry.sides) for face in range(1, entry.sides + 1)}
    out: Distribution = dict(CERTAIN_ZERO)
    for _ in range(entry.number):
        out = convolve(out, one)
    return out


def sum_distributions(parts: Iterable[Mapping[int, Fraction]]) -> Distribution:
    """The distribution of the sum of independent parts."""
    out: Distribution = dict(CERTAIN_ZERO)
    for part in parts:
        out = convolve(out, part)
    return out


def opposed_odds(
    action: Mapping[int, Fraction], reaction: Mapping[int, Fraction]
) -> tuple[Fraction, Fraction, Fraction]:
    """(action wins, reaction wins, tie); ties are already counted in the action's wins."""
    win = lose = tie = Fraction(0)
    for a, pa in action.items():
        for r, pr in reaction.items():
            if a >= r:
                win += pa * pr
                if a == r:
                    tie += pa * pr
            else:
                lose += pa * pr
    return win, lose, tie


def dealt_distribution(
    damage: Mapping[int, Fraction], defense: Mapping[int, Fraction]
) -> Distribution:
    """Damage dealt after Defense (never below 0)."""
    out: Distribution = {}
    for d, pd in damage.items():
        for f, pf in defense.items():
            key = dealt(d, f)
            out[key] = out.get(key, Fraction(0)) + pd * pf
    return out


def mixed(hit: Fraction, on_hit: Mapping[int, Fraction]) -> Distribution:
    """Damage dealt when a hit happens with chance ``hit`` (a miss deals 0)."""
    out: Distribution = {0: 1 - hit}
    for total, p in on_hit.items():
        out[total] = out.get(total, Fraction(0)) + hit * p
    return {k: v for k, v in sorted(out.items()) if v}


def expected(dist: Mapping[int, Fraction]) -> Fraction:
    """The mean total."""
    return sum((k * p for k, p in dist.items()), Fraction(0))


def at_least(dist: Mapping[int, Fraction], value: int) -> Fraction:
    """Chance the total is ``value`` or more."""
    return sum((p for k, p in dist.items() if k >= value), Fraction(0))


def as_json(p: Fraction) -> dict[str, object]:
    """An exact number for JSON, as Trophy's odds give it: ``{"fraction": "7/36", "value": 0.19...}``."""
    return {"fraction": str(p), "value": float(p)}


def distribution_json(dist: Mapping[int, Fraction]) -> list[dict[str, object]]:
    """``[{"total": 3, "fraction": "1/8", "value": 0.125}, ...]`` in order of total."""
    return [{"total": k, **as_json(p)} for k, p in sorted(dist.items())]
