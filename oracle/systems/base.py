"""What every game system is, as one class: its facts as class attributes, its rules as methods.

Modelled on python-chess's variants (``chess/variant.py``): each system is a subclass of
:class:`System` that fills in the same attributes, so generic code (the CLI, the journal and its
exports, the narrator, the app shell) asks the system and never branches on its name. The words
of a journal entry are written once, by its system, as a :class:`Line`; renderers (plain text, the
app's HTML, Markdown, Lonelog) style its parts (avrae/d20's ``Stringifier`` is the model).

This module is pure: standard library only, no system imported.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from oracle.dice import DiceSource
from oracle.systems.beats import BeatSpec

if TYPE_CHECKING:
    from oracle.narrator.base import NarrationContext

# The role of a piece of a journal line: plain text, who acts (bold in HTML and Markdown), what
# they said they attempt (quoted), and the result that decided (emphasised).
Role = Literal["text", "who", "said", "result"]
Part = tuple[Role, str]
# How the app colours a line: a roll, a Ruin change, bookkeeping, or narration.
Kind = Literal["roll", "ruin", "meta", "narration"]


def text(value: object) -> Part:
    """A plain piece of a line."""
    return ("text", str(value))


def who(value: object) -> Part:
    """The one who acts."""
    return ("who", str(value))


def said(value: object) -> Part:
    """What the character says they attempt, quoted by every renderer."""
    return ("said", str(value))


def result(value: object) -> Part:
    """The result that decided."""
    return ("result", str(value))


@dataclass(frozen=True)
class Line:
    """One journal entry in words: its kind and its parts, unstyled and unescaped."""

    kind: Kind
    parts: tuple[Part, ...]

    @classmethod
    def of(cls, kind: Kind, *parts: Part | str) -> Line:
        """A line from parts; a bare string is a plain piece."""
        return cls(kind, tuple(text(p) if isinstance(p, str) else p for p in parts))

    def plain(self) -> str:
        """The line as plain text (what the narrator reads and the one-line summaries show)."""
        return "".join(f"“{value}”" if role == "said" else value for role, value in self.parts)


@dataclass(frozen=True)
class Unnamed:
    """How a system speaks of a roller the player has not named, their trade, and where."""

    roller: str
    trade: str
    place: str


Deal = Callable[..., list[str]]
"""``deal(table, count=1, grade=None) -> [text, ...]``: the offline narrator's cards, filled in."""


@dataclass(frozen=True)
class StoryCue:
    """What one rules event tells the journal's story memory beyond its generic fields.

    ``said``: what the event's stated ``action`` is (what the character attempts, a betrayal
    stated to shed Ruin, a sight seen, or the stake of a contest); ``fight_over``: the fight under way ends;
    ``condition``: ``(who, condition, removed)`` when a Condition is marked or removed;
    ``gone``: ``(who, how)`` when a character leaves the story (``how`` in words: "died");
    ``lost``: ``(who, how)`` of each character the event leaves out of play with their end still
    to be settled (a later ``gone`` says how it ended); ``kept``: those an earlier ``lost`` named
    whom this event puts back in play (a Ruin corrected, say).
    """

    said: Literal["intent", "betrayal", "sight", "stake"] = "intent"
    fight_over: bool = False
    condition: tuple[str, str, bool] | None = None
    gone: tuple[str, str] | None = None
    lost: tuple[tuple[str, str], ...] = ()
    kept: tuple[str, ...] = ()


@dataclass(frozen=True)
class Count:
    """A number a result settles that a narration may state, and how prose states it.

    ``pattern`` is a regular expression with ``<n>`` where the number stands (the referee puts
    its own reading of digits and number words there); a number it finds outside ``values`` is
    wrong, and ``reason`` says why (``{said}``: the number as written, ``{values}``: the sorted
    values). ``open_when_empty``: with no values, any number passes (the result says nothing).
    """

    pattern: str
    values: frozenset[int]
    reason: str
    open_when_empty: bool = False


@dataclass(frozen=True)
class Settled:
    """What a result settles, in the words the referee checks a narration against.

    ``verdict``: ``"success"``, ``"critical_success"``, ``"failure"``, ``"critical_failure"``,
    ``"complication"`` or empty (no verdict to keep); ``dies``: a character dies; ``lost``: a
    character is lost (their end is the player's to choose); ``defeated``: the foe beaten (True)
    or still standing (False) after a fight, None when no fight is settled; ``hit``: an attack
    hit or missed (None: no attack); ``against_foe``: the roll is made against the story's
    foe (a Trophy Risk Roll against the monster: the foe is named to the narrator);
    ``people``: the names of everyone the result lists;
    ``totals``: the totals it holds (prose may say "a total of 9"), and ``total_words`` the
    words besides "total" that name one; ``counts``: its other numbers prose may state;
    ``down``: the character is down and unable to act (dying or unconscious, not dead);
    ``act``: what the roll itself attempts, in a verb, when the player types no attempt for it
    (a hide roll: ``"hide"``); ``winner``: the name of a contest's winner (empty: none);
    ``presence``: what a hunt found, ``"present"``, ``"distant"`` or ``"none"`` (empty: no hunt);
    ``tie``: a contest that settled no winner (no one of ``people`` may be told ahead);
    ``harmed``: whether an attack that connected did the foe any harm (False: its defense took
    the whole blow; None: not settled apart from ``hit``).
    """

    verdict: str = ""
    dies: bool = False
    lost: bool = False
    defeated: bool | None = None
    hit: bool | None = None
    against_foe: bool = False
    people: tuple[str, ...] = ()
    totals: frozenset[int] = frozenset()
    total_words: tuple[str, ...] = ()
    counts: tuple[Count, ...] = ()
    down: bool = False
    act: str = ""
    winner: str = ""
    presence: str = ""
    tie: bool = False
    harmed: bool | None = None


def values_under(result: object, keys: Sequence[str] | frozenset[str]) -> frozenset[int]:
    """Every integer under one of ``keys``, anywhere in ``result`` (nested lists and mappings)."""
    wanted = set(keys)
    found: set[int] = set()
    stack: list[object] = [result]
    while stack:
        value = stack.pop()
        if isinstance(value, Mapping):
            for key, item in value.items():
                if key in wanted and isinstance(item, int) and not isinstance(item, bool):
                    found.add(item)
                stack.append(item)
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
    return frozenset(found)


def entries(result: Mapping[str, Any], keys: Sequence[str]) -> list[Mapping[str, Any]]:
    """The named entries a result lists under ``keys`` (its helpers, its fighters...)."""
    found: list[Mapping[str, Any]] = []
    for key in keys:
        listed = result.get(key)
        if isinstance(listed, (list, tuple)):
            found += [e for e in listed if isinstance(e, Mapping)]
    return found


def actor(data: Mapping[str, Any], result: Mapping[str, Any]) -> str | None:
    """Who a rules event is about: the first ``name``, ``character`` or ``roller`` given as
    text in the event, then its result, then the character sheet it carries (None: nobody)."""
    character = data.get("character")
    sources = [data, result] + ([character] if isinstance(character, Mapping) else [])
    for source in sources:
        for key in ("name", "character", "roller"):
            value = source.get(key)
            if isinstance(value, str) and value:
                return value
    return None


@dataclass(frozen=True)
class InspireOption:
    """One option of ``oracle inspire`` that a system's ideas read (``--outcome``): its flag,
    help, the values it takes (none: any), or a ``switch`` taking no value (False unless
    given). Its value reaches :attr:`Inspiration.roll` under the flag's name (``"outcome"``)."""

    flag: str
    help: str
    choices: tuple[str, ...] = ()
    switch: bool = False


@dataclass(frozen=True)
class Inspiration:
    """What ``oracle inspire`` offers from one system.

    ``beats``: the beats it offers, in the order the help lists them (the generic ``"oracle"``
    may stand among them); ``glossary``: words for the help (``"wrong = what could go
    wrong"``); ``options``: the options its results read; ``questions``: the beats whose
    ``--context`` is a question asked; ``places``: those whose ``--context`` names the place
    when it reads as one; ``roll(beat, options, dice)``: the settled result a beat is voiced
    with (dice decide what the GM did not give; None: the bare ``{"roll": beat}``).
    """

    beats: tuple[str, ...]
    glossary: tuple[str, ...] = ()
    options: tuple[InspireOption, ...] = ()
    questions: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    roll: Callable[[str, Mapping[str, Any], DiceSource], Mapping[str, Any] | None] | None = None


@dataclass(frozen=True)
class Generator:
    """One kind of thing a system generates (a character, a monster, a name...).

    ``make(dice, taken)`` gives what ``oracle generate`` prints (a JSON-ready dict, or a bare
    name), avoiding the names already ``taken``. ``button`` is the word on the app's Generate
    button (``"foe"``: "Generate a foe", class ``oracle-generate-foe``; empty: no button), and
    ``event(dice, taken)`` the journal event that button records.
    """

    make: Callable[[DiceSource, Sequence[str]], Mapping[str, Any] | str]
    button: str = ""
    event: Callable[[DiceSource, Sequence[str]], Mapping[str, Any]] | None = None


class System(ABC):
    """One game system: every system fills in exactly these attributes and methods.

    The abstract methods are the rules. The rest have a default that says nothing, so a system
    fills in only what it has: the narrator, the solo layer, the journal and the app ask the
    system through these and never read its event names, request fields or result words.
    """

    name: ClassVar[str]
    """The registry key and the campaign file's ``system`` (``"trophy"``)."""
    title: ClassVar[str]
    """Its full title, as the campaign picker shows it."""
    tagline: ClassVar[str]
    """The line under the app's brand while a campaign of this system is open."""
    unnamed: ClassVar[Unnamed]
    """The words for an unnamed roller."""
    roll_kinds: ClassVar[tuple[str, ...]]
    """The ``"roll"`` values ``resolve`` accepts."""
    odds_kinds: ClassVar[tuple[str, ...]]
    """The ``"roll"`` values ``odds`` accepts."""
    event_types: ClassVar[tuple[str, ...]] = ()
    """The rules events its ``apply`` folds (``"risk_rolled"``, ...)."""
    fields: ClassVar[Mapping[str, frozenset[str]]]
    """Roll kind -> the request fields its rules read (besides the context fields)."""
    offline_tables: ClassVar[tuple[str, ...]]
    """The offline narrator's tables this system's beats use (its own in ``<folder>/offline/``,
    or the generic ones in ``oracle/prompts/offline/``)."""
    rule_words: ClassVar[frozenset[str]] = frozenset()
    """Result fields whose text values are rules words (``"outcome"``), never player text: the
    prompt repeats them bare."""
    dice_fields: ClassVar[frozenset[str]] = frozenset()
    """Request fields of dice and numbers (faces as rolled) a prompt may repeat."""
    plain_fields: ClassVar[tuple[str, ...]] = ()
    """Result fields (besides ``total``, ``dealt``, ``power``, ``sum``) the offline narrator's
    plain sentence may name when no system's :meth:`summary` gives a phrase (``"degree"``)."""
    brief_keys: ClassVar[tuple[str, ...]] = ()
    """The sheet fields (besides ``name``) the narrator may tell of a character."""
    dread_words: ClassVar[str] = ""
    """The sentence that says what moves this system's dread (empty: set by hand only)."""
    credit: ClassVar[str] = ""
    """The credit its licence asks for, shown in the app's footer (plain text)."""
    app: ClassVar[str | None] = None
    """The module whose ``OFFERING`` the app mounts for a campaign of this system (None: the
    app's generic panel)."""

    @abstractmethod
    def resolve(self, request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
        """One request of ``docs/contract.md`` to its result (count fields rolled)."""

    @abstractmethod
    def odds(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Exact odds for the same request shapes, as JSON-ready fractions."""

    @abstractmethod
    def new_state(self) -> Any:
        """The state of a campaign with no events."""

    @abstractmethod
    def apply(self, state: Any, event: Mapping[str, Any]) -> Any:
        """Fold one rules event into the state, or raise a RuleError/RequestError."""

    def apply_older(self, state: Any, event: Mapping[str, Any]) -> Any | None:
        """A stored event :meth:`apply` refuses, folded under the older ruling it was made
        under, or None (the default: no older ruling). Replay alone asks it; new moves never."""
        return None

    @abstractmethod
    def journal_line(self, event: Mapping[str, Any],
                     outcome: Mapping[str, Any] | None = None) -> Line:
        """One rules event (and the result it had, when known) in words."""

    @abstractmethod
    def beat(self, outcome: Mapping[str, Any]) -> str:
        """The narration beat that voices a resolved result (``"roll"`` when none fits)."""

    # --- Where its files are ---

    _where: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        module = sys.modules.get(cls.__module__)
        cls._where = str(getattr(module, "__file__", "") or "")

    def folder(self) -> Path:
        """The system's own folder (where its class is written): ``offline/`` (tables) and
        ``prompts/`` (beat templates)."""
        return Path(self._where).resolve().parent

    # --- What the narrator asks ---

    def beats(self) -> tuple[BeatSpec, ...]:
        """Its own narrative beats (each with a prompt ``<folder>/prompts/<beat>.j2``)."""
        return ()

    def facts(self, outcome: Mapping[str, Any]) -> list[str]:
        """The settled facts of a result in words, one sentence each, for the model to keep."""
        return []

    def closing(self, beat: str, outcome: Mapping[str, Any], name: str) -> str:
        """The sentence the offline narrator ends one of this system's beats with."""
        return ""

    def tell(self, beat: str, context: NarrationContext, deal: Deal, name: str,
             table: str) -> str | None:
        """The offline narrator's whole text for a beat this system tells itself (None: a card
        from ``table`` and :meth:`closing`)."""
        return None

    def header(self, beat: str, context: NarrationContext, name: str, tries: str, place: str,
               thing: str) -> str | None:
        """The line above a listing beat's offers (None: the beat's name)."""
        return None

    def summary(self, outcome: Mapping[str, Any]) -> list[str]:
        """A result's facts as short phrases for one plain sentence ([]: its plain fields)."""
        return []

    def settled(self, outcome: Mapping[str, Any]) -> Settled:
        """What a result settles (its verdict, deaths, the foe's state, its numbers), for the
        referee that checks a narration against it."""
        return Settled()

    def inspiration(self) -> Inspiration | None:
        """What ``oracle inspire`` offers from this system (None: nothing)."""
        return None

    def characters(self, request: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The characters a request names, the roller first, as the narrator's briefs."""
        if isinstance(request.get("name"), str):
            return [{"name": request["name"]}]
        return [{"name": self.unnamed.roller}]

    # --- What the solo layer asks ---

    def dread(self, state: Any) -> int | None:
        """The dread (1..9) the campaign's state gives (None: the default dread)."""
        return None

    def generators(self) -> Mapping[str, Generator]:
        """What ``oracle generate`` and the app's Generate buttons make: kind -> maker."""
        return {}

    def meaning_folder(self) -> Path | None:
        """The folder of its genre's meaning tables (``places``, ``characters``, ``creatures``,
        ``omens``, one ``.txt`` each): ``<folder>/meaning/`` when it has one, else None (the
        default system's genre is used for it)."""
        found = self.folder() / "meaning"
        return found if found.is_dir() else None

    def table_uses(self) -> Mapping[str, Callable[[str, str], object]]:
        """The uses of a player's own tables this system reads besides the solo layer's own
        (names, sets, answers): use -> ``check(line, where)``, raising a RequestError that
        starts with ``where`` for a line it cannot read. A table named ``<use>`` or
        ``<use>-*`` is meant for it (Trophy: ``bestiary``)."""
        return {}

    # --- What the journal asks ---

    def story_cue(self, event_type: str, data: Mapping[str, Any],
                  outcome: Mapping[str, Any]) -> StoryCue:
        """What a rules event (and its result) tells the story memory."""
        return StoryCue()

    def changes(self, data: Mapping[str, Any], outcome: Mapping[str, Any]
                ) -> list[tuple[str, str]]:
        """What a rules event changed, each as words (``"Mara Ruin 2 -> 3"``) and as a Lonelog
        status tag (``"PC:Mara|Ruin 3"``)."""
        return []

    def last_result(self, state: Any) -> Mapping[str, Any] | None:
        """The result of the newest rules event folded into ``state`` (None: not kept)."""
        return None
