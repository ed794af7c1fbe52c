"""Renderers: one journal, several ways to write it (avrae/d20's pluggable ``Stringifier``).

Each entry is put into words once: a rules event by its system
(:meth:`oracle.systems.System.journal_line`), a meta event here (:func:`meta_line`), both as a
:class:`~oracle.systems.Line` of parts (who acts, what they said they attempt, the result that
decided, plain text). A renderer only styles those parts and lays the entries out:
:class:`PlainText` here, Markdown and Lonelog in :mod:`oracle.journal.exports`. A new format is
one more :class:`LineRenderer` subclass; no renderer words a game's event itself.

Player and model text is data: every part goes through the renderer's :meth:`escape` (Markdown
escapes anything a Markdown, HTML or TeX renderer would read as markup), and nothing is cut.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol

from oracle.errors import shown
from oracle.journal.lists import item_words
from oracle.journal.reading import one_line
from oracle.journal.replay import Entry, Settings
from oracle.journal.story import story_of
from oracle.systems.base import Line, Part, Role, System, result, text
from oracle.wording import in_sentence

STRUCK = "[struck with the X-card]"

# The numbers a reader sees (seq -> number) in the journal being written now; see numbered().
_NUMBERS: ContextVar[Mapping[int, int] | None] = ContextVar("oracle_numbers", default=None)


@contextmanager
def numbered(entries: Iterable[Entry]) -> Iterator[None]:
    """While writing ``entries``, :func:`number_of` gives each the number a reader sees: the
    shown entries counted 1..n (undo and preference entries are never shown, so never counted;
    undo, redo and the X-card still address entries by their ``seq``)."""
    token = _NUMBERS.set({e.seq: e.number for e in entries if getattr(e, "number", 0)})
    try:
        yield
    finally:
        _NUMBERS.reset(token)


def number_of(seq: object) -> str:
    """``#n``: how the journal being written shows entry ``seq`` (``#seq`` outside one)."""
    numbers = _NUMBERS.get()
    shown_as = numbers.get(seq) if numbers is not None and isinstance(seq, int) else None
    return f"#{shown_as if shown_as is not None else seq}"


class Readable(Protocol):
    """What a renderer reads: an open campaign, or anything shaped like one."""

    @property
    def name(self) -> str: ...

    @property
    def system(self) -> System: ...

    @property
    def created(self) -> str: ...

    @property
    def seed(self) -> int | str: ...

    @property
    def entries(self) -> tuple[Entry, ...]: ...

    @property
    def settings(self) -> Settings: ...


class Renderer(Protocol):
    """One export format: its name, file suffix and media type, and how it writes a journal."""

    format: str
    suffix: str
    mime: str

    def render(self, journal: Readable) -> str:
        """The whole journal in this format."""
        ...


def safety_text(data: Mapping[str, Any]) -> str:
    """``lines: a, b; veils: none`` for a safety event."""
    parts = []
    for key in ("lines", "veils"):
        if key in data:
            items = data[key] if isinstance(data[key], list) else []
            parts.append(f"{key}: " + (", ".join(str(i) for i in items) or "none"))
    return "; ".join(parts)


def story_text(data: Mapping[str, Any]) -> str:
    """``The story moves to the mill. The foe is the Antlered Man.`` for a ``story`` event:
    one sentence per fact it sets (a place or a name keeps the player's own capitals)."""
    parts = []
    if isinstance(data.get("place"), str):
        parts.append(f"The story moves to {in_sentence(data['place'])}.")
    if "foe" in data:
        foe = data["foe"]
        if isinstance(foe, Mapping):
            about = foe.get("description")
            parts.append(f"The foe is {foe.get('name', '')}" + (f" ({about})" if about else "")
                         + ".")
        else:
            parts.append("The fight is over.")
    if "present" in data:
        present = data["present"]
        parts.append(("In the scene: " + ", ".join(str(p) for p in present) + "."
                      if present else "Nobody else is in the scene.")
                     if isinstance(present, list) else "Everyone in play is in the scene.")
    if "paid" in data:
        parts.append(f"The Devil's Bargain of {number_of(data['paid'])} is paid.")
    return " ".join(parts)


def story_section(entries: Sequence[Entry], system: System | None = None) -> list[str]:
    """The story memory at the journal's end, one plain line per fact (empty: nothing kept)."""
    return story_of(entries, system).told()


def faces_text(faces: object) -> str:
    """Die faces as numbers separated by commas (``3, 5``)."""
    return ", ".join(str(f) for f in faces) if isinstance(faces, list) else ""


def twist_words(twist: object) -> str:
    """``a thread turns against you (the bell): betray · a lantern (negative)`` for a twist
    (its tone when the twist has one), or ``""``."""
    if not isinstance(twist, Mapping):
        return ""
    raw = twist.get("meaning")
    meaning: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    focus = twist.get("focus")
    about = f" ({focus})" if isinstance(focus, str) and focus else (
        " (a new one)" if twist.get("new") else "")
    pair = " · ".join(str(meaning.get(k, "")) for k in ("action", "subject") if meaning.get(k))
    tone = twist.get("tone")
    helps = f" ({tone})" if tone in ("positive", "negative", "neutral") else ""
    return (f"{twist.get('label', twist.get('kind', 'twist'))}{about}"
            + (f": {pair}" if pair else "") + helps)


def oracle_extra(data: Mapping[str, Any]) -> str:
    """`` (likely, dread 5, 72.0% chance of yes) · twist: ...`` for a solo oracle entry."""
    bits = [str(data[k]) for k in ("likelihood",) if isinstance(data.get(k), str)]
    if isinstance(data.get("dread"), int):
        bits.append(f"dread {data['dread']}")
    odds = data.get("odds")
    answer = data.get("answer")
    if isinstance(odds, Mapping) and isinstance(odds.get(answer), (int, float)):
        bits.append(f"{100 * float(odds[answer]):.1f}% chance of {answer}")
    twist = twist_words(data.get("twist"))
    words = data.get("words")
    said = (f" · in your words: {words['text']}" if isinstance(words, Mapping)
            and isinstance(words.get("text"), str) else "")
    return ((f" ({', '.join(bits)})" if bits else "") + said
            + (f" · twist: {twist}" if twist else ""))


def scene_extra(data: Mapping[str, Any]) -> str:
    """`` (expected: ...; altered) · twist: ...`` for a scene rolled against the dread."""
    expected = data.get("expected")
    verdict = data.get("verdict")
    bits = [f"expected: {expected}"] if isinstance(expected, str) and expected else []
    if isinstance(verdict, str):
        bits.append(verdict)
    twist = twist_words(data.get("twist"))
    return (f" ({'; '.join(bits)})" if bits else "") + (f" · twist: {twist}" if twist else "")


def _scene_end(data: Mapping[str, Any]) -> tuple[Part | str, ...]:
    reason = data.get("reason")
    said = (reason.replace(" -> ", " → ") if isinstance(reason, str) else
            f"It went {data.get('went')}; dread {data.get('dread')}.")
    return ("The scene ends. ", text(said))


def _meaning(data: Mapping[str, Any]) -> tuple[Part | str, ...]:
    drawn = data.get("drawn")
    words = " · ".join(str(w) for w in drawn) if isinstance(drawn, list) else ""
    return ("Meaning drawn from the ", text(data.get("table", "")), " table: ", result(words))


def _table(data: Mapping[str, Any]) -> tuple[Part | str, ...]:
    entries = data.get("entries")
    size = len(entries) if isinstance(entries, list) else 0
    return ("Your own table ", text(data.get("name", "")), f" is used ({size} entries)")


SOLO_META: dict[str, Callable[[Mapping[str, Any]], tuple[Part | str, ...]]] = {"scene_end": _scene_end, "meaning": _meaning, "table": _table}


def meta_line(entry: Entry) -> Line:
    """The journal's own words for a meta event (the systems word the rules events)."""
    data, kind = entry.data, entry.type
    if kind == "narration":
        asked = data.get("question")
        return Line.of("narration", *((f"Asked: {asked} · ",) if isinstance(asked, str)
                                      and asked else ()),
                       STRUCK if entry.struck else text(data.get("text", "")))
    if kind == "note":
        return Line.of("meta", "Note: ", text(data.get("text", "")))
    if kind == "oracle":
        return Line.of("meta", "Oracle: ", text(data.get("question", "")), " → ",
                       text(data.get("answer", "")), text(oracle_extra(data)))
    if kind == "scene":
        return Line.of("meta", "Scene: ", text(data.get("title", "")), text(scene_extra(data)))
    if kind == "list_item":
        return Line.of("meta", text(item_words(data)))
    if kind == "story":
        return Line.of("meta", text(story_text(data)))
    if kind == "safety":
        return Line.of("meta", "Safety tools: ", text(safety_text(data)))
    if kind == "preference":
        value = json.dumps(data.get("value"), ensure_ascii=False)
        return Line.of("meta", f"Setting: {data.get('key')} = ", text(value))
    if kind in SOLO_META:
        return Line.of("meta", *SOLO_META[kind](data))
    if kind == "x_card":
        return Line.of("meta", f"The X-card struck narration {number_of(data.get('refers_to'))}.")
    if kind == "undo":
        return Line.of("meta", f"Entry {number_of(data.get('target'))} is undone.")
    raise ValueError(f"{shown(kind)} is not a meta event")


def entry_line(system: System, entry: Entry) -> Line:
    """The words of any entry: the system's for a rules event, the journal's for a meta one."""
    if entry.meta:
        return meta_line(entry)
    return system.journal_line(entry.data, entry.result)


class LineRenderer:
    """A renderer over :class:`Line` parts; subclasses style parts and lay entries out.

    The base writes parts as plain text (what was said in quotes); :meth:`render` writes one
    line per entry under a title. Override :meth:`escape` and the part styles (:meth:`who`,
    :meth:`said`, :meth:`result`), :meth:`render`, or one method per meta event
    (``on_narration``, ``on_note``, ``on_oracle``, ``on_scene``, ``on_safety``, ``on_x_card``,
    ``on_undo``, ``on_preference``) and :meth:`on_rules` for the rest.
    """

    format: str = "text"
    suffix: str = ".txt"
    mime: str = "text/plain"

    # -- parts -------------------------------------------------------------------------------

    def escape(self, value: str) -> str:
        """Make player or model text inert in this format (plain text: as it is)."""
        return value

    def text(self, value: str) -> str:
        return value

    def who(self, value: str) -> str:
        return value

    def said(self, value: str) -> str:
        return f"“{value}”"

    def result(self, value: str) -> str:
        return value

    def part(self, role: Role, value: str) -> str:
        """One part, escaped then styled; surrounding spaces stay outside the styling."""
        escaped = self.escape(value)
        core = escaped.strip()
        if not core or role == "text":
            return self.text(escaped)
        lead = escaped[: len(escaped) - len(escaped.lstrip())]
        trail = escaped[len(escaped.rstrip()):]
        styled = {"who": self.who, "said": self.said, "result": self.result}[role](core)
        return lead + styled + trail

    def line(self, line: Line, *, skip: tuple[Role, ...] = ()) -> str:
        """A whole line on one line of output, every part styled (roles in ``skip`` left out)."""
        return one_line("".join(self.part(role, value) for role, value in line.parts
                                if role not in skip))

    def entry_text(self, system: System, entry: Entry) -> str:
        """One entry as one line of this format."""
        return self.line(entry_line(system, entry))

    # -- entries -----------------------------------------------------------------------------

    def entry(self, system: System, entry: Entry) -> list[str]:
        """The output lines of one entry: its ``on_<type>`` method, else :meth:`on_rules`."""
        if entry.meta:
            handler = getattr(self, f"on_{entry.type}", None)
            if handler is not None:
                lines: list[str] = handler(system, entry)
                return lines
        return self.on_rules(system, entry)

    def on_rules(self, system: System, entry: Entry) -> list[str]:
        """Any entry without a method of its own: its line, marked when undone."""
        line = (f"{number_of(entry.seq)} {entry.at[:19].replace('T', ' ')} · "
                f"{self.entry_text(system, entry)}")
        return [f"{line} (undone)" if entry.undone else line]

    def on_undo(self, system: System, entry: Entry) -> list[str]:
        return []  # the undone entry is marked instead

    def on_preference(self, system: System, entry: Entry) -> list[str]:
        return []  # an app setting, not play

    def render(self, journal: Readable) -> str:
        """The journal in this format, its entries numbered as a reader sees them."""
        with numbered(journal.entries):
            return self.write(journal)

    def write(self, journal: Readable) -> str:
        """The journal: its name and system, then one line per entry, oldest first."""
        out = [self.escape(one_line(journal.name)), self.escape(journal.system.title), ""]
        for entry in journal.entries:
            out += self.entry(journal.system, entry)
        return "\n".join(out).rstrip() + "\n"


class PlainText(LineRenderer):
    """Plain text: what the narrator reads and the app's one-line summaries show."""
