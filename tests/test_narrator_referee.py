"""The referee: a model's text is checked against the settled result before it is shown.

Rules tested: no number of Ruin, tokens or totals, right or wrong (a wrong one says so), and no
invented digit; no words of success on a failure nor of failure on a success; the oracle's answer first
and unchanged; nobody dies or is lost whom the result spares, a death the result settles is
voiced, a lost character's end is left to the player; a monster still standing is not beaten;
a campaign's line is never named. Over real HTTP: a fake that contradicts the dice is asked
once more with the reason, then the offline narrator answers and says why.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from oracle.narrator import BEATS, NarrationContext, get_narrator
from oracle.narrator.claude import ClaudeNarrator
from oracle.narrator.referee import check, check_items
from oracle.narrator.streaming import Restart
from tests.fake_claude import Act, FakeClaude

FAILURE = {"roll": "risk", "highest": 2, "highest_is_dark": False, "outcome": "failure",
           "ruin_before": 2, "ruin_after": 2, "ruin_marked": False, "lost": False,
           "can_push": True, "helpers": [], "dies": False}
SUCCESS = {**FAILURE, "highest": 6, "outcome": "success", "can_push": False}
MARKED = {**FAILURE, "highest": 5, "highest_is_dark": True, "outcome": "complication",
          "ruin_after": 3, "ruin_marked": True, "can_push": False}
KILLS = {**FAILURE, "highest": 6, "outcome": "success", "dies": True, "can_push": False}
LOST = {**FAILURE, "ruin_before": 5, "ruin_after": 6, "ruin_marked": True, "lost": True,
        "highest_is_dark": True, "can_push": False}
HUNT = {"roll": "hunt", "highest": 5, "tokens_before": 2, "tokens_after": 3,
        "tokens_lost": False, "encounter": "distant"}
COMBAT = {"roll": "combat", "roll_required": True, "total": 6, "defeated": False,
          "endurance": 7, "characters": [{"name": "Ash", "ruin_before": 2, "ruin_after": 2,
                                          "matches": 0, "armor_used": False, "lost": False}]}
ORACLE = {"roll": "oracle", "likelihood": "even", "face": 5, "answer": "yes, but"}


def ctx(result: dict[str, Any], **kw: Any) -> NarrationContext:
    return NarrationContext.build(result=result, characters=[{"name": "Ash Varga"}],
                                  safety={"lines": ["spiders"]}, **kw)


# (beat, result, text, the start of the referee's reason or None when the text keeps to it)
CASES: list[tuple[str, dict[str, Any], str, str | None]] = [
    ("outcome", FAILURE, "The lock holds. The pick snaps inside it.", None),
    ("outcome", FAILURE, "Ash succeeds: the lock turns.", "it says 'succeeds' on a failure"),
    ("outcome", FAILURE, "A clean success, against the odds.", "it says 'success' on a failure"),
    ("outcome", SUCCESS, "The ledge holds and the climb is quiet.", None),
    ("outcome", SUCCESS, "Ash fails to find a grip.", "it says 'fails' on a success"),
    # a count the result settles is refused even when right: the numbers are shown beside it
    ("outcome", MARKED, "Ruin rises to 3 as the door gives.", "it tells the dice in numbers"),
    ("outcome", MARKED, "Ruin rises to 4 as the door gives.", "it gives Ruin 4"),
    ("outcome", MARKED, "The door gives; Ruin stands at five now.", "it gives Ruin five"),
    ("outcome", FAILURE, "Seven crows watch; 7 of them caw.", "it gives the number 7"),
    ("encounter", HUNT, "Three tokens now, and a bell far off.", "it tells the dice in numbers"),
    ("encounter", HUNT, "Four tokens now, and a bell far off.", "it counts Four tokens"),
    ("monster", COMBAT, "Their total of 6 is not enough: it still stands.",
     "it tells the dice in numbers"),
    ("monster", COMBAT, "A total of 9 drives it back.", "it gives a total of 9"),
    ("monster", COMBAT, "It takes 9 wounds and keeps coming.", "it gives the number 9"),
    ("monster", COMBAT, "The beast is slain in the mud.", "it says 'is slain', but the monster"),
    ("oracle", ORACLE, "YES, BUT the hermit lies about the well.", None),
    ("oracle", ORACLE, "NO. The hermit tells the truth.", "it does not begin with the oracle"),
    ("oracle", ORACLE, "YES. The hermit lies.", "it does not begin with the oracle"),
    ("outcome", FAILURE, "The rope gives and Ash dies on the stones.",
     "it says 'dies' of a character the result does not kill"),
    ("outcome", FAILURE, "The wind dies down; the rope holds nothing.", None),
    ("outcome", FAILURE, "Ash watches as the last candle dies.", None),
    ("outcome", FAILURE, "Ash, torn open, dies in the ferns.", "it says 'dies'"),
    ("outcome", FAILURE, "The stag kills Ash where she stands.", "it says 'kills Ash'"),
    ("outcome", FAILURE, "The ground opens and you die.", "it says 'die'"),
    ("outcome", FAILURE, "Ash becomes a monster of the trees.",
     "it says 'becomes a monster' of a character who is not lost"),
    ("outcome", KILLS, "The blade bites deep and the beast reels away.",
     "it leaves out the death"),
    ("outcome", KILLS, "The blade bites deep; the antlers take Ash's life with it.", None),
    ("lost", LOST, "The trees bow to Ash Varga. What does Ash do with the last of herself?",
     None),
    ("lost", LOST, "The trees bow, and Ash dies where she kneels.",
     "it chooses death for the lost character"),
    ("outcome", FAILURE, "Spiders pour from the lock.", "it names 'Spiders'"),
    # meaning, not words: the outcome, deaths and the foe in other words
    ("outcome", FAILURE, "It works. The lock turns.", "it says 'works' on a failure"),
    ("outcome", FAILURE, "The floor tips. Ash breathes her last.", "it says 'breathes her last'"),
    ("outcome", FAILURE, "Water closes over Ash, and she never moves again.",
     "it says 'never moves again'"),
    ("outcome", FAILURE, "Ash does not survive the fall.", "it says 'does not survive'"),
    ("monster", COMBAT, "The blade bites and the monster dies.", "it says 'dies', but the monster"),
    ("outcome", FAILURE, "Ash curses and decides to turn back.", "it decides for the character"),
    ("outcome", FAILURE, "The dark die shows a five.", "it tells a die's face"),
    # the words that fooled the old referee
    ("outcome", FAILURE, "The dark die lands first, and the lock holds.", None),
    ("outcome", SUCCESS, "A ruin, no roof left, stands where the path ends.", None),
    ("outcome", SUCCESS, "You watch the candles die, and the ledge holds.", None),
    ("outcome", SUCCESS, "The daylight fails, but the ledge holds.", None),
]


@pytest.mark.parametrize("beat,result,text,reason", CASES, ids=[c[2][:40] for c in CASES])
def test_the_referee_rejects_exactly_the_texts_that_contradict_the_result(
    beat: str, result: dict[str, Any], text: str, reason: str | None
) -> None:
    found = check(beat, ctx(result), text)
    if reason is None:
        assert found is None
    else:
        assert found is not None and found.startswith(reason), found


def test_list_items_may_count_things_but_not_name_a_line() -> None:
    context = ctx({})
    assert check_items("wrong", context, ["Two crows watch the rope.", "1. A bell rings."]) is None
    assert check_items("wrong", context, ["Spiders nest in the bell."]) is not None


@pytest.fixture
def fake() -> Iterator[FakeClaude]:
    with FakeClaude() as server:
        yield server


def claude(fake: FakeClaude) -> ClaudeNarrator:
    narrator = get_narrator(env={"ANTHROPIC_BASE_URL": fake.url, "ORACLE_NARRATOR_TIMEOUT": "15",
                                 "ORACLE_NARRATOR_COOLDOWN": "60"}, api_key="sk-ant-referee")
    assert isinstance(narrator, ClaudeNarrator)
    return narrator


def test_a_fake_that_contradicts_the_dice_is_asked_again_with_the_reason(
    fake: FakeClaude
) -> None:
    fake.queue(Act(text="Ash succeeds; the lock turns."),
               Act(text="The lock holds; the pick snaps with a small bright sound."))
    shown: list[str] = []
    result = claude(fake).narrate("outcome", ctx(FAILURE), shown.append)
    assert (result.narrator, result.fallback_reason) == ("claude", None)
    assert "".join(shown) == "The lock holds; the pick snaps with a small bright sound."
    assert not any(isinstance(piece, Restart) for piece in shown)  # the failing one never shown
    retry = fake.requests[1].body["messages"][-1]["content"]
    assert "rejected because it says 'succeeds' on a failure" in retry
    assert fake.requests[0].body["system"] == fake.requests[1].body["system"]  # cache kept


def test_a_fake_that_contradicts_the_dice_twice_is_replaced_by_the_offline_narrator(
    fake: FakeClaude
) -> None:
    fake.queue(Act(text="A clean success: the door swings wide."),
               Act(text="Ash dies on the threshold."))
    narrator = claude(fake)
    shown: list[str] = []
    result = narrator.narrate("outcome", ctx(FAILURE), shown.append)
    assert result.narrator == "offline"
    assert result.fallback_reason == (
        "the referee rejected Claude's text twice: it says 'dies' of a character the result "
        "does not kill")
    assert shown == [result.text]  # neither of Claude's texts was shown
    assert "success" not in result.text.lower() and not re.search(r"\bdies\b", result.text)
    assert len(fake.requests) == 2
    # a contradiction is not an outage: the next call asks Claude at once
    assert narrator.status == "claude-haiku-4-5"
    fake.queue(Act(text="The lock holds; rain drips from the antlers above the door."))
    assert narrator.narrate("outcome", ctx(FAILURE)).narrator == "claude"


def test_a_fake_that_voices_a_monster_kill_as_a_clean_victory_is_not_shown(
    fake: FakeClaude
) -> None:
    victory = "The blade finds the heart; the beast falls and the clearing is quiet."
    fake.queue(Act(text=victory), Act(text=victory))
    result = claude(fake).narrate("outcome", ctx(KILLS, monster="the Antlered Widow"))
    assert result.narrator == "offline"
    assert result.fallback_reason is not None and "leaves out the death" in result.fallback_reason


def test_a_list_naming_a_line_is_asked_again_then_shown_clean(fake: FakeClaude) -> None:
    fake.queue(Act(items=["Spiders drop from the bell.", "The rope is rotten."]),
               Act(items=["A crow watches the rope.", "The rope is rotten."]))
    result = claude(fake).narrate("wrong", ctx({}, n=2))
    assert result.narrator == "claude"
    assert result.items == ("A crow watches the rope.", "The rope is rotten.")


def test_the_example_results_of_every_beat_pass_with_the_offline_narrators_own_words() -> None:
    # The offline tables keep to the result; the referee must not reject the fallback's kind.
    from oracle.narrator import OfflineNarrator

    for name, spec in BEATS.items():
        if spec.listing or not spec.example:
            continue
        context = NarrationContext.build(result=spec.example, characters=[{"name": "Ash"}])
        text = OfflineNarrator(seed=3).narrate(name, context).text
        reason = check(name, context, text)
        assert reason is None or "number" in reason, (name, text, reason)


SAFE = {"lines": ["spiders", "harm to children"], "veils": ["drowning"]}


@pytest.mark.parametrize("text,reason", [
    ("A child's voice calls up from the well.", "the text shows line 'harm to children'"),
    ("A many-legged shape lets down a sticky thread.", "the text shows line 'spiders'"),
    ("The drowned giant turns over in the reeds.", "the text shows veil 'drowning'"),
    ("The well is dry, and the bucket comes up full of moss.", None),
])
def test_the_referee_screens_model_text_by_meaning_as_the_offline_narrator_does(
    text: str, reason: str | None
) -> None:
    context = NarrationContext.build(result=HUNT, characters=[{"name": "Ash Varga"}],
                                     safety=SAFE)
    found = check("encounter", context, text)
    assert (found is None) if reason is None else (found or "").startswith(reason), found


def test_a_body_named_in_passing_is_not_body_horror_but_a_body_made_wrong_is() -> None:
    context = NarrationContext.build(result=SUCCESS, characters=[{"name": "Ash Varga"}],
                                     safety={"lines": ["body horror"]})
    assert check("outcome", context, "The cold gets into your fingers, and the ledge holds.") \
        is None
    assert check("outcome", context, "Your fingers are stitched together with moss.") is not None


def test_the_players_own_words_are_theirs_to_say() -> None:
    # the player named the monster; the filter judges what the model added, not their words
    context = NarrationContext.build(result=COMBAT, characters=[{"name": "Ash Varga"}],
                                     safety={"lines": [], "veils": ["drowning"]},
                                     monster="the Drowned Saint")
    assert check("monster", context, "The Drowned Saint takes the blow and stands.") is None
    assert check("monster", context, "It drags Ash under the black water to drown.") is not None


def test_a_fake_that_shows_a_veiled_theme_is_never_shown(fake: FakeClaude) -> None:
    leak = "Something thrashes and goes under; the water closes over a drowned face."
    fake.queue(Act(text=leak), Act(text=leak))
    context = NarrationContext.build(result=HUNT, characters=[{"name": "Ash Varga"}],
                                     safety=SAFE)
    shown: list[str] = []
    result = claude(fake).narrate("encounter", context, shown.append)
    assert result.narrator == "offline" and leak not in shown
    assert result.fallback_reason is not None and "veil 'drowning'" in result.fallback_reason
