"""The Triptycho tab as a view model: widgets built in-process, buttons clicked, values read."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest

from oracle.app.triptycho.view import TriptychoView, build_view
from oracle.triptycho.vitals import PointKind
from tests.app_driver import click, fill, read


def join(view: TriptychoView, name: str, player: bool, hp: int = 20) -> None:
    fill(view, "oracle-tp-name", name)
    fill(view, "oracle-tp-player", player)
    fill(view, "oracle-tp-hp", hp)
    click(view, "oracle-tp-join")
    assert read(view, "oracle-tp-roster-error") == ""


def combat(view: TriptychoView) -> None:
    join(view, "Ash", True)
    join(view, "Ogre", False, hp=10)
    fill(view, "oracle-tp-kind", "combat")
    click(view, "oracle-tp-start")
    for name in ("Ash", "Ogre"):
        fill(view, "oracle-tp-who", name)
        click(view, "oracle-tp-roll-init")
    click(view, "oracle-tp-draw")
    click(view, "oracle-tp-next")
    assert read(view, "oracle-tp-round-error") == ""


def test_build_view_returns_a_widget_without_displaying() -> None:
    box = build_view(None)
    assert box.children and isinstance(box._triptycho_view, TriptychoView)


def test_a_scratch_scenario_tracks_initiative_rounds_and_turns() -> None:
    view = TriptychoView(None)
    combat(view)
    state = view.moves.state
    assert state.round == 1 and state.current == state.order[0]
    assert "round 1" in read(view, "oracle-tp-status") and "turns phase" in read(
        view, "oracle-tp-status"
    )
    assert "Ash (player)" in read(view, "oracle-tp-tracker") and "Ogre" in read(
        view, "oracle-tp-tracker"
    )
    assert state.member("Ash").hand.hand == 5  # first round: drew to the Hand Limit


def test_the_resolver_shows_win_chance_and_expected_damage_before_rolling() -> None:
    view = TriptychoView(None)
    combat(view)
    fill(view, "oracle-tp-accuracy", "1d8")
    fill(view, "oracle-tp-evasion", "1d4")
    fill(view, "oracle-tp-damage", "1d10")
    fill(view, "oracle-tp-defense", "")
    # 1d8 vs 1d4 hits 13/16; expected damage 13/16 * 5.5
    assert "hits 81.2%" in read(view, "oracle-odds")
    assert "expected damage <b>4.47</b>" in read(view, "oracle-odds")
    fill(view, "oracle-tp-evasion", "")
    assert "no opposed roll" in read(view, "oracle-odds") and "expected damage <b>5.50</b>" in read(
        view, "oracle-odds"
    )


def test_rolling_an_attack_records_its_faces_and_takes_the_damage_off() -> None:
    view = TriptychoView(None)
    combat(view)
    fill(view, "oracle-tp-attacker", "Ash")
    fill(view, "oracle-tp-target", "Ogre")
    fill(view, "oracle-tp-accuracy", "1d8")
    fill(view, "oracle-tp-evasion", "")
    fill(view, "oracle-tp-damage", "2d6")
    click(view, "oracle-tp-roll")
    assert read(view, "oracle-tp-resolve-error") == ""
    ogre = view.moves.state.member("Ogre")
    dealt = 10 - ogre.vitals.current(PointKind.HP)
    assert 2 <= dealt <= 10  # 2d6 with no Defense, capped by the Ogre's 10 HP
    assert "damage" in read(view, "oracle-outcome")


def test_a_bad_entry_shows_one_sentence_next_to_the_control_and_changes_nothing() -> None:
    view = TriptychoView(None)
    combat(view)
    before = view.moves.state
    fill(view, "oracle-tp-damage", "2x6")
    assert read(view, "oracle-tp-resolve-error").startswith("damage: ")
    click(view, "oracle-tp-roll")
    assert read(view, "oracle-tp-resolve-error").startswith("damage: ")
    assert view.moves.state == before
    fill(view, "oracle-tp-who", "Ash")
    fill(view, "oracle-tp-amount", 0)
    click(view, "oracle-tp-heal")
    assert read(view, "oracle-tp-points-error").startswith("type: Injuries heal in town")


def test_damage_recover_injury_and_tracks_from_the_buttons() -> None:
    view = TriptychoView(None)
    combat(view)
    fill(view, "oracle-tp-who", "Ash")
    fill(view, "oracle-tp-amount", 25)
    click(view, "oracle-tp-points-damage")
    assert "(defeated)" in read(view, "oracle-tp-tracker")
    fill(view, "oracle-tp-amount", 50)
    click(view, "oracle-tp-recover")
    assert view.moves.state.member("Ash").vitals.current(PointKind.HP) == 20  # capped
    click(view, "oracle-tp-injury")
    assert view.moves.state.member("Ash").vitals.maximum(PointKind.HP) == 15
    fill(view, "oracle-tp-track", "power")
    fill(view, "oracle-tp-by", 1)
    click(view, "oracle-tp-move")
    assert html.unescape(read(view, "oracle-tp-points-error")).startswith(
        "track: Ash has no 'power' Stat Track"
    )


def test_stat_tracks_set_at_the_start_move_and_settle() -> None:
    view = TriptychoView(None)
    join(view, "Ash", True)
    fill(view, "oracle-tp-kind", "exploration")
    fill(view, "oracle-tp-tracks", "Ash: power +1, skill 0")
    click(view, "oracle-tp-start")
    click(view, "oracle-tp-draw")
    fill(view, "oracle-tp-who", "Ash")
    fill(view, "oracle-tp-track", "skill")
    fill(view, "oracle-tp-by", 2)
    click(view, "oracle-tp-move")
    assert "skill +2 (base +0)" in read(view, "oracle-tp-tracker")
    click(view, "oracle-tp-next")
    click(view, "oracle-tp-next")
    click(view, "oracle-tp-discard")
    click(view, "oracle-tp-draw")  # skill moved last round: it stays
    click(view, "oracle-tp-next")
    click(view, "oracle-tp-next")
    click(view, "oracle-tp-discard")
    click(view, "oracle-tp-draw")  # not moved since: one step back toward base
    assert "skill +1 (base +0)" in read(view, "oracle-tp-tracker")
    assert read(view, "oracle-tp-round-error") == ""
    fill(view, "oracle-tp-tracks", "Ash power 1")
    click(view, "oracle-tp-end")
    click(view, "oracle-tp-start")
    assert read(view, "oracle-tp-round-error").startswith("tracks: write each person")


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
        fill(view, "oracle-tp-name", "Ash")
        click(view, "oracle-tp-join")
        assert read(view, "oracle-tp-roster-error").startswith(
            "campaign: this campaign plays trophy"
        )
    finally:
        campaign.close()


@pytest.mark.parametrize("kind", ["exploration", "interaction"])
def test_the_resolver_uses_the_scenario_names(kind: str) -> None:
    view = TriptychoView(None)
    join(view, "Ash", True)
    fill(view, "oracle-tp-kind", kind)
    click(view, "oracle-tp-start")
    request = view.request()
    assert ("inflict" if kind == "exploration" else "argue") in request


def test_typed_faces_of_physical_dice_are_used_and_checked() -> None:
    view = TriptychoView(None)
    combat(view)
    fill(view, "oracle-tp-attacker", "Ash")
    fill(view, "oracle-tp-target", "Ogre")
    fill(view, "oracle-tp-accuracy", "1d8")
    fill(view, "oracle-tp-evasion", "1d4")
    fill(view, "oracle-tp-damage", "1d10")
    fill(view, "oracle-tp-defense", "1d6")
    fill(view, "oracle-tp-faces", "5 3 6 2")  # the text's example: hit 5 vs miss 3, damage 6 less 2
    click(view, "oracle-tp-roll")
    assert read(view, "oracle-tp-resolve-error") == ""
    assert view.moves.state.member("Ogre").vitals.current(PointKind.HP) == 6
    assert "<b>4</b>" in read(view, "oracle-outcome")
    before = view.moves.state
    fill(view, "oracle-tp-faces", "9 3 6 2")
    click(view, "oracle-tp-roll")
    assert read(view, "oracle-tp-resolve-error") == "dice: a d8 cannot show 9; faces run 1..8."
    fill(view, "oracle-tp-faces", "5 3 6 2 1")
    click(view, "oracle-tp-roll")
    assert read(view, "oracle-tp-resolve-error").startswith(
        "faces: 1 typed face was not needed"
    )
    assert view.moves.state == before


def test_injuries_and_defeats_are_voiced_through_the_app_session(tmp_path: Path) -> None:
    from oracle.app.session import Session

    session = Session(home=tmp_path)
    session.new_campaign("Triptych", "triptycho")
    try:
        view = TriptychoView(session)
        combat(view)
        fill(view, "oracle-tp-who", "Ash")
        click(view, "oracle-tp-injury")
        voiced = session.narration.wait()
        assert voiced is not None and voiced.beat == "injury" and voiced.text
        fill(view, "oracle-tp-attacker", "Ash")
        fill(view, "oracle-tp-target", "Ogre")
        fill(view, "oracle-tp-accuracy", "1d8")
        fill(view, "oracle-tp-evasion", "")
        fill(view, "oracle-tp-damage", "2d6")
        fill(view, "oracle-tp-faces", "6 6")
        click(view, "oracle-tp-roll")
        assert read(view, "oracle-tp-resolve-error") == ""
        voiced = session.narration.wait()
        assert voiced is not None and voiced.beat == "defeat"  # 12 damage on the Ogre's 10 HP
        kinds = [e.type for e in session.require().entries]
        assert kinds.count("narration") == 2 and "attack" in kinds
    finally:
        session.close()
