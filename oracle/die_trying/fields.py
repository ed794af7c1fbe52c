"""Reading request fields: faces given or rolled, numbers, modifiers, characters.

A single die (``"d10": 4``, ``"miscast_d10": 3``) is a face when given as an integer and rolled
when absent. A pool (``"magic"``, ``"instability"``, ``"d6"``...) is faces when given as a list
and a count of dice to roll when given as an integer, as in the contract. Every problem is one
sentence naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.dice import DiceSource, check_face, faces_or_count
from oracle.die_trying.character import Character, create_character
from oracle.die_trying.checks import parse_proficiency
from oracle.die_trying.creation import parse_abilities, parse_training
from oracle.die_trying.equipment import Purchase, parse_purchase
from oracle.errors import RequestError, RuleError, shown
from oracle.requests import whole


def number(request: Mapping[str, Any], field: str, default: int | None = None) -> int:
    """A whole-number field; absent means ``default`` (or a RequestError when required)."""
    if field not in request or request[field] is None:
        if default is None:
            raise RequestError(f"{field}: this roll needs a whole number here.")
        return default
    return whole(field, request[field])


def flag(request: Mapping[str, Any], field: str, default: bool = False) -> bool:
    value = request.get(field, default)
    if not isinstance(value, bool):
        raise RequestError(f"{field}: must be true or false, not {shown(value)}.")
    return value


def text(request: Mapping[str, Any], field: str, default: str | None = None) -> str:
    value = request.get(field, default)
    if not isinstance(value, str):
        raise RequestError(f"{field}: must be a string, not {shown(value)}.")
    return value


def single_die(request: Mapping[str, Any], field: str, sides: int, dice: DiceSource) -> int:
    """One die: the face given, or rolled when the field is absent or null."""
    value = request.get(field)
    if value is None:
        return dice.roll(sides)
    return check_face(field, value, sides)


def pool(request: Mapping[str, Any], field: str, sides: int, dice: DiceSource,
         default_count: int | None = None) -> tuple[int, ...]:
    """Faces given as a list, or a count of dice to roll given as an integer."""
    return faces_or_count(request.get(field), field, dice, default_count, sides)


def pool_spec(request: Mapping[str, Any], field: str, sides: int,
              default_count: int = 0) -> tuple[int, tuple[int, ...]]:
    """For odds: (dice still unknown, faces known) from a count or a list of faces."""
    value = request.get(field, default_count)
    if value is None:
        value = default_count
    if isinstance(value, list):
        return 0, tuple(check_face(f"{field}[{i}]", v, sides) for i, v in enumerate(value))
    count = whole(field, value)
    if count < 0:
        raise RuleError(f"{field}: a count of dice is 0 or more; got {count}.")
    return count, ()


def modifier(request: Mapping[str, Any], skill_field: str = "proficiency") -> int:
    """``modifier``, or ``ability`` + the ``proficiency`` level's bonus; ``bonus`` adds to either."""
    bonus = number(request, "bonus", 0)
    if "ability" in request:
        if "modifier" in request:
            raise RequestError(
                "modifier: give either modifier, or ability and proficiency, not both."
            )
        ability = whole("ability", request["ability"])
        level = parse_proficiency(skill_field, request.get(skill_field, "untrained"))
        return ability + level.bonus + bonus
    if skill_field in request:
        raise RequestError(f"ability: a {skill_field} level needs the ability score it adds to.")
    return number(request, "modifier", 0) + bonus


def purchases(value: object) -> tuple[Purchase, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise RequestError("equipment: give a list of purchases, e.g. [\"torch\", \"rope\"].")
    return tuple(parse_purchase(f"equipment[{i}]", entry) for i, entry in enumerate(value))


def character_from(request: Mapping[str, Any]) -> Character:
    """A new character from ``name``, ``abilities``, ``proficiencies``, ``talents``,
    ``equipment``, ``wear_armor``, ``species``, ``size``, ``magic_dice``."""
    name = text(request, "name", "")
    scores = parse_abilities("abilities", request.get("abilities"))
    training = parse_training(request.get("proficiencies"), request.get("talents"))
    return create_character(
        name=name,
        scores=scores,
        training=training,
        equipment=purchases(request.get("equipment")),
        wear_armor=flag(request, "wear_armor", True),
        species=text(request, "species", ""),
        size=text(request, "size", "medium"),
        magic_dice=number(request, "magic_dice", 0),
    )
