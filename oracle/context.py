"""The narrative context of an ``oracle resolve`` request: checked before any roll is made.

Read only by ``--narrate`` and never changing a result (``docs/contract.md``):
``name``, ``attempt`` (what the roller tries; for a Reduction the betrayal stated, for a Ruin
Roll what the player sees), ``place``, ``journal``, ``safety`` (``{"lines": [...],
"veils": [...]}``), ``monster`` (a name, or ``{"name", "description"}``), ``party`` (names
present; none means solo), ``could_go_wrong`` (text) and ``bargain`` (text for the narrator;
Trophy's Risk Roll also reads an object or a list of ``{"text", "accepted"}`` as its rules do).

A field of the wrong type is refused with one sentence naming it, before anything is rolled.
Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.errors import RequestError

TEXT_FIELDS = ("name", "attempt", "place", "journal", "could_go_wrong")


def _kind(value: object) -> str:
    return type(value).__name__


def check_context(request: Mapping[str, Any]) -> None:
    """Refuse a narrative field of the wrong type (RequestError, one sentence)."""
    for key in TEXT_FIELDS:
        value = request.get(key)
        if value is not None and not isinstance(value, str):
            raise RequestError(f"{key}: must be text; got {_kind(value)}.")
    monster = request.get("monster")
    if isinstance(monster, Mapping):
        if not all(isinstance(monster.get(k, ""), str) for k in ("name", "description")) or \
                set(monster) - {"name", "description"}:
            raise RequestError("monster: an object holds only \"name\" and \"description\", "
                               "both text.")
    elif monster is not None and not isinstance(monster, str):
        raise RequestError(f"monster: must be text or {{\"name\", \"description\"}}; got "
                           f"{_kind(monster)}.")
    party = request.get("party")
    if party is not None and (not isinstance(party, list)
                              or not all(isinstance(who, str) for who in party)):
        raise RequestError("party: must be a list of names (none means solo).")
    safety = request.get("safety")
    if safety is not None and (not isinstance(safety, Mapping) or set(safety) - {"lines", "veils"}
                               or not all(isinstance(items, list)
                                          and all(isinstance(i, str) for i in items)
                                          for items in safety.values())):
        raise RequestError("safety: must be {\"lines\": [text, ...], \"veils\": [text, ...]}.")
    bargain = request.get("bargain")
    if bargain is not None and not isinstance(bargain, (str, Mapping, list)):
        raise RequestError(f"bargain: must be text, or {{\"text\", \"accepted\"}} or a list "
                           f"of them; got {_kind(bargain)}.")


def rules_request(request: Mapping[str, Any]) -> dict[str, Any]:
    """The request the rules read: a plain-text ``bargain`` is the narrator's only."""
    check_context(request)
    if isinstance(request.get("bargain"), str):
        return {key: value for key, value in request.items() if key != "bargain"}
    return dict(request)


def monster_of(request: Mapping[str, Any]) -> tuple[str, str]:
    """``(name, description)`` of the request's ``monster`` (either may be empty)."""
    monster = request.get("monster")
    if isinstance(monster, Mapping):
        return str(monster.get("name", "")).strip(), str(monster.get("description", "")).strip()
    return (monster.strip() if isinstance(monster, str) else ""), ""


def bargain_of(request: Mapping[str, Any]) -> str:
    """The bargain's text for the narrator: plain text, or the accepted ones' texts."""
    bargain = request.get("bargain")
    if isinstance(bargain, str):
        return bargain.strip()
    items = bargain if isinstance(bargain, list) else [bargain]
    return "; ".join(str(item.get("text", "")).strip() for item in items
                     if isinstance(item, Mapping) and item.get("accepted", True) is not False
                     and str(item.get("text", "")).strip())
