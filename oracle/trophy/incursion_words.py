"""The journal's words for the incursion's events (see :mod:`oracle.trophy.incursion_events`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.systems.base import Line, who


def incursion_line(event: Mapping[str, Any], res: Mapping[str, Any]) -> Line | None:
    """One incursion event in words, or None when ``event`` is not one of them."""
    kind = str(event.get("type", ""))
    if kind == "incursion_started":
        sets = [s for s in event.get("sets") or [] if isinstance(s, Mapping)]
        first = sets[0] if sets else {}
        return Line.of("meta", f"The incursion {event.get('title', '')} begins: {len(sets)} "
                               f"set(s); first {first.get('title', '')} (goal: "
                               f"{first.get('goal', '')})")
    if kind == "set_added":
        return Line.of("meta", f"A new set: {event.get('title', '')} (goal: "
                               f"{event.get('goal', '')})")
    if kind == "set_goal_reached":
        return Line.of("meta", f"Set goal reached in play at {res.get('set', '')}: "
                               f"{res.get('set_goal', '')}")
    if kind == "days_passed":
        return Line.of("meta", f"{event.get('days', 1)} day(s) pass in the forest")
    if kind == "gold_collected":
        shares = ", ".join(f"{k} {v}" for k, v in dict(event.get("shares") or {}).items())
        source = (f"from {res.get('monster', 'the monster')}" if event.get("source") == "monster"
                  else f"from a treasure{': ' + str(event['treasure']) if event.get('treasure') else ''}")
        return Line.of("meta", f"Gold collected {source} ({shares})")
    if kind == "gold_spent":
        on = event.get("on")
        return Line.of("meta", who(str(event.get("name", ""))),
                       f" spends {event.get('amount')} Gold in town" + (f" on {on}" if on else ""))
    return None


def _names(names: object) -> str:
    return ", ".join(str(n) for n in names) if isinstance(names, list) and names else ""


def homecoming_words(res: Mapping[str, Any]) -> str:
    """``The incursion X ends after 3 day(s): 2 of 3 sets cleared (A, B), 4 Gold collected;
    back: Oswin; died: Rook; lost to the forest: Ash.`` ("" when no incursion ended)."""
    if not res.get("incursion"):
        return ""
    listed = res.get("cleared")
    cleared: list[Any] = listed if isinstance(listed, list) else []
    which = f" ({_names(cleared)})" if cleared else ""
    fates = [f"{label}: {_names(res.get(key))}" for key, label in
             (("came_back", "back"), ("died", "died"), ("lost", "lost to the forest"))
             if _names(res.get(key))]
    if not _names(res.get("came_back")):
        fates.insert(0, "nobody came back")
    return (f"The incursion {res['incursion']} ends after {res.get('days', 0)} day(s): "
            f"{len(cleared)} of {res.get('sets', 0)} set(s) cleared{which}, "
            f"{res.get('gold', 0)} Gold collected; " + "; ".join(fates) + ".")


def town_line(event: Mapping[str, Any], res: Mapping[str, Any], name: str = "") -> Line:
    """Back in town, and what the incursion came to (the end-of-incursion summary)."""
    ended = homecoming_words(res)
    return Line.of("meta", "Back safely in town: marked armor is usable again."
                   + (f" {ended}" if ended else ""))
