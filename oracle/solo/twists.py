"""Twists: random events with a kind (the event focus) and a meaning pair to interpret.

A twist's kind is read on a d20 (``KINDS``: sixteen kinds, some on two faces); each is positive,
negative or neutral (a quarter, a quarter, a half), and they include a thread advancing, turning
or closing, a character acting or returning, a stranger, and something happening elsewhere.
Kinds that bring back a thread or a character take one from the lists the player keeps, when
there is one; with an empty list the same kind opens a new one (``focus`` is None and ``new`` is
true), except a thread closing, which then closes nothing. The meaning
pair is one word from each of our tables (``tables/actions.txt`` and ``tables/subjects.txt``,
one die as large as the table).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from oracle.dice import DiceSource
from oracle.solo.tables import load_table, pick

KIND_SIDES = 20
PACKAGE = "oracle.solo"


class Tone(enum.Enum):
    """Whether a twist helps the player, harms them, or only changes the story."""

    POSITIVE = "positive"
    NEGATIVE = "negative"
    NEUTRAL = "neutral"


class TwistKind(enum.Enum):
    """What a twist changes: its event focus."""

    NEW_DANGER = "a new danger"
    THREAD_ADVANCES = "a thread advances"
    THREAD_TURNS = "a thread turns against you"
    THREAD_CLOSES = "a thread closes"
    CHARACTER_ACTS = "a character acts"
    CHARACTER_RETURNS = "a character returns"
    STRANGER = "a stranger appears"
    ELSEWHERE = "something happens elsewhere"
    REMNANT = "a remnant of the lost"
    GLINT = "fortune glints"
    AID = "help comes"
    EDGE = "you gain an edge"
    BURDEN = "a burden falls on you"
    COMPANION = "a companion falters"
    WAY_CHANGES = "the way changes"
    AMBIGUOUS = "something uncertain stirs"

    @property
    def tone(self) -> Tone:
        return TONES[self]


TONES: Mapping[TwistKind, Tone] = {
    TwistKind.NEW_DANGER: Tone.NEGATIVE,
    TwistKind.THREAD_TURNS: Tone.NEGATIVE,
    TwistKind.COMPANION: Tone.NEGATIVE,
    TwistKind.BURDEN: Tone.NEGATIVE,
    TwistKind.THREAD_ADVANCES: Tone.POSITIVE,
    TwistKind.GLINT: Tone.POSITIVE,
    TwistKind.AID: Tone.POSITIVE,
    TwistKind.EDGE: Tone.POSITIVE,
    TwistKind.THREAD_CLOSES: Tone.NEUTRAL,
    TwistKind.CHARACTER_ACTS: Tone.NEUTRAL,
    TwistKind.CHARACTER_RETURNS: Tone.NEUTRAL,
    TwistKind.STRANGER: Tone.NEUTRAL,
    TwistKind.ELSEWHERE: Tone.NEUTRAL,
    TwistKind.REMNANT: Tone.NEUTRAL,
    TwistKind.WAY_CHANGES: Tone.NEUTRAL,
    TwistKind.AMBIGUOUS: Tone.NEUTRAL,
}

# d20 face -> kind: a quarter harms, a quarter helps, half only turns the story
KINDS: Mapping[int, TwistKind] = {
    1: TwistKind.NEW_DANGER,
    2: TwistKind.NEW_DANGER,
    3: TwistKind.THREAD_TURNS,
    4: TwistKind.COMPANION,
    5: TwistKind.BURDEN,
    6: TwistKind.THREAD_ADVANCES,
    7: TwistKind.THREAD_ADVANCES,
    8: TwistKind.AID,
    9: TwistKind.EDGE,
    10: TwistKind.GLINT,
    11: TwistKind.THREAD_CLOSES,
    12: TwistKind.CHARACTER_ACTS,
    13: TwistKind.CHARACTER_ACTS,
    14: TwistKind.CHARACTER_RETURNS,
    15: TwistKind.STRANGER,
    16: TwistKind.ELSEWHERE,
    17: TwistKind.ELSEWHERE,
    18: TwistKind.REMNANT,
    19: TwistKind.WAY_CHANGES,
    20: TwistKind.AMBIGUOUS,
}

THREAD_KINDS = (TwistKind.THREAD_ADVANCES, TwistKind.THREAD_TURNS, TwistKind.THREAD_CLOSES)
CHARACTER_KINDS = (TwistKind.CHARACTER_RETURNS, TwistKind.CHARACTER_ACTS)
# with an empty list these open a new thread or character; a thread cannot close from nothing
OPENS_NEW = (TwistKind.THREAD_ADVANCES, TwistKind.THREAD_TURNS) + CHARACTER_KINDS


def kind_odds() -> dict[TwistKind, Fraction]:
    """The exact chance of each kind, given that a twist happens."""
    odds = {kind: Fraction(0) for kind in TwistKind}
    for kind in KINDS.values():
        odds[kind] += Fraction(1, KIND_SIDES)
    return odds


def tone_odds() -> dict[Tone, Fraction]:
    """The exact chance a twist helps, harms or is neutral."""
    odds = {tone: Fraction(0) for tone in Tone}
    for kind, p in kind_odds().items():
        odds[kind.tone] += p
    return odds


def actions() -> tuple[str, ...]:
    """The action half of the meaning pair (verbs)."""
    return load_table(PACKAGE, "actions")


def subjects() -> tuple[str, ...]:
    """The subject half of the meaning pair (nouns)."""
    return load_table(PACKAGE, "subjects")


@dataclass(frozen=True)
class Twist:
    """A random event: its kind, what it bears on (if anything) and its meaning pair."""

    kind: TwistKind
    action: str
    subject: str
    focus: str | None = None
    new: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.name.lower(), "label": self.kind.value,
                "tone": self.kind.tone.value, "focus": self.focus, "new": self.new,
                "meaning": {"action": self.action, "subject": self.subject}}


def meaning_pair(dice: DiceSource) -> tuple[str, str]:
    """An action and a subject, one die each."""
    return pick(dice, actions()), pick(dice, subjects())


def draw_twist(dice: DiceSource, threads: Sequence[str] = (),
               characters: Sequence[str] = ()) -> Twist:
    """Roll a twist: the kind (d20), its focus when a list applies, then the meaning pair."""
    kind = KINDS[dice.roll(KIND_SIDES)]
    pool: Sequence[str] = ()
    if kind in THREAD_KINDS:
        pool = threads
    elif kind in CHARACTER_KINDS:
        pool = characters
    focus = None
    new = False
    if kind in THREAD_KINDS or kind in CHARACTER_KINDS:
        if pool:
            focus = pool[dice.roll(len(pool)) - 1]
        else:  # nothing to come back: the twist opens a new thread or character
            new = kind in OPENS_NEW
    action, subject = meaning_pair(dice)
    return Twist(kind, action, subject, focus, new)
