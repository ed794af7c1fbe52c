"""Exact odds of a Contest Roll: most 6s wins, ties broken by 5s and so on down to 1s."""

from __future__ import annotations

import bisect
import itertools
import math
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
        ones = binomial(p.dark, Fraction(1, SIDES))
        room = MAX_RUIN - p.ruin
        out.append(ContestantOdds(
            p.name, p.ruin, p.light, p.dark, w, 1 - ones[0],
            sum((min(k, room) * q for k, q in enumerate(ones)), ZERO), sum(ones[room:], ZERO),
        ))
    return ContestOdds(tuple(out), 1 - sum(wins, ZERO))
