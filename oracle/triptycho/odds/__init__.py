"""Exact odds for Triptycho rolls, as ``fractions.Fraction`` distributions.

A distribution maps a total to its probability. Everything is enumerated exactly, counting
ways in whole numbers over one denominator (a Fraction per total only at the end), so even an
entry at the limit (30 dice, ``entries.MOST_DICE``) against another is counted in milliseconds.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterable, Mapping
from fractions import Fraction

from oracle.triptycho.combat import dealt
from oracle.triptycho.entries import DiceEntry

Distribution = dict[int, Fraction]
Counts = tuple[dict[int, int], int]  # ways per total, and the number of all outcomes

CERTAIN_ZERO: Distribution = {0: Fraction(1)}


def point(total: int) -> Distribution:
    """A total already known (faces rolled)."""
    return {total: Fraction(1)}


def _counts(dist: Mapping[int, Fraction]) -> Counts:
    """Whole-number ways over one common denominator."""
    den = math.lcm(*(p.denominator for p in dist.values())) if dist else 1
    return {k: p.numerator * (den // p.denominator) for k, p in dist.items()}, den


def _fractions(ways: Mapping[int, int], den: int) -> Distribution:
    return {k: Fraction(v, den) for k, v in sorted(ways.items()) if v}


def _dense(ways: Mapping[int, int]) -> tuple[int, list[int]]:
    """(lowest total, ways for each total from it up), zeros filled in."""
    low, high = min(ways), max(ways)
    return low, [ways.get(t, 0) for t in range(low, high + 1)]


def _multiply(a: list[int], b: list[int]) -> list[int]:
    """The product of two polynomials given by their whole coefficients.

    Each is packed into one integer, a coefficient per fixed-width slot wide enough for any
    coefficient of the product (Kronecker substitution), so the work is one multiplication of
    two integers, which Python does quickly, instead of ``len(a) * len(b)`` small ones.
    """
    bound = max(a) * max(b) * min(len(a), len(b))
    width = bound.bit_length() // 8 + 1  # bytes per slot
    pack_a = int.from_bytes(b"".join(x.to_bytes(width, "little") for x in a), "little")
    pack_b = int.from_bytes(b"".join(x.to_bytes(width, "little") for x in b), "little")
    size = len(a) + len(b) - 1
    raw = (pack_a * pack_b).to_bytes(size * width, "little")
    return [int.from_bytes(raw[i * width:(i + 1) * width], "little") for i in range(size)]


def convolve(first: Mapping[int, Fraction], second: Mapping[int, Fraction]) -> Distribution:
    """The distribution of the sum of two independent totals."""
    (a_ways, a_den), (b_ways, b_den) = _counts(first), _counts(second)
    (a_low, a), (b_low, b) = _dense(a_ways), _dense(b_ways)
    product = _multiply(a, b)
    return _fractions({a_low + b_low + i: w for i, w in enumerate(product)}, a_den * b_den)


def entry_distribution(entry: DiceEntry | None) -> Distribution:
    """Totals of ``entry`` (nothing rolled: always 0)."""
    if entry is None:
        return dict(CERTAIN_ZERO)
    sides = entry.sides
    ways = [1]  # ways[t]: ways for the dice so far to total t (offset: one per die)
    for _ in range(entry.number):
        # one more die: each new total is a window of ``sides`` old totals (prefix sums)
        prefix = [0, *itertools.accumulate(ways)]
        size = len(ways) + sides - 1
        ways = [prefix[min(t + 1, len(ways))] - prefix[max(0, t - sides + 1)]
                for t in range(size)]
    return _fractions({entry.number + t: w for t, w in enumerate(ways)}, sides**entry.number)


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
    (a_ways, a_den), (r_ways, r_den) = _counts(action), _counts(reaction)
    totals = sorted(r_ways)
    below = [0, *itertools.accumulate(r_ways[t] for t in totals)]  # ways for reaction < totals[i]
    win = tie = 0
    for a, wa in a_ways.items():
        i = _count_at_most(totals, a)
        win += wa * below[i]
        tie += wa * r_ways.get(a, 0)
    den = a_den * r_den
    return Fraction(win, den), Fraction(den - win, den), Fraction(tie, den)


def _count_at_most(totals: list[int], value: int) -> int:
    return bisect.bisect_right(totals, value)


def dealt_distribution(
    damage: Mapping[int, Fraction], defense: Mapping[int, Fraction]
) -> Distribution:
    """Damage dealt after Defense (never below 0)."""
    (d_ways, d_den), (f_ways, f_den) = _counts(damage), _counts(defense)
    (d_low, d), (f_low, f) = _dense(d_ways), _dense(f_ways)
    # Damage minus Defense: Damage's ways times Defense's read from the top down, so slot s of
    # the product counts Damage - Defense = d_low - f_high + s.
    f_high = f_low + len(f) - 1
    out: dict[int, int] = {}
    for s, ways in enumerate(_multiply(d, f[::-1])):
        key = dealt(d_low - f_high + s, 0)
        out[key] = out.get(key, 0) + ways
    return _fractions(out, d_den * f_den)


def mixed(hit: Fraction, on_hit: Mapping[int, Fraction]) -> Distribution:
    """Damage dealt when a hit happens with chance ``hit`` (a miss deals 0)."""
    out: Distribution = {0: 1 - hit}
    for total, p in on_hit.items():
        out[total] = out.get(total, Fraction(0)) + hit * p
    return {k: v for k, v in sorted(out.items()) if v}


def expected(dist: Mapping[int, Fraction]) -> Fraction:
    """The mean total."""
    return sum((k * p for k, p in dist.items()), Fraction(0))


def as_json(p: Fraction) -> dict[str, object]:
    """An exact number for JSON, as Trophy's odds give it: ``{"fraction": "7/36", "value": 0.19...}``."""
    return {"fraction": str(p), "value": float(p)}


def distribution_json(dist: Mapping[int, Fraction]) -> list[dict[str, object]]:
    """``[{"total": 3, "fraction": "1/8", "value": 0.125}, ...]`` in order of total."""
    return [{"total": k, **as_json(p)} for k, p in sorted(dist.items())]
