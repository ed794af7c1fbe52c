"""Scenes: the player states what they expect; two d10 against the dread keep, alter or
interrupt it.

Sum the two d10. At most the dread: the scene is **interrupted** by a twist. Above the dread
by at most ``ALTERED_BAND``: the scene is **altered** (something in it is not as expected).
Higher: it is **kept**. At dread 1 no scene is interrupted; at dread 9 about one in three is.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from oracle.dice import DiceSource
from oracle.errors import RequestError
from oracle.solo.answers import check_dread
from oracle.solo.asking import fraction_text
from oracle.solo.twists import Twist, draw_twist

SCENE_SIDES = 10
ALTERED_BAND = 5
MAX_EXPECTED = 600


class SceneFate(enum.Enum):
    """What becomes of the scene the player expected."""

    KEPT = "kept"
    ALTERED = "altered"
    INTERRUPTED = "interrupted"


def scene_fate(dread: int, total: int) -> SceneFate:
    """The fate the two dice's ``total`` gives at this dread."""
    if total <= dread:
        return SceneFate.INTERRUPTED
    if total <= dread + ALTERED_BAND:
        return SceneFate.ALTERED
    return SceneFate.KEPT


def scene_odds(dread: int) -> dict[SceneFate, Fraction]:
    """Exact odds of each fate, enumerating the 100 throws."""
    dread = check_dread(dread)
    odds = {fate: Fraction(0) for fate in SceneFate}
    for a in range(1, SCENE_SIDES + 1):
        for b in range(1, SCENE_SIDES + 1):
            odds[scene_fate(dread, a + b)] += Fraction(1, SCENE_SIDES**2)
    return odds


@dataclass(frozen=True)
class Scene:
    """A new scene: what was expected, the dice, its fate and the interrupting twist."""

    expected: str
    dread: int
    dice: tuple[int, int]
    fate: SceneFate
    twist: Twist | None
    odds: dict[SceneFate, Fraction]

    def to_dict(self) -> dict[str, Any]:
        return {
            "roll": "scene",
            "expected": self.expected,
            "dread": self.dread,
            "dice": list(self.dice),
            "fate": self.fate.value,
            "odds": {f.value: float(p) for f, p in self.odds.items()},
            "odds_exact": {f.value: fraction_text(p) for f, p in self.odds.items()},
            "twist": None if self.twist is None else self.twist.to_dict(),
        }


def new_scene(expected: object, dread: int, dice: DiceSource, threads: Sequence[str] = (),
              characters: Sequence[str] = ()) -> Scene:
    """Roll a new scene against the dread; an interrupted scene draws its twist."""
    if not isinstance(expected, str) or not expected.strip():
        raise RequestError("expected: say in a few words what the scene should be.")
    if len(expected) > MAX_EXPECTED:
        raise RequestError(f"expected: keep it under {MAX_EXPECTED} characters.")
    odds = scene_odds(dread)
    faces = (dice.roll(SCENE_SIDES), dice.roll(SCENE_SIDES))
    fate = scene_fate(dread, sum(faces))
    twist = draw_twist(dice, threads, characters) if fate is SceneFate.INTERRUPTED else None
    return Scene(expected.strip(), dread, faces, fate, twist, odds)
