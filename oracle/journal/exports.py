"""The exports of a campaign journal: plain text, Markdown, Lonelog, and the JSON dump.

Markdown and Lonelog are :class:`~oracle.journal.render.LineRenderer` subclasses over the
systems' words; the JSON dump (:mod:`oracle.journal.dump`) is the one that imports back.

Markdown is the journal: a header, scenes as headings, narration as quotes, and one line per
entry with who acts in bold, what they said in quotes and the result emphasised; undone entries
are struck through. Player and model text is escaped so no Markdown, HTML or TeX renderer reads
it as markup: ``&`` and ``<`` as entities, ``\\ ` * _ [ ] $ ~ |`` with a backslash, and a line
that would open a block (``#``, ``>``, ``-``, ``1.``) escaped at its start.

Lonelog (Roberto Bisceglie's notation for solo-play logs, CC BY-SA 4.0) as used here:

- YAML front matter (``title``, ``ruleset``, ``start_date``, ``last_update``), then scenes as
  ``### S1 *title*`` headings, each followed by a fenced block of log lines (the fence is longer
  than any run of backticks inside, so no text can close it);
- ``@ action`` for what a character said they attempt;
- ``d: <the system's line>`` for a rules event that rolled or had an outcome (``=> ...`` for a
  change without either); each Ruin or token change adds a status tag such as
  ``=> [PC:Name|Ruin 3]``;
- ``? question`` then ``-> answer`` for an oracle entry;
- ``=> text`` for narration (a narration with blank lines becomes a ``\\---`` ... ``---\\``
  block); an X-carded narration becomes ``=> [struck with the X-card]``;
- ``(note: ...)`` for player notes, ``(safety: ...)`` for lines and veils and ``(story: ...)``
  for story memory (place, foe, who is present, a bargain paid);
- ``[Thread:words|open]`` and ``[N:words|closed]`` for threads and characters as they change,
  ``=> twist: ...`` under an oracle answer or a scene that drew a twist.

Markdown lists the open threads and characters under the header, and each scene's expectation
and verdict under its heading.

Both end with "The story so far": the story memory (:mod:`oracle.journal.story`) at the
journal's end, one line per fact (scene and place, the foe, stated intent, bargains owed,
Conditions, ...).

Undone entries are left out of the Lonelog (it is a play log); ``undo`` and ``preference``
entries appear in neither export.
"""

from __future__ import annotations

import re
from typing import Protocol

from oracle.errors import RequestError
from oracle.journal.lists import item_words
from oracle.journal.reading import one_line, read_event
from oracle.journal.render import (
    STRUCK,
    LineRenderer,
    PlainText,
    Readable,
    Renderer,
    faces_text,
    number_of,
    oracle_extra,
    safety_text,
    scene_extra,
    story_section,
    story_text,
    twist_words,
)
from oracle.journal.replay import Entry
from oracle.systems.base import System

__all__ = ["FORMATS", "Lonelog", "Markdown", "PlainText", "Renderer", "export", "md_escape"]

_MD_SPECIAL = re.compile(r"([\\`*_\[\]$~|])")
_MD_BLOCK = re.compile(r"^(\s*)([#>+=-]|\d+(?=[.)]))")


def md_escape(value: str) -> str:
    """``value`` as inert Markdown text: no HTML, link, emphasis, code or TeX can start in it."""
    value = value.replace("&", "&amp;").replace("<", "&lt;")
    return _MD_SPECIAL.sub(r"\\\1", value)


def md_block(line: str) -> str:
    """An escaped line that cannot open a heading, quote, list or rule at its start."""
    match = _MD_BLOCK.match(line)
    if match is None:
        return line
    lead, mark = match.group(1), match.group(2)
    if mark[0].isdigit():  # "1." or "1)" opens a list: escape the dot or the bracket
        end = len(lead) + len(mark)
        return line[:end] + "\\" + line[end:]
    return f"{lead}\\{line[len(lead):]}"


class Markdown(LineRenderer):
    """The journal in Markdown (see the module's docstring)."""

    format: str = "markdown"
    suffix: str = ".md"
    mime: str = "text/markdown"

    def escape(self, value: str) -> str:
        return md_escape(value)

    def who(self, value: str) -> str:
        return f"**{value}**"

    def result(self, value: str) -> str:
        return f"*{value}*"

    def on_rules(self, system: System, entry: Entry) -> list[str]:
        when = entry.at[:19].replace("T", " ")
        line = f"**{number_of(entry.seq)}** {self.escape(when)} · {self.entry_text(system, entry)}"
        if entry.undone:
            line = f"~~{line}~~ *(undone)*"
        return [line, ""]

    def on_scene(self, system: System, entry: Entry) -> list[str]:
        if entry.undone:
            return self.on_rules(system, entry)
        out = [f"### {self.escape(one_line(entry.data.get('title', '')))}", ""]
        extra = scene_extra(entry.data).strip()
        number = f"**{number_of(entry.seq)}**"  # numbered as the app shows it
        said = self.escape(one_line(extra)) if extra else "a new scene"  # never a bare number
        return [*out, f"{number} *{said}*", ""]

    def on_narration(self, system: System, entry: Entry) -> list[str]:
        if entry.undone:
            return self.on_rules(system, entry)
        body = STRUCK if entry.struck else str(entry.data.get("text", ""))
        asked = entry.data.get("question")
        out = [f"> *Asked: {self.escape(one_line(asked))}*"] if isinstance(asked, str) else []
        out += [f"> {md_block(self.escape(line))}" if line.strip() else ">"
                for line in body.splitlines() or [""]]
        # its number, as the app shows it: "#24" then "#26" read as an entry lost
        out[0] = f"> **{number_of(entry.seq)}** {out[0][2:]}".rstrip()
        voice = entry.data.get("narrator")
        if voice and not entry.struck:
            reason = entry.data.get("fallback_reason")
            extra = f"; fell back: {self.escape(one_line(reason))}" if reason else ""
            out.append(f"> *({self.escape(one_line(voice))} narrator{extra})*")
        return [*out, ""]

    def write(self, journal: Readable) -> str:
        settings, entries = journal.settings, journal.entries
        undone = sum(1 for e in entries if e.undone and e.number)
        out = [
            f"# {md_block(self.escape(one_line(journal.name)))}",
            "",
            f"- System: {self.escape(journal.system.title)}",
            f"- Created: {self.escape(journal.created)}",
            f"- Seed: {self.escape(str(journal.seed))}",
            f"- Entries: {sum(1 for e in entries if e.number)} ({undone} undone)",
        ]
        if settings.lines or settings.veils:
            out.append(f"- Lines: {self.escape(one_line(', '.join(settings.lines) or 'none'))}")
            out.append(f"- Veils: {self.escape(one_line(', '.join(settings.veils) or 'none'))}")
        for name in ("threads", "characters"):
            items = settings.lists.items(name, open_only=True)
            if items:
                said = ", ".join(one_line(i.text) for i in items)
                out.append(f"- Open {name}: {self.escape(said)}")
        out += ["", "## Journal", ""]
        for entry in entries:
            out += self.entry(journal.system, entry)
        story = story_section(entries, journal.system)
        if story:
            out += ["", "## The story so far", ""]
            out += [f"- {self.escape(one_line(fact))}" for fact in story]
        return "\n".join(out).rstrip() + "\n"


class Lonelog(LineRenderer):
    """The play log in Lonelog notation (see the module's docstring)."""

    format: str = "lonelog"
    suffix: str = ".md"
    mime: str = "text/markdown"

    def on_rules(self, system: System, entry: Entry) -> list[str]:
        line = system.journal_line(entry.data, entry.result)
        said = [one_line(value) for role, value in line.parts if role == "said" and value.strip()]
        if not said:
            action = entry.data.get("action", entry.data.get("intent"))
            said = [one_line(action)] if isinstance(action, str) and action.strip() else []
        reading = read_event(entry.data, entry.result, system)
        words = self.line(line, skip=("said",))
        decided = any(role == "result" for role, _ in line.parts)  # the system's own words
        rolled = line.kind in ("roll", "ruin") and (reading.rolled or decided)
        return [*(f"@ {s}" for s in said), ("d: " if rolled else "=> ") + words,
                *(f"=> [{tag}]" for tag in reading.tags)]

    def on_narration(self, system: System, entry: Entry) -> list[str]:
        asked = entry.data.get("question")
        head = [f"? {one_line(asked)}"] if isinstance(asked, str) and asked else []
        if entry.struck:
            return [*head, f"=> {STRUCK}"]
        body = str(entry.data.get("text", "")).strip()
        if "\n\n" in body:
            return [*head, "\\---", *body.splitlines(), "---\\"]
        return [*head, "=> " + one_line(body)]

    def on_note(self, system: System, entry: Entry) -> list[str]:
        return [f"(note: {one_line(entry.data.get('text', ''))})"]

    def on_oracle(self, system: System, entry: Entry) -> list[str]:
        faces = faces_text(entry.data.get("faces"))
        extra = oracle_extra({**entry.data, "twist": None})
        twist = twist_words(entry.data.get("twist"))
        return [f"? {one_line(entry.data.get('question', ''))}",
                f"-> {one_line(entry.data.get('answer', ''))}" + (f" ({faces})" if faces else "")
                + (f" {one_line(extra)}" if extra.strip() else ""),
                *([f"=> twist: {one_line(twist)}"] if twist else [])]

    def on_list_item(self, system: System, entry: Entry) -> list[str]:
        data = entry.data
        tag = "Thread" if data.get("list") == "threads" else "N"
        state = {"close": "closed", "reopen": "open", "edit": "edited"}.get(
            str(data.get("op")), "open")
        said = next((data[k] for k in ("text", "item") if isinstance(data.get(k), str)),
                    item_words(data))
        return [f"[{tag}:{one_line(said)}|{state}]"]

    def on_safety(self, system: System, entry: Entry) -> list[str]:
        return [f"(safety: {one_line(safety_text(entry.data))})"]

    def on_story(self, system: System, entry: Entry) -> list[str]:
        return [f"(story: {one_line(story_text(entry.data))})"]

    def on_x_card(self, system: System, entry: Entry) -> list[str]:
        return [f"(X-card: narration {number_of(entry.data.get('refers_to'))} struck)"]

    def write(self, journal: Readable) -> str:
        entries = [e for e in journal.entries if not e.undone and e.type != "undo"]
        last = entries[-1].at[:10] if entries else journal.created[:10]
        out = ["---", f"title: {_yaml(journal.name)}", f"ruleset: {_yaml(journal.system.title)}",
               f"start_date: {_yaml(journal.created[:10])}", f"last_update: {_yaml(last)}",
               "---", "", f"# {md_block(md_escape(one_line(journal.name)))}"]
        block: list[str] = []

        def close_block() -> None:
            if block:
                longest = max((len(run) for line in block for run in re.findall("`+", line)),
                              default=0)
                fence = "`" * max(3, longest + 1)
                out.extend([fence, *block, fence])
                block.clear()

        scene = 0
        for entry in entries:
            if entry.type == "scene" or scene == 0:
                close_block()
                scene += 1
                title = entry.data.get("title", "") if entry.type == "scene" else journal.name
                out.extend(["", f"### S{scene} *{md_escape(one_line(title))}*", ""])
                if entry.type == "scene":
                    expected = scene_extra({**entry.data, "twist": None}).strip()
                    twist = twist_words(entry.data.get("twist"))
                    block.extend([*([one_line(expected)] if expected else []),
                                  *([f"=> twist: {one_line(twist)}"] if twist else [])])
                    continue
            block.extend(self.entry(journal.system, entry))
        close_block()
        story = story_section(journal.entries, journal.system)
        if story:
            out += ["", "## The story so far", ""]
            out += [f"- {md_block(md_escape(one_line(fact)))}" for fact in story]
        return "\n".join(out).rstrip() + "\n"


def _yaml(value: object) -> str:
    """A YAML double-quoted scalar: backslash, quote and every control character escaped."""
    escaped = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return '"' + re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\x{ord(m.group()):02x}", escaped) + '"'


class Dumpable(Readable, Protocol):
    """A journal that can also write its JSON dump (an open campaign)."""

    def export_json(self) -> str:
        """The dump that imports back."""
        ...


FORMATS: dict[str, Renderer] = {r.format: r for r in (PlainText(), Markdown(), Lonelog())}
FORMAT_NAMES = (*FORMATS, "json")


def export(journal: Dumpable, format: str) -> str:
    """The journal in ``format`` (``markdown``, ``lonelog``, ``text`` or ``json``)."""
    if format == "json":
        return journal.export_json()
    renderer = FORMATS.get(format)
    if renderer is None:
        raise RequestError(
            f"format: {format[:40]!r} is not an export format; use one of "
            f"{', '.join(FORMAT_NAMES)}."
        )
    return renderer.render(journal)
