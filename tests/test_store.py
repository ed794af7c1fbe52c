"""The campaign file keeps events safe, and refuses (never resets) a file it cannot trust.

Every refusal test proves the promise "left untouched": the file's bytes, and the folder's list
of files, are the same afterwards.
"""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from oracle.errors import StoreError
from oracle.journal.files import delete_file
from oracle.journal.store import APPLICATION_ID, SCHEMA_VERSION, Journal, StoredEvent

META = {"id": "t", "name": "Test", "system": "trophy", "created": "2026-01-01", "seed": 1}


def _fingerprint(path: Path) -> tuple[str, list[str]]:
    """The file's sha256 and the names in its folder (no sidecar may appear either)."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "missing"
    return digest, sorted(p.name for p in path.parent.iterdir())


def _journal_with_events(path: Path, count: int = 60) -> Path:
    journal = Journal.create(path, META)
    for seq in range(1, count + 1):
        with journal.transaction() as txn:
            txn.append(seq, "note", {"type": "note", "text": f"entry {seq} " + "x" * 200})
    journal.close()
    return path


@pytest.fixture
def campaign_file(tmp_path: Path) -> Path:
    return _journal_with_events(tmp_path / "c.oracle.sqlite")


def _refused(path: Path, *words: str, busy_timeout: float = 0.2) -> str:
    before = _fingerprint(path)
    with pytest.raises(StoreError) as info:
        Journal.open(path, busy_timeout=busy_timeout)
    assert _fingerprint(path) == before, "a refused file must be left byte-for-byte untouched"
    message = str(info.value)
    for word in words:
        assert word in message
    assert "\n" not in message
    return message


# -- what a good file holds ----------------------------------------------------------------------


def test_new_file_is_marked_as_ours_and_keeps_meta_and_events(tmp_path: Path) -> None:
    path = _journal_with_events(tmp_path / "c.oracle.sqlite", count=3)
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    raw.close()
    journal = Journal.open(path)
    assert journal.meta() == META
    events = journal.events_after(0)
    assert [e.seq for e in events] == [1, 2, 3]
    assert events[0].data["text"].startswith("entry 1 ")
    assert journal.stats()[:2] == (3, 3)
    journal.close()


def test_one_file_at_rest_no_sidecars_or_temporaries(tmp_path: Path) -> None:
    path = _journal_with_events(tmp_path / "c.oracle.sqlite", count=3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.oracle.sqlite"]
    assert path.read_bytes().startswith(b"SQLite format 3\x00")


def test_events_are_append_only(campaign_file: Path) -> None:
    raw = sqlite3.connect(campaign_file)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        raw.execute("UPDATE events SET type = 'x' WHERE seq = 1")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        raw.execute("DELETE FROM events WHERE seq = 1")
    raw.close()


def test_event_data_must_be_json(campaign_file: Path) -> None:
    raw = sqlite3.connect(campaign_file)
    with pytest.raises(sqlite3.IntegrityError):
        raw.execute("INSERT INTO events VALUES (999, 'now', 'note', 'not json')")
    raw.close()


def test_a_failed_transaction_writes_nothing(campaign_file: Path) -> None:
    before = _fingerprint(campaign_file)
    journal = Journal.open(campaign_file)
    with pytest.raises(RuntimeError), journal.transaction() as txn:
        txn.append(61, "note", {"type": "note", "text": "never"})
        raise RuntimeError("the caller changed its mind")
    assert journal.stats()[0] == 60
    journal.close()
    assert _fingerprint(campaign_file) == before


def test_create_never_overwrites_an_existing_file(campaign_file: Path) -> None:
    before = _fingerprint(campaign_file)
    with pytest.raises(StoreError, match="already exists; it was not overwritten"):
        Journal.create(campaign_file, META)
    assert _fingerprint(campaign_file) == before


def test_create_with_events_for_imports(tmp_path: Path) -> None:
    events = [StoredEvent(seq, "2026-01-01T00:00:00", "note", {"type": "note", "text": str(seq)})
              for seq in (1, 2, 5)]
    journal = Journal.create(tmp_path / "i.oracle.sqlite", META, events)
    assert journal.events_after(0) == events
    assert journal.events_after(2) == events[2:]
    journal.close()


def test_delete_file_removes_it(campaign_file: Path) -> None:
    delete_file(campaign_file)
    assert not campaign_file.exists()
    with pytest.raises(StoreError, match="does not exist"):
        delete_file(campaign_file)


# -- every file that is refused, untouched --------------------------------------------------------


def test_missing_file_is_refused_and_not_created(tmp_path: Path) -> None:
    path = tmp_path / "gone.oracle.sqlite"
    _refused(path, "does not exist")
    assert not path.exists()


def test_empty_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "empty.oracle.sqlite"
    path.write_bytes(b"")
    _refused(path, "is empty (0 bytes)", "untouched")


def test_non_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.oracle.sqlite"
    path.write_text("my campaign notes, not a database\n" * 50)
    _refused(path, "is not a SQLite database", "untouched")


def test_foreign_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.oracle.sqlite"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, at, type, data)")
    raw.execute("INSERT INTO events VALUES (1, 'x', 'y', '{}')")
    raw.commit()
    raw.close()
    _refused(path, "another program", "no application id", "untouched")


def test_sqlite_file_of_another_application_id_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.oracle.sqlite"
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA application_id = 1234")
    raw.execute("CREATE TABLE meta (key, value)")
    raw.commit()
    raw.close()
    _refused(path, "another program", "0x4d2")


def test_our_id_without_tables_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "half.oracle.sqlite"
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    raw.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    raw.commit()
    raw.close()
    _refused(path, "lacks the events table")


def test_newer_schema_is_refused(campaign_file: Path) -> None:
    raw = sqlite3.connect(campaign_file)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.commit()
    raw.close()
    message = _refused(campaign_file, "newer oracle", f"schema version {SCHEMA_VERSION + 1}")
    assert "update oracle" in message


def test_truncated_file_is_refused(campaign_file: Path) -> None:
    data = campaign_file.read_bytes()
    campaign_file.write_bytes(data[: len(data) // 2])
    _refused(campaign_file, "is truncated", "untouched")


def test_file_cut_inside_its_header_is_refused(campaign_file: Path) -> None:
    campaign_file.write_bytes(campaign_file.read_bytes()[:60])
    _refused(campaign_file, "is truncated", "header")


def test_damaged_pages_are_refused(campaign_file: Path) -> None:
    data = bytearray(campaign_file.read_bytes())
    page = 4096
    assert len(data) >= 5 * page
    data[2 * page : 4 * page] = b"\xa5" * (2 * page)  # scribble over two pages of events
    campaign_file.write_bytes(bytes(data))
    _refused(campaign_file, "damaged")


def _hold_lock(path: Path, how: str) -> Iterator[subprocess.Popen[str]]:
    """Another process holding a lock on ``path`` until its stdin closes."""
    code = textwrap.dedent(f"""
        import sqlite3, sys
        conn = sqlite3.connect({str(path)!r}, isolation_level=None)
        conn.execute("BEGIN {how}")
        conn.execute("INSERT INTO meta(key, value) VALUES ('lock', '1')")
        print("locked", flush=True)
        sys.stdin.read()
        conn.execute("ROLLBACK")
    """)
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None and child.stdin is not None
    assert child.stdout.readline().strip() == "locked"
    try:
        yield child
    finally:
        child.stdin.close()
        child.wait(timeout=10)


def test_file_locked_by_another_writer_is_refused_after_the_busy_timeout(
    campaign_file: Path,
) -> None:
    before = _fingerprint(campaign_file)
    locker = _hold_lock(campaign_file, "EXCLUSIVE")
    next(locker)
    try:
        with pytest.raises(StoreError) as info:
            Journal.open(campaign_file, busy_timeout=0.2)
        assert "locked by another program" in str(info.value)
        assert "nothing was changed" in str(info.value)
    finally:
        next(locker, None)
    assert _fingerprint(campaign_file) == before
    Journal.open(campaign_file).close()  # once released, it opens cleanly


def test_write_while_another_process_holds_the_write_lock_is_refused(
    campaign_file: Path,
) -> None:
    journal = Journal.open(campaign_file, busy_timeout=0.2)
    before = campaign_file.read_bytes()
    locker = _hold_lock(campaign_file, "IMMEDIATE")
    next(locker)
    try:
        with pytest.raises(StoreError, match="locked by another program"), \
                journal.transaction() as txn:
            txn.append(61, "note", {"type": "note", "text": "blocked"})
    finally:
        next(locker, None)
    assert campaign_file.read_bytes() == before
    assert journal.stats()[0] == 60
    with journal.transaction() as txn:  # the lock is gone: the same write now succeeds
        txn.append(61, "note", {"type": "note", "text": "later"})
    assert journal.stats()[:2] == (61, 61)
    journal.close()


def test_closed_journal_says_so(campaign_file: Path) -> None:
    journal = Journal.open(campaign_file)
    journal.close()
    with pytest.raises(StoreError, match="was closed"):
        journal.events_after(0)


def test_a_writer_killed_mid_transaction_is_rolled_back_on_open(campaign_file: Path) -> None:
    """A crash after pages hit the file but before COMMIT: the hot journal restores the file."""
    journal = Journal.open(campaign_file)
    committed = journal.events_after(0)
    journal.close()
    before = campaign_file.read_bytes()
    code = textwrap.dedent(f"""
        import sqlite3, time
        conn = sqlite3.connect({str(campaign_file)!r}, isolation_level=None)
        conn.execute("PRAGMA cache_size = 1")  # spill dirty pages into the file before COMMIT
        conn.execute("BEGIN IMMEDIATE")
        for seq in range(1000, 1200):
            conn.execute("INSERT INTO events VALUES (?, 'x', 'note', ?)",
                         (seq, '{{"type": "note", "text": "' + "y" * 2000 + '"}}'))
        print("dirty", flush=True)
        time.sleep(60)
    """)
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    try:
        assert child.stdout.readline().strip() == "dirty"
        assert Path(f"{campaign_file}-journal").exists()  # a hot journal is on disk
    finally:
        child.kill()
        child.wait(timeout=10)
    assert campaign_file.read_bytes() != before  # uncommitted pages really reached the file
    journal = Journal.open(campaign_file)
    assert journal.events_after(0) == committed  # the uncommitted rows are gone
    journal.close()
    raw = sqlite3.connect(campaign_file)
    assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    raw.close()


# -- oracle backup: a consistent copy (SQLite's backup API) ------------------------------------


def _writer(path: Path, spill: bool) -> subprocess.Popen[str]:
    """Another process inside a write transaction of 200 rows, never committed."""
    code = textwrap.dedent(f"""
        import sqlite3, time
        conn = sqlite3.connect({str(path)!r}, isolation_level=None)
        if {spill!r}:
            conn.execute("PRAGMA cache_size = 1")  # dirty pages reach the file before COMMIT
        conn.execute("BEGIN IMMEDIATE")
        for seq in range(1000, 1200):
            conn.execute("INSERT INTO events VALUES (?, 'x', 'note', ?)",
                         (seq, '{{"type": "note", "text": "' + "y" * 2000 + '"}}'))
        print("dirty", flush=True)
        time.sleep(60)
    """)
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline().strip() == "dirty"
    return child


def test_backup_after_a_crash_holds_exactly_the_committed_events(
        campaign_file: Path, tmp_path: Path) -> None:
    from oracle.journal.backup import backup

    journal = Journal.open(campaign_file)
    committed = journal.events_after(0)
    journal.close()
    child = _writer(campaign_file, spill=True)
    child.kill()
    child.wait(timeout=10)
    assert Path(f"{campaign_file}-journal").stat().st_size > 0  # a crash left a hot journal
    # Copying the file alone copies half a transaction: its rows are there, or it is damaged.
    copied = tmp_path / "copied" / "c.oracle.sqlite"
    copied.parent.mkdir()
    copied.write_bytes(campaign_file.read_bytes())
    raw = sqlite3.connect(copied)
    try:
        hand_copy = (raw.execute("SELECT count(*) FROM events").fetchone()[0],
                     raw.execute("PRAGMA integrity_check").fetchone()[0])
    except sqlite3.DatabaseError:
        hand_copy = (-1, "damaged")
    raw.close()
    assert hand_copy != (len(committed), "ok")
    target = tmp_path / "backup.oracle.sqlite"
    assert backup(campaign_file, target) == len(committed)
    copy = Journal.open(target)
    assert copy.events_after(0) == committed and copy.meta() == META
    copy.close()
    assert not Path(f"{target}-journal").exists()  # one file, whole: nothing to recover
    assert (target.stat().st_mode & 0o777) == 0o600


def test_backup_while_another_process_writes_copies_only_what_is_committed(
        campaign_file: Path, tmp_path: Path) -> None:
    from oracle.journal.backup import backup

    child = _writer(campaign_file, spill=False)
    try:
        target = tmp_path / "during.oracle.sqlite"
        assert backup(campaign_file, target, busy_timeout=2) == 60
    finally:
        child.kill()
        child.wait(timeout=10)
    copy = Journal.open(target)
    assert copy.stats()[:2] == (60, 60)
    copy.close()
    assert not Path(f"{target}-journal").exists()
