"""The Triptycho tab: a scenario tracker and an opposed-roll and damage resolver.

A thin view over :class:`~oracle.app.triptycho.moves.TriptychoMoves`: every click is one move
(rolls carry their faces), recorded; the rules core (``oracle.triptycho``) folds it or refuses
it with one sentence, shown next to the control. ``build_view`` takes the app's ``Session`` (its open campaign), a
``Campaign``, or ``None`` (a scratch scenario kept in memory).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.background import markup_into
from oracle.app.render import esc, percent, rolled
from oracle.app.told import card_line, result_card, voiced_in
from oracle.app.triptycho.moves import TriptychoMoves
from oracle.errors import RequestError, RuleError
from oracle.triptycho.combat import OPPOSED_NAMES, POINT_NAMES, ScenarioKind
from oracle.triptycho.state import ScenarioState, summary

log = logging.getLogger("oracle.app")

# attribute -> its DOM class, ``oracle-tp-<name>`` (one each: the view is on the page once)
HOOKS = {
    "_status": "status", "_tracker": "tracker", "_name": "name", "_player": "player",
    "_hp": "hp", "_join": "join", "_roster_error": "roster-error", "_kind": "kind",
    "_tracks": "tracks", "_start": "start", "_draw": "draw", "_next": "next",
    "_round_error": "round-error", "_who": "who", "_init_dice": "init-dice",
    "_roll_init": "roll-init", "_init_error": "init-error", "_amount": "amount",
    "_attacker": "attacker", "_target": "target", "_accuracy": "accuracy",
    "_evasion": "evasion", "_dmg": "damage", "_dmg_type": "damage-type", "_defense": "defense",
    "_odds": "odds", "_typed": "faces", "_roll": "roll", "_result": "result",
    "_resolve_error": "resolve-error", "_by": "by", "_damage": "points-damage",
    "_discard": "discard", "_end": "end", "_heal": "heal", "_injury": "injury",
    "_lower": "lower", "_lower_to": "lower-to", "_move": "move", "_outcome": "outcome",
    "_points_error": "points-error", "_recover": "recover", "_track": "track", "_ep": "ep",
    "_wp": "wp", "_deck": "deck", "_piercing": "piercing",
}

TRACKER_STYLE = ("<style>.oracle-triptycho-tracker th, .oracle-triptycho-tracker td "
                 "{padding: 2px 14px 2px 0; text-align: left;}</style>")


def _int(widget: widgets.Widget) -> int:
    return int(widget.value)


class TriptychoView:
    """Scenario tracker (initiative order, round and phase, points, tracks, injuries) and a
    resolver showing win chance and expected damage before the roll."""

    def __init__(self, source: Any = None) -> None:
        self.moves: TriptychoMoves = (source.moves_for("triptycho")
                                      if callable(getattr(source, "moves_for", None))
                                      else TriptychoMoves(source))
        self._status = c.html(css="oracle-panel")
        self._tracker = c.html(css="oracle-panel")
        self._source, self._rolls = source, 0  # the session (its cards' lines), rolls shown
        # roster
        self._name = c.text("e.g. Ash", label="Name", width="10em")
        self._player = c.checkbox("player", value=True)
        self._hp = widgets.BoundedIntText(20, min=1, max=999, description="HP")
        self._ep = widgets.BoundedIntText(20, min=1, max=999, description="EP")
        self._wp = widgets.BoundedIntText(20, min=1, max=999, description="WP")
        self._deck = widgets.BoundedIntText(20, min=0, max=999, description="deck")
        for box in (self._hp, self._ep, self._wp, self._deck):
            box.layout.width = "9em"
        self._join = c.button("Add to roster")
        self._roster_error = c.error_line()
        # scenario and round
        self._kind = widgets.Dropdown(options=[k.value for k in ScenarioKind], value="combat",
                                     description="scenario")
        self._tracks = c.text("e.g. Ash: power +1; Ogre: power 0", label="Tracks", width="28em")
        self._tracks.tooltip = "Stat Tracks, e.g. Ash: power +1, skill 0; Ogre: power 0"
        self._start = c.button("Start scenario", style="primary")
        self._outcome = widgets.Dropdown(options=["victory", "defeat", "other"], value="victory",
                                        description="outcome")
        self._end = c.button("End scenario")
        self._draw = c.button("Draw Phase")
        self._next = c.button("Next turn")
        self._discard = c.button("Discard Phase")
        self._round_error = c.error_line()
        # initiative
        self._who = widgets.Dropdown(options=[], description="who")
        self._init_dice = c.text("1d8", label="Initiative dice", width="8em", value="1d8")
        self._roll_init = c.button("Roll Initiative")
        self._lower_to = widgets.BoundedIntText(1, min=1, max=999, description="lower to")
        self._lower_to.layout.width = "11em"
        self._lower = c.button("Lower")
        self._init_error = c.error_line()
        # points, injuries, tracks
        self._amount = widgets.BoundedIntText(1, min=0, max=999, description="amount")
        self._amount.layout.width = "11em"
        self._damage = c.button("Damage")
        self._recover = c.button("Recover")
        self._injury = c.button("Injury", style="danger")
        self._heal = c.button("Heal Injury (1 Valuable)")
        self._track = c.text("power", label="Track", width="7em", value="power")
        self._by = widgets.IntText(1, description="by")
        self._by.layout.width = "8em"
        self._move = c.button("Move track")
        self._points_error = c.error_line()
        # resolver
        self._attacker = widgets.Dropdown(options=[], description="attacker")
        self._target = widgets.Dropdown(options=[], description="target")
        self._accuracy = c.text("e.g. 1d8, or empty", width="12em", value="1d8")
        self._evasion = c.text("e.g. 1d4, or empty", width="12em", value="1d4")
        self._dmg = c.text("e.g. 1d10", width="10em", value="1d10")
        self._dmg_type = c.text("optional", label="damage type", width="10em")
        self._defense = c.text("e.g. 1d6", width="10em")
        self._piercing = widgets.BoundedIntText(0, min=0, max=12, description="Piercing")
        self._piercing.layout.width = "10em"
        self._odds = c.html(css="oracle-odds")
        self._typed = c.text("action, reaction, damage, enhancements, defense",
                             label="Faces (physical dice)", width="40em")
        self._typed.tooltip = ("Physical dice: faces in rolling order (accuracy, evasion, damage, "
                               "enhancements, defense), or empty to let the oracle roll")
        self._roll = c.button("Roll attack", style="primary")
        self._result = c.html(css="oracle-outcome")
        self._resolve_error = c.error_line()
        self._odds_job = markup_into(self._odds, self._resolve_error)
        for attr, css in HOOKS.items():  # stable DOM classes for the browser tests
            getattr(self, attr).add_class(f"oracle-tp-{css}")
        for box in (self._hp, self._ep, self._wp, self._deck, self._lower_to, self._amount,
                    self._by, self._piercing, self._who, self._attacker, self._target):
            box.style.description_width = "initial"  # a label never squeezes its input away
        self._wire()
        self.widget = c.column(
            self._status, self._tracker,
            c.html("<b>Roster</b>"),
            c.row(self._name, self._player, self._hp, self._ep, self._wp, self._deck,
                  self._join), self._roster_error,
            c.html("<b>Scenario and round</b>"),
            c.row(self._kind, self._tracks, self._start, self._outcome, self._end),
            c.row(self._draw, self._next, self._discard), self._round_error,
            c.row(self._who, self._init_dice, self._roll_init, self._lower_to, self._lower),
            self._init_error,
            c.row(self._amount, self._damage, self._recover, self._injury, self._heal),
            card_line(source, "tp-injury"),  # what the narrator says of an Injury
            c.row(self._track, self._by, self._move), self._points_error,
            c.html("<b>Opposed roll and damage</b>"),
            c.row(self._attacker, self._target),
            c.row(self._accuracy, self._evasion, self._dmg, self._dmg_type, self._defense,
                  self._piercing),
            self._odds, c.row(self._typed, self._roll),
            result_card(source, self._result, "tp-attack"), self._resolve_error,
            css="oracle-triptycho",
        )
        if source is not None and callable(getattr(source, "on_change", None)):
            source.on_change(self.refresh)
        self.refresh()

    # -- wiring ------------------------------------------------------------------------------

    def _wire(self) -> None:
        moves, roster, rounds = self.moves, self._roster_error, self._round_error
        who = self._who
        self._join.on_click(c.guard(roster, lambda _: self._do_join()))
        self._start.on_click(c.guard(rounds, lambda _: self._after(
            lambda: moves.start(self._kind.value, self._tracks.value))))
        self._end.on_click(c.guard(rounds, lambda _: self._after(
            lambda: moves.end(self._outcome.value))))
        for button, step in ((self._draw, "draw_phase"), (self._next, "next_turn"),
                             (self._discard, "discard_phase")):
            button.on_click(c.guard(rounds, lambda _, s=step: self._after(
                lambda: moves.phase(s))))
        self._roll_init.on_click(c.guard(self._init_error, lambda _: self._after(
            lambda: moves.initiative(who.value, self._init_dice.value, self._typed.value))))
        self._lower.on_click(c.guard(self._init_error, lambda _: self._after(
            lambda: moves.lower(who.value, _int(self._lower_to)))))
        points = self._points_error
        self._damage.on_click(c.guard(points, lambda _: self._after(
            lambda: moves.damage(who.value, _int(self._amount)))))
        self._recover.on_click(c.guard(points, lambda _: self._after(
            lambda: moves.recover(who.value, _int(self._amount)))))
        self._injury.on_click(c.guard(points, lambda _: self._after(
            lambda: self._voiced("tp-injury", lambda: moves.injury(who.value)))))
        self._heal.on_click(c.guard(points, lambda _: self._after(
            lambda: moves.heal(who.value))))
        self._move.on_click(c.guard(points, lambda _: self._after(
            lambda: moves.move_track(who.value, self._track.value, _int(self._by)))))
        self._roll.on_click(c.guard(self._resolve_error, lambda _: self._do_attack()))
        for box in (self._accuracy, self._evasion, self._dmg, self._dmg_type, self._defense,
                    self._piercing, self._target):
            box.observe(c.guard(self._resolve_error, lambda _: self._show_odds()), "value")

    def _after(self, move: Callable[[], object]) -> None:
        """Make a move, then redraw."""
        move()
        self.refresh()

    # -- actions -----------------------------------------------------------------------------

    def _do_join(self) -> None:
        self.moves.join(self._name.value, bool(self._player.value), _int(self._hp),
                        _int(self._ep), _int(self._wp), _int(self._deck))
        self.refresh()
        self._name.value = ""

    def request(self) -> dict[str, int | str]:
        """The ``attack`` request the resolver's fields describe."""
        entries = {"act": self._accuracy.value, "react": self._evasion.value,
                   "damage": self._dmg.value, "defense": self._defense.value}
        return self.moves.attack_request(entries, self._dmg_type.value, _int(self._piercing))

    def _show_odds(self) -> None:
        # the request is read here, on the widget thread; the odds are counted off it
        request, target = self.request(), self._target.value
        standing = self._attacker.value
        if target is None and standing:  # the last one standing: nobody to attack
            alone = (f'<span class="oracle-hint">Only {esc(standing)} is left standing: '
                     "nobody to attack.</span>")
            self._odds_job.ask(lambda: alone)  # after any odds still being counted
            return
        # with nobody in the scenario yet, the resolver still counts the odds of its entries
        points = self.moves.target_points(target)
        self._odds_job.ask(lambda: self.odds_markup(request, target, points))

    def odds_html(self) -> str:
        """Win chance and expected damage for the resolver's entries, before rolling."""
        target = self._target.value
        return self.odds_markup(self.request(), target, self.moves.target_points(target))

    def odds_markup(self, request: Mapping[str, object], target: str | None,
                    points: int | None) -> str:
        """The odds of ``request`` in words (``points``: the target's, when known)."""
        odds = self.moves.odds(request)
        win = Fraction(odds["action_wins"]["fraction"])
        tie = Fraction(odds["tie"]["fraction"])
        mean = Fraction(odds["expected"]["fraction"])
        parts = [f"<b>hits {percent(win)}</b>"
                 + (f" (ties {percent(tie)}, which go to the action)" if odds["opposed_roll"]
                    else " (no opposed roll: it hits)"),
                 f"expected damage <b>{float(mean):.2f}</b>"]
        if points is not None:
            defeat = sum((Fraction(r["fraction"]) for r in odds["distribution"]
                          if r["total"] >= points), Fraction(0))
            parts.append(f"defeats {esc(target)} <b>{percent(defeat)}</b>")
        return " · ".join(parts)

    def _voiced(self, card: str, act: Callable[[], Any]) -> Any:
        """Do ``act``; what the narrator says of it is shown in ``card``."""
        with voiced_in(self._source, card):
            return act()

    def _do_attack(self) -> None:
        result = self._voiced("tp-attack", lambda: self.moves.attack(
            self.request(), self._attacker.value, self._target.value, self._typed.value))
        self.refresh()
        self._rolls += 1
        self._result.value = rolled(self._rolls, self.result_html(result))

    def result_html(self, result: Mapping[str, Any]) -> str:
        """The roll in words: totals, the winner, damage less Defense."""
        lines = []
        if result.get("opposed_roll"):
            lines.append(f"{esc(result['action_name'])} {result['action_total']} vs "
                         f"{esc(result['reaction_name'])} {result['reaction_total']}: "
                         f"{'the action wins' if result['hit'] else 'the reaction wins'}")
        if result.get("hit"):
            defense = result.get("defense_total")
            lines.append(f"damage {result.get('damage_total')}"
                         + (f" less Defense {defense}" if defense is not None else "")
                         + f" = <b>{result['dealt']}</b>")
            if result.get("damage_result") == "maximum":
                lines.append("the Damage dice rolled their maximum")
        else:
            lines.append("a miss: no damage")
        return "<br>".join(lines)

    # -- drawing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw the tracker and the choices from the journal's state."""
        state = self.moves.state
        info = summary(state)
        everyone = [p["name"] for p in info["combatants"]]
        # the defeated are out of the scenario: they attack nobody and nobody attacks them
        # (they still recover, heal and take Injuries: ``who``)
        names = [n for n in everyone if not (state.kind is not None and state.defeated(n))]
        for box, offered in ((self._who, everyone), (self._attacker, names),
                             (self._target, names)):
            keep = box.value
            box.options = offered
            box.value = keep if keep in offered else (offered[0] if offered else None)
        if (self._target.value == self._attacker.value and len(names) > 1):
            self._target.value = names[1]
        if len(names) == 1 and state.kind is not None:  # the last one standing attacks nobody
            self._target.options = []
        self._roll.disabled = self._target.value is None
        act, react = OPPOSED_NAMES[state.kind or ScenarioKind.COMBAT]
        for box, label in ((self._accuracy, act), (self._evasion, react), (self._dmg, "damage"),
                           (self._defense, "defense")):
            box.description = label  # the field's name stays when its placeholder is gone
        self._status.value = self.status_html(info)
        self._tracker.value = self.tracker_html(info, state)
        try:
            self._show_odds()
        except (RequestError, RuleError) as exc:
            self._odds.value = ""
            c.show_error(self._resolve_error, str(exc))

    @staticmethod
    def status_html(info: Mapping[str, Any]) -> str:
        """Scenario, round, phase and whose turn it is."""
        if info["scenario"] is None:
            return "<b>No scenario running.</b> Add the roster, then start a scenario."
        turn = f" · <b>{esc(info['turn'])}</b>'s turn ({esc(info['step'])})" if info["turn"] \
            else ""
        return (f"<b>{esc(info['scenario']).capitalize()}</b> · round {info['round']} · "
                f"{esc(info['phase'])} phase{turn}")

    @staticmethod
    def tracker_html(info: Mapping[str, Any], state: ScenarioState) -> str:
        """One row per combatant, in Initiative order where there is one."""
        points = "points" if state.kind is None else POINT_NAMES[state.kind].upper()
        order = {name: i for i, name in enumerate(info["order"])}
        people = sorted(info["combatants"], key=lambda p: order.get(p["name"], len(order)))
        head = (f"<tr><th>who</th><th>Init</th><th>{points}</th><th>Injuries</th>"
                "<th>tracks</th><th>hand / deck / discard</th></tr>")
        rows = [head]
        for p in people:
            now = "" if p["points"] is None else f"{p['points']} / "
            maximum = p["maximum"]["hp" if state.kind is None else POINT_NAMES[state.kind]]
            marks = (" (defeated)" if p["defeated"] else "") + (" (dead)" if p["dead"] else "")
            tracks = ", ".join(f"{esc(k)} {t['current']:+d} (base {t['base']:+d})"
                               for k, t in p["tracks"].items())
            current = ' class="current"' if p["name"] == info["turn"] else ""
            rows.append(
                f"<tr{current}><td>{esc(p['name'])}{' (player)' if p['player'] else ''}"
                f"{marks}</td><td>{'' if p['initiative'] is None else p['initiative']}</td>"
                f"<td>{now}{maximum}</td><td>{p['injuries']}</td><td>{tracks}</td>"
                f"<td>{p['hand']} / {p['deck']} / {p['discard']}</td></tr>")
        return (f"{TRACKER_STYLE}"
                f'<table class="oracle-triptycho-tracker">{"".join(rows)}</table>')


def build_view(session_or_campaign: Any = None) -> widgets.Widget:
    """The Triptycho tab for the app's Session, a Campaign, or a scratch scenario (None)."""
    view = TriptychoView(session_or_campaign)
    box: widgets.Widget = view.widget
    box._triptycho_view = view  # keep the view (and its callbacks' state) with its widget
    return box
