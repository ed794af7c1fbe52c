"""Twists and scenes: their own exact odds, our word tables, threads that come back."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from oracle.dice import FixedDice, SeededDice
from oracle.errors import RequestError
from oracle.solo import SceneFate, TwistKind, draw_twist, kind_odds, new_scene, scene_odds
from oracle.solo.scenes import scene_fate
from oracle.solo.twists import KINDS, Tone, actions, subjects, tone_odds


def test_meaning_tables_hold_at_least_100_distinct_words_each() -> None:
    for words in (actions(), subjects()):
        assert len(words) >= 100
        assert len(set(words)) == len(words)
        assert all(w.strip() == w and w for w in words)


def test_kind_odds_cover_every_kind_and_sum_to_one() -> None:
    odds = kind_odds()
    assert sum(odds.values()) == 1
    assert all(p > 0 for p in odds.values())
    assert odds[TwistKind.NEW_DANGER] == Fraction(1, 10)
    assert set(KINDS) == set(range(1, 21))


def test_the_event_focus_has_ten_kinds_or_more_of_every_tone() -> None:
    assert len(TwistKind) >= 10
    assert tone_odds() == {Tone.POSITIVE: Fraction(1, 4), Tone.NEGATIVE: Fraction(1, 4),
                           Tone.NEUTRAL: Fraction(1, 2)}
    for kind in (TwistKind.THREAD_ADVANCES, TwistKind.THREAD_CLOSES, TwistKind.CHARACTER_ACTS,
                 TwistKind.ELSEWHERE, TwistKind.STRANGER):
        assert kind_odds()[kind] > 0


def test_a_thread_twist_brings_back_one_of_the_threads() -> None:
    # kind face 6 = a thread advances; the thread die picks the second; then the meaning pair
    twist = draw_twist(FixedDice([6, 2, 1, 1]), threads=["the sister", "the debt"])
    assert twist.kind is TwistKind.THREAD_ADVANCES
    assert twist.focus == "the debt" and not twist.new
    assert (twist.action, twist.subject) == (actions()[0], subjects()[0])
    assert twist.to_dict()["tone"] == "positive"


def test_with_no_characters_a_returning_character_is_a_new_one() -> None:
    twist = draw_twist(FixedDice([14, 1, 1]), threads=["the debt"])
    assert twist.kind is TwistKind.CHARACTER_RETURNS
    assert twist.focus is None and twist.new
    assert twist.to_dict()["meaning"] == {"action": actions()[0], "subject": subjects()[0]}


def test_a_thread_closes_only_an_open_thread_and_never_opens_one() -> None:
    closing = draw_twist(FixedDice([11, 1, 1, 1]), threads=["the debt"])
    assert closing.kind is TwistKind.THREAD_CLOSES and closing.focus == "the debt"
    nothing = draw_twist(FixedDice([11, 1, 1]))
    assert nothing.kind is TwistKind.THREAD_CLOSES and nothing.focus is None and not nothing.new


def test_seeded_twist_kinds_follow_their_odds() -> None:
    dice = SeededDice("kinds")
    n = 5000
    seen = Counter(draw_twist(dice).kind for _ in range(n))
    chi2 = sum((seen[k] - n * float(p)) ** 2 / (n * float(p)) for k, p in kind_odds().items())
    assert chi2 < 39.3  # 15 degrees of freedom: p < 0.0005


@pytest.mark.parametrize("dread", range(1, 10))
def test_scene_odds_equal_the_hundred_throws(dread: int) -> None:
    counts = Counter(scene_fate(dread, a + b) for a in range(1, 11) for b in range(1, 11))
    odds = scene_odds(dread)
    assert odds == {f: Fraction(counts[f], 100) for f in SceneFate}
    assert sum(odds.values()) == 1


def test_scenes_grow_worse_with_dread() -> None:
    kept = [scene_odds(d)[SceneFate.KEPT] for d in range(1, 10)]
    interrupted = [scene_odds(d)[SceneFate.INTERRUPTED] for d in range(1, 10)]
    assert kept == sorted(kept, reverse=True) and interrupted == sorted(interrupted)
    assert interrupted[0] == 0 and scene_odds(9)[SceneFate.INTERRUPTED] == Fraction(36, 100)


def test_only_an_interrupted_scene_draws_a_twist() -> None:
    assert new_scene("we reach the mill", 5, FixedDice([2, 3, 1, 1, 1])).fate is \
        SceneFate.INTERRUPTED
    assert new_scene("we reach the mill", 5, FixedDice([2, 3, 1, 1, 1])).twist is not None
    altered = new_scene("we reach the mill", 5, FixedDice([4, 4]))
    assert altered.fate is SceneFate.ALTERED and altered.twist is None
    kept = new_scene("we reach the mill", 5, FixedDice([6, 5]))
    assert kept.fate is SceneFate.KEPT and kept.twist is None
    assert kept.to_dict()["odds"]["kept"] == float(scene_odds(5)[SceneFate.KEPT])


def test_seeded_scene_frequencies_match() -> None:
    dice = SeededDice("scenes")
    n = 4000
    seen = Counter(new_scene("x", 7, dice).fate for _ in range(n))
    odds = scene_odds(7)
    chi2 = sum((seen[f] - n * float(p)) ** 2 / (n * float(p)) for f, p in odds.items())
    assert chi2 < 13.8  # 2 degrees of freedom: p < 0.001


def test_a_scene_needs_an_expectation() -> None:
    with pytest.raises(RequestError, match="^expected: "):
        new_scene("  ", 5, FixedDice([1, 1]))


def test_a_twist_in_words_says_whether_it_helps_or_harms() -> None:
    from oracle.journal.render import twist_words

    twist = draw_twist(FixedDice([3, 1, 1, 1]), threads=["the debt"])
    assert twist.kind is TwistKind.THREAD_TURNS
    words = twist_words(twist.to_dict())
    assert words == (f"a thread turns against you (the debt): {actions()[0]} · {subjects()[0]}"
                     " (negative)")
    old = {k: v for k, v in twist.to_dict().items() if k != "tone"}  # journalled before the tone
    assert "(negative)" not in twist_words(old)
