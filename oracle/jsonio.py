"""JSON in and out of the command line, safe for any bytes: one sentence for anything unreadable.

Every ``oracle`` command that reads a JSON request reads it through :func:`read_request`, and
every command prints through :func:`emit`. Their promises (issue 11):

- any bytes on standard input give either a request (a JSON object) or a :class:`RequestError`
  whose sentence quotes at most :data:`QUOTE_LIMIT` characters of what was given;
- what is printed is always valid UTF-8 JSON, whatever the locale;
- sizes far beyond any table are refused by name: the whole request (:data:`MAX_BYTES`), how deep
  it nests (:data:`MAX_DEPTH`), how many digits a number has (:data:`MAX_DIGITS`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any, BinaryIO, TextIO

from oracle.errors import RequestError

MAX_BYTES = 1_000_000  # a request with a long journal is a few kilobytes
MAX_DEPTH = 32  # the deepest request in the contract nests 4 levels
MAX_DIGITS = 30  # no roll counts past a few digits; Python refuses 4,300 on its own
QUOTE_LIMIT = 80


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for a sentence naming a bad value."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _depth_exceeded(text: str, limit: int) -> bool:
    """Whether brackets outside strings nest deeper than ``limit`` (checked before parsing)."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RequestError(f"request: a number has {len(text.lstrip('-'))} digits; numbers here "
                           f"have at most {MAX_DIGITS}.")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RequestError(f"request: the number {quote(text)} is too large.")
    return value


def _constant(name: str) -> None:
    raise RequestError(f"request: {name} is not a JSON number; give a whole number.")


def _check_text(value: Any, path: str = "request") -> None:
    """Refuse unpaired surrogates (``"\\ud800"``): they are not characters and cannot be printed."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise RequestError(f"{path}: holds an unpaired surrogate escape (such as \\ud800), "
                               "which is not a character.") from None
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_text(item, f"{path}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, path)
            _check_text(item, key if path == "request" else f"{path}.{key}")


def parse_request(raw: bytes | str) -> dict[str, Any]:
    """One JSON object from raw bytes (or text), or a RequestError with one sentence."""
    if len(raw) > MAX_BYTES:
        raise RequestError(f"request: {len(raw):,} bytes is too long; a request has at most "
                           f"{MAX_BYTES:,}.")
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RequestError(f"request: not valid UTF-8 (byte {exc.start}); send JSON text "
                               "in UTF-8.") from None
    else:
        text = raw
    text = text.removeprefix("\ufeff")
    if _depth_exceeded(text, MAX_DEPTH):
        raise RequestError(f"request: nests deeper than {MAX_DEPTH} levels; no request needs "
                           "that.")
    try:
        request = json.loads(text, parse_int=_number, parse_float=_real,
                             parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise RequestError(
            f"request: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})."
        ) from None
    if not isinstance(request, dict):
        raise RequestError('request: must be a JSON object such as {"roll": "risk", ...}, not '
                           f"{quote(request, 40)}.")
    _check_text(request)
    return request


def read_request(path: str | None, stdin: TextIO | BinaryIO) -> dict[str, Any]:
    """Read one request from ``path`` or standard input (bytes where the stream has them)."""
    try:
        if path is not None:
            with open(path, "rb") as handle:
                raw: bytes | str = handle.read(MAX_BYTES + 1)
        else:
            source = getattr(stdin, "buffer", stdin)
            raw = source.read(MAX_BYTES + 1)
    except OSError as exc:
        raise RequestError(f"request: cannot read {quote(path)} ({exc.strerror}).") from None
    return parse_request(raw)


def dumps(payload: Mapping[str, Any]) -> str:
    """One line of JSON that is always valid UTF-8 (unprintable text is escaped, never dropped)."""
    text = json.dumps(payload, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(payload, ensure_ascii=True)
    return text


def emit(out: TextIO, payload: Mapping[str, Any]) -> None:
    """Print ``payload`` as one JSON line in UTF-8, whatever the stream's own encoding."""
    line = dumps(payload) + "\n"
    target = getattr(out, "buffer", None)
    if target is None:  # a text stream of our own (tests): it holds str, not bytes
        out.write(line)
        return
    out.flush()
    target.write(line.encode("utf-8"))
    target.flush()
