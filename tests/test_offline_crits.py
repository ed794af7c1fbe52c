"""A Die Trying critical success or failure on a check is told as the attempt it was, in the
crawl's own words (a lock picked, a climb fallen), not in words that fit any attempt."""

from __future__ import annotations

import pytest

from oracle.dice import SeededDice
from oracle.narrator import NarrationContext, OfflineNarrator, beat_for_result
from oracle.narrator.compose import load
from oracle.systems import find_system

ATTEMPTS = {"climb": "climb the shaft", "water": "swim the flooded passage",
            "heal": "stitch the wound", "force": "force the chest", "lock": "pick the lock",
            "sneak": "sneak past the sentries", "talk": "talk the gaoler round",
            "search": "search the altar", "lore": "read the runes"}


@pytest.mark.parametrize(("kind", "intent"), sorted(ATTEMPTS.items()))
@pytest.mark.parametrize(("d10", "grade"), [(10, "crit"), (1, "botch")])
def test_a_critical_check_is_told_as_its_attempt(kind: str, intent: str, d10: int,
                                                  grade: str) -> None:
    own = {part.text for name, parts in load("dt_crits").slots for g, part in parts
           if g == f"{kind}_{grade}"}
    assert len(own) >= 4
    rules = find_system("die_trying")
    narrator = OfflineNarrator(seed=f"crit-{kind}")
    deck = None
    for index in range(4):
        result = dict(rules.resolve({"roll": "check", "system": "die_trying", "d10": d10,
                                     "modifier": 1, "dc": 6}, SeededDice(index)))
        context = NarrationContext.build(result=result, system="die_trying", intent=intent,
                                         characters=[{"name": "Ada Quill"}],
                                         place="the tomb of the Ninth Queen", deck=deck)
        said = narrator.narrate(beat_for_result("die_trying", result), context)
        deck = said.deck
        assert any(said.text.startswith(text) for text in own), said.text
