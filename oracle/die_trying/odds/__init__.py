"""Exact odds for Die Trying rolls, as fractions.

Everything is counted over the faces, never sampled: a check over the ten faces of the d10, a
casting over the value counts of the d6 pool (weighted by multinomial coefficients), a dying
character's fate by solving the small absorbing chain of death saves exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb, factorial
from typing import Any

from oracle.die_trying.character import DEATH_AT
from oracle.die_trying.checks import CheckResult, Degree
from oracle.die_trying.death import DeathSave, check_dying_hp, death_save_dc
from oracle.die_trying.magic import MAGIC_DIE, MiscastEffect, miscast_total
from oracle.errors import RuleError

D10_FACES = range(1, 11)
MAX_POOL = 24  # odds of larger d6 pools would take too long to count exactly


def as_json(p: Fraction) -> dict[str, Any]:
    """A probability as ``{"fraction": "3/10", "value": 0.3}`` (the Trophy odds' shape)."""
    return {"fraction": str(p), "value": float(p)}


def degree_odds(modifier: int, dc: int) -> dict[Degree, Fraction]:
    """The chance of each degree of a check (natural 1 and 10 included)."""
    counts: Counter[Degree] = Counter(
        CheckResult(face, modifier, dc).degree for face in D10_FACES
    )
    return {degree: Fraction(counts[degree], 10) for degree in Degree}


def success_chance(modifier: int, dc: int) -> Fraction:
    odds = degree_odds(modifier, dc)
    return odds[Degree.SUCCESS] + odds[Degree.CRITICAL_SUCCESS]


def ability_score_odds() -> dict[int, Fraction]:
    """One ability score: d3 over the d6 faces, then a d2 over a d6's parity."""
    counts: Counter[int] = Counter()
    for d6 in range(1, 7):
        d3 = (d6 + 1) // 2
        for d2_face in range(1, 7):
            d2 = 1 if d2_face % 2 else 2
            counts[3 if d3 == 3 else (d3 - 2 if d2 == 1 else d3)] += 1
    return {score: Fraction(n, 36) for score, n in sorted(counts.items())}


def match_odds(unknown: int, known: Sequence[int] = ()) -> dict[int, Fraction]:
    """Chance of each number of matching dice, with ``unknown`` d6 still to roll."""
    if unknown + len(known) > MAX_POOL:
        raise RuleError(f"magic: odds are counted exactly for pools of at most {MAX_POOL} dice.")
    fixed = Counter(known)
    # Face by face: (dice used so far, matching dice so far) -> ways. A face shown by n dice,
    # known and new, adds n matching dice when n > 1; the new ones are any k of those left.
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for face in range(1, MAGIC_DIE + 1):
        step: Counter[tuple[int, int]] = Counter()
        for (used, matches), count in ways.items():
            left = unknown - used
            for k in range(left + 1):
                n = fixed[face] + k
                step[used + k, matches + (n if n > 1 else 0)] += count * comb(left, k)
        ways = step
    totals = Counter({matches: count for (used, matches), count in ways.items()
                      if used == unknown})
    denominator = MAGIC_DIE**unknown
    return {m: Fraction(n, denominator) for m, n in sorted(totals.items())}


def miscast_chance(unknown: int, known: Sequence[int] = ()) -> Fraction:
    return 1 - match_odds(unknown, known).get(0, Fraction(0))


def no_match_chance_formula(dice: int) -> Fraction:
    """Closed form: all ``dice`` d6 different, 6!/(6-n)! / 6^n (0 past six dice)."""
    if dice > MAGIC_DIE:
        return Fraction(0)
    return Fraction(factorial(MAGIC_DIE) // factorial(MAGIC_DIE - dice), MAGIC_DIE**dice)


def miscast_row_odds(unknown: int, known: Sequence[int] = (),
                     miscast_d10: int | None = None) -> dict[MiscastEffect, Fraction]:
    """Chance of each miscast row (a casting that does not miscast is in none of them)."""
    faces = [miscast_d10] if miscast_d10 is not None else list(D10_FACES)
    weight = Fraction(1, len(faces))
    result: dict[MiscastEffect, Fraction] = {effect: Fraction(0) for effect in MiscastEffect}
    for matches, p in match_odds(unknown, known).items():
        if matches == 0:
            continue
        for face in faces:
            result[MiscastEffect.for_total(miscast_total(face, matches))] += p * weight
    return result


def power_odds(unknown: int, known: Sequence[int] = ()) -> dict[int, Fraction]:
    """Spell Power: the sum of the Magic Dice."""
    dist: dict[int, Fraction] = {sum(known): Fraction(1)}
    for _ in range(unknown):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in range(1, MAGIC_DIE + 1):
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / MAGIC_DIE
        dist = nxt
    return dict(sorted(dist.items()))


def expected(dist: Mapping[int, Fraction]) -> Fraction:
    return sum((Fraction(k) * p for k, p in dist.items()), Fraction(0))


def death_save_odds(hp: int, modifier: int = 0) -> dict[str, Any]:
    """One death save from ``hp``: each degree, each HP after, and stable/dead chances."""
    check_dying_hp(hp)
    degrees: Counter[Degree] = Counter()
    after: Counter[int] = Counter()
    stable = dead = 0
    for face in D10_FACES:
        save = DeathSave(hp, CheckResult(face, modifier, death_save_dc(hp)))
        degrees[save.degree] += 1
        after[save.hp_after] += 1
        stable += save.stable
        dead += save.dead
    return {
        "degrees": {d: Fraction(degrees[d], 10) for d in Degree},
        "hp_after": {h: Fraction(n, 10) for h, n in sorted(after.items())},
        "stable": Fraction(stable, 10),
        "dead": Fraction(dead, 10),
    }


def survival_chance(hp: int, modifier: int = 0) -> Fraction:
    """Chance that a dying character at ``hp`` ends stable rather than dead, saving every turn
    until one or the other (solved exactly as an absorbing chain)."""
    check_dying_hp(hp)
    states = list(range(0, DEATH_AT, -1))  # 0, -1, ..., -4
    index = {h: i for i, h in enumerate(states)}
    size = len(states)
    # x_h = sum_h' P(h -> h') x_h' + P(h -> stable)   =>   (I - Q) x = b
    matrix = [[Fraction(int(i == j)) for j in range(size)] for i in range(size)]
    rhs = [Fraction(0) for _ in range(size)]
    for h in states:
        i = index[h]
        for face in D10_FACES:
            save = DeathSave(h, CheckResult(face, modifier, death_save_dc(h)))
            if save.stable:
                rhs[i] += Fraction(1, 10)
            elif not save.dead:
                matrix[i][index[save.hp_after]] -= Fraction(1, 10)
    solution = _solve(matrix, rhs)
    return solution[index[hp]]


def _solve(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    """Gauss-Jordan elimination over fractions (the chain's matrix is always invertible)."""
    size = len(rhs)
    rows = [row[:] + [b] for row, b in zip(matrix, rhs, strict=True)]
    for col in range(size):
        pivot = next(r for r in range(col, size) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(size):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[r][size] for r in range(size)]


def concealment_miss_chance(hidden: bool) -> Fraction:
    return Fraction(4 if hidden else 2, 10)


def pool_size_check(count: int, field: str) -> None:
    if count < 0:
        raise RuleError(f"{field}: a count of dice is 0 or more; got {count}.")
    if comb(count + 5, 5) > 10**6:
        raise RuleError(f"{field}: odds are counted exactly for pools of at most {MAX_POOL} dice.")
