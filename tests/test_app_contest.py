"""A Contest played in the app (issue 17): its result card, journal line and narration name
the winner, show every one's faces and say what was at stake; a full tie reads as one.
Driven in-process through ``app_driver`` hooks."""

from __future__ import annotations

import re

from oracle.app import build
from oracle.app.shell import OracleApp
from oracle.app.trophy.moves import trophy_moves
from tests.app_driver import click, fill, find_all, read

RIVAL = "Rook Drover"


def contest(stake: str, faces: tuple[str, str, str, str], deadly: bool = False
            ) -> tuple[OracleApp, str]:
    """A Contest between the quick start's hunter and Rook with typed faces (light, dark for
    each); returns the app and the hunter's name."""
    app = build()
    click(app.start, "oracle-quickstart")
    fill(app, "oracle-physical", True)
    hero = str(app.session.active)
    trophy_moves(app.session).add_character({"name": RIVAL, "occupation": "Thief"})
    app.refresh()
    view = app.view("Contest")
    fill(view, "oracle-contest-stake", stake)
    fill(view, "oracle-contest-who", (hero, RIVAL))
    fill(view, "oracle-contest-deadly", deadly)
    lights, darks = find_all(view, "oracle-contest-light"), find_all(view, "oracle-contest-dark")
    lights[0].value, darks[0].value, lights[1].value, darks[1].value = faces
    click(view, "oracle-contest-roll")
    assert read(view, "oracle-error") == ""
    app.session.narration.wait()
    app.refresh()
    return app, hero


def plain(markup: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", markup).split())


def journal(app: OracleApp) -> str:
    return plain(str(read(app.journal, "oracle-journal-entries")))


def told(app: OracleApp) -> str:
    return " ".join(plain(str(w.value)) for w in find_all(app, "oracle-told"))


def test_a_deadly_contest_reads_right_on_the_card_the_journal_and_the_narration() -> None:
    app, hero = contest("the last rope", ("4", "1", "4", "6"), deadly=True)
    card = str(read(app.view("Contest"), "oracle-contest-result"))
    assert f'<div class="oracle-outcome success">{RIVAL} wins' in card
    assert "At stake: the last rope" in card
    assert re.findall(r'data-face="(\d)" data-kind="(\w+)"', card) == [
        ("4", "light"), ("1", "dark"), ("4", "light"), ("6", "dark")]
    assert f"<b>{hero}</b> · marks 1 Ruin (1 → 2)" in card  # the dark 1
    assert (f"Contest “the last rope” · {hero} light 4, dark 1 · {RIVAL} light 4, dark 6 "
            f"→ {RIVAL} wins") in journal(app)
    narration = told(app)
    assert "the last rope" in narration and RIVAL in narration
    assert "Ruin 1 to 2" in narration
    assert trophy_moves(app.session).state.character(hero).ruin == 2


def test_a_full_tie_reads_as_a_tie_everywhere() -> None:
    app, hero = contest("the map", ("3", "", "3", ""))
    card = str(read(app.view("Contest"), "oracle-contest-result"))
    assert '<div class="oracle-outcome tie">A full tie: nobody wins' in card
    assert "success" not in card and "At stake: the map" in card
    assert f"Contest “the map” · {hero} light 3 · {RIVAL} light 3 → a full tie" in journal(app)
    narration = told(app)
    assert "the map" in narration
    assert not any(f"{name} {verb}" in narration for name in (hero, RIVAL)
                   for verb in ("wins", "takes"))


def test_a_contest_without_a_stake_shows_no_empty_stake_line() -> None:
    app, hero = contest("", ("6", "", "3", ""))
    card = str(read(app.view("Contest"), "oracle-contest-result"))
    assert f'<div class="oracle-outcome success">{hero} wins</div>' in card
    assert "At stake" not in card
    assert f"Contest · {hero} light 6 · {RIVAL} light 3 → {hero} wins" in journal(app)
