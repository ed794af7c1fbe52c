"""Narration off the widget thread: the dice never wait for the narrator.

One background pool (a worker thread, or the browser's event loop) voices beats in order (so
the journal keeps the order of the rolls). Each job streams pieces to ``on_text`` as they arrive (a model's sentences, each once the referee passed
it), then records the narration in the campaign and calls ``on_done``. A listener keeps what it
shows with :func:`joined`: a ``Restart`` piece replaces everything shown before it (a later
sentence failed and another text stands in). Nothing a narrator does can raise into the app:
failures become a sentence.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from oracle.background import blocking_allowed, pool
from oracle.events import NARRATION
from oracle.narrator.streaming import Restart, joined

if TYPE_CHECKING:
    from oracle.journal.campaign import Campaign
    from oracle.narrator.base import NarrationResult, Narrator
    from oracle.narrator.deck import Deck

__all__ = ["NarrationQueue", "OnDone", "OnText", "Restart", "Speaker", "Voiced", "items_or_lines",
           "joined", "make_narrator", "narrator_status", "recent_text", "restored_deck"]

log = logging.getLogger("oracle.app")

OnText = Callable[[str], None]
OnDone = Callable[["Voiced"], None]


class Speaker(Protocol):
    """The shell's way of voicing a beat (streamed into the journal's live line)."""

    def __call__(self, beat: str, result: Mapping[str, object], *, intent: str = "",
                 refers_to: int | None = None, who: tuple[str, ...] = ()) -> None: ...


@dataclass(frozen=True)
class Voiced:
    """What a narration job produced: the text (or an error sentence) and the journal entry."""

    text: str
    narrator: str
    beat: str
    items: tuple[str, ...] = ()
    seq: int | None = None
    error: str | None = None
    fallback_reason: str | None = None


def make_narrator(api_key: str | None = None, seed: object = "oracle") -> Narrator:
    """The narrator for this session: Claude with a key (the narrator module decides), else offline.

    ``api_key`` is kept in memory only, by the narrator object; it is never written or logged.
    """
    from oracle.narrator import get_narrator

    return get_narrator(api_key=api_key, seed=seed)


def narrator_status(narrator: Narrator) -> str:
    """One sentence: which narrator answers, and why."""
    try:
        status = narrator.status
    except Exception:  # noqa: BLE001 - a status must never break the page
        return "narrator: unknown"
    return str(status)


class NarrationQueue:
    """Runs narration jobs one at a time on a background thread."""

    def __init__(self) -> None:
        self._pool = pool("oracle-narrator")
        self._last: Future[Voiced] | None = None
        self._lock = threading.Lock()

    def submit(self, job: Callable[[], Voiced], on_done: OnDone | None = None) -> Future[Voiced]:
        def run() -> Voiced:
            try:
                voiced = job()
            except Exception as exc:  # the narrator never raises into the app
                log.exception("narration failed")
                voiced = Voiced(text="", narrator="none", beat="",
                                error=f"The narrator could not answer ({type(exc).__name__}); "
                                      "the roll stands as recorded.")
            if on_done is not None:
                try:
                    on_done(voiced)
                except Exception:
                    log.exception("narration callback failed")
            return voiced

        with self._lock:
            future = self._pool.submit(run)
            self._last = future
        return future

    def wait(self, timeout: float = 30.0) -> Voiced | None:
        """Wait for the newest job (tests and the bench); None when nothing was queued."""
        with self._lock:
            last = self._last
        if last is None or (not last.done() and not blocking_allowed()):
            return None  # on the event loop the job runs after this caller returns
        return last.result(timeout=timeout)

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._last is not None and not self._last.done()


def recent_text(lines: Iterable[str], limit: int = 1200) -> str:
    """The tail of the journal as plain text, for a prompt's context."""
    text = "\n".join(lines)
    return text[-limit:]


def items_or_lines(result: NarrationResult) -> tuple[str, ...]:
    """A listing beat's offers: ``items`` if given, else the non-empty lines of ``text``."""
    if result.items:
        return tuple(str(item) for item in result.items)
    text = result.text
    return tuple(line.strip(" -•\t") for line in text.splitlines() if line.strip(" -•\t"))



def restored_deck(campaign: Campaign) -> Deck:
    """The offline narrator's no-repeat deck as the newest narration left it.

    It travels inside narration events (an extra field), so a reload never replays the same
    words; a campaign without narration starts a deck from its own seed.
    """
    from oracle.narrator.deck import Deck

    for entry in reversed(campaign.entries):
        deck = entry.data.get("deck") if entry.type == NARRATION else None
        if isinstance(deck, Mapping):
            try:
                return Deck.from_dict(deck)
            except (TypeError, ValueError):
                break
    return Deck.seeded(campaign.seed)
