"""A fake Anthropic Messages API on 127.0.0.1, so tests drive the REAL SDK over real HTTP.

``POST /v1/messages`` answers streaming requests with server-sent events in the API's own event
format (``message_start``, ``content_block_start``/``_delta``/``_stop``, ``message_delta``,
``message_stop``, ``ping``), and non-streaming ones with a Message JSON. Text comes one word per
delta; tool calls come as ``input_json_delta`` pieces. Each request is recorded.

Behaviour is scripted per request with :meth:`FakeClaude.queue` (a queue of :class:`Act`);
when the queue is empty, ``FakeClaude.default`` answers. Failures: an HTTP status (401, 429, 500,
529, ...), a slow answer, a stream cut mid-way, an ``error`` event, a refusal, malformed tool
input. ``first_token_delay`` and ``tokens_per_second`` pace the stream like a real model.

The prompt cache is emulated as the API documents it: each ``cache_control`` breakpoint caches
the prefix up to it (tools, then system, then messages) when that prefix reaches the model's
minimum (4,096 tokens for Haiku 4.5, 1,024 otherwise; a token is counted as 4 characters here);
a later request with the same prefix reads it (``cache_read_input_tokens``), a new one writes it
(``cache_creation_input_tokens``). ``ignore_tools`` makes the fake behave like a local model that
cannot use a forced tool: lists come back as numbered lines of text.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error",
               403: "permission_error", 429: "rate_limit_error", 500: "api_error",
               503: "api_error", 529: "overloaded_error"}


@dataclass
class Act:
    """One scripted answer.

    ``text`` (a prose reply) or ``items`` (a tool call) or ``tool_raw`` (raw tool JSON, e.g.
    malformed); ``status`` != 200 answers with that HTTP error; ``delay`` waits before answering;
    ``cut_after`` stops the stream after that many deltas and closes the connection;
    ``error_event`` sends an ``error`` event after the first delta; ``stop_reason`` overrides
    the final stop reason (``"refusal"``).
    """

    text: str | None = None
    items: list[str] | None = None
    tool_raw: str | None = None
    status: int = 200
    delay: float = 0.0
    cut_after: int | None = None
    error_event: bool = False
    stop_reason: str | None = None


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


@dataclass
class FakeClaude:
    """The server; use as a context manager. ``url`` is its base URL for ``ANTHROPIC_BASE_URL``."""

    default_text: str = ("Rain drips from the antlers above the door. The lock gives, "
                         "and something inside the reliquary shifts, awake now.")
    first_token_delay: float = 0.0
    tokens_per_second: float = 0.0
    requests: list[Recorded] = field(default_factory=list)
    usages: list[dict[str, int]] = field(default_factory=list)
    ignore_tools: bool = False
    cache: set[str] = field(default_factory=set)
    _acts: deque[Act] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _server: ThreadingHTTPServer | None = None

    def queue(self, *acts: Act) -> None:
        """Script the next answers, in order."""
        with self._lock:
            self._acts.extend(acts)

    def next_act(self, body: dict[str, Any]) -> Act:
        with self._lock:
            if self._acts:
                return self._acts.popleft()
        choice = body.get("tool_choice") or {}
        if choice.get("type") == "tool":
            found = re.search(r"\d+", str(choice.get("name", "")))
            n = int(found.group()) if found else 12
            items = [f"Fake item {i + 1}: the forest answers." for i in range(n)]
            if self.ignore_tools:
                return Act(text="Here they are:\n" + "\n".join(
                    f"{i + 1}. {item}" for i, item in enumerate(items)))
            return Act(items=items)
        return Act(text=self.default_text)

    def usage_for(self, body: dict[str, Any]) -> dict[str, int]:
        """Token counters for ``body``, with the prompt cache emulated (see the module doc)."""
        parts: list[tuple[str, bool]] = []
        for tool in body.get("tools") or []:
            bare = {k: v for k, v in tool.items() if k != "cache_control"}
            parts.append((json.dumps(bare, sort_keys=True), "cache_control" in tool))
        system = body.get("system") or []
        for block in [{"text": system}] if isinstance(system, str) else system:
            parts.append((str(block.get("text", "")), "cache_control" in block))
        for message in body.get("messages") or []:
            content = message.get("content")
            blocks = [{"text": content}] if isinstance(content, str) else content or []
            for block in blocks:
                parts.append((str(block.get("text", "")), "cache_control" in block))
        minimum = 4096 if "haiku" in str(body.get("model", "")) else 1024
        prefixes: list[tuple[str, int]] = []
        joined = ""
        for text, breakpoint in parts:
            joined += text
            if breakpoint and len(joined) // 4 >= minimum:
                prefixes.append((hashlib.sha256(joined.encode()).hexdigest(), len(joined) // 4))
        total = len(joined) // 4
        with self._lock:
            hits = [tokens for key, tokens in prefixes if key in self.cache]
            read = max(hits, default=0)
            creation = 0
            if prefixes and prefixes[-1][0] not in self.cache:
                creation = prefixes[-1][1] - read
            self.cache.update(key for key, _ in prefixes)
        usage = {"input_tokens": total - read - creation, "output_tokens": 1,
                 "cache_creation_input_tokens": creation, "cache_read_input_tokens": read}
        with self._lock:
            self.usages.append(usage)
        return usage

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> Self:
        fake: FakeClaude = self

        class Handler(_Handler):
            server_fake = fake

        self._server = _QuietServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        return  # a client that gave up (a timeout under test) is expected, not news


def _words(text: str) -> list[str]:
    words = text.split(" ")
    return [w if i == 0 else " " + w for i, w in enumerate(words)]


def _pieces(raw: str, size: int = 12) -> list[str]:
    return [raw[i:i + size] for i in range(0, len(raw), size)] or [""]


class _Handler(BaseHTTPRequestHandler):
    server_fake: FakeClaude
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        return

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b"{}"
        body = json.loads(raw or b"{}")
        fake = self.server_fake
        with fake._lock:
            fake.requests.append(Recorded(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
        act = fake.next_act(body)
        if fake.ignore_tools and act.items is not None:
            act = Act(text="\n".join(f"- {item}" for item in act.items), delay=act.delay)
        self.usage = fake.usage_for(body)
        if act.delay:
            time.sleep(act.delay)
        if act.status != 200:
            self._json(act.status, {"type": "error", "error": {
                "type": ERROR_TYPES.get(act.status, "api_error"), "message": "fake failure"}})
            return
        if body.get("stream"):
            self._stream(body, act)
        else:
            self._message(body, act)

    def _json(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.send_header("request-id", "req_fake")
        if status == 429:
            self.send_header("retry-after", "0")
        self.end_headers()
        self.wfile.write(data)

    usage: dict[str, int]

    def _usage(self) -> dict[str, int]:
        return dict(self.usage)

    def _message(self, body: dict[str, Any], act: Act) -> None:
        fake = self.server_fake
        content: list[dict[str, Any]]
        if act.items is not None or act.tool_raw is not None:
            tool_input = {"items": act.items} if act.items is not None else {}
            content = [{"type": "tool_use", "id": "toolu_fake", "name": "offer_list",
                        "input": tool_input}]
            text = json.dumps(tool_input)
        else:
            text = act.text or ""
            content = [{"type": "text", "text": text}]
        if fake.first_token_delay or fake.tokens_per_second:
            time.sleep(fake.first_token_delay)
            if fake.tokens_per_second:
                time.sleep(max(len(_words(text)) - 1, 0) / fake.tokens_per_second)
        self._json(200, {"id": "msg_fake", "type": "message", "role": "assistant",
                         "model": body.get("model", "fake"), "content": content,
                         "stop_reason": act.stop_reason or "end_turn", "stop_sequence": None,
                         "usage": self._usage()})

    def _event(self, name: str, payload: dict[str, Any]) -> None:
        self.wfile.write(f"event: {name}\ndata: {json.dumps(payload)}\n\n".encode())
        self.wfile.flush()

    def _stream(self, body: dict[str, Any], act: Act) -> None:
        fake = self.server_fake
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.send_header("connection", "close")
        self.send_header("request-id", "req_fake")
        self.end_headers()
        self.close_connection = True
        tool = act.items is not None or act.tool_raw is not None
        self._event("message_start", {"type": "message_start", "message": {
            "id": "msg_fake", "type": "message", "role": "assistant", "content": [],
            "model": body.get("model", "fake"), "stop_reason": None, "stop_sequence": None,
            "usage": self._usage()}})
        block: dict[str, Any] = (
            {"type": "tool_use", "id": "toolu_fake", "name": "offer_list", "input": {}}
            if tool else {"type": "text", "text": ""}
        )
        self._event("content_block_start",
                    {"type": "content_block_start", "index": 0, "content_block": block})
        self._event("ping", {"type": "ping"})
        if tool:
            raw = act.tool_raw if act.tool_raw is not None else json.dumps({"items": act.items})
            deltas = [{"type": "input_json_delta", "partial_json": p} for p in _pieces(raw)]
        else:
            deltas = [{"type": "text_delta", "text": w} for w in _words(act.text or "")]
        time.sleep(fake.first_token_delay)
        for index, delta in enumerate(deltas):
            if act.cut_after is not None and index >= act.cut_after:
                return  # the connection closes with no message_stop
            if index and fake.tokens_per_second:
                time.sleep(1.0 / fake.tokens_per_second)
            self._event("content_block_delta",
                        {"type": "content_block_delta", "index": 0, "delta": delta})
            if act.error_event:
                self._event("error", {"type": "error", "error": {
                    "type": "overloaded_error", "message": "Overloaded"}})
                return
        self._event("content_block_stop", {"type": "content_block_stop", "index": 0})
        stop = act.stop_reason or ("tool_use" if tool else "end_turn")
        self._event("message_delta", {"type": "message_delta",
                                      "delta": {"stop_reason": stop, "stop_sequence": None},
                                      "usage": {**self._usage(), "output_tokens": len(deltas)}})
        self._event("message_stop", {"type": "message_stop"})
