"""The referee and numbers: the dice, their sums and the counts the rules keep are never told
in the prose, right or wrong (they are shown beside the narration); numbers of the world are.

Promises: a number near a word of the rules, in either order ("three marks of Ruin", "Ruin
edges up to four", "a spell power of eight", "the total came to twelve") is refused whether or
not the result holds it; counts of things, idioms and order ("two lanterns", "one by one",
"the dark die lands first", "half a ruin") pass.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.narrator import NarrationContext
from oracle.narrator.referee import check

MARKED = {"roll": "risk", "highest": 5, "highest_is_dark": True, "outcome": "complication",
          "ruin_before": 3, "ruin_after": 4, "ruin_marked": True, "lost": False,
          "can_push": False, "helpers": [], "dies": False, "dark": [5], "light": [2]}
HUNT = {"roll": "hunt", "highest": 4, "tokens_before": 1, "tokens_after": 2,
        "tokens_lost": False, "encounter": "distant"}
SPELL = {"roll": "spell", "system": "die_trying", "magic": [4, 4], "instability": [2],
         "power": 8, "instability_gained": 1, "instability_after": 2, "matches": 0,
         "miscast": False}
CHECKED = {"roll": "check", "system": "die_trying", "kind": "skill", "d10": 9, "modifier": 3,
           "dc": 6, "total": 12, "margin": 6, "base_degree": "success", "degree": "success",
           "natural": 9, "succeeded": True}


def ctx(result: dict[str, Any]) -> NarrationContext:
    return NarrationContext.build(result=result, characters=[{"name": "Wren Tallow"}],
                                  place="the salt mill")


@pytest.mark.parametrize("result,text", [
    (MARKED, "The hatch gives, and Wren takes a fourth mark of Ruin for it."),
    (MARKED, "The hatch gives; her Ruin edges up to four."),
    (MARKED, "The hatch gives; Ruin now stands at 4 and the mill hums."),
    (MARKED, "Three old marks of Ruin and a new one: the hatch gives."),
    (HUNT, "The hunt goes quietly; two tokens in hand, and the mill is empty."),
    (HUNT, "Her tally of tokens reaches two, and nothing stirs."),
    (SPELL, "A spell power of eight lifts the millstone clear of the race."),
    (SPELL, "The power comes to eight and the millstone lifts."),
    (SPELL, "Her instability climbs to two as the millstone lifts."),
    (CHECKED, "The total came to twelve, and Wren reads the ledger plain."),
    (CHECKED, "Her roll, nine plus three, is plenty: the ledger reads plain."),
    (CHECKED, "Twelve on the check beats the mill's six; the ledger reads plain."),
    # faces thrown or paired, faces in the plural, a Triptycho entry with its number
    (MARKED, "A four and a five, and the hatch gives with a groan."),
    (MARKED, "Wren throws a five, and the hatch gives with a groan."),
    (MARKED, "The dark die turns up five and the hatch gives with a groan."),
    (MARKED, "Both her dice show fives; the hatch gives with a groan."),
    (CHECKED, "Her Inflict of nine tears the ledger's seal, and it reads plain."),
    # a number as the mark to reach or the margin
    (CHECKED, "Wren needed a six, and the ledger reads plain."),
    (CHECKED, "Anything six or better would do; the ledger reads plain."),
    (CHECKED, "She clears it by six, and the ledger reads plain."),
    (MARKED, "The hatch gives, though her luck comes up one short."),
    (CHECKED, "Set against a six, it is plenty: the ledger reads plain."),
    # a count the rules keep, with nothing after it
    (CHECKED, "The ledger's ward is down to three, and Wren reads it plain."),
    (CHECKED, "The ward takes four and breaks; Wren reads the ledger plain."),
    (CHECKED, "A six-point margin: the ledger reads plain."),
])
def test_a_count_the_rules_keep_is_never_told_right_or_wrong(result: dict[str, Any],
                                                            text: str) -> None:
    reason = check("outcome", ctx(result), text)
    assert reason is not None and ("numbers" in reason or "face" in reason), (text, reason)


@pytest.mark.parametrize("result,text", [
    (MARKED, "Two lanterns gutter as the hatch gives, and something below takes note."),
    (MARKED, "The dark die lands first; the hatch gives, and something below takes note."),
    (MARKED, "One by one the millstones stop as the hatch gives; something below takes note."),
    (MARKED, "The mill is half a ruin, and the hatch gives; something below takes note."),
    (HUNT, "Three gulls lift off the weir, and nothing else moves in the mill."),
    (SPELL, "The millstone lifts a hand's breadth, then two, and hangs there in the light."),
    (CHECKED, "Wren reads the ledger's first page, then the second, and it is all plain."),
    (CHECKED, "The ledger is plain: four names, each with a debt beside it."),
    (CHECKED, "A boy and a dog watch her read, and the ledger is plain."),
    (MARKED, "A trapdoor comes up two feet, and the hatch gives; something below takes note."),
    (MARKED, "The hatch gives by two inches, then by a hand; something below takes note."),
    (CHECKED, "She reads against the two lamps on the wall, and the ledger is plain."),
    (CHECKED, "The lamp burns down to a stub, and the ledger is plain to the last two pages."),
])
def test_numbers_of_the_world_are_not_the_dice(result: dict[str, Any], text: str) -> None:
    assert check("outcome", ctx(result), text) is None, text
