"""The Contest Roll: characters (and NPCs) acting against each other."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.render import esc, percent
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.app.trophy.cards import Cards
from oracle.app.trophy.moves import lost_in, trophy_moves
from oracle.app.trophy.render import Die, dice_row


class ContestView:
    """Pick two or more participants, gather their dice, roll, read the 6s down to the 1s."""

    def __init__(self, session: Session, shell: Shell) -> None:
        self.session = session
        self.moves = trophy_moves(session)
        self.shell = shell
        self._stake = c.text("What is at stake?", css="oracle-contest-stake")
        self._who = c.ticks(options=[], rows=4, description="Who contests",
                                           style={"description_width": "initial"})
        self._who.add_class("oracle-contest-who")
        self._deadly = c.checkbox("The contest itself is deadly (+1 dark die each)",
                                  css="oracle-contest-deadly")
        self._rows = widgets.VBox([])
        self._odds = c.html("", "oracle-odds-line oracle-contest-odds")
        self._roll = c.button("Contest", css="oracle-contest-roll", style="primary")
        self._error = c.error_line()
        self._result = c.html("", "oracle-roll-dice oracle-contest-result")
        self._controls: dict[str, tuple[Any, Any, Any, Any]] = {}
        self._key: Any = None
        self._rolls = 0
        self._who.observe(c.guard(self._error, lambda _ch: self._rebuild()), names="value")
        self._deadly.observe(c.guard(self._error, lambda _ch: self._update_odds()),
                             names="value")
        self._roll.on_click(c.guard(self._error, self._do_roll))
        self.widget = c.column(
            c.html("<h2>Contest</h2>"),
            c.html('<div class="oracle-hint">Each takes a light die for a Skill, one light die '
                   "per Ruin, a dark die if the contest is deadly, and any dark dice they dare. "
                   "Most 6s wins; ties go to the 5s, then down. Each dark 1 marks Ruin.</div>"),
            self._stake, self._who, self._deadly, self._rows, self._odds,
            c.row(self._roll), self._error, self._result, shell.told("Contest"),
            css="oracle-contest",
        )
        c.hooks(self, {"_error": "oracle-contest-error"})
        self._cards = Cards(session)
        self.refresh()

    def refresh(self) -> None:
        """Bring this view up to date with the session."""
        self._cards.sweep()
        names = self.moves.names()
        chosen = tuple(n for n in self._who.value if n in names)
        self._who.options = names
        self._who.value = chosen
        self._rebuild()

    def _rebuild(self) -> None:
        physical = getattr(self.session, "physical", False)
        key = (physical, tuple((n, self.moves.state.character(n).ruin)
                               for n in self._who.value))
        if key == self._key:
            return
        self._key = key
        rows = []
        controls = {}
        for name in self._who.value:
            old = self._controls.get(name)
            skill = old[0] if old else c.checkbox("Skill", css="oracle-contest-skill")
            extra = old[1] if old else c.number(value=0, min=0, max=6, description="extra dark")
            extra.layout.width = "130px"
            light = old[2] if old else c.text("light faces", width="120px",
                                              css="oracle-contest-light")
            dark = old[3] if old else c.text("dark faces", width="120px",
                                             css="oracle-contest-dark")
            extra.add_class("oracle-contest-extra")
            if not old:
                skill.observe(lambda _ch: self._update_odds(), names="value")
                extra.observe(lambda _ch: self._update_odds(), names="value")
            light.layout.display = dark.layout.display = "" if physical else "none"
            ruin = self.moves.state.character(name).ruin
            label = c.html(f"<b>{esc(name)}</b> <span class='oracle-hint'>Ruin {ruin}: "
                           f"{ruin} light</span>")
            label.layout.width = "200px"
            controls[name] = (skill, extra, light, dark)
            rows.append(c.row(label, skill, extra, light, dark))
        self._controls = controls
        self._rows.children = tuple(rows)
        self._update_odds()

    def _participants(self) -> list[dict[str, Any]]:
        return [{"name": name, "skill": skill.value, "deadly": self._deadly.value,
                 "extra_dark": extra.value}
                for name, (skill, extra, _light, _dark) in self._controls.items()]

    def _update_odds(self) -> None:
        if len(self._controls) < 2:
            self._odds.value = ""
            return
        try:
            from oracle.trophy.odds import odds_for_request

            people = []
            for item in self._participants():
                ruin = self.moves.state.character(item["name"]).ruin
                people.append({"name": item["name"], "ruin": ruin,
                               "light": int(item["skill"]) + ruin,
                               "dark": int(item["deadly"]) + item["extra_dark"]})
            odds = odds_for_request({"roll": "contest", "participants": people})
            parts = [f"{esc(p['name'])} wins <b>{percent(p['wins']['value'])}</b>"
                     for p in odds.get("participants", [])]
            self._odds.value = "<b>Odds</b>: " + " · ".join(parts)
        except Exception as exc:  # noqa: BLE001 - shown as a sentence, never a traceback
            self._odds.value = f'<span class="oracle-hint">{esc(exc)}</span>'

    def _do_roll(self, _button: Any = None) -> None:
        if len(self._controls) < 2:
            from oracle.errors import RuleError

            raise RuleError("participants: a contest needs at least two participants.")
        faces = None
        if getattr(self.session, "physical", False):
            faces = {
                name: (c.parse_faces(f"{name}: light faces", light.value),
                       c.parse_faces(f"{name}: dark faces", dark.value))
                for name, (_s, _e, light, dark) in self._controls.items()
            }
        rolled = self.moves.contest(self._participants(), faces, self._stake.value)
        self._rolls += 1
        result = rolled.result
        winner = result.get("winner")
        stake = " ".join(str(self._stake.value).split())
        staked = f'<span class="oracle-hint oracle-contest-staked">At stake: {esc(stake)}</span>'
        parts = [f'<div data-roll="{self._rolls}">',
                 (f'<div class="oracle-outcome {"success" if winner else "tie"}">'
                  f'{esc(winner) + " wins" if winner else "A full tie: nobody wins"}'
                  f'{staked if stake else ""}</div>')]
        by_name = {p["name"]: p for p in result.get("participants", [])}
        for item in self.moves.latest_contest:
            info = by_name.get(item["name"], {})
            dice = [Die(f, "light") for f in item["light"]] + [Die(f, "dark")
                                                               for f in item["dark"]]
            ruin = ""
            if info.get("ruin_marked"):
                ruin = (f" · marks {info['ruin_marked']} Ruin ({info.get('ruin_before')} → "
                        f"{info.get('ruin_after')})" + (": lost" if info.get("lost") is True
                                                        else ""))
            parts.append(f"<div><b>{esc(item['name'])}</b>{esc(ruin)}</div>{dice_row(dice)}")
        parts.append("</div>")
        self._result.value = "".join(parts)
        self._cards.put(rolled.seq, self._result)
        self.shell.voice("roll", result, intent=self._stake.value, refers_to=rolled.seq,
                         who=tuple(self._controls))
        for lost in lost_in(result):  # each one lost, voiced about them
            self.shell.voice("lost", lost, refers_to=rolled.seq, who=(lost["name"],))
        self.shell.refresh()
