"""A campaign: its journal of events, and the state that is their fold.

Every change goes through :meth:`Campaign.record`: the event is first applied to the current
state by the rules (:mod:`oracle.journal.replay`, which asks the campaign's system; a
``RuleError`` writes nothing), then appended and committed durably (:mod:`oracle.journal.store`),
and only then does the cached state move on. Reopening the file replays the events from
``system.new_state()`` and rebuilds the same state.

Meta events (narration, note, oracle, scene, safety, preference, x_card, undo) never reach the
system; their vocabulary, and the rules of undo, are in :mod:`oracle.journal.replay`. The
campaign carries no renderers: :mod:`oracle.journal.exports` writes it as text, Markdown or
Lonelog; :meth:`Campaign.export_json` is the dump that :meth:`Campaign.import_json` reads back.
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Callable, Container, Mapping, Sequence
from pathlib import Path
from typing import Any, Self

from oracle.dice import SeededDice
from oracle.errors import OracleError, RequestError, RuleError, StoreError, shown
from oracle.events import DEFAULT_SYSTEM, META_TYPES, UNDO
from oracle.events import undo as undo_event
from oracle.journal import dump as dumps
from oracle.journal.files import delete_file
from oracle.journal.library import (
    campaign_path,
    check_meta,
    check_name,
    check_seed,
    distinct_name,
    forget_last_opened,
    last_opened,
    new_meta,
    private_campaigns_dir,
    remember_last_opened,
)
from oracle.journal.render import PlainText
from oracle.journal.replay import Entry, EntryFails, Fold, Settings, Step, normalize
from oracle.journal.store import DEFAULT_BUSY_TIMEOUT, SUFFIX, Journal, StoredEvent, now
from oracle.journal.story import StoryMemory, fold_entry
from oracle.systems import System, find_system

__all__ = ["Campaign", "CampaignChanged"]


class CampaignChanged(StoreError):
    """Another window (or program) added events since this Campaign last looked.

    Raised by :meth:`Campaign.record` for a rules event: the player decided on a state that is
    no longer current. The Campaign has already caught up; nothing was written.
    """


def _system_for(name: object, path: Path) -> System:
    try:
        return find_system(name)
    except RequestError as exc:
        raise StoreError(f"campaign file {str(path)!r}: {exc}") from exc


def _fold_all(fold: Fold, events: Sequence[StoredEvent], doing: str,
              stored: Container[int] = ()) -> None:
    """Check and take ``events`` one by one; RequestError naming the first that does not fold.
    Those in ``stored`` (an older export's) may be read under an older ruling (``Fold.check``)."""
    for event in events:
        try:
            fold.accept(event, fold.check(event, event.seq in stored))
        except OracleError as exc:
            raise RequestError(
                f"{doing}: entry {event.seq} ({event.type}) does not fold: {exc} "
                "Nothing was created."
            ) from exc


class Campaign:
    """One open campaign: its journal, its folded state and settings, its dice.

    Make one with :meth:`create`, :meth:`open` or :meth:`import_json`. Two Campaign objects on
    the same file (two browser tabs) each see the other's events after :meth:`refresh`.
    """

    def __init__(self, journal: Journal, meta: Mapping[str, Any], fold: Fold,
                 home: Path | str | None) -> None:
        self._journal = journal
        self._meta = dict(meta)
        self._fold = fold
        self._home = home
        self._lock = threading.RLock()
        self._seen_version = journal.data_version()
        self._entries: tuple[Entry, ...] | None = None
        self._story: tuple[tuple[Entry, ...], StoryMemory] | None = None

    # -- making and finding ----------------------------------------------------------------

    @classmethod
    def create(cls, name: str, system: str = DEFAULT_SYSTEM, seed: int | str | None = None,
               home: Path | str | None = None, *,
               events: Sequence[Mapping[str, Any]] = (),
               busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> Campaign:
        """Start a new campaign file in ``<home>/campaigns`` and open it.

        ``events`` (a ready character, a first scene) are folded first and written with the
        file: the campaign appears whole or not at all, even if the process dies meanwhile.
        """
        name = check_name(name)
        rules = find_system(system)
        meta = new_meta(name, rules.name, check_seed(seed))
        fold = Fold(rules)
        at = now()
        drafts = [normalize(event) for event in events]
        _fold_all(fold, [StoredEvent(seq, at, data["type"], data)
                         for seq, data in enumerate(drafts, start=1)], "create")
        path = private_campaigns_dir(home) / f"{meta['id']}{SUFFIX}"
        journal = Journal.create(path, meta, fold.events, busy_timeout=busy_timeout)
        remember_last_opened(path, home)
        return cls(journal, meta, fold, home)

    @classmethod
    def open(cls, id_or_path: str | Path, home: Path | str | None = None, *,
             busy_timeout: float = DEFAULT_BUSY_TIMEOUT, remember: bool = True) -> Campaign:
        """Open a campaign by id or path, replaying its events; StoreError if it cannot be used."""
        path = campaign_path(id_or_path, home)
        journal = Journal.open(path, busy_timeout=busy_timeout)
        try:
            meta = journal.meta()
            check_meta(meta, path)
            fold = Fold(_system_for(meta.get("system"), path))
            try:
                fold.load(journal.events_after(0))
            except EntryFails as failure:
                raise StoreError(
                    f"campaign file {str(path)!r}: entry {failure.event.seq} "
                    f"({failure.event.type}) no longer follows the {fold.system.name} rules of "
                    f"this version ({failure.error}); the file was left untouched."
                ) from failure.error
            except (KeyError, TypeError, ValueError) as exc:  # hand-edited or damaged entries
                raise StoreError(
                    f"campaign file {str(path)!r}: an entry holds malformed data ({exc!r}); "
                    "the file was left untouched."
                ) from exc
            campaign = cls(journal, meta, fold, home)
        except BaseException:
            journal.close()
            raise
        if remember:
            remember_last_opened(path, home)
        return campaign

    @classmethod
    def open_last(cls, home: Path | str | None = None, **kwargs: Any) -> Campaign | None:
        """Reopen the campaign opened last, or None if there is none."""
        target = last_opened(home)
        return None if target is None else cls.open(target, home, **kwargs)

    @classmethod
    def import_json(cls, source: str | bytes | Mapping[str, Any], name: str | None = None,
                    home: Path | str | None = None) -> Campaign:
        """Create a new campaign from :meth:`export_json` output, after checking that it folds.

        Sequence numbers, times and the seed are kept (undo targets and dice depend on them); the
        new campaign gets a new id, and a name no other campaign has (unless ``name`` is given).
        Anything that does not fold creates nothing. An import never changes which campaign a
        reload opens: open it to play it.
        """
        doc = dumps.load(source)
        meta_in = doc["meta"]
        rules = find_system(meta_in.get("system"))
        fold = Fold(rules)
        events: list[StoredEvent] = []
        for index, raw in enumerate(doc["events"], start=1):
            events.append(dumps.read_event(raw, index, events[-1].seq if events else 0))
        _fold_all(fold, events, "import", dumps.older_rulings(doc, events))
        meta = new_meta(
            distinct_name(check_name(meta_in.get("name")), home) if name is None
            else check_name(name),
            rules.name,
            check_seed(meta_in.get("seed", 0)),
        )
        created = meta_in.get("created")
        meta["created"] = created if isinstance(created, str) and created else meta["created"]
        meta["imported_from"] = str(meta_in.get("id", ""))
        path = private_campaigns_dir(home) / f"{meta['id']}{SUFFIX}"
        journal = Journal.create(path, meta, fold.events)
        return cls(journal, meta, fold, home)

    # -- reading -----------------------------------------------------------------------------

    @property
    def id(self) -> str:
        """The file's name without ``.oracle.sqlite`` (a copied file is its own campaign)."""
        name = self.path.name
        return name[: -len(SUFFIX)] if name.endswith(SUFFIX) else str(self._meta.get("id", name))

    @property
    def name(self) -> str:
        return str(self._meta["name"])

    @property
    def system(self) -> System:
        """The rules object (``find_system(meta["system"])``)."""
        return self._fold.system

    @property
    def created(self) -> str:
        return str(self._meta["created"])

    @property
    def seed(self) -> int | str:
        seed: int | str = self._meta["seed"]
        return seed

    @property
    def path(self) -> Path:
        return self._journal.path

    @property
    def meta(self) -> dict[str, Any]:
        """A copy of the file's meta table (id, name, system, created, seed, schema, ...)."""
        return dict(self._meta)

    @property
    def state(self) -> Any:
        """The fold of every event not undone (cached; see :meth:`refresh` for other tabs)."""
        return self._fold.state

    @property
    def settings(self) -> Settings:
        """Safety lines and veils, preferences, X-carded narrations, folded from events."""
        return self._fold.settings

    @property
    def last_seq(self) -> int:
        """The sequence number of the newest entry (0 for an empty journal)."""
        return self._fold.last_seq

    @property
    def next_seq(self) -> int:
        return self._fold.last_seq + 1

    @property
    def entries(self) -> tuple[Entry, ...]:
        """The journal, oldest first, with undone and struck flags."""
        with self._lock:
            if self._entries is None:
                self._entries = self._fold.entries()
            return self._entries

    @property
    def story(self) -> StoryMemory:
        """The story memory (scene, foe, intent, bargains owed, ...) folded from the journal."""
        with self._lock:
            entries = self.entries
            if self._story is None or self._story[0] is not entries:
                # An append keeps the earlier entries (the same objects): fold only the new
                # ones. An undo or X-card builds them anew, and the story is folded again.
                seen, memory = self._story or ((), StoryMemory())
                if seen and (len(seen) > len(entries) or entries[len(seen) - 1] is not seen[-1]):
                    seen, memory = (), StoryMemory()
                for entry in entries[len(seen):]:
                    memory = fold_entry(memory, entry, self.system)
                self._story = (entries, memory)
            return self._story[1]

    def entry(self, seq: int) -> Entry:
        """The entry numbered ``seq``; RequestError if there is none."""
        if seq not in self._fold.by_seq:
            raise RequestError(f"seq: there is no entry {shown(seq)} in this campaign.")
        return self.entries[bisect_left(self._fold.events, seq, key=lambda e: e.seq)]

    def dice(self, stream: str = "dice") -> SeededDice:
        """A dice source seeded by the campaign seed, the next sequence number and ``stream``.

        The same campaign at the same point gives the same faces, so a replay or a reopened
        campaign rolls identically; other ``stream`` names (``"narrator"``) give independent
        streams for the same entry.
        """
        return SeededDice(f"{self.seed}:{self.next_seq}:{stream}")

    def summary(self, entry: Entry | int) -> str:
        """One line of plain text for an entry, in its system's words (or the journal's)."""
        item = self.entry(entry) if isinstance(entry, int) else entry
        return PlainText().entry_text(self.system, item)

    # -- writing -----------------------------------------------------------------------------

    def record(self, event: Mapping[str, Any]) -> Any:
        """Apply ``event`` to the state, append it durably, and return the new state.

        Rules events go through ``system.apply`` first: a RuleError (or RequestError) writes
        nothing. Meta events are checked here. If another window added events meanwhile, a meta
        event is appended after them, but a rules event raises :class:`CampaignChanged`.
        """
        return self.append(event)[1]

    def append(self, event: Mapping[str, Any],
               ready: Callable[[int, Any], None] | None = None, *,
               catch_up: bool = False) -> tuple[int, Any]:
        """Like :meth:`record`, but returns ``(seq, state)``: the number of the entry written.

        Read ``last_seq`` after :meth:`record` only when no other thread writes; a narration
        recorded from another thread may land in between. This answer is taken under the lock.

        ``ready(seq, state)``, if given, is called as soon as the event has passed the rules,
        before it is written: the app draws a roll's dice there, so they travel to the page
        while SQLite writes and syncs them (each statement lets go of the interpreter). If
        other windows' events had to be taken in first, it is called again with the state on
        top of them. Nothing else sees the new state before the commit, and the fold moves on
        only after it; if ``ready`` raises, the rules refuse the event after all, or the write
        fails, nothing is written and the error is raised, so the caller takes back what it
        drew.

        ``catch_up``: a rules event is checked again on top of what other windows added since
        (the app's players act on the table as it stands), instead of :class:`CampaignChanged`.
        """
        data = normalize(event)
        if data["type"] == UNDO:
            target = data.get("target")
            if isinstance(target, bool) or not isinstance(target, int):
                raise RequestError("undo: target must be the number of an earlier entry.")
            data = dict(undo_event(target))
        return self._append(data, ready, catch_up)

    def undo(self, seq: int) -> Any:
        """Undo entry ``seq`` by appending an ``undo`` event; returns the new state.

        Refused with a sentence (nothing written) if ``seq`` is not an entry, is already undone,
        or if the events left would no longer fold (a later entry depended on it).
        """
        return self._append(dict(undo_event(seq)))[1]

    def redo(self, seq: int) -> Any:
        """Restore undone entry ``seq`` by undoing the undo that removed it."""
        item = self.entry(seq)
        if item.undone_by is None:
            raise RuleError(f"redo: entry {seq} is not undone, so there is nothing to restore.")
        return self.undo(item.undone_by)

    def _append(self, data: dict[str, Any], ready: Callable[[int, Any], None] | None = None,
                catch_up: bool = False) -> tuple[int, Any]:
        kind = data["type"]
        with self._lock:
            draft = StoredEvent(seq=self.next_seq, at=now(), type=kind, data=data)
            # The rules first: an invalid event writes nothing. Catching up, a refusal is not
            # final yet: the rules judge it again against what other windows added meanwhile.
            step: Step | None
            try:
                step = self._fold.check(draft)
            except OracleError:
                if not catch_up:
                    raise
                step = None
            drawn = False
            if step is not None and ready is not None:
                ready(draft.seq, step.state)  # drawn now; drawn again below if it changes
                drawn = True
            with self._journal.transaction() as txn:
                newer = txn.events_after(self._fold.last_seq)
                if newer:
                    self._absorb(newer)
                    if kind not in META_TYPES and not catch_up:
                        first, last = newer[0].seq, newer[-1].seq
                        span = f"entry {first}" if first == last else f"entries {first}-{last}"
                        raise CampaignChanged(
                            f"campaign: another window added {span} since this one last "
                            "looked; this window is now up to date and nothing was written, "
                            "so make the move again."
                        )
                    draft = StoredEvent(seq=self.next_seq, at=now(), type=kind, data=data)
                if newer or step is None:
                    step = self._fold.check(draft)
                    drawn = False
                version = txn.data_version()  # read under the lock: no commit can slip past
                txn.append(draft.seq, draft.type, draft.data, at=draft.at)
                if ready is not None and not drawn:
                    ready(draft.seq, step.state)
            # committed durably: only now does the state move on
            self._fold.accept(draft, step)
            self._entries = None
            self._seen_version = version
            return draft.seq, self._fold.state

    def refresh(self) -> int:
        """Read events other windows committed; returns how many arrived."""
        with self._lock:
            version = self._journal.data_version()
            if version == self._seen_version:
                return 0
            newer = self._journal.events_after(self._fold.last_seq)
            self._absorb(newer)
            self._seen_version = version
            meta = self._journal.meta()
            if meta.get("name"):
                self._meta["name"] = meta["name"]
            return len(newer)

    def _absorb(self, newer: Sequence[StoredEvent]) -> None:
        for event in newer:
            try:
                self._fold.accept(event, self._fold.check(event, stored=True))
            except (OracleError, KeyError, TypeError, ValueError) as exc:
                raise StoreError(
                    f"campaign file {str(self.path)!r}: entry {event.seq} ({event.type}) written "
                    f"by another window does not fold here ({exc}); reopen the campaign."
                ) from exc
        self._entries = None

    def rename(self, name: str) -> None:
        """Give the campaign a new name (its id and file stay)."""
        name = check_name(name)
        with self._lock, self._journal.transaction() as txn:
            txn.set_meta("name", name)
        self._meta["name"] = name

    def delete(self) -> None:
        """Delete this campaign's file for good (the caller has asked the player to confirm)."""
        self.close()
        delete_file(self.path)
        forget_last_opened(self.path, self._home)

    def close(self) -> None:
        """Close the file; the object can no longer record."""
        self._journal.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        system, count = self._fold.system.name, self.last_seq
        return f"<Campaign {self.id!r} {self.name!r} ({system}, {count} entries)>"

    # -- the dump ----------------------------------------------------------------------------

    def export_json(self) -> str:
        """Every event plus meta as JSON; :meth:`import_json` turns it back into a campaign."""
        return dumps.dump(self.meta, self._fold.events, self.story.facts(), self._fold.older)
