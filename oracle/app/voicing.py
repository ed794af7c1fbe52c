"""What the narrator is handed for a session: the context of a beat (the result, the people,
the recent journal and the whole story memory), and what a struck narration had voiced, read
back from the journal so the X-card can ask for other words about the same moment."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from oracle.app.narration import recent_text

if TYPE_CHECKING:
    from oracle.app.session import Session
    from oracle.journal.replay import Entry
    from oracle.narrator.base import NarrationContext


def narration_context(session: Session, result: Mapping[str, object], intent: str = "",
                      question: str = "", n: int = 3, who: Sequence[str] = (),
                      beat: str = "") -> NarrationContext:
    """The narration context: the result, the people, and the whole story memory."""
    from oracle.app.story import story_context
    from oracle.narrator.base import NarrationContext

    names = list(who) or ([session.active] if session.active else [])
    moves = session.moves
    people = moves.people(names)
    journal = ""
    campaign = session.campaign
    if campaign is not None:
        lines = [campaign.summary(e) for e in campaign.entries[-12:]
                 if not e.undone and not e.struck]
        journal = recent_text(lines)
    lists = session.solo.lists
    return NarrationContext.build(
        result=result, system=session.system,
        characters=people, question=question, journal=journal, safety=session.safety, n=n,
        deck=session.deck, threads=lists.texts("threads"), cast=lists.texts("characters"),
        **story_context(session.story, beat, result, intent, moves.in_play(), names,
                        session.system),
    )


def recorded_voicing(session: Session, entry: Entry, refers: int | None
                     ) -> tuple[str, Mapping[str, object], str, tuple[str, ...]]:
    """What narration ``entry`` voiced, read from the journal (after a reload, or words
    another tab recorded): its beat, the result of the entry it voices, and whom it was
    about (``about``; else that entry's roller)."""
    beat = str(entry.data.get("beat") or "roll")
    voiced: Entry | None = None
    if refers is not None and session.campaign is not None:
        try:
            voiced = session.campaign.entry(refers)
        except Exception:  # noqa: BLE001 - an entry that is gone voices nothing
            voiced = None
    about = entry.data.get("about")
    who = tuple(n for n in about if isinstance(n, str)) if isinstance(about, list) else ()
    if not who and voiced is not None:
        name = voiced.data.get("name")
        who = (name,) if isinstance(name, str) and name else ()
    result = dict(voiced.result or {}) if voiced is not None else {}
    return beat, session.moves.voiced_result(beat, result, who), "", who
