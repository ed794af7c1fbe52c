"""``oracle serve``: Voila on 127.0.0.1, sources stripped, no tracebacks, a busy port refused."""

from __future__ import annotations

import json
import socket
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest

from oracle import serve as serve_module
from oracle.cli import main
from oracle.serve import (
    ServeError,
    check_port,
    cull_interval,
    find_app_notebook,
    serve,
    voila_arguments,
)
from oracle.serve_guard import (
    FOREIGN_HOST,
    FOREIGN_ORIGIN,
    NO_KEY,
    Gate,
    Refusal,
    strip_remote_assets,
    table_full,
)
from oracle.serve_table import (
    TableError,
    announcement,
    join_url,
    new_key,
    parse_address,
    table_gate,
)
from tests.browser.harness import start_server, stop_server

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture()
def busy_port() -> Iterator[int]:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen(1)
        yield holder.getsockname()[1]


def test_a_busy_port_is_refused_with_one_sentence_and_exit_2(
    busy_port: int, capsys: pytest.CaptureFixture[str]
) -> None:
    code = serve(port=busy_port, open_browser=False)
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert err == (
        f"oracle serve: port: {busy_port} is already in use on 127.0.0.1; stop whatever holds it "
        "or choose another with --port."
    )


def test_the_cli_passes_the_refusal_through(busy_port: int,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--no-browser", "--port", str(busy_port)]) == 2
    assert f"port: {busy_port} is already in use" in capsys.readouterr().err


@pytest.mark.parametrize("port", [0, -1, 65536, 10**6])
def test_a_port_outside_1_to_65535_is_refused(port: int) -> None:
    with pytest.raises(ServeError, match=r"^port: must be a whole number from 1 to 65535"):
        check_port(port)


def test_a_free_port_passes_the_check() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    check_port(port)


def test_voila_is_told_to_hide_sources_and_tracebacks_and_never_move_port() -> None:
    args = voila_arguments(Path("/x/app.ipynb"), 9000, open_browser=True, preheat=0)
    assert args[0] == "/x/app.ipynb"
    for flag in ("--Voila.ip=127.0.0.1", "--port=9000", "--Voila.port_retries=0",
                 "--strip_sources=True", "--show_tracebacks=False", "--theme=dark"):
        assert flag in args
    assert "--no-browser" not in args
    assert not any("preheat" in a or "pool_size" in a for a in args)


def test_no_browser_and_preheated_kernels_reach_voila() -> None:
    args = voila_arguments(Path("app.ipynb"), 9000, open_browser=False, preheat=3)
    assert "--no-browser" in args
    assert "--preheat_kernel=True" in args
    assert "--pool_size=3" in args


def test_a_negative_preheat_is_refused() -> None:
    with pytest.raises(ServeError, match=r"^preheat: must be a whole number of kernels"):
        voila_arguments(Path("app.ipynb"), 9000, open_browser=False, preheat=-1)


def test_the_app_notebook_is_found_at_the_repository_root(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("ORACLE_APP", raising=False)
    monkeypatch.chdir(tmp_path)  # not found through the current folder
    assert find_app_notebook() == REPO / "app.ipynb"


def test_oracle_app_overrides_the_notebook_and_must_exist(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    other = tmp_path / "other.ipynb"
    other.write_text("{}")
    monkeypatch.setenv("ORACLE_APP", str(other))
    assert find_app_notebook() == other
    monkeypatch.setenv("ORACLE_APP", str(tmp_path / "missing.ipynb"))
    with pytest.raises(ServeError, match=r"^ORACLE_APP: .* is not a notebook file that exists\."):
        find_app_notebook()


def test_app_ipynb_is_an_import_and_one_call() -> None:
    notebook = json.loads((REPO / "app.ipynb").read_text())
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert len(code) == 1
    assert "".join(code[0]["source"]).split("\n") == ["from oracle.app import launch", "launch()"]
    assert all(not c.get("outputs") for c in code)


def _notebook(path: Path, source: str) -> Path:
    path.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "c", "metadata": {},
                   "outputs": [], "source": source}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }))
    return path


def test_a_failing_notebook_shows_neither_its_source_nor_its_traceback(tmp_path: Path) -> None:
    secret = "SOURCE_MARKER_41"
    notebook = _notebook(tmp_path / "bad.ipynb",
                         f"{secret} = 1\nraise RuntimeError('TRACEBACK_MARKER_' + str(6 * 7))")
    proc, server = start_server(tmp_path, tmp_path / "serve.log",
                                env_extra={"ORACLE_APP": str(notebook)})
    try:
        with urllib.request.urlopen(server.url, timeout=60) as response:
            status, html = response.status, response.read().decode()
        # A second server on the same port is refused at once (no silent move to another port).
        assert serve(port=server.port, open_browser=False) == 2
    finally:
        stop_server(proc)
    assert status == 200
    assert "There was an error when executing cell" in html  # it ran, and said so in one line
    assert secret not in html
    assert "TRACEBACK_MARKER_42" not in html
    assert "Traceback (most recent call last)" not in html
    log = server.log.read_text()
    assert f"http://127.0.0.1:{server.port}/" in log


def test_serve_module_binds_only_the_loopback_address() -> None:
    assert serve_module.HOST == "127.0.0.1"


def test_a_missing_chromium_fails_the_browser_tests_under_ci(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tests.browser.harness import require_chromium

    missing = str(tmp_path / "no-chromium")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="cannot run under CI"):
        require_chromium(missing)
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        require_chromium(missing)


def test_an_installed_package_without_the_repository_writes_its_own_app_notebook() -> None:
    from oracle.serve import APP_SOURCE, _written_app_notebook

    path = _written_app_notebook()
    notebook = json.loads(path.read_text())
    assert notebook["cells"][0]["source"] == APP_SOURCE
    repo = json.loads((REPO / "app.ipynb").read_text())
    assert "".join(repo["cells"][0]["source"]) == "".join(APP_SOURCE)  # the same two lines


# --- who may reach the server (oracle.serve_guard) ----------------------------------------------

LOCAL = Gate()
TABLE = Gate(addresses=frozenset({"192.168.1.20"}), key="k3y-of-the-table")


@pytest.mark.parametrize("host", [
    "127.0.0.1:8866", "127.0.0.1", "localhost:8866", "LOCALHOST:1", "127.0.0.2:9000",
    "[::1]:8866", "[::1]",
])
def test_loopback_hosts_reach_a_local_server(host: str) -> None:
    assert LOCAL.host_allowed(host)
    assert LOCAL.check(host, None, None, None) is None


@pytest.mark.parametrize("host", [
    "rebound.example:8866", "127.0.0.1.nip.io:8866", "localhost.example", "192.168.1.20:8866",
    "0.0.0.0:8866", "", ":8866", "[::1", "127.0.0.1:8866:1", "10.0.0.1",
])
def test_any_other_host_is_refused_by_a_local_server(host: str) -> None:
    assert LOCAL.check(host, None, None, None) == FOREIGN_HOST


def test_a_table_answers_to_its_own_address_and_loopback_only() -> None:
    key = "k3y-of-the-table"
    assert TABLE.check("192.168.1.20:8866", None, key, None) is None
    assert TABLE.check("127.0.0.1:8866", None, None, key) is None
    assert TABLE.check("192.168.1.21:8866", None, key, None) == FOREIGN_HOST
    assert TABLE.check("oracle.lan:8866", None, key, None) == FOREIGN_HOST


@pytest.mark.parametrize("origin,allowed", [
    (None, True),
    ("http://127.0.0.1:8866", True),
    ("HTTP://127.0.0.1:8866", True),
    ("http://127.0.0.1:8867", False),
    ("http://localhost:8866", False),  # another origin, though the same machine
    ("http://rebound.example:8866", False),
    ("null", False),
    ("file://", False),
    ("", False),
])
def test_the_origin_must_be_this_very_server(origin: str | None, allowed: bool) -> None:
    verdict = LOCAL.check("127.0.0.1:8866", origin, None, None)
    assert (verdict is None) is allowed
    if not allowed:
        assert verdict == FOREIGN_ORIGIN


@pytest.mark.parametrize("link,cookie,allowed", [
    ("k3y-of-the-table", None, True),
    (None, "k3y-of-the-table", True),
    ("wrong", "k3y-of-the-table", True),
    (None, None, False),
    ("", "", False),
    ("k3y-of-the-tabl", None, False),
    ("k3y-of-the-table!", None, False),
    (None, "K3Y-OF-THE-TABLE", False),
    ("\udcff", None, False),
])
def test_a_table_lets_in_only_requests_with_its_key(link: str | None, cookie: str | None,
                                                    allowed: bool) -> None:
    verdict = TABLE.check("192.168.1.20:8866", None, link, cookie)
    assert (verdict is None) is allowed
    if not allowed:
        assert verdict == NO_KEY


def test_a_local_server_has_no_key_to_match() -> None:
    assert not LOCAL.key_matches("anything")
    assert not LOCAL.key_matches(None)


def test_refusal_pages_are_escaped_self_contained_html() -> None:
    page = Refusal(403, "<b>title</b>", "a & b <script>x</script>").html()
    assert "<b>title</b>" not in page and "&lt;b&gt;title&lt;/b&gt;" in page
    assert "<script>" not in page
    assert "http" not in page.lower()
    for refusal in (FOREIGN_HOST, FOREIGN_ORIGIN, NO_KEY, table_full(8, 8)):
        assert refusal.status in (403, 503)
        assert refusal.sentence.endswith(".")


def test_the_full_page_counts_pages_and_names_the_setting() -> None:
    assert table_full(8, 8).sentence.startswith("8 pages are open on this oracle, and its limit "
                                                 "is 8.")
    assert table_full(1, 1).sentence.startswith("1 page is open")
    assert "--max-pages" in table_full(3, 2).sentence
    assert table_full(3, 2).status == 503


def test_links_and_scripts_to_other_hosts_are_stripped_from_pages() -> None:
    page = (b'<head><link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/x/all.min.css" '
            b'type="text/css" />\n<link rel="stylesheet" href="voila/static/local.css">'
            b"<link href='//cdn.example/y.css' rel=stylesheet>"
            b'<script src="http://cdn.example/z.js"></script><script src="static/ok.js"></script>'
            b'<a href="https://example.org/">a link, not a fetch</a></head>')
    out = strip_remote_assets(page)
    assert b"cdn" not in out
    assert b'href="voila/static/local.css"' in out and b'src="static/ok.js"' in out
    assert b'<a href="https://example.org/">' in out


# --- serving a table (oracle.serve_table) -------------------------------------------------------

@pytest.mark.parametrize("text,expected", [
    ("192.168.1.20", "192.168.1.20"), (" 10.0.0.7 ", "10.0.0.7"), ("127.0.0.2", "127.0.0.2"),
    ("[fe80::1]", "fe80::1"), ("::1", "::1"),
])
def test_host_takes_an_ip_address(text: str, expected: str) -> None:
    assert parse_address(text) == expected


@pytest.mark.parametrize("text,sentence", [
    ("oracle.lan", r"^host: give this machine's IP address, such as 192\.168\.1\.20; got "),
    ("x" * 500, r"got 'x{77}\.\.\.'\.$"),
    ("0.0.0.0", r"^host: 0\.0\.0\.0 would answer on every network"),
    ("::", r"^host: :: would answer on every network"),
])
def test_host_refuses_names_and_wildcards_in_one_sentence(text: str, sentence: str) -> None:
    with pytest.raises(TableError, match=sentence):
        parse_address(text)


def test_the_join_link_carries_a_fresh_key() -> None:
    keys = {new_key() for _ in range(50)}
    assert len(keys) == 50 and all(len(k) >= 22 for k in keys)
    assert join_url("192.168.1.20", 8866, "abc") == "http://192.168.1.20:8866/?join=abc"
    assert join_url("fe80::1", 8866, "abc") == "http://[fe80::1]:8866/?join=abc"
    gate = table_gate("192.168.1.20", 8866, "abc")
    assert gate.addresses == frozenset({"192.168.1.20"}) and gate.key == "abc"
    assert gate.cookie == "oracle_table_8866"  # two tables on two ports keep their own keys


def test_the_announcement_prints_the_link_and_a_qr_code() -> None:
    text = announcement("192.168.1.20", 8866, "abc")
    assert "http://192.168.1.20:8866/?join=abc" in text
    assert "http://192.168.1.20:8866/?join=abc&gm=1" in text  # the GM's link carries the key
    blocks = [line for line in text.splitlines() if "\u2588" in line or "\u2580" in line]
    assert len(blocks) >= 10  # a QR code drawn with block characters


@pytest.mark.parametrize("argv,sentence", [
    (["--host", "0.0.0.0"], "oracle serve: host: 0.0.0.0 would answer on every network"),
    (["--host", "oracle.lan"], "oracle serve: host: give this machine's IP address"),
    (["--max-pages", "0"], "oracle serve: max-pages: must be a whole number of pages, 1 or more"),
    (["--cull-after", "0"], "oracle serve: cull-after: must be a whole number of seconds, 1 or "),
    (["--table", "--host", "127.0.0.2", "--preheat", "1"], "oracle serve: preheat: works only on "),
    (["--host", "127.0.0.2", "--preheat", "1"], "oracle serve: preheat: works only on 127.0.0.1"),
    (["--preheat", "99999"], "oracle serve: preheat: at most --max-pages (8) kernels wait ready"),
    (["--preheat", "3", "--max-pages", "2"], "oracle serve: preheat: at most --max-pages (2)"),
])
def test_bad_serve_options_exit_2_with_one_sentence(argv: list[str], sentence: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--no-browser", "--port", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(sentence) and err.count("\n") == 1


def test_voila_culls_kernels_and_uses_our_kernel_manager() -> None:
    args = voila_arguments(Path("app.ipynb"), 9000, open_browser=False, preheat=0,
                           host="127.0.0.2", cull_after=300)
    assert "--Voila.ip=127.0.0.2" in args
    assert ("--VoilaConfiguration.multi_kernel_manager_class="
            "oracle.serve_voila.OracleKernelManager") in args
    assert "--MappingKernelManager.cull_idle_timeout=300" in args
    assert "--MappingKernelManager.cull_interval=60" in args
    assert "--MappingKernelManager.cull_connected=False" in args
    assert cull_interval(5) == 1 and cull_interval(100) == 20 and cull_interval(10**6) == 60


# --- culling a kernel left without a page (oracle.serve_voila.OracleKernelManager) --------------

def test_a_kernel_is_culled_once_its_last_page_left_long_enough(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import asyncio
    import time

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from oracle import serve_voila

    clock = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])  # the clock serve_voila reads
    manager = serve_voila.OracleKernelManager(cull_idle_timeout=60)
    shut: list[str] = []
    idle_checked: list[str] = []

    async def shutdown_kernel(kernel_id: str, *args: object, **kwargs: object) -> None:
        shut.append(kernel_id)

    async def jupyter_rule(self: object, kernel_id: str) -> None:  # activity-based: never here
        idle_checked.append(kernel_id)

    monkeypatch.setattr(manager, "shutdown_kernel", shutdown_kernel)
    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", jupyter_rule)
    manager._kernel_connections["k"] = 0
    manager.notify_connect("k")
    manager.notify_connect("k")  # two tabs on one kernel
    manager.notify_disconnect("k")
    clock[0] += 600
    asyncio.run(manager.cull_kernel_if_idle("k"))
    assert shut == [] and manager.seconds_alone("k") is None  # one page is still there
    manager.notify_disconnect("k")
    clock[0] += 59
    asyncio.run(manager.cull_kernel_if_idle("k"))
    assert shut == [] and manager.seconds_alone("k") == 59
    manager.notify_connect("k")  # a page came back (a reconnect): the clock stops
    clock[0] += 120
    asyncio.run(manager.cull_kernel_if_idle("k"))
    assert shut == []
    manager.notify_disconnect("k")
    clock[0] += 61
    asyncio.run(manager.cull_kernel_if_idle("k"))
    assert shut == ["k"]
    assert idle_checked == ["k", "k", "k"]  # Jupyter's own rule still applies meanwhile


def test_a_watching_session_ends_with_its_kernel_process(tmp_path: Path) -> None:
    """The watcher is a daemon thread: when a kernel is shut down, its process exits with it."""
    import subprocess
    import sys

    code = ("import sys, threading\n"
            "from oracle.app.session import Session\n"
            f"s = Session({str(tmp_path)!r}); s.quick_start(); s.watch(interval=0.05)\n"
            "assert any(t.name == 'oracle-watch' for t in threading.enumerate())\n"
            "sys.exit(0)\n")
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True,
                          text=True, timeout=120,
                          env={"ORACLE_NARRATOR": "offline", "PATH": "/usr/bin"})
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.parametrize("site,mode,dest,allowed", [
    (None, None, None, True),  # an older browser, or not a browser
    ("same-origin", "cors", "empty", True),
    ("none", "navigate", "document", True),  # typed in the address bar, a bookmark
    ("cross-site", "navigate", "document", True),  # a link from another site opens the app
    ("CROSS-SITE", "no-cors", "image", False),  # <img src="http://127.0.0.1:8866/">
    ("cross-site", "navigate", "iframe", False),
    ("cross-site", "no-cors", "script", False),
    ("cross-site", "websocket", "websocket", False),
    # a page on another port of this machine is another site's page (issue 19)
    ("same-site", "no-cors", "image", False),
    ("same-site", "cors", "empty", False),
    ("same-site", "websocket", "websocket", False),
    ("Same-Site", "navigate", "iframe", False),
    ("same-site", "navigate", "document", True),  # a link from there opens the app in a tab
])
def test_background_requests_from_another_site_are_refused(site: str | None, mode: str | None,
                                                           dest: str | None,
                                                           allowed: bool) -> None:
    verdict = LOCAL.check("127.0.0.1:8866", None, None, None, (site, mode, dest))
    assert (verdict is None) is allowed
    if not allowed:
        assert verdict == FOREIGN_ORIGIN


def test_the_server_closes_connections_slow_to_send_their_request() -> None:
    import tornado.web

    from oracle.serve_guard import BODY_TIMEOUT, HEADER_TIMEOUT
    from oracle.serve_voila import GatedApplication

    seen: dict[str, object] = {}

    def listen(self: object, port: int, address: str | None = None, **kwargs: object) -> None:
        seen.update(kwargs, port=port, address=address)

    with mock.patch.object(tornado.web.Application, "listen", listen):
        GatedApplication().listen(8866, "127.0.0.1")
    assert seen["idle_connection_timeout"] == HEADER_TIMEOUT <= 10  # a few seconds
    assert seen["body_timeout"] == BODY_TIMEOUT <= 60
    assert (seen["port"], seen["address"]) == (8866, "127.0.0.1")
