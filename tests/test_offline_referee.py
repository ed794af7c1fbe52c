"""The offline narrator keeps to the referee that guards the model: whatever it deals for a
result, the referee's readings pass it (outcome, foe state, deaths, feelings and choices,
company in solo, another foe, safety), over many generated results of every system.

The line of settled facts states the result's numbers on purpose ("A miss: the ghoul takes
nothing (4 against AC 7)"); the referee's refusal of numbers in a model's words does not apply
to that line, and only to it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from oracle.dice import SeededDice
from oracle.narrator import NarrationContext, OfflineNarrator, beat_for_result
from oracle.narrator.referee import Judge
from oracle.narrator.streaming import split
from oracle.systems import find_system

INTENTS = ("pick the lock", "climb the bell tower", "open the chapel door", "cross the river",
           "search the crypt", "talk my way past the ferryman", "pry open the reliquary",
           "follow the tracks", "hide under the altar", "bargain with the hermit", "",
           "stab it", "lift the coffin lid", "read the runes", "hold the door shut",
           "swim to the bell")
PLACES = ("the flooded nave", "the salt flats", "the birch wood", "the deck of the Grey Heron",
          "the mine shaft", "the cobbled square of Marrowgate", "", "the chapel")
# foes of every body: a person, a ghost, a swarm, a folklore beast, none named
MONSTERS = ("the Drowned Abbot", "the foreman's ghost", "a wraith", "the goblin chief",
            "the ooze", "the Antlered Man", "")

Request = dict[str, Any]


def _trophy(r: random.Random) -> Request:
    ruin = r.randint(1, 5)
    return r.choice([
        {"roll": "risk", "ruin": ruin, "light": [r.randint(1, 6) for _ in range(r.randint(1, 2))],
         "dark": [r.randint(1, 6)]},
        {"roll": "hunt", "tokens": r.randint(0, 2), "light": [r.randint(1, 6)]},
        {"roll": "ruin", "ruin": ruin, "dark": r.randint(1, 6)},
        {"roll": "combat", "endurance": r.randint(4, 10),
         "dark": [r.randint(1, 6), r.randint(1, 6)],
         "characters": [{"name": "Mara Vell", "ruin": ruin, "weak_points": [4],
                         "armor": r.random() < 0.5}]},
        {"roll": "risk", "ruin": ruin, "light": [r.randint(1, 6)], "dark": [r.randint(1, 6)],
         "kill": True},
    ])


def _die_trying(r: random.Random) -> Request:
    return r.choice([
        {"roll": "attack", "ac": r.randint(4, 9), "d10": r.randint(1, 10),
         "modifier": r.randint(0, 2), "damage_d6": r.randint(1, 6)},
        {"roll": "check", "d10": r.randint(1, 10), "modifier": 1, "dc": r.randint(4, 8)},
        {"roll": "check", "kind": "save", "d10": r.randint(1, 10), "modifier": 0, "dc": 5},
        {"roll": "spell", "magic": [r.randint(1, 6), r.randint(1, 6)],
         "instability": [r.randint(1, 6)], "miscast_d10": r.randint(1, 10)},
        {"roll": "death_save", "hp": -1 - r.randint(0, 3), "d10": r.randint(1, 10)},
        {"roll": "check", "d10": r.choice([1, 10]), "modifier": 1, "dc": 6},
    ])


def _triptycho(r: random.Random) -> Request:
    return r.choice([
        {"roll": "opposed", "action": [r.randint(1, 6), r.randint(1, 6)],
         "reaction": [r.randint(1, 8)]},
        {"roll": "damage", "damage": [r.randint(1, 6), r.randint(1, 6)],
         "defense": [r.randint(1, 4)]},
        {"roll": "damage", "damage": [r.randint(1, 6), r.randint(1, 6)],
         "defense": [r.randint(1, 4)], "points": r.randint(1, 6)},
        {"roll": "attack", "action": [r.randint(1, 6), r.randint(1, 6)],
         "reaction": [r.randint(1, 6)], "damage": [r.randint(1, 6), r.randint(1, 6)],
         "defense": [r.randint(1, 4)], "points": r.randint(1, 8)},
    ])


GENERATORS: dict[str, Callable[[random.Random], Request]] = {
    "trophy": _trophy, "die_trying": _die_trying, "triptycho": _triptycho}
PER_SYSTEM = 160


def narrations(system: str) -> Iterator[tuple[str, NarrationContext, str]]:
    """(beat, context, text): one campaign's narrations over generated results, one deck."""
    r = random.Random(f"referee-{system}")
    rules = find_system(system)
    narrator = OfflineNarrator(seed=f"referee-{system}")
    deck = None
    for index in range(PER_SYSTEM):
        request = GENERATORS[system](r)
        if system != "trophy":
            request["system"] = system
        result = dict(rules.resolve(dict(request), SeededDice(index)))
        beat = beat_for_result(system, result)
        solo = r.random() < 0.5
        context = NarrationContext.build(
            result=result, system=system, intent=r.choice(INTENTS),
            characters=[{"name": "Mara Vell"}], place=r.choice(PLACES),
            monster=r.choice(MONSTERS), party=() if solo else ("Mara Vell", "Bryn Ashdown"),
            deck=deck)
        said = narrator.narrate(beat, context)
        deck = said.deck
        yield beat, context, said.text


def refused(beat: str, context: NarrationContext, text: str) -> str | None:
    """The referee's first reason against ``text``, the facts line's own numbers aside."""
    judge = Judge(beat, context)
    for sentence in split(text):
        reason = judge.sentence(sentence)
        if reason and not re.search(r"\d", sentence):
            return reason
    return judge.finish(text)


@pytest.mark.parametrize("system", sorted(GENERATORS))
def test_every_offline_narration_passes_the_referee(system: str) -> None:
    failed = [(text, reason) for beat, context, text in narrations(system)
              if (reason := refused(beat, context, text))]
    assert failed == []


def test_a_hunt_that_meets_something_keeps_to_the_storys_foe() -> None:
    # a present encounter names no other beast or monster than the story's own
    trophy = find_system("trophy")
    narrator = OfflineNarrator(seed="hunt")
    deck = None
    for index in range(40):
        result = dict(trophy.resolve({"roll": "hunt", "tokens": 1, "light": [1]},
                                     SeededDice(index)))
        context = NarrationContext.build(result=result, monster="the foreman's ghost",
                                         characters=[{"name": "Mara Vell"}], deck=deck)
        said = narrator.narrate("encounter", context)
        deck = said.deck
        assert refused("encounter", context, said.text) is None, said.text
