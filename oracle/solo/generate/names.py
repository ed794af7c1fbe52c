"""Names for every system's generators: a given name and a family name from our tables (or the
player's own ``names*.txt`` in use), never one already taken."""

from __future__ import annotations

from collections.abc import Sequence

from oracle.solo.generate.common import Source, as_dice, table, unique
from oracle.solo.own_context import in_use
from oracle.solo.tables import pick


def name(source: Source = None, taken: Sequence[str] = ()) -> str:
    """A given name and a family name, never one already ``taken``: twenty draws, then the
    first free pair from the last draw on (then a numbered name, past every pair). The
    player's own names tables in use (``names*.txt``) come first, while one is free."""
    dice = as_dice(source)
    theirs = tuple(dict.fromkeys(n for n, _ in in_use("names") if n not in taken))
    if theirs:  # the player's own names first, while one is free
        return theirs[dice.roll(len(theirs)) - 1]
    given, family = table("given_names"), table("family_names")
    full = ""
    for _ in range(20):
        full = f"{pick(dice, given)} {pick(dice, family)}"
        if full not in taken:
            return full
    pairs = [f"{g} {f}" for g in given for f in family]
    start = pairs.index(full)
    free = next((p for p in pairs[start:] + pairs[:start] if p not in taken), None)
    return free if free is not None else unique(full, taken)
