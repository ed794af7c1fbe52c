"""Every system's result card carries its narration (issue 17 polish 6): a Die Trying check,
cast or death save and a Triptycho attack show what the narrator says of them inside their
card, as Trophy's tabs do. Driven in-process through ``app_driver`` hooks."""

from __future__ import annotations

import html
import re
from typing import Any, cast

from oracle.app import build
from oracle.app.shell import OracleApp
from tests.app_driver import click, fill, find_all, read, triptycho_attack
from tests.test_die_trying_view import make


def card_of(app: OracleApp, hook: str) -> Any:
    """The result card holding the control ``hook``."""
    cards = [card for card in find_all(app, "oracle-result-card")
             if find_all(card, hook)]
    assert len(cards) == 1, f"{hook}: in {len(cards)} result cards"
    return cards[0]


def told_in(card: Any) -> str:
    [line] = find_all(card, "oracle-told")
    return plain(line.value)


def plain(value: object) -> str:
    """A line's words: its tags gone, its line breaks kept."""
    return html.unescape(re.sub(r"<[^>]+>", "", str(value).replace("<br>", "\n"))).strip()


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
    triptycho_attack(app)
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


# -- 8: the Combat card during the armor question; a Condition asked near the result ----------

def test_a_fighter_at_ruin_6_keeps_their_row_while_the_armor_question_is_open() -> None:
    from tests.app_driver import widgets_in
    from tests.test_app_moments import fight, party, quick

    app = quick()
    hero = party(app, mara_ruin=4)
    fight(app, hero, "5 3")
    view = app.view("Combat")
    fill(view, "oracle-combat-faces", "5 5")  # both dice on Mara's Weak Point: Ruin 4 -> 6
    click(view, "oracle-combat-roll")

    def rows() -> str:
        return " ".join(str(w.value) for w in widgets_in(view)
                        if isinstance(getattr(w, "value", None), str) and "Weak Point " in w.value
                        and "<b>" in w.value and " · Ruin " in w.value)

    assert "<b>Mara</b> Weak Point 5 · Ruin 6 (lost unless armor is marked)" in rows()
    assert f"<b>{hero}</b> Weak Point 3" in rows()
    click(view, "oracle-armor-decline")  # no armor: Mara is lost, and leaves the fight
    assert "<b>Mara</b>" not in rows() and f"<b>{hero}</b>" in rows()


def test_a_condition_owed_is_asked_in_the_result_card_not_under_the_sheet() -> None:
    from tests.app_driver import find, shown, widgets_in
    from tests.test_app_moments import party, quick

    app = quick()
    party(app, mara_ruin=2)
    fill(app, "oracle-physical", True)
    view = app.view("Risk")
    fill(view, "oracle-intent", "I wade the black ford")
    fill(view, "oracle-dark-toggle", True)
    fill(view, "oracle-light-faces", "2")
    fill(view, "oracle-dark-faces", "5")  # the dark die is highest and beats Ruin 2
    click(view, "oracle-risk-roll")
    click(view, "oracle-accept")
    assert shown(app.side, "oracle-condition-box")
    box = find(app.side, "oracle-condition-box")
    side = app.side
    assert side is not None
    assert not any(w is box for w in widgets_in(side.widget))  # not under the sheet
    [card] = [w for w in widgets_in(view) if "oracle-result-card" in getattr(w, "_dom_classes", ())
              and "oracle-outcome-line" in " ".join(
                  " ".join(getattr(k, "_dom_classes", ())) for k in widgets_in(w))]

    def holds(widget: Any) -> bool:  # every widget under it, the borrowed ones too
        return widget is box or any(holds(k) for k in getattr(widget, "children", ()) or ())

    assert holds(card)  # in the card of the roll, by its result


def test_a_roll_that_loses_someone_never_shows_the_last_rolls_words_in_its_card() -> None:
    """The evening at 1400 px: Oswin's Ruin Roll to 6 showed Mabry's earlier Ruin Roll words
    ("Mabry sees it: ... Ruin 1 to 2") under his dice, the loss being told on the lost screen."""
    from tests.test_app_moments import party, quick

    app = quick()
    hero = party(app, mara_ruin=5)
    app.tabs.selected_index = app._titles.index("Ruin")  # the tab in view, as on the page
    view = app.view("Ruin")
    fill(app.side, "oracle-active", hero)
    fill(view, "oracle-ruin-reason", "The hanged men turn to watch")
    fill(view, "oracle-ruin-face", "6")
    click(view, "oracle-ruin-roll")
    app.session.narration.wait()
    line = find_all(view, "oracle-told")[0]
    before = html.unescape(re.sub(r"<[^>]+>", "", str(line.value))).strip()
    assert before and before == newest_narration(app)  # the hero's roll, in its card
    fill(app.side, "oracle-active", "Mara")
    fill(view, "oracle-ruin-reason", "The drowned saint opens its eyes")
    click(view, "oracle-ruin-roll")  # Ruin 5 -> 6: Mara is lost
    app.session.narration.wait()
    app.refresh()
    now = html.unescape(re.sub(r"<[^>]+>", "", str(line.value))).strip()
    assert before not in now
    assert "top of the page" in now  # where the loss is told
    click(app.journal, "oracle-undo")  # the roll undone: its pointer goes with it
    app.session.narration.wait()
    app.refresh()
    assert "top of the page" not in str(line.value)


def test_exploration_answers_show_under_their_question_not_only_in_the_journal() -> None:
    """The evening at 390 px: "What lies beyond the ford?" answered only in the journal, three
    screens below the button; in every system the answers now stream under the question."""
    from tests.test_app_moments import quick

    for app in (quick(), die_trying()):
        if app.tabs.children:  # Trophy: the Oracle tab is the one in view
            app.tabs.selected_index = app._titles.index("Oracle")
        view = app.view("Oracle") if app.tabs.children else app
        fill(view, "oracle-explore", "What lies beyond the ford?")
        click(view, "oracle-explore-ask")
        app.session.narration.wait()
        lines = [line for line in find_all(app, "oracle-told")
                 if "beyond the ford" in html.unescape(str(line.value))]
        assert len(lines) == 1
        said = plain(lines[0].value)
        assert said == newest_narration(app).strip() and len(said) > 40


def test_a_die_trying_attack_with_the_weapons_skill_is_rolled_not_refused() -> None:
    """The evening on main 05:47: an attack check with the Weapons skill the picker offers was
    refused ("skill: one of the skills or abilities (...); got 'weapons'.") and nothing rolled."""
    app = die_trying()
    fill(app, "oracle-dt-who", "Brakka")
    fill(app, "oracle-dt-ability", "strength")
    fill(app, "oracle-dt-skill", "weapons")
    fill(app, "oracle-dt-kind", "attack")
    before = len(app.session.require().entries)
    click(app, "oracle-dt-roll-check")
    assert read(app, "oracle-dt-check-error") == ""
    rolled = app.session.require().entries[before]
    assert rolled.result is not None and rolled.result["kind"] == "attack"
    assert rolled.result["skill"] == "weapons"
