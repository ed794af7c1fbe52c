"""Every face of small attacks under Piercing and Resistance/Weakness, against a brute-force
reading written from the text alone; and any request either resolves validly or is refused."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.dice import FixedDice, SeededDice
from oracle.errors import OracleError
from oracle.triptycho.system import SYSTEM

LADDER = [2, 4, 6, 8, 10, 12]


def bf_damage_sides(sides: int, net_weakness: int) -> int:
    """The text: Weakness raises, Resistance lowers the level; never past d2 or d12."""
    return LADDER[min(5, max(0, LADDER.index(sides) + net_weakness))]


def bf_defense_sides(sides: int, piercing: int) -> int | None:
    """The text: Piercing lowers Defense, and below d2 no Defense dice are rolled."""
    rung = LADDER.index(sides) - piercing
    return None if rung < 0 else LADDER[rung]


def affinity(net: int) -> dict[str, Any]:
    if net > 0:
        return {"weakness": {"fire": net}}
    if net < 0:
        return {"resistance": {"fire": -net}}
    return {}


CASES = [(d, net, f, p) for d in ("1d4", "2d2", "1d6") for net in (-2, -1, 0, 1, 2)
         for f in (None, "1d4", "1d6") for p in (0, 1, 2, 3)]


@pytest.mark.parametrize(("damage", "net", "defense", "piercing"), CASES)
def test_every_face_and_the_odds_match_the_brute_force_reading(
    damage: str, net: int, defense: str | None, piercing: int
) -> None:
    n, sides = (int(x) for x in damage.split("d"))
    d_sides = bf_damage_sides(sides, net)
    f_sides = None if defense is None else bf_defense_sides(int(defense[2:]), piercing)
    request: dict[str, Any] = {"roll": "damage", "damage": damage, "damage_type": "fire",
                               "piercing": piercing, **affinity(net)}
    if defense is not None:
        request["defense"] = defense
    counts: Counter[int] = Counter()
    damage_faces = list(itertools.product(range(1, d_sides + 1), repeat=n))
    defense_faces = [()] if f_sides is None else [(f,) for f in range(1, f_sides + 1)]
    for d, f in itertools.product(damage_faces, defense_faces):
        result = SYSTEM.resolve(request, FixedDice([*d, *f]))
        expected = max(0, sum(d) - sum(f))
        assert result["dealt"] == expected
        counts[expected] += 1
    total = sum(counts.values())
    odds = SYSTEM.odds(request)
    assert {r["total"]: Fraction(r["fraction"]) for r in odds["distribution"]} == {
        k: Fraction(v, total) for k, v in counts.items()}


ENTRY = st.one_of(
    st.none(),
    st.sampled_from(["1d2", "1d4", "2d6", "1d8", "3d10", "1d12", "1d20", "0d6", "1d7", "x"]),
    st.lists(st.integers(-1, 21), min_size=0, max_size=3),
    st.fixed_dictionaries({"dice": st.sampled_from(["1d4", "1d6", "1d20"]),
                           "level": st.integers(-3, 3), "number": st.integers(-2, 2)}),
)


@settings(max_examples=300, deadline=None)
@given(hit=ENTRY, miss=ENTRY, damage=ENTRY, defense=ENTRY, piercing=st.integers(-1, 4),
       points=st.one_of(st.none(), st.integers(-2, 30)),
       damage_type=st.sampled_from([None, "fire", "ice", "acid"]),
       resistance=st.integers(0, 3), weakness=st.integers(0, 3), seed=st.integers(0, 9))
def test_any_attack_request_resolves_validly_or_is_refused_in_one_sentence(
    hit: Any, miss: Any, damage: Any, defense: Any, piercing: int, points: int | None,
    damage_type: str | None, resistance: int, weakness: int, seed: int
) -> None:
    request = {"roll": "attack", "hit": hit, "miss": miss, "damage": damage, "defense": defense,
               "piercing": piercing, "points": points, "damage_type": damage_type,
               "resistance": {"fire": resistance}, "weakness": {"ice": weakness}}
    try:
        result = SYSTEM.resolve(request, SeededDice(seed))
    except OracleError as exc:
        message = str(exc)
        assert message.endswith(".") and ": " in message and "\n" not in message
        return
    assert result["dealt"] >= 0
    if result["hit"] and result["damage_total"] is not None:
        assert result["dealt"] <= result["damage_total"]
    if not result["hit"]:
        assert result["dealt"] == 0
    if points is not None:
        assert 0 <= result["points_after"] <= points
        assert result["defeated"] == (result["points_after"] == 0)
