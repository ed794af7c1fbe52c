"""Ruin: the Ruin Roll, the Reduction Roll (betrayal), and returning to town."""

from __future__ import annotations

from typing import Any

from oracle.app import controls as c
from oracle.app.render import esc, percent
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.app.trophy.cards import Cards
from oracle.app.trophy.moves import trophy_moves, whose
from oracle.app.trophy.render import Die, dice_row


class RuinView:
    """Ruin Roll and Reduction Roll for the active character."""

    def __init__(self, session: Session, shell: Shell) -> None:
        self.session = session
        self.moves = trophy_moves(session)
        self.shell = shell
        self._reason = c.text("What disturbing thing do you witness or undergo?",
                              css="oracle-ruin-reason")
        self._ruin_face = c.text("dark face", width="110px", css="oracle-ruin-face")
        self._ruin_roll = c.button("Ruin Roll", css="oracle-ruin-roll", style="danger")
        self._ruin_error = c.error_line()
        self._ruin_dice = c.html("", "oracle-roll-dice oracle-ruin-dice")
        self._ruin_odds = c.html("", "oracle-odds-line oracle-ruin-odds")
        self._betrayal = c.text("How do you betray or sabotage the others, quietly?",
                                css="oracle-betrayal")
        self._red_face = c.text("light face", width="110px", css="oracle-reduction-face")
        self._red_roll = c.button("Reduction Roll", css="oracle-reduction-roll")
        self._remove = c.button("Remove 1 Ruin anyway (someone notices)",
                                css="oracle-remove-anyway", style="warning")
        self._keep = c.button("Keep the Ruin (unseen)", css="oracle-keep-ruin")
        self._choice = c.row(self._remove, self._keep)
        self._choice.layout.display = "none"
        self._red_error = c.error_line()
        self._red_dice = c.html("", "oracle-roll-dice oracle-reduction-dice")
        self._red_note = c.html("", "oracle-hint")
        self._red_odds = c.html("", "oracle-odds-line oracle-reduction-odds")
        self._town = c.button("Back safely in town: armor usable again", css="oracle-town")
        self._town_error = c.error_line()
        self._town_said = c.html("", "oracle-town-said")  # what the incursion came to
        self._pending: int | None = None
        self._pending_for: str | None = None  # whose Reduction die waits on the choice
        self._rolls = 0
        self._ruin_roll.on_click(c.guard(self._ruin_error, self._do_ruin))
        self._red_roll.on_click(c.guard(self._red_error, self._do_reduction))
        self._remove.on_click(c.guard(self._red_error, lambda _b: self._settle(True)))
        self._keep.on_click(c.guard(self._red_error, lambda _b: self._settle(False)))
        self._town.on_click(c.guard(self._town_error, self._do_town))
        self.widget = c.column(
            c.html("<h2>Ruin</h2>"),
            c.html('<div class="oracle-hint">When you witness or undergo something disturbing, '
                   "roll one dark die: higher than your Ruin marks 1 Ruin.</div>"),
            self._reason, self._ruin_odds, c.row(self._ruin_roll, self._ruin_face),
            self._ruin_error,
            self._ruin_dice, shell.told("Ruin"), shell.owed(),
            c.html("<h3>Reduction</h3>"),
            self._red_note, self._red_odds,
            self._betrayal, c.row(self._red_roll, self._red_face), self._choice,
            self._red_error, self._red_dice, shell.told("reduction"),
            c.html("<h3>Town</h3>"), c.row(self._town), self._town_said, self._town_error,
            css="oracle-ruin-view",
        )
        c.hooks(self, {"_choice": "oracle-reduction-choice"})
        self._cards = Cards(session)
        self.refresh()

    def refresh(self) -> None:
        """Bring this view up to date with the session (an undone roll's card is cleared)."""
        self._cards.sweep()
        session = self.session
        physical = getattr(session, "physical", False)
        self._ruin_face.layout.display = "" if physical else "none"
        self._red_face.layout.display = "" if physical else "none"
        ready = session.campaign is not None and session.active is not None
        self._ruin_roll.disabled = not ready
        if self._pending is not None and session.active != self._pending_for:
            # the die was another character's (lost, or another one played): its choice goes,
            # never to be settled on the one played now
            self._pending = self._pending_for = None
            self._choice.layout.display = "none"
            self._red_dice.value = ""
        note = ("Once you have marked 5 Ruin you may shed it by acting against the group: roll "
                "one light die; below your Ruin, remove 1 unnoticed; otherwise you choose. Never "
                "below your starting Ruin.")
        can = False
        if ready:
            who = self.moves.character()
            can = who.can_reduce
            if not can:
                note += f" ({who.name}: not open yet.)" if not who.reached_five else (
                    f" ({who.name}: already at starting Ruin.)")
        self._red_note.value = esc(note)
        self._red_odds.value = self._reduction_odds() if can else ""
        self._ruin_odds.value = self._odds() if ready else ""
        self._red_roll.disabled = not can or self._pending is not None

    def _reduction_odds(self) -> str:
        """The exact odds of the active character's Reduction Roll (the core's odds)."""
        from oracle.trophy.odds import odds_for_request

        who = self.moves.character()
        odds = odds_for_request({"roll": "reduction", "ruin": who.ruin,
                                 "starting_ruin": who.starting_ruin,
                                 "reached_five": who.reached_five})
        unnoticed = odds["removed_unnoticed"]["value"]
        return (f"<b>Odds</b>: {esc(who.name)} sheds 1 Ruin unnoticed "
                f"<b>{percent(unnoticed)}</b>; otherwise ({percent(1 - unnoticed)}) you choose: "
                "remove it anyway and be noticed, or keep it")

    def _odds(self) -> str:
        """The exact odds of the active character's Ruin Roll (the core's odds)."""
        from oracle.trophy.odds import odds_for_request

        who = self.moves.character()
        if who.out_of_play:
            return ""
        odds = odds_for_request({"roll": "ruin", "ruin": who.ruin})
        marked, lost = odds["ruin_marked"]["value"], odds["lost"]["value"]
        return (f"<b>Odds</b>: {esc(who.name)} marks Ruin <b>{percent(marked)}</b>"
                + (f" · lost <b>{percent(lost)}</b>" if lost else ""))

    def _typed(self, box: Any, field: str) -> int | None:
        if not getattr(self.session, "physical", False):
            return None
        return c.parse_faces(field, box.value, 1)[0]

    def _do_ruin(self, _button: Any = None) -> None:
        rolled = self.moves.ruin_roll(self._typed(self._ruin_face, "dark face"),
                                        self._reason.value)
        self._rolls += 1
        result = rolled.result
        face = rolled.dark[0]
        verdict = (f"Higher than your Ruin: Ruin {result.get('ruin_before')} → "
                   f"{result.get('ruin_after')}" if result.get("ruin_marked")
                   else "Not higher than your Ruin: nothing is marked.")
        self._ruin_dice.value = (f'<div data-roll="{self._rolls}">'
                                 + dice_row([Die(face, "dark", deciding=True)])
                                 + f'<div class="oracle-outcome">{esc(verdict)}</div></div>')
        self._cards.put(rolled.seq, self._ruin_dice)
        from oracle.narrator.beats import beat_for_result

        self.shell.voice(beat_for_result("trophy", result), result, intent=self._reason.value,
                         refers_to=rolled.seq, who=whose(result))
        self.shell.refresh()

    def _do_reduction(self, _button: Any = None) -> None:
        face = self.moves.reduction_die(self._typed(self._red_face, "light face"))
        ruin = self.moves.character().ruin
        self._red_dice.value = dice_row([Die(face, "light", deciding=True)])
        if face < ruin:
            self._settle(False, face)
            return
        # SRD 1.2, Reduction Roll: equal or higher, the player decides (and is noticed if so).
        self._pending, self._pending_for = face, self.session.active
        self._choice.layout.display = ""
        self._red_roll.disabled = True

    def _settle(self, remove_anyway: bool, face: int | None = None) -> None:
        face = self._pending if face is None else face
        if face is None:
            return
        rolled = self.moves.reduction(face, remove_anyway, self._betrayal.value)
        self._pending = None
        self._choice.layout.display = "none"
        result = rolled.result
        if result.get("noticed"):
            text = "You remove 1 Ruin, and someone notices the betrayal."
        elif result.get("ruin_after") != result.get("ruin_before"):
            text = "The betrayal goes unnoticed: remove 1 Ruin."
        else:
            text = "You keep the Ruin; the attempt goes unseen."
        self._red_dice.value = (dice_row([Die(face, "light", deciding=True)])
                                + f'<div class="oracle-outcome">{esc(text)} Ruin '
                                f'{result.get("ruin_before")} → {result.get("ruin_after")}</div>')
        self._cards.put(rolled.seq, self._red_dice)
        self.shell.voice("reduction", result, intent=self._betrayal.value, refers_to=rolled.seq,
                         who=whose(result))
        self.shell.refresh()

    def _do_town(self, _button: Any = None) -> None:
        from oracle.trophy.incursion_words import town_line

        self.moves.return_to_town()
        said = town_line({}, self.moves.state.last_result or {}).plain()
        self._town_said.value = f"<div class='oracle-hint'>{esc(said)}</div>"
        self.shell.refresh()

