"""Commands to events: roll with a DiceSource, return the JSON-ready event to journal and fold.

For Python callers that drive a Trophy campaign without the app (the tests, ``bench/store.py``,
notebooks): record the returned event, then fold it with ``fold.apply``. The events themselves
are built by ``oracle.trophy.events``, as the app builds them, so a command and the app's move
give the same event for the same faces. The helpers only roll; the fold checks every rule, so an
event built here for a forbidden command is refused by ``apply`` with one clear sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from oracle.dice import DiceSource, roll_many
from oracle.errors import RuleError
from oracle.trophy import events
from oracle.trophy.combat import hand_off
from oracle.trophy.fold import TrophyState
from oracle.trophy.monsters import Foe, Intent
from oracle.trophy.risk import DevilsBargain

Event = dict[str, Any]


def _bargain(bargain: DevilsBargain | Mapping[str, Any] | None) -> dict[str, Any] | None:
    if bargain is None:
        return None
    if isinstance(bargain, DevilsBargain):
        return {"text": bargain.text, "accepted": bargain.accepted,
                "offered_by": bargain.offered_by}
    return dict(bargain)


def roll_risk_event(
    state: TrophyState,
    name: str,
    *,
    skill: bool,
    dice: DiceSource,
    dark: int = 0,
    bargain: DevilsBargain | Mapping[str, Any] | None = None,
    helpers: Sequence[str] = (),
    ritual: bool = False,
    foe: Foe | None = None,
    intent: Intent | None = None,
    confirmed: bool = False,
) -> Event:
    """A Risk Roll: the pool of :func:`oracle.trophy.events.risk_pool` (a light die for a Skill
    or equipment, one for an accepted Devil's Bargain, ``dark`` dark dice, at least one for a
    Ritual ticked or named as the intent), then the helpers' dice."""
    shaped = _bargain(bargain)
    accepted = shaped is not None and shaped.get("accepted", True) is True
    n_light, n_dark = events.risk_pool(skill=skill, bargain=accepted, dark=dark, ritual=ritual,
                                       intent=None if intent is None else intent.value)
    light = roll_many(dice, n_light)
    dark_faces = roll_many(dice, n_dark)
    event = events.risk_rolled(
        name, light, dark_faces, helpers=[(helper, dice.roll(6)) for helper in helpers],
        ritual=ritual, bargain=shaped, foe=None if foe is None else foe.value,
        intent=None if intent is None else intent.value, confirmed=confirmed)
    return dict(event)


def roll_push_event(state: TrophyState, dice: DiceSource) -> Event:
    """Push the open Risk Roll: one more dark die, re-roll the roller's dice."""
    if state.risk is None:
        raise RuleError("push: no Risk Roll is open to push.")
    roll = state.risk.result.roll
    light = roll_many(dice, len(roll.light))
    return dict(events.risk_pushed(light, roll_many(dice, len(roll.dark) + 1)))


def roll_help_event(state: TrophyState, helper: str, dice: DiceSource) -> Event:
    """Help the open Risk Roll after it was rolled: the helper's one light die."""
    return events.help_added(helper, dice.roll(6))


def roll_hunt_event(state: TrophyState, name: str, *, skill: bool, dice: DiceSource) -> Event:
    """A Hunt Roll: one light die for exploring, one more for a helpful Skill or equipment."""
    return events.hunt_rolled(name, roll_many(dice, 1 + int(skill)))


def roll_contest_event(
    state: TrophyState, participants: Sequence[Mapping[str, Any]], dice: DiceSource
) -> Event:
    """A Contest: each entry {name, skill: bool, dark: int}; light dice = skill + Ruin."""
    entries = []
    for entry in participants:
        character = state.character(entry.get("name"))
        light = int(bool(entry.get("skill", False))) + character.ruin
        entries.append(events.contest_entry(character.name, roll_many(dice, light),
                                            roll_many(dice, int(entry.get("dark", 0)))))
    return events.contest_rolled(entries)


def roll_combat_start_event(
    state: TrophyState, endurance: int, names: Sequence[str], dice: DiceSource
) -> Event:
    """Start a fight: each character rolls their Weak Point."""
    return events.combat_started(endurance, [(name, dice.roll(6)) for name in names])


def roll_combat_event(
    state: TrophyState, dice: DiceSource, armor: Sequence[str] = ()
) -> Event:
    """Roll the fight: the first roll, or continue (one more dark die, re-roll them all)."""
    if state.combat is None:
        raise RuleError("combat: no fight is under way.")
    combat = state.combat
    first = combat.rolls == 0
    count = combat.dark_count if first else combat.dark_count + 1
    return events.combat_rolled(roll_many(dice, count), armor, continued=not first)


def roll_retreat_event(
    state: TrophyState, name: str, to: str | None, dice: DiceSource
) -> Event:
    """Retreat from the fight, handing Weak Points to ``to`` (re-rolled while they clash)."""
    if state.combat is None:
        raise RuleError("combat: no fight is under way.")
    combat = state.combat
    if to is None:
        return events.combat_retreated(name, None)
    handed = hand_off(combat.weak_points(name), combat.weak_points(to), lambda: dice.roll(6))
    return events.combat_retreated(name, to, handed)


def roll_ruin_event(state: TrophyState, name: str, dice: DiceSource) -> Event:
    """A Ruin Roll: one dark die."""
    return events.ruin_rolled(name, dice.roll(6))


def roll_reduction_event(
    state: TrophyState, name: str, dice: DiceSource, remove_anyway: bool = False
) -> Event:
    """A Reduction Roll: one light die; ``remove_anyway`` is the player's choice if not below
    Ruin. An app that asks after showing the die rolls it first and builds the event itself
    (:func:`oracle.trophy.events.reduction_rolled`)."""
    return events.reduction_rolled(name, dice.roll(6), remove_anyway)


def correction_event(state: TrophyState, name: str, what: str, reason: str, *,
                     to: int | None = None, condition: str = "", remove: bool = False) -> Event:
    """A correction of ``name``'s sheet (no dice): Ruin, Hunt Tokens or Gold ``to`` a value, as
    the sheet now shows it (``from``), or a Condition on or off (``remove``). The same builder
    the app uses; the fold bounds it by the rules (``oracle.trophy.corrections``)."""
    was = None
    if what in ("ruin", "hunt_tokens", "gold") and state.has(name):
        was = int(getattr(state.character(name), what))
    return events.sheet_corrected(name, what, reason, to=to, was=was, condition=condition,
                                  remove=remove)
