"""The offline narrator's decks: every table is dealt like a shuffled deck.

The state is tiny and JSON-ready: a seed and how many cards each table has dealt. The order of
a table's cards in its k-th pass is a shuffle seeded by ``(seed, table, k)``, so the same seed
and counts deal the same entries (a replay is identical), and no entry comes back before every
other entry of its table has been dealt once.

The deck has its own seeded stream (seed it with the campaign's seed) rather than drawing from
the rules' dice: narrating, or switching the narrator off, never changes a later roll.
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from oracle.errors import shown


@functools.lru_cache(maxsize=256)
def _shuffled(seed: str, table: str, size: int, deal: int) -> tuple[int, ...]:
    """One pass's order (cached: a pass of a composed table holds hundreds of cards)."""
    digest = hashlib.sha256(f"{seed}\x1f{table}\x1f{deal}".encode()).digest()
    order = list(range(size))
    random.Random(int.from_bytes(digest[:8], "big")).shuffle(order)
    return tuple(order)


def _order(seed: str, table: str, size: int, deal: int) -> list[int]:
    """The k-th pass through a table; never starts with the card the previous pass ended on."""
    order = list(_shuffled(seed, table, size, deal))
    if deal > 0 and size > 1 and order[0] == _shuffled(seed, table, size, deal - 1)[-1]:
        order[0], order[1] = order[1], order[0]
    return order


@dataclass(frozen=True)
class Deck:
    """No-repeat state for every offline table: ``seed`` and cards dealt per table."""

    seed: str = "oracle"
    dealt: Mapping[str, int] = field(default_factory=dict)

    def draw(self, table: str, size: int, count: int = 1) -> tuple[tuple[int, ...], Deck]:
        """Deal ``count`` indices into a table of ``size`` entries; returns them and the new deck."""
        if size <= 0:
            raise ValueError(f"table {shown(table)} is empty.")
        start = self.dealt.get(table, 0)
        picks: list[int] = []
        for position in range(start, start + count):
            deal, offset = divmod(position, size)
            picks.append(_order(self.seed, table, size, deal)[offset])
        dealt = {**self.dealt, table: start + count}
        return tuple(picks), replace(self, dealt=dealt)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready state to keep with a campaign."""
        return {"seed": self.seed, "dealt": dict(sorted(self.dealt.items()))}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Deck:
        """The inverse of :meth:`to_dict`."""
        dealt = {str(k): int(v) for k, v in dict(data.get("dealt", {})).items()}
        return cls(seed=str(data.get("seed", "oracle")), dealt=dealt)

    @classmethod
    def seeded(cls, seed: object) -> Deck:
        """A fresh deck for a campaign seed (any value with a stable ``str``)."""
        return cls(seed=str(seed))
