"""The start screen is sent first: with no campaign open, the page holds the start screen and
no system's tabs or side; the default system's are built behind it afterwards
(``OracleApp.prepare``, which ``launch`` schedules), and Quick start then uses those.

In the browser edition every widget is made, serialised and drawn in WebAssembly before the
start screen shows, so what the start screen does not show is not built before it.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.app import PREPARE_DELAY, build, launch
from tests.app_driver import click, fill, find, find_all, read, widgets_in

ROLL = "oracle-risk-roll"  # the default system's (Trophy's) first tab: its Risk Roll button


def test_a_page_with_no_campaign_holds_the_start_screen_and_no_systems_tabs() -> None:
    app = build()
    assert find(app, "oracle-quickstart") is not None
    assert find_all(app, ROLL) == [] and find_all(app, "oracle-tab-page") == []
    assert app.side is None and find_all(app, "oracle-journal") == []  # no sheet, no journal


def test_quick_start_without_prepare_builds_the_tabs_and_is_ready_to_roll() -> None:
    app = build()
    click(app.start, "oracle-quickstart")
    assert app.session.campaign is not None
    assert read(app.view("Risk"), "oracle-intent")  # the first roll offered, one click away
    click(app.view("Risk"), ROLL)
    assert read(app.view("Risk"), "oracle-roll-error") == ""


def test_prepare_builds_the_default_tabs_hidden_and_quick_start_uses_them() -> None:
    app = build()
    app.prepare()
    (button,) = find_all(app, ROLL)
    (journal,) = find_all(app, "oracle-journal")
    assert find(app, "oracle-play").layout.display == "none"  # behind the start screen
    assert app.start.widget.layout.display == ""
    made = {id(widget) for widget in widgets_in(app)}
    click(app.start, "oracle-quickstart")
    assert find(app, ROLL) is button  # the same tab and journal, not built again
    assert find(app, "oracle-journal") is journal
    assert find(app, "oracle-play").layout.display == ""
    assert id(find(app.view("Risk"), "oracle-intent")) in made


def test_prepare_once_a_campaign_is_open_changes_nothing() -> None:
    app = build()
    fill(app.start, "oracle-new-campaign", "Side quest")
    fill(app.start, "oracle-new-system", "die_trying")
    click(app.start, "oracle-create-campaign")
    shown = [id(widget) for widget in widgets_in(app)]
    app.prepare()  # the job launch scheduled, running after a campaign was opened
    assert [id(widget) for widget in widgets_in(app)] == shown
    assert find_all(app, ROLL) == [] and app.tabs.layout.display == "none"


@pytest.mark.parametrize(("edition", "opened", "later"), [
    ("browser", False, True),  # the start screen alone first, the tabs after it
    ("browser", True, False),  # a campaign's own system is mounted with the page
    ("server", False, False),  # Voila: built with the page (later would never reach it)
    ("server", True, False),
])
def test_launch_builds_the_tabs_later_only_in_the_browser_behind_the_start_screen(
        edition: str, opened: bool, later: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if opened:
        click(build().start, "oracle-quickstart")  # the store's last campaign: launch opens it
    monkeypatch.setenv("ORACLE_EDITION", edition)
    asked: list[tuple[float, str]] = []
    monkeypatch.setattr("oracle.background.later",
                        lambda delay, job, name="": asked.append((delay, name)))
    sent: list[Any] = []
    monkeypatch.setattr("IPython.display.display", lambda obj, **kwargs: sent.append(obj))
    monkeypatch.setattr("oracle.app.session.Session.watch", lambda self, interval: None)
    launch()
    assert asked == ([(PREPARE_DELAY, "oracle-prepare")] if later else [])
    from ipywidgets.widgets.widget import _instances  # type: ignore[import-untyped]

    root = _instances[sent[0]["application/vnd.jupyter.widget-view+json"]["model_id"]]
    # what the page gets at once: the default tabs and journal unless they come later
    assert len(find_all(root, ROLL)) == (0 if later else 1)
    assert len(find_all(root, "oracle-journal")) == (0 if later else 1)


def test_launch_shows_the_app_root_without_writing_out_the_widget_tree(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import ipywidgets  # type: ignore[import-untyped]

    from oracle.app import shown

    sent: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr("IPython.display.display", lambda obj, **kw: sent.append((obj, kw)))
    monkeypatch.setattr("oracle.app.session.Session.watch", lambda self, interval: None)
    monkeypatch.setattr("oracle.background.later", lambda delay, job, name="": None)

    def no_repr(widget: Any) -> str:
        raise AssertionError("the widget tree was written out as text")

    monkeypatch.setattr(ipywidgets.Widget, "__repr__", no_repr)
    launch()
    bundle, options = sent[0]
    assert options == {"raw": True}
    from ipywidgets.widgets.widget import _instances

    root = _instances[bundle["application/vnd.jupyter.widget-view+json"]["model_id"]]
    assert "oracle-app" in root._dom_classes and find(root, "oracle-quickstart") is not None
    # ipywidgets' own bundle (its widget view, protocol 2.0), with a short text/plain
    assert bundle == shown(root) == {
        "text/plain": "oracle", "application/vnd.jupyter.widget-view+json": {
            "version_major": 2, "version_minor": 0, "model_id": root.model_id}}
