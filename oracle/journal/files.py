"""The campaign file on disk: reading its header before trusting it, one sentence per failure.

Everything here only reads (or, for :func:`delete_file`, deletes on the player's word); the
store (:mod:`oracle.journal.store`) calls it before it writes anything.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from oracle.errors import RequestError, StoreError, shown

SQLITE_MAGIC = b"SQLite format 3\x00"
SIDECARS = ("-journal", "-wal", "-shm")
PRIVATE_FILE = 0o600  # a campaign holds a player's story: readable by its owner only
PRIVATE_FOLDER = 0o700


def label(path: Path) -> str:
    """``campaign file '<path>'``: how every sentence names the file."""
    return f"campaign file {str(path)!r}"


def fsync_dir(directory: Path) -> None:
    """Make a rename or link in ``directory`` durable (best effort where unsupported)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # some platforms cannot open directories; the rename is still atomic
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _is_locked(exc: sqlite3.Error) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def translate(path: Path, exc: sqlite3.Error, doing: str, busy_timeout: float) -> StoreError:
    """Turn a sqlite3 error into one sentence about the campaign file."""
    if _is_locked(exc):
        return StoreError(
            f"{label(path)} is locked by another program that is writing to it (waited "
            f"{busy_timeout:g} s while {doing}); nothing was changed, try again in a moment."
        )
    if "readonly" in str(exc) or "read-only" in str(exc):
        return StoreError(
            f"{label(path)} cannot be written (it or its folder is read-only) while {doing}; "
            "nothing was written."
        )
    if isinstance(exc, sqlite3.DatabaseError) and (
        "malformed" in str(exc) or "not a database" in str(exc) or "corrupt" in str(exc)
    ):
        return StoreError(
            f"{label(path)} is damaged ({exc}) and cannot be used; it was left untouched, "
            "restore it from a backup or export."
        )
    return StoreError(f"{label(path)}: SQLite failed while {doing} ({exc}).")


def check_header(path: Path) -> None:
    """Refuse missing, empty, non-SQLite and visibly truncated files by reading their header."""
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise StoreError(f"{label(path)} is not a regular file.")
        with open(path, "rb") as handle:
            header = handle.read(100)
    except FileNotFoundError as exc:
        raise StoreError(
            f"{label(path)} does not exist; it may have been moved or deleted."
        ) from exc
    except PermissionError as exc:
        raise StoreError(f"{label(path)} cannot be read (permission denied).") from exc
    except OSError as exc:
        raise StoreError(f"{label(path)} cannot be read ({exc.strerror}).") from exc
    if size == 0:
        raise StoreError(
            f"{label(path)} is empty (0 bytes), so it holds no campaign; perhaps an interrupted "
            "copy. It was left untouched."
        )
    if not (header.startswith(SQLITE_MAGIC) or SQLITE_MAGIC.startswith(header)):
        raise StoreError(
            f"{label(path)} is not a SQLite database, so it is not an oracle campaign; "
            "it was left untouched."
        )
    if len(header) < 100:
        raise StoreError(
            f"{label(path)} is truncated: it ends after {size} bytes, inside the 100-byte "
            "database header. It was left untouched; restore it from a backup or export."
        )
    hot_journal = any(
        Path(f"{path}{suffix}").exists() and Path(f"{path}{suffix}").stat().st_size > 0
        for suffix in SIDECARS
    )
    wal_mode = header[18] == 2 or header[19] == 2
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    change_counter = int.from_bytes(header[24:28], "big")
    pages = int.from_bytes(header[28:32], "big")
    valid_for = int.from_bytes(header[92:96], "big")
    # The in-header page count is trustworthy when it was written with the change counter; a hot
    # journal or a WAL file means SQLite itself must first recover, so leave those to it.
    if not hot_journal and not wal_mode and pages and valid_for == change_counter:
        expected = page_size * pages
        if size < expected:
            raise StoreError(
                f"{label(path)} is truncated: it should hold {expected} bytes but has {size}. "
                "It was left untouched; restore it from a backup or export."
            )


def private_folder(folder: Path) -> None:
    """Make ``folder`` and any missing parent, each readable by its owner only (0700); a folder
    that exists already is left as it is."""
    missing = [p for p in (folder, *folder.parents) if not p.exists()]
    for part in reversed(missing):
        try:
            part.mkdir(mode=PRIVATE_FOLDER)
        except FileExistsError:  # made meanwhile by another process
            continue
        os.chmod(part, PRIVATE_FOLDER)  # mkdir's mode passes through the umask


def delete_file(path: Path | str) -> None:
    """Delete a campaign file and any SQLite sidecar files beside it (the caller confirmed)."""
    path = Path(path)
    if not path.exists():
        raise StoreError(f"{label(path)} does not exist; nothing was deleted.")
    try:
        path.unlink()
        for suffix in SIDECARS:
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    except OSError as exc:
        raise StoreError(f"{label(path)} cannot be deleted ({exc.strerror}).") from exc
    fsync_dir(path.parent)


def check_replaceable(path: Path, force: bool, option: str) -> None:
    """Refuse to replace ``path`` unless ``force`` and it is a regular file (not a device, a
    pipe, a folder or a link, which a rename would silently swap for a file)."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:  # a name too long, a folder that cannot be searched
        raise RequestError(f"{option}: cannot write {shown(str(path))} ({exc.strerror}).") from None
    if not force:
        raise RequestError(f"{option}: {shown(str(path))} already exists; choose another name "
                           "or add --force.")
    if not stat.S_ISREG(mode):
        raise RequestError(f"{option}: {shown(str(path))} is not a regular file (a folder, a "
                           "device, a pipe or a link); --force replaces only a regular file.")


def place_new(tmp: Path, target: Path, force: bool, option: str,
              failure: type[RequestError | StoreError] = RequestError) -> None:
    """Give the finished file ``tmp`` the name ``target``: with ``force`` it replaces a regular
    file (checked again just before); without, a link fails rather than replace a file that
    appeared meanwhile. A refusal is one sentence naming ``option`` (a failure to write, a
    ``failure``)."""
    try:
        if force:
            check_replaceable(target, force, option)  # still a regular file, if anything
            os.replace(tmp, target)
        else:
            os.link(tmp, target)
    except FileExistsError:
        raise RequestError(f"{option}: {shown(str(target))} already exists; choose another name "
                           "or add --force.") from None
    except OSError as exc:
        raise failure(f"{option}: cannot write {shown(str(target))} ({exc.strerror}).") from exc
