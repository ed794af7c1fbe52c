"""Sentences a player reads count in real words: "1 Hunt Token", "2 times", never "token(s)".

Issue 17's wording class: error sentences (Hunt, Combat, typed faces, Triptycho hands) and the
narrator's settled facts say the singular for one and the plural for more.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from oracle.errors import RuleError
from oracle.wording import noun, plural


def refusal(call: Callable[[], object]) -> str:
    with pytest.raises(RuleError) as caught:
        call()
    text = str(caught.value)
    assert "(s)" not in text, text
    return text


def test_plural_and_noun_follow_the_count() -> None:
    assert [plural(n, "token") for n in (0, 1, 2)] == ["0 tokens", "1 token", "2 tokens"]
    assert plural(1, "die", "dice") == "1 die" and plural(3, "die", "dice") == "3 dice"
    assert noun(1, "key") == "key" and noun(2, "key") == "keys" and noun(0, "key") == "keys"


def test_hunt_refusals_count_tokens_in_words() -> None:
    from oracle.trophy.hunt import TokenUse, claim_tokens, spend_tokens

    assert "Ash has 1 Hunt Token, cannot give 3." in refusal(
        lambda: spend_tokens({"Ash": 1}, {"Ash": 3}, TokenUse.GOAL))
    assert "Ash has 2 Hunt Tokens, cannot give 3." in refusal(
        lambda: spend_tokens({"Ash": 2}, {"Ash": 3}, TokenUse.GOAL))
    assert "costs exactly 1 Hunt Token;" in refusal(
        lambda: spend_tokens({"Ash": 4}, {"Ash": 2}, TokenUse.TREASURE))
    assert "costs exactly 3 Hunt Tokens;" in refusal(
        lambda: spend_tokens({"Ash": 4}, {"Ash": 2}, TokenUse.GOAL))
    assert "every one of the 1 token;" in refusal(lambda: claim_tokens(1, {"Bo": 0}))
    assert "every one of the 2 tokens;" in refusal(lambda: claim_tokens(2, {"Bo": 1}))


def test_combat_refusals_count_characters_and_weak_points_in_words() -> None:
    from oracle.trophy.combat import Fighter, check_hand_off, read_combat
    from oracle.trophy.odds.combat import Fighter as OddsFighter
    from oracle.trophy.odds.combat import combat_odds

    two = [Fighter("Ash", 0, (1,)), Fighter("Bo", 0, (2,))]
    assert "got 1 for 2 characters." in refusal(lambda: read_combat(7, two, [3]))
    odds_two = [OddsFighter("Ash", 0), OddsFighter("Bo", 0)]
    assert "got 1 for 2 characters." in refusal(lambda: combat_odds(7, 1, odds_two))
    assert "receives all 1 Weak Point; got 2." in refusal(
        lambda: check_hand_off((3,), (3, 4), (1,)))
    assert "receives all 2 Weak Points; got 1." in refusal(
        lambda: check_hand_off((3, 4), (3,), (1,)))


def test_triptycho_hand_refusal_counts_cards_in_words() -> None:
    from oracle.triptycho.rounds import check_hand

    hand = check_hand(10, 5).first_draw()
    assert "playing 6 cards needs" in refusal(lambda: hand.played(6))
    empty = check_hand(10, 5)
    assert "playing 1 card needs" in refusal(lambda: empty.played(1))


@pytest.mark.parametrize(("count", "said"), [(1, "1 time"), (2, "2 times")])
def test_the_narrators_facts_count_pushes_and_weak_point_hits_in_words(
    count: int, said: str
) -> None:
    from oracle.trophy.narration import facts

    pushed = facts({"roll": "risk", "outcome": "success", "pushes": count})
    struck = facts({"roll": "combat", "roll_required": True, "total": 6, "endurance": 7,
                    "defeated": False,
                    "characters": [{"name": "Ash", "ruin_before": 2, "ruin_after": 2,
                                    "matches": count, "armor_used": True, "lost": False}]})
    told = " ".join([*pushed, *struck])
    assert "(s)" not in told
    assert f"The roller pushed {said} (risked" in told
    assert f"Weak Point {said};" in told
