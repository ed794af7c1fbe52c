"""Ask the oracle from the narrator's side (``oracle inspire oracle``): the solo oracle's dice.

The d6 oracle is retired: this calls :func:`oracle.solo.asking.ask` (three d10, likelihood and
dread, exact odds). ``oracle inspire`` and ``oracle ask`` take one set of likelihood names, the
solo oracle's (:data:`oracle.solo.answers.LIKELIHOOD_NAMES`, and ``doubtful`` for very unlikely).
"""

from __future__ import annotations

from typing import Any

from oracle.dice import DiceSource


def solo_level(likelihood: str) -> str:
    """The solo oracle's level for a likelihood name (refused as ``oracle ask`` refuses it)."""
    from oracle.solo.answers import parse_likelihood

    return parse_likelihood(likelihood).value


def ask(likelihood: str, dice: DiceSource, dread: int | None = None,
        question: str = "Does it happen?") -> dict[str, Any]:
    """Roll the solo oracle: its JSON (answer, exact odds, dice, twist) as ``oracle ask`` prints."""
    from oracle.solo.answers import DEFAULT_DREAD
    from oracle.solo.asking import ask as solo_ask

    level = solo_level(likelihood)
    result = solo_ask(question, level, dice, DEFAULT_DREAD if dread is None else dread)
    return result.to_dict()
