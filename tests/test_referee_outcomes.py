"""The outcome told in other words, by the kind of attempt, read by class:

- opening: a part of the thing settling into place, the lid raised, the thing worked free or
  "his now" on a failure; "nothing gives", "keeps its secret", "stays as shut as" on a success;
  a thing that breaks in the hands, or a part that fails, is no success;
- reaching: "all the way up", a hand closing on the far edge on a failure; thrown back, "short
  of the", "where she started", "nothing to stand on" on a success;
- reading, persuading, finding: "makes out nothing", "the same price", "laughs in her face",
  "before she ever sees it" on a success; "word for word", "reads plain" on a failure;
- an attempt gone wrong in any words ("comes out wrong", "slips out of her hands");
- what the attempt meant to avoid ("without breaking it") told as happening to its object;
- a Die Trying spell that does not miscast is a success.

Each with look-alikes that pass. The phrasings are this file's own.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.narrator.referee import check
from tests.test_referee_lexicon import FAILURE, SUCCESS, ctx

COMPLICATION = {**SUCCESS, "outcome": "complication", "highest_is_dark": True}
SPELL = {"roll": "spell", "system": "die_trying", "miscast": False, "improvised": False,
         "power": 7}


@pytest.mark.parametrize("result,intent,text", [
    (FAILURE, "pick the lock of the coffer", "The last pin settles into place with a tick."),
    (FAILURE, "pick the lock of the coffer", "Ash throws back the lid and looks inside."),
    (FAILURE, "pry the silver plate off the altar", "Ash works the plate loose and pockets it."),
    (FAILURE, "pry the silver plate off the altar", "The plate is hers now, cold in her palm."),
    (SUCCESS, "force the vestry door", "Nothing gives, however hard she leans."),
    (SUCCESS, "force the vestry door", "The door keeps its secret, swollen in its frame."),
    (SUCCESS, "open the sealed urn", "The urn stays as shut as a clenched jaw."),
    (FAILURE, "climb the chimney", "She goes all the way up and out into the night air."),
    (FAILURE, "climb the chimney", "Her hands find the rim of the chimney pot, and up she goes."),
    (SUCCESS, "leap the sluice", "Ash is flung back onto the stones she leapt from."),
    (SUCCESS, "leap the sluice", "She lands a stride short of the far wall, in the race."),
    (SUCCESS, "cross the weir", "Halfway over, she finds nothing to stand on and turns back."),
    (SUCCESS, "cross the weir", "She ends up right where she started, soaked."),
    (COMPLICATION, "decipher the tally marks", "Ash makes out nothing in the scratches."),
    (SUCCESS, "read the epitaph", "The stone keeps its words to itself."),
    (FAILURE, "read the epitaph", "The letters read plain as day once the moss is off."),
    (FAILURE, "read the epitaph", "Ash has the verse word for word."),
    (SUCCESS, "bribe the bridge-warden", "The warden laughs in her face."),
    (SUCCESS, "haggle with the pedlar", "The pedlar names the same price, not a penny less."),
    (SUCCESS, "spot the snare", "Her foot is in the loop before she ever sees it."),
    (SUCCESS, "hold the portcullis chain", "The chain tears out of Ash's hands."),
    (SUCCESS, "calm the mule", "Whatever she tries goes wrong; the mule bolts."),
    (COMPLICATION, "lift the cracked jar without breaking it",
     "The jar comes up, and then it shatters against the shelf."),
    (COMPLICATION, "lower the bell without waking the rooks",
     "The bell comes down, and the rooks wake in a clatter."),
])
def test_the_other_outcome_in_words_of_its_kind(result: dict[str, Any], intent: str,
                                                text: str) -> None:
    assert check("outcome", ctx(result, intent=intent), text) is not None


@pytest.mark.parametrize("result,intent,text", [
    (FAILURE, "pull the reed basket from the water",
     "The basket comes apart in her hands, rushes floating off downstream."),
    (FAILURE, "pry the silver plate off the altar",
     "The old rivet fails and snaps, and the plate stays where it is."),
    (SUCCESS, "force the vestry door", "The door gives, and nothing moves in the vestry beyond."),
    (SUCCESS, "leap the sluice", "She lands on the far stones, a stride to spare."),
    (FAILURE, "climb the chimney", "The soot gives her nothing to hold, and she slides down."),
    (COMPLICATION, "lift the cracked jar without breaking it",
     "The jar comes up whole, though a shelf cracks under her elbow."),
    (COMPLICATION, "lower the bell without waking the rooks",
     "The bell comes down and not one rook wakes."),
    (SUCCESS, "bribe the bridge-warden", "The candle gutters as the warden pockets the coin."),
    (SUCCESS, "read the epitaph", "Ash reads it, and it says she is expected."),
])
def test_the_outcome_told_as_it_fell_passes(result: dict[str, Any], intent: str,
                                            text: str) -> None:
    assert check("outcome", ctx(result, intent=intent), text) is None


def test_a_spell_that_does_not_miscast_takes_hold() -> None:
    context = ctx(SPELL, intent="freeze the millrace")
    assert check("roll", context, "The spell comes out wrong and the water runs on.")
    assert check("roll", context, "Frost runs along the millrace and the water stops.") is None


@pytest.mark.parametrize("result,intent,text", [
    (SUCCESS, "track the boar through the fen", "The trail vanishes under standing water."),
    (COMPLICATION, "cross the plank bridge", "The plank tips and Ash is back where she began."),
    (FAILURE, "climb the mast", "Ash stands at the top of the mast, the sea all around."),
    (FAILURE, "follow the old road", "The ruts lead Ash straight to the gibbet crossroads."),
    (SUCCESS, "talk the reeve into opening the granary", "The reeve folds his arms and waits."),
    (FAILURE, "talk the reeve into opening the granary",
     "The reeve takes the silver and swings the granary door wide."),
    (FAILURE, "read the inscription", "The inscription gives up its meaning at last."),
])
def test_more_outcomes_in_words_of_their_kind(result: dict[str, Any], intent: str,
                                             text: str) -> None:
    assert check("outcome", ctx(result, intent=intent), text) is not None


@pytest.mark.parametrize("result,intent,text", [
    (FAILURE, "coax the miller into talking", "The miller sighs and tells Ash everything."),
    (SUCCESS, "coax the miller into talking", "The miller looks at the fire and says nothing."),
    (SUCCESS, "climb onto the granary roof",
     "The gutter rips loose in her hand and she lands on her back."),
    (SUCCESS, "find the hidden stair", "Ash knocks on every panel and finds only solid oak."),
])
def test_words_said_and_hands_that_lose_their_hold(result: dict[str, Any], intent: str,
                                                   text: str) -> None:
    assert check("outcome", ctx(result, intent=intent), text) is not None


def test_a_thing_taken_that_comes_away_in_the_hand_is_taken() -> None:
    assert check("outcome", ctx(COMPLICATION, intent="climb the pear tree to the last pear"),
                 "The pear comes away in her hand, and the branch scrapes her on the way down.") \
        is None
