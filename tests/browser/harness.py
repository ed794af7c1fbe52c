"""Browser test helpers: ``oracle serve`` in a subprocess, driven by Debian's Chromium.

- ``oracle_server`` (module scope) starts ``oracle serve --no-browser --port <free>`` with its own
  ``ORACLE_HOME`` and ``ORACLE_NARRATOR=offline``, and stops it (its whole process group) after.
- ``browser`` (module scope) is Playwright's Chromium from ``/usr/bin/chromium``. Missing chromium
  is a skip on a developer machine and a FAILURE under ``CI=true``.
- ``page`` (per test) is a fresh context; a screenshot lands in ``tests/artifacts/`` when the test
  fails. ``shot(page, name)`` saves one at a key step.
- ``open_app(page, url)`` waits until the app's widgets are on the page. Voila answers 200 even when
  the notebook raises, so it waits for the ``oracle-app`` class and fails at once if an error
  output shows up instead.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
SERVER_START_TIMEOUT = 90.0
APP_READY_TIMEOUT_MS = 60_000

# What the page shows when a cell raised (Voila hides the traceback but says there was an error).
_ERROR_JS = """
() => {
  if (document.querySelector('.oracle-app')) { return 'ready'; }
  const bad = document.querySelector(
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
    + '.jp-RenderedText[data-mime-type="application/vnd.jupyter.error"], .jp-mod-error');
  if (bad) { return 'error: ' + bad.innerText.slice(0, 500); }
  const text = document.body ? document.body.innerText : '';
  if (/There was an error when executing cell|Traceback \\(most recent call last\\)/.test(text)) {
    return 'error: ' + text.slice(0, 500);
  }
  if (/(VBox|HBox|Box)\\(children=/.test(text)) {
    return 'error: the widgets did not render (the page shows their text form): '
      + text.slice(0, 200);
  }
  return null;
}
"""


@dataclass(frozen=True)
class Server:
    """A running ``oracle serve``."""

    url: str
    port: int
    home: Path
    log: Path


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _listening(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def start_server(home: Path, log: Path, extra: list[str] | None = None,
                 env_extra: dict[str, str] | None = None) -> tuple[subprocess.Popen[bytes], Server]:
    """Start ``oracle serve`` on a free port and wait until it listens."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}
    env.update({"ORACLE_HOME": str(home), "ORACLE_NARRATOR": "offline", "PYTHONUNBUFFERED": "1"})
    env.update(env_extra or {})
    launcher = "import sys; from oracle.cli import entry; sys.argv[0] = 'oracle'; entry()"
    command = [sys.executable, "-c", launcher, "serve", "--no-browser", "--port", str(port),
               *(extra or [])]
    handle = open(log, "wb")  # noqa: SIM115 - closed when the server stops
    proc = subprocess.Popen(command, env=env, stdout=handle, stderr=subprocess.STDOUT,
                            start_new_session=True)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while not _listening(port):
        if proc.poll() is not None:
            handle.close()
            pytest.fail(f"oracle serve exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        if time.monotonic() > deadline:
            stop_server(proc)
            handle.close()
            pytest.fail(f"oracle serve did not listen within {SERVER_START_TIMEOUT:.0f} s")
        time.sleep(0.2)
    return proc, Server(url=f"http://127.0.0.1:{port}/", port=port, home=home, log=log)


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop the server and its kernels (the whole process group we started)."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=5)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text)[:120]


def require_chromium(path: str = CHROMIUM) -> None:
    """Skip without Debian's Chromium on a developer machine; FAIL under ``CI=true``."""
    if Path(path).exists():
        return
    message = f"{path} is missing (run scripts/ensure-chromium.sh)."
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"browser tests cannot run under CI: {message}")
    pytest.skip(message)


def shot(page: Any, name: str) -> Path:
    """Save a full-page screenshot to ``tests/artifacts/<name>.png`` and return its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{_slug(name)}.png"
    # Voila scrolls inside #rendered_cells, so a "full page" shot would stop at the viewport:
    # grow the viewport to the content for the shot, then put it back.
    size = page.viewport_size or {"width": 1280, "height": 900}
    height = page.evaluate(
        "() => { const el = document.querySelector('#rendered_cells');"
        " return el ? el.scrollHeight : document.body.scrollHeight; }")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], int(height))})
    try:
        page.screenshot(path=str(path), full_page=True, animations="disabled")
    finally:
        page.set_viewport_size(size)
    return path


def open_app(page: Any, url: str) -> None:
    """Load the app and wait until its widgets are rendered; fail if the notebook errored."""
    page.goto(url, wait_until="domcontentloaded")
    handle = page.wait_for_function(_ERROR_JS, timeout=APP_READY_TIMEOUT_MS, polling=100)
    state = handle.json_value()
    if state != "ready":
        shot(page, "FAILED_open_app")
        pytest.fail(f"the app did not render: {state}")
