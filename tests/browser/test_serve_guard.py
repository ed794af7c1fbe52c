"""``oracle serve`` reached by raw HTTP: only its player gets in (Host, Origin, XSRF), at most
``--max-pages`` kernels live, and a kernel's page can shut it down. No browser needed."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

from tests.browser.serve_harness import (
    Served,
    kernel_alive,
    open_page,
    request,
    start,
    stop_server,
    websocket_handshake,
)

FOREIGN = "rebound.example:8866"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    running = start(tmp_path_factory.mktemp("guard_home"), "--max-pages", "2")
    try:
        yield running
    finally:
        stop_server(running.proc)


@pytest.fixture(scope="module")
def kernel(served: Served) -> str:
    kernel_id, _ = open_page(served)
    return kernel_id


def _xsrf(cookies: list[str]) -> str:
    for cookie in cookies:
        match = re.match(r"_xsrf=([^;]+)", cookie)
        if match:
            return match.group(1)
    raise AssertionError(f"no _xsrf cookie among {cookies}")


def _shutdown(served: Served, kernel_id: str, xsrf: str | None,
              headers: dict[str, str] | None = None, field: str | None = None) -> int:
    """POST the page's unload request as Voila sends it (cookie, and form field `_xsrf`)."""
    extra = dict(headers or {})
    body = b""
    if xsrf is not None:
        extra["Cookie"] = f"_xsrf={xsrf}"
        body = f"_xsrf={quote(field or xsrf)}".encode()
    extra["Content-Type"] = "application/x-www-form-urlencoded"
    return request(served, "POST", f"/voila/api/shutdown/{kernel_id}", extra, body).status


@pytest.mark.parametrize("method,path", [
    ("GET", "/"),
    ("GET", "/voila/static/voila.js"),
    ("GET", "/api/kernels/{kernel}"),
    ("POST", "/voila/api/shutdown/{kernel}"),
])
def test_a_foreign_host_is_refused_with_our_page(served: Served, kernel: str, method: str,
                                                 path: str) -> None:
    answer = request(served, method, path.format(kernel=kernel), {"Host": FOREIGN},
                     b"" if method == "POST" else None)
    assert answer.status == 403
    assert "This address is not one the oracle answers to" in answer.body
    assert "Traceback" not in answer.body
    assert kernel_alive(served, kernel)  # the foreign POST shut nothing down


def test_a_foreign_host_cannot_open_the_kernel_websocket(served: Served, kernel: str) -> None:
    assert websocket_handshake(served, kernel, {"Host": FOREIGN}) == 403
    assert websocket_handshake(served, kernel, {"Host": f"localhost:{served.port}"}) == 101


def test_a_foreign_origin_is_refused_on_http_and_websocket(served: Served, kernel: str) -> None:
    evil = {"Origin": "http://rebound.example:8866"}
    assert websocket_handshake(served, kernel, evil) == 403
    assert websocket_handshake(served, kernel, {"Origin": "null"}) == 403
    assert websocket_handshake(served, kernel, {"Origin": f"http://{served.host}"}) == 101
    assert request(served, "GET", "/voila/static/voila.js", evil).status == 403
    # <img src="http://127.0.0.1:8866/"> on another site would start a kernel: refused.
    embedded = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors",
                "Sec-Fetch-Dest": "image"}
    answer = request(served, "GET", "/", embedded)
    assert answer.status == 403 and "Another page tried to reach the oracle" in answer.body


def test_the_page_sets_the_xsrf_cookie_and_asks_no_other_host(served: Served) -> None:
    kernel_id, page = open_page(served)
    assert _xsrf(page.cookies)
    assert "SameSite=Strict" in next(c for c in page.cookies if c.startswith("_xsrf="))
    remote = re.findall(r"""(?:href|src)=["']?(?:https?:)?//(?!127\.0\.0\.1[:/])[^"'\s>]+""",
                        page.body)
    assert remote == []
    assert _shutdown(served, kernel_id, _xsrf(page.cookies)) == 204


def test_the_unload_shutdown_needs_the_xsrf_cookie_and_then_succeeds(served: Served) -> None:
    kernel_id, page = open_page(served)
    assert _shutdown(served, kernel_id, None) == 403
    # The field must match the cookie (a page on another site can set neither).
    assert _shutdown(served, kernel_id, _xsrf(page.cookies), field="2|0|00|1") == 403
    assert kernel_alive(served, kernel_id)
    assert _shutdown(served, kernel_id, _xsrf(page.cookies),
                     {"Origin": "http://rebound.example:8866"}) == 403
    assert kernel_alive(served, kernel_id)
    assert _shutdown(served, kernel_id, _xsrf(page.cookies),
                     {"Origin": f"http://{served.host}"}) == 204
    assert not kernel_alive(served, kernel_id)


def test_more_pages_than_the_cap_get_the_full_page_until_one_closes(tmp_path: Path) -> None:
    capped = start(tmp_path, "--max-pages", "2")
    try:
        first, _ = open_page(capped)
        second, page = open_page(capped)  # 2 of 2 (plain clients: never connected, never reaped)
        full = request(capped, "GET", "/")
        assert full.status == 503
        assert "The table is full" in full.body
        assert "2 pages are open on this oracle, and its limit is 2." in full.body
        assert "Traceback" not in full.body
        assert kernel_alive(capped, first) and kernel_alive(capped, second)
        assert _shutdown(capped, second, _xsrf(page.cookies)) == 204
        third, page = open_page(capped)  # a place freed: a page again
        assert kernel_alive(capped, third)
    finally:
        stop_server(capped.proc)


def test_the_refusal_page_is_self_contained(served: Served) -> None:
    answer = request(served, "GET", "/", {"Host": FOREIGN})
    assert answer.headers["content-type"].startswith("text/html")
    assert "http" not in answer.body.lower().replace("http-equiv", "")
    assert "<script" not in answer.body


def test_the_server_log_has_no_outside_address(served: Served) -> None:
    assert "cdn.jsdelivr" not in Path(served.log).read_text()


@pytest.mark.parametrize("mode,dest", [("no-cors", "image"), ("navigate", "iframe"),
                                       ("cors", "empty")])
def test_a_page_on_another_port_of_this_machine_is_refused(served: Served, mode: str,
                                                           dest: str) -> None:
    # http://127.0.0.1:9999/ embedding us: Sec-Fetch-Site is same-site, not cross-site
    embedded = {"Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": mode, "Sec-Fetch-Dest": dest}
    answer = request(served, "GET", "/", embedded)
    assert answer.status == 403 and "Another page tried to reach the oracle" in answer.body
    assert "kernel_id" not in answer.body


def _closed_within(sock: socket.socket, seconds: float) -> float | None:
    """Seconds until the server closes ``sock`` (reads EOF or a reset), or None if it did not
    within ``seconds``. A bounded loop: one recv of at most the time left at a time."""
    began = time.monotonic()
    while (left := seconds - (time.monotonic() - began)) > 0:
        sock.settimeout(left)
        try:
            if sock.recv(4096) == b"":
                return time.monotonic() - began
        except TimeoutError:
            return None
        except ConnectionResetError:
            return time.monotonic() - began
    return None


def test_a_connection_that_never_finishes_its_headers_is_closed(served: Served) -> None:
    from oracle.serve_guard import HEADER_TIMEOUT

    held: list[socket.socket] = []
    try:
        for index in range(20):
            sock = socket.create_connection((served.address, served.port), timeout=10)
            held.append(sock)
            if index % 2:  # half send a request line and a header, and then nothing more
                sock.sendall(f"GET / HTTP/1.1\r\nHost: {served.host}\r\nX-Slow: ".encode())
        for sock in held:
            waited = _closed_within(sock, HEADER_TIMEOUT + 10)
            assert waited is not None, "a connection without its headers stayed open"
    finally:
        for sock in held:
            sock.close()
    assert request(served, "GET", "/voila/static/voila.js").status == 200  # still serving
