"""Triptycho in words: the journal line of an event and the beat of a result, written once.

A line is what a player would write in a log: who did what, the dice and what decided
(``Rook attacks Viper · hit 1d8 [6], miss 1d4 [2], damage 2d6 [4, 3] → hit, 7 damage``),
never an event's internal name (``join: Rook``)."""

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


def _resolved(event: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """An attack's result read again from the faces its event carries (the fold keeps none),
    or None when they do not settle it."""
    from oracle.dice import FixedDice
    from oracle.triptycho.attack import resolve_attack
    from oracle.triptycho.combat import OPPOSED_NAMES

    request = {k: v for k, v in event.items() if k not in ("type", "attacker", "target")}
    scenario = next((kind.value for kind, names in OPPOSED_NAMES.items()
                     if any(name in request for name in names)), "combat")
    try:
        return resolve_attack({**request, "scenario": scenario, "points": None}, FixedDice([]))
    except Exception:  # noqa: BLE001 - a line without a verdict, never a traceback
        return None


# Events whose line is their own fields in a sentence (the rest are written out below).
_SAID = {
    "attack": "{attacker} attacks {target}",
    "scenario_start": "A {kind} scenario begins",
    "scenario_end": "The scenario ends: {outcome}",
    "damage": "{who} takes {amount} damage",
    "recover": "{who} recovers {amount} points",
    "initiative": "{who} rolls {total} for Initiative",
    "lower_initiative": "{who} lowers their Initiative to {value}",
    "move_track": "{who} moves their {track} Track by {by}",
    "injury": "{who} takes an Injury",
    "heal_injury": "{who} pays a Valuable to heal an Injury",
    "valuables": "{who}'s Valuables change by {change}",
    "draw_phase": "A new round: the Draw Phase",
    "next_turn": "The next turn begins",
    "discard_phase": "The Discard Phase: everyone discards to their Hand Limit",
    "strategy": "{who} takes a Strategy Phase option: {option}",
    "action": "{who} takes an Action",
    "reaction": "{who} plays a Reaction card",
    "assist": "{who} assists",
    "interrupt": "{who} interrupts",
}


def _join(event: Mapping[str, Any]) -> str:
    who = str(event.get("name") or "Someone")
    role = "a player" if event.get("player") else "on the GM's side"
    points = ", ".join(f"{key.upper()} {event[key]}" for key in ("hp", "ep", "wp")
                       if isinstance(event.get(key), int))
    return f"{who} joins the roster ({role}" + (f"; {points}" if points else "") + ")"


def describe(event: Mapping[str, Any], outcome: Mapping[str, Any] | None = None) -> str:
    """One journal line for an event in words (its own words, not the state's)."""
    kind = str(event.get("type", "?"))
    who = str(event.get("name") or event.get("target") or "")
    if kind == "join":
        return _join(event)
    if kind not in _SAID:
        return f"{kind.replace('_', ' ')}{': ' + who if who else ''}"
    faces = event.get("faces")
    by, change = event.get("by", 0), event.get("change", 0)
    count = event.get("count")
    line = fill(_SAID[kind], event, who=who, outcome=event.get("outcome") or "it is over",
                total=sum(f for f in faces if isinstance(f, int))
                if isinstance(faces, list) else 0,
                by=f"{by:+d}" if isinstance(by, int) else by,
                change=f"{change:+d}" if isinstance(change, int) else change,
                option=str(event.get("option") or "").replace("_", " "))
    if kind == "injury" and isinstance(count, int) and count > 1:
        line = f"{who} takes {count} Injuries"
    if kind == "attack":
        line += _rolled(event) + _decided(outcome or _resolved(event))
    return line


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
