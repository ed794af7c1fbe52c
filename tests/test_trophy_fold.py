"""The Trophy campaign fold: every event goes through the rules core; replay is identical."""

from __future__ import annotations

import json
from typing import Any

import pytest

from oracle.dice import FixedDice, SeededDice
from oracle.errors import RuleError
from oracle.trophy.character import Fate
from oracle.trophy.commands import (
    roll_combat_event,
    roll_combat_start_event,
    roll_contest_event,
    roll_help_event,
    roll_hunt_event,
    roll_push_event,
    roll_reduction_event,
    roll_retreat_event,
    roll_risk_event,
    roll_ruin_event,
)
from oracle.trophy.fold import EVENT_TYPES, TrophyState, apply, replay
from oracle.trophy.risk import DevilsBargain
from oracle.trophy.system import SYSTEM


def created(name: str, **sheet: Any) -> dict[str, Any]:
    return {"type": "character_created", "character": {"name": name, **sheet}}


def party(*names: str, **sheet: Any) -> TrophyState:
    return replay([created(name, **sheet) for name in names])


def refused(state: TrophyState, event: dict[str, Any], field: str) -> None:
    """The event is refused with a sentence naming ``field``; the state is untouched."""
    before = state
    with pytest.raises(RuleError) as caught:
        apply(state, event)
    assert str(caught.value).startswith(field), str(caught.value)
    assert state == before


def test_system_object_folds_through_the_campaign() -> None:
    state = SYSTEM.new_state()
    state = SYSTEM.apply(state, created("Ash"))
    assert state.character("Ash").ruin == 1 and state.events == 1


def test_a_risk_roll_marks_ruin_for_roller_and_helper_and_is_settled() -> None:
    state = party("A", "B")
    state = apply(state, {"type": "risk_rolled", "name": "A", "light": [2], "dark": [5],
                          "helpers": [{"name": "B", "die": 5}]})
    assert state.character("A").ruin == 2 and state.character("B").ruin == 2
    assert state.risk is None  # highest die dark: nothing more to push
    assert state.last_result is not None and state.last_result["outcome"] == "complication"
    assert state.character("A").conditions_due == 1  # a mark asks for a Condition


def test_push_and_late_help_on_an_open_roll_then_finish() -> None:
    state = party("A", "B")
    state = apply(state, {"type": "risk_rolled", "name": "A", "light": [3], "dark": []})
    assert state.risk is not None and state.last_result and state.last_result["can_push"]
    refused(state, {"type": "help_added", "helper": "B", "die": 4}, "helpers:")  # no dark die
    state = apply(state, {"type": "risk_pushed", "light": [5], "dark": [2]})
    state = apply(state, {"type": "help_added", "helper": "B", "die": 2})
    assert state.character("B").ruin == 2  # matched the dark 2
    refused(state, {"type": "help_added", "helper": "B", "die": 4}, "helper:")
    state = apply(state, {"type": "risk_pushed", "light": [1], "dark": [2, 6]})
    assert state.character("A").ruin == 2 and state.risk is None
    assert state.character("B").ruin == 2  # at most 1 Ruin per roll for a helper
    refused(state, {"type": "risk_finished"}, "risk_finished:")


def test_risk_finished_closes_the_open_roll_and_any_new_roll_does_too() -> None:
    state = party("A")
    state = apply(state, {"type": "risk_rolled", "name": "A", "light": [3]})
    assert apply(state, {"type": "risk_finished"}).risk is None
    assert apply(state, {"type": "ruin_rolled", "name": "A", "dark": 1}).risk is None
    refused(apply(state, {"type": "risk_finished"}), {"type": "risk_pushed", "light": [1],
                                                      "dark": [1]}, "risk_pushed:")


def test_a_bargain_is_recorded_on_the_result() -> None:
    state = apply(party("A"), {"type": "risk_rolled", "name": "A", "light": [1, 1],
                               "bargain": {"text": "drop the torch", "offered_by": "GM"}})
    assert state.last_result and state.last_result["bargain"]["text"] == "drop the torch"
    refused(party("A"), {"type": "risk_rolled", "name": "A", "light": [1, 1],
                         "bargain": {"text": "x", "accepted": False}}, "light:")


def test_attacking_a_monster_needs_confirmation_and_then_the_character_dies() -> None:
    state = party("A", "B")
    event = {"type": "risk_rolled", "name": "A", "light": [6], "dark": [1], "foe": "monster",
             "intent": "defeat"}
    refused(state, event, "intent:")
    state = apply(state, {**event, "confirmed": True})
    assert state.character("A").dead and state.character("A").out_of_play
    refused(state, {"type": "hunt_rolled", "name": "A", "light": [3]}, "name:")


def test_hunt_tokens_gain_lose_spend_pool_and_claim() -> None:
    state = party("A", "B")
    for face in (6, 4, 5):
        state = apply(state, {"type": "hunt_rolled", "name": "A", "light": [face]})
    state = apply(state, {"type": "hunt_rolled", "name": "B", "light": [5, 2]})
    assert (state.character("A").hunt_tokens, state.character("B").hunt_tokens) == (3, 1)
    state = apply(state, {"type": "tokens_spent", "use": "treasure", "from": {"B": 1}})
    assert state.character("B").gold == 1 and state.character("B").hunt_tokens == 0
    state = apply(state, {"type": "hunt_rolled", "name": "B", "light": [6]})
    state = apply(state, {"type": "tokens_spent", "use": "goal", "from": {"A": 2, "B": 1},
                          "goal": "find the shrine"})
    assert (state.character("A").hunt_tokens, state.character("B").hunt_tokens) == (1, 0)
    refused(state, {"type": "tokens_spent", "use": "goal", "from": {"A": 1}}, "from:")
    refused(state, {"type": "tokens_claimed", "from": "A", "shares": {"B": 1}}, "from:")
    state = apply(state, {"type": "hunt_rolled", "name": "A", "light": [1]})
    assert state.character("A").hunt_tokens == 0  # a 1 loses all of A's tokens, not B's


def test_a_dead_companions_tokens_become_gold() -> None:
    state = party("A", "B", "C")
    state = apply(state, {"type": "hunt_rolled", "name": "A", "light": [6]})
    state = apply(state, {"type": "hunt_rolled", "name": "A", "light": [6]})
    state = apply(state, {"type": "ruin_marked", "name": "A", "amount": 5})
    assert state.character("A").lost
    # SRD 1.2, Hunt Tokens: "if a character dies"; lost is not yet dead (docs/rulings.md)
    claim = {"type": "tokens_claimed", "from": "A", "shares": {"B": 1, "C": 1}}
    refused(state, claim, "from: only a dead companion's Hunt Tokens")
    monster = apply(state, {"type": "fate_chosen", "name": "A", "fate": "monster"})
    refused(monster, claim, "from: only a dead companion's Hunt Tokens")
    state = apply(state, {"type": "fate_chosen", "name": "A", "fate": "death"})
    refused(state, {"type": "tokens_claimed", "from": "A", "shares": {"B": 1}}, "shares:")
    state = apply(state, claim)
    line = SYSTEM.journal_line({**claim, "shares": {"B": 2, "C": 0}}, {"gold": {"B": 2}})
    assert line.plain().endswith("claimed as Gold by B (2 Gold)")  # C, who took 0, is not named
    assert [state.character(n).gold for n in "ABC"] == [0, 1, 1]
    assert state.character("A").hunt_tokens == 0


def test_a_contest_marks_ruin_for_dark_ones_and_checks_light_dice() -> None:
    state = party("A", "B")
    refused(state, {"type": "contest_rolled", "participants": [
        {"name": "A", "light": [1, 2, 3]}, {"name": "B", "light": [2]}]},
        "participants[0].light:")
    state = apply(state, {"type": "contest_rolled", "participants": [
        {"name": "A", "light": [6, 1], "dark": [1]}, {"name": "B", "light": [6, 2]}]})
    assert state.last_result and state.last_result["winner"] == "B"
    assert state.character("A").ruin == 2


def test_a_whole_fight_with_armor_retreat_and_continue() -> None:
    state = party("A", "B", armor=["shield"])
    state = apply(state, {"type": "combat_started", "endurance": 10,
                          "fighters": [{"name": "A", "weak_point": 3},
                                       {"name": "B", "weak_point": 5}]})
    refused(state, {"type": "combat_continued", "dark": [1, 1, 1]}, "combat_continued:")
    refused(state, {"type": "combat_rolled", "dark": [1, 1, 1]}, "dark:")
    state = apply(state, {"type": "combat_rolled", "dark": [3, 5], "armor": ["B"]})
    assert state.character("A").ruin == 2 and state.character("B").ruin == 1
    assert state.character("B").usable_armor == ()  # marked until town
    refused(state, {"type": "combat_continued", "dark": [1, 1, 1], "armor": ["B"]}, "armor:")
    # B retreats: their 5 goes to A (no clash, unchanged); dark dice never go down.
    refused(state, {"type": "combat_retreated", "name": "B", "to": "A", "handed": [2]},
            "handed[0]:")
    refused(state, {"type": "combat_retreated", "name": "B", "to": None}, "to:")
    state = apply(state, {"type": "combat_retreated", "name": "B", "to": "A", "handed": [5]})
    assert state.combat is not None and state.combat.weak_points("A") == (3, 5)
    refused(state, {"type": "combat_continued", "dark": [1, 1]}, "dark:")
    state = apply(state, {"type": "combat_continued", "dark": [5, 3, 2]})
    assert state.character("A").ruin == 4 and state.combat is not None
    state = apply(state, {"type": "combat_continued", "dark": [6, 6, 1, 1]})
    assert state.combat is None and state.last_result and state.last_result["defeated"]
    state = apply(state, {"type": "town_returned"})
    assert state.character("B").usable_armor != ()


def test_a_clashing_hand_off_is_rerolled() -> None:
    state = party("A", "B")
    state = apply(state, {"type": "combat_started", "endurance": 12,
                          "fighters": [{"name": "A", "weak_point": 4},
                                       {"name": "B", "weak_point": 4}]})
    event = roll_retreat_event(state, "B", "A", FixedDice([4, 4, 1]))
    assert event["handed"] == [1]
    state = apply(state, event)
    assert state.combat is not None and state.combat.weak_points("A") == (4, 1)
    refused(state, {"type": "combat_retreated", "name": "A", "to": "B", "handed": [1]}, "to:")
    state = apply(state, {"type": "combat_retreated", "name": "A", "to": None})
    assert state.combat is None


def test_no_roll_needed_when_endurance_is_below_the_dark_dice() -> None:
    state = apply(party("A", "B", "C"), {"type": "combat_started", "endurance": 2, "fighters": [
        {"name": n, "weak_point": 1} for n in "ABC"]})
    assert state.combat is None and state.last_result
    assert state.last_result["roll_required"] is False and state.last_result["defeated"]


def test_endurance_above_twelve_is_refused_at_the_start() -> None:
    refused(party("A"), {"type": "combat_started", "endurance": 13,
                         "fighters": [{"name": "A", "weak_point": 1}]}, "endurance:")


def test_reduction_in_the_campaign_opens_at_five_and_stops_at_starting_ruin() -> None:
    state = party("A", starting_ruin=2)
    refused(state, {"type": "reduction_rolled", "name": "A", "light": 1}, "reached_five:")
    state = apply(state, {"type": "ruin_marked", "name": "A", "amount": 3})
    assert state.character("A").reached_five
    for ruin_after in (4, 3, 2):
        state = apply(state, {"type": "reduction_rolled", "name": "A", "light": 1})
        assert state.character("A").ruin == ruin_after
    refused(state, {"type": "reduction_rolled", "name": "A", "light": 1}, "ruin:")


def test_reaching_five_by_a_contest_opens_reduction() -> None:
    state = party("A", "B", ruin=4)
    state = apply(state, {"type": "contest_rolled", "participants": [
        {"name": "A", "dark": [1]}, {"name": "B", "light": [2]}]})
    assert state.character("A").ruin == 5 and state.character("A").reached_five


def test_losing_yourself_fate_and_co_gm() -> None:
    state = party("A", ruin=5)
    refused(state, {"type": "fate_chosen", "name": "A", "fate": "monster"}, "fate:")
    state = apply(state, {"type": "ruin_rolled", "name": "A", "dark": 6})
    assert state.character("A").lost and state.character("A").conditions_due == 0
    refused(state, {"type": "ruin_rolled", "name": "A", "dark": 6}, "name:")
    refused(state, {"type": "fate_chosen", "name": "A", "fate": "ghost"}, "fate:")
    state = apply(state, {"type": "fate_chosen", "name": "A", "fate": "monster", "co_gm": True})
    assert state.character("A").fate is Fate.MONSTER and state.character("A").co_gm


def test_conditions_are_owed_by_marks_and_added_removed() -> None:
    state = apply(party("A"), {"type": "ruin_rolled", "name": "A", "dark": 6})
    assert state.character("A").conditions_due == 1
    state = apply(state, {"type": "condition_added", "name": "A", "condition": "Sprained ankle"})
    assert state.character("A").conditions == ("Sprained ankle",)
    assert state.character("A").conditions_due == 0
    refused(state, {"type": "condition_added", "name": "A", "condition": "Sprained ankle"},
            "condition:")
    state = apply(state, {"type": "condition_removed", "name": "A", "condition": "Sprained ankle"})
    refused(state, {"type": "condition_removed", "name": "A", "condition": "x"}, "condition:")


def test_gold_never_goes_below_zero_and_sheet_edits_cannot_touch_ruin() -> None:
    state = apply(party("A"), {"type": "gold_changed", "name": "A", "delta": 3})
    refused(state, {"type": "gold_changed", "name": "A", "delta": -4}, "delta:")
    refused(state, {"type": "character_updated", "name": "A", "changes": {"ruin": 1}},
            "changes.ruin:")
    state = apply(state, {"type": "character_updated", "name": "A",
                          "changes": {"skills": ["Climbing"], "npc": True}})
    assert state.character("A").skills == ("Climbing",) and state.character("A").npc


@pytest.mark.parametrize(("event", "field"), [
    ({"type": "teleported"}, "type:"),
    ({"kind": "risk_rolled"}, "type:"),
    ({"type": "risk_rolled", "name": "Nobody", "light": [3]}, "name:"),
    (created("A"), "character.name:"),
    (created(""), "character.name:"),
    (created("Z", starting_ruin=6), "character.starting_ruin:"),
    (created("Z", ruin=6), "character.ruin:"),
    ({"type": "risk_rolled", "name": "A", "light": 2}, "light:"),
    ({"type": "risk_rolled", "name": "A", "light": [3], "dark": [1],
      "helpers": [{"name": "A", "die": 3}]}, "helpers[0].name:"),
    ({"type": "hunt_rolled", "name": "A", "light": [9]}, "light[0]:"),
    ({"type": "tokens_spent", "use": "bribe", "from": {"A": 1}}, "use:"),
    ({"type": "armor_marked", "name": "A", "piece": "helm"}, "piece:"),
    ({"type": "combat_rolled", "dark": [1]}, "combat_rolled:"),
    ({"type": "ruin_marked", "name": "A", "amount": 0}, "amount:"),
    # a journal line never claims more than the track holds ("marks 99 Ruin")
    ({"type": "ruin_marked", "name": "A", "amount": 99}, "amount: A has 5 Ruin box(es) left"),
    ({"type": "ruin_marked", "name": "A", "amount": 6}, "amount:"),
])
def test_invalid_events_are_refused_and_change_nothing(event: dict[str, Any],
                                                       field: str) -> None:
    refused(party("A"), event, field)


def test_every_event_type_is_documented_in_the_module() -> None:
    import oracle.trophy.fold as module

    assert module.__doc__ is not None
    for kind in EVENT_TYPES:
        assert f"``{kind}``" in module.__doc__


def test_commands_roll_events_that_replay_identically_and_are_json() -> None:
    dice = SeededDice(11)
    events: list[dict[str, Any]] = [created("A", armor=["helm"]), created("B"), created("C")]
    state = replay(events)

    def record(event: dict[str, Any]) -> None:
        nonlocal state
        json.dumps(event)  # events are JSON-ready
        try:
            state = apply(state, event)
        except RuleError:
            return
        events.append(event)

    record(roll_risk_event(state, "A", skill=True, dark=1, helpers=["B"], dice=dice,
                           bargain=DevilsBargain("lose a torch")))
    if state.risk is not None:
        record(roll_push_event(state, dice))
    record(roll_risk_event(state, "C", skill=True, dice=dice))
    record(roll_help_event(state, "B", dice))
    record(roll_hunt_event(state, "B", skill=True, dice=dice))
    record(roll_contest_event(state, [{"name": "A", "skill": True}, {"name": "B", "dark": 1}],
                              dice))
    record(roll_combat_start_event(state, 9, ["A", "B", "C"], dice))
    record(roll_combat_event(state, dice, armor=["A"]))
    if state.combat is not None:
        record(roll_retreat_event(state, "C", "B", dice))
        record(roll_combat_event(state, dice))
    record(roll_ruin_event(state, "C", dice))
    record(roll_reduction_event(state, "C", dice))
    assert len(events) >= 10
    assert replay(json.loads(json.dumps(events))) == state


def test_a_ritual_command_always_brings_a_dark_die() -> None:
    event = roll_risk_event(party("A"), "A", skill=False, ritual=True, dice=SeededDice(1))
    assert len(event["dark"]) == 1


def test_armor_is_marked_after_seeing_the_combat_roll() -> None:
    """SRD 1.2, Combat Roll: the player may mark armor to ignore a roll's Ruin once the dice
    are seen; the same dice are read again with the armor on, and nothing else may come between."""
    state = apply(party("A", "B", armor=["Mail"]), {"type": "combat_started", "endurance": 11,
                  "fighters": [{"name": "A", "weak_point": 3}, {"name": "B", "weak_point": 5}]})
    refused(state, {"type": "combat_armor_marked", "name": "A"}, "name:")
    rolled = apply(state, {"type": "combat_rolled", "dark": [3, 3]})
    assert rolled.character("A").ruin == 3 and rolled.character("A").conditions_due == 2
    refused(rolled, {"type": "combat_armor_marked", "name": "B"}, "name:")  # no hit on B
    refused(rolled, {"type": "combat_armor_marked", "name": "C"}, "name:")
    marked = apply(rolled, {"type": "combat_armor_marked", "name": "A"})
    a = marked.character("A")
    assert (a.ruin, a.conditions_due, [p.marked for p in a.armor]) == (1, 0, [True])
    assert marked.last_result and marked.last_result["characters"][0]["armor_used"] is True
    assert marked.combat is not None and marked.combat.rolls == 1 and marked.events == 5
    refused(marked, {"type": "combat_armor_marked", "name": "A"}, "name:")  # already used
    # the same as ticking the armor before the roll
    ticked = apply(state, {"type": "combat_rolled", "dark": [3, 3], "armor": ["A"]})
    assert ticked.characters == marked.characters and ticked.combat == marked.combat
    # anything else folded after the roll settles it: the choice is gone
    later = apply(rolled, {"type": "condition_added", "name": "A", "condition": "Limps"})
    refused(later, {"type": "combat_armor_marked", "name": "A"}, "name:")


def test_armor_after_the_roll_brings_back_a_fighter_the_roll_would_have_lost() -> None:
    state = apply(party("A", ruin=5, armor=["Mail"]), {"type": "combat_started",
                  "endurance": 12, "fighters": [{"name": "A", "weak_point": 2}]})
    rolled = apply(state, {"type": "combat_rolled", "dark": [2]})
    assert rolled.character("A").lost and rolled.combat is None
    marked = apply(rolled, {"type": "combat_armor_marked", "name": "A"})
    assert marked.character("A").ruin == 5 and marked.combat is not None
    assert replay([created("A", ruin=5, armor=["Mail"]),
                   {"type": "combat_started", "endurance": 12,
                    "fighters": [{"name": "A", "weak_point": 2}]},
                   {"type": "combat_rolled", "dark": [2]},
                   {"type": "combat_armor_marked", "name": "A"}]) == marked
