"""Ask the oracle (solo play): a yes/no answer rolled on one d6, voiced afterwards.

The dice decide the answer; the narrator only colours it. The likelihood the player picks moves
the line between yes and no. A 6 always adds "and", a 1 always adds "and" to a no, and a die
landing right on the line gives a "but".
"""

from __future__ import annotations

from typing import Any

from oracle.dice import DiceSource
from oracle.errors import RequestError, shown
from oracle.narrator.base import LIKELIHOODS

# The lowest face that answers yes, by likelihood (our own table; Trophy has no oracle).
YES_FROM: dict[str, int] = {"certain": 2, "likely": 3, "even": 4, "unlikely": 5, "doubtful": 6}


def answer_for(face: int, likelihood: str) -> str:
    """The answer a d6 face gives at a likelihood: yes/no, with "and" or "but" at the edges."""
    if likelihood not in YES_FROM:
        raise RequestError(
            f"likelihood: {shown(likelihood)} is not one of {', '.join(LIKELIHOODS)}."
        )
    if not 1 <= face <= 6:
        raise RequestError(f"face: a d6 shows 1 to 6, not {face}.")
    line = YES_FROM[likelihood]
    if face == 6:
        return "yes, and"
    if face == 1:
        return "no, and"
    if face >= line:
        return "yes, but" if face == line else "yes"
    return "no, but" if face == line - 1 else "no"


def ask(likelihood: str, dice: DiceSource) -> dict[str, Any]:
    """Roll the oracle: ``{"roll": "oracle", "likelihood", "face", "answer"}``."""
    if likelihood not in YES_FROM:
        raise RequestError(
            f"likelihood: {shown(likelihood)} is not one of {', '.join(LIKELIHOODS)}."
        )
    face = dice.roll(6)
    return {"roll": "oracle", "likelihood": likelihood, "face": face,
            "answer": answer_for(face, likelihood)}
