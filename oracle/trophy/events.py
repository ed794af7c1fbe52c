"""Trophy's journal events, named once: each type a constant, each event one typed constructor.

The app's moves, ``oracle.trophy.commands`` (notebooks, ``bench/``), and the tests build every
Trophy event here, so the two never disagree about a field or a die. The pools are counted here
too (:func:`risk_pool`): a Ritual, ticked or named as the intent, always takes a dark die.

The fold (``oracle.trophy.fold``) reads these events and checks every rule; a constructor only
shapes what it is given. Pure: no I/O, no randomness (faces are passed in).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NotRequired, TypedDict

from oracle.trophy.monsters import dark_dice

CHARACTER_CREATED: Final = "character_created"
CHARACTER_UPDATED: Final = "character_updated"
RISK_ROLLED: Final = "risk_rolled"
RISK_PUSHED: Final = "risk_pushed"
HELP_ADDED: Final = "help_added"
RISK_FINISHED: Final = "risk_finished"
HUNT_ROLLED: Final = "hunt_rolled"
TOKENS_SPENT: Final = "tokens_spent"
TOKENS_CLAIMED: Final = "tokens_claimed"
CONTEST_ROLLED: Final = "contest_rolled"
COMBAT_STARTED: Final = "combat_started"
COMBAT_ROLLED: Final = "combat_rolled"
COMBAT_CONTINUED: Final = "combat_continued"
COMBAT_RETREATED: Final = "combat_retreated"
COMBAT_ABANDONED: Final = "combat_abandoned"
COMBAT_ARMOR_MARKED: Final = "combat_armor_marked"
ARMOR_MARKED: Final = "armor_marked"
TOWN_RETURNED: Final = "town_returned"
RUIN_ROLLED: Final = "ruin_rolled"
RUIN_MARKED: Final = "ruin_marked"
REDUCTION_ROLLED: Final = "reduction_rolled"
CONDITION_ADDED: Final = "condition_added"
CONDITION_REMOVED: Final = "condition_removed"
FATE_CHOSEN: Final = "fate_chosen"
GOLD_CHANGED: Final = "gold_changed"
INCURSION_STARTED: Final = "incursion_started"
SET_ADDED: Final = "set_added"
SET_GOAL_REACHED: Final = "set_goal_reached"
DAYS_PASSED: Final = "days_passed"
GOLD_COLLECTED: Final = "gold_collected"
GOLD_SPENT: Final = "gold_spent"
SHEET_CORRECTED: Final = "sheet_corrected"

CORRECTABLE: tuple[str, ...] = ("ruin", "hunt_tokens", "gold", "condition")
"""What a correction puts right on a sheet (``sheet_corrected``'s ``what``)."""

RISK_EVENTS: frozenset[str] = frozenset({RISK_ROLLED, RISK_PUSHED, HELP_ADDED})
"""The events that open or change the open Risk Roll."""
COMBAT_ROLLS: frozenset[str] = frozenset({COMBAT_ROLLED, COMBAT_CONTINUED})


class Helper(TypedDict):
    name: str
    die: int


class Bargain(TypedDict):
    text: str
    accepted: bool
    offered_by: NotRequired[str | None]


class RiskRolled(TypedDict):
    type: str
    name: str
    light: list[int]
    dark: list[int]
    helpers: list[Helper]
    ritual: bool
    bargain: NotRequired[Bargain | None]
    action: NotRequired[str]
    could_go_wrong: NotRequired[str]
    foe: NotRequired[str]
    intent: NotRequired[str]
    confirmed: NotRequired[bool]


class Pushed(TypedDict):
    type: str
    light: list[int]
    dark: list[int]


class Fighter(TypedDict):
    name: str
    weak_point: int


class ContestEntry(TypedDict):
    name: str
    light: list[int]
    dark: list[int]


def _action(event: Any, key: str, text: str) -> None:
    """Keep a player's words on the event when there are any."""
    if text.strip():
        event[key] = text.strip()


# -- the Risk Roll --------------------------------------------------------------------------

def risk_pool(*, skill: bool, bargain: bool, dark: bool | int, ritual: bool = False,
              intent: str | None = None) -> tuple[int, int]:
    """(light, dark) dice of a Risk Roll: a light die for a Skill or equipment, one for an
    accepted Devil's Bargain; a dark die when risking mind or body, and always one for a
    Ritual, ticked or named as the intent (SRD 1.2, Risk Roll)."""
    return int(skill) + int(bargain), dark_dice(int(dark), ritual, intent)


def risk_rolled(name: str, light: Sequence[int], dark: Sequence[int], *,
                helpers: Sequence[tuple[str, int]] = (), ritual: bool = False,
                bargain: str | Mapping[str, Any] | None = None, action: str = "",
                could_go_wrong: str = "", foe: str | None = None, intent: str | None = None,
                confirmed: bool = False) -> RiskRolled:
    """A Risk Roll with its faces; ``bargain`` is an accepted bargain's text (or its mapping)."""
    event = RiskRolled(type=RISK_ROLLED, name=name, light=list(light), dark=list(dark),
                       helpers=[Helper(name=n, die=d) for n, d in helpers], ritual=ritual)
    if isinstance(bargain, str):
        event["bargain"] = Bargain(text=bargain.strip(), accepted=True)
    elif bargain is not None:
        event["bargain"] = Bargain(text=str(bargain.get("text", "")),
                                   accepted=bargain.get("accepted", True) is True,
                                   offered_by=bargain.get("offered_by"))
    _action(event, "action", action)
    _action(event, "could_go_wrong", could_go_wrong)
    if foe:
        event["foe"] = foe
    if intent:
        event["intent"] = intent
    if confirmed:
        event["confirmed"] = True
    return event


def risk_pushed(light: Sequence[int], dark: Sequence[int]) -> Pushed:
    """Push the open Risk Roll: the roller's dice again, with one more dark die."""
    return Pushed(type=RISK_PUSHED, light=list(light), dark=list(dark))


def help_added(helper: str, die: int) -> dict[str, Any]:
    """Help offered after the roll, while it is still open: the helper's light die."""
    return {"type": HELP_ADDED, "helper": helper, "die": die}


def risk_finished() -> dict[str, Any]:
    """Settle the open Risk Roll as it stands."""
    return {"type": RISK_FINISHED}


# -- other rolls ------------------------------------------------------------------------------

def hunt_rolled(name: str, light: Sequence[int], action: str = "") -> dict[str, Any]:
    """A Hunt Roll: one light die for exploring, two with a helpful Skill or equipment."""
    event: dict[str, Any] = {"type": HUNT_ROLLED, "name": name, "light": list(light)}
    _action(event, "action", action)
    return event


def contest_rolled(participants: Sequence[ContestEntry], action: str = "") -> dict[str, Any]:
    """A Contest: each participant's light and dark faces, and what is at stake."""
    event: dict[str, Any] = {"type": CONTEST_ROLLED,
                             "participants": [dict(p) for p in participants]}
    _action(event, "action", action)
    return event


def contest_entry(name: str, light: Sequence[int], dark: Sequence[int]) -> ContestEntry:
    return ContestEntry(name=name, light=list(light), dark=list(dark))


def ruin_rolled(name: str, dark: int, action: str = "") -> dict[str, Any]:
    """A Ruin Roll: one dark die against the character's Ruin."""
    event: dict[str, Any] = {"type": RUIN_ROLLED, "name": name, "dark": dark}
    _action(event, "action", action)
    return event


def ruin_marked(name: str, amount: int = 1, reason: str = "") -> dict[str, Any]:
    event: dict[str, Any] = {"type": RUIN_MARKED, "name": name, "amount": amount}
    _action(event, "reason", reason)
    return event


def reduction_rolled(name: str, light: int, remove_anyway: bool, action: str = ""
                     ) -> dict[str, Any]:
    """A Reduction Roll: one light die, and the player's choice if it is not below Ruin."""
    event: dict[str, Any] = {"type": REDUCTION_ROLLED, "name": name, "light": light,
                             "remove_anyway": remove_anyway}
    _action(event, "action", action)
    return event


# -- the fight --------------------------------------------------------------------------------

def combat_started(endurance: int, fighters: Sequence[tuple[str, int]],
                   **monster: Any) -> dict[str, Any]:
    """Face a monster: its Endurance, each fighter's Weak Point, and what is known of it
    (``monster``, ``description``, ``gold``...)."""
    return {"type": COMBAT_STARTED, "endurance": endurance,
            "fighters": [Fighter(name=n, weak_point=p) for n, p in fighters],
            **monster}


def combat_rolled(dark: Sequence[int], armor: Sequence[str] = (), *,
                  continued: bool = False, pieces: Mapping[str, str] | None = None
                  ) -> dict[str, Any]:
    """The fight's first roll, or a continuation (one more dark die, all re-rolled);
    ``pieces``: which piece each of ``armor`` marks if hit (default: their first)."""
    event: dict[str, Any] = {"type": COMBAT_CONTINUED if continued else COMBAT_ROLLED,
                             "dark": list(dark), "armor": list(armor)}
    if pieces:
        event["pieces"] = dict(pieces)
    return event


def combat_armor_marked(name: str, piece: str | None = None) -> dict[str, Any]:
    """A fighter hit by the roll just made marks armor (``piece``: which one; default their
    first unmarked piece): that roll's Ruin is ignored."""
    event: dict[str, Any] = {"type": COMBAT_ARMOR_MARKED, "name": name}
    if piece:
        event["piece"] = piece
    return event


def combat_retreated(name: str, to: str | None, handed: Sequence[int] = ()) -> dict[str, Any]:
    """Retreat, handing the Weak Points to ``to`` (None: the last one standing)."""
    return {"type": COMBAT_RETREATED, "name": name, "to": to, "handed": list(handed)}


def combat_abandoned() -> dict[str, Any]:
    return {"type": COMBAT_ABANDONED}


def armor_marked(name: str, piece: str) -> dict[str, Any]:
    return {"type": ARMOR_MARKED, "name": name, "piece": piece}


# -- the sheet --------------------------------------------------------------------------------

def character_created(sheet: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": CHARACTER_CREATED, "character": dict(sheet)}


def character_updated(name: str, changes: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": CHARACTER_UPDATED, "name": name, "changes": dict(changes)}


def condition_added(name: str, condition: str) -> dict[str, Any]:
    return {"type": CONDITION_ADDED, "name": name, "condition": condition.strip()}


def condition_removed(name: str, condition: str) -> dict[str, Any]:
    return {"type": CONDITION_REMOVED, "name": name, "condition": condition.strip()}


def fate_chosen(name: str, fate: str, co_gm: bool = False) -> dict[str, Any]:
    return {"type": FATE_CHOSEN, "name": name, "fate": fate, "co_gm": co_gm}


def gold_changed(name: str, delta: int, reason: str = "") -> dict[str, Any]:
    event: dict[str, Any] = {"type": GOLD_CHANGED, "name": name, "delta": delta}
    _action(event, "reason", reason)
    return event


def sheet_corrected(name: str, what: str, reason: str, *, to: int | None = None,
                    was: int | None = None, condition: str = "", remove: bool = False
                    ) -> dict[str, Any]:
    """A sheet put right without undoing a move, with the player's reason: Ruin, Hunt Tokens or
    Gold set ``to`` a value (``was``: the value the player saw, so a sheet changed meanwhile is
    refused), or a Condition written on (``remove``: struck off). The fold bounds it by the
    rules (``oracle.trophy.corrections``)."""
    event: dict[str, Any] = {"type": SHEET_CORRECTED, "name": name, "what": what,
                             "reason": reason.strip()}
    if what == "condition":
        event["condition"] = condition.strip()
        if remove:
            event["remove"] = True
        return event
    event["to"] = to
    if was is not None:
        event["from"] = was
    return event


def tokens_spent(use: str, contributions: Mapping[str, int], to: str | None = None,
                 goal: str = "", treasure: str = "") -> dict[str, Any]:
    """Hunt Tokens pooled for a treasure (``treasure``: its name, from the treasure generator)
    or a goal (the contributors' shares)."""
    event: dict[str, Any] = {"type": TOKENS_SPENT, "use": use,
                             "from": {k: v for k, v in contributions.items() if v}}
    if to:
        event["to"] = to
    _action(event, "goal", goal)
    _action(event, "treasure", treasure)
    return event


def tokens_claimed(fallen: str, shares: Mapping[str, int]) -> dict[str, Any]:
    return {"type": TOKENS_CLAIMED, "from": fallen,
            "shares": {k: v for k, v in shares.items() if v}}


# -- the incursion ----------------------------------------------------------------------------

def incursion_started(title: str, sets: Sequence[tuple[str, str]]) -> dict[str, Any]:
    return {"type": INCURSION_STARTED, "title": title.strip(),
            "sets": [{"title": t, "goal": g} for t, g in sets]}


def set_added(title: str, goal: str) -> dict[str, Any]:
    return {"type": SET_ADDED, "title": title.strip(), "goal": goal.strip()}


def set_goal_reached(how: str = "play") -> dict[str, Any]:
    return {"type": SET_GOAL_REACHED, "how": how}


def days_passed(days: int = 1) -> dict[str, Any]:
    return {"type": DAYS_PASSED, "days": days}


def gold_collected(source: str, shares: Mapping[str, int], treasure: str = "",
                   monster: str | None = None) -> dict[str, Any]:
    """Gold shared out: a treasure's, or a defeated monster's (``monster``: which one; none:
    the newest with Gold on it)."""
    event: dict[str, Any] = {"type": GOLD_COLLECTED, "source": source, "shares": dict(shares)}
    if source == "treasure":
        event["treasure"] = treasure.strip()
    if monster is not None:
        event["monster"] = monster
    return event


def gold_spent(name: str, amount: int, on: str = "") -> dict[str, Any]:
    return {"type": GOLD_SPENT, "name": name, "amount": amount, "on": on.strip()}


def town_returned() -> dict[str, Any]:
    return {"type": TOWN_RETURNED}
