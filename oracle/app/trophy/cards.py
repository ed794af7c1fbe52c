"""Result cards that follow the journal: a card whose roll is undone leaves the page.

A view draws a settled roll into an HTML widget and tells :class:`Cards` which journal entry
it shows; the card is sent to the page at once (before the view redraws the journal and the
sheet), and on every refresh the cards of undone entries (or of another campaign) are cleared,
so no tab keeps a stale result after Undo.
"""

from __future__ import annotations

from typing import Any

from oracle.app.wire import send_now
from oracle.errors import RequestError


class Cards:
    """The result widgets of one view and the entry each one shows."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self._shown: list[tuple[Any, str, int]] = []  # (widget, campaign id, entry)

    def put(self, seq: int, *widgets: Any) -> None:
        """``widgets`` now show entry ``seq`` of the open campaign; they leave the kernel now."""
        campaign = self.session.campaign
        if campaign is None:
            return
        self._shown = [s for s in self._shown if not any(s[0] is w for w in widgets)]
        self._shown += [(w, campaign.id, seq) for w in widgets]
        send_now()

    def live(self, seq: int | None) -> bool:
        """Whether entry ``seq`` of the open campaign stands (not undone)."""
        campaign = self.session.campaign
        if campaign is None or seq is None:
            return False
        try:
            return not campaign.entry(seq).undone
        except RequestError:  # an entry of no campaign open now
            return False

    def sweep(self) -> bool:
        """Clear the cards whose entry was undone; True if any was."""
        campaign = self.session.campaign
        kept, cleared = [], False
        for widget, owner, seq in self._shown:
            if campaign is not None and owner == campaign.id and self.live(seq):
                kept.append((widget, owner, seq))
            else:
                widget.value = ""
                cleared = True
        self._shown = kept
        return cleared
