"""Correcting a sheet beside the tabs: the played character's Ruin, Hunt Tokens, Gold or a
Condition put right with a sentence saying why, as paper allows, without undoing a whole move.

The correction is one journal entry (``sheet_corrected``), undone and redone like any move; the
rules core refuses what the rules forbid (Ruin outside starting Ruin..6, negative tokens or Gold,
a Condition that is not one) with a sentence, and nothing changes. A correction to Ruin 6 is
Losing Yourself: the moment is told about the one who is lost, and the Fate screen opens.
"""

from __future__ import annotations

from typing import Any

from oracle.app import controls as c
from oracle.app.render import esc
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.app.trophy.moves import trophy_moves
from oracle.errors import RequestError

# what the player picks -> (the event's ``what``, strike a Condition off)
CHOICES: dict[str, tuple[str, bool]] = {
    "ruin": ("ruin", False), "hunt_tokens": ("hunt_tokens", False), "gold": ("gold", False),
    "condition": ("condition", False), "strike": ("condition", True),
}
LABELS = [("Ruin", "ruin"), ("Hunt Tokens", "hunt_tokens"), ("Gold", "gold"),
          ("Add a Condition", "condition"), ("Strike off a Condition", "strike")]


class SheetCorrection:
    """The Correct-the-sheet box of the side panel (shut until opened)."""

    def __init__(self, session: Session, shell: Shell) -> None:
        self.session = session
        self.shell = shell
        self.moves = trophy_moves(session)
        self._toggle = c.button("Correct the sheet", css="oracle-correct-open",
                                tooltip="Put a number or a Condition right, saying why")
        self._followed: str | None = None  # the played character the box last followed
        self._error = c.error_line()
        self._error.add_class("oracle-correct-error")
        self._done = c.html("", "oracle-correct-done")
        # the form's fields are made when it is first opened (most pages never open it, and
        # each field is a widget the page loads): the box is there, shut, from the start
        self._form = c.column(css="oracle-correct-form")
        self._form.layout.display = "none"
        self._built = False
        self.widget = c.column(self._toggle, self._form, self._done,
                               css="oracle-correct oracle-panel")
        self._seen: int | None = None  # the value shown when the form was last filled
        self._done_key: tuple[Any, ...] | None = None  # the sheet the done line speaks of
        self._filling = False  # the options are being set: no refill per change
        self._key: tuple[Any, ...] | None = None
        self._toggle.on_click(c.guard(self._error, self._do_toggle))

    def _build(self) -> None:
        """Make the form's fields (the first time it opens)."""
        # whose sheet: the one played, or anyone's (a fallen companion's tokens, say)
        self._who = c.dropdown(options=[], description="Whose sheet")
        self._who.add_class("oracle-correct-who")
        self._what = c.dropdown(options=LABELS, value="ruin", description="Correct")
        self._what.add_class("oracle-correct-what")
        self._to = c.number(value=1, min=-999, max=999, description="to")  # the rules refuse, in words
        self._to.layout.width = "120px"
        self._to.add_class("oracle-correct-to")
        self._condition = c.text("The Condition: a change of body or mind",
                                 css="oracle-correct-condition")
        self._held = c.dropdown(options=[], description="Condition")
        self._held.add_class("oracle-correct-held")
        self._now = c.html("", "oracle-correct-now")
        self._reason = c.text("Why (e.g. misread the dark die)", css="oracle-correct-reason")
        self._apply = c.button("Correct", css="oracle-correct-apply", style="warning")
        self._form.children = (self._who, c.row(self._what, self._to, self._now),
                               self._condition, self._held, self._reason, c.row(self._apply),
                               self._error)
        self._built = True
        for box in (self._what, self._who):
            box.observe(c.guard(self._error, lambda _ch: self._fill(force=True)),
                        names="value")
        self._apply.on_click(c.guard(self._error, self._do_apply))

    def refresh(self) -> None:
        """Follow the played character (their numbers and Conditions as the journal has them)."""
        has = self.session.campaign is not None and self.session.active is not None
        self.widget.layout.display = "" if has else "none"
        if not has or not self._built:
            return
        self._filling = True
        try:
            c.set_options(self._who, [ch.name for ch in self.moves.characters()])
            if self.session.active != self._followed or self._who.value is None:
                self._followed = self.session.active
                self._who.value = self.session.active  # the played one, when it changes
        finally:
            self._filling = False
        self._fill()

    def _do_toggle(self, _button: Any = None) -> None:
        opening = self._form.layout.display == "none"
        if opening and not self._built:
            self._build()
            self.refresh()
        self._form.layout.display = "" if opening else "none"
        self._toggle.description = "Close the correction" if opening else "Correct the sheet"
        self._error.value = ""
        if opening:
            self._done.value = ""
            self._fill(force=True)

    def _fill(self, force: bool = False) -> None:
        """Show the chosen field as the sheet has it now; the number box starts at that value
        (kept while the sheet is unchanged, so a typed value survives a refresh)."""
        if self._filling:
            return
        who = self.moves.character(self._who.value or None)
        what, remove = CHOICES[str(self._what.value)]
        numeric = what != "condition"
        self._to.layout.display = "" if numeric else "none"
        self._condition.layout.display = "" if what == "condition" and not remove else "none"
        self._held.layout.display = "" if remove else "none"
        c.set_options(self._held, list(who.conditions))
        sheet = (who.name, who.ruin, who.hunt_tokens, who.gold, who.conditions)
        if self._done_key is None:
            self._done_key = sheet
        elif sheet != self._done_key:  # the sheet moved on (a roll, an undo): the line is old
            self._done.value = ""
        key = (what, *sheet)
        if not force and key == self._key:
            return
        self._key = key
        if numeric:
            self._seen = int(getattr(who, what))
            self._to.value = self._seen
            label = {v: k for k, v in LABELS}[what]
            floor = f" (never below starting Ruin {who.starting_ruin})" if what == "ruin" else ""
            self._now.value = (f"<span class='oracle-hint'>{esc(who.name)}'s {label} is "
                               f"<b>{self._seen}</b> now{floor}.</span>")
        else:
            self._seen = None
            held = ", ".join(who.conditions) or "none"
            self._now.value = f"<span class='oracle-hint'>Conditions: {esc(held)}</span>"

    def _do_apply(self, _button: Any = None) -> None:
        who = self.moves.character(self._who.value or None)
        what, remove = CHOICES[str(self._what.value)]
        reason = self._reason.value.strip()
        if not reason:
            raise RequestError("reason: say in a few words why the sheet is corrected (e.g. "
                               "misread the dark die).")
        if what == "condition":
            condition = str(self._held.value or "") if remove else self._condition.value
            seq, result = self.moves.correct(who.name, what, reason, condition=condition,
                                             remove=remove)
        else:
            seq, result = self.moves.correct(who.name, what, reason, to=int(self._to.value),
                                             was=self._seen)
        self._reason.value = ""
        self._condition.value = ""
        self._error.value = ""
        self._form.layout.display = "none"
        self._toggle.description = "Correct the sheet"
        campaign = self.session.require()
        self._done.value = f"<div class='oracle-hint'>{esc(campaign.summary(seq))}</div>"
        self._done_key = None  # kept until the sheet changes again
        if result.get("lost") is True:  # Ruin 6: Losing Yourself, told about the lost one
            self.shell.voice("lost", {"roll": "ruin", "name": who.name, "lost": True,
                                      "ruin_marked": True, "ruin_before": result.get("before"),
                                      "ruin_after": result.get("after")},
                             refers_to=seq, who=(who.name,))
        self.shell.refresh()
