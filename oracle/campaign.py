"""A campaign: its journal of events, and the state that is their fold.

Every change goes through :meth:`Campaign.record`: the event is first applied to the current
state by the rules core (``SYSTEM.apply``; a ``RuleError`` writes nothing), then appended and
committed durably (:mod:`oracle.store`), and only then does the cached state move on. Reopening
the file replays the events from ``SYSTEM.new_state()`` and rebuilds the same state.

Meta events (narration, note, oracle, scene, safety, preference, x_card, undo) are handled by
Campaign itself and never reach ``SYSTEM.apply``; their vocabulary, and the rules of undo, are
in :mod:`oracle.fold`.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import threading
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

from oracle.dice import SeededDice
from oracle.errors import OracleError, RequestError, RuleError, StoreError
from oracle.fold import META_TYPES, EntryFails, Fold, Settings, normalize, undone_map
from oracle.store import (
    DEFAULT_BUSY_TIMEOUT,
    SCHEMA_VERSION,
    SUFFIX,
    Journal,
    StoredEvent,
    delete_file,
    now,
)
from oracle.systems import System, find_system

__all__ = [
    "META_TYPES",
    "Campaign",
    "CampaignChanged",
    "CampaignInfo",
    "Entry",
    "Settings",
    "campaign_path",
    "campaigns_dir",
    "delete_campaign",
    "last_opened",
    "list_campaigns",
    "oracle_home",
    "undone_map",
]

EXPORT_FORMAT = "oracle-campaign"
EXPORT_VERSION = 1
MAX_NAME = 120
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
_LAST_OPENED = "last_opened.json"


class CampaignChanged(StoreError):
    """Another window (or program) added events since this Campaign last looked.

    Raised by :meth:`Campaign.record` for a rules event: the player decided on a state that is
    no longer current. The Campaign has already caught up; nothing was written.
    """


# -- where campaigns live ----------------------------------------------------------------------


def oracle_home(home: Path | str | None = None) -> Path:
    """``home``, else ``$ORACLE_HOME``, else the platform's user data folder for oracle."""
    if home is not None:
        return Path(home)
    env = os.environ.get("ORACLE_HOME")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("oracle"))


def campaigns_dir(home: Path | str | None = None) -> Path:
    """The folder holding ``<id>.oracle.sqlite`` files."""
    return oracle_home(home) / "campaigns"


def campaign_path(id_or_path: str | Path, home: Path | str | None = None) -> Path:
    """The file for a campaign id (``"the-hunt-3fa9c2"``) or an explicit path."""
    text = str(id_or_path)
    if isinstance(id_or_path, Path) or os.sep in text or "/" in text or text.endswith(SUFFIX):
        return Path(id_or_path)
    if not _ID_RE.fullmatch(text):
        raise RequestError(
            f"campaign: {text!r} is neither a campaign id (lowercase letters, digits and dashes) "
            "nor a path to a .oracle.sqlite file."
        )
    return campaigns_dir(home) / f"{text}{SUFFIX}"


def _new_id(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:32].strip("-") or "campaign"
    return f"{slug}-{secrets.token_hex(3)}"


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise RequestError("name: a campaign needs a name of at least one visible character.")
    name = name.strip()
    if len(name) > MAX_NAME:
        raise RequestError(f"name: at most {MAX_NAME} characters; got {len(name)}.")
    return name


def _check_seed(seed: object) -> int | str:
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise RequestError(f"seed: must be a whole number or a string, not {seed!r}.")
    return seed


# -- last opened -------------------------------------------------------------------------------


def remember_last_opened(path: Path, home: Path | str | None = None) -> None:
    """Note ``path`` as the campaign to reopen when the app reloads (best effort)."""
    root = oracle_home(home)
    target = path.name[: -len(SUFFIX)] if path.parent == campaigns_dir(home) else str(path)
    tmp = root / f".{_LAST_OPENED}.{secrets.token_hex(4)}.tmp"
    try:
        root.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps({"campaign": target, "at": now()}), encoding="utf-8")
        os.replace(tmp, root / _LAST_OPENED)
    except OSError:  # remembering is a convenience; never fail an open over it
        tmp.unlink(missing_ok=True)


def last_opened(home: Path | str | None = None) -> str | None:
    """The id (or path) of the campaign opened last, if its file still exists."""
    try:
        text = (oracle_home(home) / _LAST_OPENED).read_text(encoding="utf-8")
        target = json.loads(text)["campaign"]
        if isinstance(target, str) and campaign_path(target, home).exists():
            return target
    except (OSError, ValueError, KeyError, TypeError, OracleError):
        pass
    return None


def _forget_last_opened(path: Path, home: Path | str | None) -> None:
    target = last_opened(home)
    if target is not None and campaign_path(target, home).resolve() == path.resolve():
        (oracle_home(home) / _LAST_OPENED).unlink(missing_ok=True)


# -- values ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One journal line as the app shows it."""

    seq: int
    at: str
    type: str
    data: dict[str, Any]
    undone: bool = False
    undone_by: int | None = None
    struck: bool = False
    result: dict[str, Any] | None = None  # the system's reading of a rules event, if it gives one

    @property
    def meta(self) -> bool:
        """True for narration, notes and the other events Campaign handles itself."""
        return self.type in META_TYPES


@dataclass(frozen=True)
class CampaignInfo:
    """One row of :func:`list_campaigns`; ``error`` is set (and counts are 0) for a broken file."""

    id: str
    name: str
    system: str
    created: str
    updated: str
    events: int
    path: Path
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def _system_for(name: object, path: Path) -> System:
    try:
        return find_system(name)
    except RequestError as exc:
        raise StoreError(f"campaign file {str(path)!r}: {exc}") from exc


# -- the campaign ------------------------------------------------------------------------------


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

    # -- making and finding ----------------------------------------------------------------

    @classmethod
    def create(cls, name: str, system: str = "trophy", seed: int | str | None = None,
               home: Path | str | None = None, *,
               busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> Campaign:
        """Start a new campaign file in ``<home>/campaigns`` and open it."""
        name = _check_name(name)
        rules = find_system(system)
        meta = _new_meta(name, rules.name, _check_seed(seed))
        path = campaigns_dir(home) / f"{meta['id']}{SUFFIX}"
        journal = Journal.create(path, meta, busy_timeout=busy_timeout)
        remember_last_opened(path, home)
        return cls(journal, meta, Fold(rules), home)

    @classmethod
    def open(cls, id_or_path: str | Path, home: Path | str | None = None, *,
             busy_timeout: float = DEFAULT_BUSY_TIMEOUT, remember: bool = True) -> Campaign:
        """Open a campaign by id or path, replaying its events; StoreError if it cannot be used."""
        path = campaign_path(id_or_path, home)
        journal = Journal.open(path, busy_timeout=busy_timeout)
        try:
            meta = journal.meta()
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
        new campaign gets a new id. Anything that does not fold creates nothing.
        """
        doc = _load_export(source)
        meta_in = doc["meta"]
        rules = find_system(meta_in.get("system"))
        fold = Fold(rules)
        for index, raw in enumerate(doc["events"], start=1):
            event = _import_event(raw, index, fold.last_seq)
            try:
                fold.accept(event, fold.check(event))
            except OracleError as exc:
                raise RequestError(
                    f"import: entry {event.seq} ({event.type}) does not fold: {exc} "
                    "Nothing was created."
                ) from exc
        meta = _new_meta(
            _check_name(meta_in.get("name") if name is None else name),
            rules.name,
            _check_seed(meta_in.get("seed", 0)),
        )
        meta["created"] = str(meta_in.get("created", meta["created"]))
        meta["imported_from"] = str(meta_in.get("id", ""))
        path = campaigns_dir(home) / f"{meta['id']}{SUFFIX}"
        journal = Journal.create(path, meta, fold.events)
        remember_last_opened(path, home)
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
                undone, struck = self._fold.undone, self._fold.settings.struck
                self._entries = tuple(
                    Entry(
                        seq=e.seq, at=e.at, type=e.type, data=e.data,
                        undone=e.seq in undone, undone_by=undone.get(e.seq),
                        struck=e.seq in struck, result=self._fold.results.get(e.seq),
                    )
                    for e in self._fold.events
                )
            return self._entries

    def entry(self, seq: int) -> Entry:
        """The entry numbered ``seq``; RequestError if there is none."""
        if seq not in self._fold.by_seq:
            raise RequestError(f"seq: there is no entry {seq!r} in this campaign.")
        return self.entries[bisect_left(self._fold.events, seq, key=lambda e: e.seq)]

    def dice(self, stream: str = "dice") -> SeededDice:
        """A dice source seeded by the campaign seed, the next sequence number and ``stream``.

        The same campaign at the same point gives the same faces, so a replay or a reopened
        campaign rolls identically; other ``stream`` names (``"narrator"``) give independent
        streams for the same entry.
        """
        return SeededDice(f"{self.seed}:{self.next_seq}:{stream}")

    def summary(self, entry: Entry | int) -> str:
        """One line describing an entry (the system's wording when it offers one)."""
        from oracle.exports import summarize

        item = self.entry(entry) if isinstance(entry, int) else entry
        return summarize(self.system, item)

    # -- writing -----------------------------------------------------------------------------

    def record(self, event: Mapping[str, Any]) -> Any:
        """Apply ``event`` to the state, append it durably, and return the new state.

        Rules events go through ``system.apply`` first: a RuleError (or RequestError) writes
        nothing. Meta events are checked here. If another window added events meanwhile, a meta
        event is appended after them, but a rules event raises :class:`CampaignChanged`.
        """
        return self.append(event)[1]

    def append(self, event: Mapping[str, Any]) -> tuple[int, Any]:
        """Like :meth:`record`, but returns ``(seq, state)``: the number of the entry written.

        Read ``last_seq`` after :meth:`record` only when no other thread writes; a narration
        recorded from another thread may land in between. This answer is taken under the lock.
        """
        data = normalize(event)
        if data["type"] == "undo":
            target = data.get("target")
            if isinstance(target, bool) or not isinstance(target, int):
                raise RequestError("undo: target must be the number of an earlier entry.")
            data = {"type": "undo", "target": target}
        return self._append(data)

    def undo(self, seq: int) -> Any:
        """Undo entry ``seq`` by appending an ``undo`` event; returns the new state.

        Refused with a sentence (nothing written) if ``seq`` is not an entry, is already undone,
        or if the events left would no longer fold (a later entry depended on it).
        """
        return self._append({"type": "undo", "target": seq})[1]

    def redo(self, seq: int) -> Any:
        """Restore undone entry ``seq`` by undoing the undo that removed it."""
        item = self.entry(seq)
        if item.undone_by is None:
            raise RuleError(f"redo: entry {seq} is not undone, so there is nothing to restore.")
        return self.undo(item.undone_by)

    def _append(self, data: dict[str, Any]) -> tuple[int, Any]:
        kind = data["type"]
        with self._lock:
            draft = StoredEvent(seq=self.next_seq, at=now(), type=kind, data=data)
            step = self._fold.check(draft)  # the rules first: an invalid event writes nothing
            with self._journal.transaction() as txn:
                newer = txn.events_after(self._fold.last_seq)
                if newer:
                    self._absorb(newer)
                    if kind not in META_TYPES:
                        first, last = newer[0].seq, newer[-1].seq
                        span = f"entry {first}" if first == last else f"entries {first}-{last}"
                        raise CampaignChanged(
                            f"campaign: another window added {span} since this one last "
                            "looked; this window is now up to date and nothing was written, "
                            "so make the move again."
                        )
                    draft = StoredEvent(seq=self.next_seq, at=now(), type=kind, data=data)
                    step = self._fold.check(draft)
                version = txn.data_version()  # read under the lock: no commit can slip past
                txn.append(draft.seq, draft.type, draft.data, at=draft.at)
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
                self._fold.accept(event, self._fold.check(event))
            except (OracleError, KeyError, TypeError, ValueError) as exc:
                raise StoreError(
                    f"campaign file {str(self.path)!r}: entry {event.seq} ({event.type}) written "
                    f"by another window does not fold here ({exc}); reopen the campaign."
                ) from exc
        self._entries = None

    def rename(self, name: str) -> None:
        """Give the campaign a new name (its id and file stay)."""
        name = _check_name(name)
        with self._lock, self._journal.transaction() as txn:
            txn.set_meta("name", name)
        self._meta["name"] = name

    def delete(self) -> None:
        """Delete this campaign's file for good (the caller has asked the player to confirm)."""
        self.close()
        delete_file(self.path)
        _forget_last_opened(self.path, self._home)

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

    # -- exports -----------------------------------------------------------------------------

    def export_json(self) -> str:
        """Every event plus meta as JSON; :meth:`import_json` turns it back into a campaign."""
        doc = {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "schema": SCHEMA_VERSION,
            "exported": now(),
            "meta": self.meta,
            "events": [
                {"seq": e.seq, "at": e.at, "type": e.type, "data": e.data}
                for e in self._fold.events
            ],
        }
        return json.dumps(doc, ensure_ascii=False, indent=1)

    def export_markdown(self) -> str:
        """A readable journal: rolls with faces, outcomes, Ruin changes, narration, notes."""
        from oracle.exports import to_markdown

        return to_markdown(self)

    def export_lonelog(self) -> str:
        """The play log in Lonelog notation (``@`` action, ``d:`` roll ``->`` result, ...)."""
        from oracle.exports import to_lonelog

        return to_lonelog(self)


def _new_meta(name: str, system: str, seed: int | str) -> dict[str, Any]:
    from oracle import __version__ as version

    return {
        "id": _new_id(name),
        "name": name,
        "system": system,
        "created": now(),
        "seed": seed,
        "schema": SCHEMA_VERSION,
        "oracle": version,
    }


def _load_export(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(source, (str, bytes)):
        try:
            doc = json.loads(source)
        except ValueError as exc:
            raise RequestError(f"import: not valid JSON ({exc}).") from exc
    else:
        doc = dict(source)
    if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
        raise RequestError(
            f"import: not an oracle campaign export (expected \"format\": \"{EXPORT_FORMAT}\")."
        )
    if not isinstance(doc.get("version"), int) or doc["version"] > EXPORT_VERSION:
        raise RequestError(
            f"import: export version {doc.get('version')!r} is newer than this oracle reads "
            f"({EXPORT_VERSION})."
        )
    if not isinstance(doc.get("meta"), dict) or not isinstance(doc.get("events"), list):
        raise RequestError("import: needs a \"meta\" object and an \"events\" list.")
    return doc


def _import_event(raw: object, index: int, last_seq: int) -> StoredEvent:
    if not isinstance(raw, dict):
        raise RequestError(f"import: event {index} is not a JSON object.")
    seq, at, data = raw.get("seq"), raw.get("at"), raw.get("data")
    if isinstance(seq, bool) or not isinstance(seq, int) or seq <= last_seq:
        raise RequestError(
            f"import: event {index} needs a whole-number seq above {last_seq}; got {seq!r}."
        )
    if not isinstance(at, str):
        raise RequestError(f"import: event {seq} needs an \"at\" time as text.")
    normalized = normalize(data)
    if raw.get("type", normalized["type"]) != normalized["type"]:
        raise RequestError(f"import: event {seq} has two different types.")
    return StoredEvent(seq=seq, at=at, type=normalized["type"], data=normalized)


# -- listing and deleting ----------------------------------------------------------------------


def list_campaigns(home: Path | str | None = None) -> list[CampaignInfo]:
    """Every campaign file in ``<home>/campaigns``, newest activity first.

    A file that cannot be used is listed with its error (never hidden, never fatal).
    """
    folder = campaigns_dir(home)
    if not folder.is_dir():
        return []
    infos: list[CampaignInfo] = []
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        file_id = path.name[: -len(SUFFIX)]
        try:
            journal = Journal.open(path, busy_timeout=0.5)
            try:
                meta = journal.meta()
                count, _, last_at = journal.stats()
            finally:
                journal.close()
            created = str(meta.get("created", ""))
            infos.append(CampaignInfo(
                id=file_id, name=str(meta.get("name", file_id)),
                system=str(meta.get("system", "")), created=created,
                updated=last_at or created, events=count, path=path,
            ))
        except OracleError as exc:
            infos.append(CampaignInfo(
                id=file_id, name=file_id, system="", created="", updated="", events=0,
                path=path, error=str(exc),
            ))
    infos.sort(key=lambda info: info.updated, reverse=True)
    return infos


def delete_campaign(id_or_path: str | Path, home: Path | str | None = None) -> None:
    """Delete a campaign file by id or path (the caller has asked the player to confirm)."""
    path = campaign_path(id_or_path, home)
    delete_file(path)
    _forget_last_opened(path, home)
