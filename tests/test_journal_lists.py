"""Threads and characters (list_item meta events) and solo scenes in the journal: they fold the
same after a reload, an undo and an export/import, refuse bad input with one sentence, and every
export shows them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.errors import RequestError
from oracle.journal.campaign import Campaign
from oracle.journal.exports import export
from oracle.journal.lists import Lists

SCENE = {"type": "scene", "title": "The drowned chapel", "expected": "a quiet nave",
         "verdict": "interrupted", "dread": 6, "dice": [2, 3],
         "odds": {"kept": 0.55, "altered": 0.3, "interrupted": 0.15},
         "twist": {"kind": "thread_turns", "label": "a thread turns against you",
                   "focus": "find the bell", "new": False,
                   "meaning": {"action": "betray", "subject": "a lantern"}}}


def lists_of(campaign: Campaign) -> dict[str, list[tuple[str, str, bool]]]:
    lists = campaign.settings.lists
    return {name: [(i.text, i.kind, i.open) for i in lists.items(name)]
            for name in ("threads", "characters")}


def played() -> Campaign:
    campaign = Campaign.create("Lists", "trophy", seed=3)
    thread = campaign.append({"type": "list_item", "list": "threads", "op": "add",
                              "text": "find the bell", "kind": "goal"})[0]
    who = campaign.append({"type": "list_item", "list": "characters", "op": "add",
                           "text": "the ferryman", "kind": "npc", "source": "narrator"})[0]
    campaign.record({"type": "list_item", "list": "threads", "op": "add",
                     "text": "who lit the lamps?", "kind": "question"})
    campaign.record({"type": "list_item", "list": "characters", "op": "edit", "id": who,
                     "text": "the ferryman, drowned"})
    campaign.record({"type": "list_item", "list": "threads", "op": "close", "id": thread})
    campaign.record(SCENE)
    return campaign


EXPECTED = {
    "threads": [("find the bell", "goal", False), ("who lit the lamps?", "question", True)],
    "characters": [("the ferryman, drowned", "npc", True)],
}


def test_lists_fold_from_the_journal_and_survive_a_reload() -> None:
    campaign = played()
    assert lists_of(campaign) == EXPECTED
    assert campaign.settings.lists.texts("threads") == ("who lit the lamps?",)
    reopened = Campaign.open(campaign.id)
    assert lists_of(reopened) == EXPECTED
    assert reopened.entries[-1].data == campaign.entries[-1].data  # the scene, whole


def test_undo_takes_a_change_back_and_redo_restores_it() -> None:
    campaign = played()
    close = campaign.entries[4].seq
    campaign.undo(close)
    assert lists_of(campaign)["threads"][0] == ("find the bell", "goal", True)
    campaign.redo(close)
    assert lists_of(campaign) == EXPECTED
    # undoing the add takes the item away; its later edit is then ignored by the fold
    campaign.undo(campaign.entries[1].seq)
    assert lists_of(campaign)["characters"] == []
    assert lists_of(Campaign.open(campaign.id))["characters"] == []


def test_lists_and_scenes_survive_export_and_import() -> None:
    campaign = played()
    copy = Campaign.import_json(campaign.export_json(), name="Copy")
    assert lists_of(copy) == EXPECTED
    assert copy.entries[-1].data["verdict"] == "interrupted"


@pytest.mark.parametrize("event,message", [
    ({"list": "rumours", "op": "add", "text": "x"}, "list must be threads or characters"),
    ({"list": "threads", "op": "burn", "text": "x"}, "op must be one of"),
    ({"list": "threads", "op": "add", "text": "  "}, "text must be some words"),
    ({"list": "threads", "op": "add", "text": "x", "kind": "npc"}, "a thread is one of"),
    ({"list": "threads", "op": "close", "id": 99}, "there is no thread 99 to close"),
    ({"list": "characters", "op": "close", "id": 1}, "there is no character 1 to close"),
    ({"list": "threads", "op": "close", "id": 1}, "'find the bell' is already closed"),
    ({"list": "threads", "op": "reopen", "id": 3}, "'who lit the lamps?' is still open"),
    ({"list": "threads", "op": "add", "text": "x", "source": "rumour"}, "source is one of"),
])
def test_a_bad_list_event_is_one_sentence_and_writes_nothing(event: dict[str, Any],
                                                             message: str) -> None:
    campaign = played()
    before = campaign.entries
    with pytest.raises(RequestError, match=re.escape(message)):
        campaign.record({"type": "list_item", **event})
    assert campaign.entries == before


@pytest.mark.parametrize("event,message", [
    ({"type": "scene", "title": "x", "verdict": "maybe"}, "verdict is one of"),
    ({"type": "scene", "title": "x", "dread": 10}, "dread is a whole number from 1 to 9"),
    ({"type": "oracle", "question": "q", "answer": "yes", "odds": {"yes": 2}},
     "odds map each answer"),
    ({"type": "oracle", "question": "q", "answer": "yes", "twist": "boo"}, "twist is an object"),
])
def test_solo_fields_of_scenes_and_oracle_entries_are_checked(event: dict[str, Any],
                                                              message: str) -> None:
    campaign = Campaign.create("Checked", "trophy")
    with pytest.raises(RequestError, match=message):
        campaign.record(event)
    assert campaign.entries == ()


def test_exports_show_the_lists_scenes_and_twists() -> None:
    campaign = played()
    markdown = export(campaign, "markdown")
    assert "- Open threads: who lit the lamps?" in markdown
    assert "- Open characters: the ferryman, drowned" in markdown
    assert "### The drowned chapel" in markdown and "expected: a quiet nave; interrupted" in markdown
    lonelog = export(campaign, "lonelog")
    assert "[Thread:find the bell|open]" in lonelog
    assert "[N:the ferryman, drowned|edited]" in lonelog
    assert "### S2 *The drowned chapel*" in lonelog  # S1: what came before any scene
    assert "(expected: a quiet nave; interrupted)" in lonelog
    assert "twist: a thread turns against you (find the bell): betray · a lantern" in lonelog
    text = export(campaign, "text")
    assert "thread closed: #1" in text


def test_an_empty_campaign_has_empty_lists() -> None:
    assert Campaign.create("Empty", "die_trying").settings.lists == Lists()


OPS = st.tuples(st.sampled_from(["threads", "characters"]),
                st.sampled_from(["add", "edit", "close", "reopen"]), st.integers(1, 12))


@given(st.lists(OPS, max_size=14), st.integers(0, 13))
def test_any_accepted_history_still_folds_after_an_entry_is_dropped(
        ops: list[tuple[str, str, int]], dropped: int) -> None:
    from oracle.journal.lists import check_item, fold_item

    lists, kept = Lists(), []
    for seq, (name, op, target) in enumerate(ops, start=1):
        data = {"list": name, "op": op, "id": target, "text": f"item {seq}"}
        try:
            check_item(lists, data)
        except RequestError:
            continue
        lists = fold_item(lists, seq, data)
        kept.append((seq, data))
    assert len(lists.threads) + len(lists.characters) == sum(
        1 for _, d in kept if d["op"] == "add")
    # an undo of any one entry: the lenient fold never fails and never invents an item
    again = Lists()
    for seq, data in [k for i, k in enumerate(kept) if i != dropped]:
        again = fold_item(again, seq, data)
    assert {i.id for i in (*again.threads, *again.characters)} <= {
        i.id for i in (*lists.threads, *lists.characters)}
