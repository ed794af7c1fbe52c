"""The phone plays one-handed (issue 17 item 3, m6, m10), checked in Chromium at 390x844 and 1400.

- Labels are whole (Quick start's button, the game picker); the tab bar takes at most two rows
  on a phone and one on a desktop; the narrator's pill says it is the narrator's state.
- After a roll on a phone the dice, the outcome and the narration are on one screen (the
  narration is in the result card, and the page scrolls to it); "Playing" is above the form.
- A banner says "Reconnecting" while the kernel's websocket is down, and goes when it is back;
  a roll made then reaches the kernel (play resumes).
- Die Trying's and Triptycho's result cards carry their narration on one screen too.
Screenshots land in ``tests/artifacts/phone_*.png``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.harness import ARTIFACTS, Server, open_app, shot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 900}

# How many rows the tab bar takes (distinct tops of its tabs).
_TAB_ROWS_JS = """
() => new Set([...document.querySelectorAll('.oracle-tabs .lm-TabBar-tab')]
  .map(t => Math.round(t.getBoundingClientRect().top))).size
"""

# Whether a control's words are cut: a button's text overflows it; a select's chosen option is
# wider (measured in the select's own font) than the room the select gives it.
_CUT_JS = """
el => {
  if (el.tagName !== 'SELECT') { return el.scrollWidth > el.clientWidth + 1; }
  const style = getComputedStyle(el);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = style.fontSize + ' ' + style.fontFamily;
  const text = el.options[el.selectedIndex].text;
  const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return ctx.measureText(text).width > room + 1;  // the arrow lies in the right padding
}
"""


@pytest.fixture()
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
    try:
        yield page
    finally:
        context.close()


def _open_campaign(page: Any, url: str) -> None:
    open_app(page, url)
    if page.is_visible("button.oracle-quickstart"):
        page.click("button.oracle-quickstart")
    page.wait_for_selector(".oracle-sheet .oracle-ruin")


def _fresh_campaign(page: Any, url: str) -> None:
    """A new Quick start campaign, whatever the module's earlier tests left open."""
    open_app(page, url)
    tab = page.locator(".oracle-tabs .lm-TabBar-tab:has-text('Campaigns'):visible")
    if tab.count():  # hidden while no campaign exists: the start screen is the whole page
        tab.click()
    again = page.locator("button.oracle-quickstart-again:visible, button.oracle-quickstart:visible")
    again.first.click()
    page.wait_for_selector(".oracle-sheet .oracle-ruin")
    page.click(".oracle-tabs .lm-TabBar-tab:has-text('Risk')")


def _box(page: Any, selector: str) -> dict[str, float]:
    box: dict[str, float] | None = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not on the page"
    return box


def test_labels_are_whole_and_the_tabs_take_two_rows_on_a_phone_and_one_on_a_desktop(
        oracle_server: Server, phone: Any, browser: Any) -> None:
    open_app(phone, oracle_server.url)  # the first test of the module: the start screen
    phone.wait_for_selector("button.oracle-quickstart")
    shot(phone, "phone_start_390")
    assert not phone.eval_on_selector("button.oracle-quickstart", _CUT_JS), "Quick start is cut"
    assert not phone.eval_on_selector(".oracle-new-system select", _CUT_JS), (
        "the game picker cuts its title")
    # the pill is the narrator's, not the connection's
    pill = phone.eval_on_selector(
        ".oracle-narrator-status .widget-html-content",
        "e => getComputedStyle(e, '::before').content + ' ' + e.innerText")
    assert pill.startswith('"Narrator "') and "offline" in pill, pill
    assert phone.locator(".oracle-narrator-status").count() == 1

    _open_campaign(phone, oracle_server.url)
    assert phone.evaluate(_TAB_ROWS_JS) <= 2, "the tab bar takes more than two rows at 390 px"
    shot(phone, "phone_tabs_390")
    context = browser.new_context(viewport=DESKTOP)
    try:
        wide = context.new_page()
        wide.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
        _open_campaign(wide, oracle_server.url)
        assert wide.evaluate(_TAB_ROWS_JS) == 1, "the tab bar wraps at 1400 px"
        shot(wide, "phone_tabs_1400")
    finally:
        context.close()


def test_after_a_roll_the_dice_outcome_and_narration_are_on_one_phone_screen(
        oracle_server: Server, phone: Any) -> None:
    _open_campaign(phone, oracle_server.url)
    # "Playing" is above the roll form (not under the whole form and the sheet)
    assert _box(phone, ".oracle-active")["y"] < _box(phone, ".oracle-tabs")["y"]
    phone.fill(".oracle-intent input", "Wade the black ford")
    roll = phone.locator("button.oracle-risk-roll")
    roll.scroll_into_view_if_needed()
    phone.wait_for_timeout(300)
    roll.click()
    phone.wait_for_function(
        "() => { const t = document.querySelector('.oracle-risk .oracle-told .oracle-told-text');"
        " return t && t.innerText.trim().length > 20 && !t.querySelector('.oracle-spinner'); }")
    phone.wait_for_timeout(1200)  # the smooth scroll to the card ends
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "phone_after_roll_390.png"))  # what the player sees
    for part in (".oracle-risk .oracle-dice .oracle-die", ".oracle-risk .oracle-outcome",
                 ".oracle-risk .oracle-told .oracle-told-text"):
        box = _box(phone, part)
        assert box["y"] >= 0 and box["y"] + min(box["height"], 120) <= PHONE["height"], (
            f"{part} is off the screen after the roll: {box}")


def test_a_banner_says_reconnecting_while_the_connection_is_down_and_play_resumes(
        oracle_server: Server, phone: Any) -> None:
    _fresh_campaign(phone, oracle_server.url)
    banner = phone.locator(".oracle-connection")
    phone.wait_for_timeout(800)
    assert not banner.is_visible(), "the banner shows while the page is connected"
    entries = phone.locator(".oracle-journal .oracle-entry").count()
    # The network goes (no new socket can open) and the kernel's websocket drops with it: the
    # page keeps trying to reconnect, as it does when a phone walks out of the Wi-Fi.
    phone.context.set_offline(True)
    phone.evaluate("""() => {
      const app = window.jupyterapp;
      const manager = app && (app.widgetManager || app._widgetManager);
      const kernel = manager && (manager.kernel || manager._kernel);
      const ws = kernel && (kernel._ws || kernel.ws);
      if (!ws) { throw new Error('no kernel websocket on this page'); }
      ws.close();
    }""")
    banner.wait_for(state="visible", timeout=15_000)  # the drop is noticed on a busy machine too
    assert "Reconnecting" in banner.inner_text()
    shot(phone, "phone_reconnecting_390")
    phone.context.set_offline(False)
    banner.wait_for(state="hidden", timeout=30_000)
    # play resumes: a roll after the reconnection reaches the kernel, is shown and journalled
    phone.fill(".oracle-intent input", "Climb back up the bell rope")
    roll = phone.locator("button.oracle-risk-roll")
    roll.scroll_into_view_if_needed()
    roll.click()
    phone.wait_for_function(
        "n => document.querySelectorAll('.oracle-journal .oracle-entry').length > n",
        arg=entries, timeout=30_000)
    phone.wait_for_selector(".oracle-risk .oracle-dice .oracle-die")
    assert "Climb back up the bell rope" in phone.inner_text(".oracle-journal")
    assert not banner.is_visible()


def test_the_oracle_answer_and_its_narration_are_on_one_phone_screen(oracle_server: Server,
                                                                     phone: Any) -> None:
    _open_campaign(phone, oracle_server.url)
    phone.click(".oracle-tabs .lm-TabBar-tab:has-text('Oracle')")
    phone.fill(".oracle-question input", "Is the ferryman still alive?")
    phone.click("button.oracle-ask")
    phone.wait_for_function(
        "() => { const t = document.querySelector('.oracle-told .oracle-told-text');"
        " return t && t.offsetParent && t.innerText.trim().length > 10"
        " && !t.querySelector('.oracle-spinner'); }")
    phone.wait_for_timeout(1200)  # the smooth scroll ends
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "phone_oracle_390.png"))
    for part in (".oracle-answer .widget-html-content > *", ".oracle-told .oracle-told-text"):
        box = phone.locator(part).first.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + 20 <= PHONE["height"], (
            f"{part} is off the screen after asking: {box}")


# Cells of a table whose words are broken: a word wider (in the cell's own font) than the room
# the cell gives it.
_BROKEN_CELLS_JS = """
sel => [...document.querySelectorAll(sel + ' th, ' + sel + ' td')].filter(cell => {
  const style = getComputedStyle(cell);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
  const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return cell.innerText.split(/\\s+/).some(w => w && ctx.measureText(w).width > room + 1);
}).map(cell => cell.innerText)
"""


def _on_one_screen(page: Any, card: str, parts: tuple[str, ...]) -> None:
    """After a roll in ``card`` the page scrolled to it: each part of it is on the screen."""
    page.wait_for_function(
        "sel => { const t = document.querySelector(sel + ' .oracle-told .oracle-told-text');"
        " return t && t.innerText.trim().length > 20 && !t.querySelector('.oracle-spinner'); }",
        arg=card)
    page.wait_for_timeout(1200)  # the scroll to the card ends
    for part in parts:
        box = _box(page, part)
        assert box["y"] >= 0 and box["y"] + min(box["height"], 120) <= PHONE["height"], (
            f"{part} is off the screen after the roll: {box}")


def test_a_die_trying_and_a_triptycho_result_card_carry_their_narration_on_one_screen(
        oracle_server: Server, phone: Any) -> None:
    from tests.browser.test_systems_browser import new_campaign

    open_app(phone, oracle_server.url)
    tab = phone.locator(".oracle-tabs .lm-TabBar-tab:has-text('Campaigns')")
    if tab.count():  # a campaign of the earlier tests is open: its Campaigns tab has the picker
        tab.click()
    new_campaign(phone, "Phone barrow", "Die Trying")
    phone.fill(".oracle-dt-name input", "Pip")
    phone.click("button.oracle-dt-create")
    phone.wait_for_selector(".oracle-dt-party tr[data-name='Pip']")
    assert phone.evaluate(_BROKEN_CELLS_JS, ".oracle-die-trying-party") == [], (
        "the party table breaks words at 390 px")
    phone.fill(".oracle-dt-check-faces input", "7")
    roll = phone.locator("button.oracle-dt-roll-check")
    roll.scroll_into_view_if_needed()
    phone.wait_for_timeout(300)
    roll.click()
    card = ".oracle-result-card:has(.oracle-dt-check-result)"
    _on_one_screen(phone, card, (f"{card} .oracle-dt-check-result [data-roll]",
                                 f"{card} .oracle-told .oracle-told-text"))
    shot(phone, "phone_die_trying_card_390")

    new_campaign(phone, "Phone scenario", "Triptycho")
    for name, player in (("Rook", True), ("Viper", False)):
        phone.fill(".oracle-tp-name input", name)
        if not player:
            phone.uncheck(".oracle-tp-player input")
        phone.click("button.oracle-tp-join")
        phone.wait_for_selector(f".oracle-tp-attacker select option:has-text('{name}')",
                                state="attached")
    phone.click("button.oracle-tp-start")
    phone.wait_for_selector(".oracle-triptycho-tracker td")
    assert phone.evaluate(_BROKEN_CELLS_JS, ".oracle-triptycho-tracker") == [], (
        "the Triptycho roster breaks words at 390 px")
    wide = phone.evaluate("() => { const p = document.querySelector('.oracle-triptycho');"
                          " return [p.scrollWidth - p.clientWidth,"
                          " p.getBoundingClientRect().right - window.innerWidth]; }")
    assert max(wide) <= 1, f"the Triptycho panel is wider than a phone: {wide}"
    for name in ("Rook", "Viper"):
        phone.locator(".oracle-tp-who select").select_option(label=name)
        phone.click("button.oracle-tp-roll-init")
    phone.click("button.oracle-tp-draw")
    phone.click("button.oracle-tp-next")
    phone.locator(".oracle-tp-attacker select").select_option(label="Rook")
    phone.locator(".oracle-tp-target select").select_option(label="Viper")
    attack = phone.locator("button.oracle-tp-roll")
    attack.scroll_into_view_if_needed()
    phone.wait_for_timeout(300)
    attack.click()
    card = ".oracle-result-card:has(.oracle-tp-result)"
    _on_one_screen(phone, card, (f"{card} .oracle-tp-result [data-roll]",
                                 f"{card} .oracle-told .oracle-told-text"))
    shot(phone, "phone_triptycho_card_390")


def test_a_condition_owed_is_asked_near_the_result_on_a_phone(oracle_server: Server,
                                                              phone: Any) -> None:
    _fresh_campaign(phone, oracle_server.url)
    phone.check(".oracle-physical input")
    phone.fill(".oracle-intent input", "Wade the black ford")
    phone.check(".oracle-dark-toggle input")
    phone.fill(".oracle-light-faces input", "2")
    phone.fill(".oracle-dark-faces input", "6")  # the dark die is highest and beats Ruin
    roll = phone.locator("button.oracle-risk-roll")
    roll.scroll_into_view_if_needed()
    phone.wait_for_timeout(300)
    roll.click()
    phone.wait_for_selector(".oracle-condition-box .oracle-condition-prompt", state="visible")
    card, prompt = _box(phone, ".oracle-risk .oracle-outcome"), _box(
        phone, ".oracle-condition-box .oracle-condition-prompt")
    shot(phone, "phone_condition_near_result_390")
    assert 0 < prompt["y"] - card["y"] < PHONE["height"], (
        f"the Condition is asked a screen or more below the result: {card} {prompt}")
