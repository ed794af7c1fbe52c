"""Reading request fields into entries and faces (the edge between JSON and the rules).

An entry field is one of:

- ``"2d6"``: an XdY entry; the oracle rolls it with the dice source it is given;
- ``[3, 4]``: faces already rolled (each a whole number 1..20; the die is not named, so no
  level or Piercing can act on it);
- ``{"dice": "2d6", "faces": [3, 4], "level": 0, "number": 0}``: the card's entry, the card
  modifiers to its dice level and number, and optionally the faces rolled for the entry *after*
  every modifier (checked against it: count and sides). Damage entries and enhancements also
  take ``"type"`` (a damage type).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from oracle.dice import DiceSource
from oracle.errors import RequestError, RuleError, shown
from oracle.requests import whole
from oracle.triptycho.combat import (
    Affinities,
    ScenarioKind,
    affinity_value,
    check_damage_type,
)
from oracle.triptycho.entries import (
    FIXED_SIDES,
    DiceEntry,
    change_level,
    change_number,
    check_dice_count,
    check_faces,
    parse_entry,
    roll_entry,
)
from oracle.triptycho.odds import Distribution, entry_distribution, point
from oracle.wording import noun


@dataclass(frozen=True)
class Spec:
    """One entry field as asked: its dice after card modifiers and any faces given."""

    field: str
    entry: DiceEntry | None  # None: bare faces, die not named
    faces: tuple[int, ...] | None  # None: to be rolled
    damage_type: str | None = None

    def rolled(self, dice: DiceSource, entry: DiceEntry | None = None) -> tuple[int, ...]:
        """Faces for ``entry`` (the spec's own entry unless modifiers changed it)."""
        target = self.entry if entry is None else entry
        if self.faces is not None:
            if target is None:
                return self.faces
            return check_faces(f"{self.field}.faces", target, list(self.faces))
        assert target is not None
        return roll_entry(target, dice)

    def distribution(self, entry: DiceEntry | None = None) -> Distribution:
        """Exact totals: a point where faces are given, else the entry's spread."""
        if self.faces is not None:
            target = self.entry if entry is None else entry
            if target is not None:
                check_faces(f"{self.field}.faces", target, list(self.faces))
            return point(sum(self.faces))
        return entry_distribution(self.entry if entry is None else entry)

    @property
    def count(self) -> int:
        """How many dice the entry rolls (its faces when the die is not named)."""
        return self.entry.number if self.entry is not None else len(self.faces or ())

    def needs_dice(self, what: str) -> DiceEntry:
        """The named entry, or a clear refusal when only bare faces were given."""
        if self.entry is None:
            raise RequestError(
                f"{self.field}: {what} changes the dice level, so write the entry as XdY "
                f"(with \"faces\" if already rolled), such as {{\"dice\": \"1d6\", \"faces\": [4]}}."
            )
        return self.entry


def read_spec(field: str, value: object, *, typed: bool = False,
              declared: Sequence[str] = (), empty: bool = False) -> Spec:
    """Read one entry field (see the module docstring); ``empty`` lets ``[]`` mean that no
    dice were rolled (Defense, as after Piercing took them all), else refused."""
    if isinstance(value, str):
        return Spec(field, parse_entry(field, value), None)
    if isinstance(value, list):
        if not value and not empty:
            raise RuleError(f"{field}: an entry rolls at least one die; got no faces.")
        check_dice_count(field, len(value), "an entry")
        faces = check_faces(field, DiceEntry(len(value), FIXED_SIDES), value)
        return Spec(field, None, faces)
    if isinstance(value, Mapping):
        unknown = set(value) - {"dice", "faces", "level", "number", "type"}
        if unknown:
            raise RequestError(f"{field}: unknown {noun(len(unknown), 'key')} {sorted(unknown)}; an entry takes "
                               f"dice, faces, level, number and type.")
        if "dice" not in value:
            raise RequestError(f"{field}: an entry object needs \"dice\", such as \"1d8\".")
        entry = parse_entry(f"{field}.dice", value["dice"])
        entry = change_level(f"{field}.level", entry, whole(f"{field}.level",
                                                              value.get("level", 0)))
        entry = change_number(entry, whole(f"{field}.number", value.get("number", 0)),
                              f"{field}.number")
        given: object = value.get("faces")
        damage_type = None
        if "type" in value:
            if not typed:
                raise RequestError(f"{field}: only Damage entries have a damage type.")
            damage_type = check_damage_type(f"{field}.type", value["type"], declared)
        if given is None:
            return Spec(field, entry, None, damage_type)
        # The faces belong to the dice after every modifier (Resistance, Piercing too), which
        # only the plan knows: here count and 1..20; each face is checked again when used.
        loose = DiceEntry(entry.number, FIXED_SIDES)
        return Spec(field, entry, check_faces(f"{field}.faces", loose, given), damage_type)
    raise RequestError(
        f"{field}: give an entry as \"XdY\", a list of faces, or {{\"dice\": \"XdY\", ...}}; "
        f"got {shown(value)}."
    )


def optional_spec(request: Mapping[str, Any], field: str, **kwargs: Any) -> Spec | None:
    """``read_spec`` for a field that may be absent or null (no entry on the card)."""
    value = request.get(field)
    return None if value is None else read_spec(field, value, **kwargs)


def read_specs(field: str, value: object, **kwargs: Any) -> tuple[Spec, ...]:
    """A list of enhancement entries (absent or null: none)."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise RequestError(f"{field}: enhancement dice are a list of entries, such as [\"1d4\"].")
    return tuple(read_spec(f"{field}[{i}]", item, **kwargs) for i, item in enumerate(value))


def read_scenario(request: Mapping[str, Any]) -> ScenarioKind:
    """The scenario type (combat unless said)."""
    value = request.get("scenario", "combat")
    try:
        return ScenarioKind(value)
    except ValueError:
        raise RequestError(
            f"scenario: {shown(value)} is not a scenario type; use combat, exploration or interaction."
        ) from None


def read_declared(request: Mapping[str, Any]) -> tuple[str, ...]:
    """Damage types the table declares beyond the text's examples."""
    value = request.get("damage_types", [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise RequestError("damage_types: a list of damage type names, such as [\"lightning\"].")
    return tuple(value)


def read_affinities(request: Mapping[str, Any], declared: Sequence[str]) -> Affinities:
    """``resistance`` and ``weakness``: {type: value or list of grants}."""
    tables: list[dict[str, int]] = []
    for field in ("resistance", "weakness"):
        raw = request.get(field, {})
        if not isinstance(raw, Mapping):
            raise RequestError(f"{field}: a mapping of damage type to value, such as "
                               f"{{\"fire\": 2}}.")
        table: dict[str, int] = {}
        for name, grants in raw.items():
            key = check_damage_type(f"{field}", name, declared)
            if key is None:
                raise RuleError(f"{field}: untyped damage has no {field.capitalize()}.")
            table[key] = affinity_value(f"{field}.{key}", grants)
        tables.append(table)
    return Affinities(tables[0], tables[1])
