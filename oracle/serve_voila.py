"""Voila as ``oracle serve`` runs it: gated, capped, culled, with working XSRF and no CDN.

- :class:`GatedApplication` asks :class:`oracle.serve_guard.Gate` about every request (HTTP and
  websocket alike) before any handler runs; a refusal is our own HTML page.
- :class:`OraclePageHandler` refuses a new page once ``max_pages`` kernels are live (after
  shutting down those whose page is gone), and sets
  the ``_xsrf`` cookie that Voila's page sends back when it asks the server to shut its kernel
  down on unload (without it that POST is refused: voila-dashboards/voila#1458).
- :class:`OracleKernelManager` shuts down a kernel once no page has been connected to it for
  ``cull_idle_timeout`` seconds (a reload or a closed tab whose unload request was lost), on top
  of Jupyter's own idle culling.
- :class:`LocalAssetsOnly` drops tags that would fetch from another host (Font Awesome's CDN).

Imported only by ``oracle serve`` (Voila and tornado are heavy).
"""

from __future__ import annotations

import logging
import secrets
import tempfile
import time
from typing import Any
from urllib.parse import urlencode

import tornado.web
from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import httputil
from voila.app import Voila  # type: ignore[import-untyped]
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

from oracle.app.seat import SEAT_PARAM
from oracle.serve_guard import (
    BODY_TIMEOUT,
    HEADER_TIMEOUT,
    JOIN_PARAM,
    Gate,
    Refusal,
    strip_remote_assets,
    table_full,
)

log = logging.getLogger("oracle.serve")
# At the page cap, a kernel left without any page for this long makes room for a new page.
ORPHAN_GRACE = 2.0


class OracleKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, plus: a kernel left without any page is shut down.

    Jupyter culls a kernel only after ``cull_idle_timeout`` seconds without any message from it;
    our app's watcher sends widget updates whenever another tab rolls, which would keep an
    orphaned kernel alive for as long as the table plays. Here the clock starts when its last
    page disconnects, whatever the kernel says.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._alone_since: dict[str, float] = {}

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self._alone_since.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)  # type: ignore[no-untyped-call]
        if kernel_id in self._kernel_connections and self._kernel_connections[kernel_id] <= 0:
            self._alone_since[kernel_id] = time.monotonic()

    def seconds_alone(self, kernel_id: str) -> float | None:
        """Seconds since the last page left this kernel (None: connected, or never was)."""
        since = self._alone_since.get(kernel_id)
        if since is None or self._kernel_connections.get(kernel_id, 0) > 0:
            return None
        return time.monotonic() - since

    async def reap_orphans(self, grace: float) -> int:
        """Shut down every kernel whose pages all left over ``grace`` seconds ago; how many.

        Called when the page cap is reached: a tab lost without its unload request must not
        keep a player out until the culler comes round.
        """
        reaped = 0
        for kernel_id in list(self._alone_since):
            alone = self.seconds_alone(kernel_id)
            if alone is not None and alone > grace and kernel_id in self._kernels:
                self._alone_since.pop(kernel_id, None)
                self.log.info("oracle serve: the page cap is reached; shutting down kernel %s, "
                              "without a page for %d s", kernel_id, int(alone))
                await ensure_async(self.shutdown_kernel(kernel_id))  # type: ignore[no-untyped-call]
                reaped += 1
        return reaped

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        alone = self.seconds_alone(kernel_id)
        if alone is not None and alone > self.cull_idle_timeout:
            self._alone_since.pop(kernel_id, None)
            self.log.info("oracle serve: shutting down kernel %s, without a page for %d s",
                          kernel_id, int(alone))
            await ensure_async(self.shutdown_kernel(kernel_id))  # type: ignore[no-untyped-call]
            return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]


def live_pages(kernel_manager: Any) -> int:
    """Kernels serving a page (or starting to): all kernels but the preheated ones waiting."""
    pooled = sum(len(pool) for pool in getattr(kernel_manager, "_pools", {}).values())
    return max(0, len(kernel_manager.list_kernel_ids()) - pooled)


class OraclePageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """The app's page: refused with a clear page at the cap; sets the ``_xsrf`` cookie."""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        opening: list[int] = self.settings["oracle_opening"]
        limit: int = self.settings["oracle_max_pages"]
        live = live_pages(self.kernel_manager) + opening[0]
        manager = self.kernel_manager
        if (live >= limit and isinstance(manager, OracleKernelManager)
                and await manager.reap_orphans(ORPHAN_GRACE)):
            live = live_pages(manager) + opening[0]
        if live >= limit:
            refusal = table_full(live, limit)
            log.warning("oracle serve: refused a page, %d of %d open", live, limit)
            self.set_status(refusal.status)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(refusal.html())
            return
        # Voila's page sends this cookie back as `_xsrf` when it asks for its kernel's shutdown
        # on unload; Voila never sets it, so that request was refused (voila#1458).
        self.xsrf_token  # noqa: B018 - reading it sets the cookie
        opening[0] += 1  # until its kernel is registered, count the page by hand
        counted = True
        try:
            async for html in self.get_generator(path=path):
                if counted:  # the first chunk comes once the kernel has started
                    opening[0] -= 1
                    counted = False
                self.write(html)
                self.flush()
        finally:
            if counted:
                opening[0] -= 1


class RefusalHandler(tornado.web.RequestHandler):
    """Answers any method with the refusal's status and page."""

    def initialize(self, refusal: Refusal) -> None:
        self.refusal = refusal

    def check_xsrf_cookie(self) -> None:
        """Nothing to protect: the request is refused anyway."""

    def prepare(self) -> None:
        log.warning("oracle serve: refused %s %s (Host %r): %s", self.request.method,
                    self.request.path, self.request.host, self.refusal.title)
        self.set_status(self.refusal.status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(self.refusal.html())


class JoinHandler(tornado.web.RequestHandler):
    """The join link: remember the key in a cookie, then go to the same page without it (with
    a seat of this device's own added, unless the link names one)."""

    def prepare(self) -> None:
        gate: Gate = self.settings["oracle_gate"]
        self.set_cookie(gate.cookie, gate.key or "", httponly=True, samesite="Lax")
        rest = [(k, v.decode("utf-8", "replace")) for k, values in
                self.request.query_arguments.items() if k != JOIN_PARAM for v in values]
        if not any(k == SEAT_PARAM for k, _v in rest):  # this device's own seat (oracle.app.seat)
            rest.append((SEAT_PARAM, secrets.token_urlsafe(6)))
        self.redirect(self.request.path + (f"?{urlencode(rest)}" if rest else ""))


class LocalAssetsOnly(tornado.web.OutputTransform):
    """Removes outside-host ``<link>``/``<script>`` tags from every HTML answer."""

    def __init__(self, request: httputil.HTTPServerRequest) -> None:
        super().__init__(request)
        self._html = False

    def transform_first_chunk(self, status_code: int, headers: httputil.HTTPHeaders,
                              chunk: bytes, finishing: bool
                              ) -> tuple[int, httputil.HTTPHeaders, bytes]:
        self._html = headers.get("Content-Type", "").startswith("text/html")
        if self._html:
            chunk = strip_remote_assets(chunk)
            if "Content-Length" in headers:
                headers["Content-Length"] = str(len(chunk))
        return status_code, headers, chunk

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        return strip_remote_assets(chunk) if self._html else chunk


class GatedApplication(tornado.web.Application):
    """A tornado application that asks the gate before routing any request, and closes a
    connection whose request head has not arrived within ``HEADER_TIMEOUT`` seconds."""

    def listen(self, port: int, address: str | None = None, **kwargs: Any) -> Any:
        kwargs.setdefault("idle_connection_timeout", HEADER_TIMEOUT)  # tornado's header timeout
        kwargs.setdefault("body_timeout", BODY_TIMEOUT)  # the app's own bodies are a few bytes
        return super().listen(port, address, **kwargs)

    def find_handler(self, request: httputil.HTTPServerRequest,
                     **kwargs: Any) -> tornado.web._HandlerDelegate:
        gate: Gate = self.settings["oracle_gate"]
        link_key = _first(request.query_arguments.get(JOIN_PARAM))
        cookie = request.cookies.get(gate.cookie)
        headers = request.headers
        refusal = gate.check(request.host, headers.get("Origin"), link_key,
                             cookie.value if cookie is not None else None,
                             (headers.get("Sec-Fetch-Site"), headers.get("Sec-Fetch-Mode"),
                              headers.get("Sec-Fetch-Dest")))
        if refusal is not None:
            return self.get_handler_delegate(request, RefusalHandler, {"refusal": refusal})
        if gate.key_matches(link_key) and request.method in ("GET", "HEAD"):
            return self.get_handler_delegate(request, JoinHandler)
        return super().find_handler(request, **kwargs)


def _first(values: list[bytes] | None) -> str | None:
    return values[0].decode("utf-8", "replace") if values else None


class OracleVoila(Voila):  # type: ignore[misc]
    """Voila with our application, page handler and settings (see the module docstring)."""

    def __init__(self, gate: Gate, max_pages: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.oracle_gate = gate
        self.oracle_max_pages = max_pages

    def start(self) -> None:
        """Voila.start, with a gated application and our page handler."""
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        settings = self.init_settings()
        settings.update(
            # Jupyter's own Host check as well as ours, unless a LAN address is served.
            allow_remote_access=bool(self.oracle_gate.addresses),
            xsrf_cookies=True,
            xsrf_cookie_kwargs={"samesite": "Strict"},
            oracle_gate=self.oracle_gate,
            oracle_max_pages=self.oracle_max_pages,
            oracle_opening=[0],
        )
        self.app = GatedApplication(**settings)
        self.app.settings.update(self.tornado_settings)
        self.app.add_transform(LocalAssetsOnly)
        handlers = [
            (rule[0], OraclePageHandler, *rule[2:]) if rule[1] is TornadoVoilaHandler else rule
            for rule in self.init_handlers()
        ]
        self.app.add_handlers(".*$", handlers)
        self.listen()
