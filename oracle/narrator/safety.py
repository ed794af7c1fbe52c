"""Safety by meaning: a campaign's lines and veils matched to themes, not only to words.

A line ("harm to children", "no spiders please") removes its theme from every narration; a veil
("drowning") keeps it off-screen: it may happen, it is never described. The offline tables carry
theme tags (``#: spiders, blood``); :func:`themes_of` reads a line or veil into those tags through
a synonym map, and :func:`screen` checks any text (offline or, later, a model's) against the
words each theme is told in. Player text is never screened here: it is the player's own.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from oracle.errors import shown
from oracle.narrator.base import Safety
from oracle.narrator.misspelt import card_words, include, meant


@dataclass(frozen=True)
class Theme:
    """A theme tag: the words a safety item names it by, and the words a text shows it with."""

    tag: str
    names: frozenset[str]
    shows: tuple[str, ...]


def _theme(tag: str, names: str, shows: str) -> Theme:
    return Theme(tag, frozenset(n.strip() for n in names.split(",") if n.strip()),
                 tuple(s.strip() for s in shows.split(",") if s.strip()))


THEMES: dict[str, Theme] = {t.tag: t for t in (
    _theme("spiders", "spider, arachnid, arachnophobia, insect, bug, creepy crawly, "
           "creepy crawlies, crawly, web, cobweb, bugs and insects, spiders and insects, "
           "tarantula, scorpion, eight legged, eight legs, eight legged things, many legged, "
           "leggy things, things with legs, arachnids",
           "spider, arachnid, many-legged, many legged, eight-legged, eight legged, web, "
           "cobweb, sticky strand, silk, silken, egg sac, spinneret, tarantula, scorpion, "
           "eight legs, eight eyes, leggy, weaver, skitter, skittering, scuttle, scuttling, "
           "hairy legs, eight hairy legs, huntsman spider, wolf spider, orb-weaver, "
           "abdomen, fangs dripping"),
    _theme("insects", "insect, bug, creepy crawly, creepy crawlies, crawly, crawlies, swarm, "
           "maggot, worm, centipede, cockroach, roach, beetle, wasp, hornet, bee, ant, fly, "
           "flies, larva, moth, locust, bugs and insects, spiders and insects, lice, tick, "
           "entomophobia, vermin, things that crawl, crawling things, grubs, leech, leeches",
           "insect, bug, beetle, maggot, larva, larvae, centipede, millipede, cockroach, wasp, "
           "hornet, moth, locust, swarm, chitin, mandible, carapace, antennae, grub, flies, "
           "lice, tick, worm, worms, crawling things, buzzing, skitter, skittering, scuttle, "
           "scuttling, hive, ants, bees, fly, leech, leeches, crawl with, crawling with, "
           "writhe, writhing, creeping things, vermin, weevil, termite, mite, silverfish, "
           "roach, roaches, earwig, woodlouse, woodlice, flea, fleas, gnat, gnats, midge, "
           "midges, mosquito, aphid, bedbug, bedbugs, louse, nit, nits, cricket, crickets, "
           "grasshopper, dragonfly, hornet, mayfly, cicada, scarab, carrion beetle, botfly, "
           "dung beetle, wireworm, mealworm, bloodworm"),
    _theme("rats", "rat, rats, rodent, rodents, mice, mouse, vermin, musophobia, rats and "
           "mice, rodents and vermin",
           "rat, ratty, rodent, mouse, mice, vermin, whisker, whiskers, naked tail, pink tail, "
           "rat-king, rat king, gnawing, squeaking, squeak, burrow, nest of rats, dormouse, "
           "vole, shrew"),
    _theme("heights", "heights, height, high places, falling, fall from height, falls from "
           "height, vertigo, acrophobia, cliffs, sheer drops, fear of heights",
           "vertigo, dizzying, sheer drop, long drop, precipice, a long way down, "
           "the drop below, edge of the cliff, cliff edge, plummet, plummets, plunge, "
           "plunges, freefall, free fall"),
    _theme("children", "child, children, kid, kids, baby, babies, infant, harm to children, "
           "child death, dead children, minor, minors, toddler, orphan, youngster, boy, girl",
           "child, children, childish, kid, baby, babies, infant, cradle, crib, toddler, "
           "orphan, little girl, little boy, lullaby, small shoes, nursery, doll, boy, girl, "
           "son, daughter, youngster, milk tooth, milk teeth, small hand, small hands"),
    _theme("drowning", "drowning, drown, water, suffocation, suffocate, asphyxiation, "
           "underwater, deep water, thalassophobia, drowned, sinking, going under",
           "drown, drowned, drowning, underwater, under the water, lungs fill, "
           "waterlogged, bloated, sinking, sank beneath, breath underwater, choking on water, "
           "goes under, went under, pulled under, held under, no air, suffocate, suffocating"),
    _theme("fire", "fire, fires, burning, burn, burns, flame, flames, immolation, arson, "
           "being burned, burned alive, burnt alive, pyrophobia, blaze, inferno, smoke, "
           "wildfire, fire and smoke",
           "fire, flame, flames, flaming, burn, burning, burnt, burned, blaze, blazing, "
           "ember, scorch, smoke, smoky, smoulder, smolder, ashes, charred, char, kindling, "
           "pyre, soot, cinder, spark, sparks, singe, singed, torch, inferno, wildfire, "
           "bonfire, campfire, hearth, kindle, kindled, ignite, alight, on fire, aflame, "
           "candle, candles, wick, match, tinder, fumes, scald, scalded, blister"),
    _theme("body_horror", "body horror, mutilation, transformation, dismemberment, gore, "
           "flesh, deformity, parasites, body modification, skin, gross, bodily harm, "
           "body transformation, skinless, flaying",
           "flesh, fleshy, skin, skinless, skinned, sinew, stitched, bone, bones, teeth, "
           "tooth, jaw, mouth, eye socket, fingernail, fingers, face, faces, skull, limb, stitch, "
           "entrails, gut, guts, organ, growing inside, bark-skin, under the skin, wearing a "
           "face, wears the skin, steaming, raw, peel, peeled, split open, boil, boils, blister, "
           "tumor, tumour, malformed, misshapen, twisted body, extra joint, joint, marrow"),
    _theme("animals", "animal harm, animals harmed, animal cruelty, harm to animals, "
           "animal death, dead animals, pets, dog, dogs, horse, horses, cat, cats, animals",
           "dog, hound, horse, cat, deer, fawn, doe, stag, fox, hare, rabbit, bird, crow, "
           "raven, owl, sparrow, heron, magpie, wolf, badger, calf, lamb, goat, pony, carcass, antler, antlers, "
           "deer-hide, skinned, mule, ox, oxen, boar, sow, hog, pig, sheep, hen, mouse, rat"),
    _theme("blood", "blood, gore, bleeding, hemophobia, haemophobia, wounds, violence, "
           "bloodshed, blood and gore",
           "blood, bloody, bleed, bleeding, bled, gore, gory, wound, wounds, red wet, clot, "
           "vein, veins, cut open, gash, cut, cuts, scab, graze, slash, stab, leech, crimson, "
           "scarlet, runs red, nosebleed, keeps opening, opens again, laceration, weeping "
           "wound"),
    _theme("rot", "rot, disease, illness, sickness, plague, decay, infection, decomposition, "
           "pestilence, contagion, pus, mould, mold, fungus, rotting, sick",
           "rot, rotten, rotting, decay, decaying, plague, disease, sick, sickness, pus, "
           "fungus, fungal, mould, mold, mildew, fester, festering, sore, sores, spore, spores, "
           "putrid, corpse-smell, carrion, infection, fever, cough, coughs, retch, vomit"),
    _theme("self_harm", "self-harm, self harm, suicide, cutting, self injury, self-injury, "
           "suicidal, killing oneself, hurting oneself, self-inflicted",
           "self-harm, cuts themself, cut themself, their own blade, against their own skin, "
           "suicide, end it all, take their own life, own wrist, wrists, own forearm, "
           "own arm, own skin, own flesh, own throat, own blood, against her own, against his "
           "own, into her own, into his own, across her own, across his own, at her own, at his "
           "own"),
    _theme("hanging", "hanging, hangings, hanged, hang, noose, nooses, gallows, gibbet, "
           "strangling, strangulation, lynching, hangman",
           "hang, hanged, hanging, hangs, hung, noose, gallows, gibbet, hangman, strangle, "
           "strangled, throttle, throttled, swinging from, dangling from, rope around"),
    _theme("death", "death, dying, corpse, corpses, dead bodies, graves, funerals",
           "dead, death, corpse, corpses, grave, graves, body, bodies, skeleton, bones, "
           "funeral, cadaver, coffin, tomb"),
    _theme("cannibalism", "cannibalism, cannibal, cannibals, eating people, man-eating, "
           "people eating, eating humans, anthropophagy",
           "cannibal, cannibals, man-eater, man-eating, human flesh, long pig"),
    _theme("broken_bones", "broken bones, broken bone, bone breaking, bones breaking, "
           "fractures, fracture, snapped bones, compound fracture",
           "fracture, fractured, compound fracture, broken bone, snapped bone, "
           "shattered bone, splintered bone"),
    _theme("torture", "torture, torment, cruelty, pain, sadism",
           "torture, torment, rack, thumbscrew, flayed, flaying, pincers, branding, hooks in, "
           "skinning knife, skinning knives, hot irons, branding iron, red-hot iron, "
           "interrogation, tormentor, torturer, the wheel, iron maiden, strappado, "
           "thumbscrews, bone saw, bonesaw"),
    _theme("snakes", "snake, snakes, serpent, reptile, ophidiophobia",
           "snake, serpent, adder, viper, scales, coil, coiled, fangs, hiss, slither"),
    _theme("darkness", "claustrophobia, enclosed spaces, buried alive, confinement, trapped",
           "buried alive, walls close, coffin lid, no way out, sealed in, narrow crawl"),
    _theme("eyes", "eyes, eye trauma, eye horror, ocular",
           "eye, eyes, eyeball, eyelid, socket, stare, staring, blind"),
    # others at the character's side (a party, onlookers): skipped in solo play. A stranger
    # met ("someone has been here", "nobody lives here") is not company, and is not tagged;
    # a card implying company in other words carries the tag by hand (``#: others``).
    _theme("others", "companions, party, the others",
           "companion, companions, the others, the party, everyone, everybody, the hunters, "
           "fellow hunters, the players, friend, friends, crowd, onlookers, "
           "each other, the group, the rest of them, no one else, nobody else, anyone else, "
           "someone else, somebody else, anybody else, everyone else, all of you, both of you, one of you, side by side, your crew"),
)}
include(said for theme in THEMES.values() for said in (*theme.names, *theme.shows))

# a word shows in its plurals, tenses and kin too ("skin": skins, skinned, skinless)
ENDINGS = r"(?:s|es|ed|d|t|ing|y|ies|'s|less|ned|ning|ny|ier|er|ers|en|ten)?\b"
_TOKEN = re.compile(r"[a-z][a-z']*")
_IRREGULAR = {"wolves": "wolf", "knives": "knife", "leaves": "leaf", "lives": "life",
              "teeth": "tooth", "feet": "foot", "mice": "mouse", "geese": "goose",
              "children": "child", "men": "man", "women": "woman", "lice": "louse",
              "dice": "die", "oxen": "ox", "larvae": "larva", "hung": "hang"}


_VOWELS = "aeiou"
# forms that are first of all another word ("facing" a wall is not a face)
_OTHER_WORDS = frozenset({"facing", "faced", "eyeing", "mouthing", "boned", "organs'"})


def forms(word: str) -> tuple[str, ...]:
    """A word's inflections, and only those: plural or third person, past, present participle
    and possessive ("smoke": smokes, smoked, smoking, smoke's; "cut": cuts, cutting; "fly":
    flies, flied, flying). Never an arbitrary ending: "doe" is not "doer", "moth" not "mother"."""
    found = {word, *(k for k, v in _IRREGULAR.items() if v == word), word + "'s", word + "'" if word.endswith("s") else word + "s'", word + "less"}
    short = (len(word) <= 4 and len(word) >= 3 and word[-1] not in _VOWELS + "wxy"
             and word[-2] in _VOWELS and word[-3] not in _VOWELS)
    stem = word + word[-1] if short else word
    if word.endswith(("s", "x", "z", "ch", "sh", "o")):
        found.add(word + "es")
    elif word.endswith("y") and word[-2:-1] not in tuple(_VOWELS):
        found |= {word[:-1] + "ies", word[:-1] + "ied"}
    else:
        found.add(word + "s")
    if word.endswith("ie"):
        found |= {word + "d", word[:-2] + "ying"}
    elif word.endswith("e") and not word.endswith(("ee", "oe", "ye", "nge")):
        found |= {word + "d", word[:-1] + "ing"}
    elif word.endswith("e"):
        found |= {word + "d", word + "ing"}
    else:
        found |= {stem + "ing"} | ({stem + "ed"} if not word.endswith("y")
                                   or word[-2] in _VOWELS else set())
    return tuple(sorted(found - _OTHER_WORDS, key=len, reverse=True))


def phrase_forms(show: str) -> str:
    """A shown word or phrase as a pattern of its forms (the last word inflected; a hyphen or a
    space between words matches either)."""
    *head, last = re.split(r"[\s-]+", show.lower())
    tail = "(?:" + "|".join(re.escape(f) for f in forms(last)) + ")"
    return r"[\s-]+".join([*(re.escape(w) for w in head), tail])


# A form that is also an everyday word of another sense shows its theme only where the card's own
# words make the theme clear ("the does graze" but not "it does not"; "flies buzz" but not "the
# crow flies"; "a noose hangs" but not "a smell hangs"); elsewhere the card's explicit tags decide.
_NOUN = r"\b(?:a|an|the|one|two|three|few|of|dead|black|fat|some|white|grey|gray|young|pale)\s+"
AMBIGUOUS: dict[str, re.Pattern[str]] = {
    "doe": re.compile(_NOUN + r"does?\b|\bdoes\s+(?:and|graz\w*|flee\w*|fled|bolt\w*|leap\w*)\b"),
    "fly": re.compile(
        _NOUN + r"fl(?:y|ies)\b|\bflies\s+(?:buzz|crawl|settl|swarm|gather|cluster|walk|"
        r"land|feed)\w*|\b(?:buzz|swarm|cloud)\w*\s+of\s+flies\b|\bflies\b.*\bbuzz"),
    "tick": re.compile(
        r"\b(?:swollen|engorged|fat|blood-fat|grey|gray)\s+ticks?\b|\bticks?\s+(?:swell|"
        r"swollen|burrow|bit|bite|crawl|feed|cling)|\bticks?\b.*\b(?:fur|hide|flesh)\b"),
    "hang": re.compile(r"\b(?:noose|nooses|gallows|gibbet|rope|ropes|neck|necks|hanged|hangman)\b"),
    "graze": re.compile(
        r"\b(?:knees?|elbows?|skin|cheeks?|palms?|hands?|arms?|shins?|knuckles?|bleed\w*|"
        r"blood\w*|raw|scab\w*|stings?)\b"),
    "match": re.compile(
        r"\b(?:strikes?|struck|lit|lights?)\b[^.]*\bmatch|\bmatch\w*\s+(?:flares?|flared|"
        r"flame|gutters?|burns?)"),
    # someone present and acting, not a trace ("someone has carved"), a future ("someone will
    # come") or anyone at all ("as far as anyone can tell", "for anyone who looks")
    **{who: re.compile(rf"\b{who}\b(?!\s+(?:has|had|have|will|would|could|can|who|once|"
                       r"long|much|older|lighter|afraid|in town|is looking|was on))",
                       re.IGNORECASE)
       for who in ("someone", "somebody", "anyone", "anybody", "nobody", "no one")},
}


@functools.cache
def _ambiguous() -> dict[str, re.Pattern[str]]:
    return {form: context for word, context in AMBIGUOUS.items() for form in forms(word)}


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _stem(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    for suffix in ("ies", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def _normal(text: str) -> str:
    return " ".join(_stem(w) for w in _TOKEN.findall(text.lower().replace("-", " ")))


@functools.lru_cache(maxsize=512)
def themes_of(item: str) -> frozenset[str]:
    """The theme tags a line or veil names, in the player's own words and forms ("flames",
    "creepy-crawlies", "eight-legged things", "self-harm" -> fire, insects and spiders,
    spiders, self_harm)."""
    said = f" {_normal(item)} "
    for words in ("names", "shows"):  # the names a theme goes by first, then what shows it
        found = {theme.tag for theme in THEMES.values() if theme.tag != "others" and any(
            f" {_normal(word)} " in said for word in getattr(theme, words))}
        if found:
            return frozenset(found)
    return _themes_near(item)


def _one_edit(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by one letter changed, added or dropped ("spyder", "spider")."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return a == b
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


@functools.cache
def _theme_words() -> dict[str, tuple[tuple[str, str], ...]]:
    """Each theme's one-word names and their plain forms, by first letter: ``(word, tag)``."""
    by_letter: dict[str, set[tuple[str, str]]] = {}
    for theme in THEMES.values():
        if theme.tag == "others":
            continue
        for name in theme.names:
            if " " not in name and len(name) >= 4:
                for form in (name, _stem(name)):
                    by_letter.setdefault(form[:1], set()).add((form, theme.tag))
    return {letter: tuple(sorted(words)) for letter, words in by_letter.items()}


def _themes_near(item: str) -> frozenset[str]:
    """The themes an item names in a form no theme lists: an adjective or a root ("spidery",
    "bloody"), or a long word no one knows whose nearest known words are a theme's, one or two
    edits away, and none a card's word of no theme ("spyders", "maggits", "centapedes":
    :mod:`.misspelt`)."""
    said = [w for w in _TOKEN.findall(item.lower().replace("-", " ")) if w not in _SKIP]
    words = _theme_words()
    found: set[str] = set()
    for root in {form for w in said if len(w) >= 4 for form in (_stem(w), _root(w))}:
        found |= {tag for name, tag in words.get(root[:1], ()) if root == name}
    for word in said:
        for form in dict.fromkeys((word, _stem(word))):
            near = meant(form)
            tags = {tag for w in near for tag in _exact_themes(w)}
            if tags and not any(w in card_words() and not _exact_themes(w) for w in near):
                found |= tags
    return frozenset(found)


@functools.lru_cache(maxsize=4096)
def _exact_themes(word: str) -> frozenset[str]:
    """The themes a known word names or shows by itself (no reading of slips)."""
    said = f" {_normal(word)} "
    return frozenset(theme.tag for theme in THEMES.values() if theme.tag != "others" and any(
        f" {_normal(w)} " in said for w in (*theme.names, *theme.shows)))


_SKIP = _wordset("""
harm please none no not nor never anything everything something with about involving real
being the and or for any all some of to in on at by from into onto out off up down this that
these those them they their there here what which who whom thing things stuff kind kinds sort
sorts graphic graphically detail details detailed description descriptions describe described
scene scenes content depiction depictions reference references mention mentions explicit
onscreen screen very much more less other others such like lot lots avoid keep don't dont
please thanks thank you me my mine we us our i it its is are be been was were do does did
can could would should will shall may might must also just only even really too way ways
alive dead death
""")


def _root(word: str) -> str:
    """A word's root for matching its forms ("flames" -> "flam", "crawlies" -> "crawl")."""
    word = _stem(word)
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    if len(word) > 4 and word[-1] in "ey":
        return word[:-1]
    return word


@functools.lru_cache(maxsize=512)
def _item_words(item: str) -> tuple[str, ...]:
    """The item's own words (three letters or more), as roots, for the by-word check."""
    words = {form for w in _TOKEN.findall(item.lower().replace("-", " "))
             if len(w) >= 3 and w not in _SKIP and w.strip("'") not in _SKIP
             for form in (w, _root(w), *meant(w))}  # a slip: the words it may be
    return tuple(sorted(w for w in words if len(w) >= 3))


@dataclass(frozen=True, eq=False)  # identity: loaded once, hashed often
class Barred:
    """What a campaign's safety settings keep out: theme tags and plain words."""

    tags: frozenset[str]
    words: tuple[str, ...]
    pattern: re.Pattern[str] | None

    def allows(self, tags: Iterable[str]) -> bool:
        """True when an entry with these theme tags may be told."""
        return self.tags.isdisjoint(tags)


def spaced(show: str) -> str:
    """A shown phrase as a pattern: a hyphen or a space between its words matches either."""
    return r"[\s-]+".join(re.escape(word) for word in re.split(r"[\s-]+", show))


@functools.lru_cache(maxsize=128)
def barred(safety: Safety) -> Barred:
    """Lines and veils both keep their themes out of what the narrator describes."""
    items = (*safety.lines, *safety.veils)
    tags = frozenset(tag for item in items for tag in themes_of(item))
    words = tuple(sorted({w for item in items for w in _item_words(item)}))
    shows = sorted({show for tag in tags for show in THEMES[tag].shows} | set(words),
                   key=len, reverse=True)
    pattern = (re.compile(r"\b(?:" + "|".join(spaced(s) for s in shows) + r")" + ENDINGS,
                          re.IGNORECASE) if shows else None)
    if pattern is not None:  # and in every form of a theme's words ("smoke": smoking)
        pattern = re.compile(pattern.pattern + r"|\b(?:" + "|".join(phrase_forms(s) for s in sorted(
            {show for tag in tags for show in THEMES[tag].shows}, key=len, reverse=True) or ["\0"])
            + r")\b", re.IGNORECASE)
    # a long word shows inside compounds too ("spider" in "spiderweb")
    long_words = sorted({s for s in shows if len(s) >= 5 and " " not in s}, key=len, reverse=True)
    if long_words and pattern is not None:
        pattern = re.compile(pattern.pattern + r"|\b(?:" + "|".join(
            re.escape(w) for w in long_words) + r")\w*", re.IGNORECASE)
    return Barred(tags, words, pattern)


@functools.cache
def _theme_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((tag, re.compile(r"\b(?:" + "|".join(phrase_forms(s) for s in sorted(
        theme.shows, key=len, reverse=True)) + r")(?!\w)", re.IGNORECASE))
        for tag, theme in THEMES.items())


def themes_shown(text: str) -> frozenset[str]:
    """The themes a text shows by its words: a theme's words in their forms, an ambiguous form
    only where the text's other words make its theme clear (:data:`AMBIGUOUS`)."""
    found = set()
    for tag, pattern in _theme_patterns():
        for match in pattern.finditer(text):
            context = _ambiguous().get(match.group(0).lower())
            if context is None or context.search(text.lower()):
                found.add(tag)
                break
    return frozenset(found)


@dataclass(frozen=True)
class Verdict:
    """What :func:`screen` found. ``ok`` is False when any line or veil shows in the text."""

    ok: bool
    lines: tuple[str, ...] = ()
    veils: tuple[str, ...] = ()
    words: tuple[str, ...] = ()

    @property
    def reason(self) -> str:
        """One sentence for a log or a fallback reason (names safety items, never the text)."""
        if self.ok:
            return "nothing a line or veil keeps out"
        hit = [*(f"line {shown(item)}" for item in self.lines), *(f"veil {shown(item)}" for item in
                                                              self.veils)]
        return "the text shows " + ", ".join(hit)


def _hits(text: str, item: str) -> tuple[str, ...]:
    single = barred(Safety(lines=(item,)))
    if single.pattern is None:
        return ()
    return tuple(sorted({m.group(0).lower() for m in single.pattern.finditer(text)}))


def screen(text: str, safety: Safety) -> Verdict:
    """Check ``text`` against every line and veil, by theme and by word.

    A veiled theme may happen but must not be described, so it fails the same way a line does;
    the caller decides what to do (the offline narrator deals another card; a model's text is
    retried or replaced).
    """
    everything = barred(safety)
    if everything.pattern is None or everything.pattern.search(text) is None:
        return Verdict(True)
    lines = tuple(item for item in safety.lines if _hits(text, item))
    veils = tuple(item for item in safety.veils if _hits(text, item))
    words = tuple(sorted({w for item in (*lines, *veils) for w in _hits(text, item)}))
    return Verdict(False, lines, veils, words)
