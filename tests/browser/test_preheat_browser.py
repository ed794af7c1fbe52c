"""``oracle serve --preheat 1``: a preheated page is built early but never shows a stale journal."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.harness import Server, open_app, shot, start_server, stop_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def preheated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("preheat_home")
    proc, server = start_server(home, home / "serve.log", extra=["--preheat", "1"])
    try:
        yield server
    finally:
        stop_server(proc)


def test_a_preheated_page_catches_up_with_the_campaign_store(preheated: Server,
                                                              page: Any) -> None:
    open_app(page, preheated.url)
    # The pool refills now: the next kernel runs app.ipynb while no campaign exists yet.
    time.sleep(12)
    page.click("button.oracle-quickstart")
    page.wait_for_selector(".oracle-sheet .oracle-ruin")
    page.check(".oracle-physical input[type=checkbox]")
    page.fill(".oracle-intent input", "Wade the black river")
    page.check(".oracle-dark-toggle input[type=checkbox]")
    page.fill(".oracle-light-faces input", "1")  # Quick start offers the Skill die
    page.fill(".oracle-dark-faces input", "6")
    page.click("button.oracle-risk-roll")
    page.wait_for_function("() => document.querySelector('.oracle-sheet .oracle-ruin')"
                           ".innerText.trim() === '2'")
    second = page.context.new_page()
    open_app(second, preheated.url)  # a page built before the campaign existed: it catches up
    second.wait_for_function("() => document.querySelector('.oracle-sheet .oracle-ruin') && "
                             "document.querySelector('.oracle-sheet .oracle-ruin')"
                             ".innerText.trim() === '2'")
    assert "Wade the black river" in second.inner_text(".oracle-journal")
    shot(second, "11_preheated_second_tab")
