"""The browser edition (``make lite``) played as a person would, in Debian's Chromium at 390x844.

The site is built once per test run (``lite_site``), served by a plain static file server on
127.0.0.1, and nothing else is reachable: every request to another host is refused. One visitor
(one browser profile, so one IndexedDB) then, in order:

1. opens the app: Chromium finds it installable (its manifest, icons and service worker), and
   the Safety tab says what needs the server; takes Quick start;
2. makes a Risk Roll and sees its narration, and reloads at once: the roll is still in the
   journal (IndexedDB kept it; while a commit is on its way the page asks before leaving);
3. asks the Oracle; downloads the journal (Markdown) and the campaign (JSON), and imports that
   JSON file back as a new campaign;
4. goes offline, reloads: the app starts from the service worker's cache (its kernel restored
   from the build's memory snapshot) and rolls again;
5. opens a Die Trying campaign, then a Triptycho one and joins a character.

Separately, no file of the site names a CDN, and every page's config points the kernel at the
site's own Pyodide with the PyPI fallback off.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, require_chromium, shot, stop_server

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "lite"
APP = "voici/render/app.html"
READY_MS = 240_000  # a cold Pyodide start on a busy 2-core machine
INTENT = "Cross the rotten footbridge"
CDN = re.compile(r"(cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com|unpkg\.com|fonts\.googleapis\.com|"
                 r"fonts\.gstatic\.com|pypi\.org|files\.pythonhosted\.org|pyodide\.org/.*\.js)")


def _needs(tool: str) -> None:
    if shutil.which(tool):
        return
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"the browser edition cannot be built under CI: {tool} is missing.")
    pytest.skip(f"{tool} is missing (the browser edition is built with it).")


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``build/lite``, built once for the whole run (what ``make lite`` does), also when
    pytest-xdist's workers share the run: the first to ask builds under a lock, the others
    find it built."""
    _needs("npm")
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:  # one process: this session is the run
        _build_lite()
        return SITE
    built = tmp_path_factory.getbasetemp().parent / f"lite-built-{run}"
    with open(built.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not built.exists():
            _build_lite()
            built.touch()
    return SITE


def _build_lite() -> None:
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(ROOT / "lite" / "build.py")], cwd=ROOT,
                          capture_output=True, text=True, timeout=1200, check=False)
    if done.returncode != 0:
        pytest.fail(f"make lite failed:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}")
    print(f"lite build: {time.monotonic() - started:.0f} s")


@pytest.fixture(scope="module")
def lite_url(lite_site: Path) -> Iterator[str]:
    """A plain static file server on 127.0.0.1 for the built site."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(lite_site)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 30
    while True:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                break
        if time.monotonic() > deadline:
            stop_server(proc)
            pytest.fail("the static file server did not start")
        time.sleep(0.1)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop_server(proc)


@pytest.fixture()
def phone(lite_url: str, tmp_path: Path) -> Iterator[Any]:
    """One visitor on a phone-sized screen; only 127.0.0.1 answers."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # A profile on disk, not an incognito one: Chromium installs no app from incognito.
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
            headless=True, viewport={"width": 390, "height": 844}, accept_downloads=True)
        context.set_default_timeout(60_000)
        context.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
        try:
            yield context
        finally:
            context.close()


def _open(page: Any, url: str) -> None:
    page.goto(url + APP, wait_until="domcontentloaded")
    page.wait_for_selector(".oracle-app", timeout=READY_MS)
    assert "Traceback" not in page.inner_text("body")


def _risk_roll(page: Any, intent: str) -> None:
    narrations = page.locator(".oracle-journal .oracle-entry.narration").count()
    page.fill(".oracle-intent input", intent)
    page.check(".oracle-skill input[type=checkbox]")  # a Skill applies: one light die
    page.click("button.oracle-risk-roll")
    page.wait_for_function(
        "([intent, before]) => { const j = document.querySelector('.oracle-journal');"
        " return j && j.innerText.includes(intent)"
        " && j.querySelectorAll('.oracle-entry.narration').length > before; }",
        arg=[intent, narrations], timeout=60_000)


def test_a_phone_plays_reloads_and_plays_offline(phone: Any, lite_url: str,
                                                 tmp_path: Path) -> None:
    page = phone.pages[0] if phone.pages else phone.new_page()
    try:
        _play(phone, page, lite_url, tmp_path)
    except BaseException:
        shot(page, "FAILED_lite")
        raise


def _tab(page: Any, title: str) -> None:
    page.click(f".oracle-tabs .lm-TabBar-tab:has-text('{title}')")


def _installable_and_says_what_needs_the_server(phone: Any, page: Any) -> None:
    cdp = phone.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.webmanifest")
    parsed = manifest["manifest"]
    assert parsed["display"] == "kStandalone" and parsed["startUrl"].endswith(APP)
    assert {icon["sizes"] for icon in parsed["icons"]} >= {"192x192", "512x512"}
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    assert page.evaluate("() => !!navigator.serviceWorker.controller")
    _tab(page, "Safety")
    said = page.inner_text(".oracle-server-only")
    assert all(words in said for words in ("Claude", "local narrator", "LAN table",
                                           "need the server"))
    assert page.locator(".oracle-safety input[type=password]").count() == 0  # no key to paste


def _saving_asks_before_leaving(page: Any) -> None:
    """While the line says a commit is on its way, leaving the page asks first."""
    asked = page.evaluate(
        "() => { const probe = document.createElement('div');"
        " probe.className = 'oracle-lite-saving'; document.body.append(probe);"
        " const event = new Event('beforeunload', {cancelable: true});"
        " window.dispatchEvent(event); probe.remove(); return event.defaultPrevented; }")
    assert asked is True
    saved = page.evaluate("() => { const event = new Event('beforeunload', {cancelable: true});"
                          " window.dispatchEvent(event); return event.defaultPrevented; }")
    assert saved is (page.locator(".oracle-lite-saving").count() > 0)


def _oracle_exports_and_import(page: Any, tmp_path: Path) -> None:
    _tab(page, "Oracle")
    page.fill(".oracle-question input", "Is the bridge still standing?")
    page.click("button.oracle-ask")
    page.wait_for_selector(".oracle-answer .oracle-outcome")
    assert "Is the bridge still standing?" in page.inner_text(".oracle-journal")

    link = ".oracle-journal .oracle-export-link.oracle-export-markdown"
    page.wait_for_selector(link)
    with page.expect_download() as info:
        page.click(link)
    markdown = tmp_path / info.value.suggested_filename
    info.value.save_as(str(markdown))
    assert INTENT in markdown.read_text(encoding="utf-8")

    _tab(page, "Campaigns")
    picker = page.locator(".oracle-start:visible").last
    exported = picker.locator(".oracle-export-link.oracle-export-campaign").first
    exported.wait_for()
    with page.expect_download() as info:
        exported.click()
    saved = tmp_path / info.value.suggested_filename
    info.value.save_as(str(saved))
    assert saved.suffix == ".json" and INTENT in saved.read_text(encoding="utf-8")
    before = picker.locator("button.oracle-open-campaign").count()
    with page.expect_file_chooser() as chooser:
        picker.locator(".oracle-import-file").click()
    chooser.value.set_files(str(saved))
    page.wait_for_function(
        "n => [...document.querySelectorAll('.oracle-start')].some(p =>"
        " p.querySelectorAll('button.oracle-open-campaign').length > n)", arg=before)
    assert "".join(page.locator(".oracle-start-error").all_inner_texts()).strip() == ""
    page.wait_for_function("i => document.querySelector('.oracle-journal').innerText.includes(i)",
                           arg=INTENT)


def _restored(page: Any) -> bool:
    """Whether the page's kernel started from the build's memory snapshot (a return visit)."""
    kernels = [w for w in page.workers if "pyodide-kernel-extension" in w.url]
    assert len(kernels) == 1
    return bool(kernels[0].evaluate("() => self.oracleLiteSnapshot === true"))


def _play(phone: Any, page: Any, lite_url: str, tmp_path: Path) -> None:
    _open(page, lite_url)
    assert page.is_visible(".oracle-lite-saved")
    assert not _restored(page)  # nothing cached yet: CPython starts and imports
    page.click("button.oracle-quickstart")
    page.wait_for_selector(".oracle-sheet .oracle-ruin")
    _installable_and_says_what_needs_the_server(phone, page)
    _tab(page, "Risk")

    _risk_roll(page, INTENT)
    journal = page.inner_text(".oracle-journal")
    assert "could not answer" not in journal
    shot(page, "lite_01_rolled")
    _saving_asks_before_leaving(page)

    # Reload at once: the roll shown is kept (if its commit were still on its way, the page
    # would ask first; the question is answered "leave", so a lost roll would fail here).
    page.on("dialog", lambda dialog: dialog.accept())
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(".oracle-app", timeout=READY_MS)
    page.wait_for_selector(".oracle-journal .oracle-entry")
    assert INTENT in page.inner_text(".oracle-journal")
    _oracle_exports_and_import(page, tmp_path)

    page.wait_for_selector("html[data-oracle-offline=ready]", timeout=180_000)
    phone.set_offline(True)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(".oracle-app", timeout=READY_MS)
    page.wait_for_selector(".oracle-journal .oracle-entry")
    assert INTENT in page.inner_text(".oracle-journal")
    assert _restored(page)  # the snapshot came from the service worker's cache
    _risk_roll(page, "Listen at the sealed door")
    shot(page, "lite_02_offline")

    page.click(".oracle-tabs .lm-TabBar-tab:has-text('Campaigns')")
    picker = page.locator(".oracle-start:visible").last
    picker.locator(".oracle-new-campaign input").fill("The Barrow of Teeth")
    picker.locator(".oracle-new-system select").select_option(value="Die Trying")
    picker.locator("button.oracle-create-campaign").click()
    page.wait_for_selector(".oracle-die-trying", timeout=60_000)
    assert "The Barrow of Teeth" in page.inner_text(".oracle-campaign-name")
    shot(page, "lite_03_die_trying")

    picker = page.locator(".oracle-start:visible").last
    picker.locator(".oracle-new-campaign input").fill("The Glass Triptych")
    picker.locator(".oracle-new-system select").select_option(value="Triptycho")
    picker.locator("button.oracle-create-campaign").click()
    page.wait_for_selector(".oracle-triptycho .oracle-tp-join", timeout=60_000)
    page.fill(".oracle-tp-name input", "Ash")
    page.click("button.oracle-tp-join")
    page.wait_for_function("() => document.querySelector('.oracle-tp-tracker')"
                           ".innerText.includes('Ash')")
    shot(page, "lite_04_triptycho")
    assert "Traceback" not in page.inner_text("body")


def test_no_cdn_and_every_page_uses_the_sites_own_pyodide(lite_site: Path) -> None:
    named = []
    for path in lite_site.rglob("*"):
        if path.is_file() and path.suffix in (".html", ".js", ".mjs", ".json", ".css"):
            text = path.read_text(errors="replace")
            found = CDN.search(text)
            if found:
                named.append(f"{path.relative_to(lite_site)}: {found.group(0)}")
    assert named == []
    pages = [json.loads((lite_site / "jupyter-lite.json").read_text())["jupyter-config-data"]]
    for page in lite_site.rglob("*.html"):
        match = re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', page.read_text(),
                          re.DOTALL)
        if match:
            pages.append(json.loads(match.group(1)))
    assert len(pages) >= 2
    for config in pages:
        kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
        assert kernel["pyodideUrl"].endswith("pyodide/pyodide.js")
        assert not kernel["pyodideUrl"].startswith("http")
        assert kernel["disablePyPIFallback"] is True
    lock = json.loads((lite_site / "pyodide" / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        wheel = lite_site / "pyodide" / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
