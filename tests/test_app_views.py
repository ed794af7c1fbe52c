"""The app's widgets built in-process: clicks go through the rules core, the page agrees with it.

No browser: the views are built around a Session on the test's own ORACLE_HOME, buttons are
``.click()``-ed, and what the widgets show is checked against the rules (``read_risk`` and the
campaign's folded state), never just that something ran.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from oracle.app import build
from oracle.app.controls import UNEXPECTED, guard
from oracle.app.render import esc
from oracle.app.session import Session
from oracle.app.shell import OracleApp
from oracle.journal.campaign import Campaign
from oracle.narrator.fake import FakeNarrator
from oracle.trophy.risk import RiskRoll, push, read_risk
from tests.app_driver import click, described, fill, find, find_all, read, trophy_moves

FACE = re.compile(r'class="oracle-die oracle-(light|dark)[^"]*" data-face="(\d)"')


def faces_on_page(html: str) -> list[tuple[str, int]]:
    return [(kind, int(face)) for kind, face in FACE.findall(html)]


def hero(app: OracleApp) -> str:
    """The quick start's generated treasure-hunter (the campaign's first character)."""
    return trophy_moves(app.session).characters()[0].name


def ready_app(physical: bool = True) -> OracleApp:
    """Quick start, in physical-dice mode so every face is chosen by the test."""
    app = build()
    click(app.start, "oracle-quickstart")
    fill(app.view("Risk"), "oracle-intent", "")  # the tests set every toggle themselves
    fill(app.view("Risk"), "oracle-skill", False)
    fill(app, "oracle-physical", physical)
    return app


def entries(app: OracleApp) -> int:
    assert app.session.campaign is not None
    return len(app.session.campaign.entries)


def test_quick_start_opens_a_campaign_with_a_ready_hunter_one_click_from_rolling() -> None:
    app = build()
    assert (
        find(app, "oracle-play").layout.display == "none" and app.start.widget.layout.display == ""
    )
    click(app.start, "oracle-quickstart")
    session = app.session
    assert session.campaign is not None and session.active
    hunter = trophy_moves(session).character()
    # a generated treasure-hunter: every field of the sheet filled, Ruin 1
    assert hunter.ruin == 1 and hunter.skills and hunter.equipment and hunter.armor
    assert hunter.occupation and hunter.background and hunter.drive and hunter.rituals
    assert (
        find(app, "oracle-play").layout.display == "" and app.start.widget.layout.display == "none"
    )
    # The first roll is one click: the intent is offered and Climbing applies.
    assert read(app.view("Risk"), "oracle-intent") and read(app.view("Risk"), "oracle-skill")
    assert "success <b>16.7%</b>" in read(app.view("Risk"), "oracle-odds")
    click(app.view("Risk"), "oracle-risk-roll")
    assert read(app.view("Risk"), "oracle-roll-error") == ""
    assert len(faces_on_page(read(app.view("Risk"), "oracle-dice"))) == 1


@pytest.mark.parametrize(
    "light,dark", [((4,), (5,)), ((6,), (6,)), ((3, 5), (2,)), ((2,), ()), ((6, 1), (6,))]
)
def test_a_risk_roll_shows_the_faces_outcome_and_ruin_the_rules_settle(
    light: tuple[int, ...], dark: tuple[int, ...]
) -> None:
    app = ready_app()
    view = app.view("Risk")
    fill(view, "oracle-intent", "Pry open the reliquary")
    fill(view, "oracle-skill", True)
    fill(view, "oracle-bargain-toggle", len(light) == 2)
    fill(view, "oracle-bargain-text", "The lid's crash wakes whatever sleeps below")
    fill(view, "oracle-dark-toggle", bool(dark))
    fill(view, "oracle-light-faces", " ".join(map(str, light)))
    fill(view, "oracle-dark-faces", " ".join(map(str, dark)))
    click(view, "oracle-risk-roll")
    assert read(view, "oracle-roll-error") == ""
    expected = read_risk(RiskRoll(ruin=1, light=light, dark=dark))
    page = faces_on_page(read(view, "oracle-dice"))
    assert page == [("light", f) for f in light] + [("dark", f) for f in dark]
    decider = re.search(
        r'oracle-(light|dark) oracle-deciding" data-face="(\d)"', read(view, "oracle-dice")
    )
    assert decider is not None
    assert int(decider.group(2)) == expected.highest
    assert (decider.group(1) == "dark") == expected.highest_is_dark
    assert expected.outcome.value in read(view, "oracle-outcome-line")
    assert trophy_moves(app.session).character().ruin == expected.ruin_after
    assert f'data-ruin="{expected.ruin_after}"' in read(app.side, "oracle-sheet")
    # The push is offered exactly while the rules allow it.
    assert find(view, "oracle-push").disabled is (not expected.can_push)


def test_a_push_adds_a_dark_die_rerolls_and_is_refused_once_dark_is_highest() -> None:
    app = ready_app()
    view = app.view("Risk")
    fill(view, "oracle-intent", "Outrun the hounds")
    fill(view, "oracle-skill", True)
    fill(view, "oracle-light-faces", "5")
    click(view, "oracle-risk-roll")
    assert not find(view, "oracle-push").disabled and "Odds if you push" in read(
        view, "oracle-odds-line"
    )
    fill(view, "oracle-push-light-faces", "2")
    fill(view, "oracle-push-dark-faces", "4")
    click(view, "oracle-push")
    first = read_risk(RiskRoll(ruin=1, light=(5,)))
    pushed = push(first, (2,), (4,))
    assert faces_on_page(read(view, "oracle-dice")) == [("light", 2), ("dark", 4)]
    assert trophy_moves(app.session).character().ruin == pushed.ruin_after == 2
    assert find(view, "oracle-push").disabled  # highest die dark: no more pushing
    assert (
        find(app.side, "oracle-condition-box").layout.display == ""
    )  # the Ruin mark asks for a Condition
    count = entries(app)
    app.session.physical = True
    with pytest.raises(Exception, match="push"):
        trophy_moves(app.session).push((1,), (1, 1))
    assert entries(app) == count


def test_a_bad_typed_face_is_one_sentence_next_to_the_roll_button_and_records_nothing() -> None:
    app = ready_app()
    view = app.view("Risk")
    fill(view, "oracle-intent", "Climb")
    fill(view, "oracle-skill", True)
    fill(view, "oracle-light-faces", "7")
    before = entries(app)
    click(view, "oracle-risk-roll")
    assert read(view, "oracle-roll-error") == esc(
        "light faces: each face is a whole number from 1 to 6; got '7'."
    )
    assert entries(app) == before and read(view, "oracle-dice") == ""


def test_no_intent_no_roll() -> None:
    app = ready_app(physical=False)
    fill(app.view("Risk"), "oracle-skill", True)
    click(app.view("Risk"), "oracle-risk-roll")
    assert "intent: say what you hope will happen" in read(app.view("Risk"), "oracle-roll-error")


def test_a_ritual_forces_the_dark_die_and_says_so() -> None:
    app = ready_app()
    view = app.view("Risk")
    fill(view, "oracle-ritual", True)
    assert (
        read(view, "oracle-dark-toggle") is True
        and find(view, "oracle-dark-toggle").disabled is True
    )
    assert "A Ritual always includes a dark die" in read(view, "oracle-warning")
    fill(view, "oracle-ritual", False)
    assert find(view, "oracle-dark-toggle").disabled is False


def test_a_risk_roll_to_kill_a_monster_warns_and_is_refused_without_confirmation() -> None:
    app = ready_app()
    view = app.view("Risk")
    fill(view, "oracle-intent", "Kill the antlered thing")
    fill(view, "oracle-skill", True)
    fill(view, "oracle-light-faces", "6")
    fill(view, "oracle-foe", "monster")
    fill(view, "oracle-foe-intent", "defeat")
    assert "means your character dies" in read(view, "oracle-warning")
    assert find(view, "oracle-confirm-death").layout.display == ""
    before = entries(app)
    click(view, "oracle-risk-roll")
    said = read(view, "oracle-roll-error")
    # in the player's words, naming the control that confirms (never "set confirmed to true")
    assert "means your character dies" in said and "I know: my character dies" in said
    assert "confirmed" not in said
    assert entries(app) == before
    # the odds say what the roll means: death, whatever the dice
    assert "dies" in read(view, "oracle-odds") and "success" not in read(view, "oracle-odds")
    fill(view, "oracle-confirm-death", True)
    click(view, "oracle-risk-roll")
    assert app.session.state.character(hero(app)).dead


def test_the_odds_follow_the_toggles_and_match_the_exact_odds() -> None:
    from oracle.trophy.odds import odds_for_request

    app = ready_app()
    view = app.view("Risk")
    fill(view, "oracle-skill", True)
    one_light = read(view, "oracle-odds")
    fill(view, "oracle-dark-toggle", True)
    with_dark = read(view, "oracle-odds")
    assert one_light != with_dark
    exact = odds_for_request({"roll": "risk", "ruin": 1, "light": 1, "dark": 1})
    assert exact["outcome"]["success"]["fraction"] == "11/36"
    # P(success) with one light and one dark die is 11/36 (a 6 on either die).
    assert "success <b>30.6%</b>" in with_dark
    assert "success <b>16.7%</b>" in one_light


def test_helpers_need_a_dark_die() -> None:
    app = ready_app()
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest"})
    app.refresh()
    view = app.view("Risk")
    fill(view, "oracle-intent", "Lift the portcullis")
    fill(view, "oracle-skill", True)
    fill(view, "oracle-helpers", ("Mara",))
    assert "Help is only possible on a roll with a dark die" in read(view, "oracle-warning")
    fill(view, "oracle-light-faces", "3")
    fill(view, "oracle-helper-faces", "5")
    click(view, "oracle-risk-roll")
    assert read(view, "oracle-roll-error").startswith("helpers: help is only possible")


def test_a_helper_matching_a_dark_die_marks_ruin_and_their_die_is_drawn() -> None:
    app = ready_app()
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest"})
    app.refresh()
    view = app.view("Risk")
    fill(view, "oracle-intent", "Lift the portcullis")
    fill(view, "oracle-dark-toggle", True)
    fill(view, "oracle-helpers", ("Mara",))
    fill(view, "oracle-dark-faces", "3")
    fill(view, "oracle-helper-faces", "3")
    click(view, "oracle-risk-roll")
    assert read(view, "oracle-roll-error") == ""
    assert faces_on_page(read(view, "oracle-dice")) == [("light", 3), ("dark", 3)]
    assert app.session.state.character("Mara").ruin == 2  # helper die equals a dark die
    assert trophy_moves(app.session).character().ruin == 2  # dark 3 ties the light 3 and beats Ruin 1


def test_the_journal_survives_a_reload_where_play_stood() -> None:
    app = ready_app()
    fill(app.view("Risk"), "oracle-intent", "Search the chapel")
    fill(app.view("Risk"), "oracle-skill", True)
    fill(app.view("Risk"), "oracle-dark-toggle", True)
    fill(app.view("Risk"), "oracle-light-faces", "2")
    fill(app.view("Risk"), "oracle-dark-faces", "6")
    click(app.view("Risk"), "oracle-risk-roll")
    app.session.narration.wait()
    journal = read(app.journal, "oracle-journal-entries")
    assert "Search the chapel" in journal
    again = build()  # what a page reload does: a new kernel, a new Session, same store
    assert again.session.campaign is not None
    assert again.session.campaign.id == app.session.campaign.id  # type: ignore[union-attr]
    assert trophy_moves(again.session).character().ruin == 2
    assert read(again.journal, "oracle-journal-entries") == read(
        app.journal, "oracle-journal-entries"
    )


def test_narration_streams_then_lands_in_the_journal_and_the_x_card_strikes_it() -> None:
    session = Session(narrator=FakeNarrator("The bell tolls once.", "The wind drops."))
    app = OracleApp(session)
    session.on_change(app.refresh)
    click(app.start, "oracle-quickstart")
    session.narrator = FakeNarrator("The bell tolls once.", "The wind drops.")
    fill(app, "oracle-physical", True)
    fill(app.view("Risk"), "oracle-intent", "Ring the bell")
    fill(app.view("Risk"), "oracle-skill", True)
    fill(app.view("Risk"), "oracle-light-faces", "6")
    click(app.view("Risk"), "oracle-risk-roll")
    # The dice are on the page before the narrator says anything.
    assert faces_on_page(read(app.view("Risk"), "oracle-dice")) == [("light", 6)]
    session.narration.wait()
    assert "The bell tolls once." in read(app.journal, "oracle-journal-entries")
    click(app.journal, "oracle-x-card")
    session.narration.wait()
    struck = session.campaign.entries  # type: ignore[union-attr]
    narrations = [e for e in struck if e.type == "narration"]
    assert narrations[0].struck and not narrations[1].struck
    assert narrations[1].data["text"] == "The wind drops."
    assert "Narration struck with the X-card." in read(app.journal, "oracle-journal-entries")
    assert "The bell tolls once." not in read(app.journal, "oracle-journal-entries")  # off the page


def test_lines_and_veils_reach_every_prompt() -> None:
    fake = FakeNarrator()
    session = Session(narrator=fake)
    app = OracleApp(session)
    click(app.start, "oracle-quickstart")
    fill(app.safety, "oracle-lines", "harm to children")
    fill(app.safety, "oracle-veils", "torture")
    click(app.safety, "oracle-save-safety")
    assert read(app.safety, "oracle-safety-error") == ""
    session.voice("outcome", {"roll": "risk", "outcome": "success"})
    session.narration.wait()
    context = fake.history[-1][1]
    assert context.safety.lines == ("harm to children",)
    assert context.safety.veils == ("torture",)


def test_a_pasted_key_is_used_for_the_session_and_never_written(
    _oracle_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ORACLE_NARRATOR", raising=False)
    app = ready_app()
    key = "sk-ant-test-NEVER-WRITE-ME-123"
    fill(app.safety, "oracle-api-key", key)
    click(app.safety, "oracle-use-key")
    assert read(app.safety, "oracle-api-key") == ""  # the browser's copy is cleared at once
    assert key not in read(app.safety, "oracle-narrator-detail") and key not in read(
        app, "oracle-narrator-status"
    )
    written = b"".join(p.read_bytes() for p in _oracle_home.rglob("*") if p.is_file())
    assert key.encode() not in written


def test_the_narrator_status_says_which_narrator_and_why() -> None:
    app = ready_app()
    assert read(app, "oracle-narrator-status") == "offline: ORACLE_NARRATOR=offline"


def test_an_unexpected_error_in_a_callback_is_a_calm_sentence_not_a_traceback() -> None:
    import ipywidgets as widgets  # type: ignore[import-untyped]

    line = widgets.HTML()

    def broken() -> None:
        raise KeyError("boom")

    guard(line, broken)()
    assert line.value == esc(UNEXPECTED.format(name="KeyError"))
    assert "Traceback" not in line.value


def test_hunt_tokens_follow_the_hunt_roll() -> None:
    app = ready_app()
    view = app.view("Hunt")
    fill(view, "oracle-hunt-intent", "Follow the stream uphill")
    fill(view, "oracle-hunt-faces", "5")
    click(view, "oracle-hunt-roll")
    assert trophy_moves(app.session).character().hunt_tokens == 1
    fill(view, "oracle-hunt-faces", "6")
    click(view, "oracle-hunt-roll")
    assert trophy_moves(app.session).character().hunt_tokens == 2
    click(view, "oracle-spend-treasure")
    hunter = trophy_moves(app.session).character()
    assert (hunter.hunt_tokens, hunter.gold) == (1, 1)
    assert 'data-value="1"' in read(app.side, "oracle-sheet")
    fill(view, "oracle-hunt-faces", "1")
    click(view, "oracle-hunt-roll")
    assert trophy_moves(app.session).character().hunt_tokens == 0  # a 1 loses every token
    assert "lose all your Hunt Tokens" in read(view, "oracle-hunt-result")


def test_a_contest_reads_sixes_down_and_marks_ruin_for_dark_ones() -> None:
    app = ready_app()
    hero = str(app.session.active)  # the quick start's generated hunter
    trophy_moves(app.session).add_character({"name": "Rook", "occupation": "Thief", "npc": True})
    app.refresh()
    view = app.view("Contest")
    fill(view, "oracle-contest-who", (hero, "Rook"))
    wren, rook = 0, 1  # one row per participant, in the order chosen
    find_all(view, "oracle-contest-skill")[wren].value = True
    find_all(view, "oracle-contest-extra")[wren].value = 1
    find_all(view, "oracle-contest-light")[wren].value = "6 2"
    find_all(view, "oracle-contest-dark")[wren].value = "1"
    find_all(view, "oracle-contest-light")[rook].value = "5"
    find_all(view, "oracle-contest-dark")[rook].value = ""
    click(view, "oracle-contest-roll")
    assert read(view, "oracle-error") == ""
    assert f"{hero} wins" in read(view, "oracle-roll-dice")
    assert trophy_moves(app.session).character().ruin == 2  # the dark die showed 1


def test_a_combat_round_matches_the_rules() -> None:
    app = ready_app()
    wren = str(app.session.active)  # the quick start's generated hunter
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest", "armor": ["Helm"]})
    app.refresh()
    view = app.view("Combat")
    fill(view, "oracle-endurance", 9)
    fill(view, "oracle-combat-lower", 1)  # a relevant Skill
    assert view.endurance == 8
    fill(view, "oracle-fighters", (wren, "Mara"))
    fill(view, "oracle-weak-faces", "3 5")
    click(view, "oracle-combat-start")
    assert read(view, "oracle-error") == ""
    assert find(view, "oracle-fight").layout.display == ""
    described(view, "Mara: mark").value = True
    fill(view, "oracle-combat-faces", "5 3")
    click(view, "oracle-combat-roll")
    state = app.session.state
    assert state.character(wren).ruin == 2  # a dark 3 on Wren's Weak Point
    assert state.character("Mara").ruin == 1  # Mara's armor takes the 5
    assert state.character("Mara").armor[0].marked
    assert "Total of the two highest: <b>8</b>" in read(view, "oracle-roll-dice")
    assert "defeated" in read(view, "oracle-roll-dice")


def test_reduction_is_refused_before_five_ruin_with_a_sentence() -> None:
    app = ready_app()
    assert find(app.view("Ruin"), "oracle-reduction-roll").disabled
    with pytest.raises(Exception, match="after marking 5 Ruin"):
        trophy_moves(app.session).reduction_die(3)


def test_losing_yourself_gets_its_own_screen_and_the_character_leaves_play() -> None:
    app = ready_app()
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest", "starting_ruin": 5})
    app.refresh()
    fill(app.side, "oracle-active", "Mara")
    fill(app.view("Ruin"), "oracle-ruin-face", "6")
    click(app.view("Ruin"), "oracle-ruin-roll")
    app.session.narration.wait()
    mara = app.session.state.character("Mara")
    assert mara.lost
    assert app.side is not None
    assert app.side.screen.layout.display == ""
    assert "Mara loses themself" in read(app.side, "oracle-lost-text")
    click(app.side, "oracle-fate-death")
    mara = app.session.state.character("Mara")
    assert mara.fate is not None and mara.fate.value == "death"
    assert app.side.screen.layout.display == "none"
    assert "Mara" not in trophy_moves(app.session).names()  # a lost character cannot roll


def test_the_moment_of_losing_yourself_keeps_its_narration_however_fast_or_after_a_reload() -> None:
    # The offline narrator can finish before the lost screen first draws; the screen then reads
    # the moment's narration from the journal, and a reload shows it again.
    app = ready_app()
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest", "starting_ruin": 5})
    app.refresh()
    fill(app.side, "oracle-active", "Mara")
    fill(app.view("Ruin"), "oracle-ruin-face", "6")
    click(app.view("Ruin"), "oracle-ruin-roll")
    app.session.narration.wait()
    assert app.session.campaign is not None
    said = [
        e.data["text"]
        for e in app.session.campaign.entries
        if e.type == "narration" and e.data.get("beat") == "lost"
    ]
    assert len(said) == 1
    app.refresh()  # the screen shows the narration that landed, whenever it landed
    assert esc(said[0]) in read(app.side, "oracle-lost-text")
    again = build()
    assert "Mara loses themself" in read(again.side, "oracle-lost-text")
    assert esc(said[0]) in read(again.side, "oracle-lost-text")


def test_exports_are_download_links_of_the_journal() -> None:
    app = ready_app()
    wren = str(app.session.active)  # the quick start's generated hunter
    fill(app.view("Risk"), "oracle-intent", "Read the inscription")
    fill(app.view("Risk"), "oracle-skill", True)
    fill(app.view("Risk"), "oracle-light-faces", "4")
    click(app.view("Risk"), "oracle-risk-roll")
    markdown = app.journal.export("markdown")
    assert wren in markdown and "light 4" in markdown
    assert 'download="' in read(app.journal, "oracle-export-links")
    assert "data:text/markdown" in read(app.journal, "oracle-export-links")
    assert app.journal.export("json").lstrip().startswith("{")
    lonelog = app.journal.export("lonelog")
    assert lonelog.startswith("---") and "@ Read the inscription" in lonelog


def test_deleting_a_campaign_asks_first() -> None:
    app = ready_app()
    click(app.campaigns, "oracle-delete-campaign")
    assert app.session.campaign is not None  # first click only asks
    click(app.campaigns, "oracle-delete-campaign")
    assert app.session.campaign is None
    assert app.session.campaigns() == []


@pytest.mark.parametrize("system", ["die_trying", "triptycho"])
def test_a_campaign_of_another_system_shows_that_systems_view(system: str) -> None:
    app = build()
    fill(app.start, "oracle-new-campaign", "Side quest")
    fill(app.start, "oracle-new-system", system)
    click(app.start, "oracle-create-campaign")
    assert read(app.start, "oracle-error") == ""
    assert app.session.campaign is not None and app.session.campaign.system.name == system
    assert app.tabs.layout.display == "none"  # the Trophy tabs step aside
    panel = find(app, "oracle-system-panel").children
    # its own panel, then the solo oracle (every system asks it), then the campaigns
    assert len(panel) == 3 and panel[1] is app.oracle.widget and panel[2] is app.campaigns.widget


class HeldNarrator(FakeNarrator):
    """A narrator that does not answer until the test lets it (``gate.set()``) or, with
    ``until``, until that condition holds (no timing involved)."""

    def __init__(self, *texts: str, until: Callable[[], bool] | None = None) -> None:
        super().__init__(*texts)
        import threading

        self.gate = threading.Event()
        self.until = until
        self.speaking = threading.Event()  # set once a narration has reached the narrator

    def narrate(self, beat, context, on_text=None):  # type: ignore[no-untyped-def]
        import time

        self.speaking.set()
        deadline = time.monotonic() + 30
        while not self.gate.wait(timeout=0.01):
            if (self.until is not None and self.until()) or time.monotonic() > deadline:
                break
        return super().narrate(beat, context, on_text)


def test_dice_drawn_while_the_roll_commits_are_taken_back_if_the_commit_fails() -> None:
    app = ready_app(physical=False)  # the campaign's seeded dice
    view = app.view("Risk")
    fill(view, "oracle-intent", "Climb the bell rope")
    fill(view, "oracle-skill", True)
    click(view, "oracle-risk-roll")
    click(view, "oracle-accept")
    app.session.narration.wait()  # the first roll's narration is in the journal
    card, outcome, count = read(view, "oracle-dice"), read(view, "oracle-outcome-line"), entries(app)
    assert app.session.campaign is not None
    path = app.session.campaign.path
    on_page: list[str] = []  # every drawing of the dice, in order
    find(view, "oracle-dice").observe(lambda change: on_page.append(change["new"]), names="value")
    # another program holds a read lock: the roll is checked and drawn, then its commit waits
    # out the busy timeout and fails
    code = ("import sqlite3, sys\n"
            f"c = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
            "c.execute('BEGIN'); c.execute('SELECT count(*) FROM events').fetchone()\n"
            "print('reading', flush=True); sys.stdin.read()\n")
    child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdin is not None
    try:
        assert child.stdout.readline().strip() == "reading"
        click(view, "oracle-risk-roll")
    finally:
        child.stdin.close()
        child.wait(timeout=10)
    assert "locked by another program" in read(view, "oracle-roll-error")
    drawn = on_page[0]
    assert faces_on_page(drawn) and on_page[-1] == card  # drawn, then taken back
    assert read(view, "oracle-dice") == card and read(view, "oracle-outcome-line") == outcome
    assert entries(app) == count  # nothing recorded
    click(view, "oracle-risk-roll")  # the same entry's seeded dice: the faces that were drawn
    assert read(view, "oracle-roll-error") == ""
    assert faces_on_page(read(view, "oracle-dice")) == faces_on_page(drawn)
    assert entries(app) > count


def test_the_dice_never_wait_for_the_narrator() -> None:
    held = HeldNarrator("The rope holds, for now.")
    session = Session(narrator=held)
    app = OracleApp(session)
    click(app.start, "oracle-quickstart")
    session.narrator = held
    fill(app, "oracle-physical", True)
    fill(app.view("Risk"), "oracle-intent", "Descend the well")
    fill(app.view("Risk"), "oracle-skill", True)
    fill(app.view("Risk"), "oracle-light-faces", "6")
    click(app.view("Risk"), "oracle-risk-roll")  # returns while the narrator is still held
    assert not held.gate.is_set()
    assert faces_on_page(read(app.view("Risk"), "oracle-dice")) == [("light", 6)]
    assert "Success" in read(app.view("Risk"), "oracle-outcome-line")
    assert "oracle-spinner" in read(app.journal, "oracle-live")  # progress shown while it streams
    held.gate.set()
    session.narration.wait()
    assert "The rope holds, for now." in read(app.journal, "oracle-journal-entries")
    assert read(app.journal, "oracle-live") == ""


def test_narration_streams_piece_by_piece_into_the_live_line() -> None:
    fake = FakeNarrator("Mist pours off the water like breath.")
    session = Session(narrator=fake)
    app = OracleApp(session)
    click(app.start, "oracle-quickstart")
    session.narrator = fake
    seen: list[str] = []
    find(app.journal, "oracle-live").observe(
        lambda change: seen.append(change["new"]), names="value"
    )
    fill(app, "oracle-physical", True)
    fill(app.view("Risk"), "oracle-intent", "Cross the ford")
    fill(app.view("Risk"), "oracle-skill", True)
    fill(app.view("Risk"), "oracle-light-faces", "4")
    click(app.view("Risk"), "oracle-risk-roll")
    session.narration.wait()
    partial = [v for v in seen if "Mist pours" in v and "breath." not in v]
    assert partial, "the narration should appear before it is complete"
    assert "Mist pours off the water like breath." in read(app.journal, "oracle-journal-entries")


def test_two_tabs_on_one_store_see_each_others_rolls() -> None:
    first = build()
    click(first.start, "oracle-quickstart")
    fill(
        first.view("Risk"), "oracle-skill", False
    )  # (Quick start offers a Skill die; this roll is dark only)
    second = build()  # another tab: it reopens the same campaign
    assert second.session.campaign is not None
    find(first, "oracle-physical").value = find(second, "oracle-physical").value = True
    fill(first.view("Risk"), "oracle-intent", "Scout ahead")
    fill(first.view("Risk"), "oracle-dark-toggle", True)
    fill(first.view("Risk"), "oracle-dark-faces", "6")
    click(first.view("Risk"), "oracle-risk-roll")
    assert trophy_moves(first.session).character().ruin == 2
    fill(second.view("Risk"), "oracle-intent", "Hold the door")
    fill(second.view("Risk"), "oracle-skill", True)
    fill(second.view("Risk"), "oracle-light-faces", "3")
    click(second.view("Risk"), "oracle-risk-roll")  # catches up first, then records on top
    assert read(second.view("Risk"), "oracle-roll-error") == ""
    assert trophy_moves(second.session).character().ruin == 2
    assert "Scout ahead" in read(second.journal, "oracle-journal-entries")


def test_a_damaged_last_campaign_is_named_on_the_start_screen_and_left_untouched() -> None:
    app = build()
    click(app.start, "oracle-quickstart")
    campaign = app.session.campaign
    assert campaign is not None
    path = campaign.path
    app.session.close()
    path.write_bytes(b"not a campaign at all")
    again = build()
    assert again.session.campaign is None
    assert read(again.start, "oracle-error")  # one sentence saying what is wrong
    assert "Traceback" not in read(again.start, "oracle-error")
    assert path.read_bytes() == b"not a campaign at all"


def test_a_character_needs_a_name() -> None:
    app = ready_app()
    before = entries(app)
    fill(app.view("Party"), "oracle-new-occupation", "Hunter")
    click(app.view("Party"), "oracle-add-character")
    assert read(app.view("Party"), "oracle-error") == esc(
        "character.name: a character needs a name."
    )
    assert entries(app) == before


def test_help_after_the_roll_joins_the_open_roll() -> None:
    app = ready_app()
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest"})
    app.refresh()
    view = app.view("Risk")
    fill(view, "oracle-intent", "Force the gate")
    fill(view, "oracle-skill", True)
    fill(view, "oracle-dark-toggle", True)
    fill(view, "oracle-light-faces", "5")
    fill(view, "oracle-dark-faces", "2")
    click(view, "oracle-risk-roll")
    assert find(view, "oracle-late-row").layout.display == ""  # the roll is open and has a dark die
    fill(view, "oracle-late-helper", "Mara")
    fill(view, "oracle-late-face", "2")
    click(view, "oracle-help-after")
    assert read(view, "oracle-push-error") == ""
    assert faces_on_page(read(view, "oracle-dice")) == [("light", 5), ("light", 2), ("dark", 2)]
    assert app.session.state.character("Mara").ruin == 2  # her 2 matches the dark 2


def test_undo_strikes_a_mistyped_entry_and_restores_the_state() -> None:
    app = ready_app()
    fill(app.view("Risk"), "oracle-intent", "Jump")
    fill(app.view("Risk"), "oracle-dark-toggle", True)
    fill(app.view("Risk"), "oracle-dark-faces", "6")
    click(app.view("Risk"), "oracle-risk-roll")
    assert trophy_moves(app.session).character().ruin == 2
    app.session.narration.wait()
    click(app.journal, "oracle-undo")  # one click: the roll with its narration
    assert read(app.journal, "oracle-error") == ""
    assert [e.type for e in app.session.campaign.entries if e.undone] == [  # type: ignore[union-attr]
        "risk_rolled", "narration"]
    assert trophy_moves(app.session).character().ruin == 1
    assert "(undone)" in read(app.journal, "oracle-journal-entries")


def test_tokens_pool_toward_a_goal_and_a_fallen_companions_become_gold() -> None:
    app = ready_app()
    wren = str(app.session.active)  # the quick start's generated hunter
    session = app.session
    trophy_moves(session).add_character({"name": "Mara", "occupation": "Priest", "starting_ruin": 5})
    app.refresh()
    for name, faces in ((wren, ["6", "5"]), ("Mara", ["6", "4"])):
        fill(app.side, "oracle-active", name)
        for face in faces:
            fill(app.view("Hunt"), "oracle-hunt-faces", face)
            click(app.view("Hunt"), "oracle-hunt-roll")
    assert [c.hunt_tokens for c in trophy_moves(session).characters()] == [2, 2]
    fill(app.view("Hunt"), "oracle-goal", "Find the hidden stair")
    described(app.view("Hunt"), f"{wren} (").value = 2
    described(app.view("Hunt"), "Mara (").value = 1
    click(app.view("Hunt"), "oracle-spend-goal")
    assert read(app.view("Hunt"), "oracle-spend-error") == ""
    assert [c.hunt_tokens for c in trophy_moves(session).characters()] == [0, 1]
    fill(app.side, "oracle-active", "Mara")
    fill(app.view("Ruin"), "oracle-ruin-face", "6")
    click(app.view("Ruin"), "oracle-ruin-roll")
    click(app.side, "oracle-fate-death")
    fill(app.side, "oracle-active", wren)
    assert find(app.view("Hunt"), "oracle-claim-row").layout.display == ""
    click(app.view("Hunt"), "oracle-claim")
    assert read(app.view("Hunt"), "oracle-spend-error") == ""
    assert (
        trophy_moves(session).character(wren).gold == 1
        and trophy_moves(session).character("Mara").hunt_tokens == 0
    )


def test_a_retreat_hands_the_weak_point_to_a_companion() -> None:
    app = ready_app()
    wren = str(app.session.active)  # the quick start's generated hunter
    trophy_moves(app.session).add_character({"name": "Mara", "occupation": "Priest"})
    app.refresh()
    view = app.view("Combat")
    fill(view, "oracle-endurance", 12)
    fill(view, "oracle-fighters", (wren, "Mara"))
    fill(view, "oracle-weak-faces", "2 4")
    click(view, "oracle-combat-start")
    fill(view, "oracle-combat-faces", "1 3")
    click(view, "oracle-combat-roll")
    assert "Not yet defeated" in read(view, "oracle-roll-dice")
    fill(view, "oracle-retreat-who", wren)
    fill(view, "oracle-retreat-to", "Mara")
    click(view, "oracle-retreat")
    assert read(view, "oracle-error") == ""
    combat = app.session.state.combat
    assert combat is not None and combat.names == ("Mara",)
    assert set(combat.weak_points("Mara")) == {2, 4}
    assert combat.dark_count == 2  # the number of dark dice never goes down
    assert find(view, "oracle-combat-roll").description.startswith("Continue")


def test_a_reduction_roll_at_or_above_ruin_asks_whether_to_remove_anyway() -> None:
    app = ready_app()
    for _ in range(4):  # four disturbing sights, each a dark 6: Ruin 1 -> 5
        fill(app.view("Ruin"), "oracle-ruin-face", "6")
        click(app.view("Ruin"), "oracle-ruin-roll")
        fill(app.side, "oracle-condition-text", f"scar {trophy_moves(app.session).character().ruin}")
        click(app.side, "oracle-condition-take")
    assert trophy_moves(app.session).character().ruin == 5
    assert not find(app.view("Ruin"), "oracle-reduction-roll").disabled
    fill(app.view("Ruin"), "oracle-betrayal", "Loosen Mara's rope")
    fill(app.view("Ruin"), "oracle-reduction-face", "5")
    click(app.view("Ruin"), "oracle-reduction-roll")
    assert (
        find(app.view("Ruin"), "oracle-reduction-choice").layout.display == ""
    )  # 5 is not below Ruin 5: the player chooses
    assert trophy_moves(app.session).character().ruin == 5
    click(app.view("Ruin"), "oracle-remove-anyway")
    assert trophy_moves(app.session).character().ruin == 4
    assert "someone notices" in read(app.view("Ruin"), "oracle-reduction-dice")


def test_a_reduction_choice_left_open_is_never_settled_on_another_character() -> None:
    """The evening at 390 px: Oswin's Reduction die waited on its choice; once Maud was played,
    "Keep the Ruin" still showed, and would have settled his die on her sheet."""
    app = ready_app()
    moves = trophy_moves(app.session)
    hero = moves.character().name
    moves.add_character({"name": "Mara", "occupation": "Priest", "starting_ruin": 4})
    app.refresh()
    fill(app.side, "oracle-active", "Mara")
    view = app.view("Ruin")
    fill(view, "oracle-ruin-face", "6")
    click(view, "oracle-ruin-roll")  # Ruin 4 -> 5: the Reduction opens
    assert not find(view, "oracle-reduction-roll").disabled
    fill(view, "oracle-reduction-face", "6")
    click(view, "oracle-reduction-roll")
    assert find(view, "oracle-reduction-choice").layout.display == ""
    fill(app.side, "oracle-active", hero)  # another one played before choosing
    app.refresh()
    assert find(view, "oracle-reduction-choice").layout.display == "none"
    click(view, "oracle-keep-ruin")  # a stray click settles nothing
    assert not [e for e in app.session.require().entries if e.type == "reduction_rolled"]


def test_a_reload_shows_the_open_roll_and_still_offers_the_push() -> None:
    app = ready_app()
    fill(app.view("Risk"), "oracle-intent", "Slip past the sentries")
    fill(app.view("Risk"), "oracle-skill", True)
    fill(app.view("Risk"), "oracle-light-faces", "4")
    click(app.view("Risk"), "oracle-risk-roll")
    assert not find(app.view("Risk"), "oracle-push").disabled
    again = build()  # the page reloaded
    assert faces_on_page(read(again.view("Risk"), "oracle-dice")) == [("light", 4)]
    assert "complication" in read(again.view("Risk"), "oracle-outcome-line")
    assert not find(again.view("Risk"), "oracle-push").disabled


def test_a_reload_continues_the_offline_narrators_deck_instead_of_repeating_it() -> None:
    app = ready_app()

    def roll(view_app: OracleApp, face: str) -> str:
        fill(view_app.view("Risk"), "oracle-intent", "Listen at the door")
        fill(view_app.view("Risk"), "oracle-skill", True)
        fill(view_app.view("Risk"), "oracle-light-faces", face)
        click(view_app.view("Risk"), "oracle-risk-roll")
        view_app.session.narration.wait()
        campaign = view_app.session.campaign
        assert campaign is not None
        text = [e for e in campaign.entries if e.type == "narration"][-1].data["text"]
        assert isinstance(text, str)
        return text

    first = roll(app, "2")
    again = build()  # reload
    fill(again, "oracle-physical", True)
    second = roll(again, "2")
    assert second != first  # the same table, the next card: no repeat after a reload


def test_notes_and_scenes_go_into_the_journal_and_the_lonelog() -> None:
    app = ready_app()
    fill(app.journal, "oracle-note", "")
    click(app.journal, "oracle-add-note")
    assert read(app.journal, "oracle-error") == esc("note: write something first.")
    fill(app.journal, "oracle-note", "The map is wrong about the river.")
    click(app.journal, "oracle-add-note")
    fill(app.journal, "oracle-note", "The drowned chapel")
    click(app.journal, "oracle-new-scene")
    assert "The map is wrong about the river." in read(app.journal, "oracle-journal-entries")
    assert "The drowned chapel" in read(app.journal, "oracle-journal-entries")
    assert "The drowned chapel" in app.journal.export("lonelog")


def test_a_sheet_can_be_edited_but_ruin_only_changes_by_rolls() -> None:
    app = ready_app()
    wren = str(app.session.active)  # the quick start's generated hunter
    party = app.view("Party")
    fill(party, "oracle-edit-character", wren)
    assert (
        read(party, "oracle-new-occupation") == trophy_moves(app.session).character().occupation
        and find(party, "oracle-new-name").disabled
    )
    fill(party, "oracle-new-skills", "Mapping, Climbing, Old tongues, Swimming")
    fill(party, "oracle-new-armor", "Boiled-leather jerkin, Iron cap")
    click(party, "oracle-save-character")
    assert read(party, "oracle-error") == ""
    sheet = trophy_moves(app.session).character()
    assert "Swimming" in sheet.skills and [p.name for p in sheet.armor][-1] == "Iron cap"
    assert sheet.ruin == 1


def _risk_roll_voiced_by(held: HeldNarrator) -> tuple[Session, Campaign]:
    """Quick start, then a Risk Roll whose narration goes to ``held``: the session and the
    campaign the roll was made in."""
    session = Session(narrator=held)
    app = OracleApp(session)
    click(app.start, "oracle-quickstart")
    session.narrator = held
    first = session.campaign
    assert first is not None
    fill(app, "oracle-physical", True)
    fill(app.view("Risk"), "oracle-skill", True)
    fill(app.view("Risk"), "oracle-light-faces", "6")
    click(app.view("Risk"), "oracle-risk-roll")  # narration queued
    return session, first


def test_a_narration_never_lands_in_another_campaign_after_a_switch() -> None:
    # Held until the page has moved to the other campaign: the words then come for a campaign
    # that is no longer the one open.
    held = HeldNarrator("Words for the first campaign.")
    session, first = _risk_roll_voiced_by(held)
    held.until = lambda: session.campaign is not first
    session.new_campaign("Another expedition")
    held.gate.set()
    session.narration.wait()
    second = session.campaign
    assert second is not None and second.id != first.id
    assert not [e for e in second.entries if e.type == "narration"]


def test_a_campaign_switch_never_waits_for_a_narrator_still_speaking() -> None:
    # A slow model holds the first campaign's narration; opening another campaign goes on at once
    # (it used to wait on the deck until the reply came), and the held words, when they come,
    # touch neither the new campaign's journal nor its deck.
    import threading

    held = HeldNarrator("Words for the first campaign.")
    session, first = _risk_roll_voiced_by(held)
    assert held.speaking.wait(10)  # the narrator is mid-reply
    switched = threading.Thread(target=session.new_campaign, args=("Another expedition",))
    switched.start()
    switched.join(5)
    assert not switched.is_alive(), "the switch waited for the narrator"
    assert not held.gate.is_set()
    second = session.campaign
    assert second is not None and second.id != first.id
    deck = session.deck
    held.gate.set()
    session.narration.wait()
    assert session.campaign is second and session.deck is deck
    assert not [e for e in second.entries if e.type == "narration"]


def test_the_page_carries_the_trophy_srd_attribution() -> None:
    from oracle.trophy.system import ATTRIBUTION

    srd = Path(__file__).resolve().parents[2] / "shared" / "rules" / "000_bb7a436617cdefdf.txt"
    if srd.exists():  # the credit is the SRD's own sentence, word for word
        assert ATTRIBUTION in srd.read_text(encoding="utf-8")
    app = build()
    footer = app.root.children[-1].value
    assert "Hedgemaze Press" in footer and "Creative Commons Attribution 4.0" in footer


def test_a_watching_tab_shows_another_tabs_roll_by_itself() -> None:
    import time

    first = ready_app()
    second = build()
    second.session.watch(interval=0.05)
    try:
        fill(first.view("Risk"), "oracle-intent", "Signal from the ridge")
        fill(first.view("Risk"), "oracle-dark-toggle", True)
        fill(first.view("Risk"), "oracle-dark-faces", "6")
        click(first.view("Risk"), "oracle-risk-roll")
        deadline = time.monotonic() + 10
        while "Signal from the ridge" not in read(second.journal, "oracle-journal-entries"):
            assert time.monotonic() < deadline, "the other tab never caught up"
            time.sleep(0.05)
        assert trophy_moves(second.session).character().ruin == 2
        assert 'data-ruin="2"' in read(second.side, "oracle-sheet")
    finally:
        second.session.stop_watching()


def test_a_refresh_never_wipes_unsaved_safety_text() -> None:
    app = ready_app()
    fill(app.safety, "oracle-lines", "spiders")  # typed, not saved yet
    fill(app.view("Risk"), "oracle-intent", "Climb")
    fill(app.view("Risk"), "oracle-skill", True)
    fill(app.view("Risk"), "oracle-light-faces", "4")
    click(app.view("Risk"), "oracle-risk-roll")  # everything refreshes
    assert read(app.safety, "oracle-lines") == "spiders"


@pytest.mark.parametrize(
    ("system", "line"),
    [("trophy", "Trophy"), ("die_trying", "Die Trying"), ("triptycho", "Triptycho")],
)
def test_the_header_names_the_system_the_open_campaign_plays(system: str, line: str) -> None:
    app = build()
    app.session.new_campaign(f"A {system} campaign", system)
    app.refresh()
    assert line in read(app, "oracle-brand-box")
    others = {"trophy": "Trophy", "die_trying": "Die Trying", "triptycho": "Triptycho"}
    assert all(
        name not in read(app, "oracle-brand-box") for key, name in others.items() if key != system
    )



def test_an_empty_exploration_question_is_one_sentence_in_either_place_that_asks() -> None:
    app = ready_app()
    before = len(app.session.require().entries)
    oracle, hunt = app.view("Oracle"), app.view("Hunt")
    fill(oracle, "oracle-explore", "   ")
    click(oracle, "oracle-explore-ask")
    fill(hunt, "oracle-hunt-question", "")
    click(hunt, "oracle-hunt-ask")
    sentence = "question: ask the GM something about the world first."
    assert sentence in read(oracle, "oracle-oracle-error")
    assert any(sentence in w.value for w in find_all(hunt, "oracle-error"))
    assert len(app.session.require().entries) == before  # nothing recorded, nothing voiced


def test_only_a_dead_companions_tokens_are_offered_as_gold() -> None:
    # SRD 1.2, Hunt Tokens: "If a character dies"; one lost as a monster keeps them (rulings.md)
    app = ready_app()
    wren = str(app.session.active)
    session = app.session
    trophy_moves(session).add_character({"name": "Mara", "occupation": "Priest", "starting_ruin": 5})
    app.refresh()
    fill(app.side, "oracle-active", "Mara")
    fill(app.view("Hunt"), "oracle-hunt-faces", "6")
    click(app.view("Hunt"), "oracle-hunt-roll")
    fill(app.view("Ruin"), "oracle-ruin-face", "6")
    click(app.view("Ruin"), "oracle-ruin-roll")
    click(app.side, "oracle-fate-monster")
    fill(app.side, "oracle-active", wren)
    assert trophy_moves(session).character("Mara").hunt_tokens == 1
    assert find(app.view("Hunt"), "oracle-claim-row").layout.display == "none"
    rule = read(app.view("Hunt"), "oracle-claim-rule")
    assert "dies" in rule and "monster keeps" in rule
