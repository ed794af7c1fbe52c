"""Weaving what the player says they attempt into a sentence the narrator can finish.

Players type intents any way they like: "I pick the lock.", "We search the crypt",
"Can I jump the gap?", "I'm going to climb the bell tower", "Climb the tower!", "Ash cuts the
rope", "the crypt". :func:`weave` turns each into an infinitive verb phrase in the third person
("pick the lock", "search the crypt", "jump the gap", "cut the rope", "go for the crypt") that
reads after "tries to". Anything it cannot read safely gets a neutral frame ("press on"), never a
broken sentence such as "tries to can I jump the gap".
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

NEUTRAL = "press on"

# Openers that leave an infinitive behind them (longest first).
_OPENERS: tuple[str, ...] = tuple(sorted((
    "i will", "i'll", "i shall", "i want to", "i wanna", "i try to", "i try and", "i'd like to",
    "i would like to", "i need to", "i have to", "i must", "i attempt to", "i am going to",
    "i'm going to", "im going to", "i'm gonna", "i am gonna", "i'm trying to", "i am trying to",
    "i plan to", "i mean to", "i intend to", "i decide to", "i'd", "let me", "i go to",
    "we will", "we'll", "we want to", "we try to", "we try and", "we'd like to", "we need to",
    "we must", "we are going to", "we're going to", "we're gonna", "we attempt to", "let's",
    "let us", "we're trying to", "we plan to", "we",
    "can i", "could i", "may i", "might i", "should i", "shall i", "do i", "can we", "could we",
    "may we", "should we", "shall we", "is it possible to", "is it possible for me to",
    "am i able to", "are we able to", "what if i", "what if we", "how about i", "how do i",
    "how can i", "how do we", "how can we", "i wonder if i can", "try to", "try and",
    "attempt to", "going to", "gonna", "to", "i", "please",
), key=len, reverse=True))

_OPENER = re.compile(r"^(?:" + "|".join(re.escape(o) for o in _OPENERS) + r")\b\s*",
                     re.IGNORECASE)
_THIRD_OPENERS = re.compile(
    r"^(?:(?i:he|she|they|it)|(?P<name>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?))\s+"
    r"(?:(?:will|shall|must|wants to|tries to|tries and|attempts to|needs to|is going to|"
    r"are going to|is trying to|plans to|means to|decides to)\s+)?(?P<rest>.+)$")
_PROGRESSIVE = re.compile(r"^(?:i'm|i am|im|we're|we are)\s+(?P<rest>\w+ing\b.*)$",
                          re.IGNORECASE)
_ADVERB = re.compile(r"^(?P<adverb>[a-z]+ly),?\s+(?P<rest>.+)$", re.IGNORECASE)

_PRONOUNS: tuple[tuple[str, str], ...] = (
    ("myself", "themself"), ("ourselves", "themselves"), ("my", "their"), ("our", "their"),
    ("mine", "theirs"), ("ours", "theirs"), ("me", "them"), ("us", "them"), ("i'm", "they're"),
    ("i've", "they've"), ("i'd", "they'd"), ("i'll", "they'll"), ("i am", "they are"),
    ("i was", "they were"), ("i", "they"), ("we're", "they're"), ("we've", "they've"),
    ("we", "they"), ("am", "are"),
)
_PRONOUN = re.compile(r"\b(" + "|".join(re.escape(a) for a, _ in _PRONOUNS) + r")\b",
                      re.IGNORECASE)
_SWAP = dict(_PRONOUNS)

def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


DETERMINERS = _words(
    "the a an this that these those some any my our their his her its your every each another "
    "one two three")
_NOT_VERBS = DETERMINERS | _words(
    "he she they it we i you is are was were be been not no yes what where who why when how "
    "which if then there here in on at of by with from into onto for about over under")

# Verbs a treasure-hunter's intent usually begins with (base form). Used to tell an imperative
# ("climb the tower") from a bare noun ("crypt") and to undo a third-person "-s".
VERBS = _words("""
abandon aim approach ask attack avoid bar barter bash bind bite block board break bribe burn
bury buy call calm carry carve catch charge chase check chop circle clean clear climb close
collect comfort convince cook crawl creep cross crush cut dash decipher defend descend destroy
dig disarm disguise distract dive dodge drag draw drink drive drop duck eat escape examine
explore fall feed fight fill find fix flee fling follow force forge gather get give go grab grip
guard guide hack haggle heal help hide hit hold hunt hurry ignore inspect intimidate jump keep
kick kill knock lead leap lie lift light listen load lock look loot lure make mend move open
outrun paddle pay persuade pick pin play plead pour pray press prise pry pull push put question
quiet race raise rappel reach read recall repair rescue rest retreat return ride run rush sail
save scale scare scout scramble scream search seal see seize shield shoot shout shove sing slash
sleep slide slip smash sneak sniff speak spot sprint squeeze stab stalk stand start stay steal
steer stop strike study swim swing take talk tear tell tend throw tie track trade trap travel
trick try tug turn unlock untie use vault wade wait wake walk warn wash watch wave wedge whisper
wrap wrestle yank douse kindle ignite light barricade bandage stitch sew skin gut brace steady
sneak peek peer rummage scour sift hunt stalk shadow tail
""")

_IRREGULAR_S = {"goes": "go", "does": "do", "has": "have", "is": "be", "tries": "try",
                "flies": "fly", "cries": "cry", "dies": "die", "lies": "lie", "ties": "tie"}
_IRREGULAR_ING = {"lying": "lie", "dying": "die", "tying": "tie", "going": "go",
                  "running": "run", "getting": "get", "cutting": "cut", "swimming": "swim",
                  "digging": "dig", "hitting": "hit", "setting": "set", "putting": "put",
                  "sitting": "sit", "stopping": "stop", "grabbing": "grab", "dragging": "drag",
                  "slipping": "slip", "stabbing": "stab", "trapping": "trap", "shutting": "shut"}


@dataclass(frozen=True)
class Weaving:
    """An intent read for the story: ``phrase`` reads after "to"; ``kind`` says how it was read.

    ``kind`` is one of ``first``, ``we``, ``question``, ``going_to``, ``imperative``, ``third``,
    ``progressive``, ``noun`` or ``neutral`` (nothing usable: ``phrase`` is :data:`NEUTRAL`).
    """

    phrase: str
    kind: str
    source: str = ""

    @property
    def neutral(self) -> bool:
        return self.kind == "neutral"

    @property
    def attempt(self) -> str:
        """A noun phrase: "the attempt to pick the lock" (or "the attempt")."""
        return "the attempt" if self.neutral else f"the attempt to {self.phrase}"


def _base_of_s(word: str) -> str | None:
    lower = word.lower()
    if lower in _IRREGULAR_S:
        return _IRREGULAR_S[lower]
    for suffix, repl in (("ches", "ch"), ("shes", "sh"), ("sses", "ss"), ("xes", "x"),
                         ("zes", "z"), ("ies", "y"), ("s", "")):
        if lower.endswith(suffix) and lower[: -len(suffix)] + repl in VERBS:
            return lower[: -len(suffix)] + repl
    return None


def _base_of_ing(word: str) -> str | None:
    lower = word.lower()
    if lower in _IRREGULAR_ING:
        return _IRREGULAR_ING[lower]
    stem = lower[:-3]
    for candidate in (stem, stem + "e", stem[:-1]):
        if candidate in VERBS:
            return candidate
    return None


def _third_person(text: str) -> str:
    """Swap the speaker's pronouns for the character's: my -> their, me -> them, we -> they."""
    def swap(match: re.Match[str]) -> str:
        return _SWAP[match.group(1).lower()]
    return _PRONOUN.sub(swap, text)


def _first_clause(text: str) -> str:
    """The first sentence, without quotes, trailing punctuation or a trailing "then ..."."""
    text = text.strip().strip("\"'\u201c\u201d\u2018\u2019 ")
    text = re.split(r"(?<=[.!?])\s+|\s*;\s*|\s+-{1,2}\s+|\s*\u2014\s*", text, maxsplit=1)[0]
    return re.sub(r"[\s.!?,:]+$", "", text).strip()


def _lower_first(text: str) -> str:
    first, _, rest = text.partition(" ")
    if first.isupper() and len(first) > 1:  # an acronym or shouting: keep it as it is
        return text
    if first[:1].isupper() and first[1:].islower() and first.lower() in VERBS | _NOT_VERBS | {
            "i'm", "let's", "can", "could", "should", "may", "what", "how", "try", "please"}:
        return first.lower() + (" " + rest if rest else "")
    if first.lower() in ("i", "i'm", "i'll", "i'd"):
        return first.lower() + (" " + rest if rest else "")
    return text


_OPENER_WORDS = frozenset({"i'm", "i'll", "i'd", "i've", "let's", "please", "try", "im", "to",
                           "can", "could", "may", "might", "should", "shall", "do", "does",
                           "did", "would", "will", "am", "let", "gonna", "going"})


def _third(text: str, name: str) -> str | None:
    """"Ash climbs the wall" / "she will hold the door" -> "climb the wall" / "hold the door"."""
    match = _THIRD_OPENERS.match(text)
    if match is None:
        return None
    who = match.group("name")
    if who is not None:
        if who.split()[0].lower() in VERBS | _NOT_VERBS | _OPENER_WORDS:
            return None
        if name and who.lower() not in (name.lower(), name.split()[0].lower()) and \
                len(who.split()) > 1 and who.split()[1].lower() in VERBS:
            return None
    rest = match.group("rest")
    verb, _, tail = rest.partition(" ")
    base = _base_of_s(verb)
    if base is not None:
        return f"{base} {tail}".strip()  # "climbs" -> "climb"
    return rest if verb.lower() in VERBS else None  # "they climb", "she will climb"


@functools.lru_cache(maxsize=1024)
def weave(intent: str, name: str = "") -> Weaving:
    """Read ``intent`` (any phrasing) as an infinitive phrase for "<name> tries to ..."."""
    source = intent
    text = _first_clause(intent)
    if not text or not re.search(r"[A-Za-z]", text) or len(text) > 200:
        return Weaving(NEUTRAL, "neutral", source)
    adverb = ""
    moved = _ADVERB.match(text)
    if moved and moved.group("adverb").lower() not in ("only", "early", "holy", "fly"):
        adverb, text = moved.group("adverb").lower(), moved.group("rest")
    kind = "imperative"
    progressive = _PROGRESSIVE.match(text)
    if progressive and re.match(r"going\s+to\b", progressive.group("rest"), re.IGNORECASE):
        progressive = None
    third = None if progressive else _third(text, name)
    if progressive:
        first, _, rest = progressive.group("rest").partition(" ")
        base = _base_of_ing(first)
        if base is None:
            return Weaving(NEUTRAL, "neutral", source)
        kind, text = "progressive", f"{base} {rest}".strip()
    elif third is not None:
        kind, text = "third", third
    else:
        text = _lower_first(text)
        stripped = _OPENER.sub("", text, count=1)
        if stripped != text:
            opener = text[: len(text) - len(stripped)].strip().lower()
            if opener.startswith(("can", "could", "may", "might", "should", "shall", "do ",
                                  "is it", "am i", "are we", "what if", "how")):
                kind = "question"
            elif "going" in opener or "gonna" in opener:
                kind = "going_to"
            elif opener.startswith(("we", "let's", "let us")):
                kind = "we"
            else:
                kind = "first"
            text = _OPENER.sub("", stripped, count=1) or stripped  # "I will try to ..."
        if not text:
            return Weaving(NEUTRAL, "neutral", source)
        word = text.split(" ", 1)[0].lower()
        if kind == "imperative" and word not in VERBS:
            if word in _NOT_VERBS - DETERMINERS or len(text.split()) > 6 or not re.fullmatch(
                    r"[\w' -]+", text) or _base_of_s(word) or word.endswith(("ing", "ed")):
                return Weaving(NEUTRAL, "neutral", source)
            return Weaving(f"go for {_third_person(text)}", "noun", source)
        if word in _NOT_VERBS or word in _OPENER_WORDS or not word.replace("'", "").isalpha():
            return Weaving(NEUTRAL, "neutral", source)
        if word not in VERBS and (_base_of_s(word) or word.endswith("ed")):
            return Weaving(NEUTRAL, "neutral", source)
    phrase = _third_person(text)
    head, _, tail = phrase.partition(" ")
    if head.lower() in VERBS:
        phrase = f"{head.lower()} {tail}".strip()
    if adverb:
        phrase = f"{phrase} {adverb}"
    return Weaving(phrase.strip(), kind, source)


def tries(name: str, intent: str) -> str:
    """``"Ash tries to pick the lock"``, or a neutral ``"Ash makes the attempt"``."""
    woven = weave(intent, name)
    return f"{name} makes the attempt" if woven.neutral else f"{name} tries to {woven.phrase}"


_QUESTION_NOISE = _words(
    "is are was were do does did can could will would should shall may might must have has had "
    "there here what where who whom whose why when how which if whether anything something "
    "someone anyone it its i we you me us they them he she him her see find hear smell notice "
    "learn know look looks seem seems any inside around near under over behind beyond through "
    "in on at of by with from into onto for about to up down out off else way ways safe "
    "dangerous alive awake asleep locked empty real true still really worth")
@functools.lru_cache(maxsize=1024)
def subject_of(question: str, fallback: str) -> str:
    """The thing a question is about ("Is there a way down the old well?" -> "the old well").

    The first determiner phrase wins (up to three words, stopping at a function word); else a
    name or the last content word; else ``fallback`` (the place). Pronouns turn third person.
    """
    text = _first_clause(question)
    tokens = re.findall(r"[A-Za-z][\w'-]*", text)
    candidates: list[str] = []
    for index, det in enumerate(tokens):
        if det.lower() not in DETERMINERS - {"one", "two", "three", "every", "each", "any"}:
            continue
        kept: list[str] = []
        for word in tokens[index + 1:index + 4]:
            lower = word.lower()
            if lower in _QUESTION_NOISE or lower in DETERMINERS or (kept and (
                    lower in VERBS or lower.endswith("ing") or _base_of_s(lower))):
                break
            kept.append(word)
        if kept and kept[0].lower() not in ("way", "thing", "place", "lot", "bit"):
            candidates.append(f"{det.lower()} {' '.join(kept)}")
    if candidates:
        return _third_person(candidates[0])
    words = [w for w in re.findall(r"[A-Za-z][\w'-]*", text)
             if w.lower() not in _QUESTION_NOISE and w.lower() not in DETERMINERS]
    if words:
        last = str(words[-1])
        return last if last[:1].isupper() else last.lower()
    return fallback
