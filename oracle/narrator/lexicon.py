"""The referee's lexicon: words by family, in all their forms, so a check reads a meaning and
not one phrasing of it.

:func:`forms` inflects a verb ("give" -> give, gives, gave, given, giving); :func:`verbs` makes
one pattern of many verbs and their forms; :func:`phrases` one of many phrases, each word of
which may be a family (``{yield}``). The families are written here as plain word lists, the way a
thesaurus groups them (yielding, holding fast, reaching, finding, agreeing, being seen...), not
copied from any reply. Everything is deterministic word work.
"""

from __future__ import annotations

import functools
import re

__all__ = ["HAPPENINGS", "IRREGULAR", "SYNONYMS", "forms", "kin", "phrases", "rx", "verbs"]

# the irregular verbs the families use: base -> (past, participle)
IRREGULAR: dict[str, tuple[str, ...]] = {
    "give": ("gave", "given"), "take": ("took", "taken"), "fall": ("fell", "fallen"),
    "come": ("came",), "run": ("ran",), "swing": ("swung",), "spring": ("sprang", "sprung"),
    "grind": ("ground",), "break": ("broke", "broken"), "hold": ("held",),
    "stick": ("stuck",), "see": ("saw", "seen"), "find": ("found",), "lead": ("led",),
    "rise": ("rose", "risen"), "slide": ("slid",), "split": ("split",), "burst": ("burst",),
    "let": ("let",), "shake": ("shook", "shaken"), "tear": ("tore", "torn"),
    "wake": ("woke", "woken"), "catch": ("caught",), "lose": ("lost",), "keep": ("kept",),
    "leave": ("left",), "stand": ("stood",), "get": ("got", "gotten"), "make": ("made",),
    "sink": ("sank", "sunk"), "swim": ("swam", "swum"), "draw": ("drew", "drawn"),
    "know": ("knew", "known"), "think": ("thought",), "tell": ("told",), "feel": ("felt",),
    "mean": ("meant",), "bring": ("brought",), "throw": ("threw", "thrown"),
    "go": ("went", "gone"), "lie": ("lay", "lain"), "fly": ("flew", "flown"),
    "hang": ("hung",), "begin": ("began", "begun"), "drive": ("drove", "driven"),
    "win": ("won",), "hear": ("heard",), "spit": ("spat",), "shut": ("shut",),
    "bend": ("bent",), "swear": ("swore", "sworn"), "weep": ("wept",), "grow": ("grew", "grown"),
    "slay": ("slew", "slain"), "bleed": ("bled",), "freeze": ("froze", "frozen"),
    "choose": ("chose", "chosen"), "steal": ("stole", "stolen"), "creep": ("crept",),
    "sweep": ("swept",), "strike": ("struck",), "sting": ("stung",), "cling": ("clung",),
    "put": ("put",), "set": ("set",), "cut": ("cut",), "hit": ("hit",), "quit": ("quit",),
    "say": ("said",), "pay": ("paid",), "lay": ("laid",), "seek": ("sought",),
    "understand": ("understood",), "undo": ("undid", "undone"), "forget": ("forgot",),
    "overcome": ("overcame",), "become": ("became",), "outrun": ("outran",),
}
_VOWELS = "aeiou"


def _doubles(base: str) -> bool:
    """A short verb ending consonant-vowel-consonant doubles its last letter (grip -> gripped)."""
    return (len(base) <= 4 and len(base) >= 3 and base[-1] not in _VOWELS + "wxy"
            and base[-2] in _VOWELS and base[-3] not in _VOWELS)


@functools.lru_cache(maxsize=2048)
def forms(base: str) -> tuple[str, ...]:
    """Every form of a verb: base, third person, past, participle, -ing."""
    if base == "be":
        return ("be", "is", "are", "am", "was", "were", "been", "being", "'s", "'re")
    if base == "have":
        return ("have", "has", "had", "having", "'s", "'ve")
    if base.endswith("y") and len(base) > 2 and base[-2] not in _VOWELS:
        found = [base, base[:-1] + "ies", base[:-1] + "ied", base + "ing"]
    elif base.endswith("e"):
        found = [base, base + "s", base + "d", base[:-1] + "ing"]
        if base.endswith("ie"):
            found.append(base[:-2] + "ying")
    elif base.endswith(("s", "x", "z", "ch", "sh", "o")):
        found = [base, base + "es", base + "ed", base + "ing"]
    else:
        found = [base, base + "s", base + "ed", base + "ing"]
        if _doubles(base):
            found += [base + base[-1] + "ed", base + base[-1] + "ing"]
    if base in IRREGULAR:
        found = [f for f in found if not f.endswith("ed") or f in ("freed",)]
        found += IRREGULAR[base]
    return tuple(dict.fromkeys(found))


def verbs(lemmas: str) -> str:
    """An alternation of every form of the verbs named in ``lemmas`` (a list in prose)."""
    return "|".join(f for lemma in lemmas.split() for f in forms(lemma))


def _part(part: str) -> str:
    """One word of a phrase: ``a/b`` either, ``~verb`` every form of the verb."""
    alternatives: list[str] = []
    for word in part.split("/"):
        alternatives += forms(word[1:]) if word.startswith("~") else [word]
    return alternatives[0] if len(alternatives) == 1 else "(?:" + "|".join(alternatives) + ")"


def phrases(text: str) -> str:
    """Phrases separated by ``;`` (a line break is a space), each word may be ``~verb`` (its forms) or
    ``a/b`` (either); ``*`` is any one word; ``?`` after a word makes it optional."""
    found = []
    text = re.sub(r"/\s*\n\s*", "/", text)  # a list of either words may run over a line
    for phrase in text.split(";"):
        words = phrase.split()
        if not words:
            continue
        pattern, joined = "", False
        for word in words:
            optional = word.endswith("?") and len(word) > 1
            piece = r"[\w'-]+" if word.rstrip("?") == "*" else _part(word.rstrip("?"))
            sep = r"\s+" if joined else ""
            if optional and not joined:
                pattern += f"(?:{piece}\\s+)?"
            else:
                pattern += f"(?:{sep}{piece})?" if optional else f"{sep}{piece}"
                joined = True
        found.append(pattern)
    return "|".join(found)


def rx(*alternatives: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(a for a in alternatives if a) + r")\b", re.IGNORECASE)


# words that tell the same thing, a group a line (a thesaurus's entries, for the things a price
# of the Devil's Bargain takes or sets loose)
SYNONYMS: tuple[frozenset[str], ...] = tuple(frozenset(line.split()) for line in """
lose lost gone missing vanish vanished slip slips drop dropped fall falls fell behind mislaid
map maps chart charts
lantern lamp light
torch flame brand light
see sees seen saw spot spots spotted notice notices noticed watch watches watched eyes glimpse
hear hears heard sound sounds noise noises
rival rivals crew band party hunters
dog dogs hound hounds cur mutt
follow follows followed trail trails track tracks behind
ring rings band
blood bleed bleeds bleeding cut wound
break breaks broke broken shatter shatters shattered crack cracks cracked smash snap snaps
burst bursts splinter splinters shatter breaks smashes pieces
burn burns burned burnt fire flame scorch
cold chill chills freeze frost
rope ropes line cord
knife blade dagger
coin coins silver gold purse money
food bread rations supplies
flask skin waterskin
remember remembers memory memories forget forgets forgotten
voice voices speak words
tooth teeth
hair braid
eye eyes sight blind
hand hands fingers finger
sleep dream dreams
""".strip().splitlines())


# the groups above that tell what happens (not what it happens to)
HAPPENINGS = frozenset().union(*(g for g in SYNONYMS if g & {"lose", "see", "hear", "follow",
                                                            "break", "burn", "remember", "bleed",
                                                            "fall", "speak", "sleep"}))
HAPPENINGS |= frozenset(["go", "goes", "went", "gone", "come", "comes", "came", "make", "makes", "made", "keep", "keeps", "kept", "turn", "turns", "turned", "give", "gives", "gave", "leave", "leaves", "left", "find", "finds", "found", "know", "knows", "knew"])


def kin(word: str) -> frozenset[str]:
    """The word with every word it shares a group of :data:`SYNONYMS` with."""
    return frozenset({word}.union(*(group for group in SYNONYMS if word in group)))
