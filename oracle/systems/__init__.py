"""The registry of game systems: ``SYSTEMS`` (name -> system) and ``find_system(name)``.

Every system is a :class:`oracle.systems.base.System` with the same public attributes (see
there). The registry imports a system's package only when it is first asked for, so ``oracle
resolve`` for Trophy never loads Die Trying; :func:`register` adds a system (tests use it).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from oracle.errors import RequestError, shown
from oracle.systems.base import Line, System, Unnamed

__all__ = ["SYSTEMS", "SYSTEM_NAMES", "Line", "System", "Unnamed", "find_system", "register"]


class _Registry(Mapping[str, System]):
    """Name -> system, each imported (from ``<module>.SYSTEM``) on first use."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, System] = {}

    def __getitem__(self, name: str) -> System:
        if name not in self._loaded:
            module = importlib.import_module(self._modules[name])
            self._loaded[name] = module.SYSTEM
        return self._loaded[name]

    def __contains__(self, name: object) -> bool:
        return name in self._modules

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def register(self, name: str, module: str) -> None:
        self._modules[name] = module
        self._loaded.pop(name, None)

    def unregister(self, name: str) -> None:
        self._modules.pop(name, None)
        self._loaded.pop(name, None)


SYSTEMS = _Registry({
    "trophy": "oracle.trophy.system",
    "die_trying": "oracle.die_trying.system",
    "triptycho": "oracle.triptycho.system",
})

SYSTEM_NAMES: tuple[str, ...] = tuple(SYSTEMS)


def register(name: str, module: str) -> None:
    """Add (or replace) the system ``name`` whose module defines ``SYSTEM``."""
    SYSTEMS.register(name, module)


def unregister(name: str) -> None:
    """Remove the system ``name`` (a test's own system, afterwards)."""
    SYSTEMS.unregister(name)


def find_system(name: object) -> System:
    """Return the system called ``name`` or raise a RequestError naming the choices."""
    if not isinstance(name, str) or name not in SYSTEMS:
        choices = ", ".join(SYSTEMS)
        raise RequestError(f"system: {shown(name, 40)} is not a known system; use one of {choices}.")
    return SYSTEMS[name]
