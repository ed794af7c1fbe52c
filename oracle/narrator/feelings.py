"""A character's feelings, beliefs and choices in any words: the referee's lexicon of the inner
life, which is the player's to tell.

The emotions are written once as families (gladness, glad, gladly; fury, furious, furiously...)
and read wherever they attach to a character: an emotion that rises in, grips or fills them, or
is theirs ("a fierce gladness rises in Orla's chest", "shame burns in you", "your dread");
an emotion word set before them ("Furious, Orla kicks the hinge"), or as the manner of what they
do ("Orla angrily kicks"); the signs a narrator would choose for them ("tears run down your
face", "Ash scowls"); and what they tell themselves or settle on ("you tell yourself", "you mean
it", "Tobiah swallows his pride", "steps out with his hands raised"). What the player stated in
the attempt is theirs already; what the character perceives is not a feeling.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from oracle.narrator.base import NarrationContext
from oracle.narrator.lexicon import phrases, rx
from oracle.narrator.meaning import Cast, Who, Word, person_after, subject, word_set
from oracle.narrator.wordclass import feeling, verb_class

__all__ = ["EMOTION_ADJECTIVES", "EMOTION_NOUNS", "feelings"]

EMOTION_NOUNS = word_set("""gladness joy delight elation happiness relief fear terror dread panic
shame humiliation embarrassment guilt remorse pride anger fury rage wrath grief sorrow sadness
misery heartbreak despair desperation hopelessness hope tenderness hatred loathing disgust
revulsion courage determination confidence certainty longing yearning homesickness loneliness
anxiety unease triumph gratitude jealousy envy bitterness resentment contempt nostalgia regret
exhilaration glee elation satisfaction contentment excitement anticipation eagerness nervousness
apprehension dismay amusement impatience frustration irritation annoyance worry dejection
euphoria bliss anguish agony pity compassion sympathy affection love awe wonder curiosity
boredom weariness spite malice scorn mirth generosity kindness cruelty zeal longing
homesickness tenderness fondness""")
EMOTION_ADJECTIVES = word_set("""glad joyful joyous delighted elated happy relieved afraid fearful
frightened scared terrified panicked ashamed humiliated embarrassed guilty remorseful proud angry
furious enraged wrathful grieving sorrowful sad miserable heartbroken desperate hopeless hopeful
disgusted brave resolute determined confident lonely homesick nervous anxious uneasy triumphant
grateful thankful jealous envious bitter resentful contemptuous gleeful satisfied content
hopeless helpless miserable generous spiteful weary bored curious fond vengeful merciful
pitiless smug sullen morose gloomy glum cheerful cheery merry sour grim wary giddy sulky
petulant irritable impatient eager reckless defiant sheepish wistful""")
EMOTION_ADVERBS = word_set("""gladly joyfully joyously happily fearfully nervously anxiously
angrily furiously proudly sadly miserably desperately hopefully bravely resolutely bitterly
gratefully gleefully triumphantly guiltily shamefully""")
# the signs of a feeling, chosen for the character ("tears run down your face")
_SIGNS = word_set("""tears tearful""")
_SIGN_VERBS = rx(phrases("""~scowl; ~frown; ~blush; ~beam; ~chuckle; ~smirk; ~snarl at; ~glare"""))
# an organ of feeling said to be in a state: "Halvard's heart is heavy", "your spirits lift"
ORGAN = re.compile(r"\b((?:\w+)'s|your|her|his|their) (?:heart|spirits?|mood|soul|nerve|"
                   r"stomach|gut|courage|hopes?)\s+(?:is|are|was|were|grows?|grew|feels?|felt|"
                   r"turns?|goes|went|lifts?|lifted|rises?|rose|sinks?|sank|falls?|fell|"
                   r"leaps?|leapt|swells?|aches?|breaks?|soars?)\b", re.IGNORECASE)
MIND = rx(phrases("""~tell/~promise/~remind/~convince/~assure yourself/herself/himself/themself;
    ~swear to yourself/herself/himself; ~mean it; ~swallow your/her/his/their pride;
    ~steel yourself/herself/himself/themself; ~square your/her/his/their shoulders;
    ~set your/her/his/their jaw; ~make up your/her/his/their mind; ~raise your/her/his/their
    hands; with your/her/his/their hands raised/up; ~give yourself/herself/himself up;
    ~walk away; ~bow your/her/his/their head; ~dare not; ~dare to hope;
    ~let/~allow yourself/herself/himself/themself/themselves; ~lose your/her/his/their
    nerve/temper/courage/heart/head/composure; ~keep your/her/his/their nerve;
    ~be sure/certain that; ~know/~knew then; ~feel sure; ~wish you/she/he had;
    without a second thought; without a thought; without hesitation; without hesitating;
    without a backward glance; without regret; in a/an * mood/temper/humour/humor;
    ~feel * hopeless/helpless/proud/ashamed/afraid/glad/sorry/guilty/alone/lost/small/brave;
    ~feel so/very/utterly/quite/suddenly/deeply/oddly/strangely * ;
    never ~feel so; ~have never ~feel"""))

_FEEL = word_set("""feel feels felt feeling""")
# a choice already made, named in a clause ("past where you meant it", "what she had hoped")
_SUBORDINATE = re.compile(r"\b(?:where|what|whatever|wherever|how|than|the way)\s+(?:you|she|he|"
                          r"they|[A-Z]\w*)\s+(?:had\s+)?$", re.IGNORECASE)
_MODAL = re.compile(r"\b(?:would|could|might|may|should|can|cannot|can't|if)\s+(?:\w+\s+)?$",
                    re.IGNORECASE)
_CLAUSE = frozenset({";", ":", "\u2014"})
_TOWARD = word_set("""in into through over across at on inside within""")
_CHARACTER_OWNER = frozenset({"your", "my"})


def _whose(word: Word, before: Sequence[Word], words: Sequence[Word], cast: Cast) -> Who:
    """Whom a word ("you", "your", "Orla's", "her") names (a pronoun by the words before)."""
    low = word.low.removesuffix("'s")
    who = cast.who(low)
    if who is None:
        return cast.resolve([*before, *[w for w in words if w.start < word.start]])
    return who


def _experiencer_after(words: Sequence[Word], i: int, cast: Cast,
                       before: Sequence[Word]) -> bool:
    """A character named in the few words after an emotion, reached through a preposition or a
    verb ("rises in Orla's chest", "fills you", "washes over her")."""
    for word in words[i + 1:i + 6]:
        if word.low in _CLAUSE or word.low == ",":
            return False
        if word.low in ("you", "your", "yourself") or word.low.removesuffix("'s") in \
                cast.characters:
            return True
        if word.low in ("her", "him", "them", "his", "their"):
            return _whose(word, before, words, cast) is Who.CHARACTER
    return False


def _owned_by_character(words: Sequence[Word], i: int, cast: Cast,
                        before: Sequence[Word]) -> bool:
    """The emotion is the character's by a possessive ("your dread", "Orla's relief")."""
    if i == 0:
        return False
    owner = words[i - 1] if words[i - 1].low not in EMOTION_ADJECTIVES or i < 2 else words[i - 2]
    low = owner.low
    if low in _CHARACTER_OWNER or (low.endswith("'s") and low[:-2] in cast.characters):
        return True
    return low in ("her", "his", "their") and _whose(owner, before, words, cast) is Who.CHARACTER


# "tears" is a sign of grief after these words ("her tears", "in tears"); else a verb ("the
# plank tears loose")
_BEFORE_NOUN = word_set("""her his your their my its the in to of with no hot silent bitter
angry sudden , and into through""")


def _as_noun(words: Sequence[Word], i: int) -> bool:
    return i == 0 or words[i - 1].low in _BEFORE_NOUN


def _apposed(words: Sequence[Word], i: int, before: Sequence[Word], cast: Cast) -> bool:
    """An emotion set off by commas after a character: "Maelis, furious, turns"."""
    return 1 < i < len(words) - 1 and words[i - 1].low == "," and words[i + 1].low == "," \
        and _whose(words[i - 2], before, words, cast) is Who.CHARACTER


def _emotion(words: Sequence[Word], before: Sequence[Word], cast: Cast) -> str | None:
    for i, word in enumerate(words):
        low = word.low
        if low in EMOTION_NOUNS and (_experiencer_after(words, i, cast, before)
                                     or _owned_by_character(words, i, cast, before)):
            return word.text
        if low in EMOTION_ADJECTIVES and _apposed(words, i, before, cast):
            return word.text  # "Maelis, furious, turns her back"
        if low in EMOTION_ADJECTIVES and i + 2 < len(words) and words[i + 1].low == "," and (
                i == 0 or words[i - 1].low in (",", "and")) and \
                _whose(words[i + 2], before, words, cast) is Who.CHARACTER:
            return word.text  # "Furious, Orla kicks"
        if low in EMOTION_ADVERBS and any(
                _whose(w, before, words, cast) is Who.CHARACTER for w in words[:i]
                if w.low in ("you", "she", "he") or w.low.removesuffix("'s") in cast.characters):
            return word.text  # "Orla angrily kicks", "you go gladly"
        if low in _SIGNS and _as_noun(words, i) and (_experiencer_after(words, i, cast, before)
                              or _owned_by_character(words, i, cast, before)):
            return word.text
        felt = any(w.low in _FEEL for w in words[max(0, i - 8):i])
        if low in EMOTION_NOUNS and i > 0 and (words[i - 1].low in ("with", "in") or felt) and \
                _nearest_person(words, i, cast, before) is Who.CHARACTER:
            return word.text  # "Wren, trembling with excitement"
    return None


def _nearest_person(words: Sequence[Word], i: int, cast: Cast, before: Sequence[Word]) -> Who:
    """Who the nearest person named before ``words[i]`` in its sentence is (a thing: none)."""
    for word in reversed(words[:i]):
        who = cast.who(word.text)
        if who is None:
            return _whose(word, before, words, cast)
        if who is not Who.THING:
            return who
    return Who.THING


def _index(words: Sequence[Word], position: int) -> int:
    return next((i for i, w in enumerate(words) if w.start >= position), len(words))


# an emotion verb as the manner of what follows: "Hating it, she swings again"
_MANNER = re.compile(r"^\W*(?:" + "|".join(verb.removesuffix("e") for verb in
                     ["hate", "love", "fear", "dread", "resent", "relish", "savour", "savor", "enjoy", "despise", "pity", "loathe", "adore", "envy", "mourn", "grieve", "regret", "rue", "yearn", "long"]) +
                     r")ing\b[^,.;]{0,30},\s*(\w+)", re.IGNORECASE)


# a state linked to its bearer: "Maudry is ashamed", "she grows uneasy", "you feel small"
_LINKS = word_set("""is are was were am be been being feels felt feel grows grew grown looks
looked seems seemed becomes became stays stayed remains remained""")
_ADVERB = re.compile(r"^(?:\w+ly|so|too|very|quite|suddenly|utterly|still|more|less|almost|"
                     r"all|half|oddly)$")


def _linked(words: Sequence[Word], i: int) -> int | None:
    """The index of the verb that links ``words[i]`` to its bearer, or None."""
    j = i - 1
    while j >= 0 and _ADVERB.match(words[j].low):
        j -= 1
    return j if j >= 0 and words[j].low in _LINKS else None


def _bearer(words: Sequence[Word], i: int, cast: Cast, before: Sequence[Word]) -> Who:
    """Who bears a state set off at ``words[i]``: "Sabeth, sickened by the smell, turns" (the
    one before), "Ashamed of herself, Maudry stands" (the one after)."""
    if i == 0 or words[i - 1].low in ("and", "but"):
        for word in words[i + 1:i + 9]:
            if word.low == ",":
                nxt = words.index(word) + 1
                if nxt < len(words):
                    return _whose(words[nxt], before, words, cast)
                break
        return Who.THING
    return _nearest_person(words, i, cast, before)


def _class_feeling(words: Sequence[Word], before: Sequence[Word], cast: Cast,
                   stated: set[str]) -> str | None:
    """A word whose first sense is a feeling (WordNet's feelings and emotions, in any form),
    borne by a character: set off by a comma beside them ("Marl, panicking, bolts"; "stands a
    long while, ashamed of herself"), linked to them ("she grows uneasy"), or a verb of
    emotion they do or that is done to them ("she dreads it", "it sickens you")."""
    for i, word in enumerate(words):
        kind = feeling(word.low)
        if kind is None or word.low[:5] in stated:
            continue
        if kind in ("a", "n") and (i == 0 or words[i - 1].low in (",", "and", "but")) and \
                (kind == "a" or i == 0) and _bearer(words, i, cast, before) is Who.CHARACTER:
            return word.text
        link = _linked(words, i) if kind == "a" else None
        if link is not None and subject(words, link, cast, before) is Who.CHARACTER:
            return word.text
        if kind == "v" and i > 0 and not _MODAL.search(
                " ".join(w.low for w in words[max(0, i - 2):i]) + " ") and (
                subject(words, i, cast, before) is Who.CHARACTER or
                person_after(words, i + 1, cast, before) is Who.CHARACTER):
            return word.text
    return None


# a reason given for what a character does: the inner life behind the act
_BECAUSE = re.compile(r"\b(?:because|since|so that|out of|for fear that)\s+(you|she|he|they|"
                      r"[A-Z][\w-]*)\s+((?:[\w'-]+\s+){0,3}?)([\w'-]+)\b")
_NEED = re.compile(r"\s+(?:(?:has|have|had|needs?|needed|wants?|wanted|longs?|longed) to|must|"
                   r"(?:cannot|can't|could not|couldn't) (?:bear|stand|help|resist))\b")


def _motive(sentence: str, words: Sequence[Word], before: Sequence[Word],
            cast: Cast) -> str | None:
    """A motive told for a character's act ("because she has to know what they are looking
    at"): a need, a thought or a feeling of theirs given as the reason."""
    for match in _BECAUSE.finditer(sentence):
        doer = next((w for w in words if w.start == match.start(1)), None)
        if doer is None or _whose(doer, before, words, cast) is not Who.CHARACTER:
            continue
        verb = match.group(3)
        if _NEED.match(sentence, match.end(1)) or \
                verb_class(verb) in ("cognition", "emotion") and not match.group(2).strip():
            return match.group()
    return None


def feelings(sentence: str, words: Sequence[Word], before: Sequence[Word],
             context: NarrationContext, cast: Cast) -> str | None:
    """A feeling, a belief or a settled choice given to a character."""
    stated = {w[:5] for w in re.findall(r"[a-z]{3,}", context.intent.lower())}
    found = _emotion(words, before, cast) or _class_feeling(words, before, cast, stated)
    manner = _MANNER.match(sentence)
    if manner and not found:
        doer = next((w for w in words if w.start >= manner.start(1)), None)
        if doer is not None and _whose(doer, before, words, cast) is Who.CHARACTER:
            found = manner.group().split(",")[0].strip()
    organ = ORGAN.search(sentence)
    if organ and not found:
        owner = next(w for w in words if w.start >= organ.start())
        if _whose(owner, before, words, cast) is Who.CHARACTER:
            found = organ.group()
    if found and found.lower()[:5] not in stated:
        return f"it decides how the character feels ({found!r}); their feelings are the player's"
    motive = _motive(sentence, words, before, cast)
    if motive:
        return (f"it decides for the character ({motive!r}); their reasons are the "
                "player's")
    return _minded(sentence, words, before, cast, stated)


def _minded(sentence: str, words: Sequence[Word], before: Sequence[Word], cast: Cast,
            stated: set[str]) -> str | None:
    """What a character tells themselves or settles on, or a sign of feeling chosen for them."""
    for pattern in (MIND, _SIGN_VERBS):
        for match in pattern.finditer(sentence):
            if match.group().split()[0].lower()[:5] in stated or \
                    _MODAL.search(sentence[max(0, match.start() - 16):match.start()]) or \
                    _SUBORDINATE.search(sentence[max(0, match.start() - 24):match.start()]):
                continue  # the player's own words, or a might-be ("could walk away")
            i = _index(words, match.start())
            if match.group().lower().startswith("with "):  # "with his hands raised": whose?
                said_of = _whose(words[i + 1], before, words, cast) if i + 1 < len(words) \
                    else Who.THING
            elif match.group().lower().startswith(("without", "in ")):  # a manner: whose?
                said_of = _nearest_person(words, i, cast, before)
            else:
                said_of = subject(words, i, cast, before)
            if said_of is Who.CHARACTER:
                return (f"it decides for the character ({match.group()!r}); their feelings and "
                        "choices are the player's")
    return None
