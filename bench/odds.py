"""How fast are the exact Trophy odds? Ours (closed forms) vs icepool vs brute force.

Run: ``.venv/bin/python bench/odds.py`` (not a test; prints a table). For each odds table and a
range of pools it times three ways of computing the *same* exact fractions:

- ours: ``oracle.trophy.odds`` (closed forms over the highest of n dice);
- icepool: the same quantities written directly with icepool (``icepool.map`` over the highest
  of each group of dice, or over pools expanded as sorted tuples; ``Reroll`` to condition);
- brute force: every face of every die (``itertools.product``), skipped above a size limit.

Each way's answers are compared with ours (they must be equal), and times are shown as ratios to
ours (``x12.0`` means 12 times slower than ours).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import icepool  # type: ignore[import-untyped]

from oracle.trophy.odds import (
    Contestant,
    Fighter,
    HelperDie,
    combat_odds,
    contest_odds,
    hunt_odds,
    risk_odds,
    risk_push_odds,
)

FACES = range(1, 7)
BRUTE_LIMIT = 20_000  # most faces a brute-force table may enumerate
Table = tuple[Fraction, ...]
d6 = icepool.d6


def prob(die: icepool.Die[Any], outcome: Any) -> Fraction:
    return Fraction(die.quantity(outcome), die.denominator())


def highest_die(n: int) -> icepool.Die[int]:
    """The highest of n d6 (0 when there are none)."""
    if n == 0:
        return icepool.Die([0])
    return d6 if n == 1 else icepool.highest(*([d6] * n))  # highest(die) alone reads its faces


# --- risk (first roll and push, with unknown helpers) ---------------------------------------

RiskPool = tuple[int, int, int, int]  # light, helpers, dark, ruin


def ours_risk(pool: RiskPool) -> Table:
    light, helpers, dark, ruin = pool
    hs = [HelperDie(f"h{i}", 1) for i in range(helpers)]
    first = risk_odds(light, dark, ruin, hs)
    push = risk_push_odds(light, dark, ruin, hs)
    out = [*first.highest, first.highest_is_dark, first.ruin_marked,
           *(h.ruin_marked for h in first.helpers)]
    if push is not None:
        out += [*push.highest, push.highest_is_dark, push.ruin_marked,
                *(h.ruin_marked for h in push.helpers)]
    return tuple(out)


def icepool_risk(pool: RiskPool) -> Table:
    light, helpers, dark, ruin = pool

    def read(lo: int, dk: int) -> tuple[int, bool, bool]:
        is_dark = dk > 0 and dk >= lo  # Forest's Rule: ties go to dark (dk 0: no dark die)
        return max(lo, dk), is_dark, is_dark and dk > ruin

    first = icepool.map(read, highest_die(light + helpers), highest_die(dark))
    out = [first.marginals[0].probability(f) for f in FACES]
    out += [first.marginals[1].probability(True), first.marginals[2].probability(True)]
    match = icepool.map(lambda f, dk: f in dk, d6, d6.pool(dark)) if helpers else None
    out += [match.probability(True) for _ in range(helpers)] if match is not None else []

    def pushed(a: int, b: int, c: int, a2: int, c2: int) -> Any:
        if dark and c >= max(a, b):
            return icepool.Reroll  # not pushable: condition on the first roll's highest light
        return read(max(a2, b), c2)

    h_die = highest_die(helpers)
    if light + helpers == 0:
        return tuple(out)
    push = icepool.map(pushed, highest_die(light), h_die, highest_die(dark),
                       highest_die(light), highest_die(dark + 1))
    out += [push.marginals[0].probability(f) for f in FACES]
    out += [push.marginals[1].probability(True), push.marginals[2].probability(True)]
    if helpers:
        def clear(f: int, other: int, dk: tuple[int, ...]) -> Any:
            if dk and max(dk) >= max(f, other):
                return icepool.Reroll
            return f not in dk

        p_clear = icepool.map(clear, d6, highest_die(light + helpers - 1), d6.pool(dark))
        p_match = icepool.map(lambda f, dk: f in dk, d6, d6.pool(dark + 1)).probability(True)
        out += [p_clear.probability(True) * p_match for _ in range(helpers)]
    return tuple(out)


def _risk_read(own: Sequence[int], helper_faces: Sequence[int], dk: Sequence[int],
               ruin: int) -> tuple[int, bool, bool]:
    lo = max([*own, *helper_faces], default=0)
    hi = max(dk, default=0)
    is_dark = bool(dk) and hi >= lo
    return max(lo, hi), is_dark, is_dark and hi > ruin


def brute_risk(pool: RiskPool) -> Table | None:
    light, helpers, dark, ruin = pool
    cost = 6**helpers * (6 ** (light + dark) + 6 ** (light + dark + 1))
    if cost > BRUTE_LIMIT:
        return None
    first = [Fraction(0)] * (8 + helpers)
    push = [Fraction(0)] * (8 + helpers)
    pushable_total = Fraction(0)
    w_h = Fraction(1, 6**helpers)
    for held in itertools.product(FACES, repeat=helpers):
        w1 = w_h / 6 ** (light + dark)
        clear = [Fraction(0)] * helpers
        pushable = Fraction(0)
        for roll in itertools.product(FACES, repeat=light + dark):
            dk = roll[light:]
            top, is_dark, marked = _risk_read(roll[:light], held, dk, ruin)
            first[top - 1] += w1
            first[6] += w1 * is_dark
            first[7] += w1 * marked
            for i, f in enumerate(held):
                first[8 + i] += w1 * (f in dk)
                if not is_dark and f not in dk:
                    clear[i] += w1
            if not is_dark:
                pushable += w1
        pushable_total += pushable
        w2 = Fraction(1, 6 ** (light + dark + 1))
        for roll in itertools.product(FACES, repeat=light + dark + 1):
            dk = roll[light:]
            top, is_dark, marked = _risk_read(roll[:light], held, dk, ruin)
            push[top - 1] += pushable * w2
            push[6] += pushable * w2 * is_dark
            push[7] += pushable * w2 * marked
            for i, f in enumerate(held):
                push[8 + i] += clear[i] * w2 * (f in dk)
    if pushable_total == 0:
        return tuple(first)
    return tuple(first + [p / pushable_total for p in push])


# --- combat ---------------------------------------------------------------------------------

CombatPool = tuple[int, int]  # endurance, dark
FIGHTERS = [Fighter("A", 2, (4,)), Fighter("B", 4, (1, 6))]


def ours_combat(pool: CombatPool) -> Table:
    odds = combat_odds(pool[0], pool[1], FIGHTERS)
    return (odds.defeated, *(c.ruin_marked_expected for c in odds.characters),
            *(c.lost for c in odds.characters))


def icepool_combat(pool: CombatPool) -> Table:
    endurance, dark = pool
    if endurance < dark:
        return (Fraction(1), *[Fraction(0)] * (2 * len(FIGHTERS)))
    total = d6.pool(dark).highest(2).sum()
    out = [sum((prob(total, t) for t in total.outcomes() if t >= endurance), Fraction(0))]
    marks = []
    for f in FIGHTERS:
        assert isinstance(f.weak_points, tuple)
        wp = f.weak_points
        matches = icepool.map(lambda dk, wp=wp: sum(x in wp for x in dk), d6.pool(dark))
        marks.append(matches)
    out += [sum((min(k, 6 - f.ruin) * prob(m, k) for k in m.outcomes()), Fraction(0))
            for f, m in zip(FIGHTERS, marks, strict=True)]
    out += [sum((prob(m, k) for k in m.outcomes() if f.ruin + k >= 6), Fraction(0))
            for f, m in zip(FIGHTERS, marks, strict=True)]
    return tuple(out)


def brute_combat(pool: CombatPool) -> Table | None:
    endurance, dark = pool
    if 6**dark > BRUTE_LIMIT:
        return None
    if endurance < dark:
        return (Fraction(1), *[Fraction(0)] * (2 * len(FIGHTERS)))
    w = Fraction(1, 6**dark)
    out = [Fraction(0)] * (1 + 2 * len(FIGHTERS))
    for roll in itertools.product(FACES, repeat=dark):
        out[0] += w * (sum(sorted(roll)[-2:]) >= endurance)
        for i, f in enumerate(FIGHTERS):
            assert isinstance(f.weak_points, tuple)
            k = sum(x in f.weak_points for x in roll)
            out[1 + i] += w * min(k, 6 - f.ruin)
            out[1 + len(FIGHTERS) + i] += w * (f.ruin + k >= 6)
    return tuple(out)


# --- contest --------------------------------------------------------------------------------

ContestPool = tuple[tuple[int, int, int], ...]  # (ruin, light, dark) per participant


def ours_contest(pool: ContestPool) -> Table:
    odds = contest_odds([Contestant(f"P{i}", *p) for i, p in enumerate(pool)])
    return (*(p.wins for p in odds.participants), odds.no_winner)


def _key(dice: Sequence[int]) -> tuple[int, ...]:
    return tuple(sum(1 for d in dice if d == f) for f in range(6, 0, -1))


def icepool_contest(pool: ContestPool) -> Table:
    def winner(*pools: tuple[int, ...]) -> int:
        keys = [_key(p) for p in pools]
        best = max(keys)
        return keys.index(best) if keys.count(best) == 1 else -1

    die = icepool.map(winner, *(d6.pool(light + dark) for _, light, dark in pool))
    return (*(prob(die, i) for i in range(len(pool))), prob(die, -1))


def brute_contest(pool: ContestPool) -> Table | None:
    sizes = [light + dark for _, light, dark in pool]
    if 6 ** sum(sizes) > BRUTE_LIMIT:
        return None
    out = [Fraction(0)] * (len(pool) + 1)
    w = Fraction(1, 6 ** sum(sizes))
    for roll in itertools.product(FACES, repeat=sum(sizes)):
        keys, at = [], 0
        for n in sizes:
            keys.append(_key(roll[at:at + n]))
            at += n
        best = max(keys)
        out[keys.index(best) if keys.count(best) == 1 else -1] += w
    return tuple(out)


# --- hunt -----------------------------------------------------------------------------------

HuntPool = tuple[int, int]


def ours_hunt(pool: HuntPool) -> Table:
    odds = hunt_odds(*pool)
    return (*odds.highest, odds.tokens_after_expected)


def icepool_hunt(pool: HuntPool) -> Table:
    light, tokens = pool
    top = highest_die(light)
    after = top.map(lambda h: 0 if h == 1 else tokens + (h >= 4))
    return (*(prob(top, f) for f in FACES), Fraction(after.mean()))


def brute_hunt(pool: HuntPool) -> Table | None:
    light, tokens = pool
    out = [Fraction(0)] * 7
    w = Fraction(1, 6**light)
    for roll in itertools.product(FACES, repeat=light):
        top = max(roll)
        out[top - 1] += w
        out[6] += w * (0 if top == 1 else tokens + (top >= 4))
    return tuple(out)


# --- the run --------------------------------------------------------------------------------


def timed(fn: Callable[[Any], Table | None], pools: Sequence[Any]
          ) -> tuple[float, list[Table | None]]:
    start = time.perf_counter()
    results = [fn(p) for p in pools]
    return time.perf_counter() - start, results


def bench(name: str, pools: Sequence[Any], ours: Callable[[Any], Table],
          ice: Callable[[Any], Table], brute: Callable[[Any], Table | None]) -> None:
    t_ours, r_ours = timed(ours, pools)
    t_ice, r_ice = timed(ice, pools)
    t_brute, r_brute = timed(brute, pools)
    assert r_ice == r_ours, f"{name}: icepool disagrees with ours"
    covered = [i for i, r in enumerate(r_brute) if r is not None]
    assert all(r_brute[i] == r_ours[i] for i in covered), f"{name}: brute force disagrees"
    # ours on the pools brute force covered, for a fair ratio
    t_ours_cov, _ = timed(ours, [pools[i] for i in covered])
    brute_ratio = f"x{t_brute / t_ours_cov:,.1f}" if covered and t_ours_cov > 0 else "-"
    print(f"{name:<34}{len(pools):>6}{t_ours * 1e3:>10.1f}{t_ice * 1e3:>11.1f}"
          f"{'x' + format(t_ice / t_ours, ',.1f'):>10}{len(covered):>8}{t_brute * 1e3:>11.1f}"
          f"{brute_ratio:>10}")


def main() -> None:
    risk_pools = [(light, helpers, dark, 3) for light in range(3) for helpers in range(4)
                  for dark in range(1, 7)] + [(1, 0, 0, 3), (2, 0, 0, 3)]
    small_risk = [p for p in risk_pools if p[0] + p[1] + p[2] <= 4]
    combat_pools = [(e, d) for e in range(2, 13) for d in range(2, 7)]
    contest_pools: list[ContestPool] = [
        ((r, light, dark), (2, 1, d2))
        for r in (1, 3) for light in range(3) for dark in range(4) for d2 in (0, 2)
        if light + dark > 0
    ] + [((1, 1, 1), (1, 1, 1), (2, 2, 1))]
    hunt_pools = [(n, t) for n in (1, 2) for t in range(4)]
    print("Exact Trophy odds: time for every pool of a table (ms) and ratio to ours")
    print(f"{'table':<34}{'pools':>6}{'ours':>10}{'icepool':>11}{'ratio':>10}"
          f"{'brute':>8}{'brute ms':>11}{'ratio':>10}")
    bench("risk <=4 dice (first + push)", small_risk, ours_risk, icepool_risk, brute_risk)
    bench("risk 0-2L 0-3H 1-6D (first + push)", risk_pools, ours_risk, icepool_risk, brute_risk)
    bench("combat E2-12, 2-6 dark, 2 PCs", combat_pools, ours_combat, icepool_combat,
          brute_combat)
    bench("contest 2-3 participants", contest_pools, ours_contest, icepool_contest,
          brute_contest)
    bench("hunt 1-2 light, 0-3 tokens", hunt_pools, ours_hunt, icepool_hunt, brute_hunt)
    print(f"(brute force skips tables above {BRUTE_LIMIT:,} faces; its ratio compares the "
          "pools it covered; every answer equals ours)")


if __name__ == "__main__":
    main()
