"""The JSON dump of a campaign: every event and its meta, and the reading of such a dump back.

This is not a renderer for people (see :mod:`oracle.journal.exports`): it is the one export that
imports back into an identical campaign, so it keeps sequence numbers, times and the seed::

    {"format": "oracle-campaign", "version": 1, "schema": 1, "exported": "<UTC time>",
     "meta": {...}, "events": [{"seq": 1, "at": "...", "type": "...", "data": {...}}, ...],
     "story": ["Scene: ...", "Foe (...): ...", ...]}

``story`` is the story memory at the end, for readers; import ignores it (the events hold it).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from oracle.errors import RequestError, shown
from oracle.journal.replay import normalize
from oracle.journal.store import SCHEMA_VERSION, StoredEvent, now

EXPORT_FORMAT = "oracle-campaign"
EXPORT_VERSION = 1


def dump(meta: Mapping[str, Any], events: Sequence[StoredEvent],
         story: Sequence[str] = ()) -> str:
    """The dump of a campaign's meta and every event (undone ones and undos included)."""
    doc: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "schema": SCHEMA_VERSION,
        "exported": now(),
        "meta": dict(meta),
        "events": [{"seq": e.seq, "at": e.at, "type": e.type, "data": e.data} for e in events],
        "story": list(story),
    }
    return json.dumps(doc, ensure_ascii=False, indent=1)


def load(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """A dump read back and checked for its shape (its events are checked by the fold)."""
    if isinstance(source, (str, bytes)):
        try:
            doc = json.loads(source)
        except (ValueError, RecursionError) as exc:
            reason = exc if isinstance(exc, ValueError) else "nested too deeply"
            raise RequestError(f"import: not valid JSON ({reason}).") from None
    else:
        doc = dict(source)
    if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
        raise RequestError(
            f"import: not an oracle campaign export (expected \"format\": \"{EXPORT_FORMAT}\")."
        )
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version > EXPORT_VERSION:
        raise RequestError(
            f"import: export version {shown(version, 40)} is newer than this oracle reads ({EXPORT_VERSION})."
        )
    if not isinstance(doc.get("meta"), dict) or not isinstance(doc.get("events"), list):
        raise RequestError("import: needs a \"meta\" object and an \"events\" list.")
    return doc


def read_event(raw: object, index: int, last_seq: int) -> StoredEvent:
    """Event number ``index`` of a dump, whose sequence number must follow ``last_seq``."""
    if not isinstance(raw, dict):
        raise RequestError(f"import: event {index} is not a JSON object.")
    seq, at, data = raw.get("seq"), raw.get("at"), raw.get("data")
    if isinstance(seq, bool) or not isinstance(seq, int) or seq <= last_seq:
        raise RequestError(
            f"import: event {index} needs a whole-number seq above {last_seq}; got {shown(seq, 40)}."
        )
    if not isinstance(at, str):
        raise RequestError(f"import: event {seq} needs an \"at\" time as text.")
    normalized = normalize(data)
    if raw.get("type", normalized["type"]) != normalized["type"]:
        raise RequestError(f"import: event {seq} has two different types.")
    return StoredEvent(seq=seq, at=at, type=normalized["type"], data=normalized)
