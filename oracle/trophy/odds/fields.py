"""Reading the fields of an ``oracle odds`` request, and writing exact numbers as JSON.

Each refusal is one sentence naming the field, the same sentence ``oracle resolve`` gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from oracle.dice import check_face
from oracle.errors import RequestError, RuleError, shown
from oracle.requests import whole


def number(value: Fraction) -> dict[str, Any]:
    """The JSON shape of every exact number: ``{"fraction": "7/36", "value": 0.194...}``."""
    return {"fraction": str(value), "value": float(value)}


def read_field(request: Mapping[str, Any], field: str, default: Any = ...) -> Any:
    """The value of ``field``; a missing or null field takes ``default``, or is refused."""
    if field in request and request[field] is not None:
        return request[field]
    if default is ...:
        raise RequestError(f"{field}: this field is required.")
    return default


def read_dice_count(field: str, value: Any) -> int:
    """A dice field: an integer count, or a list of faces (only their number counts)."""
    if isinstance(value, list):
        for i, face in enumerate(value):
            check_face(f"{field}[{i}]", face)
        return len(value)
    count = whole(field, value)
    if count < 0:
        raise RuleError(f"{field}: a number of dice cannot be negative; got {count}.")
    return count


def read_single_die(field: str, value: Any) -> int:
    """A one-die field (a Ruin Roll's dark, a Reduction Roll's light): a face, a one-face list,
    or nothing (still to be rolled). Always one die."""
    if value is None:
        return 1
    if isinstance(value, list):
        if len(value) != 1:
            raise RuleError(f"{field}: this roll uses exactly one die; got {len(value)}.")
        value = value[0]
    check_face(field, value)
    return 1


def read_bool(field: str, value: Any) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise RequestError(f"{field}: must be true or false, not {shown(value)}.")
    return value


def read_str(field: str, value: Any) -> str:
    """A non-empty name."""
    if not isinstance(value, str) or not value.strip():
        raise RequestError(f"{field}: must be a non-empty name.")
    return value


def read_entries(request: Mapping[str, Any], field: str, required: bool) -> list[Mapping[str, Any]]:
    """A list of objects (helpers, characters, participants); empty when optional and missing."""
    raw = read_field(request, field, ... if required else [])
    if not isinstance(raw, list):
        raise RequestError(f"{field}: must be a list of objects.")
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise RequestError(f"{field}[{i}]: must be an object.")
    return raw


def read_helper_face(field: str, value: Any) -> int | None:
    """A helper's die: a face (int or a one-face list), or null/[] while still to be rolled."""
    if value is None:
        return None
    if isinstance(value, list):
        if len(value) > 1:
            raise RuleError(f"{field}: a helper rolls exactly one light die; got {len(value)}.")
        return check_face(f"{field}[0]", value[0]) if value else None
    return check_face(field, value)


def read_weak_points(field: str, value: Any) -> int | tuple[int, ...]:
    """Weak Points as faces (a list) or as a count of distinct ones."""
    if isinstance(value, list):
        return tuple(check_face(f"{field}[{i}]", face) for i, face in enumerate(value))
    return whole(field, value)
