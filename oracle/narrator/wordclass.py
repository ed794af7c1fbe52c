"""Words by class: whether a word is a verb (and of which class), or a word of feeling.

The inventories (``words/verbs.txt`` and ``words/feelings.txt``, written by
``scripts/wordnet_lexicons.py`` from WordNet 3.0) hold every one-word English verb with the
class of its most frequent sense (``emotion``, ``motion``, ``communication``, ``cognition``...)
and every word whose first sense is a feeling (a noun, a verb or an adjective). A word is read in
any of its forms: "binds", "bound", "panicking", "sickened", "frets".
"""

from __future__ import annotations

import functools
from pathlib import Path

__all__ = ["acts", "feeling", "known_word", "lemmas", "verb_class"]

_FOLDER = Path(__file__).parent / "words"


def _entries(name: str) -> list[list[str]]:
    return [line.split() for line in (_FOLDER / name).read_text("utf-8").splitlines()
            if line and not line.startswith("#")]


@functools.cache
def _verbs() -> tuple[dict[str, str], dict[str, str]]:
    """(lemma -> class, irregular form -> lemma)."""
    classes: dict[str, str] = {}
    irregular: dict[str, str] = {}
    for lemma, cls, *forms in _entries("verbs.txt"):
        classes[lemma] = cls
        for form in forms:
            irregular.setdefault(form, lemma)
    return classes, irregular


@functools.cache
def _feelings() -> dict[str, str]:
    return {word: pos for word, pos in _entries("feelings.txt")}


def _stems(word: str) -> list[str]:
    """The bases a word may be an inflected form of ("panicking" -> panic, "tries" -> try)."""
    found = [word]
    for suffix, repl in (("ies", "y"), ("ied", "y"), ("es", ""), ("s", ""), ("ed", ""),
                         ("ed", "e"), ("d", ""), ("ing", ""), ("ing", "e"), ("king", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            found.append(word[:len(word) - len(suffix)] + repl)
    for suffix in ("ed", "ing"):  # a doubled consonant: "sobbed", "planning"
        base = word.removesuffix(suffix)
        if base != word and len(base) >= 3 and base[-1] == base[-2]:
            found.append(base[:-1])
    return found


@functools.lru_cache(maxsize=8192)
def lemmas(word: str) -> tuple[str, ...]:
    """The verbs ``word`` may be a form of (empty: no verb)."""
    low = word.lower().replace("\u2019", "'").removesuffix("'s")
    classes, irregular = _verbs()
    found = [irregular[low]] if low in irregular else []
    found += [s for s in _stems(low) if s in classes and s not in found]
    return tuple(found)


def verb_class(word: str) -> str | None:
    """The class of the verb ``word`` is a form of (its first reading), or None."""
    found = lemmas(word)
    return _verbs()[0][found[0]] if found else None


@functools.lru_cache(maxsize=8192)
def feeling(word: str) -> str | None:
    """``"n"``, ``"v"`` or ``"a"`` when ``word`` (in any form) is a word of feeling, else None;
    a participle of a verb of feeling ("panicking", "sickened") is an adjective."""
    low = word.lower().replace("\u2019", "'").removesuffix("'s")
    table = _feelings()
    if low in table:
        return table[low]
    for stem in _stems(low)[1:]:
        if table.get(stem) == "v":
            return "a" if low.endswith(("ed", "ing")) else "v"
    return None


def acts(word: str) -> bool:
    """Whether ``word`` is a verb said of a doer: a third-person or past form ("binds",
    "vouched", "bound"), not a bare base or a participle."""
    low = word.lower()
    if not lemmas(low) or low.endswith("ing"):
        return False
    return low.endswith(("s", "ed")) and not low.endswith(("ss", "'s")) or \
        low in _verbs()[1]


def known_word(word: str) -> bool:
    """Whether ``word`` is an English word the inventories know (a verb, a being or a feeling in
    any form): a capitalised word that is none of these may be a name."""
    from oracle.narrator.beings import is_being

    return bool(lemmas(word)) or feeling(word) is not None or is_being(word)
