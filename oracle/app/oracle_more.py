"""The Oracle tab's deeper controls: closing a scene (dread moves by how it went) and drawing
words from the meaning tables, ours and the player's own.

Each is a small view over :class:`oracle.app.solo.Solo`; the Oracle tab places them.
"""

from __future__ import annotations

from typing import Any

from oracle.app import controls as c
from oracle.app.render import esc
from oracle.app.session import Session
from oracle.app.shell_api import Shell

WENT = [("it went my way", "yours"), ("both ways", "mixed"), ("it went against me", "against")]


class SceneEndRow:
    """"How did the scene go?": the player's answer moves dread, with its reason shown."""

    def __init__(self, session: Session, shell: Shell, error: Any) -> None:
        self.session = session
        self.shell = shell
        self._went = c.dropdown(options=WENT, value="mixed", description="The scene")
        self._went.add_class("oracle-scene-went")
        self._end = c.button("End the scene", css="oracle-scene-end",
                             tooltip="dread moves by how the scene went")
        self._said = c.html("", "oracle-hint oracle-scene-ended")
        self._end.on_click(c.guard(error, self._do_end))
        self.widget = c.column(c.row(self._went, self._end), self._said,
                               css="oracle-scene-end-row")

    def _do_end(self, _button: Any = None) -> None:
        ended = self.session.solo.end_scene(str(self._went.value))
        kept = self.session.solo.set_dread
        note = (f" Dread is set by hand ({kept}), so the oracle uses that until you let go of "
                "it." if kept is not None else "")
        self._said.value = esc(ended.reason + note)
        self.shell.refresh()
