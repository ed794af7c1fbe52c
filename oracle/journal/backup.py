"""``oracle backup``: a consistent copy of a campaign file, made with SQLite's backup API.

Copying the ``.oracle.sqlite`` file by hand is a backup only while no program has it open: in
the middle of a write, or after a crash that left a ``-journal`` beside it, the file alone can
hold half of a transaction. :func:`backup` instead opens the campaign as oracle does (checking
it is ours, and letting SQLite roll back what a crash left half-written), reads it under a
read lock with the backup API, so that the copy holds exactly the committed events, checks the
copy opens as a campaign, and only then links it into place: whole or not at all, readable by
its owner only, and never over anything but a regular file (and that only with ``force``).
"""

from __future__ import annotations

import os
import secrets
import sqlite3
from pathlib import Path

from oracle.errors import RequestError, StoreError, shown
from oracle.journal.files import (
    PRIVATE_FILE,
    check_replaceable,
    fsync_dir,
    place_new,
    translate,
)
from oracle.journal.store import DEFAULT_BUSY_TIMEOUT, Journal


def backup(source: Path, target: Path, *, force: bool = False,
           busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> int:
    """Copy the campaign file ``source`` to ``target``; returns how many events it holds."""
    check_replaceable(target, force, "FILE")
    journal = Journal.open(source, busy_timeout=busy_timeout)
    tmp = target.with_name(f".{target.name[:64]}.{secrets.token_hex(4)}.tmp")
    try:
        try:
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
        except OSError as exc:
            raise RequestError(f"FILE: cannot write {shown(str(target))} ({exc.strerror})."
                               ) from None
        copy = sqlite3.connect(tmp, isolation_level=None)
        try:
            with journal.reading() as conn:
                conn.backup(copy)  # one step under one read lock: committed events only
            copy.execute("PRAGMA journal_mode=DELETE")
        except sqlite3.Error as exc:
            raise translate(source, exc, "copying it", busy_timeout) from exc
        finally:
            copy.close()
        _sync(tmp)
        checked = Journal.open(tmp, busy_timeout=busy_timeout)  # the copy opens as a campaign
        try:
            count = checked.stats()[0]
        finally:
            checked.close()
        _place(tmp, target, force)
        return count
    finally:
        journal.close()
        for leftover in (tmp, Path(f"{tmp}-journal")):
            try:
                leftover.unlink(missing_ok=True)
            except OSError:
                pass


def _sync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _place(tmp: Path, target: Path, force: bool) -> None:
    """Link the finished copy to ``target`` (replacing a regular file only with ``force``)."""
    place_new(tmp, target, force, "FILE", StoreError)
    fsync_dir(target.parent)
