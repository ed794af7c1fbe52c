"""The Oracle tab, in every system: the solo oracle with its odds shown before asking, scenes,
and the threads and characters that come back (:mod:`oracle.app.lists_view`)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.lists_view import ListsView
from oracle.app.oracle_more import MeaningRow, SceneEndRow
from oracle.app.render import esc, percent
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.journal.render import twist_words
from oracle.solo.answers import MAX_DREAD, MIN_DREAD, Answer, AskOdds, Likelihood
from oracle.solo.asking import fraction_text
from oracle.solo.scenes import scene_odds

LEVELS = [level.value for level in Likelihood]


def odds_html(odds: AskOdds) -> str:
    """The six answers' exact chances (percent and fraction) and the twist's, as a table."""
    cells = "".join(
        f'<tr data-answer="{esc(a.value)}"><td>{esc(a.value)}</td><td><b>'
        f"{percent(odds.answers[a])}</b></td><td class='when'>{fraction_text(odds.answers[a])}"
        "</td></tr>" for a in Answer)
    return (f'<table class="oracle-odds-table">{cells}<tr data-answer="twist"><td>a twist</td>'
            f"<td><b>{percent(odds.twist)}</b></td><td class='when'>"
            f"{fraction_text(odds.twist)}</td></tr></table>")


def d10_faces(value: str) -> tuple[int, ...]:
    """Three typed d10 faces (answer, tone, omen), read as every screen reads faces."""
    from oracle.app.moves import read_faces

    return read_faces("d10 faces (answer, tone, omen)", value, 3, sides=10)


class OracleView:
    """Ask yes/no questions at a likelihood and dread, begin scenes, keep threads and people."""

    def __init__(self, session: Session, shell: Shell) -> None:
        self.session = session
        self.shell = shell
        self._question = c.text("Ask a yes/no question (e.g. Is the bridge still standing?)",
                                css="oracle-question")
        self._likelihood = c.dropdown(options=LEVELS, value="even",
                                      description="Likelihood")
        self._likelihood.add_class("oracle-likelihood")
        self._answers = c.dropdown(options=[("plain answers", "none")], value="none",
                                   description="Answers")
        self._answers.add_class("oracle-answers-table")
        self._own = c.checkbox("Set the dread by hand", css="oracle-dread-own")
        self._dread = widgets.IntSlider(value=5, min=MIN_DREAD, max=MAX_DREAD,
                                        description="Dread", continuous_update=False,
                                        style={"description_width": "initial"})
        self._dread.add_class("oracle-dread")
        self._why = c.html("", "oracle-hint oracle-dread-why")
        self._odds = c.html("", "oracle-oracle-odds")
        self._face = c.text("d10 faces: answer tone omen", label="d10 faces", width="220px",
                            css="oracle-question-face")
        self._ask = c.button("Ask the oracle", css="oracle-ask", style="primary")
        self._answer = c.html("", "oracle-answer")
        self._explore = c.text("Or ask for exploration answers (What lies beyond the ford?)",
                               css="oracle-explore")
        self._explore_ask = c.button("Ask for answers", css="oracle-explore-ask")
        self._scene_title = c.text("New scene: where (e.g. The drowned chapel)",
                                   css="oracle-scene-title")
        self._expected = c.text("What you expect to find there (empty: no roll)",
                                css="oracle-scene-expected")
        self._scene_odds = c.html("", "oracle-hint oracle-scene-odds")
        self._scene_start = c.button("Begin the scene", css="oracle-scene-start")
        self._verdict = c.html("", "oracle-scene-verdict")
        self._error = c.error_line()
        self._error.add_class("oracle-oracle-error")
        self.lists = ListsView(session, shell)
        self.scene_end = SceneEndRow(session, shell, self._error)
        self.meaning = MeaningRow(session, shell, self._error)
        self._shown_dread: tuple[bool, int] | None = None
        self._shown_campaign: str | None = None  # another campaign: the last one's words go
        self._syncing = False
        self._ask.on_click(c.guard(self._error, self._do_ask))
        self._explore_ask.on_click(c.guard(self._error, self._do_explore))
        self._scene_start.on_click(c.guard(self._error, self._do_scene))
        for field, action in ((self._question, self._do_ask), (self._face, self._do_ask),
                              (self._explore, self._do_explore),
                              (self._scene_title, self._do_scene),
                              (self._expected, self._do_scene)):
            c.on_enter(field, c.guard(self._error, action))
        self._likelihood.observe(c.guard(self._error, lambda _ch: self._show_odds()),
                                 names="value")
        self._dread.observe(c.guard(self._error, self._dread_moved), names="value")
        self._own.observe(c.guard(self._error, self._own_toggled), names="value")
        self.widget = c.column(
            c.html("<h2>Ask the oracle</h2>"),
            c.html('<div class="oracle-hint">No GM at the table? Ask. Three d10: one says yes '
                   "or no against the likelihood, one bends it (and, but) as the dread "
                   "allows, one may call a twist. The chances below are exact and shown "
                   "before you ask; the narrator adds colour, never the answer.</div>"),
            self._question, c.row(self._likelihood, self._dread, self._own), self._answers,
            self._why,
            self._odds, c.row(self._face, self._ask), self._answer,
            shell.told("oracle"),  # the narrator's colour, under the answer (by its beat)
            c.row(self._explore, self._explore_ask),
            shell.told("explore"),  # the answers, under the question (not only in the journal)
            c.html("<h3>Meaning tables</h3>"), self.meaning.widget,
            c.html("<h3>A new scene</h3>"), self._scene_title, self._expected,
            self._scene_odds, c.row(self._scene_start), self._verdict,
            c.html("<h3>The end of a scene</h3>"), self.scene_end.widget,
            self.lists.widget, self._error,
            css="oracle-oracle",
        )
        self.refresh()

    # -- showing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Bring this view up to date with the session (dread, odds, lists)."""
        solo = self.session.solo
        self._forget_other_campaign()
        self._face.layout.display = "" if getattr(self.session, "physical", False) else "none"
        chosen = solo.set_dread
        shown = (chosen is not None, solo.dread)
        if shown != self._shown_dread:
            self._shown_dread = shown
            self._syncing = True  # the widgets follow the journal: record nothing
            try:
                self._dread.value = solo.dread
                self._own.value = chosen is not None
                self._dread.disabled = chosen is None
            finally:
                self._syncing = False
        moved = solo.offset
        scenes = f"; the scenes' ends add {moved:+d}" if moved else ""
        source = ("set by hand" if chosen is not None else
                  f"from the campaign ({self._dread_reason()}{scenes})")
        self._why.value = f"Dread {solo.dread}, {esc(source)}."
        self._show_odds()
        self._offer_answers()
        self.meaning.refresh()
        self.lists.refresh()

    def _offer_answers(self) -> None:
        """The player's answers tables (``answers*.txt``) offered for the answers' words, the
        automatic one first; hidden when there are none."""
        names = self.session.solo.answers_tables()
        first = "answers" if "answers" in names else names[0] if names else "none"
        ordered = sorted(names, key=lambda n: n != first)
        options = [(f"in your words: {name}", name) for name in ordered]
        options.append(("plain answers", "none"))
        before = list(self._answers.options)
        if before != options:
            kept = self._answers.value  # the player's choice stays while it is offered
            chose = len(before) > 1 and kept in {value for _, value in options}
            self._answers.options = options
            self._answers.value = kept if chose else options[0][1]
        self._answers.layout.display = "" if names else "none"

    def _forget_other_campaign(self) -> None:
        """A campaign opened (or made): the question, answer, scene and verdict shown belong
        to the one before; clear them (and the meaning row's draw)."""
        campaign = self.session.campaign
        key = None if campaign is None else campaign.id
        if key == self._shown_campaign:
            return
        self._shown_campaign = key
        for shown in (self._answer, self._verdict, self._scene_odds, self._error):
            shown.value = ""
        for typed in (self._question, self._explore, self._scene_title, self._expected,
                      self._face):
            typed.value = ""
        self.meaning.forget()

    def _dread_reason(self) -> str:
        """What moves the open system's dread, in its own words (``System.dread_words``)."""
        from oracle.systems import SYSTEMS

        system = self.session.system
        words = SYSTEMS[system].dread_words if system in SYSTEMS else ""
        return words or "its numbers"

    def _show_odds(self) -> None:
        solo = self.session.solo
        self._odds.value = odds_html(solo.odds(self._likelihood.value))
        fates = scene_odds(solo.dread)
        self._scene_odds.value = ("With an expectation, the scene is " + ", ".join(
            f"{esc(fate.value)} {percent(p)}" for fate, p in fates.items()) + ".")

    def _dread_moved(self, change: Any) -> None:
        if self._syncing:
            return
        if self._own.value and change["new"] != self.session.solo.set_dread:
            self.session.solo.choose_dread(int(change["new"]))
            self.shell.refresh()
        self._show_odds()

    def _own_toggled(self, change: Any) -> None:
        if self._syncing:
            return
        solo = self.session.solo
        wanted = int(self._dread.value) if change["new"] else None
        if wanted != solo.set_dread and self.session.campaign is not None:
            solo.choose_dread(wanted)
        self._dread.disabled = not change["new"]
        self.shell.refresh()

    # -- acting ------------------------------------------------------------------------------

    def _do_ask(self, _button: object = None) -> None:
        faces = None
        if getattr(self.session, "physical", False):
            faces = d10_faces(self._face.value)
        asked = self.session.solo.ask(self._question.value, self._likelihood.value, faces=faces,
                                      answers=self._answers.value)
        result = asked.result
        said = ("" if result.words is None else
                f'<div class="oracle-answer-words">{esc(result.words)} <span class="oracle-hint">'
                f"({esc(result.words_table or '')})</span></div>")
        twist = twist_words(None if result.twist is None else result.twist.to_dict())
        chance = result.odds.answers[result.answer]
        outcome = "success" if result.answer.is_yes else "failure"
        self._answer.value = (
            f'<div class="oracle-outcome {outcome}">{esc(result.answer.value)}'
            f' <span class="oracle-hint">(d10 {result.dice.answer_die} {result.dice.tone_die} '
            f"{result.dice.omen_die}; {esc(result.likelihood.value)}, dread {result.dread}; "
            f"this answer had {percent(chance)})</span></div>" + said
            + (f'<div class="oracle-twist">Twist: {esc(twist)}</div>' if twist else ""))
        self.shell.voice("oracle", result.to_dict(), question=result.question,
                         refers_to=asked.seq)
        self.shell.refresh()

    def _do_explore(self, _button: object = None) -> None:
        from oracle.app.told import voiced_in

        with voiced_in(self.session, "explore"):
            self.shell.answer(self._explore.value)

    def _do_scene(self, _button: object = None) -> None:
        scene = self.session.solo.scene(self._scene_title.value, self._expected.value)
        title = esc(self._scene_title.value.strip())
        if scene is None:
            self._verdict.value = f"<div class='oracle-hint'>The scene begins: {title}.</div>"
        else:
            twist = twist_words(None if scene.twist is None else scene.twist.to_dict())
            self._verdict.value = (
                f'<div class="oracle-outcome" data-verdict="{scene.fate.value}">{title}: '
                f"<b>{esc(scene.fate.value)}</b> <span class='oracle-hint'>(2d10 "
                f"{scene.dice[0]} + {scene.dice[1]} against dread {scene.dread})</span></div>"
                + (f'<div class="oracle-twist">Twist: {esc(twist)}</div>' if twist else ""))
        self._scene_title.value = ""
        self._expected.value = ""
        self.shell.refresh()
