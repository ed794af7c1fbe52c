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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from oracle.errors import NarratorError
from oracle.narrator.beings import classes
from oracle.narrator.deck import TAKEN, Deck
from oracle.narrator.places import WHERE, elsewhere
from oracle.narrator.safety import THEMES, Barred, themes_shown
from oracle.wording import noun

__all__ = ["ANYWHERE", "ECHO_WORDS", "FRESH", "SCAN", "Part", "Rules", "Table", "allowed",
           "card_keys", "deal", "elsewhere", "fill", "load", "sentence_keys", "staleness",
           "tags_shown"]  # elsewhere: read in oracle.narrator.places, re-exported here

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


# A card made for any opening (``kind:container``) fits an attempt on a lid, a door or a lock
# alike; a card of a lid (``kind:lid``) only a lid, of a door (``kind:door``) only a door.
OPENINGS = frozenset({"lid", "door", "container"})


@dataclass(frozen=True, eq=False)  # identity: loaded once, hashed often
class Part:
    """One line of a table: its text (with ``{{ vars }}``) and its theme tags."""

    text: str
    tags: frozenset[str]
    anywhere: bool = False  # a mark on the body, a sound in the head: any place's scenery
    kinds: frozenset[str] = frozenset()  # the kinds of attempt or question it fits (none: any)
    at: frozenset[str] = frozenset()  # where it can happen, as tagged (``#: at:indoors``)

    @functools.cached_property
    def where(self) -> frozenset[str]:
        """Where this part can happen, by its words: ``outdoors`` (sky, trees, a clearing),
        ``indoors`` (a ceiling, a corridor); empty when it could happen anywhere."""
        if self.anywhere:
            return frozenset()
        bare = _VAR.sub(" ", self.text)
        return self.at | frozenset(kind for kind, pattern in WHERE.items() if pattern.search(bare))

    def fits(self, kind: str | None, strict: bool = False) -> bool:
        """Whether it may be dealt for an attempt (or a question) of ``kind``: a card tagged
        with kinds only for one of them (or ``any``); an untagged card for every kind, unless
        ``strict`` (then only a card tagged with ``kind`` itself)."""
        if kind is None:
            return True
        kinds = self.kinds | OPENINGS if "container" in self.kinds else self.kinds
        if strict:
            return kind in kinds
        return not kinds or kind in kinds or "any" in kinds

    @functools.cached_property
    def keys(self) -> frozenset[str]:
        """Its sentences' short hashes, for the deck's memory of what was said lately."""
        return sentence_keys(self.text)

    @functools.cached_property
    def names_being(self) -> bool:
        """Whether its words may name a being (a person, a beast, a monster of folklore, a
        capitalised name): the only parts a story's foe is checked against."""
        bare = _VAR.sub(" ", self.text)
        return bool(re.search(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]", bare.strip())) or \
            any(classes(word) for word in re.findall(r"[A-Za-z][\w'-]*", bare))

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
    kinds = frozenset(t[5:] for t in told if t.startswith("kind:"))
    at = frozenset(t[3:] for t in told if t.startswith("at:"))
    told = frozenset(t for t in told if not t.startswith(("kind:", "at:"))) - {ANYWHERE}
    unknown = told - set(THEMES)
    if unknown:
        raise NarratorError(f"offline: unknown theme {noun(len(unknown), 'tag')} {sorted(unknown)} in {line!r}.")
    unplaced = at - set(WHERE)
    if unplaced:
        raise NarratorError(f"offline: unknown place {noun(len(unplaced), 'tag')} "
                            f"{sorted(unplaced)} in {line!r}.")
    return Part(text, told | tags_shown(text), anywhere, kinds, at)


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


Grounded = Callable[[Part], bool]
"""Whether a part keeps to the story: its beings, its foe's body (see :func:`deal`)."""


def _anyone(part: Part) -> bool:
    return True


def _fits(part: Part, barred: Barred, solo: bool, missing: frozenset[str],
          away: frozenset[str], kind: tuple[str | None, bool] = (None, False),
          grounded: Grounded = _anyone) -> bool:
    return allowed(part, barred, solo) and not part.needs & missing and \
        not part.where & away and part.fits(*kind) and grounded(part)


@functools.lru_cache(maxsize=65536)
def card_keys(parts: tuple[Part, ...]) -> tuple[str, ...]:
    """What the deck remembers of a dealt card: its sentences' keys, then the whole card's."""
    whole = hashlib.blake2b("\x1f".join(part.text for part in parts).encode(),
                            digest_size=4).hexdigest()
    return (*(key for part in parts for key in sorted(part.keys)), "c" + whole)


def staleness(parts: tuple[Part, ...],
               recent: Mapping[str, int]) -> tuple[int, int, int] | None:
    """How lately a card was said, as a sort key (smaller deals first): whether the whole card
    was dealt lately (a narration told again is worse than a sentence), how many of its
    sentences were said lately, and how many narrations ago the freshest was (None: none)."""
    *sentences, whole = card_keys(parts)
    ages = [recent[key] for key in sentences if key in recent]
    if whole not in recent and not ages:
        return None
    return (int(whole in recent), len(ages), -min(ages, default=recent.get(whole, 0)))


FRESH = (0, 0, 0)  # the staleness of a card said nowhere lately
SCAN = 400  # cards looked through for a fresh one before the least stale seen will do
Rules = tuple[Barred, bool, frozenset[str], frozenset[str], tuple[str | None, bool], Grounded]
"""What a card must fit: the barred themes, solo play, missing variables, scenery away, the
kind of attempt (with whether only cards tagged with that kind will do), and the story's
beings (a part naming a being must not bring in one the story lacks)."""


def deal(table: Table, deck: Deck, count: int, barred: Barred, *, grade: str | None = None,
         solo: bool = False, missing: frozenset[str] = frozenset(),
         away: frozenset[str] = frozenset(),
         recent: Mapping[str, int] | None = None, kind: str | None = None,
         strict: bool = False,
         grounded: Grounded = _anyone) -> tuple[list[tuple[Part, ...]], Deck]:
    """Deal ``count`` allowed cards (no repeat before the table is used up); returns the new deck.

    A card with a barred theme (a line or veil), showing other people in a solo game, needing a
    variable in ``missing`` (no intent stated, no known subject), or whose scenery is ``away``
    from the place (:func:`elsewhere`: no sky in a nave), or made for another ``kind`` of
    attempt (:meth:`Part.fits`; with ``strict``, only cards of that kind) is passed over (it still counts as
    dealt, so the rest of the pass stays unrepeated). A card with a sentence in ``recent``
    (said within the deck's window, or earlier in this narration), or dealt whole among the
    deck's last cards, waits: the first card of the rest of the pass said nowhere lately is
    dealt ahead of it (the deck remembers it was, so the pass still deals each card once); when
    none is, the one said least lately (a whole card told again weighs more than a sentence).
    A part is dealt only when ``grounded`` passes it (the offline narrator asks the referee's
    reading of a foe the story does not hold, and whether the foe has the body the part
    takes for granted).
    """
    recent = dict(recent or {})
    rules: Rules = (barred, solo, missing, away, (kind, strict), grounded)
    cards: list[tuple[Part, ...]] = []
    for _ in range(count):
        parts, deck = _one(table, deck, grade, rules, recent)
        if parts is None:
            break
        cards.append(parts)
        recent.update((k, 0) for k in card_keys(parts))
    return cards, deck


def _one(table: Table, deck: Deck, grade: str | None, rules: Rules,
         recent: Mapping[str, int]) -> tuple[tuple[Part, ...] | None, Deck]:
    """The next card and the deck after it: the first allowed card of the rest of the pass
    said nowhere lately (dealt ahead of its turn if need be), else the allowed card of the
    rest of the pass said least lately (in turn when nothing could be fresh: a table too small
    for the window); when the rest of the pass allows nothing, the same in the next pass.
    The pass is never cut short, so no card comes twice before its table is used up."""
    key, size = table.key(grade), table.size(grade)
    fresh = _may_be_fresh(table, grade, rules, recent)
    step, lead = _scan(table, deck, grade, rules, recent, fresh)
    if step is None:  # the rest of this pass allows nothing: the next pass
        deck = _following(deck, key, size)
        step, lead = _scan(table, deck, grade, rules, recent, fresh)
    if step is None:
        return None, deck
    return table.card(deck.ahead(key, size, step), grade), \
        deck.take(key, size, step, passed=lead)


def _following(deck: Deck, key: str, size: int) -> Deck:
    """The deck at the start of the next pass of a table (the rest of this one let go)."""
    rest = size - deck.dealt.get(key, 0) % size
    return replace(deck.skip(key, rest), taken={k: v for k, v in deck.taken.items() if k != key})


def _scan(table: Table, deck: Deck, grade: str | None, rules: Rules, recent: Mapping[str, int],
          fresh: bool) -> tuple[int | None, int]:
    """In the rest of the pass: the step of the first allowed card said nowhere lately, or
    of the one said least lately (in turn when ``fresh`` is false or too many cards were dealt
    ahead of their turn already); and how many cards lead up to the first allowed one (not
    allowed here, or dealt already: they count as dealt)."""
    key, size = table.key(grade), table.size(grade)
    taken = set(deck.taken.get(key, ()))
    early = fresh and len(taken) < TAKEN
    best: tuple[int | None, tuple[int, int, int]] = (None, FRESH)
    lead: int | None = None
    rest = size - deck.dealt.get(key, 0) % size
    for step in range(rest):
        if best[0] is not None and step >= SCAN:
            break  # far enough: the least stale so far will do
        index = deck.ahead(key, size, step)
        if index in taken:
            continue
        parts = table.card(index, grade)
        if not _fits_all(parts, rules):
            continue
        lead = step if lead is None else lead
        stale = staleness(parts, recent)
        if stale is None or not early:
            return step, lead
        if best[0] is None or stale < best[1]:
            best = (step, stale)
    return best[0], rest if lead is None else lead


def _fits_all(parts: tuple[Part, ...], rules: Rules) -> bool:
    return all(_fits(part, *rules) for part in parts)


def _may_be_fresh(table: Table, grade: str | None, rules: Rules,
                  recent: Mapping[str, int]) -> bool:
    """Whether any card could be said nowhere lately: every slot has an allowed part whose
    sentences were not said lately (a quick answer before a long search)."""
    said = recent.keys()
    return all(any(_fits(part, *rules) and not part.keys & said for part in parts)
               for parts in table.options(grade))
