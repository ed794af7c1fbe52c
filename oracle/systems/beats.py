"""A narrative beat as data: what it voices, and the offline tables it deals from.

A system declares its own beats (``System.beats``); the narrator gathers them with its generic
ones (``oracle.narrator.beats.BEATS``). :func:`closings` and :func:`stating` write a system's
``closing(beat, result, name)`` as a table of one sentence per beat. Pure: standard library
only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Closing = Callable[[Mapping[str, Any], str], str]
"""One beat's closing sentence from a result and the roller's name ("" when it has none)."""


@dataclass(frozen=True)
class BeatSpec:
    """One beat. ``tables`` are its offline tables; ``table_by`` picks one by a result field.

    ``table_by=("outcome", {"failure": "outcome_failure", ...})`` reads ``result["outcome"]``;
    a value not in the map (or no field) uses ``tables[0]``. A ``listing`` beat offers ``n``
    separate items (Claude returns them through a tool; the offline narrator deals ``n`` cards).
    """

    name: str
    summary: str
    tables: tuple[str, ...]
    listing: bool = False
    table_by: tuple[str, Mapping[str, str]] | None = None
    max_tokens: int = 400
    example: Mapping[str, Any] = field(default_factory=dict)
    intent_label: str = ""
    """What the stated intent is for this beat, when it is not what the roller attempts (a
    betrayal stated, a sight seen): the prompt's label for it."""
    voices_bargain: bool = False
    """An accepted Devil's Bargain's price, paid whatever the dice, is voiced in this beat."""
    fight: bool = False
    """This beat voices a fight (the story's foe is named to the narrator)."""
    said: Literal["intent", "betrayal", "sight"] = "intent"
    """What the player stated that this beat voices (see ``StoryCue.said``): an attempt, a
    betrayal stated to shed Ruin, or a sight seen. A result whose roll kind is named like a beat
    takes that beat's."""
    before_roll: bool = False
    """This beat offers choices for the next roll, not the last one (no bargain owed yet)."""
    unrolled: Mapping[str, Any] = field(default_factory=dict)
    """The result this beat is voiced with when no roll is behind it (an exploration
    question's answers)."""
    voices_said: bool = True
    """What the player stated is told with this beat; False for a beat that voices what no
    one attempted (a Hunt's encounter, the course of a fight)."""

    def table_for(self, result: Mapping[str, Any]) -> str:
        """The offline table this result draws from."""
        if self.table_by is not None:
            key, choices = self.table_by
            value = result.get(key)
            if isinstance(value, bool):
                value = str(value).lower()
            if isinstance(value, str) and value in choices:
                return choices[value]
        return self.tables[0]


def beats(*specs: BeatSpec) -> tuple[BeatSpec, ...]:
    """A system's beats, checked for one name each."""
    names = [spec.name for spec in specs]
    if len(set(names)) != len(names):
        raise ValueError(f"beats: a name is declared twice in {names}.")
    return tuple(specs)


class _Given(dict[str, Any]):
    """A result's fields for a template; one it lacks reads as ``None``, as ``result.get``."""

    def __missing__(self, key: str) -> None:
        return None


def stating(template: str, *needs: str) -> Closing:
    """A closing sentence that states ``template`` (``"HP {hp_before} to {hp_after}."``) filled
    from the result (``{name}``: the roller's name; a field it lacks reads ``None``) when every
    field in ``needs`` is given (not None), else says nothing."""
    def said(result: Mapping[str, Any], name: str) -> str:
        if any(result.get(key) is None for key in needs):
            return ""
        return template.format_map(_Given(result, name=name))
    return said


def closings(by_beat: Mapping[str, Closing]) -> Callable[[str, Mapping[str, Any], str], str]:
    """A system's ``closing(beat, result, name)`` from one :data:`Closing` per beat; a beat it
    does not list closes with nothing."""
    table = dict(by_beat)

    def closing(beat: str, result: Mapping[str, Any], name: str) -> str:
        said = table.get(beat)
        return said(result, name) if said is not None else ""
    return closing
