"""The Combat Roll: defeating a monster together (SRD 1.2, Combat Roll).

Each character rolls a light die, their Weak Point; the party rolls one dark die per character.
The two highest dark dice added must reach the monster's Endurance. Each dark die equal to a
character's Weak Point marks 1 Ruin for them, unless they mark a piece of armor for that roll.
To continue, add one dark die and re-roll all dark dice; the count never goes down. A retreating
character hands their Weak Point(s) to a companion, re-rolled while equal to one they hold.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from oracle.dice import check_face
from oracle.errors import RuleError, shown
from oracle.requests import whole
from oracle.trophy.ruin import MAX_RUIN, check_can_roll, mark_ruin
from oracle.wording import plural

MAX_ENDURANCE = 12
MIN_ENDURANCE = 0


@dataclass(frozen=True)
class Fighter:
    """A character in the fight: their own Weak Point plus any handed over, and armor choice."""

    name: str
    ruin: int
    weak_points: tuple[int, ...]
    armor: bool = False


@dataclass(frozen=True)
class FighterResult:
    """A fighter after one Combat Roll."""

    name: str
    ruin_before: int
    ruin_after: int
    matches: int
    armor_used: bool

    @property
    def lost(self) -> bool:
        return self.ruin_after >= MAX_RUIN

    @property
    def ruin_marked(self) -> int:
        return self.ruin_after - self.ruin_before


@dataclass(frozen=True)
class CombatResult:
    """One Combat Roll read. ``total`` is None when no roll was required."""

    endurance: int
    dark: tuple[int, ...]
    roll_required: bool
    total: int | None
    defeated: bool
    fighters: tuple[FighterResult, ...]


def check_endurance(endurance: object) -> int:
    """Endurance after the GM's adjustments: at most 12 (above, retreat or lower it)."""
    value = whole("endurance", endurance)
    if value > MAX_ENDURANCE:
        # SRD 1.2, Combat Roll: above 12 the monster is too difficult to fight.
        raise RuleError(
            f"endurance: {value} is above 12, so the monster is too difficult to fight; the "
            "party must retreat or find a way to lower its Endurance."
        )
    if value < MIN_ENDURANCE:
        raise RuleError(f"endurance: Endurance is never negative; got {value}.")
    return value


def roll_required(endurance: int, dark_count: int) -> bool:
    """SRD 1.2: Endurance below the number of dark dice means no Combat Roll is required."""
    return endurance >= dark_count


def combat_total(dark: Sequence[int]) -> int:
    """The two highest dark dice added (the one die, when only one is rolled)."""
    return sum(sorted(dark, reverse=True)[:2])


def check_weak_points(field: str, weak_points: Sequence[int]) -> tuple[int, ...]:
    """A fighter holds 1 to 6 distinct Weak Points (handed-over ones are re-rolled if equal)."""
    if not weak_points:
        raise RuleError(f"{field}: every fighter has a Weak Point (one light die); got none.")
    faces = tuple(check_face(f"{field}[{i}]", face) for i, face in enumerate(weak_points))
    if len(set(faces)) != len(faces):
        raise RuleError(
            f"{field}: Weak Points are distinct (a handed-over die is re-rolled until it differs); "
            f"got {list(faces)}."
        )
    return faces


def _check_fighters(fighters: Sequence[Fighter], dark_count: int) -> None:
    if not fighters:
        raise RuleError("characters: a Combat Roll needs at least one character.")
    if dark_count < 1:
        raise RuleError("dark: a Combat Roll needs at least one dark die; got none.")
    if dark_count < len(fighters):
        # SRD 1.2: one dark die per character involved (more after continuing).
        raise RuleError(
            f"dark: one dark die per character at least; got {dark_count} for "
            f"{plural(len(fighters), 'character')}."
        )
    names: set[str] = set()
    for index, fighter in enumerate(fighters):
        field = f"characters[{index}]"
        if not fighter.name:
            raise RuleError(f"{field}.name: every character needs a name.")
        if fighter.name in names:
            raise RuleError(f"{field}.name: {shown(fighter.name)} appears twice.")
        names.add(fighter.name)
        check_can_roll(f"{field}.ruin", fighter.ruin)
        check_weak_points(f"{field}.weak_points", fighter.weak_points)


def unrolled(endurance: int, fighters: Sequence[Fighter], dark_count: int) -> CombatResult:
    """Endurance below the number of dark dice: defeated with no roll, nobody marks Ruin."""
    target = check_endurance(endurance)
    if dark_count < 1:
        raise RuleError("dark: a Combat Roll needs at least one dark die; got none.")
    _check_fighters(fighters, dark_count)
    if roll_required(target, dark_count):
        raise RuleError(
            f"endurance: {target} is not below the {dark_count} dark dice, so a roll is required."
        )
    unhurt = tuple(
        FighterResult(f.name, f.ruin, f.ruin, matches=0, armor_used=False) for f in fighters
    )
    return CombatResult(target, (), roll_required=False, total=None, defeated=True,
                        fighters=unhurt)


def read_combat(endurance: int, fighters: Sequence[Fighter], dark: Sequence[int]) -> CombatResult:
    """Read a Combat Roll against ``endurance`` with the dark faces ``dark``."""
    target = check_endurance(endurance)
    faces = tuple(check_face(f"dark[{i}]", face) for i, face in enumerate(dark))
    if not roll_required(target, len(faces)):
        return unrolled(target, fighters, len(faces))
    _check_fighters(fighters, len(faces))
    total = combat_total(faces)
    results = []
    for fighter in fighters:
        # SRD 1.2: each dark die equal to a Weak Point marks 1 Ruin; armor ignores them all.
        matches = sum(1 for face in faces if face in fighter.weak_points)
        armor_used = fighter.armor and matches > 0
        marks = 0 if armor_used else matches
        results.append(
            FighterResult(fighter.name, fighter.ruin, mark_ruin(fighter.ruin, marks),
                          matches=matches, armor_used=armor_used)
        )
    return CombatResult(target, faces, roll_required=True, total=total,
                        defeated=total >= target, fighters=tuple(results))


def read_continue(
    previous: CombatResult, fighters: Sequence[Fighter], dark: Sequence[int]
) -> CombatResult:
    """Continue the attack: one more dark die than the last roll, all of them re-rolled.

    ``fighters`` are those still in the fight, with their Ruin after the last roll.
    """
    if previous.defeated:
        raise RuleError("continue: the monster is already defeated; there is nothing to continue.")
    if len(dark) != len(previous.dark) + 1:
        # SRD 1.2: add one more dark die and re-roll all of them; the count never goes down.
        raise RuleError(
            f"continue: continuing adds one dark die, so {len(previous.dark) + 1} dark dice are "
            f"re-rolled; got {len(dark)}."
        )
    return read_combat(previous.endurance, fighters, dark)


def check_hand_off(
    handed: Sequence[int], received: Sequence[int], keeping: Sequence[int]
) -> tuple[int, ...]:
    """Check a retreat's hand-off: ``handed`` were the retreater's Weak Points, ``received`` what
    the companion now gets in their place, ``keeping`` the companion's own Weak Points.

    A handed die equal to one the companion holds is re-rolled until it differs; the others pass
    unchanged. Returns the companion's new Weak Points.
    """
    if len(received) != len(handed):
        raise RuleError(
            f"handed: the companion receives all {plural(len(handed), 'Weak Point')}; "
            f"got {len(received)}."
        )
    held = list(keeping)
    for index, (original, new) in enumerate(zip(handed, received, strict=True)):
        check_face(f"handed[{index}]", new)
        if original not in held and new != original:
            raise RuleError(
                f"handed[{index}]: {original} differs from the companion's Weak Points, so it "
                f"passes unchanged; got {new}."
            )
        if new in held:
            raise RuleError(
                f"handed[{index}]: {new} equals one of the companion's Weak Points; it must be "
                "re-rolled until it differs."
            )
        held.append(new)
    return tuple(held)


def hand_off(
    handed: Sequence[int], keeping: Sequence[int], reroll: Callable[[], int]
) -> tuple[int, ...]:
    """Hand Weak Points to a companion, re-rolling each with ``reroll`` while it equals one
    they hold. Returns the faces the companion receives (in the order handed)."""
    if len(set(handed)) + len(set(keeping)) > 6:
        raise RuleError(
            "handed: the companion would hold more than 6 Weak Points, so no re-roll can make "
            "them differ; hand them to someone else."
        )
    held = set(keeping)
    received = []
    for face in handed:
        new = face
        while new in held:
            new = check_face("handed", reroll())
        held.add(new)
        received.append(new)
    return tuple(received)
