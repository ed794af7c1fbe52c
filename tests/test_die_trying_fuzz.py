"""Every request either resolves or is refused with one sentence (d20's hypothesis habit):
no KeyError, TypeError or ZeroDivisionError ever reaches a caller."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.dice import SeededDice
from oracle.die_trying.fold import APPLIERS
from oracle.die_trying.system import SYSTEM
from oracle.errors import OracleError

FIELDS = ["d10", "modifier", "dc", "ability", "proficiency", "bonus", "kind", "ac", "damage_d6",
          "damage_bonus", "trait", "strength", "twin_both", "concealed", "hidden",
          "concealment_d10", "reach", "reach_die", "combatants", "watchers", "speed", "magic",
          "instability", "miscast_d10", "spell_level", "magic_dice_available", "hp",
          "unconscious_d6", "d6", "d2", "assign", "name", "abilities", "proficiencies",
          "talents", "equipment", "purchases", "target", "marks", "level", "face", "sides",
          "tens", "ones", "heavy_armor", "dodging", "sweep_half", "budget"]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-8, 14), st.text(max_size=6),
                    st.sampled_from(["expert", "legendary", "deadly", "strength", "stealth",
                                     "torch", "weapon", "skill", "talent:Spark"]),
                    st.floats(allow_nan=False, allow_infinity=False, width=16))
values = st.one_of(
    scalars,
    st.lists(st.integers(-1, 12), max_size=6),
    st.lists(st.dictionaries(st.sampled_from(["name", "perception", "hidden", "d10", "item",
                                              "trait", "modifier"]), scalars, max_size=4),
             max_size=3),
    st.dictionaries(st.sampled_from(["strength", "dexterity", "constitution", "intelligence",
                                     "wisdom", "charisma", "stealth", "Spark"]), scalars,
                    max_size=6),
)
requests = st.builds(
    lambda roll, extra: {"roll": roll, "system": "die_trying", **extra},
    st.sampled_from([*SYSTEM.roll_kinds, "nonsense"]),
    st.dictionaries(st.sampled_from(FIELDS), values, max_size=6),
)


@settings(max_examples=400, deadline=None)
@given(requests, st.integers(0, 5))
def test_resolve_returns_a_result_or_one_sentence(request: dict[str, Any], seed: int) -> None:
    try:
        result = SYSTEM.resolve(request, SeededDice(seed))
    except OracleError as exc:
        message = str(exc)
        assert message.endswith(".") and "\n" not in message and ": " in message
    else:
        assert result["roll"] == request["roll"] and result["system"] == "die_trying"


@settings(max_examples=300, deadline=None)
@given(requests)
def test_odds_return_probabilities_or_one_sentence(request: dict[str, Any]) -> None:
    try:
        result = SYSTEM.odds(request)
    except OracleError as exc:
        assert str(exc).endswith(".")
    else:
        assert result["roll"] == request["roll"]


@given(st.integers(-5, 500))
def test_a_d2_is_read_from_a_real_die(sides: int) -> None:
    try:
        odds = SYSTEM.odds({"roll": "d2", "sides": sides})
    except OracleError as exc:
        assert str(exc).startswith("sides:") and not 2 <= sides <= 100
    else:
        assert set(odds["result"]) == {"1", "2"}


EVENT_FIELDS = ["name", "amount", "d10", "unconscious_d6", "modifier", "magic", "instability",
                "miscast_d10", "spell_level", "improvised", "count", "points", "target",
                "attacker", "attack", "request", "abilities", "equipment"]
events = st.builds(
    lambda kind, extra: {"type": kind, **extra},
    st.sampled_from([*APPLIERS, "nonsense"]),
    st.dictionaries(st.sampled_from(EVENT_FIELDS),
                    st.one_of(values, st.just("Pip"), st.just({"d10": 5, "modifier": 1}),
                              st.just({"roll": "check", "d10": 3, "dc": 4})), max_size=5),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(events, max_size=6))
def test_apply_folds_or_refuses_with_one_sentence(journal: list[dict[str, Any]]) -> None:
    state = SYSTEM.apply(SYSTEM.new_state(), {
        "type": "create_character", "name": "Pip", "magic_dice": 2,
        "abilities": {"strength": 1, "dexterity": 1, "constitution": 1, "intelligence": 1,
                      "wisdom": 1, "charisma": 1}})
    for event in journal:
        before = state
        try:
            state = SYSTEM.apply(state, {**event, "name": event.get("name", "Pip")})
        except OracleError as exc:
            assert str(exc).endswith(".")
            assert state is before
        assert isinstance(SYSTEM.journal_line(event).plain(), str)
