"""Every width plays: a phone (390x844), a tablet (768), a small laptop (1024) and a desktop (1400).

At each width a Risk Roll is made in Chromium, and the page is checked the way a player would
see it: nothing runs past the right edge (the document does not scroll sideways and no visible
control ends beyond the viewport), the roll button is on screen, every tab title is whole, every
checkbox label is whole, and on narrow screens the play column comes before the sheet and the
journal. A screenshot of each width lands in ``tests/artifacts/width_<w>.png``.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.app.shell import GENERIC_TABS
from oracle.app.trophy import OFFERING
from tests.browser.harness import Server, open_app, shot

pytestmark = pytest.mark.browser

WIDTHS = ((390, 844), (768, 1024), (1024, 768), (1400, 900))
# Every tab of a Trophy campaign, as the app offers them (its own, then the generic ones).
TROPHY_TABS = (*OFFERING.tabs, *GENERIC_TABS)

# Every visible element of the app whose right edge lies beyond the viewport (rounding aside).
_OVERFLOW_JS = """
() => {
  const width = window.innerWidth;
  const out = [];
  for (const el of document.querySelectorAll('.oracle-app *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) { continue; }
    if (el.closest('.oracle-journal-scroll') && el !== el.closest('.oracle-journal-scroll')) {
      continue;  // inside the journal's own scroll box, which itself must fit
    }
    if (box.right > width + 1 || box.left < -1) {
      out.push((el.className && el.className.baseVal === undefined ? el.className : el.tagName)
               + ' ' + Math.round(box.left) + '..' + Math.round(box.right));
    }
  }
  return {doc: document.documentElement.scrollWidth, width: width, out: out.slice(0, 8)};
}
"""

# Tab titles and checkbox labels: the text each shows, and whether any of it is cut off.
_LABELS_JS = """
() => {
  const cut = el => el.scrollWidth > el.clientWidth + 1;
  const tabs = [...document.querySelectorAll('.oracle-tabs .lm-TabBar-tab')].map(t => {
    const label = t.querySelector('.lm-TabBar-tabLabel') || t;
    const box = t.getBoundingClientRect();
    return {text: label.innerText.trim(), cut: cut(label) || cut(t),
            inside: box.left >= -1 && box.right <= window.innerWidth + 1};
  });
  const boxes = [...document.querySelectorAll('.oracle-app .widget-checkbox')]
    .filter(b => b.getBoundingClientRect().width > 0)
    .map(b => { const s = b.querySelector('span'); return {text: s ? s.innerText : '',
                                                            cut: s ? cut(s) || cut(b) : false}; });
  return {tabs: tabs, boxes: boxes};
}
"""


def _roll_risk(page: Any) -> None:
    page.click(".oracle-tabs .lm-TabBar-tab:has-text('Risk')")
    page.fill(".oracle-intent input", "Climb the ruined bell tower")
    box = page.locator(".oracle-skill input[type=checkbox]")
    if not box.is_checked():
        box.check()
    before = page.evaluate("() => { const r = document.querySelector('.oracle-risk .oracle-dice "
                           "[data-roll]'); return r ? r.dataset.roll : ''; }")
    page.click("button.oracle-risk-roll")
    page.wait_for_function(
        "before => { const r = document.querySelector('.oracle-risk .oracle-dice [data-roll]');"
        " return r && r.dataset.roll !== before; }", arg=before)
    page.wait_for_timeout(400)  # the journal line and the sheet refresh after the dice


@pytest.mark.parametrize(("width", "height"), WIDTHS, ids=[f"{w}" for w, _ in WIDTHS])
def test_a_risk_roll_plays_at_every_width(oracle_server: Server, browser: Any, width: int,
                                          height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(30_000)
    page = context.new_page()
    import re

    page.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
    try:
        open_app(page, oracle_server.url)
        if page.is_visible("button.oracle-quickstart"):
            page.click("button.oracle-quickstart")
        page.wait_for_selector(".oracle-sheet .oracle-ruin")
        roll = page.locator("button.oracle-risk-roll")
        roll.scroll_into_view_if_needed()
        box = roll.bounding_box()
        assert box is not None and box["width"] > 40, "the roll button is not on the page"
        assert 0 <= box["x"] and box["x"] + box["width"] <= width, (
            f"the roll button lies outside the {width}px screen: {box}")

        _roll_risk(page)
        dice = page.eval_on_selector_all(".oracle-risk .oracle-dice .oracle-die",
                                         "els => els.length")
        assert dice >= 1, "the roll drew no dice"
        path = shot(page, f"width_{width}")
        assert path.exists()

        overflow = page.evaluate(_OVERFLOW_JS)
        assert overflow["doc"] <= width, f"the page scrolls sideways at {width}px: {overflow}"
        assert not overflow["out"], f"controls run past the right edge at {width}px: {overflow}"

        labels = page.evaluate(_LABELS_JS)
        titles = [t["text"] for t in labels["tabs"]]
        assert titles == list(TROPHY_TABS), f"tab titles are not whole at {width}px: {titles}"
        assert not [t for t in labels["tabs"] if t["cut"] or not t["inside"]], labels["tabs"]
        cut = [b["text"] for b in labels["boxes"] if b["cut"]]
        assert not cut, f"checkbox labels cut at {width}px: {cut}"

        # The journal line of this roll is there, inside the screen.
        journal = page.locator(".oracle-journal").bounding_box()
        assert journal is not None and journal["x"] + journal["width"] <= width + 1
        main = page.locator(".oracle-main").bounding_box()
        side = page.locator(".oracle-side").bounding_box()
        assert main is not None and side is not None
        if width < 900:  # narrow: the play column comes first, the sheet and journal under it
            assert side["y"] >= main["y"] + main["height"] - 1, (main, side)
            assert main["width"] >= width * 0.85, f"the play column is squeezed: {main}"
        else:  # wide: side by side
            assert side["x"] >= main["x"] + main["width"] - 1, (main, side)
            assert abs(side["y"] - main["y"]) < 40
    finally:
        context.close()
