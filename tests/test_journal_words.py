"""The journal as a player reads it (issue 17, polish): numbers without gaps, sentences a
player would write in a log, names and places keeping their own capitals. Driven in-process
through ``app_driver`` hooks."""

from __future__ import annotations

import re

from oracle.app import build
from oracle.app.shell import OracleApp
from oracle.app.trophy.moves import trophy_moves
from oracle.journal.exports import export
from tests.app_driver import click, fill, read


def quick() -> OracleApp:
    app = build()
    click(app.start, "oracle-quickstart")
    fill(app.view("Risk"), "oracle-intent", "")
    return app


def journal(app: OracleApp) -> str:
    app.session.narration.wait()
    app.refresh()
    return str(read(app.journal, "oracle-journal-entries"))


def shown_numbers(markup: str) -> list[int]:
    return [int(n) for n in re.findall(r'<span class="when">#(\d+)</span>', markup)]


def risk(app: OracleApp, action: str) -> None:
    view = app.view("Risk")
    fill(view, "oracle-intent", action)
    click(view, "oracle-risk-roll")
    assert read(view, "oracle-roll-error") == ""


# -- 1: numbering has no gaps a player can see ------------------------------------------------

def test_the_journal_numbers_what_it_shows_1_to_n_through_undo_redo_and_the_x_card() -> None:
    app = quick()  # Quick start writes preferences, which the journal never shows
    risk(app, "I pry open the reliquary")
    risk(app, "I climb the bell rope")
    click(app.journal, "oracle-undo")
    risk(app, "I wade the nave")
    click(app.journal, "oracle-undo")
    click(app.journal, "oracle-redo")
    journal(app)
    click(app.journal, "oracle-x-card")
    markup = journal(app)
    numbers = shown_numbers(markup)
    assert numbers == list(range(1, len(numbers) + 1)), numbers
    campaign = app.session.require()
    assert any(e.type in ("undo", "preference") for e in campaign.entries)  # hidden ones exist
    # undo and redo addressed the right moves: the bell rope is undone, the nave stands
    rows = {e.data.get("action"): e for e in campaign.entries if e.data.get("action")}
    assert rows["I climb the bell rope"].undone and not rows["I wade the nave"].undone
    # the X-card names the narration it struck by the number the journal shows it under
    struck = next(e for e in campaign.entries if e.struck)
    assert f"The X-card struck narration #{struck.number}." in markup
    assert f'data-seq="{struck.seq}"><span class="when">#{struck.number}</span>' in markup


def test_the_exports_number_entries_as_the_journal_shows_them() -> None:
    app = quick()
    risk(app, "I pry open the reliquary")
    risk(app, "I climb the bell rope")
    click(app.journal, "oracle-undo")
    journal(app)
    campaign = app.session.require()
    text = export(campaign, "markdown")
    numbers = [int(n) for n in re.findall(r"\*\*#(\d+)\*\*", text)]
    shown = [e.number for e in campaign.entries if e.number and e.type not in ("scene",)
             and not (e.type == "narration" and not e.undone)]
    assert numbers == shown and numbers == sorted(numbers)
    assert "undone by" not in text and "*(undone)*" in text
    count = sum(1 for e in campaign.entries if e.number)
    assert f"- Entries: {count} (" in text
    plain = export(campaign, "text")
    assert [int(n) for n in re.findall(r"^#(\d+) ", plain, re.MULTILINE)] == [
        e.number for e in campaign.entries if e.number and e.type not in ("undo", "preference")]


def test_a_moved_place_reads_as_a_sentence() -> None:
    app = quick()
    moves = trophy_moves(app.session)
    app.session.set_story(place="the flooded nave")
    assert moves.characters()
    markup = journal(app)
    assert "The story moves to the flooded nave." in markup
    assert "Story:" not in markup and "place:" not in markup
    text = export(app.session.require(), "markdown")
    assert "The story moves to the flooded nave." in text and "story: place" not in text
