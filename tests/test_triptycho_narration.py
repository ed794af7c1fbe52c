"""Triptycho's narrative beats: an Injury, a defeat, a telling blow, voiced offline from the
settled result (the words never change the result)."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from oracle.cli import main
from oracle.narrator import beat_for_result


def narrate(request: dict[str, Any]) -> dict[str, Any]:
    out = io.StringIO()
    assert main(["resolve", "--narrate"], stdin=io.StringIO(json.dumps(request)), out=out) == 0
    payload: dict[str, Any] = json.loads(out.getvalue())
    return payload


@pytest.mark.parametrize(
    ("request_", "beat", "words"),
    [
        ({"roll": "injury", "base": {"hp": 20, "ep": 12, "wp": 14}, "take": 1}, "injury",
         "Injuries: 0 to 1"),
        ({"roll": "injury", "base": {"hp": 10, "ep": 12, "wp": 14}, "injuries": 1, "take": 1},
         "injury", "does not get up again"),
        ({"roll": "damage", "damage": [5, 2], "defense": [3], "points": 3}, "defeat",
         "down to 0"),
        ({"roll": "damage", "damage": {"dice": "2d4", "faces": [4, 4]}, "defense": [3]},
         "telling_blow", "5 gets through"),
    ],
)
def test_each_beat_voices_the_settled_result(request_: dict[str, Any], beat: str,
                                             words: str) -> None:
    payload = narrate({**request_, "system": "triptycho"})
    narration = payload["narration"]
    assert narration["narrator"] == "offline" and narration["beat"] == beat
    assert words in narration["text"]


def test_an_ordinary_roll_gets_the_generic_beat() -> None:
    result = {"roll": "damage", "dealt": 2, "defeated": False, "damage_result": None}
    assert beat_for_result("triptycho", result) == "roll"
    healed = {"roll": "injury", "injuries_before": 2, "injuries_after": 1, "dead": False}
    assert beat_for_result("triptycho", healed) == "roll"


def test_narration_leaves_the_result_as_the_rules_settled_it() -> None:
    request = {"roll": "damage", "system": "triptycho", "damage": [5, 2], "defense": [3],
               "points": 3}
    plain = io.StringIO()
    main(["resolve"], stdin=io.StringIO(json.dumps(request)), out=plain)
    voiced = narrate(request)
    voiced.pop("narration")
    assert voiced == json.loads(plain.getvalue())
