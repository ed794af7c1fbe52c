"""The story layer, measured: scripted 60-roll campaigns per system through the offline narrator
and through ``oracle resolve --narrate``, checked for contradictions, decisions taken for the
character, safety leaks, broken weavings and repeats, with the issue's "today" figures beside.

Run: ``.venv/bin/python bench/narrative.py`` (offline; under a minute). Each campaign is played
three ways: straight through the narrator, through ``oracle resolve --narrate`` and through the
app's own session (``narrative_app.py``: the moves, the views' voice calls, a reload halfway,
the story memory telling the narrator the scene, the fight's monster, the party, the intent,
what could go wrong and the bargain owed). The promises are also tests
(tests/test_narrator_campaigns.py, test_narrator_truth.py, test_narrator_safety.py).
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from oracle.dice import SeededDice
from oracle.narrator import BEATS, NarrationContext, OfflineNarrator, beat_for_result
from oracle.narrator.compose import load
from oracle.narrator.deck import Deck
from oracle.narrator.safety import screen
from oracle.requests import CONTEXT_FIELDS
from oracle.systems import find_system
from oracle.trophy.telling import can_improve

SAFETY = {"lines": ["spiders", "harm to children"], "veils": ["drowning"]}
INTENTS = [
    "I pick the lock", "I'm going to climb the wall", "we search the crypt",
    "can I jump the gap?", "Climb the bell tower!", "Mara wades the ford", "the crypt",
    "I will pry open the reliquary", "Let's follow the tracks", "I try to lure it away",
    "Could I talk my way past the ferryman?", "She searches the body", "I'm climbing the rope",
    "To cross the river", "What if I set fire to the nest?", "I need to find my way out",
    "I'd like to bargain with the hermit", "Run for the trees", "I sneak past the hound",
    "We're going to barricade the door",
]
SIGHTS = ["my brother standing in the river", "a door in the oak with my name on it",
          "the camp from last night, but everyone in it is me"]
BETRAYALS = ["I loosen Bryn's climbing rope", "I pocket the best of the gold",
             "I point the wrong way with total confidence"]
OTHERS = re.compile(r"\b(companions?|the others|the party|the hunters|everyone)\b", re.IGNORECASE)
BROKEN = re.compile(r"\b(?:tries|sets out) to (?:i|we|can|could|i'm|i'll|let's|to|is|are|"
                    r"should|what|she|he|they)\b", re.IGNORECASE)
CHOOSING = re.compile(r"\b(dies|is dead|becomes a monster|turns into|not at all)\b", re.IGNORECASE)

HINTS = [" ".join(p.text for p in load("push_hints").card(i)).replace("{{ Name }}", "Mara")
         .replace("{{ name }}", "Mara") for i in range(load("push_hints").size())]
TODAY = {  # the figures for today's main (8 campaigns, 47 CLI calls)
    "contradictions": "8/8 kills clean, 16/16 monster swapped, 33/40 named monster ignored, "
                      "12/16 'seems not to mind', 16/16 bargain unvoiced, 8/8 lost outcome, "
                      "8/8 contest Ruin",
    "decisions for the character": "20/24 Reductions, 6/8 Losing Yourself, 32/32 Ruin sights, "
                                   "17% companions in solo",
    "safety leaks": "12",
    "broken weavings": "10 of 20 phrasings",
    "exact repeats before exhaustion": "4 in 12 rolls (overlap); CLI 25%, first at call 5",
    "push hint after a clean 6 / same words": "offered after a 6; one sentence 19 of 30",
    "full name repeated": "30% of narrations",
    "distinct narrations per beat": "12 to 14 (single-text tables)",
}


@dataclass
class Tally:
    """What one campaign's narrations got wrong, by kind, with an example of each."""

    counts: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    narrations: int = 0
    rolls: int = 0
    fights: int = 0  # app path: fights whose monster was voiced, and how many times
    monster_voiced: int = 0

    def flag(self, kind: str, text: str) -> None:
        self.counts[kind] += 1
        self.examples.setdefault(kind, text[:160])


@dataclass(frozen=True)
class Roll:
    """One scripted roll: the request, and the story around it."""

    request: Mapping[str, Any]
    intent: str = ""
    monster: str = ""
    party: tuple[str, ...] = ()


def trophy_script(solo: bool, dice: SeededDice) -> Iterator[Roll]:
    party = () if solo else ("Mara Vell", "Bryn Ashdown")
    ruin = 1
    for index in range(60):
        intent = INTENTS[index % len(INTENTS)]
        kind = index % 10
        if kind in (0, 1, 2, 3):
            request: dict[str, Any] = {"roll": "risk", "ruin": ruin,
                                       "light": [dice.roll(6) for _ in range(1 + index % 2)],
                                       "dark": [dice.roll(6)]}
            if index % 4 == 1:
                request["bargain"] = {"text": "the lantern goes out for good", "accepted": True}
            yield Roll(request, intent, party=party)
        elif kind == 4:
            yield Roll({"roll": "hunt", "tokens": 1, "light": [dice.roll(6)]}, party=party)
        elif kind == 5:
            yield Roll({"roll": "ruin", "ruin": ruin, "dark": dice.roll(6)},
                       SIGHTS[index % len(SIGHTS)], party=party)
        elif kind == 6:
            yield Roll({"roll": "combat", "endurance": 8, "dark": [dice.roll(6), dice.roll(6)],
                        "characters": [{"name": "Mara Vell", "ruin": ruin, "weak_points": [4],
                                        "armor": False}]},
                       monster="the Antlered Man", party=party)
        elif kind == 7:
            yield Roll({"roll": "risk", "ruin": ruin, "light": [dice.roll(6)], "dark": [],
                        "foe": "monster", "intent": "defeat", "confirmed": True},
                       "I kill the Antlered Man", monster="the Antlered Man", party=party)
        elif kind == 8 and not solo:
            yield Roll({"roll": "contest", "participants": [
                {"name": "Mara Vell", "ruin": 2, "light": [dice.roll(6)], "dark": [dice.roll(6)]},
                {"name": "Bryn Ashdown", "ruin": 1, "light": [dice.roll(6)],
                 "dark": [1, dice.roll(6)]}]}, party=party)
        elif kind == 9 and not solo:
            yield Roll({"roll": "reduction", "ruin": 5, "starting_ruin": 1,
                        "light": dice.roll(6), "remove_anyway": True},
                       BETRAYALS[index % len(BETRAYALS)], party=party)
        else:
            yield Roll({"roll": "risk", "ruin": 5, "light": [2], "dark": [6]}, intent,
                       party=party)  # Losing Yourself on a success
        ruin = 1 + index % 5


def other_script(system: str, dice: SeededDice) -> Iterator[Roll]:
    for index in range(60):
        if system == "die_trying":
            kind = index % 3
            if kind == 0:
                request: dict[str, Any] = {"roll": "check", "d10": dice.roll(10),
                                           "modifier": 2, "dc": 5}
            elif kind == 1:
                request = {"roll": "spell", "magic": [dice.roll(6), dice.roll(6)],
                           "instability": [dice.roll(6)], "miscast_d10": dice.roll(10)}
            else:
                request = {"roll": "death_save", "hp": -1 - index % 3, "d10": dice.roll(10)}
        else:
            kind = index % 2
            request = ({"roll": "damage", "damage": [dice.roll(6), dice.roll(6)],
                        "defense": [dice.roll(4)]} if kind == 0 else
                       {"roll": "opposed", "action": [dice.roll(6), dice.roll(6)],
                        "reaction": [dice.roll(8)]})
        yield Roll({**request, "system": system}, INTENTS[index % len(INTENTS)])


def _contest_ruin_dropped(result: Mapping[str, Any], text: str) -> bool:
    return any(person.get("ruin_marked") and
               f"Ruin {person['ruin_before']} to {person['ruin_after']}" not in text
               for person in result.get("participants") or [])


def _bargain_dropped(result: Mapping[str, Any], text: str) -> bool:
    bargain = result.get("bargain")
    return isinstance(bargain, Mapping) and bool(bargain.get("accepted")) and \
        bargain["text"] not in text


Broken = Callable[[Roll, Mapping[str, Any], str], bool]
"""A promise the narration breaks: (roll, result, text) -> broken?"""

CONTRADICTIONS: dict[str, Broken] = {
    "contradiction: monster kill not a death":
        lambda roll, result, text: bool(result.get("dies")) and "dies" not in text,
    "contradiction: named monster ignored":
        lambda roll, result, text: bool(roll.monster) and
        beat_for_result("trophy", result) == "monster" and
        roll.monster.lower() not in text.lower(),
    "contradiction: bargain not voiced": lambda roll, result, text: _bargain_dropped(result, text),
    "contradiction: lost roll's outcome dropped":
        lambda roll, result, text: bool(result.get("lost") and result.get("outcome")) and
        "The roll itself stands" not in text,
    "contradiction: contest Ruin not voiced":
        lambda roll, result, text: _contest_ruin_dropped(result, text),
    "contradiction: Ruin change not voiced":
        lambda roll, result, text: bool(result.get("ruin_marked")) and
        result.get("roll") in ("risk", "ruin") and
        f"{result['ruin_before']} to {result['ruin_after']}" not in text,
    "contradiction: costless success that marked Ruin":
        lambda roll, result, text: result.get("outcome") == "success" and
        bool(result.get("ruin_marked")) and "seems not to mind" in text,
    "contradiction: push hinted when it cannot improve":
        lambda roll, result, text: any(hint in text.replace("Mara Vell", "Mara")
                                       for hint in HINTS) and not can_improve(result),
}
DECISIONS: dict[str, Broken] = {
    "decision: betrayal not the stated one":
        lambda roll, result, text: result.get("roll") == "reduction" and bool(roll.intent) and
        roll.intent.split(" ", 1)[-1] not in text,
    "decision: Ruin sight replaced":
        lambda roll, result, text: result.get("roll") == "ruin" and bool(roll.intent) and
        roll.intent not in text,
    "decision: Losing Yourself scripted":
        lambda roll, result, text: bool(result.get("lost")) and
        bool(CHOOSING.search(text.split(" The roll itself")[0])),
    "decision: companions in a solo game":
        lambda roll, result, text: not roll.party and bool(OTHERS.search(_told(text))),
}
WORDS: dict[str, Broken] = {
    "safety leak": lambda roll, result, text: not screen(_told(text), _safety()).ok,
    "broken weaving": lambda roll, result, text: bool(BROKEN.search(text)),
    "full name repeated": lambda roll, result, text: text.count("Mara Vell") > 1,
}


def _told(text: str) -> str:
    """The narrator's own words: the player's quoted words taken out."""
    return re.sub(r"\u201c[^\u201d]*\u201d|\"[^\"]*\"", "", text)


def check(roll: Roll, result: Mapping[str, Any], text: str, tally: Tally) -> None:
    """Every way the narration could break a promise, counted."""
    tally.narrations += 1
    for rows in (CONTRADICTIONS, DECISIONS, WORDS):
        for flag, broken in rows.items():
            if broken(roll, result, text):
                tally.flag(flag, text)


def _safety() -> Any:
    from oracle.narrator import Safety

    return Safety.of(SAFETY)


def play_direct(system: str, script: Iterator[Roll], seed: str) -> tuple[Tally, Counter[str]]:
    """Through the narrator itself, one campaign deck carried from roll to roll."""
    rules = find_system(system)
    narrator = OfflineNarrator(seed=seed)
    deck = Deck.seeded(seed)
    tally, texts = Tally(), Counter[str]()
    for roll in script:
        result = rules.resolve(dict(roll.request), SeededDice(seed))
        beat = beat_for_result(system, result)
        context = NarrationContext.build(
            result=result, system=system, characters=[{"name": "Mara Vell"}],
            intent=roll.intent, safety=SAFETY, deck=deck, monster=roll.monster,
            party=roll.party)
        said = narrator.narrate(beat, context)
        deck = said.deck or deck
        texts[said.text] += 1
        check(roll, result, said.text, tally)
    return tally, texts


def play_cli(system: str, script: Iterator[Roll]) -> tuple[Tally, Counter[str]]:
    """Through ``oracle resolve --narrate``, one process call after another, no seed."""
    from oracle.cli import main

    tally, texts = Tally(), Counter[str]()
    for roll in script:
        request = {**roll.request, "name": "Mara Vell", "attempt": roll.intent,
                   "safety": SAFETY}
        if "monster" in CONTEXT_FIELDS and roll.monster:  # once the contract lists it
            request.update(monster=roll.monster, party=list(roll.party))
        out = io.StringIO()
        main(["resolve", "--narrate"], stdin=io.StringIO(json.dumps(request)), out=out)
        payload = json.loads(out.getvalue())
        if "error" in payload:
            continue
        text = payload["narration"]["text"]
        texts[text] += 1
        check(Roll(request, roll.intent, roll.monster, roll.party), payload, text, tally)
    return tally, texts


def play_app(system: str, seed: str, solo: bool = True) -> tuple[Tally, Counter[str]]:
    """Through the app's session (``narrative_app``): moves, then the views' voice calls."""
    from bench import narrative_app as app

    tally = Tally()
    played = app.Played(check, lambda result, intent, foe, party: Roll(
        result, intent, foe, party), tally)
    if system == "trophy":
        app.play_trophy(played, solo, seed, SAFETY)
    else:
        app.play_other(played, system, seed, SAFETY)
    for names in played.foes.values():
        if len(names) > 1:
            tally.flag("contradiction: the monster changed within a fight", " / ".join(names))
    tally.rolls = played.rolls
    tally.fights = len(played.foes)
    tally.monster_voiced = sum(played.monster_voiced.values())
    return tally, played.texts


def distinct_before_repeat(beat: str, result: Mapping[str, Any], cap: int = 2000) -> int:
    narrator = OfflineNarrator(seed=f"distinct-{beat}")
    context = NarrationContext.build(result=result, characters=[{"name": "Mara Vell"}],
                                     intent="climb the wall", question="Is the well dry?",
                                     party=["Mara Vell", "Bryn"])
    seen: set[str] = set()
    for _ in range(cap):
        text = narrator.narrate(beat, context).text
        if text in seen:
            break
        seen.add(text)
    return len(seen)


def _runs(system: str, script: Callable[[], Iterator[Roll]], label: str,
          ) -> list[tuple[str, Callable[[], tuple[Tally, Counter[str]]]]]:
    """The three paths one scripted campaign is played through."""
    return [("direct", lambda: play_direct(system, script(), label)),
            ("CLI", lambda: play_cli(system, script())),
            ("app", lambda: play_app(system, label, solo="party" not in label))]


def main() -> int:
    campaigns: list[tuple[str, Callable[[], Iterator[Roll]]]] = [
        ("trophy (solo)", lambda: trophy_script(True, SeededDice(11))),
        ("trophy (party)", lambda: trophy_script(False, SeededDice(12))),
        ("die_trying", lambda: other_script("die_trying", SeededDice(13))),
        ("triptycho", lambda: other_script("triptycho", SeededDice(14))),
    ]
    total = Tally()
    repeats = 0
    print("narrative bench: 60 scripted rolls per campaign, offline narrator, lines "
          f"{SAFETY['lines']}, veils {SAFETY['veils']}")
    with tempfile.TemporaryDirectory() as home:
        os.environ["ORACLE_HOME"] = home
        os.environ["ORACLE_NARRATOR"] = "offline"
        for label, script in campaigns:
            system = label.split(" ")[0]
            for path, run in _runs(system, script, label):
                tally, texts = run()
                dupes = sum(n - 1 for n in texts.values() if n > 1)
                repeats += dupes
                total.counts.update(tally.counts)
                total.narrations += tally.narrations
                for kind, text in tally.examples.items():
                    total.examples.setdefault(kind, text)
                print(f"  {label:15} {path:6} narrations {tally.narrations:3}  problems "
                      f"{sum(tally.counts.values()):3}  exact repeats {dupes}  "
                      + (f"(rolls {tally.rolls}, fights {tally.fights}, monster voiced "
                         f"{tally.monster_voiced} times, reload at roll 30) "
                         if path == "app" else "") + f"{dict(tally.counts) or ''}")
    print()
    rows = [
        ("contradictions", sum(v for k, v in total.counts.items()
                               if k.startswith("contradiction"))),
        ("decisions for the character", sum(v for k, v in total.counts.items()
                                            if k.startswith("decision"))),
        ("safety leaks", total.counts["safety leak"]),
        ("broken weavings", total.counts["broken weaving"]),
        ("exact repeats before exhaustion", repeats),
        ("push hint after a clean 6 / same words",
         total.counts["contradiction: push hinted when it cannot improve"]),
        ("full name repeated", total.counts["full name repeated"]),
    ]
    print(f"{'':40} {'now (' + str(total.narrations) + ' narrations)':>26}   today")
    for name, value in rows:
        print(f"{name:40} {value:>26}   {TODAY[name]}")
    single = [(b, dict(s.example)) for b, s in BEATS.items() if not s.listing]
    counts = {b: distinct_before_repeat(b, r) for b, r in single}
    print(f"{'distinct narrations per beat':40} {min(counts.values()):>22} min   "
          f"{TODAY['distinct narrations per beat']}")
    print("  " + ", ".join(f"{b} {n}" for b, n in counts.items()))
    lists = {t: load(t).size() for t in ("complications", "bargains", "conditions",
                                         "exploration")}
    print("list tables (items): " + ", ".join(f"{t} {n}" for t, n in lists.items()))
    for kind, text in sorted(total.examples.items()):
        print(f"  {total.counts[kind]:3} x {kind}, e.g.: {text}")
    print()
    from bench import narrative_table  # issue 16's table, on new campaigns of all three systems

    code: int = narrative_table.main()
    return code


if __name__ == "__main__":
    raise SystemExit(main())
