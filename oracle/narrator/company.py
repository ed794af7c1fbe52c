"""Company in solo play in other words: a group the character travels with, a person at their
side, someone working with them, a place in a line of people. (The first reading of companions,
by the words that name them, is :func:`oracle.narrator.people.others`.)

- a group: "the whole company", "the fellowship", "her retinue" (a group the table wrote, such
  as "the rival crew" of a bargain, is the story's);
- a place in a line: "at the back of the line", "the head of the column";
- a person joined to the character: "Ilka and the tinker haul", "you and a porter";
- a person at the character's side: "the tinker walking beside her", "a lawyer at her elbow";
- they, a group acting, with no group named: "they make camp".

Everything is deterministic word work.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from oracle.narrator.base import NarrationContext
from oracle.narrator.meaning import Cast, Who, Word, word_set

__all__ = ["PERSONS", "company"]

# a person by kind, trade or people (singular and plural)
PERSONS = frozenset(f for w in ["woman", "man", "lad", "lass", "girl", "boy", "child", "crone", "hag", "widow", "stranger", "figure", "traveller", "traveler", "pilgrim", "guide", "porter", "squire", "page", "servant", "hireling", "retainer", "bodyguard", "sellsword", "mercenary", "soldier", "guard", "scout", "ranger", "hunter", "trapper", "thief", "archer", "warrior", "knight", "monk", "nun", "priest", "priestess", "cleric", "wizard", "mage", "witch", "bard", "rogue", "tinker", "pedlar", "peddler", "merchant", "trader", "lawyer", "clerk", "notary", "scribe", "apprentice", "boatman", "ferryman", "oarsman", "sailor", "fisherman", "fisher", "miller", "farmer", "shepherd", "woodcutter", "charcoal-burner", "burner", "smith", "blacksmith", "cook", "healer", "herbalist", "dwarf", "elf", "halfling", "gnome", "giant", "orc", "goblin", "friend", "companion", "comrade", "ally", "partner", "cousin", "brother", "sister", "uncle", "aunt", "nephew", "niece", "husband", "wife", "son", "daughter", "kinsman", "kinswoman", "twin", "elder", "youth", "stranger", "fellow", "someone", "somebody"] for f in (w, w + "s", w.replace("man", "men")))
_GROUP = re.compile(r"\b(?:the|your|her|his|their|our|whole)\s+(?:whole\s+|little\s+|small\s+)?"
                    r"(company|fellowship|troupe|retinue|entourage|expedition|column|warband|"
                    r"war-band|party|group|caravan|companions|fellows)\b", re.IGNORECASE)
_LINE = re.compile(r"\b(?:at|from|to|near|toward|towards)\s+the\s+(?:back|front|rear|head|end|"
                   r"tail|middle)\s+of\s+the\s+(line|column|file|group|company|party|caravan|"
                   r"procession)\b", re.IGNORECASE)
_SIDE = re.compile(r"\b(?:beside|next\s+to|alongside|behind|with|after)\s+([A-Z][\w-]*|her|him|them|"
                   r"you)\b(?!')|\b(?:at|by)\s+(her|his|their|your|[A-Z][\w-]*'s)\s+(?:side|"
                   r"shoulder|elbow|back|heels)\b")
# someone in the character's service or company, by the character's possessive
_SERVING = re.compile(r"\b(her|his|their|your|[A-Z][\w-]*'s)\s+(?:\w+\s+)?(guide|guides|hireling|"
                      r"hirelings|porter|porters|squire|servant|servants|companion|retainer|"
                      r"bodyguard|apprentice|page|mate|comrade|shield-bearer|torchbearer|"
                      r"lantern-bearer|linkboy|bearer|bearers|men|crew)\b")
_ANYONE = word_set("""someone somebody""")
_DETS = word_set("""the a an her his your their one some another""")
_TOGETHER = re.compile(r"\b(?:together|between\s+them|side\s+by\s+side|in\s+step|as\s+one)\b",
                       re.IGNORECASE)


def _known(word: str, cast: Cast) -> bool:
    low = word.lower().removesuffix("'s")
    return low in cast.known or low.rstrip("s") in cast.known or low in cast.foe


def _joined(words: Sequence[Word], cast: Cast) -> str | None:
    """A person joined to the character by "and": "Ilka and the tinker", "you and a porter"."""
    for i, word in enumerate(words[:-2]):
        if word.low != "and" or i == 0 or cast.who(words[i - 1].text) is not Who.CHARACTER:
            continue
        for j in range(i + 1, min(i + 4, len(words))):
            low = words[j].low.removesuffix("'s").split("-")[-1]
            if low in PERSONS and not _known(low, cast) and not _known(words[j].low, cast):
                return " ".join(w.text for w in words[i - 1:j + 1])
            if low not in _DETS and j > i + 1:
                break
    return None


def _characters(owner: str, cast: Cast, said: Sequence[Word]) -> bool:
    """Whether ``owner`` ("her", "Brom's") is a character (a pronoun by the words before)."""
    low = owner.lower().removesuffix("'s")
    who = cast.who(low)
    if who is None:
        return cast.resolve(said) is Who.CHARACTER
    return who is Who.CHARACTER


def _beside(sentence: str, words: Sequence[Word], before: Sequence[Word],
            cast: Cast) -> str | None:
    """A person named near words of the character's side ("the tinker walking beside her",
    "the hireling behind Brom", "behind her someone cheers")."""
    for match in _SIDE.finditer(sentence):
        if re.search(r"\bas (?:if|though)\b", sentence[:match.start()], re.IGNORECASE):
            continue  # "as if someone had been chewing with them": a likeness, no one there
        near = [w for w in words if w.start < match.start()][-6:]
        # whose side: not the one standing there, nor the foe (an "it")
        said = [w for w in (*before, *(w for w in words if w.start < match.start()))
                if w not in near and cast.who(w.text) is not Who.FOE]
        if not _characters(match.group(1) or match.group(2), cast, said):
            continue
        near += [w for w in words if w.start >= match.end()][:3]
        for word in near:
            low = word.low.removesuffix("'s").split("-")[-1]
            if low in PERSONS and not _known(low, cast) and not _known(word.low, cast):
                return f"{word.text} ... {match.group()}"
    for match in _SERVING.finditer(sentence):
        if _characters(match.group(1), cast,
                       [*before, *(w for w in words if w.start < match.start())]) and \
                not _known(match.group(2), cast):
            return match.group()
    return None


def company(sentence: str, words: Sequence[Word], before: Sequence[Word],
            context: NarrationContext, cast: Cast) -> str | None:
    """Company at the character's side in solo play, in other words than a companion's."""
    if not cast.solo:
        return None
    for pattern in (_GROUP, _LINE):
        for match in pattern.finditer(sentence):
            if not _known(match.group(1), cast):
                return (f"it says {match.group()!r} in solo play; nobody else is with the "
                        "character")
    found = _joined(words, cast) or _beside(sentence, words, before, cast)
    if found is None and _TOGETHER.search(sentence) and any(
            w.low.removesuffix("'s") in PERSONS - _ANYONE and not _known(w.low, cast)
            for w in words):
        found = _TOGETHER.search(sentence).group()  # type: ignore[union-attr]
    if found:
        return f"it brings in company ({found!r}) in solo play; nobody else is with the character"
    return None
