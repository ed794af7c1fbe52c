"""Where in a sentence a phrase stands, and whom it is said of: the small readings every
check of meaning shares (:mod:`.readings`, :mod:`.fights`, :mod:`.people`).

- :func:`index_at`: the word a match starts at;
- :func:`said_of`: the first phrase of a pattern said of a character or the foe ("the dark
  die" is the game's die, never a death);
- :func:`head_word`: the noun a verb phrase is said of ("the sluice gate lifts");
- :func:`negated`: a negation just before a phrase, or its object denied ("gives up none").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from oracle.narrator.meaning import Cast, Who, Word, subject, word_set

__all__ = ["DIE_NOUN", "NEGATION", "head_word", "index_at", "negated", "said_of"]


def index_at(words: Sequence[Word], position: int) -> int:
    for i, word in enumerate(words):
        if word.start >= position:
            return i
    return len(words)


DIE_NOUN = word_set("""the a one each every that this dark light highest lowest last first
second third bone iron black white red helper's helper your her his their another single
which""")


def said_of(pattern: re.Pattern[str], sentence: str, words: Sequence[Word], cast: Cast,
            before: Sequence[Word]) -> tuple[str, Who] | None:
    """The first phrase of ``pattern`` said of a character or the foe, and of whom."""
    for match in pattern.finditer(sentence):
        i = index_at(words, match.start())
        if i < len(words) and words[i].low == "die" and i > 0 and \
                words[i - 1].low in DIE_NOUN:
            continue  # "the dark die", "a die": the die of the game, not a death
        who = subject(words, i, cast, before)
        if who in (Who.CHARACTER, Who.FOE):
            return match.group(), who
    return None


def head_word(words: Sequence[Word], i: int) -> str:
    """The word a verb phrase at ``words[i]`` is said of (the noun right before it)."""
    j = i - 1
    while j >= 0 and words[j].low in ("not", "never", "does", "did", "will", "finally", "slowly",
                                      "just", "then", "at", "last", "simply", "still"):
        j -= 1
    return words[j].low.removesuffix("'s") if j >= 0 else ""


NEGATION = re.compile(r"\b(?:not|never|no|nothing|nor|cannot|fails? to|failed to|refuses? to|"
                      r"without)\b|n't\b", re.IGNORECASE)
_NOT_JUST = re.compile(r"(?:\bnot|n't|\bnever) (?:just|only|merely|simply)\b", re.IGNORECASE)
_CLAUSE = re.compile(r"[;:\u2014.]|\bbut\b", re.IGNORECASE)
_NONE_AFTER = re.compile(r"\w+(?:\s+\w+)?\s+(?:none|nothing|no)\b", re.IGNORECASE)


def negated(sentence: str, start: int) -> bool:
    """A negation just before the phrase in its clause ("not stuck, but it opens" is not; nor
    is "doesn't just give"), or its object denied ("gives up none of its paths")."""
    window = _NOT_JUST.sub(" ", _CLAUSE.split(sentence[max(0, start - 24):start])[-1])
    return NEGATION.search(window) is not None or \
        _NONE_AFTER.match(sentence, start) is not None
