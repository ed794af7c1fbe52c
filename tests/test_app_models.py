"""Layouts and styles share one browser model per look (``oracle.app.models``), and a change to
one widget's layout reaches that widget only."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import comm
import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest
from ipywidgets.widgets.widget import _instances  # type: ignore[import-untyped]

from oracle.app import build
from oracle.app.models import Shared, share_models

share_models()


def _model(widget: Any, name: str) -> str:
    reference: str = widget.get_state(name)[name]
    assert reference.startswith("IPY_MODEL_")
    return reference.removeprefix("IPY_MODEL_")


def _state(model_id: str) -> dict[str, Any]:
    model = _instances[model_id]
    state: dict[str, Any] = model.get_state()
    return state


def test_widgets_alike_share_one_layout_model_and_one_style_model() -> None:
    first, second = widgets.HTML("a"), widgets.HTML("b")
    assert isinstance(first.layout, Shared) and first.layout is not second.layout
    assert _model(first, "layout") == _model(second, "layout")
    assert _model(first, "style") == _model(second, "style")
    # the shared objects open no model of their own
    layout: Any = first.layout
    style: Any = first.style
    assert layout.comm is None and style.comm is None


def test_a_changed_layout_names_the_model_of_its_new_values_for_that_widget_only() -> None:
    shown, hidden = widgets.VBox([]), widgets.VBox([])
    before = _model(shown, "layout")
    sent: list[Any] = []
    hidden.comm.send = lambda data=None, **_: sent.append(data)  # what the browser is told
    hidden.layout.display = "none"
    assert hidden.layout.display == "none" and shown.layout.display is None
    assert _model(shown, "layout") == before
    after = _model(hidden, "layout")
    assert after != before and _state(after)["display"] == "none"
    assert any(msg.get("state", {}).get("layout") == "IPY_MODEL_" + after for msg in sent)
    hidden.layout.display = ""  # shown again: back to a model of those values
    assert _state(_model(hidden, "layout"))["display"] == ""
    other = widgets.VBox([])
    other.layout.display = "none"  # the same look again: the same model, no new one
    assert _model(other, "layout") == after


def test_styles_given_as_dicts_are_shared_and_explicit_instances_are_left_alone() -> None:
    first = widgets.Text(style={"description_width": "initial"})
    second = widgets.Text(style={"description_width": "initial"})
    assert _model(first, "style") == _model(second, "style")
    assert _state(_model(first, "style"))["description_width"] == "initial"
    own = widgets.Layout(width="3em")
    box = widgets.Box(layout=own)
    assert box.layout is own and _model(box, "layout") == own.model_id


def test_the_first_view_of_a_campaign_sends_far_fewer_models_than_widgets_and_looks(
        tmp_path: Path) -> None:
    os.environ["ORACLE_NARRATOR"] = "offline"
    from oracle.app.session import Session

    session = Session(tmp_path)
    session.quick_start()
    session.close()
    before = set(_instances)
    app = build(tmp_path)
    made = [_instances[key] for key in set(_instances) - before]
    looks = [model for model in made if isinstance(model, (widgets.Layout, widgets.Style))]
    # 142 widgets with a layout each and 87 styles were 371 models; the looks are a few now
    assert len(looks) < 40, len(looks)
    assert len(made) < 200, len(made)
    assert app.root.layout.comm is None


def test_the_sheet_correction_makes_its_fields_when_first_opened(tmp_path: Path) -> None:
    from oracle.app.session import Session
    from tests.app_driver import click, find, find_all, shown

    os.environ["ORACLE_NARRATOR"] = "offline"
    session = Session(tmp_path)
    session.quick_start()
    session.close()
    app = build(tmp_path)
    # shut and empty at first: the page loads no field it does not show
    assert not shown(app.side, "oracle-correct-form")
    assert find(app.side, "oracle-correct-form").children == ()
    assert find_all(app.side, "oracle-correct-reason") == []
    click(app.side, "oracle-correct-open")
    assert shown(app.side, "oracle-correct-form")
    assert find(app.side, "oracle-correct-who").value == app.session.active
    assert "Ruin is <b>" in find(app.side, "oracle-correct-now").value


class _Sent:
    """What the widgets tell the browser from this thread (outside a kernel every comm is a
    DummyComm); odds and export links counted off the widget thread arrive when they are done."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.messages: list[tuple[str, dict[str, Any]]] = []
        plain = comm.DummyComm.publish_msg
        here = threading.get_ident()

        def record(comm_self: Any, msg_type: str, data: Any = None, *args: Any,
                   **kwargs: Any) -> None:
            if threading.get_ident() == here:
                self.messages.append((msg_type, dict(data or {})))
            plain(comm_self, msg_type, data, *args, **kwargs)

        monkeypatch.setattr(comm.DummyComm, "publish_msg", record)

    def opened(self) -> list[dict[str, Any]]:
        return [data for kind, data in self.messages if kind == "comm_open"]

    def updates(self) -> list[dict[str, Any]]:
        return [data for kind, data in self.messages
                if kind == "comm_msg" and data.get("method") == "update"]


def test_the_first_view_of_a_campaign_sends_each_model_once_and_no_update(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from oracle.app.session import Session

    os.environ["ORACLE_NARRATOR"] = "offline"
    session = Session(tmp_path)
    session.quick_start()
    session.close()
    sent = _Sent(monkeypatch)
    before = set(_instances)
    app = build(tmp_path)
    made = set(_instances) - before
    # each model left the kernel once, as the page first shows it (243 updates followed before)
    assert sent.updates() == [], [sorted(u["state"]) for u in sent.updates()]
    assert len(sent.opened()) == len(made)
    # ... as the view left it: the hooks added and the result card hidden after they were made
    cards = [data["state"] for data in sent.opened()
             if "oracle-result-card" in data["state"].get("_dom_classes", ())]
    assert len(cards) == 1
    assert _state(cards[0]["layout"].removeprefix("IPY_MODEL_"))["display"] == "none"
    # a tab built later sends its own models once, then the one change that shows it
    sent.messages.clear()
    app.tabs.selected_index = app.tabs.titles.index("Hunt")
    assert 0 < len(sent.opened())
    assert len(sent.updates()) <= 3, [sorted(u["state"]) for u in sent.updates()]


def test_a_build_opens_children_before_their_box_and_on_demand_when_named() -> None:
    from oracle.app.whole import built_whole

    opened: list[Any] = []
    shown = widgets.VBox([])  # already in the page
    with built_whole():
        child = widgets.HTML("a")
        box = widgets.VBox([])
        box.children = (child,)
        child.value = "b"  # changed before it is opened: no message, the state says "b"
        assert child.comm is None and box.comm is None
        late = widgets.HTML("late")
        shown.children = (late,)  # an open box names it: it is opened at once
        assert late.comm is not None
        gone = widgets.HTML("gone")
        gone.close()  # closed before it was opened: it never will be
        opened.extend((child, box))
    assert child.comm is not None and box.comm is not None and gone.comm is None
    assert box.get_state("children")["children"] == ["IPY_MODEL_" + child.model_id]
    assert _state(child.model_id)["value"] == "b"
    outside = widgets.HTML("now")
    assert outside.comm is not None  # outside a build, opened when made
