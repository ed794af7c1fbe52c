"""The referee's readings of one sentence: what it says happened, and to whom.

Each reading takes one sentence of a model's narration (with the words before it, for "she")
and returns the reason it may not stand, or None:

- :func:`fates`: a death or a loss, in any words ("breathes her last", "never moves again",
  "does not survive", "the forest takes her", "her pulse flutters and then stills"), of a
  character the result spares; a self undone ("not Ash any more") of one it does not lose; any
  end chosen for a lost character (that choice is the player's); a lost character told whole
  ("shaken but herself"), one the result kills told as pulling through;
- :func:`monster` and :func:`hits` (from :mod:`.fights`): the foe beaten while it stands, or
  standing when it is defeated; a blow told landing on a miss, or missing on a hit;
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

from oracle.narrator import polarity
from oracle.narrator.base import NarrationContext
from oracle.narrator.beings import is_being
from oracle.narrator.deaths import (
    ANY_DEATH,
    DEATH,
    FOREST_TAKES,
    KILLS,
    LIFE_OF,
    LOSS,
    acting,
    kept,
    owned,
    remade,
    shared_end,
    unmade,
)
from oracle.narrator.fights import DEFEAT_TOLD, hits, monster
from oracle.narrator.lexicon import phrases
from oracle.narrator.meaning import Cast, Who, Word, person_after, subject, tokens, word_set
from oracle.narrator.outcomes import families_of, outcome_words, partial
from oracle.narrator.spans import DIE_NOUN, head_word, index_at, negated, said_of
from oracle.narrator.streaming import split

__all__ = ["ANY_DEATH", "DEFEAT_TOLD", "content_words", "dice", "fates", "head_word", "hits",
           "index_at", "monster", "outcome", "rx"]


def rx(*alternatives: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b", re.IGNORECASE)


_POSS = r"(?:his|her|their|your|its)"











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


def _end(sentence: str, words: Sequence[Word], before: Sequence[Word],
         cast: Cast) -> tuple[str, bool] | None:
    """A death or a loss told in full of a character, and whether it is a loss."""
    for pattern in (DEATH, LOSS):
        found = said_of(pattern, sentence, words, cast, before)
        if found is None and pattern is DEATH:
            found = _killed(sentence, words, cast, before) or owned(sentence, words, before, cast)
        if found is None and pattern is LOSS:
            found = remade(sentence, words, before, cast)
            for match in FOREST_TAKES.finditer(sentence):
                who = person_after(words, index_at(words, match.end()), cast, before)
                if who is Who.CHARACTER:
                    found = (match.group().strip(), who)
        if found is not None and found[1] is Who.CHARACTER:
            return found[0], pattern is LOSS
    return None


def _living(sentence: str, words: Sequence[Word], before: Sequence[Word],
            cast: Cast) -> str | None:
    """A character the result kills told living on, or one it leaves down told acting."""
    settled = cast.settled
    if settled.dies:
        living = None if ANY_DEATH.search(sentence) else kept(sentence, words, before, cast, True)
        return f"it says {living!r} of a character the result kills" if living else None
    if settled.down:
        acts = acting(sentence, words, before, cast)
        if acts:
            return f"it says {acts!r} of a character who is down and cannot act"
    if settled.lost:
        whole = kept(sentence, words, before, cast, False)
        return f"it says {whole!r} of a character the result loses" if whole else None
    return None


# the place or the foe gains one more of its own: "the drowned mill has another miller", "the
# marsh has a second glass creature" (the character is the one it gains)
_ONE_MORE = re.compile(r"\b(?:has|have|gains?|gained|keeps?|kept|gets?|got) (?:another|a second|a "
                       r"third|one more|a new|its newest) ((?:[\w-]+ ){0,2}[\w-]+)",
                       re.IGNORECASE)


def _one_more(sentence: str, words: Sequence[Word], before: Sequence[Word],
              cast: Cast) -> str | None:
    for match in _ONE_MORE.finditer(sentence):
        if not any(is_being(w) or w.lower() in ("creature", "thing", "servant", "one")
                   for w in match.group(1).split()):
            continue
        said = [*before, *(w for w in words if w.start < match.start())]
        if any(cast.who(w.text) is Who.CHARACTER for w in said):
            return match.group()
    return None


def end_told(text: str, context: NarrationContext, cast: Cast) -> bool:
    """Whether ``text`` tells a character's end in any words the readings know (a death, a
    loss, a self undone, an end shared, one more of the place's own): what voices a death or
    a loss the result settles."""
    before: list[Word] = []
    for sentence in split(text):
        words = tokens(sentence)
        if _end(sentence, words, before, cast) or unmade(sentence, words, before, cast) or \
                shared_end(sentence, words, before, cast) or \
                _one_more(sentence, words, before, cast):
            return True
        before.extend(words)
    return False


# the forest taking a character is what being lost is (SRD: at Ruin 6 the forest has them);
# how it ends (a monster of it, or death) is the player's to choose
_TAKEN = re.compile(r"\b(?:belongs?|forest|woods?|trees)\b", re.IGNORECASE)


def fates(sentence: str, words: Sequence[Word], before: Sequence[Word],
          context: NarrationContext, cast: Cast) -> str | None:
    """A character's death or loss the result does not settle, a lost character's end, or a
    character the result kills, loses or leaves down told alive, whole or acting."""
    settled = cast.settled
    if settled.dies:  # the death happens; whether it is voiced is read over the whole text
        return _living(sentence, words, before, cast)
    found = _end(sentence, words, before, cast)
    if found is None:
        gained = _one_more(sentence, words, before, cast)
        found = (gained, True) if gained else None
    if found and settled.down and re.search(r"\bwak|\bwok", found[0], re.IGNORECASE):
        found = None  # one who is down does not wake: that is being down, not dead
    shared = None if found else shared_end(sentence, words, before, cast)
    if found is None and shared:
        found = (shared, False)
    if found is not None and settled.lost and found[1] and _TAKEN.search(found[0]):
        found = None  # "belongs to the forest", "the forest has her": the loss itself, settled
    if found is not None:
        if settled.lost:
            return ("it chooses the lost character's end; that choice is the player's"
                    if found[1] else
                    "it chooses death for the lost character; that choice is the player's")
        what = "who is not lost" if found[1] else "the result does not kill"
        return f"it says {found[0]!r} of a character {what}"
    living = _living(sentence, words, before, cast)
    if living or settled.lost:
        return living
    undone = unmade(sentence, words, before, cast)
    return f"it says {undone!r} of a character who is not lost" if undone else None


SUCCESS_ANY = rx(r"(?:is|are) yours", r"waves? (?:\w+ ){1,3}?(?:through|past|on)\b(?! (?:the|a|an|his|her|its|their) "
                 r"(?:air|dark|wind))",
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
               r"fruitless\w*", r"empty-handed", r"nothing happens", r"comes? to nothing",
               # an attempt gone wrong in any words ("comes out wrong", "spins out of her hands")
               phrases("""~come out wrong; ~go wrong; ~go awry; ~come to naught;
                   nothing but a smell/wisp/puff/hiss/fizz/curl/whiff"""),
               r"(?:slips?|slipped|spins?|spun|tears?|tore|jerks?|jerked|wrenches|wrenched|twists?|"
               r"twisted|slides?|slid|rips?|ripped|skids?|skidded) (?:free )?(?:out of|from) "
               r"(?:\w+'s|her|his|your|their) (?:hands?|grip|grasp|fingers)")
FAIL_VERB = rx(r"fail(?:s|ed)?", r"miss(?:es|ed)?", r"not so much as (?:a )?(?:shiver|move|"
                r"moves|budge|budges|shift|shifts|creak|creaks|rattle|rattles|tremble|trembles|"
                r"stir|stirs|inch|twitch|twitches)", r"(?:does|did|will) not (?:work|open|give|"
                r"budge|turn|move|yield|come)", r"(?:doesn't|didn't|won't) (?:work|open|give|"
                r"budge|turn|move|yield|come)", r"refuses? to (?:open|give|budge|move|turn)",
                r"(?:cannot|can't|could not|couldn't) (?:open|reach|get|find|lift|climb|move|"
                r"break|force|pick|make|hold|tell|read|follow|see|understand|remember|recall|"
                r"decipher|work out|keep up|keep hold|budge|shift|loosen|free|cross|catch|"
                r"persuade|convince|sway)", r"holds? fast", r"slips? (?:free|away|loose)")
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


def _about_attempt(words: Sequence[Word], i: int, targets: set[str], cast: Cast,
                   before: Sequence[Word]) -> bool:
    head = head_word(words, i)
    return head in targets or head in _ATTEMPT or \
        subject(words, i, cast, before) is Who.CHARACTER


def _claimed(sentence: str, words: Sequence[Word], before: Sequence[Word], cast: Cast,
             targets: set[str], failed: bool) -> str | None:
    """A phrase claiming the other outcome (success when ``failed``, else failure)."""
    for match in (SUCCESS_ANY if failed else FAIL_ANY).finditer(sentence):
        if not negated(sentence, match.start()):  # "no success" on a failure is in keeping
            return match.group()
    for match in (SUCCESS_VERB if failed else FAIL_VERB).finditer(sentence):
        # "the daylight fails", "the ground opens": the world, not the attempt
        i = index_at(words, match.start())
        if match.group().lower().startswith("work") and head_word(words, i) not in \
                (_ATTEMPT | targets):
            continue  # "while Wilmot works": labour, not the attempt working
        if _about_attempt(words, i, targets, cast, before) and \
                not negated(sentence, match.start()):
            return match.group()
    if not failed:
        return None
    for match in SUCCESS_THING.finditer(sentence):  # "the sluice gate lifts"
        thing = head_word(words, index_at(words, match.start()))
        if thing in targets and not negated(sentence, match.start()) and \
                not partial(sentence, match.start(), match.end()):  # "lifts an inch, and slams"
            return f"{thing} {match.group()}"
    for match in FAIL_VERB.finditer(sentence):  # "it does not fail" is a success
        if negated(sentence, match.start()) and \
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
    swapped = polarity.contest(sentence, cast)
    if swapped:
        return (f"it says {swapped!r}, but the contest settled no winner" if cast.settled.tie
                else f"it says {swapped!r}, but {cast.settled.winner} won the contest")
    hunted = polarity.presence(sentence, cast)
    if hunted:
        return hunted
    if settled not in ("failure", "critical_failure", "success", "critical_success",
                       "complication"):
        return None
    intent = context.intent or cast.settled.act
    targets = (content_words(intent) - _ATTEMPT) | _OBSTACLES
    if {f.name for f in families_of(intent)} == {"reach"}:
        targets = set()  # a climb's rope that gives is its failure, not its success
    failed = settled in ("failure", "critical_failure")
    sentence = _unquoted(sentence, context.intent)
    claim = _claimed(sentence, words, before, cast, targets, failed) or outcome_words(
        sentence, words, before, context, cast, targets, failed) or polarity.claim(
        sentence, words, before, context, cast,
        frozenset(f.name for f in families_of(intent)), failed)
    return f"it says {claim!r} on a {settled.replace('_', ' ')}" if claim else None


_FACE = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
DICE_WORDS = re.compile(r"\b(?:dice|d6|d10|d20|roll(?:s|ed)?)\b|\b(?:" + "|".join(
    sorted(DIE_NOUN)) + r"|\w+est|fourth|fifth|sixth|lone|only|best|worst) die\b", re.IGNORECASE)
FACES_ALONE = re.compile(r"\b(?:(?:came|come|comes|coming|rolls?|rolled|showed|shows?|turn(?:s|ed)?"
                         r" up|both|all|pair of) (?:\w+ )?(?:ones|twos|threes|fours|fives|sixes|"
                         r"sevens|eights|nines|tens)\b(?! and (?:sevens|eights))|"
                         # a blow's damage told as a count ("takes her across the ribs for seven")
                         r"(?:takes?|took|hits?|strikes?|struck|catches|caught|deals?|dealt|cuts?|"
                         r"bites?|bit|slashes|slashed|stabs?|stabbed) [^.;]{0,40}?\bfor (?:one|two|"
                         r"three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+)\b(?! (?:years?|"
                         r"days?|hours?|minutes?|nights?|heartbeats?|breaths?|steps?|paces?|feet|"
                         r"yards?|miles?|moments?|seconds?|weeks?|months?|coins?|pennies|crowns?|"
                         r"silver|gold|marks?))|"
                         r"snake eyes|boxcars|(?:two|three|four|five|a pair of|double) "
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
