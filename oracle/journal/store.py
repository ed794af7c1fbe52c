"""The campaign file: one SQLite database per campaign, holding an append-only event journal.

A campaign's state is the fold of its events (see :mod:`oracle.journal.campaign`); this module only keeps
the events safe. Its promises:

- **Durable before the move goes on.** Every append is its own transaction, committed with
  ``synchronous=FULL`` in rollback-journal mode before the campaign's state moves on, so a crash
  (power cut, killed kernel) loses at most the event being written. The app draws a roll's dice
  as soon as the rules pass it (:meth:`oracle.journal.campaign.Campaign.append`'s ``ready``), so
  they can reach the page while SQLite writes and syncs it (well under a millisecond here); if
  the write fails they are taken back with a sentence, and the campaign's seeded dice give that
  entry the same faces when the roll is made again.
- **One file at rest.** Rollback-journal mode (not WAL) keeps every committed event in the
  ``.oracle.sqlite`` file itself between writes. A copy of that file alone is a backup only while
  no program has it open and no ``-journal`` lies beside it (a crash mid-write leaves one, and
  the file alone may then hold half a transaction); ``oracle backup`` (:mod:`.backup`) makes a
  consistent copy at any time with SQLite's backup API. Files are readable by their owner only.
- **Never a silent reset or overwrite.** A file that is missing, empty, not SQLite, another
  program's SQLite, from a newer schema, truncated, damaged or locked raises :class:`StoreError`
  with one sentence saying which, and the file's bytes are left exactly as they were (checks only
  read; nothing is written before the file is known to be ours). New files are built under a
  temporary name and linked into place, which fails rather than replaces an existing file; a
  creation cut short (a killed process) leaves only a hidden temporary file, which the next
  creation in that folder removes once it is :data:`STALE_TEMP` seconds old.
- **Append-only.** Triggers refuse UPDATE and DELETE on ``events``; mistakes are undone by
  appending an ``undo`` event, never by rewriting history.

Schema (``user_version`` 1, ``application_id`` :data:`APPLICATION_ID`)::

    meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)        -- values are JSON
    events(seq INTEGER PRIMARY KEY, at TEXT, type TEXT, data TEXT)   -- data is the event's JSON
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from oracle.errors import StoreError
from oracle.journal.files import (
    PRIVATE_FILE,
    check_header,
    fsync_dir,
    label,
    private_folder,
    translate,
)

APPLICATION_ID = 0x4F52434C  # "ORCL": marks a SQLite file as an oracle campaign
SCHEMA_VERSION = 1
SUFFIX = ".oracle.sqlite"
DEFAULT_BUSY_TIMEOUT = 5.0  # seconds to wait for another program's write before giving up
STALE_TEMP = 600.0  # a creation takes milliseconds; a temporary file this old was abandoned

_SCHEMA = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    (
        "CREATE TABLE events (seq INTEGER PRIMARY KEY, at TEXT NOT NULL, type TEXT NOT NULL,"
        " data TEXT NOT NULL CHECK (json_valid(data)))"
    ),
    (
        "CREATE TRIGGER events_no_update BEFORE UPDATE ON events"
        " BEGIN SELECT RAISE(ABORT, 'events are append-only'); END"
    ),
    (
        "CREATE TRIGGER events_no_delete BEFORE DELETE ON events"
        " BEGIN SELECT RAISE(ABORT, 'events are append-only'); END"
    ),
)


@dataclass(frozen=True)
class StoredEvent:
    """One committed journal line: its sequence number, UTC time, type and full JSON data."""

    seq: int
    at: str
    type: str
    data: dict[str, Any]


def now() -> str:
    """The current UTC time as ISO 8601 with milliseconds (the journal's ``at`` column)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def to_json(value: object, field: str = "event") -> str:
    """Encode ``value`` as compact JSON, or raise StoreError naming ``field``."""
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"{field}: cannot be stored as JSON ({exc}).") from exc


def sweep_temporaries(folder: Path, older_than: float = STALE_TEMP) -> list[Path]:
    """Remove temporary files that creations cut short left in ``folder``; returns them.

    Only our own hidden ``.<name>.oracle.sqlite.<hex>.tmp`` files (and their ``-journal``) older
    than ``older_than`` seconds are touched: never a campaign file, never a creation under way.
    """
    removed: list[Path] = []
    cutoff = time.time() - older_than
    for leftover in folder.glob(f".*{SUFFIX}.*.tmp*"):
        try:
            if leftover.stat().st_mtime < cutoff:
                leftover.unlink()
                removed.append(leftover)
        except OSError:  # another process removed it, or it cannot be removed: leave it
            continue
    return removed


class Journal:
    """One open campaign file: its meta table and its append-only events.

    Use :meth:`create` for a new file and :meth:`open` for an existing one. All methods are safe
    to call from several threads; each write is one committed transaction.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, busy_timeout: float) -> None:
        self.path = path
        self.busy_timeout = busy_timeout
        self._conn: sqlite3.Connection | None = conn
        self._lock = threading.RLock()
        self._identity = self._stat_identity()

    def _stat_identity(self) -> tuple[int, int] | None:
        try:
            stat = os.stat(self.path)
        except OSError:
            return None
        return stat.st_dev, stat.st_ino

    # -- opening -----------------------------------------------------------------------------

    @staticmethod
    def _connect(path: Path, busy_timeout: float, mode: str) -> sqlite3.Connection:
        uri = f"{path.resolve().as_uri()}?mode={mode}"  # mode=rw never creates a missing file
        conn = sqlite3.connect(
            uri, uri=True, timeout=busy_timeout, isolation_level=None, check_same_thread=False
        )
        return conn

    @classmethod
    def open(cls, path: Path | str, *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> Journal:
        """Open an existing campaign file after checking, by reading only, that it is ours."""
        path = Path(path)
        check_header(path)
        try:
            conn = cls._connect(path, busy_timeout, "rw")
        except sqlite3.Error as exc:
            raise translate(path, exc, "opening it", busy_timeout) from exc
        try:
            cls._verify(path, conn, busy_timeout)
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA cell_size_check=ON")
        except BaseException:
            conn.close()
            raise
        return cls(path, conn, busy_timeout)

    @staticmethod
    def _verify(path: Path, conn: sqlite3.Connection, busy_timeout: float) -> None:
        """Read-only checks: application id, schema version, tables, page-level integrity."""
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {
                row[0]
                for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            if app_id != APPLICATION_ID:
                what = "has no application id" if app_id == 0 else f"has application id {app_id:#x}"
                raise StoreError(
                    f"{label(path)} is a SQLite database of another program ({what}, not "
                    f"oracle's {APPLICATION_ID:#x}); it was left untouched."
                )
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"{label(path)} was written by a newer oracle (schema version {version}; "
                    f"this version reads up to {SCHEMA_VERSION}); update oracle to open it. "
                    "It was left untouched."
                )
            missing = sorted({"meta", "events"} - tables)
            if version < 1 or missing:
                lacking = f"lacks the {' and '.join(missing)} table" if missing else "has no schema"
                raise StoreError(
                    f"{label(path)} carries oracle's id but {lacking} (schema version "
                    f"{version}); it is incomplete or damaged and was left untouched."
                )
            columns = [row[1] for row in conn.execute("PRAGMA table_info(events)")]
            if columns[:4] != ["seq", "at", "type", "data"]:
                raise StoreError(
                    f"{label(path)} has an events table of the wrong shape ({columns}); "
                    "it was left untouched."
                )
            problems = [str(row[0]) for row in conn.execute("PRAGMA quick_check(1)")]
            if problems != ["ok"]:
                first = " ".join(" ".join(problems).split())[:200]
                raise StoreError(
                    f"{label(path)} is damaged ({first}); it was left untouched, restore it "
                    "from a backup or export."
                )
        except sqlite3.Error as exc:
            raise translate(path, exc, "checking it", busy_timeout) from exc

    @classmethod
    def create(
        cls,
        path: Path | str,
        meta: Mapping[str, Any],
        events: Sequence[StoredEvent] = (),
        *,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    ) -> Journal:
        """Create a new campaign file holding ``meta`` (and ``events``, for imports).

        The file is built under a temporary name, committed, then linked into place; an existing
        file at ``path`` is never replaced (StoreError instead).
        """
        path = Path(path)
        if path.exists():
            raise StoreError(f"{label(path)} already exists; it was not overwritten.")
        try:
            private_folder(path.parent)
        except OSError as exc:
            raise StoreError(
                f"campaign folder {str(path.parent)!r} cannot be created ({exc.strerror})."
            ) from exc
        sweep_temporaries(path.parent)
        tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            # readable by its owner only, from its first byte (SQLite gives its -journal the same)
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
            conn = cls._connect(tmp, busy_timeout, "rwc")
            try:
                conn.execute("PRAGMA journal_mode=DELETE")
                conn.execute("PRAGMA synchronous=FULL")
                conn.execute("BEGIN IMMEDIATE")
                conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                for statement in _SCHEMA:
                    conn.execute(statement)
                conn.executemany(
                    "INSERT INTO meta(key, value) VALUES (?, ?)",
                    [(key, to_json(value, f"meta {key}")) for key, value in meta.items()],
                )
                conn.executemany(
                    "INSERT INTO events(seq, at, type, data) VALUES (?, ?, ?, ?)",
                    [(e.seq, e.at, e.type, to_json(e.data)) for e in events],
                )
                conn.execute("COMMIT")
            finally:
                conn.close()
            try:
                os.link(tmp, path)  # fails if path exists: never an overwrite
            except FileExistsError as exc:
                raise StoreError(f"{label(path)} already exists; it was not overwritten.") from exc
            except (OSError, AttributeError):  # no hard links (the filesystem, or Pyodide has
                # no os.link at all): check, then rename
                if path.exists():
                    raise StoreError(
                        f"{label(path)} already exists; it was not overwritten."
                    ) from None
                os.rename(tmp, path)
            fsync_dir(path.parent)
        except sqlite3.Error as exc:
            raise translate(path, exc, "creating it", busy_timeout) from exc
        except OSError as exc:
            raise StoreError(f"{label(path)} cannot be created ({exc.strerror}).") from exc
        finally:
            for leftover in (tmp, Path(f"{tmp}-journal")):
                try:
                    leftover.unlink()
                except FileNotFoundError:
                    pass
        return cls.open(path, busy_timeout=busy_timeout)

    # -- reading -----------------------------------------------------------------------------

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(f"{label(self.path)} was closed; open the campaign again.")
        return self._conn

    def _read(self, doing: str, sql: str, params: Sequence[object] = ()) -> list[Any]:
        with self._lock:
            try:
                return self.conn.execute(sql, params).fetchall()
            except sqlite3.Error as exc:
                raise translate(self.path, exc, doing, self.busy_timeout) from exc

    def meta(self) -> dict[str, Any]:
        """The meta table (name, system, created, seed, ...) with JSON values decoded."""
        rows = self._read("reading its meta table", "SELECT key, value FROM meta")
        try:
            return {key: json.loads(value) for key, value in rows}
        except json.JSONDecodeError as exc:
            raise StoreError(f"{label(self.path)} has a damaged meta table ({exc}).") from exc

    def events_after(self, seq: int = 0) -> list[StoredEvent]:
        """Every event with a sequence number above ``seq``, in order."""
        rows = self._read(
            "reading its events",
            "SELECT seq, at, type, data FROM events WHERE seq > ? ORDER BY seq",
            (seq,),
        )
        return [self._event(row) for row in rows]

    def _event(self, row: tuple[Any, ...]) -> StoredEvent:
        seq, at, kind, data = row
        try:
            decoded = json.loads(data)
        except (TypeError, json.JSONDecodeError) as exc:
            raise StoreError(
                f"{label(self.path)}: event {seq} holds damaged JSON ({exc})."
            ) from exc
        if not isinstance(decoded, dict):
            raise StoreError(f"{label(self.path)}: event {seq} is not a JSON object.")
        return StoredEvent(seq=int(seq), at=str(at), type=str(kind), data=decoded)

    def stats(self) -> tuple[int, int, str | None]:
        """(event count, last sequence number or 0, time of the last event or None)."""
        rows = self._read(
            "counting its events",
            "SELECT count(*), coalesce(max(seq), 0),"
            " (SELECT at FROM events ORDER BY seq DESC LIMIT 1) FROM events",
        )
        count, last, at = rows[0]
        return int(count), int(last), at

    def data_version(self) -> int:
        """A number that changes whenever another connection commits to this file."""
        return int(self._read("checking for changes", "PRAGMA data_version")[0][0])

    # -- writing -----------------------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """One write transaction: committed durably on normal exit, rolled back on any error.

        Begins with ``BEGIN IMMEDIATE`` so the write lock is taken up front; if another program
        holds it past the busy timeout, StoreError says so and nothing is written.
        """
        with self._lock:
            conn = self.conn
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise translate(self.path, exc, "waiting to write", self.busy_timeout) from exc
            if self._stat_identity() != self._identity:
                # Writing now would go into a deleted (or replaced) file: an event lost unseen.
                conn.execute("ROLLBACK")
                raise StoreError(
                    f"{label(self.path)} was deleted or replaced since it was opened (by another "
                    "window or program); nothing was written. Open the campaign again."
                )
            try:
                yield Transaction(self)
            except BaseException:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                raise
            try:
                conn.execute("COMMIT")
            except sqlite3.Error as exc:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                raise translate(self.path, exc, "committing", self.busy_timeout) from exc

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The connection for one read that no write of this Journal interleaves (a backup)."""
        with self._lock:
            yield self.conn

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None


class Transaction:
    """Reads and appends inside one :meth:`Journal.transaction`."""

    def __init__(self, journal: Journal) -> None:
        self._journal = journal

    def events_after(self, seq: int) -> list[StoredEvent]:
        """Events committed (by anyone) after ``seq``, seen under the write lock."""
        return self._journal.events_after(seq)

    def last_seq(self) -> int:
        return self._journal.stats()[1]

    def data_version(self) -> int:
        """The change counter as of now; nobody else can commit while this transaction lives."""
        return self._journal.data_version()

    def append(
        self, seq: int, kind: str, data: Mapping[str, Any], at: str | None = None
    ) -> StoredEvent:
        """Append one event with sequence number ``seq`` (must be the next one)."""
        event = StoredEvent(seq=seq, at=at or now(), type=kind, data=dict(data))
        try:
            self._journal.conn.execute(
                "INSERT INTO events(seq, at, type, data) VALUES (?, ?, ?, ?)",
                (event.seq, event.at, event.type, to_json(event.data)),
            )
        except sqlite3.Error as exc:
            raise translate(
                self._journal.path, exc, "appending an event", self._journal.busy_timeout
            ) from exc
        return event

    def set_meta(self, key: str, value: object) -> None:
        try:
            self._journal.conn.execute(
                "INSERT INTO meta(key, value) VALUES (?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, to_json(value, f"meta {key}")),
            )
        except sqlite3.Error as exc:
            raise translate(
                self._journal.path, exc, "updating its meta table", self._journal.busy_timeout
            ) from exc
