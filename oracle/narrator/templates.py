"""Prompt templates (Jinja2, ``StrictUndefined``) and the offline tables, found wherever we run.

The generic templates (``system.j2``, ``campaign.j2``, ``_beat.j2``, the ``oracle`` and ``roll``
beats) and tables live in ``oracle/prompts/``; each system keeps its own beats' templates in
``<its folder>/prompts/`` and its tables in ``<its folder>/offline/`` (``System.folder()``). All
are package data, so an installed copy finds them. A missing variable raises before any API call
is made.

Player text (intent, place, questions, names, the journal, safety items) enters a prompt only
inside ``<player_text>...</player_text>``; its own angle brackets are replaced by look-alike
guillemets first, so it cannot close the delimiter or open any other tag.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from oracle.errors import NarratorError, shown
from oracle.narrator.base import NarrationContext
from oracle.narrator.facts import (
    CLOSE,
    OPEN,
    delimit,
    explain,
    neutralize,
    request_lines,
    result_lines,
    story_facts,
)

__all__ = ["CLOSE", "OPEN", "Prompt", "delimit", "environment", "neutralize",
           "prompt_dir", "prompt_vars", "render_prompt"]

# Caps on the player text one prompt carries, per field (characters).
CAPS = {"intent": 300, "place": 200, "question": 300, "monster": 400, "could_go_wrong": 300,
        "bargain": 300}
JOURNAL_LINES = 8
JOURNAL_LINE = 200
JOURNAL_TOTAL = 1200
MAX_CHARACTERS = 8
CHARACTER_FIELD = 120
MAX_PARTY = 8
STORY_LINES = 16
STORY_LINE = 200
SAFETY_ITEM = 200
MAX_SAFETY = 64

def prompt_dir() -> Path:
    """The folder holding ``system.j2``, the generic templates and the generic ``offline/``
    tables (inside the package: ``oracle/prompts``)."""
    packaged = Path(str(importlib.resources.files("oracle") / "prompts"))
    if (packaged / "system.j2").is_file():
        return packaged
    raise NarratorError("prompts: the prompt templates are missing from this installation.")


def prompt_dirs() -> list[Path]:
    """Where templates are found: the generic folder, then each installed system's ``prompts/``."""
    from oracle.systems import installed

    return [prompt_dir(), *(system.folder() / "prompts" for system in installed())]


def table_path(name: str) -> Path:
    """The file of offline table ``name``: generic, or in the system folder that has it."""
    from oracle.systems import installed

    folders = [prompt_dir(), *(system.folder() for system in installed())]
    for folder in folders:
        path = folder / "offline" / f"{name}.txt"
        if path.is_file():
            return path
    return prompt_dir() / "offline" / f"{name}.txt"


@functools.lru_cache(maxsize=8)
def _environment(folders: tuple[str, ...]) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(list(folders)),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )


def environment() -> jinja2.Environment:
    """The one Jinja environment (per set of installed systems): plain text, strict about
    missing variables."""
    return _environment(tuple(str(folder) for folder in prompt_dirs()))


def _cap(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


def recent_journal(journal: str) -> str:
    """The journal's most recent lines only, each and all bounded."""
    lines = [_cap(line, JOURNAL_LINE) for line in journal.splitlines() if line.strip()]
    kept: list[str] = []
    total = 0
    for line in reversed(lines[-JOURNAL_LINES:]):
        if total + len(line) > JOURNAL_TOTAL:
            break
        kept.append(line)
        total += len(line) + 1
    return "\n".join(reversed(kept))


def _character_line(brief: Mapping[str, Any]) -> str:
    parts = []
    for key, value in list(brief.items())[:12]:
        if isinstance(value, (list, tuple)):
            value = [_cap(str(v), CHARACTER_FIELD) for v in list(value)[:8]]
        elif isinstance(value, str):
            value = _cap(value, CHARACTER_FIELD)
        parts.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
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


def _intent_label(beat: str) -> str:
    """What the stated intent is for ``beat`` (its own label: a betrayal, a sight), or the
    roller's stated intent."""
    from oracle.narrator.beats import BEATS

    spec = BEATS.get(beat)
    return (spec.intent_label if spec is not None else "") or "Stated intent"


def prompt_vars(beat: str, context: NarrationContext) -> dict[str, Any]:
    """Everything a beat template may use: player text once, capped, delimited, under fixed names."""
    result = dict(context.result)
    text = {name: _cap(str(getattr(context, name, "")), limit) for name, limit in CAPS.items()}
    if beat == "monster" and not text["monster"]:
        # a fight's beat given only an "intent" (the app's combat view names the monster there):
        # it is the monster, not something the character intends
        text["monster"], text["intent"] = _cap(context.intent, CAPS["monster"]), ""
    journal = recent_journal(context.journal)
    party = [delimit(_cap(name, 60)) for name in context.party[:MAX_PARTY] if name.strip()]
    return {
        "beat": beat,
        "system": neutralize(context.system[:40]),
        "roll": neutralize(str(result.get("roll", beat))[:40]),
        "n": context.n,
        "result_facts": result_lines(result),
        "meaning": explain(result, context.system),
        "request_facts": request_lines(dict(context.request)),
        "characters": [_character_line(c) for c in context.characters[:MAX_CHARACTERS]],
        "party": party,
        **dict(zip(("threads", "cast"), story_facts(context.threads, context.cast).values(),
                   strict=True)),
        "story": [delimit(_cap(line, STORY_LINE)) for line in context.story[:STORY_LINES]],
        "answer": neutralize(str(result.get("answer", "yes"))[:20]),
        "likelihood": neutralize(str(result.get("likelihood", "even"))[:20]),
        "intent_label": _intent_label(beat),
        **{name: delimit(value) for name, value in text.items()},
        "journal": delimit(journal),
        "given": {**{name: bool(value.strip()) for name, value in text.items()},
                  "journal": bool(journal.strip())},
        "lines": [delimit(_cap(item, SAFETY_ITEM)) for item in context.safety.lines[:MAX_SAFETY]],
        "veils": [delimit(_cap(item, SAFETY_ITEM)) for item in context.safety.veils[:MAX_SAFETY]],
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
        raise NarratorError(f"beat: no prompt template {shown(exc.name)} for {shown(beat)}.") from exc
