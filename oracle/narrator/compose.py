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


def deal(table: Table, deck: Deck, count: int, barred: Barred, *, grade: str | None = None,
         solo: bool = False, missing: frozenset[str] = frozenset(),
         away: frozenset[str] = frozenset()) -> tuple[list[tuple[Part, ...]], Deck]:
    """Deal ``count`` allowed cards (no repeat before the table is used up); returns the new deck.

    A card with a barred theme (a line or veil), showing other people in a solo game, needing a
    variable in ``missing`` (no intent stated, no known subject), or whose scenery is ``away``
    from the place (:func:`elsewhere`: no sky in a nave) is passed over (it still counts as
    dealt, so the rest of the pass stays unrepeated).
    """
    size = table.size(grade)
    key = table.key(grade)
    cards: list[tuple[Part, ...]] = []
    for _ in range(size):
        (index,), deck = deck.draw(key, size)
        parts = table.card(index, grade)
        if all(_fits(part, barred, solo, missing, away) for part in parts):
            cards.append(parts)
            if len(cards) == count:
                break
    return cards, deck
