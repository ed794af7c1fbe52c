"""Write ``oracle/narrator/words/beings.txt``: every English noun whose first sense is a living
being (a person, an animal, a spirit or a creature of folklore), from WordNet 3.0.

The referee reads a being by its class, not by a list of the monsters it has seen: "the Black
Goat", "the troll in the loft", "her apprentice", "the Clockwork Constable" each name a being
because WordNet files the noun's first sense under person, animal or spiritual/imaginary being.
Each line is a word (singular, and an irregular plural as its own line) and its classes:
``person``, ``animal``, ``spirit`` and, under them, ``monster`` (of folklore), ``child``, ``rodent``, ``arachnid``,
``insect``, ``snake``, ``reptile``, ``bird``, ``fish``, ``worm``, ``beast`` (a carnivore).

Run (Debian's ``wordnet-base`` holds the database): ``python scripts/beings_lexicon.py
[/usr/share/wordnet]``. The output is committed; nothing reads WordNet at run time.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "oracle" / "narrator" / "words" / "beings.txt"

# the synsets a class descends from (WordNet 3.0 offsets)
CLASSES = {
    "person": {"00007846"}, "animal": {"00015388"},
    "spirit": {"09504135", "09483738", "05898171"},  # spiritual, imaginary being; ghost
    "monster": {"09483738", "05898171", "09491966"},  # imaginary being, ghost, monster
    "child": {"09917593", "09918248"}, "rodent": {"02329401"}, "arachnid": {"01769347"},
    "insect": {"02159955"}, "snake": {"01726692"}, "reptile": {"01661091"},
    "bird": {"01503061"}, "fish": {"02512053"}, "worm": {"01922303"},
    "beast": {"02075296"},
}
BEING = ("person", "animal", "spirit")
# beings of folklore and games that WordNet lacks or files under another first sense
EXTRA = {
    "person": """halfling hobbit halflings hobbits""",
    "monster": """wraith ghost ghoul wight revenant lich banshee draugr barghest boggart bugbear
        kobold orc gnoll owlbear wyrm wyvern basilisk cockatrice manticore chimera
        griffin gryphon harpy kelpie selkie siren kraken leviathan hydra ettin ogress
        troglodyte ghast shambler abomination spectre specter phantom shade golem homunculus
        automaton construct undead vampire werewolf zombie skeleton mummy treant dryad nymph
        naiad sprite pixie goblin hobgoblin gremlin imp fiend demon devil djinn jinn efreet
        ogre giant gargoyle cyclops minotaur centaur gorgon medusa lamia succubus incubus wendigo""",
}
# adjectives of colour and age whose being sense ("a white", "the young") is rare in a story
NOT_BEINGS = frozenset(["white", "black", "red", "grey", "gray", "brown", "yellow", "young", "old", "dead", "blonde", "blond", "elder", "adult"])
HEADER = """\
# Nouns whose first sense is a living being, and their classes (scripts/beings_lexicon.py).
# Drawn from WordNet 3.0, Copyright 2006 by Princeton University, used under its license:
# "Permission to use, copy, modify and distribute this software and database and its
# documentation for any purpose and without fee or royalty is hereby granted, provided that
# you agree to comply with the following copyright notice and statements, including the
# disclaimer, and that the same appear on ALL copies of the software, database and
# documentation, including modifications that you make for internal use or for distribution.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND
# DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR
# WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE, BUT NOT LIMITATION, PRINCETON
# UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF MERCHANT- ABILITY OR FITNESS FOR ANY
# PARTICULAR PURPOSE OR THAT THE USE OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION
# WILL NOT INFRINGE ANY THIRD PARTY PATENTS, COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS. The name
# of Princeton University or Princeton may not be used in advertising or publicity pertaining
# to distribution of the software and/or database. Title to copyright in this software,
# database and any associated documentation shall at all times remain with Princeton
# University and LICENSEE agrees to preserve same."
"""


Synsets = dict[str, tuple[str, list[str]]]
CAPITALISED: set[tuple[str, str]] = set()  # (offset, lemma) written with a capital: "Pole"


def _synsets(folder: Path) -> Synsets:
    """offset -> (lexicographer file number, hypernym offsets)."""
    out = {}
    for line in (folder / "data.noun").read_text("latin-1").splitlines():
        if line.startswith("  "):
            continue
        fields = line.split("|")[0].split()
        count = int(fields[3], 16)
        for word in fields[4:4 + 2 * count:2]:
            if word[:1].isupper():
                CAPITALISED.add((fields[0], word.lower().split("(")[0]))
        i = 4 + 2 * count
        pointers = []
        for _ in range(int(fields[i])):
            symbol, offset = fields[i + 1], fields[i + 2]
            if symbol in ("@", "@i"):
                pointers.append(("i" if symbol == "@i" else "") + offset)
            i += 4
        out[fields[0]] = (fields[1], pointers)
    return out


def _ancestors(offset: str, synsets: Synsets) -> set[str]:
    seen, stack = {offset}, [offset]
    while stack:
        for pointer in synsets[stack.pop()][1]:
            parent = pointer.removeprefix("i")
            if parent not in seen:
                seen.add(parent)
                stack.append(parent)
    return seen


def _classes(offset: str, synsets: Synsets) -> set[str]:
    above = _ancestors(offset, synsets)
    return {name for name, roots in CLASSES.items() if above & roots}


def _senses(folder: Path) -> Iterator[tuple[str, list[str]]]:
    for line in (folder / "index.noun").read_text("latin-1").splitlines():
        if line.startswith("  "):
            continue
        fields = line.split()
        yield fields[0], fields[-int(fields[2]):]


def _tagged(folder: Path, pos: str) -> dict[str, int]:
    """lemma -> how often its senses were tagged in WordNet's sense-tagged texts."""
    out = {}
    for line in (folder / f"index.{pos}").read_text("latin-1").splitlines():
        if not line.startswith("  "):
            fields = line.split()
            out[fields[0]] = int(fields[-int(fields[2]) - 1])
    return out


def _lemma_classes(lemma: str, offsets: list[str], synsets: Synsets) -> set[str]:
    """The classes of a lemma's first sense that is neither a proper name ("Einstein") nor a
    people or follower by name ("Pole", "Badger"), with an animal of its next two senses."""
    senses = [o for o in offsets if not any(p.startswith("i") for p in synsets[o][1])
              and (o, lemma) not in CAPITALISED]
    if not senses:
        return set()
    first = senses[0]
    if synsets[first][0] in ("06", "13", "27") and len(senses) > 1:
        first = senses[1]  # its fur, its meat or its stuff first: "otter", "eel", "lamb"
    classes = _classes(first, synsets)
    for other in senses[1:3] if classes else ():  # "adder": a person, then a snake
        also = _classes(other, synsets)
        classes |= also if "animal" in also else set()
    return classes


def build(folder: Path) -> dict[str, set[str]]:
    synsets = _synsets(folder)
    nouns, adjectives, verbs = (_tagged(folder, pos) for pos in ("noun", "adj", "verb"))
    found: dict[str, set[str]] = {}
    for lemma, offsets in _senses(folder):
        if not lemma.replace("-", "").isalpha() or len(lemma) < 2:
            continue
        classes = _lemma_classes(lemma, offsets, synsets)
        if adjectives.get(lemma, 0) > nouns.get(lemma, 0) or lemma in NOT_BEINGS:
            continue  # an adjective first ("dry", "steady", "brave"), a person only rarely
        if verbs.get(lemma, 0) > 2 and not nouns.get(lemma, 0) and "animal" not in classes:
            continue  # a verb first ("have", "grind")
        if classes & set(BEING):
            found[lemma] = classes
    for cls, words in EXTRA.items():
        for word in words.split():
            found.setdefault(word, set()).update({cls, "spirit"} if cls == "monster" else {cls})
    for line in (folder / "noun.exc").read_text("latin-1").splitlines():
        plural, single = line.split()[:2]
        if single in found and plural.isalpha() and plural not in found:
            found[plural] = set(found[single])
    return found


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/wordnet")
    found = build(folder)
    lines = [f"{word} {' '.join(sorted(found[word]))}" for word in sorted(found)]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(HEADER + "\n".join(lines) + "\n", "utf-8")
    print(f"wrote {len(lines)} words to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
