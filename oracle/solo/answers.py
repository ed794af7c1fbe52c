"""The solo oracle's yes/no questions: likelihoods, dread, the six answers and their exact odds.

Our own dice (not a fate chart). Three d10 are rolled together:

- the **answer die** says yes when it shows at most the likelihood's number (``YES_FACES``);
- the **tone die** bends the answer: at most ``dark_band(dread)`` is the world's tone
  ("yes, but" / "no, and"), at least ``11 - light_band(dread)`` is yours ("yes, and" /
  "no, but"), anything between leaves the answer plain;
- the **omen die** calls a twist when it shows the same face as the tone die (doubles) and
  that face is at most the dread: exactly dread in 100, so 1% at dread 1 and 9% at dread 9
  (Mythic's random events top out near 10%).

At ``certain`` a no is always softened to "no, but"; at ``impossible`` a yes is always "yes, but"
(so certain never says "no, and" and impossible never "yes, and"). Every step of dread (1..9)
moves the bands (``BANDS``: one face darker or one face less light each step) and the twist
chance, so every step changes the odds of some answer at every likelihood; dread never moves yes
against no, which is the likelihood's alone. ``docs/rulings.md`` (Solo oracle) gives the reasons.
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

# dread -> (dark faces, light faces) of the tone die: each step takes one face from the light
# band or gives one to the dark band, never both, so no two steps read the same
BANDS: Mapping[int, tuple[int, int]] = MappingProxyType({
    1: (1, 4), 2: (1, 3), 3: (2, 3), 4: (2, 2), 5: (3, 2), 6: (3, 1), 7: (4, 1), 8: (5, 1),
    9: (6, 1),
})


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


# the one set of likelihood names ``oracle ask``, ``oracle inspire`` and the app accept
LIKELIHOOD_NAMES: tuple[str, ...] = tuple(level.value.replace(" ", "_") for level in Likelihood)
# other words for a level, accepted everywhere (``doubtful`` was ``inspire``'s word)
ALIASES: Mapping[str, Likelihood] = MappingProxyType({
    "doubtful": Likelihood.VERY_UNLIKELY, "probable": Likelihood.LIKELY,
    "sure": Likelihood.CERTAIN, "no chance": Likelihood.IMPOSSIBLE,
})


def parse_likelihood(value: object) -> Likelihood:
    """A likelihood from its name; ``very_likely``, ``very-likely`` and ``Very Likely`` all work,
    and so do the aliases (``doubtful`` is very unlikely)."""
    if isinstance(value, Likelihood):
        return value
    if isinstance(value, str):
        key = " ".join(value.replace("_", " ").replace("-", " ").lower().split())
        for level in Likelihood:
            if level.value == key:
                return level
        if key in ALIASES:
            return ALIASES[key]
    names = ", ".join(LIKELIHOOD_NAMES)
    raise RequestError(f"likelihood: {shown(value)} is not a likelihood; use one of {names} "
                       "(or doubtful).")


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
    """How many low faces of the tone die are the world's: 1 at dread 1, up to 6 at 9."""
    return BANDS[dread][0]


def light_band(dread: int) -> int:
    """How many high faces of the tone die are yours: 4 at dread 1, down to 1 from dread 6."""
    return BANDS[dread][1]


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
    """The omen die matching the tone die (doubles) at or under the dread calls a twist."""
    return omen_die == tone_die and omen_die <= dread


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
