"""Dice entries (``XdY``): parsing, formatting, dice level and dice number.

Triptycho, Dice Number and Level: X is the dice number, Y the dice level. The level ladder is
d2 d4 d6 d8 d10 d12; a d20 stands outside the ladder and never changes level.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from oracle.dice import DiceSource, check_face
from oracle.errors import RequestError, RuleError, shown

# Triptycho, Dice Number and Level: the ladder, lowest to highest.
LADDER: tuple[int, ...] = (2, 4, 6, 8, 10, 12)
# Triptycho, Dice Number and Level: a d20 cannot be raised or lowered in level.
FIXED_SIDES = 20
SIDES: tuple[int, ...] = (*LADDER, FIXED_SIDES)
# Our limit, far beyond a card's entry (a few dice): the most dice one entry, or one side of a
# roll (an entry with its enhancement dice), rolls. It keeps every answer quick (docs/rulings.md).
MOST_DICE = 30

_ENTRY = re.compile(r"^\s*\+?\s*(\d{1,3})\s*[dD]\s*(\d{1,3})\s*$")


@dataclass(frozen=True)
class DiceEntry:
    """A dice entry: ``number`` dice of ``sides`` faces (``2d6``)."""

    number: int
    sides: int

    def __str__(self) -> str:
        return f"{self.number}d{self.sides}"

    @property
    def fixed(self) -> bool:
        """True for a d20, which no level change moves."""
        return self.sides == FIXED_SIDES

    @property
    def level(self) -> int | None:
        """The rung on the ladder (d2 = 0 ... d12 = 5); None for a d20."""
        return None if self.fixed else LADDER.index(self.sides)

    @property
    def lowest(self) -> int:
        """The smallest total the entry can roll."""
        return self.number

    @property
    def highest(self) -> int:
        """The largest total the entry can roll."""
        return self.number * self.sides


def parse_entry(field: str, text: object) -> DiceEntry:
    """Read ``"2d6"`` (a leading ``+`` as on enhancement dice is allowed) or raise."""
    if isinstance(text, DiceEntry):
        return text
    if not isinstance(text, str):
        raise RequestError(f"{field}: a dice entry is written XdY, such as \"2d6\"; got {shown(text)}.")
    match = _ENTRY.match(text)
    if match is None:
        raise RequestError(
            f"{field}: {shown(text)} is not a dice entry; write XdY, such as \"1d8\" or \"2d6\"."
        )
    number, sides = int(match.group(1)), int(match.group(2))
    if number < 1:
        # Triptycho, Dice Number and Level: dice number cannot be below 1.
        raise RuleError(f"{field}: the dice number in {shown(text)} must be at least 1.")
    if sides not in SIDES:
        raise RuleError(
            f"{field}: d{sides} is not a Triptycho die; the dice levels are d2, d4, d6, d8, "
            f"d10 and d12, plus the fixed d20."
        )
    return check_size(field, DiceEntry(number, sides))


def check_size(field: str, entry: DiceEntry) -> DiceEntry:
    """``entry`` if it rolls at most :data:`MOST_DICE` dice, else one sentence naming the limit."""
    return DiceEntry(check_dice_count(field, entry.number), entry.sides)


def check_dice_count(field: str, count: int, what: str = "an entry") -> int:
    """``count`` if it is at most :data:`MOST_DICE` dice, else one sentence naming the limit."""
    if count > MOST_DICE:
        raise RuleError(f"{field}: {what} rolls at most {MOST_DICE} dice (our limit, far beyond "
                        f"any card); got {count}.")
    return count


def format_entry(entry: DiceEntry | None) -> str | None:
    """``"2d6"``, or None for an entry that rolls nothing."""
    return None if entry is None else str(entry)


def change_level(field: str, entry: DiceEntry, steps: int) -> DiceEntry:
    """Raise or lower the level by ``steps`` as a card asks, clamped at d2 and d12.

    A d20 stays a d20 (the text: it cannot be increased or decreased in level), as a clamp
    does: the change is not an error (docs/contract.md).
    """
    return shift_level(entry, steps)


def shift_level(entry: DiceEntry, steps: int) -> DiceEntry:
    """Move the level by ``steps``, clamped at d2 and d12; a d20 stays a d20.

    Used for effects that act on whatever entry they meet (Resistance, Weakness): those leave a
    d20 as it is rather than refusing the whole attack (see docs/rulings.md).
    """
    if entry.fixed or steps == 0:
        return entry
    assert entry.level is not None
    # Triptycho, Dice Number and Level: not below 1d2 nor beyond 1d12.
    rung = min(max(entry.level + steps, 0), len(LADDER) - 1)
    return DiceEntry(entry.number, LADDER[rung])


def pierce_level(entry: DiceEntry, steps: int) -> tuple[DiceEntry | None, int]:
    """Lower a Defense entry by up to ``steps`` Piercing levels, past d2 into nothing.

    Returns the entry left (None when pushed below d2: nothing is rolled) and the Piercing
    left over. A d20 takes no Piercing and passes it all on.
    """
    if entry.fixed or steps <= 0:
        return entry, max(steps, 0)
    assert entry.level is not None
    # Triptycho, Damage Modifiers: Piercing may push Defense below d2; then nothing is rolled.
    needed = entry.level + 1
    if steps >= needed:
        return None, steps - needed
    return DiceEntry(entry.number, LADDER[entry.level - steps]), 0


def change_number(entry: DiceEntry, steps: int, field: str = "number") -> DiceEntry:
    """Add ``steps`` dice (negative removes), never below one die nor above :data:`MOST_DICE`."""
    # Triptycho, Dice Number and Level: dice number cannot be decreased below 1.
    return check_size(field, DiceEntry(max(1, entry.number + steps), entry.sides))


def roll_entry(entry: DiceEntry, dice: DiceSource) -> tuple[int, ...]:
    """Roll every die of ``entry`` with ``dice``."""
    return tuple(dice.roll(entry.sides) for _ in range(entry.number))


def check_faces(field: str, entry: DiceEntry, faces: object) -> tuple[int, ...]:
    """Faces already rolled for ``entry``: one per die, each one the die can show."""
    if not isinstance(faces, (list, tuple)):
        raise RequestError(f"{field}: faces are a list of whole numbers, such as [3, 4].")
    if len(faces) != entry.number:
        raise RuleError(
            f"{field}: {entry} rolls {entry.number} "
            f"{'die' if entry.number == 1 else 'dice'}, so give {entry.number} "
            f"{'face' if entry.number == 1 else 'faces'}; got {len(faces)}."
        )
    return tuple(check_face(field, face, entry.sides) for face in faces)
