"""The Contest Roll (SRD 1.2): most 6s wins, then 5s ... then 1s; dark 1s mark Ruin."""

from __future__ import annotations

import itertools

import pytest

from oracle.errors import RuleError
from oracle.trophy.contest import Contestant, read_contest


@pytest.mark.parametrize(("a", "b", "winner"), [
    # A's dice      B's dice     who wins
    ((6,),          (5, 5, 5),   "A"),   # one 6 beats any number of 5s
    ((6, 1),        (6,),        "A"),   # tie on 6s ... down to 1s: A has a 1
    ((6, 6),        (6, 5),      "A"),
    ((5, 4),        (5, 3, 3),   "A"),   # 5s tie, A has a 4
    ((2, 2),        (2, 2),      None),  # all equal: nobody wins
    ((3,),          (3,),        None),
    ((1,),          (2,),        "B"),
])
def test_most_sixes_wins_then_fives_and_so_on(a: tuple[int, ...], b: tuple[int, ...],
                                              winner: str | None) -> None:
    result = read_contest([Contestant("A", 5, light=a), Contestant("B", 5, light=b)])
    assert result.winner == winner


@pytest.mark.parametrize(("ruin", "dark", "ruin_after", "marked"), [
    (1, (1,), 2, 1),
    (1, (1, 1), 3, 2),   # each dark 1 marks 1 Ruin
    (2, (1, 2, 6), 3, 1),
    (5, (1, 1, 1), 6, 1),  # Ruin stops at 6: the character is lost
    (3, (), 3, 0),
])
def test_each_dark_one_marks_one_ruin(ruin: int, dark: tuple[int, ...], ruin_after: int,
                                      marked: int) -> None:
    result = read_contest([Contestant("A", ruin, light=(1,), dark=dark),
                           Contestant("B", 1, light=(6,), dark=(1,))])
    assert result.participants[0].ruin_after == ruin_after
    assert result.participants[0].ruin_marked == marked
    assert result.participants[0].lost is (ruin_after == 6)


def test_light_ones_never_mark_ruin() -> None:
    result = read_contest([Contestant("A", 3, light=(1, 1, 1, 1)), Contestant("B", 1, light=(2,))])
    assert result.participants[0].ruin_after == 3


@pytest.mark.parametrize(("ruin", "light", "allowed"), [
    (1, 2, True), (1, 3, False), (4, 5, True), (4, 6, False), (5, 6, True),
])
def test_light_dice_at_most_one_plus_ruin(ruin: int, light: int, allowed: bool) -> None:
    contestants = [Contestant("A", ruin, light=(3,) * light), Contestant("B", 1, light=(2,))]
    if allowed:
        read_contest(contestants)
    else:
        with pytest.raises(RuleError, match=r"^participants\[0\]\.light:"):
            read_contest(contestants)


def brute_winner(pools: dict[str, list[int]]) -> str | None:
    """Sorted high to low, compared as sequences: a longer sequence wins on an equal prefix."""
    ranked = {name: sorted(faces, reverse=True) for name, faces in pools.items()}
    best = max(ranked.values())
    leaders = [name for name, faces in ranked.items() if faces == best]
    return leaders[0] if len(leaders) == 1 else None


SPLITS = [(la, da, lb, db) for la, da, lb, db in itertools.product(range(3), repeat=4)
          if la + da >= 1 and lb + db >= 1 and la + da + lb + db <= 4]


@pytest.mark.parametrize(("la", "da", "lb", "db"), SPLITS)
def test_every_face_of_two_contestants_up_to_four_dice_matches_the_brute_force(
    la: int, da: int, lb: int, db: int
) -> None:
    for faces in itertools.product(range(1, 7), repeat=la + da + lb + db):
        a_light, a_dark = faces[:la], faces[la:la + da]
        b_light, b_dark = faces[la + da:la + da + lb], faces[la + da + lb:]
        result = read_contest([Contestant("A", 2, a_light, a_dark),
                               Contestant("B", 3, b_light, b_dark)])
        assert result.winner == brute_winner({"A": [*a_light, *a_dark], "B": [*b_light, *b_dark]})
        assert [p.ruin_after for p in result.participants] == [
            min(6, 2 + a_dark.count(1)), min(6, 3 + b_dark.count(1))]


def test_every_face_of_three_and_four_contestants_with_one_die_each() -> None:
    for n in (3, 4):
        for faces in itertools.product(range(1, 7), repeat=n):
            names = [f"P{i}" for i in range(n)]
            result = read_contest([Contestant(name, 1, light=(face,))
                                   for name, face in zip(names, faces, strict=True)])
            assert result.winner == brute_winner(
                {name: [face] for name, face in zip(names, faces, strict=True)})


@pytest.mark.parametrize(("contestants", "field"), [
    ([Contestant("A", 1, (1,))], "participants:"),
    ([], "participants:"),
    ([Contestant("A", 1, (1,)), Contestant("A", 1, (2,))], r"participants\[1\]\.name:"),
    ([Contestant("A", 1, ()), Contestant("B", 1, (2,))], r"participants\[0\]:"),
    ([Contestant("A", 6, (1,)), Contestant("B", 1, (2,))], r"participants\[0\]\.ruin:"),
    ([Contestant("A", 1, (7,)), Contestant("B", 1, (2,))], r"participants\[0\]\.light\[0\]:"),
])
def test_contest_refusals_name_the_field(contestants: list[Contestant], field: str) -> None:
    with pytest.raises(RuleError, match=f"^{field}"):
        read_contest(contestants)
