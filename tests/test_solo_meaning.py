"""Meaning tables (issue 19 item 2) and the player's own tables (item 3): twelve tables of 100+
entries in each system's genre, uniform draws, ``oracle meaning``, bad files named by line."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.cli import main
from oracle.dice import FixedDice, SeededDice
from oracle.errors import RequestError
from oracle.solo.meaning_tables import (
    ABOUT,
    IN_GENRE,
    Table,
    all_tables,
    draw,
    genres,
    our_tables,
)
from oracle.solo.own_tables import own_entries, parse_table, read_table_file

SYSTEMS = ("trophy", "die_trying", "triptycho")


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(""), out=out)
    return code, out.getvalue()


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_system_has_twelve_tables_of_at_least_100_different_entries(system: str) -> None:
    tables = our_tables(system)
    assert len(tables) >= 12 and set(tables) == set(ABOUT)
    for table in tables.values():
        assert len(table.entries) >= 100, table.name
        assert len(set(table.entries)) == len(table.entries), table.name
        assert all(e == e.strip() and e and not e.startswith("#") for e in table.entries)


def test_each_genre_has_its_own_places_characters_creatures_and_omens() -> None:
    assert set(SYSTEMS) <= set(genres())
    for name in IN_GENRE:
        words = [set(our_tables(s)[name].entries) for s in SYSTEMS]
        for i, mine in enumerate(words):
            for other in words[i + 1:]:
                assert len(mine & other) <= 10, name  # a few words may be shared, not the table
    assert "a drowned chapel" in our_tables("trophy")["places"].entries
    assert "a goblin warren" in our_tables("die_trying")["places"].entries
    assert "a guildhall in session" in our_tables("triptycho")["places"].entries
    shared = [n for n in ABOUT if n not in IN_GENRE]
    for name in shared:
        assert our_tables("trophy")[name] == our_tables("triptycho")[name]


def test_each_face_of_the_die_draws_its_own_entry() -> None:
    table = our_tables()["omens"]
    size = len(table.entries)
    drawn = [draw(table, FixedDice([face]))[0] for face in range(1, size + 1)]
    assert drawn == list(table.entries)  # exhaustive: every entry exactly once in size faces


@given(st.lists(st.sampled_from("abcdef"), min_size=1, max_size=12), st.integers(1, 20),
       st.integers(0, 10**6))
def test_a_draw_repeats_no_entry_until_the_table_runs_out(entries: list[str], n: int,
                                                         seed: int) -> None:
    drawn = draw(Table("t", tuple(entries)), SeededDice(seed), n)
    distinct = len(set(entries))
    assert len(drawn) == n and set(drawn) <= set(entries)
    assert len(set(drawn[:distinct])) == min(n, distinct)


def test_an_entry_written_twice_is_twice_as_likely() -> None:
    table = Table("t", ("a", "a", "b"))
    assert [draw(table, FixedDice([f]))[0] for f in (1, 2, 3)] == ["a", "a", "b"]


def test_oracle_meaning_lists_every_table_with_its_size() -> None:
    code, text = run(["meaning", "--json", "--system", "die_trying"])
    listed = json.loads(text)
    assert code == 0
    assert {t["table"]: t["entries"] for t in listed} == {
        name: len(t.entries) for name, t in our_tables("die_trying").items()}
    code, text = run(["meaning"])
    assert code == 0 and text.splitlines()[0].split()[:2] == ["actions", "126"]


def test_oracle_meaning_draws_repeatably_from_the_systems_genre() -> None:
    argv = ["meaning", "places", "--n", "3", "--seed", "7", "--system", "triptycho", "--json"]
    code, text = run(argv)
    payload = json.loads(text)
    assert code == 0 and payload["table"] == "places" and len(payload["drawn"]) == 3
    assert set(payload["drawn"]) <= set(our_tables("triptycho")["places"].entries)
    assert run(argv) == (0, text)
    code, plain = run(argv[:-1])
    assert plain.splitlines() == payload["drawn"]


@pytest.mark.parametrize("argv,start", [
    (["meaning", "dragons"], "table: 'dragons' is not a table"),
    (["meaning", "places", "--n", "0"], "n: "),
    (["meaning", "places", "--n", "21"], "n: "),
    (["meaning", "places", "--n", "many"], "n: "),
    (["meaning", "places", "--system", "gurps"], "system: "),
    (["meaning", "--n", "2"], "table: name the table"),
    (["meaning", "--table", "/nonexistent/x.txt"], "tables: 'x.txt' is not a file."),
])
def test_bad_meaning_arguments_exit_2_with_one_sentence(argv: list[str], start: str) -> None:
    code, text = run(argv)
    payload: dict[str, Any] = json.loads(text)
    assert code == 2 and list(payload) == ["error"]
    assert payload["error"].startswith(start) and payload["error"].endswith(".")


@pytest.mark.parametrize("name,body,sentence", [
    ("fen.txt", b"reeds\n# a comment\n\xff\n", "tables: 'fen.txt' line 3 is not UTF-8 text."),
    ("fen.txt", b"reeds\nmist\x07\n", "tables: 'fen.txt' line 2 holds a control character"),
    ("fen.txt", b"a\n" + b"x" * 301 + b"\n", "tables: 'fen.txt' line 2 is longer than 300"),
    ("fen.txt", b"# only a comment\n\n", "tables: 'fen.txt' has no entries"),
    ("my fen.txt", b"reeds\n", "tables: the file 'my fen.txt' cannot name a table"),
    ("bestiary-fen.txt", b"Reed Thing | 4 | 1 | wet\nBog Hag | 14 | 1 | old\n",
     "tables: 'bestiary-fen.txt' line 2: Endurance is a whole number from 2 to 12"),
    ("bestiary-fen.txt", b"Reed Thing | 4\n", "tables: 'bestiary-fen.txt' line 1: a bestiary"),
    ("places.txt", b"my own places\n", "tables: your table 'places'"),
])
def test_a_bad_table_file_is_refused_naming_its_line(tmp_path: Path, name: str, body: bytes,
                                                     sentence: str) -> None:
    path = tmp_path / name
    path.write_bytes(body)
    code, text = run(["meaning", "--table", str(path)])
    assert code == 2 and json.loads(text)["error"].startswith(sentence)


def test_a_table_in_oracle_home_is_listed_and_drawn(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORACLE_HOME", str(tmp_path))
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "Fen-Omens.txt").write_text(
        "# my fen\nthe reeds bow\n\nthe heron waits\n", encoding="utf-8")
    code, text = run(["meaning", "--json"])
    listed = {t["table"]: t for t in json.loads(text)}
    assert code == 0 and listed["fen-omens"]["entries"] == 2
    assert listed["fen-omens"]["source"] == "'Fen-Omens.txt'"
    code, text = run(["meaning", "fen-omens", "--n", "2", "--json"])
    assert code == 0 and sorted(json.loads(text)["drawn"]) == ["the heron waits", "the reeds bow"]


def test_own_tables_feed_names_monsters_and_set_goals(tmp_path: Path) -> None:
    (tmp_path / "bestiary-fen.txt").write_text("Reed Thing | 4 | 1 | wet and patient\n")
    (tmp_path / "names-fen.txt").write_text("Osk Reedwater\nMara Fenn\n")
    tables = [read_table_file(tmp_path / f) for f in ("bestiary-fen.txt", "names-fen.txt")]
    from oracle.trophy.bestiary import own_monsters

    [monster] = own_monsters(tables)
    assert (monster.name, monster.endurance, monster.gold) == ("Reed Thing", 4, 1)
    assert own_entries(tables, "names") == ("Osk Reedwater", "Mara Fenn")
    assert own_entries(tables, "sets") == ()


def test_two_tables_of_one_name_are_refused() -> None:
    with pytest.raises(RequestError, match="^tables: your table 'omens'"):
        all_tables("trophy", [parse_table("x\n", "omens", "'omens.txt'")])


def test_oracle_generate_uses_own_names_set_goals_and_bestiary(tmp_path: Path) -> None:
    names = tmp_path / "names-fen.txt"
    names.write_text("Osk Reedwater\nMara Fenn\n", encoding="utf-8")
    sets = tmp_path / "sets-fen.txt"
    sets.write_text("Cross the drowned causeway\nWake the bell-keeper\n", encoding="utf-8")
    code, text = run(["generate", "name", "--n", "3", "--seed", "1", "--json",
                      "--table", str(names)])
    drawn = json.loads(text)
    assert code == 0 and sorted(drawn[:2]) == ["Mara Fenn", "Osk Reedwater"]
    assert drawn[2] not in drawn[:2]  # then ours, never a name twice
    for system in ("die_trying", "triptycho"):
        code, text = run(["generate", "character", "--system", system, "--seed", "2",
                          "--json", "--table", str(names)])
        assert code == 0 and json.loads(text)["name"] in ("Osk Reedwater", "Mara Fenn")
    code, text = run(["generate", "incursion", "--seed", "3", "--json", "--table", str(sets)])
    goals = [s["goal"] for s in json.loads(text)["sets"]]
    assert code == 0 and sorted(goals[:2]) == ["Cross the drowned causeway",
                                               "Wake the bell-keeper"]


def test_an_own_bestiary_joins_ours_only_while_in_use(tmp_path: Path) -> None:
    from oracle.solo.own_tables import using
    from oracle.trophy.bestiary import bestiary

    (tmp_path / "bestiary-fen.txt").write_text("Reed Thing | 4 | 1 | wet and patient\n")
    table = read_table_file(tmp_path / "bestiary-fen.txt")
    assert "Reed Thing" not in {m.name for m in bestiary()}
    with using([table]):
        found = {m.name: m for m in bestiary()}
        assert found["Reed Thing"].endurance == 4 and found["Reed Thing"].gold == 1
    assert "Reed Thing" not in {m.name for m in bestiary()}


def test_a_bad_own_names_file_refuses_generate_with_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "names-fen.txt"
    bad.write_bytes(b"Osk\n\x00Mara\n")
    code, text = run(["generate", "name", "--table", str(bad)])
    assert code == 2 and json.loads(text)["error"].startswith(
        "tables: 'names-fen.txt' line 2 holds a control character")
