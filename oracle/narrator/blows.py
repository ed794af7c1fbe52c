"""A blow in any words: the referee's reading of whether an attack landed.

:func:`hits` finds a blow told as landing when it missed or did no harm ("the axe bites deep
into its thigh", "finds the gap between two plates", "leaves a deep rent"), or as missing when
it hit ("goes wide", "meets nothing but air", "the foe turns the blow aside"). The words are
families (contact and its marks; air and deflection; a foe that shows the hurt), each said of
its subject: a weapon, a character, or the foe. The foe's own state is read in
:mod:`oracle.narrator.fights`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from oracle.narrator.base import NarrationContext
from oracle.narrator.lexicon import phrases, rx, verbs
from oracle.narrator.meaning import Cast, Who, Word, person_after, subject, word_set
from oracle.narrator.spans import NEGATION, head_word, index_at, negated, said_of

__all__ = ["EVADES", "HIT", "HURT", "MISS", "NEVER_LANDS", "hits"]

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
    if said is None and cast.settled.harmed is False:
        hurt = said_of(HURT, sentence, words, cast, before)
        if hurt is not None and hurt[1] is Who.FOE and \
                not negated(sentence, sentence.find(hurt[0])):
            return f"it says {hurt[0]!r}, but the blow did the foe no harm"
    if said is None:
        return None
    told = "the attack hit" if hit else "the attack missed"
    return f"it says {said!r}, but {told}"
