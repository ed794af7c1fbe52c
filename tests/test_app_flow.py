"""The play flow of the Trophy views: armor after the dice, Conditions owed, undo and redo by
move, a roll set up / rolled / settled. Driven through ``app_driver`` hooks, as a player would."""

from __future__ import annotations

import pytest

from oracle.app import build
from oracle.app.shell import OracleApp
from tests.app_driver import click, described, fill, find, find_all, read, shown, trophy_moves


def hero(app: OracleApp) -> str:
    """The quick start's generated treasure-hunter (the campaign's first character)."""
    return trophy_moves(app.session).characters()[0].name


def ready_app(physical: bool = True) -> OracleApp:
    """Quick start, in physical-dice mode so every face is chosen by the test."""
    app = build()
    click(app.start, "oracle-quickstart")
    fill(app.view("Risk"), "oracle-intent", "")
    fill(app.view("Risk"), "oracle-skill", False)
    fill(app, "oracle-physical", physical)
    return app


def fight(app: OracleApp, weak: str, endurance: int = 12) -> object:
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest", "armor": ["Helm"]})
    app.refresh()
    view = app.view("Combat")
    fill(view, "oracle-endurance", endurance)
    fill(view, "oracle-fighters", (hero(app), "Mara"))
    fill(view, "oracle-weak-faces", weak)
    click(view, "oracle-combat-start")
    assert read(view, "oracle-error") == ""
    return view


def test_armor_is_asked_after_the_dice_and_marking_it_undoes_the_ruin() -> None:
    app = ready_app()
    view = fight(app, "3 5")
    assert not shown(view, "oracle-armor-question")
    fill(view, "oracle-combat-faces", "5 5")  # two hits on Mara's Weak Point, none on Wren's
    click(view, "oracle-combat-roll")
    state = app.session.state
    assert state.character("Mara").ruin == 3
    assert shown(view, "oracle-armor-question")
    dice = read(view, "oracle-combat-dice")
    assert dice.count("oracle-hit") == 2 and "hits Mara" in dice
    assert "2 dark dice on the Weak Point" in dice
    # Wren has armor too but was not hit: only Mara is asked
    marks = find_all(view, "oracle-armor-mark")
    assert [m.description for m in marks] == ["Mark armor: Mara"]
    assert [h.value.count("Ruin 1 → 3") for h in find_all(view, "oracle-armor-hit")] == [1]
    # the Condition box waits for the answer (the Ruin is not settled yet)
    assert not shown(app.side, "oracle-condition-box")
    marks[0].click()
    state = app.session.state
    mara = state.character("Mara")
    assert (mara.ruin, mara.conditions_due, mara.armor[0].marked) == (1, 0, True)
    assert not shown(view, "oracle-armor-question")
    assert "armor takes it" in read(view, "oracle-combat-dice")


def test_taking_the_ruin_closes_the_question_and_asks_for_the_conditions() -> None:
    app = ready_app()
    view = fight(app, "3 5")
    fill(view, "oracle-combat-faces", "5 5")
    click(view, "oracle-combat-roll")
    click(view, "oracle-armor-decline")
    assert not shown(view, "oracle-armor-question")
    mara = app.session.state.character("Mara")
    assert (mara.ruin, mara.armor[0].marked) == (3, False)
    assert shown(app.side, "oracle-condition-box")


def test_armor_ticked_before_the_roll_still_works() -> None:
    app = ready_app()
    view = fight(app, "3 5")
    described(view, "Mara: mark").value = True
    fill(view, "oracle-combat-faces", "5 3")
    click(view, "oracle-combat-roll")
    state = app.session.state
    assert state.character("Mara").ruin == 1 and state.character("Mara").armor[0].marked
    assert state.character(hero(app)).ruin == 2
    # Wren's own armor may still be marked after the dice
    assert [m.description for m in find_all(view, "oracle-armor-mark")] == [
        f"Mark armor: {hero(app)}"]


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])


def offers_shown(app: OracleApp) -> list[str]:
    """The Condition offers once the narrator's thread has put them up."""
    import time

    for _ in range(200):
        offers = find_all(app.side, "oracle-condition-offer")
        if offers:
            return [o.description for o in offers]
        time.sleep(0.05)
    raise AssertionError("no Condition offers came")


def test_two_ruin_in_one_roll_asks_for_two_conditions_never_the_same_twice() -> None:
    app = ready_app()
    app.session.offers = lambda *a, **k: ("Limps", "Sees ghosts")  # type: ignore[method-assign]
    view = fight(app, "3 5")
    fill(view, "oracle-combat-faces", "5 5")
    click(view, "oracle-combat-roll")
    click(view, "oracle-armor-decline")
    assert "owes 2 Conditions" in read(app.side, "oracle-condition-prompt")
    click(app.side, "oracle-condition-take")  # nothing chosen: one sentence
    assert "describe the Condition" in read(app.side, "oracle-condition-error")
    assert offers_shown(app) == ["Limps", "Sees ghosts"]
    find_all(app.side, "oracle-condition-offer")[0].click()
    click(app.side, "oracle-condition-take")
    mara = app.session.state.character("Mara")
    assert mara.conditions == ("Limps",) and mara.conditions_due == 1
    assert read(app.side, "oracle-condition-error") == ""  # the stale refusal is gone
    assert "owes a Condition" in read(app.side, "oracle-condition-prompt")
    assert offers_shown(app) == ["Sees ghosts"]  # the one taken is not offered again
    find_all(app.side, "oracle-condition-offer")[0].click()
    click(app.side, "oracle-condition-take")
    mara = app.session.state.character("Mara")
    assert mara.conditions == ("Limps", "Sees ghosts") and mara.conditions_due == 0
    assert not shown(app.side, "oracle-condition-box")


def risk_roll(app: OracleApp, light: str, dark: str) -> int:
    view = app.view("Risk")
    fill(view, "oracle-intent", "Cross the rotten bridge")
    fill(view, "oracle-dark-toggle", True)
    fill(view, "oracle-skill", bool(light))
    fill(view, "oracle-light-faces", light)
    fill(view, "oracle-dark-faces", dark)
    click(view, "oracle-risk-roll")
    assert read(view, "oracle-roll-error") == ""
    app.session.narration.wait()  # the narrator writes on its own thread
    app.session.campaign.refresh()  # type: ignore[union-attr]
    narrated = [e for e in app.session.campaign.entries  # type: ignore[union-attr]
                if e.type == "narration"]
    seq = narrated[-1].data["refers_to"]
    assert app.session.campaign.entry(seq).type == "risk_rolled"  # type: ignore[union-attr]
    return int(seq)


def live(app: OracleApp) -> list[str]:
    return [e.type for e in app.session.campaign.entries  # type: ignore[union-attr]
            if not e.undone and e.type not in ("undo", "preference")]


def test_undo_and_redo_move_by_the_players_move() -> None:
    app = ready_app()
    first = risk_roll(app, "6", "2")
    second = risk_roll(app, "2", "5")  # Ruin 1 -> 2
    assert app.session.state.character(hero(app)).ruin == 2
    before = live(app)
    assert find(app, "oracle-redo").disabled
    click(app, "oracle-undo")  # one click: the roll and its narration
    assert live(app) == before[:-2]
    assert not find(app, "oracle-redo").disabled
    assert app.session.state.character(hero(app)).ruin == 1
    said = read(app, "oracle-undone-line")
    assert "Undone" in said and "Ruin 1 → 2" in said and "None" not in said
    assert "data-seq" not in said  # a sentence, not a journal row
    # the Risk card shows the roll that stands now, not the undone one
    assert 'data-face="5"' not in read(app.view("Risk"), "oracle-dice")
    click(app, "oracle-undo")
    assert live(app) == before[:-4]
    click(app, "oracle-redo")  # the move undone last comes back first
    assert live(app) == before[:-2]
    assert 'data-face="6"' in read(app.view("Risk"), "oracle-dice")
    click(app, "oracle-redo")
    assert live(app) == before
    assert app.session.state.character(hero(app)).ruin == 2
    assert "Restored" in read(app, "oracle-undone-line")
    assert find(app, "oracle-redo").disabled  # nothing left to restore
    click(app, "oracle-redo")  # (clicked anyway: one sentence, nothing changes)
    assert "nothing to redo" in find_all(app.journal.widget, "oracle-error")[-1].value
    assert live(app) == before
    del first, second


def test_a_new_move_ends_redo_and_an_undone_ruin_roll_leaves_the_ruin_tab() -> None:
    app = ready_app()
    ruin = app.view("Ruin")
    fill(ruin, "oracle-ruin-face", "6")
    click(ruin, "oracle-ruin-roll")
    assert "Ruin 1 → 2" in read(ruin, "oracle-ruin-dice")
    click(app, "oracle-undo")
    assert read(ruin, "oracle-ruin-dice") == ""  # no stale result
    app.session.add_note("A crow watches.")
    with pytest.raises(Exception, match="nothing to redo"):
        app.session.redo_last()


def test_a_roll_is_set_up_rolled_and_settled_then_the_form_is_clean() -> None:
    app = ready_app()
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest"})
    app.refresh()
    view = app.view("Risk")
    assert not shown(view, "oracle-result-card")  # nothing rolled yet
    fill(view, "oracle-intent", "Pry the reliquary open")
    fill(view, "oracle-wrong", "The lid is trapped")
    fill(view, "oracle-bargain-toggle", True)
    fill(view, "oracle-bargain-text", "The noise wakes the crypt")
    fill(view, "oracle-dark-toggle", True)
    fill(view, "oracle-helpers", ("Mara",))
    fill(view, "oracle-light-faces", "5")
    fill(view, "oracle-dark-faces", "2")
    fill(view, "oracle-helper-faces", "1")
    click(view, "oracle-risk-roll")
    assert read(view, "oracle-roll-error") == ""
    rolled = [e for e in app.session.campaign.entries  # type: ignore[union-attr]
              if e.type == "risk_rolled"][-1]
    assert rolled.data["bargain"]["text"] == "The noise wakes the crypt"
    # the form starts clean: the next roll never takes the old bargain or helpers silently
    assert read(view, "oracle-bargain-toggle") is False and read(view, "oracle-bargain-text") == ""
    assert read(view, "oracle-helpers") == () and read(view, "oracle-wrong") == ""
    assert [read(view, h) for h in ("oracle-light-faces", "oracle-dark-faces",
                                    "oracle-helper-faces")] == ["", "", ""]
    # the settled roll stays as a card above the next setup
    assert shown(view, "oracle-result-card")
    order = find_all(view, "oracle-result-card") + find_all(view, "oracle-intent")
    children = list(view.widget.children)
    assert children.index(order[0]) < children.index(order[1])
    assert 'data-face="5"' in read(view, "oracle-dice")
    # light 5 over dark 2 may be pushed: pushing or keeping is a choice the player makes
    assert shown(view, "oracle-settle-first")
    assert find(view, "oracle-risk-roll").description == "Keep it and roll again"
    click(view, "oracle-accept")
    assert app.session.state.risk is None
    assert not shown(view, "oracle-settle-first")
    assert find(view, "oracle-risk-roll").description == "Roll the dice"
    assert 'data-face="5"' in read(view, "oracle-dice")  # the card stays until the next roll


def test_late_help_voices_the_roll_again() -> None:
    app = ready_app()
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest"})
    app.refresh()
    risk_roll(app, "4", "2")  # may still be pushed or helped
    view = app.view("Risk")
    fill(view, "oracle-late-helper", "Mara")
    fill(view, "oracle-late-face", "6")
    click(view, "oracle-help-after")
    assert read(view, "oracle-push-error") == ""
    app.session.narration.wait()
    app.session.campaign.refresh()  # type: ignore[union-attr]
    entries = app.session.campaign.entries  # type: ignore[union-attr]
    helped = [e for e in entries if e.type == "help_added"][-1]
    assert any(e.type == "narration" and e.data.get("refers_to") == helped.seq for e in entries)


def test_unticking_a_ritual_gives_back_the_dark_die_as_it_was() -> None:
    app = ready_app()
    view = app.view("Risk")
    assert read(view, "oracle-dark-toggle") is False
    fill(view, "oracle-ritual", True)
    assert read(view, "oracle-dark-toggle") is True and find(view, "oracle-dark-toggle").disabled
    fill(view, "oracle-ritual", False)
    assert read(view, "oracle-dark-toggle") is False
    fill(view, "oracle-dark-toggle", True)
    fill(view, "oracle-ritual", True)
    fill(view, "oracle-ritual", False)
    assert read(view, "oracle-dark-toggle") is True


def test_hunt_and_ruin_rolls_show_their_odds_from_the_core() -> None:
    from oracle.app.render import percent
    from oracle.trophy.odds import odds_for_request

    app = ready_app()
    ruin = read(app.view("Ruin"), "oracle-ruin-odds")
    exact = odds_for_request({"roll": "ruin", "ruin": 1})["ruin_marked"]["value"]
    assert f"marks Ruin <b>{percent(exact)}</b>" in ruin and percent(exact) == "83.3%"
    trophy_moves(app.session).record({"type": "hunt_rolled", "name": hero(app), "light": [6]})
    app.refresh()
    hunt = app.view("Hunt")
    said = read(hunt, "oracle-hunt-odds")
    assert "lose your Hunt Token <b>16.7%</b>" in said  # one token: never "all 1 Hunt Tokens"
    # the encounters in the hint's words, not the rules' keys ("encounter present 50.0%")
    assert ("something terrible here <b>50.0%</b> · trouble at a distance <b>33.3%</b> · "
            "nothing near <b>16.7%</b>") in said
    trophy_moves(app.session).record({"type": "hunt_rolled", "name": hero(app), "light": [5]})
    app.refresh()
    assert "lose all 2 Hunt Tokens <b>16.7%</b>" in read(hunt, "oracle-hunt-odds")


def test_a_fight_reads_with_a_lowercase_article_and_a_lost_character_is_named() -> None:
    from oracle.trophy.words import journal_line

    line = journal_line({"type": "combat_started", "endurance": 7, "monster": "The antlered thing",
                         "fighters": [{"name": "A", "weak_point": 2}]})
    assert "against the antlered thing" in line.plain()
    app = ready_app()
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest"})
    app.refresh()
    view = app.view("Risk")
    fill(view, "oracle-intent", "Strangle the beast")
    fill(view, "oracle-skill", True)
    fill(view, "oracle-light-faces", "3")
    fill(view, "oracle-foe", "monster")
    fill(view, "oracle-foe-intent", "defeat")
    fill(view, "oracle-confirm-death", True)
    click(view, "oracle-risk-roll")
    assert app.session.active == "Mara"
    said = read(app.side, "oracle-switched")
    assert hero(app) in said and "dead" in said and "Mara" in said


@pytest.mark.parametrize("event", [
    {"type": "risk_rolled", "name": "A", "action": "Climb", "light": [4], "dark": [2]},
    {"type": "risk_pushed", "light": [4], "dark": [2, 3]},
    {"type": "hunt_rolled", "name": "A", "light": [5]},
    {"type": "ruin_rolled", "name": "A", "dark": 6},
    {"type": "reduction_rolled", "name": "A", "light": 2, "remove_anyway": False},
    {"type": "combat_rolled", "dark": [3, 4]},
    {"type": "combat_armor_marked", "name": "A"},
])
def test_an_undone_line_reads_in_words_without_its_result(event: dict[str, object]) -> None:
    """An undone entry has no result (it is not folded): its line never prints None."""
    from oracle.trophy.words import journal_line

    text = journal_line(event, None).plain()
    assert "None" not in text and not text.rstrip().endswith("→")


def test_the_combat_narration_waits_for_the_armor_answer() -> None:
    app = ready_app()
    view = fight(app, "3 5")
    campaign = app.session.campaign
    assert campaign is not None

    def narrated() -> list[int | None]:
        app.session.narration.wait()
        campaign.refresh()
        return [e.data.get("refers_to") for e in campaign.entries if e.type == "narration"]

    fill(view, "oracle-combat-faces", "5 1")
    click(view, "oracle-combat-roll")
    rolled = [e.seq for e in campaign.entries if e.type == "combat_rolled"][-1]
    assert rolled not in narrated()  # not voiced while armor may still change the result
    click(view, "oracle-armor-decline")
    assert rolled in narrated()
    # left unanswered, the roll is voiced as it fell when the fight goes on
    fill(view, "oracle-combat-faces", "5 1 2")
    click(view, "oracle-combat-roll")
    again = [e.seq for e in campaign.entries if e.type == "combat_continued"][-1]
    fill(view, "oracle-combat-faces", "1 1 2 4")
    click(view, "oracle-combat-roll")
    assert again in narrated()


def test_an_undone_hunt_leaves_the_hunt_tab_and_redo_keeps_the_state() -> None:
    app = ready_app()
    hunt = app.view("Hunt")
    fill(hunt, "oracle-hunt-faces", "6")
    click(hunt, "oracle-hunt-roll")
    assert "oracle-die" in read(hunt, "oracle-hunt-dice")
    assert app.session.state.character(hero(app)).hunt_tokens == 1
    click(app, "oracle-undo")
    assert read(hunt, "oracle-hunt-dice") == "" and read(hunt, "oracle-hunt-result") == ""
    assert app.session.state.character(hero(app)).hunt_tokens == 0
    click(app, "oracle-redo")
    assert app.session.state.character(hero(app)).hunt_tokens == 1


def test_a_narration_that_lands_after_its_roll_was_undone_is_not_a_new_move() -> None:
    app = ready_app()
    campaign = app.session.require()
    hunt = app.view("Hunt")
    fill(hunt, "oracle-hunt-faces", "6")
    click(hunt, "oracle-hunt-roll")
    app.session.narration.wait(timeout=30)
    rolled = [e.seq for e in campaign.entries if e.type == "hunt_rolled"][-1]
    click(app, "oracle-undo")
    # the voice of the undone roll arrives late (a slow narrator): it is not recorded
    app.session.voice("encounter", {"roll": "hunt"}, refers_to=rolled)
    app.session.narration.wait(timeout=30)
    assert not [e for e in campaign.entries if e.type == "narration" and not e.undone
                and e.data.get("refers_to") == rolled]
    # and one that raced the undo onto the journal is part of the undone move, so Redo works
    campaign.append({"type": "narration", "text": "late words", "refers_to": rolled})
    click(app, "oracle-redo")
    assert app.session.state.character(hero(app)).hunt_tokens == 1
