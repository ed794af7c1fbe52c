"""Streaming by sentence: each sentence is shown once complete and passed by the referee; a
later sentence that fails withdraws what was shown (a Restart), the model is asked once more,
then the offline narrator stands in; the narration is journalled once, as the final text.

Over real HTTP: the real anthropic SDK against the fake Messages API (tests/fake_claude.py).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.narrator import NarrationContext, get_narrator
from oracle.narrator.claude import ClaudeNarrator
from oracle.narrator.streaming import Restart, Sentences, joined, split
from tests.fake_claude import Act, FakeClaude

FAILURE = {"roll": "risk", "highest": 2, "highest_is_dark": False, "outcome": "failure",
           "ruin_before": 2, "ruin_after": 2, "ruin_marked": False, "lost": False,
           "can_push": True, "helpers": [], "dies": False}


@pytest.mark.parametrize("pieces,sentences,rest", [
    (["The lock", " holds.", " The pick", " snaps."], ["The lock holds."], " The pick snaps."),
    (["It stops.", "\u201d She"], ["It stops.\u201d"], " She"),
    (["It stops.\u201d", " She"], ["It stops.\u201d"], " She"),
    (["Mr. Grey waits.", " Then"], ["Mr. Grey waits."], " Then"),
    (["Wait\u2026 ", "no."], ["Wait\u2026"], " no."),
    (["NO, BUT. The", " hermit"], ["NO, BUT."], " The hermit"),
])
def test_a_sentence_is_handed_out_once_its_mark_is_followed_by_a_space(
    pieces: list[str], sentences: list[str], rest: str
) -> None:
    cut = Sentences()
    found = [s for piece in pieces for s in cut.feed(piece)]
    assert found == sentences
    assert cut.finish() == rest


@given(st.lists(st.sampled_from(["The", " lock", " holds.", " It", "!", " ", "\n", "\u2026",
                                 "?\u201d", " A", " rope"]), max_size=30))
def test_the_sentences_joined_are_always_exactly_the_streamed_text(pieces: list[str]) -> None:
    cut = Sentences()
    out = [s for piece in pieces for s in cut.feed(piece)]
    assert "".join(out) + cut.finish() == "".join(pieces)
    assert "".join(split("".join(pieces))) == "".join(pieces)


def test_a_restart_replaces_what_a_listener_shows() -> None:
    shown = joined(joined("", "The lock holds."), " The pick snaps.")
    assert shown == "The lock holds. The pick snaps."
    assert joined(shown, Restart("")) == ""
    assert joined(shown, Restart("A bell rings.")) == "A bell rings."


@pytest.fixture
def fake() -> Iterator[FakeClaude]:
    with FakeClaude(tokens_per_second=40) as server:
        yield server


def claude(fake: FakeClaude) -> ClaudeNarrator:
    narrator = get_narrator(env={"ANTHROPIC_BASE_URL": fake.url, "ORACLE_NARRATOR_TIMEOUT": "20",
                                 "ORACLE_NARRATOR_COOLDOWN": "0"}, api_key="sk-ant-stream")
    assert isinstance(narrator, ClaudeNarrator)
    return narrator


def context(result: dict[str, Any] = FAILURE, **kw: Any) -> NarrationContext:
    return NarrationContext.build(result=result, characters=[{"name": "Ash Varga"}], **kw)


GOOD = ("The lock holds. The pick snaps inside it with a small bright sound, and the pieces fall "
        "into the dark between the stones. Behind the door, something that was sleeping stops "
        "breathing to listen. Wax drips from the lintel onto your wrist, warm as a hand.")


def test_the_first_sentence_is_shown_long_before_the_reply_ends(fake: FakeClaude) -> None:
    narrator = claude(fake)
    fake.queue(Act(text="A bell rings."), Act(text=GOOD))
    narrator.narrate("outcome", context())  # the SDK imported and the client made: warm
    times: list[float] = []
    pieces: list[str] = []

    def on_text(piece: str) -> None:
        times.append(time.monotonic())
        pieces.append(piece)

    start = time.monotonic()
    result = narrator.narrate("outcome", context(), on_text)
    end = time.monotonic()
    assert (result.narrator, result.text) == ("claude", GOOD)
    assert pieces[0] == "The lock holds." and "".join(pieces) == GOOD
    assert not any(isinstance(piece, Restart) for piece in pieces)
    assert times[0] - start < 0.4 * (end - start)  # first text before 40% of the reply


def test_a_later_sentence_that_fails_withdraws_the_text_and_the_retry_replaces_it(
    fake: FakeClaude
) -> None:
    bad = "The lock holds. Ash breathes her last on the cold stones of the chapel floor."
    fake.queue(Act(text=bad), Act(text=GOOD))
    pieces: list[str] = []
    result = claude(fake).narrate("outcome", context(), pieces.append)
    assert (result.narrator, result.text) == ("claude", GOOD)
    assert pieces[0] == "The lock holds."  # shown: it passed
    assert "breathes" not in "".join(pieces)  # never shown
    assert pieces[1] == Restart("") and isinstance(pieces[1], Restart)
    shown = ""
    for piece in pieces:
        shown = joined(shown, piece)
    assert shown == GOOD
    retry = fake.requests[1].body["messages"][-1]["content"]
    assert "breathes her last" in retry


def test_two_failing_replies_end_in_the_offline_text_replacing_all_shown(
    fake: FakeClaude
) -> None:
    bad = "The lock holds. It works after all, and the door swings wide."
    fake.queue(Act(text=bad), Act(text=bad))
    pieces: list[str] = []
    result = claude(fake).narrate("outcome", context(), pieces.append)
    assert result.narrator == "offline"
    assert result.fallback_reason == ("the referee rejected Claude's text twice: it says 'works' "
                                      "on a failure")
    shown = ""
    for piece in pieces:
        shown = joined(shown, piece)
    assert shown == result.text and isinstance(pieces[-1], Restart)


def test_a_reply_cut_at_max_tokens_is_never_left_standing(fake: FakeClaude) -> None:
    fake.queue(Act(text="The lock holds. The pick", stop_reason="max_tokens"), Act(text=GOOD))
    pieces: list[str] = []
    result = claude(fake).narrate("outcome", context(), pieces.append)
    assert (result.narrator, result.text) == ("claude", GOOD)
    assert "cut off at max_tokens" in fake.requests[1].body["messages"][-1]["content"]


def test_a_stream_cut_after_a_shown_sentence_is_withdrawn_before_the_retry_shows_its_own(
    fake: FakeClaude
) -> None:
    fake.queue(Act(text="The lock holds. The pick snaps and the door", cut_after=5),
               Act(text=GOOD))
    pieces: list[str] = []
    result = claude(fake).narrate("outcome", context(), pieces.append)
    assert (result.narrator, result.text) == ("claude", GOOD)
    shown = ""
    for piece in pieces:
        shown = joined(shown, piece)
    assert shown == GOOD  # not "The lock holds." twice
    assert pieces[:3] == ["The lock holds.", "", "The lock holds."]
    assert isinstance(pieces[1], Restart)  # the cut attempt's sentence, withdrawn


@pytest.mark.parametrize("text,clause", [
    ("The pick skids off the ward and", ""),  # "and" may still be "android"
    ("Far off, something heavy moves, then", "Far off, something heavy moves,"),
    ("The Moss-Wife comes apart in wet clumps that slide", "The Moss-Wife comes apart in wet clumps"),
    ("The lock holds, and", "The lock holds,"),
    ("It holds, and", ""),  # two words: too short a clause to show alone
    ("The pick skids off the ward and ", "The pick skids off the ward"),
    ("The pick skids off the ward and the", "The pick skids off the ward"),
    ("A long sentence nobody breaks yet", ""),
])
def test_a_clause_is_offered_at_its_boundary_once_it_holds_three_words(
    text: str, clause: str
) -> None:
    cut = Sentences()
    assert cut.feed(text) == []
    assert cut.clause() == clause


LONG_FIRST = ("The pick skids off the ward, catches, and skids again, and the lock keeps its "
              "secret in the dark between the stones. Water drips. The reliquary waits.")


def test_a_long_first_sentence_shows_a_clause_that_passes_before_it_is_complete(
    fake: FakeClaude
) -> None:
    fake.queue(Act(text=LONG_FIRST))
    pieces: list[str] = []
    result = claude(fake).narrate("outcome", context(), pieces.append)
    assert (result.narrator, result.text) == ("claude", LONG_FIRST)
    assert pieces[0] == "The pick skids off the ward,"  # shown before the sentence ends
    assert "".join(pieces) == LONG_FIRST
    assert not any(isinstance(piece, Restart) for piece in pieces)


def test_a_clause_that_fails_on_its_own_is_never_shown_and_its_sentence_is_rejected(
    fake: FakeClaude
) -> None:
    bad = "It works after all, and the door swings wide onto the dark nave beyond."
    fake.queue(Act(text=bad), Act(text=GOOD))
    pieces: list[str] = []
    result = claude(fake).narrate("outcome", context(), pieces.append)
    assert (result.narrator, result.text) == ("claude", GOOD)
    assert "works" not in "".join(p for p in pieces)  # the failing clause never reached anyone
    assert "".join(pieces) == GOOD


def test_a_clause_shown_whose_sentence_then_fails_is_withdrawn(fake: FakeClaude) -> None:
    bad = "The lock holds against the pick, and Ash breathes her last on the stones."
    fake.queue(Act(text=bad), Act(text=GOOD))
    pieces: list[str] = []
    result = claude(fake).narrate("outcome", context(), pieces.append)
    assert (result.narrator, result.text) == ("claude", GOOD)
    assert pieces[0] == "The lock holds against the pick,"  # it passed on its own
    assert isinstance(pieces[1], Restart) and pieces[1] == ""
    shown = ""
    for piece in pieces:
        shown = joined(shown, piece)
    assert shown == GOOD


KILLS = {**FAILURE, "highest": 6, "outcome": "success", "dies": True, "can_push": False}


def _shown(pieces: list[str]) -> str:
    shown = ""
    for piece in pieces:
        shown = joined(shown, piece)
    return shown


def test_a_later_sentence_is_shown_whole_never_a_clause_of_it_alone(fake: FakeClaude) -> None:
    bad = ("The lock holds. The pick bends against the last ward of the old lock, and Ash "
           "breathes her last.")
    fake.queue(Act(text=bad), Act(text=GOOD))
    pieces: list[str] = []
    result = claude(fake).narrate("outcome", context(), pieces.append)
    assert (result.narrator, _shown(pieces)) == ("claude", GOOD)
    assert "last ward" not in "".join(pieces)  # its clause passed alone, but never showed


def test_what_follows_the_first_words_waits_while_a_settled_death_is_untold(
    fake: FakeClaude
) -> None:
    untold = ("The blade goes into the beast's throat to the hilt. Ash stands over it, "
              "breathing hard, the forest quiet again.")
    fake.queue(Act(text=untold), Act(text=untold))
    pieces: list[str] = []
    result = claude(fake).narrate("outcome", context(result=KILLS), pieces.append)
    assert result.narrator == "offline" and "leaves out the death" in str(result.fallback_reason)
    assert "breathing hard" not in "".join(pieces)  # held back, then never shown
    assert _shown(pieces) == result.text


def test_once_the_settled_death_is_told_the_held_sentences_follow(fake: FakeClaude) -> None:
    told = ("The blade goes into the beast's throat to the hilt. Its antlers come down with it. "
            "Ash dies under them in the ferns. The forest goes quiet.")
    fake.queue(Act(text=told))
    pieces: list[str] = []
    result = claude(fake).narrate("outcome", context(result=KILLS), pieces.append)
    assert (result.narrator, _shown(pieces)) == ("claude", told)
    assert told.startswith(pieces[0]) and len(pieces) > 1  # the first words, then the rest
    assert not any(isinstance(piece, Restart) for piece in pieces)
