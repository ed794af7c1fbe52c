"""What the offline narrator says for its generic beats, and the helpers systems' tellings use.

A system tells its own beats (``System.tell``, ``System.closing``, ``System.header``); here are
the oracle's answer, a twist in words, and the plain quotation of what a player said.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from oracle.narrator.base import NarrationContext
from oracle.narrator.weave import quoted
from oracle.systems.base import Deal

__all__ = ["Deal", "header", "oracle", "said", "twist_sentence"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def said(text: str) -> str:
    """Player text as a quotation that ends its own sentence, never conjugated (``""`` when
    there is nothing to quote): see :func:`oracle.narrator.weave.quoted`."""
    return quoted(text)


def _restates(meaning: str, question: str) -> bool:
    """Whether three words running of ``meaning`` are in ``question`` (so the reading would
    splice the player's own words outside their quotation)."""
    words = re.findall(r"[a-z']+", meaning.lower())
    asked = " " + " ".join(re.findall(r"[a-z']+", question.lower())) + " "
    return any(f" {' '.join(words[i:i + 3])} " in asked for i in range(len(words) - 2))


def oracle(context: NarrationContext, deal: Deal, thing: str) -> str:
    """The question as asked, quoted; the answer; how an "and" or a "but" leans; a sign dealt
    for what the question is about (:func:`question_kind`); a meaning to read into it."""
    answer = str(context.result.get("answer") or "yes")
    grade = answer.replace(", ", "_")
    head = said(context.question)
    if open_question(context.question):
        return _in_words(context, deal, head)
    told = f"{answer.upper()}."
    parts = [f"{head} {told}" if head else told]
    if grade in ("yes_and", "yes_but", "no_and", "no_but"):
        parts += deal("oracle_answers", grade=grade)
    parts += omen(context, deal)
    meanings = deal("meanings")
    if meanings and _restates(meanings[0], context.question):
        meanings = deal("meanings") or meanings  # a meaning in the question's words adds nothing
    parts += [f"To read into it: {thing or 'something here'} {meaning}." for meaning in meanings]
    twist = context.result.get("twist")
    if isinstance(twist, Mapping):
        parts.append(twist_sentence(twist))
    return " ".join(parts)


# What an open question asks for, by its first word: an answer in words begins with it
_ASKS = (("who", "Someone who"), ("whom", "Someone who"), ("whose", "Someone who"),
         ("where", "Somewhere that"), ("when", "When something"), ("which", "The one that"),
         ("why", "Because something"), ("how", "Through something that"))


def _in_words(context: NarrationContext, deal: Deal, head: str) -> str:
    """An open question ("Who is knocking?") answered in words, never a yes or a no: a
    meaning dealt, shaped by what the question asks ("Someone who is waiting."), then a sign
    of the genre about it."""
    first = (re.findall(r"[a-z]+", context.question.lower()) or [""])[0]
    lead = next((words for asks, words in _ASKS if first == asks), "Something that")
    meanings = deal("meanings") or ["is waiting"]
    if _restates(meanings[0], context.question):
        meanings = deal("meanings") or meanings
    answer = f"The dice answer in words: {lead.lower() if head else lead} {meanings[0]}."
    parts = [f"{head} {answer}" if head else _cap(answer), *omen(context, deal)]
    twist = context.result.get("twist")
    if isinstance(twist, Mapping):
        parts.append(twist_sentence(twist))
    return " ".join(parts)


# A question the dice cannot answer with a bare yes or no: it asks what, who, where, how...
# (in English, French, German or Spanish), asks for a description, or offers a choice
# ("the bronze bell or the iron one?"). The dice then answer the first guess that comes to
# mind, and the narration says so rather than "Who is knocking? NO."
_OPEN = re.compile(
    r"^\W*(?:(?:and|so|but|then|ok|okay|well|now)\W+)?(?:[A-Z][\w'-]*,\s+)?"
    r"(?:what|what's|whats|who|who's|whom|whose|where|where's|why|how|how's|when|which|"
    r"describe|tell me|show me|look around|look at|explain|name|list|search|explore|examine|"
    r"investigate|inspect|"
    r"qui|que|quoi|o\u00f9|pourquoi|comment|quand|quel|quelle|quels|qu'est|"
    r"wer|wo|warum|wieso|wie|wann|welche[rsmn]?|"
    r"qu\u00e9|qui\u00e9n|d\u00f3nde|por qu\u00e9|c\u00f3mo|cu\u00e1ndo|cu\u00e1l)(?!\w)",
    re.IGNORECASE)
_CHOICE = re.compile(r"\w\s+or\s+(?!not\b|no\b|nay\b)\w[^?]*\?\W*$", re.IGNORECASE)


def open_question(question: str) -> bool:
    """Whether a question asks for more than yes or no (what, who, where, how..., a
    description, or a choice between two things): the dice then answer the first guess."""
    text = question.strip().lstrip("\u00bf\u00a1\"'\u201c\u2018")
    return bool(_OPEN.match(text) or _CHOICE.search(text))


def omen(context: NarrationContext, deal: Deal) -> list[str]:
    """A sign of the asked system's genre about what the question asks (a person, a way, a
    thing, the hour, the place), else one that fits any question."""
    table = omens_table(context.system)
    kind = question_kind(context.question, (context.monster, *context.party, *context.cast,
                                            *(str(c.get("name", "")) for c in context.characters)))
    return (deal(table, kind=kind, strict=True, fresh=True) if kind else []) or \
        deal(table, kind="any")


def omens_table(system: str) -> str:
    """The asked system's own omens (``oracle_omens_<system>`` in its offline folder), or the
    generic table whose signs fit any place."""
    from oracle.narrator.templates import table_path

    own = f"oracle_omens_{system}"
    return own if table_path(own).is_file() else "oracle_omens"



_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(r"\b(?:" + words + r")\b", re.IGNORECASE)) for kind, words in (
        ("someone", (r"who|whom|whose|any(?:one|body)|some(?:one|body)|no ?one|nobody|he|she|him|"
                    r"her|they|them|their|hermit|clerk|ferryman|magistrate|guards?|priests?|"
                    r"abbess|abbot|witch|man|woman|men|women|stranger|children|child|king|queen|"
                    r"lord|lady|monk|nun|thief|thieves|hunter|goblins?|orcs?|hounds?|dogs?|"
                    r"wolf|wolves|wyrm|dragon|monster|beast|creature|thing in|followed|"
                    r"follow(?:ing)?|awake|asleep|sleep|sleeps|lie|lies|lying|lied|word|promise|"
                    r"trust|betray|remember|heard|hear|see|saw|seen|watching|watched|waiting|"
                    r"home|alive|dead|friendly|hostile|help|know|knows")),
        ("way", (r"door|doors|gate|gates|bridge|way|path|road|passage|stairs?|exit|out|rope|"
                r"ladder|hold|cross|crossing|open|opened|standing|collapse|floor|walls?|ice|"
                r"glass|walk|tunnel|route|climb|reach|shortcut|safe to")),
        ("thing", (r"treasure|gold|silver|ale|wine|drink|food|water|poison(?:ed)?|cursed?|trap|"
                  r"lever|ring|key|box|chest|coins?|seal|book|letter|sword|blade|relic|lamp|"
                  r"lantern|map|idol|crown|jewel|gem|bones?|body|corpse|well|fire|candle")),
        ("hour", (r"rain|storm|snow|wind|night|nightfall|dawn|dusk|fog|mist|weather|sun|moon|"
                 r"tide|clock|clocks|bells?|hour|time|late|soon|before|midnight|morning|"
                 r"evening|tonight|tomorrow|running")),
    ))


def question_kind(question: str, known: tuple[str, ...] = ()) -> str | None:
    """What a yes/no question is about: ``someone`` (a person, a creature, what they do or
    know), ``way`` (a door, a bridge, a way through), ``thing`` (an object, a drink, a trap),
    ``hour`` (weather, time, bells); None when it says none of these."""
    if any(n.strip() and _bare_in(n, question) for n in known):
        return "someone"
    for kind, words in _KINDS:
        if words.search(question):
            return kind
    return None


def _bare_in(name: str, text: str) -> bool:
    bare = re.sub(r"(?i)^(?:the|a|an)\s+", "", name.strip())
    return len(bare) >= 3 and re.search(rf"(?i)\b{re.escape(bare)}\b", text) is not None


def twist_sentence(twist: Mapping[str, Any]) -> str:
    """A twist the dice called, in a sentence: its kind, what it bears on, and its meaning pair
    as the two words to read it by (quoted: a word of a table is never conjugated)."""
    raw = twist.get("meaning")
    meaning: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    words = [str(meaning[k]).strip() for k in ("action", "subject") if meaning.get(k)]
    focus = twist.get("focus")
    about = (f", and it bears on {focus}" if isinstance(focus, str) and focus
             else ", and it is something new" if twist.get("new") else "")
    label = str(twist.get("label") or "something changes")
    said = f"A twist comes with the answer: {label}{about}."
    if len(words) == 2:
        said += (f" The signs to read it by are \u201c{words[0]}\u201d and "
                 f"\u201c{words[1]}\u201d.")
    elif words:
        said += f" The sign to read it by is \u201c{words[0]}\u201d."
    return said


def header(beat: str, context: NarrationContext, name: str, tries: str, place: str,
           thing: str) -> str:
    """The line above a list beat's offers: the system's own, or the beat's name. ``tries`` is
    the player's intent quoted (:func:`said`, possibly empty), never conjugated."""
    from oracle.narrator.beats import owner_of

    system = owner_of(beat, context.system)
    own = system.header(beat, context, name, tries, place, thing) if system is not None else None
    return own if own is not None else f"{_cap(beat)}:"
