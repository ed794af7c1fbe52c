"""Offline tables, plain or compositional, dealt through a :class:`Deck` and filtered by theme.

A table file ``offline/<name>.txt`` (generic ones in ``oracle/prompts/``, a system's in its own
folder) is either a plain list (one entry a line) or, when it has ``[slot]`` headers, a set of
slots (``[frame]``, ``[body]``, ``[detail]``) whose parts combine: every choice of one part per
slot is one card, so eight frames, eight bodies and eight details make 512 distinct narrations. A header ``[detail:high]`` holds parts only for that grade
(a beat picks the grade from the result: Ruin, danger, a cost); parts under a plain header serve
every grade. A line may end with ``#: tag, tag`` (theme tags); the safety module adds the tags
its words show. ``{{ name }}`` and the other variables are filled in by plain substitution.
"""

from __future__ import annotations

import functools
import hashlib
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from oracle.errors import NarratorError
from oracle.narrator.deck import Deck
from oracle.narrator.safety import THEMES, Barred, themes_shown
from oracle.wording import noun

_HEADER = re.compile(r"^\[(?P<slot>[a-z_]+)(?::(?P<grade>[a-z_]+))?\]$")
_VAR = re.compile(r"\{\{\s*(\w+)\s*\}\}")
_SENTENCE = re.compile(r"(?<=[.!?\u201d])\s+(?=[A-Z{\u201c])")
_SAID = re.compile(r"\{\{\s*said\s*\}\}")
ECHO_WORDS = 5  # a sentence this long must not come back within the deck's window


def sentence_keys(text: str) -> frozenset[str]:
    """Short hashes of the sentences of five words or more in a card's text, as written with
    its variables ("{{ Monster }} takes it" is one sentence whoever the monster is). The
    player's quoted words (``{{ said }}``) are not the card's: the frame around them is a
    sentence of its own; a name counts as two words (a full name may fill it)."""
    keys = set()
    for sentence in _SENTENCE.split(_SAID.sub("\u201c\u201d", text.strip())):
        words = re.findall(r"\{\{\s*\w+\s*\}\}|[\w'\u2019-]+", sentence.lower())
        size = sum(2 if word.startswith("{{") else 1 for word in words)
        if size >= ECHO_WORDS:
            key = " ".join(words)
            keys.add(hashlib.blake2b(key.encode(), digest_size=4).hexdigest())
    return frozenset(keys)


WHERE: dict[str, re.Pattern[str]] = {
    "outdoors": re.compile(
        r"\b(?:sky|skies|sun|sunlight|sunset|moon|moonlight|stars?|canopy|"
        r"clearing|trees?|treetops?|forest|woods|meadow|fields?|hilltops?|hillside|"
        r"horizon|birdsong|branch(?:es)?|bark|moss|undergrowth|thicket|boughs?|"
        r"ferns?|snow|breeze|grass|crows?|ravens?|hedge|brambles?|orchard|sap|pines?|oaks?|"
        r"birch|acorns?|thorns?|glade|grove|copse|open air)\b", re.IGNORECASE),
    "indoors": re.compile(
        r"\b(?:ceilings?|corridors?|rafters|hallways?|staircases?|stairwells?|flagstones?|"
        r"floorboards?|chandeliers?|pews?|cellar|chamber|attic)\b", re.IGNORECASE),
}
# A place under a roof or underground (no sky), and one in the open (no ceiling); water places
# are in the open unless a roof is named too ("the flooded nave", "the sunken crypt").
_INDOOR_PLACE = re.compile(
    r"\b(?:naves?|halls?|crypts?|cellars?|chapels?|church|cathedral|rooms?|chambers?|"
    r"corridors?|dungeons?|tombs?|vaults?|house|inn|tavern|keep|castle|towers?|belfry|caves?|"
    r"caverns?|grottos?|grottoes|mines?|mineshafts?|tunnels?|catacombs?|ossuar(?:y|ies)|"
    r"charnel|sepulchres?|oubliettes?|cisterns?|sewers?|temples?|library|libraries|cells?|"
    r"manor|abbey|monastery|barrows?|undercroft|mausoleums?|attic|shrines?|palace|prison|"
    r"gaol|kitchen|stairs?|basement|hovel|hut|cabin|lodge|mill|forge|smithy|workshop|barn|"
    r"warehouse|granary|armou?ry|treasury|gallery|galleries|infirmary|asylum|hold|burrow|"
    r"lair|den|labyrinth|underground|underworld|undercity|indoors|inside)\b", re.IGNORECASE)
_OUTDOOR_PLACE = re.compile(
    r"\b(?:forest|woods?|clearing|fields?|meadow|moor|marsh|swamp|bog|fen|mire|river|stream|"
    r"brook|creek|ford|pond|lake|lagoon|sea|bay|cove|reef|island|waterfall|road|street|alley|"
    r"square|market|hills?|mountains?|cliffs?|crags?|ridge|peak|pass|canyon|gorge|ravine|"
    r"desert|dunes?|steppe|tundra|glacier|jungle|plains?|glade|grove|copse|shore|beach|"
    r"coast|village|garden|courtyard|orchard|heath|valley|farm|pasture|graveyard|"
    r"cemetery|churchyard|battlefield|wilds|wilderness|rooftops?|camp|bridge|wastes?|"
    r"outdoors|outside)\b", re.IGNORECASE)


def elsewhere(place: str) -> frozenset[str]:
    """The kinds of scenery that contradict ``place``: a nave has no sky, a moor no ceiling
    (nothing when the place does not say, or says both)."""
    inside, outside = bool(_INDOOR_PLACE.search(place)), bool(_OUTDOOR_PLACE.search(place))
    if inside and not outside:
        return frozenset({"outdoors"})
    if outside and not inside:
        return frozenset({"indoors"})
    return frozenset()


@dataclass(frozen=True, eq=False)  # identity: loaded once, hashed often
class Part:
    """One line of a table: its text (with ``{{ vars }}``) and its theme tags."""

    text: str
    tags: frozenset[str]
    anywhere: bool = False  # a mark on the body, a sound in the head: any place's scenery

    @functools.cached_property
    def where(self) -> frozenset[str]:
        """Where this part can happen, by its words: ``outdoors`` (sky, trees, a clearing),
        ``indoors`` (a ceiling, a corridor); empty when it could happen anywhere."""
        if self.anywhere:
            return frozenset()
        bare = _VAR.sub(" ", self.text)
        return frozenset(kind for kind, pattern in WHERE.items() if pattern.search(bare))

    @functools.cached_property
    def keys(self) -> frozenset[str]:
        """Its sentences' short hashes, for the deck's memory of what was said lately."""
        return sentence_keys(self.text)

    @functools.cached_property
    def needs(self) -> frozenset[str]:
        """The variables this part fills in (a part whose variable is missing is not dealt)."""
        return frozenset(_VAR.findall(self.text))


def tags_shown(text: str) -> frozenset[str]:
    """The themes a text shows by its words (variables removed first)."""
    return themes_shown(_VAR.sub(" ", text))


# A card tagged ``anywhere`` (or every card of a table whose first line is ``#: anywhere``, as
# the conditions, marks on the body) happens in any place, whatever scenery its words name.
ANYWHERE = "anywhere"


def _part(line: str, anywhere: bool = False) -> Part:
    text, _, tags = line.partition("#:")
    text = text.strip()
    told = frozenset(t.strip() for t in tags.split(",") if t.strip())
    anywhere = anywhere or ANYWHERE in told
    told -= {ANYWHERE}
    unknown = told - set(THEMES)
    if unknown:
        raise NarratorError(f"offline: unknown theme {noun(len(unknown), 'tag')} {sorted(unknown)} in {line!r}.")
    return Part(text, told | tags_shown(text), anywhere)


@dataclass(frozen=True, eq=False)  # identity: loaded once, hashed often
class Table:
    """A loaded table: its slots, each a list of ``(grade or None, Part)``."""

    name: str
    slots: tuple[tuple[str, tuple[tuple[str | None, Part], ...]], ...]

    @property
    def composed(self) -> bool:
        return not (len(self.slots) == 1 and self.slots[0][0] == "")

    @functools.cache  # noqa: B019 - tables are loaded once and live for the process
    def options(self, grade: str | None) -> tuple[tuple[Part, ...], ...]:
        """The parts each slot offers at ``grade`` (ungraded parts serve every grade)."""
        return tuple(tuple(p for g, p in parts if g is None or g == grade)
                     for _, parts in self.slots)

    def grades(self) -> tuple[str | None, ...]:
        found = sorted({g for _, parts in self.slots for g, _ in parts if g is not None})
        return tuple(found) or (None,)

    def size(self, grade: str | None = None) -> int:
        """How many distinct cards the table deals at ``grade``."""
        return math.prod(len(parts) for parts in self.options(grade))

    def card(self, index: int, grade: str | None = None) -> tuple[Part, ...]:
        """The parts of card ``index`` (mixed-radix over the slots)."""
        chosen: list[Part] = []
        for parts in reversed(self.options(grade)):
            index, digit = divmod(index, len(parts))
            chosen.append(parts[digit])
        return tuple(reversed(chosen))

    def key(self, grade: str | None) -> str:
        """The deck's name for this table at this grade."""
        return self.name if grade is None else f"{self.name}/{grade}"


@functools.cache
def load(name: str) -> Table:
    """Read the offline table ``name`` (``#`` comments) as a plain or composed table."""
    from oracle.narrator.templates import table_path

    path = table_path(name)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise NarratorError(f"offline: the table {name!r} is missing.") from exc
    slots: list[tuple[str, list[tuple[str | None, Part]]]] = []
    grade: str | None = None
    current = 0
    anywhere = any(raw.strip() == f"#: {ANYWHERE}" for raw in lines[:1])
    for raw in lines[1:] if anywhere else lines:
        line = raw.strip()
        if not line or line.startswith("# ") or line == "#":
            continue
        header = _HEADER.match(line)
        if header:
            names = [slot for slot, _ in slots]
            if header.group("slot") in names:  # a slot may come back under another grade
                current = names.index(header.group("slot"))
            else:
                slots.append((header.group("slot"), []))
                current = len(slots) - 1
            grade = header.group("grade")
            continue
        if not slots:
            slots.append(("", []))
        if line.startswith("@"):  # a shared pool of parts: another table
            shared = load(line[1:])
            slots[current][1].extend((grade, p) for _, parts in shared.slots for _, p in parts)
            continue
        slots[current][1].append((grade, _part(line, anywhere)))
    table = Table(name, tuple((slot, tuple(parts)) for slot, parts in slots))
    for grade in table.grades():
        if any(not parts for parts in table.options(grade)):
            raise NarratorError(f"offline: table {name!r} has an empty slot at {grade!r}.")
    return table


def fill(text: str, variables: Mapping[str, str]) -> str:
    """Substitute ``{{ var }}``; an unknown variable is an error, never left in the text."""
    def one(match: re.Match[str]) -> str:
        try:
            return variables[match.group(1)]
        except KeyError:
            raise NarratorError(f"offline: unknown variable {match.group(1)!r} in {text!r}.")\
                from None
    return _VAR.sub(one, text)


@functools.lru_cache(maxsize=65536)
def allowed(part: Part, barred: Barred, solo: bool) -> bool:
    """A part may be told: none of its themes barred, none of the barred words in it, and no
    other people in it when the roller is alone."""
    if not barred.allows(part.tags) or (solo and "others" in part.tags):
        return False
    return barred.pattern is None or barred.pattern.search(_VAR.sub(" ", part.text)) is None


def _fits(part: Part, barred: Barred, solo: bool, missing: frozenset[str],
          away: frozenset[str]) -> bool:
    return allowed(part, barred, solo) and not part.needs & missing and not part.where & away


@functools.lru_cache(maxsize=65536)
def card_keys(parts: tuple[Part, ...]) -> tuple[str, ...]:
    """What the deck remembers of a dealt card: its sentences' keys and, for a card of several
    parts, the whole card's (so even a stale card is not dealt twice in a row)."""
    keys = [key for part in parts for key in sorted(part.keys)]
    if len(parts) > 1:
        whole = "\x1f".join(part.text for part in parts)
        keys.append(hashlib.blake2b(whole.encode(), digest_size=4).hexdigest())
    return tuple(keys)


def _staleness(parts: tuple[Part, ...], recent: Mapping[str, int]) -> tuple[int, int] | None:
    """How lately a card was said, as a sort key (smaller deals first): how many of its
    sentences (and the card itself) were said lately, then how many narrations ago the
    freshest was (None: none)."""
    ages = [recent[key] for key in card_keys(parts) if key in recent]
    return (len(ages), -min(ages)) if ages else None


def deal(table: Table, deck: Deck, count: int, barred: Barred, *, grade: str | None = None,
         solo: bool = False, missing: frozenset[str] = frozenset(),
         away: frozenset[str] = frozenset(),
         recent: Mapping[str, int] | None = None) -> tuple[list[tuple[Part, ...]], Deck]:
    """Deal ``count`` allowed cards (no repeat before the table is used up); returns the new deck.

    A card with a barred theme (a line or veil), showing other people in a solo game, needing a
    variable in ``missing`` (no intent stated, no known subject), or whose scenery is ``away``
    from the place (:func:`elsewhere`: no sky in a nave) is passed over (it still counts as
    dealt, so the rest of the pass stays unrepeated). So is a card with a sentence in
    ``recent`` (said within the deck's window, or earlier in this narration), as long as the
    rest of the pass, or the next pass, holds a card with none: when neither does (a table too
    small for the window), the next allowed card is dealt.
    """
    recent = dict(recent or {})
    size = table.size(grade)
    key = table.key(grade)
    cards: list[tuple[Part, ...]] = []
    for _ in range(count):
        step = _next(table, deck, grade, size, (barred, solo, missing, away), recent)
        if step is None:
            break
        parts = table.card(deck.ahead(key, size, step), grade)
        deck = deck.skip(key, step + 1)
        cards.append(parts)
        recent.update((k, 0) for k in card_keys(parts))
    return cards, deck


def _may_be_fresh(table: Table, grade: str | None, rules: tuple[Barred, bool, frozenset[str],
                  frozenset[str]], recent: Mapping[str, int]) -> bool:
    """Whether any card could be said nowhere lately: every slot has an allowed part whose
    sentences were not said lately (a quick answer before a long search)."""
    said = recent.keys()
    return all(any(_fits(part, *rules) and not part.keys & said for part in parts)
               for parts in table.options(grade))


def _next(table: Table, deck: Deck, grade: str | None, size: int,
          rules: tuple[Barred, bool, frozenset[str], frozenset[str]],
          recent: Mapping[str, int]) -> int | None:
    """How many cards ahead the next one to deal lies: the first allowed card said nowhere
    lately, in the rest of this pass or else in the next; failing that (a table too small for
    the window), the first allowed card not itself said lately, else the first allowed card
    (None: no card is allowed at all)."""
    key = table.key(grade)
    rest = size - deck.dealt.get(key, 0) % size  # cards left in this pass
    fresh = _may_be_fresh(table, grade, rules, recent)
    found: dict[int, int] = {}  # the first step of each tier: 1 parts said lately, 2 the card
    for step in range(rest + size):
        parts = table.card(deck.ahead(key, size, step), grade)
        if all(_fits(part, *rules) for part in parts):
            if _staleness(parts, recent) is None:
                if fresh:
                    return step
                found.setdefault(1, step)
            else:
                found.setdefault(2 if card_keys(parts)[-1] in recent else 1, step)
            if not fresh and 1 in found:
                break
    return found.get(1, found.get(2))
