"""How a card's words are read into tags: its scenery (where it can happen) and the place's kind
(issue 16, items 2 and 6)."""

from __future__ import annotations

import pytest

from oracle.narrator.compose import Part, elsewhere, load


@pytest.mark.parametrize("place", [
    "the ossuary", "a crypt", "the catacombs", "the bishop's vault", "a cellar", "the old mine",
    "a tunnel", "the sewers", "the drowned library", "the chapel", "the great hall",
    "the leaning tower", "a charnel house", "the cistern", "the smugglers' cave",
    "the grotto", "the belfry", "the oubliette", "the mausoleum", "the undercroft",
])
def test_a_place_under_a_roof_or_underground_has_no_sky(place: str) -> None:
    assert elsewhere(place) & {"outdoors", "indoors"} == {"outdoors"}


@pytest.mark.parametrize("place", [
    "the black lake", "a frozen river", "the mire", "a fen at dusk", "the sea cliffs",
    "the graveyard", "the ravine", "a hillside glade", "the market square", "the island",
])
def test_a_place_in_the_open_or_on_water_has_no_ceiling(place: str) -> None:
    assert elsewhere(place) & {"outdoors", "indoors"} == {"indoors"}


@pytest.mark.parametrize("place", ["the crypt under the forest", "somewhere strange",
                                   "the cave by the lake"])
def test_a_place_that_says_both_or_neither_bars_nothing(place: str) -> None:
    assert elsewhere(place) & {"outdoors", "indoors"} == frozenset()


@pytest.mark.parametrize("place", [
    "the salt flats", "the dunes west of Qarn", "the birch wood", "a clearing of standing stones",
    "the charcoal burners' camp", "the high moor", "a salt pan at noon", "the pine forest",
    "the badlands", "the glacier's tongue",
])
def test_the_open_wild_has_no_room_door_or_brazier(place: str) -> None:
    assert "built" in elsewhere(place)


@pytest.mark.parametrize("place", [
    "the hunter's cabin in the woods", "the ruined chapel in the forest",
    "the ruined caravanserai", "the market square", "the flooded nave", "somewhere strange",
])
def test_a_building_or_a_town_keeps_its_walls_and_doors(place: str) -> None:
    assert "built" not in elsewhere(place)


@pytest.mark.parametrize("place", [
    "the deck of the Grey Heron", "the bilge", "the crow's nest", "the captain's cabin",
    "aboard the barge", "the ship's hold", "the quarterdeck in a squall",
])
def test_aboard_a_ship_there_is_no_ground_no_trees_no_street(place: str) -> None:
    assert {"land", "wild", "town"} <= elsewhere(place)


def test_a_mark_on_the_body_can_be_dealt_in_any_place() -> None:
    """A condition is a mark the character carries: bark for fingertips, moss for hair, a pull
    toward the trees are not scenery, and are dealt under a roof too."""
    parts = [part for _, slot in load("conditions").slots for _, part in slot]
    assert len(parts) > 150
    woody = [p for p in parts if any(w in p.text for w in ("bark", "moss", "trees", "sky", "woods"))]
    assert len(woody) >= 6
    assert all(p.where == frozenset() for p in parts)


@pytest.mark.parametrize("text,where", [
    ("Rain falls from an open sky.", {"outdoors"}),
    ("Under the floorboards, a hoard of buttons.", {"indoors", "built", "furnished"}),
    ("The point pins its sleeve to the doorframe.", {"indoors", "built"}),
    ("A shield rim knocks a brazier; sparks go everywhere.", {"built"}),
    ("The trees creak as if they were taking sides.", {"outdoors", "land"}),
    ("The ground opens: a pit lined with sharpened antlers.", {"land"}),
    ("A column of bats boils up out of the stairwell.", {"indoors"}),
    ("The mushrooms release a cloud of spores.", set()),
    ("The sound wakes the sleeper under the hill.", set()),
    ("A voice stays a whisper until the next sunrise.", set()),
])
def test_a_card_s_scenery_is_read_from_its_words(text: str, where: set[str]) -> None:
    assert Part(text, frozenset()).where == where


@pytest.mark.parametrize("text,others", [
    ("Something watching decides this is interesting.", False),
    ("A stranger stands at the edge of the clearing, watching.", False),
    ("Someone has carved initials into a tree.", False),
    ("Whatever breaks here, someone will come to mend it.", False),
    ("A shadow is only a shadow, as far as anyone can tell.", False),
    ("For one breath it feels like a place people could live.", False),
    # "Somebody's chair scrapes back.", "Nobody laughs.", "Someone whistles, low.": a
    # present stranger by words alone; their cards carry "#: others" by hand
    ("No one else seems to notice.", True),
    ("The hunters' camp is found.", True), ("Everyone saw it.", True),
    ("A crowd gathers.", True), ("Someone in the party stands where it will fall.", True),
])
def test_only_a_card_with_other_people_present_is_kept_from_a_solo_game(text: str,
                                                                        others: bool) -> None:
    from oracle.narrator.safety import themes_shown

    assert ("others" in themes_shown(text)) is others


@pytest.mark.parametrize("table,slot", [("encounters_distant", "detail"),
                                        ("encounters_present", "detail"),
                                        ("disturbing", "after")])
def test_a_closing_line_never_points_back_at_the_sight_with_a_pronoun(table: str,
                                                                      slot: str) -> None:
    """A sight may be one thing or many ("Wolves, six of them", "The crows follow"): the line
    that follows it names no "it" or "they" for it, so it reads right after either."""
    import re

    pointing = re.compile(r"^(?:It|They|Its|Their)\b|\b(?:of|about|from|see|with|at) "
                          r"(?:it|them)\b|\bwhatever it is\b", re.IGNORECASE)
    parts = [part.text for name, options in load(table).slots if name == slot
             for _, part in options]
    assert parts and [p for p in parts if pointing.search(p)] == []


@pytest.mark.parametrize("place", [
    "the old mine", "the smugglers' cave", "the goblin warrens", "a fox's burrow",
    "the flooded adit", "the quarry at dusk", "the cavern of bells", "the drowned tunnels",
])
def test_a_place_dug_or_grown_has_no_floorboards_pews_or_windows(place: str) -> None:
    assert "furnished" in elsewhere(place)


@pytest.mark.parametrize("place", [
    "the flooded nave", "the great hall", "the mill", "the cellar of the inn",
    "the chapel in the old mine", "the hermit's hut in the cave",
])
def test_a_building_keeps_its_furnishings(place: str) -> None:
    assert "furnished" not in elsewhere(place)


@pytest.mark.parametrize("place", [
    "the flooded nave", "the great hall", "the bishop's vault", "the drowned library",
    "the belfry",
])
def test_a_room_of_a_building_has_no_fox_heather_or_ridge(place: str) -> None:
    assert "wild" in elsewhere(place)


@pytest.mark.parametrize("place,text", [
    ("the old mine", "The monster folds onto the floorboards like a coat dropped from a peg."),
    ("the flooded nave", "A fox crosses the far end and does not look back."),
    ("the salt flats", "Dust sifts down from the chandelier."),
])
def test_a_card_against_the_place_is_not_dealt_there(place: str, text: str) -> None:
    """The two cards met in a played evening (a mine's floorboards, a fox in a nave) and one
    of the open wild: each is kept from its place by what it shows, not by its wording."""
    assert Part(text, frozenset()).where & elsewhere(place)


def test_a_death_that_leaves_the_delve_going_on_is_kept_from_a_solo_game() -> None:
    """"The delve goes on without them" tells of a party carrying on: tagged by hand (the words
    alone are not company: "the world goes on without her" is a solo death)."""
    parts = [part for _, slot in load("death_saves_dead").slots for _, part in slot]
    delve = [p for p in parts if "the delve goes on" in p.text]
    assert delve and all("others" in p.tags for p in delve)
