"""Requests of ``oracle resolve`` read strictly: a field nobody reads is refused, not ignored.

A typo such as ``"modifer"`` or ``"helper"`` would otherwise leave a roll quietly different from
what the player asked for. Every system's ``resolve`` reads its request through a
:class:`ReadTracker`; afterwards, any field it never looked at is named in one sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from oracle.errors import RequestError

# Read by the CLI and the narrator, never by a system's rules: the dispatch, the seed, and the
# narrative context of `oracle resolve --narrate` (who, what they attempt, where, the story so
# far, the safety settings).
CONTEXT_FIELDS = frozenset({"roll", "system", "seed", "name", "attempt", "place", "journal",
                            "safety", "monster", "party", "could_go_wrong", "bargain"})

T = TypeVar("T")


class ReadTracker(dict[str, Any]):
    """A dict that remembers which keys were asked for (present or not).

    Iterating it (``keys()``, ``items()``, ``dict(tracker)``, ``{**tracker}``) counts as reading
    every key, so code that copies a request is never accused of ignoring a field.
    """

    def __init__(self, data: Mapping[str, Any], path: str = "",
                 opaque: frozenset[str] = frozenset()) -> None:
        super().__init__({key: value if key in opaque else _wrap(value, f"{path}{key}")
                          for key, value in data.items()})
        self.path = path
        self.asked: set[str] = set()
        self.iterated = False

    def __getitem__(self, key: str) -> Any:
        self.asked.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.asked.add(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.asked.add(key)
        return super().__contains__(key)

    def __iter__(self) -> Iterator[str]:
        self.iterated = True
        return super().__iter__()

    def keys(self) -> Any:
        self.iterated = True
        return super().keys()

    def items(self) -> Any:
        self.iterated = True
        return super().items()

    def values(self) -> Any:
        self.iterated = True
        return super().values()

    def unread(self, ignore: frozenset[str] = frozenset()) -> list[str]:
        """Paths of fields never read, depth first, in the request's own order."""
        found: list[str] = []
        if not self.iterated:
            found += [f"{self.path}{key}" for key in dict.keys(self)
                      if key not in self.asked and key not in ignore]
        for value in super().values():
            found += _unread_in(value)
        return found


def _wrap(value: Any, path: str) -> Any:
    if isinstance(value, dict):
        return ReadTracker(value, f"{path}.")
    if isinstance(value, list):
        return [_wrap(item, f"{path}[{index}]") for index, item in enumerate(value)]
    return value


def _unread_in(value: Any) -> list[str]:
    if isinstance(value, ReadTracker):
        return value.unread()
    if isinstance(value, list):
        return [path for item in value for path in _unread_in(item)]
    return []


def read_strictly(request: Mapping[str, Any], reader: Callable[[Mapping[str, Any]], T]) -> T:
    """Run ``reader`` on ``request`` and refuse the request if any field went unread."""
    tracker = ReadTracker(request, opaque=CONTEXT_FIELDS)
    answer = reader(tracker)
    unread = tracker.unread(CONTEXT_FIELDS)
    if unread:
        kind = str(request.get("roll"))
        article = "an" if kind[:1] in "aeiou" else "a"
        raise RequestError(
            f"{unread[0]}: not a field of {article} {kind} request, so it would be ignored; "
            "check its spelling (see shared/contract/resolve.md)."
        )
    return answer
