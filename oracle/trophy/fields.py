"""Reading the fields of JSON requests and events into plain values, one clear error each.

A dice field given as a list holds faces; given as a whole number it is a count to roll with the
dice source. Single-die fields (a Ruin Roll's ``dark``, a helper's ``die``) take a face as a whole
number, a one-face list, or nothing (then the die is rolled).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from oracle import requests
from oracle.dice import MOST_ROLLED, DiceSource, check_face
from oracle.errors import RequestError, RuleError, shown

MAX_COUNT = MOST_ROLLED

# The largest rolls the oracle answers, for resolve and odds alike (far beyond any table; they keep
# one request from tying the oracle up: see docs/rulings.md).
MOST_RISK_DARK = 30
MOST_HELPERS = 12
MOST_CONTEST_DARK = 10
MOST_PARTICIPANTS = 8


def at_most(field: str, count: int, most: int, what: str) -> int:
    """``count``, refused above ``most``: one sentence naming the limit, for resolve and odds."""
    if count > most:
        raise RuleError(f"{field}: at most {most} {what} in one roll (our limit, far beyond any "
                        f"table); got {count}.")
    return count


def require(data: Mapping[str, Any], field: str, prefix: str = "") -> Any:
    """The value of ``field``, or a RequestError naming it."""
    if field not in data or data[field] is None:
        raise RequestError(f"{prefix}{field}: this field is required.")
    return data[field]


def whole(data: Mapping[str, Any], field: str, default: int | None = None,
          prefix: str = "") -> int:
    """A whole-number field (``default`` when missing)."""
    value = data.get(field)
    if value is None:
        if default is None:
            raise RequestError(f"{prefix}{field}: this field is required (a whole number).")
        return default
    return requests.whole(f"{prefix}{field}", value)


def flag(data: Mapping[str, Any], field: str, default: bool = False, prefix: str = "") -> bool:
    """A true/false field (``default`` when missing)."""
    value = data.get(field)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise RequestError(f"{prefix}{field}: must be true or false, not {shown(value)}.")
    return value


def text(data: Mapping[str, Any], field: str, default: str | None = None, prefix: str = "") -> str:
    """A string field."""
    value = data.get(field)
    if value is None:
        if default is None:
            raise RequestError(f"{prefix}{field}: this field is required (a name or text).")
        return default
    if not isinstance(value, str):
        raise RequestError(f"{prefix}{field}: must be a string, not {shown(value)}.")
    return value


def obj(value: object, field: str) -> Mapping[str, Any]:
    """A JSON object."""
    if not isinstance(value, Mapping):
        raise RequestError(f"{field}: must be a JSON object, not {shown(value)}.")
    return value


def listing(value: object, field: str) -> Sequence[Any]:
    """A JSON list."""
    if not isinstance(value, list | tuple):
        raise RequestError(f"{field}: must be a list, not {shown(value)}.")
    return value


def count(value: object, field: str) -> int:
    """A whole number of repetitions (pushes, continues), 0..MAX_COUNT."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{field}: must be a whole number or a list, not {shown(value)}.")
    if not 0 <= value <= MAX_COUNT:
        raise RuleError(f"{field}: a count runs 0 to {MAX_COUNT}; got {value}.")
    return value


def single_face(value: object, field: str, dice: DiceSource | None) -> int:
    """A one-die field: a face, a one-face list, or missing (rolled with ``dice``)."""
    if value is None:
        if dice is None:
            raise RequestError(f"{field}: give the face rolled.")
        return dice.roll(6)
    if isinstance(value, list | tuple):
        if len(value) != 1:
            raise RuleError(f"{field}: this roll uses exactly one die; got {len(value)}.")
        value = value[0]
    return check_face(field, value)


def name_map(value: object, field: str) -> dict[str, int]:
    """``{"name": whole number, ...}``."""
    mapping = obj(value, field)
    result: dict[str, int] = {}
    for name, amount in mapping.items():
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise RequestError(f"{field}.{name}: must be a whole number, not {shown(amount)}.")
        result[str(name)] = amount
    return result

def strings(value: object, field: str) -> tuple[str, ...]:
    """A list of strings."""
    items = listing(value, field)
    for index, item in enumerate(items):
        if not isinstance(item, str):
            raise RequestError(f"{field}[{index}]: must be a string, not {shown(item)}.")
    return tuple(items)
