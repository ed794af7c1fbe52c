"""One family of app moves (issue 15 item 3): every system records through ``Moves.record``,
every system's ordinary roll is voiced, and typed faces are read the same on every screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.app.die_trying.moves import DieTryingMoves
from oracle.app.die_trying.view import DieTryingView
from oracle.app.moves import Moves, ScratchTable, read_faces
from oracle.app.oracle_view import d10_faces
from oracle.app.session import Session
from oracle.app.triptycho.moves import TriptychoMoves
from oracle.app.triptycho.view import TriptychoView
from oracle.errors import RuleError
from oracle.systems import SYSTEMS
from tests.app_driver import click, fill, read


@pytest.mark.parametrize("typed", ["4 1", "4,1", "4;1", " 4 ; 1 ", "4, 1"])
def test_typed_faces_are_read_alike_on_every_screen(typed: str) -> None:
    assert read_faces("faces", typed) == (4, 1)
    assert read_faces("faces", typed, 2, sides=6) == (4, 1)


@pytest.mark.parametrize(("typed", "message"), [
    ("4 x", "faces: each face is a whole number; got 'x'."),
    ("4 -1", "faces: each face is a whole number; got '-1'."),
    ("4 1.5", "faces: each face is a whole number; got '1.5'."),
])
def test_a_face_that_is_not_a_whole_number_is_refused_with_a_sentence(typed: str,
                                                                      message: str) -> None:
    with pytest.raises(RuleError) as caught:
        read_faces("faces", typed)
    assert str(caught.value) == message


def test_the_oracle_reads_its_three_d10_as_the_other_screens_read_theirs() -> None:
    assert d10_faces("3;6;9") == (3, 6, 9)
    with pytest.raises(RuleError, match="needs 3 faces; got 2"):
        d10_faces("3 6")


def test_a_semicolon_between_faces_is_taken_on_the_triptycho_screen_too() -> None:
    view = TriptychoView(None)
    moves = view.moves
    moves.join("Ash", True, 20, 20, 20, 20)
    moves.start("combat", "")
    moves.initiative("Ash", "2d6", "4;1")  # refused before: only spaces and commas were read
    initiative = moves.state.member("Ash").initiative
    assert initiative is not None and initiative.rolled == 5


def test_every_systems_moves_are_one_family_over_one_table() -> None:
    session = Session()
    for name in SYSTEMS:
        moves = session.moves_for(name)
        assert isinstance(moves, Moves) and moves.session is session
    scratch = DieTryingMoves()
    assert isinstance(scratch.session, ScratchTable)
    assert isinstance(TriptychoMoves().session, ScratchTable)


def test_an_ordinary_die_trying_check_is_narrated_in_the_app(tmp_path: Path) -> None:
    session = Session(home=tmp_path)
    session.new_campaign("Delve", "die_trying")
    try:
        view = DieTryingView(session)
        fill(view, "oracle-dt-check-faces", "5")
        click(view, "oracle-dt-roll-check")
        assert read(view, "oracle-dt-check-error") == ""
        voiced = session.narration.wait()
        assert voiced is not None and voiced.text
        entries = session.require().entries
        roll = [e for e in entries if e.type == "roll"][-1]
        told = [e for e in entries if e.type == "narration"]
        assert len(told) == 1 and told[0].data["refers_to"] == roll.seq
    finally:
        session.close()


def test_an_ordinary_triptycho_attack_is_narrated_in_the_app(tmp_path: Path) -> None:
    session = Session(home=tmp_path)
    session.new_campaign("Scenario", "triptycho")
    try:
        moves = session.moves_for("triptycho")
        assert isinstance(moves, TriptychoMoves)
        moves.join("Ash", True, 20, 20, 20, 20)
        moves.join("Ogre", False, 30, 20, 20, 20)
        moves.start("combat", "")
        request = moves.attack_request({"act": "1d6", "react": "1d6", "damage": "1d6"})
        result = moves.attack(request, "Ash", "Ogre", "2 5")  # a miss: no damage rolled
        voiced = session.narration.wait()
        assert voiced is not None and voiced.text
        attack = [e for e in session.require().entries if e.type == "attack"][-1]
        told = [e for e in session.require().entries if e.type == "narration"]
        assert told[-1].data["refers_to"] == attack.seq
        assert result["action_faces"] == [2]
    finally:
        session.close()
