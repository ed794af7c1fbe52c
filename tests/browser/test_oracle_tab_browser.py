"""The Oracle tab's deeper controls in Debian's Chromium (issue 19): words drawn from a meaning
table and a scene's end that moves dread, as a player clicks them."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.solo.meaning_tables import our_tables
from tests.browser.harness import Server, open_app, shot

pytestmark = pytest.mark.browser


def test_meaning_words_and_a_scene_end_show_on_the_page(oracle_server: Server,
                                                        page: Any) -> None:
    open_app(page, oracle_server.url)
    if page.is_visible("button.oracle-quickstart"):
        page.click("button.oracle-quickstart")
        page.wait_for_selector(".oracle-sheet .oracle-ruin")
    page.click(".oracle-tabs .lm-TabBar-tab:has-text('Oracle')")
    page.wait_for_selector(".oracle-meaning-table select")
    size = len(our_tables("trophy")["omens"].entries)
    page.select_option(".oracle-meaning-table select", label=f"omens ({size})")
    page.click("button.oracle-meaning-draw")
    page.wait_for_selector(".oracle-meaning-drawn .oracle-meaning-words")
    drawn = page.inner_text(".oracle-meaning-drawn")
    assert drawn.startswith("omens:") and drawn.count("·") == 1  # two omens, by default
    page.select_option(".oracle-scene-went select", label="it went against me")
    page.click("button.oracle-scene-end")
    page.wait_for_function("() => document.querySelector('.oracle-scene-ended')"
                           ".innerText.includes('went against you')")
    assert "dread 1 -> 2" in page.inner_text(".oracle-scene-ended")
    page.wait_for_function("() => document.querySelector('.oracle-dread-why')"
                           ".innerText.includes('+1')")
    journal = page.inner_text(".oracle-journal")
    assert ("Meaning drawn from the omens table: " in journal
            and "The scene ends. The scene went against you" in journal)
    shot(page, "oracle_tab_meaning_scene_end")
    body = page.inner_text("body")
    assert "Traceback" not in body
