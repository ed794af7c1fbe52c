"""A local model as the narrator: Ollama (0.14 and later) or llama.cpp's server, which both speak
the Anthropic Messages API.

``ORACLE_NARRATOR=local`` selects it; ``ORACLE_LOCAL_URL`` is the server (default Ollama's
``http://127.0.0.1:11434``) and ``ORACLE_MODEL`` the model it serves (default ``llama3.2``). No
key is needed: the SDK is given a placeholder, never the Claude key, and reads no credential
from the environment. A local model is slower, so the default timeout is 120 s. Many local
models ignore a forced tool: a list is then read from the text (a JSON array, or numbered or
bulleted lines). Everything else is Claude's path: the referee, the breaker, the offline fallback.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.narrator.breaker import cooldown_from, seconds_from
from oracle.narrator.claude import ModelNarrator
from oracle.narrator.offline import OfflineNarrator
from oracle.narrator.wire import TEMPERATURE

DEFAULT_LOCAL_URL = "http://127.0.0.1:11434"
DEFAULT_LOCAL_MODEL = "llama3.2"
DEFAULT_LOCAL_TIMEOUT = 120.0
PLACEHOLDER_KEY = "local"  # Ollama and llama.cpp ignore it; the SDK insists on one


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
