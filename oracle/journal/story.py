"""Story memory: what the rules do not track but the story must keep, folded from the journal.

Pure (standard library only). :func:`story_of` reads a campaign's entries, oldest first, skipping
undone ones, so the memory survives a reload, an undo (and its redo) and an import exactly as
the rules state does. Nothing here changes game state; the narrators read it.

Where each part comes from (any system: the generic fields are read wherever they appear; what
else an event means for the story is the system's to say, ``System.story_cue``):

- **Scene and place**: a ``scene`` event (``title``; optional ``place``, and ``expected`` as
  the solo layer writes it). A scene's title is the place unless a ``place`` is given; a
  ``story`` event's ``place`` moves the story within a scene. (Threads and the characters list
  are the solo layer's own ``list_item`` events, folded with the settings.)
- **The foe of a fight**: a rules event carrying ``monster`` (a name, or ``{"name",
  "description"}``; ``monster_description`` and ``monster_drawn`` beside a plain name) starts a
  fight against it; a ``story`` event's ``foe`` does the same, and ``"foe": null`` ends the
  fight. A fight also ends when the system says an event ends it (``System.story_cue``: a
  result saying the foe fell, a fight abandoned). The foe is kept, named once, for the whole
  fight (and after it, as the last foe, until the next fight names another).
- **Stated intent**: a rules event's ``action`` (what the character attempts, said by the
  player). The system may say it is a betrayal stated or a sight seen instead (Trophy: on a
  Reduction and on a Ruin Roll), or what a contest is for (Trophy's Contest: its stake, told
  as what was at stake).
- **What could go wrong**: a rules event's ``could_go_wrong``.
- **Devil's Bargains**: a rules event's ``bargain`` (``{"text", "accepted"}`` or a list of
  them): accepted ones are owed until a ``story`` event's ``paid`` names their entry.
- **Conditions**: the ones the system says an event marks or removes (``StoryCue.condition``).
- **Who is present**: a ``story`` event's ``present`` (a list of names; ``null`` goes back to
  everyone in play, which the app knows and this module does not).

The ``story`` meta event (checked by :func:`check_story`)::

    {"type": "story", "place": str?, "foe": {"name": str, "description": str?,
     "drawn": bool?} | null?, "present": [str, ...] | null?, "paid": seq?}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from oracle.systems.base import System

from oracle.events import META_TYPES, SCENE, STORY
from oracle.wording import in_sentence

MAX_STORY_TEXT = 2000
MAX_PRESENT = 24
STORY_KEYS = ("place", "foe", "present", "paid")


class StoryError(ValueError):
    """A ``story`` event that cannot be folded (the journal turns it into a RequestError)."""


class Event(Protocol):
    """What the fold reads of a journal entry (an :class:`oracle.journal.replay.Entry`)."""

    @property
    def seq(self) -> int: ...

    @property
    def type(self) -> str: ...

    @property
    def data(self) -> dict[str, Any]: ...

    @property
    def undone(self) -> bool: ...

    @property
    def result(self) -> dict[str, Any] | None: ...


@dataclass(frozen=True)
class Foe:
    """The monster or foe of a fight: named by the player, or drawn once and then kept."""

    name: str
    description: str = ""
    drawn: bool = False
    since: int = 0  # the entry that named it

    @property
    def text(self) -> str:
        """``name: description`` (or the name alone), as a narrator reads it."""
        return f"{self.name}: {self.description}" if self.description else self.name


@dataclass(frozen=True)
class Said:
    """Something the player stated, with who said it and the entry it belongs to."""

    text: str
    who: str = ""
    seq: int = 0
    kind: str = "intent"  # an intent: what was attempted, or what was at stake (a contest)


@dataclass(frozen=True)
class StoryMemory:
    """The story so far, as the narrators and the exports read it."""

    scene: str = ""
    place: str = ""
    expected: str = ""
    foe: Foe | None = None
    fighting: bool = False
    intent: Said | None = None
    could_go_wrong: Said | None = None
    owed: tuple[Said, ...] = ()  # Devil's Bargains accepted and not yet paid
    betrayal: Said | None = None
    sight: Said | None = None
    conditions: tuple[tuple[str, tuple[str, ...]], ...] = ()
    present: tuple[str, ...] | None = None  # None: everyone in play
    gone: tuple[tuple[str, str], ...] = ()  # (who, how) of those who left the story
    pending: tuple[str, ...] = ()  # of those, who left with their end still to be settled
    paid: tuple[Said, ...] = field(default=(), repr=False)

    def conditions_of(self, name: str) -> tuple[str, ...]:
        return dict(self.conditions).get(name, ())

    def owed_by(self, name: str) -> tuple[Said, ...]:
        return tuple(b for b in self.owed if not b.who or b.who == name)

    @property
    def empty(self) -> bool:
        return self == StoryMemory()

    def facts(self) -> list[str]:
        """The memory as short labelled lines (player text unescaped: callers delimit it)."""
        out: list[str] = []
        if self.scene:
            out.append(f"Scene: {self.scene}")
        if self.place and self.place != self.scene:
            out.append(f"Place: {self.place}")
        if self.expected:
            out.append(f"The scene the player expected: {self.expected}")
        if self.foe is not None:
            how = "drawn by the oracle" if self.foe.drawn else "named by the player"
            when = "the foe of the fight under way" if self.fighting else "the last foe fought"
            out.append(f"Foe ({when}, {how}): {self.foe.text}")
        if self.present is not None:
            out.append("Present: " + (", ".join(self.present) or "nobody else"))
        for label, said in (("Stated intent", self.intent),
                            ("What could go wrong (picked)", self.could_go_wrong),
                            ("Betrayal stated for the last Reduction", self.betrayal),
                            ("What the player saw in the last Ruin Roll", self.sight)):
            if said is not None:
                out.append(f"{label}: " + (f"{said.who}: " if said.who else "") + said.text)
        for bargain in self.owed:
            out.append("Devil's Bargain owed" + (f" by {bargain.who}" if bargain.who else "")
                       + f": {bargain.text}")
        for name, conditions in self.conditions:
            out.append(f"Conditions of {name}: " + ", ".join(conditions))
        for name, how in self.gone:
            out.append(f"Gone from the story: {name} {how}")
        return out


    def told(self) -> list[str]:
        """The memory as a player would write it in a log, one sentence per fact (player text
        unescaped, quoted where it is what someone said; callers escape it)."""
        out: list[str] = []
        if self.scene:
            out.append(f"The scene: {self.scene}.")
        if self.place and self.place != self.scene:
            out.append(f"The story is at {in_sentence(self.place)}.")
        if self.expected:
            out.append(f"The scene you expected: {self.expected}.")
        if self.foe is not None:
            how = " (drawn by the oracle)" if self.foe.drawn else ""
            foe = in_sentence(self.foe.name) + how
            about = f": {self.foe.description}" if self.foe.description else ""
            out.append(_ended((f"Fighting {foe}" if self.fighting
                               else f"The last foe fought: {foe}") + about))
        if self.present is not None:
            out.append("Present: " + ", ".join(self.present) + "." if self.present
                       else "Nobody else is present.")
        for said, mine, anyone in (
                (self.intent, "{who}'s stated intent: {text}", "Stated intent: {text}")
                if self.intent is None or self.intent.kind != "stake" else
                (self.intent, "What was at stake for {who}: {text}", "What was at stake: {text}"),
                (self.could_go_wrong, "What could go wrong for {who}: {text}",
                 "What could go wrong: {text}"),
                (self.betrayal, "{who}'s betrayal at the last Reduction Roll: {text}",
                 "The betrayal at the last Reduction Roll: {text}"),
                (self.sight, "What {who} saw in the last Ruin Roll: {text}",
                 "What was seen in the last Ruin Roll: {text}")):
            if said is not None:
                out.append(_ended((mine if said.who else anyone).format(
                    who=said.who, text=f"\u201c{said.text}\u201d")))
        for bargain in self.owed:
            out.append(_ended((f"{bargain.who} owes" if bargain.who else "Owed:")
                              + f" a Devil's Bargain: \u201c{bargain.text}\u201d"))
        for name, conditions in self.conditions:
            out.append(_ended(f"{name}'s Conditions: " + ", ".join(conditions)))
        for name, how in self.gone:
            out.append(f"{name} {how}, and is gone from the story.")
        return out


def _ended(sentence: str) -> str:
    """``sentence`` with one full stop at its end (none added after one it has, quoted or
    not: never "dawn.." or "morning.”.")."""
    bare = sentence.rstrip("\u201d\"' ")
    return sentence if bare[-1:] in (".", "!", "?", "\u2026") else sentence + "."


def _str(value: object, limit: int = MAX_STORY_TEXT) -> str:
    return " ".join(value.split())[:limit] if isinstance(value, str) else ""


def _texts(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    return tuple(t for t in (_str(v, 200) for v in value[:MAX_PRESENT]) if t)


def _foe_of(value: object, seq: int, *, description: object = "", drawn: object = False
            ) -> Foe | None:
    if isinstance(value, Mapping):
        description, drawn = value.get("description", description), value.get("drawn", drawn)
        value = value.get("name")
    name = _str(value, 200)
    if not name:
        return None
    return Foe(name, _str(description), drawn is True, seq)


def _bargains(value: object) -> list[str]:
    items = value if isinstance(value, list) else [value]
    out = []
    for item in items:
        if isinstance(item, Mapping) and item.get("accepted", True) is not False:
            text = _str(item.get("text"))
            if text:
                out.append(text)
    return out


def check_story(data: Mapping[str, Any], seq: int,
                earlier: Callable[[int], Mapping[str, Any] | None]) -> None:
    """Refuse a malformed ``story`` event with one sentence (StoryError); ``earlier(seq)`` is
    the data of an earlier entry, or None."""
    if not any(key in data for key in STORY_KEYS):
        raise StoryError("story: give place, foe, present or paid.")
    place = data.get("place")
    if "place" in data and (not isinstance(place, str) or not place.strip()
                            or len(place) > MAX_STORY_TEXT):
        raise StoryError(f"story: place must be non-empty text (at most {MAX_STORY_TEXT} "
                         "characters).")
    if "foe" in data and data["foe"] is not None:
        foe = data["foe"]
        if not isinstance(foe, Mapping) or not isinstance(foe.get("name"), str) \
                or not foe["name"].strip() \
                or not isinstance(foe.get("description", ""), str) \
                or not isinstance(foe.get("drawn", False), bool):
            raise StoryError("story: foe must be {\"name\": text, \"description\": text, "
                             "\"drawn\": true|false}, or null to end the fight.")
    present = data.get("present")
    if present is not None and (not isinstance(present, list) or len(present) > MAX_PRESENT
                                or not all(isinstance(p, str) and p.strip() for p in present)):
        raise StoryError(f"story: present must be a list of names (at most {MAX_PRESENT}), "
                         "or null for everyone in play.")
    if "paid" in data:
        paid = data["paid"]
        target = None if isinstance(paid, bool) or not isinstance(paid, int) or paid >= seq \
            else earlier(paid)
        if target is None:
            raise StoryError("story: paid must be the number of an earlier entry.")
        if not _bargains(target.get("bargain")):
            raise StoryError(f"story: entry {paid} accepted no Devil's Bargain to pay.")


def _fold_story(memory: StoryMemory, seq: int, data: Mapping[str, Any]) -> StoryMemory:
    if "place" in data:
        memory = replace(memory, place=_str(data["place"]))
    if "foe" in data:
        foe = _foe_of(data["foe"], seq)
        memory = (replace(memory, foe=foe, fighting=True) if foe is not None
                  else replace(memory, fighting=False))
    if "present" in data:
        memory = replace(memory, present=None if data["present"] is None
                         else _texts(data["present"]))
    if "paid" in data:
        paid = [b for b in memory.owed if b.seq == data["paid"]]
        memory = replace(memory, owed=tuple(b for b in memory.owed if b.seq != data["paid"]),
                         paid=memory.paid + tuple(paid))
    return memory


def _fold_scene(memory: StoryMemory, data: Mapping[str, Any]) -> StoryMemory:
    title = _str(data.get("title"))
    return replace(memory, scene=title, place=_str(data.get("place")) or title,
                   expected=_str(data.get("expected")))


def _fold_conditions(memory: StoryMemory, change: tuple[str, str, bool]) -> StoryMemory:
    name, condition, removed = change
    if not name or not condition:
        return memory
    held = dict(memory.conditions)
    mine = held.get(name, ())
    if removed:
        mine = tuple(c for c in mine if c != condition)
    elif condition not in mine:
        mine = (*mine, condition)
    held[name] = mine
    return replace(memory, conditions=tuple((n, c) for n, c in held.items() if c))


def _fold_rules(memory: StoryMemory, event: Event, system: System) -> StoryMemory:
    data, seq = event.data, event.seq
    result = event.result or {}
    cue = system.story_cue(event.type, data, result)
    who = _str(data.get("name"), 200) or _str(result.get("name"), 200)
    foe = _foe_of(data.get("monster"), seq, description=data.get("monster_description", ""),
                  drawn=data.get("monster_drawn", False))
    if foe is not None:
        same = memory.foe is not None and memory.fighting and memory.foe.name == foe.name
        memory = replace(memory, foe=memory.foe if same else foe, fighting=True)
    action = _str(data.get("action"))
    if action:
        said = Said(action, who, seq)
        if cue.said == "betrayal":
            memory = replace(memory, betrayal=said)
        elif cue.said == "sight":
            memory = replace(memory, sight=said)
        else:  # what is attempted, or what a contest's sides want (said the same way)
            memory = replace(memory, intent=replace(said, kind=cue.said))
    wrong = _str(data.get("could_go_wrong"))
    if wrong:
        memory = replace(memory, could_go_wrong=Said(wrong, who, seq))
    owed = tuple(Said(text, who, seq) for text in _bargains(data.get("bargain")))
    if owed:
        memory = replace(memory, owed=memory.owed + owed)
    if cue.condition is not None:
        memory = _fold_conditions(memory, cue.condition)
    memory = _fold_lost(memory, cue.lost, cue.kept)
    if cue.gone is not None:
        memory = _fold_gone(memory, *cue.gone)
    if memory.fighting and cue.fight_over:
        memory = replace(memory, fighting=False)
    return memory


def _fold_lost(memory: StoryMemory, lost: tuple[tuple[str, str], ...],
               kept: tuple[str, ...]) -> StoryMemory:
    """Those an event leaves out of play leave the story now (how it ends comes later, and
    replaces this); those it puts back in play return to it."""
    back = [name for name in memory.pending if name in kept]
    if back:
        memory = replace(memory, gone=tuple(g for g in memory.gone if g[0] not in back),
                         pending=tuple(n for n in memory.pending if n not in back))
    for name, how in lost:
        if name not in {who for who, _how in memory.gone}:
            memory = _fold_gone(memory, name, how)
            memory = replace(memory, pending=memory.pending + (name,))
    return memory


def _fold_gone(memory: StoryMemory, name: str, how: str) -> StoryMemory:
    """``name`` left the story: what they intended and owed goes with them; it says how."""

    def theirs(said: Said | None) -> Said | None:
        return None if said is not None and said.who == name else said

    return replace(memory, intent=theirs(memory.intent),
                   could_go_wrong=theirs(memory.could_go_wrong),
                   betrayal=theirs(memory.betrayal), sight=theirs(memory.sight),
                   owed=tuple(b for b in memory.owed if b.who != name),
                   conditions=tuple(c for c in memory.conditions if c[0] != name),
                   gone=tuple(g for g in memory.gone if g[0] != name) + ((name, how),),
                   pending=tuple(n for n in memory.pending if n != name))


def fold_entry(memory: StoryMemory, event: Event, system: System | None = None) -> StoryMemory:
    """The memory after one more entry (undone entries change nothing); ``system`` (the
    default system when not given) says what its rules events tell (``System.story_cue``)."""
    if event.undone:
        return memory
    if event.type == "story":
        return _fold_story(memory, event.seq, event.data)
    if event.type == "scene":
        return _fold_scene(memory, event.data)
    if event.type in _META or getattr(event, "meta", False):
        return memory  # any other meta event (notes, lists, ...) is not the story's
    if system is None:
        from oracle.systems import DEFAULT, SYSTEMS

        system = SYSTEMS[DEFAULT]
    return _fold_rules(memory, event, system)


_META = META_TYPES - {STORY, SCENE}


def story_of(entries: Iterable[Event], system: System | None = None) -> StoryMemory:
    """The story memory of a journal's entries, oldest first."""
    memory = StoryMemory()
    for entry in entries:
        memory = fold_entry(memory, entry, system)
    return memory


def party_of(memory: StoryMemory, in_play: Sequence[str], roller: Sequence[str]) -> list[str]:
    """Who else is present: the stated ``present`` list (or everyone in play), minus the roller.

    Empty means solo: the narrators invent no companions.
    """
    people = list(memory.present) if memory.present is not None else list(in_play)
    return [p for p in people if p not in roller]
