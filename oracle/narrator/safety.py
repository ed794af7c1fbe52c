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
           "crawly, web, cobweb, bugs and insects, spiders and insects, tarantula, scorpion",
           "spider, arachnid, many-legged, many legged, web, cobweb, sticky strand, silk, "
           "egg sac, spinneret, tarantula, scorpion, eight legs, eight eyes"),
    _theme("insects", "insect, bug, creepy crawly, crawly, swarm, maggot, worm, centipede, "
           "cockroach, roach, beetle, wasp, hornet, bee, ant, fly, flies, larva, moth, locust, "
           "bugs and insects, spiders and insects, lice, tick",
           "insect, bug, beetle, maggot, larva, larvae, centipede, millipede, cockroach, wasp, "
           "hornet, moth, locust, swarm, chitin, mandible, carapace, antennae, grub, flies, "
           "lice, tick, worms, crawling things, buzzing"),
    _theme("children", "child, children, kid, kids, baby, babies, infant, harm to children, "
           "child death, dead children, minor, toddler, orphan",
           "child, children, childish, kid, baby, babies, infant, cradle, crib, toddler, "
           "orphan, little girl, little boy, lullaby, small shoes, nursery, doll"),
    _theme("drowning", "drowning, drown, water, suffocation, suffocate, asphyxiation, "
           "underwater, deep water, thalassophobia",
           "drown, drowned, drowning, underwater, under the water, lungs fill, "
           "waterlogged, bloated, sinking, sank beneath, breath underwater, choking on water"),
    _theme("fire", "fire, burning, burn, burns, flame, immolation, arson, being burned",
           "fire, flame, burn, burning, burnt, burned, blaze, ember, scorch, smoke, ashes, "
           "charred, char, kindling, pyre, soot, cinder"),
    _theme("body_horror", "body horror, mutilation, transformation, dismemberment, gore, "
           "flesh, deformity, parasites, body modification, skin, gross",
           "flesh, skin, sinew, stitched, bone, bones, teeth, tooth, jaw, mouth, eye socket, "
           "fingernail, fingers, face, faces, skull, limb, entrails, gut, guts, organ, growing "
           "inside, bark-skin, under the skin, wearing a face, wears the skin"),
    _theme("animals", "animal harm, animals harmed, animal cruelty, harm to animals, "
           "animal death, dead animals, pets, dog, dogs, horse, horses, cat, cats, animals",
           "dog, hound, horse, cat, deer, fawn, doe, stag, fox, hare, rabbit, bird, crow, "
           "raven, owl, sparrow, calf, lamb, goat, pony, carcass, antler, antlers, "
           "deer-hide, skinned"),
    _theme("blood", "blood, gore, bleeding, hemophobia, haemophobia, wounds, violence",
           "blood, bloody, bleed, bleeding, gore, wound, wounds, red wet, clot, vein, veins, "
           "cut open, gash"),
    _theme("rot", "rot, disease, illness, sickness, plague, decay, infection, decomposition, "
           "pestilence, contagion, pus, mould, mold, fungus",
           "rot, rotten, rotting, decay, decaying, plague, disease, sick, sickness, pus, "
           "fungus, fungal, mould, mold, mildew, fester, festering, sore, sores, spore, spores, "
           "putrid, corpse-smell, carrion, infection, fever"),
    _theme("self_harm", "self-harm, self harm, suicide, cutting, self injury, self-injury",
           "self-harm, cuts themself, cut themself, their own blade, against their own skin, "
           "suicide, end it all, take their own life, own wrist"),
    _theme("death", "death, dying, corpse, corpses, dead bodies, graves, funerals",
           "dead, death, corpse, corpses, grave, graves, body, bodies, skeleton, bones, "
           "funeral, cadaver, coffin, tomb"),
    _theme("torture", "torture, torment, cruelty, pain, sadism",
           "torture, torment, rack, thumbscrew, flayed, flaying, pincers, branding, hooks in"),
    _theme("snakes", "snake, snakes, serpent, reptile, ophidiophobia",
           "snake, serpent, adder, viper, scales, coil, coiled, fangs, hiss"),
    _theme("darkness", "claustrophobia, enclosed spaces, buried alive, confinement, trapped",
           "buried alive, walls close, coffin lid, no way out, sealed in, narrow crawl"),
    _theme("eyes", "eyes, eye trauma, eye horror, ocular",
           "eye, eyes, eyeball, eyelid, socket, stare, staring, blind"),
    _theme("others", "companions, party, the others",
           "companion, companions, the others, the party, everyone, the hunters, fellow"),
)}

ENDINGS = r"(?:s|es|ed|d|t|ing|y|ies|'s)?\b"  # a word shows in its plural and its tenses too
_TOKEN = re.compile(r"[a-z][a-z'-]*")


def _stem(word: str) -> str:
    for suffix in ("ies", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def _normal(text: str) -> str:
    return " ".join(_stem(w) for w in _TOKEN.findall(text.lower()))


@functools.lru_cache(maxsize=512)
def themes_of(item: str) -> frozenset[str]:
    """The theme tags a line or veil names ("harm to children" -> {"children"})."""
    said = f" {_normal(item)} "
    found = set()
    for theme in THEMES.values():
        if theme.tag == "others":
            continue
        for name in theme.names:
            if f" {_normal(name)} " in said:
                found.add(theme.tag)
                break
    return frozenset(found)


@functools.lru_cache(maxsize=512)
def _item_words(item: str) -> tuple[str, ...]:
    """The item's own words of four letters or more, stemmed, for the by-word check."""
    skip = {"harm", "please", "none", "no", "anything", "with", "about", "involving", "real",
            "being", "death"}
    words = {_stem(w) for w in _TOKEN.findall(item.lower()) if len(w) >= 4 and w not in skip}
    return tuple(sorted(words))


@dataclass(frozen=True, eq=False)  # identity: loaded once, hashed often
class Barred:
    """What a campaign's safety settings keep out: theme tags and plain words."""

    tags: frozenset[str]
    words: tuple[str, ...]
    pattern: re.Pattern[str] | None

    def allows(self, tags: Iterable[str]) -> bool:
        """True when an entry with these theme tags may be told."""
        return self.tags.isdisjoint(tags)


@functools.lru_cache(maxsize=128)
def barred(safety: Safety) -> Barred:
    """Lines and veils both keep their themes out of what the narrator describes."""
    items = (*safety.lines, *safety.veils)
    tags = frozenset(tag for item in items for tag in themes_of(item))
    words = tuple(sorted({w for item in items for w in _item_words(item)}))
    shows = sorted({show for tag in tags for show in THEMES[tag].shows} | set(words),
                   key=len, reverse=True)
    pattern = (re.compile(r"\b(?:" + "|".join(re.escape(s) for s in shows) + r")" + ENDINGS,
                          re.IGNORECASE) if shows else None)
    return Barred(tags, words, pattern)


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
