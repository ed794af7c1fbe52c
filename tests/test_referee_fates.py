"""The referee's classes of a fight and of a character's fate, read by meaning:

- the foe's state: beaten in words of stillness and finality while it stands, coming on again
  when it is defeated; a missed attack (Die Trying) or a lost exchange (Triptycho) leaves it
  standing; Triptycho's damage settles its defeat;
- a blow: contact and its marks on a miss or a blow that does no harm, air and deflection on a
  hit (a Triptycho exchange of combat is a hit or a miss, damage that deals nothing is no hit);
- a character's fate: an end told by the body ("the pulse flutters and then stills") of one the
  result spares, a self undone ("not Ash any more") of one it does not lose, a lost character
  told whole ("soaked but herself"), one it kills told as pulling through; and a settled death
  voiced in new words is voiced.

Each class with look-alikes that pass. The phrasings are this file's own.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.narrator import NarrationContext
from oracle.narrator.referee import check
from tests.test_referee_lexicon import FAILURE, STANDS, SUCCESS

DEFEATED = {**STANDS, "defeated": True}
LOST = {**FAILURE, "lost": True, "ruin_after": 6, "ruin_marked": True}
DT_MISS = {"roll": "attack", "system": "die_trying", "hit": False, "succeeded": False,
           "degree": "failure", "damage": 0}
DT_HIT = {**DT_MISS, "hit": True, "succeeded": True, "degree": "success", "damage": 4}
DT_DEAD = {"roll": "death_save", "system": "die_trying", "degree": "critical_failure",
           "fate": "dead", "dead": True, "stable": False}
DT_STABLE = {**DT_DEAD, "degree": "success", "fate": "stable", "dead": False, "stable": True}
TT_LOST = {"roll": "opposed", "system": "triptycho", "scenario": "combat", "winner": "reaction",
           "action_total": 3, "reaction_total": 5}
TT_WON = {**TT_LOST, "winner": "action", "action_total": 8}
TT_TALK_WON = {**TT_WON, "scenario": "interaction"}
TT_NOTHING = {"roll": "damage", "system": "triptycho", "dealt": 0, "points_before": 6,
              "points_after": 6, "defeated": False}
TT_DOWN = {**TT_NOTHING, "dealt": 7, "points_after": 0, "defeated": True}


def ctx(result: dict[str, Any], **kw: Any) -> NarrationContext:
    return NarrationContext.build(result=result, characters=[{"name": "Ash"}],
                                  monster=kw.pop("monster", "the Moss-Wife"), **kw)


@pytest.mark.parametrize("text", [
    "The Moss-Wife sags motionless against the font.",
    "The Moss-Wife turns belly-up in the black water.",
    "The Moss-Wife falls in a heap of wet leaves.",
    "The Moss-Wife bursts apart into leaf mould and seed.",
    "The Moss-Wife lies inert where the pews were.",
    "The Moss-Wife shudders, then never twitches again.",
    "Ash's hatchet takes the Moss-Wife's head from her shoulders.",
    "Ash slits the Moss-Wife open from chin to navel.",
    "The Moss-Wife clatters to the flagstones in pieces, finished.",
])
def test_a_standing_foe_is_not_told_still_or_undone(text: str) -> None:
    assert check("monster", ctx(STANDS), text) is not None


@pytest.mark.parametrize("text", [
    "The candles sag and gutter while the Moss-Wife circles.",
    "A heap of old leaves lies still in the corner as the Moss-Wife comes on.",
    "Ash's lantern falls in pieces; the Moss-Wife is still coming.",
])
def test_a_standing_foe_may_stand_among_still_things(text: str) -> None:
    assert check("monster", ctx(STANDS), text) is None


@pytest.mark.parametrize("text", [
    "The Moss-Wife wheels on Ash again.",
    "The Moss-Wife, unfazed, lifts her arms to strike.",
    "The Moss-Wife shakes off the blow and rises, as patient as ever.",
    "The Moss-Wife gets back up, dripping.",
])
def test_a_defeated_foe_does_not_come_on_again(text: str) -> None:
    assert check("monster", ctx(DEFEATED), text) is not None


@pytest.mark.parametrize("text", [
    "Ash circles the fallen Moss-Wife once, then again, and nothing moves.",
    "The Moss-Wife folds into the water, and the nave is quiet again.",
])
def test_a_defeated_foe_may_be_circled_by_the_character(text: str) -> None:
    assert check("monster", ctx(DEFEATED), text) is None


@pytest.mark.parametrize("result,text", [
    (DT_MISS, "The hatchet sinks deep into the Moss-Wife's flank."),
    (DT_MISS, "Ash's blade finds the seam between two plates of bark."),
    (DT_MISS, "The blow leaves a long, weeping gash down her side."),
    (DT_MISS, "The Moss-Wife slumps against a pillar and lies still."),
    (TT_LOST, "Ash's thrust lands hard, and the Moss-Wife reels back from it."),
    (TT_NOTHING, "The hatchet punches a ragged hole in the bark of her chest."),
    (TT_NOTHING, "The Moss-Wife falls apart into mould and is gone."),
    (DT_HIT, "Ash's spear sails wide of the Moss-Wife."),
    (DT_HIT, "The hatchet meets nothing but cold air."),
    (TT_WON, "The Moss-Wife bats Ash's blade aside with one arm."),
    (TT_DOWN, "The Moss-Wife straightens, unbothered, and comes on again."),
])
def test_a_blow_and_the_foe_are_told_as_the_dice_settle(result: dict[str, Any],
                                                       text: str) -> None:
    assert check("roll", ctx(result), text) is not None


@pytest.mark.parametrize("result,text", [
    (DT_MISS, "The hatchet bites into the doorframe, and the Moss-Wife laughs."),
    (DT_MISS, "The Moss-Wife swats the hatchet aside."),
    (DT_HIT, "The hatchet sinks into the Moss-Wife's shoulder and she howls."),
    (TT_LOST, "The Moss-Wife turns Ash's thrust aside and steps in close."),
    (TT_DOWN, "The last blow takes her apart, and the Moss-Wife lies still."),
])
def test_a_blow_told_as_it_fell_passes(result: dict[str, Any], text: str) -> None:
    assert check("roll", ctx(result), text) is None


def test_a_won_exchange_of_words_is_a_success() -> None:
    context = ctx(TT_TALK_WON, intent="talk the Moss-Wife into letting Ash pass")
    assert check("roll", context, "The Moss-Wife shakes her head and turns Ash away.")
    assert check("roll", context, "The Moss-Wife steps aside and lets Ash pass.") is None


@pytest.mark.parametrize("result,text", [
    (FAILURE, "Ash's pulse flutters twice and then stills."),
    (FAILURE, "Her chest lifts once more, then settles for good."),
    (FAILURE, "Ash lies on the stones, her eyes wide and unseeing."),
    (FAILURE, "The fen closes over Ash for the last time."),
    (DT_STABLE, "Ash's breath is gone, and the larder keeps its quiet."),
])
def test_an_end_told_by_the_body_is_a_death(result: dict[str, Any], text: str) -> None:
    assert check("outcome", ctx(result, intent="pick the lock"), text) is not None


@pytest.mark.parametrize("text", [
    "Ash holds her breath until the lantern passes.",
    "Her breath stops short when the bell rings.",
    "Ash's heart stops in her throat, then hammers on.",
    "The candles die, one after another, and the daylight fails.",
])
def test_breath_and_heart_in_passing_are_no_death(text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent="pick the lock"), text) is None


@pytest.mark.parametrize("text", [
    "What crawls out of the sump is not Ash any more.",
    "Something of Ash stays behind in the water.",
    "Whatever she was, the marsh keeps it now.",
    "Ash's mind unravels like old rope.",
    "The fen has her now.",
    "Ash is the marsh's creature from this night on.",
])
def test_a_self_undone_is_a_loss_of_one_not_lost(text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent="pick the lock"), text) is not None


@pytest.mark.parametrize("text", [
    "The lantern is no longer lit, and the lock holds.",
    "The lantern in the water is not hers.",
    "Part of the wall stays behind in her hands; the lock holds.",
])
def test_things_no_longer_themselves_are_no_loss(text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent="pick the lock"), text) is None


@pytest.mark.parametrize("text", [
    "Ash climbs out of the sump, soaked but herself.",
    "Ash keeps her nerve and her name, and walks on.",
    "By morning Ash is herself again.",
    "You stand up, none the worse, and reach for the lamp.",
])
def test_a_lost_character_is_not_told_whole(text: str) -> None:
    assert check("lost", ctx(LOST), text) is not None


@pytest.mark.parametrize("text", [
    "The trees bow toward Ash; something of her stays with them.",
    # a lost one may be told moving, with the loss voiced (a settled loss must be: 8cd701d)
    "Ash pulls herself up onto the root, and the forest leans closer; she is lost to it.",
    "What Ash becomes now is for her player to tell.",
])
def test_a_lost_character_may_be_told_going(text: str) -> None:
    assert check("lost", ctx(LOST), text) is None


def test_a_death_the_dice_settle_is_not_pulled_through() -> None:
    context = ctx(DT_DEAD)
    assert check("roll", context, "Ash pulls through, pale as milk, and sits up.") is not None
    assert check("roll", context, "Ash will live, though the larder is cold.") is not None


@pytest.mark.parametrize("text", [
    "Ash's breathing thins, and then there is none.",
    "Ash's breath catches, then stops. The lamp burns on beside her.",
    "The water takes Ash and the beast together, and neither comes back up.",
])
def test_a_settled_death_in_new_words_is_voiced(text: str) -> None:
    assert check("roll", ctx(DT_DEAD), text) is None


def test_a_success_is_still_a_success_when_the_foe_is_untouched() -> None:
    assert check("outcome", ctx(SUCCESS, intent="pick the lock"),
                 "The lock turns; somewhere the Moss-Wife stirs.") is None


DT_SLIPPING = {**DT_DEAD, "degree": "failure", "fate": "slipping", "dead": False,
               "hp_before": -2, "hp_after": -3}
DT_CHECK = {"roll": "check", "system": "die_trying", "degree": "success", "succeeded": True}


@pytest.mark.parametrize("result,text", [
    (DT_SLIPPING, "Ash props herself up on an elbow and reaches for the lamp."),
    (DT_SLIPPING, "Ash opens her eyes and climbs to her feet."),
    (DT_STABLE, "Within the hour Ash comes to and walks out of the vault."),
])
def test_a_dying_character_does_not_act(result: dict[str, Any], text: str) -> None:
    assert check("roll", ctx(result), text) is not None


@pytest.mark.parametrize("result,text", [
    (DT_SLIPPING, "Ash lies where she fell, breath thin, and the cold creeps closer."),
    (DT_STABLE, "Ash sleeps, and she will wake when the hours have run."),
    (DT_STABLE, "Ash does not wake; her chest rises and falls, slow and even."),
    (DT_CHECK, "Ash climbs to her feet and walks on."),
])
def test_a_dying_character_may_lie_and_a_standing_one_act(result: dict[str, Any],
                                                         text: str) -> None:
    assert check("roll", ctx(result), text) is None


@pytest.mark.parametrize("result,text", [
    (STANDS, "The Moss-Wife sinks, and so does Ash, dragged down by her weeds."),
    (FAILURE, "The mist folds around Ash, and she is never seen again."),
    (DT_HIT, "Ash's hatchet splits the ogre's skull and it slides down the wall, spent."),
    (DT_HIT, "The ogre staggers off into the dark and does not come back."),
    ({**DEFEATED}, "It limps away through the pews, bleeding, still dangerous."),
])
def test_an_end_shared_or_a_fall_the_dice_did_not_settle(result: dict[str, Any],
                                                         text: str) -> None:
    assert check("roll", ctx(result, monster="the ogre" if result is DT_HIT else
                             "the Moss-Wife"), text) is not None


def test_a_blow_into_the_room_is_no_hit_and_a_thrust_into_air_no_hit() -> None:
    assert check("roll", ctx(DT_MISS), "Ash's spear drives into the post behind the Moss-Wife.") \
        is None
    assert check("roll", ctx(DT_HIT), "Ash's spear stabs through thin air.") is not None
    assert check("roll", ctx(DT_MISS),
                 "Ash's spear takes the Moss-Wife low in the flank.") is not None


@pytest.mark.parametrize("result,text", [
    (FAILURE, "By the next bell Ash is a corpse on the chapel steps."),
    (FAILURE, "Ash's heart gives out halfway down the stair."),
    (FAILURE, "That is where Ash's road ends."),
    (FAILURE, "The frost stills Ash's heart before the candles are out."),
    (FAILURE, "Ash sighs once, and then never again."),
    (FAILURE, "When Ash looks up, the face in the water is no longer her own."),
    (FAILURE, "Somewhere on the stair Ash forgets her own name."),
    (LOST, "Ash walks back to the village the same woman she always was."),
    (LOST, "Ash is fully in command of herself as she turns for home."),
    (STANDS, "The Moss-Wife crumbles into wet ash and blows away."),
    (TT_LOST, "Ash's blow drops the Moss-Wife dead in the aisle."),
    (DEFEATED, "Torn half through, the Moss-Wife still comes at Ash."),
    (DT_HIT, "Ash's hatchet clangs off the bark of her shoulder."),
])
def test_ends_and_blows_in_more_words(result: dict[str, Any], text: str) -> None:
    assert check("roll", ctx(result), text) is not None


def test_a_death_save_is_no_attempt_with_an_outcome() -> None:
    assert check("roll", ctx(DT_DEAD), "Ash's chest lifts once and falls, and stays fallen.") \
        is None


@pytest.mark.parametrize("result,text", [
    (FAILURE, "The marsh fever does its work, and Ash does not see the dawn."),
    (FAILURE, "In spring the eel-men pull Ash's body from the weir."),
    (FAILURE, "Ash is lost to the grey water for good."),
    (FAILURE, "Whatever sleeps in the font climbs into Ash, and stays."),
    (FAILURE, "Ash's soul drains out of her like wine from a split skin."),
    (LOST, "Ash shakes her head, and then she is fine, as if nothing had happened."),
    (DT_DEAD, "Ash's eyes flicker open and she asks for her mother."),
    (DT_DEAD, "Against all sense Ash's heart keeps beating."),
    (STANDS, "The Moss-Wife hangs there in the reeds, motionless."),
    (STANDS, "It is over: the Moss-Wife lies in pieces across the pews."),
    (DT_MISS, "The Moss-Wife takes the full force of the hatchet on her shoulder."),
    (DT_HIT, "The hatchet whips past the Moss-Wife's ear and bites the wall instead."),
])
def test_ends_and_blows_in_still_more_words(result: dict[str, Any], text: str) -> None:
    assert check("roll", ctx(result), text) is not None


@pytest.mark.parametrize("result,text", [
    (FAILURE, "The damp climbs into Ash's boots while she kneels at the lock."),
    (FAILURE, "Ash's eyes go dim with tiredness, but she keeps at it; the lock holds."),
    (STANDS, "The Moss-Wife goes down on one knee, then rises again, streaming."),
    (STANDS, "For a moment the Moss-Wife goes still, and then she lunges."),
    (DT_DEAD, "Ash's eyes flutter once and close, and they stay closed."),
    (LOST, "Ash walks into the trees with them and does not look back; the rest is hers to say."),
])
def test_passing_stillness_and_ordinary_bodies_pass(result: dict[str, Any], text: str) -> None:
    assert check("roll", ctx(result), text) is None


@pytest.mark.parametrize("result,text", [
    (TT_NOTHING, "Ash's hatchet splits the Moss-Wife's bark shoulder and she staggers."),
    (DT_MISS, "Ash's knife slides between two ribs of bark."),
    (DT_HIT, "The Moss-Wife is simply not there when the hatchet falls."),
    (FAILURE, "The fen swallows Ash, never to return."),
    (FAILURE, "That is the last breath Ash takes."),
])
def test_blows_and_ends_told_sideways(result: dict[str, Any], text: str) -> None:
    assert check("roll", ctx(result), text) is not None


def test_a_defeat_told_by_a_light_going_out_is_told() -> None:
    assert check("roll", ctx(TT_DOWN), "The Moss-Wife goes to her knees, and the green light in "
                 "her eyes goes out.") is None


def test_a_cold_that_settles_into_the_bones_is_no_possession() -> None:
    assert check("outcome", ctx(FAILURE, intent="pick the lock"),
                 "A cold settles into your bones, and the lock holds.") is None
    assert check("outcome", ctx(FAILURE, intent="pick the lock"),
                 "Something from the font settles into Ash, and the lock holds.") is not None
