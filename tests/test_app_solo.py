"""The solo layer in the app, driven as a player would (tests/app_driver.py hooks only): the
Oracle tab shows the solo oracle's exact odds before asking, journals likelihood, dread, odds and
twist; scenes are kept, altered or interrupted; threads and characters come back after a reload;
a set goal is bought with 3 pooled tokens; a defeated bestiary monster's Gold is collected."""

from __future__ import annotations

import json
import re
import threading

import pytest

from oracle.app import build
from oracle.app.oracle_view import odds_html
from oracle.app.render import esc, percent
from oracle.app.shell import OracleApp
from oracle.app.solo import own_in
from oracle.app.trophy.monsters import monster_fields
from oracle.dice import SeededDice
from oracle.solo.answers import Answer, Likelihood, ask_odds
from oracle.solo.pressure import campaign_dread
from oracle.trophy.bestiary import bestiary
from oracle.trophy.odds.calibrator import defeat_chance
from tests.app_driver import click, described, fill, find, find_all, read, trophy_moves

ROW = re.compile(r'<tr data-answer="([^"]+)"><td>[^<]*</td><td><b>([0-9.]+%)</b>')


def ready_app(physical: bool = True) -> OracleApp:
    app = build()
    click(app.start, "oracle-quickstart")
    fill(app, "oracle-physical", physical)
    return app


def shown_odds(app: OracleApp) -> dict[str, str]:
    return dict(ROW.findall(read(app.oracle, "oracle-oracle-odds")))


@pytest.mark.parametrize("level", [level.value for level in Likelihood])
def test_the_odds_shown_before_asking_are_the_solo_oracles(level: str) -> None:
    app = ready_app()
    fill(app.oracle, "oracle-likelihood", level)
    dread = campaign_dread("trophy", app.session.state)
    odds = ask_odds(level, dread)
    expected = {a.value: percent(odds.answers[a]) for a in Answer} | {"twist": percent(odds.twist)}
    assert shown_odds(app) == expected
    # set by hand, the dread moves the odds shown, exactly as oracle.solo computes them
    fill(app.oracle, "oracle-dread-own", True)
    fill(app.oracle, "oracle-dread", 8)
    assert read(app.oracle, "oracle-oracle-odds") == odds_html(ask_odds(level, 8))


def test_an_answer_is_journalled_with_its_likelihood_dread_odds_and_twist() -> None:
    app = ready_app()
    fill(app.oracle, "oracle-dread-own", True)
    fill(app.oracle, "oracle-dread", 9)
    fill(app.oracle, "oracle-question", "Is the ferryman waiting?")
    fill(app.oracle, "oracle-likelihood", "likely")
    # answer die 8 (no at "likely": yes is 1-7), tone 1 (the forest's: "no, and"), omen 1:
    # doubles with the tone die, at most the dread, so a twist
    fill(app.oracle, "oracle-question-face", "8 1 1")
    click(app.oracle, "oracle-ask")
    assert read(app.oracle, "oracle-oracle-error") == ""
    assert read(app.oracle, "oracle-answer").startswith('<div class="oracle-outcome failure">no, and')
    assert "Twist:" in read(app.oracle, "oracle-answer")
    campaign = app.session.campaign
    assert campaign is not None
    entry = [e for e in campaign.entries if e.type == "oracle"][-1]
    odds = ask_odds("likely", 9)
    assert entry.data["likelihood"] == "likely" and entry.data["dread"] == 9
    assert entry.data["odds"] == {a.value: float(odds.answers[a]) for a in Answer}
    assert entry.data["faces"] == [8, 1, 1] and entry.data["twist"]["meaning"]["action"]
    app.session.narration.wait()


def test_a_twist_that_opens_a_thread_adds_it_to_the_list() -> None:
    app = ready_app()
    fill(app.oracle, "oracle-dread-own", True)
    fill(app.oracle, "oracle-dread", 9)
    fill(app.oracle, "oracle-question", "Does the path go on?")
    # answer, tone, omen (doubles: a twist), then the twist's kind die (a d20, rolled)
    app.session.solo.ask("Does the path go on?", "even", faces=[2, 1, 1])
    twists = [e for e in app.session.campaign.entries if e.type == "oracle"]  # type: ignore[union-attr]
    kind = twists[-1].data["twist"]["kind"]
    added = app.session.solo.lists.items("threads") + app.session.solo.lists.items("characters")
    twist = twists[-1].data["twist"]
    if kind in ("thread_advances", "thread_turns", "character_returns", "character_acts"):
        meaning = twist["meaning"]
        assert [(i.source, i.text) for i in added] == [
            ("twist", f"{meaning['action']} {meaning['subject']}")]
    else:
        assert added == ()


def test_a_scene_rolled_against_dread_is_journalled_and_becomes_the_place() -> None:
    app = ready_app()
    fill(app.oracle, "oracle-dread-own", True)
    fill(app.oracle, "oracle-dread", 5)
    # 2d10 at most 5: 10 of the 100 throws interrupt the scene
    assert "interrupted 10.0%" in read(app.oracle, "oracle-scene-odds")
    fill(app.oracle, "oracle-scene-title", "The drowned chapel")
    fill(app.oracle, "oracle-scene-expected", "An empty nave")
    click(app.oracle, "oracle-scene-start")
    assert read(app.oracle, "oracle-oracle-error") == ""
    verdict = re.search(r'data-verdict="(\w+)"', read(app.oracle, "oracle-scene-verdict"))
    campaign = app.session.campaign
    assert campaign is not None and verdict is not None
    scene = campaign.entries[-1] if campaign.entries[-1].type == "scene" else [
        e for e in campaign.entries if e.type == "scene"][-1]
    assert scene.data["verdict"] == verdict.group(1) and scene.data["expected"] == "An empty nave"
    total = sum(scene.data["dice"])
    assert (scene.data["verdict"] == "interrupted") == (total <= 5)
    assert (scene.data["twist"] is not None) == (scene.data["verdict"] == "interrupted")
    assert app.session.solo.place == "The drowned chapel"
    context = app.session._context({"roll": "oracle"})  # what both narrators are handed
    assert context.place == "The drowned chapel"


def test_ending_scenes_moves_dread_with_its_reason_journalled_and_undone_with_it() -> None:
    app = ready_app()
    solo = app.session.solo
    base = solo.campaign_dread
    assert base == 1 and solo.dread == base and solo.offset == 0  # a fresh party at Ruin 1
    fill(app.oracle, "oracle-scene-went", "against")
    click(app.oracle, "oracle-scene-end")
    assert read(app.oracle, "oracle-oracle-error") == ""
    assert solo.offset == 1 and solo.dread == min(9, base + 1)
    said = read(app.oracle, "oracle-scene-ended")
    assert said.startswith("The scene went against you: dread +1.")
    assert f"dread {base} -&gt; {base + 1}" in said
    assert "the scenes&#x27; ends add +1" in read(app.oracle, "oracle-dread-why") or \
        "the scenes' ends add +1" in read(app.oracle, "oracle-dread-why")
    campaign = app.session.campaign
    assert campaign is not None
    entry = campaign.entries[-1]
    assert entry.type == "scene_end" and entry.data["went"] == "against"
    assert entry.data["dread_before"] == base and entry.data["dread"] == base + 1
    # the odds shown follow the new dread
    assert shown_odds(app)["twist"] == percent(ask_odds("even", base + 1).twist)
    click(app.oracle, "oracle-scene-end")
    fill(app.oracle, "oracle-scene-went", "yours")
    click(app.oracle, "oracle-scene-end")
    assert solo.offset == 1 and solo.dread == base + 1
    again = build()  # a reload keeps it; an undo takes the last step back
    assert again.session.solo.offset == 1
    click(again.journal, "oracle-undo")
    assert again.session.solo.offset == 2 and again.session.solo.dread == base + 2


def test_threads_and_characters_are_kept_edited_closed_and_survive_a_reload() -> None:
    app = ready_app()
    threads = app.oracle.lists.panels["threads"]
    people = app.oracle.lists.panels["characters"]
    fill(threads, "oracle-thread-text", "Find the bell")
    click(threads, "oracle-thread-add")
    fill(people, "oracle-character-text", "The ferryman")
    fill(people, "oracle-character-kind", "npc")
    click(people, "oracle-character-add")
    fill(threads, "oracle-thread-edit-text", "Find the drowned bell")
    click(threads, "oracle-thread-edit")
    assert read(threads, "oracle-error") == ""
    assert "Find the drowned bell" in read(threads, "oracle-threads")
    context = app.session._context({"roll": "oracle"})
    assert context.threads == ("Find the drowned bell",) and context.cast == ("The ferryman",)
    click(people, "oracle-character-close")
    assert "<s>The ferryman</s>" in read(people, "oracle-characters")
    again = build()  # a reload: a new session lands where play stood
    lists = again.session.solo.lists
    assert [i.text for i in lists.items("threads")] == ["Find the drowned bell"]
    assert [(i.text, i.kind, i.open) for i in lists.items("characters")] == [
        ("The ferryman", "npc", False)]
    assert "Find the drowned bell" in read(again.oracle.lists.panels["threads"], "oracle-threads")
    click(again.journal, "oracle-undo")  # undo the close
    assert again.session.solo.lists.items("characters")[0].open


def test_the_narrators_offers_can_be_kept_as_threads() -> None:
    app = ready_app()
    click(app.oracle, "oracle-list-suggest")
    done = threading.Event()
    for _ in range(200):
        if find_all(app.oracle, "oracle-offer-thread"):
            done.set()
            break
        done.wait(0.05)
    assert done.is_set()
    find_all(app.oracle, "oracle-offer-thread")[0].click()
    items = app.session.solo.lists.items("threads")
    assert len(items) == 1 and items[0].source == "narrator"


def test_three_pooled_tokens_reach_the_set_goal_from_the_hunt_tab() -> None:
    app = ready_app()
    session = app.session
    hero = str(session.active)
    trophy_moves(session).add_character({"name": "Mara", "occupation": "Priest", "hunt_tokens": 1})
    trophy_moves(session).record({"type": "gold_changed", "name": hero, "delta": 0})
    view = app.view("Incursion")
    fill(view, "oracle-incursion-title", "The Sunken Abbey")
    fill(view, "oracle-incursion-sets", "The ford: cross before dusk\nThe cloister: find the relic")
    click(view, "oracle-incursion-start")
    assert read(view, "oracle-error") == ""
    for face in ("6", "5"):
        fill(app.view("Hunt"), "oracle-hunt-faces", face)
        click(app.view("Hunt"), "oracle-hunt-roll")
    # mid-sentence, the set's title loses its capital article (the evening's 'of The ford')
    assert "set goal of the ford (cross before dusk)" in find(app.view("Hunt"),
                                                               "oracle-goal").placeholder
    described(app.view("Hunt"), f"{hero} (").value = 2
    described(app.view("Hunt"), "Mara (").value = 1
    click(app.view("Hunt"), "oracle-spend-goal")
    assert read(app.view("Hunt"), "oracle-spend-error") == ""
    incursion = trophy_moves(session).state.expedition.incursion
    assert incursion is not None and incursion.sets[0].reached is not None
    assert incursion.current == 1
    assert "by tokens" in read(view, "oracle-incursion")


def test_the_incursions_sets_start_their_lines_with_a_capital_and_say_which_is_current(
        ) -> None:
    app = ready_app()
    trophy_moves(app.session).record({"type": "incursion_started", "title": "the Tolling Abbey",
                                      "sets": [{"title": "the Pale Fen", "goal": "follow the tracks"},
                                               {"title": "the Bleeding Quarry",
                                                "goal": "steal the key"}]})
    app.refresh()
    shown = read(app.view("Incursion"), "oracle-incursion")
    # a list item starts a line (the evening read "the Pale Fen: ..."); its mark is set apart
    # from the goal (it read "steal the key current")
    assert "<b>The Pale Fen</b>: follow the tracks <span class='when'>(current)</span>" in shown
    assert "<b>The Bleeding Quarry</b>: steal the key <span class='when'></span>" in shown


def test_a_bestiary_monster_shows_its_calibrated_chance_and_pays_its_gold() -> None:
    app = ready_app()
    session = app.session
    hero = str(session.active)
    click(app.view("Incursion"), "oracle-incursion-generate")
    click(app.view("Incursion"), "oracle-incursion-start")
    monster = bestiary()[0]
    combat = app.view("Combat")
    fill(combat, "oracle-bestiary", monster.name)
    assert read(combat, "oracle-monster").startswith(monster.name)
    assert read(combat, "oracle-endurance") == monster.endurance
    assert read(combat, "oracle-monster-gold") == monster.gold
    chance = percent(defeat_chance(monster.endurance, 1))
    assert f"<b>{chance}</b>" in read(combat, "oracle-calibrate")
    fill(combat, "oracle-fighters", (hero,))
    fill(combat, "oracle-weak-faces", "1")
    click(combat, "oracle-combat-start")
    while (fight := trophy_moves(session).state.combat) is not None:  # add dark dice until it falls
        count = fight.dark_count + (1 if fight.rolls else 0)
        fill(combat, "oracle-combat-faces", " ".join(["6"] * count))
        click(combat, "oracle-combat-roll")
        assert read(combat, "oracle-error") == ""
    view = app.view("Incursion")
    view.refresh()
    fill(view, "oracle-collectors", (hero,))
    click(view, "oracle-collect-gold")
    assert read(view, "oracle-error") == ""
    assert trophy_moves(session).character(hero).gold == monster.gold
    # Gold is spent in town, not in the forest
    fill(view, "oracle-spend-amount", 1)
    click(view, "oracle-incursion-town")
    fill(view, "oracle-spender", hero)
    click(view, "oracle-spend-gold")
    assert read(view, "oracle-error") == ""
    assert trophy_moves(session).character(hero).gold == monster.gold - 1
    session.narration.wait()


def test_the_party_builder_generates_a_treasure_hunter_the_rules_accept() -> None:
    app = ready_app()
    party = app.view("Party")
    click(party, "oracle-generate-character")
    name = read(party, "oracle-new-name")
    assert name and read(party, "oracle-new-occupation") and read(party, "oracle-new-skills")
    click(party, "oracle-add-character")
    assert read(party, "oracle-error") == ""
    sheet = trophy_moves(app.session).character(name)
    assert sheet.ruin == 1 and sheet.armor and sheet.rituals and len(sheet.skills) == 3


def test_quick_start_draws_a_new_treasure_hunter_each_time() -> None:
    names = set()
    for _ in range(3):
        app = build()
        if app.session.campaign is not None:
            app.session.close()
        click(app.start, "oracle-quickstart")
        names.add(app.session.active)
        assert read(app.view("Risk"), "oracle-intent")  # the first roll still one click away
    assert len(names) > 1


@pytest.mark.parametrize("system", ["die_trying", "triptycho"])
def test_every_system_asks_the_solo_oracle_with_its_own_dread(system: str) -> None:
    app = build()
    app.session.new_campaign(f"A {system} campaign", system)
    app.refresh()
    dread = campaign_dread(system, app.session.state)
    assert f"Dread {dread}, from the campaign" in read(app.oracle, "oracle-dread-why")
    fill(app.oracle, "oracle-likelihood", "very likely")
    assert read(app.oracle, "oracle-oracle-odds") == odds_html(ask_odds("very likely", dread))
    fill(app.oracle, "oracle-question", "Is the gate open?")
    click(app.oracle, "oracle-ask")
    assert read(app.oracle, "oracle-oracle-error") == ""
    campaign = app.session.campaign
    assert campaign is not None
    entry = [e for e in campaign.entries if e.type == "oracle"][-1]
    assert entry.data["likelihood"] == "very likely" and entry.data["dread"] == dread
    app.session.narration.wait()


@pytest.mark.parametrize(("system", "kinds"), [("die_trying", ("character",)),
                                               ("triptycho", ("character", "foe"))])
def test_die_trying_and_triptycho_generate_what_their_rules_accept(system: str,
                                                                   kinds: tuple[str, ...]) -> None:
    app = build()
    app.session.new_campaign(f"A {system} campaign", system)
    app.refresh()
    for kind in kinds:
        click(app, f"oracle-generate-{kind}")
        assert read(app, "oracle-generate-error") == ""
    state = app.session.state
    people = state.characters if system == "die_trying" else state.roster
    assert len(people) == len(kinds)  # each draw was folded by the system's own rules
    if system == "triptycho":
        assert [p.player for p in people] == [True, False]


def test_an_unnamed_monster_drawn_from_the_bestiary_carries_its_gold() -> None:
    app = ready_app()
    session = app.session
    combat = app.view("Combat")
    fill(combat, "oracle-fighters", (str(session.active),))
    fill(combat, "oracle-weak-faces", "1")
    click(combat, "oracle-combat-start")  # no name typed: one is drawn from the bestiary
    assert read(combat, "oracle-error") == ""
    campaign = session.campaign
    assert campaign is not None
    started = [e for e in campaign.entries if e.type == "combat_started"][-1].data
    drawn = {m.name: m for m in bestiary()}[started["monster"]]
    assert started.get("gold", 0) == drawn.gold
    quarry = trophy_moves(session).state.expedition.quarry
    assert quarry is not None and quarry.name == drawn.name and quarry.gold == drawn.gold


def test_redo_restores_a_move_whose_narration_landed_after_the_undo() -> None:
    from oracle.app.undo import redo_move, undo_move

    app = ready_app()
    campaign = app.session.campaign
    assert campaign is not None
    hero = str(app.session.active)
    seq = campaign.append({"type": "hunt_rolled", "name": hero, "light": [6]})[0]
    assert undo_move(campaign) == seq
    # the narrator's thread finishes only now, voicing the roll that was just undone
    campaign.record({"type": "narration", "text": "A token glints.", "refers_to": seq})
    assert redo_move(campaign) == seq
    assert campaign.state.character(hero).hunt_tokens == 1


def test_meaning_tables_in_the_oracle_tab_draw_and_journal_in_the_campaigns_genre() -> None:
    from oracle.solo.meaning_tables import our_tables

    app = ready_app()
    offered = {value: label for label, value in find(app.oracle, "oracle-meaning-table")
                   .options}
    assert offered["places"] == f"places ({len(our_tables('trophy')['places'].entries)})"
    fill(app.oracle, "oracle-meaning-table", "places")
    fill(app.oracle, "oracle-meaning-n", 3)
    click(app.oracle, "oracle-meaning-draw")
    assert read(app.oracle, "oracle-oracle-error") == ""
    campaign = app.session.campaign
    assert campaign is not None
    entry = campaign.entries[-1]
    assert entry.type == "meaning" and entry.data["table"] == "places"
    assert len(set(entry.data["drawn"])) == 3
    assert set(entry.data["drawn"]) <= set(our_tables("trophy")["places"].entries)
    for word in entry.data["drawn"]:
        assert esc(word) in read(app.oracle, "oracle-meaning-drawn")  # escaped, as player text
    # the narrator is handed the words drawn, in the recent journal
    assert entry.data["drawn"][0] in app.session._context({"roll": "oracle"}).journal


def test_an_own_table_is_offered_used_journalled_whole_and_exported() -> None:
    import os
    from pathlib import Path

    home = Path(os.environ["ORACLE_HOME"])
    (home / "tables").mkdir(exist_ok=True)
    (home / "tables" / "fen-omens.txt").write_text("# mine\nthe reeds bow\nthe heron waits\n",
                                                   encoding="utf-8")
    (home / "tables" / "broken.txt").write_bytes(b"fine\n\xff\n")
    app = ready_app()
    app.oracle.refresh()
    labels = [label for label, _ in find(app.oracle, "oracle-meaning-table").options]
    assert "fen-omens (2, yours)" in labels
    assert "tables: &#x27;broken.txt&#x27; line 2 is not UTF-8 text." in read(
        app.oracle, "oracle-meaning-own")  # escaped: a file name is player text
    fill(app.oracle, "oracle-meaning-table", "fen-omens")
    fill(app.oracle, "oracle-meaning-n", 1)
    click(app.oracle, "oracle-meaning-draw")
    campaign = app.session.campaign
    assert campaign is not None
    assert read(app.oracle, "oracle-oracle-error") == ""
    kinds = [e.type for e in campaign.entries[-2:]]
    assert kinds == ["table", "meaning"]
    assert campaign.entries[-2].data["entries"] == ["the reeds bow", "the heron waits"]
    click(app.oracle, "oracle-meaning-draw")  # the same table again: not journalled twice
    assert [e.type for e in campaign.entries].count("table") == 1
    exported = json.loads(campaign.export_json())
    assert any(e["type"] == "table" and e["data"]["name"] == "fen-omens"
               for e in exported["events"])
    from oracle.journal.campaign import Campaign

    copy = Campaign.import_json(campaign.export_json(), name="The fen, again")
    assert copy.settings.tables["fen-omens"] == ("the reeds bow", "the heron waits")
    # the file gone, the campaign still holds the table it used
    (home / "tables" / "fen-omens.txt").unlink()
    assert app.session.solo.tables([])["fen-omens"].entries == ("the reeds bow", "the heron waits")


def _own_home_tables(files: dict[str, str]) -> None:
    import os
    from pathlib import Path

    folder = Path(os.environ["ORACLE_HOME"]) / "tables"
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


@pytest.mark.parametrize("system", ["die_trying", "triptycho"])
def test_own_names_name_generated_characters_and_travel_with_the_campaign(system: str) -> None:
    _own_home_tables({"names-fen.txt": "Osk Reedwater\nMara Fenn\n"})
    app = build()
    app.session.new_campaign(f"A {system} fen", system)
    app.refresh()
    click(app, "oracle-generate-character")
    click(app, "oracle-generate-character")
    click(app, "oracle-generate-character")  # both own names taken: ours again
    assert read(app, "oracle-generate-error") == ""
    state = app.session.state
    people = [p.name for p in (state.characters if system == "die_trying" else state.roster)]
    assert sorted(people[:2]) == ["Mara Fenn", "Osk Reedwater"] and len(set(people)) == 3
    campaign = app.session.campaign
    assert campaign is not None
    kept = [e for e in campaign.entries if e.type == "table"]
    assert [e.data["name"] for e in kept] == ["names-fen"]  # journalled once, so exported


def test_an_own_bestiary_is_offered_in_combat_and_drawn_for_a_fight() -> None:
    _own_home_tables({"bestiary-fen.txt": "Reed Thing | 4 | 1 | wet and patient\n"})
    app = ready_app()
    combat = app.view("Combat")
    assert "Reed Thing" in find(combat, "oracle-bestiary").options
    session = app.session
    names = set()
    for seed in range(40):  # unnamed fights draw from ours and the player's alike
        with own_in(session, keep=False):
            names.add(monster_fields("", SeededDice(seed), {})["monster"])
    assert "Reed Thing" in names


def test_the_journal_words_meaning_draws_and_scene_ends() -> None:
    app = ready_app()
    drawn = app.session.solo.draw_meaning("omens", 1)
    app.session.solo.end_scene("yours")
    app.refresh()
    shown = read(app.journal, "oracle-journal-entries")
    assert f"Meaning drawn from the omens table: {esc(drawn[0])}" in shown
    assert "The scene ends. The scene went your way" in shown
