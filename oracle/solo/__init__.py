"""The solo layer: an oracle for one player (issue 12), pure and standard-library only.

- ``answers``: likelihoods, the dread factor, the six answers and their exact odds;
- ``asking``: :func:`ask` rolls a question and draws its twist;
- ``twists``: random events with a kind and a meaning pair from our word tables;
- ``dread``: dread from plain numbers (Trophy's Ruin, sets, days; the others' pressure);
- ``pressure``: a campaign's dread read from its folded state, by its system;
- ``scenes``: a new scene kept, altered or interrupted;
- ``bestiary``: our monsters and the Endurance calibrator;
- ``generate``: characters, names, places, treasures, monsters, incursions, foes;
- ``cli``: the ``oracle ask`` and ``oracle generate`` subcommands.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from oracle.solo.answers import (
        DEFAULT_DREAD,
        MAX_DREAD,
        MIN_DREAD,
        Answer,
        AskOdds,
        Likelihood,
        ask_odds,
        check_dread,
        parse_likelihood,
    )
    from oracle.solo.asking import AskResult, answer_table, ask
    from oracle.solo.scenes import Scene, SceneFate, new_scene, scene_odds
    from oracle.solo.twists import Twist, TwistKind, draw_twist, kind_odds

# Imported on first use, so registering the subcommands (``oracle.solo.cli``) stays cheap.
_LAZY: dict[str, str] = {
    "DEFAULT_DREAD": "oracle.solo.answers",
    "MAX_DREAD": "oracle.solo.answers",
    "MIN_DREAD": "oracle.solo.answers",
    "Answer": "oracle.solo.answers",
    "AskOdds": "oracle.solo.answers",
    "Likelihood": "oracle.solo.answers",
    "ask_odds": "oracle.solo.answers",
    "check_dread": "oracle.solo.answers",
    "parse_likelihood": "oracle.solo.answers",
    "AskResult": "oracle.solo.asking",
    "answer_table": "oracle.solo.asking",
    "ask": "oracle.solo.asking",
    "Scene": "oracle.solo.scenes",
    "SceneFate": "oracle.solo.scenes",
    "new_scene": "oracle.solo.scenes",
    "scene_odds": "oracle.solo.scenes",
    "Twist": "oracle.solo.twists",
    "TwistKind": "oracle.solo.twists",
    "draw_twist": "oracle.solo.twists",
    "kind_odds": "oracle.solo.twists",
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'oracle.solo' has no attribute {name!r}")
    return getattr(importlib.import_module(_LAZY[name]), name)


__all__ = [
    "DEFAULT_DREAD",
    "MAX_DREAD",
    "MIN_DREAD",
    "Answer",
    "AskOdds",
    "AskResult",
    "Likelihood",
    "Scene",
    "SceneFate",
    "Twist",
    "TwistKind",
    "answer_table",
    "ask",
    "ask_odds",
    "check_dread",
    "draw_twist",
    "kind_odds",
    "new_scene",
    "parse_likelihood",
    "scene_odds",
]
