"""The local model's prompt fits a 4,096-token context (issue 16 item 8).

Promises: for every beat of every system, on a long evening's campaign (four sheets, sixteen
story lines, the journal, twelve threads and kept characters, nine lines and veils), the local
prompt stays within PROMPT_BUDGET tokens (characters / 4; a Llama 3 tokenizer counts within 2%
of it on these prompts), leaving room for the reply; it carries the same facts and story as
Claude's prompt (only the guide is compact); every hard rule is in it; each system's world is
its own (no haunted forest for Die Trying or Triptycho); the request a local server receives is
that prompt.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bench.local_prompt import campaign  # the bench's realistic campaigns
from oracle.narrator import BEATS, NarrationContext, get_narrator
from oracle.narrator.local import CONTEXT, PROMPT_BUDGET, LocalNarrator, local_prompt, tokens
from oracle.narrator.templates import render_prompt
from oracle.narrator.wire import MAX_TOKENS
from oracle.systems import SYSTEMS
from tests.fake_claude import FakeClaude

CASES = [(system, beat.name) for system in SYSTEMS for beat in SYSTEMS[system].beats()]


def context(system: str, beat: str, heavy: bool) -> NarrationContext:
    result: dict[str, Any] = dict(BEATS[beat].example) if beat in BEATS else {}
    return NarrationContext.build(result=result, system=system, **campaign(system, heavy))


@pytest.mark.parametrize("system,beat", CASES)
def test_every_beat_of_a_long_campaign_fits_a_4k_context_with_room_to_answer(
    system: str, beat: str
) -> None:
    prompt = local_prompt(beat, context(system, beat, heavy=True))
    assert tokens(prompt.text) <= PROMPT_BUDGET
    assert PROMPT_BUDGET + BEATS[beat].max_tokens <= CONTEXT - 400  # room for tools, template
    assert tokens(render_prompt(beat, context(system, beat, heavy=True)).text) > CONTEXT


@pytest.mark.parametrize("system,beat", CASES)
def test_a_light_campaign_keeps_exactly_claudes_facts_and_story(system: str, beat: str) -> None:
    light = context(system, beat, heavy=False)
    ours, claudes = local_prompt(beat, light), render_prompt(beat, light)
    assert (ours.campaign, ours.facts) == (claudes.campaign, claudes.facts)
    assert tokens(ours.stable) < tokens(claudes.stable) // 8


def test_a_long_campaign_gives_up_the_old_journal_first_and_keeps_the_settled_facts() -> None:
    heavy = context("trophy", "outcome", heavy=True)
    ours, claudes = local_prompt("outcome", heavy), render_prompt("outcome", heavy)
    facts = claudes.facts.split("<story>")[0]
    assert ours.facts.startswith(facts)  # the result and its meaning, whole
    for kept in ("the Moss-Wife", "your lantern shatters", "Also present", "Hunter 2",
                 "pry the reliquary open"):
        assert kept in ours.facts
    assert "Risk Roll 11" in ours.facts and "Risk Roll 0:" not in ours.facts  # newest kept


def test_the_compact_rules_keep_every_hard_rule_and_each_systems_world() -> None:
    stable = {s: local_prompt("roll", context(s, "roll", heavy=False)).stable for s in SYSTEMS}
    for text in stable.values():
        for rule in ("facts are final", "What the result means", "chooses, says, thinks",
                     "Also present", "Devil's Bargain", "<player_text>", "line never appears",
                     "veil happens only off-screen", "Plain text only", "never tell dice faces",
                     "same creature"):
            assert rule in text, rule
    assert "haunted forest" in stable["trophy"]
    assert "leave any forest out" in stable["die_trying"]
    assert "leave any haunted forest out" in stable["triptycho"]
    assert MAX_TOKENS >= max(spec.max_tokens for spec in BEATS.values())


@pytest.fixture
def fake() -> Iterator[FakeClaude]:
    with FakeClaude(ignore_tools=True) as server:
        yield server


def test_a_local_server_receives_the_compact_prompt(fake: FakeClaude) -> None:
    narrator = get_narrator(env={"ORACLE_NARRATOR": "local", "ORACLE_LOCAL_URL": fake.url})
    assert isinstance(narrator, LocalNarrator)
    heavy = context("trophy", "outcome", heavy=True)
    narrator.narrate("outcome", heavy)
    body = fake.requests[0].body
    sent = "".join(block["text"] for block in body["system"]) + body["messages"][0]["content"]
    assert tokens(sent) <= PROMPT_BUDGET
    assert body["system"][0]["text"] == local_prompt("outcome", heavy).stable
