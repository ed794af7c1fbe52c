"""The Triptycho scenario fold: a campaign journal replays to the same state; bad events change
nothing."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.errors import OracleError, RuleError
from oracle.triptycho.rounds import Phase, Step
from oracle.triptycho.state import ScenarioState, summary
from oracle.triptycho.system import SYSTEM
from oracle.triptycho.vitals import PointKind

ROSTER: list[dict[str, Any]] = [
    {"type": "join", "name": "Ash", "player": True, "hp": 20, "ep": 15, "wp": 12, "deck": 12,
     "valuables": 1},
    {"type": "join", "name": "Bo", "player": True, "hp": 16, "ep": 16, "wp": 16, "deck": 10},
    {"type": "join", "name": "Ogre", "player": False, "hp": 10, "ep": 10, "wp": 10, "deck": 8},
]

COMBAT: list[dict[str, Any]] = [
    *ROSTER,
    {"type": "scenario_start", "kind": "combat", "tracks": {"Ash": {"power": 1, "skill": 0}}},
    {"type": "initiative", "name": "Ash", "dice": "1d8", "faces": [5]},
    {"type": "initiative", "name": "Bo", "dice": "1d8", "faces": [7]},
    {"type": "initiative", "name": "Ogre", "dice": "1d8", "faces": [5]},
    {"type": "lower_initiative", "name": "Bo", "value": 1},
    {"type": "draw_phase"},
    {"type": "next_turn"},
    {"type": "strategy", "name": "Ash", "option": "draw"},
    {"type": "action", "name": "Ash"},
    {"type": "reaction", "name": "Ogre"},
    {"type": "attack", "attacker": "Ash", "target": "Ogre", "hit": [6], "miss": [2],
     "damage": {"dice": "1d10", "faces": [8]}, "defense": {"dice": "1d4", "faces": [1]}},
    {"type": "move_track", "name": "Ash", "track": "power", "by": 1},
    {"type": "interrupt", "name": "Ogre", "automatic": True},
    {"type": "next_turn"},
    {"type": "assist", "name": "Ash"},
    {"type": "attack", "attacker": "Ogre", "target": "Ash", "hit": [3], "damage": [6]},
    {"type": "next_turn"},
    {"type": "next_turn"},
    {"type": "discard_phase"},
    {"type": "draw_phase"},
]


def fold(events: list[dict[str, Any]]) -> ScenarioState:
    state: ScenarioState = SYSTEM.new_state()
    for event in events:
        state = SYSTEM.apply(state, event)
    return state


def test_a_combat_round_plays_out_as_the_text_orders_it() -> None:
    state = fold(COMBAT[:11])
    # Ash and the Ogre both rolled 5; the player wins the tie. Bo chose to go last.
    assert state.order == ("Ash", "Ogre", "Bo")
    assert state.round == 1 and state.phase is Phase.TURNS and state.current == "Ash"
    ash = state.member("Ash")
    # first round: draw to the Hand Limit (5), then one more in the Strategy Phase
    assert (ash.hand.hand, ash.hand.deck) == (6, 6)
    state = fold(COMBAT[:15])
    assert state.member("Ogre").vitals.current(PointKind.HP) == 3  # 8 damage - 1 defense
    assert state.member("Ash").track("power").current == 2
    state = fold(COMBAT[:19])
    assert state.member("Ash").vitals.current(PointKind.HP) == 14  # no Miss entry: it hits
    state = fold(COMBAT)
    ash = state.member("Ash")
    assert state.round == 2 and state.phase is Phase.DRAW
    # Discard Phase trimmed Ash to 5; round 2 draws 1
    assert ash.hand.hand == 5  # drew 5+1, played an Action and an Assist, kept 4, drew 1
    # power moved in round 1 so it stayed; skill never moved and sits at base
    assert ash.track("power").current == 2 and ash.track("skill").current == 0


def test_replay_is_identical() -> None:
    assert fold(COMBAT) == fold(list(COMBAT))
    assert summary(fold(COMBAT)) == summary(fold(COMBAT))


@pytest.mark.parametrize(
    ("prefix", "event", "field"),
    [
        (10, {"type": "strategy", "name": "Ogre", "option": "draw"}, "name"),
        (10, {"type": "strategy", "name": "Ash", "option": "block", "extra": 1}, None),
        (10, {"type": "strategy", "name": "Ash", "option": "nap"}, "option"),
        (11, {"type": "strategy", "name": "Ash", "option": "draw"}, "type"),
        (10, {"type": "assist", "name": "Ash"}, "assist"),
        (18, {"type": "assist", "name": "Ash"}, "assist"),
        (7, {"type": "lower_initiative", "name": "Ogre", "value": 1}, "initiative"),
        (5, {"type": "draw_phase"}, "type"),
        (10, {"type": "attack", "attacker": "Ash", "target": "Ogre", "hit": "1d8",
              "miss": [2], "damage": [3]}, "faces"),
        (10, {"type": "damage", "target": "Ogre", "amount": -3}, "amount"),
        (10, {"type": "heal_injury", "name": "Ash"}, "type"),
        (10, {"type": "discard_phase"}, "type"),
        (3, {"type": "join", "name": "Ash", "hp": 1, "ep": 1, "wp": 1}, "name"),
        (10, {"type": "teleport"}, "type"),
    ],
)
def test_invalid_events_are_refused_and_change_nothing(prefix: int, event: dict[str, Any],
                                                       field: str | None) -> None:
    state = fold(COMBAT[:prefix])
    before = summary(state)
    if field is None:  # a block in combat is allowed; the unknown key is ignored
        SYSTEM.apply(state, event)
        return
    with pytest.raises(OracleError) as exc:
        SYSTEM.apply(state, event)
    assert str(exc.value).startswith(f"{field}: ")
    assert summary(state) == before


def test_block_is_for_combat_only() -> None:
    events = [*ROSTER, {"type": "scenario_start", "kind": "exploration"},
              {"type": "draw_phase"}, {"type": "next_turn"}]
    state = fold(events)
    assert state.order == ("Ash", "Bo", "Ogre") and state.current == "Ash"
    with pytest.raises(RuleError, match=r"^option: Blocking borders is for combat"):
        SYSTEM.apply(state, {"type": "strategy", "name": "Ash", "option": "block"})


def test_defeated_entities_lose_their_turns_and_cannot_be_targeted() -> None:
    events = [*COMBAT[:10],
              {"type": "damage", "target": "Ogre", "amount": 99}]
    state = fold(events)
    assert state.defeated("Ogre") and state.member("Ogre").vitals.current(PointKind.HP) == 0
    with pytest.raises(RuleError, match=r"^target: Ogre is defeated"):
        SYSTEM.apply(state, {"type": "attack", "attacker": "Ash", "target": "Ogre",
                             "damage": [2]})
    state = SYSTEM.apply(state, {"type": "next_turn"})
    assert state.current == "Bo"  # the Ogre's turn is skipped
    state = SYSTEM.apply(state, {"type": "recover", "target": "Ogre", "amount": 4})
    assert state.member("Ogre").vitals.current(PointKind.HP) == 4  # healed from 0


def test_scenario_end_restores_points_and_injuries_persist() -> None:
    events = [*COMBAT, {"type": "injury", "name": "Ash"}, {"type": "scenario_end",
                                                           "outcome": "defeat"}]
    state = fold(events)
    ash = state.member("Ash")
    assert state.kind is None and state.phase is Phase.OVER
    assert ash.vitals.current(PointKind.HP) == 15 and ash.tracks == ()
    assert ash.hand.deck == 12 and ash.hand.hand == 0
    state = SYSTEM.apply(state, {"type": "heal_injury", "name": "Ash"})
    assert state.member("Ash").vitals.injuries == 0 and state.member("Ash").valuables == 0
    with pytest.raises(RuleError, match="costs 1 Valuable"):
        SYSTEM.apply(SYSTEM.apply(state, {"type": "injury", "name": "Ash"}),
                     {"type": "heal_injury", "name": "Ash"})


def test_enough_injuries_kill_and_the_dead_take_no_part() -> None:
    state = fold([*ROSTER, {"type": "injury", "name": "Ogre", "count": 2}])
    assert state.member("Ogre").vitals.dead
    assert "dies" in state.log[-1]
    with pytest.raises(RuleError, match=r"^participants: Ogre is dead"):
        SYSTEM.apply(state, {"type": "scenario_start", "kind": "combat",
                             "participants": ["Ash", "Ogre"]})


def test_turn_steps_run_in_order() -> None:
    state = fold(COMBAT[:10])
    assert state.step is Step.START
    state = SYSTEM.apply(state, {"type": "action", "name": "Ash", "card": False})
    assert state.step is Step.END
    with pytest.raises(RuleError, match="one Action Phase per turn"):
        SYSTEM.apply(state, {"type": "action", "name": "Ash"})


EVENT = st.one_of(
    st.builds(lambda t, n, a: {"type": t, "target": n, "amount": a},
              st.sampled_from(["damage", "recover"]), st.sampled_from(["Ash", "Bo", "Ogre"]),
              st.integers(-3, 30)),
    st.builds(lambda n: {"type": "injury", "name": n}, st.sampled_from(["Ash", "Bo", "Ogre"])),
    st.just({"type": "next_turn"}), st.just({"type": "discard_phase"}),
    st.just({"type": "draw_phase"}),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(EVENT, max_size=25))
def test_any_journal_keeps_points_within_zero_and_the_maximum(events: list[dict[str, Any]]
                                                              ) -> None:
    state = fold(COMBAT[:10])
    for event in events:
        try:
            state = SYSTEM.apply(state, event)
        except OracleError:
            continue
        for who in state.roster:
            for kind in PointKind:
                assert 0 <= who.vitals.current(kind) <= who.vitals.maximum(kind)
            assert who.hand.deck >= 0 and who.hand.hand >= 0 and who.hand.discard >= 0


def test_an_attack_on_your_own_turn_is_your_action_phase() -> None:
    state = fold(COMBAT[:10])
    state = SYSTEM.apply(state, {"type": "attack", "attacker": "Ash", "target": "Ogre",
                                 "damage": [2]})
    assert state.step is Step.END
    with pytest.raises(RuleError, match="Strategy Phase comes once, before the Action Phase"):
        SYSTEM.apply(state, {"type": "strategy", "name": "Ash", "option": "draw"})
