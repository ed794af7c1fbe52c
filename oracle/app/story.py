"""What of the campaign's story memory a beat is told (the narration context's story fields).

The memory itself is folded from the journal (:mod:`oracle.journal.story`); this picks, for one
beat and one result, the place, the foe of the fight, who else is present, the attempt stated,
the "what could go wrong" picked and the bargain owed on it, and hands the whole memory over as
facts, so both narrators know all of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from oracle.journal.story import Said, StoryMemory, party_of
from oracle.narrator.beats import BEATS
from oracle.systems import SYSTEMS
from oracle.wording import the_foe


def _fight(system: str, beat: str, result: Mapping[str, object]) -> bool:
    """The beat voices a fight, or the result settles one (its foe defeated or standing) or
    is a roll against the foe."""
    if beat in BEATS and BEATS[beat].fight:
        return True
    if system not in SYSTEMS:
        return False
    settled = SYSTEMS[system].settled(result)
    return settled.defeated is not None or settled.against_foe


def _foe(memory: StoryMemory, beat: str, result: Mapping[str, object], system: str) -> str:
    """The foe's name while a fight is under way or the result is a fight's (its description
    reaches the narrators among the story facts)."""
    foe = memory.foe
    if foe is None:
        return ""
    fighting = memory.fighting or _fight(system, beat, result)
    if not fighting:
        return ""
    return the_foe(foe.name, foe.drawn)  # a bestiary name reads "the Pale Stag"


def _stated(memory: StoryMemory, beat: str, result: Mapping[str, object]) -> str:
    """What the player stated for the roll being voiced, when the view passed nothing."""
    kinds = [BEATS[name].said for name in (beat, str(result.get("roll", ""))) if name in BEATS]
    kind = next((k for k in kinds if k != "intent"), "intent")
    said = getattr(memory, kind)
    if said is None or (beat in BEATS and not BEATS[beat].voices_said):
        return ""
    return str(said.text)


def _current(said: Said | None, memory: StoryMemory) -> str:
    """``said`` if it belongs to the newest stated attempt (not an older roll's)."""
    if said is None or memory.intent is None or said.seq != memory.intent.seq:
        return ""
    return str(said.text)


def _owed_now(memory: StoryMemory) -> str:
    """The Devil's Bargain accepted on the newest attempt, if it is still owed."""
    return next((_current(b, memory) for b in reversed(memory.owed) if _current(b, memory)), "")


def story_context(memory: StoryMemory, beat: str, result: Mapping[str, object], intent: str,
                  in_play: Sequence[str], roller: Sequence[str], system: str = ""
                  ) -> dict[str, Any]:
    """``NarrationContext.build`` keywords from the memory; ``intent`` given by a view wins.
    ``system``: the campaign's, which says whether the result settles a fight."""
    # offers for the next roll, not the last one
    before_roll = beat in BEATS and BEATS[beat].before_roll
    return {
        "intent": intent or _stated(memory, beat, result),
        "place": memory.place,
        "monster": _foe(memory, beat, result, system),
        "party": party_of(memory, in_play, roller),
        "could_go_wrong": "" if before_roll else _current(memory.could_go_wrong, memory),
        "bargain": "" if before_roll else _owed_now(memory),
        "story": memory.facts(),
    }
