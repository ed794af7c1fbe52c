"""Triptycho's narrative beats: an Injury, a defeat, a telling blow, voiced offline from the
settled result (the words never change the result)."""

from __future__ import annotations

import io
import json
import re
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


TALK_VERBS = ["argue with", "persuade", "convince", "bribe", "haggle with", "plead with",
              "talk down", "bluff", "threaten", "calm", "reason with", "ask", "lie to",
              "sweet-talk", "beg"]
GOING_VERBS = ["climb", "cross", "swim across", "pick the lock on", "search", "sneak past",
               "jump over", "squeeze through", "outrun", "wade through", "follow the tracks to",
               "hide behind", "pry open"]
WHOM = ["the magistrate", "the foreman", "them", "Mara", "the ticket clerk"]
WHAT = ["the gate", "the flooded gallery", "the rooftops", "the old bridge", "the crates"]
FORMS = ["{v} {o}", "I {v} {o}", "we try to {v} {o}", "{V} {o}!", "Ilse will {v} {o}"]


def _opposed_text(intent: str, winner_faces: tuple[int, int], scenario: str | None = None) -> str:
    request: dict[str, Any] = {"roll": "opposed", "system": "triptycho", "name": "Ilse",
                               "action": [winner_faces[0]], "reaction": [winner_faces[1]],
                               "attempt": intent, "place": "the mine", "seed": intent}
    if scenario:
        request["scenario"] = scenario
    return str(narrate(request)["narration"]["text"])


@pytest.mark.parametrize("faces", [(5, 2), (2, 5)])
def test_an_opposed_roll_with_no_scenario_is_told_as_the_attempt_says(
        faces: tuple[int, int]) -> None:
    """Words are an argument won or lost, a way is made or holds out: never "Ilse's blow lands"
    for talking a clerk round or crossing a bridge (the rules' default scenario is a fight, and
    it is told so only when nothing else is said or the request names it)."""
    wrong = []
    for form in FORMS:
        for verb in TALK_VERBS:
            for whom in WHOM[:2]:
                text = _opposed_text(form.format(v=verb, V=verb.capitalize(), o=whom), faces)
                if "blow" in text or "makes it" in text or "holds out" in text:
                    wrong.append(text)
        for verb in GOING_VERBS:
            for what in WHAT[:2]:
                text = _opposed_text(form.format(v=verb, V=verb.capitalize(), o=what), faces)
                if "blow" in text or "argument" in text or "answer stays" in text:
                    wrong.append(text)
    assert wrong == []
    assert "blow" in _opposed_text("", faces) and "blow" in _opposed_text("swing at it", faces)
    assert "blow" in _opposed_text("argue with the clerk", faces, scenario="combat")


def test_a_fight_card_never_speaks_of_words() -> None:
    from oracle.narrator.compose import load

    talk = re.compile(r"\b(?:word|words|question|answer|reply|argument|said|says)\b", re.IGNORECASE)
    parts = [p.text for _, slot in load("tt_clashes").slots for _, p in slot]
    assert [t for t in parts if talk.search(t)] == []
