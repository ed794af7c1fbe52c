"""The offline narrator's dealing: the tables read, the decks, the cards filled in and screened
(what :class:`oracle.narrator.offline.OfflineNarrator` does with them is told in its module).

Split from :mod:`oracle.narrator.offline` so the narrator can be made at once: the tables'
readings compile a few hundred patterns, and this module is imported only when the narrator first
voices a beat (or :func:`oracle.narrator.offline.warm` is called).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from oracle.narrator import bodies, people, telling
from oracle.narrator.base import NarrationContext, NarrationResult, unnamed
from oracle.narrator.beats import BEATS, find_beat, owner_of
from oracle.narrator.compose import Part, card_keys, deal, fill, load, staleness
from oracle.narrator.deck import Deck
from oracle.narrator.ground import other_foe
from oracle.narrator.meaning import Cast, settled_of, tokens
from oracle.narrator.places import elsewhere
from oracle.narrator.safety import barred
from oracle.narrator.weave import in_sentence, known_subject, quoted
from oracle.systems import DEFAULT, SYSTEMS, installed

QUIET = "The dark keeps its own counsel."


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


FULL = "\x01"  # where the roller's name goes (full once, then short)


def short_name(name: str) -> str:
    """"Mara Vell" -> "Mara"; an unnamed roller ("the treasure-hunter") keeps its words."""
    words = name.split()
    return words[0] if len(words) > 1 and name[:1].isupper() else name


def name_once(text: str, name: str, used: bool = False) -> str:
    """Put the full name at its first place in ``text`` and the short name at every later one
    (everywhere when ``used``: the full name was already said)."""
    short = short_name(name)
    out: list[str] = []
    for index, piece in enumerate(text.split(FULL)):
        if index:
            said = name if index == 1 and not used else short
            before = "".join(out).rstrip()
            if not before or before[-1] in ".!?\u201d\n":  # a sentence starts with the name
                said = _cap(said)
            out.append(said)
        out.append(piece)
    return "".join(out)


def weave_vars(context: NarrationContext) -> dict[str, str]:
    """The variables every offline entry may use (raw text: the app escapes the output)."""
    _, trade, where = unnamed(context.system)
    first = context.characters[0] if context.characters else {}
    place = in_sentence(context.place.strip() or where)
    thing = known_subject(context.question, known_names(context)) or ""
    target = context.result.get("target")  # the one a blow was aimed at, when named
    foe = in_sentence((target if isinstance(target, str) else "").strip() or
                      context.monster.strip() or "the monster")
    return {
        "name": FULL,
        "Name": FULL,
        "occupation": _trade_word(str(first.get("occupation") or trade)),
        "place": place,
        "Place": _cap(place),
        "said": quoted(context.intent),
        "thing": thing,
        "Thing": _cap(thing),
        "monster": foe,
        "Monster": _cap(foe),
    }


def _trade_word(occupation: str) -> str:
    """An occupation mid-sentence, as every table uses it ("the old tax-collector's"): the
    sheet's capital goes ("Tax-collector"), an acronym's stays ("GM")."""
    text = occupation.strip()
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def known_names(context: NarrationContext) -> tuple[str, ...]:
    """The names the campaign knows as nouns: place, monster, characters, party, cast, and the
    threads that read as a noun phrase ("the stolen bell")."""
    names = [context.place, context.monster, *context.party, *context.cast,
             *(str(c.get("name", "")) for c in context.characters)]
    names += [t for t in context.threads if re.match(r"(?i)(?:the|a|an)\s", t.strip())
              and len(t.split()) <= 6]
    return tuple(n for n in names if n.strip())


_PLAIN = ("total", "dealt", "power", "sum")  # the plain numbers of any result


def facts_sentence(result: Mapping[str, Any], system: str = DEFAULT) -> str:
    """The settled facts in one plain sentence: the system's own phrases (``System.summary``),
    the oracle's answer, or else the result's plain fields."""
    roll = result.get("roll")
    parts = SYSTEMS[system].summary(result) if system in SYSTEMS else []
    plain = {*_PLAIN, *(f for each in installed() for f in each.plain_fields)}
    if "answer" in result:
        parts.append(f"the oracle says {str(result['answer']).upper()}")
    if not parts:  # never the result's keys: the numbers a reader can use, in words
        parts = [f"{k.replace('_', ' ')} {v}" for k, v in result.items()
                 if k in plain
                 and isinstance(v, (int, str)) and not isinstance(v, bool)][:3]
    label = str(roll).replace("_", " ") if roll else "roll"
    if not parts:  # nothing to say in words: the roll is named, never a bare label
        return f"The {label} is rolled, and the dice have their say."
    return f"{_cap(label)}: " + "; ".join(parts) + "."


def is_solo(context: NarrationContext) -> bool:
    """Nobody but the roller is present: no party named and at most one character."""
    names = {str(c.get("name", "")) for c in context.characters} | set(context.party)
    return len({n for n in names if n}) <= 1


class _Grounded:
    """Whether a part keeps to the story, remembered per part: one naming a being keeps to the
    story's beings, as the referee reads a model's words
    (:func:`oracle.narrator.ground.other_foe`: no monster of folklore the story lacks; with a
    foe in the story, no other creature standing as one, nor the foe swapped,
    :func:`oracle.narrator.people.foe`); in a fight, one presuming flesh or clothes of a foe
    without them is not dealt (no ribs for a ghost, :mod:`oracle.narrator.bodies`); a foe
    whose name is a possessive already ("the foreman's ghost") is never put in the
    possessive again."""

    def __init__(self, context: NarrationContext, variables: dict[str, str],
                 fight: bool) -> None:
        self.context = context
        first = context.characters[0] if context.characters else {}
        name = str(first.get("name") or "").strip() or unnamed(context.system)[0]
        self.variables = {**variables, "name": name, "Name": _cap(name)}
        self.cast: Cast | None = None
        self.seen: dict[int, bool] = {}
        foe = context.monster.strip()
        self.lacks = bodies.barred_for(bodies.body_of(foe)) if foe and fight else frozenset()
        self.owned = "'s " in f"{variables['monster']} " or variables["monster"].endswith("s'")

    def __call__(self, part: Part) -> bool:
        known = self.seen.get(id(part))
        if known is None:
            known = not (self.lacks and bodies.presumes(part.text) & self.lacks) and \
                not (self.owned and bodies.possessive(part.text)) and \
                (not part.names_being or self._grounded(part))
            self.seen[id(part)] = known
        return known

    def _grounded(self, part: Part) -> bool:
        if self.cast is None:
            self.cast = Cast.of(self.context)
        text = _fill_known(part.text, self.variables)
        words = tokens(text)
        return not any(reading(text, words, [], self.context, self.cast)
                       for reading in (other_foe, people.foe))


def _fill_known(text: str, variables: Mapping[str, str]) -> str:
    """A part's text with the variables it can fill (a missing one left as a plain word)."""
    return re.sub(r"\{\{\s*(\w+)\s*\}\}", lambda m: variables.get(m.group(1)) or "it", text)


class _Dealer:
    """Deals filled-in cards for one narration, advancing one deck."""

    def __init__(self, deck: Deck, context: NarrationContext, variables: dict[str, str],
                 beat: str = "") -> None:
        self.deck = deck
        self.barred = barred(context.safety)
        self.solo = is_solo(context)
        self.variables = variables
        self.missing = frozenset(k for k, v in variables.items() if not v)
        self.away = elsewhere(variables["place"])
        if not context.place.strip():  # the system's own ground (Trophy's forest hides ruins):
            self.away -= {"built"}  # only a place the table names keeps walls and doors out
        if beat == "oracle" and not context.place.strip():  # a question asked of no scene:
            self.missing |= {"place", "Place"}  # no place named (the genre's signs still fit)
        fight = (beat in BEATS and BEATS[beat].fight) or \
            settled_of(context).hit is not None or settled_of(context).defeated is not None
        self.grounded = _Grounded(context, variables, fight)
        self.recent = deck.recent()  # what the last narrations said; this one's own at age 0
        self.said: list[str] = []
        self.cards: list[str] = []

    def __call__(self, table: str, count: int = 1, grade: str | None = None,
                 fresh: bool = False, kind: str | None = None,
                 strict: bool = False) -> list[str]:
        """``count`` cards of ``table`` filled in; with ``fresh``, none unless every card dealt
        was said nowhere lately (the deck then stays as it was: the caller tells it otherwise);
        with ``kind``, only cards made for that kind of attempt or question (or for any; with
        ``strict``, for that kind only)."""
        loaded = load(table)
        grade = grade if grade in loaded.grades() else None
        cards, deck = deal(loaded, self.deck, count, self.barred, grade=grade,
                           solo=self.solo, missing=self.missing, away=self.away,
                           recent=self.recent, kind=kind, strict=strict,
                           grounded=self.grounded)
        if fresh and any(staleness(card, self.recent) is not None for card in cards):
            return []
        self.deck = deck
        for card in cards:
            *sentences, whole = card_keys(card)
            self.said += sentences
            self.cards.append(whole)
            self.recent.update((key, 0) for key in card_keys(card))
        return [" ".join(fill(part.text, self.variables) for part in card) for card in cards]

    def finished(self) -> Deck:
        """The deck after this narration, remembering what it said."""
        return self.deck.remember(tuple(self.said), tuple(self.cards))


def compose(beat: str, context: NarrationContext, deck: Deck,
            fallback_reason: str | None = None) -> NarrationResult:
    """Deal and weave the beat's text from ``deck`` (the result carries the deck after it)."""
    spec = find_beat(beat)
    variables = weave_vars(context)
    dealer = _Dealer(deck, context, variables, beat)
    first = context.characters[0] if context.characters else {}
    name = str(first.get("name") or unnamed(context.system)[0]).strip() or \
        unnamed(context.system)[0]
    items: tuple[str, ...] = ()
    if spec.listing:
        offers = dealer(spec.table_for(context.result), context.n) or [QUIET]
        head = telling.header(beat, context, FULL, variables["said"], variables["place"],
                              variables["thing"])
        items = tuple(_cap(name_once(offer, name, used=FULL in head)) for offer in offers)
        text = _cap(name_once(head, name)) + "\n" + "\n".join(f"- {i}" for i in items)
    else:
        text = _cap(name_once(_single(beat, spec.table_for(context.result), context, dealer,
                                      variables), name))
    return NarrationResult(
        text=text.strip(),
        narrator="offline",
        beat=beat,
        items=items,
        fallback_reason=fallback_reason,
        deck=dealer.finished(),
    )


def _single(beat: str, table: str, context: NarrationContext, dealer: _Dealer,
            variables: dict[str, str]) -> str:
    if beat == "oracle":
        return telling.oracle(context, dealer, variables["thing"])
    system = owner_of(beat, context.system)
    told = system.tell(beat, context, dealer, FULL, table) if system is not None else None
    if told is not None:
        return told
    if beat == "roll":
        return " ".join([facts_sentence(context.result, context.system), *dealer("omens")])
    card = " ".join(dealer(table)) or QUIET
    facts = system.closing(beat, context.result, FULL) if system is not None else ""
    return f"{card} {facts}".strip()
