"""Splicing a name or a table's entry into a sentence, with the capitals a reader expects.

A capital that only starts a sentence stays at the start of one: "The forest's edge" is
"the forest's edge" in the middle of a sentence, "The Drowned Choir" is "the Drowned Choir"
(the article is not part of the name). A name keeps its own capitals ("Greywater Ford",
"Mara"). Pure functions, importable by any layer (rules words, narrator, app).
"""

from __future__ import annotations

import re

ARTICLES = ("The", "A", "An")
_SPACE = re.compile(r"\s+")


def in_sentence(text: str) -> str:
    """``text`` for the middle of a sentence: a leading article lower-cased, the rest as given
    ("The flooded nave" -> "the flooded nave", "The Antlered Man" -> "the Antlered Man")."""
    text = _SPACE.sub(" ", text).strip()
    first, _, rest = text.partition(" ")
    if first in ARTICLES and rest:
        return f"{first.lower()} {rest}"
    return text


def at_start(text: str) -> str:
    """``text`` for the start of a sentence: its first letter a capital."""
    text = _SPACE.sub(" ", text).strip()
    return text[:1].upper() + text[1:]


def the_foe(name: str, bestiary: bool) -> str:
    """A monster's name as the narrator says it: a bestiary name without an article takes
    "the" ("Choir of Mouths" -> "the Choir of Mouths"); a name the player gave, or one that
    has its article already ("The Drowned Choir"), stays as it is."""
    name = _SPACE.sub(" ", name).strip()
    bare = not name.lower().startswith(tuple(f"{a.lower()} " for a in ARTICLES))
    return f"the {name}" if bestiary and bare and name else name


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 set``, ``5 sets``, ``1 day``: a count with its noun, never ``set(s)``."""
    return f"{count} {noun(count, one, many)}"


def noun(count: int, one: str, many: str | None = None) -> str:
    """``set`` for one, ``sets`` (or ``many``) for any other count: the noun alone."""
    return one if count == 1 else (many or one + "s")
