"""Folding the incursion's events, and what the other Trophy events mean for it.

New events (``INCURSION_APPLIERS``; fields, ``?`` optional):

- ``incursion_started``: title, sets [{title, goal}] (at least one). The party leaves town.
- ``set_added``: title, goal. One more set of the incursion under way.
- ``set_goal_reached``: set? (index; default the current set), how? ("play"). Reached in play.
- ``days_passed``: days? (1). Time spent in the forest (it moves the oracle's dread).
- ``gold_collected``: shares {name: Gold}, source ("monster" | "treasure"), treasure? (text).
  From a monster: only once it is defeated, and exactly the Gold it carried.
- ``gold_spent``: name, amount, on? (text). Only in town.

What existing events mean here (:func:`follow`, called by the fold after each event):

- ``combat_started`` with ``monster`` (its name) and ``gold`` (what it carries) names the
  quarry; a Combat Roll (or no roll needed) that defeats it lets its Gold be collected.
- ``tokens_spent`` with ``use: goal`` while a set is current reaches that set's goal, unless the
  spend names another goal (the SRD allows any goal the table agrees on).
- ``town_returned`` ends the incursion under way (marked armor is cleared by the event itself)
  and keeps what it came to (``Homecoming``: sets cleared, Gold collected on the way, who came
  back, who died, who was lost), which is also the event's result.
- ``gold_collected``, ``tokens_spent`` (a treasure) and ``tokens_claimed`` during an incursion
  count their Gold toward it; ``character_created`` during one joins the party setting out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from oracle.errors import RequestError, RuleError, shown
from oracle.trophy import events as ev
from oracle.trophy.fields import listing, name_map, obj, require, text, whole
from oracle.trophy.incursion import (
    Expedition,
    GoalSet,
    Homecoming,
    Incursion,
    Quarry,
    Reached,
    goal_matches,
)
from oracle.trophy.state import Event, TrophyState, in_play

MAX_SETS = 12


def _set(data: Any, prefix: str) -> GoalSet:
    item = obj(data, prefix.rstrip("."))
    title = text(item, "title", prefix=prefix).strip()
    goal = text(item, "goal", prefix=prefix).strip()
    if not title or not goal:
        raise RuleError(f"{prefix}: a set needs a title and a set goal.")
    return GoalSet(title, goal)


def _under_way(state: TrophyState, kind: str) -> Incursion:
    incursion = state.expedition.incursion
    if incursion is None:
        raise RuleError(f"{kind}: no incursion is under way; begin one first.")
    return incursion


def _with(state: TrophyState, **changes: Any) -> TrophyState:
    return replace(state, expedition=replace(state.expedition, **changes))


def incursion_started(state: TrophyState, event: Event) -> TrophyState:
    if state.expedition.incursion is not None:
        raise RuleError("incursion: one is already under way; return to town first.")
    title = text(event, "title").strip()
    if not title:
        raise RuleError("title: name the incursion.")
    items = listing(require(event, "sets"), "sets")
    if not 1 <= len(items) <= MAX_SETS:
        raise RuleError(f"sets: an incursion has 1 to {MAX_SETS} sets; got {len(items)}.")
    sets = tuple(_set(item, f"sets[{i}].") for i, item in enumerate(items))
    party = tuple(c.name for c in state.characters if not c.out_of_play)
    state = _with(state, incursion=Incursion(title, sets, party=party), homecoming=None)
    return replace(state, last_result={"event": "incursion_started", "title": title,
                                       "sets": len(sets), "set": sets[0].title,
                                       "set_goal": sets[0].goal})


def set_added(state: TrophyState, event: Event) -> TrophyState:
    incursion = _under_way(state, "set_added")
    if len(incursion.sets) >= MAX_SETS:
        raise RuleError(f"set_added: an incursion has at most {MAX_SETS} sets.")
    item = _set(event, "")
    return _with(state, incursion=replace(incursion, sets=(*incursion.sets, item)))


def set_goal_reached(state: TrophyState, event: Event) -> TrophyState:
    incursion = _under_way(state, "set_goal_reached")
    current = incursion.current
    index = whole(event, "set", current if current is not None else -1)
    if not 0 <= index < len(incursion.sets):
        raise RuleError("set: every set goal of this incursion is already reached."
                        if current is None else f"set: this incursion has no set {index}.")
    chosen = incursion.sets[index]
    if chosen.reached is not None:
        raise RuleError(f"set: the goal of {shown(chosen.title)} is already reached.")
    how = text(event, "how", Reached.PLAY.value)
    if how != Reached.PLAY.value:
        raise RequestError("how: a goal reached by this event is reached in play; spending 3 "
                           "Hunt Tokens is its own event (tokens_spent, use goal).")
    state = _with(state, incursion=incursion.reach(index, Reached.PLAY))
    return replace(state, last_result={"event": "set_goal_reached", "set": chosen.title,
                                       "set_goal": chosen.goal, "how": how})


def days_passed(state: TrophyState, event: Event) -> TrophyState:
    incursion = _under_way(state, "days_passed")
    days = whole(event, "days", 1)
    if days < 1:
        raise RuleError(f"days: at least 1 day passes; got {days}.")
    return _with(state, incursion=replace(incursion, days=incursion.days + days))


def _loot(state: TrophyState, named: object) -> tuple[TrophyState, Quarry]:
    """The monster whose Gold is taken (``named``, or the newest one that has some), marked
    collected; refused in one sentence when there is none to take."""
    expedition = state.expedition
    newest = expedition.quarry
    if named is None and (newest is None or not newest.lootable) and expedition.unclaimed:
        named = expedition.unclaimed[-1].name  # the newest fight gave nothing: the one before
    if named is None or (newest is not None and named == newest.name and newest.lootable):
        if newest is None or not newest.defeated:
            raise RuleError("source: Gold is collected from a monster only once it is defeated.")
        if newest.collected:
            raise RuleError(f"source: the Gold of {newest.name} was already collected.")
        return _with(state, quarry=replace(newest, collected=True)), newest
    older = [q for q in expedition.unclaimed if q.name == named]
    if not older:
        raise RuleError(f"monster: no defeated monster called {shown(named)} has Gold to "
                        "collect.")
    left = list(expedition.unclaimed)
    left.remove(older[-1])
    return _with(state, unclaimed=tuple(left)), older[-1]


def gold_collected(state: TrophyState, event: Event) -> TrophyState:
    source = text(event, "source")
    shares = {k: v for k, v in name_map(require(event, "shares"), "shares").items()}
    if any(v < 0 for v in shares.values()) or sum(shares.values()) < 1:
        raise RuleError("shares: Gold shares are 0 or more, at least 1 Gold in all.")
    for name in shares:
        in_play(state, name, f"shares.{name}")
    total = sum(shares.values())
    result: dict[str, Any] = {"event": "gold_collected", "source": source, "gold": dict(shares)}
    if source == "monster":
        state, quarry = _loot(state, event.get("monster"))
        if total != quarry.gold:
            raise RuleError(f"shares: {quarry.name} carried {quarry.gold} Gold; the shares "
                            f"add up to {total}.")
        result["monster"] = quarry.name
    elif source == "treasure":
        result["treasure"] = text(event, "treasure", "")
    else:
        raise RequestError(f"source: Gold comes from a monster or a treasure; got {shown(source)}.")
    for name, gold in shares.items():
        character = state.character(name)
        state = state.with_character(replace(character, gold=character.gold + gold))
    return replace(state, last_result=result)


def gold_spent(state: TrophyState, event: Event) -> TrophyState:
    character = in_play(state, text(event, "name"))
    amount = whole(event, "amount")
    if amount < 1:
        raise RuleError(f"amount: spend at least 1 Gold; got {amount}.")
    if state.expedition.in_forest:
        raise RuleError("gold_spent: Gold is spent in town; the party is in the forest "
                        "(return to town first).")
    if amount > character.gold:
        raise RuleError(f"amount: {character.name} has {character.gold} Gold; cannot spend "
                        f"{amount}.")
    state = state.with_character(replace(character, gold=character.gold - amount))
    return replace(state, last_result={"event": "gold_spent", "name": character.name,
                                       "amount": amount, "on": text(event, "on", "")})


INCURSION_APPLIERS: dict[str, Callable[[TrophyState, Event], TrophyState]] = {
    ev.INCURSION_STARTED: incursion_started,
    ev.SET_ADDED: set_added,
    ev.SET_GOAL_REACHED: set_goal_reached,
    ev.DAYS_PASSED: days_passed,
    ev.GOLD_COLLECTED: gold_collected,
    ev.GOLD_SPENT: gold_spent,
}


def _goal_by_tokens(state: TrophyState, event: Event) -> TrophyState:
    incursion = state.expedition.incursion
    current = None if incursion is None else incursion.current
    if incursion is None or current is None:
        return state
    chosen = incursion.sets[current]
    wanted = event.get("goal")
    if not goal_matches(chosen.goal, wanted if isinstance(wanted, str) else ""):
        return state  # another goal the table agreed on: the set goal still waits
    state = _with(state, incursion=incursion.reach(current, Reached.TOKENS))
    return replace(state, last_result={**(state.last_result or {}), "set": chosen.title,
                                       "set_goal": chosen.goal, "goal": chosen.goal})


def _quarry(state: TrophyState, event: Event) -> TrophyState:
    """A fight names its monster and the Gold it carries: the newest quarry."""
    name = event.get("monster")
    gold = event.get("gold", 0)
    if isinstance(gold, bool) or not isinstance(gold, int) or gold < 0:
        raise RequestError(f"gold: the Gold a monster carries is 0 or more; got {shown(gold)}.")
    # the monster field may hold "name: description"; the quarry is called by its name
    named = name.split(": ")[0].strip()[:80] if isinstance(name, str) else ""
    named = named or "the monster"
    old = state.expedition.quarry
    kept = (old,) if old is not None and old.lootable else ()  # its Gold waits to be taken
    return _with(state, quarry=Quarry(named, gold), unclaimed=state.expedition.unclaimed + kept)


def _gold_on_the_way(state: TrophyState) -> TrophyState:
    """Gold an event just gave (a monster's, a treasure's, a fallen one's tokens), counted for
    the incursion under way."""
    incursion = state.expedition.incursion
    gold = (state.last_result or {}).get("gold")
    got = sum(v for v in gold.values() if isinstance(v, int)) if isinstance(gold, dict) else (
        gold if isinstance(gold, int) and not isinstance(gold, bool) else 0)
    if incursion is None or not got:
        return state
    return _with(state, incursion=replace(incursion, gold=incursion.gold + got))


def _home(state: TrophyState) -> TrophyState:
    """Back in town: the incursion ends, and what it came to is kept and told."""
    incursion = state.expedition.incursion
    if incursion is None:
        return state
    party = [state.character(n) for n in incursion.party if state.has(n)]
    home = Homecoming(
        incursion.title, len(incursion.sets),
        tuple(s.title for s in incursion.sets if s.reached is not None), incursion.gold,
        incursion.days, came_back=tuple(c.name for c in party if not c.out_of_play),
        died=tuple(c.name for c in party if c.died),
        lost=tuple(c.name for c in party if c.out_of_play and not c.died))
    state = _with(state, incursion=None, finished=state.expedition.finished + 1,
                  homecoming=home)
    return replace(state, last_result={"event": "town_returned", **home.to_dict()})


def _joined(state: TrophyState) -> TrophyState:
    """One who joins during an incursion sets out with the party."""
    incursion = state.expedition.incursion
    if incursion is None or not state.characters:
        return state
    party = (*incursion.party, state.characters[-1].name)
    return _with(state, incursion=replace(incursion, party=party))


GOLD_EVENTS = frozenset({ev.GOLD_COLLECTED, ev.TOKENS_SPENT, ev.TOKENS_CLAIMED})
COMBAT_READS = frozenset({ev.COMBAT_STARTED, ev.COMBAT_ROLLED, ev.COMBAT_CONTINUED,
                          ev.COMBAT_ARMOR_MARKED})


def follow(event: Event, state: TrophyState) -> TrophyState:
    """``state`` after ``event`` was applied, with the incursion's reading of it added."""
    kind = event.get("type")
    if kind == ev.COMBAT_STARTED:
        state = _quarry(state, event)
    if kind in COMBAT_READS:
        # armor re-reads the roll from the state before it: the defeat it saw stands again
        quarry = state.expedition.quarry
        if (quarry is not None and not quarry.defeated
                and (state.last_result or {}).get("defeated") is True):
            state = _with(state, quarry=replace(quarry, defeated=True))
    elif kind == ev.TOKENS_SPENT and event.get("use") == "goal":
        state = _goal_by_tokens(state, event)
    elif kind == ev.TOWN_RETURNED:
        state = _home(state)
    elif kind == ev.CHARACTER_CREATED:
        state = _joined(state)
    if kind in GOLD_EVENTS:
        state = _gold_on_the_way(state)
    return state


__all__ = ["INCURSION_APPLIERS", "Expedition", "follow"]
