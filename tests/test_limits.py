"""Sizes beyond what a table plays are refused with one sentence naming the limit (issue 11), in
``oracle resolve`` and ``oracle odds`` alike; and the contract points issue 11 found broken.

No timings here: bench/limits.py shows how long each kind takes at its limit.
"""

from __future__ import annotations

import io
import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.cli import main
from oracle.errors import RuleError
from oracle.requests import MOST_ENTRIES
from oracle.triptycho.entries import MOST_DICE
from oracle.triptycho.rounds import Hand
from oracle.trophy.odds import reduction_odds
from oracle.trophy.ruin import read_reduction


def run(argv: list[str], request: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(json.dumps(request)), out=out)
    payload: dict[str, Any] = json.loads(out.getvalue())
    return code, payload


def both(request: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    return [run(["resolve"], request), run(["odds"], request)]


T = {"system": "triptycho"}
ENTRY_LIMIT = f"rolls at most {MOST_DICE} dice (our limit, far beyond any card)"


@pytest.mark.parametrize(("request_", "sentence"), [
    ({**T, "roll": "dice", "dice": "100d12"}, f"dice: an entry {ENTRY_LIMIT}; got 100."),
    ({**T, "roll": "dice", "dice": "1d6", "number": 1_000_000},
     f"number: an entry {ENTRY_LIMIT}; got 1000001."),
    ({**T, "roll": "dice", "dice": "30d6", "number": 1}, f"number: an entry {ENTRY_LIMIT}; got 31."),
    ({**T, "roll": "damage", "damage": "400d12", "defense": "1d6"},
     f"damage: an entry {ENTRY_LIMIT}; got 400."),
    ({**T, "roll": "damage", "damage": {"dice": "29d6", "number": 2}},
     f"damage.number: an entry {ENTRY_LIMIT}; got 31."),
    ({**T, "roll": "damage", "damage": "10d20", "damage_enhancements": ["10d20", "10d20", "1d4"]},
     f"damage_enhancements: Damage with its enhancement dice {ENTRY_LIMIT}; got 31."),
    ({**T, "roll": "damage", "damage": "1d6", "defense": "20d6",
      "defense_enhancements": ["5d4", [1] * 6]},
     f"defense_enhancements: Defense with its enhancement dice {ENTRY_LIMIT}; got 31."),
    ({**T, "roll": "opposed", "action": [3] * 31, "reaction": "1d6"},
     f"action: an entry {ENTRY_LIMIT}; got 31."),
    ({**T, "roll": "attack", "action": "1d6", "reaction": "1d6", "damage": "1d6",
      "counter": "999d12"}, f"counter: an entry {ENTRY_LIMIT}; got 999."),
])
def test_triptycho_sizes_past_the_limit_are_refused_naming_it(request_: dict[str, Any],
                                                             sentence: str) -> None:
    for code, payload in both(request_):
        assert (code, payload) == (2, {"error": sentence})


def test_triptycho_at_the_limit_answers_exactly() -> None:
    code, payload = run(["odds"], {**T, "roll": "dice", "dice": f"{MOST_DICE}d20"})
    assert code == 0
    rows = payload["distribution"]
    assert [r["total"] for r in rows] == list(range(MOST_DICE, 20 * MOST_DICE + 1))
    assert rows[0]["fraction"] == f"1/{20 ** MOST_DICE}"
    assert payload["expected"]["fraction"] == str(MOST_DICE * 21 // 2)  # 10.5 a die


def test_other_triptycho_counts_are_worked_out_not_counted_one_by_one() -> None:
    code, payload = run(["resolve"], {**T, "roll": "draw", "deck": 10**12, "discard": 5,
                                      "round": 2, "extra": 10**12 + 3})
    # 10**12 + 4 draws: the deck runs out, the discard pile is reshuffled (that draw is lost),
    # 3 more are drawn from it
    assert (code, payload["deck"], payload["hand"], payload["discard"]) == (0, 2, 10**12 + 3, 0)
    code, payload = run(["resolve"], {**T, "roll": "injury", "base": {"hp": 20, "ep": 15,
                                                                    "wp": 10},
                                      "injuries": 10**12, "heal": 10**12, "valuables": 10**12})
    assert (code, payload["injuries_after"], payload["valuables_after"]) == (0, 0, 0)
    code, payload = run(["resolve"], {**T, "roll": "injury", "base": {"hp": 20, "ep": 15,
                                                                    "wp": 10},
                                      "injuries": 3, "heal": 10**12, "valuables": 10**12})
    assert (code, payload) == (2, {"error": f"injuries: {10**12} Injuries cannot be healed; "
                                            f"there are 3."})


@pytest.mark.parametrize(("request_", "field"), [
    ({"roll": "risk", "ruin": 1, "light": 1, "dark": [1] * 101}, "dark"),
    ({"roll": "risk", "ruin": 1, "light": 1, "dark": 1,
      "helpers": [{"name": f"h{i}", "ruin": 1} for i in range(101)]}, "helpers"),
    ({"roll": "contest", "participants": [{"name": f"p{i}", "ruin": 1, "light": 1}
                                          for i in range(20_000)]}, "participants"),
    ({"roll": "combat", "endurance": 12, "dark": 1,
      "characters": [{"name": "A", "ruin": 1, "weak_points": [1] * 101}]},
     "characters[0].weak_points"),
    ({"system": "die_trying", "roll": "initiative",
      "combatants": [{"name": f"c{i}"} for i in range(101)]}, "combatants"),
    ({**T, "roll": "initiative", "combatants": [{"name": f"c{i}", "initiative": "1d6"}
                                                for i in range(101)]}, "combatants"),
])
def test_a_list_past_the_limit_is_refused_before_anything_is_read(request_: dict[str, Any],
                                                                  field: str) -> None:
    got = len(next(v for k, v in request_.items() if k == field.split("[")[0]))
    if field == "characters[0].weak_points":
        got = 101
    sentence = (f"{field}: a list here holds at most {MOST_ENTRIES} entries (our limit, far "
                f"beyond any table); got {got}.")
    assert run(["resolve"], request_) == (2, {"error": sentence})


def test_trophy_rolls_past_the_table_limits_are_refused_alike_by_resolve_and_odds() -> None:
    nine = [{"name": f"p{i}", "ruin": 1, "light": 1} for i in range(9)]
    for command in (["resolve"], ["odds"]):
        code, payload = run(command, {"roll": "contest", "participants": nine})
        assert (code, payload) == (2, {"error": "participants: at most 8 participants in one "
                                                "roll (our limit, far beyond any table); got 9."})
        code, payload = run(command, {"roll": "risk", "ruin": 1, "light": 1, "dark": 31})
        assert (code, payload) == (2, {"error": "dark: at most 30 dark dice in one roll (our "
                                                "limit, far beyond any table); got 31."})
        helpers = [{"name": f"h{i}", "ruin": 1} for i in range(13)]
        code, payload = run(command, {"roll": "risk", "ruin": 1, "dark": 1, "helpers": helpers})
        assert (code, payload) == (2, {"error": "helpers: at most 12 helpers in one roll (our "
                                                "limit, far beyond any table); got 13."})
        greedy = [{"name": "a", "ruin": 1, "dark": 11}, {"name": "b", "ruin": 1, "dark": 1}]
        code, payload = run(command, {"roll": "contest", "participants": greedy})
        assert (code, payload) == (2, {"error": "participants[0].dark: at most 10 dark dice "
                                                "each in one roll (our limit, far beyond any "
                                                "table); got 11."})


def test_die_trying_reach_past_the_limit_is_refused() -> None:
    request = {"system": "die_trying", "roll": "attack", "ability": 1, "proficiency": "trained",
               "ac": 5, "reach": [f"n{i}" for i in range(31)]}
    for code, payload in both(request):
        assert (code, payload) == (2, {"error": "reach: at most 30 creatures in reach (our "
                                                "limit, far beyond a fight at the table); got 31."})


def test_attack_odds_do_not_depend_on_who_a_critical_miss_strikes() -> None:
    base = {"system": "die_trying", "roll": "attack", "ability": 1, "proficiency": "trained",
            "ac": 5}
    _, alone = run(["odds"], base)
    _, crowded = run(["odds"], {**base, "reach": [f"n{i}" for i in range(30)]})
    assert alone == crowded


# --- the contract kept (shared/contract/resolve.md) ------------------------------------------

def test_rolled_weak_points_are_seeded_and_shown() -> None:
    request = {"roll": "combat", "endurance": 7, "dark": [4, 2], "seed": 5,
               "characters": [{"name": "A", "ruin": 2, "weak_points": 3},
                              {"name": "B", "ruin": 1, "weak_points": [2]}]}
    first, again = run(["resolve"], request), run(["resolve"], request)
    assert first == again and first[0] == 0
    shown = {c["name"]: c["weak_points"] for c in first[1]["characters"]}
    assert len(shown["A"]) == len(set(shown["A"])) == 3 and shown["B"] == [2]
    for c in first[1]["characters"]:  # the Ruin follows from the faces shown
        matches = sum(1 for die in (4, 2) if die in shown[c["name"]])
        assert c["matches"] == matches and c["ruin_after"] == c["ruin_before"] + min(matches, 1)


def test_rolled_weak_points_differ_with_the_seed() -> None:
    faces = set()
    for seed in range(20):
        _, payload = run(["resolve"], {"roll": "combat", "endurance": 7, "dark": [4, 2],
                                       "seed": seed,
                                       "characters": [{"name": "A", "ruin": 2,
                                                       "weak_points": 3}]})
        faces.add(tuple(payload["characters"][0]["weak_points"]))
    assert len(faces) > 1


STARTING = ("ruin: Ruin is already at its starting value (3), and a Reduction Roll never takes "
            "it below that: there is no Ruin to remove.")


def test_the_starting_ruin_refusal_says_it_right_everywhere() -> None:
    request = {"roll": "reduction", "ruin": 3, "starting_ruin": 3, "reached_five": True,
               "light": 5}
    for code, payload in both(request):
        assert (code, payload) == (2, {"error": STARTING})
    with pytest.raises(RuleError) as core:
        read_reduction(3, 5, starting_ruin=3, reached_five=True)
    with pytest.raises(RuleError) as odds:
        reduction_odds(3, starting_ruin=3, reached_five=True)
    assert str(core.value) == str(odds.value) == STARTING


@pytest.mark.parametrize(("field", "value", "sentence"), [
    ("helpers", {}, "helpers: must be a list, not {}."),
    ("helpers", 0, "helpers: must be a list, not 0."),
    ("push", "yes", "push: a number of pushes, or a list of each push's faces; not 'yes'."),
])
def test_helpers_and_push_are_read_strictly(field: str, value: object, sentence: str) -> None:
    request = {"roll": "risk", "ruin": 2, "light": [4], "dark": [1], field: value}
    for code, payload in both(request):
        assert (code, payload) == (2, {"error": sentence})


@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 12), st.integers(-2, 40))
def test_drawing_many_at_once_is_drawing_one_at_a_time(deck: int, hand: int, discard: int,
                                                       count: int) -> None:
    one_by_one = Hand(deck, hand, discard)
    for _ in range(max(0, count)):
        if one_by_one.deck == 0:  # Triptycho, Draw Phase: reshuffle, that draw is lost
            one_by_one = replace(one_by_one, deck=one_by_one.discard, discard=0)
        else:
            one_by_one = replace(one_by_one, deck=one_by_one.deck - 1, hand=one_by_one.hand + 1)
    assert Hand(deck, hand, discard).drawn(count) == one_by_one
