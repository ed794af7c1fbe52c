"""Start: Quick start, and the campaign picker (new, open, rename, export, delete)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.journal_view import download_link
from oracle.app.render import esc
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.app.systems import DEFAULT
from oracle.background import blocking_allowed, spawn
from oracle.errors import OracleError, RequestError
from oracle.systems import SYSTEMS

if TYPE_CHECKING:
    from oracle.journal.library import CampaignInfo

log = logging.getLogger("oracle.app")


def system_title(name: str) -> str:
    """A system's title for people ("Die Trying"), its name if it is unknown."""
    system = SYSTEMS.get(name)
    return str(system.title) if system is not None else name


def human_date(stamp: str, now: datetime | None = None) -> str:
    """An ISO time stamp as people say it, in local time: "today, 17:31", "yesterday, 09:02",
    "3 Nov, 17:31" this year, "3 Nov 2025" before; the stamp itself if it cannot be read."""
    try:
        when = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return stamp
    if when.tzinfo is not None:
        when = when.astimezone(now.tzinfo if now is not None and now.tzinfo else None)
    now = now or datetime.now(when.tzinfo)
    days = (now.date() - when.date()).days
    clock = f"{when.hour:02d}:{when.minute:02d}"
    if days == 0:
        return f"today, {clock}"
    if days == 1:
        return f"yesterday, {clock}"
    if when.year == now.year:
        return f"{when.day} {when.strftime('%b')}, {clock}"
    return f"{when.day} {when.strftime('%b')} {when.year}"


class StartView:
    """The first screen, and the Campaigns tab once a campaign is open."""

    def __init__(self, session: Session, shell: Shell, with_quick_start: bool = True) -> None:
        self.session = session
        self.shell = shell
        # The start screen's button carries the oracle-quickstart hook (one per page); the
        # Campaigns tab has its own, so a new expedition is one click from anywhere.
        self._quick = c.button("Quick start: one treasure-hunter, ready to roll",
                               css="oracle-quickstart" if with_quick_start
                               else "oracle-quickstart-again",
                               style="primary")
        self._new_name = c.text("e.g. The drowned chapel", label="Name of a new campaign",
                                width="320px", css="oracle-new-campaign")
        # Only the default system's title at first: naming the others imports them, which
        # waits until the picker is shown (refresh).
        self._system = widgets.Dropdown(
            options=[(system_title(DEFAULT), DEFAULT)], value=DEFAULT,
            description="Game", style={"description_width": "initial"})
        self._system.layout.width = "220px"
        self._system.add_class("oracle-new-system")
        self._new = c.button("New campaign", css="oracle-create-campaign")
        self._upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                          description="Import a JSON export")
        self._upload.layout.width = "auto"
        self._upload.add_class("oracle-import-file")
        self._list = widgets.VBox([])
        self._list.add_class("oracle-campaign-list")
        self._error = c.error_line()
        self._error.add_class("oracle-start-error")
        self._confirming: str | None = None
        self._exports: dict[tuple[str, str], str] = {}  # (id, updated) -> its download link
        self._quick.on_click(c.guard(self._error, self._do_quick))
        self._new.on_click(c.guard(self._error, self._do_new))
        c.on_enter(self._new_name, c.guard(self._error, self._do_new))
        self._upload.observe(c.guard(self._error, self._do_import), names="value")
        lead = c.html('<div class="lead">A solo expedition into the haunted forest. The rules '
                      "decide every roll; the narrator voices the rest.</div>")
        lead.layout.display = "" if with_quick_start else "none"
        self.widget = c.column(
            c.html("<h2>Into the forest</h2>" if with_quick_start else "<h2>Campaigns</h2>"),
            lead, c.row(self._quick),
            c.row(self._new_name, self._system, self._new), c.row(self._upload),
            self._error, self._list,
            css="oracle-start",
        )
        if not with_quick_start:
            self.refresh()  # the start screen is refreshed by the shell, only when it shows

    def refresh(self) -> None:
        """Bring this view up to date with the session."""
        if len(self._system.options) < len(SYSTEMS):
            c.set_options(self._system, [(system_title(name), name) for name in SYSTEMS])
        rows = []
        pending: list[tuple[Any, Any]] = []  # rows whose export link is still to be made
        current = self.session.campaign.id if self.session.campaign is not None else None
        for info in self.session.campaigns():
            if not info.ok:
                rows.append(c.html(f'<div class="oracle-hint">{esc(info.id)}: '
                                   f"{esc(info.error)}</div>"))
                continue
            entries = f"{info.events} {'entry' if info.events == 1 else 'entries'}"
            label = c.html(f"<b>{esc(info.name)}</b> <span class='oracle-hint'>"
                           f"{esc(system_title(info.system))} · {entries} · "
                           f"{esc(human_date(info.updated))}"
                           f"{' · open' if info.id == current else ''}</span>",
                           "oracle-campaign-label")
            label.layout.width = "340px"
            open_button = c.button("Open", css="oracle-open-campaign")
            rename_box = c.text("new name", width="150px", css="oracle-rename-text")
            rename = c.button("Rename", css="oracle-rename-campaign")
            export = c.html(self._exports.get((info.id, info.updated), "Export JSON…"),
                            "oracle-campaign-export")
            if (info.id, info.updated) not in self._exports:
                pending.append((info, export))
            confirming = self._confirming == info.id
            delete = c.button("Really delete?" if confirming else "Delete",
                              css="oracle-delete-campaign", style="danger" if confirming else "")
            cancel = c.button("Keep it", css="oracle-keep-campaign")
            cancel.layout.display = "" if confirming else "none"
            line = c.error_line()
            open_button.on_click(c.guard(line, lambda _b, i=info.id: self._open(i)))
            rename.on_click(c.guard(line, lambda _b, i=info.id, box=rename_box:
                                    self._rename(i, box.value)))
            c.on_enter(rename_box, c.guard(line, lambda i=info.id, box=rename_box:
                                           self._rename(i, box.value)))
            delete.on_click(c.guard(line, lambda _b, i=info.id: self._delete(i)))
            cancel.on_click(c.guard(line, lambda _b: self._cancel()))
            rows.append(c.column(c.row(label, open_button, rename_box, rename, export, delete,
                                       cancel), line, css="oracle-campaign-row"))
        if not rows:
            rows.append(c.html('<div class="oracle-hint">No campaigns yet.</div>'))
        self._list.children = tuple(rows)
        if pending:
            self._make_links(pending)

    def _make_links(self, pending: list[tuple[Any, Any]]) -> None:
        """Fill in the rows' export links off the widget thread (each campaign is read whole);
        ``wait`` them in tests."""

        done = threading.Event()

        def work() -> None:
            try:
                for info, box in pending:
                    try:
                        box.value = self._export_link(info)
                    except Exception:  # the row says so; the picker stays usable
                        log.exception("export link failed")
                        box.value = '<span class="oracle-hint">export unavailable</span>'
            finally:
                done.set()

        self._links_done = done
        spawn(work, "oracle-exports")

    def wait_links(self, timeout: float = 30.0) -> None:
        """Wait until the rows' export links are made (tests; the page never waits)."""
        done = getattr(self, "_links_done", None)
        if done is not None and blocking_allowed():
            done.wait(timeout)

    def _export_link(self, info: CampaignInfo) -> str:
        """A one-click download of the campaign's JSON export (made once per change)."""
        from oracle.journal.campaign import Campaign

        key = (info.id, info.updated)
        link = self._exports.get(key)
        if link is None:
            try:
                with Campaign.open(info.id, self.session.home, remember=False) as campaign:
                    text = campaign.export_json()
            except OracleError as exc:
                return f'<span class="oracle-hint">{esc(exc)}</span>'
            link = download_link(f"{info.id}.json", "application/json", text, "Export JSON",
                                 css="oracle-export-campaign")
            self._exports = {k: v for k, v in self._exports.items() if k[0] != info.id}
            self._exports[key] = link
        return link

    def _do_quick(self, _button: Any = None) -> None:
        self.session.quick_start()
        self.shell.refresh()

    def _do_new(self, _button: Any = None) -> None:
        self.session.new_campaign(self._new_name.value, self._system.value)
        self._new_name.value = ""
        self.shell.refresh()

    def _open(self, campaign_id: str) -> None:
        """Open a campaign; one the store refuses leaves the picker showing why."""
        self.session.open(campaign_id)
        self.shell.refresh()

    def _rename(self, campaign_id: str, name: str) -> None:
        if self.session.campaign is None or self.session.campaign.id != campaign_id:
            self.session.open(campaign_id)
        self.session.rename(name)
        self.shell.refresh()

    def _do_import(self, _change: Any = None) -> None:
        """Make a new campaign from an uploaded JSON export, and open it."""
        from oracle.journal.campaign import Campaign

        files = list(self._upload.value)
        if not files:
            return
        upload = files[0]
        self._upload.value = ()  # the same file may be imported again later
        content = bytes(upload["content"]) if isinstance(upload, Mapping) else b""
        try:
            campaign = Campaign.import_json(content, home=self.session.home)
        except OracleError:
            raise
        except (ValueError, TypeError, KeyError) as exc:
            raise RequestError(f"import: {upload.get('name', 'the file')} is not a campaign "
                               f"exported as JSON ({exc}).") from exc
        campaign_id = campaign.id
        campaign.close()
        self.session.open(campaign_id)
        self.shell.refresh()

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
