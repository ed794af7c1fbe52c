"""The big moments right (issue 17): losing yourself, the side panel after armor, the X-card,
a monster's Endurance and Gold. Driven in-process through ``app_driver`` hooks."""

from __future__ import annotations

import threading

from oracle.app import build
from oracle.app.narration import Voiced
from oracle.app.shell import OracleApp
from oracle.app.trophy.moves import trophy_moves
from oracle.narrator.fake import FakeNarrator
from tests.app_driver import click, fill, find_all, read


def party(app: OracleApp, mara_ruin: int = 4) -> str:
    """Quick start's hero and Mara (armor, Ruin ``mara_ruin``), Mara active, physical dice."""
    fill(app, "oracle-physical", True)
    moves = trophy_moves(app.session)
    moves.add_character({"name": "Mara", "occupation": "Priest", "armor": ["Helm"],
                         "starting_ruin": mara_ruin})
    app.refresh()
    fill(app.side, "oracle-active", "Mara")
    return moves.characters()[0].name


def quick(narrator: FakeNarrator | None = None) -> OracleApp:
    app = build()
    if narrator is not None:
        app.session.narrator = narrator
    click(app.start, "oracle-quickstart")
    fill(app.view("Risk"), "oracle-intent", "")
    return app


def fight(app: OracleApp, hero: str, weak: str, endurance: int = 12) -> None:
    view = app.view("Combat")
    fill(view, "oracle-endurance", endurance)
    fill(view, "oracle-fighters", ("Mara", hero))
    fill(view, "oracle-weak-faces", weak)
    click(view, "oracle-combat-start")
    assert read(view, "oracle-error") == ""


# -- M1: the side panel after a Weak Point hit and armor --------------------------------------

def test_a_weak_point_hit_to_ruin_6_waits_for_armor_before_anyone_is_lost() -> None:
    app = quick()
    hero = party(app, mara_ruin=4)
    fight(app, hero, "5 3")
    view = app.view("Combat")
    fill(view, "oracle-combat-faces", "5 5")  # two hits on Mara's Weak Point: Ruin 4 -> 6
    click(view, "oracle-combat-roll")
    assert app.session.state.character("Mara").ruin == 6
    # the roll is not settled while armor may still be marked: Mara is still played
    assert app.session.active == "Mara"
    assert "lost themself" not in read(app.side, "oracle-switched")
    sheet = read(app.side, "oracle-sheet")
    assert "unless armor is marked" in sheet and "oracle-lost" not in sheet
    find_all(view, "oracle-armor-mark")[0].click()
    assert app.session.state.character("Mara").ruin == 4
    assert app.session.active == "Mara"
    assert read(app.side, "oracle-switched") == ""
    assert app.side is not None and app.side.screen.layout.display == "none"


def test_the_switch_sentence_goes_when_the_loss_is_undone() -> None:
    app = quick()
    party(app, mara_ruin=5)
    fill(app.view("Ruin"), "oracle-ruin-face", "6")
    click(app.view("Ruin"), "oracle-ruin-roll")
    app.session.narration.wait()
    click(app.side, "oracle-fate-death")
    assert "Mara" in read(app.side, "oracle-switched")
    app.session.undo_last()  # the fate
    app.session.undo_last()  # the Ruin Roll
    app.refresh()
    assert app.session.state.character("Mara").ruin == 5
    assert read(app.side, "oracle-switched") == ""


# -- M2: losing yourself is voiced about the one who is lost ----------------------------------

def _held(app: OracleApp) -> threading.Event:
    """Hold the narrator's queue, so the next beats are voiced after the page moved on."""
    gate = threading.Event()

    def hold() -> Voiced:
        gate.wait(30)
        return Voiced(text="", narrator="none", beat="")

    app.session.narration.submit(hold)
    return gate


def _lost_characters(fake: FakeNarrator) -> list[tuple[str, ...]]:
    return [tuple(str(c.get("name")) for c in context.characters)
            for beat, context in fake.history if beat == "lost"]


def test_a_ruin_roll_to_6_is_voiced_about_the_one_who_is_lost() -> None:
    fake = FakeNarrator()
    app = quick(fake)
    party(app, mara_ruin=5)
    gate = _held(app)
    fill(app.view("Ruin"), "oracle-ruin-face", "6")
    click(app.view("Ruin"), "oracle-ruin-roll")
    assert app.session.active != "Mara"  # the page moved on to the next character
    gate.set()
    app.session.narration.wait()
    assert _lost_characters(fake) == [("Mara",)]


def test_a_combat_roll_that_loses_a_fighter_voices_their_loss_about_them() -> None:
    fake = FakeNarrator()
    app = quick(fake)
    hero = party(app, mara_ruin=4)
    fight(app, hero, "5 3")
    gate = _held(app)
    view = app.view("Combat")
    fill(view, "oracle-combat-faces", "5 5")
    click(view, "oracle-combat-roll")
    click(view, "oracle-armor-decline")  # Mara takes the Ruin: 6, lost
    assert app.session.state.character("Mara").lost
    gate.set()
    app.session.narration.wait()
    assert _lost_characters(fake) == [("Mara",)]
    assert app.side is not None and app.side.screen.layout.display == ""


# -- M4: the X-card clears the struck words from the banner ----------------------------------

def test_the_x_card_takes_the_struck_words_off_the_lost_screen() -> None:
    fake = FakeNarrator("Mara walks into the dark singing.", "Mara is gone.")
    app = quick(fake)
    party(app, mara_ruin=5)
    fill(app.view("Ruin"), "oracle-ruin-face", "6")
    click(app.view("Ruin"), "oracle-ruin-roll")
    app.session.narration.wait()
    app.refresh()
    assert "singing" in read(app.side, "oracle-lost-text")
    gate = _held(app)  # the replacement comes later
    app.session.x_card()
    assert "singing" not in read(app.side, "oracle-lost-text")
    gate.set()
    app.session.narration.wait()
    assert "Mara is gone." in read(app.side, "oracle-lost-text")  # no reload, no other click
    # the new words are about Mara, though the page now plays someone else
    assert app.session.active != "Mara"
    assert _lost_characters(fake)[-1] == ("Mara",)


# -- M5: a monster defeated on a roll after which armor is marked ----------------------------

def test_a_monster_defeated_on_a_roll_then_armor_stays_defeated_and_its_gold_is_collected(
        ) -> None:
    app = quick()
    hero = party(app, mara_ruin=1)
    view = app.view("Combat")
    fill(view, "oracle-monster", "Pale Stag")
    fill(view, "oracle-monster-gold", 2)
    fight(app, hero, "5 3", endurance=9)
    fill(view, "oracle-combat-faces", "5 6")  # 11 against 9: defeated, and Mara is hit
    click(view, "oracle-combat-roll")
    quarry = trophy_moves(app.session).state.expedition.quarry
    assert quarry is not None and quarry.defeated
    find_all(view, "oracle-armor-mark")[0].click()
    quarry = trophy_moves(app.session).state.expedition.quarry
    assert quarry is not None and quarry.defeated and quarry.lootable


# -- M3: a drawn monster is fought at its own Endurance, and its Gold is said ----------------

def test_a_monster_drawn_from_the_bestiary_is_fought_at_its_own_endurance_and_shows_its_gold(
        ) -> None:
    from oracle.trophy.bestiary import bestiary

    app = quick()
    hero = party(app, mara_ruin=1)
    fight(app, hero, "5 3", endurance=7)  # the form's default; no monster named: one is drawn
    state = trophy_moves(app.session).state
    assert state.combat is not None
    quarry = state.expedition.quarry
    assert quarry is not None
    drawn = {m.name: m for m in bestiary()}[quarry.name]
    assert state.combat.endurance == drawn.endurance
    assert quarry.gold == drawn.gold
    status = read(app.view("Combat"), "oracle-combat-status")
    assert f"Endurance {drawn.endurance}" in status
    assert (f"{drawn.gold} Gold" in status) == (drawn.gold > 0)


# -- m5: a generated incursion fills the form; beginning it works ----------------------------

def test_generate_fills_the_incursion_form_and_begin_starts_it() -> None:
    app = quick()
    view = app.view("Incursion")
    click(view, "oracle-incursion-generate")
    assert trophy_moves(app.session).state.expedition.incursion is None  # not begun yet
    title = read(view, "oracle-incursion-title")
    lines = read(view, "oracle-incursion-sets").splitlines()
    assert title and lines and all(": " in line for line in lines)
    click(view, "oracle-incursion-start")
    assert read(view, "oracle-error") == ""
    incursion = trophy_moves(app.session).state.expedition.incursion
    assert incursion is not None and incursion.title == title
    assert [f"{s.title}: {s.goal}" for s in incursion.sets] == lines
    assert find_all(view, "oracle-incursion-start")[0].disabled  # one at a time


# -- m7: one holder of the Hunt Tokens pays for the goal without being asked -----------------

def test_three_tokens_for_a_goal_come_from_the_one_who_holds_them() -> None:
    app = quick()
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest",
                                             "hunt_tokens": 3})
    app.refresh()
    assert app.session.active != "Mara"  # solo play: the hero is played, Mara holds the tokens
    view = app.view("Hunt")
    fill(view, "oracle-goal", "Cross the black river")
    click(view, "oracle-spend-goal")
    assert read(view, "oracle-spend-error") == ""
    assert app.session.state.character("Mara").hunt_tokens == 0


# -- m8: the Reduction Roll shows its odds like every other roll -----------------------------

def test_the_reduction_roll_shows_its_exact_odds() -> None:
    app = quick()
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest", "ruin": 5})
    app.refresh()
    fill(app.side, "oracle-active", "Mara")
    assert trophy_moves(app.session).character("Mara").can_reduce
    odds = read(app.view("Ruin"), "oracle-reduction-odds")
    assert "Mara sheds 1 Ruin unnoticed <b>66.7%</b>" in odds  # a light die below 5: 4 in 6


# -- m2/m3: a new campaign shows nothing of the last one's oracle ----------------------------

def test_a_new_campaign_of_another_system_shows_none_of_the_last_oracle_words() -> None:
    app = quick()
    oracle = app.oracle
    fill(oracle, "oracle-question", "Is the ferryman still alive?")
    click(oracle, "oracle-ask")
    assert "d10" in read(oracle, "oracle-answer")
    fill(oracle, "oracle-scene-title", "The drowned chapel")
    click(oracle, "oracle-scene-start")
    app.session.new_campaign("Side quest", "die_trying")
    app.refresh()
    for hook in ("oracle-answer", "oracle-scene-verdict", "oracle-question",
                 "oracle-scene-title"):
        assert read(oracle, hook) == "", hook


# -- m11: an undone line keeps its words -----------------------------------------------------

def test_an_undone_ruin_roll_keeps_its_words_with_undone() -> None:
    app = quick()
    party(app, mara_ruin=3)
    fill(app.view("Ruin"), "oracle-ruin-face", "6")
    click(app.view("Ruin"), "oracle-ruin-roll")
    app.session.narration.wait()
    app.refresh()
    assert "Ruin 3 → 4" in read(app.journal, "oracle-journal-entries")
    app.session.undo_last()
    app.refresh()
    journal = read(app.journal, "oracle-journal-entries")
    line = next(part for part in journal.split("<div class=") if "Ruin Roll" in part)
    assert "Ruin 3 → 4" in line and "(undone)" in line and "no Ruin marked" not in line


# -- m9: journal lines carry what decided ----------------------------------------------------

def test_a_contest_line_carries_its_stake_and_every_ones_faces() -> None:
    app = quick()
    party(app, mara_ruin=1)
    moves = trophy_moves(app.session)
    hero = moves.characters()[0].name
    moves.contest([{"name": hero, "skill": True}, {"name": "Mara", "skill": False}],
                  {hero: ([5, 3], []), "Mara": ([2], [])}, stake="the last boat")
    app.refresh()
    journal = read(app.journal, "oracle-journal-entries")
    line = next(part for part in journal.split("<div class=") if "Contest" in part)
    for said in ("the last boat", f"{hero} light 5 3", "Mara light 2", f"{hero} wins"):
        assert said in line, said


def test_a_triptycho_attack_line_carries_its_dice_and_hit_or_miss() -> None:
    from oracle.systems import SYSTEMS

    line = SYSTEMS["triptycho"].journal_line(
        {"type": "attack", "attacker": "Rook", "target": "Viper",
         "action": {"dice": "2d6", "faces": [4, 1]}, "reaction": {"dice": "1d6", "faces": [6]}},
        {"hit": False}).plain()
    assert line == "Rook attacks Viper · action 2d6 [4, 1], reaction 1d6 [6] → miss"


# -- m4 / M5: an older defeated monster's Gold is still collectable --------------------------

def test_the_gold_of_a_monster_defeated_before_later_fights_can_still_be_collected() -> None:
    app = quick()
    hero = party(app, mara_ruin=1)
    view = app.view("Combat")
    for monster, gold in (("Pale Stag", 2), ("Hollow Crow", 0), ("Grey Hound", 0)):
        fill(view, "oracle-monster", monster)
        fill(view, "oracle-monster-gold", gold)
        fight(app, hero, "1 2", endurance=9)
        fill(view, "oracle-combat-faces", "5 6")  # 11 against 9, nobody's Weak Point
        click(view, "oracle-combat-roll")
        assert trophy_moves(app.session).state.combat is None
    incursion = app.view("Incursion")
    incursion.refresh()
    assert "Pale Stag (2 Gold)" in read(incursion, "oracle-incursion")
    fill(incursion, "oracle-collectors", (hero, "Mara"))
    click(incursion, "oracle-collect-gold")
    assert read(incursion, "oracle-error") == ""
    state = app.session.state
    assert state.character(hero).gold + state.character("Mara").gold == 2
    assert trophy_moves(app.session).state.expedition.lootable == ()


# -- m12: the story so far says who died, and forgets what they owed --------------------------

def test_the_story_so_far_says_who_died_and_drops_their_bargain_and_intent() -> None:
    app = quick()
    party(app, mara_ruin=4)
    moves = trophy_moves(app.session)
    moves.risk(action="Cross the rotten bridge", skill=True, bargain="Lose your lantern",
               light_faces=[6, 2], dark_faces=[])
    moves.accept_roll()
    facts = "\n".join(app.session.story.facts())
    assert "Lose your lantern" in facts and "Cross the rotten bridge" in facts
    moves.ruin_roll(6)  # Ruin 4 -> 5
    moves.ruin_roll(6)  # Ruin 5 -> 6: lost
    moves.choose_fate("death", name="Mara")
    facts = "\n".join(app.session.story.facts())
    assert "Gone from the story: Mara died" in facts
    assert "Lose your lantern" not in facts and "Cross the rotten bridge" not in facts


# -- m16: no refusal under Cast before anyone casts ------------------------------------------

def test_a_caster_without_magic_dice_is_said_plainly_before_anyone_casts() -> None:
    from oracle.app.die_trying.view import DieTryingView
    from tests.test_die_trying_view import make

    view = DieTryingView(None)
    make(view, "Pip", md=0)
    fill(view, "oracle-dt-caster", "Pip")
    odds = read(view, "oracle-dt-cast-odds")
    assert "Pip has no Magic Dice to cast with" in odds and "at most" not in odds
    assert read(view, "oracle-dt-cast-error") == ""


# -- polish: one dark die is not "the two highest" -------------------------------------------

def test_a_lone_fighters_combat_roll_reads_as_one_die() -> None:
    app = quick()
    fill(app, "oracle-physical", True)
    hero = trophy_moves(app.session).characters()[0].name
    view = app.view("Combat")
    fill(view, "oracle-monster", "Pale Stag")
    fill(view, "oracle-endurance", 9)
    fill(view, "oracle-fighters", (hero,))
    fill(view, "oracle-weak-faces", "1")
    click(view, "oracle-combat-start")
    fill(view, "oracle-combat-faces", "5")
    click(view, "oracle-combat-roll")
    dice = read(view, "oracle-combat-dice")
    assert "The one die: <b>5</b>" in dice and "two highest" not in dice
