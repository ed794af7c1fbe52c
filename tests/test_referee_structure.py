"""The referee reads who a verb is said of by the sentence's structure, not by its wording: a
relative clause between a foe and its verb, the foe's body told without its name; and a
defeated foe told acting on ("still" before a verb of its own, "again" after it). Each with
look-alikes that pass.
"""

from __future__ import annotations

import pytest

from oracle.narrator import NarrationContext
from oracle.narrator.referee import check
from tests.test_referee_lexicon import STANDS, SUCCESS, ctx

BEATEN = {**STANDS, "total": 11, "defeated": True}


@pytest.mark.parametrize("text", [
    "The Mire Abbot, which has haunted the causeway since the flood, lies still.",
    "The thing that drowned the ferryman's boys lies still in the reeds.",
    "Ash's axe finds the Mire Abbot, and the great carcass topples into the reeds.",
    "The Mire Abbot reels; the whole bulk of it topples into the reeds.",
])
def test_a_standing_foe_beaten_through_a_relative_or_its_body_is_caught(text: str) -> None:
    reason = check("monster", ctx(STANDS, monster="the Mire Abbot"), text)
    assert reason is not None and "not defeated" in reason, (text, reason)


@pytest.mark.parametrize("text", [
    "The body of a drowned pilgrim lies still in the reeds; the Mire Abbot circles.",
    "Ash, who has not slept in days, lies still behind the reeds while the Mire Abbot wades by.",
    "The lantern that Ash carries topples into the reeds, and the Mire Abbot laughs.",
])
def test_other_bodies_and_relatives_leave_a_standing_foe_standing(text: str) -> None:
    assert check("monster", ctx(STANDS, monster="the Mire Abbot"), text) is None


@pytest.mark.parametrize("text", [
    "Ash's axe bites deep, and the Mire Abbot is still wading toward her.",
    "The Mire Abbot staggers, spits out mud, and lifts its crook again.",
    "It staggers back, then swings its crook again at Ash's head.",
])
def test_a_defeated_foe_is_not_told_acting_on(text: str) -> None:
    reason = check("monster", ctx(BEATEN, monster="the Mire Abbot"), text)
    assert reason is not None and "is defeated" in reason, (text, reason)


@pytest.mark.parametrize("text", [
    "The Mire Abbot sinks into the reeds, and the causeway is only mud again.",
    "The Mire Abbot tries to lift its crook again, and falls still.",
    "The Mire Abbot sags into the water; its fingers still twitch, then stop moving.",
    "The Mire Abbot goes down, and does not lift its crook again.",
    "The Mire Abbot folds into the mire, and Ash is still shaking when the frogs start again.",
])
def test_a_defeated_foe_may_twitch_or_be_spoken_of_again(text: str) -> None:
    assert check("monster", ctx(BEATEN, monster="the Mire Abbot"), text) is None



@pytest.mark.parametrize("text", [
    "The lock gives. The Abbess turns; she reads Ash's letter twice, and she smiles.",
    "The gate swings wide. Marta the porter reads Ash's face and laughs.",
])
def test_an_owner_named_inside_an_object_is_not_who_acts_next(text: str) -> None:
    """"reads Ash's face and laughs": the laugh is the reader's, not Ash's; a pronoun looks
    past a possessive to the last one named whole."""
    assert check("outcome", ctx(SUCCESS), text) is None


@pytest.mark.parametrize("text", [
    "The gate swings wide. Ash's hands shake, and she weeps.",
    "The gate swings wide. Ash's chest heaves once and she sobs.",
])
def test_an_owner_at_the_head_of_a_clause_is_still_the_character(text: str) -> None:
    assert check("outcome", ctx(SUCCESS), text) is not None


@pytest.mark.parametrize("text", [
    "The Hound's jaws close on Ash's arm. She goes down and does not get up.",
    "Ash's chest falls once more and does not rise.",
])
def test_an_owner_is_still_read_when_no_one_else_is_named(text: str) -> None:
    reason = check("outcome", ctx(SUCCESS), text)
    assert reason is not None and "does not kill" in reason, (text, reason)


LOST = {**SUCCESS, "highest": 6, "highest_is_dark": True, "ruin_before": 5, "ruin_after": 6,
        "ruin_marked": True, "lost": True, "can_push": False}


@pytest.mark.parametrize("text", [
    "The latch gives. Ash belongs to the forest now; what comes of her is hers to say.",
    "The latch gives, and the forest has her; what she is now is for her player to tell.",
])
def test_a_lost_character_told_taken_by_the_forest_voices_the_loss(text: str) -> None:
    """docs/rulings.md: a loss is voiced as one, and the forest taking them is what it is."""
    assert check("outcome", ctx(LOST), text) is None


@pytest.mark.parametrize("text", [
    "The latch gives. Ash belongs to the forest now, and she dies among its roots.",
    "The latch gives, and the forest has her; she becomes a thing of bark and moss.",
])
def test_a_lost_characters_end_is_still_the_players(text: str) -> None:
    reason = check("outcome", ctx(LOST), text)
    assert reason is not None and "player" in reason, (text, reason)


@pytest.mark.parametrize("text", [
    "The Mire Abbot sinks into the reeds. Ash stands over it, unmarked.",
    "The Mire Abbot sinks into the reeds, and Ash stands unharmed on the causeway.",
])
def test_a_character_standing_whole_is_no_foe_standing(text: str) -> None:
    assert check("monster", ctx(BEATEN, monster="the Mire Abbot"), text) is None


def _pair(winner: str | None) -> NarrationContext:
    people = [{"name": n, "ruin_before": 2, "ruin_after": 2, "ruin_marked": 0, "lost": False,
               "light": [5], "dark": [1]} for n in ("Ash", "Bree")]
    return NarrationContext.build(result={"roll": "contest", "winner": winner,
                                          "participants": people},
                                  characters=[{"name": "Ash"}, {"name": "Bree"}],
                                  party=("Ash", "Bree"))


@pytest.mark.parametrize("text", [
    "Ash is a breath quicker, and the lantern is hers.",
    "They lunge together, but Bree gets there first.",
    "Bree's hand closes on the lantern a moment before Ash's.",
    "Ash comes second, and Bree lifts the lantern high.",
])
def test_a_tied_contest_has_no_one_ahead(text: str) -> None:
    reason = check("roll", _pair(None), text)
    assert reason is not None and "no winner" in reason, (text, reason)


@pytest.mark.parametrize("text", [
    "Ash and Bree reach the lantern at the same moment, and neither lets go.",
    "Both hands close on the lantern together; it stays between them.",
    "Ash gets there first.",
])
def test_a_tie_told_as_a_tie_passes_and_a_winner_still_may_win(text: str) -> None:
    context = _pair("Ash") if text == "Ash gets there first." else _pair(None)
    assert check("roll", context, text) is None


ABSORBED = {"roll": "attack", "system": "triptycho", "opposed_roll": True, "action_total": 9,
            "reaction_total": 3, "winner": "action", "action_faces": [5, 4],
            "reaction_faces": [3], "scenario": "combat", "action_name": "hit",
            "reaction_name": "miss", "hit": True, "dealt": 0, "damage_total": 2,
            "defense_total": 4, "points_before": 8, "points_after": 8, "defeated": False}


@pytest.mark.parametrize("text", [
    "Ash's spear finds the boar's flank, and the boar squeals in pain and bleeds.",
    "The spear takes the boar in the shoulder; it yelps and limps away.",
])
def test_a_blow_its_defense_took_whole_does_no_harm(text: str) -> None:
    reason = check("roll", ctx(ABSORBED, monster="the boar"), text)
    assert reason is not None and "no harm" in reason, (text, reason)


@pytest.mark.parametrize("text", [
    "Ash's spear strikes the boar's flank hard, and the boar does not even flinch.",
    "The spear lands square, and the boar shrugs it off without a sound.",
])
def test_a_blow_that_lands_and_does_nothing_passes(text: str) -> None:
    assert check("roll", ctx(ABSORBED, monster="the boar"), text) is None


@pytest.mark.parametrize("text", [
    "The latch gives. Ash's chest stops heaving, and her breath comes slow and even.",
    "The latch gives. Ash's breath catches, stops, and after a moment starts again.",
    "The latch gives, and Ash's heart stops pounding at last.",
])
def test_a_stop_of_one_act_or_taken_back_is_no_death(text: str) -> None:
    assert check("outcome", ctx(SUCCESS), text) is None


@pytest.mark.parametrize("text", [
    "The latch gives, and Ash's chest stops.",
    "The latch gives. Ash's heart stops beating.",
    "The latch gives. Ash's breath catches, then stops, and never starts again.",
])
def test_a_stop_of_life_is_still_a_death(text: str) -> None:
    reason = check("outcome", ctx(SUCCESS), text)
    assert reason is not None and "does not kill" in reason, (text, reason)
