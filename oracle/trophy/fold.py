"""The Trophy campaign as a pure fold of journal events: ``apply(state, event) -> state``.

Every change of state is an event, a JSON-ready dict ``{"type": ..., ...}``, and every event goes
through the rules core. Roll events carry the faces already rolled, so replaying a journal gives
an identical state. An invalid event raises :class:`RuleError` and changes nothing (the old state
is still the caller's). ``oracle.trophy.commands`` turns commands into events by rolling dice.

Event vocabulary (fields; ``?`` optional):

- ``character_created``: ``character`` {name, occupation?, background?, skills?, drive?,
  rituals?, equipment?, armor? (names), starting_ruin? (1), ruin? (= starting), hunt_tokens?,
  gold?, npc?, notes?}
- ``character_updated``: name, ``changes`` {occupation, background, skills, drive, rituals,
  equipment, armor (names; marks kept by name), notes, npc}; Ruin, tokens and Gold change only
  through their own events.
- ``risk_rolled``: name, light [faces], dark [faces], helpers? [{name, die}], bargain?
  ({text, accepted?, offered_by?} or a list), ritual?, foe? (folk|monster), intent?
  (defeat|hide|escape|ritual|fight_past|other), confirmed?. Opens the roll while it can be pushed.
- ``risk_pushed``: light [faces, same count], dark [faces, one more]. Helpers keep their dice.
- ``help_added``: helper, die. Help after the roll, while it is still open.
- ``risk_finished``: {}. Closes the open roll (any other roll event closes it too).
- ``hunt_rolled``: name, light [1 or 2 faces].
- ``tokens_spent``: use (treasure|goal), from {name: tokens} (pooled), to? (who gets the
  treasure's 1 Gold; default the only contributor), treasure? (its name), goal? (text).
- ``tokens_claimed``: from (a dead character), shares {name: tokens} (1 Gold each).
- ``contest_rolled``: participants [{name, light [faces], dark [faces]}].
- ``combat_started``: endurance, fighters [{name, weak_point}]. No roll needed (Endurance below
  the number of dark dice) ends it at once, defeated.
- ``combat_rolled``: dark [one face per fighter], armor? [names marking armor this roll],
  pieces? {name: the piece marked if hit; default the first unmarked}.
- ``combat_continued``: dark [one more face than the last roll], armor? [names], pieces?.
- ``combat_retreated``: name, to (a companion, or null for the last one standing),
  handed [faces the companion receives: re-rolled while equal to one they hold].
- ``combat_abandoned``: {}. The whole group retreats from an incomplete fight.
- ``combat_armor_marked``: name, piece? (default the first unmarked). Right after a Combat Roll (nothing else folded between), a
  fighter whose Weak Point was hit marks a piece of armor: the roll is read again with it on.
- ``armor_marked``: name, piece. ``town_returned``: {} (all armor usable again).
- ``ruin_rolled``: name, dark (face). ``ruin_marked``: name, amount? (1), reason? (custom rolls).
- ``reduction_rolled``: name, light (face), remove_anyway (the player's choice).
- ``condition_added`` / ``condition_removed``: name, condition.
- ``fate_chosen``: name, fate (monster|death), co_gm?.
- ``gold_changed``: name, delta (Gold never below 0), reason?.
- ``sheet_corrected``: name, what (ruin|hunt_tokens|gold|condition), reason, to? (a number),
  from? (the number seen), condition?, remove?: a sheet put right (``corrections``).
- ``incursion_started``, ``set_added``, ``set_goal_reached``, ``days_passed``,
  ``gold_collected``, ``gold_spent``: incursions, set goals, Gold (``incursion_events``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from oracle.dice import faces_or_count
from oracle.errors import OracleError, RequestError, RuleError, shown
from oracle.trophy import events as ev
from oracle.trophy.character import MAX_RUIN, Fate
from oracle.trophy.combat_events import (
    armor_marked,
    combat_abandoned,
    combat_armor_marked,
    combat_continued,
    combat_retreated,
    combat_rolled,
    combat_started,
    town_returned,
)
from oracle.trophy.contest import Contestant, read_contest
from oracle.trophy.corrections import sheet_corrected
from oracle.trophy.fields import flag, listing, name_map, obj, require, single_face, text, whole
from oracle.trophy.hunt import TREASURE_GOLD, TokenUse, claim_tokens, read_hunt, spend_tokens
from oracle.trophy.incursion_events import INCURSION_APPLIERS, follow
from oracle.trophy.monsters import Foe, Intent
from oracle.trophy.requests import parse_bargains, parse_enum
from oracle.trophy.results import contest_json, hunt_json, reduction_json, risk_json, ruin_json
from oracle.trophy.risk import Helper, RiskResult, RiskRoll, add_helper, push, read_risk
from oracle.trophy.ruin import mark_ruin, read_reduction, read_ruin_roll
from oracle.trophy.sheet_events import character_created, character_updated
from oracle.trophy.state import (
    Event,
    OpenCombat,
    OpenRisk,
    TrophyState,
    close_risk,
    in_play,
    initial_state,
    raise_ruin,
)

__all__ = [
    "EVENT_TYPES",
    "Event",
    "OpenCombat",
    "OpenRisk",
    "TrophyState",
    "apply",
    "apply_older",
    "initial_state",
    "new_state",
    "replay",
]

# --- risk -------------------------------------------------------------------------------------

def _record_risk(state: TrophyState, name: str, result: RiskResult) -> TrophyState:
    state = raise_ruin(state, name, result.ruin_after)
    for helper in result.helpers:
        state = raise_ruin(state, helper.name, helper.ruin_after)
    if result.dies:
        # SRD 1.2, Fighting Monsters: a Risk Roll to kill a monster means the character dies.
        state = state.with_character(replace(state.character(name), dead=True))
    open_risk = OpenRisk(name, result) if result.can_push else None
    return replace(state, risk=open_risk, last_result={**risk_json(result), "name": name})


def _risk_rolled(state: TrophyState, event: Event) -> TrophyState:
    state = close_risk(state)
    name = text(event, "name")
    roller = in_play(state, name)
    helpers = []
    for index, item in enumerate(listing(event.get("helpers") or [], "helpers")):
        data = obj(item, f"helpers[{index}]")
        helper_name = text(data, "name", prefix=f"helpers[{index}].")
        if helper_name == name:
            raise RuleError(f"helpers[{index}].name: {name} cannot help their own roll.")
        helper = in_play(state, helper_name, f"helpers[{index}].name")
        helpers.append(Helper(helper.name, helper.ruin,
                              single_face(data.get("die"), f"helpers[{index}].die", None)))
    roll = RiskRoll(
        ruin=roller.ruin,
        light=faces_or_count(event.get("light", []), "light", None),
        dark=faces_or_count(event.get("dark", []), "dark", None),
        helpers=tuple(helpers),
        bargains=parse_bargains(event),
        ritual=flag(event, "ritual"),
        foe=parse_enum(event, "foe", Foe),
        intent=parse_enum(event, "intent", Intent),
        confirmed=flag(event, "confirmed"),
    )
    return _record_risk(state, name, read_risk(roll))


def _open_risk(state: TrophyState, kind: str) -> OpenRisk:
    if state.risk is None:
        raise RuleError(f"{kind}: no Risk Roll is open (it was settled or never rolled).")
    return state.risk


def _risk_pushed(state: TrophyState, event: Event) -> TrophyState:
    current = _open_risk(state, "risk_pushed")
    in_play(state, current.name)
    result = push(current.result, faces_or_count(require(event, "light"), "light", None),
                  faces_or_count(require(event, "dark"), "dark", None))
    return _record_risk(state, current.name, result)


def _help_added(state: TrophyState, event: Event) -> TrophyState:
    current = _open_risk(state, "help_added")
    helper_name = text(event, "helper")
    if helper_name == current.name:
        raise RuleError(f"helper: {helper_name} cannot help their own roll.")
    if any(h.name == helper_name for h in current.result.helpers):
        raise RuleError(f"helper: {helper_name} already helps this roll; one light die each.")
    helper = in_play(state, helper_name, "helper")
    die = single_face(event.get("die"), "die", None)
    result = add_helper(current.result, Helper(helper.name, helper.ruin, die))
    return _record_risk(state, current.name, result)


def _risk_finished(state: TrophyState, event: Event) -> TrophyState:
    _open_risk(state, "risk_finished")
    return close_risk(state)


# --- hunt and tokens --------------------------------------------------------------------------

def _hunt_rolled(state: TrophyState, event: Event) -> TrophyState:
    state = close_risk(state)
    roller = in_play(state, text(event, "name"))
    result = read_hunt(roller.hunt_tokens, faces_or_count(require(event, "light"), "light", None),
                       roller.ruin)
    state = state.with_character(replace(roller, hunt_tokens=result.tokens_after))
    return replace(state, last_result={**hunt_json(result), "name": roller.name})


def _tokens_spent(state: TrophyState, event: Event) -> TrophyState:
    use_value = text(event, "use")
    if use_value not in {use.value for use in TokenUse}:
        raise RequestError(f"use: must be treasure or goal; got {shown(use_value)}.")
    use = TokenUse(use_value)
    contributions = name_map(require(event, "from"), "from")
    for name in contributions:
        in_play(state, name, f"from.{name}")
    holdings = {c.name: c.hunt_tokens for c in state.characters if not c.out_of_play}
    after = spend_tokens(holdings, contributions, use)
    for name, tokens in after.items():
        state = state.with_character(replace(state.character(name), hunt_tokens=tokens))
    result: dict[str, Any] = {"event": "tokens_spent", "use": use.value, "from": contributions}
    if use is TokenUse.TREASURE:
        to = event.get("to")
        if to is None:
            if len(contributions) != 1:
                raise RequestError("to: say who takes the treasure when tokens are pooled.")
            to = next(iter(contributions))
        receiver = in_play(state, to, "to")
        state = state.with_character(replace(receiver, gold=receiver.gold + TREASURE_GOLD))
        result.update(to=receiver.name, gold=TREASURE_GOLD)
        if text(event, "treasure", default="").strip():  # its name (the treasure generator)
            result["treasure"] = text(event, "treasure").strip()[:200]
    else:
        result["goal"] = text(event, "goal", default="")
    return replace(state, last_result=result)


def _tokens_claimed(state: TrophyState, event: Event, older: bool = False) -> TrophyState:
    """``older``: a stored claim read under the ruling it was made under (:func:`apply_older`)."""
    fallen = state.character(require(event, "from"), "from")
    older = older and fallen.out_of_play and not fallen.died  # the older: dead or lost
    if not fallen.died and not older:  # SRD 1.2, Hunt Tokens: one who dies; docs/rulings.md
        state_of = "lost (no Fate chosen yet)" if fallen.fate is None and fallen.lost else (
            "lost to the forest as a monster" if fallen.lost else "in play")
        raise RuleError(
            f"from: only a dead companion's Hunt Tokens can be claimed as Gold; {fallen.name} is "
            f"{state_of}."
        )
    shares = name_map(require(event, "shares"), "shares")
    for name in shares:
        if name == fallen.name:
            raise RuleError(f"shares.{name}: the fallen character cannot claim their own tokens.")
        in_play(state, name, f"shares.{name}")
    taken = claim_tokens(fallen.hunt_tokens, shares)
    state = state.with_character(replace(fallen, hunt_tokens=0))
    for name, gold in taken.items():
        claimant = state.character(name)
        state = state.with_character(replace(claimant, gold=claimant.gold + gold))
    result = {"event": "tokens_claimed", "from": fallen.name, "gold": taken}
    return replace(state, last_result={**result, "older_ruling": True} if older else result)


# --- contest ----------------------------------------------------------------------------------

def _contest_rolled(state: TrophyState, event: Event) -> TrophyState:
    state = close_risk(state)
    contestants = []
    for index, item in enumerate(listing(require(event, "participants"), "participants")):
        prefix = f"participants[{index}]."
        data = obj(item, f"participants[{index}]")
        character = in_play(state, text(data, "name", prefix=prefix), f"{prefix}name")
        contestants.append(Contestant(
            name=character.name,
            ruin=character.ruin,
            light=faces_or_count(data.get("light", []), f"{prefix}light", None),
            dark=faces_or_count(data.get("dark", []), f"{prefix}dark", None),
        ))
    result = read_contest(contestants)
    for participant in result.participants:
        state = raise_ruin(state, participant.name, participant.ruin_after)
    return replace(state, last_result=contest_json(result))


# --- ruin, reduction, conditions, fate, gold --------------------------------------------------

def _ruin_rolled(state: TrophyState, event: Event) -> TrophyState:
    state = close_risk(state)
    character = in_play(state, text(event, "name"))
    result = read_ruin_roll(character.ruin, single_face(require(event, "dark"), "dark", None))
    state = raise_ruin(state, character.name, result.ruin_after)
    return replace(state, last_result={**ruin_json(result), "name": character.name})


def _ruin_marked(state: TrophyState, event: Event) -> TrophyState:
    state = close_risk(state)
    character = in_play(state, text(event, "name"))
    amount = whole(event, "amount", 1)
    if amount < 1:
        raise RuleError(f"amount: a custom roll marks at least 1 Ruin; got {amount}.")
    if character.ruin + amount > MAX_RUIN:  # the journal line says how many: never past the track
        raise RuleError(f"amount: {character.name} has {MAX_RUIN - character.ruin} Ruin box(es) "
                        f"left (Ruin {character.ruin} of {MAX_RUIN}); a mark of {amount} is "
                        "more than the track holds.")
    state = raise_ruin(state, character.name, mark_ruin(character.ruin, amount))
    return replace(state, last_result={
        "event": "ruin_marked", "name": character.name, "ruin_before": character.ruin,
        "ruin_after": state.character(character.name).ruin,
        "reason": text(event, "reason", default="")})


def _reduction_rolled(state: TrophyState, event: Event) -> TrophyState:
    state = close_risk(state)
    character = in_play(state, text(event, "name"))
    result = read_reduction(
        character.ruin,
        single_face(require(event, "light"), "light", None),
        starting_ruin=character.starting_ruin,
        reached_five=character.reached_five,
        remove_anyway=flag(event, "remove_anyway"),
    )
    # SRD 1.2, Reduction Roll: the only way Ruin goes down.
    state = state.with_character(replace(character, ruin=result.ruin_after))
    return replace(state, last_result={**reduction_json(result), "name": character.name})


def _condition_added(state: TrophyState, event: Event) -> TrophyState:
    character = state.character(require(event, "name"))
    condition = text(event, "condition").strip()
    if not condition:
        raise RuleError("condition: describe the Condition.")
    if condition in character.conditions:
        raise RuleError(f"condition: {character.name} already has {shown(condition)}.")
    return state.with_character(replace(
        character, conditions=(*character.conditions, condition),
        conditions_due=max(0, character.conditions_due - 1)))


def _condition_removed(state: TrophyState, event: Event) -> TrophyState:
    character = state.character(require(event, "name"))
    condition = text(event, "condition")
    if condition not in character.conditions:
        raise RuleError(f"condition: {character.name} has no Condition {shown(condition)}.")
    return state.with_character(replace(
        character, conditions=tuple(c for c in character.conditions if c != condition)))


def _fate_chosen(state: TrophyState, event: Event) -> TrophyState:
    character = state.character(require(event, "name"))
    if not character.lost:
        raise RuleError(f"fate: only a lost character (Ruin 6) chooses a Fate; "
                        f"{character.name} has Ruin {character.ruin}.")
    if character.fate is not None:
        raise RuleError(f"fate: {character.name} already chose {character.fate.value}.")
    value = text(event, "fate")
    if value not in {fate.value for fate in Fate}:
        raise RequestError(f"fate: must be monster or death; got {shown(value)}.")
    return state.with_character(replace(character, fate=Fate(value),
                                        co_gm=flag(event, "co_gm")))


def _gold_changed(state: TrophyState, event: Event) -> TrophyState:
    character = state.character(require(event, "name"))
    delta = whole(event, "delta")
    if character.gold + delta < 0:
        raise RuleError(
            f"delta: {character.name} has {character.gold} Gold and cannot lose {-delta}."
        )
    return state.with_character(replace(character, gold=character.gold + delta))


APPLIERS: dict[str, Callable[[TrophyState, Event], TrophyState]] = {
    ev.CHARACTER_CREATED: character_created,
    ev.CHARACTER_UPDATED: character_updated,
    ev.RISK_ROLLED: _risk_rolled,
    ev.RISK_PUSHED: _risk_pushed,
    ev.HELP_ADDED: _help_added,
    ev.RISK_FINISHED: _risk_finished,
    ev.HUNT_ROLLED: _hunt_rolled,
    ev.TOKENS_SPENT: _tokens_spent,
    ev.TOKENS_CLAIMED: _tokens_claimed,
    ev.CONTEST_ROLLED: _contest_rolled,
    ev.COMBAT_STARTED: combat_started,
    ev.COMBAT_ROLLED: combat_rolled,
    ev.COMBAT_CONTINUED: combat_continued,
    ev.COMBAT_RETREATED: combat_retreated,
    ev.COMBAT_ABANDONED: combat_abandoned,
    ev.COMBAT_ARMOR_MARKED: combat_armor_marked,
    ev.ARMOR_MARKED: armor_marked,
    ev.TOWN_RETURNED: town_returned,
    ev.RUIN_ROLLED: _ruin_rolled,
    ev.RUIN_MARKED: _ruin_marked,
    ev.REDUCTION_ROLLED: _reduction_rolled,
    ev.CONDITION_ADDED: _condition_added,
    ev.CONDITION_REMOVED: _condition_removed,
    ev.FATE_CHOSEN: _fate_chosen,
    ev.GOLD_CHANGED: _gold_changed,
    ev.SHEET_CORRECTED: sheet_corrected,
    **INCURSION_APPLIERS,
}

EVENT_TYPES: tuple[str, ...] = tuple(APPLIERS)


def apply(state: TrophyState, event: Event) -> TrophyState:
    """Fold one event into ``state``; an invalid event raises RuleError and changes nothing."""
    if not isinstance(event, Mapping):
        raise RuleError("event: must be a JSON object such as {\"type\": \"risk_rolled\", ...}.")
    kind = event.get("type")
    applier = APPLIERS.get(kind) if isinstance(kind, str) else None
    if applier is None:
        raise RuleError(f"type: {shown(kind)} is not a Trophy event; use one of {', '.join(APPLIERS)}.")
    return _applied(state, event, applier)


def apply_older(state: TrophyState, event: Event) -> TrophyState | None:
    """A stored event :func:`apply` refuses, read under the older ruling it was made under, or
    None when no older ruling took it either. Only replay asks this (a reopened file, an import
    of an older export); a new move is always judged by :func:`apply`.

    One so far: before the dead-only ruling (docs/rulings.md, Hunt Tokens) a lost companion's
    tokens could be claimed as Gold. Such a claim folds as it did, and its result says
    ``older_ruling`` so the journal line says so.
    """
    if not isinstance(event, Mapping) or event.get("type") != ev.TOKENS_CLAIMED:
        return None
    try:
        return _applied(state, event, lambda s, e: _tokens_claimed(s, e, older=True))
    except (OracleError, KeyError, TypeError, ValueError):
        return None


def _applied(state: TrophyState, event: Event,
             applier: Callable[[TrophyState, Event], TrophyState]) -> TrophyState:
    try:
        new = follow(event, applier(state, event))
        if new.combat_roll is not None and new.combat_roll is state.combat_roll:
            new = replace(new, combat_roll=None)  # any other event settles the Combat Roll
    except RuleError:
        raise
    except OracleError as exc:
        raise RuleError(str(exc)) from exc
    return replace(new, events=state.events + 1)


def replay(events: Iterable[Event], state: TrophyState | None = None) -> TrophyState:
    """Fold a whole journal from ``state`` (default: an empty campaign)."""
    current = initial_state() if state is None else state
    for event in events:
        current = apply(current, event)
    return current


new_state = initial_state
