"""``oracle serve --preheat 1``: a preheated page is built early but never shows a stale journal."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.harness import Server, open_app, shot, start_server, stop_server
from tests.browser.serve_harness import kernels_waiting_for_a_page, wait_until

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def preheated(tmp_path_factory: pytest.TempPathFactory,
              ) -> Iterator[tuple[subprocess.Popen[bytes], Server]]:
    home = tmp_path_factory.mktemp("preheat_home")
    proc, server = start_server(home, home / "serve.log", extra=["--preheat", "1"])
    try:
        yield proc, server
    finally:
        stop_server(proc)


def test_a_preheated_page_catches_up_with_the_campaign_store(
        preheated: tuple[subprocess.Popen[bytes], Server], page: Any) -> None:
    proc, server = preheated
    open_app(page, server.url)
    # The pool refills now: the next kernel runs app.ipynb while no campaign exists yet, and
    # then waits for its page (its voila/query socket open; it used to be a fixed 12 s sleep).
    assert wait_until(lambda: kernels_waiting_for_a_page(proc.pid, server.port), 90), (
        "the pool's next kernel never finished building its page")
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
    open_app(second, server.url)  # a page built before the campaign existed: it catches up
    second.wait_for_function("() => document.querySelector('.oracle-sheet .oracle-ruin') && "
                             "document.querySelector('.oracle-sheet .oracle-ruin')"
                             ".innerText.trim() === '2'")
    assert "Wade the black river" in second.inner_text(".oracle-journal")
    shot(second, "11_preheated_second_tab")
