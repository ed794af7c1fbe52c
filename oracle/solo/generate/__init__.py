"""Generators for every system, seeded and written from our own tables.

``trophy``: treasure-hunters, names, places, treasures, monsters, incursions. ``die_trying``:
characters within the creation rules (45 SP) and creatures. ``triptycho``: characters and foes.
Each takes a :class:`~oracle.dice.DiceSource`, a ``random.Random`` or a seed.
"""

from __future__ import annotations

from oracle.solo.generate.common import RandomDice, as_dice

__all__ = ["RandomDice", "as_dice"]
