"""Player text never reaches a part of a widget that the page typesets as TeX or reads as markup.

ipywidgets hands four things to the page's TeX typesetter (MathJax): a control's
``description``, a Checkbox's description, a ``Label``'s value and an ``HTMLMath``'s value. So
hostile text typed everywhere a player can type must never appear in those, and in ``HTML``
widgets only escaped. The browser test (tests/browser/test_inert_browser.py) shows the page.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest
from ipywidgets.widgets.widget_description import DescriptionWidget  # type: ignore[import-untyped]

from oracle.app import build
from oracle.app.render import esc
from tests.app_driver import click, described, fill, find, trophy_moves, widgets_in

EVIL = r"$x^2$ <b>bold</b> [x](javascript:alert(1)) \(y\)"
MARKERS = ("$x^2$", "<b>bold</b>", "javascript:", r"\(y\)")


def typeset_parts(root: Any) -> list[tuple[str, str]]:
    """(widget type, text) of every part of the tree the page would typeset."""
    parts = []
    for w in widgets_in(root):
        if isinstance(w, (widgets.Label, widgets.HTMLMath)):
            parts.append((type(w).__name__, str(w.value)))
        if isinstance(w, DescriptionWidget) and not isinstance(w, widgets.Button):
            parts.append((type(w).__name__, str(w.description)))
    return parts


def raw_markup(root: Any) -> list[str]:
    """HTML widgets holding the text unescaped (a ``<b>`` or a link made of player text)."""
    return [str(w.value)[:120] for w in widgets_in(root)
            if isinstance(w, widgets.HTML) and not isinstance(w, widgets.HTMLMath)
            and "<b>bold</b>" in str(w.value)]


def assert_inert(app: Any) -> None:
    tabs = ("Risk", "Hunt", "Contest", "Combat", "Ruin", "Party", "Oracle", "Safety")
    roots = [app.root, *(app.view(t).widget for t in tabs)]
    for root in [r for r in roots if r is not None]:
        bad = [(kind, text) for kind, text in typeset_parts(root)
               if any(m in text for m in MARKERS)]
        assert bad == [], f"player text in a typeset part: {bad}"
        assert raw_markup(root) == []


def test_hostile_text_everywhere_stays_out_of_typeset_parts() -> None:
    app = build()
    fill(app.start, "oracle-new-campaign", EVIL)
    click(app.start, "oracle-create-campaign")
    assert app.session.campaign is not None
    fill(app, "oracle-physical", True)
    party = app.view("Party")
    for name in (EVIL, "Mara"):
        fill(party, "oracle-new-name", name)
        fill(party, "oracle-new-occupation", EVIL)
        fill(party, "oracle-new-armor", EVIL)
        click(party, "oracle-add-character")
    trophy_moves(app.session).set_active(EVIL)
    app.refresh()
    risk = app.view("Risk")
    fill(risk, "oracle-intent", EVIL)
    fill(risk, "oracle-skill", True)
    fill(risk, "oracle-light-faces", "4")
    click(risk, "oracle-risk-roll")
    journal = app.journal
    for hook in ("oracle-add-note", "oracle-new-scene"):
        fill(journal, "oracle-note", EVIL)
        click(journal, hook)
    combat = app.view("Combat")
    fill(combat, "oracle-endurance", 9)
    fill(combat, "oracle-fighters", (EVIL, "Mara"))
    fill(combat, "oracle-weak-faces", "3 5")
    click(combat, "oracle-combat-start")
    assert find(combat, "oracle-fight").layout.display == ""
    # the armor box beside each fighter is labelled by a caption, found by its text
    assert described(combat, f"{EVIL}: mark {EVIL}").value is False
    fill(app.view("Contest"), "oracle-contest-who", (EVIL, "Mara"))
    app.refresh()
    assert described(app.view("Hunt"), f"{EVIL} (") is not None
    entries = app.session.campaign.entries
    assert [e.type for e in entries].count("note") == 1 and any(
        e.type == "scene" for e in entries)
    assert esc(EVIL) in find(app, "oracle-campaign-name").value
    assert_inert(app)


@pytest.mark.parametrize("system", ["die_trying", "triptycho"])
def test_other_systems_keep_a_hostile_campaign_and_note_out_of_typeset_parts(system: str) -> None:
    app = build()
    fill(app.start, "oracle-new-campaign", EVIL)
    fill(app.start, "oracle-new-system", system)
    click(app.start, "oracle-create-campaign")
    assert app.session.campaign is not None and app.session.campaign.system.name == system
    fill(app.journal, "oracle-note", EVIL)
    click(app.journal, "oracle-add-note")
    assert [e.type for e in app.session.campaign.entries].count("note") == 1
    bad = [(kind, text) for kind, text in typeset_parts(app.root)
           if any(m in text for m in MARKERS)]
    assert bad == [] and raw_markup(app.root) == []
