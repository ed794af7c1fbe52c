"""The embedded offline narrator: original writing in each system's voice, dealt from seeded decks.

Each beat deals cards from its tables (``offline/`` in ``oracle/prompts`` or in the folder of
the system that owns the beat; plain or compositional, see :mod:`oracle.narrator.compose`) through a :class:`Deck`, so a replay with the same seed is
identical and no card repeats before its table is used up. Cards are filled in with the intent
quoted, never conjugated (:mod:`oracle.narrator.weave`), the place, the question's subject
(only a name the campaign knows) and the foe; a card needing words the context lacks is passed
over; themes a
line or veil keeps out are never dealt (:mod:`oracle.narrator.safety`); the settled facts follow
in words (the owning system's ``tell`` or ``closing``). The roller's full name comes once, then
the short one.

The dealing itself is :mod:`oracle.narrator.dealer`, imported when the narrator first voices a
beat (or :func:`warm` is called): its readings of the tables compile a few hundred patterns,
which a screen that voices nothing yet (the app's start) need not wait for.
"""

from __future__ import annotations

from oracle.narrator.base import NarrationContext, NarrationResult, Narrator, OnText
from oracle.narrator.deck import Deck


def warm() -> None:
    """Import the dealing now (the app does once its first screen is shown), so the first
    narration does not wait for it."""
    import oracle.narrator.dealer  # noqa: F401


class OfflineNarrator(Narrator):
    """The embedded narrator. Deterministic: same seed and deck state, same words."""

    name = "offline"

    def __init__(self, seed: object = "oracle", reason: str = "no ANTHROPIC_API_KEY",
                 deck: Deck | None = None) -> None:
        self._deck = deck if deck is not None else Deck.seeded(seed)
        self._reason = reason

    @property
    def status(self) -> str:
        return f"offline: {self._reason}"

    @property
    def deck(self) -> Deck:
        """This narrator's own deck (used when a context carries none)."""
        return self._deck

    def narrate(
        self, beat: str, context: NarrationContext, on_text: OnText | None = None
    ) -> NarrationResult:
        result = self.compose(beat, context)
        if on_text is not None:
            on_text(result.text)
        return result

    def compose(self, beat: str, context: NarrationContext,
                fallback_reason: str | None = None) -> NarrationResult:
        """Deal and weave the beat's text; advances the context's deck or this narrator's."""
        from oracle.narrator.dealer import compose

        result = compose(beat, context, context.deck if context.deck is not None else self._deck,
                         fallback_reason)
        if context.deck is None and result.deck is not None:
            self._deck = result.deck
        return result
