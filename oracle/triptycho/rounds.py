"""Initiative, the round (Draw, Turn, Discard phases), the turn, hands and decks as counts.

Triptycho chapter 3: Rolling Initiative, Round Sequence, Turn Sequence, Assists & Interrupts.
The cards are not in the text; a hand is counted, not listed.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace

from oracle.errors import RuleError, shown
from oracle.wording import plural

# Triptycho, Draw Phase: the Hand Limit is typically 5.
DEFAULT_HAND_LIMIT = 5


class Phase(enum.Enum):
    """Where a scenario stands: before the first round, then the three phases of a round."""

    SETUP = "setup"
    DRAW = "draw"
    TURNS = "turns"
    DISCARD = "discard"
    OVER = "over"


class Step(enum.Enum):
    """The steps of one entity's turn, in the order they must be taken."""

    START = "start"
    STRATEGY = "strategy"
    ACTION = "action"
    END = "end"


class StrategyOption(enum.Enum):
    """The one operation a Strategy Phase allows."""

    DRAW = "draw"
    STRATEGY_CARD = "strategy_card"
    CHANGE_EQUIPMENT = "change_equipment"
    BLOCK = "block"  # combat only


@dataclass(frozen=True)
class Initiative:
    """One entity's Initiative: what was rolled and what it goes at."""

    name: str
    player: bool
    rolled: int
    value: int

    def lowered(self, value: int) -> Initiative:
        """A player's own choice to go later: any positive number up to the roll."""
        # Triptycho, Rolling Initiative: only players, 1..rolled, before the first turn.
        if not self.player:
            raise RuleError(
                f"initiative: {self.name} is not a player; NPCs keep their Initiative roll."
            )
        if not 1 <= value <= self.rolled:
            raise RuleError(
                f"initiative: {self.name} may set Initiative to 1..{self.rolled} (the roll); "
                f"got {value}."
            )
        return replace(self, value=value)


def turn_order(entries: Sequence[Initiative]) -> tuple[Initiative, ...]:
    """Highest Initiative first; players before NPCs on a tie; otherwise listing order."""
    # Triptycho, Turn Phase: players win ties; tied players choose (we keep their listing order).
    ranked = sorted(enumerate(entries), key=lambda pair: (-pair[1].value, not pair[1].player,
                                                         pair[0]))
    return tuple(entry for _, entry in ranked)


@dataclass(frozen=True)
class Hand:
    """Cards counted: in the deck, in hand, in the discard pile; and the Hand Limit."""

    deck: int
    hand: int = 0
    discard: int = 0
    limit: int = DEFAULT_HAND_LIMIT

    def drawn(self, count: int) -> Hand:
        """Draw ``count`` cards one at a time.

        A draw that finds the deck empty shuffles the discard pile into a new deck and draws
        nothing; later draws of the same count go on from the new deck.
        """
        hand, left = self, max(0, count)
        while left > 0:  # a few turns at most, however large the counts
            if hand.deck == 0:
                if hand.discard == 0:
                    break  # nothing left to reshuffle: every further draw finds nothing
                # Triptycho, Draw Phase: reshuffle the discard pile and do not draw a card.
                hand, left = replace(hand, deck=hand.discard, discard=0), left - 1
            else:
                taken = min(left, hand.deck)
                hand = replace(hand, deck=hand.deck - taken, hand=hand.hand + taken)
                left -= taken
        return hand

    def first_draw(self) -> Hand:
        """The first round's draw: up to the Hand Limit."""
        return self.drawn(self.limit - self.hand)

    def played(self, count: int = 1) -> Hand:
        """Play ``count`` cards from hand to the discard pile."""
        if count > self.hand:
            raise RuleError(f"hand: playing {plural(count, 'card')} needs that many in hand; "
                            f"there are {self.hand}.")
        return replace(self, hand=self.hand - count, discard=self.discard + count)

    def discarded_to_limit(self) -> Hand:
        """The Discard Phase: discard down to the Hand Limit if over."""
        excess = max(0, self.hand - self.limit)
        return replace(self, hand=self.hand - excess, discard=self.discard + excess)

    def reset(self) -> Hand:
        """After a scenario: deck, hand and discard put back together."""
        return Hand(self.deck + self.hand + self.discard, 0, 0, self.limit)


def check_hand(deck: object, limit: object) -> Hand:
    """A fresh hand from a deck size and a Hand Limit."""
    for field, value in (("deck", deck), ("hand_limit", limit)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RuleError(f"{field}: a card count is a whole number 0 or more; got {shown(value)}.")
    assert isinstance(deck, int) and isinstance(limit, int)
    return Hand(deck=deck, limit=limit)


@dataclass(frozen=True)
class OffTurnPlays:
    """Assists and Interrupts one entity played in the current turn or phase."""

    assist: bool = False
    interrupt: bool = False


def off_turn_play(name: str, kind: str, used: OffTurnPlays, automatic: bool,
                  own_turn: bool) -> OffTurnPlays:
    """Record an Assist or Interrupt, or refuse it (one of each per turn, not on your own)."""
    if kind not in ("assist", "interrupt"):
        raise RuleError(f"kind: an off-turn play is an assist or an interrupt; got {shown(kind)}.")
    if automatic:
        if kind != "interrupt":
            raise RuleError("automatic: only Interrupts have the Automatic keyword.")
        # Triptycho, Assists & Interrupts: Automatic Interrupts fire anyway, off the limit.
        return used
    if own_turn:
        raise RuleError(f"{kind}: {name} cannot play an Assist or Interrupt on their own turn.")
    if getattr(used, kind):
        raise RuleError(
            f"{kind}: {name} already played an {kind.capitalize()} this turn; one per turn."
        )
    return replace(used, **{kind: True})
