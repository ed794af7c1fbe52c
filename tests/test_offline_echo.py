"""An evening without echoes, whoever the sentence is about: a sentence said of one character
does not come back said of another within the deck's window (names masked), and the held
Ruin Roll and the loss have enough to say for a long evening."""

from __future__ import annotations

import re

from bench.narrative_table import masked, sentences
from oracle.narrator import NarrationContext, OfflineNarrator
from oracle.narrator.beats import BEATS
from oracle.narrator.compose import load

NAMES = ["Ada Quill", "Bryn Ashdown", "Cole Marsh", "Dell Voss"]


def test_the_lost_beat_never_says_the_same_sentence_of_two_characters_in_an_evening() -> None:
    narrator = OfflineNarrator(seed="evening")
    deck = None
    said: list[str] = []
    names = [*NAMES, *(n.split()[0] for n in NAMES), "the chapel"]
    for index in range(12):
        name = NAMES[index % len(NAMES)]
        context = NarrationContext.build(result=BEATS["lost"].example, place="the chapel",
                                         characters=[{"name": name}], party=NAMES, deck=deck)
        told = narrator.narrate("lost", context)
        deck = told.deck
        said += [masked(s, names) for s in sentences(told.text, context.result)
                 if not s.startswith("The roll itself stands:")]  # the settled facts
    assert [s for s in set(said) if said.count(s) > 1] == []


def test_the_echo_check_masks_names() -> None:
    assert masked("Whatever was keeping count inside Ada stops counting.", ["Ada"]) == \
        masked("Whatever was keeping count inside Bryn stops counting.", ["Bryn"])


def test_no_card_says_a_character_is_still_themselves() -> None:
    # "For now, Ada is still Ada." reads as a stammer, and came back at every loss
    for table in ("lost", "ruin_reaction"):
        for _, parts in load(table).slots:
            for _, part in parts:
                assert not re.search(r"\{\{ name \}\} is still \{\{ name \}\}", part.text)


def test_a_held_ruin_roll_and_a_loss_have_twenty_details_or_more() -> None:
    assert len(load("ruin_reaction").options("held")[-1]) >= 20
    assert len(load("lost").options(None)[-1]) >= 15
