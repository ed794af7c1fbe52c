"""Player text on the page is shown as typed: never typeset as TeX, never read as HTML or Markdown.

One campaign whose name, character, intent, note, scene title, Ruin reason and Condition are all
the same hostile text; the page must show it literally at a phone's width and a desktop's: no
MathJax output anywhere, no ``<b>`` and no link made from it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.harness import Server, open_app, shot

pytestmark = pytest.mark.browser

EVIL = r"$x^2$ <b>bold</b> [x](javascript:alert(1)) \(y\)"

# What a typesetter or an HTML/Markdown reading of EVIL would leave in the DOM.
_MARKUP_JS = r"""
() => {
  const found = [];
  for (const sel of ['mjx-container', '.MathJax', '.MathJax_Preview', '.MathJax_Display',
                     'mjx-math', 'script[type^="math/tex"]', 'a[href^="javascript"]']) {
    if (document.querySelector(sel)) { found.push(sel); }
  }
  for (const b of document.querySelectorAll('b, strong')) {
    if (b.textContent.trim() === 'bold') { found.push('<b>bold</b> element'); }
  }
  for (const a of document.querySelectorAll('a')) {
    if (a.textContent.trim() === 'x') { found.push('link "x"'); }
  }
  return found;
}
"""


def tab(page: Any, title: str) -> None:
    page.click(f".oracle-tabs .lm-TabBar-tab:has-text('{title}')")


def assert_literal(page: Any, where: str, count: int = 1) -> None:
    """``where`` shows EVIL character for character, ``count`` times at least."""
    page.wait_for_function(
        "([sel, text, n]) => { const el = document.querySelector(sel);"
        " return el && el.innerText.split(text).length - 1 >= n; }",
        arg=[where, EVIL, count], timeout=15_000)


def entries(page: Any) -> int:
    return int(page.locator(".oracle-journal .oracle-entry").count())


def then_entry(page: Any, before: int) -> None:
    """Wait until the journal has a new entry after ``before``."""
    page.wait_for_function(
        "n => document.querySelectorAll('.oracle-journal .oracle-entry').length > n", arg=before)


def assert_no_markup(page: Any) -> None:
    page.wait_for_timeout(1500)  # give a typesetter every chance to run (MathJax is async)
    found = page.evaluate(_MARKUP_JS)
    assert found == [], f"player text became markup: {found}"


def test_hostile_text_is_shown_literally_everywhere(oracle_server: Server, page: Any) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    open_app(page, oracle_server.url)
    page.fill(".oracle-new-campaign input", EVIL)
    page.click("button.oracle-create-campaign")
    assert_literal(page, ".oracle-campaign-name")
    page.wait_for_selector(".oracle-tabs")
    box = page.locator(".oracle-physical input[type=checkbox]")
    if not box.is_checked():
        box.check()
    # a character with Ruin 2, so a Ruin Roll of 6 owes a Condition
    tab(page, "Party")
    page.fill(".oracle-new-name input", EVIL)
    page.fill(".oracle-new-occupation input", EVIL)
    page.fill(".oracle-party input[type=number]", "2")
    page.click("button.oracle-add-character")
    assert_literal(page, ".oracle-party-list")
    page.select_option(".oracle-active select", EVIL)
    assert_literal(page, ".oracle-sheet")
    assert page.eval_on_selector_all(".oracle-active select option",
                                     "os => os.map(o => o.textContent.replace(/\\u00a0/g, ' '))"
                                     ).count(EVIL) == 1  # ipywidgets writes spaces as nbsp
    # intent of a Risk Roll
    tab(page, "Risk")
    page.fill(".oracle-intent input", EVIL)
    page.check(".oracle-skill input[type=checkbox]")
    page.fill(".oracle-light-faces input", "4")
    before = entries(page)
    page.click("button.oracle-risk-roll")
    then_entry(page, before)
    # a note and a scene title
    page.fill(".oracle-note input", EVIL)
    before = entries(page)
    page.click("button.oracle-add-note")
    then_entry(page, before)
    page.wait_for_function("() => document.querySelector('.oracle-note input').value === ''")
    page.fill(".oracle-note input", EVIL)
    before = entries(page)
    page.click("button.oracle-new-scene")
    then_entry(page, before)
    journal = page.inner_text(".oracle-journal")
    for shown in (f"“{EVIL}”", f"Note: {EVIL}", f"Scene: {EVIL}"):
        assert shown in journal
    # a Ruin Roll whose reason is the text, then a Condition named by it
    tab(page, "Ruin")
    page.fill(".oracle-ruin-reason input", EVIL)
    page.fill(".oracle-ruin-face input", "6")
    page.click("button.oracle-ruin-roll")
    # the owed Condition is asked inside the roll's result card (the side panel's box is lent
    # there, so the page holds two views of it: the visible one is the player's)
    page.wait_for_selector(".oracle-condition-text input:visible")
    page.fill(".oracle-condition-text input:visible", EVIL)
    page.click("button.oracle-condition-take:visible")
    page.wait_for_selector(".oracle-condition-box", state="hidden")
    assert_literal(page, ".oracle-sheet", 2)  # the name and the Condition
    # the Hunt tab labels a token box with the character's name (a widget description)
    tab(page, "Hunt")
    page.wait_for_function("t => document.body.innerText.includes(t + ' (')", arg=EVIL)
    assert_no_markup(page)
    shot(page, "inert_1400")
    page.set_viewport_size({"width": 390, "height": 844})
    assert_no_markup(page)
    assert_literal(page, ".oracle-journal", 3)
    assert_literal(page, ".oracle-sheet", 2)
    shot(page, "inert_390")
    # a fresh page on the same campaign (everything drawn again from the journal)
    page.reload(wait_until="domcontentloaded")
    open_app(page, oracle_server.url)
    assert_literal(page, ".oracle-journal", 3)
    assert_literal(page, ".oracle-campaign-name")
    assert_no_markup(page)
