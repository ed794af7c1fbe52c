"""Coin behind oracle's system interface: ``SYSTEM``, found through the ``oracle.systems`` entry
point (see ``pyproject.toml``). Everything oracle's narrator, solo layer, journal and app need
to know about Coin is said here; nothing under ``oracle/`` names it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from oracle.dice import DiceSource
from oracle.systems.base import (
    Generator,
    Line,
    Part,
    Settled,
    System,
    Unnamed,
    result,
    said,
    who,
)
from oracle.systems.beats import BeatSpec
from oracle_coin import rules

NAMES = ("Ada Penny", "Bram Florin", "Cass Groat", "Dov Shilling", "Esk Farthing", "Fen Ducat",
         "Gil Sovereign", "Hale Crown", "Ivo Guinea", "Jun Mark")

FLIP = BeatSpec("flip", "Coin: a called flip, won or lost", ("coin_won", "coin_lost"),
                table_by=("won", {"true": "coin_won", "false": "coin_lost"}),
                example={"roll": "flip", "system": "coin", "call": "heads", "face": "tails",
                         "won": False})


def _name(dice: DiceSource, taken: Sequence[str]) -> str:
    free = [n for n in NAMES if n not in taken] or list(NAMES)
    return free[(dice.roll(len(free)) - 1) % len(free)]


def _caller(dice: DiceSource, taken: Sequence[str]) -> dict[str, Any]:
    return {"name": _name(dice, taken), "lucky_face": rules.FACES[dice.roll(2) - 1]}


class CoinSystem(System):
    """Call heads or tails."""

    name = "coin"
    title = "Coin"
    tagline = "Coin · Call it"
    unnamed = Unnamed("the caller", "caller", "the table")
    roll_kinds = ("flip",)
    odds_kinds = ("flip",)
    event_types = (rules.FLIPPED, rules.JOINED)
    fields: ClassVar[Mapping[str, frozenset[str]]] = {"flip": frozenset({"call", "face"})}
    offline_tables = ("coin_won", "coin_lost")
    dread_words = "the flips lost in a row"
    app = "oracle_coin.app"

    # --- The rules ---

    def resolve(self, request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
        return rules.flip(request, dice)

    def odds(self, request: Mapping[str, Any]) -> dict[str, Any]:
        return rules.odds(request)

    def new_state(self) -> rules.CoinState:
        return rules.CoinState()

    def apply(self, state: Any, event: Mapping[str, Any]) -> rules.CoinState:
        return rules.apply(state, event)

    def journal_line(self, event: Mapping[str, Any],
                     outcome: Mapping[str, Any] | None = None) -> Line:
        if event.get("type") == rules.JOINED:
            return Line.of("meta", who(event.get("name", "")), " joins the table")
        caller = who(event.get("name") or self.unnamed.roller)
        verdict = "won" if event.get("face") == event.get("call") else "lost"
        action: list[Part | str] = [" (", said(event["action"]), ")"] if event.get("action") \
            else []
        return Line.of("roll", caller, " calls ", str(event.get("call")), *action, " → ",
                       result(f"{event.get('face')}, {verdict}"))

    def beat(self, outcome: Mapping[str, Any]) -> str:
        return "flip" if outcome.get("roll") == "flip" else "roll"

    # --- What the narrator asks ---

    def beats(self) -> tuple[BeatSpec, ...]:
        return (FLIP,)

    def facts(self, outcome: Mapping[str, Any]) -> list[str]:
        if outcome.get("roll") != "flip":
            return []
        face, call = str(outcome.get("face")).upper(), outcome.get("call")
        if outcome.get("won"):
            return [f"The coin shows {face}, as called: the caller WINS."]
        return [(f"The coin shows {face}; the call was {call}: the caller LOSES. Use no words "
                 "of winning.")]

    def settled(self, outcome: Mapping[str, Any]) -> Settled:
        """What a flip settles, for the referee: a won call is a success, a lost one a
        failure (a Claude narration that says otherwise is not shown)."""
        if outcome.get("roll") != "flip":
            return Settled()
        return Settled(verdict="success" if outcome.get("won") else "failure")

    def closing(self, beat: str, outcome: Mapping[str, Any], name: str) -> str:
        if beat != "flip":
            return ""
        face = str(outcome.get("face", "")).capitalize()
        return f"{face}, as {name} called." if outcome.get("won") else \
            f"{face}: not what {name} called."

    # --- What the solo layer asks ---

    def dread(self, state: Any) -> int | None:
        if not isinstance(state, rules.CoinState) or not state.flips:
            return None
        return min(9, 1 + 2 * state.lost_in_a_row)

    def generators(self) -> Mapping[str, Generator]:
        return {
            "character": Generator(_caller, button="caller",
                                   event=lambda d, taken: {"type": rules.JOINED,
                                                           "name": _name(d, taken)}),
            "name": Generator(_name),
        }

    # --- What the journal asks ---

    def last_result(self, state: Any) -> Mapping[str, Any] | None:
        found: Mapping[str, Any] | None = state.last_result
        return found


SYSTEM = CoinSystem()
