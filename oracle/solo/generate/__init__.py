"""What every system's generators share: a dice source from a DiceSource, a ``random.Random``
or a seed (:mod:`~oracle.solo.generate.common`), and names (:mod:`~oracle.solo.generate.names`).

The generators themselves are each system's own (``oracle/<system>/generate.py``, its tables in
``oracle/<system>/tables/``), reached through ``System.generators()``.
"""

from __future__ import annotations

from oracle.solo.generate.common import RandomDice, as_dice

__all__ = ["RandomDice", "as_dice"]
