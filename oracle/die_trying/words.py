"""Die Trying in words: the journal line of an event and the beat of a result, written once.

A line says who did what and what decided it: the degree and total of a check, the damage of a
strike, the scores rolled, never a bare field name or a ``None`` (issue 8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.systems.base import Line
from oracle.systems.layout import fill


def _part(data: object, key: str) -> Any:
    return data.get(key) if isinstance(data, Mapping) else None


def _faces(value: object) -> str:
    """Faces for a journal line: ``3, 5``; ``none`` when there are none."""
    if isinstance(value, list | tuple):
        return ", ".join(str(face) for face in value) if value else "none"
    return "none" if value is None else str(value)


def _decided(outcome: Mapping[str, Any] | None) -> str:
    """What a result says in words: ``success (total 12 vs DC 10)``, ``6 damage``..."""
    if not outcome:
        return ""
    said: list[str] = []
    if not isinstance(outcome, Mapping):
        return ""
    degree = outcome.get("degree")
    if isinstance(degree, str):
        total, dc = outcome.get("total"), outcome.get("dc")
        against = f" vs DC {dc}" if dc is not None else ""
        said.append(degree.replace("_", " ") + (f" (total {total}{against})"
                                                 if total is not None else ""))
    if outcome.get("miscast") is True:
        said.append("a miscast")
    if isinstance(outcome.get("damage"), int) and outcome.get("roll") == "attack":
        said.append(f"{outcome['damage']} damage")
    if isinstance(outcome.get("scores"), list):
        said.append("scores " + _faces(outcome["scores"]))
    if outcome.get("roll") in ("d2", "d3", "d100") and outcome.get("result") is not None:
        said.append(f"result {outcome['result']}")
    for flag, word in (("stable", "stable"), ("dead", "dead")):
        if outcome.get(flag) is True:
            said.append(word)
    return " → " + ", ".join(said) if said else ""


# Events whose line is their own fields in a sentence (the rest are written out below).
_SAID = {
    "create_character": "{name} joins the delve",
    "damage": "{name} takes {amount} damage",
    "heal": "{name} heals {amount} HP",
    "mark": "{name} marks {target}",
    "award_points": "{name} gains {points} Point(s)",
    "new_day": "a new day: all Instability Dice are lost",
}


def describe(event: Mapping[str, Any], outcome: Mapping[str, Any] | None = None) -> str:
    """One journal line for an event, in words (what decided, when the result is known)."""
    data = event.get("data", event)
    kind = event.get("type")
    name = str(_part(data, "name") or _part(data, "attacker") or "")
    if isinstance(kind, str) and kind in _SAID:
        return fill(_SAID[kind], data, name=name, points=_part(data, "points") or 1)
    decided = _decided(outcome)
    if kind in ("death_save", "stabilize"):
        label = "death save" if kind == "death_save" else "stabilizing Medicine check"
        return f"{name}: {label}, d10 {_faces(_part(data, 'd10'))}{decided}"
    if kind == "cast":
        improvised = " (improvised)" if _part(data, "improvised") else ""
        return (f"{name} casts: Magic Dice {_faces(_part(data, 'magic'))}, Instability Dice "
                f"{_faces(_part(data, 'instability'))}{improvised}{decided}")
    if kind == "strike":
        attack = _part(data, "attack")
        return (f"{name} strikes {_part(data, 'target') or 'a foe'}: d10 "
                f"{_faces(_part(attack, 'd10'))}, damage d6 "
                f"{_faces(_part(attack, 'damage_d6'))}{decided}")
    if kind == "roll":
        request = _part(data, "request")
        roll = str(_part(request, "roll") or "a roll").replace("_", " ")
        d10 = _part(request, "d10")
        face = f", d10 {_faces(d10)}" if d10 is not None else ""
        return f"{name + ' rolls ' if name else ''}{roll}{face}{decided}"
    return str(kind)


def journal_line(event: Mapping[str, Any], outcome: Mapping[str, Any] | None = None) -> Line:
    """One journal line for a Die Trying event."""
    return Line.of("roll", describe(event, outcome))


def beat(outcome: Mapping[str, Any]) -> str:
    """A miscast, a death save, a critical success or failure; otherwise the generic beat."""
    if outcome.get("lost") is True:
        return "lost"
    if outcome.get("miscast") is True:
        return "miscast"
    if outcome.get("roll") in ("death_save", "stabilize"):
        return "death_save"
    if outcome.get("degree") in ("critical_success", "critical_failure"):
        return "critical"
    return "roll"
