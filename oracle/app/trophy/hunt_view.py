"""The Hunt: the Hunt Roll, what it finds, exploration questions, and spending Hunt Tokens."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.render import esc, percent
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.app.trophy.cards import Cards
from oracle.app.trophy.moves import trophy_moves, whose
from oracle.app.trophy.render import Die, dice_row
from oracle.errors import RequestError
from oracle.trophy.events import TOKENS_SPENT
from oracle.trophy.hunt import TokenUse
from oracle.wording import in_sentence

ENCOUNTER = {
    "present": "You encounter something terrible, here and now.",
    "distant": "Take a Hunt Token, but something terrible stirs at a distance.",
    "none": "Take a Hunt Token. The way is quiet, for now.",
}
ODDS_WORDS = {"present": "something terrible here", "distant": "trouble at a distance",
              "none": "nothing near"}


class HuntView:
    """Hunt Roll and Hunt Tokens for the active character."""

    def __init__(self, session: Session, shell: Shell) -> None:
        self.session = session
        self.moves = trophy_moves(session)
        self.shell = shell
        self._exploring = c.text("How do you explore? (e.g. follow the stream uphill)",
                                 css="oracle-hunt-intent")
        self._skill = c.checkbox("A Skill or equipment makes the hunt easier (+1 light die)",
                                 css="oracle-hunt-skill")
        self._faces = c.text("faces, e.g. 3 5", width="150px", css="oracle-hunt-faces")
        self._roll = c.button("Hunt", css="oracle-hunt-roll", style="primary")
        self._error = c.error_line()
        self._odds = c.html("", "oracle-odds-line oracle-hunt-odds")
        self._dice = c.html("", "oracle-roll-dice oracle-hunt-dice")
        self._result = c.html("", "oracle-hunt-result")
        self._question = c.text("Ask the GM about the world (answers do not depend on the roll)",
                                css="oracle-hunt-question")
        self._ask = c.button("Ask", css="oracle-hunt-ask")
        self._spend_treasure = c.button("Spend 1 token: a treasure worth 1 Gold",
                                        css="oracle-spend-treasure")
        self._found = c.html("", "oracle-treasure-found")
        self._found_seq: int | None = None  # the spend the found line speaks of
        self._goal = c.text("A goal to achieve (3 tokens, pooled from the party)",
                            css="oracle-goal")
        self._pool = widgets.VBox([])
        self._spend_goal = c.button("Spend 3 tokens on the goal", css="oracle-spend-goal")
        self._claim_from = c.dropdown(options=[], description="Claim tokens of")
        self._claim = c.button("Claim them as Gold", css="oracle-claim")
        self._claim_row = c.row(self._claim_from, self._claim)
        self._spend_error = c.error_line()
        self._inputs: dict[str, Any] = {}
        self._pool_key: tuple[tuple[str, int], ...] | None = None
        self._rolls = 0

        self._roll.on_click(c.guard(self._error, self._do_roll))
        self._ask.on_click(c.guard(self._error, self._do_ask))
        self._skill.observe(c.guard(self._error, lambda _ch: self._update_odds()), names="value")
        self._spend_treasure.on_click(c.guard(self._spend_error, self._do_treasure))
        self._spend_goal.on_click(c.guard(self._spend_error, self._do_goal))
        self._claim.on_click(c.guard(self._spend_error, self._do_claim))

        self.widget = c.column(
            c.html("<h2>Hunt</h2>"),
            c.html('<div class="oracle-hint">Press deeper toward a goal: one light die for '
                   "exploring, one more for a Skill or equipment. 1: lose all your tokens; "
                   "1-3: something terrible is here; 4-5: a token, and trouble at a distance; "
                   "6: a token.</div>"),
            self._exploring, c.row(self._skill, self._faces), self._odds,
            c.row(self._roll), self._error, self._dice, self._result, shell.told("Hunt"),
            c.row(self._question, self._ask),
            c.html("<h3>Hunt Tokens</h3>"),
            c.html('<div class="oracle-hint">When a companion dies, the others claim their '
                   "Hunt Tokens as Gold, 1 Gold a token; one lost to the forest as a monster "
                   "keeps them.</div>", "oracle-claim-rule"),
            c.row(self._spend_treasure), self._found,
            self._goal, self._pool, c.row(self._spend_goal),
            self._claim_row, self._spend_error,
            css="oracle-hunt",
        )
        c.hooks(self, {"_error": "oracle-hunt-error", "_spend_error": "oracle-spend-error",
                       "_claim_row": "oracle-claim-row"})
        self._cards = Cards(session)
        self.refresh()

    def refresh(self) -> None:
        """Bring this view up to date with the session (an undone roll's card is cleared)."""
        self._cards.sweep()
        self._sweep_found()
        session = self.session
        self._faces.layout.display = "" if getattr(session, "physical", False) else "none"
        self._roll.disabled = session.campaign is None or session.active is None
        # SRD 1.2, Hunt Tokens: a treasure costs 1 token of the one who spends it
        self._spend_treasure.disabled = (self._roll.disabled
                                         or self.moves.character().hunt_tokens
                                         < TokenUse.TREASURE.cost)
        self._update_odds()
        in_play = [ch for ch in self.moves.characters() if not ch.out_of_play]
        key = tuple((ch.name, ch.hunt_tokens) for ch in in_play)
        if key != self._pool_key:
            self._pool_key = key
            self._rebuild_pool(in_play)
        fallen = [ch.name for ch in self.moves.characters() if ch.died and ch.hunt_tokens]
        c.set_options(self._claim_from, fallen)
        self._claim_row.layout.display = "" if fallen else "none"
        incursion = self.moves.state.expedition.incursion
        current = None if incursion is None else incursion.current
        here = None if incursion is None or current is None else incursion.sets[current]
        self._goal.placeholder = (
            "A goal to achieve (3 tokens, pooled from the party)" if here is None else
            f"Empty: the set goal of {in_sentence(here.title)} ({here.goal}); or another goal")

    def _rebuild_pool(self, in_play: list[Any]) -> None:
        """One token count per character in play, for pooling toward a goal."""
        session = self.session
        rows = []
        inputs = {}
        holders = [ch.name for ch in in_play if ch.hunt_tokens]
        payer = holders[0] if len(holders) == 1 else session.active  # one holder: they pay
        for character in in_play:
            # the name is a caption beside the box, never its description (which is typeset)
            box = widgets.BoundedIntText(value=0, min=0, max=max(0, character.hunt_tokens))
            box.layout.width = "80px"
            old = self._inputs.get(character.name)
            if old is not None:
                box.value = min(old.value, box.max)
            elif character.name == payer:
                box.value = min(3, character.hunt_tokens)
            inputs[character.name] = box
            rows.append(c.row(c.caption(f"{character.name} ({character.hunt_tokens})"), box))
        self._inputs = inputs
        self._pool.children = tuple(rows)

    def _update_odds(self) -> None:
        session = self.session
        if session.campaign is None or session.active is None:
            self._odds.value = ""
            return
        try:
            from oracle.trophy.odds import odds_for_request

            who = self.moves.character()
            odds = odds_for_request({"roll": "hunt", "light": 1 + int(self._skill.value),
                                     "tokens": who.hunt_tokens})
            enc = odds.get("encounter", {})
            # the rules' keys in the hint's words ("encounter present" read as a raw key)
            parts = [f"{ODDS_WORDS.get(k, k)} <b>{percent(v['value'])}</b>"
                     for k, v in enc.items() if isinstance(v, Mapping)]
            gained = odds.get("token_gained", {})
            gain = percent(gained["value"]) if isinstance(gained, Mapping) else "?"
            lost = odds.get("tokens_lost", {})
            # SRD 1.2, Hunt Roll: a 1 loses every Hunt Token (only matters with some to lose)
            held = ("your Hunt Token" if who.hunt_tokens == 1  # not "all 1 Hunt Tokens"
                    else f"all {who.hunt_tokens} Hunt Tokens")
            losing = (f"; lose {held} <b>{percent(lost['value'])}</b>"
                      if who.hunt_tokens and isinstance(lost, Mapping) else "")
            self._odds.value = (f"<b>Odds</b>: {' · '.join(parts)}; "
                                f"gain a token <b>{gain}</b>{losing}")
        except Exception as exc:  # noqa: BLE001 - shown as a sentence, never a traceback
            self._odds.value = f'<span class="oracle-hint">{esc(exc)}</span>'

    def _do_roll(self, _button: Any = None) -> None:
        typed = None
        if getattr(self.session, "physical", False):
            typed = c.parse_faces("hunt faces", self._faces.value)
        rolled = self.moves.hunt(exploring=self._exploring.value, skill=self._skill.value,
                                   faces=typed)
        self._rolls += 1
        result = rolled.result
        highest = result.get("highest")
        dice = [Die(f, "light", deciding=(f == highest and i == list(rolled.light).index(f)))
                for i, f in enumerate(rolled.light)]
        self._dice.value = f'<div data-roll="{self._rolls}">{dice_row(dice)}</div>'
        lines = [esc(ENCOUNTER.get(str(result.get("encounter")), ""))]
        if result.get("tokens_lost"):
            lines.insert(0, "A 1: you lose all your Hunt Tokens.")
        lines.append(f"Hunt Tokens {result.get('tokens_before')} → "
                     f"<b>{result.get('tokens_after')}</b>")
        self._result.value = (f'<div class="oracle-outcome {esc(result.get("encounter"))}">'
                              + "<br>".join(lines) + "</div>")
        self._cards.put(rolled.seq, self._dice, self._result)
        self.shell.voice("encounter", result, intent=self._exploring.value,
                         refers_to=rolled.seq, who=whose(result))
        self.shell.refresh()

    def _do_ask(self, _button: Any = None) -> None:
        self.shell.answer(self._question.value)

    def _do_treasure(self, _button: Any = None) -> None:
        who = self.moves.character()
        named = self.moves.buy_treasure(who.name)
        self._found_seq = self.session.require().last_seq
        self._found.value = (f"<div class='oracle-panel'><b>{esc(who.name)}</b> finds a "
                             f"treasure worth 1 Gold: <i>{esc(named)}</i></div>")
        self.shell.refresh()

    def _sweep_found(self) -> None:
        """The found treasure's line goes once its spend is undone (or another campaign is
        open)."""
        campaign = self.session.campaign
        seq = self._found_seq
        if seq is None:
            return
        try:
            gone = campaign is None or campaign.entry(seq).type != TOKENS_SPENT or bool(
                campaign.entry(seq).undone)
        except RequestError:  # no such entry here: another campaign
            gone = True
        if gone:
            self._found.value = ""
            self._found_seq = None

    def _do_goal(self, _button: Any = None) -> None:
        pooled = {name: box.value for name, box in self._inputs.items() if box.value}
        holders = [ch for ch in self.moves.characters() if not ch.out_of_play and ch.hunt_tokens]
        if not pooled and len(holders) == 1:  # nobody chosen, one holder: theirs pay
            pooled = {holders[0].name: min(3, holders[0].hunt_tokens)}
        self.moves.spend_tokens("goal", pooled, goal=self._goal.value)
        for box in self._inputs.values():
            box.value = 0
        self.shell.refresh()

    def _do_claim(self, _button: Any = None) -> None:
        fallen = self.moves.character(self._claim_from.value)
        who = self.moves.character()
        self.moves.claim_tokens(fallen.name, {who.name: fallen.hunt_tokens})
        self.shell.refresh()
