"""The story memory in the app: what the narrators are told, and what a reload keeps.

The views are built around a Session on the test's own ORACLE_HOME; the narrator is a
FakeNarrator, so each test reads the NarrationContext the session built for a beat.
"""

from __future__ import annotations

from oracle.app import build
from oracle.app.shell import OracleApp
from oracle.narrator.base import NarrationContext
from oracle.narrator.fake import FakeNarrator
from oracle.trophy.bestiary import bestiary
from tests.app_driver import click, fill, read, trophy_moves


def ready_app() -> tuple[OracleApp, FakeNarrator]:
    app = build()
    click(app.start, "oracle-quickstart")
    fill(app, "oracle-physical", True)
    fake = FakeNarrator()
    app.session.narrator = fake
    return app, fake


def told(app: OracleApp, fake: FakeNarrator, beat: str) -> NarrationContext:
    app.session.narration.wait()
    contexts = [context for said, context in fake.history if said == beat]
    assert contexts, f"no {beat} beat was voiced"
    return contexts[-1]


def fight(app: OracleApp, monster: str) -> None:
    view = app.view("Combat")
    fill(view, "oracle-monster", monster)
    fill(view, "oracle-endurance", 12)
    fill(view, "oracle-weak-faces", "3")
    click(view, "oracle-combat-start")
    assert read(view, "oracle-error") == ""


def roll_combat(app: OracleApp, faces: str = "1") -> None:
    view = app.view("Combat")
    fill(view, "oracle-combat-faces", faces)
    click(view, "oracle-combat-roll")
    assert read(view, "oracle-error") == ""


def test_a_named_monster_is_the_monster_and_never_the_stated_intent() -> None:
    app, fake = ready_app()
    fight(app, "the Antlered Man")
    roll_combat(app)
    context = told(app, fake, "monster")
    assert context.monster == "the Antlered Man"
    assert context.intent == ""  # the monster is no longer sent as what the character attempts
    assert context.place == "The forest's edge"  # the scene is the place
    assert context.party == ()  # solo: nobody else is present
    assert any("the Antlered Man" in fact for fact in context.story)


def test_combat_keeps_its_monster_after_a_reload() -> None:
    app, fake = ready_app()
    fight(app, "the Antlered Man")
    roll_combat(app)
    again = build()  # a reload: a new page lands where play stood
    again.session.narrator = fake
    status = read(again.view("Combat"), "oracle-combat-status")
    assert "the Antlered Man" in status and "The monster" not in status
    roll_combat(again, "1 2")
    assert told(again, fake, "monster").monster == "the Antlered Man"


def test_an_unnamed_monster_is_drawn_once_and_kept_for_the_whole_fight() -> None:
    app, fake = ready_app()
    fight(app, "")
    foe = app.session.story.foe
    assert foe is not None and foe.drawn
    assert foe.name in {m.name for m in bestiary()} and foe.description
    roll_combat(app)
    first = told(app, fake, "monster").monster
    roll_combat(app, "1 2")
    # a bestiary name reads "the Pale Stag"; one with its own article ("The Forgotten Heir")
    # is never given a second
    named = foe.name if foe.name.lower().startswith(("the ", "a ", "an ")) else f"the {foe.name}"
    assert told(app, fake, "monster").monster == first == named
    assert app.session.story.foe == foe
    assert any(foe.description in fact for fact in told(app, fake, "monster").story)


def test_a_drawn_monster_keeps_to_the_campaigns_lines() -> None:
    app, _fake = ready_app()
    app.session.set_safety(["drowning"], [])
    for _ in range(6):
        fight(app, "")
        foe = app.session.story.foe
        assert foe is not None and "drown" not in foe.description.lower()
        trophy_moves(app.session).abandon_combat()


def test_a_risk_roll_is_told_its_intent_what_could_go_wrong_and_the_bargain_owed() -> None:
    app, fake = ready_app()
    trophy_moves(app.session).add_character({"name": "Bryn", "occupation": "Poacher"})
    trophy_moves(app.session).risk(action="pry open the reliquary", wrong="the floor gives way",
                           bargain="the lantern goes out for good", skill=True, dark=True,
                           light_faces=[4, 2], dark_faces=[1])
    app.session.voice("outcome", dict(app.session.state.last_result or {}))
    context = told(app, fake, "outcome")
    assert context.intent == "pry open the reliquary"
    assert context.could_go_wrong == "the floor gives way"
    assert context.bargain == "the lantern goes out for good"
    assert context.party == ("Bryn",)  # everyone else in play is present
    hero = trophy_moves(app.session).characters()[0].name  # the quick start's generated hunter
    assert f"Devil's Bargain owed by {hero}: the lantern goes out for good" in context.story


def test_offers_for_the_next_roll_are_not_told_the_last_rolls_picks() -> None:
    app, fake = ready_app()
    trophy_moves(app.session).risk(action="climb", wrong="the rope frays", bargain="a glove",
                           skill=True, light_faces=[4, 2], dark_faces=[])
    app.session.offers("wrong", {"roll": "risk"}, intent="cross the ford")
    _beat, context = fake.history[-1]
    assert context.could_go_wrong == "" and context.bargain == ""
    assert context.intent == "cross the ford"


def test_a_ruin_roll_and_a_reduction_are_told_the_players_own_words() -> None:
    app, fake = ready_app()
    fill(app.view("Ruin"), "oracle-ruin-reason", "my brother standing in the river")
    fill(app.view("Ruin"), "oracle-ruin-face", "6")
    click(app.view("Ruin"), "oracle-ruin-roll")
    assert told(app, fake, "ruin").intent == "my brother standing in the river"
    assert app.session.story.sight is not None


def test_the_journal_moves_the_story_and_settles_a_bargain_with_a_click() -> None:
    from tests.app_driver import find, find_all

    app, fake = ready_app()
    journal = app.journal
    click(journal, "oracle-move")
    assert read(journal, "oracle-error").startswith("place: say where the story is now.")
    fill(journal, "oracle-place", "the mill race")
    click(journal, "oracle-move")
    assert app.session.story.place == "the mill race"
    trophy_moves(app.session).risk(action="climb", bargain="the crows follow", skill=True,
                           light_faces=[4, 2], dark_faces=[])
    app.refresh()
    assert "owes a Devil&#x27;s Bargain" in read(journal, "oracle-story")
    [paid] = find_all(journal, "oracle-bargain-paid")
    paid.click()
    assert app.session.story.owed == ()
    assert find_all(journal, "oracle-bargain-paid") == [] and find(journal, "oracle-owed")
    app.session.voice("outcome", dict(app.session.state.last_result or {}))
    assert told(app, fake, "outcome").place == "the mill race"


def test_a_fight_from_an_older_journal_can_name_its_monster_once_mid_fight() -> None:
    from tests.app_driver import find

    app, fake = ready_app()
    campaign = app.session.campaign
    assert campaign is not None
    campaign.record({"type": "combat_started", "endurance": 12,  # written before the story
                     "fighters": [{"name": str(app.session.active), "weak_point": 3}]})
    app.refresh()
    view = app.view("Combat")
    assert "The monster" in read(view, "oracle-combat-status")
    click(view, "oracle-monster-name")
    assert find(view, "oracle-monster-naming").layout.display == ""
    assert read(view, "oracle-error") == "monster: type a name for the monster first."
    fill(view, "oracle-monster-late", "the Hollow Hound")
    click(view, "oracle-monster-name")
    assert "the Hollow Hound" in read(view, "oracle-combat-status")
    assert find(view, "oracle-monster-naming").layout.display == "none"  # named once
    roll_combat(app)
    assert told(app, fake, "monster").monster == "the Hollow Hound"


def test_what_a_beat_is_told_of_the_stated_attempt_and_the_foe_comes_from_the_system() -> None:
    from oracle.app.story import story_context
    from oracle.journal.story import Foe, Said, StoryMemory

    memory = StoryMemory(foe=Foe("the Pale Stag"), intent=Said("cross the weir", "Ash", 3))

    def told(beat: str, result: dict[str, object]) -> dict[str, object]:
        return story_context(memory, beat, result, "", ["Ash"], ["Ash"], "trophy")

    # a Risk Roll tells what was attempted; a Hunt's encounter and a fight's course do not
    assert told("outcome", {"roll": "risk", "outcome": "success"})["intent"] == "cross the weir"
    assert told("encounter", {"roll": "hunt", "encounter": "present"})["intent"] == ""
    assert told("monster", {"roll": "combat", "defeated": False})["intent"] == ""
    # the foe is named to a roll made against it (Settled.against_foe), not to any roll
    assert told("outcome", {"roll": "risk", "outcome": "failure", "foe": "monster"})[
        "monster"] == "the Pale Stag"
    assert told("outcome", {"roll": "risk", "outcome": "failure"})["monster"] == ""
