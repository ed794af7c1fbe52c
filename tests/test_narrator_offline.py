"""The offline narrator: big enough tables, no repeats before a table is used up, identical replays,
safety lines respected, and the contract's narration for every resolved roll."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.dice import FixedDice, SeededDice
from oracle.errors import RequestError
from oracle.narrator import (
    BEATS,
    Deck,
    FakeNarrator,
    NarrationContext,
    OfflineNarrator,
    ask,
    beat_for_result,
    get_narrator,
    narrate_resolved,
    timeout_from,
)
from oracle.narrator.compose import load
from oracle.narrator.dealer import FULL, weave_vars
from oracle.systems import find_system

# The list beats' tables, each at least 60 distinct items.
LIST_TABLES = ["complications", "bargains", "conditions", "exploration"]
ALL_TABLES = sorted({table for spec in BEATS.values() for table in spec.tables})
WEAVE = weave_vars(NarrationContext.build(
    characters=[{"name": "Ash", "occupation": "grave-robber"}], place="the mire",
    intent="cross the ford", question="Is the Antlered Man near?", monster="the Antlered Man"))


def _size(table: str) -> int:
    return min(load(table).size(grade) for grade in load(table).grades())


def load_table(table: str) -> list[str]:
    """Every card of a table (the first grade), filled in."""
    loaded = load(table)
    grade = loaded.grades()[0]
    return [" ".join(p.text for p in loaded.card(i, grade)) for i in range(loaded.size(grade))]


@pytest.mark.parametrize("table", LIST_TABLES)
def test_each_list_table_holds_at_least_60_distinct_entries(table: str) -> None:
    entries = load_table(table)
    assert len(entries) >= 60
    assert len(set(entries)) == len(entries)


@pytest.mark.parametrize("table", ALL_TABLES)
def test_every_part_fills_in_with_the_weave_variables(table: str) -> None:
    from oracle.narrator.compose import fill

    for _, parts in load(table).slots:
        for _, part in parts:
            text = fill(part.text, WEAVE)
            assert text and "{" not in text and "}" not in text
            assert text.replace(FULL, "Ash").strip() == text.replace(FULL, "Ash")


@pytest.mark.parametrize("beat,table", [
    ("wrong", "complications"), ("bargain", "bargains"), ("condition", "conditions"),
    ("answer", "exploration"), ("oracle", "oracle_answers"),
])
def test_no_entry_repeats_within_a_campaign_before_its_table_is_used_up(
    beat: str, table: str
) -> None:
    size = _size(table)
    narrator = OfflineNarrator(seed="campaign-1")
    context = NarrationContext.build(result=BEATS[beat].example, n=1, party=["Ash", "Mara"],
                                     question="Is the old well dry?", place="the old well")
    seen = [narrator.narrate(beat, context).text for _ in range(size)]
    assert len(set(seen)) == size
    # the next pass starts again, and never with the card the last pass ended on
    assert narrator.narrate(beat, context).text != seen[-1]


@pytest.mark.parametrize("severity,table", [("present", "encounters_present"),
                                            ("distant", "encounters_distant")])
def test_hunt_encounters_never_repeat_before_exhaustion(severity: str, table: str) -> None:
    from oracle.narrator.compose import elsewhere

    context = NarrationContext.build(result={"roll": "hunt", "encounter": severity},
                                     party=["Ash", "Mara"])
    # the default place is out of doors: a card only a roof fits (rafters, a corridor) is
    # passed over, and every other card comes once before any comes again
    away = elsewhere(weave_vars(context)["place"])
    loaded = load(table)
    dealable = sum(1 for index in range(_size(table))
                   if not any(part.where & away for part in loaded.card(index)))
    assert 0 < dealable <= _size(table)
    narrator = OfflineNarrator(seed=5)
    texts = {narrator.narrate("encounter", context).text for _ in range(dealable)}
    assert len(texts) == dealable


def test_list_beats_offer_n_distinct_items() -> None:
    for n in (1, 3, 6):
        result = OfflineNarrator(seed=2).narrate("bargain", NarrationContext.build(n=n))
        assert len(result.items) == n == len(set(result.items))
        assert all(item in result.text for item in result.items)


def test_same_seed_same_words_and_different_seeds_differ() -> None:
    context = NarrationContext.build(result=BEATS["outcome"].example, intent="climb", n=3)

    def run(seed: object) -> list[str]:
        narrator = OfflineNarrator(seed=seed)
        return [narrator.narrate(beat, context).text for beat in BEATS for _ in range(3)]

    assert run(42) == run(42)
    assert run(42) != run(43)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=200), st.integers(min_value=1, max_value=130))
def test_a_saved_deck_replays_exactly(first: int, second: int) -> None:
    """Dealing in two sittings (state saved as JSON between) equals dealing in one."""
    straight = Deck.seeded("c")
    cards, straight = straight.draw("complications", 63, first + second)
    half, saved = Deck.seeded("c").draw("complications", 63, first)
    restored = Deck.from_dict(json.loads(json.dumps(saved.to_dict())))
    rest, _ = restored.draw("complications", 63, second)
    assert half + rest == cards
    for start in range(0, first + second - 62, 63):  # each full pass deals every card once
        assert sorted(cards[start:start + 63]) == list(range(63))


def test_a_context_deck_is_advanced_and_returned_not_the_narrators() -> None:
    narrator = OfflineNarrator(seed="own")
    deck = Deck.seeded("campaign")
    first = narrator.narrate("wrong", NarrationContext.build(deck=deck, n=2))
    assert first.deck is not None and first.deck.dealt == {"complications": 2}
    assert narrator.deck.dealt == {}
    again = narrator.narrate("wrong", NarrationContext.build(deck=deck, n=2))
    assert again.text == first.text  # same state in, same words out


def test_safety_lines_keep_matching_entries_out() -> None:
    context = NarrationContext.build(result={"roll": "hunt", "encounter": "present"},
                                     safety={"lines": ["spiders"], "veils": ["snakes"]})
    narrator = OfflineNarrator(seed=1)
    size = _size("encounters_present")
    texts = [narrator.narrate("encounter", context).text.lower() for _ in range(size)]
    assert not any("spider" in t or "snake" in t for t in texts)


def test_offline_text_weaves_name_intent_and_place() -> None:
    context = NarrationContext.build(
        result={}, characters=[{"name": "Orla", "occupation": "deserter"}],
        intent="I will climb the bell tower.", place="the drowned chapel", n=2)
    text = OfflineNarrator(seed=3).narrate("wrong", context).text
    assert text.startswith("Orla goes for it: \u201cI will climb the bell tower.\u201d What could go "
                           "wrong:")


@pytest.mark.parametrize("likelihood,faces,answer", [
    # three d10 (answer, tone, omen) of the solo oracle at the default dread 5: yes at most 5
    # on "even", 7 on "likely"; tone 1-2 the forest's ("but"/"and"), 9-10 yours
    ("even", [5, 5, 10], "yes"), ("even", [6, 5, 10], "no"), ("even", [1, 1, 10], "yes, but"),
    ("even", [9, 10, 10], "no, but"), ("even", [9, 2, 10], "no, and"),
    ("likely", [7, 9, 10], "yes, and"), ("certain", [10, 1, 10], "no, but"),
    ("doubtful", [2, 5, 10], "yes"), ("doubtful", [3, 5, 10], "no"),
])
def test_the_oracle_answer_is_decided_by_the_solo_dice(likelihood: str, faces: list[int],
                                                      answer: str) -> None:
    assert ask(likelihood, FixedDice(faces))["answer"] == answer


def test_the_oracle_refuses_an_unknown_likelihood_with_one_sentence() -> None:
    with pytest.raises(RequestError, match="likelihood: 'maybe' is not a likelihood; use one of"):
        ask("maybe", SeededDice(1))


def test_the_oracle_beat_voices_the_rolled_answer_not_another() -> None:
    for faces, answer in (([9, 2, 10], "NO, AND"), ([1, 10, 10], "YES, AND"),
                          ([5, 5, 10], "YES")):
        result = ask("even", FixedDice(faces))
        text = OfflineNarrator(seed=1).narrate(
            "oracle", NarrationContext.build(result=result, question="Is it awake?")).text
        assert text.startswith(f"\u201cIs it awake?\u201d {answer}.")


RESOLVE: list[tuple[dict[str, Any], str]] = [
    ({"roll": "risk", "ruin": 2, "light": [4, 1], "dark": [5]}, "outcome"),
    ({"roll": "risk", "ruin": 5, "light": [2], "dark": [6]}, "lost"),
    ({"roll": "hunt", "tokens": 2, "light": [3, 5]}, "encounter"),
    ({"roll": "ruin", "ruin": 3, "dark": 4}, "ruin"),
    ({"roll": "combat", "endurance": 7, "dark": [4, 2],
      "characters": [{"name": "A", "ruin": 2, "weak_points": [4], "armor": False}]}, "monster"),
    ({"roll": "reduction", "ruin": 5, "starting_ruin": 1, "light": 2}, "reduction"),
    ({"roll": "contest", "participants": [
        {"name": "A", "ruin": 2, "light": [6, 5], "dark": [1]},
        {"name": "B", "ruin": 1, "light": [6], "dark": [4, 3]}]}, "roll"),
]


@pytest.mark.parametrize("request_,beat", RESOLVE, ids=[r[0]["roll"] for r in RESOLVE])
def test_narrate_resolved_gives_the_contract_narration(request_: dict[str, Any],
                                                       beat: str) -> None:
    result = find_system("trophy").resolve(request_, SeededDice(1))
    assert beat_for_result("trophy", result) == beat
    narration = narrate_resolved(request_, result)
    assert narration["narrator"] == "offline" and narration["fallback_reason"] is None
    assert isinstance(narration["text"], str) and narration["text"].strip()
    assert narration["beat"] == beat
    assert narrate_resolved(request_, result) == narration  # same request, same words


def test_narrate_resolved_voices_unknown_systems_and_rolls_generically() -> None:
    narration = narrate_resolved({"system": "elsewhere", "roll": "odd"},
                                 {"roll": "odd", "total": 9, "degree": "success"})
    assert narration["beat"] == "roll"
    assert narration["text"].startswith("Odd: total 9; degree success.")  # never raw keys


def test_narrate_resolved_never_lets_the_text_change_the_result() -> None:
    request = {"roll": "risk", "ruin": 2, "light": [4, 1], "dark": [5]}
    result = find_system("trophy").resolve(request, SeededDice(1))
    before = json.dumps(result, sort_keys=True)
    narrate_resolved(request, result, narrator=FakeNarrator("You rolled a 6. Ruin is 1."))
    assert json.dumps(result, sort_keys=True) == before


def test_the_fake_narrator_queues_answers_and_keeps_history() -> None:
    fake = FakeNarrator()
    fake.enqueue("one two three", "- a\n- b")
    chunks: list[str] = []
    first = fake.narrate("outcome", NarrationContext.build(), chunks.append)
    assert first.text == "one two three" and chunks == ["one", " two", " three"]
    assert fake.narrate("bargain", NarrationContext.build(n=2)).items == ("a", "b")
    assert [beat for beat, _ in fake.history] == ["outcome", "bargain"]


@pytest.mark.parametrize("env,status", [
    ({}, "offline: no ANTHROPIC_API_KEY"),
    ({"ORACLE_NARRATOR": "offline", "ANTHROPIC_API_KEY": "sk-x"}, "offline: ORACLE_NARRATOR=offline"),
    ({"ORACLE_NARRATOR": "gpt"}, "offline: ORACLE_NARRATOR is none of claude, local, offline"),
])
def test_get_narrator_stays_offline_without_a_key_or_when_forced(
    env: dict[str, str], status: str
) -> None:
    narrator = get_narrator(env=env)
    assert isinstance(narrator, OfflineNarrator)
    assert narrator.status == status


def test_a_pasted_key_is_refused_while_offline_is_forced() -> None:
    narrator = get_narrator(env={"ORACLE_NARRATOR": "offline"}, api_key="sk-pasted")
    assert narrator.name == "offline"


@pytest.mark.parametrize("raw,seconds", [("", 20.0), ("5", 5.0), ("2.5", 2.5), ("soon", 20.0),
                                         ("0", 20.0), ("-3", 20.0), ("100000", 20.0)])
def test_oracle_narrator_timeout_is_read_in_seconds_with_a_safe_default(
    raw: str, seconds: float
) -> None:
    assert timeout_from({"ORACLE_NARRATOR_TIMEOUT": raw}) == seconds

