"""The journal's words for the incursion's events (see :mod:`oracle.trophy.incursion_events`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.systems.base import Line, who
from oracle.trophy.bestiary import monster_in_sentence
from oracle.wording import in_sentence, plural


def incursion_line(event: Mapping[str, Any], res: Mapping[str, Any]) -> Line | None:
    """One incursion event in words, or None when ``event`` is not one of them."""
    kind = str(event.get("type", ""))
    if kind == "incursion_started":
        sets = [s for s in event.get("sets") or [] if isinstance(s, Mapping)]
        first = sets[0] if sets else {}
        return Line.of("meta", f"The incursion into {_name(event.get('title'))} begins with "
                               f"{plural(len(sets), 'set')}; the first is "
                               f"{_name(first.get('title'))} (goal: {_goal(first.get('goal'))})")
    if kind == "set_added":
        return Line.of("meta", f"A new set: {_name(event.get('title'))} (goal: "
                               f"{_goal(event.get('goal'))})")
    if kind == "set_goal_reached":
        return Line.of("meta", f"The goal of {_name(res.get('set'))} is reached in play: "
                               f"{_goal(res.get('set_goal'))}")
    if kind == "days_passed":
        days = event.get("days", 1)
        count = days if isinstance(days, int) else 1
        return Line.of("meta", ("A day passes" if count == 1 else f"{plural(count, 'day')} pass")
                       + " in the forest")
    if kind == "gold_collected":
        return _gold_collected(event, res)
    if kind == "gold_spent":
        on = event.get("on")
        return Line.of("meta", who(str(event.get("name", ""))),
                       f" spends {event.get('amount')} Gold in town" + (f" on {on}" if on else ""))
    return None


def _names(names: object) -> str:
    return ", ".join(str(n) for n in names) if isinstance(names, list) and names else ""


def homecoming_words(res: Mapping[str, Any]) -> str:
    """``The incursion into X ends after 3 days: 2 of 3 sets cleared (A, B), 4 Gold collected;
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
    days, sets = res.get("days", 0), res.get("sets", 0)
    days = days if isinstance(days, int) else 0
    when = f"after {plural(days, 'day')}" if days else "the day it began"  # not "after 0 days"
    return (f"The incursion into {_name(res['incursion'])} ends {when}: {len(cleared)} of "
            f"{plural(sets if isinstance(sets, int) else 0, 'set')} cleared{which}, "
            f"{res.get('gold', 0)} Gold collected; " + "; ".join(fates) + ".")


def town_line(event: Mapping[str, Any], res: Mapping[str, Any], name: str = "") -> Line:
    """Back in town, and what the incursion came to (the end-of-incursion summary)."""
    ended = homecoming_words(res)
    return Line.of("meta", "Back safely in town: marked armor is usable again."
                   + (f" {ended}" if ended else ""))


def _name(value: object) -> str:
    """A set's or an incursion's title for the middle of a sentence ("the Forgotten Mere")."""
    return in_sentence(str(value or "")) or "an unnamed place"


def _goal(value: object) -> str:
    """A goal after a colon: sentence case ("Recover the map") lower-cased there ("recover
    the map"), a name's capitals kept ("Greywater Ford", "Mara's map")."""
    text = " ".join(str(value or "").split())
    words = text.split(" ")
    sentence_case = (len(words) > 1 and words[0][1:].islower() and words[0] != "I"
                     and words[1][:1].islower())
    return text[:1].lower() + text[1:] if sentence_case else text


def _gold_collected(event: Mapping[str, Any], res: Mapping[str, Any]) -> Line:
    """``Elske collects 4 Gold from the Drowned Choir``; shared: ``Elske (2) and Mara (2)
    collect 4 Gold from a treasure: a silver bell``."""
    shares = {str(k): v for k, v in dict(event.get("shares") or {}).items()
              if isinstance(v, int)}
    total = sum(shares.values())
    if event.get("source") == "monster":
        monster = str(res.get("monster") or "")
        source = f"from {monster_in_sentence(monster) if monster else 'the monster'}"
    else:
        named = event.get("treasure")
        source = "from a treasure" + (f": {named}" if named else "")
    if len(shares) == 1:
        return Line.of("meta", who(next(iter(shares))), f" collects {total} Gold {source}")
    each = [f"{k} ({v})" for k, v in shares.items()]
    takers = ", ".join(each[:-1]) + " and " + each[-1] if each else "Nobody"
    return Line.of("meta", f"{takers} collect {total} Gold {source}")
