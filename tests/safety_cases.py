"""The lines people commonly set and the results every beat voices, shared by the safety tests;
and the sweep of 500 narrations of every beat under one line (split over two test files, so a
pytest worker per core takes half each: it is the suite's longest single run of work)."""

from __future__ import annotations

from typing import Any

from oracle.narrator import BEATS, NarrationContext, OfflineNarrator, Safety
from oracle.narrator.safety import screen

# Lines people commonly set, in the words they set them, and the themes each must remove.
COMMON_LINES: list[tuple[str, set[str]]] = [
    ("spiders", {"spiders"}),
    ("harm to children", {"children"}),
    ("drowning", {"drowning"}),
    ("fire", {"fire"}),
    ("body horror", {"body_horror"}),
    ("animal cruelty", {"animals"}),
    ("blood", {"blood"}),
    ("disease and rot", {"rot"}),
    ("self-harm", {"self_harm"}),
    ("bugs and insects", {"insects", "spiders"}),
    ("snakes", {"snakes"}),
    ("torture", {"torture"}),
    ("eye trauma", {"eyes"}),
]

# What each beat voices, for every kind of result the narrator distinguishes.
RESULTS: list[tuple[str, dict[str, Any]]] = [
    *((beat, dict(spec.example)) for beat, spec in BEATS.items()),
    ("encounter", {"roll": "hunt", "encounter": "distant"}),
    ("encounter", {"roll": "hunt", "encounter": "none"}),
    ("outcome", {"roll": "risk", "outcome": "failure", "ruin_before": 4, "ruin_after": 5,
                 "ruin_marked": True, "can_push": True, "highest": 3}),
    ("outcome", {"roll": "risk", "outcome": "success", "ruin_before": 1, "ruin_after": 1}),
    ("outcome", {"roll": "risk", "outcome": "success", "ruin_before": 3, "ruin_after": 4,
                 "ruin_marked": True, "dies": True}),
    ("reduction", {"roll": "reduction", "ruin_before": 5, "ruin_after": 4, "noticed": True}),
    ("ruin", {"roll": "ruin", "ruin_before": 3, "ruin_after": 3, "ruin_marked": False}),
    ("oracle", {"roll": "oracle", "answer": "no, and"}),
    ("oracle", {"roll": "oracle", "answer": "yes, but"}),
]


def sweep(line: str) -> None:
    """500 narrations of every beat, for every kind of result, under the line ``line``: none
    shows its theme (the screen that reads a Claude reply finds nothing in them)."""
    safety = Safety(lines=(line,))
    narrator = OfflineNarrator(seed=f"line-{line}")
    for beat, result in RESULTS:
        context = NarrationContext.build(result=result, safety=safety, n=1,
                                         characters=[{"name": "Ash"}], party=["Ash", "Mara"])
        for _ in range(500):
            said = narrator.narrate(beat, context)
            verdict = screen(said.text, safety)
            assert verdict.ok, (beat, said.text, verdict.reason)
