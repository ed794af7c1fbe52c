"""Issue 16's table, measured: new scripted campaigns of all three systems through the offline
narrator, intents and questions typed every way, ``oracle inspire`` and ``oracle ask
--narrate`` calls, and lines and veils in players' own words.

Run: ``.venv/bin/python bench/narrative_table.py`` (offline; a minute or two). Only stable
interfaces are used (``find_system``, ``OfflineNarrator``, ``NarrationContext``, the CLI), so
the same file measures an older main too: copy it and its ``narrative_*.py`` siblings beside
that checkout's ``oracle/`` and run it there. The checks are patterns, written apart from the
narrator's own code; the writing-quality row is read by hand from the sample printed at the end.
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
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import narrative_safety as safety_lines
from bench import narrative_words as words
from oracle.dice import SeededDice
from oracle.narrator import NarrationContext, OfflineNarrator, beat_for_result
from oracle.systems import find_system

NAMES = ("Mara Vell", "Pip Thorne", "Ash Varga")
DECIDES = re.compile(
    r"\b(?:Mara|Pip|Ash|they|the treasure-hunter|the adventurer)\b(?:'s)? (?:\w+ )?(?:feels?|"
    r"decides?|chooses?|thinks?|believes?|wants?|hopes?|fears?|knows?|reali[sz]es?|"
    r"remembers?|smiles?|laughs?|weeps?|cries|screams?|flinch\w*|hesitat\w*|refuses?|agrees?|"
    r"grins?|sighs?|shivers?|trembles?|panics?|regrets?|wonders?|resolves?|swears?|curses?|"
    r"forgets?|loves?|hates?|cannot help but|cannot look away|can't stop|gives everything|"
    r"is (?:afraid|sure|certain|glad|relieved|ashamed|terrified|calm))\b"
    r"|\b(?:their|your) (?:heart|stomach|breath) (?:sinks|races|catches|lurches)", re.IGNORECASE)
OTHERS = re.compile(
    r"\b(?:companions?|the others|the party|the hunters|everyone|the players|no one else|"
    r"nobody else|someone else|anyone else|fellows?|friends?|each other|the group|"
    r"the rest of them|(?:stand|fight|work|press|go|move)(?:s|es)? together)\b",
    re.IGNORECASE)  # "holds together" is one person; "stand together" is company
KEY_DUMP = re.compile(r"\b\w+: [^;.]{1,30}; \w+: |\bsystem: (?:die_trying|triptycho)")
FOREST = re.compile(r"\b(?:forest|woods|trees?|canopy|clearing|bark|moss|branch(?:es)?|leaf|"
                    r"undergrowth|thicket|boughs?|ferns?|pines?|oaks?|birch)\b",
                    re.IGNORECASE)
OUTDOORS = re.compile(r"\b(?:canopy|clearing|sky|skies|sun|sunlight|moon|moonlight|stars|"
                      r"meadow|field|hillside|horizon|forest|woods|trees?|undergrowth|thicket|"
                      r"birdsong)\b", re.IGNORECASE)
HIT_OR_MISS = re.compile(r"\b(?:hits?|miss(?:es)?|lands?|glances? off|strikes? home)\b",
                         re.IGNORECASE)
DEGREE = re.compile(r"\b(?:succe\w+|fails?|failure|critical\w*|manages?|falls? short)\b",
                    re.IGNORECASE)
SENTENCE = re.compile(r"(?<=[.!?\u201d])\s+(?=[A-Z\u201c])|\n")
QUOTED = re.compile("\u201c[^\u201c\u201d]*\u201d|\"[^\"]*\"")


def _own(text: str) -> str:
    """The narrator's own words: the player's quotations taken out."""
    return QUOTED.sub(" ", text)


PLACEHOLDER = "\u201c\u2026\u201d"  # where the player's quoted words were
NUMBER = re.compile(r"-?\d+")


def _numbers(value: object) -> set[str]:
    """Every whole number a result holds (nested too), as written in words: "3", "-2"."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {str(value)}
    if isinstance(value, Mapping):
        return set().union(*(_numbers(v) for v in value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(*(_numbers(v) for v in value))
    return set()


def _rule_texts(value: object) -> set[str]:
    """The result's own sentences (a miscast's row): the rules' words, settled facts too."""
    if isinstance(value, str):
        return {value} if len(value.split()) >= 5 else set()
    if isinstance(value, Mapping):
        return set().union(*(_rule_texts(v) for v in value.values()))
    return set()


def sentences(text: str, result: Mapping[str, Any] | None = None) -> list[str]:
    """Sentences of five words or more, the line of settled facts aside and nothing else: a
    sentence stating one of the result's own numbers ("The price: Ruin 2 to 3."), or the
    result's own words (a miscast's row). The player's quoted words are not the narrator's: a
    frame around them ("Mara Vell goes for it:") is a sentence like any other."""
    result = result or {}
    numbers = _numbers(result)
    for said in sorted(_rule_texts(result), key=len, reverse=True):
        text = text.replace(said, " ")
    out = []
    for piece in SENTENCE.split(QUOTED.sub(PLACEHOLDER, text)):
        piece = piece.strip(" -")
        bare = piece.replace(PLACEHOLDER, " ")
        if len(bare.split()) < 5 or set(NUMBER.findall(bare)) & numbers:
            continue
        out.append(piece)
    return out


def masked(sentence: str, names: list[str]) -> str:
    """A sentence with the names it holds (characters, the foe, the place) masked, so the same
    sentence said of another character is the same sentence ("Whatever was keeping count
    inside Ada stops counting" and "... inside Bryn ...")."""
    for said in sorted({n for n in names if n.strip()}, key=len, reverse=True):
        sentence = re.sub(rf"(?i)\b{re.escape(said)}\b", "\u2026", sentence)
    return sentence


def monster_of(system: str) -> str:
    """The foe the scripted campaigns fight (every system's script names the same one)."""
    return "the Drowned Abbot"


def _roll(system: str, request: Mapping[str, Any], seed: int) -> dict[str, Any]:
    return dict(find_system(system).resolve(dict(request), SeededDice(seed)))


def trophy_rolls(dice: SeededDice, count: int) -> Iterator[tuple[dict[str, Any], str, str]]:
    """(request, intent, monster): a Trophy incursion of Risk, Hunt, Ruin and Combat rolls."""
    for index in range(count):
        ruin = 1 + index % 5
        kind = index % 6
        intent = words.VERBS[index % len(words.VERBS)]
        if kind in (0, 1, 2):
            yield ({"roll": "risk", "ruin": ruin, "light": [dice.roll(6)],
                    "dark": [dice.roll(6)]}, f"I {intent}", "")
        elif kind == 3:
            yield {"roll": "hunt", "tokens": 1, "light": [dice.roll(6)]}, "", ""
        elif kind == 4:
            yield ({"roll": "ruin", "ruin": ruin, "dark": dice.roll(6)},
                   "my brother standing in the water", "")
        else:
            yield ({"roll": "combat", "endurance": 8, "dark": [dice.roll(6), dice.roll(6)],
                    "characters": [{"name": "Mara Vell", "ruin": ruin, "weak_points": [4],
                                    "armor": False}]}, "", "the Drowned Abbot")


def die_trying_rolls(dice: SeededDice, count: int) -> Iterator[tuple[dict[str, Any], str, str]]:
    kinds: list[Callable[[], dict[str, Any]]] = [
        lambda: {"roll": "attack", "ac": 7, "d10": dice.roll(10), "modifier": 2,
                 "damage_d6": dice.roll(6)},
        lambda: {"roll": "check", "d10": dice.roll(10), "modifier": 1, "dc": 6},
        lambda: {"roll": "check", "kind": "save", "d10": dice.roll(10), "modifier": 0, "dc": 5},
        lambda: {"roll": "attack", "ac": 5, "d10": dice.roll(10), "modifier": 1,
                 "damage_d6": dice.roll(6)},
        lambda: {"roll": "spell", "magic": [dice.roll(6), dice.roll(6)],
                 "instability": [dice.roll(6)], "miscast_d10": dice.roll(10)},
        lambda: {"roll": "death_save", "hp": -1 - dice.roll(3), "d10": dice.roll(10)},
    ]
    for index in range(count):
        yield ({**kinds[index % len(kinds)](), "system": "die_trying"},
               f"I {words.VERBS[index % len(words.VERBS)]}", "the Drowned Abbot")


def triptycho_rolls(dice: SeededDice, count: int) -> Iterator[tuple[dict[str, Any], str, str]]:
    kinds: list[Callable[[], dict[str, Any]]] = [
        lambda: {"roll": "opposed", "action": [dice.roll(6), dice.roll(6)],
                 "reaction": [dice.roll(8)]},
        lambda: {"roll": "damage", "damage": [dice.roll(6), dice.roll(6)],
                 "defense": [dice.roll(4)]},
        lambda: {"roll": "damage", "damage": [dice.roll(6), dice.roll(6)],
                 "defense": [dice.roll(4)], "points": dice.roll(6)},
        lambda: {"roll": "attack", "action": [dice.roll(6), dice.roll(6)],
                 "reaction": [dice.roll(6)], "damage": [dice.roll(6), dice.roll(6)],
                 "defense": [dice.roll(4)], "points": dice.roll(8)},
    ]
    for index in range(count):
        yield ({**kinds[index % len(kinds)](), "system": "triptycho"},
               f"I {words.VERBS[index % len(words.VERBS)]}", "the Drowned Abbot")


SCRIPTS = {"trophy": trophy_rolls, "die_trying": die_trying_rolls,
           "triptycho": triptycho_rolls}


class Figures:
    """Counts of each row: ``bad`` of ``seen``, with the first example."""

    def __init__(self) -> None:
        self.bad: Counter[str] = Counter()
        self.seen: Counter[str] = Counter()
        self.example: dict[str, str] = {}
        self.values: dict[str, str] = {}

    def count(self, row: str, failed: bool, text: str = "") -> None:
        self.seen[row] += 1
        if failed:
            self.bad[row] += 1
            self.example.setdefault(row, text[:200])

    def row(self, row: str) -> str:
        return self.values.get(row) or f"{self.bad[row]} of {self.seen[row]}"


# The fresh campaigns' places (bench/narrative_fresh.py): a town, a ship, a desert, a tomb, a
# forest and a mine; what a reader would call scenery against each of the open and the aboard.
FRESH_PLACES = {"trophy": ("the cobbled square of Marrowgate", "the deck of the Grey Heron"),
                "die_trying": ("the salt flats", "the tomb of the Ninth Queen"),
                "triptycho": ("the birch wood", "the mine shaft")}
BUILT = re.compile(r"\b(?:the room|doorframes?|doorways?|braziers?|rafters|ceilings?|corridors?|"
                   r"flagstones?|floorboards?|staircases?|chandeliers?|clocks?|barrels?|"
                   r"wooden beam)\b", re.IGNORECASE)
LAND = re.compile(r"\b(?:the ground|trees?|moss|birdsong|standing stones?|undergrowth|soil|"
                  r"the clearing|forest floor)\b", re.IGNORECASE)


def _against(place: str) -> re.Pattern[str] | None:
    if "nave" in place:
        return OUTDOORS
    if re.search(r"flats|birch wood", place):
        return BUILT
    return LAND if "deck" in place else None


def campaign(system: str, seed: int, place: str, solo: bool, figures: Figures,
             count: int = 40) -> list[str]:
    """One campaign through the offline narrator, one deck; every row its narrations touch."""
    narrator = OfflineNarrator(seed=f"table-{system}-{seed}")
    name = NAMES[seed % len(NAMES)]
    party = () if solo else (name, "Bryn Ashdown")
    texts: list[str] = []
    told: list[tuple[str, dict[str, Any]]] = []
    deck = None
    for request, intent, monster in SCRIPTS[system](SeededDice(seed), count):
        try:
            result = _roll(system, request, seed)
        except Exception as exc:  # noqa: BLE001 - a request an older main refuses
            print(f"  (not narrated: {exc})", file=sys.stderr)
            continue
        beat = beat_for_result(system, result)
        context = NarrationContext.build(result=result, system=system, intent=intent,
                                         characters=[{"name": name}], place=place,
                                         monster=monster, party=party, deck=deck)
        said = narrator.narrate(beat, context)
        deck = said.deck or deck
        text = said.text
        texts.append(text)
        told.append((text, result))
        own = _own(text)
        figures.count("decides for the character", bool(DECIDES.search(own)), text)
        if solo:
            figures.count("others implied in solo", bool(OTHERS.search(own)), text)
        if system != "trophy" and not re.search(r"\b(?:wood|woods|forest)\b", place):
            figures.count("forest imagery in Die Trying / Triptycho", bool(FOREST.search(own)),
                          text)
        against = _against(place)
        if against is not None:
            figures.count("scenery against the place", bool(against.search(own)), text)
        figures.count("key dumps", bool(KEY_DUMP.search(text)), text)
        _system_rows(system, result, text, name, figures)
    window: list[list[str]] = []
    reused = 0
    names = [name, name.split()[0], *party, *(p.split()[0] for p in party), monster_of(system),
             place]
    for text, result in told:
        said_before = {s for earlier in window[-40:] for s in earlier}
        now = [masked(s, names) for s in sentences(text, result)]
        reused += sum(1 for s in now if s in said_before)
        window.append(now)
    figures.values.setdefault("reused", "")
    figures.values["reused"] += f" {reused}"
    return texts


def _system_rows(system: str, result: Mapping[str, Any], text: str, name: str,
                 figures: Figures) -> None:
    own = _own(text)
    if system == "trophy":
        wrong_roll = "Ruin Roll follows" in text and (
            result.get("ruin_roll") is True or result.get("dies") or result.get("lost"))
        figures.count('"A Ruin Roll follows" untrue', bool(wrong_roll), text)
        dead_offer = (result.get("dies") or result.get("lost")) and re.search(
            r"\bpush|\banother (?:throw|roll)|roll again", own, re.IGNORECASE)
        figures.count("a roll offered to the dead", bool(dead_offer), text)
        if result.get("roll") == "combat" and result.get("total") is not None:
            figures.count("Trophy contradictions of the dice",
                          bool(result.get("defeated")) != bool(re.search(
                              r"enough\. It goes down|falls|is defeated|goes down", own))
                          or "not enough" in own and bool(result.get("defeated")), text)
        elif result.get("roll") == "risk":
            outcome = str(result.get("outcome"))
            contradicts = (outcome == "failure" and re.search(r"\bit works\b|\bis done\b", own)
                           ) or (outcome == "success" and re.search(r"\bit fails\b", own))
            figures.count("Trophy contradictions of the dice", bool(contradicts), text)
    elif system == "die_trying" and result.get("roll") in ("attack", "check"):
        voiced = not KEY_DUMP.search(text) and bool(
            HIT_OR_MISS.search(own) if result.get("roll") == "attack" else DEGREE.search(own))
        if result.get("roll") == "attack" and result.get("hit") and result.get("damage"):
            voiced = voiced and str(result.get("damage")) in text
        figures.count("Die Trying ordinary rolls voiced (missed)", not voiced, text)
    elif system == "triptycho" and result.get("points_after") == 0:
        first = name.split()[0]
        wrong = re.search(rf"\b{first}\b[^.]*\b(?:staggers|falls|is down|out of it|defeated)",
                          own) or "Drowned Abbot" not in text
        figures.count("Triptycho defeat voiced about the wrong entity", bool(wrong), text)


def ask_and_inspire(figures: Figures) -> None:
    """``oracle ask --narrate`` (150), ``oracle inspire`` (300), intents woven (phrasings)."""
    from oracle.cli import main

    for index, question in enumerate(words.questions()[:150]):
        out = io.StringIO()
        main(["ask", question, "--narrate", "--seed", str(index), "--json"], out=out)
        try:
            text = json.loads(out.getvalue())["narration"]["text"]
        except (ValueError, KeyError):
            out = io.StringIO()
            main(["ask", question, "--narrate", "--seed", str(index)], out=out)
            text = out.getvalue()
        why = words.broken(text, question, [])
        figures.count("ask --narrate with a broken subject", why is not None, f"{why}: {text}")
    beats = ["wrong", "bargain", "condition", "encounter", "answer", "oracle", "monster",
             "ruin", "reduction", "lost", "outcome"]
    phrasings = words.phrasings()
    for index in range(300):
        beat = beats[index % len(beats)]
        typed = phrasings[index % len(phrasings)]
        out = io.StringIO()
        main(["inspire", beat, "--context", typed, "--seed", str(index)], out=out)
        text = out.getvalue()
        figures.count("decides for the character (inspire)", bool(DECIDES.search(_own(text))),
                      text)
    narrator = OfflineNarrator(seed="phrasings")
    for typed in phrasings:
        for beat, result in (("outcome", {"roll": "risk", "outcome": "failure"}),
                             ("wrong", {"roll": "risk"})):
            context = NarrationContext.build(result=result, characters=[{"name": "Mara Vell"}],
                                             intent=typed, place="the flooded nave")
            text = narrator.narrate(beat, context).text
            why = words.broken(text, typed, ["the flooded nave", "Mara Vell"])
            figures.count("broken intent weavings", why is not None, f"{why}: {text}")
            figures.count("intents lost (the player's words not kept whole)",
                          not words.kept_whole(text, typed), text)


def safety(figures: Figures) -> None:
    """Player-worded lines and veils over every beat's kinds of result (about 500 each)."""
    from oracle.narrator import BEATS, Safety

    for item, kind, shows in safety_lines.PLAYER_LINES:
        rules = Safety(lines=(item,)) if kind == "line" else Safety(veils=(item,))
        narrator = OfflineNarrator(seed=f"safety-{item}")
        for beat, spec in BEATS.items():
            context = NarrationContext.build(result=dict(spec.example), safety=rules, n=2,
                                             characters=[{"name": "Ash"}], party=["Ash", "Bo"])
            for _ in range(20):
                text = narrator.narrate(beat, context).text
                figures.count(f"safety: {kind} {item!r}",
                              safety_lines.leak(text, shows) is not None, text)


def table_sizes(figures: Figures) -> None:
    from oracle.narrator.compose import load

    sizes = {}
    for table in ("complications", "bargains", "conditions", "exploration", "disturbing"):
        try:
            loaded = load(table)
            sizes[table] = min(loaded.size(g) for g in loaded.grades())
        except Exception:  # noqa: BLE001 - a table an older main lacks
            sizes[table] = 0
    figures.values["list tables (cards)"] = ", ".join(
        f"{t} {n}" for t, n in sizes.items() if t != "disturbing")
    figures.values["Ruin sight table (cards)"] = str(sizes["disturbing"])


def main() -> int:
    figures = Figures()
    samples: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as home:
        os.environ["ORACLE_HOME"] = home
        os.environ["ORACLE_NARRATOR"] = "offline"
        for system in SCRIPTS:
            for seed, place, solo in ((1, "", True), (2, "the flooded nave", True),
                                      (3, "the flooded nave", False)):
                texts = campaign(system, seed, place, solo, figures)
                samples.setdefault(system, texts[:20])
            for seed, place in enumerate(FRESH_PLACES[system], 4):
                campaign(system, seed, place, True, figures)
        ask_and_inspire(figures)
        safety(figures)
    table_sizes(figures)
    figures.values["sentences reused within 40 narrations (per campaign)"] = \
        figures.values.pop("reused").strip()
    rows = ["Trophy contradictions of the dice", "decides for the character",
            "decides for the character (inspire)", "others implied in solo",
            "broken intent weavings", "intents lost (the player's words not kept whole)",
            "ask --narrate with a broken subject", "Die Trying ordinary rolls voiced (missed)",
            "key dumps", "forest imagery in Die Trying / Triptycho",
            "Triptycho defeat voiced about the wrong entity", "scenery against the place",
            '"A Ruin Roll follows" untrue', "a roll offered to the dead",
            "sentences reused within 40 narrations (per campaign)", "list tables (cards)",
            "Ruin sight table (cards)"]
    rows += sorted(r for r in figures.seen if r.startswith("safety:"))
    print("issue 16's table (offline narrator; 15 40-roll campaigns, 5 per system)")
    for row in rows:
        print(f"  {row:55} {figures.row(row)}")
    from bench import referee  # the Claude referee over HTTP and the local prompt's size

    for row, value in referee.table_rows():
        print(f"  {row:55} {value}")
    print("  writing quality: read by hand; twenty narrations of each system follow.")
    for row, text in sorted(figures.example.items()):
        print(f"    e.g. {row}: {text}")
    for system, texts in samples.items():
        print(f"\n--- {system}, twenty in a row ---")
        for text in texts:
            print("  " + text.replace("\n", " / "))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
