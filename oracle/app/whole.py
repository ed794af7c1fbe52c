"""A view built whole: each widget made while building leaves the kernel once, as it ends up.

ipywidgets opens a widget's model the moment the widget is made, sending its state; every
change after that is one more message. A view sets most of its look after making a control (a
class hook, a width, ``display: none`` for what waits for a roll, the values of its first
refresh), so the first view of a campaign was 155 models and 243 update messages on top. Each
message is serialised and signed by the kernel, and under ``--preheat`` also read by the
server, which renders the notebook while the kernel runs it: work done while a player's page
is loading, since the pool refills when a page takes its kernel.

Inside :func:`built_whole`, opening is put off: a widget made there is opened when the block
ends, with the values it has then, in the order the widgets were made (a box is opened after
its children, which it names). A put-off widget that something already in the page must name
(``box.children = (...)`` on an open box, say) is opened at that moment, as ipywidgets's own
``model_id`` says it would. Nothing else changes: values read and set as before, and outside a
build (a click, the narrator's thread) widgets open at once.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

_LOCAL = threading.local()  # .made: the widgets this thread's build has put off, in order
_PUT_OFF: dict[int, Any] = {}  # id -> widget, every thread's (a widget can be named anywhere)
_LOCK = threading.RLock()
_PLAIN: dict[str, Any] = {}


def _open(widget: Any) -> None:
    """Open ``widget`` now if its opening was put off (a no-op otherwise)."""
    with _LOCK:
        if _PUT_OFF.pop(id(widget), None) is None:
            return
    _PLAIN["open"](widget)


def _deferring_open(self: Any) -> None:
    made: list[Any] | None = getattr(_LOCAL, "made", None)
    if made is None or self.comm is not None:
        _PLAIN["open"](self)
        return
    with _LOCK:
        _PUT_OFF[id(self)] = self
    made.append(self)


def _model_id(self: Any) -> str:
    if self.comm is None:
        _open(self)  # named by a widget being opened or sent: it must exist in the page first
    return str(self.comm.comm_id)


def _closing(self: Any) -> None:
    with _LOCK:
        _PUT_OFF.pop(id(self), None)  # closed before it was opened: it never will be
    _PLAIN["close"](self)


def _install() -> None:
    if _PLAIN:
        return
    _PLAIN["open"], _PLAIN["close"] = widgets.Widget.open, widgets.Widget.close
    widgets.Widget.open = _deferring_open
    widgets.Widget.close = _closing
    widgets.Widget.model_id = property(_model_id, doc=widgets.Widget.model_id.__doc__)


@contextmanager
def built_whole() -> Iterator[None]:
    """Put off opening the widgets made inside until the block ends (nested: the outer one)."""
    _install()
    if getattr(_LOCAL, "made", None) is not None:
        yield
        return
    made: list[Any] = []
    _LOCAL.made = made
    try:
        yield
    finally:
        _LOCAL.made = None
        for widget in made:
            _open(widget)
