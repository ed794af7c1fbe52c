"""Lines and veils as players write them, and what a reader would call a leak of each.

The patterns are written by hand, apart from the narrator's own theme map
(``oracle.narrator.safety``), so they judge it rather than repeat it: a narration leaks a line
when a reader would see the thing the player asked to keep out. Used by ``narrative.py`` and by
``tests/test_narrator_safety.py``.
"""

from __future__ import annotations

import re

FIRE = (r"fire|flam(?:e|es|ing)|smok|burn|blaz|\bember|\bashes\b|soot|cinder|spark|torch|candle|"
        r"pyre|charred|scorch|kindl(?:e|ed|ing)\b|wick|hearth|singe|smoulder|smolder|aflame|alight|inferno")
CRAWLING = (r"insect|\bbugs?\b|beetle|maggot|larva|centipede|millipede|roach|wasp|hornet|\bmoths?\b|"
            r"locust|swarm|\bgrubs?\b|\bfl(?:y|ies)\b|\blice\b|\bticks?\b|\bworms?\b|spider|"
            r"cobweb|\bwebs?\b|crawl(?:s|ing)? (?:with|over|across|up|out)|crawlies|skitter|scuttl|\bants?\b|\bbees?\b|\bmites?\b|leech|"
            r"weevil|termite|mandible|chitin|carapace|antenna")
SPIDERS = r"spider|\bwebs?\b|cobweb|arachnid|eight.leg|many.leg|\bsilk|scorpion|tarantula|skitter"
BODY = (r"\bskin|flesh|sinew|\bbones?\b|teeth|tooth|\bjaws?\b|skull|entrail|\bguts?\b|"
        r"\borgans?\b|fla(?:y|yed|ying)\b|peel|stitch|\bboils?\b|blister|tumou?r|misshapen|"
        r"marrow|steaming")
BLOOD = (r"blood|bleed|\bbled\b|\bgore|wound|gash|\bcuts?\b|scab|\bclots?\b|\bveins?\b|"
         r"crimson|scarlet|keeps opening")
KIDS = (r"\bchild|\bkids?\b|\bbab(?:y|ies)\b|infant|cradle|\bcrib|toddler|orphan|\bboys?\b|"
        r"\bgirls?\b|\bdolls?\b|lullab|nursery|\bsons?\b|daughter")
DROWNING = (r"drown|underwater|lungs fill|waterlogged|bloated|sinking|"
            r"(?:goes|went|pulled|held) under")

# (how a player writes it, line or veil, what a reader would call showing it)
PLAYER_LINES: list[tuple[str, str, str]] = [
    ("flames", "line", FIRE),
    ("fire and smoke", "veil", FIRE),
    ("creepy-crawlies", "line", CRAWLING),
    ("bugs", "line", CRAWLING),
    ("eight-legged things", "line", SPIDERS),
    ("no spiders please", "line", SPIDERS),
    ("hanging", "line", r"\bhang|\bhung\b|noose|gallows|gibbet|strangl|throttl|dangl"),
    ("nooses", "line", r"noose|gallows|gibbet|\bhang"),
    ("self-harm", "line", r"self.harm|own wrist|own blade|suicid|against their own skin"),
    ("body horror", "line", BODY),
    ("blood", "veil", BLOOD),
    ("gore", "line", BLOOD),
    ("kids", "line", KIDS),
    ("snakes!", "line", r"snake|serpent|\badder|viper|\bcoil|\bfangs?\b|\bhiss|slither|\bscales\b"),
    ("rats", "line", r"\brats?\b|rodent|\bmice\b|\bmouse\b"),
    ("drowning", "veil", DROWNING),
    ("clowns", "line", r"\bclowns?\b"),
    ("wolves", "line", r"\bwol(?:f|ves)\b"),
    # written fresh (bench/narrative_fresh.py): slang, plurals, several words, misspellings
    ("spidery things", "line", SPIDERS),
    ("spyders", "line", SPIDERS),
    ("anything with needles", "line", r"needle|syringe|\bpins?\b|quill|stitch"),
    ("drowning/being underwater", "line", DROWNING),
    ("kids in danger", "line", KIDS),
    ("creepy crawlies", "line", CRAWLING),
    ("insects crawling on skin", "line", CRAWLING),
    ("rats and mice", "line", r"\brats?\b|rodent|\bmice\b|\bmouse\b"),
    ("blood n guts", "line", BLOOD),
    ("hangings", "line", r"\bhang|\bhung\b|noose|gallows|gibbet"),
    ("burning", "line", FIRE),
    ("teeth", "line", r"teeth|tooth|fangs?|molars?"),
    ("dead babies", "line", r"\bbab(?:y|ies)\b|infant|cradle|stillborn|newborn"),
    ("maggots", "line", r"maggot|\bgrubs?\b|larva"),
    ("corpses", "veil", r"corpse|dead bod|cadaver|carcass"),
]


def leak(text: str, pattern: str) -> str | None:
    """The words of ``text`` a reader would call showing the line (None: nothing)."""
    found = re.search(pattern, _narrators_own(text), re.IGNORECASE)
    return found.group(0) if found else None


def _narrators_own(text: str) -> str:
    """The narration without the player's quoted words (their own text is never screened)."""
    return re.sub("\u201c[^\u201c\u201d]*\u201d", " ", text)
