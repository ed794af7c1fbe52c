"""The circuit breaker: after a failure the next calls go offline at once for a cooldown, then
the model is tried again; the status the app shows says which, and why.

Over real HTTP with the fake hanging: three quick narrations send one request, not three (only
the first waits for the timeout). The clock is a fake one, so nothing here waits on time.
"""

from __future__ import annotations

from collections.abc import Iterator

import anthropic  # imported here so the first call's timeout is not spent on the import
import pytest

from oracle.app.narration import narrator_status
from oracle.narrator import BEATS, NarrationContext, get_narrator
from oracle.narrator.breaker import DEFAULT_COOLDOWN, Breaker, cooldown_from
from oracle.narrator.claude import ClaudeNarrator
from tests.fake_claude import Act, FakeClaude

assert anthropic.__version__


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_failure_opens_the_breaker_until_the_cooldown_is_over() -> None:
    clock = Clock()
    breaker = Breaker(60, clock=clock)
    assert breaker.admit().allowed and breaker.status("m") == "m"
    breaker.failed("Claude timed out")
    refused = breaker.admit()
    assert not refused.allowed
    assert refused.reason == "Claude is paused for 60 s more after a failure (Claude timed out)"
    assert breaker.status("m").startswith("offline: Claude timed out; Claude is tried again from ")
    clock.now += 59
    assert not breaker.admit().allowed
    clock.now += 1
    assert breaker.admit().allowed  # half-open: one trial call
    refused = breaker.admit()  # a second call meanwhile waits for the trial's verdict offline
    assert not refused.allowed and refused.reason is not None
    assert "while another call tries it" in refused.reason
    breaker.succeeded()
    assert breaker.admit().allowed and breaker.status("m") == "m"


def test_a_failed_trial_opens_the_breaker_for_another_cooldown() -> None:
    clock = Clock()
    breaker = Breaker(30, clock=clock)
    breaker.failed("Claude is overloaded (529)")
    clock.now += 30
    assert breaker.admit().allowed
    breaker.failed("Claude is overloaded (529)")
    assert not breaker.admit().allowed
    clock.now += 30
    assert breaker.admit().allowed


def test_a_cooldown_of_zero_retries_on_the_next_call() -> None:
    breaker = Breaker(0)
    breaker.failed("Claude timed out")
    assert breaker.admit().allowed
    assert breaker.status("m") == "offline: Claude timed out, retrying next call"


@pytest.mark.parametrize("raw,seconds", [("", DEFAULT_COOLDOWN), ("15", 15.0), ("0", 0.0),
                                         ("-1", DEFAULT_COOLDOWN), ("soon", DEFAULT_COOLDOWN),
                                         ("99999", DEFAULT_COOLDOWN)])
def test_the_cooldown_is_a_setting_with_a_sane_default(raw: str, seconds: float) -> None:
    assert cooldown_from({"ORACLE_NARRATOR_COOLDOWN": raw}) == seconds


@pytest.fixture
def fake() -> Iterator[FakeClaude]:
    with FakeClaude() as server:
        yield server


def context() -> NarrationContext:
    return NarrationContext.build(result=BEATS["ruin"].example, characters=[{"name": "Ash"}])


def test_with_claude_hanging_three_quick_narrations_send_one_request(fake: FakeClaude) -> None:
    fake.queue(Act(delay=4.0))  # hangs past the timeout
    narrator = get_narrator(env={"ANTHROPIC_BASE_URL": fake.url, "ORACLE_NARRATOR_TIMEOUT": "2",
                                 "ORACLE_NARRATOR_COOLDOWN": "60"}, api_key="sk-ant-breaker")
    assert isinstance(narrator, ClaudeNarrator)
    clock = Clock()
    narrator.breaker = Breaker(60, clock=clock)
    first, second, third = (narrator.narrate("ruin", context()) for _ in range(3))
    assert first.fallback_reason == "Claude timed out"
    for later in (second, third):  # answered offline at once, without asking Claude
        assert later.narrator == "offline" and later.text.strip()
        assert later.fallback_reason == (
            "Claude is paused for 60 s more after a failure (Claude timed out)")
    assert len(fake.requests) == 1
    status = narrator_status(narrator)  # what the app's header shows
    assert status.startswith("offline: Claude timed out; Claude is tried again from ")
    clock.now += 60  # the cooldown is over: Claude is tried again, and answers
    fake.queue(Act(text="The well is dry, and something at the bottom is breathing."))
    again = narrator.narrate("ruin", context())
    assert again.narrator == "claude" and len(fake.requests) == 2
    assert narrator_status(narrator) == "claude-haiku-4-5"
