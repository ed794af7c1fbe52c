"""A campaign is the fold of its journal: recorded durably, replayed identically, undone safely.

These tests use ``tally``, a tiny rules system registered only here (tokens to gain and spend,
dice to roll), so the journal's promises are checked apart from any real game's rules.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import oracle.systems
from oracle.errors import RequestError, RuleError, StoreError
from oracle.journal.campaign import Campaign, CampaignChanged
from oracle.journal.exports import Markdown, export
from oracle.journal.library import campaigns_dir, delete_campaign, last_opened, list_campaigns
from oracle.journal.replay import Settings, undone_map

TALLY_SOURCE = '''
import dataclasses
from oracle.dice import check_face
from oracle.errors import RequestError, RuleError
from oracle.systems.base import Line, System, Unnamed

SEEN = []  # every event type apply() was asked to fold

@dataclasses.dataclass(frozen=True)
class State:
    tokens: int = 3
    rolls: tuple = ()
    ruin: int = 1
    last_result: object = None  # like Trophy: the reading of the last roll

class Tally(System):
    name = "tally"
    title = "Tally (a test system)"
    tagline = "Tally"
    unnamed = Unnamed("the counter", "counter", "the table")
    roll_kinds = ("roll",)
    odds_kinds = ()
    fields = {"roll": frozenset({"faces"})}
    offline_tables = ("omens",)

    def journal_line(self, event, outcome=None):
        from oracle.journal.reading import generic_summary
        return Line.of("roll", generic_summary(dict(event), outcome, self))

    def last_result(self, state):  # the declared hook the journal reads results through
        return state.last_result

    def changes(self, data, outcome):  # what a roll changed, in words and as a Lonelog tag
        before, after = outcome.get("ruin_before"), outcome.get("ruin_after")
        if isinstance(before, int) and isinstance(after, int) and before != after:
            name = data.get("name") or data.get("character")
            return [(f"{name} Ruin {before} -> {after}", f"PC:{name}|Ruin {after}")]
        return []

    def beat(self, outcome):
        return "roll"

    def resolve(self, request, dice):
        return {}

    def odds(self, request):
        return {}

    def new_state(self):
        return State()

    def apply(self, state, event):
        kind = event["type"]
        SEEN.append(kind)
        if kind == "gain":
            return dataclasses.replace(state, tokens=state.tokens + event["amount"])
        if kind == "spend":
            if event["amount"] > state.tokens:
                raise RuleError(
                    f"spend: only {state.tokens} tokens left; cannot spend {event['amount']}."
                )
            return dataclasses.replace(state, tokens=state.tokens - event["amount"])
        if kind == "roll":
            faces = [check_face("faces", face) for face in event["faces"]]
            highest = max(faces)
            outcome = "success" if highest == 6 else "complication" if highest >= 4 else "failure"
            ruin = state.ruin + (outcome == "complication")
            result = {"roll": "roll", "outcome": outcome, "ruin_before": state.ruin,
                      "ruin_after": ruin}
            return dataclasses.replace(state, rolls=state.rolls + (highest,), ruin=ruin,
                                       last_result=result)
        raise RequestError(f"type: tally has no event {kind!r}.")

SYSTEM = Tally()
'''


def register_tally() -> types.ModuleType:
    """Register the test-only ``tally`` system with the registry (also used by child processes)."""
    module = types.ModuleType("oracle_test_tally")
    sys.modules["oracle_test_tally"] = module
    exec(TALLY_SOURCE, module.__dict__)  # noqa: S102 - a fixed test fixture, not input
    oracle.systems.register("tally", "oracle_test_tally")
    return module


@pytest.fixture
def tally(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    module = register_tally()
    yield module
    oracle.systems.unregister("tally")
    sys.modules.pop("oracle_test_tally", None)


@pytest.fixture
def camp(tally: types.ModuleType) -> Iterator[Campaign]:
    campaign = Campaign.create("The Long Dark", system="tally", seed=42)
    yield campaign
    campaign.close()


def _bytes(path: Path) -> bytes:
    return path.read_bytes()


def _count(path: Path) -> int:
    raw = sqlite3.connect(path)
    try:
        return int(raw.execute("SELECT count(*) FROM events").fetchone()[0])
    finally:
        raw.close()


# -- making, finding, naming ----------------------------------------------------------------------


def test_create_writes_one_file_under_oracle_home_with_meta(camp: Campaign) -> None:
    assert camp.path.parent == campaigns_dir()
    assert camp.path.name == f"{camp.id}.oracle.sqlite"
    assert camp.id.startswith("the-long-dark-")
    meta = camp.meta
    assert (meta["name"], meta["system"], meta["seed"], meta["schema"]) == (
        "The Long Dark", "tally", 42, 1)
    assert camp.state == camp.system.new_state()
    assert camp.entries == () and camp.last_seq == 0


def test_oracle_home_comes_from_the_environment(tally: types.ModuleType, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORACLE_HOME", str(tmp_path / "elsewhere"))
    with Campaign.create("Here", system="tally") as campaign:
        assert campaign.path.parent == tmp_path / "elsewhere" / "campaigns"


@pytest.mark.parametrize(
    ("name", "system", "seed", "message"),
    [
        ("", "tally", 1, "name: a campaign needs a name"),
        ("   ", "tally", 1, "name: a campaign needs a name"),
        ("x" * 121, "tally", 1, "name: at most 120 characters"),
        ("Ok", "chess", 1, "system: 'chess' is not a known system"),
        ("Ok", "tally", 1.5, "seed: must be a whole number or a string"),
        ("Ok", "tally", True, "seed: must be a whole number or a string"),
    ],
)
def test_create_refuses_bad_input_and_writes_nothing(
    tally: types.ModuleType, name: str, system: str, seed: Any, message: str
) -> None:
    with pytest.raises(RequestError, match=message):
        Campaign.create(name, system=system, seed=seed)
    assert not campaigns_dir().exists() or list(campaigns_dir().iterdir()) == []


def test_open_by_id_and_by_path_replays_the_same_campaign(camp: Campaign) -> None:
    camp.record({"type": "gain", "amount": 2})
    camp.record({"type": "roll", "faces": [2, 5]})
    for key in (camp.id, camp.path, str(camp.path)):
        with Campaign.open(key) as again:
            assert again.state == camp.state
            assert again.entries == camp.entries
            assert again.name == "The Long Dark"


def test_a_copied_file_is_its_own_campaign_named_by_its_file(camp: Campaign) -> None:
    camp.record({"type": "gain", "amount": 1})
    copy = campaigns_dir() / "backup-copy.oracle.sqlite"
    copy.write_bytes(camp.path.read_bytes())
    with Campaign.open("backup-copy") as again:
        assert again.id == "backup-copy" and again.path == copy
        assert again.state == camp.state
    assert {info.id for info in list_campaigns()} == {camp.id, "backup-copy"}


def test_open_refuses_a_bad_id_and_a_missing_campaign(tally: types.ModuleType) -> None:
    with pytest.raises(RequestError, match="neither a campaign id"):
        Campaign.open("Not An Id!")
    with pytest.raises(StoreError, match="does not exist"):
        Campaign.open("no-such-campaign")
    assert not (campaigns_dir() / "no-such-campaign.oracle.sqlite").exists()


def test_list_campaigns_shows_every_file_and_a_broken_one_with_its_error(
    tally: types.ModuleType,
) -> None:
    with Campaign.create("First", system="tally") as first:
        first.record({"type": "gain", "amount": 1})
    with Campaign.create("Second", system="tally") as second:
        for _ in range(3):
            second.record({"type": "note", "text": "hm"})
    broken = campaigns_dir() / "broken.oracle.sqlite"
    broken.write_text("this is not a database")
    infos = {info.id: info for info in list_campaigns()}
    assert len(infos) == 3
    assert infos[first.id].name == "First" and infos[first.id].events == 1
    assert infos[second.id].events == 3 and infos[second.id].system == "tally"
    assert infos[second.id].updated >= infos[second.id].created
    assert infos["broken"].error is not None and "not a SQLite database" in infos["broken"].error
    assert not infos["broken"].ok and infos[first.id].ok
    assert broken.read_text() == "this is not a database"


def test_list_campaigns_of_a_fresh_home_is_empty(tmp_path: Path) -> None:
    assert list_campaigns(tmp_path / "fresh") == []


def test_last_opened_remembers_the_campaign_for_a_reload(tally: types.ModuleType) -> None:
    assert last_opened() is None and Campaign.open_last() is None
    one = Campaign.create("One", system="tally")
    two = Campaign.create("Two", system="tally")
    assert last_opened() == two.id
    Campaign.open(one.id).close()
    assert last_opened() == one.id
    again = Campaign.open_last()
    assert again is not None and again.id == one.id
    again.close()
    one.delete()
    assert last_opened() is None
    two.close()


def test_rename_keeps_id_and_events(camp: Campaign) -> None:
    camp.record({"type": "gain", "amount": 1})
    camp.rename("  The Longer Dark ")
    assert camp.name == "The Longer Dark"
    with Campaign.open(camp.id) as again:
        assert again.name == "The Longer Dark" and again.last_seq == 1
    with pytest.raises(RequestError, match="name"):
        camp.rename("")


def test_delete_removes_the_file(camp: Campaign) -> None:
    path = camp.path
    delete_campaign(camp.id)
    assert not path.exists()
    with pytest.raises(StoreError, match="does not exist"):
        Campaign.open(path)


# -- recording ------------------------------------------------------------------------------------


def test_record_applies_the_rules_and_returns_the_new_state(camp: Campaign) -> None:
    state = camp.record({"type": "gain", "amount": 2})
    assert state.tokens == 5 and camp.state is state
    state = camp.record({"type": "spend", "amount": 4})
    assert state.tokens == 1
    entry = camp.entries[-1]
    assert (entry.seq, entry.type, entry.data) == (2, "spend", {"type": "spend", "amount": 4})
    assert not entry.undone and not entry.meta


@pytest.mark.parametrize(
    ("event", "error", "message"),
    [
        ({"type": "spend", "amount": 9}, RuleError, "spend: only 3 tokens left"),
        ({"type": "roll", "faces": [7]}, RuleError, "faces: a d6 shows 1 to 6"),
        ({"type": "dance"}, RequestError, "tally has no event 'dance'"),
        ({"type": "gain"}, RequestError, "the tally rules cannot apply this event"),
        ({"amount": 1}, RequestError, "event: needs a \"type\""),
        ({"type": "gain", "amount": float("nan")}, RequestError, "JSON-ready"),
        ({"type": "gain", "amount": {1, 2}}, RequestError, "JSON-ready"),
        ({"type": "narration"}, RequestError, "narration: text must be non-empty text"),
        ({"type": "note", "text": "x", "refers_to": 99}, RequestError, "not an earlier entry"),
        ({"type": "oracle", "question": "Dark?"}, RequestError, "oracle: answer"),
        ({"type": "oracle", "question": "Q", "answer": "A", "faces": ["6"]}, RequestError,
         "faces must be a list of whole numbers"),
        ({"type": "scene", "title": ""}, RequestError, "scene: title"),
        ({"type": "safety"}, RequestError, "safety: give lines, veils, or both"),
        ({"type": "safety", "lines": "spiders"}, RequestError, "lines must be a list of text"),
        ({"type": "preference", "key": "theme"}, RequestError, "preference: value is required"),
        ({"type": "x_card", "refers_to": 1}, RequestError, "the X-card strikes a narration"),
        ({"type": "undo", "target": 42}, RequestError, "undo: target 42 is not an earlier"),
        ({"type": "undo", "target": "1"}, RequestError, "undo: target must be the number"),
    ],
)
def test_an_invalid_event_writes_nothing(
    camp: Campaign, event: dict[str, Any], error: type[Exception], message: str
) -> None:
    camp.record({"type": "gain", "amount": 0})
    before, state, entries = _bytes(camp.path), camp.state, camp.entries
    with pytest.raises(error) as info:
        camp.record(event)
    assert message in str(info.value)
    assert _bytes(camp.path) == before and _count(camp.path) == 1
    assert camp.state is state and camp.entries == entries


def test_meta_events_never_reach_the_rules(camp: Campaign, tally: types.ModuleType) -> None:
    camp.record({"type": "roll", "faces": [4]})
    meta_events: list[dict[str, Any]] = [
        {"type": "narration", "text": "The fog thickens.", "narrator": "offline",
         "fallback_reason": "no API key", "beat": "complication", "refers_to": 1},
        {"type": "note", "text": "Remember the bell."},
        {"type": "oracle", "question": "Is the door locked?", "answer": "Yes, but...",
         "likelihood": "likely", "faces": [5]},
        {"type": "scene", "title": "The chapel"},
        {"type": "safety", "lines": ["harm to children"], "veils": ["torture"]},
        {"type": "preference", "key": "dice_style", "value": {"animate": False}},
        {"type": "x_card", "refers_to": 2, "reason": "too much"},
    ]
    tally.SEEN.clear()
    state = camp.state
    for event in meta_events:
        assert camp.record(event) is state
    assert tally.SEEN == []
    assert all(entry.meta for entry in camp.entries[1:])
    assert camp.entries[-1].data["reason"] == "too much"  # extra fields are kept


def test_settings_fold_from_safety_and_preference_events(camp: Campaign) -> None:
    assert camp.settings == Settings()
    camp.record({"type": "safety", "lines": ["spiders"], "veils": ["gore"]})
    camp.record({"type": "safety", "veils": ["gore", "drowning"]})
    camp.record({"type": "preference", "key": "narrator", "value": "offline"})
    assert camp.settings.lines == ("spiders",)
    assert camp.settings.veils == ("gore", "drowning")
    assert camp.settings.preferences == {"narrator": "offline"}
    camp.undo(2)
    assert list(camp.settings.veils) == ["gore"]
    with Campaign.open(camp.id) as again:
        assert again.settings == camp.settings


def test_x_card_strikes_a_narration_and_undoing_it_restores(camp: Campaign) -> None:
    camp.record({"type": "narration", "text": "Something awful.", "narrator": "claude"})
    camp.record({"type": "x_card", "refers_to": 1})
    assert camp.entry(1).struck and camp.settings.struck == frozenset({1})
    with pytest.raises(RequestError, match="already struck"):
        camp.record({"type": "x_card", "refers_to": 1})
    assert "Something awful" not in export(camp, "markdown")
    assert "Something awful" not in export(camp, "lonelog")
    camp.undo(2)
    assert not camp.entry(1).struck


def test_the_event_is_stored_exactly_as_it_was_applied(camp: Campaign) -> None:
    camp.record({"type": "roll", "faces": (3, 6)})  # a tuple becomes the list replay reads
    assert camp.entries[0].data == {"type": "roll", "faces": [3, 6]}
    with Campaign.open(camp.id) as again:
        assert again.entries[0].data == camp.entries[0].data and again.state == camp.state


# -- undo -----------------------------------------------------------------------------------------


def test_undo_skips_the_entry_and_redo_restores_it(camp: Campaign) -> None:
    camp.record({"type": "gain", "amount": 2})
    camp.record({"type": "roll", "faces": [6]})
    state = camp.undo(1)
    assert state.tokens == 3 and state.rolls == (6,)
    assert camp.entry(1).undone and camp.entry(1).undone_by == 3
    assert camp.entries[-1].data == {"type": "undo", "target": 1}
    state = camp.redo(1)
    assert state.tokens == 5
    assert not camp.entry(1).undone and camp.entry(3).undone and camp.entry(3).undone_by == 4
    with Campaign.open(camp.id) as again:
        assert again.state == camp.state and again.entries == camp.entries


def test_undo_is_refused_when_a_later_entry_depends_on_it(camp: Campaign) -> None:
    camp.record({"type": "gain", "amount": 2})
    camp.record({"type": "spend", "amount": 5})
    before = _bytes(camp.path)
    with pytest.raises(RuleError) as info:
        camp.undo(1)
    assert str(info.value).startswith("undo: entry 1 cannot be undone: without that change, "
                                      "entry 2 (spend) no longer follows the rules")
    assert "Undo entry 2 first." in str(info.value)
    assert _bytes(camp.path) == before and camp.last_seq == 2
    camp.undo(2)
    camp.undo(1)  # now nothing depends on it
    assert camp.state.tokens == 3


def test_redo_is_refused_when_it_would_no_longer_fold(camp: Campaign) -> None:
    camp.record({"type": "spend", "amount": 3})
    camp.undo(1)
    camp.record({"type": "spend", "amount": 2})
    with pytest.raises(RuleError, match="entry 1 cannot be restored"):
        camp.redo(1)
    assert camp.last_seq == 3


@pytest.mark.parametrize(
    ("target", "message"),
    [(0, "not an earlier entry"), (5, "not an earlier entry"), (-1, "not an earlier entry")],
)
def test_undo_needs_an_existing_entry(camp: Campaign, target: int, message: str) -> None:
    camp.record({"type": "gain", "amount": 1})
    with pytest.raises(RequestError, match=message):
        camp.undo(target)


def test_undo_twice_is_refused_and_redo_of_a_live_entry_too(camp: Campaign) -> None:
    camp.record({"type": "note", "text": "typo"})
    camp.undo(1)
    with pytest.raises(RuleError, match="already undone \\(by entry 2\\); undo entry 2"):
        camp.undo(1)
    with pytest.raises(RuleError, match="redo: entry 2 is not undone"):
        camp.redo(2)


def test_undone_map_an_undone_undo_restores_its_target() -> None:
    from oracle.journal.store import StoredEvent

    def undo(seq: int, target: int) -> StoredEvent:
        return StoredEvent(seq, "", "undo", {"type": "undo", "target": target})

    note = StoredEvent(1, "", "note", {"type": "note", "text": "x"})
    assert undone_map([note, undo(2, 1)]) == {1: 2}
    assert undone_map([note, undo(2, 1), undo(3, 2)]) == {2: 3}
    assert undone_map([note, undo(2, 1), undo(3, 2), undo(4, 3)]) == {1: 2, 3: 4}


# -- replay (hypothesis) --------------------------------------------------------------------------

OPS = st.one_of(
    st.builds(lambda n: ("rec", {"type": "gain", "amount": n}), st.integers(0, 3)),
    st.builds(lambda n: ("rec", {"type": "spend", "amount": n}), st.integers(0, 6)),
    st.builds(lambda f: ("rec", {"type": "roll", "faces": f}),
              st.lists(st.integers(0, 7), min_size=1, max_size=3)),
    st.builds(lambda t: ("rec", {"type": "note", "text": t}), st.text(min_size=1, max_size=20)),
    st.builds(lambda s: ("undo", s), st.integers(1, 12)),
    st.builds(lambda s: ("redo", s), st.integers(1, 12)),
)


def _play(camp: Campaign, op: str, arg: Any) -> None:
    """One of OPS: record an event, undo or redo an entry."""
    if op == "rec":
        camp.record(arg)
    elif op == "undo":
        camp.undo(arg)
    else:
        camp.redo(arg)


LIVE_OPS = st.one_of(
    OPS,
    st.builds(lambda t: ("rec", {"type": "narration", "text": t}), st.text(min_size=1,
                                                                            max_size=12)),
    st.builds(lambda s: ("rec", {"type": "x_card", "refers_to": s}), st.integers(1, 12)),
    st.builds(lambda t: ("rec", {"type": "scene", "title": t}), st.text(min_size=1, max_size=12)),
)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(ops=st.lists(LIVE_OPS, max_size=14))
def test_the_entries_and_story_kept_between_moves_equal_a_fresh_reading_after_every_move(
    tally: types.ModuleType, ops: list[tuple[str, Any]],
) -> None:
    from oracle.journal.story import story_of

    with tempfile.TemporaryDirectory() as home:
        camp = Campaign.create("Kept", system="tally", seed=1, home=home)
        for op, arg in ops:
            with contextlib.suppress(RuleError, RequestError):
                _play(camp, op, arg)
            _ = camp.entries, camp.story  # read between moves, as the app does
            with Campaign.open(camp.path, home=home) as fresh:  # replayed from the file
                assert camp.entries == fresh.entries
                assert camp.story == story_of(fresh.entries) == fresh.story
        camp.close()


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(ops=st.lists(OPS, max_size=12))
def test_replaying_the_journal_rebuilds_the_identical_state(
    tally: types.ModuleType, ops: list[tuple[str, Any]],
) -> None:
    with tempfile.TemporaryDirectory() as home:
        camp = Campaign.create("Replay", system="tally", seed=1, home=home)
        expected_tokens = 3
        for op, arg in ops:
            count = camp.last_seq
            try:
                _play(camp, op, arg)
            except (RuleError, RequestError):
                assert camp.last_seq == count == _count(camp.path)  # refused: nothing written
            assert camp.state.tokens >= 0
        # a fresh fold of the surviving rules events, by hand
        for entry in camp.entries:
            if not entry.undone and entry.type == "gain":
                expected_tokens += entry.data["amount"]
            elif not entry.undone and entry.type == "spend":
                expected_tokens -= entry.data["amount"]
        assert camp.state.tokens == expected_tokens
        with Campaign.open(camp.path, home=home) as again:
            assert again.state == camp.state
            assert again.entries == camp.entries
            assert again.settings == camp.settings
        camp.close()


# -- dice -----------------------------------------------------------------------------------------


def test_dice_are_repeatable_for_the_same_campaign_seed_and_entry(camp: Campaign) -> None:
    assert camp.dice().roll(6) == camp.dice().roll(6)  # same seed, same entry: same stream
    faces = [camp.dice().roll(6)]
    stream = camp.dice()
    run = [stream.roll(6) for _ in range(20)]
    with Campaign.open(camp.id) as again:
        replay = again.dice()
        assert [replay.roll(6) for _ in range(20)] == run
    narrator = camp.dice("narrator")
    assert [narrator.roll(6) for _ in range(20)] != run  # an independent stream
    camp.record({"type": "roll", "faces": faces})
    after = camp.dice()
    assert [after.roll(6) for _ in range(20)] != run  # the next entry rolls afresh


def test_dice_differ_between_campaign_seeds(tally: types.ModuleType) -> None:
    with Campaign.create("A", system="tally", seed=1) as a, \
            Campaign.create("B", system="tally", seed=2) as b:
        da, db = a.dice(), b.dice()
        assert [da.roll(6) for _ in range(20)] != [db.roll(6) for _ in range(20)]


# -- exports --------------------------------------------------------------------------------------


def _played(camp: Campaign) -> Campaign:
    camp.record({"type": "scene", "title": "The ruined chapel"})
    camp.record({"type": "gain", "amount": 2})
    camp.record({"type": "roll", "faces": [2, 5], "action": "Pry open the reliquary",
                 "character": "Mara"})
    camp.record({"type": "narration", "text": "The lid gives <way> & dust falls.",
                 "narrator": "offline", "fallback_reason": "no API key", "refers_to": 3})
    camp.record({"type": "oracle", "question": "Is anyone watching?", "answer": "No, but...",
                 "faces": [3]})
    camp.record({"type": "note", "text": "Bell rang twice."})
    camp.record({"type": "spend", "amount": 1})
    camp.undo(7)
    return camp


def test_export_json_reimports_as_an_identical_new_campaign(camp: Campaign) -> None:
    _played(camp)
    doc = json.loads(camp.export_json())
    assert doc["format"] == "oracle-campaign" and doc["meta"]["id"] == camp.id
    assert len(doc["events"]) == 8
    with Campaign.import_json(camp.export_json()) as copy:
        assert copy.id != camp.id and copy.path != camp.path
        # a name of its own (issue 17, m13): the original is in the same library
        assert copy.name == f"{camp.name} (imported)" and copy.seed == camp.seed
        assert copy.state == camp.state and copy.entries == camp.entries
        assert [copy.dice().roll(6) for _ in range(5)] == [camp.dice().roll(6) for _ in range(5)]
    with Campaign.import_json(doc, name="A copy") as named:
        assert named.name == "A copy"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["events"].__setitem__(1, {**d["events"][1], "data": {
            "type": "spend", "amount": 99}}), "import: entry 2 (spend) does not fold"),
        (lambda d: d["events"].__setitem__(2, {**d["events"][2], "seq": 1}),
         "needs seq 3 (entries are numbered 1, 2, 3... with no gap)"),
        (lambda d: d.__setitem__("format", "something"), "not an oracle campaign export"),
        (lambda d: d.__setitem__("version", 99), "newer than this oracle reads"),
        (lambda d: d["meta"].__setitem__("system", "chess"), "system: 'chess' is not a known"),
        (lambda d: d["events"].append({"seq": len(d["events"]) + 1, "at": "x", "type": "undo",
                                       "data": {"type": "undo", "target": 1}}),
         "undo: entry 1 cannot be undone"),
    ],
)
def test_import_refuses_what_does_not_fold_and_creates_nothing(
    camp: Campaign, change: Any, message: str
) -> None:
    camp.record({"type": "gain", "amount": 1})
    camp.record({"type": "spend", "amount": 4})
    camp.record({"type": "note", "text": "x"})
    doc = json.loads(camp.export_json())
    change(doc)
    files = sorted(campaigns_dir().iterdir())
    with pytest.raises((RequestError, RuleError)) as info:
        Campaign.import_json(json.dumps(doc))
    assert message in str(info.value)
    assert sorted(campaigns_dir().iterdir()) == files


def test_import_refuses_bad_json(tally: types.ModuleType) -> None:
    with pytest.raises(RequestError, match="import: not valid JSON"):
        Campaign.import_json("{nope")


def test_export_markdown_reads_as_a_journal(camp: Campaign) -> None:
    text = export(_played(camp), "markdown")
    assert text.startswith("# The Long Dark\n")
    assert "System: Tally (a test system)" in text
    assert "### The ruined chapel" in text
    assert "Mara: roll (faces 2 5) -> complication; Mara Ruin 1 -> 2" in text  # numbers, never a list
    assert "The lid gives &lt;way> &amp; dust falls." in text  # text is data, never HTML
    # every entry shown is numbered, narration too: no number a reader sees is skipped
    numbers = [int(n) for n in re.findall(r"^(?:~~)?(?:> )?\*\*#(\d+)\*\*", text, re.MULTILINE)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) > 5, numbers
    assert "offline narrator; fell back: no API key" in text
    assert "Oracle: Is anyone watching? → No, but..." in text
    assert "~~**#7**" in text and "*(undone)*" in text
    assert "undo entry" not in text


def test_export_lonelog_uses_the_notation(camp: Campaign) -> None:
    text = export(_played(camp), "lonelog")
    assert text.startswith('---\ntitle: "The Long Dark"\nruleset: "Tally (a test system)"\n')
    lines = text.splitlines()
    assert "### S1 *The ruined chapel*" in lines
    assert "@ Pry open the reliquary" in lines
    assert "d: Mara: roll (faces 2 5) -> complication; Mara Ruin 1 -> 2" in lines
    assert "=> [PC:Mara|Ruin 2]" in lines
    assert "=> The lid gives <way> & dust falls." in lines
    assert "? Is anyone watching?" in lines and "-> No, but... (3)" in lines
    assert "(note: Bell rang twice.)" in lines
    assert not any(line.startswith("d: spend") for line in lines)  # undone: not played
    assert lines.index("@ Pry open the reliquary") < lines.index(
        "d: Mara: roll (faces 2 5) -> complication; Mara Ruin 1 -> 2")


def test_lonelog_opens_a_first_scene_when_play_starts_without_one(camp: Campaign) -> None:
    camp.record({"type": "gain", "amount": 1})
    assert "### S1 *The Long Dark*" in export(camp, "lonelog").splitlines()


# -- two windows on one file ----------------------------------------------------------------------


def test_two_windows_see_each_others_events_after_a_refresh(camp: Campaign) -> None:
    with Campaign.open(camp.id) as other:
        camp.record({"type": "gain", "amount": 1})
        assert other.last_seq == 0
        assert other.refresh() == 1
        assert other.state == camp.state
        other.record({"type": "note", "text": "from the other tab"})
        assert camp.refresh() == 1 and camp.entries == other.entries
        assert camp.refresh() == 0


def test_a_stale_rules_event_is_refused_and_a_stale_note_is_appended(camp: Campaign) -> None:
    with Campaign.open(camp.id) as other:
        camp.record({"type": "spend", "amount": 3})
        with pytest.raises(CampaignChanged) as info:
            other.record({"type": "spend", "amount": 2})  # decided on a state no longer true
        assert "another window added entry 1" in str(info.value)
        assert isinstance(info.value, StoreError)
        assert other.last_seq == 1 and other.state.tokens == 0  # caught up, nothing written
        assert _count(camp.path) == 1
        camp.record({"type": "note", "text": "A"})
        other.record({"type": "note", "text": "B"})  # a note is safe to append after
        camp.refresh()
        assert [e.data.get("text") for e in camp.entries] == [None, "A", "B"]
        assert [e.seq for e in camp.entries] == [1, 2, 3]


def test_catching_up_checks_a_stale_rules_event_again_on_top_of_the_other_windows(
    camp: Campaign,
) -> None:
    with Campaign.open(camp.id) as other:
        camp.record({"type": "spend", "amount": 2})  # 3 -> 1 tokens
        with pytest.raises(RuleError):  # on top of that, spending 2 more is against the rules
            other.append({"type": "spend", "amount": 2}, catch_up=True)
        assert other.last_seq == 1 and _count(camp.path) == 1  # caught up, nothing written
        camp.record({"type": "gain", "amount": 1})
        seq, state = other.append({"type": "spend", "amount": 2}, catch_up=True)
        assert (seq, state.tokens) == (3, 0) and _count(camp.path) == 3


def test_a_window_cannot_write_into_a_campaign_another_window_deleted(camp: Campaign) -> None:
    with Campaign.open(camp.id) as other:
        camp.delete()
        with pytest.raises(StoreError, match="was deleted or replaced since it was opened"):
            other.record({"type": "note", "text": "into the void"})
        assert other.last_seq == 0


def test_a_write_blocked_by_another_process_is_a_sentence_and_loses_nothing(
    tally: types.ModuleType,
) -> None:
    camp = Campaign.create("Locked", system="tally", busy_timeout=0.2)
    code = (
        "import sqlite3, sys\n"
        f"c = sqlite3.connect({str(camp.path)!r}, isolation_level=None)\n"
        "c.execute('BEGIN IMMEDIATE')\n"
        "print('locked', flush=True)\n"
        "sys.stdin.read()\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdin is not None
    assert child.stdout.readline().strip() == "locked"
    try:
        with pytest.raises(StoreError, match="locked by another program"):
            camp.record({"type": "gain", "amount": 1})
        assert camp.last_seq == 0 and camp.state.tokens == 3
    finally:
        child.stdin.close()
        child.wait(timeout=10)
    assert camp.record({"type": "gain", "amount": 1}).tokens == 4
    camp.close()


# -- drawing a move while it commits --------------------------------------------------------------


def test_ready_gets_the_checked_state_before_the_commit_and_no_other_window_sees_it(
    camp: Campaign,
) -> None:
    seen: list[tuple[int, int, int, int, int]] = []
    with Campaign.open(camp.id) as other:

        def ready(seq: int, state: Any) -> None:
            # the new state is drawn; the campaign itself, and every other window, wait for
            # the commit
            seen.append((seq, state.tokens, camp.last_seq, camp.state.tokens, other.refresh()))

        seq, state = camp.append({"type": "gain", "amount": 2}, ready)
        assert seen == [(1, 5, 0, 3, 0)]
        assert (seq, state.tokens, camp.last_seq) == (1, 5, 1)
        assert other.refresh() == 1 and other.state == state


def test_a_move_drawn_before_another_windows_event_is_drawn_again_on_top_of_it(
    camp: Campaign,
) -> None:
    with Campaign.open(camp.id) as other:
        drawn: list[tuple[int, int]] = []

        def ready(seq: int, state: Any) -> None:
            drawn.append((seq, state.tokens))

        camp.record({"type": "gain", "amount": 1})  # 3 -> 4: `other` has not seen it
        seq, state = other.append({"type": "spend", "amount": 1}, ready, catch_up=True)
        assert drawn == [(1, 2), (2, 3)] and (seq, state.tokens) == (2, 3)
        camp.refresh()
        camp.record({"type": "spend", "amount": 3})  # 3 -> 0
        drawn.clear()
        with pytest.raises(RuleError):  # drawn on the table it knew, then refused on the real one
            other.append({"type": "spend", "amount": 1}, ready, catch_up=True)
        assert drawn == [(3, 2)] and _count(camp.path) == 3 and other.state.tokens == 0


def test_a_ready_that_fails_writes_nothing(camp: Campaign) -> None:
    def ready(seq: int, state: Any) -> None:
        raise RuntimeError("the page went away")

    before = _bytes(camp.path)
    with pytest.raises(RuntimeError, match="the page went away"):
        camp.append({"type": "gain", "amount": 2}, ready)
    assert camp.last_seq == 0 and camp.state.tokens == 3
    assert _count(camp.path) == 0 and _bytes(camp.path) == before
    assert camp.record({"type": "gain", "amount": 2}).tokens == 5  # and the next one works


def test_a_commit_that_fails_after_the_move_was_drawn_loses_nothing_and_rolls_the_same_dice(
    tally: types.ModuleType,
) -> None:
    camp = Campaign.create("Held", system="tally", seed=7, busy_timeout=0.2)
    dice = camp.dice()
    faces = [dice.roll(6) for _ in range(3)]
    # another program reads the file and holds its read lock: SQLite may write the journal
    # but not the file itself, so the commit times out after the move was drawn
    code = (
        "import sqlite3, sys\n"
        f"c = sqlite3.connect({str(camp.path)!r}, isolation_level=None)\n"
        "c.execute('BEGIN')\n"
        "c.execute('SELECT count(*) FROM events').fetchone()\n"
        "print('reading', flush=True)\n"
        "sys.stdin.read()\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdin is not None
    assert child.stdout.readline().strip() == "reading"
    drawn: list[int] = []
    try:
        with pytest.raises(StoreError, match="locked by another program"):
            camp.append({"type": "gain", "amount": 1}, lambda seq, state: drawn.append(seq))
        assert drawn == [1]  # drawn, then refused at the commit
        assert camp.last_seq == 0 and camp.state.tokens == 3
    finally:
        child.stdin.close()
        child.wait(timeout=10)
    assert _count(camp.path) == 0
    # the seeded dice of that entry did not move on: trying again rolls the faces drawn
    dice = camp.dice()
    assert [dice.roll(6) for _ in range(3)] == faces
    assert camp.append({"type": "gain", "amount": 1})[0] == 1
    camp.close()


# -- crash safety ---------------------------------------------------------------------------------

CHILD = """
import sys, types
module = types.ModuleType("oracle_test_tally")
sys.modules["oracle_test_tally"] = module
exec({source!r}, module.__dict__)
import oracle.systems
oracle.systems.register("tally", "oracle_test_tally")
from oracle.journal.campaign import Campaign
camp = Campaign.open({path!r})
while True:
    seq = camp.next_seq
    if seq % 2:
        camp.record({{"type": "gain", "amount": 1}})
    else:
        camp.record({{"type": "note", "text": "entry %d" % seq}})
    print(seq, flush=True)
"""


def test_a_killed_writer_loses_no_committed_event(camp: Campaign) -> None:
    path = camp.path
    camp.close()
    script = CHILD.format(source=TALLY_SOURCE, path=str(path))
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert child.stdout is not None
    printed: list[int] = []
    try:
        for line in child.stdout:
            printed.append(int(line))
            if len(printed) >= 150:
                break
    finally:
        child.send_signal(signal.SIGKILL)  # mid-campaign, quite possibly mid-transaction
        child.wait(timeout=10)
    assert len(printed) == 150, "the writer must have been killed mid-campaign, not have died"
    assert printed == list(range(1, len(printed) + 1))
    with Campaign.open(path) as again:
        seqs = [entry.seq for entry in again.entries]
        assert seqs[: len(printed)] == printed  # every committed event is there, in order
        assert len(seqs) <= len(printed) + 1  # at most one committed but not yet printed
        for entry in again.entries:
            if entry.seq % 2:
                assert entry.data == {"type": "gain", "amount": 1}
            else:
                assert entry.data == {"type": "note", "text": f"entry {entry.seq}"}
        assert again.state.tokens == 3 + sum(1 for s in seqs if s % 2)
        again.record({"type": "note", "text": "still writable"})
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    raw.close()


# -- Trophy: the real rules core through the journal ----------------------------------------------


def _trophy() -> Campaign:
    camp = Campaign.create("The Ringing Wood", seed=3)
    camp.record({"type": "character_created",
                 "character": {"name": "Mara", "skills": ["Climb"], "armor": ["helm"]}})
    camp.record({"type": "character_created",
                 "character": {"name": "Ash", "starting_ruin": 2, "ruin": 2}})
    return camp


def test_trophy_risk_roll_is_journaled_with_its_faces_and_replays() -> None:
    from oracle.trophy import commands
    from oracle.trophy.words import OUTCOME_WORDS

    with _trophy() as camp:
        assert camp.system.name == "trophy"
        event = commands.roll_risk_event(camp.state, "Mara", skill=True, dice=camp.dice(),
                                         dark=1, helpers=["Ash"])
        # the campaign seed at this entry rolls the same faces however often it is asked
        assert commands.roll_risk_event(camp.state, "Mara", skill=True, dice=camp.dice(),
                                        dark=1, helpers=["Ash"]) == event
        event["action"] = "Climb the bell tower"
        state = camp.record(event)
        entry = camp.entries[-1]
        assert entry.data["light"] == event["light"] and entry.data["dark"] == event["dark"]
        assert entry.result is not None and entry.result["roll"] == "risk"
        assert state.character("Mara").ruin == entry.result["ruin_after"]
        camp.record({"type": "narration", "text": "The rope frays.", "narrator": "offline",
                     "refers_to": entry.seq})
        with Campaign.open(camp.id) as reopened:
            assert reopened.state == camp.state and reopened.entries == camp.entries
        markdown = export(camp, "markdown")
        line = camp.summary(entry)  # the system's wording, as plain text
        styled = Markdown().entry_text(camp.system, entry)  # the same words, styled
        assert styled in markdown and "**Mara**" in styled and "Mara" in line
        assert f"*{OUTCOME_WORDS[entry.result['outcome']]}*" in styled
        assert entry.result["outcome"] in line
        for face in [*event["light"], *event["dark"], event["helpers"][0]["die"]]:
            assert str(face) in line  # the journal shows the faces rolled
        assert "The rope frays." in markdown
        assert "@ Climb the bell tower" in export(camp, "lonelog")


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"type": "risk_rolled", "name": "Nobody", "light": [4], "dark": []}, "no character"),
        ({"type": "risk_rolled", "name": "Mara", "light": [4, 4, 4], "dark": []}, "light"),
        ({"type": "risk_pushed", "light": [1], "dark": [1, 2]}, "no Risk Roll is open"),
        ({"type": "hunt_rolled", "name": "Mara", "light": [9]}, "light"),
        ({"type": "teleport"}, "is not a Trophy event"),
    ],
)
def test_trophy_refusals_write_nothing(event: dict[str, Any], message: str) -> None:
    with _trophy() as camp:
        before, state = _bytes(camp.path), camp.state
        with pytest.raises(RuleError, match=message):
            camp.record(event)
        assert _bytes(camp.path) == before and camp.state is state and camp.last_seq == 2


def test_trophy_undo_a_mistyped_roll_and_refuse_undoing_what_it_needs() -> None:
    with _trophy() as camp:
        camp.record({"type": "ruin_rolled", "name": "Mara", "dark": 6})
        assert camp.state.character("Mara").ruin == 2
        with pytest.raises(RuleError, match="entry 1 cannot be undone: without that change, "
                                            "entry 3 \\(ruin_rolled\\)"):
            camp.undo(1)  # Mara's roll needs Mara
        camp.undo(3)  # the mistyped roll
        assert camp.state.character("Mara").ruin == 1
        camp.record({"type": "ruin_rolled", "name": "Mara", "dark": 1})
        assert camp.state.character("Mara").ruin == 1
        with Campaign.open(camp.id) as again:
            assert again.state == camp.state


TROPHY_OPS = st.one_of(
    st.tuples(st.just("risk"), st.sampled_from(["Mara", "Ash"]),
              st.lists(st.integers(1, 6), min_size=1, max_size=2),
              st.lists(st.integers(0, 7), max_size=2)),
    st.tuples(st.just("reduce"), st.sampled_from(["Mara", "Ash"]), st.integers(1, 6),
              st.booleans()),
    st.tuples(st.just("undo"), st.integers(1, 12), st.none(), st.none()),
)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(ops=st.lists(TROPHY_OPS, max_size=10))
def test_trophy_journal_replays_to_the_identical_state(ops: list[tuple[Any, ...]]) -> None:
    from oracle.trophy.fold import replay

    with tempfile.TemporaryDirectory() as home:
        camp = Campaign.create("Replay", seed=9, home=home)
        camp.record({"type": "character_created", "character": {"name": "Mara"}})
        camp.record({"type": "character_created", "character": {"name": "Ash"}})
        for kind, a, b, c in ops:
            count = camp.last_seq
            try:
                if kind == "risk":
                    camp.record({"type": "risk_rolled", "name": a, "light": b, "dark": c})
                elif kind == "reduce":
                    camp.record({"type": "reduction_rolled", "name": a, "light": b,
                                 "remove_anyway": c})
                else:
                    camp.undo(a)
            except (RuleError, RequestError):
                assert camp.last_seq == count == _count(camp.path)  # refused: nothing written
            for character in camp.state.characters:
                assert 1 <= character.ruin <= 6  # SRD 1.2: Ruin runs 1 to 6
        # the fold of the surviving rules events, by the rules core alone
        live = [e.data for e in camp.entries if not e.undone and not e.meta]
        assert replay(live) == camp.state
        with Campaign.open(camp.path, home=home) as again:
            assert again.state == camp.state and again.entries == camp.entries
        camp.close()


WRITER = """
import sys
from oracle.journal.campaign import Campaign
camp = Campaign.open({path!r})
for i in range({count}):
    camp.record({{"type": "note", "text": "{who}-%d" % i}})
print("done", flush=True)
"""


def test_two_processes_writing_at_once_lose_no_event() -> None:
    camp = Campaign.create("Busy table")  # Trophy; notes need no rules
    count = 40
    children = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER.format(path=str(camp.path), count=count, who=who)],
            stdout=subprocess.PIPE, text=True,
        )
        for who in ("left", "right")
    ]
    for child in children:
        out, _ = child.communicate(timeout=120)
        assert child.returncode == 0 and out.strip() == "done"
    assert camp.refresh() == 2 * count
    assert [e.seq for e in camp.entries] == list(range(1, 2 * count + 1))
    for who in ("left", "right"):
        texts = [e.data["text"] for e in camp.entries if e.data["text"].startswith(who)]
        assert texts == [f"{who}-{i}" for i in range(count)]  # all there, in each one's order
    camp.close()


def test_a_hand_edited_entry_that_no_longer_folds_is_a_sentence_on_open(camp: Campaign) -> None:
    camp.record({"type": "gain", "amount": 1})
    camp.close()
    raw = sqlite3.connect(camp.path)
    raw.execute("INSERT INTO events VALUES (2, 'x', 'spend', ?)",
                (json.dumps({"type": "spend", "amount": 99}),))
    raw.execute("INSERT INTO events VALUES (3, 'x', 'x_card', '{\"type\": \"x_card\"}')")
    raw.commit()
    raw.close()
    before = _bytes(camp.path)
    with pytest.raises(StoreError, match="entry 2 \\(spend\\) no longer follows the tally rules"):
        Campaign.open(camp.id)
    assert _bytes(camp.path) == before


@pytest.mark.parametrize("system", oracle.systems.SYSTEM_NAMES)
def test_every_system_keeps_a_journal(system: str) -> None:
    with Campaign.create("Any table", system=system, seed=5) as camp:
        camp.record({"type": "scene", "title": "Opening"})
        camp.record({"type": "note", "text": "We begin."})
        with pytest.raises((RuleError, RequestError)):
            camp.record({"type": "no_such_event"})
        assert camp.last_seq == 2
        with Campaign.open(camp.id) as again:
            assert again.state == camp.state == camp.system.new_state()
            assert again.system.name == system
        assert "(note: We begin.)" in export(camp, "lonelog")
        with Campaign.import_json(camp.export_json()) as copy:
            assert copy.entries == camp.entries


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["name", "light", "dark", "die", "helpers", "participants", "result",
                         "outcome", "ruin_before", "ruin_after", "winner", "total", "x"]),
        inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(data=st.dictionaries(st.sampled_from(["name", "light", "dark", "helpers", "result",
                                             "participants", "request", "action", "amount"]),
                            JSON, max_size=5),
       result=st.none() | st.dictionaries(st.sampled_from(
           ["roll", "outcome", "ruin_before", "ruin_after", "characters", "tokens_before",
            "tokens_after", "winner", "total", "defeated", "endurance"]), JSON, max_size=5))
def test_a_journal_line_is_written_for_any_rules_event(
    data: dict[str, Any], result: dict[str, Any] | None,
) -> None:
    from oracle.journal.reading import read_event

    reading = read_event({"type": "some_event", **data}, result)
    line = reading.line()
    assert "\n" not in line and line.startswith(reading.roll)


def test_append_names_the_entry_it_wrote_even_while_another_thread_writes(
    camp: Campaign,
) -> None:
    # The app records narration from a background thread while the player's move is recorded:
    # each writer must learn the number of its own entry, never the other's (last_seq races).
    import threading

    written: dict[str, list[int]] = {"note": [], "narration": []}

    def writer(kind: str) -> None:
        for index in range(40):
            event = ({"type": "note", "text": f"n{index}"} if kind == "note"
                     else {"type": "narration", "text": f"t{index}", "narrator": "offline"})
            seq, _state = camp.append(event)
            written[kind].append(seq)

    threads = [threading.Thread(target=writer, args=(kind,)) for kind in written]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for kind, seqs in written.items():
        assert len(set(seqs)) == 40
        for index, seq in enumerate(seqs):
            entry = camp.entry(seq)
            assert entry.type == kind
            assert entry.data["text"].endswith(str(index))
