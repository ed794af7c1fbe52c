"""A system packaged in the common layout answers through its modules' functions, written once.

Every system package has the same modules (issue 8): ``requests`` (``FIELDS``, ``RESOLVERS``,
``resolve``), ``odds.requests`` (``ODDS``, ``odds_for_request``), ``fold`` (``new_state``,
``apply``) and ``words`` (``journal_line``, ``beat``). A :class:`PackagedSystem` subclass names
its package (``class Trophy(PackagedSystem, package="oracle.trophy")``) and its words; the rest
of :class:`~oracle.systems.base.System` is filled in here from those modules.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any, ClassVar

from oracle.dice import DiceSource
from oracle.systems.base import Line, System


class _Fields(dict[str, str]):
    """An event's fields as text; a field the event lacks reads as empty, never ``None``."""

    def __missing__(self, key: str) -> str:
        return ""


def fill(template: str, data: object, **extra: object) -> str:
    """``template`` (``"{name} takes {amount} damage"``) with the fields of ``data`` and
    ``extra``; a missing or null field is left empty. For the systems' journal words."""
    fields = _Fields()
    if isinstance(data, Mapping):
        fields.update({str(k): str(v) for k, v in data.items() if v is not None})
    fields.update({k: str(v) for k, v in extra.items() if v is not None})
    return template.format_map(fields)


class PackagedSystem(System):
    """A :class:`System` whose rules are the functions of its package's modules."""

    _requests: ClassVar[ModuleType]
    _odds: ClassVar[ModuleType]
    _fold: ClassVar[ModuleType]
    _words: ClassVar[ModuleType]

    def __init_subclass__(cls, package: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not package:
            return
        cls._requests = importlib.import_module(f"{package}.requests")
        cls._odds = importlib.import_module(f"{package}.odds.requests")
        cls._fold = importlib.import_module(f"{package}.fold")
        cls._words = importlib.import_module(f"{package}.words")
        cls.roll_kinds = tuple(cls._requests.RESOLVERS)
        cls.odds_kinds = tuple(cls._odds.ODDS)
        cls.fields = cls._requests.FIELDS

    def resolve(self, request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
        """One request of ``shared/contract/resolve.md`` to its result (``requests.resolve``)."""
        result: dict[str, Any] = self._requests.resolve(request, dice)
        return result

    def odds(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Exact odds for the same request shapes (``odds.requests.odds_for_request``)."""
        result: dict[str, Any] = self._odds.odds_for_request(request)
        return result

    def new_state(self) -> Any:
        """The state of a campaign with no events (``fold.new_state``)."""
        return self._fold.new_state()

    def apply(self, state: Any, event: Mapping[str, Any]) -> Any:
        """Fold one rules event (``fold.apply``); an invalid event raises and changes nothing."""
        return self._fold.apply(state, event)

    def journal_line(self, event: Mapping[str, Any],
                     outcome: Mapping[str, Any] | None = None) -> Line:
        """One event in words (``words.journal_line``)."""
        line: Line = self._words.journal_line(event, outcome)
        return line

    def beat(self, outcome: Mapping[str, Any]) -> str:
        """The narration beat of a result (``words.beat``)."""
        return str(self._words.beat(outcome))
