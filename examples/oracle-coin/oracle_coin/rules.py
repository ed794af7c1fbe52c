"""The rules of Coin: call heads or tails, flip, and win when the coin shows the call.

Pure: standard library and ``oracle``'s interface only. A face given in a request is a coin
already flipped; without one the coin is flipped with the dice source (a d2: 1 is heads).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from oracle.dice import DiceSource
from oracle.errors import RequestError, RuleError, shown

FACES = ("heads", "tails")
FLIPPED = "flipped"
JOINED = "caller_joined"


def _face(field: str, value: object) -> str:
    if value not in FACES:
        raise RequestError(f"{field}: heads or tails; got {shown(value)}.")
    return str(value)


def flip(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    """One flip: ``call`` (heads or tails) and ``face`` (given, or flipped) -> ``won``."""
    if request.get("roll") != "flip":
        raise RequestError(f"roll: {shown(request.get('roll'))} is not a coin roll; use flip.")
    call = _face("call", request.get("call"))
    given = request.get("face")
    face = FACES[dice.roll(2) - 1] if given is None else _face("face", given)
    return {"roll": "flip", "system": "coin", "call": call, "face": face, "won": face == call}


def odds(request: Mapping[str, Any]) -> dict[str, Any]:
    """The exact chance the call wins (a fair coin; a face given is certain either way)."""
    call = _face("call", request.get("call"))
    given = request.get("face")
    chance = Fraction(1, 2) if given is None else Fraction(int(_face("face", given) == call))
    return {"roll": "flip", "system": "coin", "call": call,
            "won": {"fraction": str(chance), "value": float(chance)}}


@dataclass(frozen=True)
class CoinState:
    """A campaign of flips: who calls, how many flips, how many won, the losing streak."""

    callers: tuple[str, ...] = ()
    flips: int = 0
    won: int = 0
    lost_in_a_row: int = 0
    last_result: Mapping[str, Any] | None = None


def apply(state: CoinState, event: Mapping[str, Any]) -> CoinState:
    """Fold one event: ``flipped`` (``call``, ``face``, optional ``name``) or ``caller_joined``."""
    kind = event.get("type")
    if kind == JOINED:
        name = str(event.get("name") or "").strip()
        if not name:
            raise RuleError("name: a caller needs a name.")
        return replace(state, callers=(*state.callers, name))
    if kind == FLIPPED:
        call, face = _face("call", event.get("call")), _face("face", event.get("face"))
        result = {"roll": "flip", "system": "coin", "call": call, "face": face,
                  "won": face == call}
        return replace(state, flips=state.flips + 1, won=state.won + (face == call),
                       lost_in_a_row=0 if face == call else state.lost_in_a_row + 1,
                       last_result=result)
    raise RequestError(f"type: coin has no event {shown(kind)}.")
