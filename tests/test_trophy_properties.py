"""Invariants of Trophy, checked with hypothesis over random campaigns and random requests.

- Ruin stays within starting Ruin..6, and only a Reduction Roll lowers it (by 1).
- Hunt Tokens and Gold are never negative.
- A lost (or dead) character cannot roll anything.
- Replaying a campaign's events from scratch rebuilds an identical state.
- Every random request either returns a full result or raises an OracleError.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.dice import SeededDice
from oracle.errors import OracleError, RuleError
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
from oracle.trophy.fold import TrophyState, apply, replay
from oracle.trophy.system import SYSTEM

NAMES = ("Ash", "Bel", "Cyr")
ROLL_EVENTS = {"risk_rolled", "risk_pushed", "help_added", "hunt_rolled", "contest_rolled",
               "combat_started", "combat_rolled", "combat_continued", "ruin_rolled",
               "reduction_rolled"}

command = st.tuples(st.integers(0, 15), st.sampled_from(NAMES), st.sampled_from(NAMES),
                    st.booleans(), st.integers(0, 3))


Command = tuple[int, str, str, bool, int]


def event_for(state: TrophyState, cmd: Command, dice: SeededDice) -> dict[str, Any]:
    """Turn a drawn command into an event, the way the app would (forbidden ones included)."""
    if cmd[0] <= 7:
        return _roll_event(state, cmd, dice)
    return _later_event(state, cmd, dice)


def _roll_event(state: TrophyState, cmd: Command, dice: SeededDice) -> dict[str, Any]:
    """Commands 0-7: rolls, help, tokens and fights."""
    kind, name, other, flag, number = cmd
    if kind == 0 and state.risk is not None and flag:
        return roll_push_event(state, dice)
    if kind == 6 and state.combat is not None:
        return roll_combat_event(state, dice, armor=[name] if flag else [])
    if kind == 0:
        return roll_risk_event(state, name, skill=flag, dark=number % 2, dice=dice,
                               helpers=[other] if number >= 2 else [])
    if kind == 1:
        return roll_push_event(state, dice) if state.risk else {"type": "risk_finished"}
    if kind == 2:
        return roll_help_event(state, other, dice)
    if kind == 3:
        return roll_hunt_event(state, name, skill=flag, dice=dice)
    if kind == 4:
        return {"type": "tokens_spent", "use": "goal" if flag else "treasure",
                "from": {name: 3 if flag else 1}}
    if kind == 5:
        return roll_contest_event(state, [{"name": name, "skill": flag, "dark": number},
                                          {"name": other, "dark": 1}], dice)
    if kind == 6:
        return roll_combat_start_event(state, 4 + 2 * number, sorted({name, other}), dice)
    return roll_combat_event(state, dice, armor=[name] if flag else []) \
        if state.combat else {"type": "combat_abandoned"}


def _later_event(state: TrophyState, cmd: Command, dice: SeededDice) -> dict[str, Any]:
    """Commands 8-15: retreats, Ruin, Reduction, tokens claimed, Gold and Conditions."""
    kind, name, other, flag, number = cmd
    if kind == 8:
        if state.combat and name in state.combat.names:
            to = other if other in state.combat.names and other != name else None
            return roll_retreat_event(state, name, to, dice)
        return {"type": "town_returned"}
    if kind in (9, 10):
        return roll_ruin_event(state, name, dice)
    if kind == 11:
        return roll_reduction_event(state, name, dice, remove_anyway=flag)
    if kind == 12:
        return {"type": "ruin_marked", "name": name, "amount": number + 1}
    if kind == 13:
        return {"type": "tokens_claimed", "from": name,
                "shares": {other: state.character(name).hunt_tokens}}
    if kind == 14:
        return {"type": "gold_changed", "name": name, "delta": number - 2}
    return {"type": "condition_added", "name": name, "condition": f"mark {number}"}


def check_step(before: TrophyState, after: TrophyState, event: dict[str, Any]) -> None:
    for old in before.characters:
        new = after.character(old.name)
        assert new.starting_ruin <= new.ruin <= 6
        assert new.hunt_tokens >= 0 and new.gold >= 0
        if new.ruin < old.ruin:
            assert event["type"] == "reduction_rolled" and event["name"] == old.name
            assert new.ruin == old.ruin - 1
        if old.out_of_play:
            # A lost or dead character never gains nor loses Ruin, tokens, or rolls.
            assert new.ruin == old.ruin
            assert not (event["type"] in ROLL_EVENTS and event.get("name") == old.name)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), starting=st.integers(1, 3),
       commands=st.lists(command, min_size=1, max_size=40))
def test_random_campaigns_keep_every_invariant_and_replay_identically(
    seed: int, starting: int, commands: list[Command]
) -> None:
    dice = SeededDice(seed)
    events: list[dict[str, Any]] = [
        {"type": "character_created",
         "character": {"name": name, "starting_ruin": starting, "armor": ["helm"]}}
        for name in NAMES
    ]
    state = replay(events)
    for cmd in commands:
        try:
            event = event_for(state, cmd, dice)
        except RuleError:
            continue
        try:
            new = apply(state, event)
        except RuleError:
            continue  # refused: the old state stands
        check_step(state, new, event)
        state = new
        events.append(event)
    assert replay(json.loads(json.dumps(events))) == state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**16), name=st.sampled_from(NAMES))
def test_a_lost_character_cannot_roll_anything(seed: int, name: str) -> None:
    state = replay([{"type": "character_created", "character": {"name": n}} for n in NAMES])
    state = apply(state, {"type": "ruin_marked", "name": name, "amount": 5})
    assert state.character(name).lost
    dice = SeededDice(seed)
    other = next(n for n in NAMES if n != name)
    attempts = [
        roll_risk_event(state, name, skill=True, dark=1, dice=dice),
        roll_risk_event(state, other, skill=True, dark=1, helpers=[name], dice=dice),
        roll_hunt_event(state, name, skill=True, dice=dice),
        roll_contest_event(state, [{"name": name}, {"name": other}], dice),
        roll_combat_start_event(state, 9, [name, other], dice),
        roll_ruin_event(state, name, dice),
        roll_reduction_event(state, name, dice, remove_anyway=True),
        {"type": "tokens_spent", "use": "treasure", "from": {name: 1}},
    ]
    for event in attempts:
        try:
            apply(state, event)
        except RuleError as exc:
            assert name in str(exc) or "lost" in str(exc) or "Ruin 6" in str(exc)
        else:
            raise AssertionError(f"a lost character rolled: {event}")


CONTRACT_FIELDS = {
    "risk": {"roll", "highest", "highest_is_dark", "outcome", "ruin_before", "ruin_after",
             "ruin_marked", "lost", "can_push", "helpers"},
    "ruin": {"roll", "ruin_before", "ruin_after", "ruin_marked", "lost"},
    "hunt": {"roll", "highest", "tokens_before", "tokens_after", "tokens_lost", "encounter"},
    "contest": {"roll", "winner", "participants"},
    "combat": {"roll", "roll_required", "total", "defeated", "characters"},
    "reduction": {"roll", "ruin_before", "ruin_after", "noticed"},
}

anything = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 9), st.text(max_size=3),
    st.lists(st.integers(-1, 8), max_size=5), st.floats(allow_nan=False, allow_infinity=False),
)


def mostly(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Nine times in ten a value of the right shape, otherwise anything at all."""
    return st.integers(0, 9).flatmap(lambda pick: anything if pick == 0 else valid)


face = st.integers(1, 6)
dice_field = mostly(st.one_of(st.lists(face, max_size=3), st.integers(0, 3)))
ruin = mostly(st.integers(1, 6))
name = st.sampled_from(["A", "B", "C"])
bargain = mostly(st.fixed_dictionaries({"text": st.text(max_size=5)},
                                       optional={"accepted": st.booleans()}))
helper = st.fixed_dictionaries({"name": name, "ruin": ruin},
                               optional={"die": mostly(face), "already_marked": st.booleans()})
risk = st.fixed_dictionaries(
    {"roll": st.just("risk"), "ruin": ruin},
    optional={"light": dice_field, "dark": dice_field, "ritual": mostly(st.booleans()),
              "helpers": mostly(st.lists(helper, max_size=2)),
              "bargain": bargain,
              "push": mostly(st.one_of(st.integers(0, 3), st.lists(st.fixed_dictionaries(
                  {"light": st.lists(face, max_size=2), "dark": st.lists(face, max_size=4)}),
                  max_size=2))),
              "foe": mostly(st.sampled_from(["folk", "monster"])),
              "intent": mostly(st.sampled_from(["defeat", "hide", "escape", "ritual"])),
              "confirmed": st.booleans()},
)
single = mostly(st.one_of(face, st.lists(face, min_size=1, max_size=2)))
ruin_roll = st.fixed_dictionaries({"roll": st.just("ruin"), "ruin": ruin},
                                  optional={"dark": single})
hunt = st.fixed_dictionaries({"roll": st.just("hunt"), "light": dice_field},
                             optional={"tokens": mostly(st.integers(0, 5)), "ruin": ruin})
contestant = st.fixed_dictionaries({"name": name, "ruin": ruin},
                                   optional={"light": dice_field, "dark": dice_field})
contest = st.fixed_dictionaries({"roll": st.just("contest"),
                                 "participants": mostly(st.lists(contestant, max_size=4))})
fighter = st.fixed_dictionaries(
    {"name": name, "ruin": ruin,
     "weak_points": mostly(st.one_of(st.lists(face, min_size=1, max_size=2), st.just(1)))},
    optional={"armor": mostly(st.booleans())})
combat = st.fixed_dictionaries(
    {"roll": st.just("combat"), "endurance": mostly(st.integers(0, 13)),
     "characters": mostly(st.lists(fighter, min_size=1, max_size=3))},
    optional={"dark": mostly(st.one_of(st.lists(face, min_size=1, max_size=4),
                                       st.integers(1, 4)))})
reduction = st.fixed_dictionaries(
    {"roll": st.just("reduction"), "ruin": ruin},
    optional={"starting_ruin": mostly(st.integers(1, 5)), "reached_five": mostly(st.booleans()),
              "light": single, "remove_anyway": mostly(st.booleans())})
requests = st.one_of(risk, ruin_roll, hunt, contest, combat, reduction,
                     st.fixed_dictionaries({"roll": anything}))


@settings(max_examples=400, deadline=None)
@given(request=requests, seed=st.integers(0, 1000))
def test_every_random_request_returns_a_full_result_or_an_oracle_error(
    request: dict[str, Any], seed: int
) -> None:
    try:
        result = SYSTEM.resolve(request, SeededDice(seed))
    except OracleError as exc:
        message = str(exc)
        assert message and "\n" not in message and ":" in message
        return
    kind = request["roll"]
    assert kind in CONTRACT_FIELDS and result["roll"] == kind
    assert CONTRACT_FIELDS[kind] <= set(result)
    json.dumps(result)
    for entry in result.get("helpers", []) + result.get("characters", []) + \
            result.get("participants", []):
        assert 1 <= entry["ruin_after"] <= 6 and entry["ruin_after"] >= entry["ruin_before"]
    if "ruin_after" in result:
        assert 1 <= result["ruin_after"] <= 6


junk = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.sampled_from(NAMES),
              st.text(max_size=3)),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.sampled_from([*NAMES, "name", "die", "light",
                                                             "dark", "weak_point"]),
                                            inner, max_size=3)),
    max_leaves=6,
)
EVENT_FIELDS = ["name", "light", "dark", "helpers", "bargain", "helper", "die", "use", "from",
                "to", "shares", "participants", "endurance", "fighters", "armor", "handed",
                "piece", "amount", "remove_anyway", "condition", "fate", "co_gm", "delta",
                "changes", "character", "foe", "intent", "confirmed", "ritual", "goal",
                "what", "reason", "pieces", "remove", "treasure"]


@settings(max_examples=400, deadline=None)
@given(kind=st.sampled_from(list(__import__("oracle.trophy.fold",
                                            fromlist=["EVENT_TYPES"]).EVENT_TYPES)),
       fields=st.dictionaries(st.sampled_from(EVENT_FIELDS), junk, max_size=5),
       opened=st.sampled_from(["none", "risk", "combat"]))
def test_every_malformed_event_is_a_rule_error_and_changes_nothing(
    kind: str, fields: dict[str, Any], opened: str
) -> None:
    state = replay([{"type": "character_created", "character": {"name": n, "ruin": 5}}
                    for n in NAMES])
    if opened == "risk":
        state = apply(state, {"type": "risk_rolled", "name": "Ash", "light": [6], "dark": [1]})
    elif opened == "combat":
        state = apply(state, {"type": "combat_started", "endurance": 12, "fighters": [
            {"name": "Ash", "weak_point": 1}, {"name": "Bel", "weak_point": 2}]})
    before = state
    try:
        after = apply(state, {"type": kind, **fields})
    except RuleError:
        assert state == before
        return
    for character in after.characters:
        assert character.starting_ruin <= character.ruin <= 6
        assert character.hunt_tokens >= 0 and character.gold >= 0
