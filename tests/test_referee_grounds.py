"""The referee's classes of grounding, each by meaning and each with look-alikes that pass: the
dice and their arithmetic told in numbers (right or wrong), a foe the story does not hold,
companions in solo play, an accepted bargain left out (in every system), the campaign's lines
and veils in other words, and a character's feelings and choices the dice did not settle.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.narrator import NarrationContext
from oracle.narrator.referee import check

RISK = {"roll": "risk", "highest": 4, "highest_is_dark": True, "outcome": "complication",
        "ruin_before": 2, "ruin_after": 3, "ruin_marked": True, "lost": False,
        "can_push": False, "helpers": [], "light": [2, 3], "dark": [4], "dies": False,
        "bargain": None}
FAILED = {**RISK, "highest": 3, "outcome": "failure", "highest_is_dark": False,
          "ruin_after": 2, "ruin_marked": False, "dark": [1]}
FIGHT = {"roll": "combat", "roll_required": True, "total": 8, "defeated": False, "endurance": 9,
         "dark": [5, 3], "characters": [{"name": "Ilka", "ruin_before": 1, "ruin_after": 1,
                                         "matches": 0, "armor_used": False, "lost": False}]}
CHECK = {"roll": "check", "system": "die_trying", "kind": "skill", "d10": 7, "modifier": 2,
         "dc": 8, "total": 9, "margin": 1, "base_degree": "success", "degree": "success",
         "natural": None, "succeeded": True}
STRIKE = {"roll": "attack", "system": "triptycho", "opposed_roll": True, "action_total": 9,
          "reaction_total": 4, "winner": "action", "action_faces": [5, 4],
          "reaction_faces": [4], "scenario": "combat", "action_name": "hit",
          "reaction_name": "miss", "hit": True, "dealt": 3, "damage_total": 5,
          "defense_total": 2, "points_before": 9, "points_after": 6, "defeated": False}


def ctx(result: dict[str, Any], **kw: Any) -> NarrationContext:
    system = result.get("system", "trophy")
    return NarrationContext.build(result=result, system=system,
                                  characters=[{"name": kw.pop("name", "Ilka")}], **kw)


@pytest.mark.parametrize("result,text", [
    (RISK, "The light three and the dark four: the shutter gives, and something notices."),
    (RISK, "Double threes on the light dice, and the shutter gives with a groan."),
    (RISK, "Her roll of four is enough; the shutter gives, and the dark notices."),
    (FIGHT, "Eight over the heron-thing's nine is not enough, and it wades on."),
    (FIGHT, "Five and a three make eight, short of what it can take."),
    (CHECK, "Nine clears the Difficulty of eight, and the ledge holds."),
    (CHECK, "A natural seven, plus two: Ilka finds the loose stone."),
    (CHECK, "Seven on the die, and Ilka finds the loose stone."),
    (STRIKE, "Three damage gets past its guard; it has six left."),
    (STRIKE, "Ilka's spear bites for three, and the thing reels."),
    (STRIKE, "Her nine against its four: the spear goes in."),
    (STRIKE, "Nine to four, and the spear is through its guard."),
    (STRIKE, "Five points of harm, two turned aside by its plates."),
])
def test_the_dice_and_their_sums_are_never_told_in_numbers(result: dict[str, Any],
                                                            text: str) -> None:
    reason = check("outcome", ctx(result), text)
    assert reason is not None and "numbers" in reason, (text, reason)


@pytest.mark.parametrize("result,text", [
    (RISK, "One last look at the shutter, and then it gives; something below notices."),
    (RISK, "The two doors stand open, and the shutter gives. Something notices."),
    (RISK, "Two crows watch from the lintel as the shutter gives, then a third."),
    (RISK, "One by one the candles gutter as the shutter gives; the dark notices."),
    (RISK, "The dark die lands first. The shutter gives, and something notices."),
    (RISK, "Ten paces on, the shutter gives under her hands, and something stirs."),
    (RISK, "The clock in the ruin counts down from twelve to one as the shutter gives."),
    (RISK, "Her two hands are steady; the shutter gives, and the dark notices."),
    (CHECK, "Ilka finds the loose stone with one hand and two fingers, and the ledge holds."),
])
def test_numbers_of_the_world_pass(result: dict[str, Any], text: str) -> None:
    assert check("outcome", ctx(result), text) is None, text


OPENED = {**RISK, "outcome": "success", "highest": 6, "highest_is_dark": False,
          "ruin_after": 2, "ruin_marked": False, "dark": [2]}
CAST = {"roll": "spell", "system": "die_trying", "magic": [5, 2], "instability": [1],
        "power": 7, "instability_gained": 2, "instability_after": 3, "matches": 0,
        "miscast": False}
ARGUED = {"roll": "opposed", "system": "triptycho", "opposed_roll": True, "action_total": 8,
          "reaction_total": 5, "winner": "action", "action_faces": [4, 4],
          "reaction_faces": [5], "scenario": "interaction", "action_name": "argue",
          "reaction_name": "rebuttal"}
# (result, attempt, place, price, a reply that leaves the price out, one that tells it)
PRICES = [
    (OPENED, "open the tithe chest", "the drowned granary",
     "Ilka's grandmother's comb stays in the granary's silt",
     "The chest lid lifts on a granary's worth of mouldy tithe-rolls, and the silt settles.",
     ("The chest lid lifts, and as she straightens her grandmother's comb slides from her "
     "hair into the silt, and stays there.")),
    (CAST, "freeze the sluice", "the weir tunnels",
     "the river spirit remembers Ilka's voice and will answer it with floods",
     "Ice spreads across the sluice in a creaking sheet, and the weir tunnels go quiet.",
     ("Ice seals the sluice. Under it, the river spirit turns over once: it will know her "
     "voice now, and answer it with floods.")),
    (ARGUED, "talk the toll-keeper down", "the salt bridge",
     "the toll-keeper's sister will follow Ilka to the coast",
     "The toll-keeper counts the coins twice and lets the bar rise over the salt bridge.",
     ("The toll-keeper lets the bar rise, and his sister shoulders her pack: she will walk "
     "behind Ilka all the way to the coast.")),
]


@pytest.mark.parametrize("result,attempt,place,price,left_out,told", PRICES)
def test_an_accepted_price_is_voiced_in_every_system(result: dict[str, Any], attempt: str,
                                                     place: str, price: str, left_out: str,
                                                     told: str) -> None:
    beat = "outcome" if result is OPENED else "roll"
    context = ctx(result, intent=attempt, place=place, bargain=price)
    reason = check(beat, context, left_out)
    assert reason is not None and "Bargain" in reason, reason
    assert check(beat, context, told) is None


@pytest.mark.parametrize("text", [
    "The whole troupe crowds round as the shutter gives, and something notices.",
    "The shutter gives; someone coughs at the rear of the column, and something notices.",
    "Ilka and the tinker lever the shutter up together, and something notices.",
    "The shutter gives, and the pedlar walking beside her whistles; something notices.",
    "A scribe at Ilka's elbow holds the lamp as the shutter gives; something notices.",
    "The shutter gives, and her retinue files in after her. Something notices.",
    "You and a porter heave, and the shutter gives; something notices.",
])
def test_company_in_other_words_is_caught_in_solo(text: str) -> None:
    assert check("outcome", ctx(RISK, intent="force the shutter"), text) is not None, text


@pytest.mark.parametrize("text", [
    "The shutter gives, and her grandmother's ring knocks on the sill. Something notices.",
    "The shutter gives; what she does now is the player's to tell. Something notices.",
    "A line of crows sits on the gutter as the shutter gives, and something notices.",
    "The shutter gives with a groan behind her, and something below notices.",
])
def test_words_near_company_pass_in_solo(text: str) -> None:
    assert check("outcome", ctx(RISK, intent="force the shutter"), text) is None, text


def test_company_the_table_wrote_is_the_storys() -> None:
    context = ctx(RISK, intent="force the shutter with the tinker's help")
    assert check("outcome", context, "Ilka and the tinker lever the shutter up together, "
                 "and something notices.") is None


HERON = "the Reed Heron"


@pytest.mark.parametrize("text", [
    "The gaunt ferry-knight parries, and the blade rings off its gorget.",
    "The Salt Countess steps back from the blow, unhurt.",
    "Ilka's blade skids off the marsh-hag's shoulder.",
    "A rusted sentinel blocks the blow and shoves her back.",
    "The blow glances off the Lamp Bishop's crozier.",
    "The drowned jailer catches the blade in a fist of weed.",
    "The tin wasp darts in at Ilka's eyes and away again.",
    "The reed-father's long arms sweep her off the causeway.",
])
def test_a_being_the_story_does_not_hold_is_another_foe(text: str) -> None:
    context = ctx(FIGHT, monster=HERON, place="the reed beds")
    assert check("monster", context, text) is not None, text


@pytest.mark.parametrize("text", [
    "The Reed Heron takes the blow on its wing and comes on, hissing.",
    "The heron stabs down like a knight's lance, and Ilka's guard holds.",
    "Past a stone knight half sunk in the reeds, the heron wades on, unhurt.",
    "The thing's beak snaps shut an inch from her face; it still stands.",
    "Reeds close over the carving of an old abbot as the heron wades on.",
    "The beast shakes off the cut as the bell of the drowned chapel tolls.",
    "A beetle crawls over the causeway stones as the heron wades on.",
    "The heron wades on, unhurt, just as the causeway lamps gutter.",
])
def test_the_storys_foe_and_the_worlds_likenesses_pass(text: str) -> None:
    context = ctx(FIGHT, monster=HERON, place="the reed beds")
    assert check("monster", context, text) is None, text


def test_a_being_the_journal_holds_is_the_storys() -> None:
    context = ctx(FIGHT, monster=HERON, place="the reed beds",
                  journal="A drowned jailer walks the causeway at night.")
    assert check("monster", context, "The heron wades on; far off the drowned jailer "
                 "watches.") is None


# (line or veil, a text that shows it without its own word)
SHOWN = [
    ({"lines": ["rodents"]}, "Something with a long pink tail whips out of the hay as the shutter gives."),
    ({"lines": ["mice"]}, "The shutter gives, and a dozen grey voles pour out of the gap."),
    ({"lines": ["bugs"]}, "The shutter gives, and earwigs spill from the hinge by the handful."),
    ({"lines": ["spiders"]}, "Behind the shutter sits a fat thing with eight bristling legs."),
    ({"lines": ["self-harm"]}, "She scores the blade along her own forearm to wake herself, and the shutter gives."),
    ({"veils": ["gore"]}, "The shutter's edge opens the sentry's belly and its contents slide out."),
    ({"lines": ["fire"]}, "The lamp tips and the straw goes up in a rush, and the shutter gives."),
    ({"veils": ["drowning"]}, "The flood takes her under, and she comes up spluttering, lungs full of the river."),
    ({"lines": ["torture"]}, "Beyond the shutter, someone lays out a bone saw and pincers on a cloth."),
    ({"lines": ["heights"]}, "The shutter gives onto a sheer drop, and the world sways under her."),
]


@pytest.mark.parametrize("safety,text", SHOWN)
def test_a_line_or_veil_is_kept_out_in_other_words(safety: dict[str, list[str]],
                                                   text: str) -> None:
    reason = check("outcome", ctx(RISK, safety=safety), text)
    assert reason is not None, text


@pytest.mark.parametrize("safety,text", [
    ({"lines": ["spiders"]}, "Past the shutter, a web of cracks runs through the plaster; something notices."),
    ({"lines": ["body horror"]}, "Her breath steaming, Ilka forces the shutter; her shoulder aches, and something notices."),
    ({"lines": ["body horror"]}, "One last look, then her fingers find the latch and the shutter gives; something notices."),
    ({"lines": ["rats"]}, "The shutter gives onto a ruin, no roof left, and something in the dark notices."),
    ({"lines": ["heights"]}, "The shutter gives, the two doors beyond stand open, and something notices."),
])
def test_a_themes_word_used_plainly_passes(safety: dict[str, list[str]], text: str) -> None:
    assert check("outcome", ctx(RISK, safety=safety), text) is None, text


@pytest.mark.parametrize("text", [
    "Ilka, in a sour mood, kicks the shutter until it gives; something notices.",
    "The shutter gives, and Ilka hands over her last coin without a second thought.",
    "Ilka, who has always loathed locked things, tears the shutter off; something notices.",
    "The shutter gives. Ilka feels strangely hopeless, and something notices.",
    "Ilka, sullen, wrenches at the shutter until it gives; something notices.",
    "The shutter gives; Ilka never liked this house anyway, and something notices.",
])
def test_a_feeling_or_a_choice_the_dice_did_not_settle_is_caught(text: str) -> None:
    assert check("outcome", ctx(RISK, intent="force the shutter"), text) is not None, text


@pytest.mark.parametrize("text", [
    "The shutter tears loose from its hinge, and something below notices.",
    "A few crows lift from the gutter as the shutter gives; they will know this house now.",
    "The shutter gives a foot past where Ilka meant it to, and something notices.",
    "Ilka's pulse steadies as the shutter gives; something below notices.",
])
def test_words_near_feelings_pass(text: str) -> None:
    assert check("outcome", ctx(RISK, intent="force the shutter"), text) is None, text


FERRY = {"roll": "risk", "highest": 6, "highest_is_dark": False, "outcome": "success",
         "ruin_before": 2, "ruin_after": 2, "ruin_marked": False, "lost": False,
         "can_push": False, "helpers": [], "dies": False, "dark": [3], "light": [6]}
LOCKET = "the ferryman keeps Ilka's silver locket as a pledge"


@pytest.mark.parametrize("text", [
    "The ferryman weighs the locket in his palm and pockets it; it stays with him now.",
    "Ilka unclasps the silver locket and he closes his fist on it. The far bank comes up grey.",
])
def test_a_price_told_by_its_thing_passes_without_what_it_stands_for(text: str) -> None:
    context = ctx(FERRY, intent="talk the ferryman into crossing", place="the fog ferry",
                  bargain=LOCKET)
    assert check("outcome", context, text) is None, text


@pytest.mark.parametrize("text", [
    "She holds out the locket and the ferryman pushes it back across the bench.",
    "At the far bank the ferryman eyes the locket: keep it, the river owes you one.",
    "The ferryman poles her over and will not take the locket from her hand.",
    "The far bank comes up grey, and the ferryman asks nothing for the crossing after all.",
])
def test_a_price_let_off_is_caught_as_it_is_said(text: str) -> None:
    context = ctx(FERRY, intent="talk the ferryman into crossing", place="the fog ferry",
                  bargain=LOCKET)
    reason = check("outcome", context, text)
    assert reason is not None and reason.startswith("it lets off the price"), (text, reason)
