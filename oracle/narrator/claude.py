"""Claude as the narrator, through the anthropic SDK (imported lazily: the import costs ~1 s).

One call is bounded by ``timeout`` seconds in all (client start, retries, streaming): the SDK runs
in a worker thread and the caller waits on a queue with a deadline. Any failure (no network, 401,
429, 5xx, 529, a timeout, a stream cut mid-way, a refusal, a malformed list) ends in the offline
narrator's answer with ``fallback_reason`` saying why, never in an exception or a traceback.

The stable prefix (tone, rules summary) and the campaign's safety block are system blocks marked
with ``cache_control``; the per-call facts come last, as the user message. Lists come back through
a forced tool call and are validated (one retry, then offline). The API key lives in a
:class:`Secret` that never shows itself in a repr, a log or an error.
"""

from __future__ import annotations

import json
import logging
import queue
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from oracle.narrator.base import NarrationContext, NarrationResult, Narrator, OnText
from oracle.narrator.beats import BeatSpec, find_beat
from oracle.narrator.offline import OfflineNarrator
from oracle.narrator.templates import Prompt, render_prompt

log = logging.getLogger("oracle.narrator")

MAX_TOKENS = 1024
MAX_ATTEMPTS = 2  # one retry for 429, 5xx, 529 and connection failures, if time remains
LIST_TOOL = "offer_list"
MALFORMED = "Claude's list was malformed"
_TOOLS: list[dict[str, Any]] = [{
    "name": LIST_TOOL,
    "description": "Offer the game master a list of distinct items, one sentence each.",
    "input_schema": {
        "type": "object",
        "properties": {
            "items": {
                "type": "array",
                "items": {"type": "string", "minLength": 1, "maxLength": 400},
                "minItems": 1,
                "maxItems": 12,
            },
        },
        "required": ["items"],
    },
}]


class Secret:
    """An API key that never prints itself."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('***')"

    __str__ = __repr__

    def __reduce__(self) -> Any:
        raise TypeError("an API key is never pickled or stored.")


class _Failure(Exception):
    """A failed attempt: ``reason`` is our own sentence (never the SDK's text)."""

    def __init__(self, reason: str, retry: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry = retry


@dataclass(frozen=True)
class _Done:
    text: str
    items: tuple[str, ...]


def _classify(exc: BaseException) -> _Failure:
    """Turn an SDK or transport error into our reason; the exception's own text is not used."""
    import anthropic

    status = getattr(exc, "status_code", None)
    body = getattr(exc, "body", None)
    error = body.get("error") if isinstance(body, dict) else None
    error_type = error.get("type") if isinstance(error, dict) else None
    if status == 200:  # an ``error`` event in the middle of a stream
        status = {"overloaded_error": 529, "rate_limit_error": 429}.get(str(error_type), 500)
    if isinstance(exc, anthropic.APITimeoutError):
        return _Failure("Claude timed out", retry=True)
    if isinstance(exc, anthropic.APIConnectionError):
        return _Failure("Claude could not be reached", retry=True)
    if isinstance(exc, anthropic.AuthenticationError) or status == 401:
        return _Failure("Claude did not accept the API key (401)")
    if isinstance(exc, anthropic.PermissionDeniedError) or status == 403:
        return _Failure("Claude denied this API key access (403)")
    if isinstance(exc, anthropic.RateLimitError) or status == 429:
        return _Failure("Claude is rate-limiting requests (429)", retry=True)
    if status == 529 or type(exc).__name__ == "OverloadedError":
        return _Failure("Claude is overloaded (529)", retry=True)
    if isinstance(status, int) and status >= 500:
        return _Failure(f"Claude had a server error ({status})", retry=True)
    if isinstance(status, int):
        return _Failure(f"Claude refused the request ({status})")
    if isinstance(exc, TypeError) and "authentication" in str(exc):
        return _Failure("Claude has no API key (set ANTHROPIC_API_KEY)")
    if isinstance(exc, anthropic.AnthropicError):
        return _Failure(f"Claude failed ({type(exc).__name__})")
    if type(exc).__module__.split(".")[0] in ("httpx", "httpx2", "httpcore", "h11"):
        return _Failure(f"Claude's stream broke off ({type(exc).__name__})", retry=True)
    return _Failure(f"Claude failed unexpectedly ({type(exc).__name__})")


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def plain(text: str) -> str:
    """Model text as plain text: control characters (terminal escapes) removed."""
    return _CONTROL.sub("", text)


def _valid_items(raw: str, n: int) -> tuple[str, ...] | None:
    """The tool input's first ``n`` items, or None if it is not a list of ``n`` or more strings."""
    try:
        data = json.loads(raw) if raw.strip() else None
    except json.JSONDecodeError:
        return None
    items = data.get("items") if isinstance(data, dict) else None
    if not isinstance(items, list) or len(items) < n:
        return None
    if not all(isinstance(item, str) and item.strip() for item in items):
        return None
    return tuple(plain(" ".join(item.split())) for item in items[:n])


class ClaudeNarrator(Narrator):
    """Claude through the anthropic SDK, with the offline narrator standing in on any failure."""

    name = "claude"

    def __init__(self, *, api_key: str | None = None, model: str = "claude-haiku-4-5",
                 timeout: float = 20.0, base_url: str | None = None,
                 client: Any = None, fallback: OfflineNarrator | None = None) -> None:
        self._secret = Secret(api_key) if api_key else None
        self.model = model
        self.timeout = timeout
        self._base_url = base_url
        self._client = client
        self._client_lock = threading.Lock()
        self._fallback = fallback if fallback is not None else OfflineNarrator()
        self._last_failure: str | None = None

    def __repr__(self) -> str:
        return f"ClaudeNarrator(model={self.model!r}, timeout={self.timeout!r})"

    @property
    def status(self) -> str:
        if self._last_failure is not None:
            return f"offline: {self._last_failure}, retrying next call"
        return self.model

    def prewarm(self) -> None:
        """Import the SDK and build the client in the background, so the first beat is quick."""
        threading.Thread(target=self._prewarm, name="oracle-claude-prewarm", daemon=True).start()

    def _prewarm(self) -> None:
        try:
            self._get_client()
        except Exception:  # noqa: BLE001 - the first real call reports it as a fallback reason
            log.debug("narrator: prewarming the Claude client failed")

    def _get_client(self) -> Any:
        with self._client_lock:
            if self._client is None:
                import anthropic

                self._client = anthropic.Anthropic(
                    api_key=self._secret.reveal() if self._secret else None,
                    base_url=self._base_url,
                    max_retries=0,
                )
            return self._client

    def narrate(
        self, beat: str, context: NarrationContext, on_text: OnText | None = None
    ) -> NarrationResult:
        spec = find_beat(beat)
        prompt = render_prompt(beat, context)  # a missing variable raises before any call
        deadline = time.monotonic() + self.timeout
        events: queue.Queue[tuple[str, Any]] = queue.Queue()
        cancel = threading.Event()
        worker = threading.Thread(
            target=self._work, args=(spec, context, prompt, deadline, events.put, cancel),
            name="oracle-claude", daemon=True,
        )
        worker.start()
        streamed = False
        while True:
            remaining = deadline - time.monotonic()
            try:
                kind, payload = events.get(timeout=max(remaining, 0.0))
            except queue.Empty:
                cancel.set()
                return self._fall_back(beat, context, "Claude timed out", on_text, streamed)
            if kind == "text":
                streamed = True
                if on_text is not None:
                    on_text(payload)
            elif kind == "done":
                self._last_failure = None
                return NarrationResult(text=payload.text, narrator="claude", beat=beat,
                                       items=payload.items, deck=context.deck, model=self.model)
            else:
                return self._fall_back(beat, context, str(payload), on_text, streamed)

    def _fall_back(self, beat: str, context: NarrationContext, reason: str,
                   on_text: OnText | None, streamed: bool) -> NarrationResult:
        self._last_failure = reason
        log.warning("narrator: falling back to offline: %s", reason)
        result = self._fallback.compose(beat, context, fallback_reason=reason)
        if on_text is not None and not streamed:
            on_text(result.text)
        return result

    def _work(self, spec: BeatSpec, context: NarrationContext, prompt: Prompt, deadline: float,
              put: Callable[[tuple[str, Any]], None], cancel: threading.Event) -> None:
        malformed_left = 1
        attempts = 0
        streamed: list[bool] = []

        def forward(item: tuple[str, Any]) -> None:
            streamed.append(True)
            put(item)

        while True:
            attempts += 1
            try:
                put(("done", self._attempt(spec, context, prompt, deadline, forward, cancel)))
                return
            except _Failure as failed:
                reason = failed.reason
                if failed.reason == MALFORMED and malformed_left > 0:
                    malformed_left -= 1
                    continue
                retry = failed.retry and attempts < MAX_ATTEMPTS
            except Exception as exc:  # noqa: BLE001 - any SDK/transport error, mid-stream too
                try:
                    classified = _classify(exc)
                except Exception:  # noqa: BLE001 # pragma: no cover - the SDK fails to import
                    classified = _Failure("the anthropic SDK is not usable")
                reason = classified.reason
                retry = classified.retry and attempts < MAX_ATTEMPTS
            pause = min(0.5 * attempts, (deadline - time.monotonic()) / 4)
            if streamed:  # the caller already shows part of an answer: never start another
                retry = False
            if not retry or cancel.is_set() or pause <= 0:
                put(("fail", reason))
                return
            time.sleep(pause)

    def _attempt(self, spec: BeatSpec, context: NarrationContext, prompt: Prompt,
                 deadline: float, put: Callable[[tuple[str, Any]], None],
                 cancel: threading.Event) -> _Done:
        client = self._get_client()
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise _Failure("Claude timed out")
        listing = spec.listing
        max_tokens = min(MAX_TOKENS, 120 * context.n + 120 if listing else spec.max_tokens)
        stream = client.messages.create(
            model=self.model,
            max_tokens=max_tokens,
            system=[
                {"type": "text", "text": prompt.stable, "cache_control": {"type": "ephemeral"}},
                {"type": "text", "text": prompt.campaign,
                 "cache_control": {"type": "ephemeral"}},
            ],
            messages=[{"role": "user", "content": prompt.facts}],
            tools=_TOOLS,
            tool_choice={"type": "tool", "name": LIST_TOOL} if listing else {"type": "none"},
            stream=True,
            timeout=remaining,
        )
        text: list[str] = []
        tool_json: list[str] = []
        stop_reason: str | None = None
        finished = False
        try:
            for event in stream:
                if cancel.is_set():
                    raise _Failure("Claude timed out")
                kind = getattr(event, "type", "")
                if kind == "content_block_delta":
                    delta = event.delta
                    if delta.type == "text_delta" and delta.text:
                        piece = plain(delta.text)
                        text.append(piece)
                        if not listing and piece:
                            put(("text", piece))
                    elif delta.type == "input_json_delta":
                        tool_json.append(delta.partial_json)
                elif kind == "message_delta":
                    stop_reason = getattr(event.delta, "stop_reason", None) or stop_reason
                elif kind == "message_stop":
                    finished = True
        finally:
            stream.close()
        if not finished:
            raise _Failure("Claude's answer was cut off mid-stream")
        if stop_reason == "refusal":
            raise _Failure("Claude declined to narrate this (refusal)")
        if listing:
            items = _valid_items("".join(tool_json), context.n)
            if items is None:
                raise _Failure(MALFORMED)
            return _Done(text="\n".join(f"- {item}" for item in items), items=items)
        body = "".join(text).strip()
        if not body:
            raise _Failure("Claude returned no text")
        return _Done(text=body, items=())
