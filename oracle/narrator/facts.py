"""The settled result as a model reads it: bounded facts, and every flag explained in words.

A result comes from our rules core, but it carries player text too (names, a bargain's price,
a contest's winner). So a string is written bare only under a field whose values are rules words
(``outcome: "complication"``); any other string is player text, capped and delimited. Lines are
capped in number and length, so no input can grow a prompt without bound.

:func:`explain` turns the flags (``dies``, ``ruin_roll``, ``condition_due``, ``lost``,
``can_push``, ...) into sentences, so the model never has to guess what a field means: each
system words its own (``System.facts``).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

OPEN = "<player_text>"
CLOSE = "</player_text>"
MAX_FACT_LINES = 150  # a contest of 8 with every count still fits
MAX_FACT_TEXT = 160  # characters of one player-text value inside a result
MAX_NAME = 60

# Fields whose string values are rules words from our own cores, never player text: these
# (the request's own, and the solo oracle's), and every installed system's ``rule_words``.
RULE_WORD_KEYS = frozenset({"roll", "system", "answer", "likelihood", "kind"})
_RULE_WORD = re.compile(r"[a-z0-9_+\-]{1,40}")
_KEY = re.compile(r"[A-Za-z0-9_]{1,40}")
# Which request fields are dice and numbers the prompt may repeat (faces as rolled): these,
# and every installed system's ``dice_fields``.
REQUEST_KEYS = frozenset({"roll", "system", "likelihood"})


@functools.lru_cache(maxsize=8)
def _keys(names: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str]]:
    from oracle.systems import installed

    found = list(installed())
    return (RULE_WORD_KEYS.union(*(system.rule_words for system in found)),
            REQUEST_KEYS.union(*(system.dice_fields for system in found)))


def rule_word_keys() -> frozenset[str]:
    """Result fields whose text is rules words: the generic ones and every system's."""
    from oracle.systems import SYSTEMS

    return _keys(tuple(SYSTEMS))[0]


def request_keys() -> frozenset[str]:
    """Request fields of dice and numbers: the generic ones and every system's."""
    from oracle.systems import SYSTEMS

    return _keys(tuple(SYSTEMS))[1]


def neutralize(text: object) -> str:
    """Player text with its angle brackets disarmed, so it can open or close no tag."""
    return str(text).replace("<", "\u2039").replace(">", "\u203a")


def delimit(text: object) -> str:
    """Player text wrapped in delimiters it cannot close."""
    return f"{OPEN}{neutralize(text)}{CLOSE}"


def _leaf(key: str, value: Any) -> str:
    if isinstance(value, str):
        if key in rule_word_keys() and _RULE_WORD.fullmatch(value):
            return json.dumps(value)
        limit = MAX_NAME if key in ("name", "winner") else MAX_FACT_TEXT
        return delimit(value[:limit])
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_leaf(key, v) for v in list(value)[:24]) + "]"
    if value is None or isinstance(value, (bool, int, float)):
        return json.dumps(value)
    return delimit(str(value)[:MAX_FACT_TEXT])


def _flatten(value: Any, prefix: str = "", key: str = "") -> Iterator[str]:
    if isinstance(value, Mapping):
        for raw_key, item in list(value.items())[:40]:
            text = str(raw_key)
            name = text if _KEY.fullmatch(text) else delimit(text[:MAX_NAME])
            yield from _flatten(item, f"{prefix}.{name}" if prefix else name, text)
    elif isinstance(value, (list, tuple)) and any(isinstance(v, Mapping) for v in value):
        for index, item in enumerate(list(value)[:12]):
            yield from _flatten(item, f"{prefix}[{index}]", key)
    elif value != "":
        yield f"{prefix}: {_leaf(key, value)}"


def result_lines(result: Mapping[str, Any]) -> list[str]:
    """``key: value`` lines for every leaf of a result (at most :data:`MAX_FACT_LINES`)."""
    return list(_flatten(result))[:MAX_FACT_LINES]


def _dice_only(value: Any) -> Any:
    """A request value reduced to rules facts: numbers, booleans, rules words, short names."""
    if isinstance(value, Mapping):
        kept: dict[str, Any] = {}
        for key, item in value.items():
            if key in request_keys():  # names are in the result already: player text once
                reduced = _dice_only(item)
                if reduced is not None:
                    kept[key] = reduced
        return kept or None
    if isinstance(value, (list, tuple)):
        items = [_dice_only(v) for v in list(value)[:12]]
        return [v for v in items if v is not None]
    if isinstance(value, str):
        return value if _RULE_WORD.fullmatch(value) else None
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return None


def request_lines(request: Mapping[str, Any]) -> list[str]:
    """The request's dice and numbers as rolled: whitelisted fields only, never its free text."""
    keys = request_keys()
    kept = {key: _dice_only(value) for key, value in request.items()
            if key in keys and key not in ("roll", "system")}
    kept = {key: value for key, value in kept.items() if value not in (None, [], {})}
    return result_lines(kept)[:24]


def _oracle(result: Mapping[str, Any]) -> list[str]:
    """The solo oracle's answer and twist (every system asks the same oracle)."""
    said: list[str] = []
    answer = result.get("answer")
    if isinstance(answer, str):
        said.append(f"The oracle's answer is {answer.upper()}: repeat it exactly and interpret "
                    "it for the question.")
    if isinstance(result.get("twist"), Mapping):
        said.append("The dice also called a TWIST (twist above): voice it after the answer, "
                    "read through its meaning pair; it changes no number.")
    return said


def explain(result: Mapping[str, Any], system: str = "") -> list[str]:
    """Every flag of the settled result in words (the model must keep to all of them): the
    system's own facts (``System.facts``), and the oracle's answer."""
    from oracle.systems import SYSTEMS

    said = SYSTEMS[system].facts(result) if system in SYSTEMS else []
    if result.get("roll") == "oracle":
        said += _oracle(result)
    return said[:30]


def story_facts(threads: Sequence[str], cast: Sequence[str]) -> dict[str, list[str]]:
    """The lists that come back as story facts: ``threads`` (open goals and questions) and
    ``characters`` (NPCs, folk, monsters), each item player text, capped and delimited."""
    return {"threads": [delimit(str(t)[:MAX_FACT_TEXT]) for t in list(threads)[-12:]],
            "characters": [delimit(str(c)[:MAX_FACT_TEXT]) for c in list(cast)[-12:]]}
