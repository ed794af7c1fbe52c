"""The narration of a tab's last roll, inside its result card.

On a phone the journal is two screens below the dice; a player who rolled should read the dice,
the outcome and the narrator's words together. Each view puts :meth:`Told.line` of its tab in
its result card; the shell streams a beat voiced while that tab is in view into it. The line
empties when the narration it shows is struck (X-card) or undone, or another campaign opens.
A character's loss (beat ``lost``) has its own screen: a roll that only loses someone shows a
pointer there in its card (never the words of the roll before).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from oracle.app import controls as c
from oracle.app.narration import Voiced, joined
from oracle.app.render import esc, lines_html
from oracle.errors import RequestError

SPEAKING = ('<div class="oracle-told-text"><span class="oracle-spinner"></span>'
            '<span class="oracle-hint">The narrator is speaking…</span></div>')


LOST_ELSEWHERE = ('<div class="oracle-told-text oracle-hint">The narrator tells this loss at the '
                  "top of the page, where the fate is chosen.</div>")


def told_html(text: str, streaming: bool = False) -> str:
    """The line's HTML: the words as a narration entry (escaped), a spinner while they stream."""
    spinner = '<span class="oracle-spinner"></span>' if streaming else ""
    return (f'<div class="oracle-told-text oracle-entry narration">{spinner}{lines_html(text)}'
            '</div>')


class Told:
    """One narration line per tab (key), and which journal entry each one shows."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self._lines: dict[str, Any] = {}
        self._shown: dict[str, tuple[Any, int | None]] = {}  # key -> (campaign, entry seq)
        self._aimed: str | None = None  # the card of a tabless panel the next beat is about
        self._about: dict[str, int | None] = {}  # key -> the roll its line was last voiced for

    def line(self, key: str) -> Any:
        """The narration line of tab ``key`` (made the first time it is asked for)."""
        found = self._lines.get(key)
        if found is None:
            found = self._lines[key] = c.html("", "oracle-told")
        return found

    @contextmanager
    def about(self, key: str) -> Iterator[None]:
        """Within this, a beat voiced with no tab in view is about card ``key`` of a panel (Die
        Trying's check, cast and death save cards; Triptycho's attack card)."""
        self._aimed = key
        try:
            yield
        finally:
            self._aimed = None

    def listen(self, key: str | None, beat: str, refers_to: int | None = None,
               ) -> tuple[Callable[[str], None], Callable[[Voiced], None]] | None:
        """(on_text, on_done) streaming a beat into tab ``key``'s line, or None (no line).

        ``refers_to`` is the roll voiced. A loss is told on its own screen: a roll that only
        loses someone leaves its card a pointer there, never the words of the roll before.
        """
        if self._aimed is not None and (not key or self._aimed in self._lines):
            key = self._aimed  # a tabless panel's card, or a tab's own second line (explore)
        # a tab with two rolls has a line for one of them by its beat (Ruin's "reduction")
        line = self._lines.get(beat) or self._lines.get(key or "")
        if line is None:
            return None
        key = beat if beat in self._lines else key or ""
        if beat == "lost":
            if refers_to is None or self._about.get(key) != refers_to:
                line.value = LOST_ELSEWHERE  # the roll's own words went to the lost screen
                self._shown[key] = (self.session.campaign, refers_to)  # goes when it is undone
                self._about[key] = refers_to
            return None
        line.value = SPEAKING
        self._about[key] = refers_to
        self._shown.pop(key, None)
        streamed = [""]
        campaign = self.session.campaign

        def on_text(piece: str) -> None:
            streamed[0] = joined(streamed[0], piece)  # a Restart replaces what was shown
            line.value = told_html(streamed[0], streaming=True)

        def on_done(voiced: Voiced) -> None:
            text = voiced.text or streamed[0]
            if voiced.error and not text:
                line.value = f'<div class="oracle-hint">{esc(voiced.error)}</div>'
                return
            line.value = told_html(text) if text else ""
            self._shown[key] = (campaign, voiced.seq)
            self.refresh()  # struck or undone while it was spoken

        return on_text, on_done

    def refresh(self) -> None:
        """Empty each line whose narration is struck or undone, or of a campaign not open."""
        campaign = self.session.campaign
        for key, (owner, seq) in list(self._shown.items()):
            if owner is campaign and (seq is None or self._stands(seq)):
                continue
            self._lines[key].value = ""
            del self._shown[key]

    def _stands(self, seq: int) -> bool:
        try:
            entry = self.session.campaign.entry(seq)
        except RequestError:
            return False
        return not entry.undone and not entry.struck


def card_line(source: Any, key: str) -> Any:
    """The narration line of card ``key`` in a tabless panel: the shell's (what the narrator
    says of a roll made in that card streams into it), or a line of its own for a panel that
    stands alone (a view tried out without the app)."""
    told = getattr(source, "told", None)
    return told.line(key) if isinstance(told, Told) else c.html("", "oracle-told")


def result_card(source: Any, result: Any, key: str) -> Any:
    """A panel's result card: the ``result`` widget, then what the narrator says of it."""
    return c.column(result, card_line(source, key), css="oracle-result-card")


@contextmanager
def voiced_in(source: Any, key: str) -> Iterator[None]:
    """Within this, what ``source`` (a session) voices is shown in card ``key``'s line."""
    told = getattr(source, "told", None)
    if not isinstance(told, Told):
        yield
        return
    with told.about(key):
        yield
