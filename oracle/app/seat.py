"""Which device a page is on, at a table: its seat (who it plays) and whether it is the GM's.

``oracle serve --table`` hands every device that opens the join link a seat of its own: the
redirect adds ``seat=<random>`` to the page's address (:mod:`oracle.serve_voila`), so a reload
keeps it. The character a device plays is remembered per seat, as a campaign ``preference``
whose key names the seat (``active@<seat>``): one player's pick never changes another's; so is
the choice of physical dice (``physical@<seat>``). A page without a seat (one player on one
machine) keeps the shared keys ``active`` and ``physical``, as before.

``gm=1`` in the address (the GM's link printed by ``serve --table``) is the GM's view: every
character's sheet and the whole journal. It is a view, not a permission: nothing in a campaign
is hidden from the table, so a player who adds ``gm=1`` only sees the same things laid out wider.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

if TYPE_CHECKING:
    from oracle.app.session import Session

SEAT_PARAM = "seat"
GM_PARAM = "gm"
ACTIVE = "active"
_SEAT_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_YES = frozenset({"1", "yes", "true", "on"})


@dataclass(frozen=True)
class Seat:
    """A page's place at the table: ``id`` (None: not at a table) and ``gm``."""

    id: str | None = None
    gm: bool = False

    @property
    def key(self) -> str:
        """The preference key that remembers this seat's character."""
        return self.keyed(ACTIVE)

    def keyed(self, preference: str) -> str:
        """``preference`` as this seat keeps it (a device's own choice: character, dice)."""
        return preference if self.id is None else f"{preference}@{self.id}"

    def pick(self, preferences: Mapping[str, object], names: Sequence[str]) -> str | None:
        """The character this seat played last if still in play, else the first one in play."""
        remembered = preferences.get(self.key)
        if remembered in names:
            return str(remembered)
        return names[0] if names else None

    @classmethod
    def from_query(cls, query: str | None) -> Seat:
        """The seat a page's query string names; anything malformed is simply no seat."""
        fields = parse_qs(query or "", keep_blank_values=True)
        seat = (fields.get(SEAT_PARAM) or [""])[0]
        gm = (fields.get(GM_PARAM) or [""])[0].strip().lower() in _YES
        return cls(seat if _SEAT_ID.fullmatch(seat) else None, gm)


def request_seat() -> Seat:
    """The seat of the page this kernel serves (Voila puts the query string in the kernel's
    environment; a preheated kernel has it after ``wait_for_request``)."""
    return Seat.from_query(os.environ.get("QUERY_STRING"))


def take_seat(session: Session, seat: Seat) -> None:
    """Seat ``session`` (a preheated page learns its seat late): its own character comes back."""
    session.seat = seat
    campaign = session.campaign
    if campaign is not None:
        session.active = seat.pick(campaign.settings.preferences, session.moves.in_play())
    session.changed()
