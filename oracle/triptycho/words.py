"""Triptycho in words: the journal line of an event and the beat of a result, written once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.systems.base import Line


def _decided(outcome: Mapping[str, Any] | None) -> str:
    """What an attack's result says: ``hit, 4 damage`` or ``miss``."""
    if not isinstance(outcome, Mapping) or "hit" not in outcome:
        return ""
    said = [f"hit, {outcome.get('dealt', 0)} damage" if outcome["hit"] else "miss"]
    if outcome.get("counter_dealt") is not None:
        said.append(f"{outcome['counter_dealt']} dealt back")
    return " → " + ", ".join(said)


def describe(event: Mapping[str, Any], outcome: Mapping[str, Any] | None = None) -> str:
    """One journal line for an event in words (its own words, not the state's)."""
    kind = str(event.get("type", "?"))
    who = str(event.get("name") or event.get("target") or "")
    if kind == "attack":
        return f"{event.get('attacker')} attacks {event.get('target')}{_decided(outcome)}"
    if kind == "scenario_start":
        return f"a {event.get('kind')} scenario begins"
    if kind == "scenario_end":
        return f"the scenario ends ({event.get('outcome', 'over')})"
    if kind == "damage":
        return f"{who} takes {event.get('amount')} damage"
    if kind == "recover":
        return f"{who} recovers {event.get('amount')} points"
    if kind == "initiative":
        faces = event.get("faces")
        total = sum(f for f in faces if isinstance(f, int)) if isinstance(faces, list) else 0
        return f"{who} rolls {total} for Initiative"
    if kind == "move_track":
        by = event.get("by", 0)
        return f"{who} moves their {event.get('track')} Track by " + (
            f"{by:+d}" if isinstance(by, int) else str(by))
    return f"{kind.replace('_', ' ')}{': ' + who if who else ''}"


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
