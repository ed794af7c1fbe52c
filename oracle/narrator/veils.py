"""The referee's reading of a campaign's lines and veils: by word (a line's own words, in their
forms), by theme (:func:`oracle.narrator.safety.screen`: "flames" keeps out fire, smoke and
embers), and by what a theme does when its words are not said (:data:`THEME_SIGNS`: "orange
tongues lick up the rafters" is fire, "red sheets down its leg" is blood, "rakes at her own arm"
is self-harm). The player's own words (their attempt, place, foe, question) are theirs to say.

A theme's word used plainly is not the theme: a body named in passing under a body-horror line
("the cold gets into your fingers", "breath steaming"), a web of roots under a spider line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from oracle.narrator.base import NarrationContext
from oracle.narrator.beings import classes
from oracle.narrator.lexicon import phrases, rx
from oracle.narrator.meaning import word_set
from oracle.narrator.safety import screen, themes_of

__all__ = ["THEME_SIGNS", "lines_and_veils"]

_STOP = frozenset({"harm", "hurt", "with", "from", "about", "being", "things", "other", "some",
                   "very", "into", "onto", "against", "people", "anything", "graphic"})


def _stem(word: str) -> str:
    word = word.lower()
    if word.endswith(("ches", "shes", "sses", "xes", "zes")) and len(word) >= 6:
        return word[:-2]
    for suffix in ("ies", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)]
    return word


def _line_words(lines: Iterable[str]) -> set[str]:
    words = {_stem(w) for line in lines for w in re.findall(r"[A-Za-z]{4,}", line)}
    return {w for w in words if w not in _STOP}


def _told(text: str, context: NarrationContext) -> str:
    """``text`` without the player's own words (their attempt, place, foe, question): what the
    table said is theirs to say; the filter judges what the model added."""
    for said in sorted((context.intent, context.place, context.monster, context.question),
                       key=len, reverse=True):
        if said.strip():
            text = re.sub(re.escape(said.strip()), " ", text, flags=re.IGNORECASE)
    return text


def lines_and_veils(text: str, context: NarrationContext) -> str | None:
    """Why ``text`` shows what a line or veil keeps out, or None."""
    avoid = _line_words(context.safety.lines)
    for word in re.findall(r"[A-Za-z]{4,}", text):
        if _stem(word) in avoid:
            return f"it names {word!r}, under one of this campaign's lines"
    # the offline narrator's filter, by meaning as well as by word: a line's theme (a child's
    # voice under "harm to children") and a veil shown on screen reject the text too
    told = _told(text, context)
    verdict = screen(told, context.safety)
    if not verdict.ok and not _ordinary_body(told, verdict.words, context):
        return verdict.reason + ", which this campaign's safety settings keep out"
    for item in (*context.safety.lines, *context.safety.veils):
        if "cannibalism" in themes_of(item) and _eaten_person(told):
            return (f"it shows {item!r} (a person as food), which this campaign's safety "
                    "settings keep out")
        for tag in themes_of(item):
            shown = THEME_SIGNS[tag].search(told) if tag in THEME_SIGNS else None
            if shown:
                return (f"it shows {item!r} ({shown.group()!r}), which this campaign's safety "
                        "settings keep out")
    return None


_EATING = re.compile(r"\b(?:eat|eats|ate|eaten|eating|supper|dinner|meal|feast\w*|devour\w*|"
                     r"gnaw\w*|chew\w*|cook\w*|roast\w*|stew|larder|butcher\w*|lips)\b",
                     re.IGNORECASE)


def _eaten_person(text: str) -> bool:
    """Eating told with a person (of any kind: "a halfling") in the same sentence."""
    return any(_EATING.search(sentence) and any(
        "person" in classes(word) for word in re.findall(r"[A-Za-z'-]+", sentence))
        for sentence in re.split(r"(?<=[.!?;])\s+", text))


# a theme told without its own words: what it does, how it looks ("orange tongues lick up the
# rafters" is fire; "water closes over your head" is drowning)
THEME_SIGNS: dict[str, re.Pattern[str]] = {tag: rx(phrases(text)) for tag, text in {
    "fire": """* tongues; tongues of; ~roar orange/red/yellow; lantern/torch/candle/lamp ~tip/~fall/
        ~topple into the straw/hay/thatch/tinder/kindling; ~lick up/at/along/over; ~catch and ~flare; the thatch/straw/
        roof/rafters/curtain/cloth/tinder/hair ~catch; ~go up like; ~crackle; ~roar up; heat
        ~pour/~roll/~wash off; orange/red glow; ~glow orange/red; ~smolder; ~blacken and ~curl;
        ~go up in/around/with a; ~go up in a roar/sheet/rush/blaze/whoosh; roaring sheet; sheet
        of flame/fire; ~catch light; ~catch alight; ~blister and ~blacken; ~char; ~scorch""",
    "drowning": """cannot/can't/couldn't ~draw/~take/~catch * breath; cannot/can't breathe;
        not ~draw * breath; ~pack * throat; ~fill * mouth and nose; ~stop * mouth/throat/nose;
        ~choke; ~smother; water ~close over; ~fill your/her/his/their lungs; water in your/her/his lungs; ~close over your/her/his/their head; lungs ~burn/~ache for
        air; ~burn for air; ~gasp for air; ~breathe water; ~swallow water; ~go under;
        ~pull/~drag/~hold * under; ~pull/~drag/~hold * * under; beneath/under the surface;
        ~sink like a stone; no air; lungs ~fill; ~lung ~fill; chest/lungs/mouth/throat full of
        * water; chest/lungs/mouth/throat full of water; water ~fill her/his/their/your
        mouth/throat/lungs/chest; ~come up choking/coughing/spluttering; ~choke on * water;
        ~cough up water; ~swallow * water""",
    "blood": """~darken and ~drip; ~soak through; breeches/sleeve/sleeves/shirt/hem/bandage/
        trousers/tunic/cloth ~darken; clots; clotted; ~drip from the wound; ~well red; ~run red; red ~well/~run/~seep/~drip; ~soak red; a red stain; ~stain
        red; crimson; scarlet; gore; red smear/smears/streak/streaks/drops/droplets/spatter/trail/
        stains/beads/runnels; smears/streaks/drops/beads of red; knuckles/lip/lips/skin/palm
        ~split/~tear/~open; red ~sheet/~pour/~stream/~spill/~gush/~spurt/~trickle/~spread/
        ~bead/~spray/~sheet; wet and red; red and wet; white and wet; the meat of; belly/bellies
        ~open/~split; ~open * belly; its/his/her/their contents; ~spill * insides; insides""",
    "body_horror": """the meat of; white and wet; insides; its/his/her/their contents;
        ~unhinge; past where * * ~should; keeps opening; ~keep opening; from the inside;
        half-dissolved; ~stretch too wide/far/long; too wide; wrong way round;
        something pale ~move/~push/~squirm/~wriggle; ~push out from under/underneath""",
    "spiders": """too many legs; eight/many legs; eight * legs; too many * legs; many * legs;
        hairy legs; ~spin a/its web; ~scuttle; ~skitter; silk threads/strands""",
    "insects": """~crawl with; ~boil out; ~swarm; ~buzz; ~hum of wings; ~squirm; maggots;
        grubs; larvae; ~heave/~seethe/~writhe/~squirm/~teem with; small white bodies""",
    "broken_bones": """the bone/bones ~go/~give/~snap/~break/~crack/~splinter/~shatter;
        bone/bones ~go/~give/~snap/~break/~crack/~splinter/~shatter; like kindling;
        ~snap/~break/~crack/~shatter * arm/leg/wrist/ankle/shin/rib/ribs/collarbone/jaw/neck/
        fingers/forearm/knee; arm/leg/wrist/ankle/shin/forearm ~bend the wrong way""",
    "cannibalism": """~lick * lips; ~roast * flesh; human flesh; long pig""",
    "rats": """small grey/gray/brown/furred/furry bodies; pink feet/paws/hands/noses;
        ~scurry; ~scrabble; ~squeak; naked/pink/long/bald/scaly tails; ~heave/~seethe/~teem/~boil with vermin;
        ~squeal and ~scatter; ~gnaw; whiskers""",
    "hanging": """~swing from a/the rope/branch/beam; rope around * neck; noose; gallows;
        ~dangle from; round * neck and ~tighten; ~turn slowly on a/the rope""",
    "self_harm": """~drag/~draw/~run/~press/~rake/~drive/~cut/~slash/~scratch/~score/~claw/~saw
        * across/into/at/along/over her/his/their/your/its own; across/into/at her/his/their/
        your/its own arm/forearm/wrist/wrists/skin/flesh/thigh/palm/throat; her/his/their/
        your/its own blood""",
    "torture": """skinning knife/knives; ~heat * knives/irons/blades/pincers; hot irons;
        branding iron; ~wait for * to wake""",
    "heights": """long/sheer/straight drop; the drop; a long way down; ~look down past; world
        ~tilt/~spin/~sway/~lurch; far below her/him/them/you; dizzy; vertigo""",
    "children": """small/little hands/feet/shoes/voice/boy/girl; a child; children""",
    "snakes": """forked tongue; scaled/scaly coils; ~coil around/round; ~hiss and ~slide;
        ~slither; ~shed * skin; legless""",
    "darkness": """walls ~press/~close in; no room to turn; ~wedge/~jam fast; the lid ~close
        over; ~buried alive; air ~run out""",
    "eyes": """empty sockets; ~gouge; ~put out * eyes; eyeless; milky eyes; ~pop""",
    "animals": """~yelp and ~die; ~whimper and ~lie still; dead dog/horse/cat/hound/fox;
        ~kick the dog/hound; ~beat the dog/horse/mule""",
}.items()}


# a body named in passing is not body horror ("the cold gets into your fingers"); a body made
# wrong is ("fingers stitched together", "a face that peels"); a theme's word that is everyday
# too ("breath steaming", "raw cold") is the same
_PLAIN = word_set("""finger fingers face faces mouth mouths teeth tooth jaw jaws bone bones skin
limb limbs hand hands eye eyes skull knuckles lips lip steaming steam steams steamed raw
shoulder shoulders joint joints""")
_WRONG_BODY = re.compile(r"\b(?:stitch\w*|sewn|skinless|flay\w*|peel\w*|split\w*|bulg\w*|"
                         r"twist\w*|fus\w*|melt\w*|slough\w*|too many|extra|grow\w*|sprout\w*|"
                         r"burst\w*|rott?\w*|writh\w*|inside out|wrong|hollow\w*|swoll\w*|"
                         r"torn|tear\w*|gnaw\w*|unravel\w*|crawl\w*|wears?|wearing|"
                         r"where (?:the|her|his|your) \w+ should)\b", re.IGNORECASE)
# a theme's word as the shape of another thing: "a web of roots", "a nest of cables"
_FIGURE = re.compile(r"\b(?:web|webs|nest|nests|swarm|swarms|hive|cloud|clouds|tangle)\s+of\s+"
                     r"(?!(?:silk|threads?|strands?|spiders?|insects?|bugs?|flies|wasps?|bees?|"
                     r"ants?|maggots?|beetles?|roaches?|rats?|mice|vermin|legs)\b)\w+",
                     re.IGNORECASE)


def _ordinary_body(text: str, words: Sequence[str], context: NarrationContext) -> bool:
    """True when the only words ``screen`` found are used plainly: body parts named in passing,
    everyday words, a theme's word as the shape of another thing (and no line or veil names
    them itself)."""
    named = _line_words((*context.safety.lines, *context.safety.veils))
    figures = {m.group().split()[0].lower() for m in _FIGURE.finditer(text)}
    if not words or any(_stem(w) in named for w in words):
        return False
    if all(w.lower() in figures for w in words):
        return True
    if any(w.lower() not in _PLAIN and w.lower() not in figures for w in words):
        return False
    return _WRONG_BODY.search(text) is None
