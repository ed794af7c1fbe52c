"""The dice of Die Trying, as the text builds them from ordinary dice.

Die Trying, The Dice: a d2 is any die read by parity (odd 1, even 2); a d3 is a d6 halved,
rounded up; a d100 is two d10 (tens and ones) where two zeros read 100. Checks use a d10
showing 1..10; for a d100 a d10's "0" face is its 10.
"""

from __future__ import annotations

from oracle.dice import DiceSource
from oracle.errors import RuleError
from oracle.requests import whole


def d2_from_face(value: int) -> int:
    """Die Trying, The Dice: roll any die; odd reads 1, even reads 2."""
    return 1 if value % 2 else 2


def d3_from_d6(value: int) -> int:
    """Die Trying, The Dice: a d6 halved, rounded up (1-2 -> 1, 3-4 -> 2, 5-6 -> 3)."""
    return (value + 1) // 2


def digit_from_d10(value: int) -> int:
    """A d10 read as a digit for a d100: faces 1..9 are themselves, the 10 (printed 0) is 0."""
    return value % 10


def d100_from_digits(tens: int, ones: int) -> int:
    """Die Trying, The Dice: tens and ones digits 0..9; two zeros are 100."""
    total = 10 * tens + ones
    return 100 if total == 0 else total


def digit(field: str, value: object) -> int:
    """A d10 given for a d100: 0..9, or 10 for the face printed 0."""
    number = whole(field, value)
    if not 0 <= number <= 10:
        raise RuleError(f"{field}: a d10 digit is 0 to 9 (10 also reads as the 0 face), not {number}.")
    return digit_from_d10(number)


def roll_d2(dice: DiceSource, sides: int = 6) -> int:
    """Roll a d``sides`` and read its parity."""
    return d2_from_face(dice.roll(sides))


def roll_d3(dice: DiceSource) -> int:
    """Roll a d6 and halve it, rounding up."""
    return d3_from_d6(dice.roll(6))

