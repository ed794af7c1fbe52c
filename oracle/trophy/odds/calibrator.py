"""The Endurance calibrator: the exact chance a party defeats a monster in Combat Rolls.

SRD 1.2, Combat Roll: each character rolls a light Weak Point die, one dark die per character
is rolled, and the two highest dark dice must reach the monster's Endurance (2..12); below the
number of dark dice no roll is needed. Continuing adds a dark die and re-rolls them all. The
chances come from :func:`oracle.trophy.odds.combat_odds`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from oracle.errors import RequestError, shown
from oracle.trophy.odds.combat import CombatOdds, Fighter, combat_odds

MIN_ENDURANCE = 2
MAX_ENDURANCE = 12
ENDURANCES = tuple(range(MIN_ENDURANCE, MAX_ENDURANCE + 1))


def party_of(size: int, weak_points: int = 1) -> tuple[Fighter, ...]:
    """A party of ``size`` fresh characters (Ruin 1), each with ``weak_points`` Weak Points."""
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 6:
        raise RequestError(f"party: 1 to 6 characters fight together; got {shown(size)}.")
    return tuple(Fighter(f"character {i + 1}", 1, weak_points) for i in range(size))


def _party(party: Sequence[Fighter] | int) -> tuple[Fighter, ...]:
    return party_of(party) if isinstance(party, int) else tuple(party)


def matchup(endurance: int, party: Sequence[Fighter] | int, extra_dark: int = 0) -> CombatOdds:
    """The full exact odds of one Combat Roll: one dark die per character plus ``extra_dark``
    (the dice added by continuing an attack)."""
    fighters = _party(party)
    if isinstance(extra_dark, bool) or not isinstance(extra_dark, int) or extra_dark < 0:
        raise RequestError(f"extra_dark: 0 or more dark dice added; got {shown(extra_dark)}.")
    return combat_odds(endurance, len(fighters) + extra_dark, fighters)


def defeat_chance(endurance: int, party: Sequence[Fighter] | int, extra_dark: int = 0) -> Fraction:
    """The exact chance one Combat Roll defeats a monster of ``endurance``."""
    return matchup(endurance, party, extra_dark).defeated


def defeat_within(endurance: int, party: Sequence[Fighter] | int, rolls: int) -> Fraction:
    """The chance the monster falls within ``rolls`` Combat Rolls, each continuation adding a
    dark die, if nobody retreats (the rolls are independent)."""
    if isinstance(rolls, bool) or not isinstance(rolls, int) or rolls < 1:
        raise RequestError(f"rolls: at least 1 Combat Roll; got {shown(rolls)}.")
    standing = Fraction(1)
    for extra in range(rolls):
        standing *= 1 - defeat_chance(endurance, party, extra)
    return 1 - standing


@dataclass(frozen=True)
class Calibration:
    """The Endurance suggested for a target chance, and the chance at every Endurance."""

    target: Fraction
    endurance: int
    chance: Fraction
    table: tuple[tuple[int, Fraction], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"target": float(self.target), "endurance": self.endurance,
                "chance": float(self.chance),
                "table": {str(e): float(p) for e, p in self.table}}


def calibrate(target: Fraction | float, party: Sequence[Fighter] | int,
              extra_dark: int = 0) -> Calibration:
    """The Endurance (2..12) whose one-roll defeat chance is nearest ``target``; on a tie the
    tougher monster (a table can always lower Endurance for a good plan, SRD 1.2)."""
    goal = Fraction(target) if not isinstance(target, Fraction) else target
    if not 0 <= goal <= 1:
        raise RequestError(f"target: a chance between 0 and 1; got {float(goal)}.")
    table = tuple((e, defeat_chance(e, party, extra_dark)) for e in ENDURANCES)
    best = min(table, key=lambda row: (abs(row[1] - goal), -row[0]))
    return Calibration(goal, best[0], best[1], table)
