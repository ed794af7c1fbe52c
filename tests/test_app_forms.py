"""The app's forms keep their promises to a player: fields named by labels that stay, choices
without Ctrl-click, Enter that submits, one-click exports and imports, a campaign list in words,
and what a player set (physical dice, Quick start's first roll) still there after a reload.

Views are built in-process around a Session on the test's own ORACLE_HOME and driven through
their ``oracle-*`` hooks (``tests/app_driver.py``), never through private widgets.
"""

from __future__ import annotations

import base64
import html
import json
import re
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from oracle.app import build
from oracle.app.controls import TickList
from oracle.app.shell import OracleApp
from oracle.app.start_view import human_date, system_title
from oracle.app.trophy import QUICK_INTENT
from oracle.journal.campaign import Campaign
from oracle.journal.exports import export
from tests.app_driver import (
    click,
    fill,
    find,
    find_all,
    press_enter,
    read,
    tick,
    trophy_moves,
    upload,
)

LINK = re.compile(r'<a class="([^"]*)" download="([^"]*)" href="data:([^;]*);charset=utf-8;'
                  r'base64,([^"]*)">')


def quick_app() -> OracleApp:
    app = build()
    click(app.start, "oracle-quickstart")
    return app


def downloads(html: str) -> dict[str, tuple[str, str]]:
    """Each download link in ``html``: css classes -> (file name, decoded text)."""
    return {css: (name, base64.b64decode(data).decode("utf-8"))
            for css, name, _mime, data in LINK.findall(html)}


# -- labels that stay ------------------------------------------------------------------------

PARTY_FIELDS = {
    "oracle-new-name": "Name", "oracle-new-occupation": "Occupation",
    "oracle-new-background": "Background", "oracle-new-skills": "Skills",
    "oracle-new-drive": "Drive", "oracle-new-rituals": "Rituals",
    "oracle-new-equipment": "Equipment", "oracle-new-armor": "Armor",
}


def test_every_party_builder_field_keeps_its_label_once_filled() -> None:
    party = quick_app().view("Party")
    for hook, label in PARTY_FIELDS.items():
        fill(party, hook, "something typed")
        field = find(party, hook)
        assert field.description == label, hook  # the label is not the placeholder
        assert "oracle-labelled" in field._dom_classes


def test_die_trying_and_physical_face_fields_are_labelled() -> None:
    app = build()
    app.session.new_campaign("Deep", "die_trying")
    app.refresh()
    for hook, label in (("oracle-dt-name", "Name"), ("oracle-dt-species", "Species"),
                        ("oracle-dt-profs", "Proficiencies"), ("oracle-dt-talents", "Talents"),
                        ("oracle-dt-check-faces", "d10 face (physical dice)"),
                        ("oracle-dt-cast-faces", "Faces (physical dice)"),
                        ("oracle-dt-save-faces", "Faces (physical dice)")):
        assert find(app, hook).description == label, hook
    assert all(find(app, f"oracle-dt-{name}").description
               for name in ("size", "item", "ability", "skill", "kind", "cast-skill",
                            "cast-ability", "damage-type"))


def test_a_new_die_trying_campaign_shows_no_error_before_any_click() -> None:
    app = build()
    app.session.new_campaign("Deep", "die_trying")
    app.refresh()
    for hook in ("oracle-dt-builder-error", "oracle-dt-check-error", "oracle-dt-cast-error",
                 "oracle-dt-dying-error"):
        assert read(app, hook) == "", hook
    assert "Create a character" in read(app, "oracle-dt-cast-odds")


# -- the party builder -----------------------------------------------------------------------


def test_the_party_builder_starts_each_new_character_at_starting_ruin_1() -> None:
    app = quick_app()
    party = app.view("Party")
    fill(party, "oracle-new-name", "Rook")
    fill(party, "oracle-new-starting-ruin", 2)
    fill(party, "oracle-new-npc", True)
    click(party, "oracle-add-character")
    assert trophy_moves(app.session).character("Rook").ruin == 2
    assert read(party, "oracle-new-starting-ruin") == 1 and read(party, "oracle-new-npc") is False
    fill(party, "oracle-new-name", "Mara")
    click(party, "oracle-add-character")
    assert trophy_moves(app.session).character("Mara").ruin == 1  # not the previous character's 2


def test_enter_in_a_builder_field_adds_the_character() -> None:
    app = quick_app()
    party = app.view("Party")
    fill(party, "oracle-new-name", "Mara")
    fill(party, "oracle-new-skills", "Tracking, Knots")
    press_enter(party, "oracle-new-skills")
    mara = trophy_moves(app.session).character("Mara")
    assert mara.skills == ("Tracking", "Knots")
    assert read(party, "oracle-new-name") == ""


# -- Enter submits ---------------------------------------------------------------------------


def test_enter_submits_a_note_a_question_and_a_new_campaign() -> None:
    app = quick_app()
    campaign = app.session.campaign
    assert campaign is not None
    fill(app.journal, "oracle-note", "The map is wrong about the ford")
    press_enter(app.journal, "oracle-note")
    assert campaign.entries[-1].type == "note"
    assert campaign.entries[-1].data["text"] == "The map is wrong about the ford"

    oracle = app.view("Oracle")
    fill(oracle, "oracle-question", "Is the bridge still standing?")
    press_enter(oracle, "oracle-question")
    assert any(e.type == "oracle" and e.data["question"] == "Is the bridge still standing?"
               for e in campaign.entries)

    picker = app.view("Campaigns")
    fill(picker, "oracle-new-campaign", "Second expedition")
    press_enter(picker, "oracle-new-campaign")
    assert app.session.campaign is not None and app.session.campaign.name == "Second expedition"


def test_enter_with_an_empty_field_is_a_sentence_and_records_nothing() -> None:
    app = quick_app()
    campaign = app.session.campaign
    assert campaign is not None
    before = len(campaign.entries)
    press_enter(app.journal, "oracle-note")
    assert "write something" in read(app.journal, "oracle-journal-error")
    assert len(campaign.entries) == before


# -- several choices without Ctrl-click ------------------------------------------------------


def test_a_tick_list_is_a_multi_select_made_of_checkboxes() -> None:
    ticks = TickList(["Ash", "Bram"], description="Helpers")
    tick(ticks, "oracle-ticks", "Bram")
    assert tuple(ticks.value) == ("Bram",)
    tick(ticks, "oracle-ticks", "Ash")
    assert tuple(ticks.value) == ("Ash", "Bram")  # in option order, not click order
    ticks.options = ["Bram", "Cole"]  # Ash leaves: still-offered ticks stay
    assert tuple(ticks.value) == ("Bram",)
    ticks.value = ("Cole",)
    assert [b.value for b in find_all(ticks, "oracle-tick-box")] == [False, True]
    tick(ticks, "oracle-ticks", "Cole", False)
    assert tuple(ticks.value) == ()


def test_helpers_fighters_and_contestants_are_ticked_not_ctrl_clicked() -> None:
    app = quick_app()
    party = app.view("Party")
    fill(party, "oracle-new-name", "Mara")
    click(party, "oracle-add-character")
    for tab, hook in (("Risk", "oracle-helpers"), ("Combat", "oracle-fighters"),
                      ("Contest", "oracle-contest-who")):
        control = find(app.view(tab), hook)
        assert isinstance(control, TickList), hook
    tick(app.view("Risk"), "oracle-helpers", "Mara")
    assert read(app.view("Risk"), "oracle-helpers") == ("Mara",)


# -- the sheet beside the journal ------------------------------------------------------------


def test_the_sheet_beside_the_journal_shows_skills_rituals_equipment_and_armor() -> None:
    app = quick_app()
    assert app.side is not None
    sheet = read(app.side, "oracle-sheet")
    hunter = trophy_moves(app.session).character()  # the Quick start's generated treasure-hunter
    assert hunter.skills and hunter.equipment and hunter.armor
    for item in (*hunter.skills, *hunter.rituals, *hunter.equipment,
                 *(piece.name for piece in hunter.armor)):
        assert html.escape(item) in sheet, item
    for label in ("Skills:", "Rituals:", "Equipment:", "Armor:"):
        assert label in sheet


# -- the campaign list -----------------------------------------------------------------------


def test_quick_start_is_one_click_away_once_a_campaign_is_open() -> None:
    app = quick_app()
    first = app.session.campaign
    assert first is not None
    click(app.view("Campaigns"), "oracle-quickstart-again")
    second = app.session.campaign
    assert second is not None and second.id != first.id
    hunter = trophy_moves(app.session).character()  # a new generated treasure-hunter, ready to roll
    assert hunter.name and not hunter.out_of_play and hunter.ruin == hunter.starting_ruin


def test_the_campaign_list_names_systems_and_dates_in_words() -> None:
    app = build()
    app.session.new_campaign("Deep", "die_trying")
    app.session.close()
    app.refresh()
    labels = " ".join(w.value for w in find_all(app.start, "oracle-campaign-label"))
    assert "Die Trying" in labels and "die_trying" not in labels
    assert "today, " in labels
    assert not re.search(r"\d{4}-\d\d-\d\dT", labels)  # no ISO stamp


@pytest.mark.parametrize(("stamp", "said"), [
    ("2026-11-22T17:31:05+00:00", "today, 17:31"),
    ("2026-11-21T09:02:00+00:00", "yesterday, 09:02"),
    ("2026-11-03T08:00:00+00:00", "3 Nov, 08:00"),
    ("2025-11-03T08:00:00+00:00", "3 Nov 2025"),
    ("not a date", "not a date"),
])
def test_human_dates(stamp: str, said: str) -> None:
    now = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)
    assert human_date(stamp, now) == said


def test_human_dates_are_local_time() -> None:
    east = timezone(timedelta(hours=2))
    now = datetime(2026, 11, 23, 0, 30, tzinfo=east)
    assert human_date("2026-11-22T22:15:00+00:00", now) == "today, 00:15"


def test_system_titles() -> None:
    assert system_title("die_trying") == "Die Trying"
    assert system_title("trophy").startswith("Trophy")
    assert system_title("nonesuch") == "nonesuch"


# -- export in one click, import back --------------------------------------------------------


def test_the_journal_offers_every_export_as_a_one_click_download() -> None:
    app = quick_app()
    campaign = app.session.campaign
    assert campaign is not None
    fill(app.journal, "oracle-note", "A crow watches")
    click(app.journal, "oracle-add-note")
    app.journal.update_links()
    links = downloads(read(app.journal, "oracle-export-links"))
    by_kind = {kind: links[f"oracle-export-link oracle-export-{kind}"]
               for kind in ("markdown", "lonelog", "json")}
    for kind, (name, text) in by_kind.items():
        assert name.startswith(campaign.id)
        if kind != "json":  # the JSON export stamps the moment it was made
            assert text == export(campaign, kind), kind
    assert json.loads(by_kind["json"][1])["events"] == json.loads(export(campaign, "json"))["events"]
    assert "A crow watches" in by_kind["markdown"][1]


def test_a_run_of_moves_rebuilds_the_export_links_once_after_it_not_between_its_rolls(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each rebuild exports the whole campaign three times and sends it to the page: during a
    quick run of rolls none runs beside them, and once play pauses the links are the journal's
    as it stands (one click still downloads it all)."""
    import time

    from oracle.app import journal_view

    monkeypatch.setattr(journal_view, "LINKS_QUIET", 1.5, raising=False)
    app = quick_app()
    risk = app.view("Risk")
    links = find(app.journal, "oracle-export-links")
    deadline = time.monotonic() + 10
    while "data:text/markdown" not in links.value and time.monotonic() < deadline:
        time.sleep(0.05)  # the links of the new campaign, before the run starts
    rebuilt: list[str] = []
    links.observe(lambda change: rebuilt.append(change["new"]), names="value")
    for index in range(8):  # one roll after another, each narrated, for a second or more
        fill(risk, "oracle-intent", f"Run of moves, roll {index}")
        fill(risk, "oracle-skill", True)
        click(risk, "oracle-risk-roll")
        app.session.narration.wait()
    assert rebuilt == [], "the export links were rebuilt between the rolls of a run"
    deadline = time.monotonic() + 15
    while not rebuilt and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(2)  # any second rebuild would come within this
    assert len(rebuilt) == 1
    markdown = downloads(rebuilt[0])["oracle-export-link oracle-export-markdown"][1]
    campaign = app.session.campaign
    assert campaign is not None and markdown == export(campaign, "markdown")
    assert "Run of moves, roll 7" in markdown


def test_the_campaign_list_exports_json_in_one_click_and_it_imports_back() -> None:
    app = quick_app()
    campaign = app.session.campaign
    assert campaign is not None
    fill(app.journal, "oracle-note", "A crow watches")
    click(app.journal, "oracle-add-note")
    picker = app.view("Campaigns")
    picker.refresh()
    picker.wait_links()
    links = downloads(read(picker, "oracle-campaign-export"))
    name, text = links["oracle-export-link oracle-export-campaign"]
    assert name == f"{campaign.id}.json" and json.loads(text)
    before = {info.id for info in app.session.campaigns()}

    upload(picker, "oracle-import-file", name, text.encode("utf-8"))
    imported = app.session.campaign
    assert imported is not None and imported.id not in before
    assert read(picker, "oracle-start-error") == ""
    assert [(e.type, e.data) for e in imported.entries] == \
        [(e.type, e.data) for e in campaign.entries[:len(imported.entries)]]
    assert len(imported.entries) == len(Campaign.open(campaign.id, remember=False).entries)


def test_importing_something_that_is_not_an_export_is_a_sentence_and_creates_nothing() -> None:
    app = quick_app()
    picker = app.view("Campaigns")
    before = [info.id for info in app.session.campaigns()]
    opened = app.session.campaign
    upload(picker, "oracle-import-file", "notes.json", b'{"a": 1}')
    assert read(picker, "oracle-start-error")
    assert [info.id for info in app.session.campaigns()] == before
    assert app.session.campaign is opened


def test_a_campaign_refused_at_open_leaves_the_picker_saying_why(tmp_path: Path) -> None:
    app = quick_app()
    first = app.session.campaign
    assert first is not None
    app.session.new_campaign("Doomed")
    doomed = app.session.campaign
    assert doomed is not None
    doomed_path = Path(doomed.path)
    app.session.open(first.id)
    app.refresh()
    picker = app.view("Campaigns")
    picker.refresh()
    doomed_path.write_bytes(b"this is not a campaign any more" * 40)
    rows = find_all(picker, "oracle-campaign-row")
    row = next(r for r in rows if "Doomed" in find(r, "oracle-campaign-label").value)
    click(row, "oracle-open-campaign")
    assert app.session.campaign is not None
    assert app.session.campaign.id == first.id  # still playing what was open
    errors = [w.value for w in find_all(row, "oracle-error")]
    assert any(errors), "the refusal is not said next to the campaign"


# -- what a player set survives a reload -----------------------------------------------------


def test_physical_dice_stay_on_across_a_reload() -> None:
    app = quick_app()
    fill(app, "oracle-physical", True)
    again = build()  # a reload: a new kernel, the same campaign store
    assert again.session.physical is True and read(again, "oracle-physical") is True
    fill(again, "oracle-physical", False)
    third = build()
    assert third.session.physical is False and read(third, "oracle-physical") is False


def test_quick_starts_first_roll_is_still_offered_after_a_reload_until_a_roll() -> None:
    quick_app()
    again = build()
    risk = again.view("Risk")
    assert read(risk, "oracle-intent") == QUICK_INTENT and read(risk, "oracle-skill") is True
    click(risk, "oracle-risk-roll")
    assert read(risk, "oracle-roll-error") == ""
    third = build()
    assert read(third.view("Risk"), "oracle-intent") != QUICK_INTENT
