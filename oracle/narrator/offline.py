"""The embedded offline narrator: original writing in Trophy's voice, dealt from seeded decks.

Each beat draws from its tables in ``prompts/offline/`` through a :class:`Deck`, so a replay with
the same seed is identical and no entry repeats before its table is used up. Entries are Jinja
snippets woven around the character's name, occupation, stated intent and place.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from oracle.narrator.base import (
    NarrationContext,
    NarrationResult,
    Narrator,
    OnText,
    Safety,
    unnamed,
)
from oracle.narrator.beats import find_beat
from oracle.narrator.deck import Deck
from oracle.narrator.templates import load_table, render_offline, render_snippet


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_FIRST_PERSON = re.compile(r"^(?:i\s+will|i'll|i\s+want\s+to|i\s+try\s+to|i|to)\s+", re.IGNORECASE)


_PRONOUNS = (("myself", "themself"), ("my", "their"), ("mine", "theirs"), ("me", "them"))


def _verb_phrase(intent: str) -> str:
    """``"I pick the lock."`` -> ``"pick the lock"``, so it reads after "tries to"."""
    text = _FIRST_PERSON.sub("", intent.strip()).rstrip(".!? ")
    for mine, theirs in _PRONOUNS:
        text = re.sub(rf"\b{mine}\b", theirs, text, flags=re.IGNORECASE)
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def weave_vars(context: NarrationContext) -> dict[str, Any]:
    """The variables every offline entry may use (raw text: the app escapes the output)."""
    first = context.characters[0] if context.characters else {}
    nobody, trade, where = unnamed(context.system)
    name = str(first.get("name") or nobody).strip()
    occupation = str(first.get("occupation") or trade).strip()
    place = context.place.strip() or where
    intent = _verb_phrase(context.intent) or "press on"
    return {
        "name": name,
        "Name": _cap(name),
        "occupation": occupation,
        "place": place,
        "Place": _cap(place),
        "intent": intent,
        "question": context.question.strip(),
        "result": dict(context.result),
        "n": context.n,
        "names": [str(c.get("name", "")) for c in context.characters],
    }


def _stem(word: str) -> str:
    word = word.lower()
    for suffix in ("ies", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _avoid_words(safety: Safety) -> tuple[str, ...]:
    words = re.findall(r"[A-Za-z]{4,}", " ".join((*safety.lines, *safety.veils)))
    return tuple(sorted({_stem(w) for w in words}))


def _clean(entry: str, avoid: tuple[str, ...]) -> bool:
    lowered = entry.lower()
    return not any(word in lowered for word in avoid)


def facts_sentence(result: Mapping[str, Any]) -> str:
    """The settled facts in one plain sentence, from the rules core's own fields."""
    roll = result.get("roll")
    parts: list[str] = []
    if "highest" in result and result.get("highest") is not None:
        dark = " (dark)" if result.get("highest_is_dark") else ""
        parts.append(f"highest die {result['highest']}{dark}")
    if "outcome" in result:
        parts.append(str(result["outcome"]))
    if "encounter" in result:
        parts.append(f"encounter: {result['encounter']}")
    if "tokens_before" in result and "tokens_after" in result:
        parts.append(f"Hunt Tokens {result['tokens_before']} \u2192 {result['tokens_after']}")
    if roll == "combat" and result.get("total") is not None:
        parts.append(f"total {result['total']}")
    if "defeated" in result:
        parts.append("the monster is defeated" if result["defeated"] else "the monster stands")
    if "winner" in result:
        parts.append(f"winner: {result['winner'] if result['winner'] is not None else 'none'}")
    if "answer" in result:
        parts.append(f"the oracle says {str(result['answer']).upper()}")
    if "ruin_before" in result and "ruin_after" in result:
        parts.append(f"Ruin {result['ruin_before']} \u2192 {result['ruin_after']}")
    if result.get("noticed") is True:
        parts.append("someone noticed")
    if not parts:
        parts = [f"{k}: {v}" for k, v in result.items()
                 if k != "roll" and isinstance(v, (str, int, float, bool))][:6]
    label = str(roll).replace("_", " ") if roll else "roll"
    return f"{_cap(label)}: " + "; ".join(parts) + "." if parts else f"{_cap(label)}."


class OfflineNarrator(Narrator):
    """The embedded narrator. Deterministic: same seed and deck state, same words."""

    name = "offline"

    def __init__(self, seed: object = "oracle", reason: str = "no ANTHROPIC_API_KEY",
                 deck: Deck | None = None) -> None:
        self._deck = deck if deck is not None else Deck.seeded(seed)
        self._reason = reason

    @property
    def status(self) -> str:
        return f"offline: {self._reason}"

    @property
    def deck(self) -> Deck:
        """This narrator's own deck (used when a context carries none)."""
        return self._deck

    def narrate(
        self, beat: str, context: NarrationContext, on_text: OnText | None = None
    ) -> NarrationResult:
        result = self.compose(beat, context)
        if on_text is not None:
            on_text(result.text)
        return result

    def compose(self, beat: str, context: NarrationContext,
                fallback_reason: str | None = None) -> NarrationResult:
        """Deal and weave the beat's text; advances the context's deck or this narrator's."""
        spec = find_beat(beat)
        table = spec.table_for(context.result)
        entries_raw = load_table(table)
        variables = weave_vars(context)
        wanted = context.n if spec.listing else 1
        avoid = _avoid_words(context.safety)
        deck = context.deck if context.deck is not None else self._deck
        entries: list[str] = []
        for _ in range(len(entries_raw)):
            (index,), deck = deck.draw(table, len(entries_raw))
            entry = render_snippet(entries_raw[index], variables)
            if _clean(entry, avoid):
                entries.append(entry)
            if len(entries) == wanted:
                break
        if not entries:
            entries = ["The forest keeps its own counsel."]
        if context.deck is None:
            self._deck = deck
        text = render_offline(
            beat, {**variables, "entries": entries, "facts": facts_sentence(context.result)}
        )
        return NarrationResult(
            text=text,
            narrator="offline",
            beat=beat,
            items=tuple(entries) if spec.listing else (),
            fallback_reason=fallback_reason,
            deck=deck,
        )
