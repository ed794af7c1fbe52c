"""The JSON dump of a campaign: every event and its meta, and the reading of such a dump back.

This is not a renderer for people (see :mod:`oracle.journal.exports`): it is the one export that
imports back into an identical campaign, so it keeps sequence numbers, times and the seed::

    {"format": "oracle-campaign", "version": 1, "schema": 1, "exported": "<UTC time>",
     "meta": {...}, "events": [{"seq": 1, "at": "...", "type": "...", "data": {...}}, ...],
     "story": ["Scene: ...", "Foe (...): ...", ...], "older_rulings": [seq, ...]}

``story`` is the story memory at the end, for readers; import ignores it (the events hold it).
``older_rulings`` names the entries made under an older ruling that this version's rules would
refuse as a new move (docs/rulings.md): they fold as they did, and their lines say so. An import
reads only those under the older ruling, or every entry of an export without the key (written
before it existed): every other entry is judged as a new move.

Reading one back refuses, with one sentence and before anything is created: a file over
:data:`MAX_IMPORT_BYTES` (before it is parsed, so memory stays bounded), text that is not text (a
lone surrogate such as ``"\\ud800"``), and events not numbered 1, 2, 3... without a gap.
"""

from __future__ import annotations

import json
from collections.abc import Container, Iterable, Mapping, Sequence
from typing import Any

from oracle.errors import RequestError, shown
from oracle.journal.replay import normalize
from oracle.journal.store import SCHEMA_VERSION, StoredEvent, now

EXPORT_FORMAT = "oracle-campaign"
EXPORT_VERSION = 1
# An export of a long campaign (thousands of rolls, narrations included) is a few MB; parsing
# takes about six times a file's size in memory, so 16 MB keeps an import near 100 MB.
MAX_IMPORT_BYTES = 16_000_000


def dump(meta: Mapping[str, Any], events: Sequence[StoredEvent],
         story: Sequence[str] = (), older: Iterable[int] = ()) -> str:
    """The dump of a campaign's meta and every event (undone ones and undos included)."""
    doc: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "schema": SCHEMA_VERSION,
        "exported": now(),
        "meta": dict(meta),
        "events": [{"seq": e.seq, "at": e.at, "type": e.type, "data": e.data} for e in events],
        "story": list(story),
        "older_rulings": sorted(older),
    }
    return json.dumps(doc, ensure_ascii=False, indent=1)


def load(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """A dump read back and checked for its shape (its events are checked by the fold)."""
    if isinstance(source, (str, bytes)):
        check_size(len(source))
        try:
            doc = json.loads(source)
        except (ValueError, RecursionError) as exc:
            reason = exc if isinstance(exc, ValueError) else "nested too deeply"
            raise RequestError(f"import: not valid JSON ({shown(str(reason), 120)}).") from None
    else:
        doc = dict(source)
    check_text(doc, "import")
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


def check_text(doc: object, where: str = "import") -> None:
    """Refuse a lone surrogate (``"\\ud800"``) anywhere in ``doc``, keys too: it is not a
    character, and can be neither stored nor printed. Walked without recursion (any depth)."""
    stack: list[tuple[object, str]] = [(doc, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                at = f" (at {shown(path.lstrip('.'), 60)})" if path else ""
                raise RequestError(f"{where}: holds an unpaired surrogate escape such as \\ud800"
                                   f"{at}, which is not a character; nothing was created.") from None
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(value))
        elif isinstance(value, dict):
            stack.extend((key, path) for key in value)
            stack.extend((item, f"{path}.{key}") for key, item in value.items())


def check_size(size: int) -> None:
    """Refuse an export over :data:`MAX_IMPORT_BYTES` (checked before it is parsed)."""
    if size > MAX_IMPORT_BYTES:
        raise RequestError(
            f"import: the file holds more than {MAX_IMPORT_BYTES // 1_000_000} MB, the most an "
            "import reads (an export of a long campaign is a few MB); nothing was created."
        )


def older_rulings(doc: Mapping[str, Any], events: Sequence[StoredEvent]) -> Container[int]:
    """The entries of an export an older ruling may take: those it names, or, in an export
    written before ``older_rulings`` existed, every one."""
    named = doc.get("older_rulings")
    if named is None:
        return {event.seq for event in events}
    if not isinstance(named, list) or not all(
            isinstance(seq, int) and not isinstance(seq, bool) for seq in named):
        raise RequestError("import: older_rulings must be a list of entry numbers.")
    return set(named)


def read_event(raw: object, index: int, last_seq: int) -> StoredEvent:
    """Event number ``index`` of a dump, whose sequence number must be ``last_seq + 1``: a
    campaign's entries are numbered 1, 2, 3... and an export keeps every one of them."""
    if not isinstance(raw, dict):
        raise RequestError(f"import: event {index} is not a JSON object.")
    seq, at, data = raw.get("seq"), raw.get("at"), raw.get("data")
    if isinstance(seq, bool) or not isinstance(seq, int) or seq != last_seq + 1:
        raise RequestError(
            f"import: event {index} needs seq {last_seq + 1} (entries are numbered 1, 2, 3... "
            f"with no gap); got {shown(seq, 40)}."
        )
    if not isinstance(at, str):
        raise RequestError(f"import: event {seq} needs an \"at\" time as text.")
    normalized = normalize(data)
    if raw.get("type", normalized["type"]) != normalized["type"]:
        raise RequestError(f"import: event {seq} has two different types.")
    return StoredEvent(seq=seq, at=at, type=normalized["type"], data=normalized)
