"""Beings by class: whether a word names a person, an animal or a spirit, whatever the word.

The inventory (``words/beings.txt``, written by ``scripts/beings_lexicon.py`` from WordNet) holds
every English noun whose first sense is a living being, about ten thousand, with its classes:
``person``, ``animal``, ``spirit`` and, finer, ``child``, ``rodent``, ``arachnid``, ``insect``,
``snake``, ``reptile``, ``bird``, ``fish``, ``worm``, ``beast``. So the referee knows "the
Constable", "a bell-ringer", "the goat" and "her apprentice" as beings without a list of the
ones it has met.

:func:`classes` reads a word in any form ("wolves", "ghoul's", "water-witch": its last part);
:func:`as_noun` tells whether the word at an index is used as a noun (after an article, a
possessive or a number, with only modifiers between), so "the stones are dry" names no one.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only a type here: meaning reads the classes of beings from this module
    from oracle.narrator.meaning import Word

__all__ = ["BEING", "as_noun", "classes", "is_being"]

BEING = frozenset({"person", "animal", "spirit"})
_FILE = Path(__file__).parent / "words" / "beings.txt"


@functools.cache
def _inventory() -> dict[str, frozenset[str]]:
    found: dict[str, frozenset[str]] = {}
    for line in _FILE.read_text("utf-8").splitlines():
        if line and not line.startswith("#"):
            word, *kinds = line.split()
            found[word] = frozenset(kinds)
    return found


def _singulars(word: str) -> tuple[str, ...]:
    """The word and the singulars it may be a plural of."""
    found = [word]
    if word.endswith("ies"):
        found.append(word[:-3] + "y")
    if word.endswith("es"):
        found.append(word[:-2])
    if word.endswith("s") and not word.endswith("ss"):
        found.append(word[:-1])
    if word.endswith("men"):
        found.append(word[:-3] + "man")
    return tuple(found)


@functools.lru_cache(maxsize=4096)
def classes(word: str) -> frozenset[str]:
    """The classes of the being ``word`` names (empty: none), in any of its forms."""
    low = word.lower().replace("\u2019", "'").removesuffix("'s").removesuffix("'")
    inventory = _inventory()
    for part in (low, low.split("-")[-1]) if "-" in low else (low,):
        for form in _singulars(part):
            if form in inventory:
                return inventory[form]
    return frozenset()


def is_being(word: str) -> bool:
    return bool(classes(word) & BEING)


# what makes the next noun a noun: articles, possessives, numbers, quantifiers
_DETERMINERS = frozenset(["the", "a", "an", "this", "that", "these", "those", "his", "her", "its", "their", "your", "my", "our", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "some", "any", "every", "each", "no", "another", "other", "several", "many", "few", "both", "all", "whose"])
# modifiers that may stand between a determiner and its noun
_MODIFIER_ENDINGS = ("ed", "en", "y", "ish", "ic", "al", "ous", "ful", "less", "ing", "est",
                     "er", "ian", "an")


def as_noun(words: Sequence[Word], i: int) -> bool:
    """``words[i]`` is used as a noun: a determiner (or a possessive, "Sefa's") within the three
    words before it with only modifiers between, or a capitalised name mid-sentence, or a plural
    subject ("Crows wait")."""
    for j in range(i - 1, max(-1, i - 4), -1):
        low = words[j].low
        if low in _DETERMINERS or low.endswith("'s"):
            return True
        if low in (",", ";", ":", "\u2014", "and", "or", "of", "with", "to", "is", "are", "was",
                   "were", "be", "been"):
            return False
        if not (low.endswith(_MODIFIER_ENDINGS) or words[j].text[:1].isupper()
                or "-" in low or is_being(low) or len(low) <= 6):
            return False
    word = words[i]
    return (word.text[:1].isupper() and not word.first) or (
        i == 0 and word.low.endswith("s"))
