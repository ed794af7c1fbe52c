"""The journal's meta events, named once: their types and their one constructor each.

Meta events are not rules (``oracle.journal.replay`` checks and folds them; they never reach a
system's ``apply``): narration, notes, the solo oracle, scenes, story memory, safety, app
preferences, the X-card, undo, the solo lists, a scene's end, meaning and own tables' draws. Every writer builds them here, so a type's
name and fields are spelled in one place. The default system is named here too.

Pure: no I/O, no third-party imports.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NotRequired, TypedDict

DEFAULT_SYSTEM: Final = "trophy"
"""The system a new campaign plays when none is named (and the app's Quick start)."""

NARRATION: Final = "narration"
NOTE: Final = "note"
ORACLE: Final = "oracle"
SCENE: Final = "scene"
STORY: Final = "story"
SAFETY: Final = "safety"
PREFERENCE: Final = "preference"
X_CARD: Final = "x_card"
UNDO: Final = "undo"
LIST_ITEM: Final = "list_item"
SCENE_END: Final = "scene_end"
MEANING: Final = "meaning"
TABLE: Final = "table"

META_TYPES: frozenset[str] = frozenset(
    {NARRATION, NOTE, ORACLE, SCENE, STORY, SAFETY, PREFERENCE, X_CARD, UNDO, LIST_ITEM,
     SCENE_END, MEANING, TABLE})
"""Every meta event type; any other type is a rules event of the campaign's system."""


class Narration(TypedDict):
    type: str
    text: str
    narrator: str | None
    fallback_reason: str | None
    beat: str | None
    refers_to: int | None
    deck: NotRequired[Mapping[str, Any]]
    question: NotRequired[str]  # what was asked, when the narration answers a question
    about: NotRequired[list[str]]  # whom it was voiced about (a lost helper, not the roller)


class Note(TypedDict):
    type: str
    text: str
    refers_to: NotRequired[int]


class Safety(TypedDict):
    type: str
    lines: list[str]
    veils: list[str]


class Preference(TypedDict):
    type: str
    key: str
    value: Any


class XCard(TypedDict):
    type: str
    refers_to: int
    reason: str | None


class Undo(TypedDict):
    type: str
    target: int


def narration(text: str, *, narrator: str | None, beat: str | None,
              fallback_reason: str | None = None, refers_to: int | None = None,
              deck: Mapping[str, Any] | None = None, question: str = "",
              about: Sequence[str] = ()) -> Narration:
    """Prose voicing a result (data, never rules); ``deck`` is the offline narrator's deck;
    ``question`` what the narration answers (an exploration question), kept with it;
    ``about`` whom it was voiced about (the words voiced again by the X-card, or read by the
    lost screen after a reload, are about them, whoever is played by then)."""
    event = Narration(type=NARRATION, text=text, narrator=narrator,
                      fallback_reason=fallback_reason, beat=beat, refers_to=refers_to)
    if deck is not None:
        event["deck"] = deck
    if question.strip():
        event["question"] = question.strip()
    if about:
        event["about"] = [str(name) for name in about]
    return event


def note(text: str, refers_to: int | None = None) -> Note:
    """A player's note."""
    event = Note(type=NOTE, text=text)
    if refers_to is not None:
        event["refers_to"] = refers_to
    return event


def story(**fields: Any) -> dict[str, Any]:
    """Story memory (place, foe, present, paid; see ``oracle.journal.story``)."""
    return {"type": STORY, **fields}


def safety(lines: Sequence[str], veils: Sequence[str]) -> Safety:
    """The table's lines and veils (each list replaces the one before)."""
    return Safety(type=SAFETY, lines=list(lines), veils=list(veils))


def preference(key: str, value: Any) -> Preference:
    """An app preference (for example the character a seat plays)."""
    return Preference(type=PREFERENCE, key=key, value=value)


def x_card(refers_to: int, reason: str | None = None) -> XCard:
    """Strike the narration ``refers_to``."""
    return XCard(type=X_CARD, refers_to=refers_to, reason=reason)


def undo(target: int) -> Undo:
    """Undo the entry ``target`` (undoing an undo redoes its target)."""
    return Undo(type=UNDO, target=target)


def scene(title: str, **fields: Any) -> dict[str, Any]:
    """A new scene (with its expectation, verdict, dice and twist when one was tested)."""
    return {"type": SCENE, "title": title.strip(), **fields}


def oracle(question: str, answer: str, **fields: Any) -> dict[str, Any]:
    """A yes/no question to the solo oracle and its answer (likelihood, dice, twist...)."""
    return {"type": ORACLE, "question": question, "answer": answer, **fields}


def list_item(name: str, op: str, **fields: Any) -> dict[str, Any]:
    """A change to the solo lists (``threads`` or ``characters``; see ``oracle.journal.lists``)."""
    return {"type": LIST_ITEM, "list": name, "op": op, **fields}
