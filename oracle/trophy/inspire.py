"""What ``oracle inspire`` offers from Trophy: its beats for a GM at the table, the options they
read, and the settled result each is voiced with (a Hunt's severity or a Risk outcome the GM did
not give is rolled here, from the dice handed in)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.dice import DiceSource
from oracle.systems.base import Inspiration, InspireOption


def _severity(face: int) -> str:
    """SRD 1.2, Hunt Roll: 1-3 present, 4-5 distant, 6 none."""
    return "present" if face <= 3 else "distant" if face <= 5 else "none"


def _outcome(face: int) -> str:
    """SRD 1.2, Risk Roll: 1-3 failure, 4-5 complication, 6 success."""
    return "failure" if face <= 3 else "complication" if face <= 5 else "success"


def roll(beat: str, options: Mapping[str, Any], dice: DiceSource) -> dict[str, Any] | None:
    """The settled facts ``beat`` voices; dice decide what the GM did not."""
    if beat == "encounter":
        severity = options.get("severity")
        return {"roll": "hunt", "encounter": severity or _severity(dice.roll(6))}
    if beat == "outcome":
        outcome = options.get("outcome")
        return {"roll": "risk", "outcome": outcome or _outcome(dice.roll(6))}
    if beat == "reduction":
        return {"roll": "reduction", "noticed": bool(options.get("noticed"))}
    if beat == "lost":
        return {"roll": "ruin", "lost": True}
    return None


INSPIRATION = Inspiration(
    beats=("wrong", "bargain", "condition", "encounter", "answer", "oracle", "monster", "ruin",
           "reduction", "lost", "outcome"),
    glossary=("wrong = what could go wrong", "bargain = Devil's Bargains",
              "answer = answers to an exploration question"),
    options=(
        InspireOption("--outcome", "outcome: the Risk outcome (default: roll a d6)",
                      ("failure", "complication", "success")),
        InspireOption("--severity", "encounter: how close the terrible thing is (default: roll "
                      "a d6)", ("present", "distant", "none")),
        InspireOption("--noticed", "reduction: someone noticed", switch=True),
    ),
    questions=("answer",),
    places=("encounter", "monster"),
    roll=roll,
)
