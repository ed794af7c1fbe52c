"""Twists: random events with a kind and a meaning pair (an action and a subject) to interpret.

A twist's kind is read on a d10 (``KINDS``: some kinds cover two faces). Kinds that bring back
a thread or a character take one from the lists the player keeps, when there is one; with an
empty list the same kind opens a new one (``focus`` is None and ``new`` is true). The meaning
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

KIND_SIDES = 10
PACKAGE = "oracle.solo"


class TwistKind(enum.Enum):
    """What a twist changes."""

    NEW_DANGER = "a new danger"
    THREAD_ADVANCES = "a thread advances"
    THREAD_TURNS = "a thread turns against you"
    CHARACTER_RETURNS = "a character returns"
    STRANGER = "a stranger appears"
    REMNANT = "a remnant of the lost"
    GLINT = "gold glints"
    COMPANION = "a companion falters"
    WAY_CHANGES = "the way changes"


# d10 face -> kind; the forest's dangers are twice as common as anything else
KINDS: Mapping[int, TwistKind] = {
    1: TwistKind.NEW_DANGER,
    2: TwistKind.NEW_DANGER,
    3: TwistKind.THREAD_ADVANCES,
    4: TwistKind.THREAD_TURNS,
    5: TwistKind.CHARACTER_RETURNS,
    6: TwistKind.STRANGER,
    7: TwistKind.REMNANT,
    8: TwistKind.GLINT,
    9: TwistKind.COMPANION,
    10: TwistKind.WAY_CHANGES,
}

THREAD_KINDS = (TwistKind.THREAD_ADVANCES, TwistKind.THREAD_TURNS)
CHARACTER_KINDS = (TwistKind.CHARACTER_RETURNS,)


def kind_odds() -> dict[TwistKind, Fraction]:
    """The exact chance of each kind, given that a twist happens."""
    odds = {kind: Fraction(0) for kind in TwistKind}
    for kind in KINDS.values():
        odds[kind] += Fraction(1, KIND_SIDES)
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
        return {"kind": self.kind.name.lower(), "label": self.kind.value, "focus": self.focus,
                "new": self.new, "meaning": {"action": self.action, "subject": self.subject}}


def meaning_pair(dice: DiceSource) -> tuple[str, str]:
    """An action and a subject, one die each."""
    return pick(dice, actions()), pick(dice, subjects())


def draw_twist(dice: DiceSource, threads: Sequence[str] = (),
               characters: Sequence[str] = ()) -> Twist:
    """Roll a twist: the kind (d10), its focus when a list applies, then the meaning pair."""
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
        else:
            new = True  # nothing to come back: the twist opens a new thread or character
    action, subject = meaning_pair(dice)
    return Twist(kind, action, subject, focus, new)
