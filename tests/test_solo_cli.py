"""``oracle ask`` and ``oracle generate``: the JSON promised by issue 12, and clear refusals."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from typing import Any

import pytest

from oracle.cli import main
from oracle.solo import ask_odds, parse_likelihood

ANSWERS = {"yes", "no", "yes, and", "yes, but", "no, and", "no, but"}


def run(argv: list[str]) -> tuple[int, Any]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(""), out=out)
    return code, json.loads(out.getvalue())


def test_ask_prints_the_answer_its_six_odds_and_the_twist() -> None:
    code, payload = run(["ask", "--json", "Is the shrine guarded?", "--likelihood", "likely",
                         "--dread", "7", "--seed", "4"])
    assert code == 0
    assert payload["answer"] in ANSWERS
    assert set(payload["odds"]) == ANSWERS
    assert sum(Fraction(v) for v in payload["odds_exact"].values()) == 1
    assert sum(payload["odds"].values()) == pytest.approx(1)
    exact = ask_odds("likely", 7).answers
    assert payload["odds"] == {a.value: float(p) for a, p in exact.items()}
    assert payload["twist"] is None or set(payload["twist"]["meaning"]) == {"action", "subject"}
    assert payload["question"] == "Is the shrine guarded?"


def test_ask_with_a_seed_repeats_and_certain_never_says_no_and() -> None:
    assert run(["ask", "--json", "q", "--seed", "s1"]) == \
        run(["ask", "--json", "q", "--seed", "s1"])
    for seed in range(200):
        _, payload = run(["ask", "--json", "q", "--likelihood", "certain", "--dread", "9",
                          "--seed", str(seed)])
        assert payload["answer"] != "no, and"
        assert payload["odds"]["no, and"] == 0


def test_ask_twists_bring_back_the_threads_given() -> None:
    twists = []
    for seed in range(300):
        _, payload = run(["ask", "--json", "q", "--dread", "9", "--seed", str(seed),
                          "--thread", "the sister"])
        if payload["twist"] and payload["twist"]["kind"].startswith("thread"):
            twists.append(payload["twist"])
    assert twists and all(t["focus"] == "the sister" for t in twists)


def test_ask_narrates_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORACLE_NARRATOR", "offline")
    _, payload = run(["ask", "--json", "Does the bell ring?", "--seed", "3", "--narrate"])
    assert payload["narration"]["narrator"] == "offline"
    assert payload["answer"].upper() in payload["narration"]["text"]


def test_ask_without_json_prints_readable_lines_with_the_exact_odds() -> None:
    out = io.StringIO()
    assert main(["ask", "Is the shrine guarded?", "--likelihood", "likely", "--dread", "7",
                 "--seed", "4"], stdin=io.StringIO(""), out=out) == 0
    _, payload = run(["ask", "--json", "Is the shrine guarded?", "--likelihood", "likely",
                      "--dread", "7", "--seed", "4"])
    lines = out.getvalue().splitlines()
    assert lines[0] == "Question: Is the shrine guarded?"
    assert lines[1].startswith(f"Answer: {payload['answer'].upper()}  (likely, dread 7)")
    dice = payload["dice"]
    assert lines[2] == f"Dice: answer {dice['answer']}, tone {dice['tone']}, omen {dice['omen']}"
    for answer, exact in payload["odds_exact"].items():
        assert f"{answer} " in lines[3] and f"({exact})" in lines[3]
    assert lines[4] == f"Twist chance: 7% ({payload['twist_chance_exact']})"
    assert lines[5].startswith("Twist: ")


def test_ask_prints_a_twist_in_words_with_its_tone() -> None:
    for seed in range(400):
        out = io.StringIO()
        main(["ask", "q", "--dread", "9", "--seed", str(seed)], stdin=io.StringIO(""), out=out)
        _, payload = run(["ask", "--json", "q", "--dread", "9", "--seed", str(seed)])
        if payload["twist"]:
            twist = payload["twist"]
            last = out.getvalue().splitlines()[5]
            assert last.startswith(f"Twist: {twist['label']}") and twist["tone"] in last
            assert twist["meaning"]["action"] in last
            return
    raise AssertionError("no twist in 400 seeds at dread 9 (9% each)")


@pytest.mark.parametrize("name", ["very_unlikely", "doubtful", "Very Likely", "impossible"])
def test_ask_and_inspire_take_the_same_likelihood_names(name: str) -> None:
    code, payload = run(["ask", "--json", "q", "--likelihood", name, "--seed", "1"])
    assert code == 0 and payload["likelihood"] == parse_likelihood(name).value
    out = io.StringIO()
    assert main(["inspire", "oracle", "--likelihood", name, "--seed", "1", "--json"],
                stdin=io.StringIO(""), out=out) == 0


def test_a_likelihood_both_refuse_is_refused_with_the_same_sentence() -> None:
    _, asked = run(["ask", "q", "--likelihood", "probably"])
    _, inspired = run(["inspire", "oracle", "--likelihood", "probably"])
    assert asked == inspired and asked["error"].startswith("likelihood: ")


@pytest.mark.parametrize("argv,field", [
    (["ask"], "question"),
    (["ask", "  "], "question"),
    (["ask", "q", "--likelihood", "probably"], "likelihood"),
    (["ask", "q", "--dread", "0"], "dread"),
    (["ask", "q", "--dread", "ten"], "dread"),
    (["ask", "q", "--seed", ""], "seed"),
    (["generate"], "kind"),
    (["generate", "dragon"], "kind"),
    (["generate", "incursion", "--system", "triptycho"], "kind"),
    (["generate", "character", "--system", "gurps"], "system"),
    (["generate", "name", "--n", "0"], "n"),
    (["generate", "name", "--n", "51"], "n"),
    (["generate", "name", "--n", "many"], "n"),
])
def test_bad_input_exits_2_with_one_sentence(argv: list[str], field: str) -> None:
    code, payload = run(argv)
    assert code == 2
    assert set(payload) == {"error"}
    sentence = payload["error"]
    assert sentence.startswith(f"{field}: ") and sentence.endswith(".")
    assert "\n" not in sentence


def test_generate_a_trophy_character_as_json() -> None:
    code, sheet = run(["generate", "character", "--seed", "1", "--json"])
    assert code == 0
    assert {"name", "occupation", "background", "drive", "skills", "equipment",
            "rituals"} <= set(sheet)
    for key in ("skills", "equipment", "rituals"):
        assert isinstance(sheet[key], list) and sheet[key]
    assert run(["generate", "character", "--seed", "1", "--json"])[1] == sheet


def test_generate_monsters_in_number() -> None:
    code, monsters = run(["generate", "monster", "--n", "5", "--seed", "2", "--json"])
    assert code == 0 and len(monsters) == 5
    for monster in monsters:
        assert set(monster) == {"name", "description", "endurance", "gold"}
        assert 2 <= monster["endurance"] <= 12


@pytest.mark.parametrize("system", ["die_trying", "triptycho"])
def test_generate_other_systems(system: str) -> None:
    code, character = run(["generate", "character", "--system", system, "--json", "--seed", "3"])
    assert code == 0 and character["name"]
    code, foe = run(["generate", "monster", "--system", system, "--json", "--seed", "3"])
    assert code == 0 and foe["name"]


def test_generate_without_json_prints_plain_lines() -> None:
    out = io.StringIO()
    assert main(["generate", "incursion", "--seed", "5"], stdin=io.StringIO(""), out=out) == 0
    text = out.getvalue()
    assert text.startswith("name: The ") and "goal: " in text


@pytest.mark.parametrize("sub", ["ask", "generate"])
def test_help(sub: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main([sub, "--help"])
    assert exc.value.code == 0
    assert "exits 2" in capsys.readouterr().out
