"""A second evening in Chromium, about the big moments, at 1400x900 and 390x844.

``bench/evening.py`` plays one of everything with a party of two; this one plays a party of
three to its end, where the issue found the app naming the wrong character as lost:

- Quick start, two more treasure-hunters, physical dice; a sheet corrected to Ruin 5;
- a Risk Roll by the hero, helped by Mara, whose die matches the dark die: Mara (not the one
  played) is lost; the X-card on her words; her Fate undone and the roll undone (she is back
  at Ruin 5), then redone; she dies;
- a Combat Roll that hits the hero's and Ivo's Weak Points at Ruin 5: both lost on one roll,
  each screen with their own words; the last one lost leaves nobody to play;
- the Markdown export's story so far;
- Die Trying: a hero who falls and dies on death saves; Triptycho: a foe defeated, the last
  one standing.

Screenshots in ``build/evening-moments/<width>/`` (read them), findings in ``report.txt``;
exit status 1 if any step broke or showed one (the checks of ``bench/evening.py`` plus the
names on the lost screen, the switch sentence and who is played).

    .venv/bin/python bench/evening_moments.py [--width 1400] [--width 390] [--headed]
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.evening import Evening, run
from tests.browser.harness import open_app
from tests.browser.test_moments_browser import tap_name, ticked
from tests.browser.test_systems_browser import number, wait_text

MARA, IVO = "Mara Vell", "Ivo Crane"


class Moments(Evening):
    """The steps of a party's end, in the order they come."""

    out = ROOT / "build" / "evening-moments"
    timeout_ms = 20_000

    def start(self) -> None:
        open_app(self.page, self.url)
        self.page.wait_for_selector("button.oracle-quickstart")
        self.click("button.oracle-quickstart")
        self.page.wait_for_selector(".oracle-sheet .oracle-ruin")
        self.hero = str(self.page.eval_on_selector(".oracle-active select",
                                                   "e => e.options[0].value"))

    def party(self) -> None:
        self.tab("Party")
        page = self.page
        for name, job in ((MARA, "Priest"), (IVO, "Soldier")):
            page.fill(".oracle-new-name input", name)
            page.fill(".oracle-new-occupation input", job)
            page.fill(".oracle-new-armor input", "Helm")
            self.click("button.oracle-add-character")
            wait_text(page, ".oracle-party-list", name)
        box = page.locator(".oracle-physical input[type=checkbox]")
        if not box.is_checked():
            box.check()

    def correct(self, who: str, to: int) -> None:
        page = self.page
        self.click("button.oracle-correct-open")
        page.wait_for_selector(".oracle-correct-form", state="visible")
        page.select_option(".oracle-correct-who select", who)
        wait_text(page, ".oracle-correct-now", who)
        page.select_option(".oracle-correct-what select", label="Ruin")
        wait_text(page, ".oracle-correct-now", "Ruin is")
        page.wait_for_timeout(400)
        number(page, ".oracle-correct-to", to)
        page.fill(".oracle-correct-reason input", "the last session's Ruin, carried over")
        self.click("button.oracle-correct-apply")
        page.wait_for_function(
            "w => [...document.querySelectorAll('.oracle-journal .oracle-entry')]"
            ".some(e => /Correction/.test(e.innerText) && e.innerText.includes(w))", arg=who)
        error = self.text(".oracle-correct-error")
        if error.strip():
            self.note(f"the correction was refused: {error}")

    def mara_at_five(self) -> None:
        self.correct(MARA, 5)

    def lost_words(self, name: str) -> str:
        page = self.page
        page.wait_for_selector(".oracle-lost-screen .oracle-lost-text", state="visible")
        page.wait_for_function(
            "n => { const h = document.querySelector('.oracle-lost-text h2');"
            " const t = document.querySelector('.oracle-lost-text .narration');"
            " return h && h.textContent.includes(n) && t && t.innerText.trim().length > 20; }",
            arg=name, timeout=60_000)
        return self.text(".oracle-lost-text .narration")

    def check_lost(self, name: str, others: list[str], played: str | None) -> str:
        told = self.lost_words(name)
        for other in others:
            if other.split()[0] in told:
                self.note(f"the loss of {name} is told about {other}: {told[:160]}")
        if name.split()[0] not in told:
            self.note(f"the words of {name}'s loss do not name them: {told[:160]}")
        if played is not None and self.active() != played:
            self.note(f"the page plays {self.active()!r}, not {played!r}")
        if self.page.locator(".oracle-active select option", has_text=name).count():
            self.note(f"{name} is still offered in the Playing picker")
        return told

    def helper_lost(self) -> None:
        self.tab("Risk")
        page = self.page
        self.play_as(self.hero)
        page.fill(".oracle-intent input", "Wrench the chapel door off its hinges")
        page.check(".oracle-skill input[type=checkbox]")
        page.check(".oracle-dark-toggle input[type=checkbox]")
        if not ticked(page, "oracle-helpers", MARA):
            tap_name(page, "oracle-helpers", MARA)
        light = " ".join(["5"] + ["2"] * (self.ruin() - 1))
        for box, faces in ((".oracle-light-faces", light), (".oracle-dark-faces", "3"),
                           (".oracle-helper-faces", "3")):
            page.fill(f"{box} input", faces)
        self.click("button.oracle-risk-roll")
        page.wait_for_selector(".oracle-risk .oracle-outcome")
        self.told(".oracle-risk")
        self.mara_words = self.check_lost(MARA, [self.hero, IVO], self.hero)
        if "lost themself" in self.text(".oracle-switched"):
            self.note("a switch is announced though the one played was not lost")

    def x_card(self) -> None:
        self.x_card_on(self.mara_words)
        self.check_lost(MARA, [self.hero, IVO], self.hero)

    def undo_both(self) -> None:
        page = self.page
        self.click("button.oracle-fate-monster")
        page.wait_for_selector(".oracle-lost-screen", state="hidden")
        self.click("button.oracle-undo")  # the Fate
        page.wait_for_selector(".oracle-lost-screen", state="visible")
        self.click("button.oracle-undo")  # the Risk Roll
        page.wait_for_selector(".oracle-lost-screen", state="hidden")
        page.wait_for_timeout(800)
        if not self.page.locator(".oracle-active select option", has_text=MARA).count():
            self.note(f"{MARA} is not back in play after the roll is undone")

    def redo(self) -> None:
        self.click("button.oracle-redo")
        self.check_lost(MARA, [self.hero, IVO], self.hero)
        self.click("button.oracle-fate-death")
        self.page.wait_for_selector(".oracle-lost-screen", state="hidden")

    def two_at_five(self) -> None:
        self.correct(self.hero, 5)
        self.correct(IVO, 5)

    def combat_two_lost(self) -> None:
        self.tab("Combat")
        page = self.page
        page.fill(".oracle-monster input", "Pale Stag")
        number(page, ".oracle-endurance", 30)
        for name in (self.hero, IVO):
            if not ticked(page, "oracle-fighters", name):
                tap_name(page, "oracle-fighters", name)
        page.fill(".oracle-weak-faces input", "2 4")
        self.click("button.oracle-combat-start")
        page.wait_for_selector(".oracle-combat-faces input", state="visible")
        page.fill(".oracle-combat-faces input", "2 4")
        self.click("button.oracle-combat-roll")
        page.wait_for_selector(".oracle-armor-question", state="visible")
        self.shot("armor-asked")
        self.click("button.oracle-armor-decline")
        self.check_lost(self.hero, [IVO, MARA], None)

    def first_fate(self) -> None:
        self.click("button.oracle-fate-death")
        self.check_lost(IVO, [self.hero, MARA], None)

    def last_fate(self) -> None:
        self.click("button.oracle-fate-monster")
        page = self.page
        page.wait_for_selector(".oracle-lost-screen", state="hidden")
        switched = self.text(".oracle-switched")
        if "nobody is left to play" not in switched:
            self.note(f"the last one lost: the side says {switched!r}")
        self.tab("Risk")
        if page.locator("button.oracle-risk-roll:not([disabled])").count():
            self.note("a Risk Roll is offered with nobody left to play")

    def export(self) -> None:
        text = self.download("markdown", "moments.md").read_text(encoding="utf-8")
        story = text.rsplit("story so far", 1)[-1]
        for name, how in ((MARA, "died"), (self.hero, "died"),
                          (IVO, "became a monster of the forest")):
            if f"{name} {how}" not in story:
                self.note(f"the export's story so far does not say {name} {how}")

    def die_trying(self) -> None:
        self.die_trying_campaign(("Pip Marrow", "Doc Hale"), "weapons: trained")
        said = self.die_trying_down("Pip Marrow", 1, ("1", "1"))
        if "Pip" not in said or "Doc" in said:
            self.note(f"Pip's death is told about someone else: {said[:160]}")
        offered = self.page.eval_on_selector(".oracle-dt-who select",
                                             "e => [...e.options].map(o => o.value)")
        if "Pip Marrow" in offered:
            self.note("the dead Pip Marrow is still offered a check")

    def triptycho_defeat(self) -> None:
        self.triptycho(ogre_hp=4)
        said = self.triptycho_attack("8 1 10 1")
        wait_text(self.page, ".oracle-tp-odds", "nobody to attack")
        if "Ogre" not in said:
            self.note(f"the Ogre's defeat is not told about the Ogre: {said[:160]}")

    def play(self) -> None:
        steps: list[tuple[str, Callable[[], object], str | None]] = [
            ("quick-start", self.start, None),
            ("party-of-three", self.party, None),
            ("mara-at-ruin-5", self.mara_at_five, None),
            ("helper-lost", self.helper_lost, MARA),
            ("x-card", self.x_card, MARA),
            ("undo-fate-and-roll", self.undo_both, None),
            ("redo-and-death", self.redo, None),
            ("two-at-ruin-5", self.two_at_five, None),
            ("combat-two-lost", self.combat_two_lost, "*"),
            ("second-lost-screen", self.first_fate, IVO),
            ("nobody-left", self.last_fate, None),
            ("export", self.export, None),
            ("die-trying-death", self.die_trying, None),
            ("triptycho-last-standing", self.triptycho_defeat, None),
        ]
        self.mara_words = ""
        for name, action, lost in steps:
            self.step(name, action, None if lost == "*" else lost)

    def check_banner(self, lost: str | None) -> None:
        """The lost screen shows exactly when someone was just lost, and its title names them
        (read as written: the title is shown in capitals)."""
        if self.step_no == 9:  # two lost: the screen's name is checked by the step itself
            return
        screen = self.page.locator(".oracle-lost-screen .oracle-lost-text")
        visible = bool(screen.count()) and screen.first.is_visible()
        title = str(self.page.eval_on_selector(".oracle-lost-text", "e => e.textContent")
                    ) if visible else ""
        if lost is None and visible:
            self.note(f"a lost screen shows and nobody was lost this step: {title[:160]}")
        if lost is not None and f"{lost} loses themself" not in title:
            self.note(f"the lost screen does not name {lost}: {title[:160]}")


if __name__ == "__main__":
    sys.exit(run(Moments, __doc__ or ""))
