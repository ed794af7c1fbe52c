"""Meta events' fields checked before they are written (:mod:`oracle.journal.replay`): text, and
the solo layer's own: the solo oracle's fields of an ``oracle`` or ``scene`` event, a scene's
end, meaning words drawn, a player's own table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.errors import RequestError, shown

MAX_TEXT = 100_000


def check_text(event: Mapping[str, Any], key: str, *, required: bool = True) -> str | None:
    value = event.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or (required and not value.strip()):
        need = "non-empty text" if required else "text or null"
        raise RequestError(f"{event['type']}: {key} must be {need}; got {shown(value)}.")
    if len(value) > MAX_TEXT:
        raise RequestError(f"{event['type']}: {key} is at most {MAX_TEXT} characters.")
    return value


VERDICTS = ("kept", "altered", "interrupted")


def solo_fields(event: Mapping[str, Any]) -> None:
    """The solo oracle's fields of an ``oracle`` or ``scene`` event, when present."""
    kind, dread = event["type"], event.get("dread")
    if dread is not None and (isinstance(dread, bool) or not isinstance(dread, int)
                              or not 1 <= dread <= 9):
        raise RequestError(f"{kind}: dread is a whole number from 1 to 9; got {shown(dread)}.")
    odds = event.get("odds")
    if odds is not None and not (isinstance(odds, Mapping) and all(
            isinstance(p, (int, float)) and not isinstance(p, bool) and 0 <= p <= 1
            for p in odds.values())):
        raise RequestError(f"{kind}: odds map each answer to a chance from 0 to 1.")
    twist = event.get("twist")
    if twist is not None and not isinstance(twist, Mapping):
        raise RequestError(f"{kind}: twist is an object (kind, meaning) or null.")
    verdict = event.get("verdict")
    if verdict is not None and verdict not in VERDICTS:
        raise RequestError(f"{kind}: verdict is one of {', '.join(VERDICTS)}; got {shown(verdict)}.")


MAX_ENTRIES = 10_000


def _words(event: Mapping[str, Any], key: str, most: int = MAX_ENTRIES) -> None:
    """A list of 1..``most`` non-empty texts, each at most 1,000 characters."""
    items = event.get(key)
    if not (isinstance(items, list) and 0 < len(items) <= most and all(
            isinstance(i, str) and i.strip() and len(i) <= 1000 for i in items)):
        raise RequestError(f"{event['type']}: {key} is a list of 1 to {most} texts.")


def check_solo_meta(kind: str, data: Mapping[str, Any]) -> None:
    """The solo layer's own meta events: a scene's end, meaning words drawn, an own table."""
    if kind == "scene_end":
        if data.get("went") not in ("yours", "mixed", "against"):
            raise RequestError(f"scene_end: went is yours, mixed or against; got "
                               f"{shown(data.get('went'))}.")
        offset = data.get("offset")
        if isinstance(offset, bool) or not isinstance(offset, int) or abs(offset) > 3:
            raise RequestError("scene_end: offset is a whole number from -3 to 3.")
    elif kind == "meaning":
        check_text(data, "table")
        _words(data, "drawn", 100)
    elif kind == "table":
        check_text(data, "name")
        _words(data, "entries")
