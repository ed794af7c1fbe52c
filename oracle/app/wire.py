"""Getting what the page has been given out of the kernel now, not when the callback ends.

A widget change is not sent by the thread that makes it: ipykernel queues it for its I/O
thread, and that thread needs the interpreter lock, which a busy callback holds until it ends
(or for Python's 5 ms switch interval). So a roll's dice waited for everything drawn after them:
the odds of a push, the journal, the sheet, the narrator's start. :func:`send_now` lets the
I/O thread send what is queued, the way ipykernel's own ``OutStream.flush`` does, and returns as
soon as it has (a fraction of a millisecond), so the player sees the dice first.

Outside a kernel (tests, scripts) there is nothing to send and it returns at once.
"""

from __future__ import annotations

import sys
import threading
from typing import Any

WAIT = 0.05  # seconds at most: a stalled I/O thread never holds a roll up for long


def _io_thread() -> Any:
    """The running kernel's I/O thread, or None (no kernel, or it is not running)."""
    module = sys.modules.get("ipykernel.kernelbase")  # never import a kernel just to ask
    if module is None or not module.Kernel.initialized():
        return None
    socket = getattr(module.Kernel.instance(), "iopub_socket", None)
    thread = getattr(socket, "io_thread", None)
    alive = getattr(getattr(thread, "thread", None), "is_alive", None)
    return thread if alive is not None and alive() and hasattr(thread, "schedule") else None


def send_now(wait: float = WAIT) -> bool:
    """Send the widget changes made so far before going on; True if a kernel sent them."""
    thread = _io_thread()
    if thread is None:
        return False
    sent = threading.Event()
    thread.schedule(sent.set)  # runs after every message queued before it
    return sent.wait(wait)
