"""Folding combat events into a campaign: start, roll, continue, retreat, abandon; armor.

SRD 1.2, Combat Roll. The fight's rules live in ``combat.py``; this module keeps the fight
open between rolls (``OpenCombat``) and writes Ruin and marked armor onto the characters.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from oracle.dice import faces_or_count
from oracle.errors import RequestError, RuleError, shown
from oracle.trophy.combat import (
    CombatResult,
    Fighter,
    check_endurance,
    check_hand_off,
    read_combat,
    roll_required,
    unrolled,
)
from oracle.trophy.fields import listing, obj, require, single_face, strings, text
from oracle.trophy.results import combat_json
from oracle.trophy.state import (
    Event,
    OpenCombat,
    OpenCombatRoll,
    TrophyState,
    close_risk,
    in_play,
    raise_ruin,
)


def _open_combat(state: TrophyState, kind: str) -> OpenCombat:
    if state.combat is None:
        raise RuleError(f"{kind}: no fight is under way.")
    return state.combat


def combat_started(state: TrophyState, event: Event) -> TrophyState:
    state = close_risk(state)
    if state.combat is not None:
        raise RuleError("combat_started: a fight is already under way; finish it first.")
    endurance = check_endurance(require(event, "endurance"))
    fighters: list[tuple[str, tuple[int, ...]]] = []
    for index, item in enumerate(listing(require(event, "fighters"), "fighters")):
        prefix = f"fighters[{index}]."
        data = obj(item, f"fighters[{index}]")
        character = in_play(state, text(data, "name", prefix=prefix), f"{prefix}name")
        if character.name in (name for name, _ in fighters):
            raise RuleError(f"{prefix}name: {shown(character.name)} is already in the fight.")
        fighters.append((character.name, (single_face(data.get("weak_point"),
                                                       f"{prefix}weak_point", None),)))
    if not fighters:
        raise RuleError("fighters: a fight needs at least one character.")
    combat = OpenCombat(endurance, tuple(fighters), dark_count=len(fighters))
    if roll_required(endurance, combat.dark_count):
        return replace(state, combat=combat, last_result={
            "event": "combat_started", "endurance": endurance, "roll_required": True,
            "fighters": [{"name": n, "weak_points": list(p)} for n, p in fighters]})
    result = unrolled(endurance, _fighters(state, combat, ()), combat.dark_count)
    return replace(state, combat=None, last_result=combat_json(result))


def _fighters(state: TrophyState, combat: OpenCombat, armor: Iterable[str]) -> list[Fighter]:
    wearing = set(armor)
    for name in wearing:
        if name not in combat.names:
            raise RuleError(f"armor: {shown(name)} is not in the fight.")
        if not state.character(name).usable_armor:
            raise RuleError(
                f"armor: {name} has no unmarked armor (marked armor is unusable until town)."
            )
    return [
        Fighter(name, state.character(name).ruin, points, armor=name in wearing)
        for name, points in combat.fighters
    ]


def _pieces(state: TrophyState, event: Event, armor: Iterable[str]) -> dict[str, str]:
    """Which piece each fighter wearing armor marks if hit (``pieces``; default: their first
    unmarked piece). SRD 1.2: "mark a piece of your armor": the player chooses which."""
    given = obj(event.get("pieces") or {}, "pieces")
    wearing = set(armor)
    chosen: dict[str, str] = {}
    for name, piece in given.items():
        if name not in wearing:
            raise RuleError(f"pieces.{name}: {shown(name)} does not mark armor on this roll.")
        if not isinstance(piece, str) or piece not in {
                p.name for p in state.character(name).usable_armor}:
            raise RuleError(f"pieces.{name}: {name} has no unmarked armor called "
                            f"{shown(piece)}.")
        chosen[name] = piece
    return chosen


def _combat_roll(state: TrophyState, event: Event, dark_count: int) -> TrophyState:
    before = state
    combat = _open_combat(state, str(event.get("type")))
    armor = strings(event.get("armor") or [], "armor")
    pieces = _pieces(state, event, armor)
    dark = faces_or_count(require(event, "dark"), "dark", None)
    if len(dark) != dark_count:
        raise RuleError(f"dark: this Combat Roll rolls {dark_count} dark dice; got {len(dark)}.")
    # A fighter who became lost or died since the last roll is out; their die stays.
    still = tuple((n, p) for n, p in combat.fighters if not state.character(n).out_of_play)
    if not still:
        raise RuleError("dark: nobody is left in the fight; it is over (combat_abandoned).")
    combat = replace(combat, fighters=still)
    result = read_combat(combat.endurance, _fighters(state, combat, armor), dark)
    state, marked = _record_combat(state, combat, result, pieces)
    shown_result = combat_json(result)
    for person in shown_result.get("characters", []):
        if person.get("name") in marked:
            person["armor_piece"] = marked[person["name"]]
    return replace(state, last_result=shown_result,
                   combat_roll=OpenCombatRoll(before, dict(event)))


def _record_combat(state: TrophyState, combat: OpenCombat, result: CombatResult,
                   pieces: dict[str, str]) -> tuple[TrophyState, dict[str, str]]:
    marked: dict[str, str] = {}
    for fighter in result.fighters:
        state = raise_ruin(state, fighter.name, fighter.ruin_after)
        if fighter.armor_used:
            character = state.character(fighter.name)
            # SRD 1.2: marked armor is unusable until the party is safely back in town.
            wanted = pieces.get(fighter.name, character.usable_armor[0].name)
            piece = next(p for p in character.usable_armor if p.name == wanted)
            armor = tuple(replace(p, marked=True) if p is piece else p for p in character.armor)
            state = state.with_character(replace(character, armor=armor))
            marked[fighter.name] = piece.name
    # A character who became lost leaves the fight; their dark die stays in the pool.
    still = tuple((n, p) for n, p in combat.fighters if not state.character(n).out_of_play)
    if result.defeated or not still:
        return replace(state, combat=None), marked
    return replace(state, combat=replace(combat, fighters=still, dark_count=len(result.dark),
                                         rolls=combat.rolls + 1)), marked


def combat_rolled(state: TrophyState, event: Event) -> TrophyState:
    state = close_risk(state)
    combat = _open_combat(state, "combat_rolled")
    if combat.rolls:
        raise RuleError("combat_rolled: the fight was already rolled; use combat_continued.")
    return _combat_roll(state, event, combat.dark_count)


def combat_continued(state: TrophyState, event: Event) -> TrophyState:
    state = close_risk(state)
    combat = _open_combat(state, "combat_continued")
    if not combat.rolls:
        raise RuleError("combat_continued: roll the fight first (combat_rolled).")
    # SRD 1.2: to continue, add one more dark die and re-roll them all.
    return _combat_roll(state, event, combat.dark_count + 1)


def combat_armor_marked(state: TrophyState, event: Event) -> TrophyState:
    """SRD 1.2: after seeing the Combat Roll, a fighter whose Weak Point was hit may mark a
    piece of armor (``piece``: which; default the first unmarked) to ignore all of that roll's
    Ruin; the same dice are read again with it on."""
    name = text(event, "name")
    opened = state.combat_roll
    if opened is None:
        raise RuleError("name: armor is marked right after a Combat Roll, before anything else "
                        "happens; there is no such roll now.")
    rolled = state.last_result or {}
    hit = {str(p.get("name")): p for p in rolled.get("characters", []) if isinstance(p, dict)}
    if name not in hit:
        raise RuleError(f"name: {name!r} was not in the last Combat Roll.")
    if hit[name].get("armor_used"):
        raise RuleError(f"name: {name}'s armor already took this roll's hits.")
    if not hit[name].get("matches"):
        raise RuleError(f"name: no dark die hit {name}'s Weak Point, so there is nothing for "
                        "armor to absorb.")
    armor = [*strings(opened.event.get("armor") or [], "armor"), name]
    pieces = dict(obj(opened.event.get("pieces") or {}, "pieces"))
    if event.get("piece") is not None:  # which piece takes the hits (default: the first)
        piece = text(event, "piece")
        if piece not in {p.name for p in opened.before.character(name).usable_armor}:
            raise RuleError(f"piece: {name} has no unmarked armor called {shown(piece)}.")
        pieces[name] = piece
    again = {**opened.event, "armor": armor, **({"pieces": pieces} if pieces else {})}
    reread = (combat_continued if again.get("type") == "combat_continued" else combat_rolled)
    return reread(opened.before, again)


def combat_retreated(state: TrophyState, event: Event) -> TrophyState:
    combat = _open_combat(state, "combat_retreated")
    name = text(event, "name")
    handed = combat.weak_points(name)
    others = tuple((n, p) for n, p in combat.fighters if n != name)
    to = event.get("to")
    if to is not None and not isinstance(to, str):
        raise RequestError(f"to: must be a companion's name or null, not {shown(to)}.")
    if to is None:
        if others:
            raise RuleError(
                f"to: {name} must hand their Weak Point to a companion still in the fight."
            )
        return replace(state, combat=None,
                       last_result={"event": "combat_retreated", "name": name, "to": None})
    if to == name or to not in dict(others):
        raise RuleError(f"to: {shown(to)} is not a companion still in the fight.")
    received = faces_or_count(require(event, "handed"), "handed", None)
    kept = check_hand_off(handed, received, dict(others)[to])
    fighters = tuple((n, kept if n == to else p) for n, p in others)
    # SRD 1.2: the number of dark dice never goes down, even when a character leaves.
    return replace(state, combat=replace(combat, fighters=fighters), last_result={
        "event": "combat_retreated", "name": name, "to": to, "handed": list(received)})


def combat_abandoned(state: TrophyState, event: Event) -> TrophyState:
    combat = _open_combat(state, "combat_abandoned")
    return replace(state, combat=None,
                   last_result={"event": "combat_abandoned", "names": list(combat.names)})


def armor_marked(state: TrophyState, event: Event) -> TrophyState:
    character = state.character(require(event, "name"))
    piece_name = text(event, "piece")
    for piece in character.armor:
        if piece.name == piece_name and not piece.marked:
            armor = tuple(replace(p, marked=True) if p is piece else p for p in character.armor)
            return state.with_character(replace(character, armor=armor))
    raise RuleError(f"piece: {character.name} has no unmarked armor called {shown(piece_name)}.")


def town_returned(state: TrophyState, event: Event) -> TrophyState:
    # SRD 1.2: marked armor is usable again once the party is safely back in town.
    return replace(state, characters=tuple(
        replace(c, armor=tuple(replace(p, marked=False) for p in c.armor))
        for c in state.characters
    ))
