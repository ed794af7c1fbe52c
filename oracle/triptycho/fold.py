"""The pure fold of a Triptycho campaign journal: a roster and the scenario being played.

``apply_event(state, event) -> state``; an invalid event raises ``RuleError`` (or
``RequestError``) and the old state stands (values are frozen: nothing is changed in place).
Roll events carry their faces, so a replay gives the same state without any dice.

Event vocabulary (``"type"`` plus fields):

Roster (any time):
- ``join``: ``name``, ``player`` (bool), ``hp``, ``ep``, ``wp`` (card base values),
  optional ``injuries``, ``valuables``, ``deck`` (cards in the deck), ``hand_limit`` (5).
- ``injury``: ``name``, optional ``count`` (1). Each is -5 to every maximum; a base reaching 0 kills.
- ``heal_injury``: ``name``; costs 1 Valuable; only between scenarios (in town).
- ``valuables``: ``name``, ``change`` (whole number; the total never below 0).

A scenario:
- ``scenario_start``: ``kind`` (combat, exploration, interaction), optional ``participants``
  (names; default everyone alive) and ``tracks`` ({name: {track: base -2..+2}}).
- ``initiative``: ``name``, ``faces`` (rolled), optional ``dice`` ("1d8", checks the faces).
  Combat and interaction only, before the first Draw Phase.
- ``lower_initiative``: ``name``, ``value`` (a player, 1..rolled, before the first turn).
- ``draw_phase``: optional ``extra`` ({name: more or fewer cards}); starts a round.
- ``next_turn``: closes the current turn (if any) and starts the next entity's, skipping the
  defeated; after the last one the Turn Phase is done.
- ``strategy``: ``name``, ``option`` (draw, strategy_card, change_equipment, block).
- ``action``: ``name``, optional ``card`` (true: an Action card from hand; false: a Gear entry).
- ``reaction``: ``name`` (plays a Reaction card from hand).
- ``assist`` / ``interrupt``: ``name``, optional ``automatic`` (Interrupts only).
- ``attack``: ``attacker``, ``target`` and the fields of the ``attack`` roll, every entry
  with its faces; the damage dealt comes off the target's points (a Reaction's counter damage
  off the attacker's). On the attacker's own turn it is that turn's Action Phase.
- ``damage`` / ``recover``: ``target``, ``amount`` (whole number, 0 or more).
- ``move_track``: ``name``, ``track``, ``by`` (whole number).
- ``discard_phase``: after the last turn; everyone discards to their Hand Limit.
- ``scenario_end``: optional ``outcome``; points restored, decks rebuilt, tracks removed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from oracle.errors import RequestError, RuleError, shown
from oracle.requests import whole
from oracle.triptycho.attack import resolve_attack
from oracle.triptycho.combat import ScenarioKind
from oracle.triptycho.entries import check_faces, parse_entry
from oracle.triptycho.rounds import (
    DEFAULT_HAND_LIMIT,
    Initiative,
    OffTurnPlays,
    Phase,
    Step,
    StrategyOption,
    check_hand,
    off_turn_play,
    turn_order,
)
from oracle.triptycho.state import Combatant, ScenarioState, new_state
from oracle.triptycho.tracks import new_track
from oracle.triptycho.vitals import check_points, check_targetable, make_vitals

Handler = Callable[[ScenarioState, Mapping[str, Any]], ScenarioState]


def apply_event(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    """Fold one event (see the module docstring); refuse it with one clear sentence."""
    if not isinstance(event, Mapping):
        raise RequestError("event: must be an object with a \"type\".")
    kind = event.get("type")
    if not isinstance(kind, str) or kind not in APPLIERS:
        raise RequestError(f"type: {shown(kind)} is not a Triptycho event; use one of "
                           f"{', '.join(APPLIERS)}.")
    return APPLIERS[kind](state, event)


def _put(state: ScenarioState, who: Combatant, line: str | None = None) -> ScenarioState:
    roster = tuple(who if c.name == who.name else c for c in state.roster)
    log = state.log if line is None else (*state.log, line)
    return replace(state, roster=roster, log=log)


def _in_scenario(state: ScenarioState, what: str) -> ScenarioKind:
    if state.kind is None:
        raise RuleError(f"type: {what} happens within a scenario; none is running.")
    return state.kind


def _participant(state: ScenarioState, name: object) -> Combatant:
    who = state.member(name)
    if who.name not in state.participants:
        raise RuleError(f"name: {who.name} is not taking part in this scenario.")
    return who


def _whole(event: Mapping[str, Any], key: str, default: int | None = None) -> int:
    return whole(key, event.get(key, default))


def _join(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    name = event.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RequestError("name: a combatant needs a name.")
    if any(c.name == name for c in state.roster):
        raise RuleError(f"name: {shown(name)} is already on the roster; names must be distinct.")
    vitals = make_vitals(event.get("hp"), event.get("ep"), event.get("wp"),
                         event.get("injuries", 0))
    hand = check_hand(event.get("deck", 0), event.get("hand_limit", DEFAULT_HAND_LIMIT))
    valuables = check_points("valuables", event.get("valuables", 0))
    who = Combatant(name, bool(event.get("player", False)), vitals, hand, valuables)
    return replace(state, roster=(*state.roster, who), log=(*state.log, f"{name} joins."))


def _injury(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    who = state.member(event.get("name"))
    count = _whole(event, "count", 1)
    vitals = who.vitals.injured(count)
    line = f"{who.name} suffers {count} Injur{'y' if count == 1 else 'ies'}."
    if vitals.dead:
        line += f" {who.name} dies."
    return _put(state, replace(who, vitals=vitals), line)


def _heal_injury(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    if state.kind is not None:
        raise RuleError("type: Injuries heal in town between scenarios, not during one.")
    who = state.member(event.get("name"))
    if who.vitals.dead:
        raise RuleError(f"name: {who.name} is dead; Injuries no longer heal.")
    vitals, left = who.vitals.healed(who.valuables)
    return _put(state, replace(who, vitals=vitals, valuables=left),
                f"{who.name} heals an Injury for 1 Valuable.")


def _valuables(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    who = state.member(event.get("name"))
    change = _whole(event, "change")
    if who.valuables + change < 0:
        raise RuleError(f"change: {who.name} has {who.valuables} Valuables; cannot spend "
                        f"{-change}.")
    return _put(state, replace(who, valuables=who.valuables + change))


def _scenario_start(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    if state.kind is not None:
        raise RuleError("type: a scenario is already running; end it first.")
    try:
        kind = ScenarioKind(event.get("kind"))
    except ValueError:
        raise RequestError(f"kind: {shown(event.get('kind'))} is not a scenario type; use combat, "
                           f"exploration or interaction.") from None
    alive = [c.name for c in state.roster if not c.vitals.dead]
    names = event.get("participants", alive)
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise RequestError("participants: a list of roster names.")
    if len(set(names)) != len(names):
        raise RuleError("participants: each name takes part once.")
    missing = [n for n in names if not any(c.name == n for c in state.roster)]
    if missing:
        raise RuleError(f"participants: {shown(missing[0])} is not on the roster.")
    tracks = event.get("tracks", {})
    if not isinstance(tracks, Mapping):
        raise RequestError("tracks: {name: {track: base}}, such as {\"Ash\": {\"power\": 1}}.")
    new = state
    for name in names:
        who = state.member(name)
        if who.vitals.dead:
            raise RuleError(f"participants: {who.name} is dead and cannot take part.")
        own = tracks.get(who.name, {})
        if not isinstance(own, Mapping):
            raise RequestError(f"tracks.{who.name}: a mapping of track name to base value.")
        built = tuple((str(k), new_track(f"tracks.{who.name}.{k}", v)) for k, v in own.items())
        new = _put(new, replace(who, vitals=who.vitals.restored(), hand=who.hand.reset(),
                                tracks=built, initiative=None, plays=OffTurnPlays()))
    # Exploration uses no Initiative: players act in the order they list (ruling).
    order = tuple(names) if kind is ScenarioKind.EXPLORATION else ()
    return replace(new, kind=kind, participants=tuple(names), round=0, phase=Phase.SETUP,
                   order=order, turn=None, step=None, turns_done=False,
                   log=(*new.log, f"A {kind.value} scenario begins."))


def _initiative(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    kind = _in_scenario(state, "Initiative")
    if kind is ScenarioKind.EXPLORATION:
        raise RuleError("type: exploration scenarios do not use Initiative.")
    if state.phase is not Phase.SETUP:
        raise RuleError("type: Initiative is rolled during setup, before the first round.")
    who = _participant(state, event.get("name"))
    faces = event.get("faces")
    if not isinstance(faces, list) or not faces:
        raise RequestError("faces: an initiative event carries the faces rolled, such as [5].")
    if "dice" in event:
        faces = list(check_faces("faces", parse_entry("dice", event["dice"]), faces))
    else:
        faces = list(check_faces("faces", parse_entry("dice", f"{len(faces)}d20"), faces))
    total = sum(faces)
    who = replace(who, initiative=Initiative(who.name, who.player, total, total))
    return _with_order(_put(state, who, f"{who.name} rolls {total} for Initiative."))


def _with_order(state: ScenarioState) -> ScenarioState:
    rolled = [c.initiative for c in state.roster
              if c.name in state.participants and c.initiative is not None]
    return replace(state, order=tuple(i.name for i in turn_order(rolled)))


def _lower_initiative(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    who = _participant(state, event.get("name"))
    started = state.phase not in (Phase.SETUP, Phase.DRAW) or state.round > 1
    if who.initiative is None or started or state.turn is not None:
        raise RuleError("type: Initiative may be lowered only after rolling it and before the "
                        "first entity takes a turn.")
    who = replace(who, initiative=who.initiative.lowered(_whole(event, "value")))
    return _with_order(_put(state, who, f"{who.name} will act at {_whole(event, 'value')}."))


def _draw_phase(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    kind = _in_scenario(state, "the Draw Phase")
    if state.phase not in (Phase.SETUP, Phase.DISCARD):
        raise RuleError(f"type: the Draw Phase starts a round; the {state.phase.value} phase "
                        f"must finish first.")
    if kind is not ScenarioKind.EXPLORATION:
        missing = [n for n in state.participants if state.member(n).initiative is None]
        if missing:
            raise RuleError(f"type: roll Initiative first for {', '.join(missing)}.")
    extra = event.get("extra", {})
    if not isinstance(extra, Mapping):
        raise RequestError("extra: {name: more (or fewer) cards to draw this round}.")
    round_number = state.round + 1
    new = state
    for name in state.participants:
        who = state.member(name)
        more = extra.get(name, 0)
        if isinstance(more, bool) or not isinstance(more, int):
            raise RequestError(f"extra.{name}: must be a whole number, not {shown(more)}.")
        # Triptycho, Draw Phase: to the Hand Limit in the first round, then 1 card.
        hand = who.hand.first_draw() if round_number == 1 else who.hand.drawn(1 + more)
        tracks = tuple((k, t.settled()) for k, t in who.tracks)
        new = _put(new, replace(who, hand=hand, tracks=tracks, plays=OffTurnPlays()))
    return replace(new, round=round_number, phase=Phase.DRAW, turn=None, step=None,
                   turns_done=False, log=(*new.log, f"Round {round_number} begins."))


def _next_turn(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    _in_scenario(state, "a turn")
    if state.phase not in (Phase.DRAW, Phase.TURNS) or state.turns_done:
        raise RuleError("type: no turn follows now; the next event is the "
                        f"{'discard' if state.turns_done else 'draw'}_phase.")
    start = 0 if state.turn is None else state.turn + 1
    following = [i for i in range(start, len(state.order))
                 if not state.defeated(state.order[i])]
    new = replace(state, roster=tuple(replace(c, plays=OffTurnPlays()) for c in state.roster))
    if not following:
        return replace(new, phase=Phase.TURNS, turn=None, step=None, turns_done=True)
    nxt = following[0]
    return replace(new, phase=Phase.TURNS, turn=nxt, step=Step.START,
                   log=(*new.log, f"{state.order[nxt]}'s turn."))


def _on_turn(state: ScenarioState, event: Mapping[str, Any], key: str = "name") -> Combatant:
    _in_scenario(state, "a turn")
    who = _participant(state, event.get(key))
    if state.current != who.name:
        raise RuleError(f"{key}: it is {state.current or 'nobody'}'s turn, not {who.name}'s.")
    return who


def _strategy(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    who = _on_turn(state, event)
    if state.step is not Step.START:
        raise RuleError("type: the Strategy Phase comes once, before the Action Phase.")
    try:
        option = StrategyOption(event.get("option"))
    except ValueError:
        raise RequestError(f"option: {shown(event.get('option'))} is not a Strategy Phase option; "
                           f"use draw, strategy_card, change_equipment or block.") from None
    if option is StrategyOption.BLOCK and state.kind is not ScenarioKind.COMBAT:
        raise RuleError("option: Blocking borders is for combat scenarios only.")
    hand = who.hand
    if option is StrategyOption.DRAW:
        hand = hand.drawn(1)
    elif option is StrategyOption.STRATEGY_CARD:
        hand = hand.played(1)
    new = _put(state, replace(who, hand=hand), f"{who.name}: {option.value.replace('_', ' ')}.")
    return replace(new, step=Step.ACTION)


def _action(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    who = _on_turn(state, event)
    if state.step not in (Step.START, Step.ACTION):
        raise RuleError("type: one Action Phase per turn; this turn's has passed.")
    hand = who.hand.played(1) if event.get("card", True) else who.hand
    return replace(_put(state, replace(who, hand=hand), f"{who.name} acts."), step=Step.END)


def _can_play(state: ScenarioState, who: Combatant, what: str) -> None:
    if state.defeated(who.name):
        raise RuleError(f"name: {who.name} is defeated and can play no cards.")
    if state.phase not in (Phase.DRAW, Phase.TURNS, Phase.DISCARD):
        raise RuleError(f"type: {what} is played during a round.")


def _reaction(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    _in_scenario(state, "a Reaction")
    who = _participant(state, event.get("name"))
    _can_play(state, who, "a Reaction")
    return _put(state, replace(who, hand=who.hand.played(1)), f"{who.name} reacts.")


def _off_turn(kind: str) -> Handler:
    def handler(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
        _in_scenario(state, f"an {kind}")
        who = _participant(state, event.get("name"))
        _can_play(state, who, f"an {kind}")
        automatic = bool(event.get("automatic", False))
        plays = off_turn_play(who.name, kind, who.plays, automatic, state.current == who.name)
        # Automatic Interrupts are on Adversary cards, not drawn from a hand (ruling).
        hand = who.hand if automatic else who.hand.played(1)
        return _put(state, replace(who, plays=plays, hand=hand), f"{who.name}: {kind}.")
    return handler


def _attack(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    kind = _in_scenario(state, "an attack")
    attacker = _participant(state, event.get("attacker"))
    target = _participant(state, event.get("target"))
    if state.defeated(attacker.name):
        raise RuleError(f"attacker: {attacker.name} is defeated and out of the scenario.")
    points = state.points
    assert points is not None
    check_targetable("target", target.vitals.current(points), target.name)
    request = {k: v for k, v in event.items() if k not in ("type", "attacker", "target")}
    result = resolve_attack({**request, "scenario": kind.value, "points": None}, _NoDice())
    vitals = target.vitals.damaged(points, result["dealt"])
    line = (f"{attacker.name} hits {target.name} for {result['dealt']}." if result["hit"]
            else f"{attacker.name} misses {target.name}.")
    if vitals.defeated(points):
        line += f" {target.name} is defeated."
    new = _put(state, replace(target, vitals=vitals), line)
    if result.get("counter_dealt") is not None and attacker.name != target.name:
        # Triptycho, Damage Rolls: the Reaction's Damage goes back to the attacker.
        hurt = attacker.vitals.damaged(points, result["counter_dealt"])
        back = f"{target.name} deals {result['counter_dealt']} back to {attacker.name}."
        if hurt.defeated(points):
            back += f" {attacker.name} is defeated."
        new = _put(new, replace(attacker, vitals=hurt), back)
    if state.current == attacker.name and state.step in (Step.START, Step.ACTION):
        new = replace(new, step=Step.END)  # the attack was this turn's Action Phase
    return new


class _NoDice:
    """Journal events carry their faces; a die left to roll is a malformed event."""

    def roll(self, sides: int) -> int:
        raise RequestError(f"faces: a journal event carries every face; a d{sides} was left "
                           f"unrolled.")


def _points_change(sign: int) -> Handler:
    def handler(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
        _in_scenario(state, "a change of points")
        who = _participant(state, event.get("target"))
        amount = check_points("amount", event.get("amount"))
        points = state.points
        assert points is not None
        if sign < 0:
            vitals = who.vitals.damaged(points, amount)
            line = f"{who.name} takes {amount} damage."
            if vitals.defeated(points):
                line += f" {who.name} is defeated."
        else:
            vitals = who.vitals.recovered(points, amount)
            line = f"{who.name} recovers to {vitals.current(points)} {points.value.upper()}."
        return _put(state, replace(who, vitals=vitals), line)
    return handler


def _move_track(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    _in_scenario(state, "a Stat Track move")
    who = _participant(state, event.get("name"))
    name = event.get("track")
    track = who.track(str(name)).moved_by(_whole(event, "by"))
    tracks = tuple((k, track if k == name else t) for k, t in who.tracks)
    return _put(state, replace(who, tracks=tracks))


def _discard_phase(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    _in_scenario(state, "the Discard Phase")
    if state.phase is not Phase.TURNS or not state.turns_done:
        raise RuleError("type: the Discard Phase comes after every entity has had its turn.")
    new = state
    for name in state.participants:
        who = state.member(name)
        new = _put(new, replace(who, hand=who.hand.discarded_to_limit(), plays=OffTurnPlays()))
    return replace(new, phase=Phase.DISCARD, turn=None, step=None)


def _scenario_end(state: ScenarioState, event: Mapping[str, Any]) -> ScenarioState:
    _in_scenario(state, "the end of a scenario")
    outcome = event.get("outcome", "over")
    new = state
    for name in state.participants:
        who = state.member(name)
        # Triptycho, Finishing a Scenario: points restored, decks rebuilt, tracks removed.
        new = _put(new, replace(who, vitals=who.vitals.restored(), hand=who.hand.reset(),
                                tracks=(), initiative=None, plays=OffTurnPlays()))
    return replace(new, kind=None, participants=(), round=0, phase=Phase.OVER, order=(),
                   turn=None, step=None, turns_done=False,
                   log=(*new.log, f"The scenario ends ({outcome})."))


APPLIERS: dict[str, Handler] = {
    "join": _join, "injury": _injury, "heal_injury": _heal_injury, "valuables": _valuables,
    "scenario_start": _scenario_start, "initiative": _initiative,
    "lower_initiative": _lower_initiative, "draw_phase": _draw_phase, "next_turn": _next_turn,
    "strategy": _strategy, "action": _action, "reaction": _reaction,
    "assist": _off_turn("assist"), "interrupt": _off_turn("interrupt"), "attack": _attack,
    "damage": _points_change(-1), "recover": _points_change(1), "move_track": _move_track,
    "discard_phase": _discard_phase, "scenario_end": _scenario_end,
}

EVENT_TYPES: tuple[str, ...] = tuple(APPLIERS)


apply = apply_event

__all__ = ["APPLIERS", "EVENT_TYPES", "Combatant", "ScenarioState", "apply", "apply_event",
           "new_state"]
