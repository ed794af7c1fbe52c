"""Who a model's sentence is about: the reading the referee's checks of meaning share.

A phrase ("breathes her last", "swears", "relief floods") means nothing by itself; it matters
whom it is said of. :class:`Cast` knows the table's people (the characters' names and "you"),
the story's foe and the known names; :func:`subject` finds who does what a phrase says, by
walking back from it over adverbs, auxiliaries, a coordinated verb and a clause set off by
commas ("Ash, torn open, dies"), and resolves "she", "he" and "they" to the last person named.
A noun in between makes the phrase the noun's ("you watch the candles die": the candles do).

Everything here is deterministic word work: no model is asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from oracle.narrator.base import NarrationContext
from oracle.systems import SYSTEMS
from oracle.systems.base import Settled

__all__ = ["Cast", "Who", "Word", "person_after", "settled_of", "subject", "tokens", "word_set"]


def word_set(text: str) -> frozenset[str]:
    """The words of ``text`` (a lexicon written as prose) as a set."""
    return frozenset(text.split())


class Who(Enum):
    """Whom a phrase is said of."""

    CHARACTER = "a character"
    FOE = "the foe"
    PERSON = "someone else"
    THING = "a thing"


@dataclass(frozen=True)
class Word:
    """A token of a sentence: a word (or a comma, semicolon or colon) and where it starts."""

    text: str
    start: int
    first: bool = False  # the first word of its sentence (capitalised whatever it is)

    @property
    def low(self) -> str:
        return self.text.lower()


_TOKEN = re.compile(r"[A-Za-z][A-Za-z'\u2019-]*|[,;:\u2014]")


def tokens(sentence: str) -> list[Word]:
    return [Word(m.group().replace("\u2019", "'"), m.start(), i == 0)
            for i, m in enumerate(_TOKEN.finditer(sentence))]


# words walked over between a subject and its verb
_SKIP = word_set("""slowly quietly finally then just simply also still almost nearly already
soon suddenly at last only even really barely hardly never not no does do did will would can
could may might must shall should is are was were has have had been be being gently softly
silently there too once again yet all both always ever forever often sometimes usually
rarely seldom""")
_PRONOUNS = frozenset({"she", "he", "they", "her", "him", "them", "his", "hers", "their"})
_SECOND = frozenset({"you", "your", "yourself", "yours", "i", "me", "my", "myself"})
# generic words for a person other than the characters (an NPC the model mentions)
_PEOPLE = word_set("""woman man girl boy figure stranger hermit priest priestess witch knight
child old crone widow mother father brother sister rival rivals hunter hunters guard guards
merchant monk nun miller farmer traveller traveler pilgrim lady lord king queen someone
somebody anyone nobody everyone villager villagers soldier soldiers""")
# capitalised words that name no one ("God", "Ruin")
_NO_ONE = word_set("""god gods ruin death night day dark light i""")
_FOE_WORDS = word_set("""it its monster beast creature thing foe shape brute horror""")


def _words_of(names: Iterable[str]) -> set[str]:
    found: set[str] = set()
    for name in names:
        for word in re.findall(r"[A-Za-z][A-Za-z'-]+", name.lower()):
            if word not in ("the", "of", "and", "a", "an") and len(word) >= 3:
                found.add(word.removesuffix("'s"))
    return found


def _named_in(result: object) -> list[str]:
    """Every ``name`` a result holds, at any depth (the watchers of a hide, a target)."""
    if isinstance(result, Mapping):
        found = [str(v) for k, v in result.items() if k == "name" and isinstance(v, str)]
        return found + [n for v in result.values() for n in _named_in(v)]
    if isinstance(result, list | tuple):
        return [n for v in result for n in _named_in(v)]
    return []


# the classes of being too wide to name the foe by ("the woman" is not the Heron Queen)
_WIDE = frozenset({"person", "animal", "spirit", "child"})
_FOE_LINE = "Foe (named by the table):"


def _kinds(context: NarrationContext) -> frozenset[str]:
    """The kinds of being the foe is, by its name and the table's description of it (the
    Heron Queen, "a grey heron taller than a barn": heron, bird), so "the great bird" is it."""
    from oracle.narrator.beings import classes

    said = [context.monster]
    said += [line.removeprefix(_FOE_LINE).split(",")[0] for line in context.story
             if line.startswith(_FOE_LINE)]
    found: set[str] = set()
    for word in _words_of(said):
        kinds = classes(word)
        if kinds - _WIDE:
            found |= {word, *(kinds - _WIDE)}
    return frozenset(found)


def settled_of(context: NarrationContext) -> Settled:
    """What the result settles, as its system reads it (the system the result names, else the
    context's; a system not installed settles nothing the referee can read)."""
    named = context.result.get("system")
    key = named if isinstance(named, str) and named in SYSTEMS else context.system
    return SYSTEMS[key].settled(context.result) if key in SYSTEMS else Settled()


@dataclass(frozen=True)
class Cast:
    """The people and foes of one narration, by the words that name them, and what the result
    settles (:func:`settled_of`)."""

    characters: frozenset[str]
    foe: frozenset[str]
    known: frozenset[str]  # every word the table itself wrote (names, places, the story)
    solo: bool
    settled: Settled = field(default_factory=Settled)
    answering: bool = False  # an answer to a question: an unnamed "they" is the question's
    place: frozenset[str] = frozenset()  # the place's words (a capital there names no one)
    kinds: frozenset[str] = frozenset()  # what the foe is ("bird" for a heron): it, by kind

    @classmethod
    def of(cls, context: NarrationContext) -> Cast:
        settled = settled_of(context)
        names = [str(c.get("name", "")) for c in context.characters] + list(context.party)
        names += list(settled.people)
        characters = _words_of(names)
        foe = _words_of([context.monster]) - characters
        known = _words_of([*names, *_named_in(context.result), context.monster, context.place,
                           context.intent,
                           context.question, context.journal, context.could_go_wrong,
                           context.bargain, *context.story, *context.cast, *context.threads])
        others = len({n.strip().lower() for n in names if n.strip()})
        return cls(frozenset(characters), frozenset(foe), frozenset(known),
                   solo=not context.party and others <= 1, settled=settled,
                   answering=bool(context.question.strip()),
                   place=frozenset(_words_of([context.place])),
                   kinds=_kinds(context) - characters)

    def who(self, word: str) -> Who | None:
        """Whom ``word`` names by itself (None: a pronoun, resolved by the words before it)."""
        low = word.lower().removesuffix("'s")
        if low in _SECOND or low in self.characters:
            return Who.CHARACTER
        if low in self.foe or low in _FOE_WORDS or low in self.kinds:
            return Who.FOE
        if low in _PEOPLE:
            return Who.PERSON
        if low in _PRONOUNS:
            return None
        return Who.THING

    def _named(self, word: Word, low: str) -> Who | None:
        """Whom ``word`` names as a referent of a pronoun (None: no one)."""
        if low in self.characters:
            return Who.CHARACTER
        if low in self.foe or low in ("monster", "beast", "creature"):
            return Who.FOE
        if low in _PEOPLE or (word.text[:1].isupper() and low not in self.place
                              and not word.first and low not in _PRONOUNS
                              and low not in _SKIP and low not in _NO_ONE):
            return Who.PERSON
        return None

    def resolve(self, before: Sequence[Word]) -> Who:
        """Whom a "she", "he" or "they" refers to: the last person or foe named before it.
        With nobody named yet, the character, unless the character is "you" here (then a
        "she" is someone else) or the text answers a question (then it is the question's)."""
        addressed = False
        owner: Who | None = None
        for word in reversed(before):
            low = word.low.removesuffix("'s")
            if low in _SECOND:
                addressed = True
                continue
            found = self._named(word, low)
            if found is None:
                continue
            if owner is None and word.low.endswith("'s"):
                owner = found  # "toward Wren's boots": an owner inside a phrase, if no one else
                continue
            if owner is None or word.low.endswith("'s"):
                return owner or found  # of two owners, the nearer
            # past an owner, only a foe or one named by name ("the Abbess turns; she knows
            # Hollis's name"), not a word of people ("the boy slips from Ash's arms and she...")
            return found if found is Who.FOE or word.text[:1].isupper() else owner
        if owner is not None:
            return owner
        return Who.PERSON if addressed or self.answering else Who.CHARACTER


_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "these", "those", "its"})
_PREPOSITIONS = word_set("""in on at into onto under over through across beside behind from with
by of to toward towards among between near along against around past below above beneath""")
_POSSESSIVE = frozenset({"his", "their", "its", "your", "my", "her"})
_CONJ = frozenset({"and", "then", "but", "as", ","})


_CLAUSE_START = frozenset({",", ";", ":", "\u2014", "and", "then", "but", "as", "while", "when"})


def _opens_clause(words: Sequence[Word], j: int) -> bool:
    """``words[j]`` begins its clause, after a determiner at most ("The Hound's jaws")."""
    if j > 0 and words[j - 1].low in _DETERMINERS:
        j -= 1
    return j == 0 or words[j - 1].low in _CLAUSE_START


def _person_before(words: Sequence[Word], i: int, cast: Cast, before: Sequence[Word]) -> Who:
    """The subject of a coordinated verb ("Ash kneels in the ferns and dies"): the last person
    or foe named before it in its clause, else a thing."""
    for j in range(i, max(i - 14, -1), -1):
        low = words[j].low
        if low in (";", ":", "\u2014"):
            break
        if low == "who" and j > 0:  # "comes down on Perrin, who goes under": who is Perrin
            k = j - 2 if words[j - 1].low == "," and j > 1 else j - 1
            antecedent = cast.who(words[k].text)
            return cast.resolve([*before, *words[:k]]) if antecedent is None else antecedent
        if low in _DETERMINERS and (j == 0 or words[j - 1].low in _CLAUSE_START):
            return Who.THING  # "the lantern gutters and dies": a noun is the subject
        if low in _DETERMINERS:
            continue  # "gives a wet sigh and is gone": the object of a verb or a preposition
        if low in _POSSESSIVE and j + 1 < len(words) and words[j + 1].low not in _CONJ:
            continue  # "her lantern": a possessive, not the subject
        if low.endswith("'s") and j + 1 < len(words) and words[j + 1].low not in _CONJ and \
                not _opens_clause(words, j):
            continue  # "reads Ash's face and laughs": an object's owner ("Ash's chest falls
            # and does not rise": the owner of the subject, at the clause's start, is its own)
        if j > 0 and words[j - 1].low in _PREPOSITIONS:
            continue  # "lies still beneath it": the object of a preposition, not the subject
        who = cast.who(words[j].text)
        if who is None:
            return cast.resolve([*before, *words[:j]])
        if who is not Who.THING:
            return who
    return Who.THING


def subject(words: Sequence[Word], index: int, cast: Cast, before: Sequence[Word] = ()) -> Who:
    """Who does what the phrase starting at ``words[index]`` says (``before``: earlier words of
    the narration, for a pronoun)."""
    i = index - 1
    while i >= 0:
        low = words[i].low
        if low in (";", ":", "\u2014"):
            break
        if low in _CONJ:
            return _person_before(words, i - 1, cast, before)
        if low in _SKIP or (low in ("who", "that") and i > 0 and words[i - 1].low == ","):
            i -= 1  # "Brom, who has always distrusted": the relative is the name's
            continue
        who = cast.who(words[i].text)
        if who is None:
            if low in _POSSESSIVE and low != "her":
                return Who.THING
            if low in ("they", "them") and _things_since(cast, [*before, *words[:i]]):
                return Who.THING  # "a few moths settle ... they will know his scent"
            return cast.resolve([*before, *words[:i]])
        if who is Who.THING:
            return _head_of(words, i, cast, before)
        return who
    return Who.THING


# what a body is called when it is not named ("the great body topples", "the carcass sags")
_BODY_NOUNS = word_set("""body carcass corpse bulk frame husk hulk mass remains shell""")
_RELATIVE = frozenset({"that", "who", "which", "whom", "whose"})


def _head_of(words: Sequence[Word], i: int, cast: Cast, before: Sequence[Word]) -> Who:
    """Who a verb is said of when the word before it is a thing: the head of a relative clause
    that ends there ("the thing that took tithes for a hundred years lies still": the thing),
    or the foe's body told without its name ("the great body topples", not "the body of a
    drowned man"), the foe when the foe was the last one named."""
    start = i
    while start > 0 and words[start - 1].low not in _CLAUSE_START and \
            words[start - 1].low not in _CONJ:
        start -= 1
    for j in range(i, start, -1):  # the nearest relative before the verb, in its clause
        if words[j].low in _RELATIVE and j > 0 and words[j - 1].low not in _CLAUSE_START:
            head = cast.who(words[j - 1].text)
            if head in (Who.FOE, Who.CHARACTER):
                return head
            if words[j - 1].low in _BODY_NOUNS:
                i = j - 1
            break
    if words[i].low in _BODY_NOUNS and (i + 1 >= len(words) or words[i + 1].low != "of") \
            and any(w.low == "the" for w in words[max(start, i - 3):i]) and \
            _last_being(cast, [*before, *words[:i]]) is Who.FOE:
        return Who.FOE
    return Who.THING


def _last_being(cast: Cast, said: Sequence[Word]) -> Who:
    """The character or the foe, whichever was named last (a thing when neither was)."""
    for word in reversed(said):
        who = cast.who(word.text)
        if who in (Who.FOE, Who.CHARACTER):
            return who
    return Who.THING


_NOT_PLURAL = word_set("""his hers its yours ours theirs this is was has does its always
perhaps sometimes across less unless""")


def _things_since(cast: Cast, said: Sequence[Word]) -> bool:
    """A plural thing named since the last person ("they" is the things, not the one
    character)."""
    if len(cast.characters) > 1 or not cast.solo:
        return False
    for word in reversed(said):
        low = word.low
        if cast.who(low) in (Who.CHARACTER, Who.PERSON) and low not in _PRONOUNS:
            return False
        if low.endswith("s") and not low.endswith(("ss", "'s", "us")) and len(low) > 3 and \
                low not in _NOT_PLURAL and low not in _SKIP and not word.text[:1].isupper():
            return True
    return False


def person_after(words: Sequence[Word], index: int, cast: Cast,
                 before: Sequence[Word] = ()) -> Who:
    """Who is named right after ``words[index]`` (the object of "kills", "floods")."""
    for word in words[index:index + 3]:
        if word.low in ("the", "a", "an", "poor", "old", "young"):
            continue
        who = cast.who(word.text)
        if who is None:
            return cast.resolve([*before, *words[:index]])
        return who
    return Who.THING
