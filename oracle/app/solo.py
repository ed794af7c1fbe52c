"""The solo layer in a session: the oracle with odds and dread, scenes, threads and characters.

Every system gets it. Each ask and scene is journalled as a meta event (``oracle``, ``scene``)
with its likelihood, dread, exact odds, dice and twist; threads and characters are ``list_item``
events (:mod:`oracle.journal.lists`). Dread is the campaign's own (read from its state by
:func:`oracle.solo.pressure.campaign_dread`) unless the player set it (a ``dread`` preference).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from oracle import events
from oracle.dice import DiceSource, FixedDice
from oracle.errors import RequestError, RuleError, shown
from oracle.journal.lists import LISTS, Lists
from oracle.solo.answers import DEFAULT_DREAD, AskOdds, ask_odds, check_dread
from oracle.solo.asking import AskResult, ask, odds_json
from oracle.solo.meaning_tables import (
    ABOUT,
    DEFAULT_GENRE,
    Table,
    all_tables,
    check_count,
    draw,
    find_table,
    genres,
)
from oracle.solo.own_answers import is_answers, pick_answers, read_answers
from oracle.solo.own_tables import folder_tables, use_of, using
from oracle.solo.pressure import campaign_dread
from oracle.solo.scene_end import SceneEnd, dread_with, end_scene
from oracle.solo.scenes import Scene, new_scene
from oracle.solo.twists import CHARACTER_KINDS, THREAD_KINDS, Twist

if TYPE_CHECKING:
    from oracle.app.session import Session

DREAD_KEY = "dread"  # the preference holding a dread the player set (None: the campaign's)


@dataclass(frozen=True)
class Asked:
    """One question asked in play: the oracle's result and its journal entry."""

    result: AskResult
    seq: int

    def to_dict(self) -> dict[str, Any]:
        return {**self.result.to_dict(), "seq": self.seq}


class TypedThenRolled:
    """Typed faces of physical dice first, then the campaign's dice (a twist's tables)."""

    def __init__(self, typed: Sequence[int], then: DiceSource) -> None:
        self.typed = FixedDice(typed)
        self.then = then

    def roll(self, sides: int) -> int:
        return self.typed.roll(sides) if self.typed.remaining else self.then.roll(sides)


def _dice(faces: Sequence[int] | None, count: int, then: DiceSource) -> DiceSource:
    """The typed ``count`` d10 faces (checked) followed by ``then``, or ``then`` alone."""
    if faces is None:
        return then
    if len(faces) != count:
        raise RuleError(f"faces: type {count} d10 faces; got {len(faces)}.")
    for face in faces:
        if not 1 <= face <= 10:
            raise RuleError(f"faces: a d10 shows 1 to 10, not {face}.")
    return TypedThenRolled(faces, then)


def own_in(table: object, keep: bool = True) -> AbstractContextManager[None]:
    """The player's own tables in use for a move on ``table``: a session's (its Solo), or none
    for a bare campaign or a scratch table."""
    solo = getattr(table, "solo", None)
    return solo.using_own(keep) if isinstance(solo, Solo) else nullcontext()


class Solo:
    """The solo oracle, scenes and lists of one session's open campaign."""

    def __init__(self, session: Session) -> None:
        self.session = session

    # -- dread -------------------------------------------------------------------------------

    @property
    def campaign_dread(self) -> int:
        """The dread the campaign's numbers give (Trophy: Ruin, sets cleared, days)."""
        campaign = self.session.campaign
        if campaign is None:
            return DEFAULT_DREAD
        return campaign_dread(campaign.system.name, campaign.state)

    @property
    def set_dread(self) -> int | None:
        """The dread the player set, or None when the campaign's own is used."""
        campaign = self.session.campaign
        value = None if campaign is None else campaign.settings.preferences.get(DREAD_KEY)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    @property
    def offset(self) -> int:
        """What the scenes' ends add to the campaign's dread (-3..3; 0 before any)."""
        campaign = self.session.campaign
        return 0 if campaign is None else campaign.settings.dread_offset

    @property
    def dread(self) -> int:
        """The dread in force: the player's if set, else the campaign's moved by the scenes."""
        chosen = self.set_dread
        if chosen is not None:
            return chosen
        return dread_with(self.campaign_dread, self.offset)

    def end_scene(self, went: str) -> SceneEnd:
        """Close the scene: the player says how it went; dread's offset moves and is journalled
        with its reason (a dread set by hand stays as set until the player lets go of it)."""
        self.session.require()
        ended = end_scene(went, self.campaign_dread, self.offset)
        self.session.record({"type": events.SCENE_END, **ended.to_dict()})
        self.session.changed()
        return ended

    def choose_dread(self, value: int | None) -> None:
        """Set the dread by hand (1..9), or None to follow the campaign again."""
        checked = None if value is None else check_dread(value)
        self.session.record(events.preference(DREAD_KEY, checked))
        self.session.changed()

    # -- meaning tables ----------------------------------------------------------------------

    def tables(self, errors: list[str] | None = None) -> dict[str, Table]:
        """Our meaning tables in the campaign's genre, the player's own from
        ``ORACLE_HOME/tables/`` and those the campaign journalled (a file's newer words win)."""
        from oracle.journal.library import oracle_home

        campaign = self.session.campaign
        system = DEFAULT_GENRE if campaign is None else campaign.system.name
        genre = system if system in genres() else DEFAULT_GENRE
        kept = {} if campaign is None else campaign.settings.tables
        own = {name: Table(name, entries, "your own, kept in this campaign", "the campaign")
               for name, entries in kept.items()}
        for table in folder_tables(oracle_home(self.session.home) / "tables", errors):
            own[table.name] = table
        clash = [name for name in own if name in ABOUT]
        for name in clash:
            if errors is not None:
                errors.append(f"tables: your table {name!r} has the name of one of ours; "
                              "rename the file.")
            del own[name]
        return all_tables(genre, list(own.values()))

    def own_tables(self) -> list[Table]:
        """The player's own tables (files in ``ORACLE_HOME/tables/``, then those the campaign
        kept), the bad files left out."""
        return [t for t in self.tables([]).values() if t.source != "ours"]

    @contextmanager
    def using_own(self, keep: bool = True) -> Iterator[None]:
        """Generators and the bestiary use the player's names, bestiary and set goals within
        the block; with ``keep`` those tables are journalled whole first (once), so an export
        holds them (a fight does not: its event already carries the monster it drew)."""
        tables = [t for t in self.own_tables() if use_of(t.name) != "meaning"]
        if keep and self.session.campaign is not None:
            for table in tables:
                self._keep(table)
        with using(tables):
            yield

    def _keep(self, table: Table) -> None:
        campaign = self.session.require()
        if table.source != "ours" and campaign.settings.tables.get(table.name) != table.entries:
            self.session.record({"type": "table", "name": table.name,
                                 "entries": list(table.entries), "source": table.source})

    def draw_meaning(self, name: str, n: int = 1) -> tuple[str, ...]:
        """Draw ``n`` entries from a table and journal them; an own table is journalled whole
        the first time it is used (or when its file changed), so the campaign's export holds
        it."""
        campaign = self.session.require()
        table = find_table(name, self.tables([]))  # another file's fault is shown, not raised
        drawn = draw(table, campaign.dice("meaning"), check_count(n))
        self._keep(table)
        self.session.record({"type": "meaning", "table": table.name, "drawn": list(drawn)})
        self.session.changed()
        return drawn

    # -- lists -------------------------------------------------------------------------------

    @property
    def lists(self) -> Lists:
        campaign = self.session.campaign
        return Lists() if campaign is None else campaign.settings.lists

    def add(self, name: str, text: str, kind: str | None = None, source: str = "player") -> int:
        """Add a thread or a character; returns its id (its entry number)."""
        if name not in LISTS:
            raise RequestError(f"list: threads or characters; got {shown(name)}.")
        if not text.strip():
            raise RequestError(f"{name}: write a few words first.")
        event = events.list_item(name, "add", text=text.strip(), source=source)
        if kind:
            event["kind"] = kind
        seq = self.session.record(event)
        self.session.changed()
        return seq

    def change(self, name: str, item_id: int, op: str, text: str = "") -> None:
        """Edit (new words), close or reopen the item ``item_id`` of list ``name``."""
        event = events.list_item(name, op, id=item_id)
        if op == "edit":
            event["text"] = text.strip()
        else:
            found = self.lists.find(item_id)
            if found is not None:
                event["item"] = found.text  # the words, for the journal's reader
        self.session.record(event)
        self.session.changed()

    def _twisted(self, twist: Twist | None, refers: int) -> None:
        """A twist that opens a new thread or character adds it to its list."""
        if twist is None or not twist.new:
            return
        name = ("threads" if twist.kind in THREAD_KINDS
                else "characters" if twist.kind in CHARACTER_KINDS else None)
        if name is not None:
            self.session.record(events.list_item(
                name, "add", text=f"{twist.action} {twist.subject}", source="twist",
                refers_to=refers))

    # -- asking ------------------------------------------------------------------------------

    def odds(self, likelihood: str, dread: int | None = None) -> AskOdds:
        """The exact odds of the six answers before asking (what the Oracle tab shows)."""
        return ask_odds(likelihood, self.dread if dread is None else dread)

    def answers_tables(self) -> list[str]:
        """The names of the player's answers tables (``answers*``), in the order offered."""
        return sorted(t.name for t in self.own_tables() if is_answers(t.name))

    def ask(self, question: str, likelihood: str = "even", dread: int | None = None,
            faces: Sequence[int] | None = None, answers: str | None = "") -> Asked:
        """Ask a yes/no question: three d10 (typed or rolled) against likelihood and dread.
        ``answers`` names the player's answers table giving the words (``""``: the automatic
        choice; None: our plain answers); a table used is journalled whole first (once)."""
        campaign = self.session.require()
        level = self.dread if dread is None else dread
        table = pick_answers(self.own_tables(), answers)
        own = None if table is None else read_answers(table.name, table.entries, table.source)
        dice = _dice(faces, 3, campaign.dice("oracle"))
        lists = self.lists
        result = ask(question, likelihood, dice, level, lists.texts("threads"),
                     lists.texts("characters"), answers=own)
        if table is not None:
            self._keep(table)
        shown = odds_json(result.odds)
        seq = self.session.record(events.oracle(
            result.question, result.answer.value,
            likelihood=result.likelihood.value, dread=result.dread,
            odds=shown["odds"], odds_exact=shown["odds_exact"],
            twist_chance=shown["twist_chance"],
            faces=[result.dice.answer_die, result.dice.tone_die, result.dice.omen_die],
            twist=None if result.twist is None else result.twist.to_dict(),
            **({} if own is None else {"words": result.to_dict()["words"]}),
        ))
        self._twisted(result.twist, seq)
        self.session.changed()
        return Asked(result, seq)

    # -- scenes ------------------------------------------------------------------------------

    def scene(self, title: str, expected: str = "", dread: int | None = None,
              faces: Sequence[int] | None = None) -> Scene | None:
        """A new scene. With an expectation, two d10 against the dread keep, alter or interrupt
        it (an interruption draws a twist); without one it simply begins."""
        if not title.strip():
            raise RequestError("scene: give the new scene a title.")
        event = events.scene(title)
        scene = None
        if expected.strip():
            campaign = self.session.require()
            lists = self.lists
            scene = new_scene(expected, self.dread if dread is None else dread,
                              _dice(faces, 2, campaign.dice("scene")),
                              lists.texts("threads"), lists.texts("characters"))
            event.update(expected=scene.expected, verdict=scene.fate.value, dread=scene.dread,
                         dice=list(scene.dice),
                         odds={f.value: float(p) for f, p in scene.odds.items()},
                         twist=None if scene.twist is None else scene.twist.to_dict())
        seq = self.session.record(event)
        if scene is not None:
            self._twisted(scene.twist, seq)
        self.session.changed()
        return scene

    @property
    def place(self) -> str:
        """The place the narrator uses: the story memory's (the newest scene's title, unless a
        story event moved it)."""
        return self.session.story.place
