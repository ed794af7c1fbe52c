"""The Risk Roll screen: intent, what could go wrong, Devil's Bargains, toggles, odds, roll, push.

The odds update as the toggles change; the dice are drawn the moment the rules settle them; the
narration streams into the journal afterwards, on its own thread.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.render import esc, percent
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.app.trophy.moves import Rolled, Shown, lost_in, trophy_moves, whose
from oracle.app.trophy.render import dice_row, odds_bar, risk_dice, risk_outcome
from oracle.app.wire import send_now
from oracle.background import spawn
from oracle.trophy.monsters import dark_dice

FOES = [("nobody in particular", ""), ("folk (people, animals)", "folk"), ("a monster", "monster")]
INTENTS = [("—", ""), ("defeat it (kill or incapacitate)", "defeat"), ("hide", "hide"),
           ("escape", "escape"), ("use a Ritual on it", "ritual"), ("fight past it", "fight_past"),
           ("something else", "other")]


def _value(number: Any) -> float:
    if isinstance(number, Mapping):
        return float(number.get("value", 0.0))
    return float(number)


def odds_html(odds: Mapping[str, Any], title: str = "Odds") -> str:
    """The exact odds of a risk pool: outcome bar, Ruin, lost, push."""
    outcome = odds.get("outcome", {})
    f, co, s = (_value(outcome.get(k, 0)) for k in ("failure", "complication", "success"))
    ruin = _value(odds.get("ruin_marked", 0))
    lost = _value(odds.get("lost", 0))
    push = _value(odds.get("can_push", 0))
    rows = [
        f"<b>{esc(title)}</b>",
        odds_bar(f, co, s),
        ("<table><tr>"
        f"<td>failure <b>{percent(f)}</b></td><td>complication <b>{percent(co)}</b></td>"
        f"<td>success <b>{percent(s)}</b></td></tr><tr>"
        f"<td>mark Ruin <b>{percent(ruin)}</b></td><td>lost <b>{percent(lost)}</b></td>"
        f"<td>may push <b>{percent(push)}</b></td></tr></table>"),
    ]
    for helper in odds.get("helpers", []) or []:
        rows.append(f'<div>{esc(helper.get("name", ""))} (helping) marks Ruin '
                    f'<b>{percent(_value(helper.get("ruin_marked", 0)))}</b></div>')
    return "".join(rows)


class RiskView:
    """Risk Roll, Devil's Bargains, Help, push, for the active character."""

    def __init__(self, session: Session, shell: Shell) -> None:
        self.session = session
        self.moves = trophy_moves(session)
        self.shell = shell
        self._intent = c.text("What do you hope will happen? (e.g. climb the ruined tower)",
                              css="oracle-intent")
        self._wrong = c.area("What could go wrong? (ask the table, or the narrator)", rows=2)
        self._wrong_ask = c.button("Ask the narrator what could go wrong", css="oracle-ask-wrong")
        self._wrong_offers = widgets.VBox([])
        self._bargain_on = c.checkbox("Accept a Devil's Bargain (+1 light die)",
                                      css="oracle-bargain-toggle")
        self._bargain = c.text("The price, paid whatever happens (edit freely)",
                               css="oracle-bargain-text")
        self._bargain_ask = c.button("Offer Devil's Bargains", css="oracle-ask-bargain")
        self._bargain_offers = widgets.VBox([])
        self._skill = c.checkbox("A Skill or equipment applies (+1 light die)", css="oracle-skill")
        self._dark = c.checkbox("Risk mind or body (+1 dark die)", css="oracle-dark-toggle")
        self._ritual = c.checkbox("Perform a Ritual (forces the dark die)", css="oracle-ritual")
        self._helpers = c.ticks(options=[], rows=3, description="Helpers",
                                               style={"description_width": "initial"})
        self._helpers.add_class("oracle-helpers")
        self._foe = c.dropdown(options=FOES, value="", description="Against")
        self._foe_intent = c.dropdown(options=INTENTS, value="", description="To")
        self._confirm = c.checkbox("I know: my character dies", css="oracle-confirm-death")
        self._confirm.layout.display = "none"
        self._warning = c.html("", "oracle-warning")
        self._odds = c.html("", "oracle-odds")
        self._light_faces = c.text("light faces, e.g. 4 2", width="150px",
                                   css="oracle-light-faces")
        self._dark_faces = c.text("dark face, e.g. 5", width="150px", css="oracle-dark-faces")
        self._helper_faces = c.text("helpers' faces", width="150px", css="oracle-helper-faces")
        self._faces_row = c.row(c.html('<span class="oracle-hint">Physical dice:</span>'),
                                self._light_faces, self._dark_faces, self._helper_faces)
        self._roll = c.button("Roll the dice", css="oracle-risk-roll", style="primary")
        self._roll_error = c.error_line()
        self._dice = c.html("", "oracle-dice")
        self._outcome = c.html("", "oracle-outcome-line")
        self._push = c.button("Push: add a dark die and re-roll", css="oracle-push",
                              style="warning")
        self._accept = c.button("Keep this result", css="oracle-accept")
        self._push_odds = c.html("", "oracle-odds-line oracle-push-odds")
        self._push_light = c.text("light faces", width="130px", css="oracle-push-light-faces")
        self._push_dark = c.text("dark faces", width="130px", css="oracle-push-dark-faces")
        self._push_faces = c.row(c.html("re-rolled faces:", "oracle-face-label"),
                                 self._push_light, self._push_dark)
        self._push_error = c.error_line()
        self._late_helper = c.dropdown(options=[], description="Help now:")
        self._late_helper.add_class("oracle-late-helper")
        self._late_face = c.text("their face", width="100px", css="oracle-late-face")
        self._late_help = c.button("Help this roll", css="oracle-help-after")
        self._late_row = c.row(self._late_helper, self._late_face, self._late_help)
        self._push_box = c.column(c.row(self._push, self._accept, self._push_faces),
                                  self._push_odds, self._late_row, self._push_error,
                                  css="oracle-push-box")
        self._wrong_error = c.error_line()
        # the settled roll stays above the next setup, until the next roll replaces it
        self._card = c.column(c.html("<h3>The roll</h3>"), self._dice, self._outcome,
                              shell.told("Risk"), shell.owed(), self._push_box,
                              css="oracle-result-card oracle-panel")
        self._card.layout.display = "none"
        self._settle_first = c.html('<div class="oracle-hint">The roll above is still open: '
                                    "push it, or keep it. Rolling again keeps it as it stands."
                                    "</div>", "oracle-settle-first")
        self._dark_before_ritual: bool | None = None
        self._rolls = 0
        self._drawn: Rolled | None = None  # the roll the card shows

        self._roll.on_click(c.guard(self._roll_error, self._do_roll))
        self._push.on_click(c.guard(self._push_error, self._do_push))
        self._accept.on_click(c.guard(self._push_error, self._do_accept))
        self._late_help.on_click(c.guard(self._push_error, self._do_help_after))
        self._wrong_ask.on_click(c.guard(self._wrong_error, self._ask_wrong))
        self._bargain_ask.on_click(c.guard(self._wrong_error, self._ask_bargain))
        for toggle in (self._skill, self._dark, self._ritual, self._bargain_on, self._helpers,
                       self._foe, self._foe_intent, self._confirm):
            toggle.observe(c.guard(self._roll_error, self._toggled), names="value")

        self.widget = c.column(
            c.html("<h2>Risk Roll</h2>"),
            c.html('<div class="oracle-hint">Say what you hope will happen, ask what could go '
                   "wrong, gather your dice, roll. The highest die decides; a dark die that "
                   "ties a light one wins the tie.</div>"),
            self._card,
            c.html('<h3 class="oracle-setup-title">Set up the next roll</h3>'),
            self._intent,
            self._wrong, c.row(self._wrong_ask, self._bargain_ask), self._wrong_offers,
            self._wrong_error,
            c.row(self._bargain_on, self._bargain), self._bargain_offers,
            c.row(self._skill, self._dark, self._ritual),
            c.row(self._helpers, c.column(self._foe, self._foe_intent, self._confirm)),
            self._warning,
            self._odds,
            self._faces_row,
            c.row(self._roll), self._settle_first, self._roll_error,
            css="oracle-risk",
        )
        c.hooks(self, {"_roll_error": "oracle-roll-error", "_push_error": "oracle-push-error",
                       "_wrong": "oracle-wrong",
                       "_foe": "oracle-foe", "_foe_intent": "oracle-foe-intent",
                       "_late_row": "oracle-late-row", "_wrong_offers": "oracle-wrong-offers",
                       "_bargain_offers": "oracle-bargain-offers"})
        self.refresh()
        latest = self.moves.latest
        if latest is not None and latest.kind == "risk":
            self.show(latest)  # a reload lands where play stood: the roll, and its push

    # -- refresh -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Bring this view up to date with the session."""
        session = self.session
        physical = getattr(session, "physical", False)
        self._faces_row.layout.display = "" if physical else "none"
        self._push_faces.layout.display = "" if physical else "none"
        active = session.active
        helpers = [n for n in self.moves.names() if n != active]
        chosen = tuple(n for n in self._helpers.value if n in helpers)
        self._helpers.options = helpers
        self._helpers.value = chosen
        self._helpers.layout.display = "" if helpers else "none"
        pending = session.campaign is not None and self.moves.can_push
        self._roll.disabled = session.campaign is None or active is None
        # never settled silently: the button says that rolling again keeps the open roll
        self._roll.description = "Keep it and roll again" if pending else "Roll the dice"
        self._settle_first.layout.display = "" if pending else "none"
        latest = self.moves.latest
        if latest is not self._drawn and (latest is None or latest.kind == "risk"):
            if latest is None:  # undone: the card leaves with it
                self._drawn = None
                self._dice.value = self._outcome.value = ""
                self._card.layout.display = "none"
            else:
                self.show(latest)
        self._update_odds()
        self._update_push()

    def suggest(self, intent: str, skill: bool) -> None:
        """Fill in a first roll (Quick start): the player only has to click Roll."""
        self._intent.value = intent
        self._skill.value = skill

    def _toggled(self, _change: Any = None) -> None:
        if self._ritual.value:
            # SRD 1.2, Risk Roll: a Ritual always includes the dark die.
            if self._dark_before_ritual is None:
                self._dark_before_ritual = bool(self._dark.value)
            self._dark.value = True
            self._dark.disabled = True
        else:
            self._dark.disabled = False
            if self._dark_before_ritual is not None:  # unticked: the dark die as it was
                self._dark.value, self._dark_before_ritual = self._dark_before_ritual, None
        self._confirm.layout.display = (
            "" if (self._foe.value == "monster" and self._foe_intent.value == "defeat") else "none"
        )
        self._update_odds()

    def _kills(self) -> bool:
        return bool(self._foe.value == "monster" and self._foe_intent.value == "defeat")

    def _dark_dice(self) -> int:
        """The dark dice the toggles roll (a Ritual always includes one: the core says so)."""
        return dark_dice(int(self._dark.value), bool(self._ritual.value),
                         self._foe_intent.value or None)

    def _warnings(self) -> list[str]:
        notes = []
        if self._foe.value == "monster" and self._foe_intent.value == "defeat":
            notes.append("A Risk Roll to kill or incapacitate a monster means your character "
                         "dies. Hide, escape, use a Ritual, fight past it, or use the Combat tab.")
        if self._ritual.value:
            notes.append("A Ritual always includes a dark die: the dark die is on.")
        if self._foe_intent.value == "ritual" and not self._ritual.value:
            notes.append("Using a Ritual on it is a Ritual: it takes the dark die.")
        if self._helpers.value and not self._dark_dice():
            notes.append("Help is only possible on a roll with a dark die; risk mind or body "
                         "to take the helpers' dice.")
        return notes

    def _update_odds(self) -> None:
        self._warning.value = "<br>".join(esc(w) for w in self._warnings())
        session = self.session
        if session.campaign is None or session.active is None:
            self._odds.value = ""
            return
        try:
            request = self.moves.risk_request(
                self._skill.value, self._bargain_on.value, self._dark.value,
                list(self._helpers.value) if self._dark_dice() else [],
                self._ritual.value, self._foe_intent.value or None,
            )
            if self._kills():
                self._odds.value = (
                    '<div class="oracle-outcome failure oracle-kill-odds"><b>Whatever the dice '
                    f"show, {esc(session.active)} dies</b>: a Risk Roll to kill or incapacitate "
                    "a monster is death (100%). The roll only tells how it happens.</div>")
                return
            if request["light"] + request["dark"] == 0:
                self._odds.value = ('<span class="oracle-hint">No dice yet: a Skill, a Bargain '
                                    "or risking mind or body gives you a die.</span>")
                return
            self._odds.value = odds_html(self.moves.risk_odds(request), "Odds before the roll")
        except Exception as exc:  # noqa: BLE001 - odds are advice; a refused pool is explained, never a traceback
            self._odds.value = f'<span class="oracle-hint">{esc(exc)}</span>'

    def _update_push(self) -> None:
        session = self.session
        request = self.moves.push_request() if session.campaign is not None else None
        open_roll = session.campaign is not None and self.moves.state.risk is not None
        latest = self.moves.latest
        shown = open_roll or (latest is not None and latest.kind == "risk")
        self._push_box.layout.display = "" if shown else "none"
        self._push.disabled = request is None
        self._accept.disabled = not open_roll
        risk = self.moves.state.risk if session.campaign is not None else None
        helping = {h.name for h in risk.result.helpers} if risk is not None else set()
        late = [n for n in self.moves.names()
                if risk is not None and n != risk.name and n not in helping]
        c.set_options(self._late_helper, late)
        self._late_row.layout.display = (
            "" if late and risk is not None and risk.result.roll.dark else "none")
        self._late_face.layout.display = "" if getattr(session, "physical", False) else "none"
        if request is None:
            self._push_odds.value = (
                '<span class="oracle-hint">No push: the highest die is dark, so the roll is '
                "settled.</span>" if shown and latest is not None
                and latest.result.get("highest_is_dark") else
                '<span class="oracle-hint">The roll is settled.</span>' if shown else "")
            return
        try:
            self._push_odds.value = odds_html(self.moves.risk_odds(request),
                                              "Odds if you push (one more dark die)")
        except Exception as exc:  # noqa: BLE001 - shown as a sentence, never a traceback
            self._push_odds.value = f'<span class="oracle-hint">{esc(exc)}</span>'

    # -- actions -----------------------------------------------------------------------------

    def _typed(self, box: Any, name: str) -> tuple[int, ...] | None:
        if not getattr(self.session, "physical", False):
            return None
        return c.parse_faces(name, box.value)

    def _do_roll(self, _button: Any = None) -> None:
        if self._kills() and not self._confirm.value:
            from oracle.errors import RuleError

            raise RuleError("A Risk Roll to kill or incapacitate a monster means your character "
                            "dies. Tick “I know: my character dies” to roll anyway, or hide, "
                            "escape, use a Ritual, fight past it, or fight it in the Combat tab.")
        helpers = list(self._helpers.value)
        rolled = self._drawing(lambda shown: self.moves.risk(
            action=self._intent.value,
            wrong=self._wrong.value,
            skill=self._skill.value,
            bargain=self._bargain.value if self._bargain_on.value else None,
            dark=self._dark.value,
            ritual=self._ritual.value,
            helpers=helpers,
            foe=self._foe.value or None,
            intent=self._foe_intent.value or None,
            confirmed=self._confirm.value,
            light_faces=self._typed(self._light_faces, "light faces"),
            dark_faces=self._typed(self._dark_faces, "dark faces"),
            helper_faces=self._typed(self._helper_faces, "helper faces") if helpers else None,
            shown=shown,
        ))
        self._narrate(rolled)
        self._reset()
        self.shell.refresh()

    def _reset(self) -> None:
        """A new roll starts from a clean form: no bargain, helpers, worries or typed faces."""
        self._bargain_on.value = False
        self._bargain.value = self._wrong.value = ""
        self._wrong_offers.children = self._bargain_offers.children = ()
        self._helpers.value = ()
        self._confirm.value = False
        for box in (self._light_faces, self._dark_faces, self._helper_faces):
            box.value = ""

    def _do_push(self, _button: Any = None) -> None:
        light = self._typed(self._push_light, "light faces")
        dark = self._typed(self._push_dark, "dark faces")
        rolled = self._drawing(lambda shown: self.moves.push(light, dark, shown))
        self._push_light.value = self._push_dark.value = ""
        self._narrate(rolled)
        self.shell.refresh()

    def _do_help_after(self, _button: Any = None) -> None:
        face = None
        if getattr(self.session, "physical", False):
            face = c.parse_faces("helper face", self._late_face.value, 1)[0]
        helper = self._late_helper.value
        rolled = self._drawing(lambda shown: self.moves.help_after(helper, face, shown))
        self._late_face.value = ""
        self._narrate(rolled)  # the help changes the result: voice it again
        self.shell.refresh()

    def _do_accept(self, _button: Any = None) -> None:
        self.moves.accept_roll()
        self._update_push()

    def _drawing(self, move: Callable[[Shown], Rolled]) -> Rolled:
        """Make ``move``, its dice drawn while it is written; if it is not, they are taken back."""
        kept = (self._drawn, self._dice.value, self._card.layout.display)  # what _draw changes
        try:
            rolled = move(self._draw)
        except BaseException:
            if self._drawn is not kept[0]:  # drawn, then not recorded: the card as it was
                self._drawn, self._dice.value, self._card.layout.display = kept
            raise
        if self._drawn is None or self._drawn.seq != rolled.seq:
            self._draw(rolled)
        self._drawn = rolled  # the recorded roll: a refresh has nothing to redraw
        self._outcome.value = risk_outcome(rolled.result)
        send_now()  # dice and outcome have left the kernel before the push odds and journal
        self._update_push()
        return rolled

    def show(self, rolled: Rolled) -> None:
        """Draw the dice and the outcome at once (the narrator comes later)."""
        self._draw(rolled)
        self._outcome.value = risk_outcome(rolled.result)
        self._update_push()

    def _draw(self, rolled: Rolled) -> None:
        """The dice alone: they leave first, the outcome follows once the roll is recorded."""
        self._rolls += 1
        self._drawn = rolled
        self._card.layout.display = ""
        result = rolled.result
        helpers = [(str(h.get("name", "")), int(h.get("die", 0)))
                   for h in result.get("helpers", []) if h.get("die")] or list(rolled.helpers)
        light = tuple(result.get("light", rolled.light))
        dark = tuple(result.get("dark", rolled.dark))
        self._dice.value = (f'<div data-roll="{self._rolls}">'
                            + dice_row(risk_dice(light, dark, helpers)) + "</div>")
        # Out now: SQLite's short statements let go of the interpreter too briefly for the
        # kernel's I/O thread to wake, so without this the dice waited for the commit.
        send_now()

    def _narrate(self, rolled: Rolled) -> None:
        from oracle.narrator.beats import beat_for_result

        beat = beat_for_result("trophy", rolled.result)
        # the roll's own roller, not whoever is played now (a push or a late help may come
        # after the picker moved on to someone else)
        who = whose(rolled.result) or ((self.session.active,) if self.session.active else ())
        self.shell.voice(beat, rolled.result, intent=self._intent.value, refers_to=rolled.seq,
                         who=who)
        roller = who[0] if who else None
        for lost in lost_in(rolled.result, roller):  # a helper lost too, voiced about them
            self.shell.voice("lost", lost, refers_to=rolled.seq, who=(lost["name"],))

    def _offers_into(self, beat: str, box: Any, on_pick: Any) -> None:
        box.children = (c.html('<span class="oracle-spinner"></span><span class="oracle-hint">'
                               "The narrator is thinking…</span>"),)
        intent = self._intent.value
        session = self.session

        def work() -> None:
            try:
                items = session.offers(beat, {"roll": "risk"}, intent=intent)
            except Exception as exc:  # noqa: BLE001 - shown as a sentence, never a traceback
                box.children = (c.html(f'<span class="oracle-hint">{esc(exc)}</span>'),)
                return
            buttons = []
            for item in items:
                pick = c.button(item[:140], css="oracle-offer")
                pick.layout.width = "100%"
                pick.on_click(lambda _b, text=item: on_pick(text))
                buttons.append(pick)
            box.children = tuple(buttons)

        spawn(work, "oracle-offers")

    def _ask_wrong(self, _button: Any = None) -> None:
        def pick(text: str) -> None:
            current = self._wrong.value.strip()
            self._wrong.value = f"{current}\n{text}".strip()

        self._offers_into("wrong", self._wrong_offers, pick)

    def _ask_bargain(self, _button: Any = None) -> None:
        def pick(text: str) -> None:
            self._bargain.value = text
            self._bargain_on.value = True
            self._bargain_offers.children = ()

        self._offers_into("bargain", self._bargain_offers, pick)
