"""Exact odds of a Combat Roll: the monster's defeat, and each character's Weak Points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oracle.errors import RuleError, shown
from oracle.trophy.combat import check_endurance
from oracle.trophy.odds.dice import FACES, ONE, SIDES, ZERO, binomial, check_count
from oracle.trophy.odds.ruin import MAX_RUIN, check_ruin
from oracle.wording import plural


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
    check_endurance(endurance)
    check_count("dark", dark)
    if not characters:
        raise RuleError("characters: a Combat Roll needs at least one character.")
    if dark < len(characters):
        # SRD 1.2, Combat Roll: one dark die per character; the count never goes down
        raise RuleError(
            f"dark: one dark die per character at least; got {dark} for "
            f"{plural(len(characters), 'character')}."
        )
    names: set[str] = set()
    for i, c in enumerate(characters):
        check_ruin(f"characters[{i}].ruin", c.ruin)
        if c.name in names:
            raise RuleError(f"characters[{i}].name: {shown(c.name)} appears twice.")
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
        matches = binomial(dark, Fraction(c.weak_point_count, SIDES))
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
