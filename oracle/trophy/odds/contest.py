"""Exact odds of a Contest Roll: most 6s wins, ties broken by 5s and so on down to 1s."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from oracle.errors import RuleError, shown
from oracle.trophy.odds.dice import SIDES, ZERO, binomial, check_count
from oracle.trophy.odds.ruin import MAX_RUIN, check_ruin


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
    return {c: Fraction(ways, space) for c, ways in _ways(n).items()}


def _ways(n: int) -> dict[tuple[int, ...], int]:
    """How many of the 6**n rolls of ``n`` d6 show each count of 1s, 2s, ..., 6s."""
    fact = math.factorial(n)
    return {c: fact // math.prod(math.factorial(k) for k in c) for c in _compositions(n, SIDES)}


def _keys(n: int, base: int) -> list[tuple[int, int]]:
    """(key, ways) for every count of 6s, 5s ... 1s that ``n`` d6 can show: the key is those
    counts as one number in base ``base``, 6s the highest digit; the ways are the multinomial,
    built as the dice showing each face are chosen among those left."""
    out: list[tuple[int, int]] = []

    def walk(face: int, left: int, key: int, ways: int) -> None:
        if face == 0:  # every die left shows a 1
            out.append((key + left, ways))
            return
        weight = base**face
        for k in range(left + 1):
            walk(face - 1, left - k, key + k * weight, ways * math.comb(left, k))

    walk(SIDES - 1, n, 0, 1)
    return out


def _check_contest(participants: Sequence[Contestant]) -> None:
    if len(participants) < 2:
        raise RuleError("participants: a Contest Roll needs two or more participants.")
    names: set[str] = set()
    for i, p in enumerate(participants):
        check_ruin(f"participants[{i}].ruin", p.ruin)
        check_count(f"participants[{i}].light", p.light)
        check_count(f"participants[{i}].dark", p.dark)
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
            raise RuleError(f"participants[{i}].name: {shown(p.name)} appears twice; names must differ.")
        names.add(p.name)


def contest_odds(participants: Sequence[Contestant]) -> ContestOdds:
    """Exact odds of a Contest Roll: most 6s wins, ties broken by 5s and so on down to 1s.

    Counted in whole numbers: a contestant with ``n`` dice wins with the ways of each of their
    keys (counts of 6s, 5s, ... 1s) times, for each other contestant, the ways of a lower key;
    contestants with as many dice share one table and one answer.
    """
    _check_contest(participants)
    sizes = [p.light + p.dark for p in participants]
    many = Counter(sizes)
    base = max(sizes) + 1
    # Every possible key of every size, lowest first: the counts of 6s, then 5s ... then 1s,
    # read as one number in base ``base`` (a count never reaches it), so the Contest's order is
    # the order of numbers. Keys of different sizes never tie (their counts add up differently).
    keyed = sorted((key, n, ways) for n in many for key, ways in _keys(n, base))
    below = dict.fromkeys(many, 0)  # ways each size rolls a key lower than the one reached
    totals = dict.fromkeys(many, 0)
    # The product over every contestant of ``below``, kept as we go: its nonzero factors, and
    # how many factors are still 0. A contestant's other contestants are that product with one
    # factor of their own size taken out.
    nonzero, zeros = 1, len(sizes)
    for _, n, ways in keyed:
        own = below[n]
        if own:
            others = nonzero // own if not zeros else 0
        else:
            others = nonzero if zeros == 1 else 0  # the one 0 left is this contestant's own
        totals[n] += ways * others
        times = many[n]
        if own:
            nonzero = nonzero // own**times * (own + ways) ** times
        else:
            nonzero *= ways**times
            zeros -= times
        below[n] = own + ways
    space = SIDES ** sum(sizes)
    wins_of = {n: Fraction(total, space) for n, total in totals.items()}
    wins = [wins_of[n] for n in sizes]
    out = []
    for p, w in zip(participants, wins, strict=True):
        # SRD 1.2: each dark die showing 1 marks 1 Ruin
        ones = binomial(p.dark, Fraction(1, SIDES))
        room = MAX_RUIN - p.ruin
        out.append(ContestantOdds(
            p.name, p.ruin, p.light, p.dark, w, 1 - ones[0],
            sum((min(k, room) * q for k, q in enumerate(ones)), ZERO), sum(ones[room:], ZERO),
        ))
    return ContestOdds(tuple(out), 1 - sum(wins, ZERO))
