"""Writing quality, sampled for reading by hand (issue 16, "writing quality").

Draws, with fixed dice and seeds, what a player would read:

- 20 narrations of each system (Trophy, Die Trying, Triptycho) from three new scripted campaigns,
  each through ``oracle resolve --narrate`` with its context fields (name, attempt, place,
  monster, party, journal, bargain) and no ``seed``, so the offline deck carries on between the
  calls of one campaign in its own ``ORACLE_HOME``, as at a table;
- 20 ``oracle inspire`` calls (every beat, stated intents and places of our own);
- 20 ``oracle ask --narrate`` calls (questions of our own, all three systems' words).

The scripts, attempts, places, foes and questions are new (not those of ``bench/narrative*``).
``--out FILE`` writes the samples as markdown (default ``bench/quality_samples.md``);
``--grades`` renders ``bench/quality_grades.md`` from the grades given by hand in
:mod:`bench.quality_grades` (a sample whose text has changed since it was graded is marked
ungraded instead of keeping a stale grade).

Run: ``ORACLE_NARRATOR=offline .venv/bin/python bench/quality.py [--grades]`` (a few seconds;
the offline narrator is forced, whatever key is set).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

Roll = dict[str, Any]


@dataclass(frozen=True)
class Sample:
    id: str
    source: str  # trophy, die_trying, triptycho, inspire, ask
    given: str  # what was asked, in one line
    text: str


def _cli(argv: list[str], stdin: str = "") -> str:
    from oracle.cli import main

    out = io.StringIO()
    main(argv, stdin=io.StringIO(stdin), out=out)
    return out.getvalue()


# --- three campaigns -------------------------------------------------------------------------

TROPHY_PLACES = ("the moss-choked cloister", "the sunken stair", "the witch's kitchen")
TROPHY_ATTEMPTS = ("coax the well-rope up without a sound", "read the names scratched into the pew",
                   "slip past the sleeping hound", "prise the abbess's ring off her finger",
                   "Can I climb the bell tower?", "wade across to the far landing",
                   "light the damp candle stub", "break the seal on the pantry door")


def trophy(rng: random.Random) -> Iterator[Roll]:
    """An incursion: Risk (one with a bargain, one with a helper), Hunt, Ruin, Combat, Contest."""
    name = "Odile Marsh"
    foe = {"name": "the Choir of Teeth", "description": "a knot of mouths that sings in the walls"}
    for index in range(20):
        place = TROPHY_PLACES[index * len(TROPHY_PLACES) // 20]
        base: Roll = {"name": name, "place": place}
        kind = (0, 1, 0, 2, 3, 0, 4, 0, 3, 1, 0, 5, 3, 0, 2, 3, 0, 6, 0, 3)[index]
        attempt = TROPHY_ATTEMPTS[index % len(TROPHY_ATTEMPTS)]
        ruin = 1 + index // 5
        if kind == 0:
            yield {**base, "roll": "risk", "ruin": ruin, "light": [rng.randint(1, 6)],
                   "dark": [rng.randint(1, 6)], "attempt": attempt}
        elif kind == 1:
            yield {**base, "roll": "hunt", "tokens": 2, "light": [rng.randint(1, 6)]}
        elif kind == 2:
            yield {**base, "roll": "ruin", "ruin": ruin, "dark": rng.randint(1, 6),
                   "attempt": "a door in the wall that was not there before"}
        elif kind == 3:
            yield {**base, "roll": "combat", "endurance": 8, "monster": foe,
                   "dark": [rng.randint(1, 6), rng.randint(1, 6)],
                   "characters": [{"name": name, "ruin": ruin, "weak_points": [3],
                                   "armor": index % 2 == 0}]}
        elif kind == 4:
            yield {**base, "roll": "risk", "ruin": ruin, "light": [rng.randint(1, 6), 6],
                   "dark": [rng.randint(1, 6)], "attempt": attempt,
                   "bargain": {"text": "the hound will know her scent from now on",
                               "accepted": True}}
        elif kind == 5:
            yield {**base, "roll": "risk", "ruin": ruin, "light": [rng.randint(1, 6)],
                   "dark": [rng.randint(1, 6)], "attempt": attempt, "party": ["Bertil"],
                   "helpers": [{"name": "Bertil", "ruin": 2, "die": rng.randint(1, 6)}]}
        else:
            yield {**base, "roll": "contest", "party": ["Bertil"],
                   "attempt": "claim the silver ladle",
                   "participants": [{"name": name, "ruin": ruin, "light": [rng.randint(1, 6)],
                                     "dark": [rng.randint(1, 6)]},
                                    {"name": "Bertil", "ruin": 2,
                                     "light": [rng.randint(1, 6)], "dark": [rng.randint(1, 6)]}]}


DT_PLACES = ("the goblin warrens", "the drowned armoury", "the lich's larder")
DT_CHECKS = (("force the rusted portcullis", "read the goblin chalk marks"),
             ("squeeze through the collapsed drain", "pry a sword from the rusted rack"),
             ("find the false bottom of the larder shelf", "lift the lid of the salt barrel"))


def die_trying(rng: random.Random) -> Iterator[Roll]:
    """A dungeon crawl: attacks, checks and saves, spells, a hide, death saves."""
    name = "Hesk Brightwater"
    d10: Callable[[], int] = lambda: rng.randint(1, 10)
    order = ("attack", "check", "attack", "spell", "save", "attack", "hide", "check",
             "attack", "improvised", "check", "attack", "death", "stabilize", "check",
             "attack", "spell", "save", "attack", "death")
    for index, kind in enumerate(order):
        base: Roll = {"system": "die_trying", "name": name,
                      "place": DT_PLACES[index * len(DT_PLACES) // 20],
                      "monster": "the tunnel wyrm" if index >= 10 else "a goblin sentry"}
        if kind == "attack":
            yield {**base, "roll": "attack", "d10": d10(), "modifier": 3, "ac": 6 + index % 3,
                   "damage_d6": rng.randint(1, 6), "attempt": "drive the spear home"}
        elif kind == "check":  # the skill named as the app sends it (issue 16: Die Trying skill)
            attempt = DT_CHECKS[index * len(DT_PLACES) // 20][index % 2]
            skill = "perception" if attempt.startswith(("find", "read")) else "athletics"
            yield {**base, "roll": "check", "d10": d10(), "modifier": 2, "dc": 6,
                   "attempt": attempt, "skill": skill}
        elif kind == "save":
            yield {**base, "roll": "check", "kind": "save", "d10": d10(), "modifier": 1, "dc": 5,
                   "attempt": "keep footing as the floor tilts", "skill": "dexterity"}
        elif kind == "spell":
            yield {**base, "roll": "spell", "magic": [rng.randint(1, 6), rng.randint(1, 6)],
                   "instability": [rng.randint(1, 6)], "miscast_d10": d10(),
                   "attempt": "call frost down the corridor"}
        elif kind == "improvised":
            yield {**base, "roll": "improvised_spell", "magic": [rng.randint(1, 6)],
                   "instability": [rng.randint(1, 6)], "d10": d10(), "modifier": 2, "miscast_d10": d10(),
                   "attempt": "make the water in the armoury stand still"}
        elif kind == "hide":
            yield {**base, "roll": "hide", "d10": d10(), "modifier": 2,
                   "watchers": [{"name": "a goblin sentry"}]}
        elif kind == "death":
            yield {**base, "roll": "death_save", "hp": -2, "d10": d10()}
        else:
            yield {**base, "roll": "stabilize", "hp": -2, "d10": d10(), "modifier": 2}


def triptycho(rng: random.Random) -> Iterator[Roll]:
    """A clockwork-city evening: opposed rolls of all three scenarios, attacks, damage."""
    name = "Ilse Varro"
    foe = {"name": "the Tin Magistrate", "description": "a judge of riveted plate with a ledger"}
    d: Callable[[int], int] = lambda sides: rng.randint(1, sides)
    for index in range(20):
        base: Roll = {"system": "triptycho", "name": name, "monster": foe,
                      "place": ("the clocktower of Sankt Veil", "the glass marsh")[index // 10]}
        kind = index % 5
        if kind == 0:
            scenario = ("combat", "exploration", "interaction")[index // 5 % 3]
            yield {**base, "roll": "opposed", "scenario": scenario,
                   "action": [d(6), d(6)], "reaction": [d(8)],
                   "attempt": {"combat": "knock the clerk's lantern from his hand",
                               "exploration": ("climb the frozen gears of the clock"
                                               if index < 10 else "cross the marsh on the glass"),
                               "interaction": "talk the gatekeeper round"}[scenario]}
        elif kind in (1, 3):
            yield {**base, "roll": "attack", "action": [d(6), d(6)], "reaction": [d(6)],
                   "damage": [d(6), d(6)], "defense": [d(4)], "points": 4 + d(6),
                   "attempt": "swing the lamp-iron at its ledger"}
        elif kind == 2:
            yield {**base, "roll": "damage", "damage": [d(6), d(6)], "defense": [d(4)],
                   "points": d(8)}
        else:
            yield {**base, "roll": "recover", "points": 2, "maximum": 9, "amount": d(4)}


CAMPAIGNS: dict[str, Callable[[random.Random], Iterator[Roll]]] = {
    "trophy": trophy, "die_trying": die_trying, "triptycho": triptycho}


PREFIX = {"trophy": "tr", "die_trying": "dt", "triptycho": "tt"}


def _given(request: Roll) -> str:
    """The request in one line: the roll and its settled keys, then the context."""
    keep = ("roll", "ruin", "light", "dark", "tokens", "endurance", "d10", "modifier", "dc", "ac",
            "damage_d6", "magic", "instability", "action", "reaction", "damage", "defense",
            "points", "hp", "amount", "scenario", "kind", "skill")
    dice = ", ".join(f"{k} {json.dumps(request[k])}" for k in keep if k in request)
    story = "; ".join(f"{k}: {request[k] if isinstance(request[k], str) else json.dumps(request[k])}"
                      for k in ("attempt", "place", "party") if k in request)
    return f"{dice} | {story}"


def campaign(system: str, home: str) -> list[Sample]:
    """One campaign through ``oracle resolve --narrate``, one deck carried in ``home``."""
    from oracle.narrator import Deck
    from oracle.narrator.deckfile import FILE

    os.environ["ORACLE_HOME"] = home
    # the deck a fresh ORACLE_HOME starts is seeded at random; this one is fixed
    (Path(home) / FILE).write_text(json.dumps(Deck.seeded(f"quality-{system}").to_dict()),
                                   encoding="utf-8")
    out = []
    for index, request in enumerate(CAMPAIGNS[system](random.Random(f"quality-{system}"))):
        answer = json.loads(_cli(["resolve", "--narrate"], json.dumps(request)))
        if "error" in answer:
            text = f"(refused: {answer['error']})"
        else:
            text = answer["narration"]["text"]
            result = {k: v for k, v in answer.items() if k != "narration"}
            outcome = next((f"{k} {json.dumps(result[k])}" for k in
                            ("outcome", "defeated", "degree", "hit", "winner", "encounter",
                             "fate", "miscast", "points_after", "ruin_marked", "watchers") if k in result), "")
            request = {**request, "settled": outcome}
        given = _given(request) + (f" | settled: {request['settled']}" if "settled" in request
                                   else "")
        out.append(Sample(f"{PREFIX[system]}{index + 1:02}", system, given, text))
    return out


INSPIRE = (("wrong", "pry the coffin lid up with a crowbar", "the ossuary"),
           ("bargain", "outrun the thing in the reeds", "the black mere"),
           ("condition", "", "the hollow oak"),
           ("encounter", "", "the salt mine"),
           ("answer", "What is written on the lintel?", "the burned chapel"),
           ("oracle", "Is the ferryman still waiting?", "the river of lamps"),
           ("monster", "", "the cellar of jars"),
           ("ruin", "my own face in the well", "the dry well"),
           ("reduction", "I leave Bertil behind in the dark", "the collapsed gallery"),
           ("lost", "", "the orchard"),
           ("outcome", "steal the bishop's seal", "the drowned cathedral"),
           ("wrong", "Don't let them see me!", "the market of masks"),
           ("bargain", "I want to hear what the bones say", "the charnel house"),
           ("answer", "who lit the fire here?", "the shepherd's hut"),
           ("encounter", "", "the frozen millpond"),
           ("condition", "", "the witch's kitchen"),
           ("outcome", "climb down the chain into the well", "the cistern"),
           ("oracle", "Does the hound remember me?", "the kennels"),
           ("monster", "", "the wasp-paper tower"),
           ("ruin", "a bell ringing under the ground", "the barrow"))

ASK = (("Is the bridge still standing?", "trophy"), ("Does the hermit lie to us?", "trophy"),
       ("Is anyone home?", "trophy"), ("Can the door be opened from this side?", "trophy"),
       ("Will it rain before nightfall?", "trophy"), ("Is the treasure cursed?", "trophy"),
       ("Has the Choir of Teeth heard us?", "trophy"), ("is the well dry", "trophy"),
       ("Are the goblins awake?", "die_trying"), ("Is the lever a trap?", "die_trying"),
       ("Does the wyrm sleep in the lower hall?", "die_trying"),
       ("Is there another way out?", "die_trying"), ("Is the ale poisoned?", "die_trying"),
       ("Will the rope hold both of us?", "die_trying"),
       ("Does the Magistrate keep his word?", "triptycho"),
       ("Is the clock running backwards?", "triptycho"),
       ("Is the marsh glass thick enough to walk on?", "triptycho"),
       ("Did the clerk see my face?", "triptycho"), ("Is Ilse being followed?", "triptycho"),
       ("Are the bells ringing for us?", "triptycho"))


def inspire() -> list[Sample]:
    out = []
    for index, (beat, context, place) in enumerate(INSPIRE):
        argv = ["inspire", beat, "--place", place, "--seed", str(200 + index),
                "--name", "Odile"]
        if context:
            argv += ["--context", context]
        text = _cli(argv).strip()
        out.append(Sample(f"in{index + 1:02}", "inspire",
                          f"{beat} | context: {context or '-'}; place: {place}", text))
    return out


def ask() -> list[Sample]:
    out = []
    for index, (question, system) in enumerate(ASK):
        likelihood = ("even", "likely", "unlikely", "very_likely")[index % 4]
        answer = json.loads(_cli(["ask", question, "--narrate", "--json", "--system", system,
                                  "--likelihood", likelihood, "--seed", str(100 + index)]))
        text = answer.get("narration", {}).get("text") or f"(refused: {answer.get('error')})"
        out.append(Sample(f"as{index + 1:02}", "ask",
                          f"{system}, {likelihood}: {question} | answer: {answer.get('answer')}",
                          text))
    return out


def draw() -> list[Sample]:
    """Every sample, in order: three campaigns, then inspire, then ask."""
    os.environ["ORACLE_NARRATOR"] = "offline"
    samples: list[Sample] = []
    with tempfile.TemporaryDirectory() as root:
        for system in CAMPAIGNS:
            home = Path(root) / system
            home.mkdir()
            samples += campaign(system, str(home))
        os.environ["ORACLE_HOME"] = str(Path(root) / "trophy")
        samples += inspire()
        samples += ask()
    return samples


def samples_markdown(samples: list[Sample], commit: str) -> str:
    lines = [f"# Writing quality: the samples (main at {commit})", "",
             "Drawn by `bench/quality.py` (offline narrator, fixed seeds).", ""]
    source = ""
    for sample in samples:
        if sample.source != source:
            source = sample.source
            lines += [f"## {source}", ""]
        lines += [f"**{sample.id}** `{sample.given}`", "", "> " + sample.text.replace(
            "\n", "\n> "), ""]
    return "\n".join(lines)


def _commit() -> str:
    import subprocess

    done = subprocess.run(["git", "-C", str(HERE), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True, check=False)
    return done.stdout.strip() or "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(HERE / "bench" / "quality_samples.md"))
    parser.add_argument("--grades", action="store_true",
                        help="also render bench/quality_grades.md from bench/quality_grades.py")
    args = parser.parse_args(argv)
    samples = draw()
    commit = _commit()
    Path(args.out).write_text(samples_markdown(samples, commit), encoding="utf-8")
    print(f"{len(samples)} samples written to {args.out}")
    if args.grades:
        from bench.quality_grades import render

        path = HERE / "bench" / "quality_grades.md"
        path.write_text(render(samples, commit), encoding="utf-8")
        print(f"grades written to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
