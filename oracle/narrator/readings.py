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
- :func:`choices`: the character's feelings, beliefs, words or choices the dice did not settle
  ("you decide", "relief floods you", "Ash grins and swears");
- :func:`others`: companions in solo play ("your companions", "the others", "we", an invented
  name at your side);
- :func:`foe`: a foe other than the story's ("the wolf lunges" when the foe is the Moss-Wife);
- :func:`dice`: dice faces in words ("rolled a five", "the dark die shows six").

A noun as the subject makes the phrase the noun's: "the candles die", "the daylight fails" and
"the dark die lands first" say nothing of a character.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from oracle.narrator.base import NarrationContext
from oracle.narrator.meaning import Cast, Who, Word, person_after, subject, tokens, word_set

__all__ = ["choices", "dice", "died", "fates", "foe", "monster", "others", "outcome"]


def _rx(*alternatives: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b", re.IGNORECASE)


_POSS = r"(?:his|her|their|your|its)"
DEATH = _rx(
    r"die[sd]?", r"dying", r"perish(?:es|ed)?", r"breathes? " + _POSS + r" last",
    r"draws? " + _POSS + r" last breath", r"never (?:moves?|wakes?|rises?|breathes?|stirs?|"
    r"gets? up|gets? back up|opens? " + _POSS + r" eyes) again",
    r"(?:does|do|did|will|would|can) not (?:survive|live|wake|rise|get up|come back)",
    r"(?:doesn't|don't|won't|didn't|cannot|can't) (?:survive|live|wake|rise|get up|come back)",
    r"(?:is|are|was|were|lies?|lay|falls?|fell|drops?|dropped|goes?|went) (?:dead|lifeless)",
    r"(?:is|are|was|were) (?:killed|slain|dead|murdered|no more|gone for good|beyond help)",
    r"(?:goes?|went) still (?:forever|for good|and does not move again)",
    r"stops? breathing(?! to)", r"bleeds? out", r"(?:heart|breath) stops? for good",
)
KILLS = _rx(r"kill(?:s|ed)?", r"slays?", r"slew", r"murders?", r"murdered", r"ends?",
            r"ended", r"finishes", r"finished", r"takes? the life of", r"took the life of",
            r"snaps? the neck of")
LIFE_OF = re.compile(r"\b(?:takes?|took|ends?|ended) (\w+)'s life\b|\bthe life (?:goes|went|"
                     r"drains|drained|fades|faded) (?:out of|from) (\w+)\b", re.IGNORECASE)
LOSS = _rx(r"(?:becomes?|became|turns? into|is turning into|is now) (?:a|one of the|the "
           r"forest's) (?:monster|thing of the forest|creature of the forest|servant of the "
           r"forest)", r"(?:is|are) lost (?:to the forest|forever|for good)",
           r"belongs? to the forest(?: now)?", r"(?:is|are) no longer (?:herself|himself|"
           r"themself|themselves|yourself|human)", r"joins? the forest",
           r"walks? into the trees (?:for good|forever|and does not come back)")
FOREST_TAKES = _rx(r"the (?:forest|trees|wood|woods) (?:takes?|took|claims?|claimed|keeps?|"
                   r"kept) ")
ANY_DEATH = _rx(r"die[sd]?", r"dying", r"dead", r"death", r"kill\w*", r"slain", r"perish\w*",
                r"last breath", r"breathes? " + _POSS + r" last", r"lifeless", r"life",
                r"never (?:moves?|wakes?|rises?|breathes?) again", r"corpse",
                r"(?:does|do|will) not survive", r"(?:doesn't|won't) survive", r"still forever")


def died(result: Mapping[str, Any]) -> bool:
    """Did the result kill a character (a Risk Roll to kill a monster, a death save, an Injury)?"""
    entries = [result, *(e for key in ("helpers", "participants", "characters")
                         for e in (result.get(key) or []) if isinstance(e, Mapping))]
    return (result.get("dies") is True or result.get("fate") == "dead"
            or any(e.get("dead") is True for e in entries))


def lost(result: Mapping[str, Any]) -> bool:
    entries = [result, *(e for key in ("helpers", "participants", "characters")
                         for e in (result.get(key) or []) if isinstance(e, Mapping))]
    return any(e.get("lost") is True for e in entries)


def _index(words: Sequence[Word], position: int) -> int:
    for i, word in enumerate(words):
        if word.start >= position:
            return i
    return len(words)


def _said_of(pattern: re.Pattern[str], sentence: str, words: Sequence[Word], cast: Cast,
             before: Sequence[Word]) -> tuple[str, Who] | None:
    """The first phrase of ``pattern`` said of a character or the foe, and of whom."""
    for match in pattern.finditer(sentence):
        i = _index(words, match.start())
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
        j = _index(words, match.end())
        who = person_after(words, j, cast, before)
        if who in (Who.CHARACTER, Who.FOE) and j < len(words):
            return f"{match.group()} {words[j].text}", who
    for match in LIFE_OF.finditer(sentence):
        named = cast.who(match.group(1) or match.group(2))
        whose = cast.resolve([*before, *words]) if named is None else named
        if whose in (Who.CHARACTER, Who.FOE):
            return match.group(), whose
    return None


def fates(sentence: str, words: Sequence[Word], before: Sequence[Word],
          context: NarrationContext, cast: Cast) -> str | None:
    """A character's death or loss the result does not settle, or a lost character's end."""
    if died(context.result):
        return None  # the death happens; whether it is voiced is read over the whole text
    is_lost = lost(context.result)
    for pattern in (DEATH, LOSS):
        found = _said_of(pattern, sentence, words, cast, before)
        if found is None and pattern is DEATH:
            found = _killed(sentence, words, cast, before)
        if found is None and pattern is LOSS:
            for match in FOREST_TAKES.finditer(sentence):
                who = person_after(words, _index(words, match.end()), cast, before)
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


BEATEN = _rx(r"die[sd]?", r"collapses?", r"crumples?", r"topples?", r"lies? still",
             r"falls? (?:dead|still|and does not rise|for good|and lies still)",
             r"goes? down(?: for good)?", r"(?:is|are|was) (?:defeated|slain|dead|destroyed|"
             r"vanquished|beaten|finished|done for|killed|no more|broken)",
             r"breathes? its last", r"never (?:moves?|rises?|stirs?) again", r"stops? moving",
             r"(?:does|will) not (?:rise|get up|move) again")
BEATEN_ANY = _rx(r"victory", r"victorious", r"vanquished", r"the (?:fight|battle|hunt) is "
                 r"(?:over|won)", r"(?:defeated|slain|destroyed|killed) (?:at last|for good)")
STANDS = _rx(r"still stand(?:s|ing)", r"unharmed", r"unhurt", r"shrugs? off", r"keeps? coming",
             r"comes? on again", r"is not enough", r"barely (?:scratched|hurt)",
             r"rises? again", r"stands? (?:tall|firm|unbroken)", r"it lives", r"survives")


def monster(sentence: str, words: Sequence[Word], before: Sequence[Word],
            context: NarrationContext, cast: Cast) -> str | None:
    """The foe beaten while it stands, or standing when the result defeated it."""
    result = context.result
    if result.get("roll") != "combat" or not isinstance(result.get("defeated"), bool):
        return None
    if result["defeated"] is False:
        found = _said_of(BEATEN, sentence, words, cast, before)
        if found is None:
            found = next(((f"{m.group()} {words[_index(words, m.end())].text}", Who.FOE)
                          for m in KILLS.finditer(sentence)
                          if _index(words, m.end()) < len(words) and person_after(
                              words, _index(words, m.end()), cast, before) is Who.FOE), None)
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
SUCCESS_ANY = _rx(r"succeed\w*", r"success\w*", r"triumph\w*", r"victor(?:y|ious)",
                  r"flawless\w*", r"with ease", r"easily", r"effortless\w*",
                  r"without (?:a hitch|trouble|difficulty|effort)", r"pull(?:s|ed)? it off",
                  r"(?:just )?as planned", r"it is done")
SUCCESS_VERB = _rx(r"works?", r"worked", r"manag(?:es|ed)? to", r"makes? it", r"made it",
                   r"gets? (?:it )?(?:open|through|free|across|inside|loose|in|out)",
                   r"got (?:it )?(?:open|through|free|across|inside|loose|in|out)",
                   r"opens?", r"opened", r"swings? (?:open|wide)", r"springs? open",
                   r"comes? (?:open|free|loose|away)", r"gives? way", r"gives", r"gave",
                   r"yields?", r"yielded", r"turns? (?:in the lock|freely)", r"clicks? open",
                   r"clicks", r"is yours", r"are yours", r"(?:is|are) (?:open|free|done)")
FAIL_ANY = _rx(r"in vain", r"to no avail", r"(?:is|was) no use", r"for nothing", r"failure",
               r"fruitless\w*", r"empty-handed", r"nothing happens", r"comes? to nothing")
FAIL_VERB = _rx(r"fail(?:s|ed)?", r"miss(?:es|ed)?", r"(?:does|did|will) not (?:work|open|give|"
                r"budge|turn|move|yield|come)", r"(?:doesn't|didn't|won't) (?:work|open|give|"
                r"budge|turn|move|yield|come)", r"refuses? to (?:open|give|budge|move|turn)",
                r"(?:cannot|can't|could not|couldn't) (?:open|reach|get|find|lift|climb|move|"
                r"break|force|pick|make|hold)", r"holds? fast", r"slips? (?:free|away|loose)")
_ATTEMPT = frozenset({"it", "attempt", "plan", "effort", "try", "work", "grip", "climb", "leap",
                      "jump", "blow", "strike", "swing", "shot", "trick", "lie", "ruse"})
_STOP = word_set("""the a an and or to of in on at for with from into onto over under your
my her his their its our this that these those some any it is are be was were i you we they
she he them up down out off away""")


def _content(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{3,}", text.lower()) if w not in _STOP}


def _head(words: Sequence[Word], i: int) -> str:
    """The word a verb phrase at ``words[i]`` is said of (the noun right before it)."""
    j = i - 1
    while j >= 0 and words[j].low in ("not", "never", "does", "did", "will", "finally", "slowly",
                                      "just", "then", "at", "last", "simply", "still"):
        j -= 1
    return words[j].low.removesuffix("'s") if j >= 0 else ""


def _negated(sentence: str, start: int) -> bool:
    window = sentence[max(0, start - 24):start]
    return _NEGATION.search(window) is not None


def _about_attempt(words: Sequence[Word], i: int, targets: set[str], cast: Cast,
                   before: Sequence[Word]) -> bool:
    head = _head(words, i)
    return head in targets or head in _ATTEMPT or \
        subject(words, i, cast, before) is Who.CHARACTER


def outcome(sentence: str, words: Sequence[Word], before: Sequence[Word],
            context: NarrationContext, cast: Cast) -> str | None:
    """Words of success on a failure, or of failure on a success, whatever the words."""
    settled = context.result.get("outcome", context.result.get("degree"))
    if settled not in ("failure", "critical_failure", "success", "critical_success",
                       "complication"):
        return None
    said = str(settled).replace("_", " ")
    targets = _content(context.intent) - _ATTEMPT
    failed = settled in ("failure", "critical_failure")
    for match in (SUCCESS_ANY if failed else FAIL_ANY).finditer(sentence):
        if _negated(sentence, match.start()):
            continue  # "no success" on a failure, "not in vain" on a success: in keeping
        return f"it says {match.group()!r} on a {said}"
    for match in (SUCCESS_VERB if failed else FAIL_VERB).finditer(sentence):
        i = _index(words, match.start())
        if not _about_attempt(words, i, targets, cast, before):
            continue  # "the daylight fails", "the ground opens": the world, not the attempt
        if _negated(sentence, match.start()):
            continue
        return f"it says {match.group()!r} on a {said}"
    if failed:  # a failure phrase negated ("it does not fail") is a success
        for match in FAIL_VERB.finditer(sentence):
            i = _index(words, match.start())
            if _negated(sentence, match.start()) and _about_attempt(words, i, targets, cast,
                                                                    before):
                return f"it says the attempt does not {match.group()!r} on a {said}"
    return None


def _verbs(*bases: str) -> str:
    """Each base verb in its forms: "decide" -> decide, decides, decided, deciding."""
    forms = []
    for base in bases:
        stem = base.removesuffix("e")
        forms.append(rf"{base}s?|{stem}(?:ed|ing)" if not base.endswith("e")
                     else rf"{base}[sd]?|{stem}ing")
    return "|".join(forms)


CHOICE = _rx(_verbs("decide", "choose", "resolve", "vow", "promise", "refuse", "agree",
                    "hesitate", "panic", "despair", "rejoice", "pray", "beg", "laugh", "smile",
                    "grin", "weep", "sob", "scream", "shout", "yell", "curse", "whisper",
                    "mutter", "sigh", "nod", "shrug", "wonder", "realize", "realise",
                    "remember", "believe", "hope", "wish", "regret", "trust", "doubt", "relax",
                    "flee", "retreat", "surrender", "charge", "want", "love", "hate"),
             r"swears?|swore|sworn|says|said|cries|cried|thinks?|thought|knows?|knew|chose|"
             r"gives? up|gave up|turns? back|turned back|turns? and (?:runs?|flees?)|"
             r"runs? away|ran away|steels? (?:yourself|herself|himself|themself|themselves)|"
             r"grits? (?:your|her|his|their) teeth|draws? (?:your|her|his|their) "
             r"(?:blade|sword|knife|weapon|axe|steel|bow|dagger)")
_EMOTION = (r"(?:afraid|fear|dread|relief|relieved|hope|hopeful|joy|joyful|glad|happy|sad|"
            r"sorrow|grief|angry|anger|rage|furious|ashamed|shame|guilt|guilty|proud|pride|"
            r"calm|safe|sure|certain|confident|determined|brave|uneasy|nervous|anxious|"
            r"terrified|terror|horror|horrified|despair|lonely|at peace|triumphant|elated|"
            r"scared|frightened|grateful|resolved|resolute|convinced|eager|desperate|"
            r"heartbroken|overjoyed|disgust|disgusted|love|hatred|regret|doubt|courage)")
FEELS = _rx(r"(?:feel|feels|felt|feeling) (?:a |an )?(?:(?:surge|wave|pang|flicker|stab|rush|"
            r"flood|chill|sense|knot) of |(?:cold|hot|sudden|deep|growing|grim) )?" + _EMOTION,
            r"(?:is|are|was|were|am|grows?|grew) (?:suddenly |utterly |quite |very |so )?"
            r"(?:afraid|terrified|relieved|glad|happy|sad|angry|furious|ashamed|sure|certain|"
            r"determined|convinced|eager|desperate|hopeful|calm|grateful|proud|scared|"
            r"frightened|horrified|disgusted|heartbroken|overjoyed|elated|resolved|unafraid|"
            r"fearless|at peace|filled with \w+)")
SEIZES = _rx(_EMOTION + r" (?:floods?|fills?|grips?|seizes?|washes over|rises in|takes hold "
             r"of|overwhelms?|swells in|blooms in|settles over|courses through|wells up in)")
HEART = re.compile(r"\b(your|\w+'s|her|his|their) (?:heart|stomach|spirit|resolve|courage|"
                   r"nerve)s? (?:sinks?|leaps?|races?|pounds?|soars?|breaks?|swells?|"
                   r"hammers?|drops?|lurches?|knots?|fails?|falters?|holds?|steadies)\b",
                   re.IGNORECASE)
WITH_FEELING = _rx(r"(?:with|in) (?:relief|dread|terror|horror|joy|despair|grief|anger|rage|"
                   r"shame|determination|resolve|triumph|disgust|delight|fury)")


def choices(sentence: str, words: Sequence[Word], before: Sequence[Word],
            context: NarrationContext, cast: Cast) -> str | None:
    """A feeling, belief, word or choice of a character that the dice did not settle."""
    stated = _content(context.intent)
    for pattern in (CHOICE, FEELS):
        for match in pattern.finditer(sentence):
            first = match.group().split()[0].lower()
            if first[:5] in {w[:5] for w in stated}:
                continue  # the player stated it: "swear an oath to the tree"
            if subject(words, _index(words, match.start()), cast, before) is Who.CHARACTER:
                return (f"it decides for the character ({match.group()!r}); their feelings and "
                        "choices are the player's")
    for match in SEIZES.finditer(sentence):
        if person_after(words, _index(words, match.end()), cast, before) is Who.CHARACTER:
            return f"it decides how the character feels ({match.group()!r})"
    for match in HEART.finditer(sentence):
        owner = match.group(1).lower().removesuffix("'s")
        who = cast.who(owner)
        if who is None:
            who = cast.resolve([*before, *words[:_index(words, match.start())]])
        if who is Who.CHARACTER:
            return f"it decides how the character feels ({match.group()!r})"
    for match in WITH_FEELING.finditer(sentence):
        if subject(words, _index(words, match.start()), cast, before) is Who.CHARACTER or \
                any(cast.who(w.text) is Who.CHARACTER for w in words[:_index(words,
                                                                                  match.start())]):
            return f"it decides how the character feels ({match.group()!r})"
    return None


OTHERS = _rx(r"companions?", r"comrades?", r"allies", r"ally", r"your friends?", r"the others",
             r"the other (?:hunters|treasure-hunters|one)", r"the rest of (?:you|the crew|the "
             r"party|them|your crew)", r"your (?:crew|party|band|fellows?|fellow hunters)",
             r"the party", r"the players?", r"everyone else", r"no one else", r"nobody else",
             r"both of you", r"all of you", r"one of you", r"each of you", r"any of you",
             r"we", r"us", r"our", r"ourselves", r"fellow hunters?", r"(?<!rival )the hunters",
             r"side by side")
_ALONGSIDE = word_set("""grabs pulls shouts calls hauls catches helps whispers laughs says cries
drags steadies hands tosses holds reaches yells hisses nods grins mutters warns""")
_CAPITALS = word_set("""the a an it you your he she they we i something nothing someone
somewhere behind above below then when where what far beyond inside outside there here this
that these those every each one no yes but and or in on at from with its her his their god
gold ruin gods lord lady saint""")


def others(sentence: str, words: Sequence[Word], before: Sequence[Word],
           context: NarrationContext, cast: Cast) -> str | None:
    """Companions in solo play: others at the character's side, or a name the story lacks."""
    if not cast.solo:
        return None
    found = OTHERS.search(sentence)
    if found and found.group().lower() not in cast.known:
        return (f"it says {found.group()!r} in solo play; nobody else is with the character")
    for i, word in enumerate(words[:-1]):
        low = word.low.removesuffix("'s")
        if word.text[:1].isupper() and low not in cast.known and low not in _CAPITALS and \
                words[i + 1].low in _ALONGSIDE and cast.who(word.text) is Who.THING:
            return (f"it brings in {word.text!r}, someone the story does not have, at the "
                    "character's side in solo play")
    return None


_CREATURES = word_set("""wolf wolves bear bears boar boars stag stags elk troll trolls ogre
ogres goblin goblins ghoul ghouls wraith wraiths ghost ghosts spectre specter witch hag serpent
serpents snake wyrm dragon giant hound hounds spider spiders rat rats werewolf vampire zombie
skeleton knight crone lich demon devil imp owlbear bandit bandits""")
ATTACK = _rx(r"lunges?", r"charges?", r"attacks?", r"strikes?", r"bites?", r"claws?", r"gores?",
             r"rears?", r"slashes", r"tears? into", r"springs? at", r"comes? for", r"bears? down",
             r"stalks?", r"lowers? its head", r"rakes?", r"pounces?", r"swipes?", r"howls?")
FIGHT_OBJECT = re.compile(r"\b(?:fight|fights|face|faces|strike|strikes|wound|wounds|hit|hits|"
                          r"stab|stabs|slash|slashes) the (\w+)\b", re.IGNORECASE)


def foe(sentence: str, words: Sequence[Word], before: Sequence[Word],
        context: NarrationContext, cast: Cast) -> str | None:
    """A foe other than the one the story named."""
    if not context.monster.strip():
        return None
    heads = [_head(words, _index(words, m.start())) for m in ATTACK.finditer(sentence)]
    heads += [m.group(1).lower() for m in FIGHT_OBJECT.finditer(sentence)]
    capital = {w.low for w in words if w.text[:1].isupper() and not w.first}
    for head in heads:
        if head in cast.known or head in cast.characters or not head:
            continue
        if head in _CREATURES or (head in capital and head not in _CAPITALS):
            return (f"it makes the foe {head!r}, but the story's foe is "
                    f"{context.monster.strip()[:60]!r}")
    return None


_FACE = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
DICE_WORDS = re.compile(r"\b(?:dice|d6|d10|d20|roll(?:s|ed)?)\b|\b(?:" + "|".join(
    sorted(_DIE_NOUN)) + r") die\b", re.IGNORECASE)
FACES = re.compile(
    rf"\b(?:roll(?:s|ed)?|shows?|showed|showing|lands? on|landed on|comes? up|came up|"
    rf"turns? up|reads?)\s+(?:a |an )?{_FACE}s?\b|\b{_FACE}s?\s+on the\s+(?:\w+\s+)?"
    rf"(?:die|dice|d6|d10)\b|\b(?:a |an ){_FACE}\b(?=[^.]*\b(?:die|dice)\b)", re.IGNORECASE)


def dice(sentence: str, words: Sequence[Word], before: Sequence[Word],
         context: NarrationContext, cast: Cast) -> str | None:
    """Dice faces in words: the dice are shown beside the narration, never told in it."""
    if not DICE_WORDS.search(sentence):
        return None
    found = FACES.search(sentence)
    if found:
        return f"it tells a die's face ({found.group()!r}); the prose never gives the dice"
    return None


SENTENCE_READINGS = (fates, monster, outcome, choices, others, foe, dice)


def read(sentence: str, before: Sequence[Word], context: NarrationContext,
         cast: Cast) -> str | None:
    """The first reason ``sentence`` may not stand, or None."""
    words = tokens(sentence)
    for reading in SENTENCE_READINGS:
        reason = reading(sentence, words, before, context, cast)
        if reason:
            return reason
    return None
