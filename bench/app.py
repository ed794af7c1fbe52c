"""Benchmark the app against a bare ipywidgets notebook under the same Voila, in Chromium.

Prints, in one run and side by side:

- time to interactive (page request until the roll button is on the page and enabled) of our
  app and of a bare notebook (one button, one HTML output), without and with preheated kernels;
- click-to-dice-visible latency (button click until the new dice are in the DOM, measured inside
  the page with ``performance.now()``) of our Risk Roll and of the bare button;

each as medians and as a ratio ours / bare. Not a test: numbers depend on the machine.

The package is byte-compiled first: an installed app has its ``.pyc`` files after the first run
(and the bare notebook's ipywidgets has them from pip), while an environment with
``PYTHONDONTWRITEBYTECODE`` would otherwise compile every module in every kernel.

    .venv/bin/python bench/app.py [--loads 3] [--clicks 10]
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


def click_latencies(page: Any, ours: bool, clicks: int) -> list[float]:
    scope = ".oracle-risk .oracle-dice" if ours else ".oracle-dice"
    if ours:
        page.fill(".oracle-intent input", "Climb the ruined bell tower")
        page.check(".oracle-skill input[type=checkbox]")
        page.wait_for_timeout(300)
    out = []
    for _ in range(clicks):
        out.append(float(page.evaluate(CLICK_JS, ["button.oracle-risk-roll", scope])))
        page.wait_for_timeout(150)
    return out


def measure(browser: Any, home: Path, notebook: Path | None, preheat: int, loads: int,
            clicks: int) -> tuple[list[float], list[float]]:
    env = {"ORACLE_APP": str(notebook)} if notebook else {}
    with tempfile.TemporaryDirectory() as logs:
        proc, server = start_server(home, Path(logs) / "serve.log",
                                    extra=["--preheat", str(preheat)] if preheat else [],
                                    env_extra=env)
        try:
            if preheat:
                time.sleep(12)  # let the pool fill before the first request
            ttis, latencies = [], []
            for index in range(loads):
                tti, page = time_to_interactive(browser, server.url)
                ttis.append(tti)
                if index == loads - 1 and preheat == 0:
                    latencies = click_latencies(page, notebook is None, clicks)
                page.context.close()
                if preheat:
                    time.sleep(8)  # a preheated kernel was used: give the pool time to refill
            return ttis, latencies
        finally:
            stop_server(proc)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--loads", type=int, default=3, help="page loads per configuration")
    parser.add_argument("--clicks", type=int, default=10, help="clicks for the latency")
    parser.add_argument("--preheats", default="0,2",
                        help="preheated kernels per configuration, comma-separated (the click "
                             "latency is measured with 0)")
    args = parser.parse_args()
    preheats = [int(p) for p in args.preheats.split(",")]
    if not Path(CHROMIUM).exists():
        print(f"bench/app.py needs {CHROMIUM}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    import compileall

    compileall.compile_dir(str(ROOT / "oracle"), quiet=1)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        folder = Path(tmp)
        home = seeded_home(folder)
        bare = bare_notebook(folder)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            results: dict[tuple[str, int], tuple[list[float], list[float]]] = {}
            for preheat in preheats:
                for name, notebook in (("bare", bare), ("ours", None)):
                    results[(name, preheat)] = measure(browser, home, notebook, preheat,
                                                       args.loads, args.clicks)
        finally:
            browser.close()

    def med(values: list[float]) -> float:
        return statistics.median(values) if values else float("nan")

    print(f"oracle app vs bare ipywidgets notebook, same Voila, Chromium "
          f"({args.loads} loads, {args.clicks} clicks; medians)")
    print(f"{'measure':44} {'ours':>10} {'bare':>10} {'ours/bare':>10}")
    for preheat in preheats:
        ours, bare_t = med(results[("ours", preheat)][0]), med(results[("bare", preheat)][0])
        label = f"time to interactive, preheat={preheat} (s)"
        print(f"{label:44} {ours:10.2f} {bare_t:10.2f} {ours / bare_t:10.2f}")
    if 0 in preheats:
        ours_c, bare_c = med(results[("ours", 0)][1]), med(results[("bare", 0)][1])
        label = "click to dice visible (ms)"
        print(f"{label:44} {ours_c:10.1f} {bare_c:10.1f} {ours_c / bare_c:10.2f}")
    if 0 in preheats and 2 in preheats:
        cold, warm = med(results[("ours", 0)][0]), med(results[("ours", 2)][0])
        print(f"{'ours: preheated / cold time to interactive':44} {warm / cold:10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
