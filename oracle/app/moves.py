"""What every system's moves share: the session they record through, and typed faces.

A session holds one moves object per system it has opened (composition: the session has no
system among its base classes). A system's moves build events of its own vocabulary and record
them through the session; the rules core folds each event or refuses it with one sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from oracle.dice import DiceSource, FixedDice, check_face, roll_many
from oracle.errors import RequestError, RuleError, shown
from oracle.systems import System

if TYPE_CHECKING:
    from oracle.app.session import Session
    from oracle.journal.campaign import Campaign


def typed_faces(dice: DiceSource, count: int, given: Sequence[int] | None, field_name: str,
                sides: int = 6) -> tuple[int, ...]:
    """``count`` faces: the typed ones of physical dice (checked), or rolled from ``dice``."""
    if given is not None:
        if len(given) != count:
            noun = "face" if count == 1 else "faces"
            raise RuleError(f"{field_name}: this roll needs {count} {noun}; got {len(given)}.")
        return tuple(check_face(field_name, face, sides) for face in given)
    return roll_many(dice, count)


class SystemMoves(Protocol):
    """What the session asks of any system's moves."""

    system: str

    def opened(self) -> None: ...

    def undone(self) -> None: ...

    def in_play(self) -> list[str]: ...

    def people(self, names: Sequence[str]) -> list[Any]: ...


class Moves:
    """The moves of one system over a session; each system's subclass adds its own."""

    system: str = ""

    def __init__(self, session: Session) -> None:
        self.session = session

    # What every move needs from the session.
    def require(self) -> Campaign:
        return self.session.require()

    def record(self, event: Mapping[str, Any],
               ready: Callable[[int, Any], None] | None = None) -> int:
        return self.session.record(event, ready)

    def dice(self, faces: Sequence[int] | None = None) -> DiceSource:
        return self.session.dice(faces)

    def changed(self) -> None:
        self.session.changed()

    @staticmethod
    def _faces(dice: DiceSource, count: int, given: Sequence[int] | None, field_name: str
               ) -> tuple[int, ...]:
        return typed_faces(dice, count, given, field_name)

    # Hooks the session calls; a system overrides those it needs.
    def opened(self) -> None:
        """A campaign of this system was opened: pick up where its journal stands."""

    def undone(self) -> None:
        """An entry was undone or the campaign closed: forget the newest roll."""

    def in_play(self) -> list[str]:
        """Names of the characters in play (the first becomes active)."""
        return []

    def people(self, names: Sequence[str]) -> list[Any]:
        """The characters the narrator should know about, by name (those that exist)."""
        return []


S = TypeVar("S")


class JournalMoves(Generic[S]):
    """Moves recorded through a :class:`~oracle.app.system_journal.SystemJournal`: the app's
    session, a bare campaign, or a scratch state (a notebook, a test)."""

    system = ""

    def __init__(self, source: Any, system: System) -> None:
        from oracle.app.system_journal import SystemJournal

        self.journal: SystemJournal[S] = SystemJournal(source, system)
        self.rules = system
        self.session = source

    def opened(self) -> None:
        """Nothing to restore: every result is drawn from the journal's state."""

    def undone(self) -> None:
        """Nothing kept between rolls."""

    def in_play(self) -> list[str]:
        return []  # these panels choose their roller per roll: no one is "active"

    def people(self, names: Sequence[str]) -> list[Any]:
        return []

    @property
    def state(self) -> S:
        return self.journal.state

    def record(self, event: Mapping[str, Any]) -> S:
        """Fold and journal one event (refused with one sentence, nothing written)."""
        return self.journal.record(event)

    def dice(self, typed: str = "") -> DiceSource:
        """Typed faces of physical dice (in rolling order), or the journal's own dice."""
        typed = typed.strip()
        if not typed:
            return self.journal.dice()
        words = typed.replace(",", " ").split()
        if not all(w.isdigit() for w in words):
            raise RequestError(f"faces: type whole numbers separated by spaces; got {shown(typed)}.")
        return FixedDice(int(w) for w in words)

    @staticmethod
    def all_used(dice: DiceSource) -> None:
        """Refuse typed faces the roll did not need (nothing is recorded then)."""
        left = getattr(dice, "remaining", ())
        if left:
            raise RuleError(f"faces: {len(left)} typed face(s) were not needed by this roll; "
                            f"nothing was recorded.")

    def resolve(self, request: Mapping[str, Any], typed: str = "") -> dict[str, Any]:
        """Resolve ``request`` with typed faces (all of them used) or the journal's dice."""
        dice = self.dice(typed)
        result = self.rules.resolve(request, dice)
        self.all_used(dice)
        return result
