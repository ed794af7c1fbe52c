"""What the offline narrator says for its generic beats, and the helpers systems' tellings use.

A system tells its own beats (``System.tell``, ``System.closing``, ``System.header``); here are
the oracle's answer, a twist in words, and the plain quotation of what a player said.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from oracle.narrator.base import NarrationContext
from oracle.narrator.weave import quoted
from oracle.systems.base import Deal

__all__ = ["Deal", "header", "oracle", "said", "twist_sentence"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def said(text: str) -> str:
    """Player text as a quotation that ends its own sentence, never conjugated (``""`` when
    there is nothing to quote): see :func:`oracle.narrator.weave.quoted`."""
    return quoted(text)


def _restates(meaning: str, question: str) -> bool:
    """Whether three words running of ``meaning`` are in ``question`` (so the reading would
    splice the player's own words outside their quotation)."""
    words = re.findall(r"[a-z']+", meaning.lower())
    asked = " " + " ".join(re.findall(r"[a-z']+", question.lower())) + " "
    return any(f" {' '.join(words[i:i + 3])} " in asked for i in range(len(words) - 2))


def oracle(context: NarrationContext, deal: Deal, thing: str) -> str:
    """The question as asked, quoted; the answer; a turn about its subject only when the
    campaign knows that subject by name; a meaning to read into it."""
    answer = str(context.result.get("answer") or "yes")
    grade = answer.replace(", ", "_")
    head = said(context.question)
    parts = [f"{head} {answer.upper()}." if head else f"{answer.upper()}."]
    parts += deal(answers_table(context.system), grade=grade if grade in (
        "yes", "yes_and", "yes_but", "no", "no_and", "no_but") else "yes")
    meanings = deal("meanings")
    if meanings and _restates(meanings[0], context.question):
        meanings = deal("meanings") or meanings  # a meaning in the question's words adds nothing
    parts += [f"To read into it: {thing or 'something here'} {meaning}." for meaning in meanings]
    twist = context.result.get("twist")
    if isinstance(twist, Mapping):
        parts.append(twist_sentence(twist))
    return " ".join(parts)


def answers_table(system: str) -> str:
    """The oracle's answers with the asked system's own omens (``oracle_answers_<system>`` in
    its offline folder: the shared turns, then its genre's signs), or the generic table whose
    signs fit any place."""
    from oracle.narrator.templates import table_path

    own = f"oracle_answers_{system}"
    return own if table_path(own).is_file() else "oracle_answers"


def twist_sentence(twist: Mapping[str, Any]) -> str:
    """A twist the dice called, in a sentence: its kind, what it bears on, and its meaning pair
    as the two words to read it by (quoted: a word of a table is never conjugated)."""
    raw = twist.get("meaning")
    meaning: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    words = [str(meaning[k]).strip() for k in ("action", "subject") if meaning.get(k)]
    focus = twist.get("focus")
    about = (f", and it bears on {focus}" if isinstance(focus, str) and focus
             else ", and it is something new" if twist.get("new") else "")
    label = str(twist.get("label") or "something changes")
    said = f"A twist comes with the answer: {label}{about}."
    if len(words) == 2:
        said += (f" The signs to read it by are \u201c{words[0]}\u201d and "
                 f"\u201c{words[1]}\u201d.")
    elif words:
        said += f" The sign to read it by is \u201c{words[0]}\u201d."
    return said


def header(beat: str, context: NarrationContext, name: str, tries: str, place: str,
           thing: str) -> str:
    """The line above a list beat's offers: the system's own, or the beat's name. ``tries`` is
    the player's intent quoted (:func:`said`, possibly empty), never conjugated."""
    from oracle.narrator.beats import owner_of

    system = owner_of(beat, context.system)
    own = system.header(beat, context, name, tries, place, thing) if system is not None else None
    return own if own is not None else f"{_cap(beat)}:"
