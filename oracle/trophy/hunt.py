"""The Hunt Roll and Hunt Tokens (SRD 1.2).

A Hunt Roll is one light die for exploring plus one for a helpful Skill or equipment. Tokens are
gained and lost by each character alone, pooled for a spend (1 token: a treasure worth 1 Gold;
3 tokens: a goal), and a dead character's tokens can be claimed as Gold by companions.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from oracle.dice import check_face
from oracle.errors import RuleError, shown
from oracle.requests import whole
from oracle.trophy.ruin import check_can_roll
from oracle.wording import plural

MAX_HUNT_LIGHT = 2


class Encounter(enum.Enum):
    """How near the terrible thing is (SRD 1.2, Hunt Roll)."""

    PRESENT = "present"  # 1-3: here and threatening
    DISTANT = "distant"  # 4-5: further away, or not obviously dangerous
    NONE = "none"  # 6


class TokenUse(enum.Enum):
    """What Hunt Tokens buy (SRD 1.2, Hunt Tokens)."""

    TREASURE = "treasure"  # 1 token: a treasure worth 1 Gold
    GOAL = "goal"  # 3 tokens: achieve a goal

    @property
    def cost(self) -> int:
        return 1 if self is TokenUse.TREASURE else 3


TREASURE_GOLD = 1


@dataclass(frozen=True)
class HuntResult:
    """A Hunt Roll read."""

    light: tuple[int, ...]
    highest: int
    tokens_before: int
    tokens_after: int
    encounter: Encounter

    @property
    def tokens_lost(self) -> bool:
        """A highest die of 1 loses all the roller's tokens (even none)."""
        return self.highest == 1


def check_tokens(field: str, tokens: object) -> int:
    """Tokens are a whole number, never negative."""
    value = whole(field, tokens)
    if value < 0:
        raise RuleError(f"{field}: Hunt Tokens are never negative; got {value}.")
    return value


def read_hunt(tokens: int, light: Sequence[int], ruin: int | None = None) -> HuntResult:
    """SRD 1.2, Hunt Roll: 1 loses all tokens; 2-3 present; 4-5 +1 token, distant; 6 +1 token."""
    before = check_tokens("tokens", tokens)
    if ruin is not None:
        check_can_roll("ruin", ruin)
    if not 1 <= len(light) <= MAX_HUNT_LIGHT:
        raise RuleError(
            "light: a Hunt Roll uses 1 or 2 light dice (one for exploring, one for a Skill or "
            f"equipment); got {len(light)}."
        )
    faces = tuple(check_face(f"light[{index}]", face) for index, face in enumerate(light))
    highest = max(faces)
    if highest == 1:
        after, encounter = 0, Encounter.PRESENT
    elif highest <= 3:
        after, encounter = before, Encounter.PRESENT
    elif highest <= 5:
        after, encounter = before + 1, Encounter.DISTANT
    else:
        after, encounter = before + 1, Encounter.NONE
    return HuntResult(
        light=faces, highest=highest, tokens_before=before, tokens_after=after, encounter=encounter
    )


def spend_tokens(
    holdings: Mapping[str, int], contributions: Mapping[str, int], use: TokenUse
) -> dict[str, int]:
    """Pool tokens from one or more characters for one spend; return everyone's new holdings.

    The contributions must add up to exactly the cost, and nobody gives more than they hold.
    """
    if not contributions:
        raise RuleError("from: say whose Hunt Tokens pay for the spend.")
    total = 0
    for name, amount in contributions.items():
        field = f"from.{name}"
        given = whole(field, amount)
        if name not in holdings:
            raise RuleError(f"{field}: no character called {shown(name)} holds Hunt Tokens.")
        if given < 1:
            raise RuleError(f"{field}: each contributor gives at least 1 token; got {given}.")
        if given > holdings[name]:
            raise RuleError(
                f"{field}: {name} has {plural(holdings[name], 'Hunt Token')}, cannot give {given}."
            )
        total += given
    if total != use.cost:
        raise RuleError(
            f"from: a {use.value} costs exactly {plural(use.cost, 'Hunt Token')}; "
            f"the pool gives {total}."
        )
    return {
        name: held - contributions.get(name, 0) for name, held in holdings.items()
    }


def claim_tokens(tokens: int, shares: Mapping[str, int]) -> dict[str, int]:
    """A dead character's tokens become Gold for companions, 1 Gold per token.

    ``shares`` says how many each companion takes; together they take every token.
    """
    held = check_tokens("tokens", tokens)
    total = 0
    for name, amount in shares.items():
        taken = whole(f"shares.{name}", amount)
        if taken < 0:
            raise RuleError(f"shares.{name}: a share is never negative; got {taken}.")
        total += taken
    if total != held:
        raise RuleError(
            f"shares: the companions claim every one of the {plural(held, 'token')}; the shares add to "
            f"{total}."
        )
    return {name: amount for name, amount in shares.items() if amount}
