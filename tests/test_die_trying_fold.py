"""The Die Trying campaign fold: events carry their faces, invalid events change nothing, and
the invariants hold over any sequence (HP never above the maximum, Points never below 0)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.die_trying.fold import CampaignState
from oracle.die_trying.system import SYSTEM
from oracle.errors import OracleError, RequestError, RuleError

HERO: dict[str, Any] = {
    "type": "create_character",
    "name": "Pip",
    "abilities": {"strength": 1, "dexterity": 2, "constitution": 3, "intelligence": 0,
                  "wisdom": -1, "charisma": 1},
    "proficiencies": {"arcana": "expert", "medicine": "trained"},
    "talents": {"Spark": 2},
    "equipment": [{"item": "weapon", "trait": "finesse", "damage_type": "piercing"}, "torch",
                  "medicine_kit"],
    "magic_dice": 2,
}


def fold(*events: dict[str, Any]) -> CampaignState:
    state: CampaignState = SYSTEM.new_state()
    for event in events:
        state = SYSTEM.apply(state, event)
    return state


def test_creating_a_character_sets_hp_ac_speed_and_sp() -> None:
    pip = fold(HERO).character("Pip")
    assert (pip.hp, pip.max_hp, pip.armor_class, pip.speed) == (6, 6, 6, 30)
    assert pip.sp == 45 - 15 - 2 - 13


def test_damage_to_0_hp_starts_death_saves_and_a_success_at_0_stabilizes() -> None:
    state = fold(HERO, {"type": "damage", "name": "Pip", "amount": 7})
    assert state.character("Pip").hp == -1 and state.character("Pip").dying
    state = SYSTEM.apply(state, {"type": "death_save", "name": "Pip", "d10": 9})
    assert state.character("Pip").hp == 0 and state.character("Pip").dying
    state = SYSTEM.apply(state, {"type": "death_save", "name": "Pip", "d10": 6,
                                 "unconscious_d6": [3, 4]})
    pip = state.character("Pip")
    assert pip.stable and not pip.dying and pip.unconscious_hours == 4
    with pytest.raises(RuleError, match="^name: Pip is not dying"):
        SYSTEM.apply(state, {"type": "death_save", "name": "Pip", "d10": 6})
    assert SYSTEM.apply(state, {"type": "wake", "name": "Pip"}).character("Pip").hp == 1


def test_failed_death_saves_down_to_minus_5_kill() -> None:
    state = fold(HERO, {"type": "damage", "name": "Pip", "amount": 10})  # -4
    state = SYSTEM.apply(state, {"type": "death_save", "name": "Pip", "d10": 2})  # DC 8
    assert state.character("Pip").dead
    with pytest.raises(RuleError, match="dead"):
        SYSTEM.apply(state, {"type": "heal", "name": "Pip", "amount": 3})


def test_casting_gains_instability_and_the_next_day_clears_it() -> None:
    state = fold(HERO, {"type": "cast", "name": "Pip", "magic": [2, 5], "instability": []})
    assert state.character("Pip").instability == 2
    with pytest.raises(RuleError, match="^instability: Pip holds 2 Instability Dice"):
        SYSTEM.apply(state, {"type": "cast", "name": "Pip", "magic": [1], "instability": [3]})
    with pytest.raises(RuleError, match="^magic: at most the 2 Magic Dice"):
        SYSTEM.apply(state, {"type": "cast", "name": "Pip", "magic": [1, 2, 3],
                             "instability": [4, 5]})
    state = SYSTEM.apply(state, {"type": "cast", "name": "Pip", "magic": [1],
                                 "instability": [3, 4], "improvised": {"d10": 5, "modifier": 1}})
    assert state.character("Pip").instability == 2 + 2  # improvised: twice the MD
    state = SYSTEM.apply(state, {"type": "new_day"})
    assert state.character("Pip").instability == 0 and state.day == 2


def test_a_miscast_on_row_11_kills_the_caster() -> None:
    state = fold(HERO, {"type": "cast", "name": "Pip", "magic": [4, 4], "instability": [],
                        "miscast_d10": 10})  # 10 + 2 - 1 = 11
    assert state.character("Pip").dead


def test_three_marks_raise_and_marks_need_points() -> None:
    state = fold(HERO, {"type": "award_points", "name": "Pip", "points": 3})
    for _ in range(3):
        state = SYSTEM.apply(state, {"type": "mark", "name": "Pip", "target": "arcana"})
    pip = state.character("Pip")
    assert pip.as_dict()["proficiencies"]["arcana"] == "master" and pip.points == 0
    assert pip.marks_on("arcana") == 0
    with pytest.raises(RuleError, match="^points: Pip has no Point"):
        SYSTEM.apply(state, {"type": "mark", "name": "Pip", "target": "strength"})


def test_raising_constitution_raises_hp_and_its_maximum_together() -> None:
    state = fold(HERO, {"type": "award_points", "name": "Pip", "points": 3},
                 {"type": "damage", "name": "Pip", "amount": 2})
    for _ in range(3):
        state = SYSTEM.apply(state, {"type": "mark", "name": "Pip", "target": "constitution"})
    pip = state.character("Pip")
    assert (pip.hp, pip.max_hp) == (6, 8)


def test_a_strike_event_damages_its_target() -> None:
    state = fold(HERO, {**HERO, "name": "Moss"})
    state = SYSTEM.apply(state, {"type": "strike", "attacker": "Pip", "target": "Moss",
                                 "attack": {"d10": 8, "modifier": 2, "ac": 6, "damage_d6": 3}})
    assert state.character("Moss").hp == 6 - 3


def test_roll_events_must_carry_every_face() -> None:
    state = fold(HERO)
    with pytest.raises(RuleError, match="more dice were rolled than faces"):
        SYSTEM.apply(state, {"type": "roll", "request": {"roll": "check", "modifier": 1,
                                                          "dc": 5}})
    after = SYSTEM.apply(state, {"type": "roll", "request": {"roll": "check", "d10": 4,
                                                             "modifier": 1, "dc": 5}})
    assert after.rolls == state.rolls + 1 and after.characters == state.characters


@pytest.mark.parametrize(
    "event",
    [
        {"type": "teleport"},
        {"type": "damage", "name": "Nobody", "amount": 1},
        {"type": "damage", "name": "Pip", "amount": -1},
        {"type": "damage", "name": "Pip", "amount": "lots"},
        {"type": "create_character", **{k: v for k, v in HERO.items() if k != "type"}},
        {"type": "create_character", **HERO, "name": "Rich",
                                        "equipment": ["heavy_armor", "thieves_tools", "torch"]},
        {"type": "mark", "name": "Pip", "target": "luck"},
        {"type": "cast", "name": "Pip", "magic": [9], "instability": []},
    ],
)
def test_invalid_events_raise_and_change_nothing(event: dict[str, Any]) -> None:
    state = fold(HERO)
    with pytest.raises((RuleError, RequestError)):
        SYSTEM.apply(state, event)
    assert state == fold(HERO)


events = st.one_of(
    st.builds(lambda n: {"type": "damage", "name": "Pip", "amount": n}, st.integers(-2, 9)),
    st.builds(lambda n: {"type": "heal", "name": "Pip", "amount": n}, st.integers(-2, 9)),
    st.builds(lambda f: {"type": "death_save", "name": "Pip", "d10": f,
                         "unconscious_d6": [2, 5]}, st.integers(0, 11)),
    st.builds(lambda n: {"type": "award_points", "name": "Pip", "points": n}, st.integers(-1, 3)),
    st.builds(lambda t: {"type": "mark", "name": "Pip", "target": t},
              st.sampled_from(["constitution", "stealth", "talent:Spark", "arcana", "x"])),
    st.just({"type": "new_day"}),
    st.just({"type": "wake", "name": "Pip"}),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(events, max_size=25), st.integers(-1, 3))
def test_invariants_hold_over_any_journal(journal: list[dict[str, Any]], con: int) -> None:
    state = fold({**HERO, "abilities": {**HERO["abilities"], "constitution": con}})
    assert state.character("Pip").hp == state.character("Pip").max_hp == max(2 * con, 1)
    for event in journal:
        try:
            new = SYSTEM.apply(state, event)
        except OracleError as exc:
            assert str(exc).endswith(".")
            continue
        pip = new.character("Pip")
        assert pip.hp <= pip.max_hp  # HP never above the maximum
        assert pip.points >= 0  # Points never below 0
        assert pip.hp >= -5 and (pip.dead or pip.hp > -5)
        assert all(0 < n < 3 for n in dict(pip.marks).values())
        assert new.events == state.events + 1
        state = new


def test_a_die_trying_campaign_replays_to_the_same_state(tmp_path: Any) -> None:
    from oracle.journal.campaign import Campaign

    campaign = Campaign.create("Delve", "die_trying", home=tmp_path)
    campaign.record(HERO)
    campaign.record({"type": "cast", "name": "Pip", "magic": [3, 3], "instability": [],
                     "miscast_d10": 2})
    with pytest.raises(RuleError):
        campaign.record({"type": "cast", "name": "Pip", "magic": [1], "instability": []})
    state = campaign.state
    entry = campaign.entries[-1]
    assert entry.result is not None and entry.result["miscast_row"] == 3  # 2 + 2 - 1
    assert campaign.summary(entry).startswith("Pip casts")
    campaign_id = campaign.id
    campaign.close()
    reopened = Campaign.open(campaign_id, tmp_path)
    assert reopened.state == state and reopened.state.character("Pip").instability == 2
    reopened.close()


def test_stabilizing_spends_a_medicine_kit_use_of_the_healer() -> None:
    state = fold(HERO, {**HERO, "name": "Moss", "equipment": ["medicine_kit_use"]},
                 {"type": "damage", "name": "Pip", "amount": 8})  # Pip at -2
    assert state.character("Moss").medicine_uses == 1 and state.character("Pip").medicine_uses == 10
    state = SYSTEM.apply(state, {"type": "stabilize", "name": "Pip", "healer": "Moss", "d10": 3,
                                 "modifier": 1})  # 4 against DC 6: failure
    assert state.character("Pip").hp == -3 and state.character("Moss").medicine_uses == 0
    assert state.last_result is not None and state.last_result["medicine_uses_left"] == 0
    with pytest.raises(RuleError, match="^healer: Moss has no Medicine Kit use left"):
        SYSTEM.apply(state, {"type": "stabilize", "name": "Pip", "healer": "Moss", "d10": 9})
    with pytest.raises(RuleError, match="^healer: the dying cannot stabilize themselves"):
        SYSTEM.apply(state, {"type": "stabilize", "name": "Pip", "healer": "Pip", "d10": 9})
