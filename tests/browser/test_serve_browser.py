"""``oracle serve`` in Chromium: no request leaves the machine, and no kernel outlives its page
(the unload shutdown works with XSRF on; a page whose unload was lost is culled)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.browser.harness import open_app, shot
from tests.browser.serve_harness import (
    Answer,
    Served,
    kernel_alive,
    kernel_processes,
    request,
    start,
    stop_server,
    wait_until,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    running = start(tmp_path_factory.mktemp("serve_browser_home"))  # culls after 600 s
    try:
        yield running
    finally:
        stop_server(running.proc)


@pytest.fixture(scope="module")
def culling(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    running = start(tmp_path_factory.mktemp("serve_cull_home"), "--cull-after", "5")
    try:
        yield running
    finally:
        stop_server(running.proc)


def _kernel_id(page: Any) -> str:
    config = page.evaluate("() => document.getElementById('jupyter-config-data').textContent")
    match = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', config)
    assert match, config[:300]
    return match.group(1)


def test_the_app_asks_no_host_but_its_own(served: Served, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    hosts: list[str] = []
    page.on("request", lambda r: hosts.append(urlsplit(r.url).hostname or r.url))
    # Nothing may reach the network: a request elsewhere would fail here, and is recorded above.
    page.route(re.compile(r"^https?://(?!(?:127\.0\.0\.1|localhost)[:/])"),
               lambda route: route.abort())
    try:
        open_app(page, served.url)
        page.click("button.oracle-quickstart")
        page.wait_for_selector(".oracle-sheet .oracle-ruin")
        page.fill(".oracle-intent input", "Cross the rotten bridge")
        page.click("button.oracle-risk-roll")
        page.wait_for_selector(".oracle-risk .oracle-dice [data-roll]")
        page.wait_for_timeout(1000)  # late fonts and styles
        shot(page, "serve_offline_app")
        page.goto(served.url.replace("127.0.0.1", "localhost") + "voila/files/none.png")
    finally:
        context.close()
    assert hosts, "the browser made no request at all"
    assert set(hosts) <= {"127.0.0.1", "localhost"}, sorted(set(hosts))


def test_six_reloads_leave_at_most_two_kernels(served: Served, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    seen: list[str] = []
    try:
        open_app(page, served.url)
        seen.append(_kernel_id(page))
        for _ in range(6):
            page.reload(wait_until="domcontentloaded")
            page.wait_for_selector(".oracle-app", timeout=60_000)
            seen.append(_kernel_id(page))
        assert len(set(seen)) == 7  # each load had its own kernel
        # A few seconds: each page asked for its kernel's shutdown as it went away.
        wait_until(lambda: len(kernel_processes(served)) <= 2, 15)
        assert len(kernel_processes(served)) <= 2
        alive = [k for k in seen if kernel_alive(served, k)]
        assert len(alive) <= 2
        assert seen[-1] in alive  # the page still open keeps its kernel
        page.close(run_before_unload=True)  # as a browser closes a tab
    finally:
        context.close()
    log = served.log.read_text()
    assert "403 POST /voila/api/shutdown" not in log
    assert wait_until(lambda: not kernel_alive(served, seen[-1]), 15)  # closing the tab too


def test_a_page_whose_unload_was_lost_is_culled(culling: Served, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    # The tab dies without its unload request (a crash, a phone out of battery).
    page.route(re.compile(r"/voila/api/shutdown/"), lambda route: route.abort())
    open_app(page, culling.url)
    kernel = _kernel_id(page)
    context.close()
    assert kernel_alive(culling, kernel)  # the unload request never arrived
    # --cull-after 5: about 5 s after its page left, checked every second.
    assert wait_until(lambda: not kernel_alive(culling, kernel), 60)


def test_at_the_cap_a_page_lost_without_unload_makes_room(tmp_path: Path, browser: Any) -> None:
    served = start(tmp_path, "--max-pages", "2")
    try:
        lost = browser.new_context()
        lost_page = lost.new_page()
        lost_page.route(re.compile(r"/voila/api/shutdown/"), lambda route: route.abort())
        open_app(lost_page, served.url)
        orphan = _kernel_id(lost_page)
        lost.close()  # the tab is gone, its kernel is not
        kept = browser.new_context()
        kept_page = kept.new_page()
        open_app(kept_page, served.url)
        assert kernel_alive(served, orphan)
        # 2 of 2 kernels: a third page gets in once the orphan has been alone a moment.
        third, _ = wait_for_page(served)
        assert not kernel_alive(served, orphan)
        assert kernel_alive(served, _kernel_id(kept_page))  # a page still open is never taken
        assert kernel_alive(served, third)
        assert request(served, "GET", "/").status == 503  # two pages, one never connected
        kept.close()
    finally:
        stop_server(served.proc)


def wait_for_page(served: Served) -> tuple[str, Any]:
    """Ask for the page until it is served (the full page meanwhile); its kernel id."""
    answers: list[Answer] = []

    def served_now() -> bool:
        answers.append(request(served, "GET", "/"))
        return answers[-1].status == 200

    assert wait_until(served_now, 30), answers[-1].body[:300]
    assert all(a.status == 503 for a in answers[:-1])
    match = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', answers[-1].body)
    assert match
    return match.group(1), answers[-1]
