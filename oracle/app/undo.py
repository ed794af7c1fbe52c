"""Undo and redo by the player's move, not by journal entry.

A move is one entry of the player's (a roll, a push, a Condition, a note) together with the
entries that refer to it: its narration, an X-card on that narration, the narration voiced
again. Undo appends one ``undo`` per live entry of the newest move (the newest first); redo
undoes those undos (the oldest first) as long as no new move was recorded since. Both are
read from the journal alone, so they work the same after a reload.
"""

from __future__ import annotations

from collections.abc import Mapping

from oracle.errors import RequestError, RuleError
from oracle.journal.campaign import Campaign
from oracle.journal.replay import Entry

SKIPPED = ("undo", "preference")  # never a move: undo has its own rules, preferences persist


def move_of(entry: Entry, by_seq: Mapping[int, Entry]) -> int:
    """The entry number of the move ``entry`` belongs to (following ``refers_to``)."""
    seen = set()
    while entry.seq not in seen:
        seen.add(entry.seq)
        refers = entry.data.get("refers_to")
        target = by_seq.get(refers) if isinstance(refers, int) and refers < entry.seq else None
        if not entry.meta or target is None:
            return entry.seq
        entry = target
    return entry.seq


def undo_move(campaign: Campaign) -> int:
    """Undo the newest move (all its live entries); returns the move's entry number."""
    entries = campaign.entries
    by_seq = {e.seq: e for e in entries}
    live = [e for e in entries if e.type not in SKIPPED and not e.undone]
    if not live:
        raise RuleError("undo: there is nothing to undo.")
    newest = max(move_of(e, by_seq) for e in live)
    for entry in sorted((e for e in live if move_of(e, by_seq) == newest),
                        key=lambda e: e.seq, reverse=True):
        campaign.undo(entry.seq)
    return newest


def redo_move(campaign: Campaign) -> int:
    """Restore the move undone last; refused once a new move has been recorded since."""
    move, undone = redoable(campaign)
    if move is None:
        raise RuleError("redo: there is nothing to redo (redo restores the move undone last, "
                        "before anything new is recorded).")
    for target in sorted(undone, key=lambda e: e.seq):
        campaign.redo(target.seq)
    return move


def redoable(campaign: Campaign) -> tuple[int | None, list[Entry]]:
    """The move Redo would restore (None if none) and its undone entries."""
    entries = campaign.entries
    by_seq = {e.seq: e for e in entries}
    undos: list[Entry] = []
    move: int | None = None
    for entry in reversed(entries):
        if entry.type == "preference" or (entry.type != "undo" and entry.undone):
            continue
        if entry.type != "undo":
            root = by_seq.get(move_of(entry, by_seq))
            if entry.meta and root is not None and root.seq != entry.seq and root.undone:
                continue  # a narration that landed after its move was undone is part of it
            break  # a move made after the undo: nothing to redo
        target = by_seq.get(entry.data.get("target"))  # type: ignore[arg-type]
        if entry.undone or target is None or target.type == "undo":
            if undos:
                break
            continue  # an undo already redone, or a redo itself
        key = move_of(target, by_seq)
        if move is not None and key != move:
            break
        move = key
        undos.append(target)
    return move, undos


def undone_before_voiced(campaign: Campaign, seq: int | None) -> bool:
    """Whether the entry a narration voices was undone before the narration was ready."""
    if seq is None:
        return False
    try:
        return campaign.entry(seq).undone
    except RequestError:
        return False
