"""Does every request answer or refuse within 2 s? The slowest request of each kind, at its limit.

Run: ``.venv/bin/python bench/limits.py`` (not a test; prints a table). For every roll kind of
every system it times ``oracle resolve`` and ``oracle odds`` (through ``oracle.requests``, the
code the CLI runs, without the process start) on requests at the limits docs/rulings.md states
(the most dice, contestants, helpers, creatures, 100 entries a list...) and on requests past
them (which must be refused at once). Numbers have at most 30 digits, as the CLI reads them, and prints the slowest of each kind: seconds, and as a
ratio of the 2 s promise (``0.15`` = 15% of it). A request that takes longer than 10 s is cut
off and shown as ``>10``. The machine is shared, so the figures move; the ratios are the point.
"""

from __future__ import annotations

import json
import signal
import sys
import time
from collections.abc import Iterator, Mapping
from typing import Any

from oracle import requests
from oracle.errors import OracleError
from oracle.systems import find_system

PROMISE = 2.0  # seconds: every request answers or refuses within this (issue 11)
CUT_OFF = 10  # seconds before a request is given up on

Request = dict[str, Any]


def _named(prefix: str, n: int, **fields: Any) -> list[dict[str, Any]]:
    return [{"name": f"{prefix}{i}", **fields} for i in range(n)]


def trophy() -> Iterator[Request]:
    helpers = _named("h", 12, ruin=1)
    yield {"roll": "risk", "ruin": 1, "light": 2, "dark": 30, "helpers": helpers}
    yield {"roll": "risk", "ruin": 1, "light": 2, "dark": 30, "helpers": helpers, "push": 100,
           "seed": 1}
    yield {"roll": "risk", "ruin": 1, "light": 1, "dark": 10**6}
    yield {"roll": "risk", "ruin": 1, "light": 1, "dark": [1] * 100}
    yield {"roll": "risk", "ruin": 1, "light": 1, "dark": [1] * 100_000}
    yield {"roll": "risk", "ruin": 1, "light": [6], "dark": [1], "helpers": _named("h", 100, ruin=1),
           "push": [{"light": [6], "dark": [1] * 100}] * 100}
    yield {"roll": "ruin", "ruin": 5}
    yield {"roll": "hunt", "tokens": 10**6, "light": 2}
    yield {"roll": "hunt", "tokens": 10**29, "light": 2}  # the CLI reads at most 30 digits
    for dark in (100, 10**6):
        yield {"roll": "combat", "endurance": 12, "dark": dark,
               "characters": _named("c", 8, ruin=1, weak_points=6, armor=True)}
    yield {"roll": "combat", "endurance": 12, "dark": [6] * 100,
           "characters": _named("c", 100, ruin=1, weak_points=6)}
    yield {"roll": "combat", "endurance": 12, "dark": 100, "continue": [[5] * 100] * 100,
           "characters": _named("c", 100, ruin=1, weak_points=[1, 2, 3, 4], armor=True)}
    yield {"roll": "combat", "endurance": 12, "dark": 8, "continue": 100, "seed": 2,
           "characters": _named("c", 8, ruin=1, weak_points=1, armor=True)}
    sizes = [(5, 6, 10)] * 8
    yield {"roll": "contest", "participants": [{"name": f"p{i}", "ruin": r, "light": lo, "dark": d}
                                               for i, (r, lo, d) in enumerate(sizes)]}
    yield {"roll": "contest", "participants": [{"name": f"p{i}", "ruin": 5, "light": 6,
                                                "dark": 3 + i} for i in range(8)]}
    yield {"roll": "contest", "participants": _named("p", 9, ruin=1, light=1)}
    yield {"roll": "contest", "participants": _named("p", 100, ruin=5, light=6, dark=94)}
    yield {"roll": "contest", "participants": _named("p", 100_000, ruin=1, light=1)}
    yield {"roll": "reduction", "ruin": 5, "starting_ruin": 1, "reached_five": True}


def die_trying() -> Iterator[Request]:
    skill = {"ability": 3, "proficiency": "legendary"}
    reach = [f"n{i}" for i in range(30)]
    yield {"roll": "check", **skill, "dc": 5}
    yield {"roll": "attack", **skill, "ac": 5, "concealed": True, "reach": reach}
    yield {"roll": "attack", **skill, "ac": 5, "reach": [f"n{i}" for i in range(100_000)]}
    watchers = [{"name": f"w{i}", "dc": 5} for i in range(100)]
    yield {"roll": "hide", **skill, "concealed": True, "watchers": watchers}
    yield {"roll": "sneak", **skill, "concealed": True,
           "watchers": [{**w, "hidden": True} for w in watchers]}
    yield {"roll": "concealment", "hidden": True}
    yield {"roll": "initiative", "combatants": _named("c", 100, modifier=1)}
    yield {"roll": "dash", "speed": 10**6}
    yield {"roll": "dodge", "ac": 10**6}
    yield {"roll": "spell", "magic": 12, "instability": 12}
    yield {"roll": "spell", "magic": 24, "instability": 0}
    yield {"roll": "spell", "magic": 100, "instability": 100}
    yield {"roll": "improvised_spell", **skill, "magic": 12, "instability": 12}
    yield {"roll": "death_save", "hp": -4}
    yield {"roll": "stabilize", "hp": -4, **skill}
    yield {"roll": "ability_scores"}
    yield {"roll": "character", "abilities": {"strength": 3, "dexterity": 3, "constitution": 3,
                                              "intelligence": -1, "wisdom": -1, "charisma": -1}}
    yield {"roll": "equipment", "budget": 10**6, "purchases": [{"item": "rope", "count": 10**6}]}
    yield {"roll": "price_list"}
    yield {"roll": "mark", "level": 1, "marks": 2, "target": "arcana"}
    yield {"roll": "d2", "sides": 100}
    yield {"roll": "d3"}
    yield {"roll": "d100"}


def triptycho() -> Iterator[Request]:
    side = {"damage": "10d20", "damage_enhancements": ["10d20", "10d20"],
            "defense": "10d20", "defense_enhancements": ["10d20", "10d20"]}
    yield {"roll": "dice", "dice": "30d20"}
    yield {"roll": "dice", "dice": "100d12"}
    yield {"roll": "dice", "dice": "1d6", "number": 10**6}
    yield {"roll": "opposed", "action": "30d20", "reaction": "30d20"}
    yield {"roll": "damage", **side}
    yield {"roll": "damage", "damage": "30d20", "defense": "30d20", "piercing": 10**6}
    yield {"roll": "damage", "damage": "400d12", "defense": "1d6"}
    yield {"roll": "attack", "action": "30d20", "reaction": "30d20", "counter": "30d20", **side}
    yield {"roll": "initiative", "combatants": _named("c", 100, initiative="30d20")}
    yield {"roll": "recover", "points": 0, "maximum": 10**6, "amount": "30d20"}
    yield {"roll": "injury", "base": {"hp": 20, "ep": 15, "wp": 10}, "injuries": 10**12,
           "heal": 10**12, "valuables": 10**12}
    yield {"roll": "stat_track", "base": 2, "current": 10**6, "moved": False}
    yield {"roll": "draw", "deck": 10**12, "discard": 10**12, "round": 2, "extra": 10**12}
    yield {"roll": "discard", "deck": 10**12, "hand": 10**12, "discard": 0, "hand_limit": 5}


CASES = {"trophy": trophy, "die_trying": die_trying, "triptycho": triptycho}


class _CutOff(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _CutOff


def timed(mode: str, request: Mapping[str, Any]) -> tuple[float, str]:
    """Seconds one ``resolve`` or ``odds`` took, and what it said (ok, refused, cut off...)."""
    system = find_system(request.get("system", "trophy"))
    signal.signal(signal.SIGALRM, _alarm)
    start = time.perf_counter()
    signal.alarm(CUT_OFF)
    try:
        answer = requests.resolve(system, request) if mode == "resolve" else \
            requests.odds(system, request)
        json.dumps(answer)
        said = "answered"
    except OracleError as exc:
        said = f"refused: {exc}"
    except _CutOff:
        said = "cut off"
    except Exception as exc:  # noqa: BLE001 - a bench reports every failure
        said = f"CRASHED {type(exc).__name__}: {exc}"
    finally:
        signal.alarm(0)
    return time.perf_counter() - start, said


def _brief(request: Mapping[str, Any]) -> str:
    text = json.dumps({k: v for k, v in request.items() if k != "system"})
    return text if len(text) <= 70 else text[:67] + "..."


def main() -> int:
    print(f"{'system':11} {'kind':17} {'mode':8} {'seconds':>8} {'ratio':>6}  slowest request")
    worst = 0.0
    for name, cases in CASES.items():
        system = find_system(name)
        slowest: dict[tuple[str, str], tuple[float, str, Request]] = {}
        for request in cases():
            request = {**request, "system": name}
            modes = ["resolve"] + (["odds"] if request["roll"] in system.odds_kinds else [])
            for mode in modes:
                seconds, said = timed(mode, request)
                key = (request["roll"], mode)
                if key not in slowest or seconds > slowest[key][0]:
                    slowest[key] = (seconds, said, request)
        for (kind, mode), (seconds, said, request) in slowest.items():
            worst = max(worst, seconds)
            shown = ">10" if said == "cut off" else f"{seconds:.3f}"
            print(f"{name:11} {kind:17} {mode:8} {shown:>8} {seconds / PROMISE:6.2f}  "
                  f"{_brief(request)} ({said[:60]})")
        missing = set(system.roll_kinds) - {kind for kind, _ in slowest}
        if missing:
            print(f"{name:11} not benched: {', '.join(sorted(missing))}")
    print(f"\nslowest of all: {worst:.3f} s = {worst / PROMISE:.2f} of the {PROMISE:.0f} s promise"
          + ("" if worst < PROMISE else "  <- OVER THE PROMISE (a busy machine, or a regression)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
