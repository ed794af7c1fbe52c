"""`oracle resolve --narrate` and `oracle inspire`: the narrator's promises on the command line."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from oracle.cli import main
from oracle.narrator.inspire import inspire_beats


def run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), out=out)
    return code, out.getvalue()


def run_json(argv: list[str], stdin: str = "") -> tuple[int, dict[str, Any]]:
    code, text = run(argv, stdin)
    return code, json.loads(text)


def test_resolve_narrate_adds_an_offline_narration_and_keeps_the_result() -> None:
    request = json.dumps({"roll": "risk", "ruin": 2, "light": [4, 1], "dark": [5]})
    code, plain = run_json(["resolve"], request)
    code_n, narrated = run_json(["resolve", "--narrate"], request)
    assert code == code_n == 0
    narration = narrated.pop("narration")
    assert narrated == plain  # narrating changes no field of the result
    assert narration["narrator"] == "offline" and narration["fallback_reason"] is None
    assert isinstance(narration["text"], str) and narration["text"]
    assert "Ruin 2 to 3" in narration["text"]


def test_resolve_without_narrate_has_no_narration() -> None:
    code, result = run_json(["resolve"], json.dumps({"roll": "ruin", "ruin": 3, "dark": 4}))
    assert code == 0 and "narration" not in result


def test_a_refused_request_is_not_narrated() -> None:
    code, result = run_json(["resolve", "--narrate"], json.dumps({"roll": "risk", "ruin": 6,
                                                                  "light": [3], "dark": []}))
    assert code == 2 and set(result) == {"error"}


@pytest.mark.parametrize("beat", inspire_beats())
def test_inspire_json_for_every_beat(beat: str) -> None:
    code, payload = run_json(["inspire", beat, "--context", "the bell tower", "--json",
                              "--seed", "4"])
    assert code == 0
    assert payload["beat"] == beat and payload["narrator"] == "offline"
    assert payload["items"] and all(isinstance(i, str) and i for i in payload["items"])
    assert run_json(["inspire", beat, "--context", "the bell tower", "--json",
                     "--seed", "4"])[1] == payload  # same seed, same ideas


def test_inspire_lists_n_distinct_ideas() -> None:
    code, payload = run_json(["inspire", "bargain", "--n", "5", "--json", "--seed", "1"])
    assert code == 0 and len(payload["items"]) == 5 == len(set(payload["items"]))


def test_inspire_oracle_voices_the_answer_its_die_gave() -> None:
    code, payload = run_json(["inspire", "oracle", "--context", "Is the hermit lying?",
                              "--likelihood", "likely", "--json", "--seed", "2"])
    answer = payload["facts"][0]["answer"]
    assert code == 0 and payload["text"].startswith(
        f"\u201cIs the hermit lying?\u201d {answer.upper()}.")


def test_inspire_text_output_is_plain_lines() -> None:
    code, text = run(["inspire", "wrong", "--context", "I cross the ford", "--name", "Orla",
                      "--seed", "1"])
    assert code == 0
    lines = text.strip().splitlines()
    assert lines[0] == "Orla goes for it: \u201cI cross the ford.\u201d What could go wrong:"
    assert len(lines) == 4 and all(line.startswith("- ") for line in lines[1:])


def test_inspire_refuses_a_bad_count_with_one_sentence() -> None:
    code, payload = run_json(["inspire", "wrong", "--n", "40"])
    assert code == 2 and payload == {"error": "n: ask for 1 to 12 ideas; got 40."}


def test_inspire_help_names_every_beat(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["inspire", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert all(beat in out for beat in inspire_beats()) and "--context" in out


def test_with_a_key_resolve_narrate_asks_claude_and_keeps_the_key_out_of_the_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.fake_claude import FakeClaude

    key = "sk-ant-cli-test-KEYKEYKEY"
    with FakeClaude() as fake:
        monkeypatch.delenv("ORACLE_NARRATOR")
        monkeypatch.setenv("ANTHROPIC_API_KEY", key)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
        code, text = run(["resolve", "--narrate"],
                         json.dumps({"roll": "hunt", "tokens": 1, "light": [2]}))
        ideas = run_json(["inspire", "bargain", "--n", "2", "--json", "--seed", "1"])[1]
    assert code == 0 and key not in text
    narration = json.loads(text)["narration"]
    assert narration == {"text": fake.default_text, "narrator": "claude",
                         "fallback_reason": None, "beat": "encounter", "items": []}
    assert 'encounter: "present"' in fake.requests[0].body["messages"][-1]["content"]
    assert ideas["narrator"] == "claude" and ideas["items"] == [
        "Fake item 1: the forest answers.", "Fake item 2: the forest answers."]
