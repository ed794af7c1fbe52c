"""Readable renderings of a campaign journal: one-line summaries, Markdown, and Lonelog.

A system may offer ``summarize(event) -> str`` (one line for one of its rules events); when it
does not, or raises, a generic line is built from the event's fields: the roll kind, every list of
die faces, the outcome and any Ruin change.

Lonelog (Roberto Bisceglie's notation for solo-play logs, CC BY-SA 4.0) as used here:

- YAML front matter (``title``, ``ruleset``, ``start_date``, ``last_update``), then scenes as
  ``### S1 *title*`` headings, each followed by a fenced block of log lines;
- ``@ action`` when a rules event carries an ``action`` or ``intent`` text;
- ``d: <roll and faces> -> <outcome>`` for a rules event; a Ruin change adds
  ``=> [PC:Name|Ruin 3]`` (a status tag);
- ``? question`` then ``-> answer`` for an oracle entry;
- ``=> text`` for narration (a narration with blank lines becomes a ``\\---`` ... ``---\\``
  block); an X-carded narration becomes ``=> [struck with the X-card]``;
- ``(note: ...)`` for player notes and ``(safety: ...)`` for lines and veils.

Undone entries are left out of the Lonelog (it is a play log) and shown struck through in
Markdown (it is the journal). Player and model text is data: ``&`` and ``<`` are escaped
in Markdown so a renderer never reads it as HTML.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from oracle.campaign import Campaign, Entry
    from oracle.systems import System

_OUTCOME_KEYS = ("outcome", "degree", "winner", "encounter", "dealt", "answer")
_SKIP_KEYS = {"type", "roll", "action", "intent", "system", "seed", "text"}


def _faces(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    )


def _result(data: dict[str, Any]) -> dict[str, Any]:
    result = data.get("result")
    return result if isinstance(result, dict) else data


def _who(data: dict[str, Any]) -> str | None:
    for source in (data, _result(data)):
        for key in ("character", "name", "roller"):
            value = source.get(key)
            if isinstance(value, str) and value:
                return value
    return None


def _ruin_change(data: dict[str, Any]) -> tuple[int, int] | None:
    for source in (_result(data), data):
        before, after = source.get("ruin_before"), source.get("ruin_after")
        if isinstance(before, int) and isinstance(after, int):
            return before, after
    return None


def generic_summary(data: dict[str, Any]) -> str:
    """One line for any rules event: kind, faces, outcome, Ruin change."""
    kind = str(data.get("roll") or data.get("type", "event")).replace("_", " ")
    who = _who(data)
    head = f"{who}: {kind}" if who else kind
    parts: list[str] = []
    sources = [data]
    request = data.get("request")
    if isinstance(request, dict):
        sources.append(request)
    for source in sources:
        for key, value in source.items():
            if key not in _SKIP_KEYS and _faces(value):
                parts.append(f"{key.replace('_', ' ')} {value}")
    line = head + (" (" + ", ".join(parts) + ")" if parts else "")
    result = _result(data)
    for key in _OUTCOME_KEYS:
        value = result.get(key)
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            line += f" -> {str(value).replace('_', ' ')}"
            break
    ruin = _ruin_change(data)
    if ruin and ruin[0] != ruin[1]:
        line += f"; Ruin {ruin[0]} -> {ruin[1]}"
    return line


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
    own = getattr(system, "summarize", None)
    if callable(own):
        try:
            text = own(data)
        except Exception:  # noqa: BLE001 - a system's wording is a nicety; the generic line always works
            text = None
        if isinstance(text, str) and text:
            return text
    return generic_summary(data)


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
    action = data.get("action") or data.get("intent")
    if isinstance(action, str) and action.strip():
        lines.append(f"@ {_one_line(action)}")
    summary = summarize(system, entry)
    ruin = _ruin_change(data)
    roll, _, rest = summary.partition(" -> ")
    lines.append(f"d: {roll} -> {rest.split('; Ruin')[0]}" if rest else f"d: {summary}")
    if ruin and ruin[0] != ruin[1]:
        who = _who(data)
        tag = f"PC:{who}" if who else "PC"
        lines.append(f"=> [{tag}|Ruin {ruin[1]}]")
    return lines


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def _yaml(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
