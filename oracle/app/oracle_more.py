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


class MeaningRow:
    """Draw words from a meaning table (ours in the campaign's genre, or the player's own)."""

    def __init__(self, session: Session, shell: Shell, error: Any) -> None:
        self.session = session
        self.shell = shell
        self._table = c.dropdown(options=[], description="Meaning table")
        self._table.add_class("oracle-meaning-table")
        self._n = c.number(value=2, min=1, max=20, description="how many")
        self._n.add_class("oracle-meaning-n")
        self._draw = c.button("Draw", css="oracle-meaning-draw",
                              tooltip="draw words to read the answer by; journalled")
        self._drawn = c.html("", "oracle-meaning-drawn")
        self._own = c.html("", "oracle-hint oracle-meaning-own")
        self._shown: tuple[tuple[str, str], ...] = ()
        self._draw.on_click(c.guard(error, self._do_draw))
        self.widget = c.column(c.row(self._table, self._n, self._draw), self._drawn, self._own,
                               css="oracle-meaning")
        self.refresh()

    def refresh(self) -> None:
        """Offer every table, with its size; say which of the player's files were refused."""
        errors: list[str] = []
        tables = self.session.solo.tables(errors)
        choices = tuple((f"{t.name} ({len(t.entries)}{', yours' if t.source != 'ours' else ''})",
                         t.name) for t in tables.values())
        if choices != self._shown:
            self._shown = choices
            c.set_options(self._table, list(choices))
        own = sum(t.source != "ours" for t in tables.values())
        note = (f"{own} of your own tables." if own else
                "Your own tables: .txt files in ORACLE_HOME/tables/, one entry a line.")
        self._own.value = esc(" ".join([note, *errors]))

    def forget(self) -> None:
        """Another campaign is open: the words drawn for the last one go."""
        self._drawn.value = ""

    def _do_draw(self, _button: Any = None) -> None:
        name = str(self._table.value or "")
        drawn = self.session.solo.draw_meaning(name, int(self._n.value))
        self._drawn.value = (f'<div class="oracle-meaning-words"><b>{esc(name)}</b>: '
                             + " · ".join(f"<span>{esc(w)}</span>" for w in drawn) + "</div>")
        self.shell.refresh()
