"""The Claude referee measured from outside, on replies it was never fitted to.

``bench/referee_heldout.json`` holds scenarios (an ``oracle resolve`` request with its narrative
context, and the result it resolved to: Trophy, Die Trying, Triptycho) and model replies written
for them by a helper who never read the referee, its checks or its own test data: bad replies of
every kind issue 16 item 7 lists, and good, varied ones (some meant to look dangerous: "the
candles die", "a ruin with no roof", "the dark die lands first", "the daylight fails", body words
under a body-horror line).

Each reply is sent by the repository's fake Messages API (``tests/fake_claude.py``, 127.0.0.1)
through the real anthropic SDK, streamed, to the Claude narrator, by the path ``oracle resolve
--narrate`` takes (``narrate_resolved`` builds the context from the request) with an ``on_text``
listener as the app has; the same reply answers the retry. A reply is *shown* when the narration
is Claude's and its text is the reply; a bad reply shown is *missed*, a good reply not shown is
*rejected*. A bad reply whose offending words were streamed to the listener before the narration
was replaced is counted as *flashed* (caught, but the player saw it for a moment). A reply that
never reached the fake server is counted apart (*not sent*), never as caught.

Then the good replies of three sentences or more are streamed again at 40 tokens a second to time
the first text shown against the whole narration.

Run: ``.venv/bin/python bench/referee_heldout.py [--json] [--verbose] [--no-timing] [--all]`` (30 s a batch;
no network, no key).

Figures, first batch (``bench/referee_heldout.json``: 111 bad, 48 good), caught per kind:

| kind | 6453a9b (02:00 UTC) | 7fa5538 (03:05 UTC) |
|---|---|---|
| outcome in other words | 4/12 | 4/12 |
| deaths and losses in other words | 6/11 | 8/11 |
| the monster's state | 5/9 | 5/9 |
| the character's choices and feelings | 5/10 | 7/10 |
| companions in solo | 6/9 | 7/9 |
| a foe other than the story's | 0/9 | 7/9 |
| an accepted bargain left out | 5/7 | 5/7 |
| dice faces and numbers in words | 4/10 | 5/10 |
| safety lines and veils by meaning | 14/17 | 16/17 |
| cut at max_tokens | 7/7 | 7/7 |
| markup | 5/7 | 5/7 |
| too long (1,000 to 5,000 words) | 3/3 | 3/3 |
| **all bad caught** | **64/111 (57.7%)** | **79/111 (71.2%)** |
| good rejected | 5/48 | 5/48 |
| caught only after the offending words streamed | 2 | 4 |
| first text shown, of the whole reply's time (40 tokens/s) | 43% median, 63% worst | 18%, 32% |

Per system at 7fa5538: Trophy 54/64, Die Trying 16/27, Triptycho 9/20. Good replies rejected at
7fa5538: "the last plank tears loose" (read as tears, crying), body words under a body-horror
line, "a web of roots" under a spider line, "works at the lock ... does not give" on a failure,
"breathing slows, and then there is none" (read as leaving the death out).

The first batch was on main from 02:00 while the referee was being generalised; a second batch
(``bench/referee_heldout2.json``: 81 bad, 33 good; new scenarios, names, places and phrasings) was
written at 02:15 and kept off main until measured at 7fa5538: **45 of 81 caught (55.6%), 2 of 33
good rejected**; per kind: outcome 2/10, deaths 4/8, monster's state 3/7, choices and feelings
8/8, companions in solo 2/7, another foe 4/7, bargain left out 3/5, numbers in words 1/8, safety
8/10, max_tokens 4/4, markup 4/5, too long 2/2; Trophy 27/41, Die Trying 12/22, Triptycho 6/18.
The gap between the two batches is what fitting to seen phrasings is worth.

A third batch (``bench/referee_heldout3.json``: 99 bad, 55 good; new scenarios of all three
systems resolved by ``oracle resolve``, written by a helper who read neither the referee nor the
earlier batches' phrasings) was kept off main until measured at d8a4ce4 (03:42 UTC), with the
first two batches again: **50 of 99 caught (50.5%), 7 of 55 good rejected**; batch 1 81/111
(73.0%), 5/48; batch 2 47/81 (58.0%), 2/33. Per kind, per system, what got through and what
was rejected: ``bench/referee_heldout.md``.

A fourth batch (``bench/referee_heldout4.json``: 108 bad, 56 good; Isaura, Brom, Maelis, written by
the 'outside2' helper under the same rules) was measured first at 919a44a (04:51 UTC) and landed
with that measure: **58 of 108 caught (53.7%), 8 of 56 good rejected**.

A fifth batch (``bench/referee_heldout5.json``: 108 bad, 52 good; Hollis, Sefa, Tamsin, in
another spirit) was kept off main until the final measure at 98cfb24 (06:10 UTC): **75 of 108
caught (69.4%), 9 of 52 good rejected**, while batches 1-4, all readable by then, gave 97.3%,
98.8%, 98.0% and 99.1% with none rejected.

``--all`` measures every batch in ``BATCHES`` and prints one markdown table (a column per batch),
the one in ``bench/referee_heldout.md``.
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from oracle.narrator import NarrationContext, narrate_resolved

HERE = Path(__file__).resolve().parents[1]
DATA = HERE / "bench" / "referee_heldout.json"
BATCHES = [HERE / "bench" / name for name in (
    "referee_heldout.json", "referee_heldout2.json", "referee_heldout3.json",
    "referee_heldout4.json", "referee_heldout5.json", "referee_heldout6.json",
    "referee_heldout7.json", "referee_heldout8.json", "referee_heldout9.json")]


def _narrator(url: str) -> Any:
    from oracle.narrator import get_narrator

    return get_narrator(env={"ANTHROPIC_BASE_URL": url, "ORACLE_NARRATOR_TIMEOUT": "30",
                             "ORACLE_NARRATOR_COOLDOWN": "0"}, api_key="sk-ant-heldout")


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@dataclass
class Streamed:
    """Hands every beat to ``inner`` with a listener that keeps each piece the player saw."""

    inner: Any
    pieces: list[str] = field(default_factory=list)

    def narrate(self, beat: str, context: NarrationContext, on_text: Any = None) -> Any:
        return self.inner.narrate(beat, context, self.pieces.append)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


@dataclass
class Verdict:
    case: dict[str, Any]
    shown: bool
    sent: int
    narrator: str
    reason: str
    flashed: bool


def _request(case: dict[str, Any], scenario: dict[str, Any]) -> dict[str, Any]:
    request = dict(scenario["request"])
    if "safety" in case:
        request["safety"] = case["safety"]
    return request


def _flashed(case: dict[str, Any], pieces: list[str]) -> bool:
    flag = case.get("flag")
    if not case["bad"] or not flag:
        return False
    seen = _squash(" ".join(str(p) for p in pieces))
    return _squash(flag).lower() in seen.lower()


def verdicts(fake_claude: Any, data: dict[str, Any]) -> list[Verdict]:
    """Each reply and what the player would be shown of it."""
    out = []
    with fake_claude.FakeClaude() as fake:
        narrator = Streamed(_narrator(fake.url))
        for case in data["replies"]:
            scenario = data["scenarios"][case["result"]]
            act = fake_claude.Act(text=case["text"], stop_reason=case.get("stop_reason"))
            fake.queue(act, act)  # the retry gets the same reply
            before = len(fake.requests)
            narrator.pieces = []
            said = narrate_resolved(_request(case, scenario), scenario["result"],
                                    cast(Any, narrator))
            shown = (said["narrator"] == "claude"
                     and _squash(said["text"]) == _squash(case["text"]))
            out.append(Verdict(case, shown, len(fake.requests) - before, said["narrator"],
                               str(said.get("fallback_reason") or ""),
                               _flashed(case, narrator.pieces)))
            with fake._lock:
                fake._acts.clear()
    return out


def timings(fake_claude: Any, data: dict[str, Any], count: int = 12) -> list[tuple[float, float]]:
    """(first text shown, whole narration) in seconds, at 40 tokens a second, for the good
    replies of three sentences or more that the narrator shows."""
    good = [c for c in data["replies"]
            if not c["bad"] and len(re.findall(r"[.!?](?:\s|$)", c["text"])) >= 3][:count]
    out: list[tuple[float, float]] = []
    if not good:
        return out
    with fake_claude.FakeClaude(tokens_per_second=40.0) as fake:
        narrator = Streamed(_narrator(fake.url))
        warm = data["scenarios"][good[0]["result"]]
        fake.queue(fake_claude.Act(text="A bell rings."))
        narrate_resolved(dict(warm["request"]), warm["result"], cast(Any, narrator))
        for case in good:
            scenario = data["scenarios"][case["result"]]
            fake.queue(fake_claude.Act(text=case["text"]))
            first: list[float] = []
            narrator.pieces = _Timed(first)
            start = time.perf_counter()
            said = narrate_resolved(_request(case, scenario), scenario["result"],
                                    cast(Any, narrator))
            whole = time.perf_counter() - start
            if said["narrator"] == "claude" and first:
                out.append((first[0] - start, whole))
    return out


class _Timed(list[str]):
    """A list of pieces that notes when the first one arrived."""

    def __init__(self, first: list[float]) -> None:
        super().__init__()
        self.first = first

    def append(self, piece: str) -> None:
        if not self.first:
            self.first.append(time.perf_counter())
        super().append(piece)


def _system(data: dict[str, Any], case: dict[str, Any]) -> str:
    return str(data["scenarios"][case["result"]]["request"].get("system", "trophy"))


def figures(timed: bool = True, path: Path = DATA) -> dict[str, Any]:
    """Every figure of this bench (what ``--json`` prints)."""
    logging.getLogger("oracle.narrator").setLevel(logging.ERROR)  # fallbacks are counted here
    sys.path.insert(0, str(HERE / "tests"))
    fake_claude = importlib.import_module("fake_claude")
    data = json.loads(path.read_text(encoding="utf-8"))
    seen = verdicts(fake_claude, data)
    sent = [v for v in seen if v.sent]
    bad = [v for v in sent if v.case["bad"]]
    good = [v for v in sent if not v.case["bad"]]
    kinds = Counter(v.case["kind"] for v in bad)
    caught = Counter(v.case["kind"] for v in bad if not v.shown)
    systems = Counter(_system(data, v.case) for v in bad)
    caught_sys = Counter(_system(data, v.case) for v in bad if not v.shown)
    found: dict[str, Any] = {
        "bad": len(bad), "caught": sum(not v.shown for v in bad),
        "good": len(good), "good_rejected": sum(not v.shown for v in good),
        "not_sent": [v.case["text"][:90] for v in seen if not v.sent],
        "caught_by_kind": {k: f"{caught[k]} of {kinds[k]}" for k in sorted(kinds)},
        "caught_by_system": {k: f"{caught_sys[k]} of {systems[k]}" for k in sorted(systems)},
        "flashed": sum(v.flashed for v in bad if not v.shown),
        "missed": [f"[{v.case['kind']}] {v.case['text'][:100]}" for v in bad if v.shown],
        "rejected": [f"[{v.case['kind']}] {v.case['text'][:100]} -- {v.reason[:120]}"
                     for v in good if not v.shown],
        "flashed_texts": [f"[{v.case['kind']}] {v.case['flag']}" for v in bad
                          if v.flashed and not v.shown],
    }
    found["caught_percent"] = round(100 * found["caught"] / max(len(bad), 1), 1)
    if timed:
        ratios = [first / whole for first, whole in timings(fake_claude, data)]
        found["first_over_whole_at_40_tokens_per_second"] = {
            "replies": len(ratios), "median": round(statistics.median(ratios), 3),
            "worst": round(max(ratios), 3)} if ratios else None
    return found


def _cell(text: str) -> str:
    caught, _, total = text.partition(" of ")
    return f"{caught}/{total}"


def table(paths: list[Path], timed: bool = True) -> str:
    """One markdown table, a column per batch: caught per kind and per system, all caught, good
    rejected, caught only after streaming, first text shown."""
    return markdown([figures(timed=timed, path=path) for path in paths])


def markdown(found: list[dict[str, Any]]) -> str:
    """The table of ``table`` from each batch's ``figures``."""
    timed = any("first_over_whole_at_40_tokens_per_second" in f for f in found)
    head = "| kind | " + " | ".join(f"batch {i + 1}" for i in range(len(found))) + " |"
    rows = [head, "|---|" + "---|" * len(found)]
    kinds = sorted({k for f in found for k in f["caught_by_kind"]})
    for kind in kinds:
        rows.append(f"| {kind} | " + " | ".join(
            _cell(f["caught_by_kind"][kind]) if kind in f["caught_by_kind"] else "-"
            for f in found) + " |")
    rows.append("| **all bad caught** | " + " | ".join(
        f"**{f['caught']}/{f['bad']} ({f['caught_percent']}%)**" for f in found) + " |")
    for system in sorted({k for f in found for k in f["caught_by_system"]}):
        rows.append(f"| caught in {system} | " + " | ".join(
            _cell(f["caught_by_system"][system]) if system in f["caught_by_system"] else "-"
            for f in found) + " |")
    rows.append("| good rejected | " + " | ".join(
        f"{f['good_rejected']}/{f['good']}" for f in found) + " |")
    rows.append("| caught only after the offending words streamed | " + " | ".join(
        str(f["flashed"]) for f in found) + " |")
    if timed:
        cells = []
        for f in found:
            t = f.get("first_over_whole_at_40_tokens_per_second")
            cells.append(f"{t['median']:.0%} median, {t['worst']:.0%} worst ({t['replies']} "
                         f"replies)" if t else "-")
        rows.append("| first text shown, of the whole reply's time (40 tokens/s) | "
                    + " | ".join(cells) + " |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--verbose", action="store_true", help="list every miss and rejection")
    parser.add_argument("--no-timing", action="store_true", help="skip the 40 tokens/s timing")
    parser.add_argument("--data", type=Path, default=DATA,
                        help="a batch of the same shape (default bench/referee_heldout.json)")
    parser.add_argument("--all", action="store_true",
                        help="every batch in BATCHES, as one markdown table")
    args = parser.parse_args(argv)
    if args.all:
        print(table(BATCHES, timed=not args.no_timing))
        return 0
    found = figures(timed=not args.no_timing, path=args.data)
    if args.json:
        print(json.dumps(found, indent=1))
        return 0
    print(f"held-out bad replies caught: {found['caught']} of {found['bad']} "
          f"({found['caught_percent']}%); good replies rejected: {found['good_rejected']} of "
          f"{found['good']}")
    for kind, text in found["caught_by_kind"].items():
        print(f"  caught {kind}: {text}")
    for system, text in found["caught_by_system"].items():
        print(f"  caught in {system}: {text}")
    print(f"  caught only after the offending words were streamed: {found['flashed']}")
    timing = found.get("first_over_whole_at_40_tokens_per_second")
    if timing:
        print(f"  first text shown at {timing['median']:.0%} of the whole reply's time (median "
              f"over {timing['replies']} good replies of 3+ sentences, 40 tokens/s), worst "
              f"{timing['worst']:.0%}")
    if found["not_sent"]:
        print(f"  never reached the model (not counted): {len(found['not_sent'])}")
    if args.verbose:
        for label in ("missed", "rejected", "flashed_texts", "not_sent"):
            for text in found[label]:
                print(f"  {label}: {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
