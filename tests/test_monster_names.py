"""A monster is named the same way in the journal, the app and the narration (issue 17): a
bestiary name with no article reads "the Choir of Mouths", drawn or picked; a name the player
gave stays as given. Driven in-process through ``app_driver`` hooks."""

from __future__ import annotations

import pytest

from oracle.app import build
from oracle.app.shell import OracleApp
from oracle.app.story import story_context
from oracle.app.trophy.incursion_view import status_html
from oracle.app.trophy.moves import trophy_moves
from oracle.trophy.bestiary import bestiary, monster_in_sentence
from oracle.trophy.incursion_words import incursion_line
from oracle.wording import the_foe
from tests.app_driver import click, fill, read


def quick() -> OracleApp:
    app = build()
    click(app.start, "oracle-quickstart")
    fill(app.view("Risk"), "oracle-intent", "")
    return app


def fight(app: OracleApp, monster: str) -> tuple[str, str]:
    """Start a fight against ``monster`` (empty: drawn); (the journal, the narrator's foe)."""
    moves = trophy_moves(app.session)
    hero = moves.names()[0]
    moves.start_combat(7, [hero], [3], monster=monster)
    app.session.narration.wait()
    app.refresh()
    session = app.session
    foe = story_context(session.story, "monster", {"roll": "combat"}, "", [hero], [hero],
                        "trophy")["monster"]
    return str(read(app.journal, "oracle-journal-entries")), str(foe)


def test_the_foe_adds_an_article_only_to_a_bare_bestiary_name() -> None:
    assert the_foe("Choir of Mouths", True) == "the Choir of Mouths"
    assert the_foe("The Drowned Choir", True) == "The Drowned Choir"
    assert the_foe("Old Grendel", False) == "Old Grendel"
    assert monster_in_sentence("Choir of Mouths") == "the Choir of Mouths"
    assert monster_in_sentence("The Drowned Choir") == "the Drowned Choir"
    assert monster_in_sentence("Old Grendel") == "Old Grendel"
    assert monster_in_sentence("Old Grendel", drawn=True) == "the Old Grendel"


@pytest.mark.parametrize("typed", ["Choir of Mouths", "choir of mouths", ""])
def test_a_bestiary_monster_reads_the_same_in_the_journal_and_the_narration(typed: str) -> None:
    app = quick()
    text, foe = fight(app, typed)
    if typed:
        assert "A fight begins against the Choir of Mouths, Endurance" in text
        assert foe == "the Choir of Mouths"
    else:
        assert foe.startswith(("the ", "The "))
        assert f"A fight begins against {monster_in_sentence(foe)}, Endurance" in text
    assert "against Choir" not in text


def test_a_monster_the_player_names_keeps_its_name() -> None:
    text, foe = fight(quick(), "Old Grendel")
    assert "A fight begins against Old Grendel, Endurance" in text
    assert foe == "Old Grendel"


def test_gold_and_the_quarry_name_a_bestiary_monster_with_its_article() -> None:
    stag = next(m for m in bestiary() if m.name == "Pale Stag")
    line = incursion_line({"type": "gold_collected", "source": "monster",
                           "shares": {"Ash": stag.gold}}, {"monster": "Pale Stag"})
    assert line is not None and "Ash collects 2 Gold from the Pale Stag" in line.plain()
    shown = {"quarry": {"name": "Pale Stag", "collected": False, "defeated": True, "gold": 2},
             "lootable": [{"name": "Nameless Fox", "gold": 1}], "in_forest": False}
    html = status_html(shown)
    assert "Newest monster: the Pale Stag (defeated" in html
    assert "the Nameless Fox (1 Gold)" in html
