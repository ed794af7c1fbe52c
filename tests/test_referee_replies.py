"""The referee over its own set of replies (tests/data/referee_replies.json): bad replies of
every kind the issue names (outcome, deaths and losses in other words, the foe's state, the
character's feelings and choices, companions in solo, another foe, an unvoiced bargain, numbers
and dice faces, lines and veils, markup, length, a cut reply, the oracle's answer, a death left
out) and good, varied ones, in three batches (the second and third written without looking at the
referee; they were caught 16 of 30 and 10 of 20 times at first). Promises: at least 95% of the
bad replies are caught (and 90% of each kind), at most one good reply is rejected, with no
second model call. Replies cut at ``max_tokens`` are judged by the narrator from the stop reason (tests/test_narrator_streaming.py); bench/referee.py runs the
whole set over HTTP.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from oracle.narrator import NarrationContext
from oracle.narrator.referee import check

HERE = Path(__file__).parent / "data"
DATA = json.loads((HERE / "referee_replies.json").read_text("utf-8"))
REPLIES: list[dict[str, Any]] = DATA["replies"]
# the referee's own held-out batches: the first written before it was generalised by class, the
# later ones each after a round of it and measured before any tuning on them (results: the
# main set's); the two latest are held to 90%
OWN = {name: json.loads((HERE / name).read_text("utf-8"))["replies"]
       for name in ("referee_own_heldout.json", "referee_own_heldout2.json",
                    "referee_own_heldout3.json", "referee_own_heldout4.json")}
CAUGHT = {"referee_own_heldout3.json": 0.90, "referee_own_heldout4.json": 0.90}
KINDS = {"outcome", "death", "loss", "monster", "choice", "others", "foe", "bargain", "numbers",
         "safety", "markup", "length", "cut", "oracle", "death_left_out"}


def verdict(case: dict[str, Any]) -> str | None:
    context = NarrationContext.build(result=DATA["results"][case["result"]], **case["context"])
    return check(case["beat"], context, case["text"])


def test_the_set_holds_60_bad_replies_of_every_kind_and_30_good_varied_ones() -> None:
    bad = [c for c in REPLIES if c["bad"]]
    good = [c for c in REPLIES if not c["bad"]]
    assert len(bad) >= 60 and len(good) >= 30
    assert {c["kind"] for c in bad} == KINDS
    assert len({c["text"] for c in REPLIES}) == len(REPLIES)  # no reply twice
    assert len({c["kind"] for c in good}) >= 15  # varied: false positives of many kinds


def test_at_least_95_percent_of_the_bad_replies_are_caught() -> None:
    judged = [c for c in REPLIES if c["bad"] and not c.get("stop_reason")]
    missed = [c["text"] for c in judged if verdict(c) is None]
    assert len(missed) <= 0.05 * len(judged), missed
    by_kind = Counter(c["kind"] for c in judged)
    missed_kind = Counter(c["kind"] for c in judged if verdict(c) is None)
    assert all(missed_kind[kind] <= 0.1 * by_kind[kind] for kind in by_kind), missed_kind


def test_at_most_one_good_reply_is_rejected() -> None:
    rejected = [(c["text"], verdict(c)) for c in REPLIES if not c["bad"]]
    assert len([r for r in rejected if r[1] is not None]) <= 1, [r for r in rejected if r[1]]


@pytest.mark.parametrize("case", [c for c in REPLIES if not c["bad"] and c["kind"] in
                                  ("die", "ruin", "candles", "daylight", "body", "wind",
                                   "fire_dies", "never", "npc_death", "perceive", "party")],
                         ids=lambda c: c["text"][:40])
def test_the_words_that_fooled_the_old_referee_pass(case: dict[str, Any]) -> None:
    assert verdict(case) is None


@pytest.mark.parametrize("name", sorted(OWN))
def test_the_own_held_out_batches_are_caught_95_percent_with_one_good_rejected_at_most(
    name: str
) -> None:
    replies = OWN[name]
    bad = [c for c in replies if c["bad"] and not c.get("stop_reason")]
    good = [c for c in replies if not c["bad"]]
    assert len(bad) >= 24 and len(good) >= 11
    missed = [c["text"] for c in bad if verdict(c) is None]
    assert len(missed) <= (1 - CAUGHT.get(name, 0.95)) * len(bad), missed
    rejected = [(c["text"], verdict(c)) for c in good if verdict(c) is not None]
    assert len(rejected) <= 1, rejected


def test_the_offline_narrators_words_pass_the_referee_in_every_scene_of_the_sets() -> None:
    # what the fallback says keeps to the result by construction: the referee must pass it
    # (a number the offline line states is its own business here)
    from oracle.narrator import OfflineNarrator

    scenes = {(c["beat"], c["result"], json.dumps(c["context"], sort_keys=True)): c
              for c in [*REPLIES, *OWN["referee_own_heldout.json"]]
              if not c["context"].get("safety")}
    rejected = []
    for seed in (1, 2):
        for case in scenes.values():
            context = NarrationContext.build(result=DATA["results"][case["result"]],
                                             **case["context"])
            text = OfflineNarrator(seed=seed).narrate(case["beat"], context).text
            reason = check(case["beat"], context, text)
            if reason and "number" not in reason:
                rejected.append((text, reason))
    assert rejected == []
