"""Benchmark the app against a bare ipywidgets notebook under the same Voila, in Chromium.

Prints, in one run and side by side:

- time to interactive (page request until the roll button is on the page and enabled) of our
  app and of a bare notebook (one button, one HTML output), without and with preheated kernels;
- click-to-dice-visible latency (button click until the new dice are in the DOM, measured inside
  the page with ``performance.now()``) of our Risk Roll and of the bare button, both pages open
  at once and clicked in turns;

each as medians and as a ratio ours / bare. Then, for our app alone (no preheat):

- memory of one kernel serving a page (RSS and PSS, MiB) and of the server process;
- kernels alive a few seconds after reloading one tab ``--reloads`` times (the page asks for
  its kernel's shutdown on unload: 1 is the tab still open);
- how long a roll takes to show on a second tab of the same campaign (click in one tab until its
  journal line is in the other's DOM; the kernels' watchers poll the campaign store).

Not a test: numbers depend on the machine. The package is byte-compiled first: an installed
app has its ``.pyc`` files after the first run (and the bare notebook's ipywidgets has them
from pip), while ``PYTHONDONTWRITEBYTECODE`` would otherwise compile every module in every
kernel.

    .venv/bin/python bench/app.py [--loads 3] [--clicks 60] [--reloads 6] [--cross 5] [--preheats 0,2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    start_server,
    stop_server,
)
from tests.browser.serve_harness import kernel_pids

BARE_SOURCE = """\
import ipywidgets as w
from IPython.display import display
button = w.Button(description="Roll")
button.add_class("oracle-risk-roll")
dice = w.HTML()
dice.add_class("oracle-dice")
count = [0]
def roll(_):
    count[0] += 1
    dice.value = (f'<div data-roll="{count[0]}"><span class="oracle-die oracle-light" '
                  f'data-face="4">4</span></div>')
button.on_click(roll)
box = w.VBox([button, dice])
box.add_class("oracle-app")
display(box)
"""

# Resolves with the milliseconds from the click until a new data-roll shows in `scope`.
CLICK_JS = """
([button, scope]) => new Promise((resolve) => {
  const rolls = () => document.querySelectorAll(scope + ' [data-roll]');
  const last = () => { const all = rolls(); return all.length ? all[all.length - 1].dataset.roll : ''; };
  const before = last();
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (last() !== before) { observer.disconnect(); resolve(performance.now() - start); }
  });
  observer.observe(document.body, {subtree: true, childList: true, attributes: true});
  document.querySelector(button).click();
})
"""


def bare_notebook(folder: Path) -> Path:
    path = folder / "bare.ipynb"
    path.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "bare", "metadata": {},
                   "outputs": [], "source": BARE_SOURCE}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }))
    return path


def seeded_home(folder: Path) -> Path:
    """An ORACLE_HOME with a quick-started campaign, so our app opens straight into play."""
    home = folder / "home"
    os.environ["ORACLE_HOME"] = str(home)
    os.environ["ORACLE_NARRATOR"] = "offline"
    from oracle.app.session import Session

    session = Session(home)
    session.quick_start()
    session.close()
    return home


def time_to_interactive(browser: Any, url: str) -> tuple[float, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.route("**/*", lambda route: route.abort() if not route.request.url.startswith(
        "http://127.0.0.1") else route.continue_())
    start = time.perf_counter()
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector("button.oracle-risk-roll:not([disabled])", timeout=120_000)
    return time.perf_counter() - start, page


def measure(browser: Any, home: Path, notebook: Path | None, preheat: int,
            loads: int) -> list[float]:
    """Times to interactive of ``loads`` page loads (our app, or ``notebook``)."""
    env = {"ORACLE_APP": str(notebook)} if notebook else {}
    with tempfile.TemporaryDirectory() as logs:
        proc, server = start_server(home, Path(logs) / "serve.log",
                                    extra=["--preheat", str(preheat)] if preheat else [],
                                    env_extra=env)
        try:
            if preheat:
                time.sleep(12)  # let the pool fill before the first request
            ttis = []
            for _ in range(loads):
                tti, page = time_to_interactive(browser, server.url)
                ttis.append(tti)
                page.context.close()
                if preheat:
                    time.sleep(8)  # a preheated kernel was used: give the pool time to refill
            return ttis
        finally:
            stop_server(proc)


def click_figures(browser: Any, home: Path, bare: Path, clicks: int
                  ) -> tuple[list[float], list[float]]:
    """Click-to-dice latencies of our Risk Roll and of the bare button, taken in turns.

    Both pages are open at once under their own Voila, and the clicks alternate (ours, bare,
    bare, ours, ...), so a slow stretch of the machine falls on both alike.
    """
    with tempfile.TemporaryDirectory() as logs:
        ours_proc, ours_server = start_server(home, Path(logs) / "ours.log")
        bare_proc, bare_server = start_server(home, Path(logs) / "bare.log",
                                              env_extra={"ORACLE_APP": str(bare)})
        try:
            _, ours = time_to_interactive(browser, ours_server.url)
            _, plain = time_to_interactive(browser, bare_server.url)
            ours.fill(".oracle-intent input", "Climb the ruined bell tower")
            ours.check(".oracle-skill input[type=checkbox]")
            ours.wait_for_timeout(300)
            mine: list[float] = []
            theirs: list[float] = []
            for index in range(clicks):
                turns = [(ours, ".oracle-risk .oracle-dice", mine),
                         (plain, ".oracle-dice", theirs)]
                for page, scope, out in turns if index % 2 == 0 else turns[::-1]:
                    out.append(float(page.evaluate(CLICK_JS, ["button.oracle-risk-roll", scope])))
                    page.wait_for_timeout(150)
            ours.context.close()
            plain.context.close()
            return mine, theirs
        finally:
            stop_server(ours_proc)
            stop_server(bare_proc)


def _mib(pid: int, field: str) -> float:
    """``field`` (VmRSS from status, Pss from smaps_rollup) of process ``pid``, in MiB."""
    source = "smaps_rollup" if field == "Pss" else "status"
    for line in Path(f"/proc/{pid}/{source}").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def kernel_figures(browser: Any, home: Path, reloads: int, cross: int) -> dict[str, float]:
    """Memory per kernel, kernels alive after reloads, and a roll's delay to another tab."""
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as logs:
        proc, server = start_server(home, Path(logs) / "serve.log")
        try:
            _, page = time_to_interactive(browser, server.url)
            time.sleep(3)  # let the kernel settle after the first render
            (kernel,) = kernel_pids(proc.pid)
            figures["kernel RSS (MiB)"] = _mib(kernel, "VmRSS")
            figures["kernel PSS (MiB)"] = _mib(kernel, "Pss")
            figures["server RSS (MiB)"] = _mib(proc.pid, "VmRSS")
            for _ in range(reloads):
                page.reload(wait_until="domcontentloaded")
                page.wait_for_selector("button.oracle-risk-roll:not([disabled])",
                                       timeout=120_000)
            time.sleep(5)
            figures[f"kernels alive 5 s after {reloads} reloads"] = len(kernel_pids(proc.pid))
            _, other = time_to_interactive(browser, server.url)
            delays = []
            for index in range(cross):
                mark = f"Cross-tab roll {index} of the bench"
                page.fill(".oracle-intent input", mark)
                page.check(".oracle-skill input[type=checkbox]")
                page.wait_for_timeout(300)
                start = time.perf_counter()
                page.click("button.oracle-risk-roll")
                other.wait_for_function(f"() => document.body.innerText.includes({mark!r})",
                                        timeout=30_000, polling=20)
                delays.append(time.perf_counter() - start)
                page.wait_for_timeout(500)
            figures["roll seen on another tab, median (s)"] = statistics.median(delays)
            figures["roll seen on another tab, max (s)"] = max(delays)
            page.context.close()
            other.context.close()
        finally:
            stop_server(proc)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--loads", type=int, default=3, help="page loads per configuration")
    parser.add_argument("--clicks", type=int, default=60,
                        help="clicks for the latency (each page, in turns)")
    parser.add_argument("--preheats", default="0,2",
                        help="preheated kernels per configuration, comma-separated")
    parser.add_argument("--reloads", type=int, default=6, help="reloads of one tab")
    parser.add_argument("--cross", type=int, default=5, help="rolls watched from another tab")
    parser.add_argument("--kernels-only", action="store_true",
                        help="only the kernel figures (skip the comparison with a bare notebook)")
    args = parser.parse_args()
    preheats = [int(p) for p in args.preheats.split(",")]
    if not Path(CHROMIUM).exists():
        print(f"bench/app.py needs {CHROMIUM}", file=sys.stderr)
        return 2
    import compileall

    from playwright.sync_api import sync_playwright

    compileall.compile_dir(str(ROOT / "oracle"), quiet=1)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        folder = Path(tmp)
        home = seeded_home(folder)
        bare = bare_notebook(folder)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            results: dict[tuple[str, int], list[float]] = {}
            for preheat in () if args.kernels_only else preheats:
                for name, notebook in (("bare", bare), ("ours", None)):
                    results[(name, preheat)] = measure(browser, home, notebook, preheat,
                                                       args.loads)
            clicked = ([], []) if args.kernels_only else click_figures(browser, home, bare,
                                                                       args.clicks)
            kernels = kernel_figures(browser, home, args.reloads, args.cross)
        finally:
            browser.close()

    def med(values: list[float]) -> float:
        return statistics.median(values) if values else float("nan")

    if args.kernels_only:
        print("oracle app: kernels (no preheat)")
        for label, value in kernels.items():
            print(f"{label:44} {value:10.2f}")
        return 0
    print(f"oracle app vs bare ipywidgets notebook, same Voila, Chromium "
          f"({args.loads} loads, {args.clicks} clicks; medians)")
    print(f"{'measure':44} {'ours':>10} {'bare':>10} {'ours/bare':>10}")
    for preheat in preheats:
        ours, bare_t = med(results[("ours", preheat)]), med(results[("bare", preheat)])
        label = f"time to interactive, preheat={preheat} (s)"
        print(f"{label:44} {ours:10.2f} {bare_t:10.2f} {ours / bare_t:10.2f}")
    ours_c, bare_c = med(clicked[0]), med(clicked[1])
    label = "click to dice visible (ms)"
    print(f"{label:44} {ours_c:10.1f} {bare_c:10.1f} {ours_c / bare_c:10.2f}")
    if 0 in preheats and 2 in preheats:
        cold, warm = med(results[("ours", 0)]), med(results[("ours", 2)])
        print(f"{'ours: preheated / cold time to interactive':44} {warm / cold:10.2f}")
    print()
    print("oracle app: kernels (no preheat)")
    for label, value in kernels.items():
        print(f"{label:44} {value:10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
