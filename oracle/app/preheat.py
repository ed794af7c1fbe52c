"""A preheated kernel waits for its page: what ``voila.utils.wait_for_request`` does, without
importing Voila.

``voila.utils`` lives in a package whose ``__init__`` loads Voila's server extension, and with it
jupyter_server, jupyter_events and jsonschema, whose format checker builds a Lark grammar when
imported: about 3 CPU seconds in every preheated kernel. Voila refills its pool a second after a
page takes a kernel, so the page the player waits for shared the machine with those seconds
(``bench/app.py``, preheated time to interactive). Here the same wait takes the websocket client
of tornado, which the kernel has loaded already.

The protocol is Voila 0.5's (``voila/request_info_handler.py``): the kernel opens
``<ws base>voila/query/<kernel id>`` on the server and reads one text message, a JSON object of
the page request's environment (``QUERY_STRING`` and the like), which it adds to ``os.environ``.
"""

from __future__ import annotations

import json
import logging
import os

from oracle import background

log = logging.getLogger("oracle.app")

CONNECT_TIMEOUT = 5.0  # seconds, as Voila's own client


def query_url() -> str:
    """Where this kernel hears of its request (from the variables Voila gives the kernel)."""
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    kernel = os.environ.get("VOILA_KERNEL_ID", "")
    return f"{protocol}://{host}:{port}{base}voila/query/{kernel}"


async def _read_once(url: str) -> str | None:
    from tornado.websocket import websocket_connect

    connection = await websocket_connect(url, connect_timeout=CONNECT_TIMEOUT)
    try:
        message = await connection.read_message()
    finally:
        connection.close()
    return message if isinstance(message, str) else None


def wait_for_request() -> None:
    """Block until a page asks for this preheated kernel, then put its request's environment
    in ``os.environ``; at once when the kernel is not preheated. A server that cannot be
    reached is logged and leaves the environment as it was (as Voila's own does)."""
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return
    import asyncio

    url = query_url()
    found: list[str | None] = [None]

    def run() -> None:  # the kernel's own loop is busy running this cell: a loop of its own
        try:
            found[0] = asyncio.run(_read_once(url))
        except Exception:  # the page still opens, with no seat from its address
            log.warning("preheated kernel: no request info from %s", url, exc_info=True)

    # through the one seam for background work (a preheated kernel is the server's, so threads)
    background.pool("oracle-preheat-wait").submit(run).result()
    if found[0] is not None:
        for key, value in json.loads(found[0]).items():
            os.environ[str(key)] = str(value)
