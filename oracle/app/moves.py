"""The one family of app moves, and the one table they record through.

A session holds one moves object per system it has opened (composition: the session has no
system among its base classes). Every system's moves subclass :class:`Moves`: they choose faces
(the campaign's seeded dice, or faces typed from physical dice, read by :func:`read_faces` on
every screen alike), build events of their system's vocabulary, and record them through one
path, :meth:`Moves.record`, into a :class:`Table`: the app's :class:`~oracle.app.session.Session`,
a bare campaign (:class:`CampaignTable`) or a scratch table with no campaign
(:class:`ScratchTable`, for a notebook or a test). The rules core folds each event or refuses it
with one sentence, nothing written. A settled roll is voiced through :meth:`Table.speak`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from oracle.dice import DiceSource, FixedDice, SeededDice, check_face, roll_many
from oracle.errors import RequestError, RuleError, shown
from oracle.systems import System
from oracle.wording import plural

if TYPE_CHECKING:
    from oracle.journal.campaign import Campaign

Ready = Callable[[int, Any], None]
"""``ready(seq, state)``: draws a move while it is written (``Campaign.append``'s hook)."""


def read_faces(field: str, value: str, expected: int | None = None,
               sides: int | None = None) -> tuple[int, ...]:
    """Faces typed by a player for physical dice ("4 1", "4,1" or "4;1"), on every screen.

    Each is a whole number (from 1 to ``sides`` when the screen knows its die; otherwise the
    rules check each die's range); ``expected`` is how many the roll needs.
    """
    parts = [p for p in re.split(r"[\s,;]+", value.strip()) if p]
    faces: list[int] = []
    for part in parts:
        if not part.isdigit() or (sides is not None and not 1 <= int(part) <= sides):
            span = "" if sides is None else f" from 1 to {sides}"
            raise RuleError(f"{field}: each face is a whole number{span}; got {shown(part)}.")
        faces.append(int(part))
    if expected is not None and len(faces) != expected:
        noun = "face" if expected == 1 else "faces"
        raise RuleError(f"{field}: this roll needs {expected} {noun}; got {len(faces)}.")
    return tuple(faces)


def typed_faces(dice: DiceSource, count: int, given: Sequence[int] | None, field_name: str,
                sides: int = 6) -> tuple[int, ...]:
    """``count`` faces: the typed ones of physical dice (checked), or rolled from ``dice``."""
    if given is not None:
        if len(given) != count:
            noun = "face" if count == 1 else "faces"
            raise RuleError(f"{field_name}: this roll needs {count} {noun}; got {len(given)}.")
        return tuple(check_face(field_name, face, sides) for face in given)
    return roll_many(dice, count)


class Table(Protocol):
    """Where moves are recorded: the app's Session, a bare campaign, or a scratch table."""

    @property
    def playing(self) -> str | None:
        """The system of the open campaign (None while none is open)."""

    @property
    def state(self) -> Any: ...

    def record(self, event: Mapping[str, object], ready: Ready | None = None) -> int: ...

    def dice(self, faces: Sequence[int] | None = None) -> DiceSource: ...

    def changed(self) -> None: ...

    def speak(self, beat: str, result: Mapping[str, object], *, intent: str = "",
              refers_to: int | None = None, who: Sequence[str] = ()) -> None:
        """Voice a settled result (the page streams it; a table with no narrator is silent)."""


class CampaignTable:
    """A bare campaign as a table (a notebook, a test): recorded, never voiced."""

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign

    @property
    def playing(self) -> str | None:
        return self.campaign.system.name

    @property
    def state(self) -> Any:
        return self.campaign.state

    def record(self, event: Mapping[str, object], ready: Ready | None = None) -> int:
        return self.campaign.append(event, ready)[0]

    def dice(self, faces: Sequence[int] | None = None) -> DiceSource:
        return FixedDice(faces) if faces is not None else self.campaign.dice()

    def changed(self) -> None:
        """Nothing listens."""

    def speak(self, beat: str, result: Mapping[str, object], *, intent: str = "",
              refers_to: int | None = None, who: Sequence[str] = ()) -> None:
        """No narrator."""


class ScratchTable:
    """A table with no campaign: events folded in memory (a view tried out on its own)."""

    def __init__(self, system: System) -> None:
        self.playing: str | None = system.name
        self._system = system
        self.state: Any = system.new_state()
        self._seq = 0
        self._dice = SeededDice(f"{system.name}-scratch")

    def record(self, event: Mapping[str, object], ready: Ready | None = None) -> int:
        state = self._system.apply(self.state, event)
        if ready is not None:
            ready(self._seq + 1, state)
        self.state, self._seq = state, self._seq + 1
        return self._seq

    def dice(self, faces: Sequence[int] | None = None) -> DiceSource:
        return FixedDice(faces) if faces is not None else self._dice

    def changed(self) -> None:
        """Nothing listens."""

    def speak(self, beat: str, result: Mapping[str, object], *, intent: str = "",
              refers_to: int | None = None, who: Sequence[str] = ()) -> None:
        """No narrator."""


def table_of(source: Table | Campaign | None, system: System) -> Table:
    """``source`` as a table: a session as it is, a bare campaign, or a scratch table."""
    from oracle.journal.campaign import Campaign

    if source is None:
        return ScratchTable(system)
    if isinstance(source, Campaign):
        return CampaignTable(source)
    return source


class SystemMoves(Protocol):
    """What the session asks of any system's moves."""

    system: str

    def opened(self) -> None: ...

    def undone(self) -> None: ...

    def in_play(self) -> list[str]: ...

    def people(self, names: Sequence[str]) -> list[object]: ...

    def voiced_result(self, beat: str, result: Mapping[str, Any], who: Sequence[str]
                      ) -> Mapping[str, Any]: ...


S = TypeVar("S")


class Moves(Generic[S]):
    """The moves of one system over a table; each system's subclass adds its own.

    Every move records through :meth:`record` (the table's one path), whichever the system.
    """

    system: str = ""

    def __init__(self, session: Table) -> None:
        self.session = session

    @property
    def rules(self) -> System:
        from oracle.systems import find_system

        return find_system(self.system)

    @property
    def state(self) -> S:
        """The table's folded state (an empty one while it plays another system or none)."""
        if self.session.playing != self.system:
            empty: S = self.rules.new_state()
            return empty
        state: S = self.session.state
        return state

    def check_table(self) -> None:
        """Refuse a move while the table plays another system (or none), in one sentence."""
        playing = self.session.playing
        if playing == self.system:
            return
        title = self.rules.title
        if playing is None:
            raise RequestError(f"campaign: open a {title} campaign first.")
        raise RuleError(f"campaign: this campaign plays {playing}; open or start a "
                        f"{title} campaign for this tab.")

    def record(self, event: Mapping[str, object], ready: Ready | None = None) -> int:
        """Record one event (the rules first; nothing written if refused); its entry number."""
        self.check_table()
        return self.session.record(event, ready)

    def dice(self, faces: Sequence[int] | None = None) -> DiceSource:
        return self.session.dice(faces)

    def changed(self) -> None:
        self.session.changed()

    def speak(self, result: Mapping[str, object], *, refers_to: int | None = None,
              beat: str | None = None, intent: str = "", who: Sequence[str] = ()) -> None:
        """Voice a settled result with its system's beat (narration never changes the table)."""
        from oracle.narrator.beats import beat_for_result

        self.session.speak(beat or beat_for_result(self.system, result), result, intent=intent,
                           refers_to=refers_to, who=who)

    @staticmethod
    def _faces(dice: DiceSource, count: int, given: Sequence[int] | None, field_name: str
               ) -> tuple[int, ...]:
        return typed_faces(dice, count, given, field_name)

    def typed_dice(self, typed: str = "") -> DiceSource:
        """Typed faces of physical dice (in rolling order), or the table's own dice."""
        if not typed.strip():
            self.check_table()
            return self.session.dice()
        return FixedDice(read_faces("faces", typed))

    @staticmethod
    def all_used(dice: DiceSource) -> None:
        """Refuse typed faces the roll did not need (nothing is recorded then)."""
        left = getattr(dice, "remaining", ())
        if left:
            raise RuleError(f"faces: {plural(len(left), 'typed face')} "
                            f"{'was' if len(left) == 1 else 'were'} not needed by this roll; "
                            f"nothing was recorded.")

    def resolve(self, request: Mapping[str, object], typed: str = "") -> dict[str, Any]:
        """Resolve ``request`` with typed faces (all of them used) or the table's dice."""
        dice = self.typed_dice(typed)
        result = self.rules.resolve(request, dice)
        self.all_used(dice)
        return result

    # Hooks the session calls; a system overrides those it needs.
    def opened(self) -> None:
        """A campaign of this system was opened: pick up where its journal stands."""

    def undone(self) -> None:
        """An entry was undone or the campaign closed: forget the newest roll."""

    def in_play(self) -> list[str]:
        """Names of the characters in play (the first becomes active)."""
        return []

    def people(self, names: Sequence[str]) -> list[object]:
        """The characters the narrator should know about, by name (those that exist)."""
        return []

    def voiced_result(self, beat: str, result: Mapping[str, Any], who: Sequence[str]
                      ) -> Mapping[str, Any]:
        """What ``beat`` voiced about ``who`` of the recorded ``result`` (the X-card voices
        it again after a reload, or in another tab): the result itself, unless a system
        voices one person's part of it on its own (a helper lost on another's roll)."""
        return result
