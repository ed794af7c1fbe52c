"""What the journal asks of Trophy: what an event tells the story memory (a betrayal stated for
a Reduction Roll, a sight of a Ruin Roll, the end of a fight, a Condition), and the Ruin and Hunt
Token changes a result made (words for the generic reading, status tags for Lonelog)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.systems.base import StoryCue, actor
from oracle.trophy.events import (
    COMBAT_ABANDONED,
    CONTEST_ROLLED,
    FATE_CHOSEN,
    GOLD_COLLECTED,
    REDUCTION_ROLLED,
    RUIN_ROLLED,
)

# A monster's Gold is collected once it is down: the story's foe is the last one fought.
FIGHT_OVER = frozenset({COMBAT_ABANDONED, GOLD_COLLECTED})
PEOPLE = ("helpers", "participants", "characters", "fighters")


def _said(event_type: str, roll: object) -> str:
    if roll == "reduction" or event_type == REDUCTION_ROLLED:
        return "betrayal"
    if roll == "ruin" or event_type == RUIN_ROLLED:
        return "sight"
    if roll == "contest" or event_type == CONTEST_ROLLED:
        return "stake"  # SRD 1.2, Contest: what the sides want, not one character's attempt
    return "intent"


def _condition(event_type: str, data: Mapping[str, Any]) -> tuple[str, str, bool] | None:
    if "condition" not in data:
        return None
    name = str(data.get("name") or "")[:200].strip()
    condition = str(data.get("condition") or "")[:200].strip()
    removed = event_type.endswith("_removed") or data.get("remove") is True  # or corrected
    return (name, condition, removed) if name and condition else None


def cue(event_type: str, data: Mapping[str, Any], result: Mapping[str, Any]) -> StoryCue:
    """What a Trophy event tells the story memory."""
    said = _said(event_type, result.get("roll") or data.get("roll"))
    over = (event_type in FIGHT_OVER or result.get("defeated") is True
            or result.get("roll_required") is False)
    lost, kept = _lost(data, result)
    return StoryCue(said, over, _condition(event_type, data),  # type: ignore[arg-type]
                    _gone(event_type, data, result), lost, kept)


LOST = "was lost (their Fate is not yet chosen)"


def _lost(data: Mapping[str, Any], result: Mapping[str, Any]
          ) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """Whom a result leaves lost at Ruin 6 (the roller, a contestant, a helper) and whom it
    names as not lost. A Combat Roll's losses wait: armor may still be marked for it (SRD 1.2),
    and the Fate chosen after says how it ended."""
    if result.get("roll") == "combat":
        return (), ()
    lost: dict[str, str] = {}
    kept: list[str] = []
    for name, source in _people(actor(data, result), result):
        if not isinstance(name, str) or not name or source.get("dies") is True:
            continue
        if source.get("lost") is True:
            lost[name] = LOST
        elif source.get("lost") is False:
            kept.append(name)
    return tuple(lost.items()), tuple(kept)


def _gone(event_type: str, data: Mapping[str, Any], result: Mapping[str, Any]
          ) -> tuple[str, str] | None:
    """Who leaves the story with this event, and how: a fate chosen, a death on a roll."""
    name = data.get("name")
    if not isinstance(name, str) or not name:
        return None
    if event_type == FATE_CHOSEN:
        return name, ("died" if data.get("fate") == "death"
                      else "became a monster of the forest")
    if result.get("dies") is True:
        return name, "died"
    return None


def _people(who: str | None, result: Mapping[str, Any]
            ) -> list[tuple[str | None, Mapping[str, Any]]]:
    """The roller with the result, then everyone the result lists (fighters, contestants,
    helpers), each with their own row."""
    people: list[tuple[str | None, Mapping[str, Any]]] = [(who, result)]
    for key in PEOPLE:
        listed = result.get(key)
        if isinstance(listed, list):
            people += [(p.get("name"), p) for p in listed if isinstance(p, Mapping)]
    return people


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def changes(data: Mapping[str, Any], result: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every Ruin change (roller and everyone listed) and the Hunt Token change."""
    who = actor(data, result)
    found: list[tuple[str, str]] = []
    for name, source in _people(who, result):
        before, after = source.get("ruin_before"), source.get("ruin_after")
        if _int(before) and _int(after) and before != after:
            found.append((f"{name + ' ' if name else ''}Ruin {before} -> {after}",
                          f"PC:{name}|Ruin {after}" if name else f"PC|Ruin {after}"))
    before, after = result.get("tokens_before"), result.get("tokens_after")
    if _int(before) and _int(after) and before != after:
        found.append((f"tokens {before} -> {after}",
                      f"PC:{who}|Tokens {after}" if who else f"PC|Tokens {after}"))
    return found
