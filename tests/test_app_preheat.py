"""A preheated kernel waits for its page without importing Voila's server (``oracle.app.preheat``).

Voila's own ``wait_for_request`` sits in a package that loads jupyter_server, jupyter_events and
jsonschema (a Lark grammar built at import): CPU seconds in every kernel the pool refills, while
the page that took the last one is loading. The page still learns its request: here a stand-in
for Voila's ``voila/query/<kernel id>`` websocket sends it, as Voila 0.5 does.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("voila", "jupyter_server", "jupyter_events", "jsonschema", "lark")

# Builds the app as app.ipynb does under a preheated kernel, then says what it learnt.
KERNEL = f"""
import json, os, sys
from oracle.app import launch
launch()
print(json.dumps({{"query": os.environ.get("QUERY_STRING"),
                  "heavy": sorted(m for m in {HEAVY!r} if m in sys.modules)}}), flush=True)
os._exit(0)  # the watcher thread would keep the process up
"""


class _Query(tornado.websocket.WebSocketHandler):
    """Voila's request-info socket: one message, the page request's environment."""

    seen: ClassVar[list[str]] = []

    def open(self, *args: str, **kwargs: str) -> None:
        kernel = args[0] if args else ""
        _Query.seen.append(kernel)
        self.write_message(json.dumps({"QUERY_STRING": "seat=phone-1", "SCRIPT_NAME": "/"}))


@pytest.fixture()
def voila_query() -> Iterator[int]:
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    port: int = sockets[0].getsockname()[1]
    loop = asyncio.new_event_loop()
    started = threading.Event()

    def run() -> None:
        asyncio.set_event_loop(loop)
        server = tornado.httpserver.HTTPServer(
            tornado.web.Application([(r"/voila/query/(.*)", _Query)]))
        server.add_sockets(sockets)
        loop.call_soon(started.set)
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    started.wait(10)
    _Query.seen.clear()
    try:
        yield port
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


def _preheated_kernel(home: Path, port: int) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k not in ("ANTHROPIC_API_KEY", "QUERY_STRING")}
    env.update({"ORACLE_HOME": str(home), "ORACLE_NARRATOR": "offline", "VOILA_PREHEAT": "True",
                "VOILA_APP_PORT": str(port), "VOILA_KERNEL_ID": "kernel-7",
                "PYTHONPATH": str(ROOT)})
    done = subprocess.run([sys.executable, "-c", KERNEL], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    said: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return said


def test_a_preheated_kernel_hears_its_request_without_loading_voilas_server(
        tmp_path: Path, voila_query: int) -> None:
    said = _preheated_kernel(tmp_path, voila_query)
    assert _Query.seen == ["kernel-7"]  # it asked for its own kernel's request
    assert said["query"] == "seat=phone-1"  # and the page's address reached the environment
    assert said["heavy"] == []


def test_a_preheated_kernel_whose_server_is_gone_still_opens_the_page(tmp_path: Path) -> None:
    free = tornado.netutil.bind_sockets(0, "127.0.0.1")
    port = free[0].getsockname()[1]
    for sock in free:
        sock.close()  # nobody listens there now
    said = _preheated_kernel(tmp_path, port)
    assert said["query"] is None and said["heavy"] == []
