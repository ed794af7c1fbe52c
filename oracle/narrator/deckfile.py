"""One offline deck shared by every ``oracle resolve --narrate`` and ``oracle inspire`` call.

A GM at the table calls the command line many times; each call continues the same deck, kept in
``$ORACLE_HOME/narrator-deck.json``, so no card repeats until its table is used up. The file is
tiny; it is read, advanced and written back under an exclusive lock (``narrator-deck.lock``) and
replaced atomically, so two calls at once never lose each other's draws. A request with a
``seed`` does not touch it: a seeded call is an identical replay, whatever ran before.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from oracle.errors import StoreError
from oracle.narrator.deck import Deck

FILE = "narrator-deck.json"
LOCK = "narrator-deck.lock"


class SharedDeck:
    """The deck read under the lock; set :attr:`deck` to the advanced one to have it saved."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` across processes (fcntl; msvcrt on Windows)."""
    with open(path, "a+b") as handle:
        if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK, 1)
            try:
                yield
            finally:
                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _read(path: Path) -> Deck:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("dealt", {}), dict):
            return Deck.from_dict(data)
    except (OSError, ValueError, TypeError):
        pass  # missing or damaged: start a fresh deck (a deck holds no game state)
    return Deck.seeded(secrets.token_hex(8))


def _write(path: Path, deck: Deck) -> None:
    fd, tmp = tempfile.mkstemp(prefix=".narrator-deck-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(deck.to_dict(), handle, sort_keys=True)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def shared_deck(home: Path) -> Iterator[SharedDeck]:
    """Hold the lock, hand out the stored deck, and save what the caller leaves in it."""
    try:
        home.mkdir(parents=True, exist_ok=True)
        lock = _locked(home / LOCK)
        lock.__enter__()
    except OSError as exc:
        raise StoreError(f"narrator deck: cannot use {home} ({exc.strerror}).") from exc
    try:
        box = SharedDeck(_read(home / FILE))
        before = box.deck
        yield box
        if box.deck != before:
            try:
                _write(home / FILE, box.deck)
            except OSError as exc:
                raise StoreError(f"narrator deck: cannot write {home / FILE} "
                                 f"({exc.strerror}).") from exc
    finally:
        lock.__exit__(None, None, None)
