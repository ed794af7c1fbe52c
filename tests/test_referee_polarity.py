"""The outcome, the foe's state and the blow, read by the polarity of a clause rather than by a
phrase (oracle/narrator/polarity.py, oracle/narrator/fights.py):

- a hide: a watcher's senses landing on the hider when they went unseen, or passing them by when
  they were seen (a Die Trying hide roll is read as the attempt "hide" it is);
- getting somewhere: the character told inside the place they failed to reach;
- finding: the thing sought told there on a failed search;
- a success undone: futile labour, the thing unchanged, "too heavy", going wrong, landing on
  something else, the thing slipping back, the person talked round acting all the same or
  barring the way; the attempt's own words of success denied; a complication told as costless;
- a contest's loser told first; a hunt's encounter told otherwise;
- the foe: broken up in words of its own, its light going out, told spent, "will not ... again"
  while it stands; getting away whole when it is defeated;
- a missed blow told touching the foe's body, or leaving a mark on it.

Each with look-alikes that pass. The phrasings are this file's own.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.narrator import NarrationContext
from oracle.narrator.referee import check
from tests.test_referee_lexicon import FAILURE, STANDS, SUCCESS, ctx
from tests.test_referee_outcomes import SPELL

COMPLICATION = {**SUCCESS, "outcome": "complication", "highest_is_dark": True}
DEFEATED = {**STANDS, "defeated": True, "total": 12}
MISSED = {"roll": "attack", "system": "die_trying", "hit": False, "degree": "failure",
          "damage": 0}
LANDED = {**MISSED, "hit": True, "degree": "success", "damage": 4}


def _hide(hidden: bool) -> dict[str, Any]:
    return {"roll": "hide", "system": "die_trying", "d10": 7, "modifier": 0, "total": 7,
            "watchers": [{"name": "the warden", "dc": 5, "hidden": hidden,
                          "degree": "success" if hidden else "failure"}]}


def _dt(result: dict[str, Any], **kw: Any) -> NarrationContext:
    return NarrationContext.build(result=result, system="die_trying",
                                  characters=[{"name": "Wren"}], **kw)


@pytest.mark.parametrize("text", [
    "The warden's lamp swings round and its light comes to rest on Wren's corner.",
    "Wren folds into the alcove, and the warden's eyes fix straight on her hiding place.",
    "The warden stops, sniffs, and picks out Wren among the barrels.",
])
def test_a_hide_that_worked_is_not_told_seen(text: str) -> None:
    assert check("roll", _dt(_hide(True), monster="the warden"), text) is not None


@pytest.mark.parametrize("text", [
    "The warden's lamp skims right over her and on down the corridor.",
    "Wren holds her breath; the warden never notices her at all.",
    "The warden shuffles past the barrels without a pause, humming.",
])
def test_a_hide_that_failed_is_not_told_unseen(text: str) -> None:
    assert check("roll", _dt(_hide(False), monster="the warden"), text) is not None


@pytest.mark.parametrize("hidden,text", [
    (True, "Wren's eyes settle on the warden's keys as he shuffles by."),
    (True, "The warden's lamp sweeps the far wall; Wren breathes out slowly."),
    (False, "The warden's lamp lands on Wren and stays there."),
    (False, "The warden turns, and his eyes settle on her hiding place."),
])
def test_a_hide_told_as_it_went_passes(hidden: bool, text: str) -> None:
    assert check("roll", _dt(_hide(hidden), monster="the warden"), text) is None


@pytest.mark.parametrize("intent,text", [
    ("wade the sluice to the old boathouse", ("Ash kicks off the wall and climbs out into the "
                                               "old boathouse, dripping.")),
    ("climb the scaffold to the belfry", "Rung by rung, and Ash stands at last in the belfry."),
    ("find the smugglers' buried cask", ("Ash's shovel knocks on wood: the cask, right there "
                                         "under the roots.")),
])
def test_a_failed_attempt_is_not_told_arrived_or_found(intent: str, text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent=intent), text) is not None


@pytest.mark.parametrize("intent,text", [
    ("wade the sluice to the old boathouse", ("The current shoves Ash back, and the old "
                                               "boathouse stays out of reach.")),
    ("climb the scaffold to the belfry", ("Ash gets halfway and peers up toward the belfry, "
                                          "then the plank gives.")),
    ("find the smugglers' buried cask", ("Ash digs until dusk; if there is a cask here, the "
                                         "roots keep it.")),
])
def test_a_failed_attempt_told_short_passes(intent: str, text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent=intent), text) is None


@pytest.mark.parametrize("result,intent,text", [
    (SUCCESS, "drag the anchor up onto the jetty", ("The anchor is too heavy, and Ash lets it "
                                                    "go.")),
    (SUCCESS, "file through the shackle", ("Ash files until dawn with nothing to show for it "
                                           "but a dull rasp.")),
    (SUCCESS, "make the weathervane spin backwards", ("The weathervane creaks round the way it "
                                                      "always has, as it always has.")),
    (SUCCESS, "lay a charm on the well rope", ("The charm sputters wrong and settles on a "
                                               "bucket instead of the rope.")),
    (SUCCESS, "lift the grain sack onto the cart", ("The sack slides back off the tailboard "
                                                    "into the mud.")),
    (SUCCESS, "prise the hinge pins out of the gate", ("Ash works and works, and not one of "
                                                       "them comes loose.")),
    (SUCCESS, "convince the reeve to spare the orchard", ("The reeve nods along, then marks "
                                                          "every tree for felling anyway.")),
    (SUCCESS, "sweet-talk the porter into opening the gate", ("The porter smiles and shoots "
                                                              "the bolt home behind him.")),
    (COMPLICATION, "ford the mill race", ("Ash is across without so much as a splash, and "
                                         "nothing follows.")),
])
def test_a_success_is_not_told_undone(result: dict[str, Any], intent: str, text: str) -> None:
    assert check("outcome", ctx(result, intent=intent), text) is not None


@pytest.mark.parametrize("result,intent,text", [
    (SUCCESS, "drag the anchor up onto the jetty", ("The anchor is too heavy for one, but Ash "
                                                    "gets it up onto the planks.")),
    (SUCCESS, "lever the lid off the cistern", ("The lid grinds aside; the hinges have not "
                                                "moved in a lifetime.")),
    (SUCCESS, "lever the lid off the cistern", ("The lid comes away, though the grime on her "
                                                "hands does not come off.")),
    (SUCCESS, "convince the reeve to spare the orchard", ("The reeve grumbles, but spares "
                                                          "the orchard all the same.")),
    (COMPLICATION, "ford the mill race", ("Ash is across, but the far bank is crawling with "
                                         "the miller's dogs.")),
])
def test_a_success_told_whole_passes(result: dict[str, Any], intent: str, text: str) -> None:
    assert check("outcome", ctx(result, intent=intent), text) is None


CONTEST = {"roll": "contest", "winner": "Ash",
           "participants": [{"name": "Ash", "ruin_before": 1, "ruin_after": 1},
                            {"name": "Bryn", "ruin_before": 2, "ruin_after": 2}]}


@pytest.mark.parametrize("text,bad", [
    ("Bryn is nimbler by a stride and takes the rope first.", True),
    ("Bryn's hand closes on the rope a breath before Ash's does.", True),
    ("Ash is a heartbeat too late.", True),
    ("Ash's hand closes on the rope a breath before Bryn's does.", False),
    ("Bryn lunges, but Ash gets there first.", False),
])
def test_a_contest_is_told_with_its_winner(text: str, bad: bool) -> None:
    context = NarrationContext.build(result=CONTEST, party=["Ash", "Bryn"])
    assert (check("roll", context, text) is not None) is bad


def _hunt(encounter: str) -> dict[str, Any]:
    return {"roll": "hunt", "highest": 3, "tokens_before": 2, "tokens_after": 2,
            "tokens_lost": False, "encounter": encounter, "light": [3]}


@pytest.mark.parametrize("encounter,text,bad", [
    ("present", "Whatever it was, it is a long way off now.", True),
    ("present", "Nothing stirs in the reeds tonight.", True),
    ("none", "Its breath is on your neck before you hear it.", True),
    ("present", "It is here, and it has been here all along.", False),
    ("none", "The reeds are empty and the water is still.", False),
    ("distant", "Far off, something calls once and is answered.", False),
])
def test_a_hunt_is_told_with_its_encounter(encounter: str, text: str, bad: bool) -> None:
    context = NarrationContext.build(result=_hunt(encounter), characters=[{"name": "Ash"}])
    assert (check("encounter", context, text) is not None) is bad


@pytest.mark.parametrize("text", [
    "Ash's blow lands, and the Moss-Wife lies in a hundred wet pieces on the bank.",
    "The Moss-Wife's lanterns flicker and go out, one by one.",
    "It sinks to the mud, spent, among the reeds.",
    "The Moss-Wife sags into the water and does not lift itself again.",
])
def test_a_standing_foe_is_not_broken_up_nor_put_out(text: str) -> None:
    assert check("monster", ctx(STANDS, monster="the Moss-Wife"), text) is not None


@pytest.mark.parametrize("text", [
    "The Moss-Wife's lanterns gutter for a moment, then burn brighter.",
    "Ash's torch goes out in the wind; the Moss-Wife laughs.",
    "The Moss-Wife will not make that mistake again.",
])
def test_a_standing_foe_near_broken_words_passes(text: str) -> None:
    assert check("monster", ctx(STANDS, monster="the Moss-Wife"), text) is None


def test_a_defeated_foe_does_not_get_away_whole() -> None:
    context = ctx(DEFEATED, monster="the Moss-Wife")
    assert check("monster", context, "The Moss-Wife shrugs, laughs, and scuttles off into "
                                     "the reeds.") is not None
    assert check("monster", context, "The Moss-Wife, cut to ribbons, scuttles off into the "
                                     "reeds and does not rise again.") is None


@pytest.mark.parametrize("text,bad", [
    ("Wren's hatchet finds the ogre's ribs and scrapes along them.", True),
    ("Wren misses, but a long gash opens across its brow all the same.", True),
    ("Wren's hatchet whistles past the ogre's ear.", False),
    ("Wren swings for the ogre's knee and hits only the table.", False),
    ("The ogre rubs its jaw and grins at her.", False),
])
def test_a_missed_blow_does_not_touch_the_foe(text: str, bad: bool) -> None:
    assert (check("roll", _dt(MISSED, monster="the ogre"), text) is not None) is bad


@pytest.mark.parametrize("text", [
    "Wren's hatchet rings off the ogre's shoulder and takes a sliver of hide with it.",
    "The hatchet bites deep. The ogre jerks away from her, bellowing.",
])
def test_a_landed_blow_may_glance_or_draw_a_flinch(text: str) -> None:
    assert check("roll", _dt(LANDED, monster="the ogre"), text) is None


# A second set of this file's own phrasings, written after the classes above, over every system:
# each bad one caught, each good one passed.
TT_WIN = {"roll": "opposed", "opposed_roll": True, "action_total": 9, "reaction_total": 6, "winner": "action", "scenario": "interaction", "system": "triptycho"}
TT_LOSE = {**TT_WIN, "winner": "reaction", "action_total": 4}
TT_DEF = {"roll": "damage", "system": "triptycho", "hit": True, "dealt": 5, "defeated": True, "points_before": 5, "points_after": 0}
TT_STAND = {**TT_DEF, "defeated": False, "points_after": 3, "dealt": 2}
def tt(result: dict[str, Any], **kw: Any) -> NarrationContext:
    return NarrationContext.build(result=result, system="triptycho",
                                  characters=[{"name": "Odo"}], **kw)
SECOND_BAD = [
 ("outcome", ctx(FAILURE, intent="pick the lock on the tithe box"), "The tithe box sighs open under Ash's wire, and the coins inside glint."),
 ("outcome", ctx(FAILURE, intent="climb the quarry face to the rim"), "Ash's boots scrape the last handhold and she rolls over onto the rim, grinning at the sky."),
 ("outcome", ctx(FAILURE, intent="track the deer to its bed"), "The prints lead Ash straight to a hollow of flattened bracken where the deer lies dozing."),
 ("outcome", ctx(FAILURE, intent="talk the ferryman into taking her across"), "The ferryman grunts, takes her coin, and poles her over to the far landing."),
 ("outcome", ctx(SUCCESS, intent="pick the lock on the tithe box"), "The wire bends, the wards stay stubborn, and the tithe box stays locked."),
 ("outcome", ctx(SUCCESS, intent="climb the quarry face to the rim"), "Halfway up the stone crumbles under her palm and Ash slithers all the way back to the quarry floor."),
 ("outcome", ctx(SUCCESS, intent="talk the ferryman into taking her across"), "The ferryman listens, shrugs, and pushes off without her."),
 ("outcome", ctx(SUCCESS, intent="track the deer to its bed"), "By noon the prints are gone into rock and Ash has lost the deer entirely."),
 ("outcome", ctx(SUCCESS, intent="decipher the runes on the lintel"), "The runes are too worn; Ash can't tell one from the next."),
 ("outcome", ctx(SUCCESS, intent="sneak past the sleeping wolves"), "A wolf lifts its head, ears pricked, and its yellow eyes find Ash among the birches."),
 ("outcome", ctx(FAILURE, intent="sneak past the sleeping wolves"), "Not one wolf stirs as Ash slips through the birches and away."),
 ("outcome", _dt(_hide(True), monster="the warden"), "The warden's head snaps round, and he looks Wren full in the face."),
 ("outcome", _dt(_hide(False), monster="the warden"), "The warden peers into the gloom, sees only barrels, and moves on."),
 ("outcome", tt(TT_LOSE, intent="persuade the Magistrate to release the prisoner"), "The Magistrate sighs and signs the release with a flourish."),
 ("outcome", tt(TT_LOSE, intent="cross the ice to the far shore"), "Odo skates the last yards and stamps onto the far shore."),
 ("outcome", _dt(MISSED, monster="the ogre"), "Wren's hatchet opens a red line across the ogre's forearm."),
 ("outcome", _dt(MISSED, monster="the ogre"), "The hatchet thuds into the ogre's thigh and stays there."),
 ("outcome", _dt(LANDED, monster="the ogre"), "The ogre leans back and Wren's hatchet hisses through the space where its head was."),
 ("outcome", _dt(LANDED, monster="the ogre"), "Wren's hatchet skids off the ogre's iron collar and does nothing."),
 ("monster", ctx(STANDS, monster="the Bone Heron"), "The Bone Heron folds in on itself and does not move."),
 ("monster", ctx(STANDS, monster="the Bone Heron"), "Ash's last blow shatters the Bone Heron into a drift of white splinters."),
 ("monster", ctx(STANDS, monster="the Bone Heron"), "The light in the Bone Heron's eyes dims and goes dark."),
 ("monster", ctx(STANDS, monster="the Bone Heron"), "The Bone Heron wheels away over the marsh and is not seen again."),
 ("monster", ctx(DEFEATED, monster="the Bone Heron"), "The Bone Heron shakes the water from its wings and stalks toward Ash once more."),
 ("monster", ctx(DEFEATED, monster="the Bone Heron"), "The Bone Heron takes the blow without a sound and stands its ground."),
 ("monster", ctx(DEFEATED, monster="the Bone Heron"), "The Bone Heron lifts off, unhurt, and is gone over the reeds."),
 ("monster", tt(TT_STAND, monster="the Clockwork Bailiff"), "The Clockwork Bailiff's springs burst and it clatters apart on the cobbles."),
 ("monster", tt(TT_DEF, monster="the Clockwork Bailiff"), "The Clockwork Bailiff winds itself back up and marches on."),
 ("monster", tt(TT_DEF, monster="the Clockwork Bailiff"), "The blow lands, but the Clockwork Bailiff only ticks louder and raises its baton."),
]
SECOND_GOOD = [
 ("outcome", ctx(FAILURE, intent="pick the lock on the tithe box"), "The wire snaps in the keyhole, and the tithe box stays shut."),
 ("outcome", ctx(SUCCESS, intent="climb the quarry face to the rim"), "Hand, foot, hand, and Ash hauls herself onto the rim, dust in her teeth."),
 ("outcome", ctx(FAILURE, intent="climb the quarry face to the rim"), "Ash gets within a body's length of the rim before her hold crumbles and she slides back to the ledge."),
 ("outcome", ctx(SUCCESS, intent="talk the ferryman into taking her across"), "The ferryman spits, takes her coin, and poles her over without a word."),
 ("outcome", ctx(FAILURE, intent="talk the ferryman into taking her across"), "The ferryman hears her out, then shakes his head and pushes off alone."),
 ("outcome", ctx(SUCCESS, intent="sneak past the sleeping wolves"), "Ash steps between the sleepers; one wolf twitches in a dream, and none of them wakes."),
 ("outcome", ctx(FAILURE, intent="track the deer to its bed"), "The prints thin out on the scree and vanish; the deer could be anywhere."),
 ("outcome", _dt(_hide(True), monster="the warden"), "The warden's lantern swings past the barrels and on down the passage; Wren stays a shadow."),
 ("outcome", _dt(_hide(False), monster="the warden"), "The warden stops dead, lifts his lantern, and looks straight at Wren."),
 ("outcome", _dt(MISSED, monster="the ogre"), "Wren's hatchet whistles past the ogre's shoulder and buries itself in the doorpost."),
 ("outcome", _dt(LANDED, monster="the ogre"), "The hatchet catches the ogre across the forearm, and it roars and backs off a step."),
 ("monster", ctx(STANDS, monster="the Bone Heron"), "Ash's blade cracks one of the Bone Heron's ribs, and it only screams and strikes again."),
 ("monster", ctx(DEFEATED, monster="the Bone Heron"), "The Bone Heron folds into the reeds and lies there, a heap of wet white sticks."),
 ("monster", ctx(DEFEATED, monster="the Bone Heron"), "Ash drives the spear home and the Bone Heron goes down, thrashing, then still."),
 ("monster", tt(TT_DEF, monster="the Clockwork Bailiff"), "Odo's blow stops the Clockwork Bailiff's mainspring, and it winds down to silence mid-stride."),
 ("monster", tt(TT_STAND, monster="the Clockwork Bailiff"), "Odo dents the Clockwork Bailiff's casing; it staggers, ticks, and comes on."),
 ("outcome", tt(TT_WIN, intent="persuade the Magistrate to release the prisoner"), "The Magistrate grumbles, but signs the release all the same."),
 ("outcome", tt(TT_LOSE, intent="persuade the Magistrate to release the prisoner"), "The Magistrate hears Odo out and orders the prisoner back to the cells."),
]


def _beat(context: NarrationContext, kind: str) -> str:
    if context.system != "trophy":
        return "roll"
    return "monster" if kind == "monster" else "outcome"


@pytest.mark.parametrize("kind,context,text", SECOND_BAD, ids=lambda v: str(v)[:40])
def test_a_second_set_of_contradictions_is_caught(kind: str, context: NarrationContext,
                                                  text: str) -> None:
    assert check(_beat(context, kind), context, text) is not None


@pytest.mark.parametrize("kind,context,text", SECOND_GOOD, ids=lambda v: str(v)[:40])
def test_a_second_set_of_faithful_replies_passes(kind: str, context: NarrationContext,
                                                 text: str) -> None:
    assert check(_beat(context, kind), context, text) is None


# A third set of this file's own phrasings (holding against a force, carrying, reading, spells,
# Triptycho exploration, the foe's workings stopping), written after the second: each bad one
# caught, each good one passed.
TT_EXP_WIN = {**TT_WIN, "scenario": "exploration"}
TT_EXP_LOSE = {**TT_LOSE, "scenario": "exploration"}
DT_CHECK_OK = {"roll": "check", "system": "die_trying", "degree": "success", "total": 12, "dc": 8}
DT_CHECK_NO = {**DT_CHECK_OK, "degree": "failure", "total": 5}
def dtc(result: dict[str, Any], **kw: Any) -> NarrationContext:
    return NarrationContext.build(result=result, system="die_trying",
                                  characters=[{"name": "Wren"}], **kw)
THIRD_BAD = [
 ("outcome", ctx(SUCCESS, intent="read the ledger's cipher"), "The columns swim in front of Ash's eyes and mean nothing to her."),
 ("outcome", ctx(FAILURE, intent="read the ledger's cipher"), "Ash runs a finger down the columns and the cipher opens up to her: names, sums, a date."),
 ("outcome", ctx(SUCCESS, intent="hold the door shut against the flood"), "The water heaves once and the door bursts inward, throwing Ash across the cellar."),
 ("outcome", ctx(FAILURE, intent="hold the door shut against the flood"), "Ash braces, the water heaves, and the door stays shut until the flood gives up."),
 ("outcome", ctx(SUCCESS, intent="carry the wounded boy out of the mill"), "Halfway to the door the boy slips from Ash's arms and she cannot lift him again."),
 ("outcome", ctx(FAILURE, intent="break the chain on the well"), "Two blows with the axe and the chain parts with a bright crack."),
 ("outcome", ctx(FAILURE, intent="jump the gap to the next roof"), "Ash lands on the next roof in a crouch, tiles skittering away under her boots."),
 ("outcome", ctx(SUCCESS, intent="jump the gap to the next roof"), "Ash jumps, and her fingers close on empty air above the alley."),
 ("outcome", ctx(SUCCESS, intent="convince the abbess to open the crypt"), "The abbess listens to the end, then locks the crypt and pockets the key."),
 ("outcome", ctx(FAILURE, intent="convince the abbess to open the crypt"), "The abbess sighs, takes the key from her belt, and opens the crypt for Ash."),
 ("outcome", dtc({**SPELL}, intent="seal the cellar door with frost"), "The frost creeps halfway across the cellar door and melts away to nothing."),
 ("outcome", dtc(DT_CHECK_OK, intent="spot the tripwire in the corridor"), "Wren walks straight into the wire before she knows it is there."),
 ("outcome", tt(TT_EXP_WIN, intent="find the way out of the flooded tunnels"), "Every turning brings Odo back to the same dripping junction."),
 ("outcome", tt(TT_EXP_LOSE, intent="find the way out of the flooded tunnels"), "A draught, then daylight: Odo splashes out of the tunnels onto the riverbank."),
 ("outcome", _dt(MISSED, monster="the ogre"), "Blood wells where Wren's hatchet grazes the ogre's cheek."),
 ("outcome", _dt(MISSED, monster="the ogre"), "Wren's hatchet bites the ogre, and it howls."),
 ("outcome", _dt(LANDED, monster="the ogre"), "The ogre's club knocks Wren's hatchet aside before it lands."),
 ("outcome", _dt(_hide(True), monster="the warden"), "The warden's dog noses straight to Wren's hiding place and barks."),
 ("outcome", _dt(_hide(False), monster="the warden"), "The warden looks everywhere but the alcove where Wren crouches."),
 ("monster", ctx(STANDS, monster="the Salt Widow"), "The Salt Widow crumbles to a white heap on the flagstones."),
 ("monster", ctx(STANDS, monster="the Salt Widow"), "With a last hiss the Salt Widow's lamp goes dark, and she goes with it."),
 ("monster", ctx(STANDS, monster="the Salt Widow"), "The Salt Widow dissolves into the rain and is gone."),
 ("monster", ctx(DEFEATED, monster="the Salt Widow"), "The Salt Widow laughs at the cut and comes at Ash again."),
 ("monster", ctx(DEFEATED, monster="the Salt Widow"), "The Salt Widow drifts back out of reach, whole and patient, waiting for the next night."),
 ("monster", tt(TT_STAND, monster="the Brass Hound"), "The Brass Hound keels over and its gears grind to a stop."),
 ("monster", tt(TT_DEF, monster="the Brass Hound"), "The Brass Hound shakes itself, gears whirring, and lunges for Odo's throat."),
 ("monster", tt(TT_DEF, monster="the Brass Hound"), "The Brass Hound bolts down the alley, unharmed, and away over the wall."),
]
THIRD_GOOD = [
 ("outcome", ctx(SUCCESS, intent="read the ledger's cipher"), "It takes an hour and a candle-end, but the cipher gives way: names, sums, a date."),
 ("outcome", ctx(FAILURE, intent="read the ledger's cipher"), "The cipher keeps its secrets; the columns swim whenever Ash looks too long."),
 ("outcome", ctx(SUCCESS, intent="hold the door shut against the flood"), "The door bucks against Ash's shoulder, once, twice, and holds."),
 ("outcome", ctx(FAILURE, intent="carry the wounded boy out of the mill"), "The boy is heavier than he looks; Ash gets him as far as the stair and no further."),
 ("outcome", ctx(SUCCESS, intent="jump the gap to the next roof"), "Ash jumps, skids on the wet tiles, and stops with a knee on the ridge of the next roof."),
 ("outcome", ctx(FAILURE, intent="jump the gap to the next roof"), "Ash jumps, and the next roof is a yard too far; she drops into the alley's rubbish."),
 ("outcome", ctx(SUCCESS, intent="convince the abbess to open the crypt"), "The abbess frowns a long time, then opens the crypt without a word."),
 ("outcome", dtc(DT_CHECK_OK, intent="spot the tripwire in the corridor"), "Wren stops a step short: a wire, thin as hair, across the corridor at ankle height."),
 ("outcome", tt(TT_EXP_LOSE, intent="find the way out of the flooded tunnels"), "Every turning brings Odo back to the same dripping junction, and the water is rising."),
 ("outcome", _dt(LANDED, monster="the ogre"), "Blood wells where Wren's hatchet opens the ogre's cheek."),
 ("outcome", _dt(MISSED, monster="the ogre"), "The ogre's club knocks Wren's hatchet aside before it lands."),
 ("monster", ctx(STANDS, monster="the Salt Widow"), "The Salt Widow's lamp gutters in the rain but does not go out."),
 ("monster", ctx(DEFEATED, monster="the Salt Widow"), "The Salt Widow crumbles to a white heap on the flagstones, and the rain begins to take her."),
 ("monster", tt(TT_DEF, monster="the Brass Hound"), "The Brass Hound keels over and its gears grind to a stop."),
 ("monster", tt(TT_STAND, monster="the Brass Hound"), "The Brass Hound shakes itself, gears whirring, and lunges for Odo's throat."),
]


@pytest.mark.parametrize("kind,context,text", THIRD_BAD, ids=lambda v: str(v)[:40])
def test_a_third_set_of_contradictions_is_caught(kind: str, context: NarrationContext,
                                                 text: str) -> None:
    assert check(_beat(context, kind), context, text) is not None


@pytest.mark.parametrize("kind,context,text", THIRD_GOOD, ids=lambda v: str(v)[:40])
def test_a_third_set_of_faithful_replies_passes(kind: str, context: NarrationContext,
                                                text: str) -> None:
    assert check(_beat(context, kind), context, text) is None


# A fourth set of this file's own phrasings (Triptycho combat, a river foe, a contest, a hunt, a
# door opened into the place behind it): each bad one caught, each good one passed.
TT_CHIT = {"roll": "opposed", "opposed_roll": True, "action_total": 9, "reaction_total": 6, "winner": "action", "scenario": "combat", "system": "triptycho"}
TT_CMISS = {**TT_CHIT, "winner": "reaction", "action_total": 3}
con = NarrationContext.build(result=CONTEST, party=["Ash", "Bryn"])
def h(encounter: str) -> NarrationContext:
    return NarrationContext.build(result=_hunt(encounter), characters=[{"name": "Ash"}])
FOURTH_BAD = [
 ("roll", tt(TT_CHIT, monster="the Pale Usher"), "The Pale Usher sways aside and Odo's sword finds only its shadow."),
 ("roll", tt(TT_CMISS, monster="the Pale Usher"), "Odo's sword takes the Pale Usher under the arm and it reels."),
 ("roll", tt(TT_CMISS, monster="the Pale Usher"), "Odo feints, then drives the point home into the Pale Usher's side."),
 ("monster", ctx(STANDS, monster="the Eel Mother"), "The Eel Mother thrashes once more, then floats belly-up among the reeds."),
 ("monster", ctx(STANDS, monster="the Eel Mother"), "By dawn the Eel Mother is a pale shape drifting downstream, her fight done."),
 ("monster", ctx(STANDS, monster="the Eel Mother"), "The Eel Mother's last coil loosens, and the river takes her."),
 ("monster", ctx(DEFEATED, monster="the Eel Mother"), "The Eel Mother slides back under the black water, unhurt, to wait."),
 ("monster", ctx(DEFEATED, monster="the Eel Mother"), "Ash's blows glance off the Eel Mother's slick hide and she coils tighter."),
 ("roll", con, "Bryn gets there first and holds the rope up, laughing."),
 ("roll", con, "Ash reaches for the rope, but Bryn has it already."),
 ("encounter", h("present"), "The marsh is empty tonight; whatever hunts here is elsewhere."),
 ("encounter", h("none"), "Something is waiting in the reeds, very close, and it has seen Ash."),
 ("outcome", ctx(COMPLICATION, intent="slip the lock on the chapel door"), "The lock slips open without a sound, and nothing stirs anywhere in the chapel."),
 ("outcome", ctx(FAILURE, intent="slip the lock on the chapel door"), "Ash eases the bolt back and slips into the chapel."),
]
FOURTH_GOOD = [
 ("roll", tt(TT_CHIT, monster="the Pale Usher"), "Odo's sword takes the Pale Usher under the arm and it reels."),
 ("roll", tt(TT_CMISS, monster="the Pale Usher"), "The Pale Usher sways aside and Odo's sword finds only its shadow."),
 ("monster", ctx(DEFEATED, monster="the Eel Mother"), "The Eel Mother's last coil loosens, and the river takes her."),
 ("monster", ctx(STANDS, monster="the Eel Mother"), "The Eel Mother slides back under the black water, unhurt, to wait."),
 ("roll", con, "Ash gets there first and holds the rope up high."),
 ("encounter", h("none"), "The marsh is empty tonight; nothing hunts here."),
 ("outcome", ctx(COMPLICATION, intent="slip the lock on the chapel door"), "The lock slips open, but the hinge shrieks, and somewhere in the chapel something answers."),
]


@pytest.mark.parametrize("beat,context,text", FOURTH_BAD, ids=lambda v: str(v)[:40])
def test_a_fourth_set_of_contradictions_is_caught(beat: str, context: NarrationContext,
                                                  text: str) -> None:
    assert check(beat, context, text) is not None


@pytest.mark.parametrize("beat,context,text", FOURTH_GOOD, ids=lambda v: str(v)[:40])
def test_a_fourth_set_of_faithful_replies_passes(beat: str, context: NarrationContext,
                                                 text: str) -> None:
    assert check(beat, context, text) is None


@pytest.mark.parametrize("text", [
    "The grate will not come, and under the water the eel-wife turns toward Ash.",
    "The grate stays put; the warden turns on her with a lantern raised.",
])
def test_someone_turning_toward_the_character_is_no_thing_giving_way(text: str) -> None:
    assert check("outcome", ctx(FAILURE, intent="prise the grate off the eel-wife's well"),
                 text) is None
