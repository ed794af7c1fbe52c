"""The referee: a model's words are checked against the settled result before anyone sees them.

It rejects text that gives a number of Ruin, tokens or totals the result does not have (or any
number the result does not hold), uses words of success on a failure (or of failure on a
success), begins an oracle answer with a different answer, kills or loses a character the result
does not (or leaves out a death that happened), decides the lost character's end, calls a
monster beaten that still stands, or names a campaign's line or shows a line's or veil's theme
(:func:`oracle.narrator.safety.screen`, the offline narrator's own filter). Each rejection is one sentence the
narrator can hand back to the model (one retry) and then to the player (the offline fallback).

The checks are deliberately about words and numbers, not meaning: they catch the contradictions
that matter at the table, and a text that passes them may still be poor, never wrong about the
dice.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from oracle.narrator.base import NarrationContext
from oracle.narrator.safety import screen

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "zero": 0,
                 "no": 0, "none": 0}
_NUM = r"(\d+|" + "|".join(_NUMBER_WORDS) + r")"
_RUIN_NUMBER = re.compile(rf"\bruin\b\W+(?:(?:is|at|of|to|now|rises|climbs|stands|from|goes|"
                          rf"up|reaches|becomes)\W+){{0,3}}{_NUM}\b", re.IGNORECASE)
_TOKEN_NUMBER = re.compile(rf"\b{_NUM}\W+(?:hunt\W+)?tokens?\b", re.IGNORECASE)
_TOTAL_NUMBER = re.compile(rf"\b(?:total|endurance)\W+(?:(?:of|is|was|at|reaches)\W+){{0,2}}"
                           rf"{_NUM}\b", re.IGNORECASE)
_DIGITS = re.compile(r"\b\d+\b")

_SUCCESS_WORDS = re.compile(r"\b(succeed\w*|success\w*|triumph\w*|victor(?:y|ious)|"
                            r"flawless\w*)\b", re.IGNORECASE)
_FAILURE_WORDS = re.compile(r"\b(fails|failed|failure|in vain|to no avail)\b", re.IGNORECASE)
_DEATH = re.compile(r"\b(die|dies|died|is dead|lies dead|falls dead|drops dead|is killed|was killed|"
                    r"is slain|was slain|perish(?:es|ed)|breathes? (?:his|her|their|your) last|"
                    r"(?:is|are) no more)\b", re.IGNORECASE)
_LOSS = re.compile(r"\b(becomes? (?:a|the forest's) monster|is lost to the forest|"
                   r"(?:is|are) lost forever|turns? into a monster)\b", re.IGNORECASE)
_ANY_DEATH = re.compile(r"\b(die|dies|died|dying|dead|death|kill\w*|slain|perish\w*|"
                        r"last breath|lifeless|life)\b", re.IGNORECASE)
_MONSTER_BEATEN = re.compile(r"\b(defeated|slain|vanquished|destroyed|kill(?:s|ed) it|"
                             r"it dies|it falls dead|falls dead)\b", re.IGNORECASE)
_MONSTER_STANDS = re.compile(r"\b(still stand(?:s|ing)|unharmed|unhurt|shrugs off)\b",
                             re.IGNORECASE)
_ANSWER = re.compile(r"^\W*(yes|no)\b(?:\W{0,3}(and|but)\b)?", re.IGNORECASE)
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
_STOP = frozenset({"harm", "hurt", "with", "from", "about", "being", "things", "other", "some",
                   "very", "into", "onto", "against", "people", "anything", "graphic"})


def _ints(value: Any) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _ints(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _ints(item)


def _values(result: Mapping[str, Any], keys: Iterable[str]) -> set[int]:
    """Every integer under one of ``keys``, anywhere in the result."""
    wanted = set(keys)
    found: set[int] = set()

    def walk(value: Any) -> None:
        if isinstance(value, Mapping):
            for key, item in value.items():
                if key in wanted and isinstance(item, int) and not isinstance(item, bool):
                    found.add(item)
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    walk(result)
    return found


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word.lower()]


def _entries(result: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    yield result
    for key in ("helpers", "participants", "characters"):
        entries = result.get(key)
        if isinstance(entries, Sequence) and not isinstance(entries, str):
            yield from (e for e in entries if isinstance(e, Mapping))


def _names(context: NarrationContext) -> set[str]:
    """Words that name a character: full names, first names, and "you"."""
    names = {"you", "the treasure-hunter"}
    raw = [str(c.get("name", "")) for c in context.characters] + list(context.party)
    raw += [str(e.get("name", "")) for e in _entries(context.result) if e is not context.result]
    for name in raw:
        name = name.strip().lower()
        if len(name) >= 2:
            names.add(name)
            first = name.split()[0]
            if len(first) >= 3:
                names.add(first)
    return names


def _stem(word: str) -> str:
    word = word.lower()
    for suffix in ("ies", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _line_words(lines: Iterable[str]) -> set[str]:
    words = {_stem(w) for line in lines for w in re.findall(r"[A-Za-z]{4,}", line)}
    return {w for w in words if w not in _STOP}


def _numbers(text: str, result: Mapping[str, Any], request: Mapping[str, Any],
             any_digit: bool = True) -> str | None:
    ruin = _values(result, ("ruin_before", "ruin_after", "ruin"))
    for match in _RUIN_NUMBER.finditer(text):
        if ruin and _number(match.group(1)) not in ruin:
            return f"it gives Ruin {match.group(1)}, but Ruin is {sorted(ruin)}"
    tokens = _values(result, ("tokens_before", "tokens_after"))
    for match in _TOKEN_NUMBER.finditer(text):
        if _number(match.group(1)) not in tokens:
            return f"it counts {match.group(1)} tokens, but the tokens are {sorted(tokens)}"
    totals = _values(result, ("total", "endurance", "action_total", "reaction_total",
                              "damage_total", "defense_total", "power", "miscast_total"))
    for match in _TOTAL_NUMBER.finditer(text):
        if _number(match.group(1)) not in totals:
            return f"it gives a total of {match.group(1)}, but the totals are {sorted(totals)}"
    allowed = set(_ints(result)) | set(_ints(request))
    for match in _DIGITS.finditer(text) if any_digit else ():
        if int(match.group()) not in allowed:
            return f"it gives the number {match.group()}, which the settled result does not hold"
    return None


def _outcome(beat: str, text: str, result: Mapping[str, Any]) -> str | None:
    outcome = result.get("outcome", result.get("degree"))
    if outcome in ("failure", "critical_failure"):
        word = _SUCCESS_WORDS.search(text)
        if word:
            return f"it says {word.group()!r} on a {str(outcome).replace('_', ' ')}"
    if outcome in ("success", "critical_success"):
        word = _FAILURE_WORDS.search(text)
        if word:
            return f"it says {word.group()!r} on a {str(outcome).replace('_', ' ')}"
    answer = result.get("answer")
    if beat == "oracle" and isinstance(answer, str):
        found = _ANSWER.match(text)
        said = " ".join(g for g in (found.groups() if found else ()) if g).lower()
        wanted = " ".join(re.findall(r"[a-z]+", answer.lower()))
        if said != wanted:
            return f"it does not begin with the oracle's answer ({answer.upper()})"
    if result.get("roll") == "combat" and result.get("defeated") is False:
        word = _MONSTER_BEATEN.search(text)
        if word:
            return f"it says {word.group()!r}, but the monster is not defeated"
    if result.get("roll") == "combat" and result.get("defeated") is True:
        word = _MONSTER_STANDS.search(text)
        if word:
            return f"it says {word.group()!r}, but the monster is defeated"
    return None


def _about(name: str, pattern: re.Pattern[str], sentence: str) -> re.Match[str] | None:
    """``pattern`` said of ``name``: as its subject (within three words) or its object."""
    who = re.escape(name)
    subject = re.compile(rf"(?<!\w){who}(?!\w)(?:\W+\w+){{0,3}}?\W+({pattern.pattern})",
                         re.IGNORECASE)
    found = subject.search(sentence)
    if found:
        return pattern.search(found.group(1))
    return re.compile(rf"\b(kill(?:s|ed)|slays|slew|has slain)\W+{who}(?!\w)",
                      re.IGNORECASE).search(sentence)


def _fates(text: str, context: NarrationContext) -> str | None:
    result = context.result
    died = (result.get("dies") is True or result.get("fate") == "dead"
            or any(e.get("dead") is True for e in _entries(result)))
    lost = any(e.get("lost") is True for e in _entries(result))
    if died:
        if not _ANY_DEATH.search(text):
            return "it leaves out the death the result settled"
        return None
    names = _names(context)
    for sentence in _SENTENCE.findall(text):
        for name in names:
            death = _about(name, _DEATH, sentence)
            if death:
                return (f"it says {death.group()!r} of a character the result does not kill"
                        if not lost else "it chooses death for the lost character; that "
                                         "choice is the player's")
            loss = _about(name, _LOSS, sentence)
            if loss:
                return (f"it says {loss.group()!r} of a character who is not lost" if not lost
                        else "it chooses the lost character's end; that choice is the "
                             "player's")
    return None


def _told(text: str, context: NarrationContext) -> str:
    """``text`` without the player's own words (their attempt, place, foe, question): what the
    table said is theirs to say; the filter judges what the model added."""
    for said in sorted((context.intent, context.place, context.monster, context.question),
                       key=len, reverse=True):
        if said.strip():
            text = re.sub(re.escape(said.strip()), " ", text, flags=re.IGNORECASE)
    return text


def _safety(text: str, context: NarrationContext) -> str | None:
    avoid = _line_words(context.safety.lines)
    for word in re.findall(r"[A-Za-z]{4,}", text):
        if _stem(word) in avoid:
            return f"it names {word!r}, under one of this campaign's lines"
    # the offline narrator's filter, by meaning as well as by word: a line's theme (a child's
    # voice under "harm to children") and a veil shown on screen reject the text too
    verdict = screen(_told(text, context), context.safety)
    if not verdict.ok:
        return verdict.reason + ", which this campaign's safety settings keep out"
    return None


def check(beat: str, context: NarrationContext, text: str) -> str | None:
    """Why ``text`` may not be shown for this result, or None when it keeps to it."""
    if not text.strip():
        return "it is empty"
    return (_safety(text, context) or _numbers(text, context.result, context.request)
            or _outcome(beat, text, context.result) or _fates(text, context))


def check_items(beat: str, context: NarrationContext, items: Sequence[str]) -> str | None:
    """Why a list's items may not be shown (the safety lines; Ruin, tokens, totals), or None.

    A list comes before the dice or beside them, so a number in it (a numbered item, "two
    crows") is not a claim about the result; only Ruin, tokens and totals are checked.
    """
    for item in items:
        reason = _safety(item, context) or _numbers(item, context.result, context.request,
                                                    any_digit=False)
        if reason:
            return reason
    return None
