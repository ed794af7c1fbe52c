"""Replay: the generic fold of a campaign journal, rules events through the system, meta here.

Rules events go to the campaign's system (``system.new_state()``, then ``system.apply`` for each
event not undone); the fold never asks which system it is.

Meta events are not rules; they are checked and folded here and never reach ``SYSTEM.apply``.
Their vocabulary (every event is a JSON object with a ``"type"``; more fields are welcome and
kept)::

    {"type": "narration", "text": str, "narrator": str | None, "fallback_reason": str | None,
     "beat": str | None, "refers_to": seq | None, "about": [str, ...]?}
                                  # prose voicing a result (data, not rules), and about whom
    {"type": "note", "text": str, "refers_to": seq | None}              # a player's note
    {"type": "oracle", "question": str, "answer": str, "likelihood": str | None,
     "faces": [int, ...] | None, "refers_to": seq | None}              # a yes/no oracle
    {"type": "oracle", ..., "dread": int?, "odds": {answer: float}?, "twist": {...} | None}
    {"type": "scene", "title": str, "place": str?, "expected": str?, "verdict": "kept" |
     "altered" | "interrupted"?, "dread": int?, "dice": [int, int]?, "twist": {...} | None}
    {"type": "list_item", "list": "threads" | "characters", "op": ..., ...}   # oracle.journal.lists
    {"type": "story", "place": str?, "foe": {...} | null?, "present": [str] | null?,
     "paid": seq?}                             # story memory (oracle.journal.story)
    {"type": "safety", "lines": [str, ...], "veils": [str, ...]}       # replaces either list
    {"type": "preference", "key": str, "value": <any JSON>}            # an app preference
    {"type": "x_card", "refers_to": seq, "reason": str | None}         # strikes a narration
    {"type": "undo", "target": seq}                                    # undoes an entry
    {"type": "scene_end", "went": "yours" | "mixed" | "against", "offset": int, ...}
                                  # a scene closed; dread's offset (oracle.solo.scene_end)
    {"type": "meaning", "table": str, "drawn": [str, ...]}   # words drawn from a meaning table
    {"type": "table", "name": str, "entries": [str, ...]}    # a player's own table, as used

Every other type is a rules event. A rules event may also carry an ``"action"`` text (what the
character attempts, for the journal and exports); the rules ignore fields they do not read.

Undo: an entry is undone when an ``undo`` that is not itself undone targets it, so undoing an
``undo`` restores its target (redo). The fold skips undone entries. An undo is refused when the
events left no longer fold.

Results: when a system keeps the result of the newest rules event (``System.last_result``) and
an event changes it, that mapping is kept as the entry's result (its outcome and changes).
"""

from __future__ import annotations

import json
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from oracle.errors import OracleError, RequestError, RuleError, shown
from oracle.events import META_TYPES
from oracle.journal.lists import Lists, check_item, fold_item
from oracle.journal.solo_meta import check_solo_meta, solo_fields
from oracle.journal.solo_meta import check_text as _text
from oracle.journal.store import StoredEvent
from oracle.journal.story import StoryError, check_story
from oracle.systems import System

HIDDEN = ("undo", "preference")  # entries no journal shows (an undo marks its target instead)


@dataclass(frozen=True)
class Settings:
    """Table settings folded from meta events: safety lines and veils, app preferences."""

    lines: tuple[str, ...] = ()
    veils: tuple[str, ...] = ()
    preferences: dict[str, Any] = field(default_factory=dict)
    struck: frozenset[int] = frozenset()
    lists: Lists = field(default_factory=Lists)  # threads and characters (journal.lists)
    dread_offset: int = 0  # the scenes' ends' offset on the campaign's dread (solo.scene_end)
    tables: dict[str, tuple[str, ...]] = field(default_factory=dict)  # own tables, as used


def undone_map(events: Iterable[StoredEvent]) -> dict[int, int]:
    """``{undone seq: seq of the undo that undid it}`` for every effective undo.

    Walking backwards settles each undo before it is used: an undo is effective unless a later
    effective undo targets it.
    """
    undone: dict[int, int] = {}
    for event in sorted(events, key=lambda e: e.seq, reverse=True):
        target = event.data.get("target") if event.type == "undo" else None
        if isinstance(target, int) and event.seq not in undone:
            undone[target] = event.seq
    return undone


def normalize(event: object) -> dict[str, Any]:
    """A JSON round trip of ``event``: what is applied is exactly what replay will read back."""
    if not isinstance(event, Mapping):
        raise RequestError(f"event: must be a JSON object with a \"type\", not {shown(event)}.")
    kind = event.get("type")
    if not isinstance(kind, str) or not kind:
        raise RequestError("event: needs a \"type\" naming what happened (e.g. \"risk_rolled\").")
    try:
        data = json.loads(json.dumps(event, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise RequestError(f"{kind}: the event must be JSON-ready ({exc}).") from exc
    if not isinstance(data, dict):  # pragma: no cover - a Mapping always dumps as an object
        raise RequestError("event: must be a JSON object.")
    return data


def _ref(event: Mapping[str, Any], key: str, seq: int, known: Mapping[int, StoredEvent],
         *, required: bool = False) -> int | None:
    value = event.get(key)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{event['type']}: {key} must be the number of an earlier entry.")
    if value not in known or value >= seq:
        raise RequestError(f"{event['type']}: {key} {value} is not an earlier entry.")
    return value


def _fold_meta(settings: Settings, event: StoredEvent) -> Settings:
    data = event.data
    if event.type == "safety":
        lines = tuple(data["lines"]) if "lines" in data else settings.lines
        veils = tuple(data["veils"]) if "veils" in data else settings.veils
        return replace(settings, lines=lines, veils=veils)
    if event.type == "preference":
        return replace(settings, preferences={**settings.preferences, data["key"]: data["value"]})
    if event.type == "x_card":
        return replace(settings, struck=settings.struck | {int(data["refers_to"])})
    if event.type == "list_item":
        return replace(settings, lists=fold_item(settings.lists, event.seq, data))
    if event.type == "scene_end":
        return replace(settings, dread_offset=int(data["offset"]))
    if event.type == "table":
        return replace(settings, tables={**settings.tables,
                                         str(data["name"]): tuple(data["entries"])})
    return settings


def _check_oracle_faces(faces: object) -> None:
    if faces is not None and not (
        isinstance(faces, list)
        and all(isinstance(f, int) and not isinstance(f, bool) for f in faces)
    ):
        raise RequestError("oracle: faces must be a list of whole numbers.")


def _check_about(kind: str, about: object) -> None:
    """A narration's ``about``: the names it was voiced about (a short list of names)."""
    if about is None:
        return
    if (not isinstance(about, list) or len(about) > 20
            or not all(isinstance(n, str) and n.strip() and len(n) <= 200 for n in about)):
        raise RequestError(f"{kind}: about is a list of up to 20 names; got {shown(about)}.")


def _check_safety(data: Mapping[str, Any]) -> None:
    if "lines" not in data and "veils" not in data:
        raise RequestError("safety: give lines, veils, or both (each a list of text).")
    for key in ("lines", "veils"):
        items = data.get(key, [])
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise RequestError(f"safety: {key} must be a list of text.")


def _result_of(system: System, before: Any, after: Any) -> dict[str, Any] | None:
    """The result the event gave, when the system keeps one (``System.last_result``) and the
    event changed it."""
    result = system.last_result(after)
    if isinstance(result, Mapping) and result is not system.last_result(before):
        return dict(result)
    return None


@dataclass(frozen=True)
class Entry:
    """One journal line as the app and the exports show it."""

    seq: int
    at: str
    type: str
    data: dict[str, Any]
    undone: bool = False
    undone_by: int | None = None
    struck: bool = False
    result: dict[str, Any] | None = None  # the system's reading of a rules event, if it gives one
    number: int = 0  # the number a reader sees: shown entries counted 1..n (0: never shown)

    @property
    def meta(self) -> bool:
        """True for narration, notes and the other events the journal handles itself."""
        return self.type in META_TYPES


class EntryFails(Exception):
    """Folding stopped at ``event`` with ``error`` (internal: callers word their own sentence)."""

    def __init__(self, event: StoredEvent, error: OracleError) -> None:
        super().__init__(str(error))
        self.event = event
        self.error = error


@dataclass(frozen=True)
class Step:
    """What the fold would become after one more event (computed before anything is written)."""

    state: Any
    settings: Settings
    undone: dict[int, int]
    result: dict[str, Any] | None = None  # the new event's result
    results: dict[int, dict[str, Any]] | None = None  # every result, after a refold
    older: frozenset[int] = frozenset()  # stored entries it read under an older ruling


class Fold:
    """The journal in memory and its fold; :meth:`check` judges an event before it is written."""

    def __init__(self, system: System) -> None:
        self.system = system
        self.events: list[StoredEvent] = []
        self.by_seq: dict[int, StoredEvent] = {}
        self.undone: dict[int, int] = {}
        self.results: dict[int, dict[str, Any]] = {}
        self.state: Any = system.new_state()
        self.settings = Settings()
        self.older: frozenset[int] = frozenset()  # stored entries read under an older ruling
        self._entries: tuple[tuple[Entry, ...], tuple[object, ...]] = ((), (None, None, None))

    @property
    def last_seq(self) -> int:
        return self.events[-1].seq if self.events else 0

    def _apply(self, state: Any, event: StoredEvent, stored: bool = False) -> tuple[Any, bool]:
        """The state after ``event``, and whether an older ruling took it. A stored event
        (``stored``: a reopened file, an import) that this version refuses is read under the
        ruling it was made under (``System.apply_older``); a new move never is."""
        try:
            return self.system.apply(state, event.data), False
        except OracleError:
            older = self.system.apply_older(state, event.data) if stored else None
            if older is None:
                raise
            return older, True
        except Exception as exc:  # a malformed event the rules core did not anticipate
            raise RequestError(
                f"{event.type}: the {self.system.name} rules cannot apply this event ({exc!r})."
            ) from exc

    def refold(self, events: Sequence[StoredEvent], undone: Mapping[int, int],
               stored: Container[int] | None = None) -> Step:
        """Fold ``events`` from scratch, skipping undone ones; EntryFails names the failing one.

        ``stored``: the entries an older ruling may take (:meth:`_apply`); None: every one (a
        file reopened). An undo's refold gives only those an older ruling took when loaded."""
        state, settings = self.system.new_state(), Settings()
        results: dict[int, dict[str, Any]] = {}
        older: set[int] = set()
        for event in events:
            may = stored is None or event.seq in stored
            if event.seq in undone:
                if event.type not in META_TYPES:
                    self._undone_result(state, event, results, older, may)
                continue
            if event.type in META_TYPES:
                settings = _fold_meta(settings, event)
                continue
            try:
                new, took = self._apply(state, event, may)
            except OracleError as exc:
                raise EntryFails(event, exc) from exc
            result = _result_of(self.system, state, new)
            if result is not None:
                results[event.seq] = result
            state = new
            older |= {event.seq} if took else set()
        return Step(state, settings, dict(undone), results=results, older=frozenset(older))

    def _undone_result(self, state: Any, event: StoredEvent, results: dict[int, dict[str, Any]],
                       older: set[int], stored: bool) -> None:
        """What an undone entry gave where it stands (the state is not moved), so its line
        keeps its words with "(undone)"; none when it no longer applies there."""
        try:
            new, took = self._apply(state, event, stored)
        except OracleError:
            return
        result = _result_of(self.system, state, new)
        if result is not None:
            results[event.seq] = result
        older |= {event.seq} if took else set()

    def load(self, events: Sequence[StoredEvent]) -> None:
        """Replace the whole fold with ``events`` (reopening a file); EntryFails if they fail."""
        undone = undone_map(events)
        step = self.refold(events, undone)
        self.events = list(events)
        self.by_seq = {event.seq: event for event in events}
        self.older = frozenset()
        self._take(step)

    def check(self, event: StoredEvent, stored: bool = False) -> Step:
        """The fold after ``event``, or RuleError/RequestError; changes nothing. A new move is
        judged by this version's rules; a ``stored`` one (an import, another window's) may be
        read under the older ruling it was made under."""
        if event.type == "undo":
            return self._check_undo(event)
        if event.type in META_TYPES:
            self._check_meta(event)
            return Step(self.state, _fold_meta(self.settings, event), self.undone)
        state, took = self._apply(self.state, event, stored)
        return Step(state, self.settings, self.undone, older=frozenset({event.seq} if took else ()),
                    result=_result_of(self.system, self.state, state))

    def _check_meta(self, event: StoredEvent) -> None:
        data, seq, kind = event.data, event.seq, event.type
        if kind in ("narration", "note"):
            _text(data, "text")
            for key in ("narrator", "fallback_reason", "beat", "question"):
                _text(data, key, required=False)
            _ref(data, "refers_to", seq, self.by_seq)
            _check_about(kind, data.get("about"))
        elif kind == "oracle":
            _text(data, "question")
            _text(data, "answer")
            _text(data, "likelihood", required=False)
            _check_oracle_faces(data.get("faces"))
            _ref(data, "refers_to", seq, self.by_seq)
            solo_fields(data)
        elif kind == "scene":
            _text(data, "title")
            _text(data, "expected", required=False)
            _text(data, "place", required=False)
            solo_fields(data)
        elif kind == "list_item":
            check_item(self.settings.lists, data)
        elif kind in ("scene_end", "meaning", "table"):
            check_solo_meta(kind, data)
        elif kind == "story":
            self._check_story(data, seq)
        elif kind == "safety":
            _check_safety(data)
        elif kind == "preference":
            _text(data, "key")
            if "value" not in data:
                raise RequestError("preference: value is required (any JSON value).")
        elif kind == "x_card":
            self._check_x_card(data, seq)

    def _check_story(self, data: Mapping[str, Any], seq: int) -> None:
        known = self.by_seq
        try:
            check_story(data, seq, lambda n: known[n].data if n in known else None)
        except StoryError as exc:
            raise RequestError(str(exc)) from exc

    def _check_x_card(self, data: Mapping[str, Any], seq: int) -> None:
        target = _ref(data, "refers_to", seq, self.by_seq, required=True)
        assert target is not None
        if self.by_seq[target].type != "narration":
            raise RequestError(
                f"x_card: entry {target} is a {self.by_seq[target].type}; the X-card strikes "
                "a narration."
            )
        if target in self.settings.struck:
            raise RequestError(f"x_card: narration {target} is already struck.")
        _text(data, "reason", required=False)

    def _check_undo(self, event: StoredEvent) -> Step:
        target = _ref(event.data, "target", event.seq, self.by_seq, required=True)
        assert target is not None
        if target in self.undone:
            raise RuleError(
                f"undo: entry {target} is already undone (by entry {self.undone[target]}); "
                f"undo entry {self.undone[target]} to restore it."
            )
        events = [*self.events, event]
        try:
            return self.refold(events, undone_map(events), self.older)
        except EntryFails as failure:
            restoring = self.by_seq[target].type == "undo"
            verb = (
                f"entry {self.by_seq[target].data['target']} cannot be restored"
                if restoring
                else f"entry {target} cannot be undone"
            )
            raise RuleError(
                f"undo: {verb}: without that change, entry {failure.event.seq} "
                f"({failure.event.type}) no longer follows the rules ({failure.error}). "
                f"Undo entry {failure.event.seq} first."
            ) from failure.error

    def accept(self, event: StoredEvent, step: Step) -> None:
        """Take ``event`` (now committed) and the step :meth:`check` computed for it."""
        self.events.append(event)
        self.by_seq[event.seq] = event
        self._take(step)
        if step.result is not None:
            self.results[event.seq] = step.result

    def entries(self) -> tuple[Entry, ...]:
        """Every event as an :class:`Entry`, oldest first, with undone and struck flags.

        Built once and then extended: an appended event changes no earlier entry, so only its
        own is built (the earlier ones are the same objects). An undo, an X-card or a reload
        replaces the undone map, the struck set or the results, and every entry is built anew.
        """
        flags = (self.undone, self.settings.struck, self.results)
        kept, kept_flags = self._entries
        if len(kept) > len(self.events) or any(
                now is not then for now, then in zip(flags, kept_flags, strict=True)):
            kept = ()
        if len(kept) < len(self.events):
            undone, struck, results = flags
            shown = next((k.number for k in reversed(kept) if k.number), 0)
            new = []
            for e in self.events[len(kept):]:
                seen = e.type not in HIDDEN  # undo and preference entries are never shown
                shown += seen
                new.append(Entry(seq=e.seq, at=e.at, type=e.type, data=e.data,
                                 undone=e.seq in undone, undone_by=undone.get(e.seq),
                                 struck=e.seq in struck, result=results.get(e.seq),
                                 number=shown if seen else 0))
            kept += tuple(new)
        self._entries = (kept, flags)
        return kept

    def _take(self, step: Step) -> None:
        self.state, self.settings, self.undone = step.state, step.settings, step.undone
        self.older |= step.older
        if step.results is not None:
            self.results = step.results
