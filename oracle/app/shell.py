"""The app's frame: header, start screen, play tabs, the sheet and the journal beside them.

``OracleApp(session)`` builds every view once and refreshes them after each change. It never
calls ``display``; :func:`oracle.app.launch` does.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.combat_view import CombatView
from oracle.app.contest_view import ContestView
from oracle.app.hunt_view import HuntView
from oracle.app.journal_view import JournalView
from oracle.app.narration import Voiced
from oracle.app.party_view import PartyView
from oracle.app.render import esc, sheet_html, stylesheet
from oracle.app.risk_view import RiskView
from oracle.app.ruin_view import RuinView
from oracle.app.session import Session
from oracle.app.start_view import StartView
from oracle.app.table_view import OracleView, SafetyView
from oracle.systems import SYSTEMS

log = logging.getLogger("oracle.app")

# The credit the Trophy SRD asks for (shared/rules/000, its opening), kept word for word.
ATTRIBUTION = (
    "This work is based on Trophy (trophyrpg.com), product of Jesse Ross and Hedgemaze Press, "
    "and licensed for our use under the Creative Commons Attribution 4.0 License "
    "(https://creativecommons.org/licenses/by/4.0/). Trophy is adapted from Cthulhu Dark with "
    "permission of Graham Walmsley. Trophy is also based on Blades in the Dark (found at "
    "http://www.bladesinthedark.com/), product of One Seven Design, developed and authored by "
    "John Harper, and licensed for our use under the Creative Commons Attribution 3.0 Unported "
    "license (http://creativecommons.org/licenses/by/3.0/)."
)

TROPHY_TABS = ("Risk", "Hunt", "Contest", "Combat", "Ruin", "Party", "Oracle", "Safety",
               "Campaigns")


def _other_system_view(system: str, session: Session) -> Any:
    """Die Trying and Triptycho bring their own views (owned by their engineers)."""
    try:
        if system == "die_trying":
            from oracle.app.die_trying_view import build_view
        else:
            from oracle.app.triptycho_view import build_view
        return build_view(session)
    except Exception as exc:  # a missing or broken view must not break the Trophy app
        log.exception("system view failed")
        return c.html(f'<div class="oracle-hint">The {esc(system)} view is not available '
                      f"({esc(type(exc).__name__)}).</div>")


def _brand_html(line: str) -> str:
    return f'<div class="oracle-brand"><h1>Oracle</h1><div class="sub">{esc(line)}</div></div>'


class OracleApp:
    """The whole page, as a thin view over a :class:`Session`."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._style = widgets.HTML(f"<style>{stylesheet()}</style>")
        self._style.layout.display = "none"
        self._brand = c.html(_brand_html(SYSTEMS["trophy"].tagline))
        self._campaign_name = c.html("", "oracle-campaign-name")
        self._physical = c.checkbox("Physical dice (type the faces)", css="oracle-physical")
        self._status = c.html("", "oracle-narrator-status")
        spacer = widgets.Box()
        spacer.layout.flex = "1"
        self._header = c.row(self._brand, self._campaign_name, spacer, self._physical,
                             self._status, css="oracle-header")
        self.start = StartView(session, self)
        self.journal = JournalView(session)
        # Tabs are built when first opened (the page is interactive sooner); Risk at once.
        self._factories: dict[str, Callable[[], Any]] = {
            "Risk": lambda: RiskView(session, self),
            "Hunt": lambda: HuntView(session, self),
            "Contest": lambda: ContestView(session, self),
            "Combat": lambda: CombatView(session, self),
            "Ruin": lambda: RuinView(session, self),
            "Party": lambda: PartyView(session, self),
            "Oracle": lambda: OracleView(session, self),
            "Safety": lambda: SafetyView(session, self, self.journal._do_x_card),
            "Campaigns": lambda: StartView(session, self, with_quick_start=False),
        }
        self._built: dict[str, Any] = {}
        self.tabs = widgets.Tab(children=[widgets.VBox() for _ in TROPHY_TABS])
        self.tabs.titles = TROPHY_TABS
        self._view("Risk")
        self.tabs.add_class("oracle-tabs")
        self._other = widgets.VBox([])
        self._other_system: str | None = None
        # the sheet beside the journal
        self._active = widgets.Dropdown(options=[], description="Playing",
                                        style={"description_width": "initial"})
        self._active.add_class("oracle-active")
        self._sheet = c.html("", "oracle-sheet")
        self._cond_prompt = c.html("", "oracle-warning")
        self._cond_offers = widgets.VBox([])
        self._cond_text = c.text("Describe the Condition", css="oracle-condition-text")
        self._cond_take = c.button("Take this Condition", css="oracle-condition-take")
        self._cond_error = c.error_line()
        self._cond_box = c.column(self._cond_prompt, self._cond_offers,
                                  c.row(self._cond_text, self._cond_take), self._cond_error,
                                  css="oracle-condition-box oracle-panel")
        self._cond_key: tuple[str, int] | None = None
        self._side_error = c.error_line()
        self._side = c.column(self._active, self._sheet, self._cond_box, self._side_error,
                              self.journal.widget, css="oracle-side")
        self._side.layout.width = "40%"
        self._side.layout.min_width = "380px"
        self._main = c.column(self.tabs, self._other, css="oracle-main")
        self._main.layout.flex = "1"
        self._play = widgets.HBox([self._main, self._side])
        self._play.layout.grid_gap = "14px"
        self._play.add_class("oracle-play")
        # losing yourself: its own screen
        self._lost_text = c.html("", "oracle-lost-text")
        self._monster = c.button("Become a monster of the forest", css="oracle-fate-monster",
                                 style="danger")
        self._death = c.button("Simply die", css="oracle-fate-death")
        self._co_gm = c.checkbox("Stay at the table as co-GM", css="oracle-co-gm", value=True)
        self._lost_error = c.error_line()
        self._lost = c.column(self._lost_text, c.row(self._monster, self._death, self._co_gm),
                              self._lost_error, css="oracle-lost-screen")
        self._lost_name: str | None = None
        footer = c.html(f'<div class="oracle-footer">oracle · {esc(ATTRIBUTION)} Trophy™ is a '
                        "trademark of Hedgemaze Press.</div>")
        self.root = c.column(self._style, self._header, self._lost, self.start.widget,
                             self._play, footer, css="oracle-app")

        self._physical.observe(c.guard(self._side_error, self._toggle_physical), names="value")
        self.tabs.observe(c.guard(self._side_error, self._tab_changed), names="selected_index")
        self._active.observe(c.guard(self._side_error, self._choose_active), names="value")
        self._cond_take.on_click(c.guard(self._cond_error, self._take_condition))
        self._monster.on_click(c.guard(self._lost_error, lambda _b: self._fate("monster")))
        self._death.on_click(c.guard(self._lost_error, lambda _b: self._fate("death")))
        self._refreshing = False
        self._lock = threading.RLock()
        self.refresh()

    # -- the shell API the views use ---------------------------------------------------------

    def voice(self, beat: str, result: Mapping[str, Any], *, intent: str = "",
              question: str = "", refers_to: int | None = None,
              who: tuple[str, ...] = ()) -> None:
        """Voice a beat in the background, streaming into the journal's live line."""
        self.journal.streaming(beat)
        lost_screen = beat == "lost"

        def on_text(piece: str) -> None:
            self.journal.on_text(piece)
            if lost_screen:
                self._lost_streamed = getattr(self, "_lost_streamed", "") + piece
                self._lost_text.value = self._lost_html(self._lost_streamed)

        def on_done(voiced: Voiced) -> None:
            self.journal.done(voiced.error)
            self._status.value = esc(self.session.status)  # e.g. "offline: Claude timed out"
            if lost_screen and voiced.text:
                self._lost_text.value = self._lost_html(voiced.text)
            self._lost_streamed = ""

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
        self.start.widget.layout.display = "none" if campaign is not None else ""
        self._play.layout.display = "" if campaign is not None else "none"
        if campaign is None:
            self.start.refresh()
            self._campaign_name.value = ""
            self._brand.value = _brand_html(SYSTEMS["trophy"].tagline)
            self._lost.layout.display = "none"
            return
        self._campaign_name.value = esc(campaign.name)
        system = campaign.system.name
        self._brand.value = _brand_html(campaign.system.tagline)
        trophy = system == "trophy"
        self.tabs.layout.display = "" if trophy else "none"
        self._active.layout.display = "" if trophy else "none"
        if not trophy:
            if self._other_system != system:
                self._other.children = (_other_system_view(system, session),
                                        self.campaigns.widget)
                self._other_system = system
            self._sheet.value = ""
            self.campaigns.refresh()
            self._cond_box.layout.display = "none"
            self._lost.layout.display = "none"
            self.journal.refresh()
            return
        self._other.children = ()
        self._other_system = None
        if session.first_roll:
            # Quick start: the intent is said and Climbing applies; Roll is the one click left.
            self.risk.suggest(session.first_roll, skill=True)
            session.first_roll = None
        names = session.names()
        self._active.options = names
        if session.active in names:
            self._active.value = session.active
        elif names:
            session.active = names[0]
            self._active.value = names[0]
        self._sheet.value = (sheet_html(session.character()) if session.active else
                             '<div class="oracle-hint">Add a character in the Party tab.</div>')
        for title, view in list(self._built.items()):
            if title != "Campaigns":
                view.refresh()
        if self._selected() == "Campaigns":
            self.campaigns.refresh()  # the picker lists files: only while it is in view
        self.journal.refresh()
        self._refresh_condition()
        self._refresh_lost()

    # -- conditions --------------------------------------------------------------------------

    def _refresh_condition(self) -> None:
        session = self.session
        due = [ch for ch in session.characters() if ch.conditions_due > 0 and not ch.out_of_play]
        if not due:
            self._cond_box.layout.display = "none"
            self._cond_key = None
            return
        who = due[0]
        self._cond_box.layout.display = ""
        self._cond_prompt.value = (f"<b>{esc(who.name)}</b> marked Ruin ({who.ruin}): choose a "
                                   "Condition, a change in mind or body.")
        key = (who.name, who.ruin)
        if key == self._cond_key:
            return
        self._cond_key = key
        self._cond_offers.children = (c.html('<span class="oracle-spinner"></span>'),)
        result = {"roll": "ruin", "ruin_before": who.ruin - 1, "ruin_after": who.ruin,
                  "ruin_marked": True, "name": who.name}

        def work() -> None:
            try:
                items = session.offers("condition", result)
            except Exception:
                log.exception("condition offers failed")
                items = ()
            buttons = []
            for item in items:
                pick = c.button(item[:120], css="oracle-condition-offer")
                pick.layout.width = "100%"
                pick.on_click(lambda _b, text=item: setattr(self._cond_text, "value", text))
                buttons.append(pick)
            self._cond_offers.children = tuple(buttons)

        threading.Thread(target=work, daemon=True).start()

    def _take_condition(self, _button: Any = None) -> None:
        due = [ch for ch in self.session.characters() if ch.conditions_due > 0]
        if not due:
            return
        text = self._cond_text.value.strip()
        if not text:
            from oracle.errors import RequestError

            raise RequestError("condition: pick an offer or describe the Condition.")
        self.session.add_condition(text, due[0].name)
        self._cond_text.value = ""
        self.refresh()

    # -- losing yourself ---------------------------------------------------------------------

    def _lost_html(self, narration: str) -> str:
        name = self._lost_name or ""
        return (f"<h2>{esc(name)} loses themself</h2><div class='oracle-hint'>All six Ruin "
                "boxes are marked. Everyone looks at this moment: the last actions before "
                "running screaming into the shadows, turning on the others, or a final "
                "breath.</div>"
                f'<p class="oracle-entry narration">{esc(narration)}</p>'
                "<div>Choose: a monster in the service of the forest, or death.</div>")

    def _refresh_lost(self) -> None:
        lost = [ch for ch in self.session.characters() if ch.lost and ch.fate is None]
        if not lost:
            self._lost.layout.display = "none"
            self._lost_name = None
            return
        if self._lost_name != lost[0].name:
            self._lost_name = lost[0].name
            self._lost_text.value = self._lost_html(self._lost_narration())
        self._lost.layout.display = ""

    def _lost_narration(self) -> str:
        """The moment's narration from the journal: it may be recorded before this screen opens
        (the offline narrator is that fast), and it must still be there after a reload."""
        campaign = self.session.campaign
        if campaign is None:
            return ""
        for entry in reversed(campaign.entries):
            if entry.type == "fate_chosen" and not entry.undone:
                break  # an earlier loss, already settled
            if (entry.type == "narration" and entry.data.get("beat") == "lost"
                    and not entry.undone and not entry.struck):
                return str(entry.data.get("text", ""))
        return ""

    def _fate(self, fate: str) -> None:
        if self._lost_name is None:
            return
        self.session.choose_fate(fate, bool(self._co_gm.value), self._lost_name)
        self.refresh()

    # -- header and side ---------------------------------------------------------------------

    def _tab_changed(self, change: Any) -> None:
        title = self._selected()
        if title is None:
            return
        fresh = title not in self._built
        view = self._view(title)
        if title == "Campaigns" and not fresh:
            view.refresh()

    def _selected(self) -> str | None:
        index = self.tabs.selected_index
        return TROPHY_TABS[index] if index is not None and 0 <= index < len(TROPHY_TABS) else None

    # -- lazily built tabs -------------------------------------------------------------------

    def _view(self, title: str) -> Any:
        """The view of tab ``title``, built (and put in its tab) the first time it is needed."""
        view = self._built.get(title)
        if view is None:
            view = self._factories[title]()
            self._built[title] = view
            children = list(self.tabs.children)
            children[TROPHY_TABS.index(title)] = view.widget
            self.tabs.children = tuple(children)
        return view

    @property
    def risk(self) -> RiskView:
        view: RiskView = self._view("Risk")
        return view

    @property
    def hunt(self) -> HuntView:
        view: HuntView = self._view("Hunt")
        return view

    @property
    def contest(self) -> ContestView:
        view: ContestView = self._view("Contest")
        return view

    @property
    def combat(self) -> CombatView:
        view: CombatView = self._view("Combat")
        return view

    @property
    def ruin(self) -> RuinView:
        view: RuinView = self._view("Ruin")
        return view

    @property
    def party(self) -> PartyView:
        view: PartyView = self._view("Party")
        return view

    @property
    def oracle(self) -> OracleView:
        view: OracleView = self._view("Oracle")
        return view

    @property
    def safety(self) -> SafetyView:
        view: SafetyView = self._view("Safety")
        return view

    @property
    def campaigns(self) -> StartView:
        view: StartView = self._view("Campaigns")
        return view

    def _toggle_physical(self, change: Any) -> None:
        self.session.physical = bool(change["new"])
        self.refresh()

    def _choose_active(self, change: Any) -> None:
        name = change["new"]
        if self._refreshing or not name or name == self.session.active:
            return
        self.session.set_active(name)
        self.refresh()
