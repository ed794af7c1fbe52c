"""Triptycho in words: the journal line of an event and the beat of a result, written once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.systems.base import Line
from oracle.systems.layout import fill


def _decided(outcome: Mapping[str, Any] | None) -> str:
    """What an attack's result says: ``hit, 4 damage`` or ``miss``."""
    if not isinstance(outcome, Mapping) or "hit" not in outcome:
        return ""
    said = [f"hit, {outcome.get('dealt', 0)} damage" if outcome["hit"] else "miss"]
    if outcome.get("counter_dealt") is not None:
        said.append(f"{outcome['counter_dealt']} dealt back")
    return " → " + ", ".join(said)


# Events whose line is their own fields in a sentence (the rest are written out below).
_SAID = {
    "attack": "{attacker} attacks {target}",
    "scenario_start": "a {kind} scenario begins",
    "scenario_end": "the scenario ends ({outcome})",
    "damage": "{who} takes {amount} damage",
    "recover": "{who} recovers {amount} points",
    "initiative": "{who} rolls {total} for Initiative",
    "move_track": "{who} moves their {track} Track by {by}",
}


def describe(event: Mapping[str, Any], outcome: Mapping[str, Any] | None = None) -> str:
    """One journal line for an event in words (its own words, not the state's)."""
    kind = str(event.get("type", "?"))
    who = str(event.get("name") or event.get("target") or "")
    if kind not in _SAID:
        return f"{kind.replace('_', ' ')}{': ' + who if who else ''}"
    faces = event.get("faces")
    by = event.get("by", 0)
    return fill(_SAID[kind], event, who=who, outcome=event.get("outcome", "over"),
                total=sum(f for f in faces if isinstance(f, int))
                if isinstance(faces, list) else 0,
                by=f"{by:+d}" if isinstance(by, int) else by) + (
        _rolled(event) + _decided(outcome) if kind == "attack" else "")


def _rolled(event: Mapping[str, Any]) -> str:
    """An attack's dice as rolled: `` · action 2d6 [4, 1] vs reaction 1d6 [5]``."""
    said = []
    for key, value in event.items():
        if key in ("type", "attacker", "target") or not isinstance(value, Mapping):
            continue
        faces = value.get("faces")
        shown = f" [{', '.join(str(f) for f in faces)}]" if isinstance(faces, list) else ""
        said.append(f"{key} {value.get('dice', '')}{shown}")
    return " · " + ", ".join(said) if said else ""


def journal_line(event: Mapping[str, Any], outcome: Mapping[str, Any] | None = None) -> Line:
    """One journal line for a Triptycho event."""
    return Line.of("roll", describe(event, outcome))


def beat(outcome: Mapping[str, Any]) -> str:
    """An Injury, a defeat at 0 points, a maximum Damage roll; otherwise the generic beat."""
    if outcome.get("lost") is True:
        return "lost"
    if outcome.get("roll") == "injury" and outcome.get("injuries_after", 0) > outcome.get(
            "injuries_before", 0):
        return "injury"
    if outcome.get("defeated") is True:
        return "defeat"
    if outcome.get("damage_result") == "maximum" and outcome.get("dealt"):
        return "telling_blow"
    return "roll"
