"""A local model as narrator (Ollama, llama.cpp's server), against a fake of ours that speaks the
Messages API, ignores tools and answers slowly.

Promises: ``ORACLE_NARRATOR=local`` needs no key and never sends the Claude key; the URL, model
and a longer timeout come from the environment; lists are read from the text when the tool is
ignored (a JSON array or numbered or bulleted lines); the same referee and the same fallback as
Claude; ``narrator: "local"`` in results.
"""

from __future__ import annotations

from collections.abc import Iterator

import anthropic
import pytest

from oracle.narrator import BEATS, NarrationContext, get_narrator, narrate_resolved
from oracle.narrator.local import DEFAULT_LOCAL_TIMEOUT, DEFAULT_LOCAL_URL, LocalNarrator
from oracle.narrator.wire import text_items
from tests.fake_claude import Act, FakeClaude

CLAUDE_KEY = "sk-ant-never-sent-to-a-local-server"
assert anthropic.__version__


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeClaude]:
    monkeypatch.setenv("ANTHROPIC_API_KEY", CLAUDE_KEY)  # present, and must not be used
    monkeypatch.setenv("ANTHROPIC_AUTH_TOKEN", CLAUDE_KEY)
    with FakeClaude(ignore_tools=True, first_token_delay=0.5, tokens_per_second=40) as server:
        yield server


def local(fake: FakeClaude, **env: str) -> LocalNarrator:
    narrator = get_narrator(env={"ORACLE_NARRATOR": "local", "ORACLE_LOCAL_URL": fake.url,
                                 "ORACLE_MODEL": "llama3.2", "ANTHROPIC_API_KEY": CLAUDE_KEY,
                                 **env})
    assert isinstance(narrator, LocalNarrator)
    return narrator


def context(beat: str = "ruin", **kw: object) -> NarrationContext:
    return NarrationContext.build(result=BEATS[beat].example, characters=[{"name": "Ash"}],
                                  **kw)  # type: ignore[arg-type]


def test_local_is_chosen_by_the_environment_with_its_defaults() -> None:
    narrator = get_narrator(env={"ORACLE_NARRATOR": "local"})
    assert isinstance(narrator, LocalNarrator)
    assert narrator.timeout == DEFAULT_LOCAL_TIMEOUT > 20  # longer than Claude's
    assert narrator._base_url == DEFAULT_LOCAL_URL == "http://127.0.0.1:11434"
    assert narrator.status == "local: llama3.2"
    tuned = get_narrator(env={"ORACLE_NARRATOR": "local", "ORACLE_NARRATOR_TIMEOUT": "300",
                              "ORACLE_MODEL": "qwen3", "ORACLE_LOCAL_URL": "http://box:8080"})
    assert isinstance(tuned, LocalNarrator)
    assert (tuned.timeout, tuned.model, tuned._base_url) == (300, "qwen3", "http://box:8080")


def test_a_slow_local_model_narrates_with_no_key_and_says_local(fake: FakeClaude) -> None:
    shown: list[str] = []
    result = local(fake).narrate("ruin", context(), shown.append)
    assert (result.narrator, result.fallback_reason) == ("local", None)
    assert "".join(shown) == fake.default_text == result.text  # shown sentence by sentence
    assert len(shown) >= 2
    request = fake.requests[0]
    assert request.body["model"] == "llama3.2"
    assert request.body["temperature"] == 0.8  # a local server takes a temperature
    assert "tools" not in request.body and "tool_choice" not in request.body  # prose: no tools
    headers = " ".join(request.headers.values())
    assert CLAUDE_KEY not in headers  # the Claude key never goes to the local server


def test_a_list_comes_back_from_the_text_when_the_model_ignores_the_tool(
    fake: FakeClaude
) -> None:
    result = local(fake).narrate("wrong", context("wrong", n=3))
    assert result.narrator == "local"
    assert result.items == ("Fake item 1: the forest answers.",
                            "Fake item 2: the forest answers.",
                            "Fake item 3: the forest answers.")
    body = fake.requests[0].body
    assert "JSON array" in body["messages"][-1]["content"]
    assert [tool["name"] for tool in body["tools"]] == ["offer_3_items"]
    assert body["tool_choice"] == {"type": "tool", "name": "offer_3_items"}


def test_a_json_array_answer_is_read_as_the_list(fake: FakeClaude) -> None:
    fake.queue(Act(text='Sure! ["The bell is cracked.", "The ledge is wet."] Good luck.'))
    result = local(fake).narrate("bargain", context("bargain", n=2))
    assert result.items == ("The bell is cracked.", "The ledge is wet.")


@pytest.mark.parametrize("text,n,items", [
    ('["a", "b", "c"]', 2, ("a", "b")),
    ('{"items": ["a", "b"]}', 2, ("a", "b")),
    ("1. a\n2) b\n3: c", 3, ("a", "b", "c")),
    ("- a\n* b\n\u2022 c", 3, ("a", "b", "c")),
    ("Here:\n1. a\n", 2, None),
    ('["a", 2]', 2, None),
    ("no list here", 1, None),
])
def test_lists_are_read_from_json_or_numbered_or_bulleted_lines(
    text: str, n: int, items: tuple[str, ...] | None
) -> None:
    assert text_items(text, n) == items


def test_the_local_model_gets_the_same_referee_and_fallback(fake: FakeClaude) -> None:
    wrong = "Ruin climbs to 6 and Ash dies at the well."
    fake.queue(Act(text=wrong), Act(text=wrong))
    result = local(fake).narrate("ruin", context())
    assert result.narrator == "offline"
    assert result.fallback_reason is not None
    assert result.fallback_reason.startswith("the referee rejected the local model's text twice")


def test_a_local_server_that_is_down_falls_back_and_pauses(fake: FakeClaude) -> None:
    fake.queue(Act(status=500), Act(status=500))
    narrator = local(fake, ORACLE_NARRATOR_COOLDOWN="60")
    first = narrator.narrate("ruin", context())
    assert first.fallback_reason == "the local model had a server error (500)"
    second = narrator.narrate("ruin", context())
    assert second.fallback_reason is not None
    assert second.fallback_reason.startswith("the local model is paused for")
    assert narrator.status.startswith("offline: the local model had a server error (500)")


def test_resolve_narrate_says_local(fake: FakeClaude) -> None:
    narration = narrate_resolved({"roll": "ruin", "ruin": 3, "dark": 4},
                                 {"roll": "ruin", "ruin_before": 3, "ruin_after": 4,
                                  "ruin_marked": True, "lost": False},
                                 narrator=local(fake))
    assert narration["narrator"] == "local" and narration["fallback_reason"] is None
