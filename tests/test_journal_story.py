"""Story memory: folded from the journal like the rules state, kept across reload, undo and
import, refused with one sentence when malformed, and written into every export."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.errors import RequestError
from oracle.journal.campaign import Campaign
from oracle.journal.exports import export
from oracle.journal.replay import Entry
from oracle.journal.story import Foe, Said, StoryMemory, party_of, story_of

HUNTER = {"name": "Mara Vell", "occupation": "Thief", "starting_ruin": 1}


def risk(**extra: Any) -> dict[str, Any]:
    return {"type": "risk_rolled", "name": "Mara Vell", "light": [4], "dark": [2],
            "helpers": [], **extra}


@pytest.fixture
def campaign(tmp_path: Path) -> Iterator[Campaign]:
    made = Campaign.create("Story", "trophy", seed=1, home=tmp_path, events=[
        {"type": "character_created", "character": HUNTER},
        {"type": "scene", "title": "The drowned chapel"},
    ])
    yield made
    made.close()


def test_a_scene_is_the_place_unless_a_place_is_given(campaign: Campaign) -> None:
    assert campaign.story.scene == campaign.story.place == "The drowned chapel"
    campaign.record({"type": "scene", "title": "Night two", "place": "the mill race"})
    assert (campaign.story.scene, campaign.story.place) == ("Night two", "the mill race")
    campaign.record({"type": "story", "place": "under the wheel"})
    assert (campaign.story.scene, campaign.story.place) == ("Night two", "under the wheel")


def test_the_stated_intent_could_go_wrong_and_bargain_are_kept(campaign: Campaign) -> None:
    campaign.record(risk(action="pry open the reliquary", could_go_wrong="the floor gives way",
                         bargain={"text": "the lantern goes out", "accepted": True}))
    story = campaign.story
    assert story.intent == Said("pry open the reliquary", "Mara Vell", 3)
    assert story.could_go_wrong == Said("the floor gives way", "Mara Vell", 3)
    assert story.owed == (Said("the lantern goes out", "Mara Vell", 3),)


def test_a_contests_stake_is_told_as_what_was_at_stake_not_as_someones_intent(
        campaign: Campaign) -> None:
    campaign.record({"type": "character_created",
                     "character": {"name": "Oswin Lantern", "occupation": "Priest"}})
    campaign.record({"type": "contest_rolled", "action": "the key",
                     "participants": [{"name": "Mara Vell", "light": [5], "dark": []},
                                      {"name": "Oswin Lantern", "light": [2], "dark": []}]})
    told = campaign.story.told()
    assert "What was at stake: \u201cthe key\u201d." in told
    assert not any("intent" in line for line in told), told
    # the narrator still reads it as the attempt it voices (its facts are as before)
    assert "Stated intent: the key" in campaign.story.facts()
    campaign.record(risk(action="pry open the reliquary"))
    assert "Mara Vell's stated intent: \u201cpry open the reliquary\u201d." in \
        campaign.story.told()


def owed(campaign: Campaign) -> list[str]:
    """The Devil's Bargains the story memory says are owed, by their words."""
    return [b.text for b in campaign.story.owed]


def test_a_declined_bargain_is_not_owed_and_a_paid_one_no_longer_is(campaign: Campaign) -> None:
    campaign.record(risk(action="climb", bargain=[{"text": "lose a glove", "accepted": False},
                                                  {"text": "the crows follow"}]))
    assert owed(campaign) == ["the crows follow"]
    campaign.record({"type": "story", "paid": 3})
    assert campaign.story.owed == ()
    campaign.undo(campaign.last_seq)  # undoing the payment: owed again
    assert owed(campaign) == ["the crows follow"]


def test_the_betrayal_and_the_ruin_sight_are_the_players_words(campaign: Campaign) -> None:
    campaign.record({"type": "ruin_rolled", "name": "Mara Vell", "dark": 2,
                     "action": "my brother standing in the river"})
    story = campaign.story
    assert story.sight is not None and story.sight.text == "my brother standing in the river"
    assert story.intent is None  # a sight is not an attempt


def test_the_fights_monster_is_kept_for_the_whole_fight_and_after_a_reload(
        campaign: Campaign, tmp_path: Path) -> None:
    campaign.record({"type": "combat_started", "endurance": 9,
                     "fighters": [{"name": "Mara Vell", "weak_point": 3}],
                     "monster": "the Antlered Man", "monster_description": "antlers of bone"})
    campaign.record({"type": "combat_rolled", "dark": [1]})
    story = campaign.story
    assert story.foe == Foe("the Antlered Man", "antlers of bone", False, 3)
    assert story.fighting
    again = Campaign.open(campaign.id, tmp_path)
    assert again.story.foe == story.foe and again.story.fighting
    again.close()


def test_a_fight_ends_when_the_monster_falls_or_the_group_retreats(campaign: Campaign) -> None:
    campaign.record({"type": "combat_started", "endurance": 2,
                     "fighters": [{"name": "Mara Vell", "weak_point": 3}], "monster": "a hound"})
    campaign.record({"type": "combat_rolled", "dark": [6]})
    assert not campaign.story.fighting and campaign.story.foe is not None  # the last foe
    campaign.record({"type": "story", "foe": {"name": "the Moss-Wife", "drawn": True}})
    assert campaign.story.fighting and campaign.story.foe.drawn
    campaign.record({"type": "story", "foe": None})
    assert not campaign.story.fighting


def test_conditions_and_who_is_present(campaign: Campaign) -> None:
    campaign.record({"type": "condition_added", "name": "Mara Vell", "condition": "Hollow"})
    campaign.record({"type": "condition_added", "name": "Mara Vell", "condition": "Twitchy"})
    campaign.record({"type": "condition_removed", "name": "Mara Vell", "condition": "Hollow"})
    assert campaign.story.conditions_of("Mara Vell") == ("Twitchy",)
    campaign.record({"type": "story", "present": ["Bryn"]})
    assert party_of(campaign.story, ["Mara Vell", "Bryn", "Oona"], ["Mara Vell"]) == ["Bryn"]
    campaign.record({"type": "story", "present": None})
    assert party_of(campaign.story, ["Mara Vell", "Bryn"], ["Mara Vell"]) == ["Bryn"]
    assert party_of(StoryMemory(), ["Mara Vell"], ["Mara Vell"]) == []  # solo


@pytest.mark.parametrize("event,sentence", [
    ({"type": "story"}, "story: give place, foe, present or paid."),
    ({"type": "story", "place": 3}, "story: place must be non-empty text"),
    ({"type": "story", "foe": "a wolf"}, "story: foe must be"),
    ({"type": "story", "present": "Bryn"}, "story: present must be a list of names"),
    ({"type": "story", "paid": 99}, "story: paid must be the number of an earlier entry."),
    ({"type": "story", "paid": 2}, "story: entry 2 accepted no Devil's Bargain to pay."),
    ({"type": "scene", "title": "x", "place": ["a"]}, "scene: place must be text or null"),
])
def test_a_malformed_story_event_is_refused_with_one_sentence_and_nothing_written(
        campaign: Campaign, event: dict[str, Any], sentence: str) -> None:
    before = campaign.last_seq
    with pytest.raises(RequestError) as caught:
        campaign.record(event)
    assert str(caught.value).startswith(sentence)
    assert campaign.last_seq == before


def test_the_story_survives_export_and_import(campaign: Campaign, tmp_path: Path) -> None:
    campaign.record(risk(action="climb", bargain={"text": "the crows follow"}))
    campaign.record({"type": "story", "foe": {"name": "the Moss-Wife", "description": "wet"}})
    dump = campaign.export_json()
    assert json.loads(dump)["story"] == campaign.story.facts()
    copy = Campaign.import_json(dump, home=tmp_path)
    assert copy.story == campaign.story
    copy.close()


@pytest.mark.parametrize("fmt", ["markdown", "lonelog", "text"])
def test_every_export_carries_the_story(campaign: Campaign, fmt: str) -> None:
    campaign.record(risk(action="climb the bell tower", could_go_wrong="the bell rings",
                         bargain={"text": "the crows *follow*"}))
    campaign.record({"type": "story", "foe": {"name": "the Moss-Wife"}})
    text = export(campaign, fmt)
    assert "Moss-Wife" in text
    if fmt != "text":
        assert "## The story so far" in text
        assert "the crows \\*follow\\*" in text  # player text escaped
        assert "Mara Vell owes a Devil's Bargain" in text


def _entry(seq: int, kind: str, data: dict[str, Any], undone: bool = False) -> Entry:
    return Entry(seq=seq, at="2026-01-01T00:00:00", type=kind, data={"type": kind, **data},
                 undone=undone)


EVENTS = st.sampled_from([
    ("scene", {"title": "A"}), ("scene", {"title": "B", "place": "the well"}),
    ("story", {"place": "the mill"}), ("story", {"foe": {"name": "Hound"}}),
    ("story", {"foe": None}), ("story", {"present": ["Bryn"]}),
    ("risk_rolled", {"name": "Mara", "action": "climb", "could_go_wrong": "fall",
                     "bargain": {"text": "a glove"}}),
    ("ruin_rolled", {"name": "Mara", "action": "a door"}),
    ("reduction_rolled", {"name": "Mara", "action": "steal"}),
    ("condition_added", {"name": "Mara", "condition": "Pale"}),
    ("condition_removed", {"name": "Mara", "condition": "Pale"}),
    ("combat_started", {"monster": "the Antlered Man"}), ("combat_abandoned", {}),
    ("note", {"text": "hm"}),
])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(EVENTS, st.booleans()), max_size=25))
def test_undone_entries_change_nothing_in_the_story(steps: list[Any]) -> None:
    entries = [_entry(i + 1, kind, data, undone) for i, ((kind, data), undone) in
               enumerate(steps)]
    kept = [e for e in entries if not e.undone]
    assert story_of(entries) == story_of(kept)
    memory = story_of(entries)
    assert memory.fighting <= (memory.foe is not None)  # no fight without its foe
