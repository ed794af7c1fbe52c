"""A card about an opening fits the opening tried: no lid for a chapel door, no door for a
coffin (an attempt's object against a card's: the whole card set, and many attempts)."""

from __future__ import annotations

import re

import pytest

from oracle.dice import SeededDice
from oracle.narrator import NarrationContext, OfflineNarrator
from oracle.narrator.compose import load
from oracle.narrator.templates import table_path
from oracle.systems import find_system
from oracle.trophy.telling import opening

LID = re.compile(r"\blids?\b", re.IGNORECASE)
DOOR = re.compile(r"\b(?:doors?|doorways?|doorframes?|gates?|hatch(?:es)?)\b", re.IGNORECASE)
QUOTED = re.compile("\u201c[^\u201d]*\u201d")
# the tables that tell how an attempt went (its object is the attempt's)
ATTEMPT_TABLES = [p.stem for folder in ("trophy", "die_trying")
                  for p in sorted((table_path("outcome_success").parents[2] / folder /
                                   "offline").glob("*.txt"))
                  if re.match(r"(?:_?risk_|outcome_|dt_checks|_dt_any)", p.stem)]


def test_the_attempt_tables_are_found() -> None:
    assert {"risk_open", "outcome_complication", "dt_checks"} <= set(ATTEMPT_TABLES)


@pytest.mark.parametrize("table", ATTEMPT_TABLES)
def test_every_attempt_card_naming_a_lid_or_a_door_is_made_for_that_opening_only(
        table: str) -> None:
    wrong = []
    for _, parts in load(table).slots:
        for _, part in parts:
            if LID.search(part.text) and part.kinds != {"lid"}:
                wrong.append((part.text, sorted(part.kinds)))
            if DOOR.search(part.text) and not part.anywhere and part.kinds != {"door"} and \
                    "glyph" not in part.text:  # a door seen, not the one tried
                wrong.append((part.text, sorted(part.kinds)))
    assert wrong == []


DOORS = ["the chapel door", "the iron gate", "the cellar hatch", "the vestry door",
         "the warped door", "the portcullis"]
LIDS = ["the coffin lid", "the reliquary", "the iron-bound chest", "the sarcophagus",
        "the cistern's lid", "the ossuary box"]
VERBS = ["open", "force", "pry open", "wrench", "break open", "lever open"]


@pytest.mark.parametrize(("objects", "wrong"), [(DOORS, LID), (LIDS, DOOR)],
                         ids=["doors", "lids"])
def test_an_opening_is_never_told_as_the_other_kind(objects: list[str],
                                                     wrong: re.Pattern[str]) -> None:
    trophy = find_system("trophy")
    told = []
    for index, (thing, verb) in enumerate((t, v) for t in objects for v in VERBS):
        intent = f"{verb} {thing}"
        assert opening(intent) == ("door" if objects is DOORS else "lid")
        for light in (2, 4, 6):
            result = dict(trophy.resolve({"roll": "risk", "ruin": 1, "light": [light],
                                          "dark": [1]}, SeededDice(index)))
            for seed in range(3):
                context = NarrationContext.build(result=result, intent=intent,
                                                 characters=[{"name": "Ada Quill"}],
                                                 place="the chapel")
                text = OfflineNarrator(seed=f"{seed}-{index}").narrate("outcome", context).text
                told.append(text)
    assert [t for t in told if wrong.search(QUOTED.sub(" ", t))] == []
