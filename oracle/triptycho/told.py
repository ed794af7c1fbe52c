"""Triptycho's quieter rolls in words: a Recover, a dice entry, initiative, a Stat Track, a
card drawn or discarded. Each says what the dice settled in the city's own plain words; a
Recover and the order of a fight get a card of their own (``offline/tt_quiet.txt``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Said = Callable[[Mapping[str, Any], str], str]


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def recover(result: Mapping[str, Any], name: str) -> str:
    got = result.get("recovered")
    maximum = result.get("maximum")
    of = f" of {maximum}" if maximum is not None else ""
    if not got:
        return f"Nothing comes back: {result.get('points_before')}{of} it stays."
    return (f"{name} gets {got} back: {result.get('points_before')} to "
            f"{result.get('points_after')}{of}.")


def dice(result: Mapping[str, Any], name: str) -> str:
    entry = str(result.get("dice") or "the dice")
    clamped = " (held at its limit)" if result.get("clamped") else ""
    faces = result.get("faces")
    if isinstance(faces, list) and faces:
        shown = _and([str(f) for f in faces])
        return f"{entry}{clamped} comes up {shown}: {result.get('total')} in all."
    return f"The roll is {entry}{clamped}."


def initiative(result: Mapping[str, Any], name: str) -> str:
    order = [o for o in result.get("order") or [] if isinstance(o, Mapping)]
    if not order:
        return "Nobody moves first."
    said = [f"{o.get('name')} ({o.get('initiative')})" for o in order]
    return f"First to move: {said[0]}" + (f"; then {_and(said[1:])}" if said[1:] else "") + "."


def stat_track(result: Mapping[str, Any], name: str) -> str:
    before, after = result.get("current_before"), result.get("current_after")
    if before == after:
        return f"The Track stays at {after} (base {result.get('base')})."
    return f"The Track moves from {before} to {after} (base {result.get('base')})."


def cards(result: Mapping[str, Any], name: str) -> str:
    what = "A card is drawn" if result.get("roll") == "draw" else "A card is let go"
    shuffled = "; the discards are shuffled back in first" if result.get("reshuffled") else ""
    return (f"{what}{shuffled}: {result.get('hand')} in hand (of {result.get('hand_limit')}), "
            f"{result.get('deck')} in the deck, {result.get('discard')} discarded.")


FACTS: dict[str, Said] = {"recover": recover, "dice": dice, "initiative": initiative,
                          "stat_track": stat_track, "draw": cards, "discard": cards}
"""Roll kind -> its settled facts in words (``result, name``)."""

CARDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "recover": lambda r: "recover" if r.get("recovered") else "nothing",
    "initiative": lambda r: "initiative",
}
"""Roll kind -> the grade of ``tt_quiet`` that shows it; a bookkeeping roll has no card."""
