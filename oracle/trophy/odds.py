"""Exact odds of every Trophy roll, as fractions, before the dice fall.

Pure: standard library only. Nothing is simulated; every number is a closed form over
distributions of the highest of ``n`` six-sided dice, ``P(max <= k) = (k/6)**n``, split into light
and dark with the Forest's Rule (a tie between light and dark goes to dark, ``shared/rules/001``).

Python API: :func:`risk_odds` (and :func:`risk_push_odds`), :func:`hunt_odds`,
:func:`combat_odds`, :func:`contest_odds`, :func:`ruin_roll_odds`, :func:`reduction_odds` return
frozen dataclasses of :class:`~fractions.Fraction`. :func:`odds_for_request` takes the request
shapes of ``oracle resolve`` (``shared/contract/resolve.md``) and returns JSON-ready dicts.

JSON shape (``oracle odds``). Every probability or expectation is a *number object*
``{"fraction": "7/36", "value": 0.19444444444444445}`` (``fraction`` exact and reduced, ``"0"``
and ``"1"`` included; ``value`` its float). Booleans and counts that are certain stay plain.

Requests: the odds are for the dice about to fall, so own light and dark dice given as face
lists count only by their number; a helper's ``die`` given as a face (an int or a one-face list)
stays known, because helpers never re-roll; a missing ``die`` is still to be rolled. One-die
fields (a Ruin Roll's ``dark``, a Reduction Roll's ``light``) may be a face or missing. Combat
``weak_points`` may be faces or a count (the odds only depend on how many distinct ones);
``dark`` defaults to one per character. A risk request's ``push`` is not read: the ``push``
block always shows one push. Refusals (one sentence naming the field) match ``oracle resolve``.

Results echo ``"system": "trophy"`` and ``"roll"``; keys mirror ``oracle resolve``:

- ``risk``: ``pool`` {light, dark, helpers, ruin}; ``highest`` {"1".."6": P};
  ``outcome`` {failure, complication, success}; ``highest_is_dark``; ``ruin_marked``; ``lost``;
  ``can_push``; ``helpers`` [{name, die (face or null), ruin_before, ruin_marked, lost}];
  ``push``: the same keys for the re-roll with one more dark die, *given that the roll may be
  pushed* (its highest die is light), plus ``given``; there a helper's ``ruin_marked`` is the
  chance they mark on the re-roll (at most 1 Ruin per roll); ``null`` when no push is possible.
- ``hunt``: ``pool`` {light, tokens}; ``highest``; ``bands`` {"1", "2-3", "4-5", "6"};
  ``encounter`` {present, distant, none}; ``token_gained``; ``tokens_lost``;
  ``tokens_after`` {"n": P}; ``tokens_after_expected``.
- ``combat``: ``pool`` {endurance, dark}; ``roll_required`` (bool; false when Endurance is
  below the dark dice: then ``defeated`` is 1, ``total`` null and nobody marks); ``defeated``;
  ``total`` {"2".."12": P} ({"1".."6"} for one die) or null; ``characters`` [{name,
  ruin_before, weak_points (faces or count), armor, matches_expected, ruin_marked (P of any),
  ruin_marked_expected, armor_used, lost}].
- ``contest``: ``participants`` [{name, ruin_before, light, dark, wins, ruin_marked (P of any),
  ruin_marked_expected, lost}]; ``no_winner`` (a full tie at the top).
- ``ruin``: ``ruin_before``, ``ruin_marked``, ``lost``.
- ``reduction``: ``ruin_before``, ``removed_unnoticed``, ``noticed``, ``removed``,
  ``ruin_after_expected``.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from oracle.errors import RequestError, RuleError

SIDES = 6
FACES = tuple(range(1, SIDES + 1))
MAX_RUIN = 6
MAX_OWN_LIGHT = 2
ZERO = Fraction(0)
ONE = Fraction(1)
ROLLS = ("risk", "hunt", "contest", "combat", "ruin", "reduction")
# Far beyond any roll at the table; they keep one request from tying up the oracle.
MOST_RISK_DARK = 30
MOST_HELPERS = 12
MOST_CONTEST_DARK = 10
MOST_PARTICIPANTS = 8


# --- distributions of the highest die -------------------------------------------------------


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


def _none_match(dice: int, targets: int = 1) -> Fraction:
    """P(none of ``dice`` fresh d6 shows one of ``targets`` given faces)."""
    return Fraction(SIDES - targets, SIDES) ** dice


def _binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    """P(exactly k successes) for k = 0..n."""
    return tuple(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


# --- risk (with help and the push) ----------------------------------------------------------


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


def _check_ruin(field: str, ruin: int, *, rolling: bool = True) -> None:
    if isinstance(ruin, bool) or not isinstance(ruin, int):
        raise RequestError(f"{field}: Ruin must be a whole number 1 to 6, not {ruin!r}.")
    if not 1 <= ruin <= MAX_RUIN:
        raise RuleError(f"{field}: Ruin runs 1 to 6 (it starts at 1); got {ruin}.")
    if rolling and ruin == MAX_RUIN:
        raise RuleError(f"{field}: a character at Ruin 6 is lost and cannot roll.")


def _check_count(field: str, count: int) -> None:
    if isinstance(count, bool) or not isinstance(count, int):
        raise RequestError(f"{field}: a number of dice must be a whole number, not {count!r}.")
    if count < 0:
        raise RuleError(f"{field}: a number of dice cannot be negative; got {count}.")


def _check_risk(light: int, dark: int, ruin: int, helpers: Sequence[HelperDie]) -> None:
    _check_count("light", light)
    _check_count("dark", dark)
    if light > MAX_OWN_LIGHT:
        raise RuleError(
            "light: at most 2 light dice (one for a Skill or equipment, one for a Devil's "
            f"Bargain); got {light}."
        )
    _check_ruin("ruin", ruin)
    if helpers and dark == 0:
        # SRD 1.2, Help Roll: only on a Risk Roll that includes at least one dark die
        raise RuleError("helpers: help is only possible on a Risk Roll with at least one dark die.")
    if light + dark + len(helpers) == 0:
        raise RuleError("dark: a Risk Roll needs at least one die; take a light or a dark die.")
    names: set[str] = set()
    for index, helper in enumerate(helpers):
        # a helper who marked their last Ruin earlier in this roll keeps their die in it
        _check_ruin(f"helpers[{index}].ruin", helper.ruin, rolling=not helper.already_marked)
        if helper.face is not None and not 1 <= helper.face <= SIDES:
            raise RuleError(f"helpers[{index}].die: a d6 shows 1 to 6, not {helper.face}.")
        if helper.name in names:
            raise RuleError(f"helpers[{index}].name: {helper.name!r} is helping twice.")
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
        p = ZERO if helper.already_marked else 1 - _none_match(dark)
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
    match_push = 1 - _none_match(push_dark)
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


# --- hunt -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HuntOdds:
    """Exact odds of a Hunt Roll."""

    light: int
    tokens: int
    highest: tuple[Fraction, ...]

    @property
    def bands(self) -> dict[str, Fraction]:
        """SRD 1.2, Hunt Roll: 1 / 2-3 / 4-5 / 6."""
        h = self.highest
        return {"1": h[0], "2-3": h[1] + h[2], "4-5": h[3] + h[4], "6": h[5]}

    @property
    def encounter(self) -> dict[str, Fraction]:
        """1-3 present and threatening, 4-5 distant, 6 none."""
        h = self.highest
        return {"present": h[0] + h[1] + h[2], "distant": h[3] + h[4], "none": h[5]}

    @property
    def token_gained(self) -> Fraction:
        return self.highest[3] + self.highest[4] + self.highest[5]

    @property
    def tokens_lost(self) -> Fraction:
        """A highest 1 loses every token the roller holds."""
        return self.highest[0]

    @property
    def tokens_after(self) -> dict[int, Fraction]:
        after: dict[int, Fraction] = {}
        for face, p in zip(FACES, self.highest, strict=True):
            n = 0 if face == 1 else self.tokens + (1 if face >= 4 else 0)
            after[n] = after.get(n, ZERO) + p
        return dict(sorted(after.items()))

    @property
    def tokens_after_expected(self) -> Fraction:
        return sum((n * p for n, p in self.tokens_after.items()), ZERO)


def hunt_odds(light: int, tokens: int = 0) -> HuntOdds:
    """Exact odds of a Hunt Roll with 1 or 2 light dice, holding ``tokens`` Hunt Tokens."""
    _check_count("light", light)
    if not 1 <= light <= 2:
        raise RuleError(
            "light: a Hunt Roll takes 1 light die, plus 1 for a Skill or equipment; "
            f"got {light}."
        )
    _check_count("tokens", tokens)
    return HuntOdds(light, tokens, tuple(pmf_max(light, x) for x in FACES))


# --- combat ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fighter:
    """A character in a Combat Roll: Ruin, how many distinct Weak Points, armor ready."""

    name: str
    ruin: int
    weak_points: int | tuple[int, ...] = 1
    armor: bool = False

    @property
    def weak_point_count(self) -> int:
        return self.weak_points if isinstance(self.weak_points, int) else len(self.weak_points)


@dataclass(frozen=True)
class FighterOdds:
    """One character's chances on a Combat Roll."""

    name: str
    ruin_before: int
    weak_points: int | tuple[int, ...]
    armor: bool
    matches_expected: Fraction
    ruin_marked: Fraction
    ruin_marked_expected: Fraction
    armor_used: Fraction
    lost: Fraction


@dataclass(frozen=True)
class CombatOdds:
    """Exact odds of a Combat Roll."""

    endurance: int
    dark: int
    roll_required: bool
    total: tuple[Fraction, ...] | None  # P(total = t) for t = 1..12 (index t - 1)
    defeated: Fraction
    characters: tuple[FighterOdds, ...]


def top_two_total(dark: int) -> tuple[Fraction, ...]:
    """P(the two highest of ``dark`` d6 add up to t), t = 1..12 (one die: its face)."""
    dist = [ZERO] * 12
    if dark == 1:
        for face in FACES:
            dist[face - 1] = Fraction(1, SIDES)
        return tuple(dist)
    space = SIDES**dark
    for a in FACES:
        # highest a, second highest b < a: exactly one die shows a, the rest top out at b
        for b in range(1, a):
            ways = dark * (b ** (dark - 1) - (b - 1) ** (dark - 1))
            dist[a + b - 1] += Fraction(ways, space)
        # at least two dice show a, none higher
        ways = a**dark - (a - 1) ** dark - dark * (a - 1) ** (dark - 1)
        dist[2 * a - 1] += Fraction(ways, space)
    return tuple(dist)


def _check_combat(endurance: int, dark: int, characters: Sequence[Fighter]) -> None:
    if isinstance(endurance, bool) or not isinstance(endurance, int):
        raise RequestError(f"endurance: must be a whole number up to 12, not {endurance!r}.")
    if endurance > 12:
        raise RuleError(
            f"endurance: above 12 the monster is too difficult to fight; retreat or find a way "
            f"to lower it (got {endurance})."
        )
    if endurance < 0:
        # lowered below the number of dark dice it needs no roll, but it is never negative
        raise RuleError(f"endurance: Endurance is never negative; got {endurance}.")
    _check_count("dark", dark)
    if not characters:
        raise RuleError("characters: a Combat Roll needs at least one character.")
    if dark < len(characters):
        # SRD 1.2, Combat Roll: one dark die per character; the count never goes down
        raise RuleError(
            f"dark: one dark die per character at least; got {dark} for {len(characters)} "
            "character(s)."
        )
    names: set[str] = set()
    for i, c in enumerate(characters):
        _check_ruin(f"characters[{i}].ruin", c.ruin)
        if c.name in names:
            raise RuleError(f"characters[{i}].name: {c.name!r} appears twice.")
        names.add(c.name)
        wp = c.weak_points
        if isinstance(wp, tuple):
            for face in wp:
                if not 1 <= face <= SIDES:
                    raise RuleError(f"characters[{i}].weak_points: a d6 shows 1 to 6, not {face}.")
            if len(set(wp)) != len(wp):
                raise RuleError(
                    f"characters[{i}].weak_points: two Weak Points may not show the same number; "
                    "re-roll one (SRD 1.2, Combat Roll)."
                )
        if not 1 <= c.weak_point_count <= SIDES:
            raise RuleError(
                f"characters[{i}].weak_points: a character has 1 to 6 distinct Weak Points; "
                f"got {c.weak_point_count}."
            )


def combat_odds(endurance: int, dark: int, characters: Sequence[Fighter]) -> CombatOdds:
    """Exact odds of a Combat Roll of ``dark`` dark dice against ``endurance``."""
    _check_combat(endurance, dark, characters)
    if endurance < dark:
        # SRD 1.2: Endurance below the number of dark dice: no roll, the monster is defeated.
        fighters = tuple(
            FighterOdds(c.name, c.ruin, c.weak_points, c.armor, ZERO, ZERO, ZERO, ZERO, ZERO)
            for c in characters
        )
        return CombatOdds(endurance, dark, False, None, ONE, fighters)
    total = top_two_total(dark)
    defeated = sum(total[endurance - 1:], ZERO)
    fighters_list = []
    for c in characters:
        # each dark die equal to a Weak Point marks 1 Ruin; matches ~ Binomial(dark, k/6)
        matches = _binomial(dark, Fraction(c.weak_point_count, SIDES))
        any_match = 1 - matches[0]
        room = MAX_RUIN - c.ruin
        expected_matches = Fraction(dark * c.weak_point_count, SIDES)
        if c.armor:
            # armor ignores all Ruin increases for this roll; marked only if there was a match
            fighters_list.append(FighterOdds(c.name, c.ruin, c.weak_points, True,
                                             expected_matches, ZERO, ZERO, any_match, ZERO))
            continue
        expected = sum((min(k, room) * p for k, p in enumerate(matches)), ZERO)
        lost = sum(matches[room:], ZERO)
        fighters_list.append(FighterOdds(c.name, c.ruin, c.weak_points, False,
                                         expected_matches, any_match, expected, ZERO, lost))
    return CombatOdds(endurance, dark, True, total, defeated, tuple(fighters_list))


# --- contest --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Contestant:
    """One side of a Contest Roll."""

    name: str
    ruin: int
    light: int
    dark: int


@dataclass(frozen=True)
class ContestantOdds:
    """One contestant's chances: winning outright, marking Ruin for dark 1s, being lost."""

    name: str
    ruin_before: int
    light: int
    dark: int
    wins: Fraction
    ruin_marked: Fraction
    ruin_marked_expected: Fraction
    lost: Fraction


@dataclass(frozen=True)
class ContestOdds:
    """Exact odds of a Contest Roll."""

    participants: tuple[ContestantOdds, ...]
    no_winner: Fraction


def _compositions(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    for bars in itertools.combinations(range(n + parts - 1), parts - 1):
        prev = -1
        out = []
        for bar in bars:
            out.append(bar - prev - 1)
            prev = bar
        out.append(n + parts - 1 - prev - 1)
        yield tuple(out)


def count_vectors(n: int) -> dict[tuple[int, ...], Fraction]:
    """P(how many 6s, 5s, ..., 1s) of ``n`` d6: the key a Contest compares, most 6s first."""
    space = SIDES**n
    fact = math.factorial(n)
    return {
        c: Fraction(fact // math.prod(math.factorial(k) for k in c), space)
        for c in _compositions(n, SIDES)
    }


def _check_contest(participants: Sequence[Contestant]) -> None:
    if len(participants) < 2:
        raise RuleError("participants: a Contest Roll needs two or more participants.")
    names: set[str] = set()
    for i, p in enumerate(participants):
        _check_ruin(f"participants[{i}].ruin", p.ruin)
        _check_count(f"participants[{i}].light", p.light)
        _check_count(f"participants[{i}].dark", p.dark)
        if p.light > 1 + p.ruin:
            raise RuleError(
                f"participants[{i}].light: at most 1 light die for a Skill or equipment plus 1 "
                f"per Ruin ({1 + p.ruin} at Ruin {p.ruin}); got {p.light}."
            )
        if p.light + p.dark == 0:
            raise RuleError(
                f"participants[{i}]: each participant rolls at least one die; got none."
            )
        if p.name in names:
            raise RuleError(f"participants[{i}].name: {p.name!r} appears twice; names must differ.")
        names.add(p.name)


def contest_odds(participants: Sequence[Contestant]) -> ContestOdds:
    """Exact odds of a Contest Roll: most 6s wins, ties broken by 5s and so on down to 1s."""
    _check_contest(participants)
    tables: dict[int, tuple[list[tuple[int, ...]], list[Fraction], dict[tuple[int, ...], Fraction]]]
    tables = {}
    for p in participants:
        n = p.light + p.dark
        if n not in tables:
            dist = count_vectors(n)
            # key: counts of 6s, 5s, ..., 1s, so tuple order is the Contest's order
            keyed = sorted((tuple(reversed(c)), prob) for c, prob in dist.items())
            keys = [k for k, _ in keyed]
            cum = list(itertools.accumulate((prob for _, prob in keyed), initial=ZERO))
            tables[n] = (keys, cum, dict(keyed))
    sizes = [p.light + p.dark for p in participants]
    wins = []
    for i, n in enumerate(sizes):
        total = ZERO
        for key, prob in tables[n][2].items():
            term = prob
            for j, m in enumerate(sizes):
                if j == i:
                    continue
                keys, cum, _ = tables[m]
                term *= cum[bisect.bisect_left(keys, key)]  # P(other's key < key)
                if term == 0:
                    break
            total += term
        wins.append(total)
    out = []
    for p, w in zip(participants, wins, strict=True):
        # SRD 1.2: each dark die showing 1 marks 1 Ruin
        ones = _binomial(p.dark, Fraction(1, SIDES))
        room = MAX_RUIN - p.ruin
        out.append(ContestantOdds(
            p.name, p.ruin, p.light, p.dark, w, 1 - ones[0],
            sum((min(k, room) * q for k, q in enumerate(ones)), ZERO), sum(ones[room:], ZERO),
        ))
    return ContestOdds(tuple(out), 1 - sum(wins, ZERO))


# --- ruin and reduction ---------------------------------------------------------------------


@dataclass(frozen=True)
class RuinRollOdds:
    """A Ruin Roll: one dark die, mark 1 Ruin when it beats current Ruin."""

    ruin_before: int
    ruin_marked: Fraction
    lost: Fraction


def ruin_roll_odds(ruin: int) -> RuinRollOdds:
    """Exact odds of a Ruin Roll at ``ruin``."""
    _check_ruin("ruin", ruin)
    marked = Fraction(SIDES - ruin, SIDES)
    return RuinRollOdds(ruin, marked, marked if ruin == MAX_RUIN - 1 else ZERO)


@dataclass(frozen=True)
class ReductionOdds:
    """A Reduction Roll: a light die below Ruin removes 1 unnoticed."""

    ruin_before: int
    removed_unnoticed: Fraction
    noticed: Fraction
    removed: Fraction
    ruin_after_expected: Fraction


def reduction_odds(ruin: int, starting_ruin: int = 1, reached_five: bool = False,
                   remove_anyway: bool = False) -> ReductionOdds:
    """Exact odds of a Reduction Roll at ``ruin`` (SRD 1.2, Reduction Roll)."""
    _check_ruin("ruin", ruin)
    _check_ruin("starting_ruin", starting_ruin)
    if not (reached_five or ruin == 5):
        raise RuleError("reached_five: a Reduction Roll is only open once 5 Ruin has been marked.")
    if ruin <= starting_ruin:
        raise RuleError(
            f"ruin: Ruin never goes below starting Ruin ({starting_ruin}); got {ruin}."
        )
    unnoticed = Fraction(ruin - 1, SIDES)  # light die < Ruin
    noticed = 1 - unnoticed if remove_anyway else ZERO
    removed = unnoticed + noticed
    return ReductionOdds(ruin, unnoticed, noticed, removed, ruin - removed)


# --- requests and JSON ----------------------------------------------------------------------


def number(value: Fraction) -> dict[str, Any]:
    """The JSON shape of every exact number: ``{"fraction": "7/36", "value": 0.194...}``."""
    return {"fraction": str(value), "value": float(value)}


def _field(request: Mapping[str, Any], field: str, default: Any = ...) -> Any:
    if field in request and request[field] is not None:
        return request[field]
    if default is ...:
        raise RequestError(f"{field}: this field is required.")
    return default


def _int(field: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{field}: must be a whole number, not {value!r}.")
    return value


def _face(field: str, value: Any) -> int:
    face = _int(field, value)
    if not 1 <= face <= SIDES:
        raise RuleError(f"{field}: a d6 shows 1 to 6, not {face}.")
    return face


def _dice_count(field: str, value: Any) -> int:
    """A dice field: an integer count, or a list of faces (only their number counts)."""
    if isinstance(value, list):
        for i, face in enumerate(value):
            _face(f"{field}[{i}]", face)
        return len(value)
    count = _int(field, value)
    if count < 0:
        raise RuleError(f"{field}: a number of dice cannot be negative; got {count}.")
    return count


def _single_die(field: str, value: Any) -> int:
    """A one-die field (a Ruin Roll's dark, a Reduction Roll's light): a face, a one-face list,
    or nothing (still to be rolled). Always one die."""
    if value is None:
        return 1
    if isinstance(value, list):
        if len(value) != 1:
            raise RuleError(f"{field}: this roll uses exactly one die; got {len(value)}.")
        value = value[0]
    _face(field, value)
    return 1


def _at_most(field: str, count: int, most: int, what: str) -> int:
    if count > most:
        raise RequestError(f"{field}: the odds are computed for up to {most} {what}; got {count}.")
    return count


def _bool(field: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise RequestError(f"{field}: must be true or false, not {value!r}.")
    return value


def _str(field: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RequestError(f"{field}: must be a non-empty name.")
    return value


def _entries(request: Mapping[str, Any], field: str, required: bool) -> list[Mapping[str, Any]]:
    raw = _field(request, field, ... if required else [])
    if not isinstance(raw, list):
        raise RequestError(f"{field}: must be a list of objects.")
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise RequestError(f"{field}[{i}]: must be an object.")
    return raw


def _helper_face(field: str, value: Any) -> int | None:
    """A helper's die: a face (int or a one-face list), or null/[] while still to be rolled."""
    if value is None:
        return None
    if isinstance(value, list):
        if len(value) > 1:
            raise RuleError(f"{field}: a helper rolls exactly one light die; got {len(value)}.")
        return _face(f"{field}[0]", value[0]) if value else None
    return _face(field, value)


def _risk_json(odds: RiskOdds) -> dict[str, Any]:
    return {
        "highest": {str(f): number(p) for f, p in zip(FACES, odds.highest, strict=True)},
        "outcome": {"failure": number(odds.failure), "complication": number(odds.complication),
                    "success": number(odds.success)},
        "highest_is_dark": number(odds.highest_is_dark),
        "ruin_marked": number(odds.ruin_marked),
        "lost": number(odds.lost),
        "can_push": number(odds.can_push),
        "helpers": [
            {"name": h.name, "die": h.face, "ruin_before": h.ruin_before,
             "ruin_marked": number(h.ruin_marked), "lost": number(h.lost)}
            for h in odds.helpers
        ],
    }


def _check_bargains(request: Mapping[str, Any], light: int) -> None:
    """With ``bargain`` given, the second own light die needs exactly one accepted bargain."""
    value = request.get("bargain", request.get("bargains"))
    if value is None:
        return
    items = value if isinstance(value, list) else [value]
    accepted = 0
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise RequestError(f"bargain[{i}]: must be an object such as {{\"text\": \"...\"}}.")
        accepted += _bool(f"bargain[{i}].accepted", _field(item, "accepted", True))
    if accepted > 1:
        # SRD 1.2, Risk Roll: you can only accept one Devil's Bargain
        raise RuleError(
            f"bargain: only one Devil's Bargain may be accepted on a Risk Roll; got {accepted}."
        )
    if light > 1 + accepted:
        raise RuleError(
            f"light: at most {1 + accepted} light dice (one for a Skill or equipment; a second "
            f"only comes with an accepted Devil's Bargain); got {light}."
        )


def _risk_request(request: Mapping[str, Any]) -> dict[str, Any]:
    ruin = _int("ruin", _field(request, "ruin"))
    light = _dice_count("light", _field(request, "light", 0))
    dark = _at_most("dark", _dice_count("dark", _field(request, "dark", 0)), MOST_RISK_DARK,
                    "dark dice")
    _at_most("helpers", len(_entries(request, "helpers", required=False)), MOST_HELPERS,
             "helpers")
    helpers = []
    for i, entry in enumerate(_entries(request, "helpers", required=False)):
        helpers.append(HelperDie(
            name=_str(f"helpers[{i}].name", _field(entry, "name", f"helper {i + 1}")),
            ruin=_int(f"helpers[{i}].ruin", _field(entry, "ruin", 1)),
            face=_helper_face(f"helpers[{i}].die", entry.get("die")),
            already_marked=_bool(f"helpers[{i}].already_marked",
                                 _field(entry, "already_marked", False)),
        ))
    _check_bargains(request, light)
    if _bool("ritual", _field(request, "ritual", False)) and dark == 0:
        # SRD 1.2, Risk Roll: a Ritual always includes a dark die
        raise RuleError("dark: a Ritual always includes a dark die; got none.")
    first = risk_odds(light, dark, ruin, helpers)
    push = risk_push_odds(light, dark, ruin, helpers)
    result: dict[str, Any] = {
        "system": "trophy", "roll": "risk",
        "pool": {"light": light, "dark": dark, "helpers": len(helpers), "ruin": ruin},
        **_risk_json(first),
        "push": None,
    }
    if push is not None:
        result["push"] = {
            "given": "the roll may be pushed: its highest die is light",
            "pool": {"light": light, "dark": dark + 1, "helpers": len(helpers), "ruin": ruin},
            **_risk_json(push),
        }
    return result


def _hunt_request(request: Mapping[str, Any]) -> dict[str, Any]:
    light = _dice_count("light", _field(request, "light", 1))
    tokens = _int("tokens", _field(request, "tokens", 0))
    if tokens < 0:
        raise RuleError(f"tokens: Hunt Tokens cannot be negative; got {tokens}.")
    odds = hunt_odds(light, tokens)
    return {
        "system": "trophy", "roll": "hunt",
        "pool": {"light": light, "tokens": tokens},
        "highest": {str(f): number(p) for f, p in zip(FACES, odds.highest, strict=True)},
        "bands": {k: number(p) for k, p in odds.bands.items()},
        "encounter": {k: number(p) for k, p in odds.encounter.items()},
        "token_gained": number(odds.token_gained),
        "tokens_lost": number(odds.tokens_lost),
        "tokens_after": {str(k): number(p) for k, p in odds.tokens_after.items()},
        "tokens_after_expected": number(odds.tokens_after_expected),
    }


def _weak_points(field: str, value: Any) -> int | tuple[int, ...]:
    if isinstance(value, list):
        return tuple(_face(f"{field}[{i}]", face) for i, face in enumerate(value))
    return _int(field, value)


def _combat_request(request: Mapping[str, Any]) -> dict[str, Any]:
    endurance = _int("endurance", _field(request, "endurance"))
    fighters = []
    for i, entry in enumerate(_entries(request, "characters", required=True)):
        fighters.append(Fighter(
            name=_str(f"characters[{i}].name", _field(entry, "name", f"character {i + 1}")),
            ruin=_int(f"characters[{i}].ruin", _field(entry, "ruin")),
            weak_points=_weak_points(f"characters[{i}].weak_points",
                                     _field(entry, "weak_points", 1)),
            armor=_bool(f"characters[{i}].armor", _field(entry, "armor", False)),
        ))
    # one dark die per character unless told otherwise (SRD 1.2, Combat Roll)
    dark = _dice_count("dark", _field(request, "dark", len(fighters)))
    odds = combat_odds(endurance, dark, fighters)
    return {
        "system": "trophy", "roll": "combat",
        "pool": {"endurance": endurance, "dark": dark},
        "roll_required": odds.roll_required,
        "defeated": number(odds.defeated),
        "total": None if odds.total is None else {
            str(t): number(p) for t, p in enumerate(odds.total, start=1)
            if (t <= SIDES if dark == 1 else t >= 2)
        },
        "characters": [
            {"name": c.name, "ruin_before": c.ruin_before,
             "weak_points": list(c.weak_points) if isinstance(c.weak_points, tuple)
             else c.weak_points,
             "armor": c.armor, "matches_expected": number(c.matches_expected),
             "ruin_marked": number(c.ruin_marked),
             "ruin_marked_expected": number(c.ruin_marked_expected),
             "armor_used": number(c.armor_used), "lost": number(c.lost)}
            for c in odds.characters
        ],
    }


def _contest_request(request: Mapping[str, Any]) -> dict[str, Any]:
    people = []
    entries = _entries(request, "participants", required=True)
    _at_most("participants", len(entries), MOST_PARTICIPANTS, "participants")
    for i, entry in enumerate(entries):
        people.append(Contestant(
            name=_str(f"participants[{i}].name", _field(entry, "name", f"participant {i + 1}")),
            ruin=_int(f"participants[{i}].ruin", _field(entry, "ruin")),
            light=_dice_count(f"participants[{i}].light", _field(entry, "light", 0)),
            dark=_at_most(f"participants[{i}].dark",
                          _dice_count(f"participants[{i}].dark", _field(entry, "dark", 0)),
                          MOST_CONTEST_DARK, "dark dice each"),
        ))
    odds = contest_odds(people)
    return {
        "system": "trophy", "roll": "contest",
        "participants": [
            {"name": p.name, "ruin_before": p.ruin_before, "light": p.light, "dark": p.dark,
             "wins": number(p.wins), "ruin_marked": number(p.ruin_marked),
             "ruin_marked_expected": number(p.ruin_marked_expected), "lost": number(p.lost)}
            for p in odds.participants
        ],
        "no_winner": number(odds.no_winner),
    }


def _ruin_request(request: Mapping[str, Any]) -> dict[str, Any]:
    _single_die("dark", request.get("dark"))
    odds = ruin_roll_odds(_int("ruin", _field(request, "ruin")))
    return {"system": "trophy", "roll": "ruin", "ruin_before": odds.ruin_before,
            "ruin_marked": number(odds.ruin_marked), "lost": number(odds.lost)}


def _reduction_request(request: Mapping[str, Any]) -> dict[str, Any]:
    _single_die("light", request.get("light"))
    odds = reduction_odds(
        _int("ruin", _field(request, "ruin")),
        _int("starting_ruin", _field(request, "starting_ruin", 1)),
        _bool("reached_five", _field(request, "reached_five", False)),
        _bool("remove_anyway", _field(request, "remove_anyway", False)),
    )
    return {"system": "trophy", "roll": "reduction", "ruin_before": odds.ruin_before,
            "removed_unnoticed": number(odds.removed_unnoticed), "noticed": number(odds.noticed),
            "removed": number(odds.removed),
            "ruin_after_expected": number(odds.ruin_after_expected)}


_HANDLERS = {
    "risk": _risk_request, "hunt": _hunt_request, "combat": _combat_request,
    "contest": _contest_request, "ruin": _ruin_request, "reduction": _reduction_request,
}


def odds_for_request(request: Mapping[str, Any]) -> dict[str, Any]:
    """Exact odds for one ``oracle resolve`` request, JSON-ready (shape in the module docstring).

    Raises RuleError for a roll the rules forbid and RequestError for a malformed request.
    """
    if not isinstance(request, Mapping):
        raise RequestError("request: must be a JSON object such as {\"roll\": \"risk\", ...}.")
    roll = request.get("roll")
    if roll not in _HANDLERS:
        raise RequestError(f"roll: {roll!r} is not a Trophy roll; use one of {', '.join(ROLLS)}.")
    return _HANDLERS[roll](request)
