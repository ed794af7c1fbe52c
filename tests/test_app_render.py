"""The app's HTML: dice drawn as the rules read them, the Ruin track, escaped text."""

from __future__ import annotations

import itertools
import re

import pytest

from oracle.app.render import counter, esc, stylesheet
from oracle.app.trophy.render import (
    DARK,
    LIGHT,
    Die,
    deciding_index,
    dice_row,
    die_svg,
    risk_dice,
    ruin_track,
    sheet_html,
)
from oracle.trophy.character import Character
from oracle.trophy.risk import RiskRoll, read_risk


@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("kind", [LIGHT, DARK])
def test_a_die_shows_its_face_as_that_many_pips_and_in_data_face(face: int, kind: str) -> None:
    svg = die_svg(Die(face, kind))
    assert f'data-face="{face}"' in svg
    assert f"oracle-{kind}" in svg
    assert svg.count("<circle") == face


def test_light_dice_are_bone_and_dark_dice_are_black_with_pale_pips() -> None:
    light, dark = die_svg(Die(3, LIGHT)), die_svg(Die(3, DARK))
    assert 'fill="#e9e1cb"' in light and 'fill="#1b1a15"' in light
    assert 'fill="#111311"' in dark and 'fill="#e4dcc6"' in dark


# Every face of every pool of up to 2 light and 2 dark dice: the die marked as deciding is the one
# the rules core reads as highest (ties go to dark: the Forest's Rule).
@pytest.mark.parametrize("n_light,n_dark", [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (2, 2)])
def test_the_deciding_die_is_the_one_the_rules_read(n_light: int, n_dark: int) -> None:
    for light in itertools.product(range(1, 7), repeat=n_light):
        for dark in itertools.product(range(1, 7), repeat=n_dark):
            result = read_risk(RiskRoll(ruin=1, light=light, dark=dark))
            dice = risk_dice(light, dark)
            marked = [d for d in dice if d.deciding]
            assert len(marked) == 1
            assert marked[0].face == result.highest
            assert (marked[0].kind == DARK) == result.highest_is_dark


def test_deciding_index_of_no_dice_is_none() -> None:
    assert deciding_index([]) is None


def test_the_deciding_die_carries_a_class_and_a_gold_ring() -> None:
    row = dice_row(risk_dice([4], [4]))
    assert row.count("oracle-deciding") == 1
    deciding = re.search(r'<span class="oracle-die oracle-(\w+) oracle-deciding"', row)
    assert deciding is not None and deciding.group(1) == "dark"  # Forest's Rule: a tie is dark


@pytest.mark.parametrize("ruin,start", [(1, 1), (3, 1), (5, 2), (6, 1)])
def test_the_ruin_track_has_six_boxes_with_ruin_of_them_marked(ruin: int, start: int) -> None:
    track = ruin_track(ruin, start)
    assert track.count('class="oracle-ruin-box') == 6
    assert len(re.findall(r'oracle-ruin-box[^"]*\bmarked\b', track)) == ruin
    assert f'<span class="oracle-ruin" data-ruin="{ruin}">{ruin}</span>' in track


def test_counters_and_sheets_escape_player_text() -> None:
    hostile = "<script>alert(1)</script>"
    sheet = sheet_html(Character(name=hostile, occupation="<b>x</b>", conditions=(hostile,),
                                 hunt_tokens=2, gold=3))
    assert "<script>" not in sheet and "&lt;script&gt;" in sheet
    assert 'data-value="2"' in sheet and 'data-value="3"' in sheet
    assert "<b>x</b>" not in counter(1, "<b>x</b>", "c")
    assert esc('"') == "&quot;"


def test_the_stylesheet_ships_with_the_package() -> None:
    css = stylesheet()
    assert ".oracle-die" in css and ".oracle-ruin-box" in css


@pytest.mark.parametrize("kind,data,needle", [
    ("combat_started", {"endurance": 7, "monster": "<the thing>",
                        "fighters": [{"name": "Ash", "weak_point": 3}]},
     "A fight begins against &lt;the thing&gt;, Endurance 7: Ash (Weak Point 3)"),
    ("tokens_spent", {"use": "goal", "from": {"Ash": 3}, "goal": "the stair"},
     "Ash spends 3 Hunt Tokens on a goal: the stair"),
    ("combat_retreated", {"name": "Ash", "to": "Mara"}, "retreats, handing the Weak Point to Mara"),
])
def test_journal_lines_say_what_happened_in_words(kind: str, data: dict[str, object],
                                                  needle: str) -> None:
    from oracle.app.render import entry_line
    from oracle.systems import SYSTEMS

    _css, line = entry_line(SYSTEMS["trophy"], kind, data, None, "fallback")
    assert needle in line
