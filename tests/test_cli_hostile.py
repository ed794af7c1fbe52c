"""Hostile inputs to the library commands (issue 19, item 6): each exits 2 with one sentence and
changes nothing; an import never changes what a reload opens and gets a name of its own; files
and folders are readable by their owner only; ``oracle backup`` copies what is committed."""

from __future__ import annotations

import io
import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from oracle.cli import main
from oracle.errors import StoreError
from oracle.journal.campaign import Campaign
from oracle.journal.dump import MAX_IMPORT_BYTES
from oracle.journal.library import campaigns_dir, last_opened, list_campaigns

SENTENCE_LIMIT = 400


def run(words: list[str], stdin: bytes = b"") -> tuple[int, dict[str, Any]]:
    """``oracle WORDS`` with a strict ASCII output stream: what comes out must be UTF-8 JSON."""
    sink = io.BytesIO()
    out = io.TextIOWrapper(sink, encoding="ascii")
    code = main(words, stdin=io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"), out=out)
    out.flush()
    text = sink.getvalue().decode("utf-8")
    assert text.count("\n") == 1, text[:300]
    payload: dict[str, Any] = json.loads(text)
    return code, payload


def refused(words: list[str], stdin: bytes = b"", says: str = "") -> str:
    """The command exits 2 with one sentence (containing ``says``), and no campaign appears."""
    before = sorted(p.name for p in campaigns_dir().glob("*")) if campaigns_dir().exists() else []
    code, payload = run(words, stdin)
    assert code == 2 and set(payload) == {"error"}, payload
    sentence: str = payload["error"]
    assert 10 < len(sentence) <= SENTENCE_LIMIT and "\n" not in sentence, sentence
    assert "Traceback" not in sentence and says in sentence, sentence
    after = sorted(p.name for p in campaigns_dir().glob("*")) if campaigns_dir().exists() else []
    assert after == before
    return sentence


def export_doc(name: str = "The Hunt", events: int = 3) -> dict[str, Any]:
    with Campaign.create(name, seed=3, events=[
            {"type": "character_created", "character": {"name": "Mara"}}]) as camp:
        for _ in range(events - 1):
            camp.record({"type": "note", "text": "The bell rings."})
        doc: dict[str, Any] = json.loads(camp.export_json())
        camp.delete()
    return doc


def raw(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, ensure_ascii=True).encode()


# -- the tracebacks of issue 19 -----------------------------------------------------------------


@pytest.mark.parametrize("where", ["name", "event", "key"])
def test_an_import_holding_a_lone_surrogate_is_one_sentence(where: str) -> None:
    doc = export_doc()
    if where == "name":
        doc["meta"]["name"] = "Mara \ud800"
    elif where == "event":
        doc["events"][1]["data"]["text"] = "\ud800"
    else:
        doc["events"][1]["data"]["\udcff"] = 1
    refused(["import", "-"], raw(doc), "surrogate")


def test_an_import_name_that_is_not_utf8_is_one_sentence() -> None:
    # what Python makes of the bytes b"\xff\xfe" in an argument: lone surrogates
    refused(["import", "-", "--name", "\udcff\udcfe"], raw(export_doc()), "--name")


@pytest.mark.parametrize("seq", [2**63, 2**63 + 5, 10**40, 0, -1, 3, 1])
def test_an_event_numbered_out_of_order_or_past_sqlite_is_one_sentence(seq: int) -> None:
    doc = export_doc()
    doc["events"][1]["seq"] = seq
    refused(["import", "-"], raw(doc), "needs seq 2")


def test_sequence_gaps_are_refused_on_import() -> None:
    doc = export_doc(events=4)
    del doc["events"][1]
    refused(["import", "-"], raw(doc), "no gap")


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_export_to_a_file_name_too_long_is_one_sentence(tmp_path: Path, force: list[str]) -> None:
    with Campaign.create("Long names") as camp:
        ident = camp.id
    too_long = str(tmp_path / ("a" * 300))
    refused(["export", ident, "-o", too_long, *force], says="File name too long")
    assert list(tmp_path.iterdir()) == []  # no temporary file left behind


@pytest.mark.parametrize("words", [
    ["ask", "--seed", "\udcff", "--narrate", "Is the door locked?"],
    ["ask", "--seed", "\udcff", "Is the door locked?"],
    ["ask", "--narrate", "Is the \udcff door locked?"],
    ["ask", "--thread", "\udcff", "--narrate"],
    ["inspire", "wrong", "--context", "\udcff"],
    ["generate", "character", "--seed", "\udcff"],
])
def test_text_arguments_that_are_not_utf8_are_one_sentence(words: list[str]) -> None:
    refused(words, says="not UTF-8 text")


def test_an_import_over_the_stated_size_is_refused_before_parsing(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:  # not even JSON: refused by its size, never parsed
        handle.truncate(MAX_IMPORT_BYTES + 10)
    refused(["import", str(big)], says="16 MB")
    refused(["import", "-"], b" " * (MAX_IMPORT_BYTES + 1), "16 MB")


@pytest.mark.parametrize("name", ["Mara\x00", "a\x1b[31mred", "two\nlines", "tab\there"])
def test_a_name_with_a_control_character_is_refused(name: str) -> None:
    doc = export_doc()
    doc["meta"]["name"] = name
    refused(["import", "-"], raw(doc), "control character")
    refused(["import", "-", "--name", name], raw(export_doc()), "control character")


def test_an_imported_ruin_mark_past_the_track_is_refused_not_journalled() -> None:
    doc = export_doc(events=1)
    doc["events"].append({"seq": 2, "at": doc["events"][0]["at"], "type": "ruin_marked",
                          "data": {"type": "ruin_marked", "name": "Mara", "amount": 99}})
    refused(["import", "-"], raw(doc), "Ruin box(es) left")


# -- --force, permissions, imports and reloads ------------------------------------------------


def test_force_replaces_only_a_regular_file(tmp_path: Path) -> None:
    with Campaign.create("Forced") as camp:
        ident = camp.id
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    folder = tmp_path / "folder"
    folder.mkdir()
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "elsewhere")
    for target in (fifo, folder, link):
        refused(["export", ident, "-o", str(target), "--force"], says="not a regular file")
        refused(["backup", ident, str(target), "--force"], says="not a regular file")
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and folder.is_dir() and link.is_symlink()
    plain = tmp_path / "plain.md"
    plain.write_text("old", encoding="utf-8")
    assert main(["export", ident, "-o", str(plain), "--force"], out=io.StringIO()) == 0
    assert plain.read_text(encoding="utf-8").startswith("# Forced")


def test_campaign_files_and_folders_are_readable_by_their_owner_only(tmp_path: Path) -> None:
    home = tmp_path / "fresh-home"
    with Campaign.create("Private", home=home) as camp:
        camp.record({"type": "note", "text": "a secret"})
        path = camp.path
    for folder in (home, home / "campaigns"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with Campaign.import_json(Campaign.open(path, home=home).export_json(), home=home) as copy:
        assert stat.S_IMODE(copy.path.stat().st_mode) == 0o600


def test_an_import_never_changes_what_a_reload_opens_and_has_a_name_of_its_own() -> None:
    with Campaign.create("The Hunt") as playing:
        playing.record({"type": "note", "text": "first"})
        dump = playing.export_json()
        playing.record({"type": "note", "text": "newer than the export"})
        ident = playing.id
    assert last_opened() == ident
    code, payload = run(["import", "-"], dump.encode())
    assert code == 0 and payload["name"] == "The Hunt (imported)"
    code, again = run(["import", "-"], dump.encode())
    assert code == 0 and again["name"] == "The Hunt (imported 2)"
    assert last_opened() == ident  # a reload still opens the campaign being played
    reopened = Campaign.open_last()
    assert reopened is not None
    with reopened:
        assert reopened.id == ident and reopened.last_seq == 2
    names = {info.name for info in list_campaigns()}
    assert names == {"The Hunt", "The Hunt (imported)", "The Hunt (imported 2)"}
    code, named = run(["import", "-", "--name", "Chosen"], dump.encode())
    assert code == 0 and named["name"] == "Chosen"


def test_a_campaigns_folder_left_open_by_an_older_oracle_is_closed_at_the_next_campaign(
        tmp_path: Path) -> None:
    home = tmp_path / "old-home"
    (home / "campaigns").mkdir(parents=True)
    os.chmod(home / "campaigns", 0o755)
    with Campaign.create("Later", home=home):
        pass
    assert stat.S_IMODE((home / "campaigns").stat().st_mode) == 0o700
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    with pytest.raises(StoreError, match="cannot be created"):  # one sentence, no traceback
        Campaign.create("Nowhere", home=tmp_path / "a-file")


@pytest.mark.parametrize("words", [
    ["meaning", "--table", "a\x00.txt"],
    ["meaning", "--table", "\ud800.txt"],
    ["import", "a\x00b"],
    ["export", "some-campaign", "-o", "out\x00.md"],
    ["resolve", "--request", "\ud800"],
])
def test_a_file_name_no_file_can_have_is_one_sentence(words: list[str]) -> None:
    refused(words, says="is not a file name")


@pytest.mark.parametrize("words", [
    ["ask", "--seed", "1" * 5000, "--narrate", "Is it there?"],
    ["generate", "name", "--seed", "9" * 31],
    ["meaning", "actions", "--seed", "-" + "7" * 400],
])
def test_a_seed_of_thousands_of_digits_is_one_sentence(words: list[str]) -> None:
    refused(words, says="at most 30 digits")


def test_a_seed_of_digits_int_cannot_read_is_a_word_seed() -> None:
    # "²" is a digit to str.isdigit, and not to int(): the seed is the word, repeatable
    first = run(["ask", "--seed", "²", "--json", "Is it there?"])
    assert first[0] == 0 and first == run(["ask", "--seed", "²", "--json", "Is it there?"])
