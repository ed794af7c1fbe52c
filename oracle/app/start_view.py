"""Start: Quick start, and the campaign picker (new, open, rename, export, delete)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.journal_view import download_link
from oracle.app.render import esc
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.app.systems import DEFAULT
from oracle.systems import SYSTEMS


class StartView:
    """The first screen, and the Campaigns tab once a campaign is open."""

    def __init__(self, session: Session, shell: Shell, with_quick_start: bool = True) -> None:
        self.session = session
        self.shell = shell
        # Only the start screen carries the oracle-quickstart hook (one per page).
        self._quick = c.button("Quick start: one treasure-hunter, ready to roll",
                               css="oracle-quickstart" if with_quick_start else "",
                               style="primary")
        self._quick.layout.display = "" if with_quick_start else "none"
        self._new_name = c.text("Name of a new campaign", width="320px", css="oracle-new-campaign")
        self._system = widgets.Dropdown(
            options=[(system.title, name) for name, system in SYSTEMS.items()], value=DEFAULT)
        self._system.layout.width = "200px"
        self._system.add_class("oracle-new-system")
        self._new = c.button("New campaign", css="oracle-create-campaign")
        self._list = widgets.VBox([])
        self._list.add_class("oracle-campaign-list")
        self._error = c.error_line()
        self._error.add_class("oracle-start-error")
        self._links = c.html("", "oracle-export-links")
        self._confirming: str | None = None
        self._quick.on_click(c.guard(self._error, self._do_quick))
        self._new.on_click(c.guard(self._error, self._do_new))
        lead = c.html('<div class="lead">A solo expedition into the haunted forest. The rules '
                      "decide every roll; the narrator voices the rest.</div>")
        lead.layout.display = "" if with_quick_start else "none"
        self.widget = c.column(
            c.html("<h2>Into the forest</h2>" if with_quick_start else "<h2>Campaigns</h2>"),
            lead, c.row(self._quick),
            c.row(self._new_name, self._system, self._new), self._error, self._list, self._links,
            css="oracle-start",
        )
        self.refresh()

    def refresh(self) -> None:
        """Bring this view up to date with the session."""
        rows = []
        current = self.session.campaign.id if self.session.campaign is not None else None
        for info in self.session.campaigns():
            if not info.ok:
                rows.append(c.html(f'<div class="oracle-hint">{esc(info.id)}: '
                                   f"{esc(info.error)}</div>"))
                continue
            label = c.html(f"<b>{esc(info.name)}</b> <span class='oracle-hint'>"
                           f"{esc(info.system)} · {info.events} entries · "
                           f"{esc(info.updated[:16])}"
                           f"{' · open' if info.id == current else ''}</span>")
            label.layout.width = "340px"
            open_button = c.button("Open", css="oracle-open-campaign")
            rename_box = c.text("new name", width="150px")
            rename = c.button("Rename", css="oracle-rename-campaign")
            export = c.button("Export JSON", css="oracle-export-campaign")
            confirming = self._confirming == info.id
            delete = c.button("Really delete?" if confirming else "Delete",
                              css="oracle-delete-campaign", style="danger" if confirming else "")
            cancel = c.button("Keep it", css="oracle-keep-campaign")
            cancel.layout.display = "" if confirming else "none"
            line = c.error_line()
            open_button.on_click(c.guard(line, lambda _b, i=info.id: self._open(i)))
            rename.on_click(c.guard(line, lambda _b, i=info.id, box=rename_box:
                                    self._rename(i, box.value)))
            export.on_click(c.guard(line, lambda _b, i=info.id: self._export(i)))
            delete.on_click(c.guard(line, lambda _b, i=info.id: self._delete(i)))
            cancel.on_click(c.guard(line, lambda _b: self._cancel()))
            rows.append(c.column(c.row(label, open_button, rename_box, rename, export, delete,
                                       cancel), line, css="oracle-campaign-row"))
        if not rows:
            rows.append(c.html('<div class="oracle-hint">No campaigns yet.</div>'))
        self._list.children = tuple(rows)

    def _do_quick(self, _button: Any = None) -> None:
        self.session.quick_start()
        self.shell.refresh()

    def _do_new(self, _button: Any = None) -> None:
        self.session.new_campaign(self._new_name.value, self._system.value)
        self._new_name.value = ""
        self.shell.refresh()

    def _open(self, campaign_id: str) -> None:
        self.session.open(campaign_id)
        self.shell.refresh()

    def _rename(self, campaign_id: str, name: str) -> None:
        if self.session.campaign is None or self.session.campaign.id != campaign_id:
            self.session.open(campaign_id)
        self.session.rename(name)
        self.shell.refresh()

    def _export(self, campaign_id: str) -> None:
        from oracle.journal.campaign import Campaign

        with Campaign.open(campaign_id, self.session.home, remember=False) as campaign:
            text = campaign.export_json()
        self._links.value = download_link(f"{campaign_id}.json", "application/json", text,
                                          f"download {campaign_id}.json")

    def _delete(self, campaign_id: str) -> None:
        if self._confirming != campaign_id:
            self._confirming = campaign_id  # ask once more: deleting cannot be undone
            self.refresh()
            return
        self._confirming = None
        self.session.delete(campaign_id)
        self.shell.refresh()

    def _cancel(self) -> None:
        self._confirming = None
        self.refresh()
