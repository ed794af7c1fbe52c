"""Corrections and choices a sheet allows, in Chromium on a phone (issue 17 item 4): a Ruin
corrected with its reason from the side panel, then a Weak Point hit whose armor question lets
the player pick which piece to mark, at 390 px. Screenshots land in
``tests/artifacts/sheet_*.png``."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.journal.campaign import Campaign
from oracle.trophy import events
from tests.browser.harness import Server, open_app, shot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def seat(server: Server) -> None:
    """Oswin (two pieces of armor, Ruin 4) and Teague, Oswin played first."""
    with Campaign.create("Sheet on a phone", "trophy", home=server.home, events=[
        events.character_created({"name": "Oswin Lantern", "occupation": "Soldier",
                                  "armor": ["Helm", "Gambeson"], "ruin": 4}),
        events.character_created({"name": "Teague Yew", "occupation": "Thief"}),
    ]):
        pass


def ruin_is(page: Any, value: int) -> None:
    page.wait_for_function("v => document.querySelector('.oracle-sheet .oracle-ruin')"
                           ".innerText.trim() === v", arg=str(value))


def test_a_ruin_corrected_and_an_armor_piece_picked_on_a_phone(oracle_server: Server,
                                                                page: Any) -> None:
    seat(oracle_server)
    page.set_viewport_size(PHONE)
    open_app(page, oracle_server.url)
    page.wait_for_selector(".oracle-sheet .oracle-ruin")
    assert page.input_value(".oracle-active select") == "Oswin Lantern"
    ruin_is(page, 4)

    # correct the Ruin, saying why
    page.click("button.oracle-correct-open")
    page.wait_for_selector(".oracle-correct-form", state="visible")
    page.select_option(".oracle-correct-what select", label="Ruin")
    page.wait_for_selector(".oracle-correct-now:has-text('Ruin is 4')")
    page.fill(".oracle-correct-to input", "7")  # beyond the track: refused in words
    page.fill(".oracle-correct-reason input", "misread the dark die")
    page.click("button.oracle-correct-apply")
    page.wait_for_selector(".oracle-correct-error:has-text('Ruin runs from')")
    ruin_is(page, 4)
    shot(page, "sheet_correct_refused_390")
    page.fill(".oracle-correct-to input", "3")
    page.click("button.oracle-correct-apply")
    ruin_is(page, 3)
    line = "Correction: Oswin Lantern's Ruin 4 → 3 (misread the dark die)"
    page.wait_for_selector(f".oracle-journal-entries:has-text(\"{line}\")")
    assert line in page.inner_text(".oracle-correct-done")
    assert page.is_hidden(".oracle-correct-form")
    shot(page, "sheet_corrected_390")
    page.set_viewport_size({"width": 1400, "height": 900})
    page.click("button.oracle-correct-open")
    page.select_option(".oracle-correct-what select", label="Add a Condition")
    page.wait_for_selector(".oracle-correct-condition input", state="visible")
    shot(page, "sheet_correct_form_1400")
    page.click("button.oracle-correct-open")  # closed again
    page.set_viewport_size(PHONE)

    # a Weak Point hit: pick the Gambeson, not the first piece
    box = page.locator(".oracle-physical input[type=checkbox]")
    if not box.is_checked():
        box.check()
    page.click(".oracle-tabs .lm-TabBar-tab:has-text('Combat')")
    page.fill(".oracle-endurance input", "12")
    page.fill(".oracle-weak-faces input", "3")
    page.click("button.oracle-combat-start")
    page.wait_for_selector(".oracle-combat-faces input", state="visible")
    page.fill(".oracle-combat-faces input", "3")
    page.click("button.oracle-combat-roll")
    page.wait_for_selector(".oracle-armor-question", state="visible")
    ruin_is(page, 4)  # the hit, until armor is marked
    piece = ".oracle-armor-question .oracle-armor-piece select"
    page.wait_for_selector(piece, state="visible")
    assert page.eval_on_selector(piece, "s => [...s.options].map(o => o.text)") == [
        "Helm", "Gambeson"]
    page.select_option(piece, label="Gambeson")
    page.locator(".oracle-armor-question").scroll_into_view_if_needed()
    shot(page, "sheet_armor_piece_390")
    page.click("button.oracle-armor-mark")
    page.wait_for_selector(".oracle-armor-question", state="hidden")
    ruin_is(page, 3)
    armor = page.inner_text(".oracle-sheet-armor")
    assert "Gambeson (marked)" in armor and "Helm (marked)" not in armor
    page.wait_for_selector(".oracle-journal-entries:has-text('marks armor after the roll "
                           "(Gambeson)')")
    shot(page, "sheet_armor_marked_390")
    # nothing on the phone is wider than the screen
    wide = page.evaluate("() => [...document.querySelectorAll('.oracle-correct, "
                         ".oracle-armor-question')].map(e => e.getBoundingClientRect().right)")
    assert all(right <= PHONE["width"] + 1 for right in wide), wide


def test_a_named_treasure_and_the_homecoming_on_a_phone(oracle_server: Server,
                                                         page: Any) -> None:
    with Campaign.create("Treasure and town", "trophy", home=oracle_server.home, events=[
        events.character_created({"name": "Oswin Lantern", "occupation": "Soldier",
                                  "hunt_tokens": 1}),
        events.character_created({"name": "Teague Yew", "occupation": "Thief"}),
        events.incursion_started("The Drowned Abbey", [("The ford", "cross it"),
                                                       ("The nave", "ring the bell")]),
        events.set_goal_reached(),
    ]):
        pass
    page.set_viewport_size(PHONE)
    open_app(page, oracle_server.url)
    page.wait_for_selector(".oracle-sheet .oracle-ruin")
    page.click(".oracle-tabs .lm-TabBar-tab:has-text('Hunt')")
    page.click("button.oracle-spend-treasure")
    page.wait_for_selector(".oracle-treasure-found:has-text('finds a treasure worth 1 Gold')")
    page.wait_for_selector("button.oracle-spend-treasure:disabled")  # no token left
    found = page.inner_text(".oracle-treasure-found")
    page.locator(".oracle-treasure-found").scroll_into_view_if_needed()
    shot(page, "sheet_treasure_390")
    page.click(".oracle-tabs .lm-TabBar-tab:has-text('Incursion')")
    page.click("button.oracle-incursion-town")
    page.wait_for_selector(".oracle-homecoming:has-text('back in town')")
    home = page.inner_text(".oracle-homecoming")
    assert "Sets cleared: 1 of 2 (The ford)" in home
    assert "Gold collected: 1" in home
    assert "Came back: Oswin Lantern, Teague Yew" in home
    assert found.split(": ", 1)[1].strip()[:20] in page.inner_text(".oracle-journal-entries")
    page.locator(".oracle-homecoming").scroll_into_view_if_needed()
    shot(page, "sheet_homecoming_390")
