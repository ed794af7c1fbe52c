"""The app with the real Claude narrator (the SDK over HTTP to tests/fake_claude.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from oracle.app import build
from tests.app_driver import click, fill, find, read
from tests.fake_claude import Act, FakeClaude

KEY = "sk-ant-app-test-key-0000"


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeClaude]:
    with FakeClaude() as server:
        monkeypatch.delenv("ORACLE_NARRATOR", raising=False)
        monkeypatch.setenv("ANTHROPIC_BASE_URL", server.url)
        monkeypatch.setenv("ORACLE_NARRATOR_TIMEOUT", "10")
        yield server


def test_a_pasted_key_voices_rolls_with_claude_and_a_failure_says_why(
    fake: FakeClaude, _oracle_home: Path
) -> None:
    app = build()
    click(app.start, "oracle-quickstart")
    assert read(app, "oracle-narrator-status").startswith("offline: no ANTHROPIC_API_KEY")
    fill(app.safety, "oracle-api-key", KEY)
    click(app.safety, "oracle-use-key")
    assert read(app.safety, "oracle-key-error") == ""
    assert read(app, "oracle-narrator-status") == "claude-haiku-4-5"
    fake.queue(Act(text="The tower sways, but the stones hold under your boots."))
    fill(app, "oracle-physical", True)
    fill(app.view("Risk"), "oracle-intent", "Climb the tower")
    fill(app.view("Risk"), "oracle-skill", True)
    fill(app.view("Risk"), "oracle-light-faces", "6")
    click(app.view("Risk"), "oracle-risk-roll")
    app.session.narration.wait(timeout=30)
    assert "the stones hold under your boots." in read(app.journal, "oracle-journal-entries")
    narration = [
        e
        for e in app.session.campaign.entries  # type: ignore[union-attr]
        if e.type == "narration"
    ][-1]
    assert narration.data["narrator"] == "claude"
    # Claude fails: the offline narrator stands in, and the status says why.
    fake.queue(Act(status=500), Act(status=500), Act(status=500))
    fill(app.view("Risk"), "oracle-light-faces", "2")
    click(app.view("Risk"), "oracle-risk-roll")
    app.session.narration.wait(timeout=30)
    last = [
        e
        for e in app.session.campaign.entries  # type: ignore[union-attr]
        if e.type == "narration"
    ][-1]
    assert last.data["narrator"] == "offline" and last.data["fallback_reason"]
    assert "Traceback" not in read(app.journal, "oracle-journal-entries")
    assert read(app, "oracle-narrator-status").startswith(
        "offline: Claude had a server error (500); Claude is tried again from ")
    # The breaker is open: the next roll is voiced offline at once, without asking Claude.
    asked = len(fake.requests)
    fill(app.view("Risk"), "oracle-light-faces", "3")
    click(app.view("Risk"), "oracle-risk-roll")
    app.session.narration.wait(timeout=30)
    paused = [e for e in app.session.campaign.entries  # type: ignore[union-attr]
              if e.type == "narration"][-1]
    assert paused.data["narrator"] == "offline"
    assert paused.data["fallback_reason"].startswith("Claude is paused for ")
    assert len(fake.requests) == asked
    # The key went to the server in a header, and nowhere else.
    assert fake.requests and all(KEY not in str(r.body) for r in fake.requests)
    written = b"".join(p.read_bytes() for p in _oracle_home.rglob("*") if p.is_file())
    assert KEY.encode() not in written
    assert KEY not in read(app.journal, "oracle-journal-entries")


def test_claude_is_told_the_fights_monster_and_the_whole_story_memory(
    fake: FakeClaude, _oracle_home: Path
) -> None:
    import json

    app = build()
    click(app.start, "oracle-quickstart")
    fill(app.safety, "oracle-api-key", KEY)
    click(app.safety, "oracle-use-key")
    fill(app, "oracle-physical", True)
    view = app.view("Combat")
    fill(view, "oracle-monster", "the Antlered Man")
    fill(view, "oracle-endurance", 12)
    fill(view, "oracle-weak-faces", "3")
    click(view, "oracle-combat-start")
    fake.queue(Act(text="The antlers lower; the blows are not enough, and it still stands."))
    fill(view, "oracle-combat-faces", "1")
    click(view, "oracle-combat-roll")
    app.session.narration.wait(timeout=30)
    sent = json.dumps(fake.requests[-1].body["messages"], ensure_ascii=False)
    story = sent.split("<story>")[1].split("</story>")[0]
    assert "<player_text>the Antlered Man</player_text>" in story
    assert "Stated intent: (none stated)" in story  # the monster is not sent as an intent
    assert "Place: <player_text>The forest" in story  # the scene is the place
    assert "Also present: nobody. This is solo play" in story
    assert "Story memory" in story and "Foe (the foe of the fight under way" in story


def test_the_live_line_shows_each_passed_sentence_and_a_failed_one_replaces_them_all(
    fake: FakeClaude, _oracle_home: Path
) -> None:
    app = build()
    click(app.start, "oracle-quickstart")
    fill(app.safety, "oracle-api-key", KEY)
    click(app.safety, "oracle-use-key")
    live = find(app.journal, "oracle-live")
    seen: list[str] = []
    live.observe(lambda change: seen.append(str(change["new"])), names="value")
    first = "The tower leans over you, black against the clouds."
    fake.queue(Act(text=f"{first} You decide to turn back and never come here again."),
               Act(text="The stones crumble under your boots; the tower keeps its height."))
    before = len([e for e in app.session.campaign.entries  # type: ignore[union-attr]
                  if e.type == "narration"])
    fill(app, "oracle-physical", True)
    fill(app.view("Risk"), "oracle-intent", "Climb the tower")
    fill(app.view("Risk"), "oracle-light-faces", "2")
    click(app.view("Risk"), "oracle-risk-roll")
    app.session.narration.wait(timeout=30)
    shown_first = [i for i, value in enumerate(seen) if first in value]
    assert shown_first, seen  # the first sentence was shown as soon as it passed
    after = seen[shown_first[-1] + 1:]
    assert any(first not in value for value in after)  # then withdrawn
    assert not any("decide" in value for value in seen)  # the failing sentence never shown
    narrations = [e for e in app.session.campaign.entries  # type: ignore[union-attr]
                  if e.type == "narration"]
    assert len(narrations) == before + 1  # journalled once
    assert narrations[-1].data["text"] == ("The stones crumble under your boots; the tower "
                                           "keeps its height.")
    assert narrations[-1].data["narrator"] == "claude"
