"""Corrections and choices a sheet allows, in the app (issue 17 item 4): correct a sheet with a
reason beside the tabs, pick the armor piece to mark, a named treasure for a token, and the
end-of-incursion summary in town. Driven in-process through ``app_driver`` hooks."""

from __future__ import annotations

import html
import time

from oracle.app import build
from oracle.app.shell import OracleApp
from oracle.app.trophy.moves import trophy_moves
from oracle.journal.exports import export
from oracle.narrator.fake import FakeNarrator
from tests.app_driver import click, described, fill, find, find_all, read, shown


def quick() -> OracleApp:
    app = build()
    app.session.narrator = FakeNarrator()
    click(app.start, "oracle-quickstart")
    fill(app, "oracle-physical", True)
    return app


def with_mara(app: OracleApp, **sheet: object) -> None:
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest", **sheet})
    app.refresh()
    fill(app.side, "oracle-active", "Mara")


def correct(app: OracleApp, what: str, reason: str, to: int | None = None,
            condition: str = "") -> None:
    side = app.side
    if not shown(side, "oracle-correct-form"):
        click(side, "oracle-correct-open")
    fill(side, "oracle-correct-what", what)
    if to is not None:
        fill(side, "oracle-correct-to", to)
    if condition and what == "condition":
        fill(side, "oracle-correct-condition", condition)
    elif condition:
        fill(side, "oracle-correct-held", condition)
    fill(side, "oracle-correct-reason", reason)
    click(side, "oracle-correct-apply")


def last_words(app: OracleApp) -> str:
    """The newest move's journal line (narration that follows it aside)."""
    campaign = app.session.require()
    moves = [e for e in campaign.entries if e.type != "narration"]
    return campaign.summary(moves[-1])


# -- correcting a sheet ----------------------------------------------------------------------

def test_a_ruin_is_corrected_with_its_reason_journalled_undone_and_redone() -> None:
    app = quick()
    with_mara(app, ruin=4)
    assert shown(app.side, "oracle-correct") and not shown(app.side, "oracle-correct-form")
    click(app.side, "oracle-correct-open")
    assert "Mara's Ruin is <b>4</b>" in read(app.side, "oracle-correct-now")
    assert read(app.side, "oracle-correct-to") == 4  # starts at the sheet's value
    correct(app, "ruin", "misread the dark die", to=3)
    assert read(app.side, "oracle-correct-error") == ""
    assert app.session.state.character("Mara").ruin == 3
    assert last_words(app) == "Correction: Mara's Ruin 4 → 3 (misread the dark die)"
    assert "Correction: Mara" in read(app.side, "oracle-correct-done")
    app.refresh()
    assert "Correction: Mara" in read(app.side, "oracle-correct-done")  # until the sheet moves
    assert "Correction: Mara's Ruin 4 → 3 (misread the dark die)" in export(
        app.session.require(), "text")
    click(app, "oracle-undo")
    assert app.session.state.character("Mara").ruin == 4
    assert read(app.side, "oracle-correct-done") == ""  # it spoke of the undone sheet
    click(app, "oracle-redo")
    assert app.session.state.character("Mara").ruin == 3


def test_a_correction_the_rules_forbid_says_why_and_changes_nothing() -> None:
    app = quick()
    with_mara(app, starting_ruin=2, ruin=3, hunt_tokens=1)
    entries = len(app.session.require().entries)
    for what, to, said in (("ruin", 1, "starting Ruin 2"), ("ruin", 7, "to 6"),
                           ("hunt_tokens", -1, "never negative"), ("gold", -1, "never negative")):
        correct(app, what, "a reason", to=to)
        assert said in read(app.side, "oracle-correct-error"), (what, to)
    correct(app, "ruin", "", to=2)
    assert "reason: say in a few words" in read(app.side, "oracle-correct-error")
    correct(app, "condition", "why", condition="42")
    assert "a change of body or mind" in read(app.side, "oracle-correct-error")
    mara = app.session.state.character("Mara")
    assert (mara.ruin, mara.hunt_tokens, mara.gold, mara.conditions) == (3, 1, 0, ())
    assert len(app.session.require().entries) == entries


def test_a_condition_is_written_on_and_struck_off_by_a_correction() -> None:
    app = quick()
    with_mara(app)
    correct(app, "condition", "forgot to write it", condition="Sprained ankle")
    assert app.session.state.character("Mara").conditions == ("Sprained ankle",)
    assert last_words(app) == ("Correction: Mara takes the Condition Sprained ankle (forgot to "
                               "write it)")
    correct(app, "strike", "healed in town", condition="Sprained ankle")
    assert read(app.side, "oracle-correct-error") == ""
    assert app.session.state.character("Mara").conditions == ()


def test_a_correction_to_ruin_6_is_losing_yourself_told_about_the_lost_one() -> None:
    app = quick()
    with_mara(app, ruin=5)
    narrator = app.session.narrator
    assert isinstance(narrator, FakeNarrator)
    correct(app, "ruin", "the last mark was never written", to=6)
    mara = app.session.state.character("Mara")
    assert mara.lost and mara.fate is None
    assert last_words(app).endswith(": Mara is lost")
    campaign = app.session.require()
    corrected = [e for e in campaign.entries if e.type == "sheet_corrected"][-1]
    deadline = time.monotonic() + 10
    while not [e for e in campaign.entries if e.type == "narration"
               and e.data.get("beat") == "lost" and e.data.get("refers_to") == corrected.seq]:
        assert time.monotonic() < deadline, "the loss was never told"
        time.sleep(0.05)
    assert shown(app.side, "oracle-lost-screen")  # the Fate is still to choose
    assert "Mara loses themself" in read(app.side, "oracle-lost-text")
    assert app.session.active != "Mara"
    assert "Mara</b> has lost themself" in read(app.side, "oracle-switched")


def test_the_switch_sentence_says_the_fate_once_it_is_chosen() -> None:
    """The evening: after "Simply die", the side still said "Oswin has lost themself" through
    town, the Oracle and the exports."""
    for fate, said in (("oracle-fate-death", "Mara</b> is dead"),
                       ("oracle-fate-monster", "Mara</b> is a monster of the forest now")):
        app = quick()
        hero = str(app.session.active)
        with_mara(app, ruin=5)
        correct(app, "ruin", "the last mark was never written", to=6)
        app.session.narration.wait()
        click(app.side, fate)
        app.session.narration.wait()
        app.refresh()
        words = read(app.side, "oracle-switched")
        assert said in words and f"you now play <b>{hero}</b>" in words
        assert "lost themself" not in words


# -- which armor piece -----------------------------------------------------------------------

def test_the_fighter_picks_which_armor_piece_takes_the_hit() -> None:
    app = quick()
    with_mara(app, armor=["Helm", "Gambeson"])
    view = app.view("Combat")
    fill(view, "oracle-endurance", 12)
    fill(view, "oracle-fighters", ("Mara",))
    fill(view, "oracle-weak-faces", "3")
    click(view, "oracle-combat-start")
    fill(view, "oracle-combat-faces", "3")
    click(view, "oracle-combat-roll")
    assert app.session.state.character("Mara").ruin == 2
    piece = find(view, "oracle-armor-piece")
    assert list(piece.options) == [("Helm", "Helm"), ("Gambeson", "Gambeson")]
    assert shown(view, "oracle-armor-piece")
    fill(view, "oracle-armor-piece", "Gambeson")
    click(view, "oracle-armor-mark")
    assert read(view, "oracle-error") == ""
    mara = app.session.state.character("Mara")
    assert mara.ruin == 1
    assert [(p.name, p.marked) for p in mara.armor] == [("Helm", False), ("Gambeson", True)]
    assert last_words(app).startswith("Mara marks armor after the roll (Gambeson)")


def test_armor_ticked_before_the_roll_marks_the_piece_picked_beside_it() -> None:
    app = quick()
    with_mara(app, armor=["Helm", "Gambeson"])
    view = app.view("Combat")
    fill(view, "oracle-fighters", ("Mara",))
    fill(view, "oracle-weak-faces", "3")
    click(view, "oracle-combat-start")
    assert not shown(view, "oracle-armor-piece-before")  # asked once armor is ticked
    described(view, "Mara: mark a piece").value = True
    assert shown(view, "oracle-armor-piece-before")
    fill(view, "oracle-armor-piece-before", "Gambeson")
    fill(view, "oracle-combat-faces", "3")
    click(view, "oracle-combat-roll")
    assert read(view, "oracle-error") == ""
    mara = app.session.state.character("Mara")
    assert mara.ruin == 1 and [p.marked for p in mara.armor] == [False, True]


def test_one_piece_of_armor_asks_no_question_of_which() -> None:
    app = quick()
    with_mara(app, armor=["Helm"])
    view = app.view("Combat")
    fill(view, "oracle-fighters", ("Mara",))
    fill(view, "oracle-weak-faces", "3")
    click(view, "oracle-combat-start")
    fill(view, "oracle-combat-faces", "3")
    click(view, "oracle-combat-roll")
    assert not shown(view, "oracle-armor-piece")
    find_all(view, "oracle-armor-mark")[0].click()
    assert app.session.state.character("Mara").armor[0].marked


# -- a named treasure ------------------------------------------------------------------------

def test_a_token_buys_a_named_treasure_and_the_button_waits_for_a_token() -> None:
    app = quick()
    with_mara(app, hunt_tokens=0)
    view = app.view("Hunt")
    assert find(view, "oracle-spend-treasure").disabled  # no token, no treasure
    trophy_moves(app.session).correct("Mara", "hunt_tokens", "found one", to=1)
    app.refresh()
    assert not find(view, "oracle-spend-treasure").disabled
    click(view, "oracle-spend-treasure")
    assert read(view, "oracle-spend-error") == ""
    mara = app.session.state.character("Mara")
    assert (mara.hunt_tokens, mara.gold) == (0, 1)
    named = str((app.session.state.last_result or {})["treasure"])
    assert len(named) > 5 and named in html.unescape(read(view, "oracle-treasure-found"))
    assert last_words(app) == (f"Mara spends 1 Hunt Token on a treasure worth 1 Gold: "
                               f"{named}")
    assert find(view, "oracle-spend-treasure").disabled  # the token is spent
    click(app, "oracle-undo")
    assert app.session.state.character("Mara").hunt_tokens == 1
    assert read(view, "oracle-treasure-found") == ""  # its line goes with it


# -- the end of an incursion -----------------------------------------------------------------

def test_back_in_town_the_incursion_is_summed_up_shown_and_exported() -> None:
    app = quick()
    hero = app.session.active
    with_mara(app, ruin=5)
    view = app.view("Incursion")
    fill(view, "oracle-incursion-title", "The Drowned Abbey")
    fill(view, "oracle-incursion-sets", "The ford: cross it\nThe nave: ring the bell")
    click(view, "oracle-incursion-start")
    click(view, "oracle-goal-reached")
    click(view, "oracle-day")
    fill(view, "oracle-treasure", "a silver bell")
    fill(view, "oracle-treasure-gold", 2)
    click(view, "oracle-take-treasure")
    correct(app, "ruin", "the sight of the nave", to=6)  # Mara is lost
    click(app.side, "oracle-fate-death")
    click(view, "oracle-incursion-town")
    assert read(view, "oracle-error") == ""
    summary = html.unescape(read(view, "oracle-homecoming"))
    assert "The Drowned Abbey: back in town" in summary
    assert "<b>Sets cleared</b>: 1 of 2 (The ford)" in summary
    assert "<b>Gold collected</b>: 2" in summary
    assert f"<b>Came back</b>: {hero}" in summary and "<b>Died</b>: Mara" in summary
    said = (f"The incursion into the Drowned Abbey ends after 1 day: 1 of 2 sets cleared (The "
            f"ford), 2 Gold collected; back: {hero}; died: Mara.")
    assert said in last_words(app)
    assert said in export(app.session.require(), "text")


def test_the_ruin_tabs_town_button_says_what_the_incursion_came_to() -> None:
    app = quick()
    hero = app.session.active
    trophy_moves(app.session).record({"type": "incursion_started", "title": "The Ford",
                                      "sets": [{"title": "The ford", "goal": "cross it"}]})
    app.refresh()
    view = app.view("Ruin")
    click(view, "oracle-town")
    said = html.unescape(read(view, "oracle-town-said"))
    assert (f"The incursion into the Ford ends the day it began: 0 of 1 set cleared, 0 Gold "
            f"collected; back: {hero}.") in said


def test_anyones_sheet_is_corrected_even_a_fallen_companions_tokens() -> None:
    app = quick()
    hero = app.session.active
    with_mara(app, hunt_tokens=2)
    trophy_moves(app.session).record({"type": "risk_rolled", "name": "Mara", "light": [2],
                                      "dark": [5], "foe": "monster", "intent": "defeat",
                                      "confirmed": True})  # Mara dies
    app.refresh()
    assert app.session.active == hero
    click(app.side, "oracle-correct-open")
    assert read(app.side, "oracle-correct-who") == hero  # the played one first
    fill(app.side, "oracle-correct-who", "Mara")
    correct(app, "hunt_tokens", "she had found a third", to=3)
    assert read(app.side, "oracle-correct-error") == ""
    assert app.session.state.character("Mara").hunt_tokens == 3
    click(app.side, "oracle-correct-open")
    fill(app.side, "oracle-correct-who", "Mara")
    correct(app, "ruin", "why", to=2)  # a dead one's Ruin is not corrected
    assert "Mara is dead" in read(app.side, "oracle-correct-error")


def test_the_switch_and_the_undone_line_speak_only_of_the_journal_open_and_its_last_move() -> None:
    """The evening: after an import opened the copy, the side still said "Oswin is dead: you
    now play Fulke" and the journal "Restored: Oswin is lost and dies", both of the other
    campaign; and "Restored: ..." stayed on through town, the Oracle and the exports."""
    app = quick()
    with_mara(app, ruin=5)
    correct(app, "ruin", "the last mark was never written", to=6)
    app.session.narration.wait()
    click(app.side, "oracle-fate-death")
    app.session.narration.wait()
    click(app.journal, "oracle-undo")
    click(app.journal, "oracle-redo")
    app.refresh()
    assert "Restored" in read(app.journal, "oracle-undone-line")
    assert "Mara</b> is dead" in read(app.side, "oracle-switched")
    fill(app, "oracle-physical", False)
    fill(app.view("Oracle"), "oracle-question", "Is the ford watched?")
    click(app.view("Oracle"), "oracle-ask")  # play goes on: the undone line has had its say
    app.session.narration.wait()
    app.refresh()
    assert read(app.journal, "oracle-undone-line") == ""
    click(app.start, "oracle-quickstart")  # another campaign opens
    app.refresh()
    assert read(app.side, "oracle-switched") == ""
