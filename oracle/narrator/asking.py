"""Ask the oracle from the narrator's side (``oracle inspire oracle``): the solo oracle's dice.

The d6 oracle is retired: this calls :func:`oracle.solo.asking.ask` (three d10, likelihood and
dread, exact odds). The narrator's five likelihood words map onto the solo oracle's levels
(``doubtful`` is ``very unlikely``); the solo oracle's own names are accepted too.
"""

from __future__ import annotations

from typing import Any

from oracle.dice import DiceSource
from oracle.errors import RequestError, shown
from oracle.narrator.base import LIKELIHOODS

# the narrator's likelihood words -> the solo oracle's levels
LEVELS: dict[str, str] = {"certain": "certain", "likely": "likely", "even": "even",
                          "unlikely": "unlikely", "doubtful": "very unlikely"}


def solo_level(likelihood: str) -> str:
    """The solo oracle's level for one of the narrator's words (or a level named directly)."""
    from oracle.solo.answers import parse_likelihood

    if likelihood in LEVELS:
        return LEVELS[likelihood]
    try:
        return parse_likelihood(likelihood).value
    except RequestError:
        raise RequestError(
            f"likelihood: {shown(likelihood)} is not one of {', '.join(LIKELIHOODS)}."
        ) from None


def ask(likelihood: str, dice: DiceSource, dread: int | None = None,
        question: str = "Does it happen?") -> dict[str, Any]:
    """Roll the solo oracle: its JSON (answer, exact odds, dice, twist) as ``oracle ask`` prints."""
    from oracle.solo.answers import DEFAULT_DREAD
    from oracle.solo.asking import ask as solo_ask

    level = solo_level(likelihood)
    result = solo_ask(question, level, dice, DEFAULT_DREAD if dread is None else dread)
    return result.to_dict()
