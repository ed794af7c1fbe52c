"""The Risk Roll, the Forest's Rule, pushing, help and Devil's Bargains (SRD 1.2; 001)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from oracle.errors import RuleError
from oracle.trophy.monsters import Foe, Intent
from oracle.trophy.risk import (
    DevilsBargain,
    Helper,
    Outcome,
    RiskRoll,
    add_helper,
    push,
    read_outcome,
    read_risk,
)

# --- the rulebook's tables --------------------------------------------------------------------


@pytest.mark.parametrize(("highest", "outcome"), [
    (1, Outcome.FAILURE), (2, Outcome.FAILURE), (3, Outcome.FAILURE),
    (4, Outcome.COMPLICATION), (5, Outcome.COMPLICATION),
    (6, Outcome.SUCCESS),
])
def test_the_highest_die_reads_failure_complication_success(highest: int,
                                                           outcome: Outcome) -> None:
    assert read_outcome(highest) is outcome


@pytest.mark.parametrize(("light", "dark", "ruin", "highest_is_dark", "ruin_after"), [
    # light    dark    ruin  dark highest?  Ruin after
    ((4,),     (4,),   2,    True,          3),  # Forest's Rule: a tie goes to dark
    ((4,),     (4,),   4,    True,          4),  # dark highest but not above Ruin
    ((5,),     (4,),   1,    False,         1),  # light highest: no Ruin at all
    ((6, 6),   (6,),   5,    True,          6),  # tie at 6 with two lights: lost
    ((),       (1,),   1,    True,          1),  # a lone dark 1 never beats Ruin 1
    ((),       (2,),   1,    True,          2),
    ((3,),     (),     3,    False,         3),  # no dark die: never Ruin
    ((2,),     (5, 1), 4,    True,          5),  # the highest dark die is the one compared
])
def test_forests_rule_and_ruin_from_the_highest_dark_die(
    light: tuple[int, ...], dark: tuple[int, ...], ruin: int, highest_is_dark: bool,
    ruin_after: int,
) -> None:
    result = read_risk(RiskRoll(ruin=ruin, light=light, dark=dark))
    assert result.highest_is_dark is highest_is_dark
    assert result.ruin_after == ruin_after
    assert result.ruin_roll is highest_is_dark  # SRD: that dark die IS a Ruin Roll


@pytest.mark.parametrize(("helper_die", "dark", "already", "helper_after"), [
    (3, (3,), False, 3),     # matches a dark die: mark 1
    (3, (1, 3), False, 3),   # matches ANY dark die
    (3, (3, 3), False, 3),   # two matches still mark only 1
    (3, (4,), False, 2),     # no match
    (3, (3,), True, 2),      # already marked earlier in this roll
])
def test_a_helper_marks_one_ruin_when_their_die_matches_any_dark_die(
    helper_die: int, dark: tuple[int, ...], already: bool, helper_after: int
) -> None:
    result = read_risk(RiskRoll(ruin=1, light=(), dark=dark,
                                helpers=(Helper("H", 2, helper_die, already),)))
    assert result.helpers[0].ruin_after == helper_after


def test_helper_dice_count_as_light_dice_and_lose_ties_to_dark() -> None:
    helped = read_risk(RiskRoll(ruin=1, light=(2,), dark=(3,), helpers=(Helper("H", 1, 6),)))
    assert helped.highest == 6 and not helped.highest_is_dark and helped.ruin_after == 1
    tied = read_risk(RiskRoll(ruin=1, light=(2,), dark=(6,), helpers=(Helper("H", 1, 6),)))
    assert tied.highest_is_dark and tied.ruin_after == 2 and tied.helpers[0].ruin_after == 2


# --- exhaustive over every face of pools up to four dice, against a brute force ---------------

OUTCOME_BY_FACE = {1: "failure", 2: "failure", 3: "failure", 4: "complication",
                   5: "complication", 6: "success"}


def brute_risk(ruin: int, light: tuple[int, ...], dark: tuple[int, ...],
               helpers: tuple[tuple[int, bool], ...]) -> tuple[int, bool, str, int, list[int]]:
    """Tag every die (face, is_dark); the largest tag wins, so ties favour dark (True > False)."""
    tagged = [(f, False) for f in light] + [(f, False) for f, _ in helpers] + \
        [(f, True) for f in dark]
    top_face, top_dark = max(tagged)
    ruin_after = ruin + 1 if top_dark and top_face > ruin else ruin
    helper_after = [2 + (1 if (f in set(dark) and not marked) else 0) for f, marked in helpers]
    return top_face, top_dark, OUTCOME_BY_FACE[top_face], min(ruin_after, 6), helper_after


def pools() -> Iterator[tuple[int, int, int]]:
    """(own light, dark, helpers) with 1..4 dice in all; helpers only with a dark die."""
    for n_light, n_dark, n_help in itertools.product(range(3), range(5), range(3)):
        total = n_light + n_dark + n_help
        if 1 <= total <= 4 and (n_help == 0 or n_dark > 0):
            yield n_light, n_dark, n_help


@pytest.mark.parametrize(("n_light", "n_dark", "n_help"), list(pools()))
def test_every_face_of_every_pool_up_to_four_dice_matches_the_brute_force(
    n_light: int, n_dark: int, n_help: int
) -> None:
    n = n_light + n_dark + n_help
    for faces in itertools.product(range(1, 7), repeat=n):
        light = faces[:n_light]
        dark = faces[n_light:n_light + n_dark]
        helper_faces = faces[n_light + n_dark:]
        for ruin in range(1, 6):
            for marks in itertools.product((False, True), repeat=n_help):
                helpers = tuple(zip(helper_faces, marks, strict=True))
                result = read_risk(RiskRoll(
                    ruin=ruin, light=light, dark=dark,
                    helpers=tuple(Helper(f"H{i}", 2, f, m) for i, (f, m) in enumerate(helpers)),
                ))
                top, top_dark, outcome, ruin_after, helper_after = brute_risk(
                    ruin, light, dark, helpers)
                assert (result.highest, result.highest_is_dark, result.outcome.value,
                        result.ruin_after) == (top, top_dark, outcome, ruin_after)
                assert [h.ruin_after for h in result.helpers] == helper_after
                assert result.can_push is (not top_dark)


# --- push -------------------------------------------------------------------------------------

def test_push_adds_one_dark_die_rerolls_own_dice_and_keeps_helpers() -> None:
    first = read_risk(RiskRoll(ruin=2, light=(5,), dark=(1,), helpers=(Helper("H", 1, 1),)))
    assert first.can_push and first.helpers[0].ruin_after == 2  # matched the dark 1
    second = push(first, light=(3,), dark=(1, 2))
    assert second.roll.helpers[0].die == 1  # the helper's die is not re-rolled
    assert second.helpers[0].ruin_after == 2  # ...and marks no second Ruin on a new match
    assert second.highest == 3 and second.can_push and second.pushes == 1
    third = push(second, light=(4,), dark=(6, 1, 1))
    assert third.highest_is_dark and third.ruin_after == 3 and not third.can_push
    assert third.first is first and len(third.readings) == 3


def test_a_helper_marks_on_a_push_if_they_had_not_marked_yet() -> None:
    first = read_risk(RiskRoll(ruin=1, light=(6,), dark=(2,), helpers=(Helper("H", 3, 4),)))
    assert first.helpers[0].ruin_after == 3
    pushed = push(first, light=(6,), dark=(4, 1))
    assert pushed.helpers[0].ruin_after == 4


@pytest.mark.parametrize(("light", "dark"), [((1,), (6,)), ((4,), (4,))])
def test_no_push_once_a_dark_die_is_highest(light: tuple[int, ...],
                                           dark: tuple[int, ...]) -> None:
    result = read_risk(RiskRoll(ruin=1, light=light, dark=dark))
    with pytest.raises(RuleError, match="^push:"):
        push(result, light=light, dark=(*dark, 1))


def test_a_push_must_keep_the_light_dice_and_add_exactly_one_dark() -> None:
    result = read_risk(RiskRoll(ruin=1, light=(5, 2), dark=()))
    with pytest.raises(RuleError, match="^push.light:"):
        push(result, light=(5,), dark=(1,))
    with pytest.raises(RuleError, match="^push.dark:"):
        push(result, light=(5, 2), dark=(1, 1))


def test_help_after_the_roll_joins_an_open_roll_only() -> None:
    open_roll = read_risk(RiskRoll(ruin=1, light=(5,), dark=(3,)))
    helped = add_helper(open_roll, Helper("H", 1, 3))
    assert helped.helpers[0].ruin_after == 2 and helped.highest == 5
    settled = read_risk(RiskRoll(ruin=1, light=(2,), dark=(3,)))
    with pytest.raises(RuleError, match="^helpers:"):
        add_helper(settled, Helper("H", 1, 6))


# --- bargains, rituals, monsters ----------------------------------------------------------------

@pytest.mark.parametrize(("bargains", "light", "allowed"), [
    (None, (1, 2), True),  # unstated: two light dice taken on trust (the contract)
    ((), (1,), True),
    ((), (1, 2), False),  # a second light die needs an accepted bargain
    ((DevilsBargain("lose the map"),), (1, 2), True),
    ((DevilsBargain("lose the map"),), (1,), True),  # no Skill: the bargain's die alone
    ((DevilsBargain("lose the map"),), (), False),  # the accepted bargain brings a die
    ((DevilsBargain("a", accepted=False), DevilsBargain("b")), (1, 2), True),
    ((DevilsBargain("a"), DevilsBargain("b")), (1, 2), False),  # only one bargain accepted
    (None, (1, 2, 3), False),
])
def test_light_dice_one_for_skill_one_for_one_accepted_bargain(
    bargains: tuple[DevilsBargain, ...] | None, light: tuple[int, ...], allowed: bool
) -> None:
    roll = RiskRoll(ruin=1, light=light, dark=(2,), bargains=bargains)
    if allowed:
        result = read_risk(roll)
        accepted = [b for b in bargains or () if b.accepted]
        assert result.bargain == (accepted[0] if accepted else None)
    else:
        with pytest.raises(RuleError, match="^(light|bargain):"):
            read_risk(roll)


def test_a_bargain_happens_whatever_the_outcome() -> None:
    bargain = DevilsBargain("your lantern goes out", offered_by="GM")
    for faces in [(1, 1), (4, 1), (6, 6)]:
        assert read_risk(RiskRoll(ruin=1, light=faces, bargains=(bargain,))).bargain == bargain


def test_a_ritual_forces_a_dark_die() -> None:
    with pytest.raises(RuleError, match="^dark:"):
        read_risk(RiskRoll(ruin=1, light=(4,), ritual=True))
    with pytest.raises(RuleError, match="^dark:"):
        read_risk(RiskRoll(ruin=1, light=(4,), intent=Intent.RITUAL, foe=Foe.MONSTER))
    assert read_risk(RiskRoll(ruin=1, light=(4,), dark=(2,), ritual=True)).outcome.value == \
        "complication"


@pytest.mark.parametrize(("foe", "intent", "refused"), [
    (Foe.MONSTER, Intent.DEFEAT, True),
    (Foe.MONSTER, Intent.HIDE, False),
    (Foe.MONSTER, Intent.ESCAPE, False),
    (Foe.MONSTER, Intent.FIGHT_PAST, False),
    (Foe.FOLK, Intent.DEFEAT, False),  # folk can be fought with a Risk Roll
    (None, None, False),
])
def test_fighting_monsters_to_kill_them_is_refused_unless_confirmed(
    foe: Foe | None, intent: Intent | None, refused: bool
) -> None:
    roll = RiskRoll(ruin=1, light=(6,), dark=(1,), foe=foe, intent=intent)
    if refused:
        with pytest.raises(RuleError, match="^intent:"):
            read_risk(roll)
        confirmed = read_risk(RiskRoll(ruin=1, light=(6,), dark=(1,), foe=foe, intent=intent,
                                       confirmed=True))
        assert confirmed.dies and not confirmed.can_push
    else:
        assert not read_risk(roll).dies


def test_a_lost_roller_cannot_roll_but_a_helper_lost_in_this_roll_keeps_their_die() -> None:
    with pytest.raises(RuleError, match="^ruin:"):
        read_risk(RiskRoll(ruin=6, light=(3,)))
    result = read_risk(RiskRoll(ruin=1, light=(2,), dark=(5,),
                                helpers=(Helper("H", 6, 4, already_marked=True),)))
    assert result.helpers[0].ruin_after == 6 and result.helpers[0].lost


def test_marking_the_last_ruin_loses_the_roller_and_ends_pushing() -> None:
    result = read_risk(RiskRoll(ruin=5, light=(1,), dark=(6,)))
    assert result.lost and result.ruin_after == 6 and not result.can_push


def test_a_ritual_always_includes_a_dark_die_read_one_way_everywhere() -> None:
    # SRD 1.2, Risk Roll: the rule is stated once (oracle.trophy.monsters); the roll's check,
    # the odds, the command helpers and the app's toggles all ask it.
    from oracle.errors import RuleError
    from oracle.trophy.monsters import check_ritual_dark, dark_dice, is_ritual

    assert [is_ritual(r, i) for r, i in [(False, None), (True, None), (False, "ritual"),
                                          (False, "hide")]] == [False, True, True, False]
    assert [dark_dice(d, r, i) for d, r, i in [(0, False, None), (0, True, None),
                                                 (0, False, "ritual"), (2, True, None)]] \
        == [0, 1, 1, 2]
    with pytest.raises(RuleError, match="^dark: a Ritual always includes a dark die; got none.$"):
        check_ritual_dark(0, False, "ritual")
    check_ritual_dark(1, True, "ritual")
