"""The registry of game systems. Each system looks alike from outside.

A system module (``oracle.trophy.system`` and so on) exposes ``SYSTEM``, an object with:

- ``name`` (``"trophy"``), ``title`` (``"Trophy (Dark and Gold)"``)
- ``roll_kinds``: the ``"roll"`` values ``resolve`` accepts
- ``resolve(request, dice) -> dict``: one JSON request of ``shared/contract/resolve.md`` to its
  result; count fields are rolled with ``dice``; raises ``RuleError``/``RequestError``
- ``odds(request) -> dict``: exact odds for the same request shapes, as JSON-ready fractions
- ``initial_state()`` and ``apply(state, event) -> state``: the pure fold of a campaign journal
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Protocol

from oracle.dice import DiceSource
from oracle.errors import RequestError


class System(Protocol):
    """What every game system offers the CLI, the journal and the app."""

    name: str
    title: str
    roll_kinds: tuple[str, ...]

    def resolve(self, request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]: ...

    def odds(self, request: Mapping[str, Any]) -> dict[str, Any]: ...

    def initial_state(self) -> Any: ...

    def apply(self, state: Any, event: Mapping[str, Any]) -> Any: ...


_MODULES: dict[str, str] = {
    "trophy": "oracle.trophy.system",
    "die_trying": "oracle.die_trying.system",
    "triptycho": "oracle.triptycho.system",
}

SYSTEM_NAMES: tuple[str, ...] = tuple(_MODULES)


def find_system(name: object) -> System:
    """Return the system called ``name`` or raise a RequestError naming the choices."""
    if not isinstance(name, str) or name not in _MODULES:
        choices = ", ".join(SYSTEM_NAMES)
        raise RequestError(f"system: {name!r} is not a known system; use one of {choices}.")
    try:
        module = importlib.import_module(_MODULES[name])
    except ModuleNotFoundError as exc:  # a system whose core has not landed yet
        if exc.name and exc.name.startswith(f"oracle.{name}"):
            raise RequestError(f"system: {name} is not available in this version.") from exc
        raise
    system: System = module.SYSTEM
    return system
