"""Trophy's events are built once (``oracle.trophy.events``): the app's moves and the commands
module give the same event for the same faces, so neither can refuse what the other allows."""

from __future__ import annotations

from typing import Any

import pytest

from oracle import events as meta
from oracle.app import build
from oracle.dice import FixedDice
from oracle.trophy import commands, events
from oracle.trophy.fold import apply
from oracle.trophy.monsters import Foe, Intent
from tests.app_driver import click, described, fill, read


def _newest(app: Any, kind: str) -> dict[str, Any]:
    entry = [e for e in app.session.campaign.entries if e.type == kind][-1]
    return dict(entry.data)


@pytest.mark.parametrize("ritual", [False, True])
def test_a_ritual_used_on_a_monster_takes_its_dark_die_in_the_app_and_in_commands(
        ritual: bool) -> None:
    """SRD 1.2: a Ritual always includes a dark die. "Use a Ritual on it" is a Ritual whether or
    not the box is ticked: the app rolls the die (it used to refuse), as commands.py does."""
    app = build()
    click(app.start, "oracle-quickstart")
    fill(app, "oracle-physical", True)
    view = app.view("Risk")
    name = app.session.active
    assert name is not None
    state_before = app.session.state
    fill(view, "oracle-intent", "Bind the stag with the old words")
    fill(view, "oracle-skill", True)
    fill(view, "oracle-ritual", ritual)
    described(view, "Against").value = "monster"
    described(view, "To").value = "ritual"
    fill(view, "oracle-light-faces", "4")
    fill(view, "oracle-dark-faces", "2")
    click(view, "oracle-risk-roll")
    assert read(view, "oracle-roll-error") == ""
    from_app = _newest(app, events.RISK_ROLLED)
    from_commands = commands.roll_risk_event(
        state_before, name, skill=True, dice=FixedDice([4, 2]), ritual=ritual,
        foe=Foe.MONSTER, intent=Intent.RITUAL)
    from_app.pop("action")
    assert from_app == from_commands
    assert from_app["dark"] == [2]
    # and the fold takes both alike
    assert apply(state_before, from_commands).character(name).ruin == \
        app.session.state.character(name).ruin


def test_the_odds_of_a_ritual_on_a_monster_count_its_dark_die() -> None:
    assert events.risk_pool(skill=True, bargain=False, dark=False, intent="ritual") == (1, 1)
    assert events.risk_pool(skill=True, bargain=True, dark=False, ritual=True) == (2, 1)
    assert events.risk_pool(skill=False, bargain=False, dark=True) == (0, 1)
    assert events.risk_pool(skill=False, bargain=False, dark=False, intent="hide") == (0, 0)


def test_every_event_the_fold_knows_has_its_constant() -> None:
    from oracle.trophy.fold import APPLIERS

    named = {v for k, v in vars(events).items() if k.isupper() and isinstance(v, str)}
    assert set(APPLIERS) == named


def test_the_meta_event_types_are_named_once() -> None:
    built = [meta.note("n"), meta.safety(["a"], []), meta.preference("k", 1), meta.x_card(3),
             meta.undo(2), meta.story(place="x"), meta.scene("s"), meta.oracle("q?", "yes"),
             meta.list_item("threads", "add", text="t"),
             meta.narration("t", narrator="offline", beat="roll")]
    assert {e["type"] for e in built} == meta.META_TYPES - {meta.SCENE_END, meta.MEANING,
                                                            meta.TABLE}
