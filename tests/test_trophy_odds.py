"""Exact Trophy odds against brute force over every face, plus invariants and the CLI.

Each closed form in ``oracle.trophy.odds`` is checked against a plain enumerator written here
from the rulebook (SRD 1.2 and the Forest's Rule), over every face of every die for pools of up
to 4 dice. Hypothesis checks the monotonic promises a player relies on.
"""

from __future__ import annotations

import io
import itertools
import json
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.errors import OracleError, RequestError, RuleError
from oracle.trophy.odds import (
    Contestant,
    Fighter,
    HelperDie,
    combat_odds,
    contest_odds,
    hunt_odds,
    odds_for_request,
    reduction_odds,
    risk_odds,
    risk_push_odds,
    ruin_roll_odds,
)

FACES = range(1, 7)


def faces(n: int) -> Iterable[tuple[int, ...]]:
    return itertools.product(FACES, repeat=n)


# --- reference rules, written plainly from the texts ----------------------------------------


def ref_risk(own: Sequence[int], helper_faces: Sequence[int], dark: Sequence[int],
             ruin: int) -> dict[str, Any]:
    """One Risk Roll read straight from SRD 1.2 and the Forest's Rule."""
    light = [*own, *helper_faces]
    top_light = max(light, default=0)
    top_dark = max(dark, default=0)
    highest = max(top_light, top_dark)
    is_dark = bool(dark) and top_dark >= top_light  # ties go to dark
    return {
        "highest": highest,
        "is_dark": is_dark,
        "marked": is_dark and top_dark > ruin,
        "helper_match": [f in dark for f in helper_faces],
    }


def bf_risk(light: int, dark: int, ruin: int, helpers: Sequence[HelperDie]) -> dict[str, Any]:
    unknown = [i for i, h in enumerate(helpers) if h.face is None]
    tally: dict[str, Any] = {"highest": [Fraction(0)] * 6, "is_dark": Fraction(0),
                             "marked": Fraction(0), "helpers": [Fraction(0)] * len(helpers)}
    n = light + len(unknown) + dark
    weight = Fraction(1, 6**n)
    for roll in faces(n):
        own, rest = roll[:light], roll[light:]
        hf = [h.face for h in helpers]
        for i, f in zip(unknown, rest[: len(unknown)], strict=True):
            hf[i] = f
        dk = rest[len(unknown):]
        r = ref_risk(own, [f for f in hf if f is not None], dk, ruin)
        tally["highest"][r["highest"] - 1] += weight
        tally["is_dark"] += weight * r["is_dark"]
        tally["marked"] += weight * r["marked"]
        for i, m in enumerate(r["helper_match"]):
            if m and not helpers[i].already_marked:
                tally["helpers"][i] += weight
    return tally


def bf_push(light: int, dark: int, ruin: int,
            helpers: Sequence[HelperDie]) -> dict[str, Any] | None:
    """Enumerate every first roll and, given the helpers' held faces, every re-roll."""
    unknown = [i for i, h in enumerate(helpers) if h.face is None]
    pushable_total = Fraction(0)
    tally: dict[str, Any] = {"highest": [Fraction(0)] * 6, "is_dark": Fraction(0),
                             "marked": Fraction(0), "helpers": [Fraction(0)] * len(helpers)}
    for held in faces(len(unknown)):
        hf = [h.face for h in helpers]
        for i, f in zip(unknown, held, strict=True):
            hf[i] = f
        known = [f for f in hf if f is not None]
        p_held = Fraction(1, 6 ** len(unknown))
        first_w = p_held / 6 ** (light + dark)
        clear = [Fraction(0)] * len(helpers)  # P(pushable and helper i did not match)
        pushable = Fraction(0)
        for roll in faces(light + dark):
            r = ref_risk(roll[:light], known, roll[light:], ruin)
            if r["is_dark"]:
                continue
            pushable += first_w
            for i, m in enumerate(r["helper_match"]):
                if not m:
                    clear[i] += first_w
        if pushable == 0:
            continue
        pushable_total += pushable
        push_w = Fraction(1, 6 ** (light + dark + 1))
        for roll in faces(light + dark + 1):
            r = ref_risk(roll[:light], known, roll[light:], ruin)
            tally["highest"][r["highest"] - 1] += pushable * push_w
            tally["is_dark"] += pushable * push_w * r["is_dark"]
            tally["marked"] += pushable * push_w * r["marked"]
            for i, m in enumerate(r["helper_match"]):
                if m and not helpers[i].already_marked:
                    tally["helpers"][i] += clear[i] * push_w
    if pushable_total == 0:
        return None
    return {
        "highest": [p / pushable_total for p in tally["highest"]],
        "is_dark": tally["is_dark"] / pushable_total,
        "marked": tally["marked"] / pushable_total,
        "helpers": [p / pushable_total for p in tally["helpers"]],
    }


HELPER_SETS: list[tuple[HelperDie, ...]] = [
    (),
    (HelperDie("Mara", 1),),
    (HelperDie("Mara", 5, face=3),),
    (HelperDie("Mara", 2, already_marked=True),),
    (HelperDie("Mara", 1), HelperDie("Ode", 5, face=6)),
    (HelperDie("Mara", 5), HelperDie("Ode", 3)),
]


def risk_pools(max_dice: int) -> list[tuple[int, int, tuple[HelperDie, ...]]]:
    pools = []
    for light in range(3):
        for dark in range(5):
            for helpers in HELPER_SETS:
                rolled = light + dark + sum(h.face is None for h in helpers)
                if helpers and dark == 0 or light + dark + len(helpers) == 0:
                    continue
                if rolled <= max_dice:
                    pools.append((light, dark, helpers))
    return pools


@pytest.mark.parametrize(("light", "dark", "helpers"), risk_pools(4))
def test_risk_odds_equal_brute_force_over_every_face(
        light: int, dark: int, helpers: tuple[HelperDie, ...]) -> None:
    for ruin in range(1, 6):
        odds = risk_odds(light, dark, ruin, helpers)
        bf = bf_risk(light, dark, ruin, helpers)
        assert list(odds.highest) == bf["highest"]
        assert odds.highest_is_dark == bf["is_dark"]
        assert odds.ruin_marked == bf["marked"]
        assert odds.lost == (bf["marked"] if ruin == 5 else 0)
        assert odds.can_push == 1 - bf["is_dark"]
        assert [h.ruin_marked for h in odds.helpers] == bf["helpers"]
        assert [h.lost for h in odds.helpers] == [
            p if h.ruin == 5 else 0 for p, h in zip(bf["helpers"], helpers, strict=True)]
        assert odds.failure + odds.complication + odds.success == 1


@pytest.mark.parametrize(("light", "dark", "helpers"), risk_pools(3))
def test_push_odds_equal_brute_force_over_every_first_roll_and_reroll(
        light: int, dark: int, helpers: tuple[HelperDie, ...]) -> None:
    for ruin in (1, 3, 5):
        push = risk_push_odds(light, dark, ruin, helpers)
        bf = bf_push(light, dark, ruin, helpers)
        if bf is None:
            assert push is None
            continue
        assert push is not None
        assert push.dark == dark + 1
        assert list(push.highest) == bf["highest"]
        assert push.highest_is_dark == bf["is_dark"]
        assert push.ruin_marked == bf["marked"]
        assert [h.ruin_marked for h in push.helpers] == bf["helpers"]
        assert sum(push.highest) == 1


def test_push_is_impossible_when_every_die_is_dark() -> None:
    # SRD 1.2: push only when the highest die is light; with no light die it never is
    assert risk_odds(0, 2, 3).can_push == 0
    assert risk_push_odds(0, 2, 3) is None


@pytest.mark.parametrize(
    ("light", "dark", "ruin", "success", "marked"),
    [
        (1, 0, 1, Fraction(1, 6), 0),          # one light die: a 6 is success, no Ruin risk
        (0, 1, 1, Fraction(1, 6), Fraction(5, 6)),  # one dark die beats Ruin 1 on 2-6
        (0, 1, 5, Fraction(1, 6), Fraction(1, 6)),  # at Ruin 5 only a dark 6 marks (and loses)
        # dark d in 3..6 beats Ruin 2 and is highest when both light dice are <= d (ties to dark)
        (2, 1, 2, Fraction(91, 216), Fraction(9 + 16 + 25 + 36, 216)),
    ],
)
def test_risk_table_reads_like_the_rulebook(light: int, dark: int, ruin: int,
                                            success: Fraction, marked: Fraction) -> None:
    odds = risk_odds(light, dark, ruin)
    assert odds.success == success
    assert odds.ruin_marked == marked


# --- hunt, ruin, reduction ------------------------------------------------------------------


@pytest.mark.parametrize(("light", "tokens"), [(n, t) for n in (1, 2) for t in (0, 1, 3)])
def test_hunt_odds_equal_brute_force(light: int, tokens: int) -> None:
    odds = hunt_odds(light, tokens)
    w = Fraction(1, 6**light)
    bands = {"1": Fraction(0), "2-3": Fraction(0), "4-5": Fraction(0), "6": Fraction(0)}
    after: dict[int, Fraction] = {}
    for roll in faces(light):
        top = max(roll)
        band = "1" if top == 1 else "2-3" if top <= 3 else "4-5" if top <= 5 else "6"
        bands[band] += w
        # SRD 1.2, Hunt Roll: 1 loses all tokens; 4-6 take a token
        n = 0 if top == 1 else tokens + (top >= 4)
        after[n] = after.get(n, Fraction(0)) + w
    assert odds.bands == bands
    assert odds.encounter == {"present": bands["1"] + bands["2-3"], "distant": bands["4-5"],
                              "none": bands["6"]}
    assert odds.token_gained == bands["4-5"] + bands["6"]
    assert odds.tokens_lost == bands["1"]
    assert odds.tokens_after == dict(sorted(after.items()))
    assert odds.tokens_after_expected == sum(n * p for n, p in after.items())
    assert sum(odds.highest) == 1


@pytest.mark.parametrize("ruin", range(1, 6))
def test_ruin_roll_marks_when_the_dark_die_beats_ruin(ruin: int) -> None:
    odds = ruin_roll_odds(ruin)
    assert odds.ruin_marked == Fraction(sum(f > ruin for f in FACES), 6)
    assert odds.lost == (Fraction(1, 6) if ruin == 5 else 0)


@pytest.mark.parametrize(("ruin", "anyway"), [(r, a) for r in (2, 3, 4, 5) for a in (False, True)])
def test_reduction_removes_unnoticed_below_ruin(ruin: int, anyway: bool) -> None:
    odds = reduction_odds(ruin, starting_ruin=1, reached_five=True, remove_anyway=anyway)
    below = Fraction(sum(f < ruin for f in FACES), 6)
    assert odds.removed_unnoticed == below
    assert odds.noticed == (1 - below if anyway else 0)
    assert odds.ruin_after_expected == ruin - odds.removed


# --- combat ---------------------------------------------------------------------------------


def bf_combat(endurance: int, dark: int, fighters: Sequence[Fighter]) -> dict[str, Any]:
    defeated = Fraction(0)
    rows = [{"any": Fraction(0), "expected": Fraction(0), "lost": Fraction(0)} for _ in fighters]
    w = Fraction(1, 6**dark)
    for roll in faces(dark):
        top = sorted(roll, reverse=True)[:2]
        defeated += w * (sum(top) >= endurance)
        for row, f in zip(rows, fighters, strict=True):
            assert isinstance(f.weak_points, tuple)
            matches = sum(d in f.weak_points for d in roll)
            row["any"] += w * (matches > 0)
            row["expected"] += w * min(matches, 6 - f.ruin)
            row["lost"] += w * (f.ruin + matches >= 6)
    return {"defeated": defeated, "rows": rows}


@pytest.mark.parametrize("dark", [1, 2, 3, 4])
@pytest.mark.parametrize("endurance", [2, 4, 7, 9, 12])
def test_combat_odds_equal_brute_force(endurance: int, dark: int) -> None:
    everyone = [Fighter("A", 2, (4,)), Fighter("B", 5, (1, 6)), Fighter("C", 4, (3,), armor=True)]
    fighters = everyone[:dark]  # one dark die per character at least
    odds = combat_odds(endurance, dark, fighters)
    if endurance < dark:
        # SRD 1.2: Endurance below the number of dark dice: no roll, defeated, nobody marks
        assert not odds.roll_required and odds.defeated == 1 and odds.total is None
        assert all(c.ruin_marked == 0 and c.armor_used == 0 for c in odds.characters)
        return
    bf = bf_combat(endurance, dark, fighters)
    assert odds.defeated == bf["defeated"]
    assert odds.total is not None and sum(odds.total) == 1
    for c, row, f in zip(odds.characters, bf["rows"], fighters, strict=True):
        if f.armor:
            assert c.ruin_marked == c.ruin_marked_expected == c.lost == 0
            assert c.armor_used == row["any"]
        else:
            assert (c.ruin_marked, c.ruin_marked_expected, c.lost) == (
                row["any"], row["expected"], row["lost"])
            assert c.armor_used == 0


def test_unknown_weak_points_give_the_same_odds_as_known_distinct_ones() -> None:
    known = combat_odds(8, 3, [Fighter("A", 3, (2, 5))])
    count = combat_odds(8, 3, [Fighter("A", 3, 2)])
    assert known.characters[0].ruin_marked_expected == count.characters[0].ruin_marked_expected
    assert known.characters[0].lost == count.characters[0].lost


# --- contest --------------------------------------------------------------------------------


def ref_contest_winner(pools: Sequence[Sequence[int]]) -> int | None:
    """Most 6s wins; a tie counts 5s among the tied, then 4s, ... down to 1s."""
    alive = list(range(len(pools)))
    for face in range(6, 0, -1):
        best = max(pools[i].count(face) for i in alive)
        alive = [i for i in alive if pools[i].count(face) == best]
        if len(alive) == 1:
            return alive[0]
    return None


CONTESTS = [
    [(1, 1, 0), (1, 0, 1)],
    [(2, 2, 0), (1, 1, 1)],
    [(1, 1, 1), (1, 0, 2)],
    [(3, 0, 2), (1, 1, 1)],
    [(1, 1, 0), (1, 1, 0), (1, 0, 1)],
    [(1, 0, 1), (1, 0, 1), (2, 0, 1), (1, 1, 0)],
    [(1, 1, 0), (5, 0, 1)],
]


@pytest.mark.parametrize("spec", CONTESTS)
def test_contest_odds_equal_brute_force(spec: list[tuple[int, int, int]]) -> None:
    people = [Contestant(f"P{i}", ruin, light, dark)
              for i, (ruin, light, dark) in enumerate(spec)]
    sizes = [p.light + p.dark for p in people]
    assert sum(sizes) <= 5
    wins = [Fraction(0)] * len(people)
    none = Fraction(0)
    w = Fraction(1, 6 ** sum(sizes))
    ones = [{"any": Fraction(0), "expected": Fraction(0), "lost": Fraction(0)} for _ in people]
    for roll in faces(sum(sizes)):
        pools, at = [], 0
        for n in sizes:
            pools.append(roll[at:at + n])
            at += n
        winner = ref_contest_winner(pools)
        if winner is None:
            none += w
        else:
            wins[winner] += w
        for row, p, pool in zip(ones, people, pools, strict=True):
            k = pool[p.light:].count(1)  # SRD 1.2: each dark die showing 1 marks 1 Ruin
            row["any"] += w * (k > 0)
            row["expected"] += w * min(k, 6 - p.ruin)
            row["lost"] += w * (p.ruin + k >= 6)
    odds = contest_odds(people)
    assert [p.wins for p in odds.participants] == wins
    assert odds.no_winner == none
    for c, row in zip(odds.participants, ones, strict=True):
        assert (c.ruin_marked, c.ruin_marked_expected, c.lost) == (
            row["any"], row["expected"], row["lost"])


# --- invariants -----------------------------------------------------------------------------

helpers_st = st.lists(
    st.builds(HelperDie, name=st.just("h"), ruin=st.integers(1, 5),
              face=st.one_of(st.none(), st.integers(1, 6)), already_marked=st.booleans()),
    max_size=3,
).map(lambda hs: tuple(HelperDie(f"h{i}", h.ruin, h.face, h.already_marked)
                       for i, h in enumerate(hs)))


@settings(max_examples=60, deadline=None)
@given(light=st.integers(0, 1), dark=st.integers(1, 6), ruin=st.integers(1, 5),
       helpers=helpers_st)
def test_more_light_dice_never_lower_success_and_sums_are_one(
        light: int, dark: int, ruin: int, helpers: tuple[HelperDie, ...]) -> None:
    fewer = risk_odds(light, dark, ruin, helpers)
    more = risk_odds(light + 1, dark, ruin, helpers)
    assert more.success >= fewer.success
    assert more.failure <= fewer.failure
    assert more.highest_is_dark <= fewer.highest_is_dark
    for odds in (fewer, more):
        assert odds.failure + odds.complication + odds.success == 1
        assert 0 <= odds.lost <= odds.ruin_marked <= odds.highest_is_dark <= 1
    push = risk_push_odds(light, dark, ruin, helpers)
    assert (push is None) == (fewer.can_push == 0)
    if push is not None:
        assert sum(push.highest) == 1
        assert all(0 <= h.ruin_marked <= 1 for h in push.helpers)


@settings(max_examples=60, deadline=None)
@given(light=st.integers(0, 2), dark=st.integers(1, 6), ruin=st.integers(1, 4))
def test_higher_ruin_never_raises_marking_ruin(light: int, dark: int, ruin: int) -> None:
    assert risk_odds(light, dark, ruin + 1).ruin_marked <= risk_odds(light, dark, ruin).ruin_marked
    assert ruin_roll_odds(ruin + 1).ruin_marked <= ruin_roll_odds(ruin).ruin_marked


@settings(max_examples=60, deadline=None)
@given(light=st.integers(0, 2), dark=st.integers(1, 6), ruin=st.integers(1, 5))
def test_more_dark_dice_never_lower_the_dark_die_being_highest(light: int, dark: int,
                                                               ruin: int) -> None:
    assert risk_odds(light, dark + 1, ruin).highest_is_dark >= \
        risk_odds(light, dark, ruin).highest_is_dark


@settings(max_examples=60, deadline=None)
@given(endurance=st.integers(0, 11), dark=st.integers(1, 7), ruin=st.integers(1, 5))
def test_combat_more_dice_or_less_endurance_never_lower_defeat(endurance: int, dark: int,
                                                               ruin: int) -> None:
    f = [Fighter("A", ruin, 1)]
    assert combat_odds(endurance, dark + 1, f).defeated >= combat_odds(endurance, dark, f).defeated
    assert combat_odds(endurance + 1, dark, f).defeated <= combat_odds(endurance, dark, f).defeated
    if endurance >= dark + 1:  # both need a roll: one more dark die, more chances to match
        assert combat_odds(endurance, dark + 1, f).characters[0].ruin_marked_expected >= \
            combat_odds(endurance, dark, f).characters[0].ruin_marked_expected


@settings(max_examples=40, deadline=None)
@given(a=st.tuples(st.integers(1, 5), st.integers(0, 2), st.integers(0, 3)),
       b=st.tuples(st.integers(1, 5), st.integers(0, 2), st.integers(0, 3)))
def test_contest_an_extra_die_never_lowers_winning_and_sums_are_one(
        a: tuple[int, int, int], b: tuple[int, int, int]) -> None:
    pa = Contestant("A", a[0], min(a[1], 1 + a[0]), max(a[2], int(a[1] == 0)))
    pb = Contestant("B", b[0], min(b[1], 1 + b[0]), max(b[2], int(b[1] == 0)))
    base = contest_odds([pa, pb])
    more = contest_odds([Contestant("A", pa.ruin, pa.light, pa.dark + 1), pb])
    assert more.participants[0].wins >= base.participants[0].wins
    assert sum(p.wins for p in base.participants) + base.no_winner == 1


# --- refusals and the request shape ---------------------------------------------------------


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"roll": "risk", "ruin": 2, "light": 3, "dark": 1}, "light:"),
        ({"roll": "risk", "ruin": 6, "light": 1, "dark": 1}, "ruin:"),
        ({"roll": "risk", "ruin": 2, "light": 1, "dark": 0, "helpers": [{"name": "M"}]},
         "helpers:"),
        ({"roll": "risk", "ruin": 2, "light": 0, "dark": 0}, "dark:"),
        ({"roll": "risk", "ruin": 2, "light": [7], "dark": 1}, "light[0]:"),
        ({"roll": "risk", "light": 1, "dark": 1}, "ruin:"),
        ({"roll": "risk", "ruin": 2, "dark": 1, "helpers": [{"name": "M", "die": 9}]},
         "helpers[0].die:"),
        ({"roll": "hunt", "light": 3}, "light:"),
        ({"roll": "hunt", "light": 1, "tokens": -1}, "tokens:"),
        ({"roll": "combat", "endurance": 13, "dark": 2, "characters": [{"name": "A", "ruin": 1}]},
         "endurance:"),
        ({"roll": "combat", "endurance": 7, "dark": 2,
          "characters": [{"name": "A", "ruin": 1, "weak_points": [3, 3]}]},
         "characters[0].weak_points:"),
        ({"roll": "contest", "participants": [{"name": "A", "ruin": 1, "light": 3}]},
         "participants:"),
        ({"roll": "contest", "participants": [{"name": "A", "ruin": 1, "light": 3},
                                              {"name": "B", "ruin": 1}]},
         "participants[0].light:"),
        ({"roll": "reduction", "ruin": 3, "reached_five": False}, "reached_five:"),
        ({"roll": "reduction", "ruin": 2, "starting_ruin": 2, "reached_five": True}, "ruin:"),
        ({"roll": "fight"}, "roll:"),
        # limits that keep one request from tying up the oracle, far beyond real play
        ({"roll": "risk", "ruin": 2, "dark": 31}, "dark:"),
        ({"roll": "contest", "participants": [{"name": "A", "ruin": 1, "dark": 11},
                                              {"name": "B", "ruin": 1, "dark": 1}]},
         "participants[0].dark:"),
    ],
)
def test_bad_requests_are_refused_with_one_sentence_naming_the_field(
        request_: dict[str, Any], field: str) -> None:
    with pytest.raises((RuleError, RequestError)) as exc:
        odds_for_request(request_)
    message = str(exc.value)
    assert message.startswith(field)
    assert message.endswith(".") and message.count(". ") == 0


def is_number(value: Any) -> bool:
    return (isinstance(value, dict) and set(value) == {"fraction", "value"}
            and float(Fraction(value["fraction"])) == value["value"])


def test_risk_request_gives_every_field_as_exact_numbers_and_a_push_block() -> None:
    result = odds_for_request({"roll": "risk", "ruin": 2, "light": [4, 1], "dark": [5],
                               "helpers": [{"name": "Mara", "ruin": 1, "die": 5}]})
    assert result["roll"] == "risk"
    assert result["pool"] == {"light": 2, "dark": 1, "helpers": 1, "ruin": 2}
    for key in ("highest_is_dark", "ruin_marked", "lost", "can_push"):
        assert is_number(result[key])
    assert sum(Fraction(v["fraction"]) for v in result["outcome"].values()) == 1
    # the helper's known 5 stays known: the roll can never fail (highest is at least 5)
    assert result["outcome"]["failure"]["fraction"] == "0"
    assert result["helpers"][0]["die"] == 5
    push = result["push"]
    assert push["pool"]["dark"] == 2
    assert sum(Fraction(v["fraction"]) for v in push["highest"].values()) == 1
    json.dumps(result)


def test_every_roll_kind_answers_json() -> None:
    requests: list[dict[str, Any]] = [
        {"roll": "ruin", "ruin": 3, "dark": 4},
        {"roll": "hunt", "tokens": 2, "light": [3, 5]},
        {"roll": "contest", "participants": [
            {"name": "A", "ruin": 2, "light": [6, 5], "dark": [1]},
            {"name": "B", "ruin": 1, "light": [6], "dark": [4, 3]}]},
        {"roll": "combat", "endurance": 7,
         "characters": [{"name": "A", "ruin": 2, "weak_points": [4], "armor": False}],
         "dark": [4, 2]},
        {"roll": "reduction", "ruin": 4, "starting_ruin": 1, "reached_five": True, "light": 5,
         "remove_anyway": False},
    ]
    for request in requests:
        result = odds_for_request(request)
        assert result["roll"] == request["roll"]
        assert json.loads(json.dumps(result)) == result
    contest = odds_for_request(requests[2])
    total = sum(Fraction(p["wins"]["fraction"]) for p in contest["participants"])
    assert total + Fraction(contest["no_winner"]["fraction"]) == 1


# --- the CLI and the rules core agree -------------------------------------------------------


def run_cli(payload: str) -> tuple[int, dict[str, Any]]:
    pytest.importorskip("oracle.trophy.system")
    from oracle.cli import main

    out = io.StringIO()
    code = main(["odds"], stdin=io.StringIO(payload), out=out)
    result: dict[str, Any] = json.loads(out.getvalue())
    return code, result


def test_cli_odds_prints_the_odds_json() -> None:
    request = {"roll": "risk", "ruin": 2, "light": 2, "dark": 1}
    code, result = run_cli(json.dumps(request))
    assert code == 0
    assert result == odds_for_request(request)


@pytest.mark.parametrize("payload", [
    json.dumps({"roll": "risk", "ruin": 2, "light": 3, "dark": 1}),
    json.dumps({"roll": "hunt", "light": 0}),
    "{not json",
])
def test_cli_odds_refuses_bad_input_with_exit_2(payload: str) -> None:
    code, result = run_cli(payload)
    assert code == 2
    assert set(result) == {"error"} and result["error"].endswith(".")


def test_odds_errors_are_oracle_errors() -> None:
    with pytest.raises(OracleError):
        odds_for_request({"roll": "risk", "ruin": "two", "dark": 1})


# --- the odds agree with the rules core's own resolve, face by face -------------------------


def core_resolve() -> Any:
    system = pytest.importorskip("oracle.trophy.system").SYSTEM
    from oracle.dice import FixedDice

    def resolve(request: dict[str, Any]) -> dict[str, Any]:
        result: dict[str, Any] = system.resolve(request, FixedDice([]))
        return result

    return resolve


def risk_request(ruin: int, own: Sequence[int], dark: Sequence[int],
                 helpers: Sequence[HelperDie], helper_faces: Sequence[int]) -> dict[str, Any]:
    return {"roll": "risk", "ruin": ruin, "light": list(own), "dark": list(dark), "helpers": [
        {"name": h.name, "ruin": h.ruin, "die": f, "already_marked": h.already_marked}
        for h, f in zip(helpers, helper_faces, strict=True)]}


def split_roll(roll: Sequence[int], light: int, helpers: Sequence[HelperDie]
               ) -> tuple[Sequence[int], list[int], Sequence[int]]:
    """Own light faces, every helper's face (known or from the roll), dark faces."""
    own, rest = roll[:light], list(roll[light:])
    hf = []
    for h in helpers:
        hf.append(h.face if h.face is not None else rest.pop(0))
    return own, hf, rest


@pytest.mark.parametrize(("light", "dark", "helpers"), risk_pools(4))
def test_risk_odds_agree_with_resolve_on_every_face(
        light: int, dark: int, helpers: tuple[HelperDie, ...]) -> None:
    resolve = core_resolve()
    unknown = sum(h.face is None for h in helpers)
    n = light + unknown + dark
    w = Fraction(1, 6**n)
    for ruin in (2, 5):
        highest = [Fraction(0)] * 6
        tally = dict.fromkeys(("highest_is_dark", "ruin_marked", "lost", "can_push"), Fraction(0))
        marks = [Fraction(0)] * len(helpers)
        lost = [Fraction(0)] * len(helpers)
        for roll in faces(n):
            own, hf, dk = split_roll(roll, light, helpers)
            result = resolve(risk_request(ruin, own, dk, helpers, hf))
            highest[result["highest"] - 1] += w
            for key in tally:
                tally[key] += w * result[key]
            for i, h in enumerate(result["helpers"]):
                marks[i] += w * h["ruin_marked"]
                lost[i] += w * h["lost"]
        odds = risk_odds(light, dark, ruin, helpers)
        assert list(odds.highest) == highest
        assert (odds.highest_is_dark, odds.ruin_marked, odds.lost, odds.can_push) == tuple(
            tally.values())
        assert [h.ruin_marked for h in odds.helpers] == marks
        assert [h.lost for h in odds.helpers] == lost


PUSH_POOLS = [
    (1, 0, ()), (2, 0, ()), (1, 1, ()), (0, 1, (HelperDie("Mara", 1),)),
    (1, 1, (HelperDie("Mara", 5, face=4),)), (0, 1, (HelperDie("Mara", 5), HelperDie("Ode", 2, 6))),
    (0, 2, (HelperDie("Mara", 3, face=2, already_marked=True),)),
]


@pytest.mark.parametrize(("light", "dark", "helpers"), PUSH_POOLS)
def test_push_odds_agree_with_resolve_pushing_every_pushable_roll(
        light: int, dark: int, helpers: tuple[HelperDie, ...]) -> None:
    resolve = core_resolve()
    ruin = 5
    unknown = sum(h.face is None for h in helpers)
    n1, n2 = light + unknown + dark, light + dark + 1
    w = Fraction(1, 6 ** (n1 + n2))
    pushable = Fraction(0)
    highest = [Fraction(0)] * 6
    tally = dict.fromkeys(("highest_is_dark", "lost", "can_push"), Fraction(0))
    marks = [Fraction(0)] * len(helpers)
    for roll in faces(n1):
        own, hf, dk = split_roll(roll, light, helpers)
        request = risk_request(ruin, own, dk, helpers, hf)
        first = resolve(request)
        if not first["can_push"]:
            continue
        pushable += Fraction(1, 6**n1)
        for again in faces(n2):
            pushed = resolve({**request, "push": [{"light": list(again[:light]),
                                                   "dark": list(again[light:])}]})
            highest[pushed["highest"] - 1] += w
            for key in tally:
                tally[key] += w * pushed[key]
            for i, (h0, h1) in enumerate(zip(first["helpers"], pushed["helpers"], strict=True)):
                marks[i] += w * (h1["ruin_marked"] and not h0["ruin_marked"])  # on the re-roll
    push = risk_push_odds(light, dark, ruin, helpers)
    assert push is not None
    assert list(push.highest) == [p / pushable for p in highest]
    assert (push.highest_is_dark, push.lost, push.can_push) == tuple(
        p / pushable for p in tally.values())
    assert [h.ruin_marked for h in push.helpers] == [p / pushable for p in marks]


@pytest.mark.parametrize("light", [1, 2])
def test_hunt_odds_agree_with_resolve(light: int) -> None:
    resolve = core_resolve()
    tally = {"token_gained": Fraction(0), "tokens_lost": Fraction(0), "after": Fraction(0)}
    encounter = dict.fromkeys(("present", "distant", "none"), Fraction(0))
    w = Fraction(1, 6**light)
    for roll in faces(light):
        result = resolve({"roll": "hunt", "tokens": 2, "light": list(roll)})
        tally["token_gained"] += w * (result["tokens_after"] > result["tokens_before"])
        tally["tokens_lost"] += w * result["tokens_lost"]
        tally["after"] += w * result["tokens_after"]
        encounter[result["encounter"]] += w
    odds = hunt_odds(light, 2)
    assert odds.encounter == encounter
    assert (odds.token_gained, odds.tokens_lost, odds.tokens_after_expected) == tuple(
        tally.values())


@pytest.mark.parametrize(("endurance", "dark"), [(1, 2), (3, 2), (7, 2), (8, 3), (10, 4), (12, 4)])
def test_combat_odds_agree_with_resolve(endurance: int, dark: int) -> None:
    resolve = core_resolve()
    chars = [{"name": "A", "ruin": 4, "weak_points": [4], "armor": False},
             {"name": "B", "ruin": 5, "weak_points": [1, 6], "armor": True}]
    w = Fraction(1, 6**dark)
    defeated = Fraction(0)
    rows = [dict.fromkeys(("marked", "expected", "armor", "lost"), Fraction(0)) for _ in chars]
    for roll in faces(dark):
        result = resolve({"roll": "combat", "endurance": endurance, "dark": list(roll),
                          "characters": chars})
        defeated += w * result["defeated"]
        for row, c in zip(rows, result["characters"], strict=True):
            gained = c["ruin_after"] - c["ruin_before"]
            row["marked"] += w * (gained > 0)
            row["expected"] += w * gained
            row["armor"] += w * c["armor_used"]
            row["lost"] += w * c["lost"]
    odds = combat_odds(endurance, dark, [Fighter("A", 4, (4,)), Fighter("B", 5, (1, 6), True)])
    assert odds.defeated == defeated
    for c, row in zip(odds.characters, rows, strict=True):
        assert (c.ruin_marked, c.ruin_marked_expected, c.armor_used, c.lost) == tuple(
            row.values())


@pytest.mark.parametrize("spec", CONTESTS)
def test_contest_odds_agree_with_resolve(spec: list[tuple[int, int, int]]) -> None:
    resolve = core_resolve()
    people = [Contestant(f"P{i}", ruin, light, dark)
              for i, (ruin, light, dark) in enumerate(spec)]
    sizes = [p.light + p.dark for p in people]
    w = Fraction(1, 6 ** sum(sizes))
    wins = {p.name: Fraction(0) for p in people}
    none = Fraction(0)
    expected = [Fraction(0)] * len(people)
    for roll in faces(sum(sizes)):
        parts, at = [], 0
        for p in people:
            parts.append({"name": p.name, "ruin": p.ruin, "light": list(roll[at:at + p.light]),
                          "dark": list(roll[at + p.light:at + p.light + p.dark])})
            at += p.light + p.dark
        result = resolve({"roll": "contest", "participants": parts})
        if result["winner"] is None:
            none += w
        else:
            wins[result["winner"]] += w
        for i, q in enumerate(result["participants"]):
            expected[i] += w * q["ruin_marked"]
    odds = contest_odds(people)
    assert [p.wins for p in odds.participants] == list(wins.values())
    assert odds.no_winner == none
    assert [p.ruin_marked_expected for p in odds.participants] == expected


@pytest.mark.parametrize("ruin", [2, 3, 4, 5])
def test_ruin_and_reduction_odds_agree_with_resolve(ruin: int) -> None:
    resolve = core_resolve()
    marked = sum(Fraction(1, 6) * resolve({"roll": "ruin", "ruin": ruin, "dark": f})["ruin_marked"]
                 for f in FACES)
    assert ruin_roll_odds(ruin).ruin_marked == marked
    for anyway in (False, True):
        after = sum(Fraction(resolve({"roll": "reduction", "ruin": ruin, "starting_ruin": 1,
                                      "reached_five": True, "light": f,
                                      "remove_anyway": anyway})["ruin_after"], 6) for f in FACES)
        assert reduction_odds(ruin, 1, True, anyway).ruin_after_expected == after


junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 14), st.text(max_size=3),
                 st.lists(st.integers(-1, 8), max_size=4))
entry = st.dictionaries(st.sampled_from(["name", "ruin", "die", "already_marked", "light", "dark",
                                         "weak_points", "armor"]), junk, max_size=5)
odd_request = st.fixed_dictionaries(
    {"roll": st.sampled_from(["risk", "hunt", "combat", "contest", "ruin", "reduction", "x"])},
    optional={k: junk for k in ("ruin", "light", "dark", "tokens", "endurance", "starting_ruin",
                                "reached_five", "remove_anyway", "ritual")}
    | {"helpers": st.lists(entry, max_size=3), "characters": st.lists(entry, max_size=3),
       "participants": st.lists(entry, max_size=3)},
)


@settings(max_examples=300, deadline=None)
@given(request=odd_request)
def test_any_request_gives_exact_odds_or_one_clear_error(request: dict[str, Any]) -> None:
    """d20's promise: every input either answers or raises our own error, never a crash."""
    try:
        result = odds_for_request(request)
    except OracleError as exc:
        message = str(exc)
        assert ": " in message and message.endswith(".")
        return
    assert result["roll"] == request["roll"]
    json.dumps(result)


@pytest.mark.parametrize("request_", [
    {"roll": "risk", "ruin": 2, "dark": 1, "bargain": {"text": "a debt"}},
    {"roll": "risk", "ruin": 2, "light": 2, "dark": 1, "bargain": [{"text": "a", "accepted": False}]},
    {"roll": "risk", "ruin": 2, "light": 1, "ritual": True},
    {"roll": "hunt", "ruin": 6, "tokens": 0, "light": 1},
])
def test_odds_ask_the_rules_core_so_they_refuse_like_a_roll(request_: dict[str, Any]) -> None:
    # The light-dice, Ritual and Ruin rules are stated once (trophy.risk, trophy.monsters,
    # trophy.ruin): the odds module calls them, so even its Python API refuses as resolve does.
    from oracle.dice import SeededDice
    from oracle.trophy.requests import resolve

    with pytest.raises(RuleError) as rolled:
        resolve(request_, SeededDice(1))
    with pytest.raises(RuleError) as odds:
        odds_for_request(request_)
    assert str(odds.value) == str(rolled.value)
