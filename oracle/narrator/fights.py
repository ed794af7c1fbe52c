"""A fight in any words: the referee's readings of the foe's state and of a blow.

- :func:`monster`: the foe beaten while the result leaves it standing ("it crumples", "rolls
  belly-up", "lies slack", "comes apart into brass", "takes its head from its shoulders"), or
  standing or coming on when the result defeated it ("circles again, as hungry as before",
  "shakes off the blow", "unbothered");
- :func:`hits` (read in :mod:`oracle.narrator.blows`, re-exported here): a blow told as
  landing when it missed, or as missing when it hit.

The words are families (stillness and finality; coming on again; getting away), each said of
its subject: the foe, a character, or a weapon.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from oracle.narrator.base import NarrationContext
from oracle.narrator.blows import HIT, HURT, MISS, hits
from oracle.narrator.deaths import ANY_DEATH, KILLS, owned
from oracle.narrator.lexicon import phrases, rx, verbs
from oracle.narrator.meaning import Cast, Who, Word, person_after, subject, tokens, word_set
from oracle.narrator.spans import index_at, negated, said_of
from oracle.narrator.wordclass import verb_class

__all__ = ["BEATEN", "BEATEN_ANY", "DEFEAT_TOLD", "HIT", "LETHAL", "MISS", "STANDS",
           "defeated_told", "hits", "monster"]

_LIMP = "slack/silent/unmoving/motionless/limp/lifeless/quiet/still/inert/dead"
BEATEN = rx(r"die[sd]?", r"collapses?", r"crumples?", r"crumbles?", r"topples?", r"lies? still",
            r"(?:is|was) brought down", r"falls? apart", r"comes? apart",
            r"falls? (?:dead|still|and does not rise|for good|and lies still)",
            r"goes? down(?: for good)?", r"(?:is|are|was) (?:defeated|slain|dead|destroyed|"
            r"vanquished|beaten|finished|done for|killed|no more|broken)",
            r"breathes? its last", r"never (?:moves?|rises?|stirs?) again", r"stops? moving",
            r"done for (?:this|the) (?:fight|day|night|battle)", r"keels? over",
            r"keeled over",
            r"(?:clatters?|clattered|crumbles?|crumbled|flies|flew|splits?|shakes?|shook|"
            r"rattles?|rattled|tears?|tore|rips?|ripped|springs?|sprang|blows?|blew|folds?|"
            r"folded|caves?|caved|crashes?|crashed|spills?|spilled|unravels?|unravelled|"
            r"unwinds?|unwound|comes?|came|falls?|fell|breaks?|broke|bursts?) apart",
            r"(?:folds?|folded|caves?|caved|collapses?|collapsed|crumples?|crumpled) in on "
            r"(?:itself|himself|herself|themselves)",
            r"and (?:does|did) not (?:move|stir|rise|get up|twitch|breathe)(?=\s*[.;!]|\s*$)",
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
            # stillness and finality: how a body that is done lies
            phrases(f"""~lie/~go/~fall/~hang/~sag/~float/~sprawl/~slump {_LIMP};
                ~lie * {_LIMP}; ~roll/~float/~turn/~flip/~go belly-up; ~roll over dead;
                ~fall/~collapse/~crumple/~slump/~drop/~clatter/~crash/~tumble in a heap/pile;
                in a heap; in pieces; to pieces; ~crumble/~fall to dust/ash/ashes;
                ~come/~fall/~break/~fly/~crumble/~burst apart into; ~clatter/~crash/~tumble/
                ~thud to the floor/ground/deck/boards/flagstones/tiles in pieces;
                never ~stir/~move/~rise/~twitch/~rise again; ~cease/~stop struggling/twitching/
                stirring; ~lie dead; ~twitch once and ~be still; ~stir no more;
                ~move no more; ~rise no more; ~lie/~fall/~be/~clatter/~crash/~come in/to pieces;
                ~lie/~fall/~be/~slump/~collapse in a heap/pile;
                ~float/~hang/~drift/~lie there * unmoving/motionless/lifeless/limp"""),
            r"^\W*it(?:'s| is| was) (?:over|done|finished)\b",
            r"(?:settles?|settled|sinks?|sank|sags?|sagged|slumps?|slumped|lies|lay|goes|went|"
            r"falls?|fell|stills?|stilled|stops?|stopped) (?:[\w'-]+ ){0,4}?for good",
            r"(?:breaks?|broke|crumbles?|collapses?|dissolves?|turns?|falls?|fell|bursts?) "
            r"(?:in)?to (?:\w+ )?(?:dust|ash|ashes|powder|smoke|cinders|rubble|shards|splinters)",
            r"(?:drops?|dropped|falls?|fell|sinks?|sank|collapses?) (?:down )?dead",
            r"(?:does|did|will|would) not come back|doesn't come back|never (?:comes?|came) back|"
            r"(?:is|was) (?:not|never) seen again",
            r"(?:does|do|did|will|would|can)\s+not\s+(?:get up|rise|stand up|stand again|get "
            r"back up)|(?:doesn't|won't|can't|cannot|never)\s+(?:get up|rise|stand up|get back up)",
            # a body coming to rest on the ground ("settles, bone by bone, onto the floor",
            # "folds into the shallows"), or brought down whole ("in a long ringing collapse")
            r"(?:" + verbs("settle fold sink slump sag subside slide crumple topple pitch") +
            r"|(?:comes?|came|goes|went|go) down)(?:,?(?: [\w-]+,?){0,4}?)? (?:on|onto|into|to|"
            r"across|in) (?:the |a |its )?(?:[\w-]+ ){0,2}?(?:floor|ground|shallows|flagstones|"
            r"tiles|boards|deck|earth|mud|dust|sand|snow|grass|cobbles|mire|reeds|stones)\b",
            r"(?:comes?|came|goes|went|go) down in (?:a|an) (?:[\w-]+ ){0,3}?(?:collapse|heap|"
            r"wreck|ruin)\b",
            r"(?:is|was) done(?=\s*[.;!]|\s*$)")
# an end-state of a body said with its own words between ("lies in a thousand green pieces")
BROKEN_UP = re.compile(r"\b(?:" + verbs("lie fall be clatter crash come go break burst shatter "
                       "scatter end crumble collapse tumble spill") + r")\s+(?:in|into|to)\s+"
                       r"(?:a |an )?(?:[\w-]+,?\s+){0,3}?(?:pieces|shards|fragments|splinters|"
                       r"heap|ruins|rubble|slag|cinders|ash|ashes|dust)\b", re.IGNORECASE)
# the light, fire or life in a foe going out ("its fires gutter and go out")
_GLOW = r"(?:fires?|flames?|light|lights|glow|embers|eyes|candles?|lanterns?|spark|furnace|lamp)"
# the workings or breath of a foe stopping ("its gears grind to a stop")
STOPS = re.compile(r"\b(?:(?P<owner>[A-Za-z][\w-]*)'s|(?P<its>its))\s+(?:[\w-]+\s+){0,2}?"
                   r"(?:gears?|heart|breath|springs?|clockwork|works|engine|pulse|cogs?|"
                   r"mainspring|wheels?)\s+(?:[\w-]+\s+){0,2}?(?:(?:grinds?|ground|winds?|wound|"
                   r"ticks?|ticked|shudders?|shuddered|clatters?|clattered|runs?|ran|whirs?|"
                   r"whirred|slows?|slowed)\s+(?:down\s+)?to\s+a\s+(?:stop|halt|standstill)|"
                   r"(?:stops?|stopped|stills?|stilled|seizes?|seized|locks?|locked|jams?|jammed|"
                   r"freezes|froze)\b(?!\s+(?:for|a)\b))",
                   re.IGNORECASE)
GOES_OUT = re.compile(r"\b(?:(?:(?P<owner>[A-Z][\w-]*)'s|(?P<its>its))\s+(?:[\w-]+\s+){0,2}?"
                      + _GLOW + r"|the\s+" + _GLOW + r"\s+(?:in|of)\s+(?:(?P<owner2>[A-Z][\w-]*)'s|"
                      r"(?P<its2>its))(?:\s+[\w-]+){0,2})\s+(?:[\w-]+\s+){0,3}?(?:(?:" + verbs("go blink wink gutter "
                      "sputter snuff flicker burn") + r")\s+out|(?:go|goes|went|gone)\s+dark|"
                      r"(?:" + verbs("die fade dim") +
                      r")(?:\s+(?:away|to nothing|out))?\b(?!\s+(?:down|a little|for a)))",
                      re.IGNORECASE)
# a foe's fight told over ("her fight done")
_FIGHT_DONE = re.compile(r"\b([\w-]+?)(?:'s)?\s+fight\s+(?:is\s+|was\s+)?(?:done|over|ended|"
                         r"finished|spent)\b", re.IGNORECASE)
# a foe told spent mid-sentence ("it kneels, spent, on the casting floor")
_SPENT = re.compile(r",\s*(?:spent|lifeless|dead|finished|unmoving|motionless|broken|done)\s*,",
                    re.IGNORECASE)
# an end said as something a body will not do again ("does not gather itself again")
NOT_AGAIN = re.compile(r"\b(?:(?:does|do|did|will|would|can|could)\s+not|doesn't|don't|didn't|"
                       r"won't|wouldn't|can't|never)\s+(?!(?:make|try|miss|fall for|be fooled|"
                       r"hesitate|repeat|underestimate|forget|let|give)\b)(?:[\w-]+\s+){1,3}?"
                       r"again\b|\b(?:will|would) not be back\b|\bwon't be back\b",
                       re.IGNORECASE)
# a foe getting away whole ("flutters off over the market roofs")
ESCAPES = rx(phrases("""~escape; ~get away; ~slip away/off/free/loose; ~make off; ~make good
    its/her/his escape; ~fly/~flutter/~flap/~scuttle/~slink/~sidle/~lope/~bound/~dart/~skitter/
    ~scurry/~slither/~soar/~wing/~sail away/off; ~vanish/~disappear/~melt into the/a;
    ~be gone into the; ~fly/~flutter/~soar/~climb up and away"""))


# a blow that ends a foe, wherever it lands ("splits the thing's skull", "takes its head")
LETHAL = re.compile(r"\b(?:" + verbs("split crush cave smash cleave sever shatter crack pierce "
                    "open cut stave take lop hack chop strike") + r"|(?:goes|went|passes|passed|"
                    r"runs|ran|punches|punched|drives|drove) (?:right |clean |straight )?through"
                    r")\s+(?:in\s+|open\s+|off\s+)?"
                    r"(?:the\s+)?(?:\w+\s+)?(?:(\w+)'s|(its|her|his|their))"
                    r"\s+(?:\w+\s+)?(?:skull|head|neck|spine|heart|throat)\b(?!\s+(?:a\s+)?"
                    r"(?:glancing|grazing|scratch))|\b(\w+)'s head "
                    r"(?:rolls|comes off|flies)|\bhead (?:from|off) (its|his|her|their) shoulders\b|"
                    r"\b(its) head (?:rolls|comes? off|came off|flies|flew|falls? away)\b|"
                    r"\bthe head (?:rolls|comes? off|came off|flies off|flew off)\b",
                    re.IGNORECASE)
# a body opened end to end ("splits the Hound open from throat to tail")
OPENED = re.compile(r"\b(?:" + verbs("split rip tear slit slice gut open unzip cleave") +
                    r")\s+(?:the\s+)?(?:[\w'-]+\s+)?([\w'-]+)\s+open\b(?=[^.;]{0,30}\b(?:from|end to end|throat|"
                    r"belly|chin|neck|crown|nape)\b)", re.IGNORECASE)
BEATEN_ANY = rx(r"victory", r"victorious", r"vanquished",
                r"with (?:a|one|its) (?:last|final) (?:shudder|breath|gasp|twitch|spasm|heave)",
                r"the (?:fight|battle|hunt|struggle|duel|killing) (?:is|was) (?:over|won|done|"
                r"finished|ended)",
                r"(?:defeated|slain|destroyed|killed) (?:at last|for good)")
STANDS = rx(r"still stand(?:s|ing)", r"still (?:the [\w-]+(?: [\w-]+)?|it|she|he) stands",
            r"(?:itself|herself|himself|themselves) (?:\w+ )?back together",
            r"\w+er than (?:before|ever)\b(?! (?:it|she|he) (?:was|had)\b)", r"unharmed", r"unhurt", r"shrugs? off", r"keeps? coming",
            r"comes? on again", r"is not enough", r"barely (?:scratched|hurt)",
            r"rises? again", r"stands? (?:tall|firm|unbroken)", r"it lives", r"survives",
            phrases("""untouched; not done/finished/beaten yet; far from done/finished/beaten;
                ~be not beaten; unbothered; undaunted; unbowed; unscathed; unfazed; untroubled;
                unmarked; none the worse"""),
            r"still (?:dangerous|hungry|alive|breathing|fighting|coming|on its feet|game|deadly)",
            r"still (?:comes?|came|lunges?|charges?|presses?|rises?) (?:for|at|on)")
# a foe coming on again, said of the foe ("circles Odile again, as hungry as before")
COMES_ON = rx(phrases("""~circle/~come/~turn/~rise/~lunge/~charge/~rear/~close/~press/~advance/
    ~stalk/~strike/~snap/~attack/~round/~wheel/~surge/~loom * again; ~circle/~come/~turn/~rise/
    ~lunge/~charge/~rear/~close/~press/~advance/~stalk/~strike/~snap/~attack/~round/~wheel/~surge/
    ~loom again; as * as before/ever; ~keep coming/fighting/circling/advancing/pressing/
    stalking; ~shake/~shrug off the/its/her/his/your/their blow/blows/wound/cut/strike/hurt;
    ~shake/~shrug it off; back on its feet; ~get/~climb/~struggle back up; ~stand again;
    ~fight on; ~come on; ~press on; ~carry on; ~go on fighting"""))
# the course of a fight may hold a foe's charge; a defeat must still be told somewhere
DEFEAT_TOLD = rx(BEATEN.pattern, BEATEN_ANY.pattern, LETHAL.pattern, ANY_DEATH.pattern,
                 r"down|falls?|fell|fallen|apart|pieces|still|ends?|ended|over|no more|never|"
                 r"limp|slack|ruin|gone|spent|broken|beaten|undone|finished|flees?|fled|"
                 r"retreats?|routed|nothing of|belly-up|heap|(?:goes|go|went) out|knees|"
                 r"into (?:ash|dust|smoke|mist|water|"
                 r"mud|leaves)|"
                 + verbs("""fold crumple crumble collapse sink sag slump dissolve disperse scatter
                 unravel dwindle melt fade shrivel wither burst break shatter topple tumble drop
                 sprawl keel perish cease vanish yield surrender"""))
_FOE_NOUNS = word_set("thing creature beast monster")
# a last word set off by a comma that ends the one last named ("slumps to the flagstones, dead")
_LAST_WORD = re.compile(r",\s*(?:done|finished|ended|emptied|spent|lifeless|broken|dead|gone|"
                        r"unmoving|motionless|limp|"
                        r"still at last)\s*[.!]?\s*$", re.IGNORECASE)


# a blow that leaves its object dead ("drops the Chalk Hart dead at his feet")
DROPPED = re.compile(r"\b(?:drops?|dropped|lays?|laid|strikes?|struck|knocks?|knocked|leaves?|left|"
                     r"shoots?|shot) (?:the |it |him |her )?((?:[\w'-]+ ){0,3})dead\b",
                     re.IGNORECASE)


def _lethal(sentence: str, words: Sequence[Word], cast: Cast,
            before: Sequence[Word]) -> tuple[str, Who] | None:
    """A blow that ends the foe ("splits the thing's skull"), and whose it is."""
    for match in DROPPED.finditer(sentence):
        said = match.group(1).split() or ["it"]
        if any(cast.who(w) is Who.FOE for w in said):
            return match.group(), Who.FOE
    for match in (*LETHAL.finditer(sentence), *OPENED.finditer(sentence)):
        owner = next((g for g in match.groups() if g), "")
        who = cast.who(owner) if owner else Who.FOE
        if who is None:
            who = cast.resolve([*before, *[w for w in words if w.start < match.start()]])
        if who is Who.FOE or owner.lower() in _FOE_NOUNS:
            return match.group(), Who.FOE
    return None


_MOMENT = re.compile(r"\b(?:for a (?:moment|heartbeat|breath|second|while|time)|for an instant|"
                     r"briefly|almost|nearly|as if|as though|seems? to)\b", re.IGNORECASE)
_AGAIN = re.compile(r"\b(?:then|but|before|until|yet)\b[^.;]*\b(?:again|back up|rises?|"
                    r"stirs?|comes? on|lunges?|charges?|stands?)\b", re.IGNORECASE)


def _passing(sentence: str, start: int) -> bool:
    """A stillness told as passing: qualified ("for a moment", "almost") or undone later in
    the sentence ("... and then it lowers its antlers again")."""
    return start >= 0 and (_MOMENT.search(sentence[max(0, start - 40):start]) is not None or
                           _AGAIN.search(sentence[start:]) is not None)


def _beaten(sentence: str, words: Sequence[Word], before: Sequence[Word],
            cast: Cast) -> tuple[str, Who] | None:
    found = said_of(BEATEN, sentence, words, cast, before)
    if found is not None and _passing(sentence, sentence.find(found[0])):
        found = None  # "for a moment it goes still, then it lowers its antlers again"
    if found is None:
        found = next(((f"{m.group()} {words[index_at(words, m.end())].text}", Who.FOE)
                      for m in KILLS.finditer(sentence)
                      if index_at(words, m.end()) < len(words) and person_after(
                          words, index_at(words, m.end()), cast, before) is Who.FOE), None)
    return found or _lethal(sentence, words, cast, before) or owned(sentence, words, before,
                                                                     cast) or _ended(
        sentence, words, before, cast)


def _last_named(said: Sequence[Word], cast: Cast) -> Who:
    """Whom the last person, foe or "it" named refers to."""
    for i in range(len(said) - 1, -1, -1):
        who = cast.who(said[i].text)
        if who is None:
            return cast.resolve(said[:i])
        if who is not Who.THING:
            return who
    return Who.THING


# the foe broken up by a blow ("shatters the Bone Heron into a drift of white splinters")
SMASHED = re.compile(r"\b(?:" + verbs("shatter smash break burst blow hack cut hew reduce grind "
                     "crush splinter tear rip dash knock") + r")\s+(?P<whom>(?:the\s+)?[\w'-]+"
                     r"(?:\s+[\w'-]+){0,2}?)\s+(?:in)?to\s+(?:a |an )?(?:[\w-]+\s+){0,3}?(?:of\s+)?"
                     r"(?:[\w-]+\s+){0,2}?(?:pieces|shards|splinters|fragments|dust|ash|ashes|"
                     r"rubble|ribbons|bits|flinders|smithereens)\b", re.IGNORECASE)


def _ended(sentence: str, words: Sequence[Word], before: Sequence[Word],
           cast: Cast) -> tuple[str, Who] | None:
    """The foe's body broken up, its light gone out, or it told spent, in words of its own."""
    for match in SMASHED.finditer(sentence):
        whom = match.group("whom").split()
        if any(cast.who(w) is Who.FOE for w in whom if w.lower() != "the"):
            return match.group(), Who.FOE
    found = said_of(BROKEN_UP, sentence, words, cast, before)
    if found is not None and not _passing(sentence, sentence.find(found[0])):
        return found
    for match in (*GOES_OUT.finditer(sentence), *STOPS.finditer(sentence)):
        owner = match.group("owner") or match.groupdict().get("owner2")
        if (cast.who(owner) if owner else Who.FOE) is Who.FOE and \
                not _passing(sentence, match.start()) and not negated(sentence, match.end()):
            return match.group(), Who.FOE
    found = said_of(NOT_AGAIN, sentence, words, cast, before)
    if found is not None and found[1] is Who.FOE and not STANDS.search(sentence):
        return found
    for match in _FIGHT_DONE.finditer(sentence):
        owner = match.group(1).lower()
        said = [*before, *[w for w in words if w.start < match.start()]]
        if (cast.who(owner) if owner not in ("her", "his", "their") else
                _last_named(said, cast)) is Who.FOE:
            return match.group(), Who.FOE
    for match in _SPENT.finditer(sentence):
        if _last_named([*before, *[w for w in words if w.start < match.start()]],
                       cast) is Who.FOE:
            return match.group().strip(" ,"), Who.FOE
    return None


# a verb of the foe's that goes on or comes back: "is still swaying", "raises his sword again"
_NOT_ACTS = frozenset({"body", "perception", "emotion", "cognition", "stative"})  # twitch, bleed
_TRIED = re.compile(r"\b(?:tries|tried|try|trying|attempts?|struggles?|seems?|would|could|"
                    r"might|almost|nearly|once|never|no longer)\s+(?:[\w-]+\s+){0,2}$",
                    re.IGNORECASE)
_CLAUSE_END = frozenset({",", ";", ":", "\u2014", "and", "but", "then"})


def _again(words: Sequence[Word], i: int) -> bool:
    """"still" right before ``words[i]``, or "again" within four words after it, in its clause."""
    if i > 0 and words[i - 1].low == "still":
        return True
    for word in words[i + 1:i + 6]:
        if word.low in _CLAUSE_END:
            return False
        if word.low == "again":
            return True
    return False


def _predicate(words: Sequence[Word], i: int) -> bool:
    """``words[i]`` follows a copula and is no participle ("it is only birches again")."""
    j = i - 1
    while j >= 0 and words[j].low in ("only", "just", "still", "all", "now", "once", "merely"):
        j -= 1
    return j >= 0 and words[j].low in _COPULA and not words[i].low.endswith("ing")


_COPULA = frozenset({"is", "are", "was", "were", "be", "been", "being", "'s"})


def _acts_on(sentence: str, words: Sequence[Word], before: Sequence[Word],
             cast: Cast) -> str | None:
    """A defeated foe told acting on ("it is still swaying", "raises his sword again"): a verb
    of its own (not of the body, the senses or feeling: a beaten thing may still twitch or
    bleed) after "still" or before "again", neither denied nor only tried, and no end told
    after it in the sentence."""
    for i, word in enumerate(words):
        if word.low in _AUXILIARY or not word.text.islower() or not _again(words, i) or \
                _predicate(words, i):
            continue
        kind = verb_class(word.low)
        if kind is None or kind in _NOT_ACTS or negated(sentence, word.start) or \
                _TRIED.search(sentence[:word.start]) or \
                BEATEN.search(sentence, word.start + len(word.text)):
            continue
        if subject(words, i, cast, before) is Who.FOE:
            return sentence[word.start:].split(",")[0][:40]
    return None


_AUXILIARY = word_set("""is are was were be been being has have had do does did will would
can could may might must shall should go goes went""")


def _of_character(sentence: str, words: Sequence[Word], start: int, cast: Cast) -> bool:
    """The being last named in the clause before ``start`` is a character ("Aurel stands
    with his shoulder to the wall, unmarked"): a word of standing said of them, not the foe."""
    clause = re.split(r"[;:.\u2014]|\bbut\b", sentence[:start])[-1]
    begin = start - len(clause)
    said = [w for w in words if begin <= w.start < start]
    for i in range(len(said) - 1, -1, -1):
        who = cast.who(said[i].text)
        if who in (Who.CHARACTER, Who.FOE) and not (i and said[i - 1].low in _OVER):
            return who is Who.CHARACTER  # "stands over it, unmarked": not the "it"
    return False


_OVER = word_set("""over above beside by near on at to toward towards from with against past
behind before under""")


def defeated_told(sentences: Sequence[str], cast: Cast) -> str | None:
    """On a foe the result defeats, a reply that tells a character beaten and never the foe
    (the defeat voiced about the wrong one), or None."""
    if cast.settled.defeated is not True or cast.settled.dies or cast.settled.lost or \
            cast.settled.down:
        return None
    before: list[Word] = []
    beaten: list[str] = []
    for sentence in sentences:
        words = tokens(sentence)
        found = _beaten(sentence, words, before, cast)
        if found is not None and found[1] is Who.FOE:
            return None
        if found is not None and found[1] is Who.CHARACTER:
            beaten.append(found[0])
        before.extend(words)
    return (f"it says {beaten[0]!r} of the character, but the result defeats the foe"
            if beaten else None)


def monster(sentence: str, words: Sequence[Word], before: Sequence[Word],
            context: NarrationContext, cast: Cast) -> str | None:
    """The foe beaten while it stands, or standing when the result defeated it."""
    defeated = cast.settled.defeated
    if defeated is None:
        return None
    if defeated is False:
        found = _beaten(sentence, words, before, cast)
        if found is not None and found[1] is Who.FOE:
            return f"it says {found[0]!r}, but the monster is not defeated"
        last = _LAST_WORD.search(sentence)
        if last and cast.resolve([*before, *[w for w in words if w.start < last.start()]]) \
                is Who.FOE:
            return f"it says {last.group().strip()!r}, but the monster is not defeated"
        any_word = BEATEN_ANY.search(sentence)
        if any_word:
            return f"it says {any_word.group()!r}, but the monster is not defeated"
        return None
    word = next((m for m in STANDS.finditer(sentence) if not negated(sentence, m.start())
                 and not _of_character(sentence, words, m.start(), cast)),
                None)  # "does not rise again" is no rising; "Aurel stands unmarked" is Aurel
    if word:
        return f"it says {word.group()!r}, but the monster is defeated"
    again = said_of(COMES_ON, sentence, words, cast, before)
    if again is not None and again[1] is Who.FOE and not negated(sentence,
                                                                 sentence.find(again[0])):
        return f"it says {again[0]!r}, but the monster is defeated"
    acting = _acts_on(sentence, words, before, cast)
    if acting:
        return f"it says {acting!r}, but the monster is defeated"
    away = said_of(ESCAPES, sentence, words, cast, before)
    if away is not None and away[1] is Who.FOE and not BEATEN.search(sentence) and \
            not HURT.search(sentence):
        return f"it says {away[0]!r}: the monster gets away whole, but it is defeated"
    return None
