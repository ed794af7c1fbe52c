"""Background work, in one place: ``spawn`` (run soon), ``later`` (after a delay), ``every``
(again and again), ``pool`` (jobs in order, each with a future).

Two runners do the same jobs and one is chosen once, when this module is first imported:

- **threads** (the server, the command line, tests): ``spawn`` starts a daemon thread, ``later`` a
  daemon timer, and a pool is a one-worker thread pool, so a job runs in order with the others of
  its pool while the widget callback that asked for it returns at once;
- **the event loop** (the browser edition, where Pyodide cannot start a thread): every job is a
  callback on the running asyncio loop, run after the callback that asked for it returns. A job
  then holds the page while it runs, so the jobs handed here are the short ones the app has.

``ORACLE_BACKGROUND=threads|loop`` overrides the choice (the default is ``loop`` under
Emscripten, ``threads`` elsewhere). A job that raises is logged and never reaches the caller of
``spawn`` or ``later``; a pool's job hands its exception to its future.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Protocol, TypeVar

T = TypeVar("T")

log = logging.getLogger("oracle.background")


class Handle(Protocol):
    """A job asked for ``later``: ``cancel()`` stops it if it has not started."""

    def cancel(self) -> None: ...


class Pool(Protocol):
    """Jobs run one at a time, in the order they were submitted."""

    def submit(self, job: Callable[[], T]) -> Future[T]: ...


def _logged(job: Callable[[], object], name: str) -> Callable[[], None]:
    def run() -> None:
        try:
            job()
        except Exception:  # a background job never raises into whoever scheduled it
            log.exception("background job %s failed", name)

    return run


class Threads:
    """The runner of a normal Python: daemon threads, timers and one-worker thread pools."""

    name = "threads"

    def spawn(self, job: Callable[[], object], name: str = "oracle-work") -> None:
        threading.Thread(target=_logged(job, name), daemon=True, name=name).start()

    def later(self, delay: float, job: Callable[[], object], name: str = "oracle-later") -> Handle:
        timer = threading.Timer(delay, _logged(job, name))
        timer.daemon = True
        timer.name = name
        timer.start()
        return timer

    def pool(self, name: str = "oracle-pool") -> Pool:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)


class _LoopPool:
    """A pool on the event loop: each job is a callback, so they run in submission order."""

    def __init__(self, runner: Loop) -> None:
        self._runner = runner

    def submit(self, job: Callable[[], T]) -> Future[T]:
        future: Future[T] = Future()

        def run() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                future.set_result(job())
            except Exception as exc:  # noqa: BLE001 - handed to whoever holds the future
                future.set_exception(exc)

        self._runner.loop().call_soon(run)
        return future


class Loop:
    """The runner of the browser edition: callbacks on the running asyncio loop."""

    name = "loop"

    @staticmethod
    def loop() -> asyncio.AbstractEventLoop:
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.get_event_loop_policy().get_event_loop()

    def spawn(self, job: Callable[[], object], name: str = "oracle-work") -> None:
        self.loop().call_soon(_logged(job, name))

    def later(self, delay: float, job: Callable[[], object], name: str = "oracle-later") -> Handle:
        return self.loop().call_later(delay, _logged(job, name))

    def pool(self, name: str = "oracle-pool") -> Pool:
        return _LoopPool(self)


def choose(value: str | None = None) -> Threads | Loop:
    """The runner named by ``ORACLE_BACKGROUND`` (or ``value``), else the platform's."""
    wanted = (value or os.environ.get("ORACLE_BACKGROUND", "")).strip().lower()
    if wanted not in ("", "threads", "loop"):
        raise ValueError(f"ORACLE_BACKGROUND must be threads or loop, not {wanted!r}.")
    if wanted == "loop" or (not wanted and sys.platform == "emscripten"):
        return Loop()
    return Threads()


RUNNER: Threads | Loop = choose()


def spawn(job: Callable[[], object], name: str = "oracle-work") -> None:
    """Run ``job`` soon, after the caller returns (a thread, or the next turn of the loop)."""
    RUNNER.spawn(job, name)


def later(delay: float, job: Callable[[], object], name: str = "oracle-later") -> Handle:
    """Run ``job`` after ``delay`` seconds unless the returned handle is cancelled first."""
    return RUNNER.later(delay, job, name)


def pool(name: str = "oracle-pool") -> Pool:
    """A queue of jobs run one at a time, each with a future for its answer."""
    return RUNNER.pool(name)


class _Every:
    """``job`` every ``interval`` seconds (each run scheduled after the last one ended)."""

    def __init__(self, interval: float, job: Callable[[], object], name: str) -> None:
        self._interval, self._job, self._name = interval, job, name
        self._stopped = False
        self._handle = later(interval, self._run, name)

    def _run(self) -> None:
        if self._stopped:
            return
        try:
            self._job()
        finally:
            if not self._stopped:
                self._handle = later(self._interval, self._run, self._name)

    def cancel(self) -> None:
        self._stopped = True
        self._handle.cancel()


def every(interval: float, job: Callable[[], object], name: str = "oracle-every") -> Handle:
    """Run ``job`` every ``interval`` seconds until the returned handle is cancelled."""
    return _Every(interval, job, name)


def blocking_allowed() -> bool:
    """True where waiting for a background job cannot stall it (threads); False on the loop."""
    return isinstance(RUNNER, Threads)


__all__ = ["RUNNER", "Handle", "Loop", "Pool", "Threads", "blocking_allowed", "choose", "every",
           "later", "pool", "spawn"]
