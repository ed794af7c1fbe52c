"""A player's word misspelt, read as the word meant: "centapedes" is centipedes, "scarcrows"
scarecrows, so a line or a veil typed in a hurry still keeps its theme and its word out.

Only a long word (six letters or more) that is no word the narrator knows is read this way
(the offline cards' words, the beings lexicon, the themes' words): "clowns" is a word, and
never "crowns". It is read as the nearest known words of the same first letter, one edit away (a letter
changed, added, dropped or two swapped), two edits from nine letters on; a theme reads it when
the words nearest to it are that theme's, or else words of no card (:mod:`.safety`: "bloted" is
as near the cards' "bolted" as "bloated", and names no drowning; "verains" is as near "vermin"
as the lexicon's "verdin", a bird no card names, and names vermin).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from pathlib import Path

__all__ = ["LONG", "card_words", "distance", "known", "meant"]

LONG = 6  # letters from which a word may be read as misspelt
_WORD = re.compile(r"[a-z][a-z'-]*[a-z]")


def distance(a: str, b: str, limit: int = 2) -> int:
    """The edits between ``a`` and ``b`` (a letter changed, added, dropped, or two neighbours
    swapped), or ``limit + 1`` once past ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, row = row, current
    return min(row[-1], limit + 1)


def _allowed(word: str) -> int:
    return 1 if len(word) < 9 else 2


@functools.cache
def card_words() -> frozenset[str]:
    """Every word the offline cards hold (lower case)."""
    from oracle.narrator.templates import prompt_dir
    from oracle.systems import installed

    words: set[str] = set()
    for folder in [prompt_dir(), *(system.folder() for system in installed())]:
        for path in sorted((folder / "offline").glob("*.txt")):
            for line in path.read_text("utf-8").lower().splitlines():
                if not line.startswith("#"):  # a comment is no card's
                    words |= set(_WORD.findall(re.sub(r"\{\{[^}]*\}\}|#:.*", " ", line)))
    return frozenset(words)


# the words the safety themes name and show, told by oracle.narrator.safety when it loads (it
# reads slips through this module, so this one does not import it)
_THEME_WORDS: set[str] = set()


def include(phrases: Iterable[str]) -> None:
    """Add the words of ``phrases`` (the safety themes' own) to what counts as known."""
    _THEME_WORDS.update(w for said in phrases for w in _WORD.findall(said.lower()))
    _vocabulary.cache_clear()
    _index.cache_clear()
    meant.cache_clear()


@functools.cache
def _vocabulary() -> frozenset[str]:
    """Every word the offline cards, the beings lexicon and the themes hold (lower case)."""
    words = set(card_words()) | _THEME_WORDS
    beings = Path(__file__).parent / "words" / "beings.txt"
    words |= {line.split()[0] for line in beings.read_text("utf-8").splitlines()
              if line and not line.startswith("#")}
    return frozenset(words)


def _deletes(word: str, depth: int) -> set[str]:
    """The word with up to ``depth`` letters dropped (the first kept)."""
    found, edge = {word}, {word}
    for _ in range(depth):
        edge = {w[:i] + w[i + 1:] for w in edge for i in range(1, len(w))}
        found |= edge
    return found


@functools.cache
def _index() -> dict[str, tuple[str, ...]]:
    """Known words of five letters or more by each form with one or two letters dropped, so
    the words near a slip are found without measuring the whole vocabulary."""
    found: dict[str, set[str]] = {}
    for word in _vocabulary():
        if len(word) >= LONG - 1:
            for form in _deletes(word, 2):
                found.setdefault(form, set()).add(word)
    return {form: tuple(sorted(words)) for form, words in found.items()}


def known(word: str) -> bool:
    """Whether ``word`` is a word the narrator knows (in any of its plain forms)."""
    low = word.lower()
    vocabulary = _vocabulary()
    return any(form in vocabulary for form in (low, low.removesuffix("s"),
                                               low.removesuffix("es"),
                                               low[:-3] + "y" if low.endswith("ies") else low))


@functools.lru_cache(maxsize=1024)
def meant(word: str) -> tuple[str, ...]:
    """The known words a long unknown ``word`` may be a slip for: all those nearest to it
    (within one edit, two from nine letters on); none for a short or a known word."""
    low = word.lower()
    if len(low) < LONG or known(low):
        return ()
    limit = _allowed(low)
    index = _index()
    near = {w for form in _deletes(low, limit) for w in index.get(form, ())}
    scored = [(d, w) for w in near if (d := distance(low, w, limit)) <= limit]
    nearest = min((d for d, _ in scored), default=limit + 1)
    return tuple(sorted(w for d, w in scored if d == nearest))
