"""Weaving the player's intent: every ordinary phrasing reads grammatically after "tries to",
and anything unreadable gets a neutral frame rather than a broken sentence."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.narrator.weave import NEUTRAL, tries, weave

# (what the player typed, the phrase after "tries to", how it was read)
PHRASINGS: list[tuple[str, str, str]] = [
    ("I pick the lock.", "pick the lock", "first"),
    ("I will climb the bell tower.", "climb the bell tower", "first"),
    ("I'll pry open the reliquary", "pry open the reliquary", "first"),
    ("I want to cross the river", "cross the river", "first"),
    ("I try to lure it away from my friends", "lure it away from their friends", "first"),
    ("I'd like to bargain with the ferryman", "bargain with the ferryman", "first"),
    ("I need to find my way out", "find their way out", "first"),
    ("I attempt to disarm the trap", "disarm the trap", "first"),
    ("I search the crypt for my brother's ring", "search the crypt for their brother's ring",
     "first"),
    ("i sneak past the sleeping hound", "sneak past the sleeping hound", "first"),
    ("I'm going to climb the wall", "climb the wall", "going_to"),
    ("I am going to hide under the altar", "hide under the altar", "going_to"),
    ("I'm gonna run for it!", "run for it", "going_to"),
    ("We search the crypt", "search the crypt", "we"),
    ("We're going to barricade the door", "barricade the door", "going_to"),
    ("we try to carry our wounded out", "carry their wounded out", "we"),
    ("Let's follow the tracks", "follow the tracks", "we"),
    ("Let us pray", "pray", "we"),
    ("Can I jump the gap?", "jump the gap", "question"),
    ("can we cross the bridge before it falls?", "cross the bridge before it falls",
     "question"),
    ("Could I talk my way past the guard?", "talk their way past the guard", "question"),
    ("Is it possible to climb down the well?", "climb down the well", "question"),
    ("What if I set fire to the nest?", "set fire to the nest", "question"),
    ("Should we wait for nightfall?", "wait for nightfall", "question"),
    ("How do I open the sarcophagus?", "open the sarcophagus", "question"),
    ("Climb the tower!", "climb the tower", "imperative"),
    ("search the crypt", "search the crypt", "imperative"),
    ("Pick the lock quietly.", "pick the lock quietly", "imperative"),
    ("Try to scare it off", "scare it off", "first"),
    ("To cross the ford", "cross the ford", "first"),
    ("Ash climbs the wall", "climb the wall", "third"),
    ("She searches the body", "search the body", "third"),
    ("He tries to open the gate", "open the gate", "third"),
    ("They run for the trees", "run for the trees", "third"),
    ("Mara Vell will hold the door", "hold the door", "third"),
    ("the crypt", "go for the crypt", "noun"),
    ("The old well", "go for the old well", "noun"),
    ("treasure", "go for treasure", "noun"),
    ("Carefully, I lower myself into the pit", "lower themself into the pit carefully",
     "first"),
    ("I'm climbing the wall", "climb the wall", "progressive"),
    ("We're digging under the stone", "dig under the stone", "progressive"),
    ("I climb the wall. Then I look around.", "climb the wall", "first"),
    ("I will try to wedge the door shut", "wedge the door shut", "first"),
    ("", NEUTRAL, "neutral"),
    ("???", NEUTRAL, "neutral"),
    ("Is the door locked?", NEUTRAL, "neutral"),
    ("I the crypt", NEUTRAL, "neutral"),
    ("Why?", NEUTRAL, "neutral"),
]


@pytest.mark.parametrize("typed,phrase,kind", PHRASINGS, ids=[p[0] or "empty" for p in PHRASINGS])
def test_each_phrasing_weaves_to_its_exact_phrase(typed: str, phrase: str, kind: str) -> None:
    woven = weave(typed, name="Ash")
    assert (woven.phrase, woven.kind) == (phrase, kind)


def test_at_least_forty_phrasings_are_checked() -> None:
    assert len(PHRASINGS) >= 40
    assert {kind for _, _, kind in PHRASINGS} >= {"first", "we", "question", "going_to",
                                                  "imperative", "third", "noun", "neutral"}


def test_tries_reads_as_a_sentence_or_takes_the_neutral_frame() -> None:
    assert tries("Ash", "Can I jump the gap?") == "Ash tries to jump the gap"
    assert tries("Ash", "I'm going to climb the wall") == "Ash tries to climb the wall"
    assert tries("Ash", "we search the crypt") == "Ash tries to search the crypt"
    assert tries("Ash", "Is the door locked?") == "Ash makes the attempt"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_no_phrasing_leaves_an_opener_behind(text: str) -> None:
    """Whatever is typed, the phrase never starts with a pronoun, modal or question word."""
    phrase = weave(text).phrase
    first = phrase.split(" ", 1)[0].lower()
    assert first not in {"i", "i'm", "we", "can", "could", "to", "let's", "is", "are", "am",
                         "should", "what", "how", "gonna", "going"}
    assert phrase.strip() == phrase and phrase
