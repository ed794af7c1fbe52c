"""A rules event read without knowing its system: who, dice, outcome, and the changes it made.

Systems write their own journal lines (:meth:`oracle.systems.System.journal_line`); this generic
reading is what a system may use for events it has no words of its own for
(:func:`generic_summary`), and where the Lonelog export finds its status tags (the changes the
system names: ``System.changes``). Die faces are written as numbers and no text is ever cut.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from oracle.systems.base import actor

if TYPE_CHECKING:
    from oracle.systems.base import System

_SKIP_KEYS = {"type", "roll", "action", "intent", "system", "seed", "text", "name", "character",
              "result", "request"}
_DIE_KEY = re.compile(r"(light|dark|dice|die|faces?|(^|_)d\d+)$")


def _faces(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    )


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _numbers(value: object) -> str:
    """Die faces as numbers (``2 5``), never a Python list (``[2, 5]``)."""
    return " ".join(str(v) for v in value) if isinstance(value, list) else str(value)


@dataclass(frozen=True)
class Reading:
    """A rules event read generically: who, what, dice, outcome, and the changes it made."""

    head: str
    dice: tuple[str, ...]
    outcome: str | None
    changes: tuple[str, ...]  # "Mara Ruin 2 -> 3", "tokens 2 -> 3"
    tags: tuple[str, ...]  # Lonelog status tags: "PC:Mara|Ruin 3"
    rolled: bool = False  # dice were rolled (faces given), not just numbers changed

    @property
    def roll(self) -> str:
        return one_line(self.head + (f" ({', '.join(self.dice)})" if self.dice else ""))

    def line(self) -> str:
        """One line (any line breaks in names or text are folded into spaces)."""
        text = self.roll + (f" -> {self.outcome}" if self.outcome else "")
        return one_line(text + (f"; {', '.join(self.changes)}" if self.changes else ""))


def _listed(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _people(value: object) -> list[dict[str, Any]]:
    """A list of named entries (whoever the event lists: helpers, fighters, ...), or []."""
    listed = _listed(value)
    named = [p for p in listed if isinstance(p, dict) and isinstance(p.get("name"), str)]
    return named if listed and len(named) == len(listed) else []


def _dice_parts(data: dict[str, Any]) -> list[str]:
    parts: list[str] = []
    for key, value in data.items():
        if key in _SKIP_KEYS or value is None or isinstance(value, bool) or _people(value):
            continue
        label = key.replace("_", " ")
        if _faces(value) or _int(value):
            parts.append(f"{label} {_numbers(value)}")
        elif isinstance(value, str) and value:
            parts.append(f"{label}: {value}")  # whole: a player's text is never cut
    for value in data.values():
        for person in _people(value):
            own = [f"{k.replace('_', ' ')} {_numbers(v)}" for k, v in person.items()
                   if k != "name" and (_faces(v) or _int(v))]
            parts.append(person["name"] + (f" {' '.join(own)}" if own else ""))
    return parts


def _outcome(result: dict[str, Any]) -> str | None:
    """The result's own verdict, where a result names one: a winner, or an ``outcome``."""
    if "winner" in result:
        winner = result["winner"]
        return f"{winner} wins" if isinstance(winner, str) else "a tie"
    value = result.get("outcome")
    if isinstance(value, str) or _int(value):
        return str(value).replace("_", " ")
    return None


def read_event(data: dict[str, Any], result: dict[str, Any] | None = None,
               system: System | None = None) -> Reading:
    """Read any rules event (and the system's result for it, if any) without knowing its system;
    what it changed (and the Lonelog status tags) is the system's to say (``System.changes``)."""
    if result is None:
        nested = data.get("result")
        result = nested if isinstance(nested, dict) else data
    kind = str(data.get("type", "event")).replace("_", " ")
    who = actor(data, result)
    head = f"{who}: {kind}" if who else kind
    dice = _dice_parts(data)
    request = data.get("request")
    if isinstance(request, dict):
        dice += _dice_parts(request)
    changed = system.changes(data, result) if system is not None else []
    changes = [words for words, _ in changed]
    tags = [tag for _, tag in changed]
    rolled = any(_DIE_KEY.search(key) and (_faces(value) or _int(value))
                 for source in (data, request if isinstance(request, dict) else {})
                 for key, value in source.items())
    rolled = rolled or any(any(_DIE_KEY.search(k) for k in person)
                           for value in data.values() for person in _people(value))
    return Reading(head, tuple(dice), _outcome(result), tuple(changes), tuple(tags), rolled)


def generic_summary(data: dict[str, Any], result: dict[str, Any] | None = None,
                    system: System | None = None) -> str:
    """One line for any rules event: who and what, dice, outcome, and what it changed (the
    system's ``changes``, when given)."""
    return read_event(data, result, system).line()




def one_line(text: object) -> str:
    """``text`` with every run of whitespace (line breaks included) folded into one space."""
    return " ".join(str(text).split())
