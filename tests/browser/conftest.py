"""Browser test fixtures; the helpers they use live in ``tests/browser/harness.py``.

- ``oracle_server`` (module scope) starts ``oracle serve --no-browser --port <free>`` with its own
  ``ORACLE_HOME`` and ``ORACLE_NARRATOR=offline``, and stops it (its whole process group) after.
- ``browser`` (module scope) is Playwright's Chromium from ``/usr/bin/chromium``. Missing chromium
  is a skip on a developer machine and a FAILURE under ``CI=true``.
- ``page`` (per test) is a fresh context; a screenshot lands in ``tests/artifacts/`` when the test
  fails.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    Server,
    require_chromium,
    shot,
    start_server,
    stop_server,
)


@pytest.fixture(scope="module")
def oracle_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One ``oracle serve`` for the whole module, with its own campaign store."""
    home = tmp_path_factory.mktemp("browser_home")
    log = home / "serve.log"
    proc, server = start_server(home, log)
    try:
        yield server
    finally:
        stop_server(proc)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, through Playwright's sync API."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture()
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh browser page; screenshot saved when the test fails."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    new_page = context.new_page()
    # Voila's template links a CDN stylesheet; there is no internet here, so refuse it at once.
    new_page.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
    try:
        yield new_page
    finally:
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            with contextlib.suppress(Exception):  # a failed screenshot must not hide the failure
                shot(new_page, f"FAILED_{request.node.name}")
        context.close()


