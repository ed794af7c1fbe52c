"""The Hunt Roll and Hunt Tokens (SRD 1.2)."""

from __future__ import annotations

import itertools

import pytest

from oracle.errors import RuleError
from oracle.trophy.hunt import Encounter, TokenUse, claim_tokens, read_hunt, spend_tokens


@pytest.mark.parametrize(("highest", "tokens_after", "lost", "encounter"), [
    # highest  tokens (from 2)  all lost?  encounter
    (1,        0,               True,      Encounter.PRESENT),
    (2,        2,               False,     Encounter.PRESENT),
    (3,        2,               False,     Encounter.PRESENT),
    (4,        3,               False,     Encounter.DISTANT),
    (5,        3,               False,     Encounter.DISTANT),
    (6,        3,               False,     Encounter.NONE),
])
def test_the_hunt_table(highest: int, tokens_after: int, lost: bool,
                        encounter: Encounter) -> None:
    result = read_hunt(2, [highest])
    assert (result.tokens_after, result.tokens_lost, result.encounter) == (
        tokens_after, lost, encounter)


def brute_hunt(tokens: int, faces: tuple[int, ...]) -> tuple[int, str]:
    top = max(faces)
    table = {1: (0, "present"), 2: (tokens, "present"), 3: (tokens, "present"),
             4: (tokens + 1, "distant"), 5: (tokens + 1, "distant"), 6: (tokens + 1, "none")}
    return table[top]


def test_every_face_of_one_and_two_hunt_dice_matches_the_brute_force() -> None:
    for n in (1, 2):
        for faces in itertools.product(range(1, 7), repeat=n):
            for tokens in range(4):
                result = read_hunt(tokens, faces)
                assert (result.tokens_after, result.encounter.value) == brute_hunt(tokens, faces)
                assert result.highest == max(faces)


@pytest.mark.parametrize("light", [[], [1, 2, 3]])
def test_a_hunt_roll_uses_one_or_two_light_dice(light: list[int]) -> None:
    with pytest.raises(RuleError, match="^light:"):
        read_hunt(0, light)


def test_a_lost_character_cannot_hunt() -> None:
    with pytest.raises(RuleError, match="^ruin:"):
        read_hunt(0, [3], ruin=6)


@pytest.mark.parametrize(("use", "holdings", "give", "after"), [
    (TokenUse.TREASURE, {"A": 1}, {"A": 1}, {"A": 0}),
    (TokenUse.GOAL, {"A": 3, "B": 1}, {"A": 3}, {"A": 0, "B": 1}),
    (TokenUse.GOAL, {"A": 1, "B": 1, "C": 2}, {"A": 1, "B": 1, "C": 1},
     {"A": 0, "B": 0, "C": 1}),  # pooled between characters
])
def test_spending_one_token_buys_treasure_and_three_a_goal(
    use: TokenUse, holdings: dict[str, int], give: dict[str, int], after: dict[str, int]
) -> None:
    assert spend_tokens(holdings, give, use) == after


@pytest.mark.parametrize(("use", "holdings", "give"), [
    (TokenUse.GOAL, {"A": 2}, {"A": 2}),  # not enough for a goal
    (TokenUse.TREASURE, {"A": 2}, {"A": 2}),  # a treasure costs exactly 1
    (TokenUse.GOAL, {"A": 2, "B": 0}, {"A": 2, "B": 1}),  # B has none to give
    (TokenUse.GOAL, {"A": 5}, {"A": 3, "Z": 0}),
    (TokenUse.TREASURE, {"A": 5}, {}),
])
def test_spending_more_than_held_or_the_wrong_amount_is_refused(
    use: TokenUse, holdings: dict[str, int], give: dict[str, int]
) -> None:
    with pytest.raises(RuleError, match="^from"):
        spend_tokens(holdings, give, use)


def test_a_fallen_companions_tokens_are_claimed_as_gold_in_full() -> None:
    assert claim_tokens(3, {"A": 2, "B": 1}) == {"A": 2, "B": 1}
    with pytest.raises(RuleError, match="^shares:"):
        claim_tokens(3, {"A": 2})
    with pytest.raises(RuleError, match="^shares.A:"):
        claim_tokens(1, {"A": -1, "B": 2})
