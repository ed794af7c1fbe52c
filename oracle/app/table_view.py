"""The table around the dice: safety lines and veils, the narrator and its key (the Oracle tab
is :mod:`oracle.app.oracle_view`)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle import edition
from oracle.app import controls as c
from oracle.app.oracle_view import OracleView
from oracle.app.render import esc
from oracle.app.session import Session
from oracle.app.shell_api import Shell

__all__ = ["OracleView", "SafetyView"]


class SafetyView:
    """Lines and veils for this campaign (they reach every prompt), the X-card, the narrator."""

    def __init__(self, session: Session, shell: Shell, on_x_card: Any) -> None:
        self.session = session
        self.shell = shell
        self._lines = c.area("Lines: what never appears in this game (one per line)", rows=3,
                             css="oracle-lines")
        self._veils = c.area("Veils: what happens only off-screen (one per line)", rows=3,
                             css="oracle-veils")
        self._save = c.button("Save lines and veils", css="oracle-save-safety", style="primary")
        self._x_card = c.button("X-card: strike the last narration", css="oracle-x-card-big",
                                style="danger")
        self._status = c.html("", "oracle-narrator-detail")
        self._key = widgets.Password(placeholder="sk-ant-… (this session only; never stored)",
                                     description="Claude key",
                                     style={"description_width": "initial"})
        self._key.layout.width = "420px"  # at most: oracle.css lets it give way on a phone
        self._key.add_class("oracle-api-key")
        self._use_key = c.button("Use for this session", css="oracle-use-key")
        self._forget = c.button("Forget the key", css="oracle-forget-key")
        self._error = c.error_line()
        self._key_error = c.error_line()
        self._error.add_class("oracle-safety-error")
        self._key_error.add_class("oracle-key-error")
        self._shown: tuple[tuple[str, ...], tuple[str, ...]] | None = None
        self._save.on_click(c.guard(self._error, self._do_save))
        self._x_card.on_click(c.guard(self._error, lambda _b: on_x_card()))
        self._use_key.on_click(c.guard(self._key_error, self._do_key))
        self._forget.on_click(c.guard(self._key_error, self._do_forget))
        c.on_enter(self._key, c.guard(self._key_error, self._do_key))
        self.widget = c.column(
            c.html("<h2>Safety</h2>"),
            c.html('<div class="oracle-hint">Lines and veils are kept with the campaign and '
                   "reach every narration. The X-card needs no reason.</div>"),
            self._lines, self._veils, c.row(self._save, self._x_card), self._error,
            c.html("<h2>Narrator</h2>"), self._status,
            *self._key_row(),
            css="oracle-safety",
        )
        self.refresh()

    def _key_row(self) -> tuple[Any, ...]:
        """The Claude key's row; in the browser edition, the sentence saying it needs the server."""
        if edition.browser():
            return (c.html(f'<div class="oracle-hint">{esc(edition.SERVER_ONLY)}</div>',
                           "oracle-server-only"),)
        return (c.row(self._key, self._use_key, self._forget), self._key_error)

    def refresh(self) -> None:
        """Bring this view up to date with the session."""
        safety = self.session.safety
        saved = (tuple(safety["lines"]), tuple(safety["veils"]))
        if saved != self._shown:  # never overwrite what the player is still typing
            self._shown = saved
            self._lines.value = "\n".join(safety["lines"])
            self._veils.value = "\n".join(safety["veils"])
        keys = ("" if edition.browser() else "<div class='oracle-hint'>A pasted key is kept in "
                "this kernel's memory only: never written to disk, never logged, gone when the "
                "tab closes.</div>")
        self._status.value = f"<div>{esc(self.session.status)}</div>{keys}"

    def _do_save(self, _button: object = None) -> None:
        self.session.set_safety(c.split_lines(self._lines.value), c.split_lines(self._veils.value))
        self.shell.refresh()

    def _do_key(self, _button: object = None) -> None:
        key = self._key.value
        self._key.value = ""  # the browser's copy goes at once
        self.session.set_api_key(key)
        self.shell.refresh()

    def _do_forget(self, _button: object = None) -> None:
        self._key.value = ""
        self.session.forget_api_key()
        self.shell.refresh()
