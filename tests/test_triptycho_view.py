"""The Triptycho tab as a view model: widgets built in-process, buttons clicked, values read."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest

from oracle.app.triptycho_view import TriptychoView, build_view
from oracle.triptycho.vitals import PointKind


def join(view: TriptychoView, name: str, player: bool, hp: int = 20) -> None:
    view._name.value = name
    view._player.value = player
    view._hp.value = hp
    view._join.click()
    assert view._roster_error.value == ""


def combat(view: TriptychoView) -> None:
    join(view, "Ash", True)
    join(view, "Ogre", False, hp=10)
    view._kind.value = "combat"
    view._start.click()
    for name in ("Ash", "Ogre"):
        view._who.value = name
        view._roll_init.click()
    view._draw.click()
    view._next.click()
    assert view._round_error.value == ""


def test_build_view_returns_a_widget_without_displaying() -> None:
    box = build_view(None)
    assert box.children and isinstance(box._triptycho_view, TriptychoView)


def test_a_scratch_scenario_tracks_initiative_rounds_and_turns() -> None:
    view = TriptychoView(None)
    combat(view)
    state = view._journal.state
    assert state.round == 1 and state.current == state.order[0]
    assert "round 1" in view._status.value and "turns phase" in view._status.value
    assert "Ash (player)" in view._tracker.value and "Ogre" in view._tracker.value
    assert state.member("Ash").hand.hand == 5  # first round: drew to the Hand Limit


def test_the_resolver_shows_win_chance_and_expected_damage_before_rolling() -> None:
    view = TriptychoView(None)
    combat(view)
    view._accuracy.value, view._evasion.value = "1d8", "1d4"
    view._dmg.value, view._defense.value = "1d10", ""
    # 1d8 vs 1d4 hits 13/16; expected damage 13/16 * 5.5
    assert "hits 81.2%" in view._odds.value
    assert "expected damage <b>4.47</b>" in view._odds.value
    view._evasion.value = ""
    assert "no opposed roll" in view._odds.value and "expected damage <b>5.50</b>" in view._odds.value


def test_rolling_an_attack_records_its_faces_and_takes_the_damage_off() -> None:
    view = TriptychoView(None)
    combat(view)
    view._attacker.value, view._target.value = "Ash", "Ogre"
    view._accuracy.value, view._evasion.value, view._dmg.value = "1d8", "", "2d6"
    view._roll.click()
    assert view._resolve_error.value == ""
    ogre = view._journal.state.member("Ogre")
    dealt = 10 - ogre.vitals.current(PointKind.HP)
    assert 2 <= dealt <= 10  # 2d6 with no Defense, capped by the Ogre's 10 HP
    assert "damage" in view._result.value


def test_a_bad_entry_shows_one_sentence_next_to_the_control_and_changes_nothing() -> None:
    view = TriptychoView(None)
    combat(view)
    before = view._journal.state
    view._dmg.value = "2x6"
    assert view._resolve_error.value.startswith("damage: ")
    view._roll.click()
    assert view._resolve_error.value.startswith("damage: ")
    assert view._journal.state == before
    view._who.value = "Ash"
    view._amount.value = 0
    view._heal.click()
    assert view._points_error.value.startswith("type: Injuries heal in town")


def test_damage_recover_injury_and_tracks_from_the_buttons() -> None:
    view = TriptychoView(None)
    combat(view)
    view._who.value = "Ash"
    view._amount.value = 25
    view._damage.click()
    assert "(defeated)" in view._tracker.value
    view._amount.value = 50
    view._recover.click()
    assert view._journal.state.member("Ash").vitals.current(PointKind.HP) == 20  # capped
    view._injury.click()
    assert view._journal.state.member("Ash").vitals.maximum(PointKind.HP) == 15
    view._track.value, view._by.value = "power", 1
    view._move.click()
    assert html.unescape(view._points_error.value).startswith(
        "track: Ash has no 'power' Stat Track")


def test_stat_tracks_set_at_the_start_move_and_settle() -> None:
    view = TriptychoView(None)
    join(view, "Ash", True)
    view._kind.value = "exploration"
    view._tracks.value = "Ash: power +1, skill 0"
    view._start.click()
    view._draw.click()
    view._who.value, view._track.value, view._by.value = "Ash", "skill", 2
    view._move.click()
    assert "skill +2 (base +0)" in view._tracker.value
    view._next.click()
    view._next.click()
    view._discard.click()
    view._draw.click()  # skill moved last round: it stays
    view._next.click()
    view._next.click()
    view._discard.click()
    view._draw.click()  # not moved since: one step back toward base
    assert "skill +1 (base +0)" in view._tracker.value
    assert view._round_error.value == ""
    view._tracks.value = "Ash power 1"
    view._end.click()
    view._start.click()
    assert view._round_error.value.startswith("tracks: write each person")


def test_the_view_records_into_a_triptycho_campaign(tmp_path: Path) -> None:
    from oracle.journal.campaign import Campaign

    campaign: Any = Campaign.create("Triptych", "triptycho", home=tmp_path)
    try:
        view = TriptychoView(campaign)
        combat(view)
        assert campaign.state.round == 1
        reopened = Campaign.open(campaign.id, tmp_path)
        try:
            assert reopened.state == campaign.state  # the journal replays to the same state
        finally:
            reopened.close()
    finally:
        campaign.close()


def test_a_campaign_of_another_system_is_refused_in_one_sentence(tmp_path: Path) -> None:
    from oracle.journal.campaign import Campaign

    campaign: Any = Campaign.create("Forest", "trophy", home=tmp_path)
    try:
        view = TriptychoView(campaign)
        view._name.value = "Ash"
        view._join.click()
        assert view._roster_error.value.startswith("campaign: this campaign plays trophy")
    finally:
        campaign.close()


@pytest.mark.parametrize("kind", ["exploration", "interaction"])
def test_the_resolver_uses_the_scenario_names(kind: str) -> None:
    view = TriptychoView(None)
    join(view, "Ash", True)
    view._kind.value = kind
    view._start.click()
    request = view._request()
    assert ("inflict" if kind == "exploration" else "argue") in request


def test_typed_faces_of_physical_dice_are_used_and_checked() -> None:
    view = TriptychoView(None)
    combat(view)
    view._attacker.value, view._target.value = "Ash", "Ogre"
    view._accuracy.value, view._evasion.value = "1d8", "1d4"
    view._dmg.value, view._defense.value = "1d10", "1d6"
    view._typed.value = "5 3 6 2"  # the text's example: hit 5 vs miss 3, damage 6 less 2
    view._roll.click()
    assert view._resolve_error.value == ""
    assert view._journal.state.member("Ogre").vitals.current(PointKind.HP) == 6
    assert "<b>4</b>" in view._result.value
    before = view._journal.state
    view._typed.value = "9 3 6 2"
    view._roll.click()
    assert view._resolve_error.value == "dice: a d8 cannot show 9; faces run 1..8."
    view._typed.value = "5 3 6 2 1"
    view._roll.click()
    assert view._resolve_error.value.startswith("faces: 1 typed face(s) were not needed")
    assert view._journal.state == before


def test_injuries_and_defeats_are_voiced_through_the_app_session(tmp_path: Path) -> None:
    from oracle.app.session import Session

    session = Session(home=tmp_path)
    session.new_campaign("Triptych", "triptycho")
    try:
        view = TriptychoView(session)
        combat(view)
        view._who.value = "Ash"
        view._injury.click()
        voiced = session.narration.wait()
        assert voiced is not None and voiced.beat == "injury" and voiced.text
        view._attacker.value, view._target.value = "Ash", "Ogre"
        view._accuracy.value, view._evasion.value, view._dmg.value = "1d8", "", "2d6"
        view._typed.value = "6 6"
        view._roll.click()
        assert view._resolve_error.value == ""
        voiced = session.narration.wait()
        assert voiced is not None and voiced.beat == "defeat"  # 12 damage on the Ogre's 10 HP
        kinds = [e.type for e in session.require().entries]
        assert kinds.count("narration") == 2 and "attack" in kinds
    finally:
        session.close()
