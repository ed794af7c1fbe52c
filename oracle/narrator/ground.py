"""A foe the story does not hold, named or not: when the story has a foe, every creature or
person the narration brings in as present is grounded in what the table wrote (the foe's name
and description, the characters, the place, the attempt, the journal, the campaign's known
names).

Two signs of a being the story lacks:

- a creature or a person by kind, with its article ("the drowned knight", "a water-witch",
  "the clockwork abbot", "the orc captain's arm"): a word of :data:`BEINGS` (a hyphenated word
  by its last part) that no word of the story holds;
- a name in capitals ("the Bone Abbot", "the Salt Knight's guard"): capitalised words after
  "the", not the first of the sentence, that the story does not hold.

Not a being present: a likeness ("like a knight", "a carving of an abbot", "a stone knight"),
remains and belongings ("a knight's tomb", "the abbot's bones"), the small life of a scene
(crows, rats, moths: not in the lexicon), and the foe's own generic words ("the thing", "the
beast", "the creature").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from oracle.narrator.base import NarrationContext
from oracle.narrator.beings import classes
from oracle.narrator.meaning import Cast, Word, word_set
from oracle.narrator.people import BEASTS

__all__ = ["BEINGS", "other_foe"]

# people a foe could be, and monsters besides the beasts (singular; plurals are read too)
_PERSON_FOES = word_set("""knight abbot abbess bishop prior prioress warden automaton construct
golem captain chieftain chief warlord witch hag crone judge king queen prince princess lord
lady duke baron countess priest priestess cultist sorcerer sorceress wizard necromancer
mage warlock soldier sentry sentinel archer bandit brigand raider assassin executioner
hangman butcher jailer gaoler huntsman widow bride maiden keeper gatekeeper abbot monk nun
friar hermit ogre troll goblin orc giant ghoul wraith ghost spectre specter lich vampire
zombie skeleton revenant wight mummy demon devil imp fiend djinn jinn elemental homunculus
scarecrow puppet marionette doll mannequin champion duelist swordsman mother father matron
patriarch deacon vicar verger canon cardinal sexton gravedigger undertaker magistrate reeve
sheriff bailiff steward chamberlain herald jester beggar matriarch margrave baroness""")
# the small life of a scene, a foe only when made one ("the copper beetle", not "a beetle")
_SMALL = word_set("""beetle mantis scorpion centipede crab wasp hornet""")
BEINGS = frozenset(f for w in _PERSON_FOES | _SMALL | {b for b in BEASTS if not b.endswith("s")
                                                       and b != "shade"}
                   for f in (w, w + "s", w + "es", w.replace("man", "men")))
# the foe's own generic words, and words of a being that never name another one
_GENERIC = word_set("""thing things beast creature monster foe shape it figure horror brute""")
_AS = word_set("""like as than unlike""")
_LIKENESS = word_set("""carved painted shaped dead stone marble wooden plaster
wax clay straw graven sculpted statue statues carving carvings image images picture portrait
effigy tapestry mural fresco icon old-time story stories tale tales rhyme song legend""")
_REMAINS = word_set("""tomb tombs grave graves bones bone skull skulls statue effigy portrait
name names crown helm helmet mitre sword blade shield banner armour armor coat cloak ring
seal chair throne hall house keep tower chapel shrine altar ledger book story song rhyme
corpse body remains ghost hut cottage door window cell bed table home camp fire boat grave
garden field cart pot hearth""")
_ARTICLE = word_set("""the a an""")
# what a being newly come does to the character ("a sentinel blocks the blow")
_ATTACKS = re.compile(r"(?:lunges?|charges?|attacks?|strikes?|bites?|claws?|blocks?|seizes?|"
                      r"grabs?|drags?|parries|parry|catches|springs at|leaps at|comes for|"
                      r"bears down|rakes?|gores?|pounces?|shoves?|steps between|"
                      r"sinks? (?:its|his|her|their) (?:teeth|fangs|claws)|goes? for|"
                      r"latch(?:es)? on|knocks? \w+ down|tackles?)\b",
                      re.IGNORECASE)
_CLAUSE_END = frozenset({";", ":", "\u2014"})


def _attacks_after(words: Sequence[Word], i: int) -> bool:
    """An attack told of the being in its clause ("a badger comes out of the bracken and sinks
    its teeth into ..."), up to twelve words on."""
    for j in range(i + 1, min(i + 13, len(words))):
        if words[j].low in _CLAUSE_END:
            return False
        if _ATTACKS.match(" ".join(w.text for w in words[j:j + 4])):
            return True
    return False
_OWNERS = word_set("""its his her their your my our""")
_SKIP_CAPS = word_set("""the a an i god gods lord lady saint ruin death night day""")


def _story_words(context: NarrationContext, cast: Cast) -> set[str]:
    words = set(cast.known) | set(cast.characters) | set(cast.foe)
    words |= {part for w in cast.known if "-" in w for part in w.split("-")}
    for text in (context.monster, context.journal, *context.story, *context.cast):
        words |= {w.lower().removesuffix("'s") for w in re.findall(r"[A-Za-z][\w'-]*", text)}
        words |= {part for w in re.findall(r"[a-z]+-[a-z-]+", text.lower())
                  for part in w.split("-")}
    return words


def _head(word: Word) -> str:
    """A word's noun for the lexicon: "water-witch" -> "witch", "abbot's" -> "abbot"."""
    return word.low.removesuffix("'s").removesuffix("'").split("-")[-1]


def _as_likeness(words: Sequence[Word], i: int) -> bool:
    """The being is a likeness, a remains or a belonging, not present."""
    article = max((j for j in range(max(0, i - 3), i) if words[j].low in _ARTICLE), default=-1)
    near = words[article + 1:i] if article >= 0 else words[max(0, i - 4):i]
    if article >= 2 and words[article - 1].low == "of":  # "a carving of an abbot"
        near = [*near, words[article - 2]]
    if {w.low for w in near} & _LIKENESS:
        return True
    if article > 0 and words[article - 1].low in _AS and (
            words[article - 1].low != "as" or words[article].low != "the"):
        return True  # "like a knight", "as the abbot might"
    if i > 0 and (words[i - 1].low.endswith("'s") or words[i - 1].low in _OWNERS):
        return True  # "the Warden's guard", "its keeper": something of another's
    if words[i].low.endswith("'s") and i + 1 < len(words):
        following = {w.low for w in words[i + 1:i + 3]}
        return bool(following & _REMAINS) or words[i + 1].text[:1].isupper()  # a title
    return False


def _with_article(words: Sequence[Word], i: int) -> bool:
    """Brought in as present: "the" within the three words before (its modifiers between: "the
    drowned knight"), or "a"/"an" with an attack right after ("a sentinel lunges"); "a lord's
    arms", "a priest in town" are kinds of people, not someone here."""
    window = [w.low for w in words[max(0, i - 3):i]]
    if "the" in window and not (window[-1:] == ["the"] and words[i].low.rstrip("s") in _SMALL):
        return True
    if ("a" in window or "an" in window) and not words[i].low.endswith("'s"):
        return _attacks_after(words, i)
    return False


# the small life of a scene: a foe only when it acts against someone or is named in capitals
_SMALL_LIFE = frozenset({"bird", "fish", "insect", "rodent", "worm", "arachnid"})


# a person by the plainest words, who may be the character seen from outside ("the man inside
# them is hers")
_ANYONE = word_set("""man men woman women person people folk human humans one someone somebody
lad lass fellow body""")
# a blow or an attack aimed at what follows ("goes wide of the rat", "her blade finds the pike")
_AIMED = word_set("""at of into through past hit hits strike strikes struck stab stabs cut cuts
slash slashes miss misses missed wide swing swings blow blows blade axe sword hammer spear
arrow bolt kill kills killed fight fights fought wound wounds wounded catches finds""")


def _engaged(words: Sequence[Word], i: int) -> bool:
    """The being at ``words[i]`` fights: an attack right after it, or a blow aimed at it in
    the few words before."""
    if _attacks_after(words, i):
        return True
    return any(w.low in _AIMED for w in words[max(0, i - 4):i]) and \
        any(w.low in _AIMED - {"at", "of", "into", "through", "past"}
            for w in words[max(0, i - 8):i])


def _fights_as_foe(words: Sequence[Word], i: int, head: str) -> bool:
    """A being of the inventory (not the story's lexicon of foes) stands as a foe: a monster of
    folklore or a beast of prey by its kind; a person or another animal when it fights."""
    kinds = classes(head)
    if not kinds or head in _ANYONE:
        return False
    if kinds & {"monster", "beast"}:
        return True
    following = words[i + 1].low if i + 1 < len(words) else ""
    if following and words[i + 1].text.islower() and following.endswith("s") and \
            not following.endswith("'s") and not _ATTACKS.match(following):
        return False  # a noun of a compound ("the cuckoo clocks") or a verb: the engaged test
    return _engaged(words, i)


def _kinds(words: Sequence[Word], story: set[str]) -> str | None:
    for i, word in enumerate(words):
        head = _head(word)
        if head == "giant" and i + 1 < len(words) and words[i + 1].text.islower() and \
                not words[i + 1].low.endswith(("s", "ed")):
            continue  # "the giant face carved into the cliff": giant as a size
        if (head in BEINGS or _fights_as_foe(words, i, head)) and head not in _GENERIC and \
                head not in story and head.rstrip("s") not in story and \
                _with_article(words, i) and not _as_likeness(words, i):
            start = max(0, i - 2)
            return " ".join(w.text for w in words[start:i + 1])
    return None


def _monsters(words: Sequence[Word], story: set[str]) -> str | None:
    """A monster of folklore present ("the troll in the loft", "a ghoul lunges") that the
    story does not hold."""
    for i, word in enumerate(words):
        head = _head(word)
        if head in _GENERIC or word.low.endswith("'s") or (
                head == "giant" and i + 1 < len(words) and words[i + 1].text.islower()):
            continue  # the foe's own words; "the Devil's Bargain"; "the giant face"
        if "monster" in classes(head) and head not in story and head.rstrip("s") not in story \
                and word.low.removesuffix("'s") not in story and not _as_likeness(words, i) \
                and {w.low for w in words[max(0, i - 3):i]} & _ARTICLE:
            return " ".join(w.text for w in words[max(0, i - 2):i + 1])
    return None


def _names(words: Sequence[Word], story: set[str]) -> str | None:
    """A name in capitals after "the" that the story does not hold ("the Bone Abbot")."""
    for i, word in enumerate(words[:-1]):
        if word.low != "the":
            continue
        named = []
        for following in words[i + 1:i + 4]:
            if not following.text[:1].isupper() or following.low in _SKIP_CAPS:
                break
            named.append(following)
        fresh = [w for w in named if _head(w) not in story and w.low.removesuffix("'s")
                 not in story]
        if not named:
            continue
        after = words[i + 1 + len(named)] if i + 1 + len(named) < len(words) else None
        acts = named[-1].low.endswith("'s") or (after is not None and after.text.islower() and
                                                 after.low.endswith(("s", "ed")))
        owned = any(w.low.endswith("'s") for w in named[:-1]) and \
            not classes(_head(named[-1]))  # "the Devil's Bargain", "the King's Road": a thing
        if fresh and not owned and (_head(named[-1]) in BEINGS or classes(_head(named[-1])) or
                                    (len(named) >= 2 and acts)):
            return " ".join(w.text for w in [word, *named])
    return None


def other_foe(sentence: str, words: Sequence[Word], before: Sequence[Word],
              context: NarrationContext, cast: Cast) -> str | None:
    """A creature or person present that the story does not hold, when the story has a foe;
    with none, a monster of folklore the story does not hold ("the troll in the loft")."""
    story = _story_words(context, cast)
    if not context.monster.strip():
        found = _monsters(words, story)
        return (f"it brings in {found!r}, a monster the story does not hold" if found
                else None)
    found = _names(words, story) or _kinds(words, story)
    if found:
        return (f"it brings in {found!r}, a being the story does not hold; the story's foe is "
                f"{context.monster.strip()[:60]!r}")
    return None
