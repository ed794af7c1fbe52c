"""The big moments in Chromium (issue 17): the side panel after a Weak Point hit and armor
(M1), the loss voiced about the one who is lost and the X-card on its screen (M2, M4), a
monster defeated then armor kept defeated (M5), a tap on a name ticking its box (m1). Each test
seats its own campaign in the server's store; the page opens it as the last one."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.journal.campaign import Campaign
from oracle.trophy import events
from tests.browser.harness import Server, open_app, shot

pytestmark = pytest.mark.browser

WIDE = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}


def seat(server: Server, name: str, oswin_ruin: int) -> None:
    """A campaign with Oswin (armor, Ruin ``oswin_ruin``) and Teague, Oswin played first."""
    with Campaign.create(name, "trophy", home=server.home, events=[
        events.character_created({"name": "Oswin Lantern", "occupation": "Soldier",
                                  "armor": ["Helm"], "starting_ruin": oswin_ruin}),
        events.character_created({"name": "Teague Yew", "occupation": "Thief"}),
    ]):
        pass


def ready(page: Any, server: Server, name: str, oswin_ruin: int) -> None:
    seat(server, name, oswin_ruin)
    page.set_viewport_size(WIDE)
    open_app(page, server.url)
    page.wait_for_selector(".oracle-sheet .oracle-ruin")
    box = page.locator(".oracle-physical input[type=checkbox]")
    if not box.is_checked():
        box.check()
    page.wait_for_selector(".oracle-light-faces input", state="visible")


def tab(page: Any, title: str) -> None:
    page.click(f".oracle-tabs .lm-TabBar-tab:has-text('{title}')")


def tap_name(page: Any, hook: str, name: str) -> None:
    """Tap the name beside a box (not the box), as a thumb on a phone does."""
    page.wait_for_selector(f".{hook} .oracle-tick:has-text('{name}')")
    caption = page.locator(f".{hook} .oracle-tick:has-text('{name}') .oracle-caption")
    caption.scroll_into_view_if_needed()
    box = caption.bounding_box()
    assert box is not None
    # where the name is drawn: whatever lies on top there takes the tap, as on a phone
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def ticked(page: Any, hook: str, name: str) -> bool:
    checked: bool = page.locator(f".{hook} .oracle-tick:has-text('{name}') "
                                 "input[type=checkbox]").is_checked()
    return checked


def start_fight(page: Any, weak: str, endurance: int = 12) -> None:
    tab(page, "Combat")
    page.fill(".oracle-endurance input", str(endurance))
    for name in ("Oswin Lantern", "Teague Yew"):
        if not ticked(page, "oracle-fighters", name):
            tap_name(page, "oracle-fighters", name)
    page.fill(".oracle-weak-faces input", weak)
    page.click("button.oracle-combat-start")
    page.wait_for_selector(".oracle-combat-faces input", state="visible")


def test_tapping_a_name_beside_a_box_ticks_it(oracle_server: Server, page: Any) -> None:
    ready(page, oracle_server, "Tap the names", 1)
    tab(page, "Combat")
    for width in (WIDE, PHONE):
        page.set_viewport_size(width)
        for name in ("Oswin Lantern", "Teague Yew"):
            before = ticked(page, "oracle-fighters", name)
            tap_name(page, "oracle-fighters", name)
            page.wait_for_function(
                "([n, want]) => [...document.querySelectorAll('.oracle-fighters .oracle-tick')]"
                ".some(t => t.innerText.includes(n) && t.querySelector('input').checked === want)",
                arg=[name, not before])
    shot(page, "m1_ticks_tapped_390")


def test_a_weak_point_hit_then_armor_never_says_anyone_was_lost(oracle_server: Server,
                                                                page: Any) -> None:
    ready(page, oracle_server, "Weak Point and armor", 4)
    start_fight(page, "5 3")
    page.fill(".oracle-combat-faces input", "5 5")  # Oswin's Weak Point twice: Ruin 4 -> 6
    page.click("button.oracle-combat-roll")
    page.wait_for_selector(".oracle-armor-question", state="visible")
    assert "lost themself" not in page.inner_text(".oracle-app")
    assert page.input_value(".oracle-active select") == "Oswin Lantern"
    shot(page, "M1_armor_question_1400")
    page.set_viewport_size(PHONE)
    shot(page, "M1_armor_question_390")
    page.set_viewport_size(WIDE)
    page.click("button.oracle-armor-mark")
    page.wait_for_selector(".oracle-armor-question", state="hidden")
    page.wait_for_function("() => document.querySelector('.oracle-sheet .oracle-ruin')"
                           ".innerText.trim() === '4'")
    assert page.input_value(".oracle-active select") == "Oswin Lantern"
    assert "lost themself" not in page.inner_text(".oracle-app")
    assert not page.is_visible(".oracle-lost-screen .oracle-lost-text")
    shot(page, "M1_after_armor_1400")


def test_losing_yourself_is_told_about_the_one_lost_and_the_x_card_clears_it(
        oracle_server: Server, page: Any) -> None:
    ready(page, oracle_server, "Lost and X-card", 5)
    tab(page, "Ruin")
    page.fill(".oracle-ruin-face input", "6")
    page.click("button.oracle-ruin-roll")
    page.wait_for_selector(".oracle-lost-text:has-text('Oswin Lantern loses themself')")
    page.wait_for_function("() => document.querySelector('.oracle-lost-text .narration')"
                           " && document.querySelector('.oracle-lost-text .narration')"
                           ".innerText.trim().length > 0")
    told = page.inner_text(".oracle-lost-text .narration")
    assert "Teague" not in told
    shot(page, "M2_lost_1400")
    page.set_viewport_size(PHONE)
    shot(page, "M2_lost_390")
    page.set_viewport_size(WIDE)
    page.click("button.oracle-x-card")
    page.wait_for_function(
        "old => { const n = document.querySelector('.oracle-lost-text .narration');"
        " return n && n.innerText.trim() !== old; }", arg=told.strip())
    assert told.strip() not in page.inner_text(".oracle-lost-text")
    shot(page, "M4_x_card_1400")


def test_a_monster_defeated_then_armor_stays_defeated_with_gold_to_collect(
        oracle_server: Server, page: Any) -> None:
    ready(page, oracle_server, "Defeat then armor", 1)
    tab(page, "Combat")
    page.fill(".oracle-monster input", "Pale Stag")
    page.fill(".oracle-monster-gold input", "2")
    start_fight(page, "5 3", endurance=9)
    page.fill(".oracle-combat-faces input", "5 6")  # 11 against 9, and Oswin is hit
    page.click("button.oracle-combat-roll")
    page.wait_for_selector(".oracle-armor-question", state="visible")
    page.click("button.oracle-armor-mark")
    page.wait_for_selector(".oracle-armor-question", state="hidden")
    tab(page, "Incursion")
    page.wait_for_selector(".oracle-quarry:has-text('2 Gold to collect')")
    assert "not defeated" not in page.inner_text(".oracle-quarry")
    shot(page, "M5_gold_to_collect_1400")


def test_on_a_phone_the_lost_screen_comes_into_view_when_a_helper_is_lost(
        oracle_server: Server, page: Any) -> None:
    """The helper (Teague, not the one played) is lost on Oswin's roll: on a phone the Fate
    choice opens above the tabs, a whole form away; the page brings it into view."""
    with Campaign.create("Lost on a phone", "trophy", home=oracle_server.home, events=[
        events.character_created({"name": "Oswin Lantern", "occupation": "Soldier"}),
        events.character_created({"name": "Teague Yew", "occupation": "Thief",
                                  "starting_ruin": 5}),
    ]):
        pass
    page.set_viewport_size(PHONE)
    open_app(page, oracle_server.url)
    page.wait_for_selector(".oracle-sheet .oracle-ruin")
    box = page.locator(".oracle-physical input[type=checkbox]")
    if not box.is_checked():
        box.check()
    page.fill(".oracle-intent input", "Wrench the chapel door off its hinges")
    page.check(".oracle-skill input[type=checkbox]")
    page.check(".oracle-dark-toggle input[type=checkbox]")
    tap_name(page, "oracle-helpers", "Teague Yew")
    page.fill(".oracle-light-faces input", "5")
    page.fill(".oracle-dark-faces input", "3")
    page.fill(".oracle-helper-faces input", "3")  # matches the dark die: Teague marks 6
    page.locator("button.oracle-risk-roll").scroll_into_view_if_needed()
    page.click("button.oracle-risk-roll")
    page.wait_for_selector(".oracle-lost-text:has-text('Teague Yew loses themself')")
    page.wait_for_timeout(1500)  # the card's narration lands meanwhile
    death = page.locator("button.oracle-fate-death").bounding_box()
    assert death is not None and 0 <= death["y"] <= PHONE["height"] - death["height"]
    shot(page, "lost_screen_in_view_390")
