"""Beings read by class (oracle/narrator/beings.py, an inventory of every noun whose first sense
is a person, an animal or a spirit): a being the story does not hold stands as another foe when
it is a monster of folklore or a beast of prey, or when any other being fights; with no foe in
the story, a monster of folklore brought in is one. Each class with look-alikes that pass: the
small life of a scene, a compound ("the cuckoo clocks"), a possessive ("the Devil's Bargain"),
a being the story named anywhere (a hide's watchers).
"""

from __future__ import annotations

import pytest

from oracle.narrator.beings import as_noun, classes, is_being
from oracle.narrator.meaning import tokens
from oracle.narrator.referee import check
from tests.test_referee_grounds import CHECK, FIGHT, ctx

HIDE = {"roll": "hide", "system": "die_trying", "d10": 8, "modifier": 1, "total": 9,
        "watchers": [{"name": "the lamp-wight", "dc": 4, "degree": "success", "hidden": True}]}


@pytest.mark.parametrize("word,kind", [
    ("wolves", "beast"), ("Kobold's", "monster"), ("bell-ringers", "person"),
    ("constable", "person"), ("badgers", "animal"), ("otters", "animal"), ("voles", "rodent"),
    ("tarantula", "arachnid"), ("adders", "snake"), ("kingfisher", "bird"),
    ("orphans", "child"), ("gargoyle", "monster"),
])
def test_a_being_is_known_by_its_class_in_any_form(word: str, kind: str) -> None:
    assert kind in classes(word)


@pytest.mark.parametrize("word", ["stones", "dry", "steady", "lantern", "white", "have",
                                  "bark", "thing", "shadow"])
def test_words_that_name_no_being(word: str) -> None:
    assert not is_being(word)


def test_a_being_word_is_a_noun_only_where_it_stands_as_one() -> None:
    words = tokens("The old guard nods; they guard the bridge.")
    assert as_noun(words, 2) and not as_noun(words, 6)


@pytest.mark.parametrize("text", [
    "A badger comes out of the bracken and sinks its teeth into Ilka's boot.",
    "Ilka's blade goes wide of the marsh heron, which flaps off squawking.",
    "The Salt Chandler's hook catches Ilka under the arm.",
    "The kobold on the beam drops onto Ilka's shoulders.",
    "A manticore pads out of the reeds as Ilka strikes.",
    "Ilka's axe bites into the stoat, and it shrieks.",
])
def test_another_being_that_fights_is_another_foe(text: str) -> None:
    reason = check("outcome", ctx(FIGHT, monster="the Reed Mother"), text)
    assert reason is not None and "story" in reason, (text, reason)


@pytest.mark.parametrize("text", [
    "Crows lift from the rafters as the Reed Mother wades on.",
    "The cuckoo clocks along the wall strike as the Reed Mother comes on.",
    "A shepherd's crook leans by the door; the Reed Mother does not slow.",
    "The Devil's Bargain comes due, and the Reed Mother wades on.",
    "The man who came in here is not the one who will leave; the Reed Mother waits.",
    "Ilka strikes, and the Reed Mother shrugs it off like a heron shaking rain.",
])
def test_the_small_life_of_a_scene_and_words_of_beings_that_are_not_there_pass(
        text: str) -> None:
    assert check("outcome", ctx(FIGHT, monster="the Reed Mother"), text) is None


@pytest.mark.parametrize("text", [
    "The goblin in the rafters watches Ilka find the loose stone.",
    "Ilka finds the loose stone while a wraith drifts along the far wall.",
])
def test_a_monster_of_folklore_the_story_lacks_is_another_foe_when_there_is_none(
        text: str) -> None:
    assert check("outcome", ctx(CHECK), text) is not None


@pytest.mark.parametrize("text", [
    "Ilka finds the loose stone under a saint in the window.",
    "Ilka finds the loose stone; the giant face on the cliff looks on.",
    "The lamp-wight's lantern swings past, and Ilka stays a shadow among the sacks.",
])
def test_likenesses_and_the_beings_the_result_names_pass(text: str) -> None:
    result = HIDE if "lamp-wight" in text else CHECK
    assert check("outcome", ctx(result), text) is None
