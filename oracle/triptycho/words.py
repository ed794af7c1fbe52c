"""Triptycho in words: the journal line of an event and the beat of a result, written once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.systems.base import Line


def describe(event: Mapping[str, Any]) -> str:
    """One journal line for an event (its own words, not the state's)."""
    kind = str(event.get("type", "?"))
    who = event.get("name") or event.get("target") or ""
    if kind == "attack":
        return f"attack: {event.get('attacker')} on {event.get('target')}"
    if kind == "scenario_start":
        return f"scenario: {event.get('kind')} begins"
    if kind == "scenario_end":
        return f"scenario ends ({event.get('outcome', 'over')})"
    if kind in ("damage", "recover"):
        return f"{kind}: {who} {event.get('amount')}"
    if kind == "initiative":
        return f"initiative: {who} rolls {sum(event.get('faces') or [])}"
    if kind == "move_track":
        return f"track: {who} {event.get('track')} {event.get('by', 0):+d}"
    return f"{kind.replace('_', ' ')}{': ' + str(who) if who else ''}"


def journal_line(event: Mapping[str, Any], outcome: Mapping[str, Any] | None = None) -> Line:
    """One journal line for a Triptycho event."""
    return Line.of("roll", describe(event))


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
