"""A foe is told with the body it has: no ribs, blood or breath for a ghost, no sleeve or
limb for an ooze, and never a second possessive ("the foreman's ghost's ribs"), over every
foe-wound card of every system."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from oracle.dice import SeededDice
from oracle.narrator import NarrationContext, OfflineNarrator, beat_for_result
from oracle.narrator.bodies import FLESH, WORN, body_of
from oracle.systems import find_system

BLOWS: dict[str, Callable[[int], dict[str, Any]]] = {
    "triptycho": lambda i: {"roll": "damage", "system": "triptycho", "damage": [3, 4],
                            "defense": [1], "points": 2 if i % 2 else 30},
    "die_trying": lambda i: {"roll": "attack", "system": "die_trying", "ac": 5,
                             "d10": 9 if i % 3 else 10, "modifier": 1, "damage_d6": 3},
    "trophy": lambda i: {"roll": "combat", "endurance": 4 if i % 2 else 12, "dark": [2, 3],
                         "characters": [{"name": "Ada Quill", "ruin": 2,
                                         "weak_points": [6], "armor": False}]},
}
FOES = ["the foreman's ghost", "a wraith", "the ooze", "the miller's shade", "a swarm"]


def test_a_foe_is_read_by_its_head_word() -> None:
    assert [body_of(f) for f in FOES] == ["spirit", "spirit", "formless", "spirit", "formless"]
    assert body_of("the Drowned Abbot") == body_of("the ghost-eater") == "body"
    assert body_of("the wraith of the mill") == "spirit"


@pytest.mark.parametrize("system", sorted(BLOWS))
@pytest.mark.parametrize("foe", FOES)
def test_a_blow_on_a_foe_without_a_body_presumes_none(system: str, foe: str) -> None:
    rules = find_system(system)
    narrator = OfflineNarrator(seed=f"{system}-{foe}")
    deck = None
    wrong = []
    for index in range(24):
        result = dict(rules.resolve(BLOWS[system](index), SeededDice(index)))
        context = NarrationContext.build(result=result, system=system, monster=foe,
                                         characters=[{"name": "Ada Quill"}], place="the mill",
                                         deck=deck)
        said = narrator.narrate(beat_for_result(system, result), context)
        deck = said.deck
        cards = re.split(r"(?<=[.!?])\s+(?=[A-Z])", said.text)
        told = " ".join(c for c in cards if not re.search(r"\d", c))  # the facts line aside
        lacking = FLESH if body_of(foe) == "spirit" else re.compile(
            FLESH.pattern + "|" + WORN.pattern, re.IGNORECASE)
        if lacking.search(told) or re.search(r"'s \w+'s\b", said.text):
            wrong.append(said.text)
    assert wrong == []
