"""A narrator for tests: answers are queued with :meth:`FakeNarrator.enqueue`, calls recorded."""

from __future__ import annotations

from collections import deque

from oracle.narrator.base import NarrationContext, NarrationResult, Narrator, OnText
from oracle.narrator.beats import find_beat


class FakeNarrator(Narrator):
    """Returns queued texts in order (streamed word by word); ``history`` keeps every call."""

    name = "fake"

    def __init__(self, *texts: str) -> None:
        self._queue: deque[str] = deque(texts)
        self.history: list[tuple[str, NarrationContext]] = []

    def enqueue(self, *texts: str) -> None:
        """Queue the texts the next calls will return."""
        self._queue.extend(texts)

    def narrate(
        self, beat: str, context: NarrationContext, on_text: OnText | None = None
    ) -> NarrationResult:
        spec = find_beat(beat)
        self.history.append((beat, context))
        text = self._queue.popleft() if self._queue else f"[fake {beat}]"
        if on_text is not None:
            for index, word in enumerate(text.split(" ")):
                on_text(word if index == 0 else " " + word)
        items = tuple(line.removeprefix("- ") for line in text.splitlines()) if spec.listing else ()
        return NarrationResult(text=text, narrator="fake", beat=beat, items=items)
