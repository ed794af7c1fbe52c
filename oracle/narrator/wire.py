"""One Messages API request and its streamed reply, for Claude and for local models alike.

The request is laid out for the prompt cache: the list tools (the same twelve on every call,
one per list length, so the tool schema is sized to ``n`` without changing the prefix), then the
stable system prompt and the campaign's safety block, each a ``cache_control`` breakpoint, then
the per-call facts as the user message. A campaign's second call reads tools + system + safety
from the cache; ``tool_choice`` changes between calls, which leaves those blocks cached.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from oracle.narrator.templates import Prompt

log = logging.getLogger("oracle.narrator")

MAX_TOKENS = 1024
MAX_LIST = 12
# Sampling temperature for servers that take one (a local model): varied enough for fresh
# images, steady enough to keep to the facts. Claude's API version 2026-10-21 (the one SDK 2.x
# sends) refuses every sampling parameter with a 400, so Claude keeps its own default.
TEMPERATURE = 0.8
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def plain(text: str) -> str:
    """Model text as plain text: control characters (terminal escapes) removed."""
    return _CONTROL.sub("", text)


def list_tool(n: int) -> str:
    """The name of the tool that offers exactly ``n`` items."""
    return f"offer_{n}_items"


LIST_TOOLS: list[dict[str, Any]] = [{
    "name": list_tool(n),
    "description": (f"Offer the game master exactly {n} distinct item{'s' if n > 1 else ''}, "
                    "each one self-contained sentence a game master can read aloud."),
    "input_schema": {
        "type": "object",
        "properties": {
            "items": {
                "type": "array",
                "items": {"type": "string", "minLength": 1, "maxLength": 400},
                "minItems": n,
                "maxItems": n,
            },
        },
        "required": ["items"],
    },
} for n in range(1, MAX_LIST + 1)]


@dataclass(frozen=True)
class Usage:
    """The token counters of one reply (cache read and cache creation included)."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0

    def plus(self, other: Usage) -> Usage:
        return Usage(*(a + b for a, b in zip(self.counts(), other.counts(), strict=True)))

    def counts(self) -> tuple[int, int, int, int]:
        return (self.input_tokens, self.output_tokens, self.cache_read_input_tokens,
                self.cache_creation_input_tokens)


def _count(usage: Any, name: str) -> int | None:
    value = getattr(usage, name, None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _merged(old: Usage, usage: Any) -> Usage:
    """Counters from a ``message_start`` or (cumulative) ``message_delta`` usage object."""
    values = []
    for name, before in zip(("input_tokens", "output_tokens", "cache_read_input_tokens",
                             "cache_creation_input_tokens"), old.counts(), strict=True):
        found = _count(usage, name)
        values.append(before if found is None else found)
    return Usage(*values)


@dataclass(frozen=True)
class Reply:
    """What one streamed reply said, and how it ended."""

    text: str
    tool_json: str
    stop_reason: str | None
    finished: bool
    usage: Usage


def request_body(*, model: str, prompt: Prompt, listing: bool, n: int, max_tokens: int,
                 temperature: float | None, note: str = "", all_tools: bool = True
                 ) -> dict[str, Any]:
    """The ``messages.create`` arguments (without ``stream`` and ``timeout``).

    ``all_tools``: every list tool on every call (a stable, cached prefix; Claude); otherwise
    only a list call carries its one tool and a prose call none (simpler for a local server).
    ``temperature`` goes in ``extra_body`` (SDK 2.x has no parameter for it); None sends none.
    """
    facts = prompt.facts if not note else f"{prompt.facts}\n\n{note}"
    body: dict[str, Any] = {
        "model": model,
        "max_tokens": max_tokens,
        "system": [
            {"type": "text", "text": prompt.stable, "cache_control": {"type": "ephemeral"}},
            {"type": "text", "text": prompt.campaign, "cache_control": {"type": "ephemeral"}},
        ],
        "messages": [{"role": "user", "content": facts}],
    }
    if temperature is not None:
        body["extra_body"] = {"temperature": temperature}
    if all_tools:
        body["tools"] = LIST_TOOLS
        body["tool_choice"] = ({"type": "tool", "name": list_tool(n)} if listing
                               else {"type": "none"})
    elif listing:
        body["tools"] = [LIST_TOOLS[n - 1]]
        body["tool_choice"] = {"type": "tool", "name": list_tool(n)}
    return body


def read_stream(stream: Iterable[Any], cancel: threading.Event, cancelled: Exception,
                on_text: Callable[[str], None] | None = None) -> Reply:
    """Read a streamed reply to its end; raise ``cancelled`` as soon as ``cancel`` is set.

    ``on_text`` receives each piece of text as it arrives (what it raises ends the reading).
    """
    text: list[str] = []
    tool_json: list[str] = []
    stop_reason: str | None = None
    finished = False
    usage = Usage()
    for event in stream:
        if cancel.is_set():
            raise cancelled
        kind = getattr(event, "type", "")
        if kind == "message_start":
            usage = _merged(usage, getattr(getattr(event, "message", None), "usage", None))
        elif kind == "content_block_delta":
            delta = event.delta
            if delta.type == "text_delta" and delta.text:
                piece = plain(delta.text)
                text.append(piece)
                if on_text is not None:
                    on_text(piece)
            elif delta.type == "input_json_delta":
                tool_json.append(delta.partial_json)
        elif kind == "message_delta":
            stop_reason = getattr(event.delta, "stop_reason", None) or stop_reason
            usage = _merged(usage, getattr(event, "usage", None))
        elif kind == "message_stop":
            finished = True
    return Reply("".join(text), "".join(tool_json), stop_reason, finished, usage)


def _clean_items(items: list[Any], n: int) -> tuple[str, ...] | None:
    if len(items) < n or not all(isinstance(item, str) and item.strip() for item in items[:n]):
        return None
    return tuple(plain(" ".join(item.split())) for item in items[:n])


def tool_items(raw: str, n: int) -> tuple[str, ...] | None:
    """The tool input's first ``n`` items, or None if it is not a list of ``n`` or more strings."""
    try:
        data = json.loads(raw) if raw.strip() else None
    except json.JSONDecodeError:
        return None
    items = data.get("items") if isinstance(data, dict) else None
    return _clean_items(items, n) if isinstance(items, list) else None


_BULLET = re.compile(r"^\s*(?:\d{1,2}\s*[.):]|[-*\u2022\u2013])\s+(.*\S)\s*$")


def text_items(text: str, n: int) -> tuple[str, ...] | None:
    """A list written as text (for models that cannot use a forced tool): a JSON array of
    strings (or ``{"items": [...]}``) anywhere in the text, else numbered or bulleted lines."""
    for start, end in (("{", "}"), ("[", "]")):
        first, last = text.find(start), text.rfind(end)
        if first == -1 or last <= first:
            continue
        try:
            data = json.loads(text[first:last + 1])
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict):
            data = data.get("items")
        if isinstance(data, list):
            found = _clean_items(data, n)
            if found is not None:
                return found
    lines = [m.group(1).strip().strip('"') for m in map(_BULLET.match, text.splitlines()) if m]
    return _clean_items([line for line in lines if line], n)


def log_usage(name: str, model: str, usage: Usage) -> None:
    """One log line with the token counters (never the key, never the text)."""
    log.info("narrator: %s %s usage: input %d, output %d, cache read %d, cache creation %d",
             name, model, usage.input_tokens, usage.output_tokens,
             usage.cache_read_input_tokens, usage.cache_creation_input_tokens)
