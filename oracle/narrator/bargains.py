"""Whether a narration tells the price of an accepted Devil's Bargain (any system: Trophy keeps
the accepted bargain in its result, Die Trying and Triptycho take it as the request's plain
text; the narrator's context carries it either way).

A price is told by what it is about, not by the scene around it: the words of the price that
the scene already holds (the character's name, the place, the attempt, the foe) prove nothing
("the wyrm's hoard" is passed on the way to the door whether or not the ring stays in it). Of
the price's own things, grouped by meaning (a rival and a crew are one group, a lantern and its
light another), at least half must be told, in any form ("stays", "stayed") or a word of the
same meaning ("you lose the map": "the map slips from your pack and is gone").
"""

from __future__ import annotations

import re

from oracle.narrator.base import NarrationContext
from oracle.narrator.beats import BEATS
from oracle.narrator.lexicon import HAPPENINGS, kin
from oracle.narrator.meaning import word_set

__all__ = ["owed", "told", "waived"]

_STOP = word_set("""take takes the die dice your you and with then that this will from into
their there what when which while would could should have been will every are was were its
her his for not all one out off who how but had has any now get gets got yet down where
exactly again until wherever new whenever whatever forever ever always never more once until also
him she they them own now soon""")
# what a price does (not what it is about): verbs a narration tells in its own words
_DOING = word_set("""run runs ran stay stays stayed carry carries carried pass passes passed
return returns returned become becomes became begin begins began start starts started cost
costs let lets put puts""") | HAPPENINGS


def _root(word: str) -> str:
    word = word.lower().removesuffix("'s").removesuffix("'")
    for suffix in ("ing", "ed", "es", "s", "d"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)][:5]
    return word[:5]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z][a-z'-]+[a-z]", text.lower())


def _groups(price: str, scene: set[str]) -> list[frozenset[str]]:
    """The price's own things, each with its words of the same meaning; words of one meaning
    make one group."""
    wanted = [w.removesuffix("'s") for w in _words(price)]
    wanted = [w for w in wanted if len(w) >= 3 and w not in _STOP and w not in _DOING]
    own = [w for w in wanted if _root(w) not in scene] or wanted
    groups: list[frozenset[str]] = []
    for word in own:
        family = frozenset(_root(k) for k in kin(word))
        if not any(family & group for group in groups):
            groups.append(family)
    return groups


# how long a price lasts or what it stands for ("until the new moon", "as surety") is not its thing
_UNTIL = re.compile(r"\b(?:until|till|unless|for as long as|as (?:a |an |the )?(?:surety|"
                    r"pledge|payment|security|collateral|token|keepsake|forfeit|toll|fee))\b.*$",
                    re.IGNORECASE)
# the narration naming the price as such ("the price, paid", "as the bargain said")
_NAMED = re.compile(r"\b(?:the|its|a|that|her|his|your|their)\s+(?:price|bargain|debt|due)\b|"
                    r"\bpaid\b|\bas\s+(?:promised|agreed|sworn)\b", re.IGNORECASE)


def told(price: str, whole: str, context: NarrationContext) -> bool:
    """Whether ``whole`` tells ``price`` (each of several prices, ``;`` between them): half its
    groups of meaning (how long it lasts aside: "until the new moon"), or one when the narration
    names the price as such ("the price, paid")."""
    scene = {_root(w) for field in (context.place, context.intent, context.monster,
                                    *(str(c.get("name", "")) for c in context.characters),
                                    *context.party) for w in _words(field)}
    said = {_root(w) for w in _words(whole)}
    named = _NAMED.search(whole) is not None
    for part in (p for p in price.split(";") if p.strip()):
        groups = _groups(_UNTIL.sub("", part) or part, scene)
        hits = sum(bool(g & said) for g in groups)
        if groups and not (hits * 2 >= len(groups) or (named and hits)):
            return False
    return True


def owed(beat: str) -> bool:
    """Whether this beat voices a settled roll (not a list of offers before one), so an accepted
    bargain's price, paid whatever the dice, belongs in it."""
    spec = BEATS.get(beat)
    return spec is not None and (spec.voices_bargain or not (spec.listing or spec.before_roll))


# the price let off: handed back, waved away, asked for nothing ("keep your coin", "he will not
# take it", "no charge tonight")
_OBJECT = r"(?:it|them|that|this|(?:the|her|his|their|your|my)\s+[\w'-]+)"
_WAIVED = re.compile(
    rf"\b(?:wave|brush|push|hand|give|gave|toss|send|pass)(?:es|s|d|ed)?\s+{_OBJECT}\s+"
    r"(?:away|off|aside|back)\b|\bkeep\s+(?:your|it|them)\b(?!\s+(?:voice|head|eyes|hands?|"
    r"mouth|wits|feet|distance|hood|back|down|low|quiet|still|safe|close|hidden))|"
    r"\b(?:ask|want|take|took|charge|demand)(?:s|ed)?\s+nothing\b|\bno\s+(?:charge|price|payment|fee|"
    r"toll|cost)\b|\bfree\s+of\s+charge\b|\bfor\s+nothing\b|\b(?:won't|will\s+not|would\s+not|"
    rf"wouldn't|refuses?\s+to|does\s+not|doesn't|did\s+not|didn't)\s+(?:take|want|accept|ask\s+for)\s+"
    rf"{_OBJECT}\b|\b(?:price|debt|bargain)\s+(?:is\s+|was\s+)?(?:forgiven|waived|forgotten|void|"
    r"cancelled|canceled)\b", re.IGNORECASE)


def waived(price: str, sentence: str, context: NarrationContext) -> bool:
    """Whether ``sentence`` lets the price off ("he waves the ring away"), naming one of its
    things or the price itself: an accepted price is paid whatever the dice."""
    if not _WAIVED.search(sentence):
        return False
    said = {_root(w) for w in _words(sentence)}
    if re.search(r"\b(?:price|debt|bargain|payment|due)\b", sentence, re.IGNORECASE):
        return True
    return any(g & said for part in price.split(";") if part.strip()
               for g in _groups(_UNTIL.sub("", part) or part, set()))
