"""The table around the dice: ask the oracle, safety lines and veils, the narrator and its key."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.render import esc
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.narrator.asking import YES_FROM


class OracleView:
    """Questions: yes/no answers rolled on a d6, and exploration answers voiced."""

    def __init__(self, session: Session, shell: Shell) -> None:
        self.session = session
        self.shell = shell
        self._question = c.text("Ask a yes/no question (e.g. Is the bridge still standing?)",
                                css="oracle-question")
        self._likelihood = widgets.Dropdown(options=list(YES_FROM), value="even",
                                            description="Likelihood",
                                            style={"description_width": "initial"})
        self._face = c.text("1 to 6", label="d6 face", width="130px", css="oracle-question-face")
        self._ask = c.button("Ask the oracle", css="oracle-ask", style="primary")
        self._answer = c.html("", "oracle-answer")
        self._explore = c.text("Or ask for exploration answers (What lies beyond the ford?)",
                               css="oracle-explore")
        self._explore_ask = c.button("Ask for answers", css="oracle-explore-ask")
        self._error = c.error_line()
        self._ask.on_click(c.guard(self._error, self._do_ask))
        self._explore_ask.on_click(c.guard(self._error, self._do_explore))
        c.on_enter(self._question, c.guard(self._error, self._do_ask))
        c.on_enter(self._face, c.guard(self._error, self._do_ask))
        c.on_enter(self._explore, c.guard(self._error, self._do_explore))
        self.widget = c.column(
            c.html("<h2>Ask the oracle</h2>"),
            c.html('<div class="oracle-hint">No GM at the table? Ask. A yes/no answer is one d6 '
                   "read against how likely it seems; the narrator adds colour, never the "
                   "answer.</div>"),
            self._question, c.row(self._likelihood, self._face, self._ask), self._answer,
            c.row(self._explore, self._explore_ask), self._error,
            css="oracle-oracle",
        )
        self.refresh()

    def refresh(self) -> None:
        """Bring this view up to date with the session."""
        self._face.layout.display = "" if getattr(self.session, "physical", False) else "none"

    def _do_ask(self, _button: Any = None) -> None:
        face = None
        if getattr(self.session, "physical", False):
            face = c.parse_faces("d6 face", self._face.value, 1)[0]
        result = self.session.ask(self._question.value, self._likelihood.value, face)
        self._answer.value = (f'<div class="oracle-outcome success">{esc(result["answer"])}'
                              f' <span class="oracle-hint">(d6 {result["face"]}, '
                              f'{esc(result["likelihood"])})</span></div>')
        self.shell.voice("oracle", result, question=self._question.value,
                         refers_to=int(result["seq"]))
        self.shell.refresh()

    def _do_explore(self, _button: Any = None) -> None:
        question = self._explore.value.strip()
        if not question:
            from oracle.errors import RequestError

            raise RequestError("question: ask something about the world first.")
        self.shell.voice("answer", {"roll": "hunt"}, question=question)


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
            c.row(self._key, self._use_key, self._forget), self._key_error,
            css="oracle-safety",
        )
        self.refresh()

    def refresh(self) -> None:
        """Bring this view up to date with the session."""
        safety = self.session.safety
        saved = (tuple(safety["lines"]), tuple(safety["veils"]))
        if saved != self._shown:  # never overwrite what the player is still typing
            self._shown = saved
            self._lines.value = "\n".join(safety["lines"])
            self._veils.value = "\n".join(safety["veils"])
        self._status.value = (f"<div>{esc(self.session.status)}</div><div class='oracle-hint'>"
                              "A pasted key is kept in this kernel's memory only: never written "
                              "to disk, never logged, gone when the tab closes.</div>")

    def _do_save(self, _button: Any = None) -> None:
        self.session.set_safety(c.split_lines(self._lines.value), c.split_lines(self._veils.value))
        self.shell.refresh()

    def _do_key(self, _button: Any = None) -> None:
        key = self._key.value
        self._key.value = ""  # the browser's copy goes at once
        self.session.set_api_key(key)
        self.shell.refresh()

    def _do_forget(self, _button: Any = None) -> None:
        self._key.value = ""
        self.session.forget_api_key()
        self.shell.refresh()
