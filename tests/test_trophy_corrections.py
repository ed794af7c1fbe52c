"""Corrections and choices a sheet allows (issue 17 item 4), in the rules core: a sheet put right
with a reason and bound by the rules, the armor piece a fighter marks, a treasure's name, and
what the party brings back to town."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.errors import RuleError
from oracle.trophy import events as ev
from oracle.trophy.fold import TrophyState, apply, replay
from oracle.trophy.words import journal_line


def created(name: str, **sheet: Any) -> dict[str, Any]:
    return ev.character_created({"name": name, **sheet})


def party(*names: str, **sheet: Any) -> TrophyState:
    return replay([created(name, **sheet) for name in names])


def refused(state: TrophyState, event: dict[str, Any], start: str) -> str:
    """The event is refused with a sentence starting ``start``; the state is untouched."""
    before = state
    with pytest.raises(RuleError) as caught:
        apply(state, event)
    assert str(caught.value).startswith(start), str(caught.value)
    assert state == before
    return str(caught.value)


def line(state: TrophyState, event: dict[str, Any]) -> str:
    after = apply(state, event)
    return journal_line(event, after.last_result).plain()


# -- correcting a sheet ----------------------------------------------------------------------

@pytest.mark.parametrize(("what", "before", "to", "words"), [
    ("ruin", 4, 3, "Correction: Oswin's Ruin 4 → 3 (misread the dark die)"),
    ("hunt_tokens", 2, 0, "Correction: Oswin's Hunt Tokens 2 → 0 (misread the dark die)"),
    ("gold", 1, 5, "Correction: Oswin's Gold 1 → 5 (misread the dark die)"),
])
def test_a_correction_sets_the_number_and_reads_as_a_correction_with_its_reason(
        what: str, before: int, to: int, words: str) -> None:
    state = party("Oswin", **{what: before})
    event = ev.sheet_corrected("Oswin", what, "misread the dark die", to=to, was=before)
    after = apply(state, event)
    assert getattr(after.character("Oswin"), what) == to
    assert line(state, event) == words
    # the same words with no result (an undone entry, an export of the event alone)
    assert journal_line(event).plain() == words


@pytest.mark.parametrize(("what", "to", "start"), [
    ("ruin", 0, "to: Ruin runs from Oswin's starting Ruin 2 to 6"),
    ("ruin", 1, "to: Ruin runs from Oswin's starting Ruin 2 to 6"),  # below its floor
    ("ruin", 7, "to: Ruin runs from"),
    ("hunt_tokens", -1, "to: Hunt Tokens are never negative"),
    ("gold", -2, "to: Gold is never negative"),
    ("ruin", 4, "to: Oswin's Ruin is already 4"),
    ("charm", 3, "what: a correction puts right ruin, hunt_tokens, gold, condition"),
])
def test_a_correction_the_rules_forbid_is_one_sentence_and_changes_nothing(
        what: str, to: int, start: str) -> None:
    state = party("Oswin", starting_ruin=2, ruin=4)
    refused(state, ev.sheet_corrected("Oswin", what, "a reason", to=to), start)


def test_a_correction_needs_its_reason_and_a_sheet_as_the_player_saw_it() -> None:
    state = party("Oswin", ruin=4)
    refused(state, ev.sheet_corrected("Oswin", "ruin", "  ", to=3), "reason: say in a few words")
    refused(state, ev.sheet_corrected("Oswin", "ruin", "why", to=3, was=5),
            "from: Oswin's Ruin is 4 now, not 5; the sheet changed meanwhile")
    refused(state, ev.sheet_corrected("Nobody", "ruin", "why", to=3), "name: no character")


def test_ruin_corrected_to_6_is_losing_yourself_not_a_silent_skip() -> None:
    state = party("Oswin", "Teague", ruin=5)
    event = ev.sheet_corrected("Oswin", "ruin", "forgot the last mark", to=6, was=5)
    after = apply(state, event)
    oswin = after.character("Oswin")
    assert oswin.lost and oswin.fate is None  # the Fate is still to choose
    assert after.last_result is not None and after.last_result["lost"] is True
    assert line(state, event).endswith(": Oswin is lost")
    # a lost character's Ruin is taken back by undoing the move, not corrected
    refused(after, ev.sheet_corrected("Oswin", "ruin", "oops", to=5),
            "name: Oswin is lost (Ruin 6); that is taken back by undoing")
    after = apply(after, ev.fate_chosen("Oswin", "death"))
    assert after.character("Oswin").died


def test_a_ruin_correction_settles_the_open_roll_and_owes_no_condition() -> None:
    state = party("Oswin", ruin=2)
    state = apply(state, ev.risk_rolled("Oswin", [4], [5]))  # dark 5 > Ruin 2: a mark
    assert state.character("Oswin").conditions_due == 1
    state = apply(state, ev.risk_rolled("Oswin", [6], []))  # an open roll (can be pushed)
    assert state.risk is not None
    state = apply(state, ev.sheet_corrected("Oswin", "ruin", "misread the die", to=2))
    oswin = state.character("Oswin")
    assert state.risk is None  # the open roll was read at the old Ruin
    assert oswin.ruin == 2 and oswin.conditions_due == 0  # the mark taken away owed it
    state = apply(state, ev.sheet_corrected("Oswin", "ruin", "it did mark", to=5))
    oswin = state.character("Oswin")
    assert oswin.conditions_due == 0 and oswin.reached_five and oswin.can_reduce


def test_a_condition_is_corrected_on_and_off_within_what_a_condition_is() -> None:
    state = party("Oswin")
    add = ev.sheet_corrected("Oswin", "condition", "forgot to write it",
                             condition="Black-and-white vision")
    after = apply(state, add)
    assert after.character("Oswin").conditions == ("Black-and-white vision",)
    assert line(state, add) == ("Correction: Oswin takes the Condition Black-and-white vision "
                                "(forgot to write it)")
    refused(after, add, "condition: Oswin already has")
    strike = ev.sheet_corrected("Oswin", "condition", "healed in town",
                                condition="black-and-white  VISION", remove=True)
    gone = apply(after, strike)
    assert gone.character("Oswin").conditions == ()
    assert line(after, strike) == ("Correction: Oswin is rid of the Condition "
                                   "Black-and-white vision (healed in town)")
    refused(gone, strike, "condition: Oswin has no Condition")
    for bad in ("", "   ", "3", "-- !", "x" * 121):
        refused(state, ev.sheet_corrected("Oswin", "condition", "why", condition=bad),
                "condition:")


def test_a_correction_replays_and_is_told_to_the_story_memory() -> None:
    from oracle.trophy.story import changes, cue

    events = [created("Oswin", ruin=4, hunt_tokens=2),
              ev.sheet_corrected("Oswin", "ruin", "misread", to=3),
              ev.sheet_corrected("Oswin", "hunt_tokens", "miscounted", to=1),
              ev.sheet_corrected("Oswin", "condition", "struck", condition="Limp"),
              ev.sheet_corrected("Oswin", "condition", "healed", condition="Limp", remove=True)]
    state = replay(events)
    assert replay(events) == state
    oswin = state.character("Oswin")
    assert (oswin.ruin, oswin.hunt_tokens, oswin.conditions) == (3, 1, ())
    ruin = apply(replay(events[:1]), events[1]).last_result or {}
    assert changes(events[1], ruin)[0][0] == "Oswin Ruin 4 -> 3"
    struck = cue(ev.SHEET_CORRECTED, events[4], {})
    assert struck.condition == ("Oswin", "Limp", True)


@settings(max_examples=200, deadline=None)
@given(what=st.sampled_from(list(ev.CORRECTABLE)), to=st.integers(-3, 9),
       start=st.integers(1, 5), ruin=st.integers(1, 6))
def test_no_correction_breaks_the_sheets_bounds(what: str, to: int, start: int,
                                                ruin: int) -> None:
    state = party("A", starting_ruin=start, ruin=max(start, min(ruin, 5)))
    try:
        after = apply(state, ev.sheet_corrected("A", what, "why", to=to, condition=str(to)))
    except RuleError:
        return
    person = after.character("A")
    assert person.starting_ruin <= person.ruin <= 6
    assert person.hunt_tokens >= 0 and person.gold >= 0


# -- which armor piece -----------------------------------------------------------------------

def fight(*armor: str) -> TrophyState:
    state = party("Oswin", armor=list(armor))
    return apply(state, ev.combat_started(9, [("Oswin", 3)]))


def test_the_fighter_chooses_which_armor_piece_takes_the_hits() -> None:
    state = apply(fight("helm", "gambeson"), ev.combat_rolled([3]))
    assert state.character("Oswin").ruin == 2  # the hit marks Ruin until armor is marked
    event = ev.combat_armor_marked("Oswin", "gambeson")
    after = apply(state, event)
    oswin = after.character("Oswin")
    assert oswin.ruin == 1
    assert [(p.name, p.marked) for p in oswin.armor] == [("helm", False), ("gambeson", True)]
    assert journal_line(event, after.last_result).plain().startswith(
        "Oswin marks armor after the roll (gambeson)")
    people = (after.last_result or {})["characters"]
    assert people[0]["armor_piece"] == "gambeson"
    refused(state, ev.combat_armor_marked("Oswin", "shield"),
            "piece: Oswin has no unmarked armor called")
    # without a choice, the first unmarked piece (as before)
    first = apply(state, ev.combat_armor_marked("Oswin")).character("Oswin")
    assert [p.marked for p in first.armor] == [True, False]


def test_a_piece_named_before_the_roll_is_the_one_marked() -> None:
    after = apply(fight("helm", "gambeson"),
                  ev.combat_rolled([3], ["Oswin"], pieces={"Oswin": "gambeson"}))
    assert [p.marked for p in after.character("Oswin").armor] == [False, True]
    refused(fight("helm"), ev.combat_rolled([3], ["Oswin"], pieces={"Oswin": "shield"}),
            "pieces.Oswin:")
    refused(fight("helm"), ev.combat_rolled([3], [], pieces={"Oswin": "helm"}), "pieces.Oswin:")


# -- the end of an incursion -----------------------------------------------------------------

def test_returning_to_town_sums_up_the_incursion() -> None:
    events = [created("Oswin", hunt_tokens=1), created("Teague", ruin=5), created("Rook"),
              ev.incursion_started("The Drowned Abbey", [("The ford", "cross it"),
                                                         ("The nave", "ring the bell")]),
              ev.set_goal_reached(), ev.days_passed(3),
              ev.combat_started(0, [("Oswin", 3)], monster="Nameless Fox", gold=2),
              ev.gold_collected("monster", {"Oswin": 1, "Rook": 1}),
              ev.tokens_spent("treasure", {"Oswin": 1}, treasure="a bone flute"),
              ev.ruin_rolled("Teague", 6),  # Ruin 6: lost
              ev.fate_chosen("Teague", "monster"),
              ev.risk_rolled("Rook", [2], [5], foe="monster", intent="defeat", confirmed=True),
              created("Ash")]  # joins on the way
    state = replay(events)
    assert state.character("Rook").died and state.character("Teague").lost
    home = apply(state, ev.town_returned())
    summary = home.last_result or {}
    assert summary == {"event": "town_returned", "incursion": "The Drowned Abbey", "sets": 2,
                       "cleared": ["The ford"], "gold": 3, "days": 3,
                       "came_back": ["Oswin", "Ash"], "died": ["Rook"], "lost": ["Teague"]}
    assert home.expedition.homecoming is not None and not home.expedition.in_forest
    words = journal_line(ev.town_returned(), summary).plain()
    assert words == ("Back safely in town: marked armor is usable again. The incursion into the "
                     "Drowned Abbey ends after 3 days: 1 of 2 sets cleared (The ford), 3 Gold "
                     "collected; back: Oswin, Ash; died: Rook; lost to the forest: Teague.")
    # a new incursion clears the old summary; a return with none under way sums nothing
    again = apply(home, ev.incursion_started("Again", [("A", "b")]))
    assert again.expedition.homecoming is None
    plain = apply(party("Oswin"), ev.town_returned())
    assert journal_line(ev.town_returned(), plain.last_result).plain() == (
        "Back safely in town: marked armor is usable again.")


def test_a_token_treasure_is_named_in_the_journal() -> None:
    state = party("Oswin", hunt_tokens=1)
    event = ev.tokens_spent("treasure", {"Oswin": 1}, to="Oswin",
                            treasure="A bone flute that hums at dusk.")
    after = apply(state, event)
    assert after.character("Oswin").gold == 1 and after.character("Oswin").hunt_tokens == 0
    assert (after.last_result or {})["treasure"] == "A bone flute that hums at dusk."
    assert journal_line(event, after.last_result).plain() == (
        "Oswin spends 1 Hunt Token on a treasure worth 1 Gold: A bone flute that hums at "
        "dusk.")


def test_the_command_builder_corrects_from_the_sheet_as_it_stands() -> None:
    from oracle.trophy.commands import correction_event

    state = party("Oswin", gold=2)
    event = correction_event(state, "Oswin", "gold", "miscounted the coins", to=4)
    assert event == ev.sheet_corrected("Oswin", "gold", "miscounted the coins", to=4, was=2)
    assert apply(state, event).character("Oswin").gold == 4
    moved = apply(state, ev.gold_changed("Oswin", 1))  # the sheet moved after it was built
    refused(moved, event, "from: Oswin's Gold is 3 now, not 2")


def test_corrections_and_a_homecoming_export_and_import_to_the_same_sheets(
        tmp_path: Path) -> None:
    from oracle.journal.campaign import Campaign
    from oracle.journal.exports import export

    played = [created("Oswin", ruin=4, armor=["Helm", "Gambeson"]),
              ev.incursion_started("The Ford", [("The ford", "cross it")]),
              ev.sheet_corrected("Oswin", "ruin", "misread the dark die", to=3, was=4),
              ev.combat_started(9, [("Oswin", 3)]), ev.combat_rolled([3]),
              ev.combat_armor_marked("Oswin", "Gambeson"),
              ev.sheet_corrected("Oswin", "condition", "forgot it", condition="A limp"),
              ev.town_returned()]
    with Campaign.create("Put right", "trophy", home=tmp_path, events=played) as camp:
        text = export(camp, "text")
        lonelog = export(camp, "lonelog")
        with Campaign.import_json(export(camp, "json"), home=tmp_path) as copy:
            assert copy.state == camp.state
    assert "Correction: Oswin's Ruin 4 → 3 (misread the dark die)" in text
    assert "Correction: Oswin takes the Condition A limp (forgot it)" in text
    assert "(Gambeson)" in text and "The incursion into the Ford ends" in text
    assert "PC:Oswin|Ruin 3" in lonelog
