"""``oracle serve --table``: the address players' devices use, the join key, link and QR code.

The server listens on one address of this machine (``--host``, else the one its default route
uses), answers only to that address (and loopback), and lets in only requests that carry the
join key: in the link the first time, then in a cookie.
"""

from __future__ import annotations

import ipaddress
import secrets
import socket

from oracle.serve_guard import JOIN_COOKIE, JOIN_PARAM, Gate, is_loopback


class TableError(Exception):
    """The table cannot be served as asked; one sentence."""


def parse_address(text: str) -> str:
    """The IP address ``--host`` names, normalised; TableError for anything else."""
    shown = text if len(text) <= 80 else text[:77] + "..."
    try:
        address = ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        raise TableError(
            f"host: give this machine's IP address, such as 192.168.1.20; got {shown!r}."
        ) from None
    if address.is_unspecified:
        raise TableError(
            f"host: {shown} would answer on every network this machine joins; give the one "
            "address players will use, such as 192.168.1.20.")
    return str(address)


def lan_address() -> str:
    """The address of this machine on its local network (the one its default route uses).

    Connecting a UDP socket sends nothing: it only asks the system which address it would use.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never contacted
            address = str(probe.getsockname()[0])
        except OSError:
            address = ""
    if not address or is_loopback(address) or ipaddress.ip_address(address).is_unspecified:
        raise TableError(
            "table: this machine has no network address players could reach; join the "
            "network, or name the address with --host ADDRESS.")
    return address


def new_key() -> str:
    """A fresh random join key (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def table_gate(address: str, port: int, key: str) -> Gate:
    """The gate of a table served on ``address:port`` with ``key``."""
    return Gate(addresses=frozenset({address}), key=key, cookie=f"{JOIN_COOKIE}_{port}")


def url_host(address: str) -> str:
    """``address`` as it goes in a URL (IPv6 in brackets)."""
    return f"[{address}]" if ":" in address else address


def join_url(address: str, port: int, key: str) -> str:
    """The link players open: it carries the key."""
    return f"http://{url_host(address)}:{port}/?{JOIN_PARAM}={key}"


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with block characters, for a terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def announcement(address: str, port: int, key: str) -> str:
    """What ``oracle serve --table`` prints: the join link, a QR code and what to do."""
    url = join_url(address, port, key)
    return (
        f"oracle serve: the table is open. Players join with this link (it carries the key;\n"
        f"  share it only with the table), or by scanning the code below:\n\n  {url}\n\n"
        f"{qr_text(url)}\n"
        f"The GM opens this one (every sheet and the whole journal):\n\n  {url}&gm=1\n\n"
        "Devices must be on the same network as this machine. Ctrl-C closes the table.\n"
    )
