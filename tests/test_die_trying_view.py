"""The Die Trying tab as a view model: widgets built in-process, buttons clicked, values read."""

from __future__ import annotations

from pathlib import Path

from oracle.app.die_trying.view import DieTryingView, build_view
from oracle.die_trying.creation import Ability
from tests.app_driver import click, fill, find, read

SCORES = {
    "strength": 1,
    "dexterity": 2,
    "constitution": 3,
    "intelligence": 0,
    "wisdom": -1,
    "charisma": 1,
}


def make(view: DieTryingView, name: str, kit: bool = False, md: int = 2) -> None:
    fill(view, "oracle-dt-name", name)
    for ability in Ability:
        fill(view, f"oracle-dt-{ability.value}", SCORES[ability.value])
    fill(view, "oracle-dt-profs", "arcana: expert, medicine: trained")
    fill(view, "oracle-dt-talents", "Spark: 1")
    fill(view, "oracle-dt-md", md)
    if kit:
        fill(view, "oracle-dt-item", "medicine_kit")
        click(view, "oracle-dt-buy")
    click(view, "oracle-dt-create")
    assert read(view, "oracle-dt-builder-error") == ""


def test_build_view_returns_a_widget_without_displaying() -> None:
    box = build_view(None)
    assert box.children and isinstance(box._die_trying_view, DieTryingView)


def test_the_builder_keeps_the_45_sp_budget() -> None:
    view = DieTryingView(None)
    fill(view, "oracle-dt-item", "heavy_armor")
    click(view, "oracle-dt-buy")
    assert 'data-left="15"' in read(view, "oracle-counters")
    fill(view, "oracle-dt-item", "thieves_tools")
    click(view, "oracle-dt-buy")
    assert (
        'data-left="0"' in read(view, "oracle-counters")
        and read(view, "oracle-dt-builder-error") == ""
    )
    fill(view, "oracle-dt-item", "torch")
    click(view, "oracle-dt-buy")  # one torch too many: refused, next to the control, nothing bought
    assert "45 SP" in read(view, "oracle-dt-builder-error") and "47 SP" in read(
        view, "oracle-dt-builder-error"
    )
    assert 'data-left="0"' in read(view, "oracle-counters")
    click(view, "oracle-dt-put-back")
    assert 'data-left="15"' in read(view, "oracle-counters")


def test_the_builder_previews_hp_ac_speed_and_creates_the_character() -> None:
    view = DieTryingView(None)
    fill(view, "oracle-dt-name", "Pip")
    for ability in Ability:
        fill(view, f"oracle-dt-{ability.value}", SCORES[ability.value])
    fill(view, "oracle-dt-item", "light_armor")
    click(view, "oracle-dt-buy")
    fill(view, "oracle-dt-profs", "armor: trained")
    assert "HP <b>6</b>" in read(view, "oracle-dt-preview") and "AC <b>6</b>" in read(
        view, "oracle-dt-preview"
    )
    click(view, "oracle-dt-create")
    pip = view.moves.state.character("Pip")
    assert (pip.hp, pip.armor_class, pip.speed, pip.sp) == (6, 6, 30, 30)
    assert 'data-name="Pip"' in read(view, "oracle-panel")


def test_creation_caps_are_refused_as_one_sentence() -> None:
    view = DieTryingView(None)
    fill(view, "oracle-dt-name", "Pip")
    fill(view, "oracle-dt-profs", "stealth: master")
    click(view, "oracle-dt-create")
    assert read(view, "oracle-dt-builder-error").startswith(
        "proficiencies.stealth: at character creation"
    )
    assert view.moves.state.characters == ()


def test_rolled_scores_must_be_the_ones_assigned() -> None:
    view = DieTryingView(None)
    click(view, "oracle-dt-roll-scores")
    rolled = sorted(read(view, f"oracle-dt-{ability.value}") for ability in Ability)
    assert "Rolled" in read(view, "oracle-dt-scores-line") and view.moves.state.rolls == 1
    fill(view, "oracle-dt-name", "Pip")
    box = find(view, "oracle-dt-strength")
    box.value = 3 if box.value != 3 else -1  # break the assignment
    click(view, "oracle-dt-create")
    assert read(view, "oracle-dt-builder-error").startswith(
        "abilities: assign the six scores you rolled"
    )
    assert sorted(rolled) == rolled


def test_the_check_roller_shows_degree_odds_and_records_the_roll() -> None:
    view = DieTryingView(None)
    fill(view, "oracle-dt-who", "")
    fill(view, "oracle-dt-bonus", 2)
    fill(view, "oracle-dt-dc", 5)
    # d10 + 2 vs DC 5: 1/10 critical failure, 1/5 failure, 1/2 success, 1/5 critical success
    assert "critical failure <b>10.0%</b>" in read(view, "oracle-dt-check-odds")
    assert "success <b>50.0%</b>" in read(view, "oracle-dt-check-odds")
    fill(view, "oracle-dt-check-faces", "4")
    click(view, "oracle-dt-roll-check")
    assert read(view, "oracle-dt-check-error") == ""
    assert "= 6 against DC 5" in read(view, "oracle-dt-check-result")
    assert "<b>success</b>" in read(view, "oracle-dt-check-result")
    assert view.moves.state.last_result is not None
    assert view.moves.state.last_result["degree"] == "success"


def test_a_bad_face_is_one_sentence_and_records_nothing() -> None:
    view = DieTryingView(None)
    fill(view, "oracle-dt-check-faces", "11")
    click(view, "oracle-dt-roll-check")
    assert read(view, "oracle-dt-check-error") == "dice: a d10 cannot show 11; faces run 1..10."
    assert view.moves.state.rolls == 0


def test_the_caster_sees_the_miscast_chance_before_casting() -> None:
    view = DieTryingView(None)
    make(view, "Pip", md=3)
    fill(view, "oracle-dt-caster", "Pip")
    fill(view, "oracle-dt-magic", 3)
    # three d6 and no Instability yet: 1 - 6*5*4/216 = 4/9
    assert "miscast <b>44.4%</b>" in read(view, "oracle-dt-cast-odds")
    fill(view, "oracle-dt-cast-faces", "2 5 6")
    click(view, "oracle-dt-cast")
    assert read(view, "oracle-dt-cast-error") == ""
    assert "Spell Power <b>13</b>" in read(view, "oracle-dt-cast-result")
    assert view.moves.state.character("Pip").instability == 3
    # now the same pool rolls with 3 ID: six d6, 1 - 6!/6^6
    assert "miscast <b>98.5%</b>" in read(view, "oracle-dt-cast-odds")
    fill(view, "oracle-dt-magic", 4)
    assert read(view, "oracle-dt-cast-error").startswith("magic: at most the 3 Magic Dice")


def test_a_miscast_shows_the_tables_row() -> None:
    view = DieTryingView(None)
    make(view, "Pip", md=2)
    fill(view, "oracle-dt-caster", "Pip")
    fill(view, "oracle-dt-magic", 2)
    fill(view, "oracle-dt-cast-faces", "4 4 10")  # 10 + 2 matching - 1 = 11
    click(view, "oracle-dt-cast")
    assert "Miscast!" in read(view, "oracle-dt-cast-result") and "The caster dies." in read(
        view, "oracle-dt-cast-result"
    )
    assert view.moves.state.character("Pip").dead


def test_the_death_save_tracker() -> None:
    view = DieTryingView(None)
    make(view, "Pip")
    make(view, "Doc", kit=True)
    fill(view, "oracle-dt-patient", "Pip")
    fill(view, "oracle-dt-amount", 7)
    click(view, "oracle-dt-damage")
    assert "dying at HP -1: death save DC 5" in read(view, "oracle-dt-save-odds")
    assert "ends stable <b>57.0%</b>" in read(view, "oracle-dt-save-odds")
    fill(view, "oracle-dt-save-faces", "9")
    click(view, "oracle-dt-save")
    assert "HP -1 → 0, still dying" in read(view, "oracle-dt-save-result")
    # the dying cannot act: Pip is no healer (only Doc is offered)
    assert [value for _label, value in find(view, "oracle-dt-healer").options] == ["Doc"]
    fill(view, "oracle-dt-healer", "Doc")
    fill(view, "oracle-dt-save-faces", "8 6 6")
    click(view, "oracle-dt-stabilize")
    assert read(view, "oracle-dt-dying-error") == ""
    assert "stable, Unconscious for 6 hours" in read(view, "oracle-dt-save-result")
    click(view, "oracle-dt-new-day")
    assert view.moves.state.character("Pip").hp == 1


def test_points_and_marks() -> None:
    view = DieTryingView(None)
    make(view, "Pip")
    fill(view, "oracle-dt-patient", "Pip")
    click(view, "oracle-dt-mark")
    assert read(view, "oracle-dt-dying-error").startswith("points: Pip has no Point")
    fill(view, "oracle-dt-points", 3)
    click(view, "oracle-dt-award")
    fill(view, "oracle-dt-target", "constitution")
    for _ in range(3):
        click(view, "oracle-dt-mark")
    pip = view.moves.state.character("Pip")
    assert pip.score(Ability.CONSTITUTION) == 4 and pip.max_hp == 8 and pip.points == 0


def test_the_view_records_into_a_die_trying_campaign(tmp_path: Path) -> None:
    from oracle.journal.campaign import Campaign

    campaign = Campaign.create("Delve", "die_trying", home=tmp_path)
    view = DieTryingView(campaign)
    make(view, "Pip")
    fill(view, "oracle-dt-caster", "Pip")
    fill(view, "oracle-dt-magic", 1)
    click(view, "oracle-dt-cast")
    assert read(view, "oracle-dt-cast-error") == ""
    assert [e.type for e in campaign.entries][-2:] == ["create_character", "cast"]
    campaign.close()


def test_a_trophy_campaign_is_refused_with_a_sentence(tmp_path: Path) -> None:
    from oracle.journal.campaign import Campaign

    campaign = Campaign.create("Hunt", "trophy", home=tmp_path)
    view = DieTryingView(campaign)
    fill(view, "oracle-dt-name", "Pip")
    click(view, "oracle-dt-create")
    assert read(view, "oracle-dt-builder-error").startswith("campaign: this campaign plays trophy")
    campaign.close()


def test_a_miscast_and_a_death_save_are_voiced_through_the_app_session(tmp_path: Path) -> None:
    from oracle.app.session import Session

    session = Session(home=tmp_path)
    session.new_campaign("Delve", "die_trying")
    try:
        view = DieTryingView(session)
        make(view, "Pip")
        fill(view, "oracle-dt-caster", "Pip")
        fill(view, "oracle-dt-magic", 2)
        fill(view, "oracle-dt-cast-faces", "5 5 3")  # 3 + 2 matching - 1 = 4: another target
        click(view, "oracle-dt-cast")
        assert read(view, "oracle-dt-cast-error") == ""
        voiced = session.narration.wait()
        assert voiced is not None and voiced.beat == "miscast"
        assert "random" in voiced.text  # the settled row, told as it is
        fill(view, "oracle-dt-patient", "Pip")
        fill(view, "oracle-dt-amount", 6)
        click(view, "oracle-dt-damage")
        fill(view, "oracle-dt-save-faces", "2")
        click(view, "oracle-dt-save")
        voiced = session.narration.wait()
        assert voiced is not None and voiced.beat == "death_save" and "HP 0 to -1" in voiced.text
        kinds = [e.type for e in session.require().entries]
        assert kinds.count("narration") == 2 and "cast" in kinds and "death_save" in kinds
    finally:
        session.close()
