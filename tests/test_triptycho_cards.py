"""Cards typed in by the table (entries and keywords) and a Reaction's own Damage."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest

from oracle.dice import FixedDice
from oracle.errors import OracleError, RequestError, RuleError
from oracle.triptycho.cards import CardKind, read_card
from oracle.triptycho.system import SYSTEM

SWORD = {"name": "Sword", "kind": "action", "hit": "1d8", "damage": "1d10",
         "keywords": ["Piercing 1"], "special": "Push the target one section."}
PARRY = {"name": "Parry", "kind": "reaction", "miss": "1d4", "defense": "1d6"}
RIPOSTE = {"name": "Riposte", "kind": "reaction", "miss": "1d6", "damage": "1d4"}
THORNS = {"name": "Thorns", "kind": "reaction", "damage": "1d2"}


def test_a_card_is_its_entries_and_keywords() -> None:
    card = read_card("action_card", SWORD)
    assert card.kind is CardKind.ACTION and card.piercing == 1 and not card.automatic
    assert dict(card.entries) == {"hit": "1d8", "damage": "1d10"}
    snap = read_card("card", {"name": "Snap", "kind": "interrupt", "keywords": ["Automatic"]})
    assert snap.automatic


def test_the_text_example_played_from_cards() -> None:
    # Piercing 1 takes Parry's Defense from 1d6 to 1d4.
    result = SYSTEM.resolve({"roll": "attack", "action_card": SWORD, "reaction_card": PARRY},
                            FixedDice([5, 3, 6, 2]))
    assert (result["winner"], result["defense_dice"], result["dealt"]) == ("action", "1d4", 4)
    assert result["counter_dealt"] is None


@pytest.mark.parametrize(
    ("faces", "hit", "dealt", "counter"),
    [([6, 2, 7], True, 7, None), ([2, 6, 3], False, 0, 3)],
)
def test_a_reaction_damage_entry_deals_back_only_if_the_reaction_wins(
    faces: list[int], hit: bool, dealt: int, counter: int | None
) -> None:
    result = SYSTEM.resolve({"roll": "attack", "action_card": SWORD, "reaction_card": RIPOSTE},
                            FixedDice(faces))
    assert (result["hit"], result["dealt"], result["counter_dealt"]) == (hit, dealt, counter)


def test_without_evasion_both_damages_apply_at_once() -> None:
    result = SYSTEM.resolve({"roll": "attack", "action_card": SWORD, "reaction_card": THORNS},
                            FixedDice([9, 2]))
    assert result["opposed_roll"] is False
    assert (result["dealt"], result["counter_dealt"]) == (9, 2)


def test_counter_odds_equal_a_brute_force_count() -> None:
    odds = SYSTEM.odds({"roll": "attack", "action_card": SWORD, "reaction_card": RIPOSTE})
    total = Fraction(0)
    for a, r, c in itertools.product(range(1, 9), range(1, 7), range(1, 5)):
        if r > a:
            total += Fraction(c, 8 * 6 * 4)
    assert Fraction(odds["counter_expected"]["fraction"]) == total


@pytest.mark.parametrize(
    ("request_", "error", "message"),
    [
        ({"action_card": {"name": "Rally", "kind": "strategy"}}, RuleError,
         "action_card: an attack is played from an Action card"),
        ({"action_card": SWORD, "hit": "1d4"}, RequestError, "action_card.hit: given both"),
        ({"action_card": {**SWORD, "defense": "1d4"}}, RequestError,
         "action_card: an action card has no 'defense' entry"),
        ({"action_card": {**SWORD, "hit": None, "argue": "1d6"}}, RuleError,
         "action_card.argue: that entry belongs to another scenario"),
        ({"reaction_card": {**PARRY, "keywords": ["Automatic"]}}, RuleError,
         "reaction_card.keywords: only Interrupts"),
        ({"action_card": {**SWORD, "kind": "spell"}}, RequestError, "action_card.kind"),
    ],
)
def test_bad_cards_are_refused_in_one_sentence(request_: dict[str, Any],
                                               error: type[OracleError], message: str) -> None:
    with pytest.raises(error) as exc:
        SYSTEM.resolve({"roll": "attack", **request_}, FixedDice([1] * 8))
    assert str(exc.value).startswith(message)


def test_the_journal_takes_counter_damage_off_the_attacker() -> None:
    state = SYSTEM.new_state()
    events: list[dict[str, Any]] = [
        {"type": "join", "name": "Ash", "player": True, "hp": 10, "ep": 10, "wp": 10},
        {"type": "join", "name": "Bramble", "hp": 10, "ep": 10, "wp": 10},
        {"type": "scenario_start", "kind": "combat"},
        {"type": "initiative", "name": "Ash", "faces": [4]},
        {"type": "initiative", "name": "Bramble", "faces": [2]},
        {"type": "draw_phase"}, {"type": "next_turn"},
        {"type": "attack", "attacker": "Ash", "target": "Bramble",
         "action_card": {**SWORD, "hit": {"dice": "1d8", "faces": [3]},
                         "damage": {"dice": "1d10", "faces": [6]}},
         "reaction_card": {**THORNS, "damage": {"dice": "1d2", "faces": [2]}}},
    ]
    for event in events:
        state = SYSTEM.apply(state, event)
    ash, bramble = state.member("Ash"), state.member("Bramble")
    assert (ash.vitals.hp, bramble.vitals.hp) == (8, 4)
    assert state.log[-1] == "Bramble deals 2 back to Ash."
