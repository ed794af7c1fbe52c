"""The library's edges: damaged meta refused in one sentence, crashes during create leave nothing
half-made in the list, and the ``oracle campaigns | export | import`` commands.
"""

from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from oracle.cli import main
from oracle.errors import RequestError, StoreError
from oracle.journal.campaign import Campaign
from oracle.journal.exports import export
from oracle.journal.library import campaigns_dir, list_campaigns
from oracle.journal.store import STALE_TEMP, SUFFIX
from oracle.systems import SYSTEMS

READY: list[dict[str, Any]] = [{"type": "character_created", "character": {"name": "Mara"}},
         {"type": "scene", "title": "The forest's edge"}]


def _cli(*words: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(words), io.StringIO(stdin), out)
    return code, out.getvalue()


# -- damaged meta -------------------------------------------------------------------------------


@pytest.mark.parametrize(("damage", "words"), [
    ("DELETE FROM meta WHERE key = 'seed'", "no seed"),
    ("DELETE FROM meta WHERE key = 'name'", "no name"),
    ("DELETE FROM meta WHERE key = 'created'", "no created"),
    ("UPDATE meta SET value = '5' WHERE key = 'name'", "a name that is not text"),
    ("UPDATE meta SET value = '1.5' WHERE key = 'seed'", "a seed that is neither a whole number nor text"),
    ("DELETE FROM meta WHERE key IN ('seed', 'created')", "no created, no seed"),
])
def test_a_campaign_with_damaged_meta_is_refused_in_one_sentence_and_left_as_it_is(
    damage: str, words: str,
) -> None:
    with Campaign.create("Meta", seed=4) as camp:
        camp.record({"type": "note", "text": "kept"})
        path = camp.path
    raw = sqlite3.connect(path)
    raw.execute(damage)
    raw.commit()
    raw.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as info:
        Campaign.open(path)
    message = str(info.value)
    assert f"has a damaged meta table ({words})" in message and "\n" not in message
    assert message.count(". ") == 0 and message.endswith(".")  # one sentence
    assert path.read_bytes() == before
    (listed,) = list_campaigns()
    assert not listed.ok and listed.error == message  # the picker shows why, and goes on


# -- create: whole or not at all ----------------------------------------------------------------


def test_create_with_events_writes_them_with_the_file() -> None:
    with Campaign.create("Ready", seed=2, events=READY) as camp:
        assert [e.type for e in camp.entries] == ["character_created", "scene"]
        assert camp.state.character("Mara").ruin == 1
        with Campaign.open(camp.id) as again:
            assert again.entries == camp.entries and again.state == camp.state


def test_create_with_an_event_that_does_not_fold_creates_nothing() -> None:
    with pytest.raises(RequestError, match="create: entry 2 \\(risk_rolled\\) does not fold"):
        Campaign.create("Broken", events=[READY[0], {"type": "risk_rolled", "name": "Nobody",
                                                     "light": [3], "dark": []}])
    assert not campaigns_dir().exists() or list(campaigns_dir().iterdir()) == []


CREATOR = """
import sys
from oracle.journal.campaign import Campaign
events = {events!r}
while True:
    Campaign.create("Crash", events=events).close()
    print("made", flush=True)
"""


def test_a_crash_during_create_leaves_nothing_half_made_in_the_list() -> None:
    script = CREATOR.format(events=READY)
    made = 0
    for stop_after in (3, 7, 12):
        child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                                 text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert child.stdout is not None
        for _ in range(stop_after):
            assert child.stdout.readline().strip() == "made"
        child.send_signal(signal.SIGKILL)  # quite possibly in the middle of the next create
        child.wait(timeout=10)
        made += stop_after
    infos = list_campaigns()
    assert made <= len(infos) <= made + 3  # a killed create may have finished, never half
    for info in infos:
        assert info.ok, info.error
        with Campaign.open(info.path, remember=False) as camp:
            assert [e.type for e in camp.entries] == ["character_created", "scene"]
    visible = [p.name for p in campaigns_dir().iterdir() if not p.name.startswith(".")]
    assert all(name.endswith(SUFFIX) for name in visible)


def test_a_temporary_file_left_by_a_killed_create_is_swept_once_stale() -> None:
    folder = campaigns_dir()
    folder.mkdir(parents=True)
    old = folder / f".gone-abc123{SUFFIX}.0badc0de.tmp"
    old_journal = folder / f".gone-abc123{SUFFIX}.0badc0de.tmp-journal"
    fresh = folder / f".busy-abc123{SUFFIX}.1badc0de.tmp"
    for path in (old, old_journal, fresh):
        path.write_bytes(b"SQLite format 3\x00 half-built")
    stale = time.time() - STALE_TEMP - 60
    for path in (old, old_journal):
        os.utime(path, (stale, stale))
    assert list_campaigns() == []  # never listed, even before the sweep
    Campaign.create("Next", seed=1).close()
    assert not old.exists() and not old_journal.exists()
    assert fresh.exists()  # perhaps a create under way in another window: left alone


# -- the commands -------------------------------------------------------------------------------


def test_oracle_campaigns_lists_names_systems_and_broken_files() -> None:
    assert _cli("campaigns") == (0, f"No campaigns yet in {campaigns_dir()}.\n")
    with Campaign.create("Night work", system="die_trying", seed=1) as camp:
        camp.record({"type": "note", "text": "x"})
    (campaigns_dir() / f"junk{SUFFIX}").write_text("not a campaign")
    code, out = _cli("campaigns")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith(camp.id))
    assert "Night work" in line and "Die Trying" in line and "1 entry" in line
    assert "T" not in line.split("last played ")[1]  # a date people read, not an ISO stamp
    assert "junk  cannot be opened: " in out and "not a SQLite database" in out
    code, out = _cli("campaigns", "--json")
    rows = {row["id"]: row for row in json.loads(out)["campaigns"]}
    assert rows[camp.id]["entries"] == 1 and rows["junk"]["error"]


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_export_then_import_on_the_command_line_is_an_identical_campaign(
    system: str, tmp_path: Path,
) -> None:
    with Campaign.create("Round trip", system=system, seed=8) as camp:
        camp.record({"type": "scene", "title": "Start"})
        camp.record({"type": "note", "text": "One"})
        camp.undo(2)
        markdown = export(camp, "markdown")
    dump = tmp_path / "dump.json"
    assert _cli("export", camp.id, "--format", "json", "-o", str(dump)) == (0, "")
    code, out = _cli("import", str(dump), "--name", "Again")
    assert code == 0
    imported = json.loads(out)
    assert imported["system"] == system and imported["entries"] == 3
    with Campaign.open(imported["imported"]) as copy, Campaign.open(camp.id) as original:
        assert copy.state == original.state and copy.entries == original.entries
        assert copy.name == "Again"
    code, out = _cli("export", camp.id)
    assert code == 0 and out == markdown
    code, out = _cli("import", "-", stdin=dump.read_text())
    assert code == 0 and json.loads(out)["entries"] == 3


@pytest.mark.parametrize(("words", "stdin", "message"), [
    (("export", "no-such-one"), "", "does not exist"),
    (("export", "Not An Id!"), "", "neither a campaign id"),
    (("import", "/no/such/file.json"), "", "import: cannot read"),
    (("import", "-"), "{nope", "import: not valid JSON"),
    (("import", "-"), "[" * 5000, "import: not valid JSON"),
    (("import", "-"), '{"format": "other"}', "not an oracle campaign export"),
])
def test_a_bad_export_or_import_exits_2_with_one_sentence(
    words: tuple[str, ...], stdin: str, message: str,
) -> None:
    before = sorted(campaigns_dir().iterdir()) if campaigns_dir().exists() else []
    code, out = _cli(*words, stdin=stdin)
    assert code == 2
    error: Any = json.loads(out)["error"]
    assert message in error and "\n" not in error
    after = sorted(campaigns_dir().iterdir()) if campaigns_dir().exists() else []
    assert after == before


def test_export_never_replaces_a_file_without_force(tmp_path: Path) -> None:
    with Campaign.create("Kept", seed=1) as camp:
        target = tmp_path / "journal.md"
        target.write_text("mine")
        code, out = _cli("export", camp.id, "-o", str(target))
        assert code == 2 and "already exists" in out and target.read_text() == "mine"
        assert _cli("export", camp.id, "-o", str(target), "--force") == (0, "")
        assert target.read_text() == export(camp, "markdown")
        assert sorted(p.name for p in tmp_path.iterdir()) == ["journal.md"]
