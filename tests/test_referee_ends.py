"""A character's end read by class, in both directions: the same readings that refuse an end
the result does not settle (a rising that never comes, the last thing heard, a wound through
the chest, matter where the body was, the place gaining one more of its own) are what voice an
end it does settle, so a death told in fresh words is not "left out". A deadly miscast settles
a death in Die Trying.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.narrator.referee import check
from oracle.systems import SYSTEMS
from tests.test_referee_fates import LOST, ctx
from tests.test_referee_lexicon import FAILURE, SUCCESS

KILLS_HIM = {**SUCCESS, "dies": True}
MISCAST = {"roll": "spell", "system": "die_trying", "magic": [3], "instability": [3],
           "miscast": True, "miscast_kind": "death", "miscast_total": 11}


@pytest.mark.parametrize("text", [
    "The blow folds Ash over the rail, and Ash never gets up.",
    "Ash slumps against the font and never rises, though the bells ring on.",
    "Its hiss is the last sound Ash ever hears.",
    "A splinter of the pew goes clean through Ash's chest.",
    "The hook opens Ash's throat, and the nave goes quiet.",
    "Ash's pulse flutters, and then it doesn't start again.",
    "By dawn there is moss where Ash's skin was, and the font is still.",
    "Ash stops struggling, and the nave has one more drowned pilgrim.",
])
def test_an_end_the_result_does_not_settle_is_refused_in_fresh_words(text: str) -> None:
    reason = check("outcome", ctx(SUCCESS, intent="cross the nave"), text)
    assert reason is not None, text


@pytest.mark.parametrize("text", [
    "Ash wins free of the water, and it never rises above the step again.",
    "The last thing Ash hears before the door shuts is the bell; then the lock holds.",
    "The pew splinters, and a shard goes through the hymn-book on the rail.",
    "Ash gets up and never looks back at the font.",
])
def test_look_alikes_of_an_end_pass(text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent="cross the nave"), text) is None


@pytest.mark.parametrize("text", [
    ("The Moss-Wife goes down, and the floor of the nave goes down with her; Ash follows her "
     "into the flood and is never seen again."),
    ("Ash drives the stake home. It ends for them both there, first the Moss-Wife, and so "
     "does Ash."),
    "The stake goes in, and the Moss-Wife's last thrash goes clean through Ash's chest.",
])
def test_a_settled_death_told_in_fresh_words_is_voiced(text: str) -> None:
    assert check("outcome", ctx(KILLS_HIM, intent="kill the Moss-Wife"), text) is None


def test_a_settled_death_still_must_be_voiced() -> None:
    reason = check("outcome", ctx(KILLS_HIM, intent="kill the Moss-Wife"),
                   "The stake goes in, and the Moss-Wife comes apart like wet paper.")
    assert reason is not None and "leaves out the death" in reason


def test_a_lost_character_told_as_one_more_of_the_place_is_an_end_chosen() -> None:
    reason = check("lost", ctx(LOST), "The water takes Ash, and the font has one more servant.")
    assert reason is not None and "player" in reason


@pytest.mark.parametrize("text", [
    "The surge throws Ash against the wall, scorched, but alive.",
    "The lightning finds Ash; Ash is still here when the smoke clears.",
])
def test_one_the_result_kills_is_never_told_alive(text: str) -> None:
    assert check("outcome", ctx(KILLS_HIM), text) is not None


def test_a_deadly_miscast_settles_a_death() -> None:
    settled: Any = SYSTEMS["die_trying"].settled(MISCAST)
    assert settled.dies is True
    reason = check("miscast", ctx(MISCAST, system="die_trying"),
                   "The spell fizzles with a smell of copper, and the cistern is quiet.")
    assert reason is not None and "death" in reason
