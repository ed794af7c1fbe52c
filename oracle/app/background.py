"""Slow work off the widget thread: the newest request wins, stale answers are dropped.

Odds are computed when a field changes. Computed in the widget's own callback, a large pool
would hold the kernel, and with it the tab, until it is done. A :class:`Latest` runs each
computation on its own worker thread instead: typing goes on, each new request makes the ones
before it stale, a stale request still waiting is never started, and a stale answer is never
shown. The worker is one thread per :class:`Latest`, so a burst of typing costs at most the
computation under way plus the newest one.

:func:`settle` waits for every computation asked for so far (tests read the page after it).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, wait
from typing import Any, Generic, TypeVar

from oracle.background import blocking_allowed, pool
from oracle.errors import OracleError

T = TypeVar("T")

log = logging.getLogger("oracle.app")

_pending: set[Future[None]] = set()
_pending_lock = threading.Lock()


def _track(future: Future[None]) -> None:
    with _pending_lock:
        _pending.add(future)

    def forget(done: Future[None]) -> None:
        with _pending_lock:
            _pending.discard(done)

    future.add_done_callback(forget)


def settle(timeout: float = 30.0) -> None:
    """Wait until every computation asked for so far has shown its answer (or was dropped).

    On the event loop (the browser edition) the answers come after the caller returns, so there
    is nothing to wait for here."""
    while blocking_allowed():
        with _pending_lock:
            waiting = list(_pending)
        if not waiting:
            return
        _, not_done = wait(waiting, timeout=timeout)
        if not_done:
            return


class Latest(Generic[T]):
    """Run ``compute`` off the widget thread and hand the newest answer to ``show``.

    ``fail`` gets the refusal (an :class:`OracleError`) of the newest request; anything else
    that goes wrong is logged and handed to ``fail`` too, so nothing reaches the page as a
    traceback.
    """

    def __init__(self, show: Callable[[T], None], fail: Callable[[Exception], None]) -> None:
        self._show = show
        self._fail = fail
        self._asked = 0
        self._lock = threading.Lock()
        self._worker = pool("oracle-odds")

    def ask(self, compute: Callable[[], T]) -> None:
        """Compute this (making every earlier request stale) and show it when done."""
        with self._lock:
            self._asked += 1
            ticket = self._asked
        _track(self._worker.submit(lambda: self._run(ticket, compute)))

    def _newest(self, ticket: int) -> bool:
        with self._lock:
            return ticket == self._asked

    def _run(self, ticket: int, compute: Callable[[], T]) -> None:
        if not self._newest(ticket):
            return  # a newer request came while this one waited: never started
        try:
            value = compute()
        except Exception as exc:  # handed to the page as one sentence, never a traceback
            if not isinstance(exc, OracleError):
                log.exception("background computation failed")
            if self._newest(ticket):
                self._deliver(self._fail, exc)
            return
        if self._newest(ticket):
            self._deliver(self._show, value)

    @staticmethod
    def _deliver(to: Callable[[T], None] | Callable[[Exception], None], value: object) -> None:
        try:
            to(value)  # type: ignore[arg-type]
        except Exception:  # a widget refusing a value must not kill the worker
            log.exception("showing a background answer failed")


def markup_into(shown: Any, errors: Any) -> Latest[str]:
    """A :class:`Latest` whose answers are markup for the HTML widget ``shown``; a refusal
    empties it and puts one sentence in the error line ``errors``."""
    from oracle.app import controls as c

    def show(markup: str) -> None:
        shown.value = markup

    def fail(exc: Exception) -> None:
        shown.value = ""
        c.show_error(errors, str(exc) if isinstance(exc, OracleError)
                     else c.UNEXPECTED.format(name=type(exc).__name__))

    return Latest(show, fail)
