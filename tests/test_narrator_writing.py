"""The offline narrator's writing, checked over the whole card set (issue 16, writing quality):
no generic filler, cards dealt by the kind of attempt and where they can happen, a Contest
with no stake taking nothing, Die Trying's checks naming the skill, Triptycho's opposed rolls
told in words rather than its labels."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from oracle.narrator.compose import Part, Table, load

ROOT = Path(__file__).resolve().parents[1] / "oracle"
FOLDERS = (ROOT / "prompts" / "offline", ROOT / "trophy" / "offline",
           ROOT / "die_trying" / "offline", ROOT / "triptycho" / "offline")

# Sentences that could follow any roll anywhere: they say nothing of the attempt, the place or
# the foe (graded "generic filler" by hand in bench/quality_grades.md). Each is a frame: a
# card holding it, in any words around it, is filler.
FILLER = tuple(re.compile(p, re.IGNORECASE) for p in (
    r"air is stiller", r"bill for it has not come", r"in any hurry", r"nothing else happens",
    r"cannot be done again the same way", r"dungeon remembers", r"cost more than it looks",
    r"less like the last", r"rehearsed it", r"as simple as that", r"no doubt about it",
    r"nothing to worry about", r"trouble in the answer", r"nobody asked for",
    r"something close to it", r"nothing bears it out", r"dice feel heavier",
    r"dungeon is patient", r"hands know the work", r"hangs in the air a long time",
    r"comes shorter after that", r"the work knows them", r"keeps the change",
    r"keeps its own counsel", r"small mercies", r"it will matter later", r"cost is not counted",
    r"have to be paid back", r"it will have to", r"but it counts", r"the dark is patient",
    r"ledger gains a line", r"nothing is free here", r"worth doubting", r"real while it does",
    r"the hour passes", r"quiet has edges", r"the right word, at the right moment",
    r"for once, the odds", r"odds, for once", r"the odds bend", r"the scene goes on",
    r"the room goes on", r"some of that will not come back", r"it will ache by evening",
    r"a new stiffness", r"next breath costs", r"count of what is left", r"old songs leave out",
    r"a good sound, in a place", r"a good blow in a bad place", r"worth telling at the inn",
    r"the dungeon gives an inch", r"dungeon (?:seems )?briefly embarrassed",
    r"dungeon does not give many", r"even the dark seems impressed", r"hold on to this one",
    r"time slows, and keeps slowing", r"the cold has teeth", r"something in the balance",
    r"the whole exchange was waiting", r"plain and quick is enough", r"the echo goes on too long",
    r"that is going to leave a mark", r"it was close\.", r"it could still change",
    r"the answer comes without a pause", r"plainly so", r"that much is certain",
    r"nothing about it is hidden", r"so it is, for now", r"as far as anyone here can tell",
    r"^not in the least", r"^plainly not", r"a small damage, and it will grow",
    r"it leaves a mark that will be found", r"something small has changed",
    r"the dark has one more thing to remember", r"only the echo of the try",
    r"the moment is gone", r"silence afterwards is very complete",
))


def tables() -> Iterator[Table]:
    """Every offline table a beat deals (pools, ``_*.txt``, come in through their tables)."""
    for folder in FOLDERS:
        for path in sorted(folder.glob("*.txt")):
            if not path.name.startswith("_"):
                yield load(path.stem)


def parts() -> Iterator[tuple[str, Part]]:
    for table in tables():
        for _, slot in table.slots:
            for _, part in slot:
                yield table.name, part


def test_no_card_is_generic_filler() -> None:
    found = [f"{name}: {part.text}" for name, part in parts()
             if any(p.search(part.text) for p in FILLER)]
    assert not found, "\n".join(found)
