"""A circuit breaker for a model narrator: after a failure, stop asking for a while.

When the model fails (a timeout, no connection, a server error, a bad key), every call in the
next ``cooldown`` seconds goes to the offline narrator at once instead of waiting out another
timeout. After the cooldown one call tries the model again (half-open); it closes the breaker if
it succeeds and opens it for another cooldown if it fails. A cooldown of 0 disables the breaker.

The clock is passed in (tests give a fake one); the breaker is shared by threads.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

DEFAULT_COOLDOWN = 60.0
MAX_COOLDOWN = 3600.0


def seconds_from(env: Mapping[str, str], name: str, default: float, low: float,
                 high: float) -> float:
    """A setting in seconds from ``env[name]`` when it is a number in ``low..high``."""
    raw = env.get(name, "").strip()
    try:
        value = float(raw)
    except ValueError:
        return default
    return value if low <= value <= high else default


def cooldown_from(env: Mapping[str, str], default: float = DEFAULT_COOLDOWN) -> float:
    """``ORACLE_NARRATOR_COOLDOWN`` in seconds (0 disables, at most 3600), else ``default``."""
    return seconds_from(env, "ORACLE_NARRATOR_COOLDOWN", default, 0, MAX_COOLDOWN)


@dataclass(frozen=True)
class Admission:
    """Whether a call may go to the model; when not, ``reason`` says why (for fallback_reason)."""

    allowed: bool
    reason: str | None = None


class Breaker:
    """Closed (calls go through), open (calls are refused until a time), or half-open (one trial)."""

    def __init__(self, cooldown: float = DEFAULT_COOLDOWN, label: str = "Claude",
                 clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time) -> None:
        self.cooldown = max(0.0, float(cooldown))
        self.label = label
        self._clock = clock
        self._wall = wall
        self._lock = threading.Lock()
        self._failure: str | None = None  # the reason of the failure that opened the breaker
        self._until = 0.0  # open until this clock time
        self._trial = False  # a half-open trial call is under way

    def admit(self) -> Admission:
        """May this call ask the model? While open, no; the first call after the cooldown may."""
        with self._lock:
            if self._failure is None or self.cooldown == 0:
                return Admission(True)
            now = self._clock()
            if now >= self._until and not self._trial:
                self._trial = True
                return Admission(True)
            wait = max(1, round(self._until - now)) if now < self._until else None
            when = f"for {wait} s more" if wait is not None else "while another call tries it"
            return Admission(False, f"{self.label} is paused {when} after a failure "
                                    f"({self._failure})")

    def succeeded(self) -> None:
        """The model answered: close the breaker."""
        with self._lock:
            self._failure = None
            self._trial = False

    def failed(self, reason: str) -> None:
        """The model could not be used: open the breaker for a cooldown."""
        with self._lock:
            self._failure = reason
            self._until = self._clock() + self.cooldown
            self._trial = False

    @property
    def failure(self) -> str | None:
        """The reason of the last failure while the breaker is open (None when closed)."""
        with self._lock:
            return self._failure

    def remaining(self) -> float:
        """Seconds until the model is tried again (0 when closed or due)."""
        with self._lock:
            if self._failure is None or self.cooldown == 0:
                return 0.0
            return max(0.0, self._until - self._clock())

    def status(self, answering: str) -> str:
        """The narrator's status line: ``answering`` when closed, else offline, why, and when
        the model is tried again (a clock time, so a header that is not redrawn stays true)."""
        with self._lock:
            failure, until, cooldown = self._failure, self._until, self.cooldown
            now = self._clock()
        if failure is None:
            return answering
        if cooldown == 0:
            return f"offline: {failure}, retrying next call"
        if now < until:
            at = time.strftime("%H:%M:%S", time.localtime(self._wall() + (until - now)))
            return f"offline: {failure}; {self.label} is tried again from {at}"
        return f"offline: {failure}; {self.label} is tried again on the next call"
