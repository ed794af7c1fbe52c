"""Exact odds of a Risk Roll, with helpers' dice and the push.

Light and dark dice are split with the Forest's Rule (``shared/rules/001``): a tie between the
highest light and the highest dark die goes to dark.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oracle.errors import RuleError, shown
from oracle.trophy.odds.dice import (
    FACES,
    ONE,
    SIDES,
    ZERO,
    cdf_max,
    check_count,
    none_match,
    pmf_max,
)
from oracle.trophy.odds.ruin import MAX_RUIN, check_ruin

MAX_OWN_LIGHT = 2


@dataclass(frozen=True)
class HelperDie:
    """A helper's one light die: a known face, or ``None`` when it is still to be rolled."""

    name: str
    ruin: int = 1
    face: int | None = None
    already_marked: bool = False


@dataclass(frozen=True)
class HelperOdds:
    """A helper's chances on one roll: marking their 1 Ruin, and being lost by it."""

    name: str
    face: int | None
    ruin_before: int
    ruin_marked: Fraction
    lost: Fraction


@dataclass(frozen=True)
class RiskOdds:
    """Exact odds of one Risk Roll (or of its push, given the roll may be pushed)."""

    light: int
    dark: int
    ruin: int
    highest: tuple[Fraction, ...]  # P(highest die = face), faces 1..6
    highest_is_dark: Fraction
    ruin_marked: Fraction
    lost: Fraction
    can_push: Fraction
    helpers: tuple[HelperOdds, ...]

    @property
    def failure(self) -> Fraction:
        """Highest die 1-3 (SRD 1.2, Risk Roll)."""
        return sum(self.highest[:3], ZERO)

    @property
    def complication(self) -> Fraction:
        """Highest die 4-5."""
        return self.highest[3] + self.highest[4]

    @property
    def success(self) -> Fraction:
        """Highest die 6."""
        return self.highest[5]


def _check_risk(light: int, dark: int, ruin: int, helpers: Sequence[HelperDie]) -> None:
    check_count("light", light)
    check_count("dark", dark)
    if light > MAX_OWN_LIGHT:
        raise RuleError(
            "light: at most 2 light dice (one for a Skill or equipment, one for a Devil's "
            f"Bargain); got {light}."
        )
    check_ruin("ruin", ruin)
    if helpers and dark == 0:
        # SRD 1.2, Help Roll: only on a Risk Roll that includes at least one dark die
        raise RuleError("helpers: help is only possible on a Risk Roll with at least one dark die.")
    if light + dark + len(helpers) == 0:
        raise RuleError("dark: a Risk Roll needs at least one die; take a light or a dark die.")
    names: set[str] = set()
    for index, helper in enumerate(helpers):
        # a helper who marked their last Ruin earlier in this roll keeps their die in it
        check_ruin(f"helpers[{index}].ruin", helper.ruin, rolling=not helper.already_marked)
        if helper.face is not None and not 1 <= helper.face <= SIDES:
            raise RuleError(f"helpers[{index}].die: a d6 shows 1 to 6, not {helper.face}.")
        if helper.name in names:
            raise RuleError(f"helpers[{index}].name: {shown(helper.name)} is helping twice.")
        names.add(helper.name)


def _light_split(helpers: Sequence[HelperDie]) -> tuple[int, int]:
    """(unknown helper dice, highest known helper face or 0)."""
    unknown = sum(1 for h in helpers if h.face is None)
    floor = max((h.face for h in helpers if h.face is not None), default=0)
    return unknown, floor


def _first_roll(light_unknown: int, floor: int, dark: int, ruin: int
                ) -> tuple[tuple[Fraction, ...], Fraction, Fraction]:
    """(highest distribution, P(highest is dark), P(Ruin marked)) of one roll."""
    highest = tuple(
        cdf_max(light_unknown, x, floor) * cdf_max(dark, x)
        - cdf_max(light_unknown, x - 1, floor) * cdf_max(dark, x - 1)
        for x in FACES
    )
    if dark == 0:
        return highest, ZERO, ZERO
    # The Forest's Rule: dark wins ties, so dark is highest when max(dark) >= max(light).
    dark_high = [pmf_max(dark, d) * cdf_max(light_unknown, d, floor) for d in FACES]
    # SRD 1.2: mark 1 Ruin when the highest die is dark and higher than current Ruin.
    return highest, sum(dark_high, ZERO), sum(dark_high[ruin:], ZERO)


def risk_odds(light: int, dark: int, ruin: int, helpers: Sequence[HelperDie] = ()) -> RiskOdds:
    """Exact odds of a Risk Roll of ``light`` own light dice and ``dark`` dark dice at ``ruin``.

    Helpers' dice count as light dice; a known face stays fixed.
    """
    _check_risk(light, dark, ruin, helpers)
    unknown, floor = _light_split(helpers)
    highest, dark_high, marked = _first_roll(light + unknown, floor, dark, ruin)
    helper_odds = []
    for helper in helpers:
        # SRD 1.2, Help Roll: mark 1 Ruin when the helper's die matches any dark die, once a roll.
        p = ZERO if helper.already_marked else 1 - none_match(dark)
        helper_odds.append(HelperOdds(helper.name, helper.face, helper.ruin, p,
                                      p if helper.ruin == MAX_RUIN - 1 else ZERO))
    return RiskOdds(
        light=light, dark=dark, ruin=ruin, highest=highest, highest_is_dark=dark_high,
        ruin_marked=marked, lost=marked if ruin == MAX_RUIN - 1 else ZERO,
        # the roller is never lost when the highest die is light, so only the colour matters
        can_push=1 - dark_high, helpers=tuple(helper_odds),
    )


def risk_push_odds(light: int, dark: int, ruin: int,
                   helpers: Sequence[HelperDie] = ()) -> RiskOdds | None:
    """Odds of pushing a Risk Roll (re-roll with one more dark die), given it may be pushed.

    The condition is the first roll's highest die being light. Own dice are re-rolled; helpers'
    dice are held (SRD 1.2, Help Roll), so an unknown helper face is weighted by how likely it
    made the first roll pushable. A helper's ``ruin_marked`` is the chance they mark on the
    re-roll: not already marked, no match on the first roll, a match on the re-roll.
    Returns ``None`` when the roll can never be pushed.
    """
    _check_risk(light, dark, ruin, helpers)
    unknown, floor = _light_split(helpers)
    # w[b]: P(first roll pushable and the helpers' highest face is b), b = 0..6
    weights: list[Fraction] = []
    for b in range(SIDES + 1):
        p_b = pmf_max(unknown, b, floor)
        if p_b == 0:
            weights.append(ZERO)
            continue
        pushable = sum(
            (pmf_max(light, a) * cdf_max(dark, max(a, b) - 1) for a in range(SIDES + 1)), ZERO
        )
        weights.append(p_b * pushable)
    total = sum(weights, ZERO)
    if total == 0:
        return None
    push_dark = dark + 1
    highest = [ZERO] * SIDES
    dark_high = ZERO
    marked = ZERO
    for b, w in enumerate(weights):
        if w == 0:
            continue
        h, dh, mk = _first_roll(light, b, push_dark, ruin)
        highest = [acc + w * p for acc, p in zip(highest, h, strict=True)]
        dark_high += w * dh
        marked += w * mk
    match_push = 1 - none_match(push_dark)
    helper_odds = []
    for index, helper in enumerate(helpers):
        p = ZERO
        if not helper.already_marked:
            p = _helper_clear_and_pushable(light, dark, helpers, index) / total * match_push
        helper_odds.append(HelperOdds(helper.name, helper.face, helper.ruin, p,
                                      p if helper.ruin == MAX_RUIN - 1 else ZERO))
    dark_high /= total
    marked /= total
    return RiskOdds(
        light=light, dark=push_dark, ruin=ruin, highest=tuple(p / total for p in highest),
        highest_is_dark=dark_high, ruin_marked=marked,
        lost=marked if ruin == MAX_RUIN - 1 else ZERO, can_push=1 - dark_high,
        helpers=tuple(helper_odds),
    )


def _helper_clear_and_pushable(light: int, dark: int, helpers: Sequence[HelperDie],
                               index: int) -> Fraction:
    """P(helper ``index`` matched no dark die on the first roll, and that roll is pushable)."""
    others = [h for i, h in enumerate(helpers) if i != index]
    unknown, floor = _light_split(others)
    unknown += light
    own = helpers[index].face
    faces = FACES if own is None else (own,)
    p_face = Fraction(1, SIDES) if own is None else ONE
    result = ZERO
    for f in faces:
        for m_other in range(SIDES + 1):
            p_other = pmf_max(unknown, m_other, floor)
            if p_other == 0:
                continue
            m = max(f, m_other)
            # dark dice all below the highest light (pushable) and none equal to f
            avoid = m - 2 if f < m else m - 1
            result += p_face * p_other * Fraction(avoid, SIDES) ** dark
    return result
