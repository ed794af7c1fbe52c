"""The Die Trying campaign: its state and the pure fold of its journal.

``apply(state, event)`` returns a new state or raises RuleError/RequestError and changes nothing
(the state is a frozen value). Roll events carry their faces, so replaying a journal gives the
same campaign every time; nothing here rolls a die.

Event vocabulary (``{"type": ..., fields}``; fields may also sit under ``"data"``):

- ``create_character``: as the ``character`` roll (``name``, ``abilities``, ``proficiencies``,
  ``talents``, ``equipment``, ``wear_armor``, ``species``, ``size``, ``magic_dice``); names unique
- ``damage`` / ``heal``: ``name``, ``amount`` (HP never above the maximum; -5 is death)
- ``death_save``: ``name``, ``d10``, ``unconscious_d6`` (two d6, when a success at 0 HP needs them)
- ``stabilize``: ``name`` (the dying one), ``d10``, ``modifier`` (the healer's Medicine),
  ``healer`` (optional: a character holding a Medicine Kit; one use is spent)
- ``wake``: ``name``: an Unconscious, stable character at 0 HP regains 1 HP
- ``cast``: ``name``, ``magic`` (faces), ``instability`` (one face per ID the caster holds),
  ``miscast_d10``, ``spell_level``, ``improvised`` ({``d10``, ``modifier``}); gains ID; a miscast
  of row 8 adds MD and ID until the next day, row 11 kills the caster
- ``new_day``: every character loses all ID and any borrowed MD; the Unconscious wake with 1 HP
- ``gain_magic_dice``: ``name``, ``count``
- ``award_points``: ``name``, ``points``; ``mark``: ``name``, ``target`` (spends a Point)
- ``strike``: ``attacker``, ``target`` (a character or null), and an ``attack`` request with
  every face given; the target takes the damage
- ``roll``: ``request``: any other resolve request with every face given; kept, no state change
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from oracle.dice import FixedDice
from oracle.die_trying import fields
from oracle.die_trying.character import (
    Character,
    award_points,
    heal,
    mark,
    take_damage,
)
from oracle.die_trying.checks import CHECK_DIE, check
from oracle.die_trying.death import death_save
from oracle.die_trying.magic import MiscastEffect, cast
from oracle.die_trying.requests import resolve, resolve_attack
from oracle.errors import RequestError, RuleError, shown


@dataclass(frozen=True)
class CampaignState:
    """Every character of the campaign, the day, and how many events built it."""

    characters: tuple[Character, ...] = ()
    day: int = 1
    events: int = 0
    rolls: int = 0
    last_result: dict[str, Any] | None = None

    def character(self, name: object) -> Character:
        for c in self.characters:
            if c.name == name:
                return c
        known = ", ".join(c.name for c in self.characters) or "none yet"
        raise RuleError(f"name: no character called {shown(name)} in this campaign (known: {known}).")

    def with_character(self, character: Character) -> CampaignState:
        return replace(self, characters=tuple(
            character if c.name == character.name else c for c in self.characters))

    def as_dict(self) -> dict[str, Any]:
        return {"day": self.day, "events": self.events, "rolls": self.rolls,
                "characters": [c.as_dict() for c in self.characters]}


def _living(state: CampaignState, data: Mapping[str, Any], field: str = "name") -> Character:
    character = state.character(data.get(field))
    if character.dead:
        raise RuleError(f"{field}: {character.name} is dead.")
    return character


def _create(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    character = fields.character_from(data)
    if any(c.name == character.name for c in state.characters):
        raise RuleError(f"name: there is already a character called {shown(character.name)}.")
    return replace(state, characters=(*state.characters, character))


def _damage(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    return state.with_character(take_damage(_living(state, data), fields.number(data, "amount")))


def _heal(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    return state.with_character(heal(_living(state, data), fields.number(data, "amount")))


def _after_save(character: Character, data: Mapping[str, Any], modifier: int
                ) -> tuple[Character, dict[str, Any]]:
    if not character.dying:
        raise RuleError(
            f"name: {character.name} is not dying (HP {character.hp}"
            f"{', stable' if character.stable else ''}); only the dying make death saves."
        )
    save = death_save(character.hp, fields.single_die(data, "d10", CHECK_DIE, FixedDice([])),
                      modifier)
    hours = None
    if save.unconscious:
        faces = fields.pool(data, "unconscious_d6", 6, FixedDice([]))
        if len(faces) != 2:
            raise RuleError("unconscious_d6: 2d3 hours takes two d6 faces.")
        save = replace(save, unconscious_d6=(faces[0], faces[1]))
        hours = save.unconscious_hours
    after = replace(character, hp=save.hp_after, dead=save.dead, stable=save.stable,
                    unconscious_hours=hours)
    return after, save.as_dict()


def _death_save(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    after, result = _after_save(_living(state, data), data, 0)
    return _rolled(state.with_character(after), "death_save", after.name, result)


def _stabilize(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    patient = _living(state, data)
    healer_name = data.get("healer")
    if healer_name is not None:
        # Determine HP: whoever stabilizes holds a Medicine Kit, and each attempt spends a use
        healer = _living(state, data, "healer")
        if healer.name == patient.name:
            raise RuleError("healer: the dying cannot stabilize themselves; someone else must.")
        if healer.hp <= 0:
            raise RuleError(f"healer: {healer.name} is at {healer.hp} HP and cannot act.")
        if healer.medicine_uses < 1:
            raise RuleError(f"healer: {healer.name} has no Medicine Kit use left.")
    after, result = _after_save(patient, data, fields.modifier(data))
    state = state.with_character(after)
    if healer_name is not None:
        healer = state.character(healer_name)
        state = state.with_character(replace(healer, medicine_used=healer.medicine_used + 1))
        result = {**result, "healer": healer.name, "medicine_uses_left": healer.medicine_uses - 1}
    return _rolled(state, "stabilize", after.name, result)


def _wake(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    character = _living(state, data)
    if not (character.stable and character.hp == 0):
        raise RuleError(f"name: {character.name} is not Unconscious and stable at 0 HP.")
    return state.with_character(replace(character, hp=1, stable=False, unconscious_hours=None))


def _cast(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    caster = _living(state, data)
    if caster.hp <= 0:
        raise RuleError(f"name: {caster.name} is at {caster.hp} HP and cannot act.")
    none = FixedDice([])
    magic = fields.pool(data, "magic", 6, none)
    instability = fields.pool(data, "instability", 6, none, 0)
    if len(instability) != caster.instability:
        raise RuleError(
            f"instability: {caster.name} holds {caster.instability} Instability Dice and rolls "
            f"them all; got {len(instability)} faces."
        )
    improvised = data.get("improvised")
    improvised_check = None
    if improvised is not None:
        if not isinstance(improvised, Mapping):
            raise RequestError("improvised: an object with the casting check's d10 and modifier.")
        improvised_check = check(fields.single_die(improvised, "d10", CHECK_DIE, none),
                                 fields.modifier(improvised), sum(magic))
    miscast_d10 = None
    if data.get("miscast_d10") is not None:
        miscast_d10 = fields.single_die(data, "miscast_d10", CHECK_DIE, none)
    casting = cast(magic, instability, miscast_d10, fields.number(data, "spell_level", 0),
                   caster.usable_magic_dice, improvised_check)
    after = replace(caster, instability=caster.instability + casting.instability_gained)
    effect = casting.miscast_effect
    if effect is MiscastEffect.CHANNELED:
        spent = len(magic)
        after = replace(after, bonus_magic_dice=after.bonus_magic_dice + spent,
                        instability=after.instability + spent)
    elif effect is MiscastEffect.DEATH:
        after = replace(after, dead=True)
    roll = "improvised_spell" if improvised_check is not None else "spell"
    return _rolled(state.with_character(after), roll, caster.name,
                   {**casting.as_dict(), "dead": after.dead})


def _new_day(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    def rested(c: Character) -> Character:
        c = replace(c, instability=0, bonus_magic_dice=0)  # Magic: all ID are lost the next day
        if c.stable and c.hp == 0 and not c.dead:
            c = replace(c, hp=1, stable=False, unconscious_hours=None)
        return c

    return replace(state, day=state.day + 1, characters=tuple(rested(c) for c in state.characters))


def _gain_md(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    character = _living(state, data)
    count = fields.number(data, "count")
    if count < 1:
        raise RuleError(f"count: gain at least 1 Magic Die; got {count}.")
    return state.with_character(replace(character, magic_dice=character.magic_dice + count))


def _award(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    return state.with_character(award_points(_living(state, data),
                                             fields.number(data, "points", 1)))


def _mark(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    return state.with_character(mark(_living(state, data), data.get("target")))


def _strike(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    _living(state, data, "attacker")
    request = data.get("attack")
    if not isinstance(request, Mapping):
        raise RequestError("attack: the attack request, with every face given.")
    result = resolve_attack(request, FixedDice([]))
    target = data.get("target")
    if target is not None and int(result["damage"]) > 0:
        state = state.with_character(take_damage(_living(state, data, "target"),
                                                 int(result["damage"])))
    victim = result.get("mishap_target")
    mishap = int(result["mishap_damage"])
    if victim is not None and mishap > 0 and any(c.name == victim for c in state.characters):
        state = state.with_character(take_damage(state.character(victim), mishap))
    return _rolled(state, "attack", str(data.get("attacker")), {**result, "target": target})


def _roll(state: CampaignState, data: Mapping[str, Any]) -> CampaignState:
    request = data.get("request")
    if not isinstance(request, Mapping):
        raise RequestError("request: a roll event carries its resolve request, faces included.")
    result = resolve(request, FixedDice([]))  # refuses anything that would need a die rolled
    name = data.get("name")
    return _rolled(state, str(result["roll"]), name if isinstance(name, str) else None, result)


def _rolled(state: CampaignState, roll: str, name: str | None,
            result: Mapping[str, Any]) -> CampaignState:
    """Count a roll and keep its result (the journal shows it; the narrator voices it)."""
    kept = {**result, "roll": roll, "system": "die_trying"}
    if name is not None:
        kept["name"] = name
    return replace(state, rolls=state.rolls + 1, last_result=kept)


APPLIERS: dict[str, Callable[[CampaignState, Mapping[str, Any]], CampaignState]] = {
    "create_character": _create,
    "damage": _damage,
    "heal": _heal,
    "death_save": _death_save,
    "stabilize": _stabilize,
    "wake": _wake,
    "cast": _cast,
    "new_day": _new_day,
    "gain_magic_dice": _gain_md,
    "award_points": _award,
    "mark": _mark,
    "strike": _strike,
    "roll": _roll,
}


def new_state() -> CampaignState:
    """An empty campaign."""
    return CampaignState()


def apply(state: CampaignState, event: Mapping[str, Any]) -> CampaignState:
    """Fold one event into the state (a new value), or raise and change nothing."""
    if not isinstance(state, CampaignState):
        raise RequestError("state: not a Die Trying campaign state.")
    if not isinstance(event, Mapping):
        raise RequestError("event: must be an object with a \"type\".")
    kind = event.get("type")
    if kind not in APPLIERS:
        raise RequestError(
            f"type: {shown(kind)} is not a Die Trying event; use one of {', '.join(APPLIERS)}."
        )
    data = event.get("data", event)
    if not isinstance(data, Mapping):
        raise RequestError("data: an event's data must be an object.")
    new = APPLIERS[kind](state, data)
    return replace(new, events=state.events + 1)
