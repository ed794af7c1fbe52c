"""Odds off the widget thread (oracle/app/background.py): the newest request wins, stale answers
are dropped, refusals become one sentence; and the app's odds fields refuse sizes past the limits
at once (issue 11: typing 200d12 froze the tab for 14 s)."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app.background import Latest, markup_into, settle
from oracle.app.die_trying.view import DieTryingView
from oracle.app.triptycho.view import TriptychoView
from oracle.errors import RuleError
from tests.app_driver import fill, read
from tests.test_die_trying_view import make


def test_the_newest_request_wins_and_a_stale_one_never_starts() -> None:
    shown: list[str] = []
    started: list[str] = []
    release = threading.Event()
    job: Latest[str] = Latest(shown.append, lambda exc: shown.append(f"failed: {exc}"))

    def slow() -> str:
        started.append("first")
        release.wait(10)
        return "first"

    def quick(name: str) -> str:
        started.append(name)
        return name

    job.ask(slow)
    job.ask(lambda: quick("second"))  # made stale by the third before it could start
    job.ask(lambda: quick("third"))
    release.set()
    settle()
    assert started == ["first", "third"]  # the first was under way; the second never started
    assert shown == ["third"]  # the first's answer came after the third was asked: dropped


def test_a_refusal_of_the_newest_request_is_shown_as_its_sentence() -> None:
    odds, errors = widgets.HTML("old odds"), widgets.HTML("")
    job = markup_into(odds, errors)

    def refused() -> str:
        raise RuleError("dice: an entry rolls at most 30 dice; got 200.")

    job.ask(refused)
    settle()
    assert (odds.value, errors.value) == ("", "dice: an entry rolls at most 30 dice; got 200.")
    job.ask(lambda: "<b>50%</b>")
    settle()
    assert odds.value == "<b>50%</b>"


def test_an_unexpected_failure_is_a_sentence_never_a_traceback() -> None:
    odds, errors = widgets.HTML(""), widgets.HTML("")
    job = markup_into(odds, errors)
    job.ask(lambda: str(1 // 0))
    settle()
    assert "ZeroDivisionError" in errors.value and "Traceback" not in errors.value


def test_typing_a_huge_pool_into_the_triptycho_damage_field_is_refused_at_once() -> None:
    view = TriptychoView(None)
    fill(view, "oracle-tp-damage", "200d12")
    assert read(view, "oracle-tp-resolve-error") == (
        "damage: an entry rolls at most 30 dice (our limit, far beyond any card); got 200.")
    assert read(view, "oracle-tp-odds") == ""
    fill(view, "oracle-tp-damage", "999d12")
    fill(view, "oracle-tp-damage", "2d6")  # the newest wins: odds again, no error left
    assert read(view, "oracle-tp-resolve-error") == ""
    assert "expected damage" in read(view, "oracle-tp-odds")


def test_die_trying_cast_odds_are_counted_off_the_widget_thread() -> None:
    view = DieTryingView(None)
    make(view, "Pip", md=3)
    fill(view, "oracle-dt-caster", "Pip")
    odds_thread: list[str] = []
    original = view.moves.cast_odds

    def watched(request: Mapping[str, Any]) -> dict[str, Any]:
        odds_thread.append(threading.current_thread().name)
        return original(request)

    view.moves.cast_odds = watched  # type: ignore[method-assign]
    fill(view, "oracle-dt-magic", 3)
    assert "miscast <b>44.4%</b>" in read(view, "oracle-dt-cast-odds")  # three d6: 1 - 120/216
    assert odds_thread and all(name.startswith("oracle-odds") for name in odds_thread)
