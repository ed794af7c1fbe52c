"""What every view may ask of the app around it (kept tiny so views stay testable)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol


class Shell(Protocol):
    """The app shell: voices beats into the journal's live line, refreshes after changes."""

    def voice(self, beat: str, result: Mapping[str, object], *, intent: str = "",
              question: str = "", refers_to: int | None = None,
              who: tuple[str, ...] = ()) -> None: ...

    def answer(self, question: str) -> None:
        """Voice the GM's answers to an exploration question (one sentence if it is empty)."""

    def refresh(self) -> None: ...

    def told(self, title: str) -> Any:
        """The narration line of tab ``title``, for its result card (a roll's words beside
        its dice on a phone)."""

    def owed(self) -> Any:
        """What a roll leaves owed (a Condition's question), for a result card that may mark
        Ruin: asked by the result, not a screen below it on a phone."""

    def view(self, title: str) -> Any:
        """The view of tab ``title`` (built the first time it is asked for)."""
