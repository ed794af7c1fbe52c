"""HP/EP/WP, recovery, Injuries, Stat Tracks, hands and Initiative: rules and invariants."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.dice import FixedDice
from oracle.errors import RuleError
from oracle.triptycho.rounds import Hand, Initiative, OffTurnPlays, off_turn_play, turn_order
from oracle.triptycho.system import SYSTEM
from oracle.triptycho.tracks import StatTrack, check_base
from oracle.triptycho.vitals import PointKind, Vitals, recover, take_damage


@pytest.mark.parametrize(("points", "damage", "after"), [(10, 4, 6), (4, 4, 0), (3, 9, 0)])
def test_points_never_go_below_zero(points: int, damage: int, after: int) -> None:
    assert take_damage(points, damage) == after


@pytest.mark.parametrize(("points", "maximum", "amount", "after"),
                         [(3, 20, 5, 8), (18, 20, 5, 20), (0, 20, 4, 4), (20, 20, 1, 20)])
def test_recovery_is_capped_at_the_maximum_and_heals_from_zero(points: int, maximum: int,
                                                               amount: int, after: int) -> None:
    assert recover(points, maximum, amount) == after
    result = SYSTEM.resolve({"roll": "recover", "points": points, "maximum": maximum,
                             "amount": amount}, FixedDice([]))
    assert result["points_after"] == after


def test_the_recovering_entity_rolls_the_dice() -> None:
    result = SYSTEM.resolve({"roll": "recover", "points": 2, "maximum": 10, "amount": "2d4"},
                            FixedDice([4, 3]))
    assert (result["rolled"], result["points_after"]) == (7, 9)


def test_an_injury_takes_five_from_every_maximum() -> None:
    hurt = Vitals(20, 15, 10, bonus_hp=2).injured()
    assert [hurt.maximum(k) for k in PointKind] == [17, 10, 5]
    assert not hurt.dead


def test_death_comes_when_a_base_value_reaches_zero_whatever_gear_adds() -> None:
    vitals = Vitals(20, 15, 10, bonus_wp=30)
    assert not vitals.injured(1).dead
    assert vitals.injured(2).dead  # base WP 10 - 10 = 0, though maximum WP is still 30
    result = SYSTEM.resolve({"roll": "injury", "base": {"hp": 20, "ep": 15, "wp": 10},
                             "injuries": 1, "take": 1}, FixedDice([]))
    assert result["dead"] is True and result["maximum"] == {"hp": 10, "ep": 5, "wp": 0}


def test_current_points_fall_only_where_above_the_new_maximum() -> None:
    vitals = Vitals(20, 15, 10).with_current(PointKind.HP, 17).with_current(PointKind.EP, 4)
    hurt = vitals.injured()
    assert (hurt.current(PointKind.HP), hurt.current(PointKind.EP)) == (15, 4)


def test_healing_an_injury_costs_one_valuable() -> None:
    result = SYSTEM.resolve({"roll": "injury", "base": {"hp": 20, "ep": 15, "wp": 10},
                             "injuries": 2, "heal": 1, "valuables": 3}, FixedDice([]))
    assert (result["injuries_after"], result["valuables_after"]) == (1, 2)
    with pytest.raises(RuleError, match=r"^valuables: healing an Injury costs 1 Valuable"):
        Vitals(20, 15, 10, injuries=1).healed(0)
    with pytest.raises(RuleError, match=r"^injuries: there is no Injury to heal"):
        Vitals(20, 15, 10).healed(5)


def test_points_are_restored_to_the_current_maximum_after_a_scenario() -> None:
    vitals = Vitals(20, 15, 10, injuries=1).damaged(PointKind.HP, 12)
    assert vitals.current(PointKind.HP) == 3
    assert vitals.restored().current(PointKind.HP) == 15


@given(st.integers(1, 40), st.integers(0, 3),
       st.lists(st.tuples(st.sampled_from(list(PointKind)), st.integers(-5, 30)), max_size=12))
def test_points_stay_within_zero_and_the_maximum(base: int, injuries: int,
                                                 changes: list[tuple[PointKind, int]]) -> None:
    vitals = Vitals(base, base, base, injuries=injuries)
    for kind, amount in changes:
        vitals = vitals.damaged(kind, amount) if amount % 2 else vitals.recovered(kind, amount)
        for k in PointKind:
            assert 0 <= vitals.current(k) <= vitals.maximum(k)


@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 60))
def test_recovery_never_exceeds_the_maximum(points: int, maximum: int, amount: int) -> None:
    after = recover(min(points, maximum), maximum, amount)
    assert min(points, maximum) <= after <= maximum


@pytest.mark.parametrize(("base", "current", "moved", "after"),
                         [(0, 2, False, 1), (0, -2, False, -1), (1, 1, False, 1),
                          (0, 2, True, 2), (-1, -3, False, -2), (2, 0, False, 1)])
def test_a_track_that_did_not_move_steps_once_toward_base(base: int, current: int,
                                                          moved: bool, after: int) -> None:
    track = StatTrack(base, current, moved).settled()
    assert (track.current, track.moved) == (after, False)


@pytest.mark.parametrize("base", [-3, 3])
def test_track_bases_lie_within_minus_two_and_plus_two(base: int) -> None:
    with pytest.raises(RuleError, match=r"^base: a Stat Track base lies within -2\.\.\+2"):
        check_base("base", base)


def test_the_text_example_of_two_counters() -> None:
    power, skill = StatTrack(0, 0), StatTrack(0, 0)
    power, skill = power.moved_by(1), skill.moved_by(1)  # round 1: both go up
    power, skill = power.settled(), skill.settled()  # draw phase: both moved, stay
    assert (power.current, skill.current) == (1, 1)
    power = power.moved_by(1)  # round 2: only Power moves
    power, skill = power.settled(), skill.settled()
    assert (power.current, skill.current) == (2, 0)


@given(st.integers(-2, 2), st.integers(-6, 6), st.integers(0, 8))
def test_settling_only_closes_the_distance_to_base(base: int, current: int, rounds: int) -> None:
    track = StatTrack(base, current)
    for _ in range(rounds):
        before = abs(track.current - track.base)
        track = track.settled()
        assert abs(track.current - track.base) == max(0, before - 1)


@pytest.mark.parametrize(
    ("hand", "draws", "after"),
    [
        (Hand(deck=10), 5, Hand(deck=5, hand=5)),
        (Hand(deck=2, hand=1, discard=4), 3, Hand(deck=4, hand=3, discard=0)),  # 2 then reshuffle
        (Hand(deck=0, hand=3, discard=4), 1, Hand(deck=4, hand=3, discard=0)),  # reshuffle only
        (Hand(deck=0, hand=3, discard=4), 2, Hand(deck=3, hand=4, discard=0)),  # Mind +1
    ],
)
def test_a_draw_from_an_empty_deck_reshuffles_and_draws_nothing(hand: Hand, draws: int,
                                                                 after: Hand) -> None:
    assert hand.drawn(draws) == after


def test_first_round_draws_to_the_limit_and_discard_trims_to_it() -> None:
    assert Hand(deck=12, limit=5).first_draw().hand == 5
    assert Hand(deck=0, hand=7, limit=5).discarded_to_limit() == Hand(0, 5, 2, 5)
    result = SYSTEM.resolve({"roll": "draw", "deck": 0, "hand": 2, "discard": 6, "round": 3},
                            FixedDice([]))
    assert result["reshuffled"] is True and result["hand"] == 2 and result["deck"] == 6


def test_initiative_highest_first_and_players_win_ties() -> None:
    order = turn_order([Initiative("Ogre", False, 6, 6), Initiative("Ash", True, 6, 6),
                        Initiative("Bo", True, 8, 8), Initiative("Cy", True, 2, 2)])
    assert [i.name for i in order] == ["Bo", "Ash", "Ogre", "Cy"]


def test_a_player_may_lower_initiative_but_an_npc_may_not() -> None:
    request: dict[str, Any] = {"roll": "initiative", "combatants": [
        {"name": "Ash", "player": True, "initiative": "1d8", "lower_to": 2},
        {"name": "Ogre", "player": False, "initiative": [4]}]}
    result = SYSTEM.resolve(request, FixedDice([7]))
    assert [(o["name"], o["rolled"], o["initiative"]) for o in result["order"]] == [
        ("Ogre", 4, 4), ("Ash", 7, 2)]
    with pytest.raises(RuleError, match=r"^initiative: Ogre is not a player"):
        Initiative("Ogre", False, 4, 4).lowered(2)
    with pytest.raises(RuleError, match=r"may set Initiative to 1\.\.7"):
        Initiative("Ash", True, 7, 7).lowered(8)


def test_one_assist_and_one_interrupt_per_turn_automatic_ones_free() -> None:
    used = off_turn_play("Ash", "assist", OffTurnPlays(), False, own_turn=False)
    used = off_turn_play("Ash", "interrupt", used, False, own_turn=False)
    with pytest.raises(RuleError, match="already played an Assist this turn"):
        off_turn_play("Ash", "assist", used, False, own_turn=False)
    assert off_turn_play("Ash", "interrupt", used, True, own_turn=True) == used
    with pytest.raises(RuleError, match="on their own turn"):
        off_turn_play("Ash", "assist", OffTurnPlays(), False, own_turn=True)
