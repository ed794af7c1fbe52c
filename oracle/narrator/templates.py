"""Prompt templates (Jinja2, ``StrictUndefined``) and the offline tables, found wherever we run.

Templates live in ``prompts/`` at the top of the repository; the package reaches them through
``oracle/prompts`` (a link to that folder), which setuptools ships as package data, so an
installed copy finds them too. A missing variable raises before any API call is made.

Player text (intent, place, questions, names, the journal, safety items) enters a prompt only
inside ``<player_text>...</player_text>``; its own angle brackets are replaced by look-alike
guillemets first, so it cannot close the delimiter or open any other tag.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from oracle.errors import NarratorError
from oracle.narrator.base import NarrationContext

OPEN = "<player_text>"
CLOSE = "</player_text>"


def prompt_dir() -> Path:
    """The folder holding ``system.j2``, the beat templates and ``offline/`` tables."""
    candidates: list[Path] = []
    try:
        packaged = importlib.resources.files("oracle") / "prompts"
        candidates.append(Path(str(packaged)))
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - zip imports
        pass
    candidates.append(Path(__file__).resolve().parents[2] / "prompts")
    for candidate in candidates:
        if (candidate / "system.j2").is_file():
            return candidate
    raise NarratorError("prompts: the prompt templates are missing from this installation.")


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The one Jinja environment: plain text, strict about missing variables."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(prompt_dir())),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )


def neutralize(text: object) -> str:
    """Player text with its angle brackets disarmed, so it can open or close no tag."""
    return str(text).replace("<", "\u2039").replace(">", "\u203a")


def delimit(text: object) -> str:
    """Player text wrapped in delimiters it cannot close."""
    return f"{OPEN}{neutralize(text)}{CLOSE}"


def _neutral(value: Any) -> Any:
    if isinstance(value, str):
        return neutralize(value)
    if isinstance(value, Mapping):
        return {neutralize(k): _neutral(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_neutral(v) for v in value]
    return value


_WORD = re.compile(r"[a-z0-9_+\-]*")
_KEY = re.compile(r"[A-Za-z0-9_]+")


def _leaf(value: Any) -> str:
    """A fact's value: rules words (``"complication"``, ``"2d6"``) as JSON; other text delimited."""
    if isinstance(value, str) and not _WORD.fullmatch(value):
        return delimit(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_leaf(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False, default=str)


def flatten(value: Any, prefix: str = "") -> Iterator[str]:
    """``key: value`` lines for every leaf of a result; names and free text delimited."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            name = str(key) if _KEY.fullmatch(str(key)) else delimit(key)
            yield from flatten(item, f"{prefix}.{name}" if prefix else name)
    elif isinstance(value, (list, tuple)) and any(isinstance(v, Mapping) for v in value):
        for index, item in enumerate(value):
            yield from flatten(item, f"{prefix}[{index}]")
    else:
        yield f"{prefix}: {_leaf(value)}"


def _character_line(brief: Mapping[str, Any]) -> str:
    parts = [f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in brief.items()]
    return delimit("; ".join(parts))


@dataclass(frozen=True)
class Prompt:
    """A rendered prompt: the stable prefix (cached), the campaign block, the per-call facts."""

    stable: str
    campaign: str
    facts: str

    @property
    def text(self) -> str:
        return f"{self.stable}\n\n{self.campaign}\n\n{self.facts}"


def prompt_vars(beat: str, context: NarrationContext) -> dict[str, Any]:
    """Everything a beat template may use; all player text already delimited."""
    result = dict(context.result)
    return {
        "beat": beat,
        "system": neutralize(context.system),
        "roll": neutralize(result.get("roll", beat)),
        "n": context.n,
        "result": _neutral(result),
        "result_facts": list(flatten(result)),
        "request_facts": list(flatten(dict(context.request))),
        "characters": [_character_line(c) for c in context.characters],
        "intent": delimit(context.intent),
        "place": delimit(context.place),
        "question": delimit(context.question),
        "journal": delimit(context.journal),
        "given": {
            "intent": bool(context.intent.strip()),
            "place": bool(context.place.strip()),
            "question": bool(context.question.strip()),
            "journal": bool(context.journal.strip()),
        },
        "lines": [delimit(item) for item in context.safety.lines],
        "veils": [delimit(item) for item in context.safety.veils],
    }


def render_prompt(beat: str, context: NarrationContext) -> Prompt:
    """Render the three parts of ``beat``'s prompt; raises before any call if a variable is missing."""
    env = environment()
    variables = prompt_vars(beat, context)
    try:
        return Prompt(
            stable=env.get_template("system.j2").render(),
            campaign=env.get_template("campaign.j2").render(**variables),
            facts=env.get_template(f"{beat}.j2").render(**variables),
        )
    except jinja2.TemplateNotFound as exc:
        raise NarratorError(f"beat: no prompt template {exc.name!r} for {beat!r}.") from exc
