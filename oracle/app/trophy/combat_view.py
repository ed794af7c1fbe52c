"""The Combat Roll: a monster's Endurance, Weak Points, dark dice, armor, continue or retreat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.render import esc, percent
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.app.trophy.bestiary_picker import BestiaryPicker, apply_pick
from oracle.app.trophy.cards import Cards
from oracle.app.trophy.moves import lost_in, trophy_moves
from oracle.app.trophy.render import Die, dice_row

MAX_ENDURANCE = 12

DEFAULT_ENDURANCE = 7  # the form's Endurance until the player sets one


class CombatView:
    """Fight a monster together: one Weak Point and one dark die per character."""

    def __init__(self, session: Session, shell: Shell) -> None:
        self.session = session
        self.moves = trophy_moves(session)
        self.shell = shell
        self._monster = c.text("The monster (empty: the oracle draws one from the bestiary, "
                               "at its own Endurance unless you set one)",
                               css="oracle-monster")
        # a fight from before the story kept its monster: name it once, mid-fight
        self._name_it = c.text("Name the monster of this fight", css="oracle-monster-late")
        self._name_button = c.button("Name it", css="oracle-monster-name")
        self._endurance = c.number(value=DEFAULT_ENDURANCE, min=2, max=12,
                                   description="Endurance (2-12)")
        self._endurance.add_class("oracle-endurance")
        self._lower = c.number(value=0, min=0, max=10,
                               description="− Skills, equipment, weakness")
        self._raise = c.number(value=0, min=0, max=10,
                               description="+ tough, many, disadvantage")
        for box in (self._endurance, self._lower, self._raise):
            box.layout.width = "260px"
        self._fighters = c.ticks(options=[], rows=4, description="Fighters",
                                                style={"description_width": "initial"})
        self._fighters.add_class("oracle-fighters")
        self._weak_faces = c.text("Weak Points typed, e.g. 3 5", width="200px",
                                  css="oracle-weak-faces")
        self._start = c.button("Face the monster", css="oracle-combat-start", style="primary")
        self._effective = c.html("", "oracle-warning oracle-endurance-note")
        self._status = c.html("", "oracle-combat-status")
        self._armor = widgets.VBox([])
        self._dark_faces = c.text("dark faces typed", width="200px", css="oracle-combat-faces")
        self._roll = c.button("Roll the dark dice", css="oracle-combat-roll", style="primary")
        self._odds = c.html("", "oracle-odds-line oracle-combat-odds")
        self._retreat_who = c.dropdown(options=[], description="Retreat")
        self._retreat_to = c.dropdown(options=[], description="hand the die to")
        self._retreat = c.button("Retreat", css="oracle-retreat")
        self._abandon = c.button("The group retreats", css="oracle-abandon", style="danger")
        self._dice = c.html("", "oracle-roll-dice oracle-combat-dice")
        # SRD 1.2: armor may be marked after the dice are seen, while the roll is unsettled
        self._ask_armor = c.html("", "oracle-armor-ask")
        self._armor_buttons = widgets.VBox([])
        self._decline = c.button("Take the Ruin (keep the armor)", css="oracle-armor-decline")
        self._question = c.column(self._ask_armor, self._armor_buttons, self._decline,
                                  css="oracle-armor-question oracle-panel")
        self._pending_voice: tuple[Any, tuple[str, ...]] | None = None
        self._points: dict[str, tuple[int, ...]] = {}
        self._error = c.error_line()
        self._naming = c.row(self._name_it, self._name_button, css="oracle-monster-naming")
        self._fight_box = c.column(self._status, self._naming, self._armor,
                                   c.row(self._dark_faces),
                                   self._odds, c.row(self._roll),
                                   c.row(self._retreat_who, self._retreat_to, self._retreat,
                                         self._abandon))
        from oracle.app.solo import own_in

        with own_in(self.session, keep=False):  # the player's own bestiary is offered too
            self.bestiary = BestiaryPicker(
                lambda m: apply_pick(m, self._monster, self._endurance))
        self._setup_box = c.column(
            self.bestiary.widget, self._monster,
            c.row(self._endurance, self._lower, self._raise), self._effective,
            c.row(self._fighters, self._weak_faces), c.row(self._start))
        self._armor_boxes: dict[str, Any] = {}
        self._piece_boxes: dict[str, Any] = {}
        self._armor_key: Any = None
        self._rolls = 0
        for box in (self._endurance, self._lower, self._raise, self._fighters):
            box.observe(c.guard(self._error, lambda _ch: self._update_setup()), names="value")
        self._start.on_click(c.guard(self._error, self._do_start))
        self._roll.on_click(c.guard(self._error, self._do_roll))
        self._retreat.on_click(c.guard(self._error, self._do_retreat))
        self._abandon.on_click(c.guard(self._error, self._do_abandon))
        self._decline.on_click(c.guard(self._error, self._do_decline))
        self._name_button.on_click(c.guard(self._error, self._do_name))
        self._retreat_who.observe(c.guard(self._error, lambda _ch: self._retreat_targets()),
                                  names="value")
        self.widget = c.column(
            c.html("<h2>Combat</h2>"),
            c.html('<div class="oracle-hint">Monsters are not beaten by a Risk Roll. Each '
                   "fighter rolls a Weak Point and adds a dark die; the two highest dark dice "
                   "against Endurance defeat it. Every dark die equal to your Weak Point marks "
                   "Ruin, unless you mark a piece of armor.</div>"),
            self._dice, shell.told("Combat"), self._question, shell.owed(), self._setup_box,
            self._fight_box, self._error,
            css="oracle-combat",
        )
        c.hooks(self, {"_armor": "oracle-combat-armor", "_fight_box": "oracle-fight",
                       "_lower": "oracle-combat-lower", "_retreat_to": "oracle-retreat-to",
                       "_retreat_who": "oracle-retreat-who"})
        self._cards = Cards(session)
        self.refresh()

    @property
    def endurance(self) -> int:
        """Endurance after the GM's adjustments."""
        return int(self._endurance.value) - int(self._lower.value) + int(self._raise.value)

    def refresh(self) -> None:
        """Bring this view up to date with the session."""
        session = self.session
        physical = getattr(session, "physical", False)
        self._weak_faces.layout.display = "" if physical else "none"
        self._dark_faces.layout.display = "" if physical else "none"
        names = self.moves.names()
        chosen = tuple(n for n in self._fighters.value if n in names)
        self._fighters.options = names
        self._fighters.value = chosen or tuple(n for n in names[:1])
        combat = self.moves.state.combat if session.campaign is not None else None
        self._cards.sweep()
        self._refresh_question()
        self._setup_box.layout.display = "none" if combat else ""
        self._fight_box.layout.display = "" if combat else "none"
        if combat is None:
            self._update_setup()
            return
        fighters = self._card_fighters(combat)
        key = (fighters, tuple(
            (n, tuple(p.marked for p in self.moves.state.character(n).armor),
             self.moves.state.character(n).ruin) for n, _ in fighters))
        if key != self._armor_key:
            self._armor_key = key
            self._rebuild_armor(fighters)
        verb = "Continue: add a dark die and re-roll" if combat.rolls else "Roll the dark dice"
        self._roll.description = verb
        count = combat.dark_count + (1 if combat.rolls else 0)
        story = self.session.story
        foe = story.foe if story.fighting else None
        self._naming.layout.display = "none" if foe is not None else ""
        name = foe.name if foe is not None else "The monster"
        about = (f"<div class='oracle-hint oracle-monster-about'>{esc(foe.description)}</div>"
                 if foe is not None and foe.description else "")
        quarry = self.moves.state.expedition.quarry
        gold = (f"<div class='oracle-monster-gold-note'>It carries <b>{quarry.gold} Gold</b>, "
                "collected once it is defeated (Incursion tab).</div>"
                if quarry is not None and quarry.gold and not quarry.defeated else "")
        self._status.value = (f"<h3>{esc(name)}: Endurance "
                              f"{combat.endurance}</h3>{about}{gold}<div class='oracle-hint'>{count} "
                              f"dark {'die' if count == 1 else 'dice'} on this roll.</div>")
        c.set_options(self._retreat_who, list(combat.names))
        self._retreat_targets()
        self._update_odds()


    def _refresh_question(self) -> None:
        """Ask each fighter the newest roll hit whether to mark armor (the roll is not settled)."""
        choices = self.moves.armor_choices() if self.session.campaign is not None else []
        if not choices:
            self._question.layout.display = "none"
            self._armor_buttons.children = ()
            return
        self._question.layout.display = ""
        rows = []
        for name, piece, before, after in choices:
            lost = " and loses themself" if after >= 6 else ""
            pieces = self.moves.armor_pieces(name)
            which = (f"Marking <i>{esc(piece)}</i>" if len(pieces) < 2
                     else "Marking the piece chosen below")
            line = c.html(f"<b>{esc(name)}</b>: the dice hit the Weak Point, Ruin {before} → "
                          f"{after}{lost}. {which} takes no Ruin this roll.", "oracle-armor-hit")
            # SRD 1.2: "mark a piece of your armor": the player picks which one
            pick = c.dropdown(options=c.options(pieces), value=piece, description="Piece")
            pick.add_class("oracle-armor-piece")
            pick.layout.display = "" if len(pieces) > 1 else "none"
            mark = c.button(f"Mark armor: {name}", css="oracle-armor-mark",
                            tooltip=f"{name} marks a piece of armor: no Ruin from this roll")
            mark.on_click(c.guard(self._error, lambda _b, who=name, box=pick:
                                  self._do_mark(who, str(box.value or "") or None)))
            rows.append(c.column(line, c.row(pick, mark)))
        self._ask_armor.value = ("<b>Mark armor?</b> You may mark a piece of armor to ignore all "
                                 "of this roll's Ruin; marked armor is unusable until town.")
        self._armor_buttons.children = tuple(rows)

    def _card_fighters(self, combat: Any) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The fighters the card lists: while the newest roll waits on the armor question,
        everyone it hit is still there (a fighter at Ruin 6 is lost only if no armor is marked)."""
        opened = self.moves.state.combat_roll
        waiting = {name for name, *_ in self.moves.armor_choices()}
        before = opened.before.combat if opened is not None and waiting else None
        if before is None:
            return tuple(combat.fighters)
        now = dict(combat.fighters)
        return tuple((name, now.get(name, points)) for name, points in before.fighters
                     if name in now or name in waiting)

    def _rebuild_armor(self, fighters: Any) -> None:
        """Per fighter: Weak Points, Ruin, and a box to mark armor on this roll."""
        rows = []
        boxes = {}
        picks: dict[str, Any] = {}
        for name, points in fighters:
            character = self.moves.state.character(name)
            usable = character.usable_armor
            old = self._armor_boxes.get(name)
            # names are player text: a caption beside the box, never its (typeset) description
            box = c.checkbox("", css="oracle-armor")
            said = c.caption(f"{name}: mark {usable[0].name} if hit" if len(usable) == 1
                             else f"{name}: mark a piece if hit" if usable
                             else f"{name}: no armor")
            box.value = bool(old.value) if old is not None and usable else False
            box.disabled = not usable
            box.observe(lambda _ch: self._update_odds(), names="value")
            boxes[name] = box
            # which piece, when there is a choice (SRD 1.2: the player marks a piece)
            pick = c.dropdown(options=c.options([p.name for p in usable]),
                              description="piece")
            pick.add_class("oracle-armor-piece-before")
            several = len(usable) > 1
            pick.layout.display = "" if several and box.value else "none"
            box.observe(lambda ch, menu=pick, many=several: setattr(
                menu.layout, "display", "" if many and ch["new"] else "none"), names="value")
            picks[name] = pick
            weak = ", ".join(str(p) for p in points)
            lost = " (lost unless armor is marked)" if character.ruin >= 6 else ""
            rows.append(c.column(c.row(c.html(f"<b>{esc(name)}</b> Weak Point {esc(weak)} · "
                                              f"Ruin {character.ruin}{lost}"), box, said), pick))
        self._armor_boxes = boxes
        self._piece_boxes = picks
        self._armor.children = tuple(rows)

    def _retreat_targets(self) -> None:
        combat = self.moves.state.combat
        if combat is None:
            return
        others = [n for n in combat.names if n != self._retreat_who.value]
        c.set_options(self._retreat_to,
                      [(n, n) for n in others] + [("(nobody: last one standing)", "")])

    def _update_setup(self) -> None:
        effective = self.endurance
        count = len(self._fighters.value)
        notes = [f"Endurance after adjustments: <b>{effective}</b>."]
        if effective > MAX_ENDURANCE:
            notes.append("Above 12: the monster is too much to fight. Retreat, or find a way to "
                         "lower its Endurance.")
        elif count and effective < count:
            notes.append("Below the number of dark dice: no Combat Roll is needed, the monster "
                         "is defeated.")
        self._effective.value = " ".join(notes)
        self.bestiary.show(effective, count)
        self._start.disabled = effective > MAX_ENDURANCE or not count

    def _update_odds(self) -> None:
        combat = self.moves.state.combat
        if combat is None:
            self._odds.value = ""
            return
        try:
            from oracle.trophy.odds import odds_for_request

            count = combat.dark_count + (1 if combat.rolls else 0)
            people = [{"name": n, "ruin": self.moves.state.character(n).ruin,
                       "weak_points": list(p),
                       "armor": bool(self._armor_boxes.get(n) and self._armor_boxes[n].value)}
                      for n, p in combat.fighters]
            odds = odds_for_request({"roll": "combat", "endurance": combat.endurance,
                                     "characters": people, "dark": count})
            defeated = odds.get("defeated", {})
            parts = [f"defeat it <b>{percent(defeated['value'])}</b>"
                     if isinstance(defeated, Mapping) else ""]
            for person in odds.get("characters", []):
                marked = person.get("ruin_marked", {})
                if isinstance(marked, Mapping):
                    parts.append(f"{esc(person['name'])} marks Ruin "
                                 f"<b>{percent(marked['value'])}</b>")
            self._odds.value = "<b>Odds</b>: " + " · ".join(p for p in parts if p)
        except Exception as exc:  # noqa: BLE001 - shown as a sentence, never a traceback
            self._odds.value = f'<span class="oracle-hint">{esc(exc)}</span>'

    def _do_start(self, _button: Any = None) -> None:
        fighters = list(self._fighters.value)
        typed = None
        if getattr(self.session, "physical", False):
            typed = c.parse_faces("weak points", self._weak_faces.value, len(fighters))
        self.moves.start_combat(self.endurance, fighters, typed, monster=self._monster.value,
                                gold=self.bestiary.gold or None,  # None: the bestiary's
                                adjust=(int(self._raise.value) - int(self._lower.value)
                                        if int(self._endurance.value) == DEFAULT_ENDURANCE
                                        and not self._monster.value.strip() else None))
        self._monster.value = ""  # the story keeps it now
        self.bestiary.reset()
        if self.moves.state.combat is None:
            result = self.moves.state.last_result or {}
            self._dice.value = ('<div class="oracle-outcome success">No roll needed: the monster '
                                "is defeated.</div>")
            # the monster comes from the story memory (named or drawn), never as an intent
            self.shell.voice("monster", result, who=tuple(fighters))
        else:
            self._dice.value = ""
        self.shell.refresh()

    def _do_roll(self, _button: Any = None) -> None:
        combat = self.moves.state.combat
        armor = [n for n, box in self._armor_boxes.items() if box.value]
        typed = None
        if getattr(self.session, "physical", False):
            typed = c.parse_faces("dark faces", self._dark_faces.value)
        names = combat.names if combat else ()
        points = dict(combat.fighters) if combat else {}
        pieces = {n: str(box.value) for n, box in self._piece_boxes.items()
                  if n in armor and box.value}
        rolled = self.moves.combat_roll(armor, typed, pieces)
        if self._pending_voice is not None:  # the last roll was left as it fell: voice it too
            self._voice(*self._pending_voice)
        self._dark_faces.value = ""
        self._points = points
        self._draw(rolled)
        if self.moves.armor_choices():
            self._pending_voice = (rolled, tuple(names))  # voiced once armor is decided
        else:
            self._voice(rolled, tuple(names))
        self.shell.refresh()

    def _draw(self, rolled: Any) -> None:
        """The roll's card: dice (Weak Point hits ringed in red), total, who marks what."""
        self._rolls += 1
        result = rolled.result
        dark = list(rolled.dark)
        points = self._points
        weak = {p for held in points.values() for p in held}
        top = sorted(range(len(dark)), key=lambda i: dark[i], reverse=True)[:2]
        owners = {f: [n for n, held in points.items() if f in held] for f in dark}
        dice = [Die(f, "dark", deciding=i in top, hit=f in weak,
                    caption=("hits " + ", ".join(owners[f])) if owners.get(f) else "")
                for i, f in enumerate(dark)]
        counted = "Total of the two highest" if len(dark) > 1 else "The one die"
        lines = [(f"{counted}: <b>{result.get('total')}</b> against Endurance "
                 f"{result.get('endurance', '?')}")]
        lines.append("<b>The monster is defeated.</b>" if result.get("defeated")
                     else "Not yet defeated: continue, or retreat.")
        for person in result.get("characters", []):
            matches = int(person.get("matches") or 0)
            if matches:
                what = ("armor takes it" if person.get("armor_used")
                        else f"Ruin {person.get('ruin_before')} → {person.get('ruin_after')}"
                        + (", lost" if person.get("lost") is True else ""))
                noun = "die" if matches == 1 else "dice"
                lines.append(f"{esc(person['name'])}: {matches} dark {noun} on the Weak "
                             f"Point, {esc(what)}")
        outcome = "success" if result.get("defeated") else "complication"
        self._dice.value = (f'<div data-roll="{self._rolls}" class="oracle-result-card">'
                            f'{dice_row(dice)}<div class="oracle-outcome {outcome}">'
                            + "<br>".join(lines) + "</div></div>")
        self._cards.put(rolled.seq, self._dice)

    def _voice(self, rolled: Any, names: tuple[str, ...]) -> None:
        self._pending_voice = None
        # the monster comes from the story memory (named or drawn), never as an intent
        self.shell.voice("monster", rolled.result, refers_to=rolled.seq, who=names)
        for lost in lost_in(rolled.result):  # each one lost, voiced about them (SRD: Ruin 6)
            self.shell.voice("lost", lost, refers_to=rolled.seq, who=(lost["name"],))

    def _do_mark(self, name: str, piece: str | None = None) -> None:
        rolled = self.moves.mark_armor(name, piece)
        self._draw(rolled)
        if not self.moves.armor_choices() and self._pending_voice is not None:
            self._voice(rolled, self._pending_voice[1])
        self.shell.refresh()

    def _do_decline(self, _button: Any = None) -> None:
        self.moves.decline_armor()
        if self._pending_voice is not None:
            self._voice(self.moves.latest or self._pending_voice[0], self._pending_voice[1])
        self.shell.refresh()

    def _do_retreat(self, _button: Any = None) -> None:
        to = self._retreat_to.value or None
        self.moves.retreat(self._retreat_who.value, to)
        self.shell.refresh()

    def _do_name(self, _button: Any = None) -> None:
        from oracle.errors import RequestError

        name = self._name_it.value.strip()
        if not name:
            raise RequestError("monster: type a name for the monster first.")
        self.session.set_story(foe={"name": name})
        self._name_it.value = ""
        self.shell.refresh()

    def _do_abandon(self, _button: Any = None) -> None:
        self.moves.abandon_combat()
        self._dice.value = ('<div class="oracle-hint">The group retreats from the fight; that '
                            "may call for Risk Rolls.</div>")
        self.shell.refresh()
