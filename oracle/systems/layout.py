"""A system packaged in the common layout answers through its modules' functions, written once.

Every system package has the same modules (issue 8): ``requests`` (``FIELDS``, ``RESOLVERS``,
``resolve``), ``odds.requests`` (``ODDS``, ``odds_for_request``), ``fold`` (``new_state``,
``apply``) and ``words`` (``journal_line``, ``beat``). A :class:`PackagedSystem` subclass names
its package (``class Trophy(PackagedSystem, package="oracle.trophy")``) and its words; the rest
of :class:`~oracle.systems.base.System` is filled in here from those modules.

More modules are optional and imported only when first asked (``oracle resolve`` pays for
none): ``narration`` (``BEATS``, ``facts``, ``settled``, ``closing``, ``tell``, ``header``,
``summary``, ``characters``: what the narrator asks), ``inspire`` (``INSPIRATION``: what
``oracle inspire`` offers), ``solo`` (``dread``, ``GENERATORS``, ``TABLE_USES``: what the solo
layer asks) and ``story`` (``cue``, ``changes``: what the journal's story memory and exports
ask). A function a module leaves out keeps :class:`System`'s default.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from oracle.dice import DiceSource
from oracle.systems.base import Deal, Generator, Inspiration, Line, Settled, StoryCue, System
from oracle.systems.beats import BeatSpec

if TYPE_CHECKING:
    from oracle.narrator.base import NarrationContext


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
    _package: ClassVar[str]
    _optional: ClassVar[dict[str, ModuleType | None]]

    def __init_subclass__(cls, package: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not package:
            return
        cls._package = package
        cls._optional = {}
        cls._requests = importlib.import_module(f"{package}.requests")
        cls._odds = importlib.import_module(f"{package}.odds.requests")
        cls._fold = importlib.import_module(f"{package}.fold")
        cls._words = importlib.import_module(f"{package}.words")
        cls.roll_kinds = tuple(cls._requests.RESOLVERS)
        cls.odds_kinds = tuple(cls._odds.ODDS)
        cls.fields = cls._requests.FIELDS
        cls.event_types = tuple(cls._fold.APPLIERS)

    def resolve(self, request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
        """One request of ``docs/contract.md`` to its result (``requests.resolve``)."""
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

    def apply_older(self, state: Any, event: Mapping[str, Any]) -> Any | None:
        """``fold.apply_older`` when the fold has older rulings to honour; else None."""
        older = getattr(self._fold, "apply_older", None)
        return None if older is None else older(state, event)

    def journal_line(self, event: Mapping[str, Any],
                     outcome: Mapping[str, Any] | None = None) -> Line:
        """One event in words (``words.journal_line``)."""
        line: Line = self._words.journal_line(event, outcome)
        return line

    def beat(self, outcome: Mapping[str, Any]) -> str:
        """The narration beat of a result (``words.beat``)."""
        return str(self._words.beat(outcome))

    @classmethod
    def _hook(cls, module: str, name: str) -> Any:
        """``<package>.<module>.<name>``, or None when the package has no such module or name."""
        if module not in cls._optional:
            full = f"{cls._package}.{module}"
            found = importlib.util.find_spec(full) is not None
            cls._optional[module] = importlib.import_module(full) if found else None
        return getattr(cls._optional[module], name, None)

    def _call(self, module: str, name: str, *args: Any) -> Any:
        hook: Callable[..., Any] | None = self._hook(module, name)
        return None if hook is None else hook(*args)

    def beats(self) -> tuple[BeatSpec, ...]:
        """Its own beats (``narration.BEATS``)."""
        return tuple(self._hook("narration", "BEATS") or ())

    def facts(self, outcome: Mapping[str, Any]) -> list[str]:
        """The settled facts in words (``narration.facts``)."""
        return list(self._call("narration", "facts", outcome) or [])

    def closing(self, beat: str, outcome: Mapping[str, Any], name: str) -> str:
        """The closing sentence of one of its beats (``narration.closing``)."""
        return str(self._call("narration", "closing", beat, outcome, name) or "")

    def tell(self, beat: str, context: NarrationContext, deal: Deal, name: str,
             table: str) -> str | None:
        """The offline text of a beat it tells itself (``narration.tell``)."""
        told = self._call("narration", "tell", beat, context, deal, name, table)
        return None if told is None else str(told)

    def header(self, beat: str, context: NarrationContext, name: str, tries: str, place: str,
               thing: str) -> str | None:
        """The line above a listing beat's offers (``narration.header``)."""
        said = self._call("narration", "header", beat, context, name, tries, place, thing)
        return None if said is None else str(said)

    def summary(self, outcome: Mapping[str, Any]) -> list[str]:
        """Short phrases of a result's facts (``narration.summary``)."""
        return list(self._call("narration", "summary", outcome) or [])

    def settled(self, outcome: Mapping[str, Any]) -> Settled:
        """What a result settles, for the referee (``narration.settled``)."""
        found: Settled | None = self._call("narration", "settled", outcome)
        return Settled() if found is None else found

    def characters(self, request: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The characters a request names (``narration.characters``)."""
        found = self._call("narration", "characters", request, self.unnamed.roller)
        return super().characters(request) if found is None else list(found)

    def inspiration(self) -> Inspiration | None:
        """What ``oracle inspire`` offers (``inspire.INSPIRATION``)."""
        found: Inspiration | None = self._hook("inspire", "INSPIRATION")
        return found

    def dread(self, state: Any) -> int | None:
        """The dread its state gives (``solo.dread``)."""
        value = self._call("solo", "dread", state)
        return None if value is None else int(value)

    def generators(self) -> Mapping[str, Generator]:
        """Its generators (``solo.GENERATORS``)."""
        made: Mapping[str, Generator] = self._hook("solo", "GENERATORS") or {}
        return made

    def table_uses(self) -> Mapping[str, Callable[[str, str], object]]:
        """The own-table uses it reads (``solo.TABLE_USES``)."""
        uses: Mapping[str, Callable[[str, str], object]] = self._hook("solo", "TABLE_USES") or {}
        return uses

    def story_cue(self, event_type: str, data: Mapping[str, Any],
                  outcome: Mapping[str, Any]) -> StoryCue:
        """What a rules event tells the story memory (``story.cue``)."""
        cue: StoryCue | None = self._call("story", "cue", event_type, data, outcome)
        return StoryCue() if cue is None else cue

    def changes(self, data: Mapping[str, Any], outcome: Mapping[str, Any]
                ) -> list[tuple[str, str]]:
        """What a rules event changed, in words and as Lonelog tags (``story.changes``)."""
        return list(self._call("story", "changes", data, outcome) or [])
