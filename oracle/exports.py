"""Readable renderings of a campaign journal: one-line summaries, Markdown, and Lonelog.

A system may offer ``summarize(event) -> str`` (one line for one of its rules events); when it
does not, or raises, a generic line is built from the event's fields: the roll kind, every list of
die faces, the outcome and any Ruin change.

Lonelog (Roberto Bisceglie's notation for solo-play logs, CC BY-SA 4.0) as used here:

- YAML front matter (``title``, ``ruleset``, ``start_date``, ``last_update``), then scenes as
  ``### S1 *title*`` headings, each followed by a fenced block of log lines;
- ``@ action`` when a rules event carries an ``action`` or ``intent`` text;
- ``d: <roll and faces> -> <outcome>`` for a rules event with dice or an outcome (``=> ...``
  for a change without either); each Ruin or token change adds a status tag such as
  ``=> [PC:Name|Ruin 3]``;
- ``? question`` then ``-> answer`` for an oracle entry;
- ``=> text`` for narration (a narration with blank lines becomes a ``\\---`` ... ``---\\``
  block); an X-carded narration becomes ``=> [struck with the X-card]``;
- ``(note: ...)`` for player notes and ``(safety: ...)`` for lines and veils.

Undone entries are left out of the Lonelog (it is a play log) and shown struck through in
Markdown (it is the journal); ``undo`` and ``preference`` entries appear in neither. Player and
model text is data: ``&`` and ``<`` are escaped in Markdown so a renderer never reads it as HTML.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from oracle.campaign import Campaign, Entry
    from oracle.systems import System

_OUTCOME_KEYS = ("outcome", "degree", "encounter", "dealt")
_SKIP_KEYS = {"type", "roll", "action", "intent", "system", "seed", "text", "name", "character",
              "result", "request", "helpers", "participants", "fighters", "confirmed", "ritual"}
_PEOPLE_KEYS = ("helpers", "participants", "characters", "fighters")
_DIE_KEY = re.compile(r"(light|dark|dice|die|faces?|(^|_)d\d+)$")


def _faces(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    )


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _who(data: dict[str, Any], result: dict[str, Any]) -> str | None:
    character = data.get("character")
    sources = [data, result] + ([character] if isinstance(character, dict) else [])
    for source in sources:
        for key in ("name", "character", "roller"):
            value = source.get(key)
            if isinstance(value, str) and value:
                return value
    return None


@dataclass(frozen=True)
class Reading:
    """A rules event read generically: who, what, dice, outcome, and the changes it made."""

    head: str
    dice: tuple[str, ...]
    outcome: str | None
    changes: tuple[str, ...]  # "Mara Ruin 2 -> 3", "tokens 2 -> 3"
    tags: tuple[str, ...]  # Lonelog status tags: "PC:Mara|Ruin 3"
    rolled: bool = False  # dice were rolled (faces given), not just numbers changed

    @property
    def roll(self) -> str:
        return _one_line(self.head + (f" ({', '.join(self.dice)})" if self.dice else ""))

    def line(self) -> str:
        """One line (any line breaks in names or text are folded into spaces)."""
        text = self.roll + (f" -> {self.outcome}" if self.outcome else "")
        return _one_line(text + (f"; {', '.join(self.changes)}" if self.changes else ""))


def _listed(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _dice_parts(data: dict[str, Any]) -> list[str]:
    parts: list[str] = []
    for key, value in data.items():
        if key in _SKIP_KEYS or value is None or isinstance(value, bool):
            continue
        label = key.replace("_", " ")
        if _faces(value) or _int(value):
            parts.append(f"{label} {value}")
        elif isinstance(value, str) and value and len(value) <= 60:
            parts.append(f"{label}: {value}")
    for key in ("helpers", "participants", "fighters"):
        people = data.get(key)
        if not isinstance(people, list):
            continue
        for person in people:
            if not isinstance(person, dict) or not isinstance(person.get("name"), str):
                continue
            if key == "helpers" and _int(person.get("die")):
                parts.append(f"{person['name']} helps with {person['die']}")
                continue
            own = [f"{k.replace('_', ' ')} {v}" for k, v in person.items()
                   if k != "name" and (_faces(v) or _int(v))]
            parts.append(person["name"] + (f" {' '.join(own)}" if own else ""))
    return parts


def _outcome(result: dict[str, Any]) -> str | None:
    if "winner" in result:
        winner = result["winner"]
        return f"{winner} wins" if isinstance(winner, str) else "a tie"
    if _int(result.get("total")) and isinstance(result.get("defeated"), bool):
        against = f" vs Endurance {result['endurance']}" if _int(result.get("endurance")) else ""
        return f"total {result['total']}{against}, " + (
            "defeated" if result["defeated"] else "not defeated")
    if result.get("roll_required") is False and result.get("defeated") is True:
        return "no roll needed, defeated"
    for key in _OUTCOME_KEYS:
        value = result.get(key)
        if isinstance(value, str) or _int(value):
            return str(value).replace("_", " ")
    return None


def read_event(data: dict[str, Any], result: dict[str, Any] | None = None) -> Reading:
    """Read any rules event (and the system's result for it, if any) without knowing its system."""
    if result is None:
        nested = data.get("result")
        result = nested if isinstance(nested, dict) else data
    kind = str(data.get("type", "event")).replace("_", " ")
    who = _who(data, result)
    head = f"{who}: {kind}" if who else kind
    dice = _dice_parts(data)
    request = data.get("request")
    if isinstance(request, dict):
        dice += _dice_parts(request)
    changes: list[str] = []
    tags: list[str] = []
    people: list[tuple[str | None, dict[str, Any]]] = [(who, result)]
    for key in _PEOPLE_KEYS:
        listed = result.get(key)
        if isinstance(listed, list):
            people += [(p.get("name"), p) for p in listed if isinstance(p, dict)]
    for name, source in people:
        before, after = source.get("ruin_before"), source.get("ruin_after")
        if _int(before) and _int(after) and before != after:
            changes.append(f"{name + ' ' if name else ''}Ruin {before} -> {after}")
            tags.append(f"PC:{name}|Ruin {after}" if name else f"PC|Ruin {after}")
    before, after = result.get("tokens_before"), result.get("tokens_after")
    if _int(before) and _int(after) and before != after:
        changes.append(f"tokens {before} -> {after}")
        tags.append(f"PC:{who}|Tokens {after}" if who else f"PC|Tokens {after}")
    rolled = any(_DIE_KEY.search(key) and (_faces(value) or _int(value))
                 for source in (data, request if isinstance(request, dict) else {})
                 for key, value in source.items())
    rolled = rolled or any(
        isinstance(person, dict) and any(_DIE_KEY.search(k) for k in person)
        for key in ("helpers", "participants") for person in _listed(data.get(key))
    )
    return Reading(head, tuple(dice), _outcome(result), tuple(changes), tuple(tags), rolled)


def generic_summary(data: dict[str, Any], result: dict[str, Any] | None = None) -> str:
    """One line for any rules event: who and what, dice, outcome, Ruin and token changes."""
    return read_event(data, result).line()


def summarize(system: System, entry: Entry) -> str:
    """One line for a journal entry, asking the system for rules events when it can."""
    data = entry.data
    if entry.type == "narration":
        return "[struck with the X-card]" if entry.struck else str(data.get("text", ""))
    if entry.type == "note":
        return f"note: {data.get('text', '')}"
    if entry.type == "oracle":
        return f"oracle: {data.get('question', '')} -> {data.get('answer', '')}"
    if entry.type == "scene":
        return f"scene: {data.get('title', '')}"
    if entry.type == "safety":
        return "safety: " + _safety_text(data)
    if entry.type == "preference":
        return f"preference: {data.get('key')} = {data.get('value')!r}"
    if entry.type == "x_card":
        return f"X-card on entry {data.get('refers_to')}"
    if entry.type == "undo":
        return f"undo entry {data.get('target')}"
    return system.journal_line(data, entry.result).plain()


def _safety_text(data: dict[str, Any]) -> str:
    parts = []
    if "lines" in data:
        parts.append("lines: " + (", ".join(data["lines"]) or "none"))
    if "veils" in data:
        parts.append("veils: " + (", ".join(data["veils"]) or "none"))
    return "; ".join(parts)


def _md(text: object) -> str:
    # escaping & and < is enough to keep any HTML renderer from reading text as markup
    return str(text).replace("&", "&amp;").replace("<", "&lt;")


def to_markdown(campaign: Campaign) -> str:
    """The journal as Markdown: a header, then one block per entry, oldest first."""
    settings = campaign.settings
    entries = campaign.entries
    undone = sum(1 for e in entries if e.undone)
    title = getattr(campaign.system, "title", campaign.system.name)
    out = [
        f"# {_md(campaign.name)}",
        "",
        f"- System: {_md(title)}",
        f"- Created: {campaign.created}",
        f"- Seed: `{campaign.seed}`",
        f"- Entries: {len(entries)} ({undone} undone)",
    ]
    if settings.lines or settings.veils:
        out.append(f"- Lines: {_md(', '.join(settings.lines) or 'none')}")
        out.append(f"- Veils: {_md(', '.join(settings.veils) or 'none')}")
    out += ["", "## Journal", ""]
    for entry in entries:
        if entry.type in ("undo", "preference"):
            continue  # an undone entry is shown struck through; preferences are not play
        when = entry.at[:19].replace("T", " ")
        if entry.type == "scene" and not entry.undone:
            out += [f"### {_md(entry.data.get('title', ''))}", ""]
            continue
        if entry.type == "narration" and not entry.undone:
            body = "[struck with the X-card]" if entry.struck else _md(entry.data.get("text", ""))
            out += [f"> {line}" if line else ">" for line in body.splitlines() or [""]]
            voice = entry.data.get("narrator")
            if voice and not entry.struck:
                reason = entry.data.get("fallback_reason")
                extra = f"; fell back: {_md(reason)}" if reason else ""
                out.append(f"> *({_md(voice)} narrator{extra})*")
            out.append("")
            continue
        line = f"**#{entry.seq}** {when} · {_md(summarize(campaign.system, entry))}"
        if entry.undone:
            line = f"~~{line}~~ *(undone by #{entry.undone_by})*"
        out += [line, ""]
    return "\n".join(out).rstrip() + "\n"


def to_lonelog(campaign: Campaign) -> str:
    """The play log in Lonelog notation (see this module's docstring)."""
    entries = [e for e in campaign.entries if not e.undone and e.type != "undo"]
    title = getattr(campaign.system, "title", campaign.system.name)
    last = entries[-1].at[:10] if entries else campaign.created[:10]
    out = [
        "---",
        f"title: {_yaml(campaign.name)}",
        f"ruleset: {_yaml(title)}",
        f"start_date: {campaign.created[:10]}",
        f"last_update: {last}",
        "---",
        "",
        f"# {campaign.name}",
    ]
    scene = 0
    block: list[str] = []

    def open_scene(name: str) -> None:
        nonlocal scene
        close_block()
        scene += 1
        out.extend(["", f"### S{scene} *{name}*", ""])

    def close_block() -> None:
        if block:
            out.extend(["```", *block, "```"])
            block.clear()

    for entry in entries:
        data = entry.data
        if entry.type == "scene":
            open_scene(str(data.get("title", "")))
            continue
        if scene == 0:
            open_scene(campaign.name)
        block.extend(_lonelog_lines(campaign.system, entry))
    close_block()
    return "\n".join(out).rstrip() + "\n"


def _lonelog_lines(system: System, entry: Entry) -> list[str]:
    data = entry.data
    if entry.type == "narration":
        if entry.struck:
            return ["=> [struck with the X-card]"]
        text = str(data.get("text", "")).strip()
        if "\n\n" in text:
            return ["\\---", *text.splitlines(), "---\\"]
        return ["=> " + " ".join(text.split())]
    if entry.type == "note":
        return [f"(note: {_one_line(data.get('text', ''))})"]
    if entry.type == "oracle":
        lines = [f"? {_one_line(data.get('question', ''))}"]
        faces = data.get("faces")
        suffix = f" ({', '.join(str(f) for f in faces)})" if isinstance(faces, list) else ""
        lines.append(f"-> {_one_line(data.get('answer', ''))}{suffix}")
        return lines
    if entry.type == "safety":
        return [f"(safety: {_safety_text(data)})"]
    if entry.type == "x_card":
        return [f"(X-card: narration {data.get('refers_to')} struck)"]
    if entry.type == "preference":
        return []
    lines = []
    action = data.get("action")
    if isinstance(action, str) and action.strip():
        lines.append(f"@ {_one_line(action)}")
    reading = read_event(data, entry.result)
    own = summarize(system, entry)
    roll = reading.roll
    if own != reading.line():  # the system's own wording
        lines.append(f"d: {own}")
    elif reading.rolled or reading.outcome:
        lines.append(f"d: {roll}" + (f" -> {reading.outcome}" if reading.outcome else ""))
    else:  # a change without dice (a character joins, Gold changes): a consequence
        lines.append(f"=> {roll}")
    lines += [f"=> [{tag}]" for tag in reading.tags]
    return lines


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def _yaml(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
