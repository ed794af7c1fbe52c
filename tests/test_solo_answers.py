"""The solo oracle's promises: shown odds equal the dice, certain never says "no, and"."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.dice import FixedDice, SeededDice
from oracle.errors import RequestError
from oracle.solo import Answer, Likelihood, ask, ask_odds, check_dread, parse_likelihood
from oracle.solo.answers import YES_FACES, dark_band, is_twist, light_band

DREADS = range(1, 10)
FACES = range(1, 11)


def bf_answer(level: Likelihood, dread: int, a: int, t: int) -> Answer:
    """The rule written out again, plainly, for brute force."""
    yes = a <= YES_FACES[level]
    tone = "dark" if t <= dark_band(dread) else "light" if t >= 11 - light_band(dread) else ""
    if yes and level is Likelihood.IMPOSSIBLE:
        return Answer.YES_BUT
    if not yes and level is Likelihood.CERTAIN:
        return Answer.NO_BUT
    table = {(True, "dark"): Answer.YES_BUT, (True, "light"): Answer.YES_AND,
             (True, ""): Answer.YES, (False, "dark"): Answer.NO_AND,
             (False, "light"): Answer.NO_BUT, (False, ""): Answer.NO}
    return table[(yes, tone)]


@pytest.mark.parametrize("level", list(Likelihood))
@pytest.mark.parametrize("dread", DREADS)
def test_shown_odds_equal_every_throw_of_the_three_dice(level: Likelihood, dread: int) -> None:
    counts = {a: 0 for a in Answer}
    twists = 0
    for a, t, o in product(FACES, FACES, FACES):
        result = ask("q", level, FixedDice([a, t, o] + [1] * 6), dread)
        assert result.answer is bf_answer(level, dread, a, t)
        counts[result.answer] += 1
        twists += result.twist is not None
    odds = ask_odds(level, dread)
    assert odds.answers == {a: Fraction(n, 1000) for a, n in counts.items()}
    assert odds.twist == Fraction(twists, 1000) == Fraction(dread, 100)
    assert sum(odds.answers.values()) == 1
    assert sum(odds.joint.values()) == 1


@pytest.mark.parametrize("dread", DREADS)
def test_certain_never_says_no_and_and_impossible_never_yes_and(dread: int) -> None:
    assert ask_odds(Likelihood.CERTAIN, dread).answers[Answer.NO_AND] == 0
    assert ask_odds(Likelihood.CERTAIN, dread).answers[Answer.NO] == 0
    assert ask_odds(Likelihood.IMPOSSIBLE, dread).answers[Answer.YES_AND] == 0
    assert ask_odds(Likelihood.IMPOSSIBLE, dread).answers[Answer.YES] == 0


@pytest.mark.parametrize("dread", DREADS)
def test_yes_grows_with_likelihood_and_dread_never_moves_it(dread: int) -> None:
    yes = [ask_odds(level, dread).yes for level in Likelihood]
    assert yes == sorted(yes) and len(set(yes)) == len(yes)
    assert yes == [Fraction(YES_FACES[level], 10) for level in Likelihood]


@pytest.mark.parametrize("level", list(Likelihood))
def test_more_dread_darkens_the_answers_and_brings_more_twists(level: Likelihood) -> None:
    rows = [ask_odds(level, d) for d in DREADS]
    dark = [r.answers[Answer.YES_BUT] + r.answers[Answer.NO_AND] for r in rows]
    light = [r.answers[Answer.YES_AND] + r.answers[Answer.NO_BUT] for r in rows]
    twist = [r.twist for r in rows]
    assert dark == sorted(dark) and light == sorted(light, reverse=True)
    assert twist == sorted(twist) and len(set(twist)) == 9


@pytest.mark.parametrize("level", list(Likelihood))
@pytest.mark.parametrize("dread", range(1, 9))
def test_every_step_of_dread_changes_the_odds_of_some_answer(level: Likelihood,
                                                              dread: int) -> None:
    before, after = ask_odds(level, dread), ask_odds(level, dread + 1)
    assert before.answers != after.answers  # not only the twist: the answers themselves
    assert after.twist - before.twist == Fraction(1, 100)


def test_no_two_dreads_read_the_tone_die_alike_and_the_bands_fit_it() -> None:
    bands = [(dark_band(d), light_band(d)) for d in DREADS]
    assert len(set(bands)) == 9
    assert all(d >= 1 and light >= 1 and d + light <= 10 for d, light in bands)
    # each step: one face darker or one face less light, never both, never back
    for (d1, l1), (d2, l2) in pairwise(bands):
        assert (d2 - d1, l1 - l2) in ((1, 0), (0, 1))


def test_twists_stay_at_or_under_mythics_ten_percent_and_match_doubles() -> None:
    for dread in DREADS:
        doubles = sum(is_twist(dread, t, o) for t, o in product(FACES, FACES))
        assert doubles == dread and ask_odds("even", dread).twist <= Fraction(1, 10)


def test_doubtful_is_very_unlikely_for_ask_and_inspire_alike() -> None:
    from oracle.narrator.asking import solo_level

    assert parse_likelihood("doubtful") is Likelihood.VERY_UNLIKELY
    assert solo_level("doubtful") == solo_level("very_unlikely") == "very unlikely"


def test_frequencies_over_many_seeded_asks_match_the_odds() -> None:
    dice = SeededDice("frequencies")
    n = 6000
    for level, dread in [(Likelihood.EVEN, 5), (Likelihood.LIKELY, 9), (Likelihood.CERTAIN, 2)]:
        odds = ask_odds(level, dread)
        seen = {a: 0 for a in Answer}
        twists = 0
        for _ in range(n):
            result = ask("q", level, dice, dread)
            seen[result.answer] += 1
            twists += result.twist is not None
        chi2 = sum((seen[a] - n * float(p)) ** 2 / (n * float(p))
                   for a, p in odds.answers.items() if p > 0)
        assert chi2 < 20.5  # 5 degrees of freedom: p < 0.001
        assert all(seen[a] == 0 for a, p in odds.answers.items() if p == 0)
        expected = n * float(odds.twist)
        assert abs(twists - expected) < 4 * (expected * (1 - float(odds.twist))) ** 0.5


@pytest.mark.parametrize("text,level", [("very_likely", Likelihood.VERY_LIKELY),
                                        ("Very-Unlikely", Likelihood.VERY_UNLIKELY),
                                        (" certain ", Likelihood.CERTAIN),
                                        ("very  likely", Likelihood.VERY_LIKELY)])
def test_likelihood_names_read_loosely(text: str, level: Likelihood) -> None:
    assert parse_likelihood(text) is level


@pytest.mark.parametrize("bad", ["probably", "", None, 3, "very"])
def test_bad_likelihood_is_one_sentence(bad: object) -> None:
    with pytest.raises(RequestError, match=r"^likelihood: .*\.$"):
        parse_likelihood(bad)


@pytest.mark.parametrize("bad", [0, 10, -1, True, 2.5, "x", None])
def test_bad_dread_is_refused(bad: object) -> None:
    with pytest.raises(RequestError, match=r"^dread: "):
        check_dread(bad)


def test_a_question_needs_words() -> None:
    with pytest.raises(RequestError, match="^question: "):
        ask("   ", "even", FixedDice([1, 1, 1]))
    with pytest.raises(RequestError, match="^question: "):
        ask("x" * 601, "even", FixedDice([1, 1, 1]))


def test_the_odds_are_fixed_before_the_dice_fall_and_seed_repeats() -> None:
    first = ask("Is the door open?", "likely", SeededDice(9), 4).to_dict()
    again = ask("Is the door open?", "likely", SeededDice(9), 4).to_dict()
    assert first == again
    assert first["odds"] == {a.value: float(p) for a, p in ask_odds("likely", 4).answers.items()}


@given(st.sampled_from(list(Likelihood)), st.integers(1, 9), st.integers(0, 10**6),
       st.lists(st.text(min_size=1, max_size=20), max_size=3))
def test_every_valid_question_gets_an_answer_its_odds_allowed(level: Likelihood, dread: int,
                                                              seed: int,
                                                              threads: list[str]) -> None:
    result = ask("Is it there?", level, SeededDice(seed), dread, threads=threads)
    assert result.odds.answers[result.answer] > 0
    assert (result.twist is not None) == is_twist(dread, result.dice.tone_die,
                                                  result.dice.omen_die)
    if result.twist is not None and result.twist.focus is not None:
        assert result.twist.focus in threads
