"""Helpers for the server's own tests: start ``oracle serve`` on any loopback address, talk raw
HTTP and websocket handshakes with chosen headers, and count the server's live kernels."""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.browser.harness import SERVER_START_TIMEOUT, stop_server

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


@dataclass(frozen=True)
class Served:
    """A running ``oracle serve`` on ``address:port``."""

    proc: subprocess.Popen[bytes]
    address: str
    port: int
    home: Path
    log: Path

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}/"

    @property
    def host(self) -> str:
        return f"{self.address}:{self.port}"


def free_port(address: str) -> int:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((address, 0))
        port: int = sock.getsockname()[1]
        return port


def _listening(address: str, port: int) -> bool:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex((address, port)) == 0


def start(home: Path, *args: str, address: str = "127.0.0.1",
          wait_for: str = "") -> Served:
    """``oracle serve --no-browser --port <free> ARGS`` until it listens (and logs ``wait_for``)."""
    port = free_port(address)
    log = home / f"serve-{port}.log"
    env = {k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}
    env.update({"ORACLE_HOME": str(home), "ORACLE_NARRATOR": "offline", "PYTHONUNBUFFERED": "1"})
    launcher = "import sys; from oracle.cli import entry; sys.argv[0] = 'oracle'; entry()"
    command = [sys.executable, "-c", launcher, "serve", "--no-browser", "--port", str(port), *args]
    with open(log, "wb") as handle:
        proc = subprocess.Popen(command, env=env, stdout=handle, stderr=subprocess.STDOUT,
                                start_new_session=True)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while not (_listening(address, port) and wait_for in log.read_text(errors="replace")):
        if proc.poll() is not None:
            pytest.fail(f"oracle serve exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        if time.monotonic() > deadline:
            stop_server(proc)
            pytest.fail(f"oracle serve did not listen within {SERVER_START_TIMEOUT:.0f} s")
        time.sleep(0.2)
    return Served(proc, address, port, home, log)


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    cookies: list[str]
    body: str


def request(served: Served, method: str, path: str, headers: dict[str, str] | None = None,
            body: bytes | None = None, timeout: float = 120.0) -> Answer:
    """One raw HTTP request to the server, with exactly the headers given (Host included)."""
    connection = http.client.HTTPConnection(served.address, served.port, timeout=timeout)
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        sent = {"Host": served.host, **(headers or {})}
        if body is not None:
            sent.setdefault("Content-Length", str(len(body)))
        for name, value in sent.items():
            connection.putheader(name, value)
        connection.endheaders(body)
        response = connection.getresponse()
        text = "" if response.status == 101 else response.read().decode("utf-8", "replace")
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()},
                      response.headers.get_all("Set-Cookie") or [], text)
    finally:
        connection.close()


def websocket_handshake(served: Served, kernel_id: str, headers: dict[str, str]) -> int:
    """The status of a websocket upgrade to the kernel's channels (101 = accepted)."""
    upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", **headers}
    return request(served, "GET", f"/api/kernels/{kernel_id}/channels", upgrade).status


def open_page(served: Served, headers: dict[str, str] | None = None) -> tuple[str, Answer]:
    """GET the app's page as a plain client would; return its kernel id and the answer."""
    answer = request(served, "GET", "/", headers)
    match = KERNEL_ID.search(answer.body)
    assert answer.status == 200 and match, f"no page: {answer.status} {answer.body[:300]}"
    return match.group(1), answer


def kernel_alive(served: Served, kernel_id: str) -> bool:
    """Ask the server whether the kernel exists (``GET /api/kernels/<id>``)."""
    status = request(served, "GET", f"/api/kernels/{kernel_id}").status
    assert status in (200, 404), status
    return status == 200


def kernel_processes(served: Served) -> list[int]:
    """Pids of the server's live kernel processes (its ``ipykernel_launcher`` children)."""
    return kernel_pids(served.proc.pid)


def kernel_pids(server_pid: int) -> list[int]:
    """Pids of the live ``ipykernel_launcher`` children of process ``server_pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        state = stat.rsplit(")", 1)[1].split()[0]
        if parent == server_pid and state != "Z" and b"ipykernel_launcher" in cmdline:
            found.append(int(entry.name))
    return found


def _sockets_to(port: int) -> set[str]:
    """The inodes of this machine's established TCP connections to local ``port``."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            remote_port = int(fields[2].rsplit(":", 1)[1], 16)
            if remote_port == port and fields[3] == "01":  # 01: ESTABLISHED
                found.add(fields[9])
    return found


def kernels_waiting_for_a_page(server_pid: int, port: int) -> list[int]:
    """Pids of the server's kernels connected to it (a preheated kernel that has run the
    notebook holds ``voila/query/<its id>`` open until a page takes it; no other kernel
    connects to the server)."""
    inodes = _sockets_to(port)
    waiting = []
    for pid in kernel_pids(server_pid):
        try:
            links = [os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir()]
        except OSError:
            continue
        if any(link.startswith("socket:[") and link[8:-1] in inodes for link in links):
            waiting.append(pid)
    return waiting


def wait_until(predicate: object, seconds: float) -> bool:
    """Poll ``predicate()`` every 0.25 s for up to ``seconds``; its last value."""
    assert callable(predicate)
    deadline = time.monotonic() + seconds
    while True:
        value = bool(predicate())
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.25)


__all__ = ["Answer", "Served", "free_port", "kernel_alive", "kernel_pids", "kernel_processes",
           "kernels_waiting_for_a_page", "open_page",
           "request", "start", "stop_server", "wait_until", "websocket_handshake"]
