"""Who may reach ``oracle serve``: the Host and Origin a request carries, and at a table its key.

Pure decisions (stdlib only), used by :mod:`oracle.serve_voila` before any handler runs:

- **Host**: a loopback address or ``localhost``, or an address the server was told to serve
  (``--host``). A page on another site that rebinds its own name to 127.0.0.1 is refused here.
- **Origin**: when a browser says which page sent the request, it must be this server itself;
  and a request another site's page makes in the background (an image, a script, a frame:
  ``Sec-Fetch-Site: cross-site``, or ``same-site`` for a page on another port of this machine)
  is refused, so it cannot start kernels. Following a link to the app from elsewhere still
  works.
- **Slow headers**: a connection that has not sent its whole request head within
  :data:`HEADER_TIMEOUT` seconds is closed (before any key is checked), so idle sockets cannot
  pile up.
- **Key** (serving a table): every request carries the join key, in the link (``?join=``) or
  in the cookie the first visit with the link set.

Every refusal is a short HTML page in our own words, never a traceback.
"""

from __future__ import annotations

import hmac
import html
import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

# Seconds a connection has to send its request line and headers (a browser needs milliseconds);
# also how long an idle kept-alive connection stays open (a browser reconnects at once).
HEADER_TIMEOUT = 5.0
BODY_TIMEOUT = 30.0  # and to send a request's body, once its headers are in
JOIN_PARAM = "join"
JOIN_COOKIE = "oracle_table"
_HOST = re.compile(r"^(?P<name>\[[^\]]*\]|[^:]*)(?::(?P<port>\d{1,5}))?$")


@dataclass(frozen=True)
class Refusal:
    """Why a request is refused: an HTTP status, a title and one or two sentences."""

    status: int
    title: str
    sentence: str

    def html(self) -> str:
        """A small self-contained page (no outside asset, no script)."""
        title, sentence = html.escape(self.title), html.escape(self.sentence)
        return (
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>oracle: {title}</title><style>"
            "body{font-family:system-ui,sans-serif;background:#1e1e1e;color:#e6e6e6;"
            "max-width:36em;margin:4em auto;padding:0 1em;line-height:1.5}"
            "h1{font-size:1.4em;color:#f0c36a}</style></head>"
            f"<body class=\"oracle-refusal\" data-status=\"{self.status}\"><h1>{title}</h1>"
            f"<p>{sentence}</p></body></html>\n"
        )


FOREIGN_HOST = Refusal(
    403, "This address is not one the oracle answers to",
    "The oracle answers only at the address it printed when it started. Open that address "
    "instead of this one.")
FOREIGN_ORIGIN = Refusal(
    403, "Another page tried to reach the oracle",
    "Requests sent by other web pages are refused. Open the oracle at the address it printed "
    "when it started.")
NO_KEY = Refusal(
    403, "This table needs its join link",
    "Ask the person running the table for the join link or its QR code: it carries the key that "
    "lets your device in. Open it once and this device is remembered until the server stops.")


def table_full(open_pages: int, limit: int) -> Refusal:
    """The page shown when ``limit`` pages are already open."""
    pages = "page is" if open_pages == 1 else "pages are"
    return Refusal(
        503, "The table is full",
        f"{open_pages} {pages} open on this oracle, and its limit is {limit}. Close a tab you no "
        "longer use (its place frees at once, or after a while if the tab was lost), then reload "
        "this page. Whoever runs the oracle can raise the limit with 'oracle serve --max-pages N'.")


def split_host(host: str) -> tuple[str, int | None] | None:
    """``"name:port"`` -> ``("name", port)`` (brackets dropped from IPv6); None if malformed."""
    match = _HOST.match(host.strip().lower())
    if match is None or not match.group("name"):
        return None
    name, port = match.group("name"), match.group("port")
    if name.startswith("["):
        name = name[1:-1]
    return name, int(port) if port else None


def is_loopback(name: str) -> bool:
    """True for ``localhost`` and for any loopback address (127.0.0.0/8, ::1)."""
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Gate:
    """What a request needs to get in.

    ``addresses`` are the names besides loopback that the server answers to (the ``--host``
    it serves on); ``key`` is the table's join key, or None when the server is only local;
    ``cookie`` names the cookie that remembers the key (cookies ignore ports: one per port).
    """

    addresses: frozenset[str] = frozenset()
    key: str | None = None
    cookie: str = JOIN_COOKIE

    def host_allowed(self, host: str) -> bool:
        """True when the Host header names this server."""
        parts = split_host(host)
        if parts is None:
            return False
        name = parts[0]
        return is_loopback(name) or name in self.addresses

    def origin_allowed(self, origin: str | None, host: str) -> bool:
        """True when no Origin was sent, or it is this very server (scheme, name and port)."""
        if origin is None:
            return True
        parts = urlsplit(origin.strip().lower())
        return parts.scheme in ("http", "https") and parts.netloc == host.strip().lower()

    @staticmethod
    def cross_site_fetch(site: str | None, mode: str | None, dest: str | None) -> bool:
        """True for a request another site's page makes other than opening us in a tab.

        "Another site" includes ``same-site``: a page on another port of this machine (or
        another name under the same domain) is someone else's page all the same."""
        if (site or "").strip().lower() not in ("cross-site", "same-site"):
            return False
        return ((mode or "").strip().lower(), (dest or "").strip().lower()) != (
            "navigate", "document")

    def key_matches(self, offered: str | None) -> bool:
        """True when ``offered`` is the table's key (compared in constant time)."""
        if self.key is None or not offered:
            return False
        return hmac.compare_digest(offered.encode("utf-8", "replace"), self.key.encode())

    def check(self, host: str, origin: str | None, link_key: str | None,
              cookie_key: str | None, fetch: tuple[str | None, str | None, str | None] = (
                  None, None, None)) -> Refusal | None:
        """The refusal for a request, or None to let it through.

        ``fetch`` is the request's ``Sec-Fetch-Site``, ``-Mode`` and ``-Dest`` headers.
        """
        if not self.host_allowed(host):
            return FOREIGN_HOST
        if not self.origin_allowed(origin, host) or self.cross_site_fetch(*fetch):
            return FOREIGN_ORIGIN
        if self.key is not None and not (self.key_matches(link_key)
                                         or self.key_matches(cookie_key)):
            return NO_KEY
        return None


_REMOTE_ASSET = re.compile(
    rb"<link\b[^>]*\bhref=[\"']?(?:https?:)?//[^>]*>"
    rb"|<script\b[^>]*\bsrc=[\"']?(?:https?:)?//[^>]*>\s*</script>",
    re.IGNORECASE,
)


def strip_remote_assets(chunk: bytes) -> bytes:
    """Drop ``<link>`` and ``<script src>`` tags that would fetch from another host.

    Voila's page asks a public CDN for Font Awesome; the app uses no icon font, and it must work
    with no network at all, so those tags never reach the browser.
    """
    return _REMOTE_ASSET.sub(b"", chunk)
