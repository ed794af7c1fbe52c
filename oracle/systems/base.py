"""What every game system is, as one class: its facts as class attributes, its rules as methods.

Modelled on python-chess's variants (``chess/variant.py``): each system is a subclass of
:class:`System` that fills in the same attributes, so generic code (the CLI, the journal and its
exports, the narrator, the app shell) asks the system and never branches on its name. The words
of a journal entry are written once, by its system, as a :class:`Line`; renderers (plain text, the
app's HTML, Markdown, Lonelog) style its parts (avrae/d20's ``Stringifier`` is the model).

This module is pure: standard library only, no system imported.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from oracle.dice import DiceSource

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


class System(ABC):
    """One game system: every system fills in exactly these attributes and methods."""

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
    fields: ClassVar[Mapping[str, frozenset[str]]]
    """Roll kind -> the request fields its rules read (besides the context fields)."""
    offline_tables: ClassVar[tuple[str, ...]]
    """The offline narrator's tables (``prompts/offline/<table>.txt``) this system's beats use."""

    @abstractmethod
    def resolve(self, request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
        """One request of ``shared/contract/resolve.md`` to its result (count fields rolled)."""

    @abstractmethod
    def odds(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Exact odds for the same request shapes, as JSON-ready fractions."""

    @abstractmethod
    def new_state(self) -> Any:
        """The state of a campaign with no events."""

    @abstractmethod
    def apply(self, state: Any, event: Mapping[str, Any]) -> Any:
        """Fold one rules event into the state, or raise a RuleError/RequestError."""

    @abstractmethod
    def journal_line(self, event: Mapping[str, Any],
                     outcome: Mapping[str, Any] | None = None) -> Line:
        """One rules event (and the result it had, when known) in words."""

    @abstractmethod
    def beat(self, outcome: Mapping[str, Any]) -> str:
        """The narration beat that voices a resolved result (``"roll"`` when none fits)."""
