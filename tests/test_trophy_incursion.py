"""Trophy Gold's campaign shape as rules: incursions of sets with set goals, goals bought with 3
pooled Hunt Tokens (SRD 1.2, Hunt Tokens), a defeated monster's Gold (Combat Roll), Gold spent
in town, and town clearing marked armor. Dread follows the party's Ruin, sets and days."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.errors import OracleError, RuleError
from oracle.solo.pressure import campaign_dread
from oracle.trophy.fold import apply, replay
from oracle.trophy.incursion import Reached
from oracle.trophy.solo import party_dread
from oracle.trophy.state import TrophyState

HUNTERS: list[dict[str, Any]] = [
    {"type": "character_created", "character": {"name": "Ash", "hunt_tokens": 2,
                                                "armor": ["Helm"]}},
    {"type": "character_created", "character": {"name": "Bram", "hunt_tokens": 1}},
]
INCURSION: dict[str, Any] = {"type": "incursion_started", "title": "The Sunken Abbey",
             "sets": [{"title": "The ford", "goal": "Cross before dusk"},
                      {"title": "The cloister", "goal": "Find the reliquary"}]}


def fold(*events: dict[str, Any]) -> TrophyState:
    return replay([*HUNTERS, *events])


def test_three_pooled_tokens_reach_the_current_set_goal() -> None:
    state = fold(INCURSION, {"type": "tokens_spent", "use": "goal", "from": {"Ash": 2, "Bram": 1}})
    incursion = state.expedition.incursion
    assert incursion is not None and incursion.sets[0].reached is Reached.TOKENS
    assert incursion.current == 1 and incursion.cleared == 1
    assert [c.hunt_tokens for c in state.characters] == [0, 0]
    assert state.last_result is not None and state.last_result["set"] == "The ford"


def test_a_spend_naming_the_set_goal_reaches_it_and_another_goal_does_not() -> None:
    named = fold(INCURSION, {"type": "tokens_spent", "use": "goal", "from": {"Ash": 2, "Bram": 1},
                             "goal": "cross BEFORE dusk"})
    other = fold(INCURSION, {"type": "tokens_spent", "use": "goal", "from": {"Ash": 2, "Bram": 1},
                             "goal": "Bribe the ferryman"})
    assert named.expedition.incursion is not None and named.expedition.incursion.cleared == 1
    assert other.expedition.incursion is not None and other.expedition.incursion.cleared == 0
    # without an incursion a goal spend is any goal the table agrees on, as before
    plain = fold({"type": "tokens_spent", "use": "goal", "from": {"Ash": 2, "Bram": 1}})
    assert plain.expedition.incursion is None and plain.last_result is not None


def test_fewer_than_three_tokens_reach_no_goal() -> None:
    with pytest.raises(OracleError):
        fold(INCURSION, {"type": "tokens_spent", "use": "goal", "from": {"Ash": 2}})


def test_set_goals_are_reached_in_play_in_order_and_not_twice() -> None:
    state = fold(INCURSION, {"type": "set_goal_reached"}, {"type": "set_goal_reached"})
    incursion = state.expedition.incursion
    assert incursion is not None and incursion.current is None and incursion.cleared == 2
    with pytest.raises(RuleError, match="every set goal of this incursion is already reached"):
        apply(state, {"type": "set_goal_reached"})
    with pytest.raises(RuleError, match="is already reached"):
        apply(state, {"type": "set_goal_reached", "set": 0})


def test_one_incursion_at_a_time_and_town_ends_it_and_clears_armor() -> None:
    state = fold(INCURSION, {"type": "armor_marked", "name": "Ash", "piece": "Helm"},
                 {"type": "days_passed", "days": 2})
    with pytest.raises(RuleError, match="already under way"):
        apply(state, INCURSION)
    back = apply(state, {"type": "town_returned"})
    assert back.expedition.incursion is None and back.expedition.finished == 1
    assert not back.character("Ash").armor[0].marked
    assert apply(back, INCURSION).expedition.incursion is not None


def test_a_defeated_monster_gives_up_exactly_its_gold_once() -> None:
    fight = [{"type": "combat_started", "endurance": 7, "monster": "The Moss Wight: grey",
              "gold": 3, "fighters": [{"name": "Ash", "weak_point": 1},
                                      {"name": "Bram", "weak_point": 2}]}]
    standing = fold(*fight)
    with pytest.raises(RuleError, match="only once it is defeated"):
        apply(standing, {"type": "gold_collected", "source": "monster", "shares": {"Ash": 3}})
    won = apply(standing, {"type": "combat_rolled", "dark": [4, 5]})  # 9 against 7
    quarry = won.expedition.quarry
    assert quarry is not None and quarry.name == "The Moss Wight" and quarry.lootable
    with pytest.raises(RuleError, match="carried 3 Gold; the shares add up to 2"):
        apply(won, {"type": "gold_collected", "source": "monster", "shares": {"Ash": 2}})
    rich = apply(won, {"type": "gold_collected", "source": "monster",
                       "shares": {"Ash": 2, "Bram": 1}})
    assert [c.gold for c in rich.characters] == [2, 1]
    with pytest.raises(RuleError, match="already collected"):
        apply(rich, {"type": "gold_collected", "source": "monster", "shares": {"Ash": 3}})


def test_a_monster_below_the_dark_dice_is_defeated_without_a_roll_and_pays() -> None:
    state = fold({"type": "combat_started", "endurance": 2, "monster": "a rat-king", "gold": 1,
                  "fighters": [{"name": "Ash", "weak_point": 1}, {"name": "Bram", "weak_point": 1},
                               ]})
    # Endurance 2 against 2 dark dice is not below them: a roll is still needed
    assert state.combat is not None
    quick = replay([*HUNTERS, {"type": "character_created", "character": {"name": "Cole"}},
                    {"type": "combat_started", "endurance": 2, "monster": "a rat-king",
                     "gold": 1, "fighters": [{"name": n, "weak_point": 1}
                                             for n in ("Ash", "Bram", "Cole")]}])
    assert quick.combat is None and quick.expedition.quarry is not None
    assert quick.expedition.quarry.lootable


def test_gold_is_spent_in_town_only_and_never_below_zero() -> None:
    state = fold({"type": "gold_collected", "source": "treasure", "shares": {"Ash": 2},
                  "treasure": "a silver reliquary"}, INCURSION)
    with pytest.raises(RuleError, match="Gold is spent in town"):
        apply(state, {"type": "gold_spent", "name": "Ash", "amount": 1})
    town = apply(state, {"type": "town_returned"})
    with pytest.raises(RuleError, match="has 2 Gold; cannot spend 3"):
        apply(town, {"type": "gold_spent", "name": "Ash", "amount": 3})
    spent = apply(town, {"type": "gold_spent", "name": "Ash", "amount": 2, "on": "a lantern"})
    assert spent.character("Ash").gold == 0


def test_dread_follows_ruin_sets_cleared_and_days() -> None:
    start = fold(INCURSION)
    assert campaign_dread("trophy", start) == party_dread([1, 1]) == 1
    later = fold(INCURSION, {"type": "set_goal_reached"}, {"type": "set_goal_reached"},
                 {"type": "days_passed", "days": 3},
                 {"type": "ruin_marked", "name": "Ash", "amount": 2})
    # 1 + (Ruin 3 - 1) + 2 sets // 2 + 3 days // 3
    assert campaign_dread("trophy", later) == party_dread([3, 1], 2, 3) == 5
    assert campaign_dread("trophy", TrophyState()) == 5  # nobody to read: the default


@given(st.lists(st.sampled_from(["goal", "day", "town", "start"]), max_size=12))
def test_sets_cleared_never_exceed_the_sets_and_town_always_ends_the_incursion(
        moves: list[str]) -> None:
    state = fold()
    for move in moves:
        event: dict[str, Any] = {"goal": {"type": "set_goal_reached"}, "day": {"type": "days_passed"},
                 "town": {"type": "town_returned"}, "start": INCURSION}[move]
        try:
            state = apply(state, event)
        except OracleError:
            continue
        incursion = state.expedition.incursion
        if move == "town":
            assert incursion is None
        if incursion is not None:
            assert 0 <= incursion.cleared <= len(incursion.sets)


@pytest.mark.parametrize(("event", "result", "words"), [
    (INCURSION, {}, ("The incursion into the Sunken Abbey begins with 2 sets; the first is "
                     "the ford (goal: cross before dusk)")),
    ({"type": "set_added", "title": "The bell", "goal": "Ring it"}, {},
     "A new set: the bell (goal: ring it)"),
    ({"type": "set_goal_reached"}, {"set": "The ford", "set_goal": "Cross before dusk"},
     "The goal of the ford is reached in play: cross before dusk"),
    ({"type": "days_passed", "days": 2}, {}, "2 days pass in the forest"),
    ({"type": "days_passed", "days": 1}, {}, "A day passes in the forest"),
    ({"type": "gold_collected", "source": "monster", "shares": {"Ash": 2}},
     {"monster": "The Moss Wight"}, "Ash collects 2 Gold from the Moss Wight"),
    ({"type": "gold_collected", "source": "treasure", "shares": {"Ash": 1, "Mara": 1},
      "treasure": "a silver bell"}, {},
     "Ash (1) and Mara (1) collect 2 Gold from a treasure: a silver bell"),
    ({"type": "gold_spent", "name": "Ash", "amount": 1, "on": "a lantern"}, {},
     "Ash spends 1 Gold in town on a lantern"),
    ({"type": "tokens_spent", "use": "goal", "from": {"Ash": 3}},
     {"goal": "Cross before dusk", "set": "The ford"},
     "Ash spends 3 Hunt Tokens on a goal: Cross before dusk (the set goal of the ford)"),
])
def test_the_journal_words_every_incursion_event(event: dict[str, Any], result: dict[str, Any],
                                                 words: str) -> None:
    from oracle.trophy.words import journal_line

    line = journal_line(event, result)
    assert "".join(value for _role, value in line.parts) == words
