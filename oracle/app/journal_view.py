"""The journal: every roll, choice and narration in order, the live narration, exports, X-card."""

from __future__ import annotations

import base64
import logging
import threading
import time
from collections.abc import Mapping
from typing import Any

from oracle.app import controls as c
from oracle.app.narration import joined
from oracle.app.render import Lines, entry_line, esc, journal_html
from oracle.app.session import Session
from oracle.background import later
from oracle.errors import RequestError
from oracle.journal.campaign import Campaign
from oracle.journal.replay import Entry

log = logging.getLogger("oracle.app")

EXPORTS = {
    "markdown": ("Markdown", "md", "text/markdown"),
    "lonelog": ("Lonelog", "lonelog.md", "text/markdown"),
    "json": ("JSON", "json", "application/json"),
}


LINKS_QUIET = 2.0
"""Seconds without a change to the journal before its export links are rebuilt. A rebuild
exports the whole campaign three times and sends it all to the page (about 30 ms of the kernel
and 0.5 MB after 60 rolls), so it waits for a pause in play: rebuilt 0.5 s after each change,
it kept running, back to back, beside the rolls of a quick run of moves."""


def download_link(filename: str, mime: str, text: str, label: str, css: str = "") -> str:
    """A link that downloads ``text`` as ``filename`` (no server round trip, no file written)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    classes = " ".join(["oracle-export-link", *css.split()])
    return (f'<a class="{esc(classes)}" download="{esc(filename)}" '
            f'href="data:{mime};charset=utf-8;base64,{data}">{esc(label)}</a>')


def export_text(session: Session, kind: str) -> str:
    from oracle.journal.exports import export

    return export(session.require(), kind)


class JournalView:
    """The journal column: entries, the narration streaming in, X-card, undo, exports."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._lines: tuple[object, Lines] = (None, {})  # each entry's words, kept (render.py)
        self._entries = c.html("", "oracle-journal-entries")
        self._live = c.html("", "oracle-live")
        self._x_card = c.button("X-card", css="oracle-x-card", style="danger",
                                tooltip="Strike the last narration and ask for another")
        self._undo = c.button("Undo", css="oracle-undo",
                              tooltip="Undo the last move: a roll with its narration")
        self._redo = c.button("Redo", css="oracle-redo", tooltip="Restore the move undone last")
        self._undone = c.html("", "oracle-undone-line")
        self._undone_for: tuple[str, int] | None = None  # the journal the line speaks of
        # Exports are links, ready before they are wanted: one click downloads (they are
        # rebuilt off the widget thread once the journal has not changed for a moment).
        self._links = c.html(self._pending_links(), "oracle-export-links")
        self._links_for: tuple[str, int] | None = None
        self._links_pending = False  # a rebuild is scheduled and has not finished
        self._links_seen: tuple[str, int] | None = None  # the journal when last changed
        self._links_after = 0.0  # time.monotonic() before which it waits (moves still coming)
        self._links_flag = threading.Lock()  # the three above
        self._links_lock = threading.Lock()  # one rebuild at a time
        self._note = c.text("a note, or a scene title", label="Note or scene", css="oracle-note")
        self._add_note = c.button("Add note", css="oracle-add-note")
        self._add_scene = c.button("New scene", css="oracle-new-scene")
        self._error = c.error_line()
        self._error.add_class("oracle-journal-error")
        # the story memory: what the narrators are told besides the dice
        self._story = c.html("", "oracle-story")
        self._place = c.text("e.g. the drowned chapel", label="Where the story is now",
                             width="260px", css="oracle-place")
        self._move = c.button("Move here", css="oracle-move")
        self._owed = c.column(css="oracle-owed")
        self._move.on_click(c.guard(self._error, self._do_move))
        c.on_enter(self._place, c.guard(self._error, self._do_move))
        self._x_card.on_click(c.guard(self._error, self._do_x_card))
        self._undo.on_click(c.guard(self._error, self._do_undo))
        self._redo.on_click(c.guard(self._error, self._do_redo))
        self._add_note.on_click(c.guard(self._error, lambda _b: self._write("note")))
        self._add_scene.on_click(c.guard(self._error, lambda _b: self._write("scene")))
        c.on_enter(self._note, c.guard(self._error, lambda: self._write("note")))
        self.widget = c.column(
            c.row(c.html("<h3>Journal</h3>"), self._x_card, self._undo, self._redo),
            self._undone, self._entries, self._live,
            c.row(self._note, self._add_note, self._add_scene),
            self._error, self._story, c.row(self._place, self._move), self._owed,
            self._links,
            css="oracle-journal",
        )
        self.refresh()

    def refresh(self) -> None:
        """Bring this view up to date with the session."""
        from oracle.app.undo import redoable

        campaign = self.session.campaign
        self._redo.disabled = campaign is None or redoable(campaign)[0] is None
        if self._undone_for is not None and self._where() != self._undone_for:
            # "Undone: ..." speaks of the last move only: play went on, or another campaign
            self._undone.value = ""
            self._undone_for = None
        if campaign is None:
            self._entries.value = ""
            self._story.value = ""
            self._owed.children = ()
            return
        rows = journal_rows(campaign)  # the GM's view shows the whole journal
        if self._lines[0] is not campaign:
            self._lines = (campaign, {})  # the words of another campaign's entries are not kept
        self._entries.value = journal_html(rows, campaign.summary, campaign.system,
                                           limit=len(rows) if self.session.seat.gm else 80,
                                           lines=self._lines[1])
        self._refresh_story(campaign)
        self._links_soon()

    def _refresh_story(self, campaign: Campaign) -> None:
        story = campaign.story
        facts = story.told()
        self._story.value = ("<details><summary>The story so far</summary><ul>"
                             + "".join(f"<li>{esc(fact)}</li>" for fact in facts)
                             + "</ul></details>") if facts else ""
        key = tuple(b.seq for b in story.owed)
        if key != getattr(self, "_owed_key", None):
            self._owed_key = key
            buttons = []
            for bargain in story.owed:
                button = c.button(f"Mark paid: {bargain.text[:40]}", css="oracle-bargain-paid",
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
        self._streamed = joined(getattr(self, "_streamed", ""), piece)  # a Restart replaces
        self._live.value = ('<span class="oracle-spinner"></span>' + esc(self._streamed))

    def done(self, error: str | None = None) -> None:
        self._live.value = f'<span class="oracle-hint">{esc(error)}</span>' if error else ""
        self._streamed = ""
        self.refresh()

    # -- actions -----------------------------------------------------------------------------

    def export(self, kind: str) -> str:
        """The open campaign exported as ``kind`` (and the download links brought up to date)."""
        text = export_text(self.session, kind)
        self.update_links()
        return text

    @staticmethod
    def _pending_links() -> str:
        return '<span class="oracle-hint">Exports appear here once a campaign is open.</span>'

    def update_links(self) -> None:
        """Rebuild the three download links for the journal as it stands (if it changed)."""
        with self._links_lock:
            campaign = self.session.campaign
            if campaign is None:
                self._links_for = None
                self._links.value = self._pending_links()
                return
            key = (campaign.id, campaign.last_seq)
            if key == self._links_for:
                return
            links = [download_link(f"{campaign.id}.{ext}", mime, export_text(self.session, kind),
                                   f"Download {label}", css=f"oracle-export-{kind}")
                     for kind, (label, ext, mime) in EXPORTS.items()]
            self._links.value = ('<span class="oracle-hint">Export: </span>'
                                 + " · ".join(links))
            self._links_for = key

    def _links_soon(self) -> None:
        """Rebuild the links once the journal has not changed for ``LINKS_QUIET`` seconds, off
        the widget thread: a roll never waits, and a run of moves pays for one rebuild, after it."""
        campaign = self.session.campaign
        if campaign is None:
            self.update_links()
            return
        key = (campaign.id, campaign.last_seq)
        if key == self._links_for:
            return
        # a campaign just opened has its links at once (nothing is being played yet); a change
        # to the one open waits for a pause in play
        wait = LINKS_QUIET if self._links_for and self._links_for[0] == campaign.id else 0.0
        with self._links_flag:
            if key != self._links_seen:  # each change puts it off (a mere refresh does not)
                self._links_seen = key
                self._links_after = time.monotonic() + wait
            if self._links_pending:
                return
            self._links_pending = True
        later(wait, self._links_when_quiet, "oracle-links")

    def _links_when_quiet(self) -> None:
        """The scheduled rebuild: put off again while the journal keeps changing; afterwards
        one more if it changed during the rebuild."""
        with self._links_flag:
            left = self._links_after - time.monotonic()
        if left > 0:
            later(left, self._links_when_quiet, "oracle-links")
            return
        try:
            self.update_links()
        except Exception:  # a link not rebuilt now is rebuilt at the next change
            log.debug("export links: not rebuilt", exc_info=True)
            return
        finally:
            with self._links_flag:
                self._links_pending = False
        self._links_soon()  # nothing to do unless the journal changed during the rebuild

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
        self._undone_for = self._where()

    def _do_redo(self, _button: Any = None) -> None:
        self._undone.value = self._said("Restored", self.session.redo_last)
        self._undone_for = self._where()

    def _where(self) -> tuple[str, int] | None:
        campaign = self.session.campaign
        return None if campaign is None else (campaign.id, campaign.last_seq)

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
    """Every entry with the result the rules settled for it (None for meta entries; an entry
    undone in this session keeps the result it had, so its line keeps its words).

    The campaign's fold keeps each entry's result as it folds (and after an undo refolds), so
    showing the journal never replays it: a refresh costs the same on the first roll and the
    five hundredth.
    """
    return [(entry, None if entry.meta else entry.result)
            for entry in campaign.entries]
