"""What every system's moves share: the session they record through, and typed faces.

A session holds one moves object per system it has opened (composition: the session has no
system among its base classes). A system's moves build events of its own vocabulary and record
them through the session; the rules core folds each event or refuses it with one sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from oracle.dice import DiceSource, roll_many
from oracle.errors import RuleError

if TYPE_CHECKING:
    from oracle.app.session import Session
    from oracle.campaign import Campaign


def typed_faces(dice: DiceSource, count: int, given: Sequence[int] | None, field_name: str,
                sides: int = 6) -> tuple[int, ...]:
    """``count`` faces: the typed ones of physical dice (checked), or rolled from ``dice``."""
    if given is not None:
        if len(given) != count:
            noun = "face" if count == 1 else "faces"
            raise RuleError(f"{field_name}: this roll needs {count} {noun}; got {len(given)}.")
        for face in given:
            if not 1 <= face <= sides:
                raise RuleError(f"{field_name}: a d{sides} shows 1 to {sides}, not {face}.")
        return tuple(given)
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

    def record(self, event: Mapping[str, Any]) -> int:
        return self.session.record(event)

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
