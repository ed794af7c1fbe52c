"""The player's words are never conjugated: every intent and every question, however it is
typed, comes back quoted whole (or framed by a sentence that takes any clause), and a noun from
it is reused only when the campaign knows it by name.

The phrasings and questions are generated from varied templates (persons, tenses, negations,
questions, capitals, quotes, other languages, emoji, very long text) plus hand-written oddities;
:func:`broken` is the checker, and it catches the broken forms the evaluation found."""

from __future__ import annotations

import importlib.util
import io
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.cli import main
from oracle.narrator import NarrationContext, OfflineNarrator
from oracle.narrator.weave import clean, known_subject, place_like, quoted


def _bench_words() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "bench" / "narrative_words.py"
    spec = importlib.util.spec_from_file_location("bench_narrative_words", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


WORDS = _bench_words()
phrasings: Callable[[], list[str]] = WORDS.phrasings
questions: Callable[[], list[str]] = WORDS.questions
_broken: Callable[[str, str, list[str]], str | None] = WORDS.broken
_kept: Callable[[str, str], bool] = WORDS.kept_whole
PLACE, MONSTER, CAST = "the flooded nave", "the Antlered Man", ["the hermit", "the ferryman", "Bryn"]
KNOWN_NAMES = [PLACE, MONSTER, "Mara Vell", *CAST]


def broken(text: str, typed: str, known: list[str]) -> str | None:
    """The bench's checker, plus: the player's words quoted whole (as :func:`clean` keeps them)."""
    words = clean(typed)
    if words and words not in text:
        return "the player's words are not quoted whole"
    return _broken(text, typed, known)


def test_the_checker_catches_the_broken_forms_the_issue_lists() -> None:
    known = ["the flooded nave"]
    assert broken("The attempt to don't open the door works.", "don't open the door", known)
    assert broken("Yes. To read into it: the hermit betray.", "Does the hermit betray us?",
                  known)
    assert broken("Yes. But clear is damaged.", "Is the bridge clear?", known)
    assert broken("Mara tries to I pick the lock.", "I pick the lock", known)
    assert broken("The fight comes to I pry open the reliquary... all at once.",
                  "I pry open the reliquary...", known)
    assert broken("Mara says \u201cI run.", "I run", known)
    assert broken("Mara tries to OPEN THE DOOR.", "OPEN THE DOOR", known)
    assert broken("Mara tries to go for j'ouvre la porte.", "j'ouvre la porte", known)
    assert broken("\u201cI run.\u201d It works.", "I run away", known)  # not quoted whole
    assert broken("\u201cI pick the lock.\u201d It works.", "I pick the lock", known) is None


def test_phrasings_and_questions_are_many_and_varied() -> None:
    assert len(phrasings()) >= 100 and len(questions()) >= 200
    assert any(len(p) >= 500 for p in phrasings())


INTENT_BEATS: list[tuple[str, dict[str, Any]]] = [
    ("outcome", {"roll": "risk", "outcome": "failure"}),
    ("outcome", {"roll": "risk", "outcome": "complication"}),
    ("outcome", {"roll": "risk", "outcome": "success"}),
    ("wrong", {"roll": "risk"}),
    ("reduction", {"roll": "reduction", "ruin_before": 5, "ruin_after": 4, "noticed": False}),
    ("ruin", {"roll": "ruin", "ruin_before": 3, "ruin_after": 4, "ruin_marked": True}),
    ("lost", {"roll": "ruin", "lost": True, "ruin_before": 5, "ruin_after": 6}),
]


def test_every_phrasing_reads_right_in_every_beat_that_voices_it() -> None:
    narrator = OfflineNarrator(seed="phrasings")
    known = KNOWN_NAMES
    failures = []
    for typed in phrasings():
        for beat, result in INTENT_BEATS:
            context = NarrationContext.build(
                result=result, characters=[{"name": "Mara Vell"}], intent=typed,
                place=PLACE, monster=MONSTER, cast=CAST, n=2)
            text = narrator.narrate(beat, context).text
            why = broken(text, typed, known)
            if why:
                failures.append((typed[:60], beat, why, text[:200]))
    assert failures == []


@pytest.mark.parametrize("beat", ["oracle", "answer"])
def test_every_question_is_answered_as_asked(beat: str) -> None:
    narrator = OfflineNarrator(seed=f"questions-{beat}")
    known = KNOWN_NAMES
    failures = []
    for typed in questions():
        result = {"roll": "oracle", "answer": "yes, but"} if beat == "oracle" else {}
        context = NarrationContext.build(
            result=result, characters=[{"name": "Mara Vell"}], question=typed,
            place=PLACE, monster=MONSTER, cast=CAST, n=2)
        text = narrator.narrate(beat, context).text
        why = broken(text, typed, known)
        if why:
            failures.append((typed[:60], why, text[:200]))
    assert failures == []


def test_a_known_noun_is_reused_in_the_campaigns_own_words_and_nothing_else_is() -> None:
    known = ["the Antlered Man", "The flooded nave", "Bryn"]
    assert known_subject("is the antlered man near?", known) == "the Antlered Man"
    assert known_subject("Is THE FLOODED NAVE dry?", known) == "the flooded nave"
    assert known_subject("Does Bryn lie?", known) == "Bryn"
    assert known_subject("Does the hermit betray us?", known) is None
    assert known_subject("Is the bridge clear?", known) is None
    text = OfflineNarrator(seed=1).narrate("oracle", NarrationContext.build(
        result={"roll": "oracle", "answer": "yes, but"}, question="Does the hermit betray us?",
        cast=["the ferryman"])).text
    assert "the hermit betray" not in text.replace("\u201cDoes the hermit betray us?\u201d", "")


@pytest.mark.parametrize("typed,expected", [
    ("I pick the lock", "\u201cI pick the lock.\u201d"),
    ("Can I jump the gap?", "\u201cCan I jump the gap?\u201d"),
    ("CLIMB!!", "\u201cCLIMB!!\u201d"),
    ('I say "run', "\u201cI say run.\u201d"),
    ('I shout "who goes there?"', "\u201cI shout \u2018who goes there?\u2019\u201d"),
    ("  I   pick\n the lock ", "\u201cI pick the lock.\u201d"),
    ("\U0001f525", "\u201c\U0001f525\u201d"),
    ("", ""), ("   ", ""),
])
def test_quoted_keeps_the_words_and_closes_the_quotation(typed: str, expected: str) -> None:
    assert quoted(typed) == expected


def test_a_very_long_intent_is_cut_at_a_word() -> None:
    said = quoted("I climb " + "higher and " * 80)
    assert len(said) <= 210 and said.endswith("...\u201d") and "  " not in said


@pytest.mark.parametrize("text,place", [
    ("the flooded nave", True), ("Greywater Ford", True), ("The Hall of Bones", True),
    ("the old well", True), ("I pry open the reliquary...", False), ("the door opens", False),
    ("climb the tower", False), ("we hide", False), ("Is it safe?", False), ("", False),
])
def test_only_a_plain_noun_phrase_is_taken_for_a_place(text: str, place: bool) -> None:
    assert place_like(text) is place


def test_inspire_never_splices_a_clause_in_as_the_place() -> None:
    """m17: "The fight comes to I pry open the reliquary... all at once." """
    for beat in ("monster", "encounter"):
        for seed in range(12):
            out = io.StringIO()
            main(["inspire", beat, "--context", "I pry open the reliquary...", "--seed",
                  str(seed)], out=out)
            text = out.getvalue()
            assert broken(text, "I pry open the reliquary...", []) is None, text
            assert "comes to I" not in text


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_any_text_comes_back_quoted_whole_or_not_at_all(text: str) -> None:
    said = quoted(text)
    assert said == "" or (said.startswith("\u201c") and said.endswith("\u201d")
                          and said.count("\u201c") == 1 == said.count("\u201d"))
    assert clean(text) in said
