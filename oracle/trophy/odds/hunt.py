"""Exact odds of a Hunt Roll and of the Hunt Tokens held after it."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oracle.errors import RuleError
from oracle.trophy.odds.dice import FACES, ZERO, check_count, pmf_max


@dataclass(frozen=True)
class HuntOdds:
    """Exact odds of a Hunt Roll."""

    light: int
    tokens: int
    highest: tuple[Fraction, ...]

    @property
    def bands(self) -> dict[str, Fraction]:
        """SRD 1.2, Hunt Roll: 1 / 2-3 / 4-5 / 6."""
        h = self.highest
        return {"1": h[0], "2-3": h[1] + h[2], "4-5": h[3] + h[4], "6": h[5]}

    @property
    def encounter(self) -> dict[str, Fraction]:
        """1-3 present and threatening, 4-5 distant, 6 none."""
        h = self.highest
        return {"present": h[0] + h[1] + h[2], "distant": h[3] + h[4], "none": h[5]}

    @property
    def token_gained(self) -> Fraction:
        return self.highest[3] + self.highest[4] + self.highest[5]

    @property
    def tokens_lost(self) -> Fraction:
        """A highest 1 loses every token the roller holds."""
        return self.highest[0]

    @property
    def tokens_after(self) -> dict[int, Fraction]:
        after: dict[int, Fraction] = {}
        for face, p in zip(FACES, self.highest, strict=True):
            n = 0 if face == 1 else self.tokens + (1 if face >= 4 else 0)
            after[n] = after.get(n, ZERO) + p
        return dict(sorted(after.items()))

    @property
    def tokens_after_expected(self) -> Fraction:
        return sum((n * p for n, p in self.tokens_after.items()), ZERO)


def hunt_odds(light: int, tokens: int = 0) -> HuntOdds:
    """Exact odds of a Hunt Roll with 1 or 2 light dice, holding ``tokens`` Hunt Tokens."""
    check_count("light", light)
    if not 1 <= light <= 2:
        raise RuleError(
            "light: a Hunt Roll takes 1 light die, plus 1 for a Skill or equipment; "
            f"got {light}."
        )
    check_count("tokens", tokens)
    return HuntOdds(light, tokens, tuple(pmf_max(light, x) for x in FACES))
