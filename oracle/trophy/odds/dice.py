"""The six-sided die: distributions of the highest of ``n`` dice, and counting dice.

``P(max <= k) = (k/6)**n`` for fresh dice; known faces set a floor under the highest. Every other
odds module builds on these closed forms.
"""

from __future__ import annotations

import math
from fractions import Fraction

from oracle.errors import RequestError, RuleError, shown

SIDES = 6
FACES = tuple(range(1, SIDES + 1))
ZERO = Fraction(0)
ONE = Fraction(1)


def cdf_max(unknown: int, x: int, floor: int = 0) -> Fraction:
    """P(the highest of ``unknown`` fresh d6 and known faces whose highest is ``floor`` <= x).

    The highest of no dice at all is 0.
    """
    if x < floor or x < 0:
        return ZERO
    if x >= SIDES:
        return ONE
    return Fraction(x, SIDES) ** unknown


def pmf_max(unknown: int, x: int, floor: int = 0) -> Fraction:
    """P(the highest of ``unknown`` fresh d6 and known faces up to ``floor`` is exactly x)."""
    return cdf_max(unknown, x, floor) - cdf_max(unknown, x - 1, floor)


def none_match(dice: int, targets: int = 1) -> Fraction:
    """P(none of ``dice`` fresh d6 shows one of ``targets`` given faces)."""
    return Fraction(SIDES - targets, SIDES) ** dice


def binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    """P(exactly k successes) for k = 0..n."""
    return tuple(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


def check_count(field: str, count: int) -> None:
    """Refuse a number of dice that is not a whole number, or is negative."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise RequestError(f"{field}: a number of dice must be a whole number, not {shown(count)}.")
    if count < 0:
        raise RuleError(f"{field}: a number of dice cannot be negative; got {count}.")
