"""Every choice a select shows is whole, at 1400 and 390 px (issue 17: cut labels).

The Die Trying panel's selects showed "dexte", "perceptio", "skil", "slas", "intell" at
1400 px: their width held the label and half the choice. Each visible select's chosen text is
measured in its own font against the room the select leaves it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.harness import Server, open_app, shot
from tests.browser.test_systems_browser import choose, new_campaign

pytestmark = pytest.mark.browser

# Each visible select in ``scope`` whose chosen text is wider than the room it has.
_CUT_JS = """
scope => {
  const out = [];
  const pen = document.createElement('canvas').getContext('2d');
  for (const s of document.querySelectorAll(scope + ' select')) {
    if (!s.offsetParent || s.selectedIndex < 0) { continue; }
    const style = getComputedStyle(s);
    pen.font = style.font;
    const text = s.options[s.selectedIndex].text;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (pen.measureText(text).width > room + 1) { out.push(text); }
  }
  return out;
}
"""

# The longest choice of each Die Trying select whose choices are fixed words.
LONGEST = {".oracle-dt-ability": "intelligence", ".oracle-dt-skill": "intimidation",
           ".oracle-dt-kind": "attack", ".oracle-dt-cast-ability": "intelligence",
           ".oracle-dt-damage-type": "bludgeoning"}


@pytest.mark.parametrize("width", [1400, 390])
def test_die_trying_selects_show_their_longest_choice_whole(oracle_server: Server, page: Any,
                                                           width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900 if width > 500 else 844})
    open_app(page, oracle_server.url)
    new_campaign(page, f"Whole words {width}", "Die Trying")
    page.wait_for_selector(".oracle-die-trying .oracle-dt-create")
    cut: list[str] = list(page.evaluate(_CUT_JS, ".oracle-die-trying"))
    for box, longest in LONGEST.items():
        choose(page, box, longest)
        cut += [f"{box}: {text}" for text in page.evaluate(_CUT_JS, box)]
    shot(page, f"die_trying_selects_{width}")
    assert cut == []
