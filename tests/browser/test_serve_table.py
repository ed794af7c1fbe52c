"""``oracle serve --table``: a join link with a key, nothing without it, Host still checked.

Served on 127.0.0.2 (a loopback address that stands for a LAN address: tests bind nothing else).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.harness import open_app, shot
from tests.browser.serve_harness import (
    Served,
    open_page,
    request,
    start,
    stop_server,
    wait_until,
    websocket_handshake,
)

ADDRESS = "127.0.0.2"
NO_KEY = "This table needs its join link"


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, str]]:
    served = start(tmp_path_factory.mktemp("table_home"), "--table", "--host", ADDRESS,
                   address=ADDRESS, wait_for="?join=")
    try:
        match = re.search(rf"http://{re.escape(served.host)}/\?join=([A-Za-z0-9_-]+)",
                          served.log.read_text())
        assert match, served.log.read_text()
        yield served, match.group(1)
    finally:
        stop_server(served.proc)


def test_the_join_link_and_a_qr_code_are_printed(table: tuple[Served, str]) -> None:
    served, key = table
    log = served.log.read_text()
    assert len(key) >= 22
    assert sum(1 for line in log.splitlines() if "\u2580" in line or "\u2584" in line) >= 10


@pytest.mark.parametrize("method,path", [
    ("GET", "/"), ("GET", "/voila/static/voila.js"), ("GET", "/api/kernels/x"),
    ("POST", "/voila/api/shutdown/x"), ("GET", "/?join=wrong"),
])
def test_every_request_without_the_key_is_refused(table: tuple[Served, str], method: str,
                                                  path: str) -> None:
    served, _ = table
    answer = request(served, method, path, {"Cookie": f"oracle_table_{served.port}=wrong"},
                     b"" if method == "POST" else None)
    assert answer.status == 403
    assert NO_KEY in answer.body


def test_the_join_link_sets_the_cookie_and_drops_the_key_from_the_address(
    table: tuple[Served, str],
) -> None:
    served, key = table
    answer = request(served, "GET", f"/?join={key}&theme=dark")
    assert answer.status == 302
    # the key leaves the address; this device gets a seat of its own (oracle.app.seat)
    assert re.fullmatch(r"/\?theme=dark&seat=[A-Za-z0-9_-]{8}", answer.headers["location"])
    again = request(served, "GET", f"/?join={key}&seat=mine")
    assert again.headers["location"] == "/?seat=mine"  # a link that names its seat keeps it
    cookie = next(c for c in answer.cookies if c.startswith(f"oracle_table_{served.port}="))
    assert cookie.startswith(f"oracle_table_{served.port}={key};")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_with_the_key_a_page_and_its_websocket_open_and_host_is_still_checked(
    table: tuple[Served, str],
) -> None:
    served, key = table
    cookie = {"Cookie": f"oracle_table_{served.port}={key}"}
    kernel, _ = open_page(served, cookie)
    # The key remembered for a table on another port of this machine is not this one's.
    assert request(served, "GET", "/", {"Cookie": f"oracle_table_1={key}"}).status == 403
    assert websocket_handshake(served, kernel, cookie) == 101
    assert websocket_handshake(served, kernel, {}) == 403
    foreign = request(served, "GET", "/", {**cookie, "Host": "rebound.example:8866"})
    assert foreign.status == 403 and "not one the oracle answers to" in foreign.body
    other_lan = request(served, "GET", "/", {**cookie, "Host": "192.168.1.99"})
    assert other_lan.status == 403


def test_two_devices_join_and_see_the_same_campaign(table: tuple[Served, str],
                                                    browser: Any) -> None:
    served, key = table
    join = f"{served.url}?join={key}"
    gm_context = browser.new_context(viewport={"width": 1280, "height": 900})
    player_context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        gm = gm_context.new_page()
        open_app(gm, join)
        assert "join=" not in gm.url
        gm.click("button.oracle-quickstart")
        gm.wait_for_selector(".oracle-sheet .oracle-ruin")
        player = player_context.new_page()
        open_app(player, join)
        gm.fill(".oracle-intent input", "Pry the silver eyes from the idol")
        gm.click("button.oracle-risk-roll")
        gm.wait_for_selector(".oracle-risk .oracle-dice [data-roll]")
        player.wait_for_function(
            "() => document.body.innerText.includes('Pry the silver eyes from the idol')",
            timeout=30_000)
        shot(player, "serve_table_player")
        kernel_ids = [p.evaluate("() => JSON.parse(document.getElementById("
                                 "'jupyter-config-data').textContent).kernelId")
                      for p in (gm, player)]
        for page in (gm, player):
            page.close(run_before_unload=True)
        cookie = {"Cookie": f"oracle_table_{served.port}={key}"}
        assert wait_until(lambda: not any(
            request(served, "GET", f"/api/kernels/{k}", cookie).status == 200
            for k in kernel_ids), 15)
    finally:
        gm_context.close()
        player_context.close()


def test_a_device_without_the_link_sees_the_refusal_page(table: tuple[Served, str],
                                                         browser: Any) -> None:
    served, _ = table
    context = browser.new_context()
    try:
        page = context.new_page()
        response = page.goto(served.url)
        assert response is not None and response.status == 403
        assert NO_KEY in page.inner_text("h1")
    finally:
        context.close()
