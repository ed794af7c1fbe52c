"""Feelings, choices and safety read by class, each with look-alikes that pass: letting oneself
feel, losing one's nerve, an emotion as the manner of an act, a feeling felt a few words on,
planning; a realisation (a perception), the words of a spell and what someone said or hoped in a
clause are not choices; lines and veils by their families (a broken bone, suffocation, blood on
cloth, a body stretched wrong, small furred bodies, a person as food), a line's words in every
form.
"""

from __future__ import annotations

import pytest

from oracle.narrator import NarrationContext
from oracle.narrator.base import Safety
from oracle.narrator.referee import check
from tests.test_referee_grounds import CHECK, ctx


@pytest.mark.parametrize("text", [
    "Ilka lets herself believe, just for a moment, that the ledge will hold.",
    "Loathing every step, Ilka climbs on.",
    "Ilka, losing her temper, kicks the stone loose.",
    "Ilka feels a slow, bitter flood of shame as the stone comes free.",
    "Ilka finds the stone, already plotting how to sell it twice.",
])
def test_a_feeling_or_choice_in_other_words_is_the_players(text: str) -> None:
    assert check("outcome", ctx(CHECK), text) is not None, text


@pytest.mark.parametrize("text", [
    "Ilka realises the loose stone is warm, as if a hand had just left it.",
    "Ilka says the words of the charm, and the loose stone rolls free.",
    "The stone is exactly where the carter said it would be, and just as loose as Ilka hoped.",
    "The clerk lets himself smile as Ilka finds the loose stone.",
])
def test_a_perception_a_spell_and_a_clause_of_what_was_said_pass(text: str) -> None:
    assert check("outcome", ctx(CHECK), text) is None, text


def safe(line: str) -> NarrationContext:
    return NarrationContext.build(result=CHECK, system="die_trying",
                                  characters=[{"name": "Ilka"}],
                                  safety=Safety(lines=(line,)))


@pytest.mark.parametrize("line,text", [
    ("broken bones", "The beam comes down across Ilka's shin, and the bone goes like a stick."),
    ("broken bones", "Ilka finds the stone, and cracks two ribs on the way down."),
    ("suffocation", "Dust fills Ilka's mouth and nose until she cannot take a single breath."),
    ("blood", "Her sleeve darkens and drips where the stone caught her."),
    ("body horror", "The statue's mouth unhinges and keeps opening."),
    ("rats", "Small brown bodies pour out of the wall at her feet."),
    ("cannibalism", "In the hut, the old woman's stew has a child's fingers in it."),
])
def test_a_line_is_kept_out_by_its_family_of_meaning(line: str, text: str) -> None:
    reason = check("outcome", safe(line), text)
    assert reason is not None and ("line" in reason or "safety" in reason), (text, reason)


@pytest.mark.parametrize("line,text", [
    ("broken bones", "Ilka finds the loose stone; a dry stick snaps under her boot."),
    ("suffocation", "Ilka takes a long breath and finds the loose stone."),
    ("blood", "Rain darkens the stones as Ilka finds the loose one."),
    ("rats", "Ilka finds the loose stone behind a heap of small brown jars."),
    ("cannibalism", "Ilka finds the loose stone and eats her bread beside it."),
])
def test_look_alikes_of_a_line_pass(line: str, text: str) -> None:
    assert check("outcome", safe(line), text) is None, text
