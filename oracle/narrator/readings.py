"""The referee's readings of one sentence: what it says happened, and to whom.

Each reading takes one sentence of a model's narration (with the words before it, for "she")
and returns the reason it may not stand, or None:

- :func:`fates`: a death or a loss, in any words ("breathes her last", "never moves again",
  "does not survive", "the forest takes her"), of a character the result spares; any end chosen
  for a lost character (that choice is the player's);
- :func:`monster`: the foe beaten while it stands ("the monster dies", "it collapses"), or
  standing when it is defeated;
- :func:`outcome`: success on a failure ("It works", "the lock gives") or failure on a success
  ("you fail", "the door does not open"), with negation read ("it does not work" is a failure);
- :func:`dice`: dice faces in words ("rolled a five", "the dark die shows six").

The readings of what people do (feelings and choices, companions, another foe) are in
:mod:`.people`.

A noun as the subject makes the phrase the noun's: "the candles die", "the daylight fails" and
"the dark die lands first" say nothing of a character.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from oracle.narrator.base import NarrationContext
from oracle.narrator.deaths import ANY_DEATH, DEATH, FOREST_TAKES, KILLS, LIFE_OF, LOSS, owned
from oracle.narrator.lexicon import phrases, verbs
from oracle.narrator.meaning import Cast, Who, Word, person_after, subject, word_set
from oracle.narrator.outcomes import families_of, outcome_words

__all__ = ["ANY_DEATH", "DEFEAT_TOLD", "content_words", "dice", "fates", "head_word", "index_at", "monster",
           "outcome", "rx"]


def rx(*alternatives: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b", re.IGNORECASE)


_POSS = r"(?:his|her|their|your|its)"


def index_at(words: Sequence[Word], position: int) -> int:
    for i, word in enumerate(words):
        if word.start >= position:
            return i
    return len(words)


def _said_of(pattern: re.Pattern[str], sentence: str, words: Sequence[Word], cast: Cast,
             before: Sequence[Word]) -> tuple[str, Who] | None:
    """The first phrase of ``pattern`` said of a character or the foe, and of whom."""
    for match in pattern.finditer(sentence):
        i = index_at(words, match.start())
        if i < len(words) and words[i].low == "die" and i > 0 and \
                words[i - 1].low in _DIE_NOUN:
            continue  # "the dark die", "a die": the die of the game, not a death
        who = subject(words, i, cast, before)
        if who in (Who.CHARACTER, Who.FOE):
            return match.group(), who
    return None


_DIE_NOUN = word_set("""the a one each every that this dark light highest lowest last first
second third bone iron black white red helper's helper your her his their another single
which""")


def _killed(sentence: str, words: Sequence[Word], cast: Cast,
            before: Sequence[Word]) -> tuple[str, Who] | None:
    for match in KILLS.finditer(sentence):
        j = index_at(words, match.end())
        who = person_after(words, j, cast, before)
        if who in (Who.CHARACTER, Who.FOE) and j < len(words):
            return f"{match.group()} {words[j].text}", who
    for match in LIFE_OF.finditer(sentence):
        named = cast.who(next(g for g in match.groups() if g))
        whose = cast.resolve([*before, *words]) if named is None else named
        if whose in (Who.CHARACTER, Who.FOE):
            return match.group(), whose
    return None


def fates(sentence: str, words: Sequence[Word], before: Sequence[Word],
          context: NarrationContext, cast: Cast) -> str | None:
    """A character's death or loss the result does not settle, or a lost character's end."""
    if cast.settled.dies:
        return None  # the death happens; whether it is voiced is read over the whole text
    is_lost = cast.settled.lost
    for pattern in (DEATH, LOSS):
        found = _said_of(pattern, sentence, words, cast, before)
        if found is None and pattern is DEATH:
            found = _killed(sentence, words, cast, before) or owned(sentence, words, before, cast)
        if found is None and pattern is LOSS:
            for match in FOREST_TAKES.finditer(sentence):
                who = person_after(words, index_at(words, match.end()), cast, before)
                if who is Who.CHARACTER:
                    found = (match.group().strip(), who)
        if found is not None and found[1] is Who.CHARACTER:
            if is_lost:
                return ("it chooses the lost character's end; that choice is the player's"
                        if pattern is LOSS else
                        "it chooses death for the lost character; that choice is the player's")
            if pattern is LOSS:
                return f"it says {found[0]!r} of a character who is not lost"
            return f"it says {found[0]!r} of a character the result does not kill"
    return None


BEATEN = rx(r"die[sd]?", r"collapses?", r"crumples?", r"crumbles?", r"topples?", r"lies? still",
            r"(?:is|was) brought down", r"falls? apart", r"comes? apart",
             r"falls? (?:dead|still|and does not rise|for good|and lies still)",
             r"goes? down(?: for good)?", r"(?:is|are|was) (?:defeated|slain|dead|destroyed|"
             r"vanquished|beaten|finished|done for|killed|no more|broken)",
             r"breathes? its last", r"never (?:moves?|rises?|stirs?) again", r"stops? moving",
             r"(?:does|will) not (?:rise|get up|move) again",
            phrases("""~slump/~crash/~drop/~pitch/~sprawl/~keel over? dead/lifeless/still/limp;
                ~go limp/slack/still; ~lie there/still/unmoving/broken; ~stop moving/breathing;
                ~fall and ~lie; ~crash to the floor/ground/flagstones/earth/mud/water;
                ~be done/spent/finished for good; for good; ~be finished; ~shatter;
                ~burst/~break/~fly apart; ~fall to pieces; into a rain/heap/pile/shower of"""),
            r"(?:is|was) gone\b(?=\s*[.,;!]|\s+for good|\s+forever)",
            phrases("""~stay down/under/there/beneath; ~sink and ~stay;
                ~be cleaved/cloven/sundered/felled/hewn/halved/split/bisected;
                ~split/~sunder/~cleave/~hew/~shear/~rip in/into two/half/twain;
                ~split/~sunder/~cleave asunder/apart/open; ~split from crown/head/top;
                ~be brought low; ~come/~go crashing down"""),
            r"(?:does|do|did|will|would|can)\s+not\s+(?:get up|rise|stand up|stand again|get "
            r"back up)|(?:doesn't|won't|can't|cannot|never)\s+(?:get up|rise|stand up|get back up)")
# a blow that ends a foe, wherever it lands ("splits the thing's skull")
LETHAL = re.compile(r"\b(?:" + verbs("split crush cave smash cleave sever shatter crack pierce "
                    "open cut stave") + r")\s+(?:in\s+|open\s+)?(?:the\s+)?(?:(\w+)'s|(its|her|his|their))"
                    r"\s+(?:\w+\s+)?(?:skull|head|neck|spine|heart|throat)\b|\b(?:\w+)'s head "
                    r"(?:rolls|comes off|flies)", re.IGNORECASE)
BEATEN_ANY = rx(r"victory", r"victorious", r"vanquished",
                r"with (?:a|one|its) (?:last|final) (?:shudder|breath|gasp|twitch|spasm|heave)", r"the (?:fight|battle|hunt|struggle|"
                r"duel|killing) (?:is|was) (?:over|won|done|finished|ended)",
                r"(?:defeated|slain|destroyed|killed) (?:at last|for good)")
STANDS = rx(r"still stand(?:s|ing)", r"unharmed", r"unhurt", r"shrugs? off", r"keeps? coming",
            r"comes? on again", r"is not enough", r"barely (?:scratched|hurt)",
            r"rises? again", r"stands? (?:tall|firm|unbroken)", r"it lives", r"survives",
            phrases("""untouched; not done/finished/beaten yet; far from done/finished/beaten;
                ~be not beaten"""))
# the course of a fight may hold a foe's charge; a defeat must still be told somewhere
DEFEAT_TOLD = rx(BEATEN.pattern, BEATEN_ANY.pattern, LETHAL.pattern, ANY_DEATH.pattern,
                 r"down|falls?|fell|fallen|apart|pieces|still|ends?|ended|over|no more|never|"
                 r"limp|slack|ruin|gone|spent|broken|beaten|undone|finished|flees?|fled|"
                 r"retreats?|routed|nothing of|into (?:ash|dust|smoke|mist|water|mud|leaves)|"
                 + verbs("""fold crumple crumble collapse sink sag slump dissolve disperse scatter
                 unravel dwindle melt fade shrivel wither burst break shatter topple tumble drop
                 sprawl keel perish cease vanish yield surrender"""))


def _lethal(sentence: str, words: Sequence[Word], cast: Cast,
            before: Sequence[Word]) -> tuple[str, Who] | None:
    """A blow that ends the foe ("splits the thing's skull"), and whose it is."""
    for match in LETHAL.finditer(sentence):
        owner = next((g for g in match.groups() if g), "")
        who = cast.who(owner) if owner else Who.FOE
        if who is None:
            who = cast.resolve([*before, *[w for w in words if w.start < match.start()]])
        if who is Who.FOE or owner.lower() in ("thing", "creature", "beast", "monster"):
            return match.group(), Who.FOE
    return None


def monster(sentence: str, words: Sequence[Word], before: Sequence[Word],
            context: NarrationContext, cast: Cast) -> str | None:
    """The foe beaten while it stands, or standing when the result defeated it."""
    defeated = cast.settled.defeated
    if defeated is None:
        return None
    if defeated is False:
        found = _said_of(BEATEN, sentence, words, cast, before)
        if found is None:
            found = next(((f"{m.group()} {words[index_at(words, m.end())].text}", Who.FOE)
                          for m in KILLS.finditer(sentence)
                          if index_at(words, m.end()) < len(words) and person_after(
                              words, index_at(words, m.end()), cast, before) is Who.FOE), None)
        if found is None:
            found = _lethal(sentence, words, cast, before) or owned(sentence, words, before, cast)
        if found is not None and found[1] is Who.FOE:
            return f"it says {found[0]!r}, but the monster is not defeated"
        any_word = BEATEN_ANY.search(sentence)
        if any_word:
            return f"it says {any_word.group()!r}, but the monster is not defeated"
        return None
    word = STANDS.search(sentence)
    if word:
        return f"it says {word.group()!r}, but the monster is defeated"
    return None


_NEGATION = re.compile(r"\b(?:not|never|no|nothing|nor|cannot|fails? to|failed to|refuses? to|"
                       r"without)\b|n't\b", re.IGNORECASE)
SUCCESS_ANY = rx(r"(?:is|are) yours", r"waves? \w+ (?:through|past|on)",
                 r"lets? \w+ (?:pass|through|by)", r"(?:reach(?:es|ed)?|gain(?:s|ed)?|makes? it "
                 r"to) the (?:top|other side|far side|far bank)", r"onto the top",r"unseen", r"unnoticed", r"undetected",
                 r"none of them (?:so much as )?(?:notices?|sees?|turns?|looks?|hears?)",
                 r"no one (?:notices|sees|hears)", r"succeed\w*", r"success\w*", r"triumph\w*", r"victor(?:y|ious)",
                  r"flawless\w*", r"with ease", r"easily", r"effortless\w*",
                  r"without (?:a hitch|trouble|difficulty|effort)", r"pull(?:s|ed)? it off",
                  r"(?:just )?as planned")
SUCCESS_VERB = rx(r"works?(?! (?:at|on|away|over|the|a|its|his|her|their|your|it)\b)", r"worked(?! (?:at|on|away|over)\b)", r"manag(?:e|es|ed) to", r"clears?", r"cleared", r"makes? it", r"made it",
                   r"gets? (?:it )?(?:open|through|free|across|inside|loose|in|out)",
                   r"got (?:it )?(?:open|through|free|across|inside|loose|in|out)",
                   r"opens?", r"opened", r"swings? (?:open|wide)", r"springs? open",
                   r"comes? (?:open|free|loose|away)", r"gives? way", r"gives", r"gave",
                   r"yields?", r"yielded", r"surrenders?", r"relents?", r"turns? (?:in the lock|freely)", r"clicks? open",
                   r"clicks", r"is yours", r"are yours", r"(?:is|are) (?:open|free)")
# said of the thing the attempt works on ("the sluice gate lifts"), never of a character
SUCCESS_THING = rx(r"lifts?", r"rises?", r"slides? (?:open|aside|back|free)", r"moves?",
                   r"shifts? aside", r"swings? (?:up|back|aside)")
FAIL_ANY = rx(r"too far", r"falls? short", r"not (?:far|high|strong) enough", r"in vain", r"to no avail", r"(?:is|was) no use", r"for nothing", r"failure",
               r"fruitless\w*", r"empty-handed", r"nothing happens", r"comes? to nothing")
FAIL_VERB = rx(r"fail(?:s|ed)?", r"miss(?:es|ed)?", r"(?:does|did|will) not (?:work|open|give|"
                r"budge|turn|move|yield|come)", r"(?:doesn't|didn't|won't) (?:work|open|give|"
                r"budge|turn|move|yield|come)", r"refuses? to (?:open|give|budge|move|turn)",
                r"(?:cannot|can't|could not|couldn't) (?:open|reach|get|find|lift|climb|move|"
                r"break|force|pick|make|hold)", r"holds? fast", r"slips? (?:free|away|loose)")
_ATTEMPT = word_set("""it attempt plan effort try work grip climb leap jump blow strike swing shot
trick lie ruse""")
# what an attempt most often has to open or get past: its giving way is the attempt's success
_OBSTACLES = word_set("""lock latch door lid gate bar bolt chest box seal hatch grate chain padlock
pins tumblers shutter coffer casket reliquary slab wax millstone capstone boulder
trapdoor portcullis hinge hinges bars shackle shackles manacle manacles cover grille""")
_STOP = word_set("""the a an and or to of in on at for with from into onto over under your
my her his their its our this that these those some any it is are be was were i you we they
she he them up down out off away""")


def content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{3,}", text.lower()) if w not in _STOP}


def head_word(words: Sequence[Word], i: int) -> str:
    """The word a verb phrase at ``words[i]`` is said of (the noun right before it)."""
    j = i - 1
    while j >= 0 and words[j].low in ("not", "never", "does", "did", "will", "finally", "slowly",
                                      "just", "then", "at", "last", "simply", "still"):
        j -= 1
    return words[j].low.removesuffix("'s") if j >= 0 else ""


_NONE_AFTER = re.compile(r"\w+(?:\s+\w+)?\s+(?:none|nothing|no)\b", re.IGNORECASE)


def _negated(sentence: str, start: int) -> bool:
    """A negation just before the phrase, or its object denied ("gives up none of its paths")."""
    window = sentence[max(0, start - 24):start]
    return _NEGATION.search(window) is not None or \
        _NONE_AFTER.match(sentence, start) is not None


def _about_attempt(words: Sequence[Word], i: int, targets: set[str], cast: Cast,
                   before: Sequence[Word]) -> bool:
    head = head_word(words, i)
    return head in targets or head in _ATTEMPT or \
        subject(words, i, cast, before) is Who.CHARACTER


def _claimed(sentence: str, words: Sequence[Word], before: Sequence[Word], cast: Cast,
             targets: set[str], failed: bool) -> str | None:
    """A phrase claiming the other outcome (success when ``failed``, else failure)."""
    for match in (SUCCESS_ANY if failed else FAIL_ANY).finditer(sentence):
        if not _negated(sentence, match.start()):  # "no success" on a failure is in keeping
            return match.group()
    for match in (SUCCESS_VERB if failed else FAIL_VERB).finditer(sentence):
        # "the daylight fails", "the ground opens": the world, not the attempt
        if _about_attempt(words, index_at(words, match.start()), targets, cast, before) and \
                not _negated(sentence, match.start()):
            return match.group()
    if not failed:
        return None
    for match in SUCCESS_THING.finditer(sentence):  # "the sluice gate lifts"
        thing = head_word(words, index_at(words, match.start()))
        if thing in targets and not _negated(sentence, match.start()):
            return f"{thing} {match.group()}"
    for match in FAIL_VERB.finditer(sentence):  # "it does not fail" is a success
        if _negated(sentence, match.start()) and \
                _about_attempt(words, index_at(words, match.start()), targets, cast, before):
            return f"does not {match.group()}"
    return None


def _unquoted(sentence: str, intent: str) -> str:
    """The sentence with the player's own words for their attempt ("let me pass") blanked out
    (the same length: the words' places stay)."""
    said = intent.strip()
    return re.sub(re.escape(said), lambda m: " " * len(m.group()), sentence,
                  flags=re.IGNORECASE) if said else sentence


def outcome(sentence: str, words: Sequence[Word], before: Sequence[Word],
            context: NarrationContext, cast: Cast) -> str | None:
    """Words of success on a failure, or of failure on a success, whatever the words."""
    settled = cast.settled.verdict
    if settled not in ("failure", "critical_failure", "success", "critical_success",
                       "complication"):
        return None
    targets = (content_words(context.intent) - _ATTEMPT) | _OBSTACLES
    if {f.name for f in families_of(context.intent)} == {"reach"}:
        targets = set()  # a climb's rope that gives is its failure, not its success
    failed = settled in ("failure", "critical_failure")
    sentence = _unquoted(sentence, context.intent)
    claim = _claimed(sentence, words, before, cast, targets, failed) or outcome_words(
        sentence, words, before, context, cast, targets, failed)
    return f"it says {claim!r} on a {settled.replace('_', ' ')}" if claim else None


HIT = rx(r"(?:crunch|bite|cut|sink|smash|slam|bur(?:y|ie))(?:s|es)? into", r"finds? (?:its|their|"
         r"the|her|his) mark", r"strikes? home", r"connects?", r"draws? blood", r"hits? (?:the|"
         r"its|him|her|it|squarely)", r"lands? (?:squarely|true|clean|a blow|the blow)",
         r"opens? (?:a|the) (?:wound|gash)")
MISS = rx(r"miss(?:es|ed)?", r"goes? wide", r"swings? wide", r"whistles? past", r"glances? off",
          r"hitting nothing", r"finds? (?:only )?(?:air|nothing)", r"falls? short")


_SCENERY = re.compile(r"\s+(?:the|a|an)\s+(?:\w+\s+)?(?:wall|beam|floor|stone|stones|door|post|"
                      r"pillar|tree|trunk|ground|earth|wood|timber|dirt|mud|table|rafter|"
                      r"doorframe|flagstone|flagstones|step|steps|shield|rock|bench)\b",
                      re.IGNORECASE)
_WEAPONS = word_set("""axe blade sword spear arrow bolt blow strike swing knife dagger mace
hammer club fist shot point edge pick staff spell""")


def hits(sentence: str, words: Sequence[Word], before: Sequence[Word],
         context: NarrationContext, cast: Cast) -> str | None:
    """A miss told as a hit, or a hit as a miss (an attack's settled ``hit``)."""
    hit = cast.settled.hit
    if hit is None:
        return None
    for match in (MISS if hit else HIT).finditer(sentence):
        i = index_at(words, match.start())
        if not hit and _SCENERY.match(sentence, match.end()):
            continue  # "bites into a wooden beam": the blow found the room, not the foe
        if (head_word(words, i) in _WEAPONS or subject(words, i, cast, before) is Who.CHARACTER) \
                and not _negated(sentence, match.start()):
            told = "the attack hit" if hit else "the attack missed"
            return f"it says {match.group()!r}, but {told}"
    return None


_FACE = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
DICE_WORDS = re.compile(r"\b(?:dice|d6|d10|d20|roll(?:s|ed)?)\b|\b(?:" + "|".join(
    sorted(_DIE_NOUN)) + r"|\w+est|fourth|fifth|sixth|lone|only|best|worst) die\b", re.IGNORECASE)
FACES_ALONE = re.compile(r"\b(?:snake eyes|boxcars|(?:two|three|four|five|a pair of|double) "
                         r"(?:ones|twos|threes|fours|fives|sixes))\b", re.IGNORECASE)
_A_FACE = re.compile(r"\b(?:a|an) (?:one|two|three|four|five|six)\b(?!-)", re.IGNORECASE)
FACES = re.compile(
    rf"\b(?:roll(?:s|ed)?|shows?|showed|showing|lands? on|landed on|comes? up|came up|"
    rf"turns? up|reads?)\s+(?:a |an )?{_FACE}s?\b|\b{_FACE}s?\s+on the\s+(?:\w+\s+)?"
    rf"(?:die|dice|d6|d10)\b|\b(?:a |an ){_FACE}\b(?=[^.]*\b(?:die|dice)\b)", re.IGNORECASE)


def dice(sentence: str, words: Sequence[Word], before: Sequence[Word],
         context: NarrationContext, cast: Cast) -> str | None:
    """Dice faces in words: the dice are shown beside the narration, never told in it."""
    alone = FACES_ALONE.search(sentence) or (DICE_WORDS.search(sentence) and _A_FACE.search(
        sentence))
    if alone:
        return f"it tells a die's face ({alone.group()!r}); the prose never gives the dice"
    if not DICE_WORDS.search(sentence):
        return None
    found = FACES.search(sentence)
    if found:
        return f"it tells a die's face ({found.group()!r}); the prose never gives the dice"
    return None
