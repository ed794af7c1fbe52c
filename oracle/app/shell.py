"""The app's frame: header, start screen, the open system's tabs, its side and the journal.

``OracleApp(session)`` mounts whatever the open campaign's system offers (found by name through
:mod:`oracle.app.systems`; no system is imported here), builds each tab when first opened and
refreshes the views after each change. It never calls ``display``; :func:`oracle.app.launch` does.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.journal_view import JournalView
from oracle.app.models import share_models
from oracle.app.narration import Voiced
from oracle.app.render import esc, stylesheet
from oracle.app.session import Session
from oracle.app.start_view import StartView
from oracle.app.systems import DEFAULT, Side, offering
from oracle.app.table_view import OracleView, SafetyView
from oracle.app.told import Told
from oracle.app.whole import built_whole
from oracle.errors import RequestError
from oracle.events import preference
from oracle.narrator.beats import BEATS
from oracle.systems import SYSTEMS, installed

log = logging.getLogger("oracle.app")

share_models()  # layouts and styles alike share one browser model (fewer models to load)

# The preference that keeps Quick start's first roll offered across a reload.
FIRST_ROLL = "first_roll"

# The tabs every system gets, after its own.
GENERIC_TABS = ("Oracle", "Safety", "Campaigns")


def _brand_html(line: str) -> str:
    return f'<div class="oracle-brand"><h1>Oracle</h1><div class="sub">{esc(line)}</div></div>'


class OracleApp:
    """The whole page, as a thin view over a :class:`Session`."""

    def __init__(self, session: Session) -> None:
        self.session = session
        session.speaker = self.voice  # the panels' narration streams as the tabs' does
        self._style = widgets.HTML(f"<style>{stylesheet()}</style>")
        self._style.layout.display = "none"
        self._brand = c.html(_brand_html(SYSTEMS[DEFAULT].tagline))
        self._campaign_name = c.html("", "oracle-campaign-name")
        self._physical = c.checkbox("Physical dice (type the faces)", css="oracle-physical")
        self._status = c.html("", "oracle-narrator-status")
        spacer = widgets.Box()
        spacer.layout.flex = "1"
        self._header = c.row(self._brand, self._campaign_name, spacer, self._physical,
                             self._status, css="oracle-header")
        self._start: StartView | None = None  # built when first shown (most pages open a campaign)
        self._start_box = widgets.VBox([])
        self._journal: JournalView | None = None  # built when first needed (a campaign opens)
        self._told = Told(session)  # each tab's last narration, inside its result card
        session.told = self._told  # a tabless panel's cards have their lines too
        # Tabs are built when first opened (the page is interactive sooner); the first at once.
        self._generic: dict[str, Callable[[], Any]] = {
            "Oracle": lambda: OracleView(session, self),
            "Safety": lambda: SafetyView(session, self, self.journal._do_x_card),
            "Campaigns": lambda: StartView(session, self, with_quick_start=False),
        }
        self._built: dict[tuple[str, str], Any] = {}
        # One fixed box per tab, filled when its view is built. The tabs' children never change
        # after mounting: the browser rebuilds its tab bar when they do, and a click landing
        # while it rebuilds selected another tab (the chosen one then stayed blank).
        self._holders: dict[tuple[str, str], widgets.VBox] = {}
        self._titles: tuple[str, ...] = ()
        self._mounted: str | None = None
        self._sides: dict[str, Side | None] = {}
        self.side: Side | None = None
        self.tabs = widgets.Tab(children=[])
        self.tabs.add_class("oracle-tabs")
        self._other = widgets.VBox([])
        self._other.add_class("oracle-system-panel")
        self._brand.add_class("oracle-brand-box")
        self._side_error = c.error_line()
        self._side_box = widgets.VBox([])
        self._side = c.column(self._side_box, self._side_error, css="oracle-side")  # + journal
        # a system's character picker ("Playing"), above the tabs: it comes before the roll
        # form on a phone (the side, with the sheet and journal, is under the whole form)
        self._picker = widgets.VBox([])
        self._picker.add_class("oracle-picker-row")
        # what a roll leaves owed (a Condition), in the result card of the roll (owed()): near
        # the result on a phone too, not under the whole sheet
        self._owed = widgets.VBox([])
        self._owed.add_class("oracle-owed-row")
        self._owed.add_class("oracle-borrowed")  # the side's, shown in the tabs' cards
        self._main = c.column(self._picker, self.tabs, self._other, css="oracle-main")
        # The play row wraps (oracle.css): the play column first, the sheet and journal beside
        # it when the page is wide enough, under it on a phone. No fixed widths here.
        self._play = widgets.HBox([self._main, self._side])
        self._play.layout.flex_flow = "row wrap"
        self._play.add_class("oracle-play")
        self._screen = widgets.VBox([])  # a system's screen above everything (a lost hunter's fate)
        credits = " ".join(system.credit for system in installed() if system.credit)
        footer = c.html(f'<div class="oracle-footer">oracle · {esc(credits)}</div>')
        self.root = c.column(self._style, self._header, self._screen, self._start_box,
                             self._play, footer, css="oracle-app")

        self._physical.observe(c.guard(self._side_error, self._toggle_physical), names="value")
        self.tabs.observe(c.guard(self._side_error, self._tab_changed), names="selected_index")
        self._refreshing = False
        self._lock = threading.RLock()
        self._opened: object = None  # the campaign whose preferences the page shows
        # No system is mounted while the start screen is all there is: a system's tabs and side
        # (about 100 of the page's 170 widgets) are built when a campaign opens (refresh), or
        # by prepare() once the start screen is on the page.
        self.refresh()

    def prepare(self) -> None:
        """Build the default system's tabs and side while the start screen is shown, so
        Quick start opens them at once (:func:`oracle.app.launch` runs this once the page is
        on screen); a no-op once any system is mounted. The offline narrator's dealing is
        imported now too (the start screen voices nothing), so the first roll's words do not
        wait for it."""
        from oracle.narrator.offline import warm

        with self._lock:
            if self._mounted is None:
                with built_whole():
                    self._mount(DEFAULT)
                    self.journal  # noqa: B018 - built now, not on Quick start's click
        warm()

    @property
    def journal(self) -> JournalView:
        """The journal column (under the side), built the first time it is needed: the start
        screen shows no journal."""
        with self._lock:
            if self._journal is None:
                with built_whole():
                    self._journal = JournalView(self.session)
                self._side.children = (*self._side.children, self._journal.widget)
            return self._journal

    @property
    def start(self) -> StartView:
        """The start screen (Quick start and the picker), built the first time it is needed."""
        if self._start is None:
            with built_whole():
                self._start = StartView(self.session, self)
            self._start_box.children = (self._start.widget,)
        return self._start

    # -- the shell API the views use ---------------------------------------------------------

    def answer(self, question: str) -> None:
        """Voice the GM's answers to an exploration question (one sentence if it is empty)."""
        if not question.strip():
            raise RequestError("question: ask the GM something about the world first.")
        self.voice("answer", dict(BEATS["answer"].unrolled), question=question.strip())

    def owed(self) -> Any:
        """What a roll leaves owed (the side's Condition question), for a tab's result card:
        the one box, shown in each card that may mark Ruin (one tab is in view at a time)."""
        return self._owed

    def told(self, title: str) -> Any:
        """The narration line tab ``title`` shows in its result card ("" for a tabless
        system's panel): what the narrator says of a roll made there streams into it."""
        return self._told.line(title)

    def voice(self, beat: str, result: Mapping[str, Any], *, intent: str = "",
              question: str = "", refers_to: int | None = None,
              who: tuple[str, ...] = ()) -> None:
        """Voice a beat in the background, streaming into the journal's live line (and the
        result card of the tab in view)."""
        self.journal.streaming(beat)
        listeners = [self.side.voicing(beat, who) if self.side is not None else None,
                     self._told.listen(self._selected() or "", beat, refers_to)]
        extras = [extra for extra in listeners if extra is not None]

        def on_text(piece: str) -> None:
            self.journal.on_text(piece)
            for extra in extras:
                extra[0](piece)

        def on_done(voiced: Voiced) -> None:
            self.journal.done(voiced.error)
            self._status.value = esc(self.session.status)  # e.g. "offline: Claude timed out"
            for extra in extras:
                extra[1](voiced)

        self.session.voice(beat, result, intent=intent, question=question, refers_to=refers_to,
                           on_text=on_text, on_done=on_done, who=who)

    def refresh(self) -> None:
        """Bring every view up to date with the session.

        Callbacks, the narrator's thread and the watcher all refresh: one at a time (the lock),
        and a refresh that triggers itself (an observed widget) returns at once (the flag).
        """
        with self._lock:
            if self._refreshing:
                return
            self._refreshing = True
            try:
                self._refresh()
            finally:
                self._refreshing = False

    def _refresh(self) -> None:
        session = self.session
        campaign = session.campaign
        self._status.value = esc(session.status)
        shown = "none" if campaign is not None else ""
        self._start_box.layout.display = shown
        if self._start is not None or campaign is None:
            self.start.widget.layout.display = shown
        self._play.layout.display = "" if campaign is not None else "none"
        self._screen.layout.display = "" if campaign is not None else "none"
        if campaign is None:
            self.start.refresh()
            self._campaign_name.value = ""
            self._brand.value = _brand_html(SYSTEMS[DEFAULT].tagline)
            return
        self._campaign_name.value = esc(campaign.name) + (
            ' <span class="oracle-tag oracle-gm-view">GM view</span>' if session.seat.gm else "")
        self._brand.value = _brand_html(campaign.system.tagline)
        if campaign is not self._opened:
            self._opened = campaign
            self._apply_preferences(campaign)
        self._keep_first_roll(campaign)
        self._mount(campaign.system.name)
        self._told.refresh()
        if self.side is not None:
            self.side.refresh()
        if not self._titles:
            self.campaigns.refresh()
            self.oracle.refresh()  # the solo oracle below a tabless system's panel
            self.journal.refresh()
            return
        for (system, title), view in list(self._built.items()):
            if system in (self._mounted, "") and title != "Campaigns" and title in self._titles:
                view.refresh()
        if self._selected() == "Campaigns":
            self.campaigns.refresh()  # the picker lists files: only while it is in view
        self.journal.refresh()

    # -- mounting the open system ------------------------------------------------------------

    def _mount(self, system: str) -> None:
        """Show what ``system`` offers: its tabs (then the generic ones) or its one panel, and
        its side beside the journal."""
        if system == self._mounted:
            return
        self._mounted = system
        offer = offering(system)
        if system not in self._sides:
            self._sides[system] = offer.side(self.session, self)
        self.side = self._sides[system]
        self._side_box.children = (self.side.widget,) if self.side is not None else ()
        picker = getattr(self.side, "picker", None)
        self._picker.children = (picker,) if picker is not None else ()
        owed = getattr(self.side, "owed", None)
        self._owed.children = (owed,) if owed is not None else ()
        self._screen.children = (self.side.screen,) if self.side is not None else ()
        self._titles = offer.tabs + GENERIC_TABS if offer.tabs else ()
        self.tabs.layout.display = "" if self._titles else "none"
        self.tabs.children = [self._holder(self._key(t)) for t in self._titles]
        self.tabs.titles = self._titles
        if self._titles:
            self.tabs.selected_index = 0
            self.view(self._titles[0])
            self._other.children = ()
        else:
            self._other.children = (offer.panel(self.session), self.oracle.widget,
                                    self.campaigns.widget)

    def _key(self, title: str) -> tuple[str, str]:
        return ("" if title in GENERIC_TABS else str(self._mounted), title)

    # -- header and side ---------------------------------------------------------------------

    def _tab_changed(self, change: Any) -> None:
        title = self._selected()
        if title is None:
            return
        fresh = self._key(title) not in self._built
        view = self.view(title)
        if title == "Campaigns" and not fresh:
            view.refresh()

    def _selected(self) -> str | None:
        index = self.tabs.selected_index
        titles = self._titles
        return titles[index] if index is not None and 0 <= index < len(titles) else None

    # -- lazily built tabs -------------------------------------------------------------------

    def view(self, title: str) -> Any:
        """The view of tab ``title``, built (and put in its tab) the first time it is needed."""
        key = self._key(title)
        view = self._built.get(key)
        if view is None:
            with built_whole():  # each of its widgets leaves the kernel once, as first shown
                if title in GENERIC_TABS:
                    view = self._generic[title]()
                else:
                    view = offering(str(self._mounted)).tab(title, self.session, self)
            self._built[key] = view
            self._holder(key).children = (view.widget,)
        return view

    def _holder(self, key: tuple[str, str]) -> widgets.VBox:
        """The fixed box of tab ``key`` (its view inside once built)."""
        holder = self._holders.get(key)
        if holder is None:
            holder = self._holders[key] = widgets.VBox([])
            holder.add_class("oracle-tab-page")
        return holder

    @property
    def oracle(self) -> OracleView:
        view: OracleView = self.view("Oracle")
        return view

    @property
    def safety(self) -> SafetyView:
        view: SafetyView = self.view("Safety")
        return view

    @property
    def campaigns(self) -> StartView:
        view: StartView = self.view("Campaigns")
        return view

    def _toggle_physical(self, change: Any) -> None:
        physical = bool(change["new"])
        self.session.physical = physical
        campaign = self.session.campaign
        key = self.session.seat.keyed("physical")  # each device's own at a table
        if campaign is not None and campaign.settings.preferences.get(key) != physical:
            # kept with the campaign: a reload finds the dice the way the player left them
            self.session.record(preference(key, physical))
        self.refresh()

    def _keep_first_roll(self, campaign: Any) -> None:
        """Quick start's first roll, kept with the campaign until a roll is made: a reload
        before that first click still finds it offered."""
        intent = self.session.first_roll
        kept = campaign.settings.preferences.get(FIRST_ROLL)
        if intent and not (isinstance(kept, dict) and kept.get("intent") == intent):
            self.session.record(preference(FIRST_ROLL,
                                           {"intent": intent, "after": campaign.last_seq}))

    def _apply_preferences(self, campaign: Any) -> None:
        """Show a newly opened campaign the way its player left it: physical dice or not, and
        Quick start's first roll still offered if nothing has been rolled since."""
        preferences = campaign.settings.preferences
        key = self.session.seat.keyed("physical")
        if key in preferences:
            physical = bool(preferences[key])
            self.session.physical = physical
            self._physical.value = physical  # its observer records nothing: no change
        offer = preferences.get(FIRST_ROLL)
        if self.session.first_roll is None and isinstance(offer, dict) and offer.get("intent"):
            after = int(offer.get("after", 0))
            played = any(e.seq > after and not e.meta and not e.undone for e in campaign.entries)
            if not played:
                self.session.first_roll = str(offer["intent"])
