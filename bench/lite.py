"""The browser edition against ``oracle serve``: time to the start screen and bytes on the wire.

Prints, side by side, for the static site in ``build/lite`` (built first if missing) and for
``oracle serve`` on this machine, in Debian's Chromium at 390x844:

- **first visit**: a fresh browser profile opens the app; seconds until the start screen (the
  ``oracle-app`` class) is on the page, and bytes transferred until then;
- **return visit**: the same profile opens it again (for the edition, once its service worker has
  cached the site); seconds and bytes likewise;
- for the edition, the bytes its service worker fetches after the first visit to work offline.

The site is served by a small static server here that gzips what a static host gzips (text and
WebAssembly, not the already-packed wheels and zip). Bytes are what Chromium reports per response
(body as sent, plus headers). Targets of issue 18: first visit <= 8 s, return visit <= 4 s,
first-visit bytes <= 12 MB. Not a test: the numbers depend on the machine and its load, so
each run measures the builds and the server in turn and the table gives each build's ratio to
``oracle serve`` too. ``--site DIR`` (repeated) compares builds in one run, e.g. a copy of
``build/lite`` made before a change against the new one.

    .venv/bin/python bench/lite.py [--runs 1] [--site DIR --site DIR]

Figures, medians of 3 runs on the shared 2-core machine (its load average at each run's start in
the first column; with the load this high only the ratios to the server, measured in the same
run, compare, and even they move by a third from run to run):

| run (28 Nov) | build | first visit | x serve | return visit | x serve | first visit, gzip |
|---|---|---|---|---|---|---|
| 04:59, 12-20 | main 28d57db | 44.7 s | 2.04 | 30.3 s | 1.39 | 11.38 MB |
| 05:45, 10 / 20 / 14 | main 28d57db | 33.6 s | 2.50 | 18.2 s | 1.24 | 11.38 MB |
| same run | page preload (289ab06) | 40.8 s | 3.04 | 20.5 s | 1.40 | 11.38 MB |
| 06:14, 15 / 21 / 18 | page preload + SQLite early (d46c14b) | 37.7 s | 2.57 | 20.7 s | 1.89 | 11.40 MB |
| same run | main 28d57db | 23.1 s | 1.58 | 17.9 s | 1.63 | 11.37 MB |
| 28 Nov 09:25, 6.7 / 10.2 | main aebcf73 | 22.7 s | 2.32 | 11.0 s | 1.12 | 11.46 MB |
| same run | start screen first (0709a33) | 22.5 s | 2.31 | 11.6 s | 1.18 | 11.34 MB |
| 28 Nov 12:31, 6.2 / 13.8 / 9.3 | main b7823da | 15.72 s | 1.60 | 7.26 s | 0.72 | 11.52 MB |
| same run | narrator after the start screen (10c5223) | 12.41 s | 1.27 | 7.78 s | 0.77 | 11.56 MB |

``oracle serve`` in those runs: 21.9 / 21.7 s, 13.4 / 14.6 s, 14.7 / 11.0 s, 9.8 / 9.8 s,
9.8 / 10.1 s (first / return). Since 10c5223 the site is gzipped once before the first visit
(before, the first run's first visit also waited for this process to gzip each file).
10c5223 (the offline narrator's dealing, a few hundred patterns compiled from source, imported
2 s after the start screen instead of before it) in a 6-run ABBA at load 7.7-13.2: first visit
18.82 -> 14.55 s, return 9.52 -> 9.23 s. Tried and not kept: starting IPython's shell without
its built-in magics (15% of the kernel's start under Node) fails, as the magics manager's
``user_magics`` trait names ``IPython.core.magics.UserMagics`` and importing it imports every
magic module; it would need IPython's magics package made lazy too. The start screen sent first (no system's tabs, side or journal before a campaign
opens: 48 widget models instead of 168; no repr of the widget tree) cut launch() in the page, but
not the wall time by more than the run-to-run noise at this load (an earlier run at load 11-12:
33.0 -> 27.9 s first, 14.4 -> 14.1 s return).
The page preload (the app page compiling Pyodide's WebAssembly and fetching the standard library,
the archive and the snapshot while its scripts load, handed to the kernel's worker) was slower in
both runs that compared it, in either order, and was taken out again; on a quiet machine
(load 0.8, 27 Nov 04:02) main measured 10.7 s first and 6.4 s return against 4.2 s and 4.0 s.
"""

from __future__ import annotations

import argparse
import gzip
import json
import mimetypes
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "lite"
APP = "voici/render/app.html"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PACKED = (".whl", ".zip", ".png", ".gz", ".woff", ".woff2")
TARGETS = {"first_s": 8.0, "return_s": 4.0, "first_mb": 12.0}
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")


class Gzipping(SimpleHTTPRequestHandler):
    """A static host: gzip for text and wasm when the browser asks for it."""

    cache: ClassVar[dict[str, bytes]] = {}

    def log_message(self, format: str, *args: Any) -> None:
        return

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        wants = "gzip" in self.headers.get("Accept-Encoding", "")
        if not path.is_file() or not wants or path.suffix in PACKED:
            return super().send_head()
        key = str(path)
        if key not in self.cache:
            self.cache[key] = gzip.compress(path.read_bytes(), 6)
        body = self.cache[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        import io

        return io.BytesIO(body)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def precompress(site: Path) -> None:
    """Gzip every file the server would gzip before any visit, as a static host keeps its
    compressed copies: no visit waits for this process to compress the 8.6 MB WebAssembly."""
    for path in site.rglob("*"):
        if path.is_file() and path.suffix not in PACKED and str(path) not in Gzipping.cache:
            Gzipping.cache[str(path)] = gzip.compress(path.read_bytes(), 6)


def serve_site(site: Path = SITE) -> tuple[ThreadingHTTPServer, str]:
    site = site.resolve()
    precompress(site)
    port = free_port()

    def handler(*args: Any, **kwargs: Any) -> Gzipping:
        return Gzipping(*args, directory=str(site), **kwargs)

    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{port}/{APP}"


def serve_oracle(home: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}
    env.update(ORACLE_HOME=str(home), ORACLE_NARRATOR="offline")
    launcher = "import sys; from oracle.cli import entry; sys.argv[0] = 'oracle'; entry()"
    proc = subprocess.Popen([sys.executable, "-c", launcher, "serve", "--no-browser", "--port",
                             str(port)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return proc, f"http://127.0.0.1:{port}/"
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("oracle serve did not start")


class Meter:
    """Bytes of every response a browser context received, page, workers and service worker."""

    def __init__(self, context: Any) -> None:
        self.bytes = 0
        context.on("requestfinished", self._add)

    def _add(self, request: Any) -> None:
        try:
            sizes = request.sizes()
        except Exception:  # noqa: BLE001 - a request torn down with its page
            return
        self.bytes += max(sizes.get("responseBodySize", 0), 0)
        self.bytes += max(sizes.get("responseHeadersSize", 0), 0)


def visit(context: Any, meter: Meter, url: str) -> tuple[float, int]:
    page = context.new_page()
    before = meter.bytes
    started = time.monotonic()
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector(".oracle-app", timeout=300_000)
    took = time.monotonic() - started
    sent = meter.bytes - before
    page.close()
    return took, sent


def measure(browser: Any, url: str, lite: bool) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    meter = Meter(context)
    first_s, first_b = visit(context, meter, url)
    precache = 0
    if lite:
        page = context.new_page()
        before = meter.bytes
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_selector("html[data-oracle-offline]", timeout=300_000)
        precache = meter.bytes - before
        page.close()
    return_s, return_b = visit(context, meter, url)
    context.close()
    return {"first_s": first_s, "first_mb": first_b / 1e6, "return_s": return_s,
            "return_mb": return_b / 1e6, "precache_mb": precache / 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--site", action="append", type=Path, metavar="DIR",
                        help="a built site to measure (again for each build to compare, e.g. a "
                             "copy of build/lite made before a change); default build/lite")
    options = parser.parse_args()
    sites: list[Path] = options.site or [SITE]
    if sites == [SITE] and not (SITE / APP).is_file():  # make lite, once
        subprocess.run([sys.executable, str(ROOT / "lite" / "build.py")], check=True)
    from playwright.sync_api import sync_playwright

    servers = {f"{site.name} ({n})" if len(sites) > 1 else "browser edition": serve_site(site)
               for n, site in enumerate(sites, 1)}
    home = Path(tempfile.mkdtemp(prefix="oracle-bench-lite-"))
    proc, serve_url = serve_oracle(home)
    results: dict[str, list[dict[str, float]]] = {name: [] for name in [*servers, "oracle serve"]}
    load = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(options.runs):  # the builds and the server in turn, each run
                load.append(float(Path("/proc/loadavg").read_text().split()[0]))
                for name, (_, url) in servers.items():
                    results[name].append(measure(browser, url, lite=True))
                results["oracle serve"].append(measure(browser, serve_url, lite=False))
            browser.close()
    finally:
        for server, _ in servers.values():
            server.shutdown()
        proc.terminate()
    report(results, load)


def report(results: dict[str, list[dict[str, float]]], load: list[float]) -> None:
    """Medians side by side, each build's ratio to ``oracle serve`` (measured in the same run)."""
    medians = {name: {key: statistics.median(run[key] for run in runs) for key in runs[0]}
               for name, runs in results.items()}
    serve = medians["oracle serve"]
    width = max(18, *(len(name) + 2 for name in medians))
    print(f"load average (1 min) at each run's start: {', '.join(f'{x:.1f}' for x in load)}")
    print(f"{'':24}" + "".join(f"{name:>{width}}" for name in medians) + f"{'target':>10}")
    rows = [("first visit, s", "first_s"), ("first visit, MB", "first_mb"),
            ("return visit, s", "return_s"), ("return visit, MB", "return_mb"),
            ("offline precache, MB", "precache_mb")]
    for label, key in rows:
        target = TARGETS.get(key)
        print(f"{label:24}" + "".join(f"{values[key]:>{width}.2f}" for values in medians.values())
              + f"{'' if target is None else f'<= {target:g}':>10}")
        if key.endswith("_s"):
            print(f"{'  x oracle serve':24}" + "".join(
                f"{values[key] / serve[key]:>{width}.2f}" for values in medians.values()))
    print(json.dumps({"runs": len(load), "load": load, "medians": medians}, sort_keys=True))


if __name__ == "__main__":
    main()
