"""The local model's prompt, measured: does it fit a 4,096-token context?

Realistic campaigns of the three systems (a character sheet, the story memory, the recent
journal, threads, kept characters, lines and veils; a light one and a long evening's heavy one)
are rendered for every beat of their system, once as Claude's prompt (the full guide) and once
as the local model's (``prompts/local.j2``). Tokens are counted as characters / 4, the estimate
``oracle.narrator.local`` budgets with; the reply needs up to 400 more.

Run: ``.venv/bin/python bench/local_prompt.py [--json]``.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from oracle.narrator import BEATS, NarrationContext
from oracle.narrator.local import CONTEXT, local_prompt, tokens
from oracle.narrator.templates import render_prompt
from oracle.systems import SYSTEMS

SHEET = {"name": "Mara Quell", "occupation": "failed priest", "background": "sold the bells of "
         "her own chapel to pay a debt", "drive": "buy back the bells before the bishop learns",
         "skills": ["Scripture", "Climb", "Lie"], "equipment": ["lantern", "crowbar", "rope",
                                                              "a reliquary key"],
         "ruin": 3, "conditions": ["hears bells at dusk", "fingernails gone black"]}
LINES = ["spiders", "harm to children", "flames"]
VEILS = ["drowning", "torture"]


def _journal(n: int) -> str:
    return "\n".join(f"Risk Roll {i}: Mara tries to cross the flooded nave toward the altar "
                     f"rail; the highest die is {1 + i % 6}; the water rises another inch."
                     for i in range(n))


def campaign(system: str, heavy: bool) -> dict[str, Any]:
    n = 16 if heavy else 6
    return {
        "characters": [SHEET, *([{**SHEET, "name": f"Hunter {i}"} for i in range(3)]
                                if heavy else [])],
        "party": ["Hunter 0", "Hunter 1", "Hunter 2"] if heavy else [],
        "place": "the flooded nave of a chapel nobody in town will name",
        "intent": "pry the reliquary open without waking what sleeps under the altar",
        "journal": _journal(12 if heavy else 5),
        "story": [f"Scene {i}: the chapel's bell rope hangs wet and the candles lean toward the "
                  f"door" for i in range(n)],
        "threads": [f"Who rang the bell on night {i}, and for whom?" for i in range(12 if heavy
                                                                                     else 3)],
        "cast": [f"The Widow of the Weir {i}: moss for hair, wants her ring back"
                 for i in range(12 if heavy else 4)],
        "monster": "the Moss-Wife", "could_go_wrong": "the floor gives under the altar",
        "bargain": "your lantern shatters in the climb down",
        "safety": {"lines": LINES * (3 if heavy else 1), "veils": VEILS * (3 if heavy else 1)},
    }


def measure() -> dict[str, Any]:
    rows: dict[str, Any] = {}
    for system in SYSTEMS:
        beats = [b.name for b in SYSTEMS[system].beats()] + ["oracle", "roll"]
        for heavy in (False, True):
            kw = campaign(system, heavy)
            before, after = [], []
            for beat in beats:
                spec = BEATS.get(beat)
                result = dict(spec.example) if spec is not None else {}
                context = NarrationContext.build(result=result, system=system, **kw)
                before.append(tokens(render_prompt(beat, context).text))
                after.append(tokens(local_prompt(beat, context).text))
            rows[f"{system} ({'heavy' if heavy else 'light'})"] = {
                "beats": len(beats), "claude_prompt_max": max(before),
                "local_prompt_max": max(after), "local_prompt_min": min(after),
                "fits_4k_with_400_reply": max(after) + 400 <= CONTEXT}
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = measure()
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    for name, row in rows.items():
        print(f"{name:24} {row['beats']:2} beats: full guide up to {row['claude_prompt_max']} "
              f"tokens; local {row['local_prompt_min']}-{row['local_prompt_max']} tokens; "
              f"fits 4k with a 400-token reply: {row['fits_4k_with_400_reply']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
