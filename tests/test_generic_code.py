"""Generic code knows no system (issue 15, "done when"): no module under ``oracle/narrator/``,
``oracle/solo/``, ``oracle/journal/`` or ``oracle/app/`` (outside a system's own folder) names a
system or reads a system's event types or fields. It asks the system.

A system's vocabulary is read from the installed systems themselves (nothing here lists them):
its name and title, its event types, its roll kinds and beats, the request fields its rolls
read, the result fields its narration reads (``rule_words``, ``dice_fields``, its beats'
examples). Words the generic layers
define themselves (the contract's context fields, the journal's own, the solo oracle's) are not
a system's. Nothing is excepted but English the referee reads in any narration that happens
to spell a system's word (``ENGLISH``, word for word): what a system says is said in its own
folder.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path

from oracle.requests import CONTEXT_FIELDS
from oracle.systems import installed

ORACLE = Path(__file__).resolve().parents[1] / "oracle"
GENERIC = ("narrator", "solo", "journal", "app")

# Words generic code defines itself, though some system also uses them (each with its reason).
OWN_WORDS = frozenset({
    "action",  # the journal's stated action of any rules event (journal/replay.py)
    "kind", "target", "faces", "face", "dice", "die", "deck", "dealt", "number", "level",
    "total", "size", "power", "fate",  # the solo oracle, undo, typed faces, the offline deck
    "intent", "bargain", "foe", "characters", "name", "cast",  # the narration context
    "answer", "character",  # the solo oracle's answer; the characters list (journal/lists.py)
    "equipment", "hp", "magic",  # words of generic prose and sheets
    "ruin",  # a journal line's kind (``systems.base.Kind``), which every system may use
    # Still read by generic code though a system's (left to their owners, issue 15 report):
    # app/told.py's "lost" beat, journal/reading.py's result "outcome".
    "outcome", "lost",
})


# English the referee reads in a narration, whatever the system, that happens to spell a
# system's word: per file, exactly these words (an irregular verb's forms, a family of verbs).
ENGLISH: dict[str, frozenset[str]] = {
    "oracle/narrator/lexicon.py": frozenset({"draw", "hit", "strike", "take", "wake"}),
    "oracle/narrator/outcomes.py": frozenset({"endure", "reach", "sneak"}),
    "oracle/narrator/readings.py": frozenset({"reach"}),  # the family of verbs of reaching
    "oracle/narrator/polarity.py": frozenset({"reach", "sneak"}),  # families of attempt verbs
}

def _vocabulary() -> dict[str, str]:
    """word -> the system it belongs to, read from every installed system."""
    words: dict[str, str] = {}
    for system in installed():
        own = {system.name, *system.event_types, *system.roll_kinds, *system.rule_words,
               *system.dice_fields, *(beat.name for beat in system.beats())}
        for fields in system.fields.values():
            own |= fields
        for beat in system.beats():
            own |= set(beat.example)
        for word in own - CONTEXT_FIELDS - OWN_WORDS:
            words.setdefault(word, system.name)
    return words


def _names() -> re.Pattern[str]:
    titles = [re.escape(s.title.split(" (")[0]) for s in installed()]
    names = [re.escape(s.name) for s in installed()]
    return re.compile(r"\b(" + "|".join(names + titles) + r")\b", re.IGNORECASE)


def generic_modules() -> Iterator[Path]:
    systems = {system.name for system in installed()}
    for folder in GENERIC:
        for path in (ORACLE / folder).rglob("*.py"):
            if path.relative_to(ORACLE / folder).parts[0] not in systems:
                yield path


def _strings(path: Path) -> Iterator[str]:
    """Every string constant of a module but its docstrings (prose may name a system) and its
    ``__all__`` (the names of its own functions, such as the referee's ``check``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    docs |= {id(item) for node in ast.walk(tree) if isinstance(node, ast.Assign)
             and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
             for item in ast.walk(node.value)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.value


@functools.cache
def found() -> dict[str, frozenset[str]]:
    vocabulary, names = _vocabulary(), _names()
    offences: dict[str, frozenset[str]] = {}
    for path in generic_modules():
        strings = set(_strings(path))
        hits = strings & set(vocabulary)
        hits |= {f"names {m.group(0).lower()}" for value in strings
                 for m in names.finditer(value)}
        if hits:
            offences[str(path.relative_to(ORACLE.parent))] = frozenset(hits)
    return offences


def test_the_vocabulary_comes_from_the_installed_systems() -> None:
    vocabulary = _vocabulary()
    for system in installed():
        assert system.name in vocabulary
        assert set(system.event_types) - OWN_WORDS - CONTEXT_FIELDS <= set(vocabulary)


def test_no_generic_module_names_a_system_or_reads_its_words() -> None:
    offences = {path: words - ENGLISH.get(path, frozenset()) for path, words in found().items()}
    assert {path: sorted(words) for path, words in offences.items() if words} == {}


def test_the_english_allowed_is_still_found_word_for_word() -> None:
    found_now = found()
    assert {path: words & found_now.get(path, frozenset()) for path, words in ENGLISH.items()} \
        == ENGLISH
