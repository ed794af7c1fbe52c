"""Threads and characters in the app: add, edit, close and reopen them; take the narrator's
offers into them. Every change is a ``list_item`` event (:mod:`oracle.journal.lists`)."""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.render import esc
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.background import spawn
from oracle.journal.lists import KINDS, LISTS
from oracle.narrator.beats import BEATS

NOUN = {"threads": "thread", "characters": "character"}


class ListPanel:
    """One list (threads or characters): its items, and the controls that change them."""

    def __init__(self, session: Session, shell: Shell, name: str) -> None:
        self.session = session
        self.shell = shell
        self.name = name
        noun = NOUN[name]
        self._items = c.html("", f"oracle-{name}")
        self._text = c.text(f"A new {noun}", css=f"oracle-{noun}-text")
        self._kind = widgets.Dropdown(options=list(KINDS[name]), value=KINDS[name][0],
                                      layout=widgets.Layout(width="110px"))
        self._kind.add_class(f"oracle-{noun}-kind")
        self._add = c.button(f"Add {noun}", css=f"oracle-{noun}-add")
        self._pick = widgets.Dropdown(options=[], layout=widgets.Layout(width="220px"))
        self._pick.add_class(f"oracle-{noun}-pick")
        self._edit_text = c.text("New words", width="200px", css=f"oracle-{noun}-edit-text")
        self._edit = c.button("Edit", css=f"oracle-{noun}-edit")
        self._close = c.button("Close", css=f"oracle-{noun}-close")
        self._reopen = c.button("Reopen", css=f"oracle-{noun}-reopen")
        self.error = c.error_line()
        self.error.add_class(f"oracle-{noun}-error")
        self._add.on_click(c.guard(self.error, self._do_add))
        self._edit.on_click(c.guard(self.error, lambda _b: self._change("edit")))
        self._close.on_click(c.guard(self.error, lambda _b: self._change("close")))
        self._reopen.on_click(c.guard(self.error, lambda _b: self._change("reopen")))
        self.widget = c.column(
            c.html(f"<h3>{name.capitalize()}</h3>"), self._items,
            c.row(self._text, self._kind, self._add),
            c.row(self._pick, self._edit_text, self._edit, self._close, self._reopen),
            self.error, css=f"oracle-list oracle-list-{name}")

    def refresh(self) -> None:
        items = self.session.solo.lists.items(self.name)
        if not items:
            self._items.value = f"<div class='oracle-hint'>No {esc(self.name)} yet.</div>"
        else:
            rows = "".join(
                f'<li data-id="{i.id}" class="{"open" if i.open else "closed"}">'
                + (esc(i.text) if i.open else f"<s>{esc(i.text)}</s>")
                + f" <span class='when'>({esc(i.kind)}, {esc(i.source)})</span></li>"
                for i in items)
            self._items.value = f"<ul>{rows}</ul>"
        c.set_options(self._pick, [(f"{i.text[:40]}{'' if i.open else ' (closed)'}", i.id)
                                   for i in items])

    def add(self, text: str, source: str = "player") -> None:
        self.session.solo.add(self.name, text, self._kind.value, source)
        self.shell.refresh()

    def _do_add(self, _button: object = None) -> None:
        self.add(self._text.value)
        self._text.value = ""

    def _change(self, op: str) -> None:
        if self._pick.value is None:
            from oracle.errors import RequestError

            raise RequestError(f"{self.name}: pick one first.")
        self.session.solo.change(self.name, int(self._pick.value), op, self._edit_text.value)
        self._edit_text.value = ""
        self.shell.refresh()


class ListsView:
    """Both lists, and the narrator's offers (exploration ideas) to keep in either."""

    def __init__(self, session: Session, shell: Shell) -> None:
        self.session = session
        self.panels = {name: ListPanel(session, shell, name) for name in LISTS}
        self._suggest = c.button("Ask the narrator for ideas", css="oracle-list-suggest")
        self._offers = widgets.VBox([])
        self._offers.add_class("oracle-list-offers")
        self._error = c.error_line()
        self._error.add_class("oracle-lists-error")
        self._suggest.on_click(c.guard(self._error, self._do_suggest))
        self.widget = c.column(
            c.html('<h2>Threads and characters</h2><div class="oracle-hint">What comes back: '
                   "goals and open questions, NPCs, folk and monsters. Twists draw on them; "
                   "the narrator knows the open ones.</div>"),
            c.row(self.panels["threads"].widget, self.panels["characters"].widget),
            c.row(self._suggest), self._offers, self._error, css="oracle-lists")

    def refresh(self) -> None:
        for panel in self.panels.values():
            panel.refresh()

    def _do_suggest(self, _button: object = None) -> None:
        self._offers.children = (c.html('<span class="oracle-spinner"></span><span '
                                        'class="oracle-hint">The narrator is thinking…</span>'),)
        session = self.session
        place = session.solo.place

        def work() -> None:
            try:
                items = session.offers("answer", dict(BEATS["answer"].unrolled), intent=place)
            except Exception as exc:  # noqa: BLE001 - shown as a sentence, never a traceback
                self._offers.children = (c.html(f'<span class="oracle-hint">{esc(exc)}</span>'),)
                return
            rows = []
            for item in items:
                keep = [c.button(f"Keep as {NOUN[name]}", css=f"oracle-offer-{NOUN[name]}")
                        for name in LISTS]
                for name, button in zip(LISTS, keep, strict=True):
                    button.on_click(c.guard(self._error, lambda _b, n=name, t=item:
                                            self._keep(n, t)))
                rows.append(c.row(c.html(f"<span class='oracle-offer-text'>{esc(item)}</span>"),
                                  *keep))
            self._offers.children = tuple(rows)

        spawn(work, "oracle-offers")

    def _keep(self, name: str, text: str) -> None:
        self.panels[name].add(text[:300], source="narrator")
        self._offers.children = ()
