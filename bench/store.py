"""What does durability cost the journal? Record, reopen and undo times, as ratios.

Run: ``.venv/bin/python bench/store.py`` (not a test; prints a table). It plays a Trophy campaign
(risk rolls from the campaign's seeded dice, each followed by a narration) in a temporary
ORACLE_HOME and times:

- record: one event committed with ``synchronous=FULL`` in rollback-journal mode (what
  ``oracle.journal.store`` does), against the same SQLite insert with WAL (FULL) and with no sync at
  all, to show what "durable before visible" and "one file at rest" cost per click;
- reopen: ``Campaign.open`` replaying every event through the rules;
- undo: the full refold an undo needs;
- exports: the whole journal as Markdown, Lonelog and the JSON dump, and importing that dump.

Times depend on the disk; the ratios are the point.
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

EVENTS = 400  # half rolls, half narrations


def _sqlite_insert_ms(folder: Path, journal_mode: str, synchronous: str, n: int = 100) -> float:
    path = folder / f"raw-{journal_mode}-{synchronous}.sqlite"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(f"PRAGMA journal_mode={journal_mode}")
    conn.execute(f"PRAGMA synchronous={synchronous}")
    conn.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, at, type, data)")
    times = []
    for seq in range(1, n + 1):
        start = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO events VALUES (?, 'now', 'note', ?)", (seq, "x" * 300))
        conn.execute("COMMIT")
        times.append(time.perf_counter() - start)
    conn.close()
    return statistics.median(times) * 1000


def main() -> int:
    with tempfile.TemporaryDirectory() as home:
        os.environ["ORACLE_HOME"] = home
        from oracle import events as meta
        from oracle.journal.campaign import Campaign
        from oracle.trophy import commands, events

        camp = Campaign.create("Bench", seed=1)
        camp.record(events.character_created({"name": "Mara"}))
        record_times = []
        while camp.last_seq < EVENTS:
            event: dict[str, object]
            if camp.state.character("Mara").ruin >= 5:
                event = events.reduction_rolled("Mara", 1, remove_anyway=True)
            else:
                event = commands.roll_risk_event(camp.state, "Mara", skill=True,
                                                 dice=camp.dice())
            start = time.perf_counter()
            camp.record(event)
            record_times.append(time.perf_counter() - start)
            camp.record(meta.narration("The dark pines lean closer. " * 8, narrator="offline",
                                       beat=None, refers_to=camp.last_seq))
        record_ms = statistics.median(record_times) * 1000
        start = time.perf_counter()
        again = Campaign.open(camp.id)
        reopen_ms = (time.perf_counter() - start) * 1000
        start = time.perf_counter()
        again.undo(camp.last_seq)
        undo_ms = (time.perf_counter() - start) * 1000
        from oracle.journal.exports import export

        export_ms = {}
        for fmt in ("markdown", "lonelog", "json"):
            start = time.perf_counter()
            text = export(again, fmt)
            export_ms[fmt] = (time.perf_counter() - start) * 1000
        start = time.perf_counter()
        Campaign.import_json(text).close()
        import_ms = (time.perf_counter() - start) * 1000
        again.close()
        camp.close()
        folder = Path(home)
        raw_delete = _sqlite_insert_ms(folder, "DELETE", "FULL")
        raw_wal = _sqlite_insert_ms(folder, "WAL", "FULL")
        raw_off = _sqlite_insert_ms(folder, "DELETE", "OFF")
    print(f"journal of {EVENTS} events (Trophy risk rolls + narrations)")
    print(f"{'measure':44} {'ms':>9} {'ratio':>9}")
    rows = [
        ("Campaign.record (rules + FULL commit)", record_ms, record_ms / raw_delete),
        ("raw insert, rollback journal, FULL", raw_delete, 1.0),
        ("raw insert, WAL, FULL", raw_wal, raw_wal / raw_delete),
        ("raw insert, no sync (not crash-safe)", raw_off, raw_off / raw_delete),
        (f"Campaign.open, replay {EVENTS} events", reopen_ms, reopen_ms / raw_delete),
        ("undo (full refold)", undo_ms, undo_ms / raw_delete),
        *((f"export {fmt}, {EVENTS} events", ms, ms / raw_delete) for fmt, ms in export_ms.items()),
        (f"import the JSON dump ({EVENTS} events)", import_ms, import_ms / raw_delete),
    ]
    for label, ms, ratio in rows:
        print(f"{label:44} {ms:9.2f} {'x' + format(ratio, '.2f'):>9}")
    print("ratios are to one raw durable insert in rollback-journal mode (what the store uses)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
