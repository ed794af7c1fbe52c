"""A fight in any words: the referee's readings of the foe's state and of a blow.

- :func:`monster`: the foe beaten while the result leaves it standing ("it crumples", "rolls
  belly-up", "lies slack", "comes apart into brass", "takes its head from its shoulders"), or
  standing or coming on when the result defeated it ("circles again, as hungry as before",
  "shakes off the blow", "unbothered");
- :func:`hits`: a blow told as landing when it missed or did no harm ("the axe bites deep into
  its thigh", "finds the gap between two plates", "leaves a deep rent"), or as missing when it
  hit ("goes wide", "meets nothing but air", "the foe turns the blow aside").

The words are families (stillness and finality; coming on again; contact and its marks; air
and deflection), each said of its subject: the foe, a character, or a weapon.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from oracle.narrator.base import NarrationContext
from oracle.narrator.deaths import ANY_DEATH, KILLS, owned
from oracle.narrator.lexicon import phrases, rx, verbs
from oracle.narrator.meaning import Cast, Who, Word, person_after, subject, tokens, word_set
from oracle.narrator.spans import NEGATION, head_word, index_at, negated, said_of

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
            r"back up)|(?:doesn't|won't|can't|cannot|never)\s+(?:get up|rise|stand up|get back up)")
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
                   r"(?:stops?|stopped|stills?|stilled|seizes?|seized)\b(?!\s+(?:for|a)\b))",
                   re.IGNORECASE)
GOES_OUT = re.compile(r"\b(?:(?P<owner>[A-Z][\w-]*)'s|(?P<its>its))\s+(?:[\w-]+\s+){0,2}?"
                      + _GLOW + r"\s+(?:[\w-]+\s+){0,3}?(?:(?:" + verbs("go blink wink gutter "
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
STANDS = rx(r"still stand(?:s|ing)", r"unharmed", r"unhurt", r"shrugs? off", r"keeps? coming",
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
        owner = match.group("owner")
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
    word = next((m for m in STANDS.finditer(sentence) if not negated(sentence, m.start())),
                None)  # "does not rise again" is no rising
    if word:
        return f"it says {word.group()!r}, but the monster is defeated"
    again = said_of(COMES_ON, sentence, words, cast, before)
    if again is not None and again[1] is Who.FOE and not negated(sentence,
                                                                 sentence.find(again[0])):
        return f"it says {again[0]!r}, but the monster is defeated"
    away = said_of(ESCAPES, sentence, words, cast, before)
    if away is not None and away[1] is Who.FOE and not BEATEN.search(sentence) and \
            not HURT.search(sentence):
        return f"it says {away[0]!r}: the monster gets away whole, but it is defeated"
    return None


_PARTS = ("shoulder|chest|arm|leg|thigh|flank|side|head|neck|ribs|belly|back|face|throat|gut|"
          "hip|knee|jaw|skull|eye|haunch|wing|hide|spine|heart|snout|muzzle|shoulders|legs")
_MARK = "wound/gash/rent/cut/dent/gouge/furrow/hole/groove/crack/split/tear/scar/notch"
HIT = rx(r"(?:crunch|bite|cut|sink|smash|slam|bur(?:y|ie))(?:s|es)? into", r"finds? (?:its|their|"
         r"the|her|his) mark", r"strikes? home", r"connects?", r"draws? blood", r"hits? (?:the|"
         r"its|him|her|it|squarely)", r"lands? (?:squarely|true|clean|a blow|the blow)",
         r"opens? (?:a|the) (?:wound|gash)",
         # contact: a blade going in, a blow landing, what it leaves
         phrases("""~crunch/~bite/~cut/~sink/~smash/~slam/~bury/~drive/~punch/~tear/~rip/~plunge/
             ~carve/~slice/~hack/~gouge/~rake/~chop/~thud/~slide/~sheer/~shear/~smack/~crash
             deep/hard/clean/cleanly/home/straight/right/deeply? into/through/in/across;
             ~sink in; ~go in; ~go home; ~bite deep; ~cut deep; ~sink deep;
             ~find/~find a/the/its/their/her/his gap/flesh/home/purchase/meat/seam/joint/throat/
             heart/belly/side/chink; ~find the * between;
             ~land clean/true/hard/home/squarely/solidly/heavily/full/cleanly/flush;
             to the hilt; up to the hilt; ~take the * weight/force/brunt/full of;
             ~rake/~gash/~slash/~score/~slice/~lay open * face/flank/side/shoulder/back/chest/
             throat/belly; ~rake/~gash/~slash/~score/~slice the * face/flank/side/shoulder/back/
             chest/throat/belly; ~open/~split/~slit * from * to; ~open/~split/~slit the * from * to; ~tear/~rip/~hack/~gouge/~bite a * chunk/
             piece/strip/gobbet/lump out of/from"""),
         rf"(?:punch|leave|open|carve|gouge|cut|tear|score|knock|hammer|dent)\w* (?:a|an)"
         rf" [\w, -]{{0,30}}?\b(?:{_MARK.replace('/', '|')})\b",
         r"(?:catch|strike|hit|take|smack|clip|crack|club)\w* [\w' ]{0,30}?\b(?:square|squarely"
         r"|full|flush)\b",
         r"(?:drives?|drove|knocks?|knocked|sends?|sent) (?:it|him|her|them|the \w+) "
         r"(?:back|reeling|staggering|sprawling)",
         r"(?:cracks?|cracked|splits?|rips?|ripped|tears?|tore|breaks?|broke|smash(?:es|ed)?|"
         r"staves?|staved|punch(?:es|ed)?|lays?|laid) (?:the |its |her |his )?(?:[\w'-]+ ){0,3}"
         r"(?:hide|shell|plates?|armou?r|skin|carapace|chest|side|flank|belly|back) (?:wide )?"
         r"open\b",
         r"(?:splits?|cracks?|cracked|smash(?:es|ed)?|shatter(?:s|ed)?|breaks?|broke|crush(?:es|ed)?"
         r"|gash(?:es|ed)?|slash(?:es|ed)?|cuts?|stabs?|stabbed|pierces?|pierced|slides?|slid|"
         r"caves? in|caved in|staves? in|staved in|"
         r"slips?|slipped) (?:between |into )?(?:the |its |her |his )?(?:[\w'-]+ ){0,2}(?:"
         + _PARTS + r"|plates|scales|ribs)\b",
         # a blow placed on the body ("takes the chieftain high in the shoulder")
         r"(?:takes?|took|catch(?:es)?|caught|strikes?|struck|hits?|stabs?|pierces?|spears?|"
         r"skewers?|clips?|clipped|stabbed|pierced) (?:[\w'-]+ ){1,4}?(?:high |low |square |full |"
         r"clean |hard )?(?:in|on|across|through|behind|below|under|above|between) the (?:\w+ )?"
         r"(?:" + _PARTS + r")\b")
# a foe that shows a blow landed ("the Hound yelps", "reels back from it")
HURT = rx(phrases("""~yelp; ~howl/~scream/~shriek/~roar in pain; ~reel back from it/the blow;
    ~reel from the blow; ~bleed; ~limp away/off; ~take the * weight/force/brunt;
    ~take the weight/force/brunt; ~reel away/back blinded/bleeding/wounded"""))
# a blow stopped before it reaches the foe, whoever stops it
_NEVER_LANDS = (r"before (?:it|the blow|the stroke|the edge|the blade|the point) "
                r"(?:lands|connects|lands home|can land|strikes home|touches|reaches)")
NEVER_LANDS = rx(_NEVER_LANDS)
MISS = rx(r"miss(?:es|ed)?", r"goes? wide", _NEVER_LANDS, r"swings? wide", r"whistles? past", r"glances? off",
          r"hitting nothing", r"finds? (?:only )?(?:air|nothing)", r"falls? short",
          phrases("""~go/~swing/~sail/~fly/~pass/~cut/~slice wide; ~whistle/~sail/~hiss/~slide/
              ~sweep/~pass past; ~glance/~skid/~slide/~skitter/~bounce/~ring/~spark/~turn off;
              ~hit/~strike/~meet/~find/~bite/~cut/~catch/~cleave/~slice/~split/~hack/~part
              nothing/only; ~meet/~find/~cut/~bite/~strike/~hit/~slice/~cleave/~part empty/
              thin/damp/cold/still? air; nothing but * air; nothing but air;
              never where; ~turn * aside; too slow; a moment too late; a hair too late;
              ~clang/~bounce/~scrape/~skid/~rebound off; without leaving? a mark/scratch/dent;
              not a mark/scratch/dent on; ~whip/~whistle/~hiss/~sing/~flash/~whip past;
              ~go nowhere; instead; ~hit/~strike/~find/~bite the floor/ground/wall/air/water;
              where it had been; ~come/~crash/~slam down on empty; empty flagstones/floor/ground/
              stone"""),
          r"\w+ (?:through|into|at|only) (?:the )?(?:empty |thin |open |cold |damp |still |clear "
          r"|night |morning )?air\b")
# the foe evades or turns the blow ("turns Teodor's blow aside", "steps inside his swing")
EVADES = rx(r"(?:turn|knock|bat|brush|sweep|push|fend|ward|parr(?:y|ie)|slap|swat|deflect)\w* "
            r"(?:\w+'s |the |her |his |its |their |your )?(?:\w+ )?(?:blow|strike|swing|thrust|cut|"
            r"blade|sword|axe|spear|attack|stroke|point|edge|lunge|hatchet|club|knife|dagger|mace|"
            r"hammer|staff|pick|cleaver|sabre|saber|rapier|spike|hook|flail|maul)s?"
            r"(?: (?:aside|away|off|wide)|"
            r"(?= and| with|,))",
            phrases("""~dodge; ~sidestep; ~duck under/beneath/aside; ~twist/~step/~slip/~lean/
                ~jerk/~sway/~dance aside/away/clear/back; ~twist/~step/~slip/~lean/~jerk/~sway/
                ~dance out of the way; ~step inside/under/past/around; ~be not there when/as;
                ~be simply/just/already not there; ~be no longer there;
                ~be already behind/past/gone"""))

_SCENERY = re.compile(r"\s+(?:the|a|an)\s+(?:\w+\s+)?(?:wall|beam|floor|stone|stones|door|post|"
                      r"pillar|tree|trunk|ground|earth|wood|timber|dirt|mud|table|rafter|"
                      r"doorframe|flagstone|flagstones|step|steps|shield|rock|bench)\b",
                      re.IGNORECASE)
_WEAPONS = word_set("""axe blade sword spear arrow bolt blow strike swing knife dagger mace
hammer club fist shot point edge pick staff spell iron steel pin hook cut thrust stroke lunge
knuckles hatchet sabre saber rapier glaive halberd cudgel""")


# what a glancing blow that still landed leaves ("takes a sliver with it", "draws blood")
_MARKED = re.compile(r"\b(?:takes?|took|tears?|tore|chips?|chipped|draws?|drew|leaves?|left|"
                     r"opens?|opened|bites?)\s+(?:a|an|some|first)?\s*(?:[\w-]+\s+)?(?:sliver|"
                     r"chip|nick|scratch|dent|blood|gash|cut|piece|chunk|strip|flake|shaving)s?\b",
                     re.IGNORECASE)
_ON_FOE = word_set("""him her it its them flesh hide meat body bone bones""")


def _elsewhere(after: str, cast: Cast) -> bool:
    """The blow's object named right after it is a thing of the place, not the foe nor a body
    ("drives into the totem pole behind him")."""
    said = re.findall(r"[A-Za-z'-]+", after)[:4]
    if not said or said[0].lower() not in ("the", "a", "an"):
        return False
    return not any(cast.who(w) is Who.FOE or w.lower().removesuffix("'s") in _ON_FOE or
                   re.fullmatch(_PARTS, w.lower()) for w in said[1:])


_BODY = (_PARTS + "|ribs|jaw|plates?|scales|shell|carapace|brass|glass|skull|brow|temple|"
         "cheek|mouth|snout|hide|pelt|flesh|arm|hand|wrist|hip|breast|antlers?|horns?|wings?|"
         "forearm|shin|calf|hands|fingers?|ears?|nose|lips?|tail|claws?|paws?|hoof|hooves|"
         "knuckles|heel|foot|feet|toes?|elbow|thumb|eyes?|scalp|collarbone|spine|hips|"
         "haunches|withers|gills|fins?|tentacles?|limbs?|knees?|stomach|torso|trunk|casing|"
         "armou?r|mail|breastplate|helm|mask|plating|carcass|body")
# a foe's body part named by its owner ("the ghoul's ribs", "its molten face")
_FOE_PART = re.compile(r"\b(?:(?P<owner>[A-Za-z][\w-]*)'s|(?P<its>its))\s+(?:[\w-]+\s+){0,2}?"
                       rf"(?P<part>{_BODY})\b")
_MARKS = word_set("crack cracks gash gashes wound wounds rent cut cuts dent dents gouge blood "
                  "split tear rip furrow groove notch scar welt bruise")
_AIMED = re.compile(r"\b(?:at|for|toward|towards|past|over|by|above|beside|near|around|behind|"
                    r"wide of|short of|from|off|under|beneath|below|an inch from)\s+(?:the\s+)?$",
                    re.IGNORECASE)


def _contact(sentence: str, words: Sequence[Word], before: Sequence[Word],
             cast: Cast) -> str | None:
    """A weapon, the character, or a wound on the foe's body ("the sword finds the ghoul's
    ribs", "a crack runs up its molten face"), on a blow that missed."""
    for match in _FOE_PART.finditer(sentence):
        owner = match.group("owner")
        if owner and cast.who(owner) is not Who.FOE:
            continue
        clause = re.split(r"[;:,\u2014.]|\b(?:and|but|then|as|while)\b",
                          sentence[:match.start()])[-1]
        doers = [w.lower().removesuffix("'s") for w in re.findall(r"[A-Za-z][\w'-]*", clause)]
        if _AIMED.search(clause) or NEGATION.search(clause) or MISS.search(clause) or \
                MISS.search(sentence, match.end()) or \
                not doers:
            continue
        if any(d in _WEAPONS or d in _MARKS or d in cast.characters for d in doers[:4]):
            return f"{clause.strip()} {match.group()}".strip()
    return None


_STRIKES = re.compile(r"\b(?:" + verbs("bite strike hit catch cut slash stab pierce gash wound "
                      "graze nick clip smash crack club bash batter skewer spear impale find "
                      "take rake slice hack chop gore") + r")\s+(?=\S)", re.IGNORECASE)


def _struck(sentence: str, words: Sequence[Word], before: Sequence[Word],
            cast: Cast) -> str | None:
    """A weapon or the character striking the foe itself ('the hatchet bites the ogre')."""
    for match in _STRIKES.finditer(sentence):
        i, j = index_at(words, match.start()), index_at(words, match.end())
        if j >= len(words) or person_after(words, j, cast, before) is not Who.FOE or \
                words[j].low in ("its", "his", "her", "their") or \
                NEGATION.search(sentence[max(0, match.start() - 20):match.start()]) or \
                MISS.search(sentence, match.end()):
            continue
        if head_word(words, i) in _WEAPONS or subject(words, i, cast, before) is Who.CHARACTER:
            return f"{match.group().strip()} {words[j].text}"
    return None


def _blow(sentence: str, words: Sequence[Word], before: Sequence[Word], cast: Cast,
          hit: bool) -> str | None:
    """A phrase of the other outcome said of a weapon or of a character."""
    touched = None if hit else (_contact(sentence, words, before, cast)
                                or _struck(sentence, words, before, cast))
    if touched:
        return touched
    if hit and HIT.search(" ".join(w.text for w in before)):
        return None  # the blow was told landing: what the foe does after is its reaction
    stopped = NEVER_LANDS.search(sentence) if hit else None
    if stopped and not negated(sentence, stopped.start()):
        return stopped.group()
    for match in (MISS if hit else HIT).finditer(sentence):
        i = index_at(words, match.start())
        if not hit and (_SCENERY.match(sentence, match.end()) or re.search(
                r"\b(?:into|through|in|across)$", match.group()) and _elsewhere(
                sentence[match.end():], cast)):
            continue  # "bites into a wooden beam": the blow found the room, not the foe
        if (head_word(words, i) in _WEAPONS or subject(words, i, cast, before) is Who.CHARACTER) \
                and not NEGATION.search(sentence[max(0, match.start() - 20):match.start()]) \
                and not (hit and (_MARKED.search(sentence, match.end())
                                  or HIT.search(sentence, match.end()))):
            return match.group()  # "rings off its shoulder and takes a sliver": it landed
    found = said_of(EVADES if hit else HURT, sentence, words, cast, before)
    if found is not None and found[1] is Who.FOE and not negated(
            sentence, sentence.find(found[0])) and not (
            hit and HIT.search(sentence[:sentence.find(found[0])])):  # a flinch after the bite
        return found[0]
    return None


def hits(sentence: str, words: Sequence[Word], before: Sequence[Word],
         context: NarrationContext, cast: Cast) -> str | None:
    """A miss told as a hit, or a hit as a miss (an attack's settled ``hit``)."""
    hit = cast.settled.hit
    if hit is None:
        return None
    said = _blow(sentence, words, before, cast, hit)
    if said is None:
        return None
    told = "the attack hit" if hit else "the attack missed"
    return f"it says {said!r}, but {told}"
