"""The solo oracle's yes/no questions: likelihoods, dread, the six answers and their exact odds.

Our own dice (not a fate chart). Three d10 are rolled together:

- the **answer die** says yes when it shows at most the likelihood's number (``YES_FACES``);
- the **tone die** bends the answer: at most ``dark_band(dread)`` is the forest's tone
  ("yes, but" / "no, and"), at least ``11 - light_band(dread)`` is yours ("yes, and" /
  "no, but"), anything between leaves the answer plain;
- the **omen die** calls a twist when it shows at most the dread and the tone die shows at
  most ``TWIST_TONE`` (a dark hour and an omen together).

At ``certain`` a no is always softened to "no, but"; at ``impossible`` a yes is always "yes, but"
(so certain never says "no, and" and impossible never "yes, and"). Dread (1..9) widens the dark
band, narrows the light one and brings more twists; it never moves yes against no, which is the
likelihood's alone. ``docs/rulings.md`` (Solo oracle) gives the reasons.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from types import MappingProxyType

from oracle.dice import DiceSource
from oracle.errors import RequestError, shown

ANSWER_SIDES = 10
MIN_DREAD = 1
MAX_DREAD = 9
DEFAULT_DREAD = 5
TWIST_TONE = 3  # the tone die must show 1..3 for an omen to become a twist


class Likelihood(enum.Enum):
    """How likely the player thinks a yes is, from impossible to certain."""

    IMPOSSIBLE = "impossible"
    VERY_UNLIKELY = "very unlikely"
    UNLIKELY = "unlikely"
    EVEN = "even"
    LIKELY = "likely"
    VERY_LIKELY = "very likely"
    CERTAIN = "certain"


# faces of the answer die (out of 10) that say yes
YES_FACES: Mapping[Likelihood, int] = {
    Likelihood.IMPOSSIBLE: 1,
    Likelihood.VERY_UNLIKELY: 2,
    Likelihood.UNLIKELY: 3,
    Likelihood.EVEN: 5,
    Likelihood.LIKELY: 7,
    Likelihood.VERY_LIKELY: 8,
    Likelihood.CERTAIN: 9,
}


class Answer(enum.Enum):
    """The six answers, in the order the command line prints them."""

    YES = "yes"
    NO = "no"
    YES_AND = "yes, and"
    YES_BUT = "yes, but"
    NO_AND = "no, and"
    NO_BUT = "no, but"

    @property
    def is_yes(self) -> bool:
        return self in (Answer.YES, Answer.YES_AND, Answer.YES_BUT)


def parse_likelihood(value: object) -> Likelihood:
    """A likelihood from its name; ``very_likely``, ``very-likely`` and ``Very Likely`` all work."""
    if isinstance(value, Likelihood):
        return value
    if isinstance(value, str):
        key = " ".join(value.replace("_", " ").replace("-", " ").lower().split())
        for level in Likelihood:
            if level.value == key:
                return level
    names = ", ".join(level.value.replace(" ", "_") for level in Likelihood)
    raise RequestError(f"likelihood: {shown(value)} is not a likelihood; use one of {names}.")


def check_dread(value: object) -> int:
    """A dread factor: a whole number from 1 (calm) to 9 (the forest is awake)."""
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"dread: must be a whole number from {MIN_DREAD} to {MAX_DREAD}, "
                           f"not {shown(value)}.")
    if not MIN_DREAD <= value <= MAX_DREAD:
        raise RequestError(f"dread: runs from {MIN_DREAD} to {MAX_DREAD}; got {value}.")
    return value


def dark_band(dread: int) -> int:
    """How many low faces of the tone die are the forest's: 1 at dread 1-2, up to 4 at 9."""
    return 1 + dread // 3


def light_band(dread: int) -> int:
    """How many high faces of the tone die are yours: 3 at dread 1-3, 2 at 4-7, 1 at 8-9."""
    return 3 - dread // 4


def read_answer(likelihood: Likelihood, dread: int, answer_die: int, tone_die: int) -> Answer:
    """The answer the answer die and tone die give at this likelihood and dread."""
    yes = answer_die <= YES_FACES[likelihood]
    dark = tone_die <= dark_band(dread)
    light = tone_die > ANSWER_SIDES - light_band(dread)
    if yes:
        if likelihood is Likelihood.IMPOSSIBLE:
            return Answer.YES_BUT  # an impossible yes always comes at a price
        return Answer.YES_BUT if dark else Answer.YES_AND if light else Answer.YES
    if likelihood is Likelihood.CERTAIN:
        return Answer.NO_BUT  # a certain no is always softened
    return Answer.NO_AND if dark else Answer.NO_BUT if light else Answer.NO


def is_twist(dread: int, tone_die: int, omen_die: int) -> bool:
    """An omen at or under the dread, in a dark hour of the tone die, calls a twist."""
    return omen_die <= dread and tone_die <= TWIST_TONE


@dataclass(frozen=True)
class AskOdds:
    """Exact odds of one question before the dice fall."""

    likelihood: Likelihood
    dread: int
    answers: Mapping[Answer, Fraction]
    twist: Fraction
    joint: Mapping[tuple[Answer, bool], Fraction]  # P(answer and twist-or-not)

    @property
    def yes(self) -> Fraction:
        return sum((p for a, p in self.answers.items() if a.is_yes), Fraction(0))


def ask_odds(likelihood: Likelihood | str, dread: int = DEFAULT_DREAD) -> AskOdds:
    """Enumerate all 1000 throws of the three d10: the exact odds of every answer and twist."""
    return _enumerate(parse_likelihood(likelihood), check_dread(dread))


@cache
def _enumerate(level: Likelihood, dread: int) -> AskOdds:
    counts: dict[tuple[Answer, bool], int] = {}
    faces = range(1, ANSWER_SIDES + 1)
    for a, t, o in product(faces, faces, faces):
        key = (read_answer(level, dread, a, t), is_twist(dread, t, o))
        counts[key] = counts.get(key, 0) + 1
    space = ANSWER_SIDES**3
    joint = {key: Fraction(n, space) for key, n in counts.items()}
    answers = {a: sum((p for (b, _), p in joint.items() if b is a), Fraction(0)) for a in Answer}
    twist = sum((p for (_, tw), p in joint.items() if tw), Fraction(0))
    return AskOdds(level, dread, MappingProxyType(answers), twist, MappingProxyType(joint))


@dataclass(frozen=True)
class Throw:
    """The three dice of one question."""

    answer_die: int
    tone_die: int
    omen_die: int


def throw(dice: DiceSource) -> Throw:
    """Roll the answer, tone and omen dice, in that order."""
    return Throw(dice.roll(ANSWER_SIDES), dice.roll(ANSWER_SIDES), dice.roll(ANSWER_SIDES))
