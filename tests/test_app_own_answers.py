"""The player's own answers in the Oracle tab, driven as a player would (tests/app_driver.py):
an ``answers*.txt`` table in ORACLE_HOME/tables/ is offered, its words are shown (escaped) for
the answer the dice gave, the exact odds are unchanged, and the table is journalled whole once,
so the export carries it and the journal line says the words."""

from __future__ import annotations

import json
import os
from pathlib import Path

from oracle.app import build
from oracle.app.render import esc
from oracle.app.shell import OracleApp
from oracle.journal.campaign import Campaign
from oracle.journal.render import oracle_extra
from oracle.solo.answers import Answer
from tests.app_driver import click, fill, find, read

COURT = """yes: the chamberlain <nods>
yes, and: the queen smiles
yes, but: a favour owed
no: the doors stay shut
no, and: a guard takes your name
no, but: a page will carry a letter
"""
WORDS = {Answer(key): words for key, _, words in
         (line.partition(": ") for line in COURT.splitlines())}


def ready_app() -> OracleApp:
    app = build()
    click(app.start, "oracle-quickstart")
    fill(app, "oracle-physical", True)
    return app


def _home_table(name: str, text: str) -> None:
    folder = Path(os.environ["ORACLE_HOME"]) / "tables"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


def test_without_an_answers_table_the_picker_is_hidden_and_answers_are_plain() -> None:
    app = ready_app()
    picker = find(app.oracle, "oracle-answers-table")
    assert picker.layout.display == "none" and picker.value == "none"
    fill(app.oracle, "oracle-question", "Is the bridge standing?")
    fill(app.oracle, "oracle-question-face", "2 5 9")
    click(app.oracle, "oracle-ask")
    assert "oracle-answer-words" not in read(app.oracle, "oracle-answer")
    campaign = app.session.campaign
    assert campaign is not None and "words" not in campaign.entries[-1].data


def test_an_answers_table_gives_the_words_is_journalled_once_and_exported() -> None:
    _home_table("answers-court.txt", COURT)
    app = ready_app()
    app.oracle.refresh()
    picker = find(app.oracle, "oracle-answers-table")
    assert picker.layout.display == ""
    assert list(picker.options) == [("in your words: answers-court", "answers-court"),
                                    ("plain answers", "none")]
    assert picker.value == "answers-court"  # automatic when one exists
    odds_before = read(app.oracle, "oracle-oracle-odds")
    for faces, answer in (("2 5 9", Answer.YES), ("9 1 9", Answer.NO_AND)):
        fill(app.oracle, "oracle-question", "Will the queen see me?")
        fill(app.oracle, "oracle-question-face", faces)
        click(app.oracle, "oracle-ask")
        assert read(app.oracle, "oracle-oracle-error") == ""
        shown = read(app.oracle, "oracle-answer")
        assert esc(answer.value) in shown and esc(WORDS[answer]) in shown  # escaped
        assert "<nods>" not in shown
    assert read(app.oracle, "oracle-oracle-odds") == odds_before  # the exact odds stand
    campaign = app.session.campaign
    assert campaign is not None
    kept = [e for e in campaign.entries if e.type == "table"]
    assert [e.data["name"] for e in kept] == ["answers-court"]  # whole, and once
    assert kept[0].data["entries"] == COURT.splitlines()
    asked = [e for e in campaign.entries if e.type == "oracle"]
    assert [e.data["words"] for e in asked] == [
        {"table": "answers-court", "text": WORDS[Answer.YES]},
        {"table": "answers-court", "text": WORDS[Answer.NO_AND]}]
    assert f"in your words: {WORDS[Answer.NO_AND]}" in oracle_extra(asked[-1].data)
    exported = json.loads(campaign.export_json())
    assert any(e["type"] == "table" and e["data"]["name"] == "answers-court"
               for e in exported["events"])
    copy = Campaign.import_json(campaign.export_json(), name="The court, again")
    assert copy.settings.tables["answers-court"] == tuple(COURT.splitlines())
    # the file gone, the campaign still has the table it used
    (Path(os.environ["ORACLE_HOME"]) / "tables" / "answers-court.txt").unlink()
    app.oracle.refresh()
    assert find(app.oracle, "oracle-answers-table").value == "answers-court"


def test_plain_answers_can_be_chosen_and_a_bad_answers_file_is_named() -> None:
    _home_table("answers-court.txt", COURT)
    _home_table("answers-moor.txt", "yes: the moor agrees\nthe wind says nothing\n")
    app = ready_app()
    app.oracle.refresh()
    assert "tables: &#x27;answers-moor.txt&#x27; line 2 does not start with one of the six " \
        "answers" in read(app.oracle, "oracle-meaning-own")
    picker = find(app.oracle, "oracle-answers-table")
    assert [value for _, value in picker.options] == ["answers-court", "none"]
    fill(app.oracle, "oracle-answers-table", "none")
    fill(app.oracle, "oracle-question", "Is the bridge standing?")
    fill(app.oracle, "oracle-question-face", "2 5 9")
    click(app.oracle, "oracle-ask")
    campaign = app.session.campaign
    assert campaign is not None
    assert "words" not in campaign.entries[-1].data
    assert not any(e.type == "table" for e in campaign.entries)
