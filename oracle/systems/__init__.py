"""The registry of game systems: ``SYSTEMS`` (name -> system) and ``find_system(name)``.

Systems are plugins: each is found through the Python entry point group ``oracle.systems``
(``name = "package.module:SYSTEM"``), and Trophy, Die Trying and Triptycho register there in our
own ``pyproject.toml`` exactly as a third-party package does (see ``docs/writing-a-system.md``).
Every system is a :class:`oracle.systems.base.System` with the same public attributes. A system's
module is imported only when it is first asked for, so ``oracle resolve`` for Trophy never loads
Die Trying; a plugin that fails to load is refused with one sentence, and :func:`installed`
passes over it, so one broken plugin never takes the others down. :func:`register` adds a system
(tests use it).
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Iterator, Mapping
from importlib.metadata import entry_points

from oracle.errors import RequestError, shown
from oracle.events import DEFAULT_SYSTEM
from oracle.systems.base import Line, System, Unnamed

__all__ = ["DEFAULT", "GROUP", "SYSTEMS", "SYSTEM_NAMES", "Line", "System", "SystemLoadError",
           "Unnamed", "discovered", "find_system", "installed", "rediscover", "register",
           "unregister"]

GROUP = "oracle.systems"
"""The entry point group a system registers in."""
DEFAULT = DEFAULT_SYSTEM
"""The system a request without ``"system"`` is for, and the one Quick start plays (named once,
in :mod:`oracle.events`)."""

log = logging.getLogger("oracle.systems")


class SystemLoadError(RequestError):
    """An installed system that cannot be loaded (a broken or out-of-date plugin)."""


class _Registry(Mapping[str, System]):
    """Name -> system, each loaded (``module:attribute``) on first use."""

    def __init__(self, targets: Mapping[str, str]) -> None:
        self._targets = dict(targets)
        self._loaded: dict[str, System] = {}
        self._manual: set[str] = set()

    def _load(self, name: str) -> System:
        target = self._targets[name]
        module, _, attribute = target.partition(":")
        try:
            found = getattr(importlib.import_module(module), attribute or "SYSTEM")
        except Exception as exc:  # a third party's code: any failure is one sentence
            raise SystemLoadError(
                f"system: {name!r} is installed ({target}) but could not be loaded: "
                f"{type(exc).__name__}: {shown(str(exc), 120)}.") from exc
        if not isinstance(found, System) or found.name != name:
            raise SystemLoadError(
                f"system: {name!r} is installed ({target}) but is not an oracle System "
                f"named {name!r}.")
        return found

    def __getitem__(self, name: str) -> System:
        if name not in self._loaded:
            self._loaded[name] = self._load(name)
        return self._loaded[name]

    def get(self, name: str, default: System | None = None) -> System | None:  # type: ignore[override]
        """The system, or ``default`` when it is unknown or cannot be loaded."""
        try:
            return self[name] if name in self._targets else default
        except SystemLoadError:
            return default

    def __contains__(self, name: object) -> bool:
        return name in self._targets

    def __iter__(self) -> Iterator[str]:
        return iter(self._targets)

    def __len__(self) -> int:
        return len(self._targets)

    def register(self, name: str, target: str) -> None:
        self._targets[name] = target
        self._loaded.pop(name, None)
        self._manual.add(name)

    def unregister(self, name: str) -> None:
        self._targets.pop(name, None)
        self._loaded.pop(name, None)
        self._manual.discard(name)

    def reset(self, found: Mapping[str, str]) -> None:
        """The systems ``found`` installed, and those registered by hand, kept."""
        kept = {name: self._targets[name] for name in self._manual}
        targets = {**found, **kept}
        self._loaded = {name: system for name, system in self._loaded.items()
                        if targets.get(name) == self._targets.get(name)}
        self._targets = targets


def discovered() -> dict[str, str]:
    """Every system installed in this environment: name -> ``module:attribute``, the default
    system first, then by name."""
    found = {point.name: point.value for point in entry_points(group=GROUP)}
    return dict(sorted(found.items(), key=lambda item: (item[0] != DEFAULT, item[0])))


SYSTEMS = _Registry(discovered())

SYSTEM_NAMES: tuple[str, ...] = tuple(SYSTEMS)


def register(name: str, module: str) -> None:
    """Add (or replace) the system ``name``: ``"package.module"`` (its ``SYSTEM``) or
    ``"package.module:attribute"``."""
    SYSTEMS.register(name, module)


def unregister(name: str) -> None:
    """Remove the system ``name`` (a test's own system, afterwards)."""
    SYSTEMS.unregister(name)


_WARNED: set[str] = set()


def rediscover() -> None:
    """Read the entry points again: a plugin installed (or removed) while this process runs."""
    SYSTEMS.reset(discovered())


def installed() -> Iterator[System]:
    """Every system that loads; one that does not is logged once and passed over."""
    for name in list(SYSTEMS):
        try:
            yield SYSTEMS[name]
        except SystemLoadError as exc:
            if name not in _WARNED:
                _WARNED.add(name)
                log.warning("%s", exc)


def find_system(name: object) -> System:
    """Return the system called ``name`` or raise a RequestError naming the choices (or saying
    why an installed one cannot be loaded)."""
    if not SYSTEMS:
        raise RequestError(f"system: no system is installed (none registers in the {GROUP!r} "
                           "entry points); reinstall oracle: pip install -e . (or make setup).")
    if not isinstance(name, str) or name not in SYSTEMS:
        choices = ", ".join(SYSTEMS)
        raise RequestError(f"system: {shown(name, 40)} is not a known system; use one of {choices}.")
    return SYSTEMS[name]
