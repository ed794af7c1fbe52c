"""A local model as the narrator: Ollama (0.14 and later) or llama.cpp's server, which both speak
the Anthropic Messages API.

``ORACLE_NARRATOR=local`` selects it; ``ORACLE_LOCAL_URL`` is the server (default Ollama's
``http://127.0.0.1:11434``) and ``ORACLE_MODEL`` the model it serves (default ``llama3.2``). No
key is needed: the SDK is given a placeholder, never the Claude key, and reads no credential
from the environment. A local model is slower, so the default timeout is 120 s. Many local
models ignore a forced tool: a list is then read from the text (a JSON array, or numbered or
bulleted lines). Everything else is Claude's path: the referee, the breaker, the offline fallback.

The prompt is compact (:func:`local_prompt`): many local servers give a model a 4,096-token
context by default (Ollama below 24 GiB of VRAM), so the full guide Claude reads (about 6,500
tokens, cached there) is replaced by ``prompts/local.j2`` (the same rules, in about 650 tokens,
with the system's world from ``<system>_local.j2``), and the facts are the same as Claude's. A
prompt is kept within :data:`PROMPT_BUDGET` tokens (counted as characters / 4): past it, the
journal, then the story's oldest lines, are shortened. The README says how to give a model more
room (``OLLAMA_CONTEXT_LENGTH``, llama-server's ``-c``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from oracle.narrator.base import NarrationContext
from oracle.narrator.breaker import cooldown_from, seconds_from
from oracle.narrator.claude import ModelNarrator
from oracle.narrator.offline import OfflineNarrator
from oracle.narrator.templates import Prompt, environment, render_prompt
from oracle.narrator.wire import TEMPERATURE

DEFAULT_LOCAL_URL = "http://127.0.0.1:11434"
DEFAULT_LOCAL_MODEL = "llama3.2"
DEFAULT_LOCAL_TIMEOUT = 120.0
PLACEHOLDER_KEY = "local"  # Ollama and llama.cpp ignore it; the SDK insists on one
CONTEXT = 4096  # the context a local server gives by default (Ollama below 24 GiB of VRAM)
PROMPT_BUDGET = 3000  # prompt tokens, leaving room for the reply (a beat asks 400 at most) and
# for a tokenizer that counts more than one token in four characters


def tokens(text: str) -> int:
    """Tokens of ``text``, estimated as characters / 4 (about right for English and Llama's
    and Qwen's tokenizers; :data:`PROMPT_BUDGET` leaves a margin for the rest)."""
    return (len(text) + 3) // 4


def local_prompt(beat: str, context: NarrationContext) -> Prompt:
    """``beat``'s prompt for a local model: the compact rules, the same facts and story; when it
    would pass :data:`PROMPT_BUDGET`, the journal and then the oldest story lines go first."""
    from oracle.systems import DEFAULT, SYSTEMS

    system = SYSTEMS[context.system if context.system in SYSTEMS else DEFAULT]
    stable = environment().get_template("local.j2").render(
        system=system.name, title=system.title)
    prompt = dataclasses.replace(render_prompt(beat, context), stable=stable)
    while tokens(prompt.text) > PROMPT_BUDGET:
        shorter = _shorter(context)
        if shorter is None:
            break
        context = shorter
        prompt = dataclasses.replace(render_prompt(beat, context), stable=stable)
    return prompt


def _shorter(context: NarrationContext) -> NarrationContext | None:
    """``context`` with the least needed part halved: the journal (oldest half), the story
    memory's oldest line, then the oldest threads and kept characters (None: nothing left)."""
    if context.journal:
        lines = context.journal.splitlines()
        return dataclasses.replace(context, journal="\n".join(lines[len(lines) // 2 + 1:]))
    if len(context.story) > 2:
        return dataclasses.replace(context, story=context.story[1:])
    if context.cast or context.threads:
        return dataclasses.replace(context, cast=context.cast[len(context.cast) // 2 + 1:],
                                   threads=context.threads[len(context.threads) // 2 + 1:])
    return None


class LocalNarrator(ModelNarrator):
    """A local model through the Messages API; results say ``narrator: "local"``."""

    name = "local"
    label = "the local model"
    list_hint = ("If you cannot call the tool, write the {n} items as a JSON array of strings "
                 "and nothing else.")
    all_tools = False  # no prompt cache to keep; a prose call carries no tools at all

    def __init__(self, *, url: str = DEFAULT_LOCAL_URL, model: str = DEFAULT_LOCAL_MODEL,
                 timeout: float = DEFAULT_LOCAL_TIMEOUT, **kw: Any) -> None:
        kw.setdefault("temperature", TEMPERATURE)
        super().__init__(api_key=None, model=model, timeout=timeout, base_url=url, **kw)

    @property
    def answering(self) -> str:
        return f"local: {self.model}"

    def prompt(self, beat: str, context: NarrationContext) -> Prompt:
        return local_prompt(beat, context)

    def _make_client(self) -> Any:
        import anthropic

        return anthropic.Anthropic(api_key=PLACEHOLDER_KEY, base_url=self._base_url,
                                   max_retries=0)


def local_from_env(env: Mapping[str, str], fallback: OfflineNarrator | None = None
                   ) -> LocalNarrator:
    """The local narrator ``ORACLE_LOCAL_URL``, ``ORACLE_MODEL``, ``ORACLE_NARRATOR_TIMEOUT`` and
    ``ORACLE_NARRATOR_COOLDOWN`` describe."""
    return LocalNarrator(
        url=env.get("ORACLE_LOCAL_URL", "").strip() or DEFAULT_LOCAL_URL,
        model=env.get("ORACLE_MODEL", "").strip() or DEFAULT_LOCAL_MODEL,
        timeout=seconds_from(env, "ORACLE_NARRATOR_TIMEOUT", DEFAULT_LOCAL_TIMEOUT, 0.1, 600),
        fallback=fallback,
        cooldown=cooldown_from(env),
    )
