"""The installable, offline part of the browser edition, written into the built site.

- ``index.html``: opens the app (``voici/render/app.html``);
- ``manifest.webmanifest`` and two PNG icons (drawn here), so a phone can add it to its home screen;
- ``service-worker.js`` (from ``lite/web/``, with this build's id) and ``precache.json``: every file
  the app needs, cached after the first visit so a second one starts with the network off;
- ``oracle-lite.js``: the page script that asks for that precache once the app has drawn.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import struct
import zlib
from pathlib import Path

WEB = Path(__file__).resolve().parent / "web"
APP = "voici/render/app.html"
BACKGROUND = (29, 26, 22)
GOLD = (201, 162, 74)

# Files a visit never asks for: JupyterLite's other apps and docs, build metadata, licences.
# (The folders doc/, voici/tree/ and build/, JupyterLab's own app, are removed from the site.)
SKIP_PREFIXES = ("doc/", "lab/", "notebooks/", "tree/", "edit/", "repl/", "consoles/",
                 "voici/tree/", "jupyter-lite.ipynb", "package.json", "jupyterlite.schema",
                 "icon-", "precache.json", "service-worker.js", "voici/build/service-worker.js")
SKIP_SUFFIXES = (".map", ".LICENSE.txt", "third-party-licenses.json", ".d.ts", ".md")


def png(size: int) -> bytes:
    """A square icon: a gold ring (the oracle's eye) with a gold dot, on the app's dark brown."""
    rows = []
    centre = (size - 1) / 2
    outer, inner, dot = size * 0.36, size * 0.28, size * 0.09
    for y in range(size):
        row = bytearray(b"\x00")
        for x in range(size):
            r = ((x - centre) ** 2 + (y - centre) ** 2) ** 0.5
            row += bytes(GOLD if inner <= r <= outer or r <= dot else BACKGROUND)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw)
            + chunk(b"IEND", b""))


MANIFEST = {
    "name": "oracle: Trophy, Die Trying and Triptycho",
    "short_name": "oracle",
    "description": "Solo play with exact rules, in the browser, offline after the first visit.",
    "start_url": APP,
    "scope": "./",
    "display": "standalone",
    "background_color": "#1d1a16",
    "theme_color": "#1d1a16",
    "icons": [
        {"src": "oracle-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
        {"src": "oracle-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
        {"src": "oracle-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
    ],
}

INDEX = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>oracle</title>
<link rel="manifest" href="manifest.webmanifest">
<meta http-equiv="refresh" content="0; url={APP}">
<script>location.replace({json.dumps(APP)});</script>
</head><body style="background:#1d1a16;color:#c9a24a;font-family:serif">
<p><a href="{APP}" style="color:inherit">Open oracle</a></p>
</body></html>
"""


def precache_list(site: Path) -> list[str]:
    files = []
    for path in sorted(site.rglob("*")):
        if not path.is_file():
            continue
        name = path.relative_to(site).as_posix()
        if name.startswith(SKIP_PREFIXES) or name.endswith(SKIP_SUFFIXES):
            continue
        files.append(name)
    return files


def prune(site: Path) -> None:
    """Remove what no visit asks for (JupyterLite's other apps, docs, source maps)."""
    for path in sorted(site.rglob("*"), reverse=True):
        name = path.relative_to(site).as_posix()
        if path.is_file() and name.endswith((".map",)):
            path.unlink()
    for folder in ("doc", "voici/tree", "build"):
        shutil.rmtree(site / folder, ignore_errors=True)


def finish(site: Path) -> str:
    """Write the start page, manifest, icons, service worker and precache list; the build id."""
    prune(site)
    (site / "index.html").write_text(INDEX)
    (site / "manifest.webmanifest").write_text(json.dumps(MANIFEST, indent=1))
    (site / "oracle-192.png").write_bytes(png(192))
    (site / "oracle-512.png").write_bytes(png(512))
    shutil.copy2(WEB / "oracle-lite.js", site / "oracle-lite.js")
    files = precache_list(site)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes())
    build = digest.hexdigest()[:16]
    size = sum((site / name).stat().st_size for name in files)
    (site / "precache.json").write_text(json.dumps({"build": build, "bytes": size,
                                                    "files": files}, indent=0))
    worker = (WEB / "service-worker.js").read_text().replace("__BUILD__", build)
    for target in (site / "service-worker.js", site / "voici/build/service-worker.js"):
        if target.exists() or target.parent == site:
            target.write_text(worker)
    return build
