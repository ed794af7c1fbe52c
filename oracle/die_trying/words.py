"""Die Trying in words: the journal line of an event and the beat of a result, written once.

A line says who did what and what decided it, as a player would log it: the die, the total
against the DC and the degree of a check; the power and Instability of a spell; the HP a death
save leaves. Never a bare field name or a ``None`` (issue 8), never an internal word (issue 17).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.systems.base import Line
from oracle.systems.layout import fill


def _part(data: object, key: str) -> Any:
    return data.get(key) if isinstance(data, Mapping) else None


def _faces(value: object) -> str:
    """Faces for a journal line: ``3, 5``; ``none`` when there are none."""
    if isinstance(value, list | tuple):
        return ", ".join(str(face) for face in value) if value else "none"
    return "none" if value is None else str(value)


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _signed(value: object) -> str:
    """`` +1`` or `` -2`` after a die (nothing for 0 or no modifier)."""
    return f" {value:+d}" if _int(value) and value else ""


def _degree(outcome: Mapping[str, Any]) -> str:
    """``success (7 against DC 5)``, or ``""`` when the result names no degree."""
    degree = outcome.get("degree")
    if not isinstance(degree, str):
        return ""
    total, dc = outcome.get("total"), outcome.get("dc")
    against = f" against DC {dc}" if dc is not None else ""
    return degree.replace("_", " ") + (f" ({total}{against})" if total is not None else "")


def _hp(outcome: Mapping[str, Any]) -> list[str]:
    """What a death save or a stabilizing check did to the dying one's HP and fate."""
    said = []
    before, after = outcome.get("hp_before"), outcome.get("hp_after")
    if _int(before) and _int(after):
        said.append(f"HP {before} → {after}")
    for flag, word in (("stable", "stable"), ("dead", "dead"), ("unconscious", "unconscious")):
        if outcome.get(flag) is True:
            said.append(word)
    return said


def _decided(outcome: Mapping[str, Any] | None) -> str:
    """What a result says in words: ``success (12 against DC 10)``, ``6 damage``..."""
    if not isinstance(outcome, Mapping) or not outcome:
        return ""
    said = [_degree(outcome)] if _degree(outcome) else []
    if outcome.get("miscast") is True:
        said.append("a miscast")
    if _int(outcome.get("damage")) and outcome.get("roll") == "attack":
        said.append(f"{outcome['damage']} damage")
    if isinstance(outcome.get("scores"), list):
        said.append("scores " + _faces(outcome["scores"]))
    if outcome.get("roll") in ("d2", "d3", "d100") and outcome.get("result") is not None:
        said.append(f"result {outcome['result']}")
    said += _hp(outcome)
    return " → " + ", ".join(said) if said else ""


def _points(data: Mapping[str, Any]) -> str:
    points = _part(data, "points") or 1
    return f"{points} Point" if points == 1 else f"{points} Points"


# Events whose line is their own fields in a sentence (the rest are written out below).
_SAID = {
    "create_character": "{name} joins the delve",
    "damage": "{name} takes {amount} damage",
    "heal": "{name} heals {amount} HP",
    "wake": "{name} wakes with 1 HP",
    "mark": "{name} spends a Point to mark {target}",
    "award_points": "{name} gains {points}",
    "gain_magic_dice": "{name} gains {count} Magic Dice",
    "new_day": "A new day: every Instability Die is lost",
}


def _save(kind: str, name: str, data: Mapping[str, Any],
          outcome: Mapping[str, Any] | None) -> str:
    """``Pip makes a death save · d10 7 → success (7 against DC 6), HP -2 → -1``."""
    d10 = f"d10 {_faces(_part(data, 'd10'))}{_signed(_part(data, 'modifier'))}"
    if kind == "death_save":
        return f"{name} makes a death save · {d10}{_decided(outcome)}"
    healer = _part(data, "healer")
    kit = " with a Medicine Kit" if healer else ""
    return (f"{healer or 'Someone'} tries to stabilize {name}{kit} (Medicine) · "
            f"{d10}{_decided(outcome)}")


def _cast(name: str, data: Mapping[str, Any], outcome: Mapping[str, Any] | None) -> str:
    """``Brakka casts a level 1 spell · Magic Dice 6, Instability Dice none → power 6,
    Instability +1 (now 1)``."""
    improvised = _part(data, "improvised")
    level = _part(data, "spell_level")
    what = ("an improvised spell" if improvised else
            f"a level {level} spell" if _int(level) else "a spell")
    dice = (f"Magic Dice {_faces(_part(data, 'magic'))}, Instability Dice "
            f"{_faces(_part(data, 'instability'))}")
    said = []
    if isinstance(outcome, Mapping) and outcome:
        if _int(outcome.get("power")):
            said.append(f"power {outcome['power']}")
        gained, now = outcome.get("instability_gained"), outcome.get("instability_after")
        if _int(gained) and gained:
            said.append(f"Instability +{gained}" + (f" (now {now})" if _int(now) else ""))
        if outcome.get("miscast") is True:
            effect = outcome.get("miscast_effect")
            said.append("a miscast" + (f": {effect}" if isinstance(effect, str) and effect
                                       else ""))
        if outcome.get("dead") is True:
            said.append("the caster dies")
    return f"{name} casts {what} · {dice}" + (" → " + ", ".join(said) if said else "")


def _roll(name: str, data: Mapping[str, Any], outcome: Mapping[str, Any] | None) -> str:
    """A check (``Brakka makes a skill check · d10 6 +1 → success (7 against DC 5)``) or any
    other roll (``Ability scores rolled → scores 1, 0, 2, -1, 1, 3``)."""
    request = _part(data, "request")
    roll = str(_part(request, "roll") or "roll")
    d10 = _part(request, "d10")
    face = (f" · d10 {_faces(d10)}{_signed(_part(request, 'modifier'))}"
            if d10 is not None else "")
    if roll == "check":
        kind = str(_part(request, "kind") or "")
        what = f"a {kind} check" if kind in ("skill", "save") else (
            "an attack check" if kind == "attack" else "a check")
        return f"{name or 'The delver'} makes {what}{face}{_decided(outcome)}"
    label = roll.replace("_", " ")
    head = f"{name} rolls {label}" if name else f"{label[:1].upper()}{label[1:]} rolled"
    return f"{head}{face}{_decided(outcome)}"


def describe(event: Mapping[str, Any], outcome: Mapping[str, Any] | None = None) -> str:
    """One journal line for an event, in words (what decided, when the result is known)."""
    data = event.get("data", event)
    kind = event.get("type")
    name = str(_part(data, "name") or _part(data, "attacker") or "")
    if isinstance(kind, str) and kind in _SAID:
        return fill(_SAID[kind], data, name=name, points=_points(data))
    if kind in ("death_save", "stabilize"):
        return _save(str(kind), name, data, outcome)
    if kind == "cast":
        return _cast(name, data, outcome)
    if kind == "strike":
        attack = _part(data, "attack")
        return (f"{name} strikes {_part(data, 'target') or 'a foe'} · d10 "
                f"{_faces(_part(attack, 'd10'))}, damage d6 "
                f"{_faces(_part(attack, 'damage_d6'))}{_decided(outcome)}")
    if kind == "roll":
        return _roll(name, data, outcome)
    return str(kind).replace("_", " ")


def journal_line(event: Mapping[str, Any], outcome: Mapping[str, Any] | None = None) -> Line:
    """One journal line for a Die Trying event."""
    return Line.of("roll", describe(event, outcome))


def beat(outcome: Mapping[str, Any]) -> str:
    """A miscast, a death save, a critical success or failure; otherwise the generic beat."""
    if outcome.get("lost") is True:
        return "lost"
    if outcome.get("miscast") is True:
        return "miscast"
    if outcome.get("roll") in ("death_save", "stabilize"):
        return "death_save"
    if outcome.get("degree") in ("critical_success", "critical_failure"):
        return "critical"
    return "roll"
