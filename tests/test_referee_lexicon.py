"""The referee's lexicon and its readings by class: a verb in all its forms, phrases built from
families, the kind of attempt read from the player's words, and one meaning said in several
ways, each caught; the same words said of something else, each passed.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.narrator import NarrationContext
from oracle.narrator.lexicon import forms, kin, phrases, rx
from oracle.narrator.outcomes import families_of
from oracle.narrator.referee import check

FAILURE = {"roll": "risk", "highest": 2, "highest_is_dark": False, "outcome": "failure",
           "ruin_before": 2, "ruin_after": 2, "ruin_marked": False, "lost": False,
           "can_push": True, "helpers": [], "dies": False}
SUCCESS = {**FAILURE, "highest": 6, "outcome": "success", "can_push": False}
STANDS = {"roll": "combat", "roll_required": True, "total": 6, "defeated": False,
          "endurance": 9, "characters": [{"name": "Ash", "ruin_before": 2, "ruin_after": 3,
                                          "matches": 1, "armor_used": False, "lost": False}]}


@pytest.mark.parametrize("base,some", [
    ("give", {"gives", "gave", "given", "giving"}), ("grip", {"gripped", "gripping"}),
    ("die", {"dies", "died", "dying"}), ("cry", {"cries", "cried", "crying"}),
    ("be", {"is", "are", "was", "were"}), ("shatter", {"shatters", "shattered"}),
])
def test_a_verb_comes_in_all_its_forms(base: str, some: set[str]) -> None:
    assert some <= set(forms(base))


def test_a_phrase_takes_a_family_an_either_word_and_an_optional_word() -> None:
    pattern = rx(phrases("~haul/~pull yourself up? onto/over; there it is"))
    for text in ("you haul yourself onto the ledge", "she pulled yourself up over",
                 "There it is."):
        assert pattern.search(text), text
    assert not pattern.search("you haul the rope over")


def test_a_word_has_kin_of_the_same_meaning() -> None:
    assert {"chart", "map"} <= kin("map") and "gone" in kin("lose") and kin("xyz") == {"xyz"}


@pytest.mark.parametrize("intent,family", [
    ("pick the lock", "open"), ("pry open the iron grate", "open"), ("open the vault", "open"),
    ("try to climb the wall", "reach"), ("jump the gap", "reach"),
    ("find the hidden path", "find"), ("persuade the burners to let me pass", "persuade"),
    ("hide in the reeds", "sneak"), ("decipher the inscription", "know"),
])
def test_the_kind_of_attempt_is_read_from_its_verb_not_its_nouns(intent: str,
                                                                  family: str) -> None:
    assert [f.name for f in families_of(intent)] == [family]


def ctx(result: dict[str, Any], **kw: Any) -> NarrationContext:
    return NarrationContext.build(result=result, characters=[{"name": "Ash Varga"}], **kw)


@pytest.mark.parametrize("result,intent,text", [
    (FAILURE, "pry open the grate", "The grate screeches out of its frame and falls aside."),
    (FAILURE, "jump the gap", "You land hard on the far tiles, safe."),
    (FAILURE, "find the path", "There it is, right where the map said."),
    (FAILURE, "bribe the guard", "The guard pockets the coin and waves you through."),
    (FAILURE, "sneak past the hounds", "The hounds sleep on, unseen by you and unseeing."),
    (SUCCESS, "read the runes", "The runes swim and blur; the meaning stays locked away."),
    (SUCCESS, "force the door", "The door will not budge an inch."),
    (SUCCESS, "track the stag", "The trail thins to nothing and you lose it."),
])
def test_the_other_outcome_is_caught_in_the_words_of_its_kind(
    result: dict[str, Any], intent: str, text: str
) -> None:
    assert check("outcome", ctx(result, intent=intent), text) is not None


@pytest.mark.parametrize("result,intent,text", [
    (FAILURE, "climb the rope", "The rope gives a little, then a lot, and you are down again."),
    (FAILURE, "find the path", "The light lands exactly where it should not."),
    (FAILURE, "find the path", "The daylight is failing and the bog gives up none of its paths."),
    (SUCCESS, "force the lid", "The lid lifts an inch and sticks, then gives all at once."),
    (FAILURE, "pick the lock", "The pick snaps off in the lock."),
])
def test_the_same_words_said_of_something_else_pass(
    result: dict[str, Any], intent: str, text: str
) -> None:
    assert check("outcome", ctx(result, intent=intent), text) is None


@pytest.mark.parametrize("text", [
    "Ash's heart gives one last stutter and then nothing at all.",
    "Nothing of her comes back to the surface.",
    "Ash tumbles from the ledge, and that is the last anyone sees of her.",
    "The beam comes down across your chest, and you do not come out from under it.",
    "Your last breath leaves you in a thin white plume.",
    "The forest has you now.",
    "Ash lets the roots take her, and by morning she is only bark.",
])
def test_an_end_the_result_does_not_settle_is_caught_in_other_words(text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent="cross the ice"), text) is not None


@pytest.mark.parametrize("text", [
    "Your candle gutters and dies.", "The last of the light goes.",
    "The end of the rope frays.", "The fire has gone out, and the hearth is cold.",
])
def test_an_end_of_a_thing_is_not_a_death(text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent="cross the ice"), text) is None


@pytest.mark.parametrize("text,caught", [
    ("A fierce gladness rises in Ash's chest.", True),
    ("Furious, Ash kicks the hinge.", True),
    ("Tears run down your face.", True),
    ("Ash, trembling with excitement, drags the chest out.", True),
    ("Your heart is heavy as you follow the tracks.", True),
    ("You tell yourself this is the last time.", True),
    ("The hermit's fear is plain on his face.", False),
    ("It is not the path you hoped for.", False),
    ("You could walk away from it. Probably.", False),
])
def test_a_feeling_is_the_players_whatever_its_words(text: str, caught: bool) -> None:
    assert (check("outcome", ctx(FAILURE, intent="look around"), text) is not None) is caught


@pytest.mark.parametrize("text,caught", [
    ("The ghoul's teeth close on empty air.", True),
    ("A serpent as long as a felled tree slides over the frost.", True),
    ("A cairn of stones is topped with a stag's skull.", False),
    ("It moves like a bear woken early.", False),
    ("The Moss-Wife circles, dripping.", False),
])
def test_a_foe_other_than_the_storys_is_any_beast_present(text: str, caught: bool) -> None:
    context = ctx(STANDS, monster="the Moss-Wife")
    assert (check("monster", context, text) is not None) is caught


@pytest.mark.parametrize("beat,result,kw,text", [
    ("outcome", FAILURE, {"intent": "cut the bell rope"}, "The rope parts and whips away."),
    ("outcome", FAILURE, {"intent": "pick the lock"}, "Snake eyes: two ones and nothing better."),
    ("ruin", {"roll": "ruin", "ruin_before": 3, "ruin_after": 4, "ruin_marked": True,
              "lost": False}, {}, "Ruin creeps from three to five in a single breath."),
    ("monster", STANDS, {"monster": "the Gutter King"},
     "The Gutter King gives a wet sigh and is gone."),
    ("outcome", FAILURE, {"intent": "hold the tunnel"},
     "A stone drops and Ash lies very still beneath it, and does not wake."),
])
def test_the_third_batchs_classes_are_read(beat: str, result: dict[str, Any], kw: dict[str, Any],
                                          text: str) -> None:
    assert check(beat, ctx(result, **kw), text) is not None


@pytest.mark.parametrize("beat,result,kw,text", [
    ("outcome", FAILURE, {"intent": "pick the lock"}, "The pick snaps off in the lock."),
    ("oracle", {"roll": "oracle", "likelihood": "even", "face": 5, "answer": "yes, but"},
     {"question": "Is anyone living out here?"}, "Yes, but they will not want to be found."),
    ("ruin", {"roll": "ruin", "ruin_before": 3, "ruin_after": 4, "ruin_marked": True,
              "lost": False}, {}, "A ruin, two walls and no roof, stands in the rain."),
])
def test_and_their_look_alikes_pass(beat: str, result: dict[str, Any], kw: dict[str, Any],
                                    text: str) -> None:
    assert check(beat, ctx(result, **kw), text) is None


@pytest.mark.parametrize("beat,result,kw,text", [
    ("outcome", FAILURE, {"intent": "force the lid"}, "The lid holds.\n1. It is heavy.\n2. Sealed."),
    ("outcome", SUCCESS, {"intent": "break down the door"}, "The door shrugs off every blow."),
    ("outcome", FAILURE, {"intent": "haggle the boatman down"}, "He takes half what he asked."),
    ("outcome", SUCCESS, {"intent": "lose the men following me"},
     "Every turn you take, the two men are still there."),
    ("outcome", FAILURE, {"intent": "cross the bridge"},
     "The river carries what is left of her downstream."),
    ("ruin", {"roll": "ruin", "ruin_before": 3, "ruin_after": 4, "ruin_marked": True,
              "lost": False}, {}, "You are the fen's now, mud in your veins."),
    ("outcome", SUCCESS, {"intent": "break down the door"},
     "The door gives. Ash feels a savage satisfaction."),
    ("outcome", FAILURE, {"intent": "force the lid"}, "Your dice come up low, a one and a two."),
])
def test_the_fourth_batchs_classes_are_read(beat: str, result: dict[str, Any],
                                           kw: dict[str, Any], text: str) -> None:
    assert check(beat, ctx(result, **kw), text) is not None


@pytest.mark.parametrize("text", ["I can't help with that.", "I'm sorry, but I cannot narrate this.",
                                  "As an AI, I must decline."])
def test_the_assistant_speaking_is_never_shown_as_narration(text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent="pick the lock"), text) == (
        "it speaks as the assistant, not as the narrator")
