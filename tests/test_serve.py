"""``oracle serve``: Voila on 127.0.0.1, sources stripped, no tracebacks, a busy port refused."""

from __future__ import annotations

import json
import socket
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser.harness import start_server, stop_server

from oracle import serve as serve_module
from oracle.cli import main
from oracle.serve import ServeError, check_port, find_app_notebook, serve, voila_arguments

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
    from browser.harness import require_chromium

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
