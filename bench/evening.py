"""A whole evening of play in Chromium, as a new player plays it, at 1400x900 and at 390x844.

Issue 17's "done when": ``oracle serve`` (offline narrator, a fresh campaign store per width)
in Debian's Chromium, driven through the page's stable ``oracle-*`` hooks (the browser tests'
helpers, ``tests/browser/``), step by step:

- Trophy: Quick start, a second treasure-hunter (two armor pieces), an incursion, a Risk Roll
  with Help, a Devil's Bargain accepted (and marked paid), a Contest between the two, Hunt Rolls
  and Hunt Tokens spent (a named treasure, a set goal), a Combat against a monster the oracle
  draws from the bestiary (its own Endurance and Gold, a chosen armor piece marked, its Gold
  collected), a Ruin Roll, a Reduction Roll, a sheet correction, Losing Yourself, the X-card,
  undo and redo, the return to town and its summary; the Oracle tab's questions;
- the Markdown and JSON exports downloaded, and the JSON imported back;
- a Die Trying campaign (a check, an attack, a defeat and its death save) and a Triptycho
  campaign (initiative, attacks, a defeat).

A screenshot after each step: ``build/evening/<width>/NN-step.png`` (the whole page), and
``NN-step-screen.png`` (what the player's screen shows) where the step scrolls. Each step's
words are checked for what issue 17 found wrong (raw lines, "(s)", a bargain's "Take the die,
and", internal event names, key dumps, capitals mid-sentence, the wrong one lost, a stale lost
banner, journal numbers that skip); the findings go to ``build/evening/<width>/report.txt`` and
the exit status is 1 if any step broke or showed one. Then read the screenshots yourself.

Not part of ``make test`` (it takes minutes): ``make bench`` runs it, or

    .venv/bin/python bench/evening.py [--width 1400] [--width 390] [--headed]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import itertools

from tests.browser.harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    open_app,
    start_server,
    stop_server,
)
from tests.browser.test_moments_browser import tap_name, ticked
from tests.browser.test_systems_browser import (
    choose,
    join,
    new_campaign,
    number,
    wait_text,
)

OUT = ROOT / "build" / "evening"
WIDTHS = {1400: {"width": 1400, "height": 900}, 390: {"width": 390, "height": 844}}
SECOND = "Oswin Lantern"
ARMOR = ("Helm", "Mail shirt")


def event_names() -> set[str]:
    """Every event type a journal may hold (rules events of each system, and the meta ones)."""
    from oracle.systems import installed

    names: set[str] = set()
    for system in installed():
        names |= set(system.event_types)
    names |= {"narration", "note", "oracle", "scene", "safety", "story", "xcard", "x_card",
              "undo", "redo", "preference", "correction", "sheet_corrected"}
    return {n for n in names if "_" in n}  # one word ("note") can be a plain word


# What issue 17 found on the screen, as patterns over the page's words.
WRONG = [
    (re.compile(r"Story: ?\w+:|\b(place|join|leave|present): \S"), "a raw story line"),
    (re.compile(r"\w\(s\)"), "an '(s)' plural"),
    (re.compile(r"\{['\"]|['\"]\w+['\"]: |\bdict\(|\bNone\b|\bTrue\b|\bFalse\b"), "a key dump"),
    (re.compile(r"Traceback|Something went wrong inside the app|Error:"), "an error"),
    (re.compile(r"\b[a-z]+,? (?:and|or|but|to|of|into|at|from|reaches|in|by|with) "
                r"(?:The|A|An) [a-z]|\b(?:the|an?|old|young) [A-Z][a-z]+-[a-z]+\b"),
     "a capital mid-sentence"),
]


class Evening:
    """One width's evening: a page, its screenshots, and what was found wrong.

    The harness both evenings share (``bench/evening_moments.py`` is the other): the page's
    helpers, the findings, the steps every evening takes (an export downloaded, a Die Trying
    hero made and saved from death, a Triptycho fight) and :func:`run`. A subclass gives its
    steps in :meth:`play`, its folder in ``out`` and its timeout in ``timeout_ms``.
    """

    out = OUT
    timeout_ms = 15_000

    def __init__(self, page: Any, width: int, url: str) -> None:
        self.page = page
        self.width = width
        self.url = url
        self.folder = self.out / str(width)
        self.folder.mkdir(parents=True, exist_ok=True)
        for old in self.folder.glob("*.png"):
            old.unlink()
        self.step_no = 0
        self.found: list[str] = []
        self.log: list[str] = []
        self.events = event_names()
        self.hero = ""
        self.downloads = self.folder / "downloads"
        self.downloads.mkdir(exist_ok=True)

    # -- the page ------------------------------------------------------------------------------

    def tab(self, title: str) -> None:
        self.page.click(f".oracle-tabs .lm-TabBar-tab:has-text('{title}')")
        self.page.wait_for_selector(
            f".oracle-tabs .lm-TabBar-tab.lm-mod-current:has-text('{title}')")
        self.page.wait_for_timeout(300)

    def text(self, selector: str = ".oracle-app") -> str:
        if not self.page.locator(selector).count():
            return ""
        return " ".join(str(t) for t in self.page.locator(selector).all_inner_texts())

    def click(self, selector: str) -> None:
        target = self.page.locator(selector).first
        target.scroll_into_view_if_needed()
        target.click()

    def told(self, card: str) -> str:
        """Wait for the narration in ``card``'s result card to be whole; its words."""
        sel = f"{card} .oracle-told .oracle-told-text"
        self.page.wait_for_function(
            "sel => { const t = document.querySelector(sel);"
            " return t && t.innerText.trim().length > 20 && !t.querySelector('.oracle-spinner'); }",
            arg=sel, timeout=45_000)
        return self.text(sel)

    def settle(self) -> None:
        """Let the narration and the journal finish (no spinner left on the page)."""
        try:
            self.page.wait_for_function(
                "() => !document.querySelector('.oracle-spinner:not([style*=\"none\"])')"
                " || ![...document.querySelectorAll('.oracle-spinner')]"
                ".some(s => s.offsetParent)", timeout=30_000)
        except Exception:  # noqa: BLE001 - a spinner left is noted by the shot, not fatal
            self.note("a spinner was still turning after 30 s")
        self.page.wait_for_timeout(500)

    def active(self) -> str:
        value: str = self.page.input_value(".oracle-active select")
        return value

    def play_as(self, name: str) -> None:
        if self.active() != name:
            self.page.select_option(".oracle-active select", name)
            self.page.wait_for_function(
                "n => document.querySelector('.oracle-sheet').innerText.includes(n)", arg=name)

    def ruin(self) -> int:
        return int(self.page.inner_text(".oracle-sheet .oracle-ruin").strip())

    # -- findings ------------------------------------------------------------------------------

    def note(self, finding: str) -> None:
        line = f"[{self.width}] step {self.step_no:02d}: {finding}"
        self.found.append(line)
        print("  WRONG:", finding, flush=True)

    def shot(self, name: str) -> None:
        """The whole page, and what the screen shows (the viewport as it stands)."""
        page = self.page
        path = self.folder / f"{self.step_no:02d}-{name}.png"
        page.screenshot(path=str(self.folder / f"{self.step_no:02d}-{name}-screen.png"))
        size = page.viewport_size or WIDTHS[self.width]
        height = page.evaluate(
            "() => { const el = document.querySelector('#rendered_cells');"
            " return el ? el.scrollHeight : document.body.scrollHeight; }")
        page.set_viewport_size({"width": size["width"],
                                "height": min(12000, max(size["height"], int(height)))})
        try:
            page.screenshot(path=str(path), full_page=True, animations="disabled")
        finally:
            page.set_viewport_size(size)

    def check_words(self) -> None:
        """The step's words against what issue 17 found wrong."""
        words = self.text(".oracle-app")
        for pattern, what in WRONG:
            for match in pattern.finditer(words):
                start = max(0, match.start() - 60)
                self.note(f"{what}: …{words[start:match.end() + 40]}…")
        for name in sorted(self.events):
            if re.search(rf"\b{re.escape(name)}\b", words):
                self.note(f"an internal event name on the page: {name}")
        journal = self.text(".oracle-journal")
        if re.search("Take the die, and", journal, re.IGNORECASE):
            self.note("a bargain keeps its offer's 'Take the die, and' in the journal")
        self.check_numbers()

    def check_numbers(self) -> None:
        numbers = [int(n) for n in self.page.eval_on_selector_all(
            ".oracle-journal .oracle-entry > .when:first-child",
            "els => els.map(e => e.innerText.replace('#', '').trim())"
            ".filter(t => /^\\d+$/.test(t))")]
        gaps = [(a, b) for a, b in itertools.pairwise(numbers) if b != a + 1]
        if gaps:
            self.note(f"journal numbers skip: {gaps[:5]}")

    def check_banner(self, lost: str | None) -> None:
        """The lost screen shows exactly when someone was just lost, and names them."""
        shown = self.page.locator(".oracle-lost-screen .oracle-lost-text")
        visible = shown.count() and shown.first.is_visible()
        said = self.text(".oracle-lost-screen") if visible else ""
        if lost is None and visible:
            self.note(f"a lost banner shows and nobody was lost this step: {said[:160]}")
        if "lost themself" in self.text(".oracle-side") and lost is None:
            self.note("the side panel says someone lost themself")
        if lost is not None and lost not in said:
            self.note(f"the lost screen does not name {lost}: {said[:160]}")

    def step(self, name: str, action: Callable[[], object], lost: str | None = None) -> None:
        self.step_no += 1
        print(f"[{self.width}] {self.step_no:02d} {name}", flush=True)
        began = time.monotonic()
        try:
            action()
            self.settle()
        except Exception as exc:  # noqa: BLE001 - a broken step is a finding; the evening goes on
            self.note(f"the step broke: {type(exc).__name__}: {str(exc).splitlines()[0][:300]}")
            print("".join(traceback.format_exc().splitlines(keepends=True)[:4]), flush=True)
        try:
            self.shot(name)
            self.check_words()
            self.check_banner(lost)
        except Exception as exc:  # noqa: BLE001
            self.note(f"could not read the page: {exc}")
        self.log.append(f"{self.step_no:02d} {name} ({time.monotonic() - began:.0f} s)")

    def play(self) -> None:
        """The evening's steps, in order (each through :meth:`step`)."""
        raise NotImplementedError

    # -- steps both evenings take --------------------------------------------------------------

    def x_card_on(self, words: str) -> None:
        """The X-card on the lost screen's ``words``: wait until other words replace them."""
        self.click("button.oracle-x-card")
        self.page.wait_for_function(
            "old => { const n = document.querySelector('.oracle-lost-text .narration');"
            " return n && n.innerText.trim() !== old && n.innerText.trim().length > 20; }",
            arg=words.strip(), timeout=60_000)

    def download(self, kind: str, name: str) -> Path:
        """Click the journal's ``kind`` export link; the file saved as ``downloads/name``."""
        page = self.page
        link = f".oracle-journal .oracle-export-link.oracle-export-{kind}"
        page.wait_for_selector(link, state="attached", timeout=30_000)
        page.locator(link).scroll_into_view_if_needed()
        with page.expect_download() as info:
            page.click(link)
        target = self.downloads / name
        info.value.save_as(str(target))
        return target

    def die_trying_campaign(self, heroes: tuple[str, ...], profs: str) -> None:
        """A new Die Trying campaign and its heroes (rolled scores, ``profs``)."""
        page = self.page
        self.tab("Campaigns")
        new_campaign(page, "The Barrow of Teeth", "Die Trying")
        page.wait_for_selector(".oracle-die-trying .oracle-dt-create")
        if "0 Magic Dice" in self.text(".oracle-die-trying"):
            self.note("Die Trying speaks of 0 Magic Dice before anyone casts")
        for name in heroes:
            page.fill(".oracle-dt-name input", name)
            self.click("button.oracle-dt-roll-scores")
            page.fill(".oracle-dt-profs input", profs)
            self.click("button.oracle-dt-create")
            page.wait_for_selector(f".oracle-dt-party tr[data-name='{name}']")

    def die_trying_down(self, name: str, beyond: int, saves: tuple[str, ...]) -> str:
        """``name`` takes ``beyond`` more damage than their hit points and rolls ``saves``;
        the words of the last save's result card."""
        page = self.page
        row = page.inner_text(f".oracle-dt-party tr[data-name='{name}']").split("\t")
        hp = int(row[1].split("/")[0])
        choose(page, ".oracle-dt-patient", name)
        number(page, ".oracle-dt-amount", hp + beyond)
        self.click("button.oracle-dt-damage")
        wait_text(page, ".oracle-dt-save-odds", "death save")
        card = ".oracle-result-card:has(.oracle-dt-save-result)"
        for faces in saves:
            page.fill(".oracle-dt-save-faces input", faces)
            before = self.text(".oracle-dt-save-result")
            self.click("button.oracle-dt-save")
            page.wait_for_function("b => { const r = document.querySelector("
                                   "'.oracle-dt-save-result'); const t = r.innerText;"
                                   " return t !== b && t.trim().length > 0; }", arg=before)
            self.told(card)
        return self.text(f"{card} .oracle-told")

    def triptycho(self, ogre_hp: int = 6) -> None:
        """A Triptycho campaign: Ash (a player, 20 HP) against an Ogre, Ash's turn."""
        page = self.page
        new_campaign(page, "The Glass Triptych", "Triptycho")
        page.wait_for_selector(".oracle-triptycho .oracle-tp-join")
        join(page, "Ash", player=True, hp=20)
        join(page, "Ogre", player=False, hp=ogre_hp)
        choose(page, ".oracle-tp-kind", "combat")
        self.click("button.oracle-tp-start")
        wait_text(page, ".oracle-tp-status", "Combat · round")
        for name in ("Ash", "Ogre"):
            choose(page, ".oracle-tp-who", name)
            self.click("button.oracle-tp-roll-init")
        self.click("button.oracle-tp-draw")
        self.click("button.oracle-tp-next")
        wait_text(page, ".oracle-tp-status", "'s turn")

    def triptycho_attack(self, faces: str) -> str:
        """Ash attacks the Ogre with ``faces``; the words of the result card."""
        page = self.page
        choose(page, ".oracle-tp-attacker", "Ash")
        choose(page, ".oracle-tp-target", "Ogre")
        for box, dice in ((".oracle-tp-accuracy", "1d8"), (".oracle-tp-evasion", "1d4"),
                          (".oracle-tp-damage", "1d10"), (".oracle-tp-defense", "1d6")):
            page.fill(f"{box} input", dice)
        page.fill(".oracle-tp-faces input", faces)
        before = self.text(".oracle-tp-result")
        self.click("button.oracle-tp-roll")
        page.wait_for_function("b => document.querySelector('.oracle-tp-result')"
                               ".innerText !== b", arg=before)
        card = ".oracle-result-card:has(.oracle-tp-result)"
        self.told(card)
        return self.text(f"{card} .oracle-told")


# -- Trophy ------------------------------------------------------------------------------------

class TrophyEvening(Evening):
    """The Trophy steps, in the order a first evening takes them."""

    def start_screen(self) -> None:
        open_app(self.page, self.url)
        self.page.wait_for_selector("button.oracle-quickstart")

    def quick_start(self) -> None:
        self.click("button.oracle-quickstart")
        self.page.wait_for_selector(".oracle-sheet .oracle-ruin")
        self.hero = str(self.page.eval_on_selector(".oracle-active select",
                                                   "e => e.options[0].value"))
        self.click("button.oracle-risk-roll")  # the first roll, the app's own dice
        self.page.wait_for_selector(".oracle-risk .oracle-dice .oracle-die")
        self.told(".oracle-risk")

    def second_hunter(self) -> None:
        self.tab("Party")
        page = self.page
        page.fill(".oracle-new-name input", SECOND)
        page.fill(".oracle-new-occupation input", "Soldier")
        page.fill(".oracle-new-skills input", "Swordplay, Endurance")
        page.fill(".oracle-new-armor input", ", ".join(ARMOR))
        self.click("button.oracle-add-character")
        wait_text(page, ".oracle-party-list", SECOND)
        box = page.locator(".oracle-physical input[type=checkbox]")  # typed faces from now on
        if not box.is_checked():
            box.check()

    def incursion(self) -> None:
        self.tab("Incursion")
        self.click("button.oracle-incursion-generate")
        self.page.wait_for_function(
            "() => document.querySelector('.oracle-incursion-sets textarea').value.length > 5")
        sets = self.page.input_value(".oracle-incursion-sets textarea")
        if ":" not in sets:
            self.note(f"the generated incursion's sets read oddly: {sets!r}")
        self.click("button.oracle-incursion-start")
        self.page.wait_for_selector(".oracle-incursion li[data-set='0']")

    def risk_with_help(self) -> None:
        self.tab("Risk")
        page = self.page
        page.fill(".oracle-intent input", "Pry the grate off the old well")
        page.check(".oracle-skill input[type=checkbox]")
        page.check(".oracle-dark-toggle input[type=checkbox]")
        if not ticked(page, "oracle-helpers", SECOND):
            tap_name(page, "oracle-helpers", SECOND)
        page.wait_for_function("() => document.querySelector('.oracle-odds').innerText"
                               ".includes('(helping)')")
        for box, faces in ((".oracle-light-faces", "4" + " 2" * (self.ruin() - 1)),
                           (".oracle-dark-faces", "2"), (".oracle-helper-faces", "5")):
            page.fill(f"{box} input", faces)
        self.click("button.oracle-risk-roll")
        self.page.wait_for_selector(".oracle-risk .oracle-outcome")
        self.told(".oracle-risk")
        if SECOND not in self.text(".oracle-journal"):
            self.note("the journal does not say who helped")

    def bargain(self) -> None:
        page = self.page
        if page.is_visible("button.oracle-accept:not([disabled])"):
            self.click("button.oracle-accept")
        page.fill(".oracle-intent input", "Cross the rotten footbridge")
        self.click("button.oracle-ask-wrong")
        page.wait_for_selector(".oracle-wrong-offers button.oracle-offer")
        self.click(".oracle-wrong-offers button.oracle-offer")
        self.click("button.oracle-ask-bargain")
        page.wait_for_selector(".oracle-bargain-offers button.oracle-offer")
        self.shot("bargains-offered")
        self.click(".oracle-bargain-offers button.oracle-offer")
        page.wait_for_function("() => document.querySelector('.oracle-bargain-toggle input')"
                               ".checked")
        price = page.input_value(".oracle-bargain-text input")
        page.check(".oracle-skill input[type=checkbox]")
        page.uncheck(".oracle-dark-toggle input[type=checkbox]")
        light = ["6", "3"] + ["1"] * (self.ruin() - 1)
        page.fill(".oracle-light-faces input", " ".join(light))
        page.fill(".oracle-dark-faces input", "")
        self.click("button.oracle-risk-roll")
        self.told(".oracle-risk")
        cost = re.sub(r"^Take the die, and ", "", price).rstrip(".")[:30]
        try:
            wait_text(page, ".oracle-journal", cost)
        except Exception:  # noqa: BLE001 - a finding, not a broken step
            self.note(f"the bargain's price is not in the journal: {price!r}")
        try:
            page.wait_for_selector("button.oracle-bargain-paid")
        except Exception:  # noqa: BLE001
            self.note("no button to mark the bargain paid")
            return
        self.shot("bargain-owed")
        self.click("button.oracle-bargain-paid")
        page.wait_for_selector("button.oracle-bargain-paid", state="detached")

    def contest(self) -> None:
        self.tab("Contest")
        page = self.page
        page.fill(".oracle-contest-stake input", "who keeps the lantern")
        for name in (self.hero, SECOND):
            if not ticked(page, "oracle-contest-who", name):
                tap_name(page, "oracle-contest-who", name)
        page.wait_for_function(
            "() => document.querySelectorAll('.oracle-contest .oracle-contest-skill').length === 2")
        rows = page.locator(".oracle-contest .widget-hbox:has(.oracle-contest-skill)")
        rows.nth(1).locator(".oracle-contest-skill input").check()
        for index, top in ((0, "6"), (1, "5")):
            label = rows.nth(index).inner_text()
            ruin = int(re.search(r"Ruin (\d)", label).group(1))  # type: ignore[union-attr]
            count = ruin + index  # the second took a Skill
            rows.nth(index).locator(".oracle-contest-light input").fill(
                " ".join([top] + ["2"] * (count - 1)))
        self.click("button.oracle-contest-roll")
        page.wait_for_selector(".oracle-contest-result .oracle-outcome")
        said = self.text(".oracle-contest-result")
        if "who keeps the lantern" not in said:
            self.note(f"the Contest card does not say the stake: {said[:120]}")
        self.told(".oracle-contest")
        line = self.page.locator(".oracle-journal .oracle-entry", has_text="Contest").last
        if "lantern" not in line.inner_text():
            self.note(f"the Contest's journal line has no stake: {line.inner_text()[:160]}")

    def hunt(self) -> None:
        self.tab("Hunt")
        page = self.page
        self.play_as(self.hero)
        for face in ("6", "6", "5", "6"):
            page.fill(".oracle-hunt-intent input", "Follow the deer path under the yews")
            page.fill(".oracle-hunt-faces input", face)
            before = page.locator(".oracle-journal .oracle-entry").count()
            self.click("button.oracle-hunt-roll")
            page.wait_for_function(
                "n => document.querySelectorAll('.oracle-journal .oracle-entry').length > n",
                arg=before)
            self.told(".oracle-hunt")
        tokens = page.eval_on_selector(".oracle-sheet .oracle-tokens", "e => e.dataset.value")
        if tokens != "4":
            self.note(f"four Hunt Rolls of 4+ left {tokens} tokens, not 4")

    def tokens_spent(self) -> None:
        page = self.page
        self.click("button.oracle-spend-treasure")
        page.wait_for_selector(".oracle-treasure-found i")
        treasure = self.text(".oracle-treasure-found")
        if treasure.rstrip().endswith(":"):
            self.note("the treasure bought with a token has no name")
        self.click("button.oracle-spend-goal")  # one holder: nobody is asked whose tokens
        page.wait_for_function(
            "() => document.querySelector('.oracle-sheet .oracle-tokens').dataset.value === '0'")
        error = self.text(".oracle-spend-error")
        if error.strip():
            self.note(f"spending the tokens on the goal: {error}")
        self.tab("Incursion")
        if "by tokens" not in self.text(".oracle-incursion"):
            self.note("the set goal bought with tokens is not marked reached")
        self.tab("Hunt")

    def combat(self) -> None:
        from oracle.trophy.bestiary import bestiary

        self.tab("Combat")
        page = self.page
        page.fill(".oracle-monster input", "")  # empty: the oracle draws from the bestiary
        for name in (self.hero, SECOND):
            if not ticked(page, "oracle-fighters", name):
                tap_name(page, "oracle-fighters", name)
        page.fill(".oracle-weak-faces input", "3 5")
        self.click("button.oracle-combat-start")
        page.wait_for_selector(".oracle-combat-faces input", state="visible")
        page.wait_for_selector(".oracle-combat-status h3")
        status = self.text(".oracle-combat-status")
        known = {m.name: m for m in bestiary()}
        drawn = next((m for n, m in known.items() if n in status), None)
        if drawn is None:
            self.note(f"the monster drawn is not one of the bestiary's: {status[:120]}")
        else:
            if f"Endurance {drawn.endurance}" not in status:
                self.note(f"{drawn.name} is fought at another Endurance than its "
                          f"{drawn.endurance}: {status[:120]}")
            if drawn.gold and f"{drawn.gold} Gold" not in status:
                self.note(f"the Combat card does not say {drawn.name}'s {drawn.gold} Gold")
        page.fill(".oracle-combat-faces input", "5 2")  # Oswin's Weak Point
        self.click("button.oracle-combat-roll")
        page.wait_for_selector(".oracle-armor-question", state="visible")

    def armor_piece(self) -> None:
        page = self.page
        piece = page.locator(".oracle-armor-question .oracle-armor-piece select")
        if not piece.count() or not piece.first.is_visible():
            self.note("no choice of armor piece for two pieces")
        else:
            piece.first.select_option(ARMOR[1])
        self.click("button.oracle-armor-mark")
        page.wait_for_selector(".oracle-armor-question", state="hidden")
        self.told(".oracle-combat")  # the roll is voiced once the armor is settled
        sheet = self.text(".oracle-side")
        if "lost themself" in sheet:
            self.note("the side says someone is lost after armor was marked")

    def combat_won(self) -> None:
        page = self.page
        if "monster is defeated" not in self.text(".oracle-combat-dice"):  # a low one falls at once
            page.fill(".oracle-combat-faces input", "6 6 1")
            self.click("button.oracle-combat-roll")
            page.wait_for_function("() => document.querySelector('.oracle-combat-dice')"
                                   ".innerText.includes('defeated')", timeout=30_000)
            self.told(".oracle-combat")
        self.tab("Incursion")
        quarry = self.text(".oracle-quarry")
        if "to collect" not in quarry:
            self.note(f"the defeated monster's Gold is not there to collect: {quarry}")
            return
        self.click("button.oracle-collect-gold")
        page.wait_for_function("() => document.querySelector('.oracle-quarry').innerText"
                               ".includes('collected')")

    def ruin_roll(self) -> None:
        self.tab("Ruin")
        page = self.page
        self.play_as(self.hero)
        before = self.ruin()
        page.fill(".oracle-ruin-reason input", "The hanged men in the yew turn to watch")
        page.fill(".oracle-ruin-face input", "6")
        self.click("button.oracle-ruin-roll")
        page.wait_for_function("n => Number(document.querySelector('.oracle-sheet .oracle-ruin')"
                               ".innerText) === n", arg=before + 1)
        self.told(".oracle-ruin-view")
        page.wait_for_selector(".oracle-condition-offer:visible", timeout=45_000)
        self.shot("condition-owed")
        self.click(".oracle-condition-offer:visible")
        self.click("button.oracle-condition-take:visible")
        page.wait_for_selector(".oracle-sheet .oracle-tag.cond")

    def reduction(self) -> None:
        self.tab("Ruin")
        page = self.page
        self.play_as(SECOND)
        try:
            wait_text(page, ".oracle-reduction-odds", "%")
        except Exception:  # noqa: BLE001 - a finding, not a broken step
            self.note("the Reduction Roll shows no odds")
        page.fill(".oracle-betrayal input", "I pocket the map and say it was lost in the mud")
        page.fill(".oracle-reduction-face input", "6")
        self.click("button.oracle-reduction-roll")
        page.wait_for_selector("button.oracle-keep-ruin:visible, "
                               ".oracle-reduction-dice .oracle-outcome")
        keep = page.locator("button.oracle-keep-ruin:visible")
        if keep.count():
            keep.click()
        self.told(".oracle-ruin-view")

    def correction(self) -> None:
        page = self.page
        self.click("button.oracle-correct-open")
        page.wait_for_selector(".oracle-correct-form", state="visible")
        page.select_option(".oracle-correct-who select", SECOND)
        wait_text(page, ".oracle-correct-now", SECOND)  # the form refills for his sheet
        page.select_option(".oracle-correct-what select", label="Ruin")
        wait_text(page, ".oracle-correct-now", "Ruin is")
        page.wait_for_timeout(500)
        number(page, ".oracle-correct-to", 5)
        page.fill(".oracle-correct-reason input", "the dark 1 in the Contest was mine, not his")
        self.click("button.oracle-correct-apply")
        page.wait_for_function("() => [...document.querySelectorAll('.oracle-journal "
                               ".oracle-entry')].some(e => /correct/i.test(e.innerText))")
        error = self.text(".oracle-correct-error")
        if error.strip():
            self.note(f"the correction was refused: {error}")

    def lost(self) -> None:
        self.tab("Ruin")
        page = self.page
        self.play_as(SECOND)
        page.fill(".oracle-ruin-reason input", "The drowned saint opens its eyes")
        page.fill(".oracle-ruin-face input", "6")
        self.click("button.oracle-ruin-roll")
        page.wait_for_selector(".oracle-lost-screen .oracle-lost-text", state="visible")
        page.wait_for_function("() => { const n = document.querySelector("
                               "'.oracle-lost-text .narration');"
                               " return n && n.innerText.trim().length > 20; }", timeout=60_000)
        told = self.text(".oracle-lost-text .narration")
        if self.hero.split()[0] in told:
            self.note(f"the loss of {SECOND} is told about {self.hero}: {told[:160]}")
        self.lost_words = told

    def x_card(self) -> None:
        self.x_card_on(self.lost_words)
        if self.lost_words.strip() in self.text(".oracle-app"):
            self.note("the struck words are still on the screen after the X-card")

    def undo_redo(self) -> None:
        page = self.page
        self.click("button.oracle-fate-death")
        page.wait_for_selector(".oracle-lost-screen", state="hidden")
        wait_text(page, ".oracle-journal", f"{SECOND} is lost and dies")  # the Fate's entry
        last = page.locator(".oracle-journal .oracle-entry").last.inner_text()
        self.click("button.oracle-undo")
        page.wait_for_selector(".oracle-journal .oracle-entry.struck")
        struck = page.locator(".oracle-journal .oracle-entry.struck").last.inner_text()
        if "(undone)" not in struck:
            self.note(f"an undone line does not say so: {struck[:120]}")
        self.shot("undone")
        self.click("button.oracle-redo")
        page.wait_for_function("() => !document.querySelector('.oracle-journal .oracle-entry"
                               ".struck') || true")
        page.wait_for_timeout(800)
        now = page.locator(".oracle-journal .oracle-entry").last.inner_text()
        if last.split(" ", 1)[-1][:40] not in now and "Redone" not in self.text(".oracle-app"):
            self.note(f"redo did not bring back {last[:80]!r}: {now[:80]!r}")

    def town(self) -> None:
        self.tab("Incursion")
        page = self.page
        self.click("button.oracle-incursion-town")
        page.wait_for_selector(".oracle-homecoming", state="visible")
        home = self.text(".oracle-homecoming")
        for needed in ("Sets cleared", "Gold collected", "Came back", self.hero):
            if needed not in home:
                self.note(f"the town summary does not say {needed!r}: {home[:200]}")
        if SECOND not in home:
            self.note(f"the town summary does not say what became of {SECOND}")

    def oracle(self) -> None:
        self.tab("Oracle")
        page = self.page
        page.fill(".oracle-question input", "Is the ferryman still waiting at the ford?")
        page.fill(".oracle-question-face input", "")
        box = page.locator(".oracle-physical input[type=checkbox]")
        box.uncheck()  # the oracle's own dice
        self.click("button.oracle-ask")
        page.wait_for_selector(".oracle-answer .oracle-outcome")
        page.fill(".oracle-explore input", "What lies beyond the ford?")
        self.click("button.oracle-explore-ask")
        page.wait_for_function("() => [...document.querySelectorAll('.oracle-journal "
                               ".oracle-entry')].some(e => e.innerText.includes('beyond the ford'))")
        page.fill(".oracle-scene-title input", "The drowned chapel")
        page.fill(".oracle-scene-expected input", "The bell still rings under the water")
        self.click("button.oracle-scene-start")
        page.wait_for_selector(".oracle-scene-verdict")
        box.check()

    def exports(self) -> None:
        for kind, suffix in (("markdown", "md"), ("json", "json")):
            self.download(kind, f"evening.{suffix}")
        text = (self.downloads / "evening.md").read_text(encoding="utf-8")
        for pattern, what in WRONG:
            for match in pattern.finditer(text):
                self.note(f"Markdown export, {what}: …{text[max(0, match.start() - 60):match.end() + 40]}…")
        for needed in (self.hero, SECOND, "lantern"):
            if needed not in text:
                self.note(f"the Markdown export does not mention {needed!r}")
        story = text.rsplit("story so far", 1)[-1].lower()
        if "died" not in story and "dead" not in story and "dies" not in story:
            self.note("the export's story so far does not say who died")
        dump = json.loads((self.downloads / "evening.json").read_text(encoding="utf-8"))
        if not dump:
            self.note("the JSON export is empty")

    def import_back(self) -> None:
        page = self.page
        name = self.text(".oracle-campaign-name").strip()
        self.tab("Campaigns")
        rows = page.locator(".oracle-campaign-list .oracle-campaign-row").count()
        with page.expect_file_chooser() as chooser:
            self.click(".oracle-start:visible .oracle-import-file")
        chooser.value.set_files(str(self.downloads / "evening.json"))
        page.wait_for_function(
            "n => document.querySelectorAll('.oracle-campaign-list .oracle-campaign-row')"
            ".length > n", arg=rows, timeout=30_000)
        labels = page.locator(".oracle-campaign-label b").all_inner_texts()
        if labels.count(name) > 1:
            self.note(f"the imported campaign has the same name as its original: {labels}")
        error = self.text(".oracle-start-error")
        if error.strip():
            self.note(f"the import said: {error}")

    # -- Die Trying and Triptycho --------------------------------------------------------------

    def die_trying(self) -> None:
        page = self.page
        self.die_trying_campaign(("Pip Marrow",), "weapons: trained, stealth: expert")
        choose(page, ".oracle-dt-who", "Pip Marrow")
        choose(page, ".oracle-dt-ability", "dexterity")
        choose(page, ".oracle-dt-skill", "stealth")
        number(page, ".oracle-dt-dc", 8)
        page.fill(".oracle-dt-check-faces input", "7")
        self.click("button.oracle-dt-roll-check")
        page.wait_for_selector(".oracle-dt-check-result span[class^='dt-']")
        self.told(".oracle-result-card:has(.oracle-dt-check-result)")

    def die_trying_attack(self) -> None:
        page = self.page
        choose(page, ".oracle-dt-ability", "strength")
        choose(page, ".oracle-dt-skill", "weapons")
        choose(page, ".oracle-dt-kind", "attack")
        number(page, ".oracle-dt-dc", 6)
        page.fill(".oracle-dt-check-faces input", "9")
        before = self.text(".oracle-dt-check-result")
        self.click("button.oracle-dt-roll-check")
        page.wait_for_function("b => document.querySelector('.oracle-dt-check-result')"
                               ".innerText !== b", arg=before)
        self.told(".oracle-result-card:has(.oracle-dt-check-result)")

    def die_trying_defeat(self) -> None:
        self.die_trying_down("Pip Marrow", 2, ("2",))

    # -- the whole evening ---------------------------------------------------------------------

    def play(self) -> None:
        steps: list[tuple[str, Callable[[], object], str | None]] = [
            ("start-screen", self.start_screen, None),
            ("quick-start", self.quick_start, None),
            ("second-hunter", self.second_hunter, None),
            ("incursion", self.incursion, None),
            ("risk-with-help", self.risk_with_help, None),
            ("devils-bargain", self.bargain, None),
            ("contest", self.contest, None),
            ("hunt", self.hunt, None),
            ("tokens-spent", self.tokens_spent, None),
            ("combat-drawn-monster", self.combat, None),
            ("armor-piece", self.armor_piece, None),
            ("combat-won-gold", self.combat_won, None),
            ("ruin-roll", self.ruin_roll, None),
            ("correction", self.correction, None),
            ("reduction", self.reduction, None),
            ("losing-yourself", self.lost, SECOND),
            ("x-card", self.x_card, SECOND),
            ("undo-redo", self.undo_redo, None),
            ("town-summary", self.town, None),
            ("oracle", self.oracle, None),
            ("exports", self.exports, None),
            ("import", self.import_back, None),
            ("die-trying-check", self.die_trying, None),
            ("die-trying-attack", self.die_trying_attack, None),
            ("die-trying-defeat", self.die_trying_defeat, None),
            ("triptycho-start", self.triptycho, None),
            ("triptycho-attack", lambda: self.triptycho_attack("5 3 6 2"), None),
            ("triptycho-defeat", lambda: self.triptycho_attack("8 1 10 1"), None),
        ]
        self.lost_words = ""
        for name, action, lost in steps:
            self.step(name, action, lost)


def evening(browser: Any, width: int, night: type[Evening]) -> list[str]:
    """Play one width's evening against its own ``oracle serve``; what was found wrong."""
    home = Path(tempfile.mkdtemp(prefix=f"oracle-{night.out.name}-{width}-"))
    proc, server = start_server(home, home / "serve.log")
    context = browser.new_context(viewport=WIDTHS[width], accept_downloads=True)
    context.set_default_timeout(night.timeout_ms)
    try:
        page = context.new_page()
        page.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
        played = night(page, width, server.url)
        played.play()
        report = played.folder / "report.txt"
        report.write_text("\n".join(played.log + ["", *played.found]) + "\n", encoding="utf-8")
        return played.found
    finally:
        context.close()
        stop_server(proc)


def run(night: type[Evening], description: str) -> int:
    """The command line of an evening: ``--width`` (repeatable) and ``--headed``; exit 1 on a
    finding."""
    parser = argparse.ArgumentParser(description=description.split("\n\n")[0])
    parser.add_argument("--width", type=int, action="append", choices=sorted(WIDTHS),
                        help="play at this width only (repeatable; default: 1400 then 390)")
    parser.add_argument("--headed", action="store_true", help="show the browser")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    found: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                             headless=not args.headed)
        try:
            for width in args.width or [1400, 390]:
                found += evening(browser, width, night)
        finally:
            browser.close()
    print(f"\n{len(found)} finding(s); screenshots in {night.out}")
    for line in found:
        print(" ", line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(run(TrophyEvening, __doc__ or ""))
