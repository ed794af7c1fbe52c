"""The referee, measured end to end: what a player would be shown of a model's replies.

Every reply of ``tests/data/referee_replies.json`` (bad ones of each kind, good varied ones) is
sent by the repository's fake Messages API (``tests/fake_claude.py``, 127.0.0.1) through the real
anthropic SDK, streamed, to the Claude narrator; the same reply answers the retry, so a reply is
*caught* when the narrator does not show it (the offline narrator stands in) and a good reply is
*rejected* the same way. Then the good replies of three sentences or more are streamed again at
40 tokens a second (one word a token), three times each (the median run counts), to time the
first text shown against the whole reply:
every good reply of three sentences or more of the set, and of the referee's own held-out
batches too when the main set is measured.

Run: ``.venv/bin/python bench/referee.py [--json] [--data FILE]``; ``--data`` measures another
set of the same shape (its ``results`` add to those of ``referee_replies.json``), such as the
referee's own held-out batch ``tests/data/referee_own_heldout.json``. No network, no key, no second model call.
The same script measures an older checkout (``PYTHONPATH=<checkout> python bench/referee.py``):
it uses only the narrator's public interface.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from oracle.narrator import NarrationContext, get_narrator

HERE = Path(__file__).resolve().parents[1]
DATA = HERE / "tests" / "data" / "referee_replies.json"
# the referee's own held-out batches (timed with the main set)
OWN = tuple(HERE / "tests" / "data" / f"referee_own_heldout{n}.json" for n in ("", 2, 3, 4))
TOKENS_PER_SECOND = 40.0
REPEATS = 3  # each timed reply is streamed three times; its median run counts


def _context(case: dict[str, Any], results: dict[str, Any]) -> NarrationContext:
    return NarrationContext.build(result=results[case["result"]], **case["context"])


def _narrator(url: str) -> Any:
    return get_narrator(env={"ANTHROPIC_BASE_URL": url, "ORACLE_NARRATOR_TIMEOUT": "30",
                             "ORACLE_NARRATOR_COOLDOWN": "0"}, api_key="sk-ant-bench")


def verdicts(fake_claude: Any, data: dict[str, Any]) -> list[tuple[dict[str, Any], bool]]:
    """Each reply and whether the player would be shown it."""
    out = []
    with fake_claude.FakeClaude() as fake:
        narrator = _narrator(fake.url)
        for case in data["replies"]:
            act = fake_claude.Act(text=case["text"], stop_reason=case.get("stop_reason"))
            fake.queue(act, act)  # the retry gets the same reply
            said = narrator.narrate(case["beat"], _context(case, data["results"]))
            shown = said.narrator == "claude" and said.text.strip() == case["text"].strip()
            out.append((case, shown))
            with fake._lock:
                fake._acts.clear()
    return out


def timings(fake_claude: Any, data: dict[str, Any], first_token: float
            ) -> list[tuple[float, float]]:
    """(first text shown, whole reply) in seconds for good replies of three sentences or more."""
    good = [c for c in data["replies"]
            if not c["bad"] and len(re.findall(r"[.!?](?:\s|$)", c["text"])) >= 3]
    out: list[tuple[float, float]] = []
    if not good:
        return out
    with fake_claude.FakeClaude(tokens_per_second=TOKENS_PER_SECOND,
                                first_token_delay=first_token) as fake:
        narrator = _narrator(fake.url)
        fake.queue(fake_claude.Act(text="A bell rings."))
        narrator.narrate("outcome", _context(good[0], data["results"]))  # warm: SDK and client
        for case in good:
            runs = []
            for _ in range(REPEATS):
                fake.queue(fake_claude.Act(text=case["text"]))
                first: list[float] = []
                start = time.perf_counter()
                said = narrator.narrate(case["beat"], _context(case, data["results"]),
                                        lambda _piece, seen=first: seen.append(time.perf_counter()))
                whole = time.perf_counter() - start
                if said.narrator == "claude" and first:
                    runs.append((first[0] - start, whole))
            if runs:  # the median run: the machine is shared, one slow run is not the reply's
                out.append(sorted(runs, key=lambda r: r[0] / r[1])[len(runs) // 2])
    return out


def load(path: Path = DATA) -> dict[str, Any]:
    """A set of replies, with the results of the main set beside its own."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if path != DATA:
        main_set = json.loads(DATA.read_text(encoding="utf-8"))
        data["results"] = {**main_set["results"], **data.get("results", {})}
    return data


def figures(path: Path = DATA) -> dict[str, Any]:
    """Every figure of this bench (what ``--json`` prints)."""
    logging.getLogger("oracle.narrator").setLevel(logging.ERROR)  # fallbacks are counted here
    sys.path.insert(0, str(HERE / "tests"))
    fake_claude = importlib.import_module("fake_claude")
    data = load(path)
    seen = verdicts(fake_claude, data)
    timed_data = data
    if path == DATA:
        owns = [load(own) for own in OWN if own.exists()]
        timed_data = {"results": data["results"],
                      "replies": [r for d in (data, *owns) for r in d["replies"]]}
    bad = [(c, shown) for c, shown in seen if c["bad"]]
    good = [(c, shown) for c, shown in seen if not c["bad"]]
    missed = Counter(c["kind"] for c, shown in bad if shown)
    kinds = Counter(c["kind"] for c, _ in bad)
    found: dict[str, Any] = {
        "bad": len(bad), "caught": sum(not shown for _, shown in bad),
        "good": len(good), "good_rejected": sum(not shown for _, shown in good),
        "missed_by_kind": {k: f"{missed[k]} of {kinds[k]}" for k in sorted(missed)},
        "missed": [c["text"][:90] for c, shown in bad if shown],
        "rejected": [c["text"][:90] for c, shown in good if not shown],
    }
    found["caught_percent"] = round(100 * found["caught"] / max(len(bad), 1), 1)
    for label, delay in (("at_40_tokens_per_second", 0.0), ("with_400ms_first_token", 0.4)):
        timed = timings(fake_claude, timed_data, delay)
        if not timed:  # a set with no good reply of three sentences: nothing to time
            found[label] = {"replies": 0}
            continue
        ratios = [first / whole for first, whole in timed]
        found[label] = {
            "replies": len(timed),
            "first_text_s_median": round(statistics.median(f for f, _ in timed), 3),
            "whole_reply_s_median": round(statistics.median(w for _, w in timed), 3),
            "first_over_whole_median": round(statistics.median(ratios), 3),
            "first_over_whole_max": round(max(ratios), 3),
        }
    return found


def table_rows() -> list[tuple[str, str]]:
    """Issue 16's rows this bench measures, for bench/narrative_table.py."""
    found = figures()
    timed = found["at_40_tokens_per_second"]
    rows = [
        ("Claude referee: bad replies caught",
         f"{found['caught']} of {found['bad']} ({found['caught_percent']}%)"),
        ("Claude referee: good replies rejected", f"{found['good_rejected']} of {found['good']}"),
        ("first Claude text shown (of the whole reply's time, 40 tokens/s)",
         (f"{timed['first_over_whole_median']:.0%} median, {timed['first_over_whole_max']:.0%} "
         "worst")),
    ]
    try:
        from bench.local_prompt import measure
    except ImportError:  # an older checkout
        return rows
    local = measure()
    rows.append(("local model prompt (tokens, light to long campaigns)",
                 (f"{min(r['local_prompt_min'] for r in local.values())} to "
                 f"{max(r['local_prompt_max'] for r in local.values())} (the full guide: up to "
                 f"{max(r['claude_prompt_max'] for r in local.values())})")))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--data", type=Path, default=DATA, help="another set of replies")
    args = parser.parse_args(argv)
    found = figures(args.data.resolve())
    if args.json:
        print(json.dumps(found, indent=1))
        return 0
    print(f"bad replies caught: {found['caught']} of {found['bad']} "
          f"({found['caught_percent']}%)")
    print(f"good replies rejected: {found['good_rejected']} of {found['good']}")
    for kind, text in found["missed_by_kind"].items():
        print(f"  missed {kind}: {text}")
    for text in found["missed"]:
        print(f"  missed: {text}")
    for text in found["rejected"]:
        print(f"  rejected: {text}")
    for label in ("at_40_tokens_per_second", "with_400ms_first_token"):
        t = found[label]
        if not t["replies"]:
            print(f"{label.replace('_', ' ')}: no good reply of three sentences to time")
            continue
        print(f"{label.replace('_', ' ')}: first text {t['first_text_s_median']} s, whole "
              f"reply {t['whole_reply_s_median']} s (median over {t['replies']}); first/whole "
              f"median {t['first_over_whole_median']}, worst {t['first_over_whole_max']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
