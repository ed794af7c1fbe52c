"""HTML for the app: counters, tags, percentages, journal entries (a system's own pieces, such
as Trophy's dice, are in its folder).

Pure functions from values to escaped HTML strings (no widgets here), so they are easy to test.
Every piece of player or model text goes through :func:`html.escape`.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any


def esc(text: object) -> str:
    """Escape any value for HTML (player text and model text are data, never markup)."""
    return html.escape(str(text), quote=True)


@cache
def stylesheet() -> str:
    """The app's CSS (``oracle/app/static/oracle.css``)."""
    return resources.files("oracle.app").joinpath("static/oracle.css").read_text(encoding="utf-8")


def page_script() -> str:
    """What the page does by itself (``oracle/app/static/oracle.js``): the reconnecting
    banner, and a new roll scrolled into view on a phone."""
    return resources.files("oracle.app").joinpath("static/oracle.js").read_text(encoding="utf-8")


def rolled(number: int, body: str) -> str:
    """A roll's result, numbered so the page knows a new one arrived (and scrolls a phone to
    its card: ``oracle.js``)."""
    return f'<div data-roll="{number}">{body}</div>'


def counter(value: int, label: str, css: str) -> str:
    """A counter such as Hunt Tokens or Gold."""
    return (
        f'<div class="oracle-counter {esc(css)}" data-value="{value}">'
        f'<span class="num">{value}</span><span class="lbl">{esc(label)}</span></div>'
    )


def tags(items: Iterable[str], css: str = "") -> str:
    return "".join(f'<span class="oracle-tag {esc(css)}">{esc(item)}</span>' for item in items)


def percent(value: Any) -> str:
    """A probability (Fraction, float or ``"a/b"`` string) as a rounded percentage."""
    number = float(Fraction(value)) if isinstance(value, str) else float(value)
    return f"{100 * number:.1f}%"


def line_html(line: Any) -> str:
    """A system's journal :class:`~oracle.systems.base.Line` as escaped HTML.

    Who acts is bold, what they said is quoted, the result that decided is emphasised.
    """
    out = []
    for role, value in line.parts:
        text = esc(value)
        if role == "who":
            out.append(f"<b>{text}</b>")
        elif role == "said":
            out.append(f"“{text}”")
        elif role == "result":
            out.append(f'<em class="oracle-result">{text}</em>')
        else:
            out.append(text)
    return "".join(out)


def lines_html(text: str) -> str:
    """Narration as HTML, escaped, its line breaks kept (exploration answers are a list)."""
    return "<br>".join(esc(line) for line in text.strip().splitlines())


def _meta_line(kind: str, data: Mapping[str, Any]) -> str | None:
    """The app's own rendering of a journal's meta entries (no system words them)."""
    if kind == "narration":
        asked = data.get("question")
        return ((f"<b>Asked:</b> {esc(asked)}<br>" if isinstance(asked, str) and asked else "")
                + lines_html(str(data.get("text", ""))))
    if kind == "oracle":
        from oracle.journal.render import oracle_extra

        # "Oracle:", as the exports say it ("? question" is Lonelog's notation, not a reader's)
        return (f"<b>Oracle:</b> {esc(data.get('question', ''))} → "
                f"<b>{esc(data.get('answer', ''))}"
                f"</b> <span class='when'>{esc(oracle_extra(data))}</span>")
    if kind == "scene":
        from oracle.journal.render import scene_extra

        return (f"<b>Scene:</b> {esc(data.get('title', ''))}"
                f" <span class='when'>{esc(scene_extra(data))}</span>")
    if kind == "list_item":
        from oracle.journal.lists import item_words

        return f"<i>{esc(item_words(data))}</i>"
    if kind == "note":
        return f"<i>Note:</i> {esc(data.get('text', ''))}"
    if kind == "story":
        from oracle.journal.render import story_text

        return f"<i>{esc(story_text(data))}</i>"
    if kind == "safety":
        return "Safety tools updated (lines and veils)."
    if kind == "x_card":
        from oracle.journal.render import number_of

        return f"The X-card struck narration {esc(number_of(data.get('refers_to')))}."
    if kind in ("scene_end", "meaning", "table"):
        from oracle.journal.render import SOLO_META

        return esc("".join(p if isinstance(p, str) else p[1] for p in SOLO_META[kind](data)))
    return None


def entry_line(system: Any, kind: str, data: Mapping[str, Any],
               result: Mapping[str, Any] | None,
               fallback: str | Callable[[], str]) -> tuple[str, str]:
    """(css class, escaped HTML) for one journal entry, in ``system``'s words.

    Meta entries (narration, oracle, scene, note, safety, X-card) are the app's own; every
    rules event is the system's ``journal_line``; ``fallback`` (or what it returns, asked only
    then) if the system cannot word it.
    """
    meta = _meta_line(kind, data)
    if meta is not None:
        return ("narration" if kind == "narration" else "meta"), meta
    try:
        line = system.journal_line({**data, "type": kind}, result)
    except Exception:  # noqa: BLE001 - a line the system cannot word is shown plainly
        return "meta", esc(fallback if isinstance(fallback, str) else fallback())
    return str(line.kind), line_html(line)


Lines = dict[int, tuple[Any, Any, str, str]]  # seq -> (its data, its result, css, body)


def _plain(summary: Any, entry: Any) -> str:
    try:
        return str(summary(entry))
    except Exception:  # noqa: BLE001 - shown as a sentence, never a traceback
        return str(entry.type)


def journal_html(rows: Sequence[tuple[Any, Mapping[str, Any] | None]],
                 summary: Any, system: Any, limit: int = 80, lines: Lines | None = None) -> str:
    """The journal, oldest first (the newest stays in view: the box scrolls from the bottom).

    ``lines`` keeps each entry's words between calls (a journal is append-only: an entry reads
    the same while its data and result are the same objects), so a refresh words only what is
    new.
    """
    from oracle.journal.render import numbered

    with numbered(entry for entry, _result in rows):
        parts = _entries_html(rows, summary, system, limit, lines)
    if not parts:
        return '<div class="oracle-hint">The journal is empty. Roll something.</div>'
    return ('<div class="oracle-journal-scroll"><div>' + "".join(parts) + "</div></div>")


def _entries_html(rows: Sequence[tuple[Any, Mapping[str, Any] | None]], summary: Any,
                  system: Any, limit: int, lines: Lines | None) -> list[str]:
    """Each shown entry of the newest ``limit`` as a ``<div>``, numbered as a reader sees it."""
    parts = []
    for entry, result in list(rows)[-limit:]:
        if entry.type in ("undo", "preference"):
            continue
        kept = lines.get(entry.seq) if lines is not None else None
        if kept is not None and kept[0] is entry.data and kept[1] is result:
            css, body = kept[2], kept[3]
        else:
            css, body = entry_line(system, entry.type, entry.data, result,
                                   functools.partial(_plain, summary, entry))
            if lines is not None:
                lines[entry.seq] = (entry.data, result, css, body)
        classes = ["oracle-entry", css]
        note = ""
        if entry.struck:
            # The X-card takes the words off the page, not just crosses them out.
            body = "<i>Narration struck with the X-card.</i>"
            classes.append("xcarded")
        if entry.undone:
            classes.append("struck")
            note = " <span class='when'>(undone)</span>"
        number = getattr(entry, "number", 0) or entry.seq
        parts.append(f'<div class="{" ".join(classes)}" data-seq="{entry.seq}">'
                     f'<span class="when">#{number}</span> {body}{note}</div>')
    return parts
