"""One strict reading of requests, shared by ``oracle resolve`` and ``oracle odds`` in every system.

A typo such as ``"modifer"`` or ``"helper"`` would otherwise leave a roll quietly different from
what the player asked for. :func:`resolve` runs a system's ``resolve`` on its request through a
:class:`ReadTracker`; afterwards, any field it never looked at is named in one sentence.
:func:`odds` reads the request the same way first (its result thrown away), so ``odds`` refuses
exactly what ``resolve`` refuses, with the same sentence. Also here for every system: the
``"roll"`` dispatch (:func:`roll_kind`), the one whole-number validator (:func:`whole`) and the
one reader of typed faces (:func:`faces`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from oracle.dice import SeededDice
from oracle.errors import RequestError, RuleError, shown

if TYPE_CHECKING:
    from oracle.systems.base import System

# Read by the CLI and the narrator, never by a system's rules: the dispatch, the seed, and the
# narrative context of `oracle resolve --narrate` (who, what they attempt, where, the story so
# far, the safety settings).
CONTEXT_FIELDS = frozenset({"roll", "system", "seed", "name", "attempt", "place", "journal",
                            "safety", "monster", "party", "could_go_wrong"})

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


# Our limit, far beyond any table (a party, a pool of dice, a list of pushes): the most entries
# one list of a request holds. With the limits of each rule (docs/rulings.md) it keeps every
# request answered or refused within 2 s (bench/limits.py).
MOST_ENTRIES = 100


def _wrap(value: Any, path: str) -> Any:
    if isinstance(value, dict):
        return ReadTracker(value, f"{path}.")
    if isinstance(value, list):
        if len(value) > MOST_ENTRIES:
            raise RuleError(f"{path}: a list here holds at most {MOST_ENTRIES} entries (our limit, "
                            f"far beyond any table); got {len(value)}.")
        return [_wrap(item, f"{path}[{index}]") for index, item in enumerate(value)]
    return value


def _unread_in(value: Any) -> list[str]:
    if isinstance(value, ReadTracker):
        return value.unread()
    if isinstance(value, list):
        return [path for item in value for path in _unread_in(item)]
    return []


def read_strictly(request: Mapping[str, Any], reader: Callable[[Mapping[str, Any]], T],
                  known: Mapping[str, frozenset[str]] | None = None) -> T:
    """Run ``reader`` on ``request`` and refuse the request if a field is unknown or unread.

    ``known`` (roll kind -> the fields its rules read, a system's ``fields``) refuses a top
    field before anything is read, naming the roll's own fields; fields inside entries are
    refused after the reading, when the reader never looked at them.
    """
    kind = str(request.get("roll"))
    own = (known or {}).get(kind)
    if own:
        for key in request:
            if key not in own and key not in CONTEXT_FIELDS:
                _refuse(key, kind, f"its fields are {', '.join(sorted(own))}")
    tracker = ReadTracker(request, opaque=CONTEXT_FIELDS)
    answer = reader(tracker)
    unread = tracker.unread(CONTEXT_FIELDS)
    if unread:
        _refuse(unread[0], kind, "check its spelling (see docs/contract.md)")
    return answer


def _refuse(field: str, kind: str, hint: str) -> None:
    article = "an" if kind[:1] in "aeiou" else "a"
    raise RequestError(f"{field}: not a field of {article} {kind} request, so it would be "
                       f"ignored; {hint}.")


def roll_kind(request: Mapping[str, Any], table: Mapping[str, object], system: str,
              odds: bool = False) -> str:
    """The request's ``"roll"``, a key of ``table``, or one sentence naming the choices."""
    if not isinstance(request, Mapping):
        raise RequestError("request: must be a JSON object such as {\"roll\": \"risk\", ...}.")
    kind = request.get("roll")
    if not isinstance(kind, str) or kind not in table:
        what = f"{system} roll with odds" if odds else f"{system} roll"
        raise RequestError(f"roll: {shown(kind)} is not a {what}; use one of {', '.join(table)}.")
    return kind


def seeded_dice(request: Mapping[str, Any], default: int | str | None = None) -> SeededDice:
    """The dice of a request: ``"seed"`` (a whole number or a string) makes them repeatable."""
    seed = request.get("seed", default)
    if seed is None:
        seed = default
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise RequestError("seed: must be a whole number or a string.")
    return SeededDice(seed)


def resolve(system: System, request: Mapping[str, Any],
            dice: SeededDice | None = None) -> dict[str, Any]:
    """``system.resolve`` read strictly: an unread field is refused, naming it."""
    rolled = seeded_dice(request) if dice is None else dice
    return read_strictly(request, lambda checked: system.resolve(checked, rolled), system.fields)


def odds(system: System, request: Mapping[str, Any]) -> dict[str, Any]:
    """``system.odds``, after the very reading :func:`resolve` makes (with fixed dice when the
    request has no seed), so both commands refuse the same requests with the same sentence."""
    resolve(system, request, seeded_dice(request, default=0))
    return system.odds(request)


def whole(field: str, value: object, lowest: int | None = None,
          highest: int | None = None) -> int:
    """A whole number (never a bool), within ``lowest``..``highest`` when given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{field}: must be a whole number, not {shown(value)}.")
    if lowest is not None and value < lowest:
        raise RuleError(f"{field}: must be {lowest} or more; got {value}.")
    if highest is not None and value > highest:
        raise RuleError(f"{field}: must be {highest} or less; got {value}.")
    return value
