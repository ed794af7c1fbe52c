"""The journal: every roll, choice and narration in order, the live narration, exports, X-card."""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

from oracle.app import controls as c
from oracle.app.render import entry_line, esc, journal_html
from oracle.app.session import Session
from oracle.errors import RequestError
from oracle.journal.campaign import Campaign
from oracle.journal.replay import Entry

EXPORTS = {
    "markdown": ("Markdown", "md", "text/markdown"),
    "lonelog": ("Lonelog", "lonelog.md", "text/markdown"),
    "json": ("JSON", "json", "application/json"),
}


def download_link(filename: str, mime: str, text: str, label: str) -> str:
    """A link that downloads ``text`` as ``filename`` (no server round trip, no file written)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a class="oracle-export-link" download="{esc(filename)}" '
            f'href="data:{mime};charset=utf-8;base64,{data}">{esc(label)}</a>')


def export_text(session: Session, kind: str) -> str:
    from oracle.journal.exports import export

    return export(session.require(), kind)


class JournalView:
    """The journal column: entries, the narration streaming in, X-card, undo, exports."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._entries = c.html("", "oracle-journal-entries")
        self._live = c.html("", "oracle-live")
        self._x_card = c.button("X-card", css="oracle-x-card", style="danger",
                                tooltip="Strike the last narration and ask for another")
        self._undo = c.button("Undo", css="oracle-undo",
                              tooltip="Undo the last move: a roll with its narration")
        self._redo = c.button("Redo", css="oracle-redo", tooltip="Restore the move undone last")
        self._undone = c.html("", "oracle-undone-line")
        self._export_buttons = []
        for kind, (label, _ext, _mime) in EXPORTS.items():
            button = c.button(f"Export {label}", css=f"oracle-export oracle-export-{kind}")
            button.on_click(c.guard(self._error_line(), lambda _b, k=kind: self.export(k)))
            self._export_buttons.append(button)
        self._links = c.html("", "oracle-export-links")
        self._note = c.text("Note, or scene title", width="210px",
                            css="oracle-note")
        self._add_note = c.button("Add note", css="oracle-add-note")
        self._add_scene = c.button("New scene", css="oracle-new-scene")
        self._error = c.error_line()
        # the story memory: what the narrators are told besides the dice
        self._story = c.html("", "oracle-story")
        self._place = c.text("Where the story is now", width="210px", css="oracle-place")
        self._move = c.button("Move here", css="oracle-move")
        self._owed = c.column(css="oracle-owed")
        self._move.on_click(c.guard(self._error, self._do_move))
        self._x_card.on_click(c.guard(self._error, self._do_x_card))
        self._undo.on_click(c.guard(self._error, self._do_undo))
        self._redo.on_click(c.guard(self._error, self._do_redo))
        self._add_note.on_click(c.guard(self._error, lambda _b: self._write("note")))
        self._add_scene.on_click(c.guard(self._error, lambda _b: self._write("scene")))
        self.widget = c.column(
            c.row(c.html("<h3>Journal</h3>"), self._x_card, self._undo, self._redo),
            self._undone, self._entries, self._live,
            c.row(self._note, self._add_note, self._add_scene),
            self._error, self._story, c.row(self._place, self._move), self._owed,
            c.row(*self._export_buttons), self._links,
            css="oracle-journal",
        )
        self.refresh()

    def _error_line(self) -> Any:
        if not hasattr(self, "_export_error"):
            self._export_error = c.error_line()
        return self._export_error

    def refresh(self) -> None:
        """Bring this view up to date with the session."""
        from oracle.app.undo import redoable

        campaign = self.session.campaign
        self._redo.disabled = campaign is None or redoable(campaign)[0] is None
        if campaign is None:
            self._entries.value = ""
            self._story.value = ""
            self._owed.children = ()
            return
        rows = journal_rows(campaign)  # the GM's view shows the whole journal
        self._entries.value = journal_html(rows, campaign.summary, campaign.system,
                                           limit=len(rows) if self.session.seat.gm else 80)
        self._refresh_story(campaign)

    def _refresh_story(self, campaign: Campaign) -> None:
        story = campaign.story
        facts = story.facts()
        self._story.value = ("<details><summary>The story so far</summary><ul>"
                             + "".join(f"<li>{esc(fact)}</li>" for fact in facts)
                             + "</ul></details>") if facts else ""
        key = tuple(b.seq for b in story.owed)
        if key != getattr(self, "_owed_key", None):
            self._owed_key = key
            buttons = []
            for bargain in story.owed:
                button = c.button(f"Paid: {bargain.text[:40]}", css="oracle-bargain-paid",
                                  tooltip="The price of this Devil's Bargain has been paid")
                button.on_click(c.guard(self._error,
                                        lambda _b, seq=bargain.seq: self._do_paid(seq)))
                buttons.append(button)
            self._owed.children = tuple(buttons)

    # -- streaming ---------------------------------------------------------------------------

    def streaming(self, beat: str) -> None:
        self._live.value = ('<span class="oracle-spinner"></span><span class="oracle-hint">'
                            "The narrator is speaking…</span>")
        self._streamed = ""

    def on_text(self, piece: str) -> None:
        """A streamed piece of narration (called from the narrator's thread)."""
        self._streamed = getattr(self, "_streamed", "") + piece
        self._live.value = ('<span class="oracle-spinner"></span>' + esc(self._streamed))

    def done(self, error: str | None = None) -> None:
        self._live.value = f'<span class="oracle-hint">{esc(error)}</span>' if error else ""
        self._streamed = ""
        self.refresh()

    # -- actions -----------------------------------------------------------------------------

    def export(self, kind: str) -> str:
        campaign = self.session.require()
        _label, ext, mime = EXPORTS[kind]
        text = export_text(self.session, kind)
        filename = f"{campaign.id}.{ext}"
        self._links.value = ('<span class="oracle-hint">Ready: </span>'
                             + download_link(filename, mime, text, f"download {filename}"))
        return text

    def _do_x_card(self, _button: Any = None) -> None:
        self.streaming("x_card")
        self.session.x_card(on_text=self.on_text,
                            on_done=lambda voiced: self.done(voiced.error))
        self.refresh()

    def _write(self, kind: str) -> None:
        if kind == "note":
            self.session.add_note(self._note.value)
        else:
            self.session.new_scene(self._note.value)
        self._note.value = ""
        self.refresh()

    def _do_move(self, _button: Any = None) -> None:
        place = self._place.value.strip()
        if not place:
            raise RequestError("place: say where the story is now.")
        self.session.set_story(place=place)
        self._place.value = ""
        self.refresh()

    def _do_paid(self, seq: int) -> None:
        self.session.set_story(paid=seq)
        self.refresh()

    def _do_undo(self, _button: Any = None) -> None:
        self._undone.value = self._said("Undone", self.session.undo_last)

    def _do_redo(self, _button: Any = None) -> None:
        self._undone.value = self._said("Restored", self.session.redo_last)

    def _said(self, verb: str, act: Any) -> str:
        """Do ``act`` (undo or redo a move) and say which move, in the journal's words."""
        campaign = self.session.require()
        before = {e.seq: (e, r) for e, r in journal_rows(campaign)}
        seq = act()  # the session tells every view, this one included, to refresh
        rows = before if verb == "Undone" else {e.seq: (e, r) for e, r in journal_rows(campaign)}
        entry, result = rows[seq]
        _css, line = entry_line(campaign.system, entry.type, entry.data, result, entry.type)
        return f'<div class="oracle-hint"><b>{verb}</b>: {line}</div>'



def journal_rows(campaign: Campaign) -> list[tuple[Entry, Mapping[str, Any] | None]]:
    """Every entry with the result the rules settled for it (None for meta and undone entries).

    The journal stores faces, not outcomes; replaying the fold gives each entry's result.
    """
    system = campaign.system
    state = system.new_state()
    rows: list[tuple[Entry, Mapping[str, Any] | None]] = []
    for entry in campaign.entries:
        if entry.meta or entry.undone:
            rows.append((entry, None))
            continue
        try:
            state = system.apply(state, entry.data)
        except Exception:  # noqa: BLE001 - the campaign already folded it; never break the journal view
            rows.append((entry, None))
            continue
        result = getattr(state, "last_result", None)
        rows.append((entry, dict(result) if isinstance(result, Mapping) else None))
        if result is not None:
            state = _without_result(state)
    return rows


def _without_result(state: Any) -> Any:
    from dataclasses import replace

    try:
        return replace(state, last_result=None)
    except TypeError:
        return state
