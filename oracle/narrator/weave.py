"""The player's own words in the story: quoted as they were typed, never conjugated.

Players type intents and questions any way they like: "I pick the lock.", "don't open the
door", "Can I jump the gap?", "CLIMB!", "j'ouvre la porte", a paragraph, an emoji. Rewriting
those words into the narrator's grammar ("tries to ...") breaks on negations, questions, other
languages and shouting, so the narrator never does it. :func:`quoted` gives the words back as a
quotation that stands as its own sentence or after a colon, tidied only where a quotation
needs it (spaces, stray quote marks, a closing stop, a cap on length); every frame around it
takes any clause.

A noun from the player's text is reused only where it is reliably a noun: :func:`known_subject`
finds, in a question, a name the campaign already knows (the place, the monster, a character, a
thread) and gives it back in the campaign's own spelling, or nothing.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from oracle.wording import in_sentence as mid_sentence

MAX_QUOTED = 200  # characters of player text a narration quotes (cut at a word, with "...")

_SPACE = re.compile(r"\s+")
_DOUBLE = re.compile(r"[\"\u201c\u201d\u201e\u00ab\u00bb]")
_LETTER = re.compile(r"\w", re.UNICODE)
_ENDS = ".!?\u2026"
_OPEN, _CLOSE = "\u201c", "\u201d"


def _visible(char: str) -> bool:
    """Not a control or format character (a zero-width joiner inside an emoji is kept)."""
    return unicodedata.category(char)[0] != "C" or char in "\u200d\ufe0f"


def clean(text: str, limit: int = MAX_QUOTED) -> str:
    """The player's words ready to quote: one line, no stray quote marks, at most ``limit``.

    Double quotes inside become single ones when they pair up and are dropped when they do not
    (so the narrator's own quotation always closes). Nothing else is changed.
    """
    text = "".join(ch for ch in str(text) if _visible(ch) or ch.isspace())
    text = _SPACE.sub(" ", text).strip()
    marks = _DOUBLE.findall(text)
    if marks and len(marks) % 2 == 0:
        count = iter(range(len(marks)))
        text = _DOUBLE.sub(lambda _m: "\u2018" if next(count) % 2 == 0 else "\u2019", text)
    else:
        text = _DOUBLE.sub("", text)
    if len(text) > 1 and text[0] in "'\u2018" and text[-1] in "'\u2019":  # wrapped whole
        text = text[1:-1].strip()
    if len(text) > limit:
        cut = text[:limit].rsplit(" ", 1)[0].rstrip(" ,;:-\u2014") or text[:limit]
        text = cut + "..."
    return text


def readable(text: str) -> bool:
    """True when there is something to quote (a letter, a digit or a symbol, not just space)."""
    return bool(clean(text))


def quoted(text: str) -> str:
    """``"I pick the lock."`` in curly quotes, a sentence of its own; ``""`` when nothing is
    there. The words stay as typed; a stop is added when none ends them.
    """
    words = clean(text)
    if not words:
        return ""
    if words[-1].isalnum():  # an emoji or a closing bracket ends itself
        words += "."
    return f"{_OPEN}{words}{_CLOSE}"


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
_CLAUSE_WORDS = _wordset(
    "i i'm i'll i'd i've me my we we're we'll us our you your he she it they them their is are "
    "was were be been will would can could should shall may might must do does did don't "
    "doesn't didn't not no isn't aren't won't can't has have had if when why how what who "
    "where which")


def _bare(name: str) -> str:
    return _ARTICLE.sub("", _SPACE.sub(" ", name).strip()).lower()


def in_sentence(name: str) -> str:
    """A known name for the middle of a sentence: "The flooded nave" -> "the flooded nave",
    "The Drowned Choir" -> "the Drowned Choir" (:func:`oracle.wording.in_sentence`)."""
    return mid_sentence(name)


@functools.lru_cache(maxsize=1024)
def _known_subject(question: str, known: tuple[str, ...]) -> str | None:
    said = " " + " ".join(re.findall(r"[\w'-]+", question.lower())) + " "
    best: tuple[int, str] | None = None
    for name in known:
        bare = " ".join(re.findall(r"[\w'-]+", _bare(name)))
        if len(bare) < 3 or bare in _CLAUSE_WORDS:
            continue
        if f" {bare} " in said and (best is None or len(bare) > best[0]):
            best = (len(bare), name)
    return None if best is None else in_sentence(best[1])


def known_subject(question: str, known: Iterable[str]) -> str | None:
    """The longest name the campaign knows that the question mentions, in the campaign's own
    words ("is the antlered man near?" with the monster "the Antlered Man" -> "the Antlered
    Man"); None when the question names nothing the campaign knows."""
    names = tuple(dict.fromkeys(n for n in known if isinstance(n, str) and n.strip()))
    return _known_subject(question, names)


def place_like(text: str) -> bool:
    """True when ``text`` is plainly a noun phrase that can name a place ("the flooded nave",
    "Greywater Ford"); a clause ("I pry open the reliquary...") or anything doubtful is not."""
    words = clean(text, 80).split()
    if not 1 <= len(words) <= 6 or not all(re.fullmatch(r"[A-Za-z][A-Za-z'-]*", w)
                                           for w in words):
        return False
    lower = [w.lower() for w in words]
    if any(w in _CLAUSE_WORDS for w in lower):
        return False
    rest = lower[1:] if lower[0] in ("the", "a", "an", "this", "that", "some") else None
    if rest is None:  # a proper name: capitalised words (and small joining words)
        return all(w[:1].isupper() or w in ("of", "the", "and", "in", "on") for w in words)
    return bool(rest) and not any(_verb(w) for w in rest)


# Verbs that would turn "the door opens" into a clause (base forms); a word that may be one is
# enough to refuse a text as a place.
_VERBS = _wordset("""
abandon aim approach ask attack avoid bar bash bind bite block break bribe burn bury buy call
calm carry carve catch charge chase check chop climb close collect crawl creep cross crush cut
dash descend destroy dig disarm dive dodge drag draw drink drive drop eat escape examine explore
fall fight fill find fix flee follow force gather get give go grab guard guide hack heal help
hide hit hold hunt hurry jump keep kick kill knock lead leap lie lift light listen lock look
loot lure make move open pay pick pray press pry pull push put race raise reach read rest
return ride run rush save scale scout search seal see seize shoot shout shove sing slash sleep
slide sneak speak stab stand stay steal stop strike swim swing take talk tear tell throw tie
track trade trap turn unlock use wade wait wake walk warn wash watch wave whisper yank
""")


def _verb(word: str) -> bool:
    if word in _VERBS:
        return True
    for suffix, repl in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"),
                         ("ing", ""), ("ing", "e")):
        if word.endswith(suffix) and word[: -len(suffix)] + repl in _VERBS:
            return True
    return False
