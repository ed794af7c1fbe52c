"""Where the browser edition's start goes: one visit's timeline, phase by phase.

Serves ``build/lite`` as ``bench/lite.py`` does and opens the app in Debian's Chromium (a fresh
profile, then the same profile again once its service worker has cached the site: a first and a
return visit). The kernel's worker script and
the edition's notebook are patched in flight (the site is not changed) to log a time stamp after
each phase of the kernel's start:

- ``worker``: the kernel's worker starts (the page's scripts have run);
- ``wasm``: Pyodide's WebAssembly compiled (and SQLite's, later); ``core``: CPython started;
- ``packages``: the site's wheels fetched and unpacked;
- ``kernel``: ``import pyodide_kernel`` and ``ipywidgets`` (the kernel's own start);
- ``booted`` / ``imported`` / ``launched``: the notebook's cell (storage and SQLite, ``import
  oracle.app``, ``launch()``); then the start screen on the page.

It also counts the modules of the site's wheels and of the standard library the start imported
(with what ``launch()`` leaves for after the start screen: the default tabs, the narrator);
``--write-modules`` writes them to ``lite/startup-modules.txt`` (the modules that get bytecode).

    .venv/bin/python bench/lite_profile.py [--visits first,return] [--write-modules]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.lite import ARGS, CHROMIUM, SITE, serve_site

ROOT = Path(__file__).resolve().parent.parent
STARTUP = ROOT / "lite" / "startup-modules.txt"
MARK = "oracle-lite-phase"
INIT = ("await this.initRuntime(e),await this.initFilesystem(e),await this.initPackageManager(e),"
        "await this.initKernel(e),await this.initGlobals(e)")
TIMED_INIT = (
    f"(()=>{{}})();const T=(w)=>console.log('{MARK} '+Date.now()+' '+w);T('worker');"
    "self.oracleLitePhase=T;"
    "for(const k of ['instantiateStreaming','instantiate']){const f=WebAssembly[k];"
    "WebAssembly[k]=async(...a)=>{const r=await f(...a);T('wasm ('+k+')');return r;};}"
    "const pk=(e.loadPyodideOptions||{}).packages||[];const sv=e.loadPyodideOptions;"
    "e.loadPyodideOptions={...sv,packages:[]};await this.initRuntime(e);"
    "e.loadPyodideOptions=sv;T('core');await this._pyodide.loadPackage(pk,{messageCallback:()=>{}});"
    "T('packages');await this.initFilesystem(e);await this.initPackageManager(e);"
    "await this.initKernel(e);T('kernel');await this.initGlobals(e)")
CELL = ("import oracle_lite\nawait oracle_lite.boot()\nfrom oracle.app import launch\n"
        "launch()")
TIMED_CELL = f"""import js, sys
def _mark(what): js.console.log(f"{MARK} {{js.Date.now():.0f}} {{what}}")
_mark("cell")
import oracle_lite
await oracle_lite.boot()
_mark("booted")
from oracle.app import launch
_mark("imported")
launch()
_mark("launched")
def _modules():
    files = sorted(str(getattr(m, "__file__", None) or "") for m in list(sys.modules.values()))
    js.console.log("oracle-lite-modules " + "|".join(files))
# once the work launch() leaves for after the start screen has run (oracle.app.PREPARE_DELAY)
import asyncio, oracle.app
asyncio.get_event_loop().call_later(oracle.app.PREPARE_DELAY + 0.5, _modules)
"""


def _patch(route: Any, old: str, new: str, needed: bool = True) -> None:
    response = route.fetch()
    body = response.text()
    if old not in body and needed:
        raise SystemExit(f"the site no longer reads as this profile expects: {old[:60]}...")
    route.fulfill(response=response, body=body.replace(old, new))


def visit(context: Any, url: str) -> tuple[list[tuple[float, str]], list[str]]:
    page = context.new_page()
    started = time.time() * 1000
    marks: list[tuple[float, str]] = []
    modules: list[str] = []

    def heard(text: str) -> None:
        if text.startswith(MARK):
            _, stamp, what = text.split(" ", 2)
            marks.append((float(stamp) - started, what))
        elif text.startswith("oracle-lite-modules "):
            modules[:] = text.split(" ", 1)[1].split("|")

    page.on("worker", lambda worker: worker.on("console", lambda m: heard(m.text)))
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector(".oracle-app", timeout=300_000)
    marks.append((time.time() * 1000 - started, "start screen"))
    deadline = time.monotonic() + 120  # the modules are told once the background work ran
    while not modules and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    # As bench/lite.py: the next visit starts once the service worker has cached the site.
    page.wait_for_selector("html[data-oracle-offline]", state="attached", timeout=300_000)
    page.close()
    return sorted(marks), modules


def site_modules(modules: list[str]) -> list[str]:
    """The modules from the site's wheels (paths in site-packages) and from the standard library
    (``python313.zip/`` and the path in it), with a ``.py`` suffix."""
    found = set()
    for path in modules:
        _, sep, rest = path.partition("/site-packages/")
        _, zipped, inside = path.partition("/lib/python313.zip/")
        if sep or zipped:
            found.add(re.sub(r"\.pyc$", ".py", rest if sep else f"python313.zip/{inside}"))
    return sorted(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", default="first,return")
    parser.add_argument("--write-modules", action="store_true")
    options = parser.parse_args()
    if not SITE.is_dir():
        raise SystemExit("build/lite is missing: make lite first")
    from playwright.sync_api import sync_playwright

    server, url = serve_site()
    cell = json.dumps(CELL)[1:-1]
    timed_cell = json.dumps(TIMED_CELL)[1:-1]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(viewport={"width": 390, "height": 844})
            context.route(re.compile(r".*/pyodide-kernel-extension/static/\d+\.[0-9a-f]+\.js.*"),
                          lambda route: _patch(route, INIT, TIMED_INIT, needed=False))
            context.route(re.compile(r".*/voici/render/app\.html.*"),
                          lambda route: _patch(route, cell, timed_cell))
            modules: list[str] = []
            for label in options.visits.split(","):
                load = Path("/proc/loadavg").read_text().split()[:3]
                marks, seen = visit(context, url)
                modules = modules or seen  # the first visit's: a return visit restores a snapshot
                print(f"{label} visit (load average {' '.join(load)}):")
                last = 0.0
                for at, what in marks:
                    print(f"  {at / 1000:7.2f} s  (+{(at - last) / 1000:5.2f})  {what}")
                    last = at
            browser.close()
    finally:
        server.shutdown()
    others = site_modules(modules)
    print(f"{len(others)} modules of the site's wheels imported by the start")
    if options.write_modules and others:
        head = [line for line in STARTUP.read_text().splitlines() if line.startswith("#")]
        STARTUP.write_text("\n".join(head + others) + "\n")
        print(f"wrote {STARTUP.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
