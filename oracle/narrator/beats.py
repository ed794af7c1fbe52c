"""The narrative beats: the generic ones here, and every installed system's own.

A beat is data (:class:`~oracle.systems.beats.BeatSpec`). A system brings its beats itself
(``System.beats()``; see ``docs/writing-a-system.md``):

1. a prompt ``<system folder>/prompts/<beat>.j2`` (``{% extends "_beat.j2" %}`` and fill
   ``{% block task %}``);
2. offline tables ``<system folder>/offline/<table>.txt``: a plain list (one entry a line) or
   ``[frame]``, ``[body]``, ``[detail]`` slots whose parts combine (see
   :mod:`oracle.narrator.compose`; ``{{ name }}``, ``{{ place }}``, ``{{ said }}`` (the intent quoted),
   ``{{ thing }}`` (a known name only), ``{{ monster }}`` and their capitalised forms are filled
   in); the settled facts that follow the card are the system's ``closing`` (or its ``tell``);
3. a ``BeatSpec`` in the system's ``beats()``, and its ``beat(result)`` choosing it.

``tests/test_narrator_templates.py`` then renders it for every result kind with StrictUndefined.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from oracle.errors import RequestError, shown
from oracle.systems.beats import BeatSpec

if TYPE_CHECKING:
    from oracle.systems.base import System

__all__ = ["BEATS", "GENERIC", "BeatSpec", "beat_for_result", "find_beat", "owner_of"]

GENERIC: tuple[BeatSpec, ...] = (
    BeatSpec("oracle", "ask the oracle: a yes/no answer already rolled, and a line of colour",
             ("oracle_answers",),
             example={"roll": "oracle", "likelihood": "even", "face": 5, "answer": "yes"}),
    BeatSpec("roll", "any other settled roll, voiced from its facts", ("omens",),
             example={"roll": "roll", "total": 7, "winner": "A"}, voices_bargain=True),
)
"""The beats every system shares: the solo oracle's answer, and any other settled roll."""


def _gathered() -> dict[str, BeatSpec]:
    from oracle.systems import installed

    found: dict[str, BeatSpec] = {}
    for system in installed():
        for spec in system.beats():
            found.setdefault(spec.name, spec)
    for spec in GENERIC:
        found[spec.name] = spec
    return found


class _Beats(Mapping[str, BeatSpec]):
    """Name -> beat, gathered from the installed systems when read (a plugin's beats too)."""

    def __getitem__(self, name: str) -> BeatSpec:
        return _gathered()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(_gathered())

    def __len__(self) -> int:
        return len(_gathered())

    def __contains__(self, name: object) -> bool:
        return name in _gathered()


BEATS: Mapping[str, BeatSpec] = _Beats()


def owner_of(beat: str, system: str) -> System | None:
    """The system that tells ``beat`` (the one that declares it); a generic beat is told by
    ``system``, the result's own (None when neither is installed)."""
    from oracle.systems import SYSTEMS, installed

    for candidate in installed():
        if any(spec.name == beat for spec in candidate.beats()):
            return candidate
    return SYSTEMS.get(system)


def find_beat(name: str) -> BeatSpec:
    """The beat called ``name`` or a RequestError naming the choices."""
    beats = _gathered()
    try:
        return beats[name]
    except KeyError:
        choices = ", ".join(beats)
        raise RequestError(f"beat: {shown(name)} is not a known beat; use one of {choices}.") from None


def beat_for_result(system: str, result: Mapping[str, Any]) -> str:
    """The beat that voices a resolved result: the system's own choice (``System.beat``).

    A system this version does not know gets the generic beat.
    """
    from oracle.systems import SYSTEMS

    if system in SYSTEMS:
        return SYSTEMS[system].beat(result)
    return "roll"
