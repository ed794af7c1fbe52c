"""Losing Yourself is about the one who is lost, in every path (issue 17).

A party of three at Ruin 5; each path marks the last Ruin of one of them (each seat in turn):
a Ruin Roll, a Risk Roll's dark die, a push made after the picker moved on, a helper's die
(before and after the roll), a Combat Roll's Weak Point, a Contest's dark 1, a sheet corrected
to Ruin 6. For each: whom the narrator was asked about, the lost screen, the switch sentence,
who is played afterwards, the journal, the exports, the story so far, undo and redo, and the
X-card (in this tab and after a reload). Driven through ``app_driver`` hooks, as a player would.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from oracle.app import build
from oracle.app.shell import OracleApp
from oracle.journal.exports import export
from oracle.narrator.base import NarrationContext, NarrationResult, OnText
from oracle.narrator.fake import FakeNarrator
from oracle.trophy.story import LOST
from tests.app_driver import click, fill, find_all, read, shown, trophy_moves

SEATS = (0, 1, 2)


class Naming(FakeNarrator):
    """Says whom each beat was voiced about, so every surface can be checked for the name."""

    def narrate(self, beat: str, context: NarrationContext, on_text: OnText | None = None
                ) -> NarrationResult:
        names = " and ".join(str(c.get("name")) for c in context.characters) or "nobody"
        self.enqueue(f"The {beat} of {names}.")
        return super().narrate(beat, context, on_text)


def party(narrator: Naming) -> tuple[OracleApp, list[str]]:
    """Quick start's hero and two more, everyone at Ruin 5; physical dice."""
    app = build()
    app.session.narrator = narrator
    click(app.start, "oracle-quickstart")
    fill(app.view("Risk"), "oracle-intent", "")
    fill(app, "oracle-physical", True)
    moves = trophy_moves(app.session)
    for name in ("Mara Vell", "Ivo Crane"):
        moves.add_character({"name": name, "occupation": "Priest", "armor": ["Helm"],
                             "starting_ruin": 5})
    hero = moves.characters()[0].name
    moves.correct(hero, "ruin", "set up", to=5, was=1)
    app.refresh()
    return app, [c.name for c in moves.characters()]


def play(app: OracleApp, name: str) -> None:
    fill(app.side, "oracle-active", name)


def other(names: list[str], lost: str) -> str:
    return next(n for n in names if n != lost)


def risk_form(app: OracleApp, light: str, dark: str) -> object:
    view = app.view("Risk")
    fill(view, "oracle-intent", "I climb the wall")
    fill(view, "oracle-skill", True)
    fill(view, "oracle-dark-toggle", True)
    fill(view, "oracle-light-faces", light)
    fill(view, "oracle-dark-faces", dark)
    return view


def ruin_roll(app: OracleApp, names: list[str], lost: str) -> None:
    play(app, lost)
    fill(app.view("Ruin"), "oracle-ruin-face", "6")
    click(app.view("Ruin"), "oracle-ruin-roll")


def risk_roll(app: OracleApp, names: list[str], lost: str) -> None:
    play(app, lost)
    click(risk_form(app, "2", "6"), "oracle-risk-roll")  # the dark 6 is highest: Ruin 5 -> 6


def push_after_switching(app: OracleApp, names: list[str], lost: str) -> None:
    play(app, lost)
    view = risk_form(app, "5", "2")
    click(view, "oracle-risk-roll")  # a complication, no Ruin: it may be pushed
    play(app, other(names, lost))  # the picker moves on before the push
    fill(view, "oracle-push-light-faces", "1")
    fill(view, "oracle-push-dark-faces", "6 6")
    click(view, "oracle-push")


def helping(app: OracleApp, names: list[str], lost: str) -> None:
    play(app, other(names, lost))
    view = risk_form(app, "5", "3")
    fill(view, "oracle-helpers", (lost,))
    fill(view, "oracle-helper-faces", "3")  # the helper's die matches a dark die: 1 Ruin
    click(view, "oracle-risk-roll")


def helping_after_being_picked(app: OracleApp, names: list[str], lost: str) -> None:
    play(app, other(names, lost))
    view = risk_form(app, "5", "3")
    click(view, "oracle-risk-roll")
    play(app, lost)  # the helper's player takes the picker to help
    fill(view, "oracle-late-helper", lost)
    fill(view, "oracle-late-face", "3")
    click(view, "oracle-help-after")


def combat(app: OracleApp, names: list[str], lost: str) -> None:
    view = app.view("Combat")
    fill(view, "oracle-monster", "Pale Stag")
    fill(view, "oracle-endurance", 30)
    fill(view, "oracle-fighters", tuple(names))
    fill(view, "oracle-weak-faces", "1 2 3")
    click(view, "oracle-combat-start")
    fill(view, "oracle-combat-faces", f"{names.index(lost) + 1} 6 6")
    click(view, "oracle-combat-roll")
    click(view, "oracle-armor-decline")  # the Helm is not marked: Ruin 5 -> 6


def contest(app: OracleApp, names: list[str], lost: str) -> None:
    view = app.view("Contest")
    fill(view, "oracle-contest-who", tuple(names))
    fill(view, "oracle-contest-stake", "the key")
    fill(view, "oracle-contest-deadly", True)
    for name, light, dark in zip(names, find_all(view, "oracle-contest-light"),
                                 find_all(view, "oracle-contest-dark"), strict=True):
        light.value = "2 2 2 2 2"
        dark.value = "1" if name == lost else "3"  # a dark 1 marks Ruin
    click(view, "oracle-contest-roll")


def corrected(app: OracleApp, names: list[str], lost: str) -> None:
    click(app.side, "oracle-correct-open")
    fill(app.side, "oracle-correct-who", lost)
    fill(app.side, "oracle-correct-what", "ruin")
    fill(app.side, "oracle-correct-to", 6)
    fill(app.side, "oracle-correct-reason", "misread the dark die")
    click(app.side, "oracle-correct-apply")


Path = Callable[[OracleApp, list[str], str], None]
PATHS: dict[str, Path] = {
    "ruin roll": ruin_roll, "risk roll": risk_roll, "push after switching": push_after_switching,
    "helper": helping, "late helper picked": helping_after_being_picked, "combat": combat,
    "contest": contest, "sheet corrected": corrected,
}
CASES = [(path, seat) for path in PATHS for seat in SEATS]


def lose(path: str, seat: int) -> tuple[OracleApp, Naming, list[str], str]:
    """Play ``path`` so the character in ``seat`` is lost, every narration landed."""
    fake = Naming()
    app, names = party(fake)
    lost = names[seat]
    PATHS[path](app, names, lost)
    app.session.narration.wait()
    app.refresh()
    return app, fake, names, lost


def lost_narrations(app: OracleApp) -> list[dict[str, object]]:
    campaign = app.session.require()
    return [e.data for e in campaign.entries
            if e.type == "narration" and e.data.get("beat") == "lost"
            and not e.undone and not e.struck]


@pytest.mark.parametrize(("path", "seat"), CASES)
def test_losing_yourself_is_voiced_about_the_one_lost_on_every_surface(path: str, seat: int
                                                                       ) -> None:
    app, fake, names, lost = lose(path, seat)
    state = trophy_moves(app.session).state
    assert [c.name for c in state.characters if c.lost] == [lost]
    # the narrator was asked about the lost one, once, and the words are recorded as theirs
    asked = [tuple(str(c.get("name")) for c in ctx.characters)
             for beat, ctx in fake.history if beat == "lost"]
    assert asked == [(lost,)]
    said = lost_narrations(app)
    assert [d["text"] for d in said] == [f"The lost of {lost}."]
    assert [d.get("about") for d in said] == [[lost]]
    # the lost screen names them and shows their words
    assert app.side is not None and app.side.screen.layout.display == ""
    banner = read(app.side, "oracle-lost-text")
    assert f"{lost} loses themself" in banner and f"The lost of {lost}." in banner
    # never played on: the page plays someone in play, and says so when it had to switch
    assert app.session.active in [n for n in names if n != lost]
    switched = read(app.side, "oracle-switched")
    if switched:
        assert f"<b>{lost}</b> has lost themself" in switched
    # the story so far says they were lost, and nobody else (a Combat Roll's losses wait for
    # the Fate chosen: armor may still be marked for that roll)
    story = read(app, "oracle-story")
    if path != "combat":
        assert f"{lost} {LOST}, and is gone from the story." in story
    assert not [n for n in names if n != lost and f"{n} {LOST}" in story]
    # the journal and every export carry the words about them, and no one else's loss
    journal = read(app, "oracle-journal-entries")
    assert f"The lost of {lost}." in journal
    for kind in ("markdown", "lonelog", "json"):
        text = export(app.session.require(), kind)
        assert f"The lost of {lost}." in text, kind
        for name in names:
            if name != lost:
                assert f"The lost of {name}." not in text, kind
    data = json.loads(export(app.session.require(), "json"))
    assert [e.get("about") for e in _events(data) if e.get("beat") == "lost"] == [[lost]]


def _events(data: object) -> list[dict[str, object]]:
    """Every event dict in an exported campaign, wherever the export keeps them."""
    found: list[dict[str, object]] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if node.get("type") == "narration":
                found.append(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(data)
    return found


@pytest.mark.parametrize(("path", "seat"), CASES)
def test_undo_brings_the_lost_one_back_as_played_and_redo_loses_them_again(path: str,
                                                                           seat: int) -> None:
    fake = Naming()
    app, names = party(fake)
    lost = names[seat]
    PATHS[path](app, names, lost)
    app.session.narration.wait()
    app.refresh()
    moved_on = app.session.active
    switched = read(app.side, "oracle-switched") != ""  # the loss moved the page off them
    click(app, "oracle-undo")
    app.refresh()
    state = trophy_moves(app.session).state
    assert not state.character(lost).lost
    assert app.side is not None and app.side.screen.layout.display == "none"
    assert read(app.side, "oracle-switched") == ""
    if switched:  # the loss had moved the page on: undone, the page plays them again
        assert moved_on != lost and app.session.active == lost
    else:
        assert app.session.active == moved_on
    click(app, "oracle-redo")
    app.refresh()
    assert trophy_moves(app.session).state.character(lost).lost
    assert app.side.screen.layout.display == ""  # no armor question asked a second time
    banner = read(app.side, "oracle-lost-text")
    assert f"{lost} loses themself" in banner and f"The lost of {lost}." in banner
    assert app.session.active != lost


@pytest.mark.parametrize(("path", "seat"), CASES)
def test_the_x_card_voices_the_loss_again_about_the_one_lost_here_and_after_a_reload(
        path: str, seat: int) -> None:
    app, fake, _names, lost = lose(path, seat)
    click(app, "oracle-x-card")
    app.session.narration.wait()
    app.refresh()
    assert [tuple(str(c.get("name")) for c in ctx.characters)
            for beat, ctx in fake.history if beat == "lost"] == [(lost,), (lost,)]
    assert [d["text"] for d in lost_narrations(app)] == [f"The lost of {lost}."]
    assert f"The lost of {lost}." in read(app.side, "oracle-lost-text")
    # another tab (or this one after a reload) knows none of it but the journal
    again = Naming()
    reloaded = build()
    reloaded.session.narrator = again
    reloaded.refresh()
    assert reloaded.session.campaign is not None
    click(reloaded, "oracle-x-card")
    reloaded.session.narration.wait()
    reloaded.refresh()
    assert [d["text"] for d in lost_narrations(reloaded)] == [f"The lost of {lost}."]
    (beat, context), = again.history
    assert beat == "lost" and [c.get("name") for c in context.characters] == [lost]
    assert context.result.get("lost") is True and context.result.get("ruin_after") == 6


def test_two_fighters_lost_on_one_roll_each_get_their_own_words_on_their_own_screen() -> None:
    fake = Naming()
    app, names = party(fake)
    view = app.view("Combat")
    fill(view, "oracle-endurance", 30)
    fill(view, "oracle-fighters", tuple(names))
    fill(view, "oracle-weak-faces", "1 2 3")
    click(view, "oracle-combat-start")
    fill(view, "oracle-combat-faces", "1 3 6")  # the first and the third fighter are hit
    click(view, "oracle-combat-roll")
    click(view, "oracle-armor-decline")
    app.session.narration.wait()
    app.refresh()
    first, third = names[0], names[2]
    assert sorted(str(d["text"]) for d in lost_narrations(app)) == sorted(
        [f"The lost of {first}.", f"The lost of {third}."])
    banner = read(app.side, "oracle-lost-text")
    assert f"{first} loses themself" in banner and f"The lost of {first}." in banner
    assert f"The lost of {third}." not in banner
    assert app.session.active == names[1]
    click(app.side, "oracle-fate-death")
    app.refresh()
    banner = read(app.side, "oracle-lost-text")
    assert f"{third} loses themself" in banner and f"The lost of {third}." in banner
    click(app.side, "oracle-fate-monster")
    app.refresh()
    assert app.side is not None and app.side.screen.layout.display == "none"
    story = read(app, "oracle-story")
    assert f"{first} died" in story and f"{third} became a monster of the forest" in story
    assert f"{names[1]} died" not in story and f"{names[1]} became" not in story


def test_the_last_one_lost_leaves_nobody_offered_a_roll() -> None:
    app = build()
    click(app.start, "oracle-quickstart")
    fill(app, "oracle-physical", True)
    moves = trophy_moves(app.session)
    hero = moves.characters()[0].name
    moves.correct(hero, "ruin", "set up", to=5, was=1)
    app.refresh()
    fill(app.view("Ruin"), "oracle-ruin-face", "6")
    click(app.view("Ruin"), "oracle-ruin-roll")
    app.session.narration.wait()
    app.refresh()
    assert app.session.active is None
    assert read(app.side, "oracle-switched") == (f"<b>{hero}</b> has lost themself: nobody is "
                                                 "left to play.")
    risk = app.view("Risk")
    assert find_all(risk, "oracle-risk-roll")[0].disabled
    assert not shown(app.side, "oracle-active")  # no empty "Playing" picker
    assert f"{hero} {LOST}, and is gone from the story." in read(app, "oracle-story")
    click(app.side, "oracle-fate-death")
    app.refresh()
    assert read(app.side, "oracle-switched") == f"<b>{hero}</b> is dead: nobody is left to play."
    story = read(app, "oracle-story")
    assert f"{hero} died, and is gone from the story." in story and LOST not in story
    click(app, "oracle-undo")  # the fate
    app.refresh()
    story = read(app, "oracle-story")
    assert f"{hero} {LOST}" in story and "died" not in story
    click(app, "oracle-undo")  # the Ruin Roll
    app.refresh()
    assert "gone from the story" not in read(app, "oracle-story")
    assert app.session.active == hero and read(app.side, "oracle-switched") == ""
    assert shown(app.side, "oracle-active")


@pytest.mark.parametrize("seat", SEATS)
def test_a_loss_made_in_another_tab_is_shown_here_about_the_one_lost(seat: int) -> None:
    fake = Naming()
    there, names = party(fake)
    lost = names[seat]
    here = build()  # the same campaign in a second tab, playing the one about to be lost
    again = Naming()
    here.session.narrator = again
    play(here, lost)
    ruin_roll(there, names, lost)
    there.session.narration.wait()
    here.session.refresh()  # what the watcher does every two seconds
    here.refresh()
    assert here.side is not None and here.side.screen.layout.display == ""
    banner = read(here.side, "oracle-lost-text")
    assert f"{lost} loses themself" in banner and f"The lost of {lost}." in banner
    assert here.session.active != lost
    assert read(here.side, "oracle-switched").startswith(f"<b>{lost}</b> has lost themself")
    click(here, "oracle-x-card")  # struck here, voiced again here: still about them
    here.session.narration.wait()
    here.refresh()
    assert f"The lost of {lost}." in read(here.side, "oracle-lost-text")
    (beat, context), = again.history
    assert beat == "lost" and [c.get("name") for c in context.characters] == [lost]


@pytest.mark.parametrize(("path", "seat"), [(p, s) for p in ("helper", "combat", "contest")
                                            for s in SEATS])
def test_the_journal_line_and_the_exports_say_whom_the_roll_lost(path: str, seat: int) -> None:
    """A helper, a fighter or a contestant lost: their Ruin and their loss are on the roll's
    own line (the line said only 'the monster is still standing' or who won)."""
    app, _fake, names, lost = lose(path, seat)
    campaign = app.session.require()
    roll = next(e for e in reversed(campaign.entries)
                if e.type in ("risk_rolled", "combat_rolled", "contest_rolled"))
    line = campaign.summary(roll)
    assert f"{lost} Ruin 5 → 6, lost" in line
    for name in names:
        if name != lost:
            assert f"{name} Ruin 5 → 6" not in line
    for kind in ("markdown", "lonelog"):
        assert f"{lost} Ruin 5 → 6, lost" in export(campaign, kind), kind


def test_a_risk_roll_to_kill_a_monster_says_on_its_line_that_the_roller_dies() -> None:
    fake = Naming()
    app, names = party(fake)
    play(app, names[1])
    view = app.view("Risk")
    fill(view, "oracle-intent", "I stab the beast in the eye")
    fill(view, "oracle-skill", True)
    fill(view, "oracle-foe", "monster")
    fill(view, "oracle-foe-intent", "defeat")
    fill(view, "oracle-confirm-death", True)
    fill(view, "oracle-light-faces", "6")
    click(view, "oracle-risk-roll")
    app.session.narration.wait()
    app.refresh()
    campaign = app.session.require()
    roll = next(e for e in reversed(campaign.entries) if e.type == "risk_rolled")
    assert campaign.summary(roll).endswith(f"→ success · {names[1]} dies for it")
    assert f"{names[1]} dies for it" in export(campaign, "markdown")
    assert read(app.side, "oracle-switched") == (f"<b>{names[1]}</b> is dead: you now play "
                                                 f"<b>{app.session.active}</b>.")
    assert f"{names[1]} died, and is gone from the story." in read(app, "oracle-story")


CARDS = {"helper": ("Risk", "oracle-outcome-line", "helping (5 → 6): lost"),
         "late helper picked": ("Risk", "oracle-outcome-line", "helping (5 → 6): lost"),
         "combat": ("Combat", "oracle-combat-dice", "Ruin 5 → 6, lost"),
         "contest": ("Contest", "oracle-contest-result", "(5 → 6): lost")}


@pytest.mark.parametrize(("path", "seat"), [(p, s) for p in CARDS for s in SEATS])
def test_the_result_card_says_which_of_those_it_lists_is_lost(path: str, seat: int) -> None:
    app, _fake, names, lost = lose(path, seat)
    tab, hook, words = CARDS[path]
    card = read(app.view(tab), hook)
    assert card.count(words) == 1
    before = card.split(words)[0]
    assert max(names, key=before.rfind) == lost  # the name nearest the words is theirs
