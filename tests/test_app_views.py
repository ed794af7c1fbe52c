"""The app's widgets built in-process: clicks go through the rules core, the page agrees with it.

No browser: the views are built around a Session on the test's own ORACLE_HOME, buttons are
``.click()``-ed, and what the widgets show is checked against the rules (``read_risk`` and the
campaign's folded state), never just that something ran.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from oracle.app import build
from oracle.app.controls import UNEXPECTED, guard
from oracle.app.render import esc
from oracle.app.session import Session
from oracle.app.shell import OracleApp
from oracle.narrator.fake import FakeNarrator
from oracle.trophy.risk import RiskRoll, push, read_risk

FACE = re.compile(r'class="oracle-die oracle-(light|dark)[^"]*" data-face="(\d)"')


def faces_on_page(html: str) -> list[tuple[str, int]]:
    return [(kind, int(face)) for kind, face in FACE.findall(html)]


def ready_app(physical: bool = True) -> OracleApp:
    """Quick start, in physical-dice mode so every face is chosen by the test."""
    app = build()
    app.start._quick.click()
    app.risk._intent.value = ""  # the tests set every toggle themselves
    app.risk._skill.value = False
    app._physical.value = physical
    return app


def entries(app: OracleApp) -> int:
    assert app.session.campaign is not None
    return len(app.session.campaign.entries)


def test_quick_start_opens_a_campaign_with_a_ready_hunter_one_click_from_rolling() -> None:
    app = build()
    assert app._play.layout.display == "none" and app.start.widget.layout.display == ""
    app.start._quick.click()
    session = app.session
    assert session.campaign is not None and session.active == "Wren Ashdown"
    hunter = session.character()
    assert hunter.ruin == 1 and hunter.skills and hunter.equipment and hunter.armor
    assert app._play.layout.display == "" and app.start.widget.layout.display == "none"
    # The first roll is one click: the intent is offered and Climbing applies.
    assert app.risk._intent.value and app.risk._skill.value
    assert "success <b>16.7%</b>" in app.risk._odds.value
    app.risk._roll.click()
    assert app.risk._roll_error.value == ""
    assert len(faces_on_page(app.risk._dice.value)) == 1


@pytest.mark.parametrize("light,dark", [((4,), (5,)), ((6,), (6,)), ((3, 5), (2,)), ((2,), ()),
                                         ((6, 1), (6,))])
def test_a_risk_roll_shows_the_faces_outcome_and_ruin_the_rules_settle(
    light: tuple[int, ...], dark: tuple[int, ...]
) -> None:
    app = ready_app()
    view = app.risk
    view._intent.value = "Pry open the reliquary"
    view._skill.value = True
    view._bargain_on.value = len(light) == 2
    view._bargain.value = "The lid's crash wakes whatever sleeps below"
    view._dark.value = bool(dark)
    view._light_faces.value = " ".join(map(str, light))
    view._dark_faces.value = " ".join(map(str, dark))
    view._roll.click()
    assert view._roll_error.value == ""
    expected = read_risk(RiskRoll(ruin=1, light=light, dark=dark))
    page = faces_on_page(view._dice.value)
    assert page == [("light", f) for f in light] + [("dark", f) for f in dark]
    decider = re.search(r'oracle-(light|dark) oracle-deciding" data-face="(\d)"', view._dice.value)
    assert decider is not None
    assert int(decider.group(2)) == expected.highest
    assert (decider.group(1) == "dark") == expected.highest_is_dark
    assert expected.outcome.value in view._outcome.value
    assert app.session.character().ruin == expected.ruin_after
    assert f'data-ruin="{expected.ruin_after}"' in app._sheet.value
    # The push is offered exactly while the rules allow it.
    assert view._push.disabled is (not expected.can_push)


def test_a_push_adds_a_dark_die_rerolls_and_is_refused_once_dark_is_highest() -> None:
    app = ready_app()
    view = app.risk
    view._intent.value = "Outrun the hounds"
    view._skill.value = True
    view._light_faces.value = "5"
    view._roll.click()
    assert not view._push.disabled and "Odds if you push" in view._push_odds.value
    view._push_light.value = "2"
    view._push_dark.value = "4"
    view._push.click()
    first = read_risk(RiskRoll(ruin=1, light=(5,)))
    pushed = push(first, (2,), (4,))
    assert faces_on_page(view._dice.value) == [("light", 2), ("dark", 4)]
    assert app.session.character().ruin == pushed.ruin_after == 2
    assert view._push.disabled  # highest die dark: no more pushing
    assert app._cond_box.layout.display == ""  # the Ruin mark asks for a Condition
    count = entries(app)
    app.session.physical = True
    with pytest.raises(Exception, match="push"):
        app.session.push((1,), (1, 1))
    assert entries(app) == count


def test_a_bad_typed_face_is_one_sentence_next_to_the_roll_button_and_records_nothing() -> None:
    app = ready_app()
    view = app.risk
    view._intent.value = "Climb"
    view._skill.value = True
    view._light_faces.value = "7"
    before = entries(app)
    view._roll.click()
    assert view._roll_error.value == esc(
        "light faces: each face is a whole number from 1 to 6; got '7'.")
    assert entries(app) == before and view._dice.value == ""


def test_no_intent_no_roll() -> None:
    app = ready_app(physical=False)
    app.risk._skill.value = True
    app.risk._roll.click()
    assert "intent: say what you hope will happen" in app.risk._roll_error.value


def test_a_ritual_forces_the_dark_die_and_says_so() -> None:
    app = ready_app()
    view = app.risk
    view._ritual.value = True
    assert view._dark.value is True and view._dark.disabled is True
    assert "A Ritual always includes a dark die" in view._warning.value
    view._ritual.value = False
    assert view._dark.disabled is False


def test_a_risk_roll_to_kill_a_monster_warns_and_is_refused_without_confirmation() -> None:
    app = ready_app()
    view = app.risk
    view._intent.value = "Kill the antlered thing"
    view._skill.value = True
    view._light_faces.value = "6"
    view._foe.value = "monster"
    view._foe_intent.value = "defeat"
    assert "means your character dies" in view._warning.value
    assert view._confirm.layout.display == ""
    before = entries(app)
    view._roll.click()
    assert "intent: a Risk Roll to kill or incapacitate a monster" in view._roll_error.value
    assert entries(app) == before


def test_the_odds_follow_the_toggles_and_match_the_exact_odds() -> None:
    from oracle.trophy.odds import odds_for_request

    app = ready_app()
    view = app.risk
    view._skill.value = True
    one_light = view._odds.value
    view._dark.value = True
    with_dark = view._odds.value
    assert one_light != with_dark
    exact = odds_for_request({"roll": "risk", "ruin": 1, "light": 1, "dark": 1})
    assert exact["outcome"]["success"]["fraction"] == "11/36"
    # P(success) with one light and one dark die is 11/36 (a 6 on either die).
    assert "success <b>30.6%</b>" in with_dark
    assert "success <b>16.7%</b>" in one_light


def test_helpers_need_a_dark_die() -> None:
    app = ready_app()
    app.session.add_character({"name": "Mara", "occupation": "Priest"})
    app.refresh()
    view = app.risk
    view._intent.value = "Lift the portcullis"
    view._skill.value = True
    view._helpers.value = ("Mara",)
    assert "Help is only possible on a roll with a dark die" in view._warning.value
    view._light_faces.value = "3"
    view._helper_faces.value = "5"
    view._roll.click()
    assert view._roll_error.value.startswith("helpers: help is only possible")


def test_a_helper_matching_a_dark_die_marks_ruin_and_their_die_is_drawn() -> None:
    app = ready_app()
    app.session.add_character({"name": "Mara", "occupation": "Priest"})
    app.refresh()
    view = app.risk
    view._intent.value = "Lift the portcullis"
    view._dark.value = True
    view._helpers.value = ("Mara",)
    view._dark_faces.value = "3"
    view._helper_faces.value = "3"
    view._roll.click()
    assert view._roll_error.value == ""
    assert faces_on_page(view._dice.value) == [("light", 3), ("dark", 3)]
    assert app.session.state.character("Mara").ruin == 2  # helper die equals a dark die
    assert app.session.character().ruin == 2  # dark 3 ties the light 3 and beats Ruin 1


def test_the_journal_survives_a_reload_where_play_stood() -> None:
    app = ready_app()
    app.risk._intent.value = "Search the chapel"
    app.risk._skill.value = True
    app.risk._dark.value = True
    app.risk._light_faces.value = "2"
    app.risk._dark_faces.value = "6"
    app.risk._roll.click()
    app.session.narration.wait()
    journal = app.journal._entries.value
    assert "Search the chapel" in journal
    again = build()  # what a page reload does: a new kernel, a new Session, same store
    assert again.session.campaign is not None
    assert again.session.campaign.id == app.session.campaign.id  # type: ignore[union-attr]
    assert again.session.character().ruin == 2
    assert again.journal._entries.value == app.journal._entries.value


def test_narration_streams_then_lands_in_the_journal_and_the_x_card_strikes_it() -> None:
    session = Session(narrator=FakeNarrator("The bell tolls once.", "The wind drops."))
    app = OracleApp(session)
    session.on_change(app.refresh)
    app.start._quick.click()
    session.narrator = FakeNarrator("The bell tolls once.", "The wind drops.")
    app._physical.value = True
    app.risk._intent.value = "Ring the bell"
    app.risk._skill.value = True
    app.risk._light_faces.value = "6"
    app.risk._roll.click()
    # The dice are on the page before the narrator says anything.
    assert faces_on_page(app.risk._dice.value) == [("light", 6)]
    session.narration.wait()
    assert "The bell tolls once." in app.journal._entries.value
    app.journal._x_card.click()
    session.narration.wait()
    struck = session.campaign.entries  # type: ignore[union-attr]
    narrations = [e for e in struck if e.type == "narration"]
    assert narrations[0].struck and not narrations[1].struck
    assert narrations[1].data["text"] == "The wind drops."
    assert "narration struck with the X-card" in app.journal._entries.value
    assert "The bell tolls once." not in app.journal._entries.value  # off the page


def test_lines_and_veils_reach_every_prompt() -> None:
    fake = FakeNarrator()
    session = Session(narrator=fake)
    app = OracleApp(session)
    app.start._quick.click()
    app.safety._lines.value = "harm to children"
    app.safety._veils.value = "torture"
    app.safety._save.click()
    assert app.safety._error.value == ""
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
    app.safety._key.value = key
    app.safety._use_key.click()
    assert app.safety._key.value == ""  # the browser's copy is cleared at once
    assert key not in app.safety._status.value and key not in app._status.value
    written = b"".join(p.read_bytes() for p in _oracle_home.rglob("*") if p.is_file())
    assert key.encode() not in written


def test_the_narrator_status_says_which_narrator_and_why() -> None:
    app = ready_app()
    assert app._status.value == "offline: ORACLE_NARRATOR=offline"


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
    view = app.hunt
    view._exploring.value = "Follow the stream uphill"
    view._faces.value = "5"
    view._roll.click()
    assert app.session.character().hunt_tokens == 1
    view._faces.value = "6"
    view._roll.click()
    assert app.session.character().hunt_tokens == 2
    view._spend_treasure.click()
    hunter = app.session.character()
    assert (hunter.hunt_tokens, hunter.gold) == (1, 1)
    assert 'data-value="1"' in app._sheet.value
    view._faces.value = "1"
    view._roll.click()
    assert app.session.character().hunt_tokens == 0  # a 1 loses every token
    assert "lose all your Hunt Tokens" in view._result.value


def test_a_contest_reads_sixes_down_and_marks_ruin_for_dark_ones() -> None:
    app = ready_app()
    app.session.add_character({"name": "Rook", "occupation": "Thief", "npc": True})
    app.refresh()
    view = app.contest
    view._who.value = ("Wren Ashdown", "Rook")
    skill, extra, light, dark = view._controls["Wren Ashdown"]
    skill.value = True
    extra.value = 1
    light.value, dark.value = "6 2", "1"
    rook = view._controls["Rook"]
    rook[2].value, rook[3].value = "5", ""
    view._roll.click()
    assert view._error.value == ""
    assert "Wren Ashdown wins" in view._result.value
    assert app.session.character().ruin == 2  # the dark die showed 1


def test_a_combat_round_matches_the_rules() -> None:
    app = ready_app()
    app.session.add_character({"name": "Mara", "occupation": "Priest", "armor": ["Helm"]})
    app.refresh()
    view = app.combat
    view._endurance.value = 9
    view._lower.value = 1  # a relevant Skill
    assert view.endurance == 8
    view._fighters.value = ("Wren Ashdown", "Mara")
    view._weak_faces.value = "3 5"
    view._start.click()
    assert view._error.value == ""
    assert view._fight_box.layout.display == ""
    view._armor_boxes["Mara"].value = True
    view._dark_faces.value = "5 3"
    view._roll.click()
    state = app.session.state
    assert state.character("Wren Ashdown").ruin == 2  # a dark 3 on Wren's Weak Point
    assert state.character("Mara").ruin == 1  # Mara's armor takes the 5
    assert state.character("Mara").armor[0].marked
    assert "Total of the two highest: <b>8</b>" in view._dice.value
    assert "defeated" in view._dice.value


def test_reduction_is_refused_before_five_ruin_with_a_sentence() -> None:
    app = ready_app()
    assert app.ruin._red_roll.disabled
    with pytest.raises(Exception, match="after marking 5 Ruin"):
        app.session.reduction_die(3)


def test_losing_yourself_gets_its_own_screen_and_the_character_leaves_play() -> None:
    app = ready_app()
    app.session.add_character({"name": "Mara", "occupation": "Priest", "starting_ruin": 5})
    app.refresh()
    app._active.value = "Mara"
    app.ruin._ruin_face.value = "6"
    app.ruin._ruin_roll.click()
    app.session.narration.wait()
    mara = app.session.state.character("Mara")
    assert mara.lost
    assert app._lost.layout.display == ""
    assert "Mara loses themself" in app._lost_text.value
    app._death.click()
    mara = app.session.state.character("Mara")
    assert mara.fate is not None and mara.fate.value == "death"
    assert app._lost.layout.display == "none"
    assert "Mara" not in app.session.names()  # a lost character cannot roll


def test_the_moment_of_losing_yourself_keeps_its_narration_however_fast_or_after_a_reload() -> None:
    # The offline narrator can finish before the lost screen first draws; the screen then reads
    # the moment's narration from the journal, and a reload shows it again.
    app = ready_app()
    app.session.add_character({"name": "Mara", "occupation": "Priest", "starting_ruin": 5})
    app.refresh()
    app._active.value = "Mara"
    app.ruin._ruin_face.value = "6"
    app.ruin._ruin_roll.click()
    app.session.narration.wait()
    assert app.session.campaign is not None
    said = [e.data["text"] for e in app.session.campaign.entries
            if e.type == "narration" and e.data.get("beat") == "lost"]
    assert len(said) == 1
    app._lost_name = None  # as if the screen had not drawn yet when the narration landed
    app.refresh()
    assert esc(said[0]) in app._lost_text.value
    again = build()
    assert "Mara loses themself" in again._lost_text.value
    assert esc(said[0]) in again._lost_text.value


def test_exports_are_download_links_of_the_journal() -> None:
    app = ready_app()
    app.risk._intent.value = "Read the inscription"
    app.risk._skill.value = True
    app.risk._light_faces.value = "4"
    app.risk._roll.click()
    markdown = app.journal.export("markdown")
    assert "Wren Ashdown" in markdown and "light 4" in markdown
    assert 'download="' in app.journal._links.value
    assert "data:text/markdown" in app.journal._links.value
    assert app.journal.export("json").lstrip().startswith("{")
    lonelog = app.journal.export("lonelog")
    assert lonelog.startswith("---") and "@ Read the inscription" in lonelog


def test_deleting_a_campaign_asks_first() -> None:
    app = ready_app()
    campaign_id = app.session.campaign.id  # type: ignore[union-attr]
    app.campaigns._delete(campaign_id)
    assert app.session.campaign is not None  # first click only asks
    app.campaigns._delete(campaign_id)
    assert app.session.campaign is None
    assert app.session.campaigns() == []


@pytest.mark.parametrize("system", ["die_trying", "triptycho"])
def test_a_campaign_of_another_system_shows_that_systems_view(system: str) -> None:
    app = build()
    app.start._new_name.value = "Side quest"
    app.start._system.value = system
    app.start._new.click()
    assert app.start._error.value == ""
    assert app.session.campaign is not None and app.session.campaign.system.name == system
    assert app.tabs.layout.display == "none"  # the Trophy tabs step aside
    assert len(app._other.children) == 2 and app._other.children[1] is app.campaigns.widget


class HeldNarrator(FakeNarrator):
    """A narrator that does not answer until the test lets it (no timing involved)."""

    def __init__(self, *texts: str) -> None:
        super().__init__(*texts)
        import threading

        self.gate = threading.Event()

    def narrate(self, beat, context, on_text=None):  # type: ignore[no-untyped-def]
        self.gate.wait(timeout=30)
        return super().narrate(beat, context, on_text)


def test_the_dice_never_wait_for_the_narrator() -> None:
    held = HeldNarrator("The rope holds, for now.")
    session = Session(narrator=held)
    app = OracleApp(session)
    app.start._quick.click()
    session.narrator = held
    app._physical.value = True
    app.risk._intent.value = "Descend the well"
    app.risk._skill.value = True
    app.risk._light_faces.value = "6"
    app.risk._roll.click()  # returns while the narrator is still held
    assert not held.gate.is_set()
    assert faces_on_page(app.risk._dice.value) == [("light", 6)]
    assert "Success" in app.risk._outcome.value
    assert "oracle-spinner" in app.journal._live.value  # progress shown while it streams
    held.gate.set()
    session.narration.wait()
    assert "The rope holds, for now." in app.journal._entries.value
    assert app.journal._live.value == ""


def test_narration_streams_piece_by_piece_into_the_live_line() -> None:
    fake = FakeNarrator("Mist pours off the water like breath.")
    session = Session(narrator=fake)
    app = OracleApp(session)
    app.start._quick.click()
    session.narrator = fake
    seen: list[str] = []
    app.journal._live.observe(lambda change: seen.append(change["new"]), names="value")
    app._physical.value = True
    app.risk._intent.value = "Cross the ford"
    app.risk._skill.value = True
    app.risk._light_faces.value = "4"
    app.risk._roll.click()
    session.narration.wait()
    partial = [v for v in seen if "Mist pours" in v and "breath." not in v]
    assert partial, "the narration should appear before it is complete"
    assert "Mist pours off the water like breath." in app.journal._entries.value


def test_two_tabs_on_one_store_see_each_others_rolls() -> None:
    first = build()
    first.start._quick.click()
    first.risk._skill.value = False  # (Quick start offers a Skill die; this roll is dark only)
    second = build()  # another tab: it reopens the same campaign
    assert second.session.campaign is not None
    first._physical.value = second._physical.value = True
    first.risk._intent.value = "Scout ahead"
    first.risk._dark.value = True
    first.risk._dark_faces.value = "6"
    first.risk._roll.click()
    assert first.session.character().ruin == 2
    second.risk._intent.value = "Hold the door"
    second.risk._skill.value = True
    second.risk._light_faces.value = "3"
    second.risk._roll.click()  # catches up first, then records on top
    assert second.risk._roll_error.value == ""
    assert second.session.character().ruin == 2
    assert "Scout ahead" in second.journal._entries.value


def test_a_damaged_last_campaign_is_named_on_the_start_screen_and_left_untouched() -> None:
    app = build()
    app.start._quick.click()
    campaign = app.session.campaign
    assert campaign is not None
    path = campaign.path
    app.session.close()
    path.write_bytes(b"not a campaign at all")
    again = build()
    assert again.session.campaign is None
    assert again.start._error.value  # one sentence saying what is wrong
    assert "Traceback" not in again.start._error.value
    assert path.read_bytes() == b"not a campaign at all"


def test_a_character_needs_a_name() -> None:
    app = ready_app()
    before = entries(app)
    app.party._occupation.value = "Hunter"
    app.party._add.click()
    assert app.party._error.value == esc("character.name: a character needs a name.")
    assert entries(app) == before


def test_help_after_the_roll_joins_the_open_roll() -> None:
    app = ready_app()
    app.session.add_character({"name": "Mara", "occupation": "Priest"})
    app.refresh()
    view = app.risk
    view._intent.value = "Force the gate"
    view._skill.value = True
    view._dark.value = True
    view._light_faces.value = "5"
    view._dark_faces.value = "2"
    view._roll.click()
    assert view._late_row.layout.display == ""  # the roll is open and has a dark die
    view._late_helper.value = "Mara"
    view._late_face.value = "2"
    view._late_help.click()
    assert view._push_error.value == ""
    assert faces_on_page(view._dice.value) == [("light", 5), ("light", 2), ("dark", 2)]
    assert app.session.state.character("Mara").ruin == 2  # her 2 matches the dark 2


def test_undo_strikes_a_mistyped_entry_and_restores_the_state() -> None:
    app = ready_app()
    app.risk._intent.value = "Jump"
    app.risk._dark.value = True
    app.risk._dark_faces.value = "6"
    app.risk._roll.click()
    assert app.session.character().ruin == 2
    app.session.narration.wait()
    app.journal._undo.click()  # the newest entry is the narration
    app.journal._undo.click()  # then the roll itself
    assert app.journal._error.value == ""
    assert app.session.character().ruin == 1
    assert "(undone)" in app.journal._entries.value


def test_tokens_pool_toward_a_goal_and_a_fallen_companions_become_gold() -> None:
    app = ready_app()
    session = app.session
    session.add_character({"name": "Mara", "occupation": "Priest", "starting_ruin": 5})
    app.refresh()
    for name, faces in (("Wren Ashdown", ["6", "5"]), ("Mara", ["6", "4"])):
        app._active.value = name
        for face in faces:
            app.hunt._faces.value = face
            app.hunt._roll.click()
    assert [c.hunt_tokens for c in session.characters()] == [2, 2]
    app.hunt._goal.value = "Find the hidden stair"
    app.hunt._inputs["Wren Ashdown"].value = 2
    app.hunt._inputs["Mara"].value = 1
    app.hunt._spend_goal.click()
    assert app.hunt._spend_error.value == ""
    assert [c.hunt_tokens for c in session.characters()] == [0, 1]
    app._active.value = "Mara"
    app.ruin._ruin_face.value = "6"
    app.ruin._ruin_roll.click()
    app._death.click()
    app._active.value = "Wren Ashdown"
    assert app.hunt._claim_row.layout.display == ""
    app.hunt._claim.click()
    assert app.hunt._spend_error.value == ""
    assert session.character("Wren Ashdown").gold == 1 and session.character("Mara").hunt_tokens == 0


def test_a_retreat_hands_the_weak_point_to_a_companion() -> None:
    app = ready_app()
    app.session.add_character({"name": "Mara", "occupation": "Priest"})
    app.refresh()
    view = app.combat
    view._endurance.value = 12
    view._fighters.value = ("Wren Ashdown", "Mara")
    view._weak_faces.value = "2 4"
    view._start.click()
    view._dark_faces.value = "1 3"
    view._roll.click()
    assert "Not yet defeated" in view._dice.value
    view._retreat_who.value = "Wren Ashdown"
    view._retreat_to.value = "Mara"
    view._retreat.click()
    assert view._error.value == ""
    combat = app.session.state.combat
    assert combat is not None and combat.names == ("Mara",)
    assert set(combat.weak_points("Mara")) == {2, 4}
    assert combat.dark_count == 2  # the number of dark dice never goes down
    assert view._roll.description.startswith("Continue")


def test_a_reduction_roll_at_or_above_ruin_asks_whether_to_remove_anyway() -> None:
    app = ready_app()
    for _ in range(4):  # four disturbing sights, each a dark 6: Ruin 1 -> 5
        app.ruin._ruin_face.value = "6"
        app.ruin._ruin_roll.click()
        app._cond_text.value = f"scar {app.session.character().ruin}"
        app._cond_take.click()
    assert app.session.character().ruin == 5
    assert not app.ruin._red_roll.disabled
    app.ruin._betrayal.value = "Loosen Mara's rope"
    app.ruin._red_face.value = "5"
    app.ruin._red_roll.click()
    assert app.ruin._choice.layout.display == ""  # 5 is not below Ruin 5: the player chooses
    assert app.session.character().ruin == 5
    app.ruin._remove.click()
    assert app.session.character().ruin == 4
    assert "someone notices" in app.ruin._red_dice.value


def test_a_reload_shows_the_open_roll_and_still_offers_the_push() -> None:
    app = ready_app()
    app.risk._intent.value = "Slip past the sentries"
    app.risk._skill.value = True
    app.risk._light_faces.value = "4"
    app.risk._roll.click()
    assert not app.risk._push.disabled
    again = build()  # the page reloaded
    assert faces_on_page(again.risk._dice.value) == [("light", 4)]
    assert "complication" in again.risk._outcome.value
    assert not again.risk._push.disabled


def test_a_reload_continues_the_offline_narrators_deck_instead_of_repeating_it() -> None:
    app = ready_app()

    def roll(view_app: OracleApp, face: str) -> str:
        view_app.risk._intent.value = "Listen at the door"
        view_app.risk._skill.value = True
        view_app.risk._light_faces.value = face
        view_app.risk._roll.click()
        view_app.session.narration.wait()
        campaign = view_app.session.campaign
        assert campaign is not None
        return [e for e in campaign.entries if e.type == "narration"][-1].data["text"]

    first = roll(app, "2")
    again = build()  # reload
    again._physical.value = True
    second = roll(again, "2")
    assert second != first  # the same table, the next card: no repeat after a reload


def test_notes_and_scenes_go_into_the_journal_and_the_lonelog() -> None:
    app = ready_app()
    app.journal._note.value = ""
    app.journal._add_note.click()
    assert app.journal._error.value == esc("note: write something first.")
    app.journal._note.value = "The map is wrong about the river."
    app.journal._add_note.click()
    app.journal._note.value = "The drowned chapel"
    app.journal._add_scene.click()
    assert "The map is wrong about the river." in app.journal._entries.value
    assert "The drowned chapel" in app.journal._entries.value
    assert "The drowned chapel" in app.journal.export("lonelog")


def test_a_sheet_can_be_edited_but_ruin_only_changes_by_rolls() -> None:
    app = ready_app()
    party = app.party
    party._editing.value = "Wren Ashdown"
    assert party._occupation.value == "Cartographer" and party._name.disabled
    party._skills.value = "Mapping, Climbing, Old tongues, Swimming"
    party._armor.value = "Boiled-leather jerkin, Iron cap"
    party._save.click()
    assert party._error.value == ""
    wren = app.session.character()
    assert "Swimming" in wren.skills and [p.name for p in wren.armor][-1] == "Iron cap"
    assert wren.ruin == 1


def test_a_narration_never_lands_in_another_campaign_after_a_switch() -> None:
    held = HeldNarrator("Words for the first campaign.")
    session = Session(narrator=held)
    app = OracleApp(session)
    app.start._quick.click()
    session.narrator = held
    first = session.campaign
    assert first is not None
    app._physical.value = True
    app.risk._skill.value = True
    app.risk._light_faces.value = "6"
    app.risk._roll.click()  # narration queued, narrator held
    session.new_campaign("Another expedition")
    held.gate.set()
    session.narration.wait()
    second = session.campaign
    assert second is not None and second.id != first.id
    assert not [e for e in second.entries if e.type == "narration"]


def test_the_page_carries_the_trophy_srd_attribution() -> None:
    from oracle.app.shell import ATTRIBUTION

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
        first.risk._intent.value = "Signal from the ridge"
        first.risk._dark.value = True
        first.risk._dark_faces.value = "6"
        first.risk._roll.click()
        deadline = time.monotonic() + 10
        while "Signal from the ridge" not in second.journal._entries.value:
            assert time.monotonic() < deadline, "the other tab never caught up"
            time.sleep(0.05)
        assert second.session.character().ruin == 2
        assert 'data-ruin="2"' in second._sheet.value
    finally:
        second.session.stop_watching()


def test_a_refresh_never_wipes_unsaved_safety_text() -> None:
    app = ready_app()
    app.safety._lines.value = "spiders"  # typed, not saved yet
    app.risk._intent.value = "Climb"
    app.risk._skill.value = True
    app.risk._light_faces.value = "4"
    app.risk._roll.click()  # everything refreshes
    assert app.safety._lines.value == "spiders"


@pytest.mark.parametrize(
    ("system", "line"),
    [("trophy", "Trophy"), ("die_trying", "Die Trying"), ("triptycho", "Triptycho")],
)
def test_the_header_names_the_system_the_open_campaign_plays(system: str, line: str) -> None:
    app = build()
    app.session.new_campaign(f"A {system} campaign", system)
    app.refresh()
    assert line in app._brand.value
    others = {"trophy": "Trophy", "die_trying": "Die Trying", "triptycho": "Triptycho"}
    assert all(name not in app._brand.value for key, name in others.items() if key != system)
