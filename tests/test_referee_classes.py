"""The referee's classes widened by meaning: a foe told as beaten in other words while it stands
(cleaved, sundered, felled), and companions in solo play told by kin, friends, "you all" or a
people or trade at the character's side; each with look-alikes that pass.
"""

from __future__ import annotations

import pytest

from oracle.narrator.referee import check
from tests.test_referee_lexicon import FAILURE, STANDS, ctx


@pytest.mark.parametrize("text", [
    "Ash's axe cleaves the Moss-Wife in two.",
    "The Moss-Wife is sundered from crown to root.",
    "One last blow fells the Moss-Wife.",
    "The Moss-Wife is felled like an old oak.",
    "The Moss-Wife splits from crown to heel and says nothing more.",
    "The Moss-Wife is split asunder by the blade.",
    "The Moss-Wife is brought low at last.",
])
def test_a_standing_foe_is_not_cut_down_in_other_words(text: str) -> None:
    assert check("monster", ctx(STANDS, monster="the Moss-Wife"), text) is not None


@pytest.mark.parametrize("text", [
    "A felled tree lies across the path as the Moss-Wife circles.",
    "The Moss-Wife's shield of bark is split, yet she comes on.",
    "Your blade cleaves only reeds; the Moss-Wife steps back, dripping.",
    "The Moss-Wife sways, but still stands.",
])
def test_a_standing_foe_may_be_near_split_things(text: str) -> None:
    assert check("monster", ctx(STANDS, monster="the Moss-Wife"), text) is None


@pytest.mark.parametrize("text", [
    "Ash calls to his friends, but the lock holds.",
    "Her sister holds the lamp while the lock holds.",
    "The dwarf beside her spits; the lock holds.",
    "You all stare at the lock, which holds.",
    "Her brother shakes his head; the lock holds.",
    "The elf at her shoulder says nothing; the lock holds.",
    "Her kinsmen wait in the dark, and the lock holds.",
])
def test_no_one_is_at_the_side_of_a_solo_character(text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent="pick the lock"), text) is not None


@pytest.mark.parametrize("text", [
    "The wind at her back, Ash bends to the lock; it holds.",
    "A hunter's snare hangs by the door, and the lock holds.",
    "The lock holds, cold and patient, older than anyone's friends.",
])
def test_words_of_people_that_bring_no_one_pass(text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent="pick the lock"), text) is None


@pytest.mark.parametrize("text", [
    "Ash works at the lock for a long time; it does not give.",
    "She works on the hinge until her fingers ache, and it holds.",
    "Ash works the pick around, and the lock stays shut.",
])
def test_labour_at_a_thing_is_not_its_success(text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent="pick the lock"), text) is None


@pytest.mark.parametrize("text", ["It works.", "The trick worked.", "Somehow it works, and the lock is open."])
def test_it_works_is_still_a_success(text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent="pick the lock"), text) is not None
