"""The offline narrator's decks: every table is dealt like a shuffled deck.

The state is tiny and JSON-ready: a seed and how many cards each table has dealt. The order of
a table's cards in its k-th pass is a shuffle seeded by ``(seed, table, k)``, so the same seed
and counts deal the same entries (a replay is identical), and no entry comes back before every
other entry of its table has been dealt once.

The deck has its own seeded stream (seed it with the campaign's seed) rather than drawing from
the rules' dice: narrating, or switching the narrator off, never changes a later roll.

It also remembers what the last :data:`WINDOW` narrations said (a short hash of each sentence a
dealt card holds, one tuple per narration), so a sentence shared by two tables, or a part of a
composed table, does not come back within those narrations either (see
:func:`oracle.narrator.compose.deal`).
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from oracle.errors import shown

WINDOW = 40  # narrations a sentence stays unsaid after it was said
TAKEN = 256  # cards per table a pass may deal ahead of its order
CARDS = 200  # whole cards remembered (any table), so none comes back soon where others could


@functools.lru_cache(maxsize=256)
def _shuffled(seed: str, table: str, size: int, deal: int) -> tuple[int, ...]:
    """One pass's order (cached: a pass of a composed table holds hundreds of cards)."""
    digest = hashlib.sha256(f"{seed}\x1f{table}\x1f{deal}".encode()).digest()
    order = list(range(size))
    random.Random(int.from_bytes(digest[:8], "big")).shuffle(order)
    return tuple(order)


@functools.lru_cache(maxsize=256)
def _order(seed: str, table: str, size: int, deal: int) -> tuple[int, ...]:
    """The k-th pass through a table; never starts with the card the previous pass ended on."""
    order = list(_shuffled(seed, table, size, deal))
    if deal > 0 and size > 1 and order[0] == _shuffled(seed, table, size, deal - 1)[-1]:
        order[0], order[1] = order[1], order[0]
    return tuple(order)


@dataclass(frozen=True)
class Deck:
    """No-repeat state for every offline table: ``seed``, cards dealt per table, the
    sentences (short hashes) each of the last :data:`WINDOW` narrations said, oldest first, and
    per table the cards of the current pass dealt ahead of their turn (``taken``: a card whose
    turn comes is passed over, so the pass still deals every card once)."""

    seed: str = "oracle"
    dealt: Mapping[str, int] = field(default_factory=dict)
    said: tuple[tuple[str, ...], ...] = ()
    taken: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    cards: tuple[str, ...] = ()

    def take(self, table: str, size: int, step: int, passed: int = 0) -> Deck:
        """The deck with the card ``step`` ahead dealt: in turn when everything before it was
        dealt already or is ``passed`` over (the first ``passed`` cards, not allowed here:
        they count as dealt), and the pass moves on; else ahead of its turn (kept in
        ``taken``)."""
        taken = set(self.taken.get(table, ()))
        taken.add(self.ahead(table, size, step))
        moved = 0
        while moved < size and (moved < passed or self.ahead(table, size, moved) in taken):
            taken.discard(self.ahead(table, size, moved))
            moved += 1
            if (self.dealt.get(table, 0) + moved) % size == 0:
                taken.clear()  # a new pass: nothing of it is dealt yet
                break
        deck = self.skip(table, moved) if moved else self
        return replace(deck, taken={**{k: v for k, v in self.taken.items() if k != table},
                                    **({table: tuple(sorted(taken))} if taken else {})})

    def recent(self) -> dict[str, int]:
        """Each sentence said within the window, and how many narrations ago (1: the last);
        each whole card of the last :data:`CARDS` dealt, further back than any sentence."""
        ages: dict[str, int] = {}
        for age, keys in enumerate(reversed(self.said), start=1):
            for key in keys:
                ages.setdefault(key, age)
        for age, key in enumerate(reversed(self.cards), start=WINDOW + 1):
            ages.setdefault(key, age)
        return ages

    def remember(self, keys: tuple[str, ...], cards: tuple[str, ...] = ()) -> Deck:
        """The deck after one more narration that said ``keys`` (its sentences) and dealt
        ``cards`` (its whole cards' keys); the memory slides on."""
        return replace(self, said=(*self.said, tuple(dict.fromkeys(keys)))[-WINDOW:],
                       cards=(*self.cards, *cards)[-CARDS:])

    def draw(self, table: str, size: int, count: int = 1) -> tuple[tuple[int, ...], Deck]:
        """Deal ``count`` indices into a table of ``size`` entries; returns them and the new deck."""
        picks = tuple(self.ahead(table, size, step) for step in range(count))
        return picks, self.skip(table, count)

    def ahead(self, table: str, size: int, step: int = 0) -> int:
        """The index ``step`` cards ahead in a table of ``size`` entries (0: the next one),
        without dealing it."""
        if size <= 0:
            raise ValueError(f"table {shown(table)} is empty.")
        deal, offset = divmod(self.dealt.get(table, 0) + step, size)
        return _order(self.seed, table, size, deal)[offset]

    def skip(self, table: str, count: int) -> Deck:
        """The deck with ``count`` more cards of ``table`` dealt."""
        return replace(self, dealt={**self.dealt, table: self.dealt.get(table, 0) + count})

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready state to keep with a campaign."""
        data: dict[str, Any] = {"seed": self.seed, "dealt": dict(sorted(self.dealt.items()))}
        if self.said:
            data["said"] = [list(keys) for keys in self.said]
        if self.cards:
            data["cards"] = list(self.cards)
        if self.taken:
            data["taken"] = {k: list(v) for k, v in sorted(self.taken.items())}
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Deck:
        """The inverse of :meth:`to_dict`."""
        dealt = {str(k): int(v) for k, v in dict(data.get("dealt", {})).items()}
        said = data.get("said", ())
        memory = tuple(tuple(str(key) for key in keys) for keys in said
                       if isinstance(keys, (list, tuple))) if isinstance(said, (list, tuple)) \
            else ()
        taken = data.get("taken", {})
        early = {str(k): tuple(int(i) for i in v) for k, v in taken.items()
                 if isinstance(v, (list, tuple))} if isinstance(taken, Mapping) else {}
        cards = data.get("cards", ())
        dealt_cards = tuple(str(c) for c in cards)[-CARDS:] if isinstance(cards, (list, tuple)) \
            else ()
        return cls(seed=str(data.get("seed", "oracle")), dealt=dealt, said=memory[-WINDOW:],
                   taken={k: v for k, v in early.items() if v}, cards=dealt_cards)

    @classmethod
    def seeded(cls, seed: object) -> Deck:
        """A fresh deck for a campaign seed (any value with a stable ``str``)."""
        return cls(seed=str(seed))
