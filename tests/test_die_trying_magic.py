"""Die Trying magic: every face of small MD/ID pools against a brute-force reading, and the
exact odds against enumeration."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from oracle.dice import FixedDice
from oracle.die_trying import odds
from oracle.die_trying.checks import check
from oracle.die_trying.magic import MISCAST_TABLE, MiscastEffect, cast
from oracle.die_trying.system import SYSTEM
from oracle.errors import RuleError

FACES = range(1, 7)


def brute_matching(faces: tuple[int, ...]) -> int:
    """Dice that show a number some other die shows too."""
    return sum(1 for i, f in enumerate(faces) if any(g == f for j, g in enumerate(faces) if j != i))


@pytest.mark.parametrize(("md", "id_"), [(m, i) for m in range(4) for i in range(4)
                                         if 1 <= m + i <= 4])
def test_every_face_of_small_pools(md: int, id_: int) -> None:
    for faces in product(FACES, repeat=md + id_):
        magic, instability = faces[:md], faces[md:]
        casting = cast(magic, instability, miscast_d10=5)
        assert casting.power == sum(magic)  # Spell Power: the MD added up
        assert casting.instability_gained == md  # one ID per MD spent
        matches = brute_matching(faces)
        assert casting.miscast is (len(set(faces)) < len(faces))  # any number twice
        assert casting.matches == matches
        if casting.miscast:
            assert casting.miscast_total == 5 + matches - 1
        else:
            assert casting.miscast_total is None and casting.miscast_effect is None


def test_a_match_between_a_magic_die_and_an_instability_die_miscasts() -> None:
    assert cast([4], [4], miscast_d10=1).miscast
    assert not cast([4], [5], miscast_d10=1).miscast


@pytest.mark.parametrize(("total", "effect"),
                         [(1, MiscastEffect.FIZZLE), (11, MiscastEffect.DEATH),
                          (12, MiscastEffect.PERMANENT_RIFT), (17, MiscastEffect.PERMANENT_RIFT)])
def test_the_miscast_table_rows(total: int, effect: MiscastEffect) -> None:
    assert MiscastEffect.for_total(total) is effect
    assert len(MISCAST_TABLE) == 12 and all(text.endswith(".") for text in MISCAST_TABLE.values())


def test_spell_level_and_available_magic_dice() -> None:
    cast([], [], spell_level=0)  # a level 0 spell needs no MD
    with pytest.raises(RuleError, match=r"^magic: a level 2 spell needs at least 2"):
        cast([3], [], spell_level=2)
    with pytest.raises(RuleError, match=r"^magic: at most the 1 Magic Dice"):
        cast([3, 4], [], magic_dice_available=1)
    with pytest.raises(RuleError, match=r"^miscast_d10:"):
        cast([3, 3], [])


def test_improvised_casting_checks_against_the_power_and_doubles_instability() -> None:
    result = SYSTEM.resolve({"roll": "improvised_spell", "magic": [2, 5], "instability": [],
                             "d10": 6, "modifier": 2}, FixedDice([]))
    assert result["improvised_check"]["dc"] == 7  # DC = Spell Power
    assert result["effectiveness"] == "success"  # 8 > 7
    assert result["instability_gained"] == 4  # twice the MD spent
    with pytest.raises(RuleError, match=r"^dc: an improvised casting"):
        SYSTEM.resolve({"roll": "improvised_spell", "magic": [2, 5], "d10": 6, "modifier": 2,
                        "dc": 5}, FixedDice([]))
    improvised = cast([2, 5], [], improvised_check=check(6, 2, 7))
    assert improvised.instability_gained == 4


@pytest.mark.parametrize("dice", range(6))
def test_match_odds_agree_with_enumeration(dice: int) -> None:
    counts: Counter[int] = Counter(brute_matching(f) for f in product(FACES, repeat=dice))
    expected = {m: Fraction(n, 6**dice) for m, n in counts.items()}
    assert odds.match_odds(dice) == expected
    assert 1 - odds.miscast_chance(dice) == odds.no_match_chance_formula(dice)


@pytest.mark.parametrize(("unknown", "known"), [(1, (3,)), (2, (3, 3)), (2, (1, 4)), (3, (6,))])
def test_match_odds_with_known_faces_agree_with_enumeration(unknown: int,
                                                            known: tuple[int, ...]) -> None:
    counts: Counter[int] = Counter(
        brute_matching(known + f) for f in product(FACES, repeat=unknown))
    assert odds.match_odds(unknown, known) == {m: Fraction(n, 6**unknown)
                                               for m, n in counts.items()}


@pytest.mark.parametrize("dice", range(1, 5))
def test_miscast_row_odds_agree_with_enumeration(dice: int) -> None:
    rows: Counter[MiscastEffect] = Counter()
    for faces in product(FACES, repeat=dice):
        for d10 in range(1, 11):
            effect = cast(faces[:1], faces[1:], miscast_d10=d10).miscast_effect
            if effect is not None:
                rows[effect] += 1
    total = 6**dice * 10
    got = odds.miscast_row_odds(dice)
    assert got == {e: Fraction(rows[e], total) for e in MiscastEffect}


@pytest.mark.parametrize("dice", range(4))
def test_power_odds_agree_with_enumeration(dice: int) -> None:
    counts = Counter(sum(f) for f in product(FACES, repeat=dice))
    assert odds.power_odds(dice) == {s: Fraction(n, 6**dice) for s, n in counts.items()}


def test_spell_odds_through_the_system() -> None:
    result = SYSTEM.odds({"roll": "spell", "magic": 2, "instability": 1})
    # three d6: 1 - 6*5*4/216 = 4/9 to miscast
    assert result["miscast"]["fraction"] == "4/9"
    assert result["power_expected"]["fraction"] == "7"
    assert sum(Fraction(v["fraction"]) for v in result["miscast_rows"].values()) == Fraction(4, 9)
    with pytest.raises(RuleError, match="^magic: odds"):
        SYSTEM.odds({"roll": "spell", "magic": 20, "instability": 10})


@pytest.mark.parametrize("request_", [
    {"roll": "spell", "magic": 3, "magic_dice_available": 2},
    {"roll": "spell", "magic": 1, "spell_level": 2},
])
def test_the_magic_dice_limits_are_one_rule_for_rolls_and_odds(request_: dict[str, object]) -> None:
    # One statement (magic.check_magic_dice): resolve and odds refuse with the same sentence.
    from oracle.dice import SeededDice

    with pytest.raises(RuleError) as rolled:
        SYSTEM.resolve(request_, SeededDice(1))
    with pytest.raises(RuleError) as odds:
        SYSTEM.odds(request_)
    assert str(rolled.value) == str(odds.value)
