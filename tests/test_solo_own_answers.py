"""A player's own oracle answers (issue 19 item 3): a table named ``answers*`` gives the words
for each of the six answers; the dice, the answer, its exact odds and the twist are those of
the same dice without it; a bad file is refused with a sentence naming the file and the line;
``oracle ask`` prints the words (readable and ``--json``, a new ``words`` key)."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.cli import main
from oracle.dice import FixedDice, SeededDice
from oracle.errors import RequestError
from oracle.solo.answers import Answer, Likelihood
from oracle.solo.asking import ask, result_text
from oracle.solo.meaning_tables import Table
from oracle.solo.own_answers import answer_row, is_answers, pick_answers, read_answers
from oracle.solo.own_tables import parse_table, read_table_file, use_of

COURT = """# the queen's court, in my words
yes: the chamberlain nods
yes, and: the chamberlain nods, and the queen smiles
Yes But: yes, but the price is a favour owed
no: the doors stay shut
no, and: the doors stay shut, and a guard takes your name
no , but: not today, though a page will carry a letter
no, but: the steward shrugs and points to the kitchens
"""


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(""), out=out)
    return code, out.getvalue()


def court() -> Any:
    table = parse_table(COURT, "answers-court", "'answers-court.txt'")
    return read_answers(table.name, table.entries, table.source)


def test_an_answers_table_is_named_answers_or_answers_dash() -> None:
    assert is_answers("answers") and is_answers("answers-court")
    assert not is_answers("answersbook") and not is_answers("my-answers")
    assert use_of("answers-court") == "answers" and use_of("answersbook") == "meaning"


def test_each_line_is_keyed_by_one_of_the_six_answers_read_loosely() -> None:
    own = court()
    assert own.words[Answer.YES_BUT] == ("yes, but the price is a favour owed",)
    assert own.words[Answer.NO_BUT] == ("not today, though a page will carry a letter",
                                        "the steward shrugs and points to the kitchens")
    for answer in Answer:  # every one of the six, written as the CLI prints it
        assert answer_row(f"{answer.value}: words", "here") == (answer, "words")
        assert answer_row(f"{answer.value.upper().replace(',', '')} :  words ", "x") == (
            answer, "words")


@pytest.mark.parametrize(("text", "line", "why"), [
    ("the doors stay shut\n", 1, "does not start with one of the six answers"),
    ("yes: fine\n\nmaybe: who knows\n", 3, "does not start with one of the six answers"),
    ("yes:\n", 1, "gives no words after"),
    ("# c\nyes and yes: twice\n", 2, "does not start with one of the six answers"),
])
def test_a_line_out_of_shape_is_refused_naming_the_file_and_line(text: str, line: int,
                                                                 why: str) -> None:
    with pytest.raises(RequestError) as caught:
        parse_table(text, "answers-court", "'answers-court.txt'")
    message = str(caught.value)
    assert message.startswith(f"tables: 'answers-court.txt' line {line} ")
    assert why in message
    if "six answers" in why:  # the sentence says how to write one
        assert "yes, and: the gate swings open" in message


def test_a_table_missing_an_answer_is_refused_naming_what_is_missing() -> None:
    text = "\n".join(line for line in COURT.splitlines() if not line.startswith("no, and"))
    with pytest.raises(RequestError, match=r"'answers-court.txt' gives no line for 'no, and'; "
                                           "an answers table needs a line for every one"):
        parse_table(text, "answers-court", "'answers-court.txt'")


def test_the_words_do_not_change_the_answer_its_odds_or_its_twist() -> None:
    for seed in range(300):
        for level in (Likelihood.UNLIKELY, Likelihood.CERTAIN):
            plain = ask("Will the queen see me?", level, SeededDice(seed), 9,
                        threads=("the letter",))
            mine = ask("Will the queen see me?", level, SeededDice(seed), 9,
                       threads=("the letter",), answers=court())
            assert (mine.answer, mine.odds, mine.dice, mine.twist) == (
                plain.answer, plain.odds, plain.dice, plain.twist)
            assert mine.words in court().words[mine.answer]
            assert plain.words is None and plain.to_dict()["words"] is None
            assert mine.to_dict()["words"] == {"table": "answers-court", "text": mine.words}


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10), st.integers(1, 10), st.integers(1, 10), st.integers(1, 2))
def test_the_words_are_those_of_the_answer_rolled(answer_die: int, tone: int, omen: int,
                                                  pick: int) -> None:
    faces = [answer_die, tone, omen] + [1] * 10 + [pick]
    plain = ask("Is it so?", "even", FixedDice([answer_die, tone, omen] + [1] * 10), 5)
    dice = FixedDice(faces)
    mine = ask("Is it so?", "even", dice, 5, answers=court())
    assert mine.answer == plain.answer and mine.twist == plain.twist
    lines = court().words[mine.answer]
    assert mine.words in lines
    if len(lines) > 1:  # one more die, as large as the answer's lines, chose it
        assert mine.words == lines[faces[len(faces) - len(dice.remaining) - 1] - 1]


def test_pick_answers_chooses_by_name_automatically_or_none() -> None:
    tables = [Table(n, ("x",), "yours", n) for n in ("answers-zed", "answers-court", "omens")]
    def name(picked: Table | None) -> str | None:
        return None if picked is None else picked.name

    assert name(pick_answers(tables)) == "answers-court"  # the first by name
    assert name(pick_answers([*tables, Table("answers", ("x",), "yours", "a")])) == "answers"
    assert name(pick_answers(tables, "Answers-Zed")) == "answers-zed"
    assert pick_answers(tables, None) is None and pick_answers(tables, "none") is None
    assert pick_answers(tables[2:]) is None
    with pytest.raises(RequestError, match=r"'omens' is not one of your answers tables "
                                           r"\(answers-court, answers-zed;"):
        pick_answers(tables, "omens")


def _home_table(name: str, text: str) -> Path:
    folder = Path(os.environ["ORACLE_HOME"]) / "tables"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_oracle_ask_json_adds_words_from_an_answers_table_in_oracle_home() -> None:
    code, plain = run(["ask", "Will the queen see me?", "--seed", "7", "--json"])
    assert code == 0 and json.loads(plain)["words"] is None
    _home_table("answers-court.txt", COURT)
    code, out = run(["ask", "Will the queen see me?", "--seed", "7", "--json"])
    assert code == 0
    mine, before = json.loads(out), json.loads(plain)
    assert mine["words"]["table"] == "answers-court"
    assert mine["words"]["text"] in court().words[Answer(mine["answer"])]
    assert {k: v for k, v in mine.items() if k != "words"} == {
        k: v for k, v in before.items() if k != "words"}  # same answer, odds, dice, twist
    code, out = run(["ask", "Will the queen see me?", "--seed", "7", "--json",
                     "--answers", "none"])
    assert json.loads(out) == before


def test_oracle_ask_prints_the_words_beside_the_exact_odds(tmp_path: Path) -> None:
    path = tmp_path / "answers-court.txt"
    path.write_text(COURT, encoding="utf-8")
    code, out = run(["ask", "Will the queen see me?", "--seed", "3", "--table", str(path)])
    assert code == 0
    lines = out.splitlines()
    assert lines[2].startswith("In your words (answers-court): ")
    assert lines[3].startswith("Dice: ") and lines[4].startswith("Odds: yes ")
    result = ask("Will the queen see me?", "even", SeededDice(3), 5,
                 answers=read_answers("answers-court", read_table_file(path).entries, "f"))
    assert out == result_text(result) + "\n"


def test_oracle_ask_picks_a_table_by_name_and_refuses_a_bad_one(tmp_path: Path) -> None:
    _home_table("answers-court.txt", COURT)
    _home_table("answers-fen.txt", COURT.replace("chamberlain", "heron"))
    code, out = run(["ask", "Is it so?", "--seed", "1", "--json", "--answers", "answers-fen"])
    assert code == 0 and json.loads(out)["words"]["table"] == "answers-fen"
    code, out = run(["ask", "Is it so?", "--json", "--answers", "answers-moor"])
    assert code == 2
    assert json.loads(out)["error"].startswith("answers: 'answers-moor' is not one of your "
                                               "answers tables (answers-court, answers-fen;")
    bad = tmp_path / "answers-bad.txt"
    bad.write_text("yes: fine\nperhaps: never\n", encoding="utf-8")
    code, out = run(["ask", "Is it so?", "--json", "--table", str(bad)])
    assert code == 2
    assert json.loads(out)["error"].startswith(
        "tables: 'answers-bad.txt' line 2 does not start with one of the six answers;")


def test_a_bad_table_of_another_use_in_oracle_home_does_not_stop_oracle_ask() -> None:
    _home_table("omens.txt", "fine\n\x07bell\n")  # a meaning table's fault
    code, out = run(["ask", "Is it so?", "--seed", "2", "--json"])
    assert code == 0 and json.loads(out)["words"] is None
    code, out = run(["meaning", "omens", "--json"])  # where it is used, it is refused
    assert code == 2 and "'omens.txt' line 2 holds a control character" in json.loads(out)["error"]
    _home_table("answers.txt", "yes: aye\n")  # an answers table's fault stops it, named
    code, out = run(["ask", "Is it so?", "--json"])
    assert code == 2 and json.loads(out)["error"].startswith(
        "tables: 'answers.txt' gives no line for 'no', 'yes, and', 'yes, but', 'no, and', "
        "'no, but';")
