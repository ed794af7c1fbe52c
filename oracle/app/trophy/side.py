"""Trophy's part of the page beside the tabs: who plays, their sheet, Conditions owed, and the
screen of a character who loses themself (a monster of the forest, or death)."""

from __future__ import annotations

import logging
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.narration import Voiced, joined
from oracle.app.render import esc
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.app.trophy.moves import trophy_moves
from oracle.app.trophy.render import sheet_details, sheet_html, table_html
from oracle.background import spawn

log = logging.getLogger("oracle.app")


class TrophySide:
    """The active-character picker, the sheet, the Condition box, and the lost screen."""

    def __init__(self, session: Session, shell: Shell) -> None:
        self.session = session
        self.shell = shell
        self.moves = trophy_moves(session)
        self._active = c.dropdown(options=[], description="Playing")
        self._active.add_class("oracle-active")
        self._sheet = c.html("", "oracle-sheet")
        self._switched = c.html("", "oracle-warning oracle-switched")
        self._last_active: str | None = None
        self._gone: str | None = None  # who left play, as the switch sentence says
        self._switched_to: str | None = None  # whom the page played instead
        self._switched_in: str | None = None  # the campaign it was said in
        self._cond_prompt = c.html("", "oracle-warning oracle-condition-prompt")
        self._cond_offers = widgets.VBox([])
        self._cond_text = c.text("Describe the Condition", css="oracle-condition-text")
        self._cond_take = c.button("Take this Condition", css="oracle-condition-take")
        self._cond_error = c.error_line()
        self._cond_error.add_class("oracle-condition-error")
        self._cond_box = c.column(self._cond_prompt, self._cond_offers,
                                  c.row(self._cond_text, self._cond_take), self._cond_error,
                                  css="oracle-condition-box oracle-panel")
        self._cond_key: tuple[str, int, int, int] | None = None
        self._error = c.error_line()
        self._error.add_class("oracle-side-error")
        self._table = c.html("", "oracle-table-sheets")  # the others' sheets (all, for the GM)
        # the picker sits above the tabs (the shell places it): on a phone it comes before
        # the roll form, not under the whole form and the sheet
        self.picker = self._active
        from oracle.app.trophy.correct_view import SheetCorrection

        self.correction = SheetCorrection(session, shell)
        self.owed = self._cond_box  # the shell shows it under the tabs, near the roll's result
        self.widget = c.column(self._switched, self._sheet, self.correction.widget,
                               self._table, self._error)
        # losing yourself: its own screen
        self._lost_text = c.html("", "oracle-lost-text")
        self._monster = c.button("Become a monster of the forest", css="oracle-fate-monster",
                                 style="danger")
        self._death = c.button("Simply die", css="oracle-fate-death")
        self._co_gm = c.checkbox("Stay at the table as co-GM", css="oracle-co-gm", value=True)
        self._lost_error = c.error_line()
        self.screen = c.column(self._lost_text, c.row(self._monster, self._death, self._co_gm),
                               self._lost_error, css="oracle-lost-screen")
        self.screen.layout.display = "none"
        self._lost_name: str | None = None
        self._lost_streamed = ""
        self._lost_said = ""
        self._refreshing = False
        self._active.observe(c.guard(self._error, self._choose_active), names="value")
        self._cond_take.on_click(c.guard(self._cond_error, self._take_condition))
        self._monster.on_click(c.guard(self._lost_error, lambda _b: self._fate("monster")))
        self._death.on_click(c.guard(self._lost_error, lambda _b: self._fate("death")))

    def refresh(self) -> None:
        """Bring the picker, the sheet, the Condition box and the lost screen up to date."""
        session, moves = self.session, self.moves
        if session.first_roll:
            # Quick start: the intent is said and Climbing applies; Roll is the one click left.
            self.shell.view("Risk").suggest(session.first_roll, skill=True)
            session.first_roll = None
        self._refreshing = True
        try:
            names = self._playable()
            self._bring_back(names)
            self._active.options = names
            if session.active in names:
                self._active.value = session.active
            elif names:
                session.active = names[0]
                self._active.value = names[0]
            else:  # the last one left play: nobody is offered a roll (the sentence says so)
                session.active = None
            self._active.layout.display = "" if names else "none"  # no empty picker
        finally:
            self._refreshing = False
        self._say_switch(session.active, names)
        deciding = {name for name, *_ in moves.armor_choices()}
        self._sheet.value = (sheet_html(moves.character(), deciding=session.active in deciding)
                             + sheet_details(moves.character())
                             if session.active else
                             '<div class="oracle-hint">Add a character in the Party tab.</div>')
        self._table.value = table_html(moves.characters(), session.active, session.seat.gm)
        self.correction.refresh()
        self._refresh_condition()
        self._refresh_lost()

    def voicing(self, beat: str, who: tuple[str, ...] = ()) -> tuple[Any, Any] | None:
        """The lost screen streams the narration of a character's loss: of the one it shows
        (two lost on one roll: the second's words wait in the journal for their own screen)."""
        if beat != "lost":
            return None
        shown = self._lost_name or next(iter(self._waiting_fate()), None)
        if who and shown is not None and who[0] != shown:
            return None

        def on_text(piece: str) -> None:
            self._lost_streamed = joined(self._lost_streamed, piece)  # a Restart replaces
            self._lost_text.value = self._lost_html(self._lost_streamed)

        def on_done(voiced: Voiced) -> None:
            if voiced.text:
                self._lost_text.value = self._lost_html(voiced.text)
            self._lost_streamed = ""

        return on_text, on_done

    def _playable(self) -> list[str]:
        """Who may be played: those in play, and a fighter whose Ruin waits on the armor
        question (the roll is not settled: marking armor may keep them in play)."""
        names = self.moves.names()
        deciding = [name for name, *_ in self.moves.armor_choices() if name not in names]
        return names + deciding

    def _bring_back(self, names: list[str]) -> None:
        """The one who left play is back (the loss undone, here or in another tab) while the
        page still plays whom it switched to: play them again, as before the move."""
        campaign = self.session.campaign
        if (self._gone is not None and self._gone in names and campaign is not None
                and campaign.id == self._switched_in
                and self.session.active == self._switched_to):
            self.session.active = self._gone

    def _say_switch(self, active: str | None, names: list[str]) -> None:
        """Never switch characters silently: say who left play and who is played now; the
        sentence goes once the one who left is back (armor, undo, another tab)."""
        campaign = self.session.campaign
        here = campaign.id if campaign is not None else None
        if here != self._switched_in:  # another campaign: its switch is not this one's
            self._switched_in, self._gone, old = here, None, None
            self._switched.value = ""
        else:
            old = self._last_active
        self._last_active = active
        state = self.moves.state
        if self._gone is not None and (self._gone in names or not state.has(self._gone)):
            self._switched.value = ""  # back in play (armor, undo), or another campaign
            self._gone = None
        if old is not None and old != active and old not in names and state.has(old):
            self._gone, self._switched_to = old, active
        if self._gone is None:
            return
        # worded anew each time: the Fate chosen after the switch changes what it says
        gone = state.character(self._gone)
        how = ("is dead" if gone.dead or (gone.fate is not None and gone.fate.value == "death")
               else "is a monster of the forest now" if gone.fate is not None
               else "has lost themself" if gone.lost else "has left play")
        now = f"you now play <b>{esc(active)}</b>" if active else "nobody is left to play"
        self._switched.value = f"<b>{esc(self._gone)}</b> {how}: {now}."

    def _choose_active(self, change: Any) -> None:
        name = change["new"]
        if self._refreshing or not name or name == self.session.active:
            return
        self._switched.value = ""
        self._gone = None  # the player chose whom to play: an undo later does not choose again
        self.moves.set_active(name)
        self.shell.refresh()

    # -- conditions --------------------------------------------------------------------------

    def _refresh_condition(self) -> None:
        # while the Combat Roll may still be changed by armor, its Ruin is not yet settled
        deciding = {name for name, *_ in self.moves.armor_choices()}
        due = [ch for ch in self.moves.characters()
               if ch.conditions_due > 0 and not ch.out_of_play and ch.name not in deciding]
        if not due:
            self._cond_box.layout.display = "none"
            self._cond_key = None
            return
        who = due[0]
        self._cond_box.layout.display = ""
        owed = who.conditions_due
        count = "a Condition" if owed == 1 else f"{owed} Conditions, one for each Ruin marked"
        self._cond_prompt.value = (f"<b>{esc(who.name)}</b> marked Ruin ({who.ruin}) and owes "
                                   f"{count}: a change in mind or body."
                                   + (" Choose the first." if owed > 1 else ""))
        key = (who.name, who.ruin, owed, len(who.conditions))
        if key == self._cond_key:
            return
        self._cond_key = key
        self._cond_error.value = ""  # a new question: an old refusal no longer applies
        taken = {t.casefold() for t in who.conditions}
        self._cond_offers.children = (c.html('<span class="oracle-spinner"></span>'),)
        result = {"roll": "ruin", "ruin_before": who.ruin - 1, "ruin_after": who.ruin,
                  "ruin_marked": True, "name": who.name}
        session = self.session

        def work() -> None:
            try:
                items = session.offers("condition", result)
            except Exception:
                log.exception("condition offers failed")
                items = ()
            buttons = []
            for item in items:
                if item.strip().casefold() in taken:
                    continue  # never offer a Condition the character already has
                pick = c.button(item[:120], css="oracle-condition-offer")
                pick.layout.width = "100%"
                pick.on_click(lambda _b, text=item: setattr(self._cond_text, "value", text))
                buttons.append(pick)
            self._cond_offers.children = tuple(buttons)

        spawn(work, "oracle-offers")

    def _take_condition(self, _button: Any = None) -> None:
        due = [ch for ch in self.moves.characters() if ch.conditions_due > 0]
        if not due:
            return
        text = self._cond_text.value.strip()
        if not text:
            from oracle.errors import RequestError

            raise RequestError("condition: pick an offer or describe the Condition.")
        self.moves.add_condition(text, due[0].name)
        self._cond_text.value = ""
        self._cond_error.value = ""
        self.shell.refresh()

    # -- losing yourself ---------------------------------------------------------------------

    def _lost_html(self, narration: str) -> str:
        name = self._lost_name or ""
        return (f"<h2>{esc(name)} loses themself</h2><div class='oracle-hint'>All six Ruin "
                "boxes are marked. Everyone looks at this moment: the last actions before "
                "running screaming into the shadows, turning on the others, or a final "
                "breath.</div>"
                f'<p class="oracle-entry narration">{esc(narration)}</p>'
                "<div>Choose: a monster in the service of the forest, or death.</div>")

    def _waiting_fate(self) -> list[str]:
        """Who is lost and has not chosen their Fate (the armor question settled), in order."""
        deciding = {name for name, *_ in self.moves.armor_choices()}
        return [ch.name for ch in self.moves.characters()
                if ch.lost and ch.fate is None and ch.name not in deciding]

    def _refresh_lost(self) -> None:
        lost = self._waiting_fate()
        if not lost:
            self.screen.layout.display = "none"
            self._lost_name = None
            return
        said = self._lost_narration(lost[0])
        if self._lost_name != lost[0]:
            self._lost_name = lost[0]
            self._lost_said = said
            self._lost_text.value = self._lost_html(said)
        elif said != self._lost_said:  # landed after the screen opened, or struck (X-card)
            self._lost_said = said
            self._lost_text.value = self._lost_html(said)
        self.screen.layout.display = ""

    def _lost_narration(self, name: str) -> str:
        """The narration of ``name``'s loss from the journal: it may be recorded before this
        screen opens (the offline narrator is that fast), it must still be there after a
        reload, and when two are lost on one roll each screen tells its own."""
        campaign = self.session.campaign
        if campaign is None:
            return ""
        for entry in reversed(campaign.entries):
            if entry.undone:
                continue
            if entry.type == "fate_chosen" and entry.data.get("name") == name:
                break  # an earlier loss of theirs, already settled (then undone and lost again)
            if (entry.type == "narration" and entry.data.get("beat") == "lost"
                    and not entry.struck and _about(entry.data, name)):
                return str(entry.data.get("text", ""))
        return ""

    def _fate(self, fate: str) -> None:
        if self._lost_name is None:
            return
        self.moves.choose_fate(fate, bool(self._co_gm.value), self._lost_name)
        self.shell.refresh()


def _about(data: dict[str, Any], name: str) -> bool:
    """Whether a recorded narration was voiced about ``name`` (``about``; a narration
    recorded before it was kept names them in its words)."""
    about = data.get("about")
    if isinstance(about, list):
        return name in about
    return name in str(data.get("text", "")) or name.split()[0] in str(data.get("text", ""))
