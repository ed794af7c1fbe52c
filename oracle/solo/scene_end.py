"""The end of a scene: the player says whether it went their way, and dread moves by it.

Mythic's habit, in our own numbers: a scene that went the player's way calms the world by one
step, one that went against them wakes it by one, a mixed one leaves it. The step is kept as an
**offset** on top of the campaign's own dread (its Ruin, wounds, Injuries...), so the campaign's
state keeps moving dread too: the dread in force is ``campaign dread + offset``, within 1..9.
The offset runs from ``-MAX_OFFSET`` to ``MAX_OFFSET`` and never reaches past the scale's ends
from where the campaign stands (a calm scene at dread 1 changes nothing, and says so).
``docs/rulings.md`` (Solo oracle) gives the reasons.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from oracle.errors import RequestError, shown
from oracle.solo.answers import MAX_DREAD, MIN_DREAD, check_dread

MAX_OFFSET = 3


class Went(enum.Enum):
    """How the scene went for the player."""

    YOURS = "yours"
    MIXED = "mixed"
    AGAINST = "against"


SHIFT: Mapping[Went, int] = {Went.YOURS: -1, Went.MIXED: 0, Went.AGAINST: 1}
WORDS: Mapping[Went, str] = {Went.YOURS: "went your way", Went.MIXED: "went both ways",
                             Went.AGAINST: "went against you"}
ALIASES: Mapping[str, Went] = {"yes": Went.YOURS, "your way": Went.YOURS, "well": Went.YOURS,
                               "no": Went.AGAINST, "badly": Went.AGAINST, "both": Went.MIXED}


def parse_went(value: object) -> Went:
    """``yours``, ``mixed`` or ``against`` (also yes, no, both)."""
    if isinstance(value, Went):
        return value
    if isinstance(value, str):
        key = " ".join(value.replace("_", " ").lower().split())
        for went in Went:
            if went.value == key:
                return went
        if key in ALIASES:
            return ALIASES[key]
    raise RequestError(f"went: {shown(value)} is not how a scene went; say yours, mixed or "
                       "against.")


def check_offset(value: object) -> int:
    """A kept offset: a whole number from -3 to 3."""
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_OFFSET:
        raise RequestError(f"offset: a whole number from {-MAX_OFFSET} to {MAX_OFFSET}; "
                           f"got {shown(value)}.")
    return value


def dread_with(campaign: int, offset: int) -> int:
    """The dread in force: the campaign's own plus the scenes' offset, within 1..9."""
    return max(MIN_DREAD, min(MAX_DREAD, check_dread(campaign) + check_offset(offset)))


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


@dataclass(frozen=True)
class SceneEnd:
    """One scene's end: how it went, the offset before and after, the dread it leaves."""

    went: Went
    campaign: int
    offset_before: int
    offset: int

    @property
    def shift(self) -> int:
        """The step that was applied (0 when the scale's end or the offset's bound stopped it)."""
        return self.offset - self.offset_before

    @property
    def dread_before(self) -> int:
        return dread_with(self.campaign, self.offset_before)

    @property
    def dread(self) -> int:
        return dread_with(self.campaign, self.offset)

    @property
    def reason(self) -> str:
        """Why dread is where it is now, in one sentence."""
        wanted = SHIFT[self.went]
        step = (f"dread {_signed(wanted)}" if wanted and self.shift == wanted else
                "dread stays" if not wanted else
                f"dread would move {_signed(wanted)} but is already as far as it goes")
        return (f"The scene {WORDS[self.went]}: {step}. The campaign's numbers give "
                f"{self.campaign}; the scenes' ends add {_signed(self.offset)}; dread "
                f"{self.dread_before} -> {self.dread}.")

    def to_dict(self) -> dict[str, Any]:
        """The ``scene_end`` journal event's fields."""
        return {"went": self.went.value, "shift": self.shift, "offset": self.offset,
                "campaign_dread": self.campaign, "dread_before": self.dread_before,
                "dread": self.dread, "reason": self.reason}


def end_scene(went: Went | str, campaign: int, offset: int = 0) -> SceneEnd:
    """Close a scene: move the offset by how it went, within its bounds and the scale's."""
    how = parse_went(went)
    campaign = check_dread(campaign)
    before = check_offset(offset)
    lowest = max(-MAX_OFFSET, MIN_DREAD - campaign)
    highest = min(MAX_OFFSET, MAX_DREAD - campaign)
    before = max(lowest, min(highest, before))  # the campaign's numbers may have moved since
    after = max(lowest, min(highest, before + SHIFT[how]))
    return SceneEnd(how, campaign, before, after)
