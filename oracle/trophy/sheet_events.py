"""The character sheet's events of the Trophy fold: ``character_created``, ``character_updated``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from oracle.errors import RuleError, shown
from oracle.trophy.character import ArmorPiece, Character
from oracle.trophy.fields import flag, obj, require, strings, text, whole
from oracle.trophy.ruin import MAX_RUIN, REDUCTION_OPENS_AT, check_ruin, check_starting_ruin
from oracle.trophy.state import Event, TrophyState

# --- characters -------------------------------------------------------------------------------

_SHEET_TEXT = ("occupation", "background", "drive", "notes")
_SHEET_LISTS = ("skills", "rituals", "equipment")


def _armor(value: object, field: str, old: Sequence[ArmorPiece] = ()) -> tuple[ArmorPiece, ...]:
    marked = {piece.name for piece in old if piece.marked}
    return tuple(ArmorPiece(name, name in marked) for name in strings(value, field))


def character_created(state: TrophyState, event: Event) -> TrophyState:
    """A new character on the sheet, checked against the rules of creation."""
    data = obj(require(event, "character"), "character")
    name = text(data, "name", prefix="character.").strip()
    if not name:
        raise RuleError("character.name: a character needs a name.")
    if state.has(name):
        raise RuleError(f"character.name: {shown(name)} already exists in this campaign.")
    start = check_starting_ruin("character.starting_ruin", whole(data, "starting_ruin", 1,
                                                                 "character."))
    ruin = check_ruin("character.ruin", whole(data, "ruin", start, "character."), start)
    if ruin >= MAX_RUIN:
        raise RuleError("character.ruin: a new character cannot start lost (Ruin 6).")
    tokens = whole(data, "hunt_tokens", 0, "character.")
    gold = whole(data, "gold", 0, "character.")
    if tokens < 0 or gold < 0:
        raise RuleError("character: Hunt Tokens and Gold are never negative.")
    sheet: dict[str, Any] = {key: text(data, key, "", "character.") for key in _SHEET_TEXT}
    sheet.update({key: strings(data.get(key, []), f"character.{key}") for key in _SHEET_LISTS})
    character = Character(
        name=name,
        **sheet,
        armor=_armor(data.get("armor", []), "character.armor"),
        starting_ruin=start,
        ruin=ruin,
        hunt_tokens=tokens,
        gold=gold,
        reached_five=flag(data, "reached_five", prefix="character.") or ruin >= REDUCTION_OPENS_AT,
        npc=flag(data, "npc", prefix="character."),
    )
    return replace(state, characters=(*state.characters, character))


def character_updated(state: TrophyState, event: Event) -> TrophyState:
    """The sheet edited; Ruin, tokens, Gold, Conditions and Fate have their own events."""
    character = state.character(require(event, "name"))
    changes = obj(require(event, "changes"), "changes")
    values: dict[str, Any] = {}
    for key, value in changes.items():
        field = f"changes.{key}"
        if key in _SHEET_TEXT:
            values[key] = text(changes, key, prefix="changes.")
        elif key in _SHEET_LISTS:
            values[key] = strings(value, field)
        elif key == "armor":
            values[key] = _armor(value, field, character.armor)
        elif key == "npc":
            values[key] = flag(changes, key, prefix="changes.")
        else:
            raise RuleError(
                f"{field}: only the sheet ({', '.join((*_SHEET_TEXT, *_SHEET_LISTS))}, armor, "
                "npc) is edited directly; Ruin, tokens, Gold, Conditions and Fate change through "
                "their own events."
            )
    return state.with_character(replace(character, **values))
