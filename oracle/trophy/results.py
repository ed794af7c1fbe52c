"""Results as JSON-ready dicts, in the shapes of ``docs/contract.md``.

Every field of the contract is always present (``None`` where it has no value); the extra fields
(faces, pushes, the accepted bargain, whether a Condition is due) are additions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from oracle.trophy.combat import CombatResult, Fighter
from oracle.trophy.contest import ContestResult
from oracle.trophy.hunt import HuntResult
from oracle.trophy.risk import DevilsBargain, RiskResult
from oracle.trophy.ruin import MAX_RUIN, ReductionResult, RuinResult


def bargain_json(bargain: DevilsBargain | None) -> dict[str, Any] | None:
    if bargain is None:
        return None
    return {"text": bargain.text, "accepted": bargain.accepted, "offered_by": bargain.offered_by}


def _helper_before(result: RiskResult, name: str) -> tuple[int, bool]:
    """A helper's Ruin and already-marked flag when they first joined this roll."""
    for reading in result.readings:
        for helper in reading.roll.helpers:
            if helper.name == name:
                return helper.ruin, helper.already_marked
    raise KeyError(name)  # pragma: no cover - every helper joined some reading


def _condition_due(before: int, after: int) -> int:
    """Marks that ask for a Condition (SRD 1.2, Conditions); none once the character is lost."""
    return 0 if after >= MAX_RUIN else after - before


def risk_json(result: RiskResult) -> dict[str, Any]:
    """A Risk Roll (with its pushes) as the contract's result."""
    first = result.first
    helpers = []
    for helper in result.helpers:
        before, _ = _helper_before(result, helper.name)
        helpers.append({
            "name": helper.name,
            "ruin_before": before,
            "ruin_after": helper.ruin_after,
            "ruin_marked": helper.ruin_after > before,
            "lost": helper.lost,
            "die": helper.die,
            "condition_due": _condition_due(before, helper.ruin_after),
        })
    return {
        "roll": "risk",
        "highest": result.highest,
        "highest_is_dark": result.highest_is_dark,
        "outcome": result.outcome.value,
        "ruin_before": first.ruin_before,
        "ruin_after": result.ruin_after,
        "ruin_marked": result.ruin_after > first.ruin_before,
        "lost": result.lost,
        "can_push": result.can_push,
        "helpers": helpers,
        "light": list(result.roll.light),
        "dark": list(result.roll.dark),
        "pushes": result.pushes,
        "rolls": [
            {
                "light": list(reading.roll.light),
                "dark": list(reading.roll.dark),
                "highest": reading.highest,
                "highest_is_dark": reading.highest_is_dark,
                "outcome": reading.outcome.value,
            }
            for reading in result.readings
        ],
        "bargain": bargain_json(result.bargain),
        "ruin_roll": result.ruin_roll,
        "condition_due": _condition_due(first.ruin_before, result.ruin_after),
        "dies": result.dies,
    }


def ruin_json(result: RuinResult) -> dict[str, Any]:
    return {
        "roll": "ruin",
        "ruin_before": result.ruin_before,
        "ruin_after": result.ruin_after,
        "ruin_marked": result.ruin_marked,
        "lost": result.lost,
        "dark": result.dark,
        "condition_due": int(result.condition_due),
    }


def hunt_json(result: HuntResult) -> dict[str, Any]:
    return {
        "roll": "hunt",
        "highest": result.highest,
        "tokens_before": result.tokens_before,
        "tokens_after": result.tokens_after,
        "tokens_lost": result.tokens_lost,
        "encounter": result.encounter.value,
        "light": list(result.light),
    }


def contest_json(result: ContestResult) -> dict[str, Any]:
    return {
        "roll": "contest",
        "winner": result.winner,
        "participants": [
            {
                "name": p.name,
                "ruin_before": p.ruin_before,
                "ruin_after": p.ruin_after,
                "ruin_marked": p.ruin_marked,
                "lost": p.lost,
                "light": list(p.light),
                "dark": list(p.dark),
                "counts": dict(zip(("6", "5", "4", "3", "2", "1"), p.counts, strict=True)),
                "dark_ones": p.dark.count(1),
                "condition_due": _condition_due(p.ruin_before, p.ruin_after),
            }
            for p in result.participants
        ],
    }


def combat_json(result: CombatResult) -> dict[str, Any]:
    return {
        "roll": "combat",
        "roll_required": result.roll_required,
        "total": result.total,
        "defeated": result.defeated,
        "endurance": result.endurance,
        "dark": list(result.dark),
        "characters": [
            {
                "name": f.name,
                "ruin_before": f.ruin_before,
                "ruin_after": f.ruin_after,
                "matches": f.matches,
                "armor_used": f.armor_used,
                "lost": f.lost,
                "ruin_marked": f.ruin_marked,
                "condition_due": _condition_due(f.ruin_before, f.ruin_after),
            }
            for f in result.fighters
        ],
    }


def combat_rolls_json(readings: Sequence[CombatResult],
                      fighters: Sequence[Fighter]) -> dict[str, Any]:
    """A Combat Roll and its continues: the last roll's reading, every character's whole fight
    (Ruin from before the first roll, matches and armor over all rolls), and each roll."""
    last = readings[-1]
    characters = []
    for fighter in fighters:
        rows = [r for reading in readings for r in reading.fighters if r.name == fighter.name]
        before, after = rows[0].ruin_before, rows[-1].ruin_after
        characters.append({
            "name": fighter.name,
            "ruin_before": before,
            "ruin_after": after,
            "matches": sum(r.matches for r in rows),
            "armor_used": any(r.armor_used for r in rows),
            "lost": after >= MAX_RUIN,
            "ruin_marked": after - before,
            "condition_due": _condition_due(before, after),
            "armor_marked": sum(int(r.armor_used) for r in rows),
        })
    return {
        "roll": "combat",
        "roll_required": last.roll_required,
        "total": last.total,
        "defeated": last.defeated,
        "endurance": last.endurance,
        "dark": list(last.dark),
        "characters": characters,
        "continues": len(readings) - 1,
        "rolls": [
            {"dark": list(r.dark), "total": r.total, "defeated": r.defeated,
             "matches": {f.name: f.matches for f in r.fighters}}
            for r in readings
        ],
    }


def reduction_json(result: ReductionResult) -> dict[str, Any]:
    return {
        "roll": "reduction",
        "ruin_before": result.ruin_before,
        "ruin_after": result.ruin_after,
        "noticed": result.noticed,
        "light": result.light,
        "removed": result.removed,
    }
