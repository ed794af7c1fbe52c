"""The Die Trying tab as a view model: widgets built in-process, buttons clicked, values read."""

from __future__ import annotations

from pathlib import Path

from oracle.app.die_trying_view import DieTryingView, build_view
from oracle.die_trying.creation import Ability

SCORES = {"strength": 1, "dexterity": 2, "constitution": 3, "intelligence": 0, "wisdom": -1,
          "charisma": 1}


def make(view: DieTryingView, name: str, kit: bool = False, md: int = 2) -> None:
    view._name.value = name
    for ability, box in view._ability_boxes.items():
        box.value = SCORES[ability.value]
    view._profs.value = "arcana: expert, medicine: trained"
    view._talents.value = "Spark: 1"
    view._md.value = md
    if kit:
        view._item.value = "medicine_kit"
        view._add.click()
    view._create.click()
    assert view._builder_error.value == ""


def test_build_view_returns_a_widget_without_displaying() -> None:
    box = build_view(None)
    assert box.children and isinstance(box._die_trying_view, DieTryingView)


def test_the_builder_keeps_the_45_sp_budget() -> None:
    view = DieTryingView(None)
    view._item.value = "heavy_armor"
    view._add.click()
    assert 'data-left="15"' in view._budget.value
    view._item.value = "thieves_tools"
    view._add.click()
    assert 'data-left="0"' in view._budget.value and view._builder_error.value == ""
    view._item.value = "torch"
    view._add.click()  # one torch too many: refused, next to the control, nothing bought
    assert "45 SP" in view._builder_error.value and "47 SP" in view._builder_error.value
    assert 'data-left="0"' in view._budget.value
    view._undo_item.click()
    assert 'data-left="15"' in view._budget.value


def test_the_builder_previews_hp_ac_speed_and_creates_the_character() -> None:
    view = DieTryingView(None)
    view._name.value = "Pip"
    for ability, box in view._ability_boxes.items():
        box.value = SCORES[ability.value]
    view._item.value = "light_armor"
    view._add.click()
    view._profs.value = "armor: trained"
    assert "HP <b>6</b>" in view._preview.value and "AC <b>6</b>" in view._preview.value
    view._create.click()
    pip = view._journal.state.character("Pip")
    assert (pip.hp, pip.armor_class, pip.speed, pip.sp) == (6, 6, 30, 30)
    assert 'data-name="Pip"' in view._party.value


def test_creation_caps_are_refused_as_one_sentence() -> None:
    view = DieTryingView(None)
    view._name.value = "Pip"
    view._profs.value = "stealth: master"
    view._create.click()
    assert view._builder_error.value.startswith("proficiencies.stealth: at character creation")
    assert view._journal.state.characters == ()


def test_rolled_scores_must_be_the_ones_assigned() -> None:
    view = DieTryingView(None)
    view._roll_scores.click()
    rolled = sorted(box.value for box in view._ability_boxes.values())
    assert "Rolled" in view._scores_line.value and view._journal.state.rolls == 1
    view._name.value = "Pip"
    box = view._ability_boxes[Ability.STRENGTH]
    box.value = 3 if box.value != 3 else -1  # break the assignment
    view._create.click()
    assert view._builder_error.value.startswith("abilities: assign the six scores you rolled")
    assert sorted(rolled) == rolled


def test_the_check_roller_shows_degree_odds_and_records_the_roll() -> None:
    view = DieTryingView(None)
    view._who.value = ""
    view._bonus.value = 2
    view._dc.value = 5
    # d10 + 2 vs DC 5: 1/10 critical failure, 1/5 failure, 1/2 success, 1/5 critical success
    assert "critical failure <b>10.0%</b>" in view._check_odds.value
    assert "success <b>50.0%</b>" in view._check_odds.value
    view._check_faces.value = "4"
    view._roll_check.click()
    assert view._check_error.value == ""
    assert "= 6 against DC 5" in view._check_result.value
    assert "<b>success</b>" in view._check_result.value
    assert view._journal.state.last_result is not None
    assert view._journal.state.last_result["degree"] == "success"


def test_a_bad_face_is_one_sentence_and_records_nothing() -> None:
    view = DieTryingView(None)
    view._check_faces.value = "11"
    view._roll_check.click()
    assert view._check_error.value == "dice: a d10 cannot show 11; faces run 1..10."
    assert view._journal.state.rolls == 0


def test_the_caster_sees_the_miscast_chance_before_casting() -> None:
    view = DieTryingView(None)
    make(view, "Pip", md=3)
    view._caster.value = "Pip"
    view._magic.value = 3
    # three d6 and no Instability yet: 1 - 6*5*4/216 = 4/9
    assert "miscast <b>44.4%</b>" in view._cast_odds.value
    view._cast_faces.value = "2 5 6"
    view._cast.click()
    assert view._cast_error.value == ""
    assert "Spell Power <b>13</b>" in view._cast_result.value
    assert view._journal.state.character("Pip").instability == 3
    # now the same pool rolls with 3 ID: six d6, 1 - 6!/6^6
    assert "miscast <b>98.5%</b>" in view._cast_odds.value
    view._magic.value = 4
    assert view._cast_error.value.startswith("magic: at most the 3 Magic Dice")


def test_a_miscast_shows_the_tables_row() -> None:
    view = DieTryingView(None)
    make(view, "Pip", md=2)
    view._caster.value = "Pip"
    view._magic.value = 2
    view._cast_faces.value = "4 4 10"  # 10 + 2 matching - 1 = 11
    view._cast.click()
    assert "Miscast!" in view._cast_result.value and "The caster dies." in view._cast_result.value
    assert view._journal.state.character("Pip").dead


def test_the_death_save_tracker() -> None:
    view = DieTryingView(None)
    make(view, "Pip")
    make(view, "Doc", kit=True)
    view._patient.value = "Pip"
    view._amount.value = 7
    view._damage.click()
    assert "dying at HP -1: death save DC 5" in view._save_odds.value
    assert "ends stable <b>57.0%</b>" in view._save_odds.value
    view._save_faces.value = "9"
    view._save.click()
    assert "HP -1 → 0, still dying" in view._save_result.value
    view._healer.value = "Pip"
    view._stabilize.click()
    assert view._dying_error.value.startswith("healer:")
    view._healer.value = "Doc"
    view._save_faces.value = "8 6 6"
    view._stabilize.click()
    assert view._dying_error.value == ""
    assert "stable, Unconscious for 6 hours" in view._save_result.value
    view._new_day.click()
    assert view._journal.state.character("Pip").hp == 1


def test_points_and_marks() -> None:
    view = DieTryingView(None)
    make(view, "Pip")
    view._patient.value = "Pip"
    view._mark.click()
    assert view._dying_error.value.startswith("points: Pip has no Point")
    view._points.value = 3
    view._award.click()
    view._target.value = "constitution"
    for _ in range(3):
        view._mark.click()
    pip = view._journal.state.character("Pip")
    assert pip.score(Ability.CONSTITUTION) == 4 and pip.max_hp == 8 and pip.points == 0


def test_the_view_records_into_a_die_trying_campaign(tmp_path: Path) -> None:
    from oracle.journal.campaign import Campaign

    campaign = Campaign.create("Delve", "die_trying", home=tmp_path)
    view = DieTryingView(campaign)
    make(view, "Pip")
    view._caster.value = "Pip"
    view._magic.value = 1
    view._cast.click()
    assert view._cast_error.value == ""
    assert [e.type for e in campaign.entries][-2:] == ["create_character", "cast"]
    campaign.close()


def test_a_trophy_campaign_is_refused_with_a_sentence(tmp_path: Path) -> None:
    from oracle.journal.campaign import Campaign

    campaign = Campaign.create("Hunt", "trophy", home=tmp_path)
    view = DieTryingView(campaign)
    view._name.value = "Pip"
    view._create.click()
    assert view._builder_error.value.startswith("campaign: this campaign plays trophy")
    campaign.close()


def test_a_miscast_and_a_death_save_are_voiced_through_the_app_session(tmp_path: Path) -> None:
    from oracle.app.session import Session

    session = Session(home=tmp_path)
    session.new_campaign("Delve", "die_trying")
    try:
        view = DieTryingView(session)
        make(view, "Pip")
        view._caster.value = "Pip"
        view._magic.value = 2
        view._cast_faces.value = "5 5 3"  # 3 + 2 matching - 1 = 4: another target
        view._cast.click()
        assert view._cast_error.value == ""
        voiced = session.narration.wait()
        assert voiced is not None and voiced.beat == "miscast"
        assert "random" in voiced.text  # the settled row, told as it is
        view._patient.value = "Pip"
        view._amount.value = 6
        view._damage.click()
        view._save_faces.value = "2"
        view._save.click()
        voiced = session.narration.wait()
        assert voiced is not None and voiced.beat == "death_save" and "HP 0 to -1" in voiced.text
        kinds = [e.type for e in session.require().entries]
        assert kinds.count("narration") == 2 and "cast" in kinds and "death_save" in kinds
    finally:
        session.close()
