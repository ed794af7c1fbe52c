"""The Die Trying tab: a character builder, a check roller, a spell caster, a death-save tracker.

A thin view over :class:`~oracle.app.die_trying.moves.DieTryingMoves`: every click is one move,
recorded; the rules core folds it or refuses it with one sentence beside the control. Odds come
from the same core first (a check's degrees, a casting's miscast, a dying one's chances).
``build_view`` takes the app's ``Session``, a ``Campaign``, or ``None`` (a scratch party).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.die_trying.form import NO_SKILL, DieTryingControls
from oracle.app.die_trying.moves import DieTryingMoves, pairs, purchases
from oracle.app.die_trying.render import (
    cast_result_html,
    check_result_html,
    degrees_html,
    party_html,
    save_result_html,
)
from oracle.app.render import esc, percent, rolled
from oracle.app.told import result_card, voiced_in
from oracle.die_trying.equipment import (
    ITEMS,
    STARTING_SP,
    Category,
    total_bulk,
    total_cost,
)
from oracle.die_trying.fold import CampaignState
from oracle.errors import OracleError, RuleError


class DieTryingView(DieTryingControls):
    """Builder (45 SP kept), check roller with degree odds, spell caster with miscast odds,
    death-save tracker with survival odds, and the party's sheets."""

    def __init__(self, source: Any = None) -> None:
        self.moves: DieTryingMoves = (source.moves_for("die_trying")
                                      if callable(getattr(source, "moves_for", None))
                                      else DieTryingMoves(source))
        self._rolled_scores: tuple[int, ...] | None = None
        self._source, self._rolls = source, 0  # the session (its cards' lines), rolls shown
        self._cart: list[dict[str, object]] = []
        self._party = c.html(css="oracle-panel")
        self._build_controls()  # oracle.app.die_trying.form
        self._wire()
        self.widget = c.column(
            c.html("<h2>Die Trying</h2>"), self._party,
            c.html("<h3>New character</h3>"),
            c.row(self._name, self._species, self._size, self._roll_scores), self._scores_line,
            c.row(*self._ability_boxes.values()),
            c.row(self._profs, self._talents, self._md),
            c.row(self._item, self._qty, self._trait, self._dmg_type, self._add, self._undo_item,
                  self._wear),
            self._budget, self._preview, c.row(self._create), self._builder_error,
            c.html("<h3>Check</h3>"),
            c.row(self._who, self._ability, self._skill, self._bonus, self._dc, self._kind),
            self._check_odds, c.row(self._check_faces, self._roll_check),
            result_card(source, self._check_result, "dt-check"), self._check_error,
            c.html("<h3>Cast</h3>"),
            c.row(self._caster, self._magic, self._level, self._improvised, self._cast_skill,
                  self._cast_ability),
            self._cast_odds, c.row(self._cast_faces, self._cast),
            result_card(source, self._cast_result, "dt-cast"), self._cast_error,
            c.html("<h3>Dying, healing and the days</h3>"),
            c.row(self._patient, self._amount, self._damage, self._heal, self._wake,
                  self._new_day),
            self._save_odds, c.row(self._save_faces, self._save, self._healer, self._stabilize),
            result_card(source, self._save_result, "dt-save"),
            c.row(self._points, self._award, self._target, self._mark), self._dying_error,
            css="oracle-die-trying",
        )
        if source is not None and callable(getattr(source, "on_change", None)):
            source.on_change(self.refresh)
        self.refresh()

    # -- construction ------------------------------------------------------------------------

    def _wire(self) -> None:
        b, k, m, d = self._builder_error, self._check_error, self._cast_error, self._dying_error
        self._roll_scores.on_click(c.guard(b, lambda _: self._do_roll_scores()))
        self._add.on_click(c.guard(b, lambda _: self._do_buy()))
        self._undo_item.on_click(c.guard(b, lambda _: self._do_put_back()))
        self._create.on_click(c.guard(b, lambda _: self._do_create()))
        for box in (*self._ability_boxes.values(), self._profs, self._talents, self._wear,
                    self._md, self._name):
            box.observe(c.guard(b, lambda _: self._show_preview()), "value")
        self._roll_check.on_click(c.guard(k, lambda _: self._do_check()))
        for box in (self._who, self._ability, self._skill, self._bonus, self._dc):
            box.observe(c.guard(k, lambda _: self._show_check_odds()), "value")
        self._cast.on_click(c.guard(m, lambda _: self._do_cast()))
        for box in (self._caster, self._magic, self._level, self._improvised, self._cast_skill,
                    self._cast_ability):
            box.observe(c.guard(m, lambda _: self._show_cast_odds()), "value")
        moves = self.moves
        self._damage.on_click(c.guard(d, lambda _: self._after(
            moves.damage(self._patient.value, int(self._amount.value)))))
        self._heal.on_click(c.guard(d, lambda _: self._after(
            moves.heal(self._patient.value, int(self._amount.value)))))
        self._wake.on_click(c.guard(d, lambda _: self._after(moves.wake(self._patient.value))))
        self._new_day.on_click(c.guard(d, lambda _: self._after(moves.new_day())))
        self._save.on_click(c.guard(d, lambda _: self._do_save(stabilize=False)))
        self._stabilize.on_click(c.guard(d, lambda _: self._do_save(stabilize=True)))
        self._patient.observe(c.guard(d, lambda _: self._show_save_odds()), "value")
        self._award.on_click(c.guard(d, lambda _: self._after(
            moves.award(self._patient.value, int(self._points.value)))))
        self._mark.on_click(c.guard(d, lambda _: self._after(
            moves.mark(self._patient.value, self._target.value))))

    def _after(self, _moved: CampaignState) -> None:
        """Redraw after a move (the move has already been recorded)."""
        self.refresh()

    # -- the builder -------------------------------------------------------------------------

    def _do_roll_scores(self) -> None:
        result = self.moves.roll_scores(self._name.value.strip() or None)
        self.refresh()
        self._rolled_scores = tuple(result["rolls"])
        for box, score in zip(self._ability_boxes.values(), result["rolls"], strict=True):
            box.value = score
        self._scores_line.value = (
            f"Rolled {esc(', '.join(f'{s:+d}' for s in result['rolls']))} (d3 "
            f"{esc(result['d3'])}); assign them to the abilities as you like.")

    def _do_buy(self) -> None:
        entry: dict[str, object] = {"item": self._item.value, "quantity": int(self._qty.value)}
        if ITEMS[self._item.value].category is Category.WEAPON:
            entry |= {"trait": self._trait.value, "damage_type": self._dmg_type.value}
        self.moves.buy(self._cart, entry)
        self._cart.append(entry)
        self._show_budget()

    def _do_put_back(self) -> None:
        if not self._cart:
            raise RuleError("equipment: nothing bought yet, so nothing to put back.")
        self._cart.pop()
        self._show_budget()

    def sheet_request(self) -> dict[str, Any]:
        """The ``character`` request (and ``create_character`` event) the builder describes."""
        return {
            "name": self._name.value.strip(),
            "species": self._species.value.strip(),
            "size": self._size.value,
            "abilities": {a.value: int(box.value) for a, box in self._ability_boxes.items()},
            "proficiencies": pairs(self._profs.value, "proficiencies"),
            "talents": pairs(self._talents.value, "talents"),
            "equipment": list(self._cart),
            "wear_armor": bool(self._wear.value),
            "magic_dice": int(self._md.value),
        }

    def _do_create(self) -> None:
        self.moves.create(self.sheet_request(), self._rolled_scores)
        self.refresh()
        self._cart = []
        self._rolled_scores = None
        self._name.value = ""
        self._scores_line.value = ""
        self._show_budget()

    def _show_budget(self) -> None:
        bought = purchases(self._cart)
        spent = total_cost(bought)
        items = ", ".join(p.label for p in bought) or "nothing yet"
        self._budget.value = (
            f'<span data-spent="{spent}">Spent <b>{spent}</b> of {STARTING_SP} SP</span> · '
            f'<span data-left="{STARTING_SP - spent}"><b>{STARTING_SP - spent}</b> left</span> · '
            f"Bulk {total_bulk(bought)} · {esc(items)}")
        self._show_preview()

    def _show_preview(self) -> None:
        try:
            result = self.moves.preview({**self.sheet_request(),
                                         "name": self._name.value.strip() or "?"})
        except OracleError as exc:
            self._preview.value = f"Not yet a valid character: {esc(exc)}"
            return
        sheet = result["character"]
        self._preview.value = (f"HP <b>{sheet['hp']}</b> · AC <b>{sheet['ac']}</b> · Speed "
                               f"<b>{sheet['speed']}</b> · Bulk {sheet['bulk']} · levels left "
                               f"<b>{result['levels_unspent']}</b> of 6")

    # -- checks ------------------------------------------------------------------------------

    def check_request(self) -> dict[str, int | str]:
        """The ``check`` request the roller describes (the character's scores when chosen)."""
        skill = None if self._skill.value == NO_SKILL else self._skill.value
        return self.moves.check_request(self._who.value, self._ability.value, skill,
                                        int(self._bonus.value), int(self._dc.value),
                                        self._kind.value)

    def _show_check_odds(self) -> None:
        odds = self.moves.odds(self.check_request())
        self._check_odds.value = degrees_html(odds["degrees"])

    def _do_check(self) -> None:
        with voiced_in(self._source, "dt-check"):  # its narration, in its card
            result = self.moves.check(self.check_request(), self._who.value,
                                      self._check_faces.value)
        self.refresh()
        self._check_faces.value = ""
        self._rolls += 1
        self._check_result.value = rolled(self._rolls, check_result_html(result))

    # -- magic -------------------------------------------------------------------------------

    def cast_request(self) -> dict[str, int | str]:
        """The ``spell``/``improvised_spell`` request for the caster's pool (counts)."""
        return self.moves.cast_request(self._caster.value, int(self._magic.value),
                                       int(self._level.value), bool(self._improvised.value),
                                       self._cast_skill.value, self._cast_ability.value)

    def cast_odds_html(self, request: Mapping[str, object] | None = None) -> str:
        """The chance of a miscast (and of death) before the dice are rolled."""
        request = self.cast_request() if request is None else request
        odds = self.moves.cast_odds(request)
        parts = [f"miscast <b>{percent(Fraction(odds['miscast']['fraction']))}</b>",
                 f"the caster dies {percent(Fraction(odds['death']['fraction']))}",
                 f"expected power {float(Fraction(odds['power_expected']['fraction'])):.1f}",
                 (f"Instability {request['instability']} → "
                  f"{request['instability'] + odds['instability_gained']}")]
        if "effectiveness" in odds:
            eff = odds["effectiveness"]
            good = Fraction(eff["success"]["fraction"]) + Fraction(
                eff["critical_success"]["fraction"])
            parts.append(f"the improvised check succeeds {percent(good)}")
        return " · ".join(parts)

    def _show_cast_odds(self) -> None:
        caster = self._caster.value  # none, or none with Magic Dice: a hint, not a refusal
        hint = ("Create a character to cast." if not caster else f"{caster} has no Magic Dice "
                "to cast with." if self.moves.character(caster).usable_magic_dice < 1 else "")
        if hint:
            self._cast_odds.value = f'<span class="oracle-hint">{esc(hint)}</span>'
            return
        request = self.cast_request()  # read on the widget thread; the odds counted off it
        self._cast_job.ask(lambda: self.cast_odds_html(request))

    def _do_cast(self) -> None:
        with voiced_in(self._source, "dt-cast"):
            result = self.moves.cast(self.cast_request(), self._caster.value,
                                     self._cast_faces.value)
        self.refresh()
        self._cast_faces.value = ""
        self._rolls += 1
        self._cast_result.value = rolled(self._rolls, cast_result_html(result))

    # -- dying -------------------------------------------------------------------------------

    def save_odds_html(self) -> str:
        if not self._patient.value:
            return ""
        hero = self.moves.character(self._patient.value)
        if hero.dead:
            return f"{esc(hero.name)} is dead."
        if not hero.dying:
            return f"{esc(hero.name)} is not dying (HP {hero.hp})."
        odds = self.moves.odds({"roll": "death_save", "hp": hero.hp})
        return (f"{esc(hero.name)} is dying at HP {hero.hp}: death save DC {odds['dc']}; "
                f"saving every turn, ends stable <b>"
                f"{percent(Fraction(odds['survival']['fraction']))}</b>"
                + degrees_html(odds["degrees"]))

    def _show_save_odds(self) -> None:
        self._save_odds.value = self.save_odds_html()
        patient = self._patient.value
        dying = bool(patient) and self.moves.character(patient).dying
        self._save.disabled = self._stabilize.disabled = not dying  # no save for the dead

    def _do_save(self, stabilize: bool) -> None:
        with voiced_in(self._source, "dt-save"):
            result = self.moves.save(self._patient.value, self._healer.value, stabilize,
                                     self._save_faces.value)
        self.refresh()
        self._save_faces.value = ""
        self._rolls += 1
        self._save_result.value = rolled(self._rolls, save_result_html(result))

    # -- drawing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw the party and the choices from the journal's state."""
        state = self.moves.state
        names = [ch.name for ch in state.characters]
        able = self.moves.able()  # the dead and the fallen are offered no roll
        for box, options, blank in ((self._who, able, True), (self._caster, able, False),
                                    (self._patient, names, False), (self._healer, able, False)):
            keep = box.value
            box.options = ([("(anyone: bonus only)", "")] if blank else []) + [
                (n, n) for n in options]
            values = [v for _, v in box.options]
            box.value = keep if keep in values else (values[0] if values else None)
        self._party.value = party_html(state)
        self._show_budget()
        for show, line in ((self._show_check_odds, self._check_error),
                           (self._show_cast_odds, self._cast_error),
                           (self._show_save_odds, self._dying_error)):
            try:
                show()
            except OracleError as exc:
                c.show_error(line, str(exc))

def build_view(session_or_campaign: Any = None) -> widgets.Widget:
    """The Die Trying tab for the app's Session, a Campaign, or a scratch party (None)."""
    view = DieTryingView(session_or_campaign)
    box: widgets.Widget = view.widget
    box._die_trying_view = view  # keep the view (and its callbacks' state) with its widget
    return box

