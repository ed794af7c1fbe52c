"""Who is in play, for every system's moves (issue 15 item 3): the first one in play becomes the
active character when a campaign opens, the others are the party the narrator is told is
present, and the named rollers reach the narrator as characters."""

from __future__ import annotations

from pathlib import Path

from oracle.app.die_trying.view import DieTryingView
from oracle.app.session import Session
from oracle.app.triptycho.moves import TriptychoMoves
from tests.test_die_trying_view import make


def test_die_trying_characters_in_play_are_the_living_and_reach_the_narrator(
        tmp_path: Path) -> None:
    session = Session(home=tmp_path)
    session.new_campaign("Delve", "die_trying")
    try:
        view = DieTryingView(session)
        make(view, "Pip")
        make(view, "Bo")
        assert session.moves.in_play() == ["Pip", "Bo"]
        context = session._context({"roll": "check", "name": "Pip"}, who=["Pip"], beat="roll")
        assert [c["name"] for c in context.characters] == ["Pip"]
        assert context.party == ("Bo",)
        assert session.moves.people(["Pip", "Nobody"]) == [{"name": "Pip", "species": ""}]
        campaign_id = session.require().id
        session.close()
        session.open(campaign_id)
        assert session.active == "Pip"  # the first in play, as a reopened Trophy campaign
    finally:
        session.close()


def test_triptycho_players_are_in_play_and_foes_are_not(tmp_path: Path) -> None:
    session = Session(home=tmp_path)
    session.new_campaign("Scenario", "triptycho")
    try:
        moves = session.moves
        assert isinstance(moves, TriptychoMoves) and moves.in_play() == []
        moves.join("Ash", True, 10, 10, 10, 10)
        moves.join("Wolf", False, 8, 8, 8, 10)
        moves.join("Iri", True, 10, 10, 10, 10)
        assert moves.in_play() == ["Ash", "Iri"]
        context = session._context({"roll": "attack"}, who=["Ash", "Wolf"], beat="roll")
        assert [c["name"] for c in context.characters] == ["Ash", "Wolf"]
        assert context.party == ("Iri",)
    finally:
        session.close()
