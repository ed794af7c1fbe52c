"""Every system's result card carries its narration (issue 17 polish 6): a Die Trying check,
cast or death save and a Triptycho attack show what the narrator says of them inside their
card, as Trophy's tabs do. Driven in-process through ``app_driver`` hooks."""

from __future__ import annotations

import html
import re
from typing import Any, cast

from oracle.app import build
from oracle.app.shell import OracleApp
from tests.app_driver import click, fill, find_all, read
from tests.test_die_trying_view import make


def card_of(app: OracleApp, hook: str) -> Any:
    """The result card holding the control ``hook``."""
    cards = [card for card in find_all(app, "oracle-result-card")
             if find_all(card, hook)]
    assert len(cards) == 1, f"{hook}: in {len(cards)} result cards"
    return cards[0]


def told_in(card: Any) -> str:
    [line] = find_all(card, "oracle-told")
    return html.unescape(re.sub(r"<[^>]+>", "", str(line.value))).strip()


def newest_narration(app: OracleApp) -> str:
    entries = [e for e in app.session.require().entries if e.type == "narration"]
    return str(entries[-1].data["text"]) if entries else ""


def die_trying() -> OracleApp:
    app = build()
    app.session.new_campaign("Deep", "die_trying")
    app.refresh()
    make(cast(Any, app), "Brakka", kit=True, md=3)
    make(cast(Any, app), "Pip")
    return app


def test_a_die_trying_check_cast_and_death_save_carry_their_narration_in_their_card() -> None:
    app = die_trying()
    for button, result, before in (("oracle-dt-roll-check", "oracle-dt-check-result", None),
                                   ("oracle-dt-cast", "oracle-dt-cast-result", None),
                                   ("oracle-dt-save", "oracle-dt-save-result", 8)):
        if before is not None:
            fill(app, "oracle-dt-patient", "Pip")
            fill(app, "oracle-dt-amount", before)
            click(app, "oracle-dt-damage")
        click(app, button)
        app.session.narration.wait()
        card = card_of(app, result)
        said = told_in(card)
        assert len(said) > 20 and said == newest_narration(app), (button, said)
        assert 'data-roll="' in read(app, result)  # a phone scrolls to a new roll's card
    # each card keeps its own narration: the check's is not the death save's
    assert told_in(card_of(app, "oracle-dt-check-result")) != told_in(
        card_of(app, "oracle-dt-save-result"))


def test_a_triptycho_attack_and_an_injury_carry_their_narration() -> None:
    app = build()
    app.session.new_campaign("Tri", "triptycho")
    app.refresh()
    for name, player in (("Rook Drover", True), ("Viper Knot", False)):
        fill(app, "oracle-tp-name", name)
        fill(app, "oracle-tp-player", player)
        click(app, "oracle-tp-join")
    fill(app, "oracle-tp-kind", "combat")
    click(app, "oracle-tp-start")
    for name in ("Rook Drover", "Viper Knot"):
        fill(app, "oracle-tp-who", name)
        click(app, "oracle-tp-roll-init")
    click(app, "oracle-tp-draw")
    click(app, "oracle-tp-next")
    fill(app, "oracle-tp-attacker", "Rook Drover")
    fill(app, "oracle-tp-target", "Viper Knot")
    fill(app, "oracle-tp-accuracy", "1d8")
    fill(app, "oracle-tp-damage", "2d6")
    click(app, "oracle-tp-roll")
    assert read(app, "oracle-tp-resolve-error") == ""
    app.session.narration.wait()
    said = told_in(card_of(app, "oracle-tp-result"))
    assert len(said) > 20 and said == newest_narration(app)
    fill(app, "oracle-tp-who", "Viper Knot")
    click(app, "oracle-tp-injury")
    app.session.narration.wait()
    injury = newest_narration(app)
    lines = [line for line in find_all(app, "oracle-told")
             if injury and injury in html.unescape(str(line.value))]
    assert len(lines) == 1 and injury != said
    assert told_in(card_of(app, "oracle-tp-result")) == said  # the attack's stays its own


def test_a_struck_narration_leaves_its_card() -> None:
    app = die_trying()
    click(app, "oracle-dt-roll-check")
    app.session.narration.wait()
    assert told_in(card_of(app, "oracle-dt-check-result"))
    click(app.journal, "oracle-x-card")
    app.session.narration.wait()
    app.refresh()
    said = told_in(card_of(app, "oracle-dt-check-result"))
    assert said == "" or said == newest_narration(app)
