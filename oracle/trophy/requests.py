"""Turning the JSON requests of ``oracle resolve`` (and the parts events share) into rolls.

Each ``resolve_*`` function reads one request, rolls any counts with the dice source, asks the
rules core, and returns the contract's result dict. Field rules live in the core; this module only
reads shapes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.dice import DiceSource, faces_or_count, roll_many
from oracle.errors import RequestError, RuleError, shown
from oracle.requests import roll_kind
from oracle.trophy.combat import (
    CombatResult,
    Fighter,
    check_endurance,
    read_combat,
    read_continue,
    roll_required,
    unrolled,
)
from oracle.trophy.contest import Contestant, read_contest
from oracle.trophy.fields import (
    MOST_CONTEST_DARK,
    MOST_HELPERS,
    MOST_PARTICIPANTS,
    MOST_RISK_DARK,
    at_most,
    count,
    flag,
    listing,
    obj,
    require,
    single_face,
    text,
    whole,
)
from oracle.trophy.hunt import read_hunt
from oracle.trophy.monsters import Foe, Intent
from oracle.trophy.results import (
    combat_json,
    combat_rolls_json,
    contest_json,
    hunt_json,
    reduction_json,
    risk_json,
    ruin_json,
)
from oracle.trophy.risk import DevilsBargain, Helper, RiskRoll, push, read_risk
from oracle.trophy.ruin import read_reduction, read_ruin_roll


def parse_bargains(request: Mapping[str, Any]) -> tuple[DevilsBargain, ...] | None:
    """``"bargain"``: one object ``{"text", "accepted", "offered_by"}`` or a list of them."""
    value = request.get("bargain", request.get("bargains"))
    if value is None:
        return None
    items = value if isinstance(value, list) else [value]
    bargains = []
    for index, item in enumerate(items):
        prefix = f"bargain[{index}]." if isinstance(value, list) else "bargain."
        data = obj(item, prefix.rstrip("."))
        bargains.append(DevilsBargain(
            text=text(data, "text", prefix=prefix),
            accepted=flag(data, "accepted", default=True, prefix=prefix),
            offered_by=text(data, "offered_by", default="", prefix=prefix),
        ))
    return tuple(bargains)


def parse_enum(request: Mapping[str, Any], field: str, kind: type[Foe | Intent]) -> Any:
    value = request.get(field)
    if value is None:
        return None
    choices = [member.value for member in kind]
    if value not in choices:
        raise RequestError(f"{field}: must be one of {', '.join(choices)}; got {shown(value)}.")
    return kind(value)


def resolve_risk(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    """``risk``: own light dice, dark dice, helpers, bargain, pushes."""
    given = request.get("helpers")
    helpers_field = [] if given is None else listing(given, "helpers")
    at_most("helpers", len(helpers_field), MOST_HELPERS, "helpers")
    light = faces_or_count(request.get("light"), "light", dice, default=0)
    dark = faces_or_count(request.get("dark"), "dark", dice, default=0)
    at_most("dark", len(dark), MOST_RISK_DARK, "dark dice")
    helpers = []
    for index, item in enumerate(helpers_field):
        prefix = f"helpers[{index}]."
        data = obj(item, f"helpers[{index}]")
        helpers.append(Helper(
            name=text(data, "name", prefix=prefix),
            ruin=whole(data, "ruin", prefix=prefix),
            die=single_face(data.get("die"), f"{prefix}die", dice),
            already_marked=flag(data, "already_marked", prefix=prefix),
        ))
    roll = RiskRoll(
        ruin=whole(request, "ruin"),
        light=light,
        dark=dark,
        helpers=tuple(helpers),
        bargains=parse_bargains(request),
        ritual=flag(request, "ritual"),
        foe=parse_enum(request, "foe", Foe),
        intent=parse_enum(request, "intent", Intent),
        confirmed=flag(request, "confirmed"),
    )
    result = read_risk(roll)
    pushes = request.get("push")
    if pushes is None or pushes == []:
        return risk_json(result)
    if isinstance(pushes, int) and not isinstance(pushes, bool):
        # A count of pushes to roll: push while pushing is allowed, up to that many times.
        for _ in range(count(pushes, "push")):
            if not result.can_push:
                break
            result = push(result, roll_many(dice, len(result.roll.light)),
                          roll_many(dice, len(result.roll.dark) + 1))
        return risk_json(result)
    if not isinstance(pushes, list):
        raise RequestError(
            f"push: a number of pushes, or a list of each push's faces; not {shown(pushes)}.")
    for index, item in enumerate(pushes):
        data = obj(item, f"push[{index}]")
        new_light = faces_or_count(data.get("light"), f"push[{index}].light", dice,
                                   default=len(result.roll.light))
        new_dark = faces_or_count(data.get("dark"), f"push[{index}].dark", dice,
                                  default=len(result.roll.dark) + 1)
        result = push(result, new_light, new_dark)
    return risk_json(result)


def resolve_ruin(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    """``ruin``: one dark die against current Ruin."""
    ruin = whole(request, "ruin")
    return ruin_json(read_ruin_roll(ruin, single_face(request.get("dark"), "dark", dice)))


def resolve_hunt(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    """``hunt``: 1 or 2 light dice and the roller's tokens."""
    tokens = whole(request, "tokens", default=0)
    light = faces_or_count(require(request, "light"), "light", dice)
    ruin = request.get("ruin")
    return hunt_json(read_hunt(tokens, light, None if ruin is None else whole(request, "ruin")))


def resolve_contest(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    """``contest``: two or more participants, each with light and dark dice."""
    contestants = []
    entries = listing(require(request, "participants"), "participants")
    at_most("participants", len(entries), MOST_PARTICIPANTS, "participants")
    for index, item in enumerate(entries):
        prefix = f"participants[{index}]."
        data = obj(item, f"participants[{index}]")
        contestants.append(Contestant(
            name=text(data, "name", prefix=prefix),
            ruin=whole(data, "ruin", prefix=prefix),
            light=faces_or_count(data.get("light"), f"{prefix}light", dice, default=0),
            dark=faces_or_count(data.get("dark"), f"{prefix}dark", dice, default=0),
        ))
        at_most(f"{prefix}dark", len(contestants[-1].dark), MOST_CONTEST_DARK, "dark dice each")
    return contest_json(read_contest(contestants))


def _weak_points(value: object, field: str, dice: DiceSource) -> tuple[int, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        if not 1 <= value <= 6:
            raise RuleError(f"{field}: a character holds 1 to 6 Weak Points; got {value}.")
        # Rolled Weak Points: one light die each, re-rolled while equal to one already held.
        held: list[int] = []
        while len(held) < value:
            face = dice.roll(6)
            if face not in held:
                held.append(face)
        return tuple(held)
    return faces_or_count(value, field, None)


def parse_fighters(request: Mapping[str, Any], dice: DiceSource) -> list[Fighter]:
    fighters = []
    for index, item in enumerate(listing(require(request, "characters"), "characters")):
        prefix = f"characters[{index}]."
        data = obj(item, f"characters[{index}]")
        fighters.append(Fighter(
            name=text(data, "name", prefix=prefix),
            ruin=whole(data, "ruin", prefix=prefix),
            weak_points=_weak_points(require(data, "weak_points", prefix), f"{prefix}weak_points",
                                     dice),
            armor=flag(data, "armor", prefix=prefix),
        ))
    return fighters


def resolve_combat(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    """``combat``: Endurance, the characters' Weak Points and the dark dice."""
    endurance = check_endurance(require(request, "endurance"))
    fighters = parse_fighters(request, dice)
    raw = request.get("dark", len(fighters))
    if isinstance(raw, int) and not isinstance(raw, bool) and raw > 0 \
            and not roll_required(endurance, raw):
        # No Combat Roll is required: nothing is rolled.
        return _with_weak_points(combat_json(unrolled(endurance, fighters, raw)), fighters)
    dark = faces_or_count(raw, "dark", dice)
    result = read_combat(endurance, fighters, dark)
    continues = request.get("continue")
    if continues is None or continues == [] or continues == 0:
        return _with_weak_points(combat_json(result), fighters)
    return _with_weak_points(_continue_combat(request, fighters, result, continues, dice),
                             fighters)


def _with_weak_points(result: dict[str, Any], fighters: list[Fighter]) -> dict[str, Any]:
    """Each character's Weak Points on the result: given, or rolled (seeded by ``"seed"``)."""
    held = {f.name: list(f.weak_points) for f in fighters}
    return {**result, "characters": [{**c, "weak_points": held[c["name"]]}
                                     for c in result["characters"]]}


def _continue_combat(request: Mapping[str, Any], fighters: list[Fighter], first: CombatResult,
                     continues: object, dice: DiceSource) -> dict[str, Any]:
    """``"continue"``: dark faces of each further roll (a list of lists), or a number of
    further rolls to make while the monster stands. Armor is one piece per ``armor: true``."""
    pieces = {f.name: int(f.armor) for f in fighters}
    readings = [first]

    def next_fighters(last: CombatResult) -> list[Fighter]:
        after = {r.name: r for r in last.fighters}
        for r in last.fighters:
            pieces[r.name] -= int(r.armor_used)
        return [Fighter(f.name, after[f.name].ruin_after, f.weak_points, pieces[f.name] > 0)
                for f in fighters if f.name in after and not after[f.name].lost]

    if isinstance(continues, int) and not isinstance(continues, bool):
        for _ in range(count(continues, "continue")):
            last = readings[-1]
            still = next_fighters(last)
            if last.defeated or not still:
                break
            readings.append(read_continue(last, still, roll_many(dice, len(last.dark) + 1)))
    else:
        for index, item in enumerate(listing(continues, "continue")):
            last = readings[-1]
            still = next_fighters(last)
            if not still:
                raise RuleError(f"continue[{index}]: nobody is left in the fight to continue.")
            faces = faces_or_count(item, f"continue[{index}]", dice)
            readings.append(read_continue(last, still, faces))
    return combat_rolls_json(readings, fighters)


def resolve_reduction(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    """``reduction``: one light die against current Ruin, and the player's choice."""
    ruin = whole(request, "ruin")
    starting = whole(request, "starting_ruin", default=1)
    reached = flag(request, "reached_five")
    remove_anyway = flag(request, "remove_anyway")
    result = read_reduction(
        ruin,
        single_face(request.get("light"), "light", dice),
        starting_ruin=starting,
        reached_five=reached,
        remove_anyway=remove_anyway,
    )
    return reduction_json(result)


RESOLVERS = {
    "risk": resolve_risk,
    "ruin": resolve_ruin,
    "hunt": resolve_hunt,
    "contest": resolve_contest,
    "combat": resolve_combat,
    "reduction": resolve_reduction,
}


FIELDS: dict[str, frozenset[str]] = {
    "risk": frozenset({"ruin", "light", "dark", "helpers", "bargain", "bargains", "ritual", "foe",
                       "intent", "confirmed", "push"}),
    "ruin": frozenset({"ruin", "dark"}),
    "hunt": frozenset({"tokens", "light", "ruin"}),
    "contest": frozenset({"participants"}),
    "combat": frozenset({"endurance", "characters", "dark", "continue"}),
    "reduction": frozenset({"ruin", "starting_ruin", "reached_five", "light", "remove_anyway"}),
}


def resolve(request: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
    """Resolve one Trophy request of the contract."""
    kind = roll_kind(request, RESOLVERS, "Trophy")
    return RESOLVERS[kind](request, dice)
