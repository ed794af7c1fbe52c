"""A player's own oracle answers: a table named ``answers`` or ``answers-*`` gives the words.

Each line starts with one of the six answers and a colon, then the player's words for it::

    # answers-court.txt
    yes: the chamberlain nods
    yes, and: the chamberlain nods, and the queen smiles
    no, but: not today, though the page will carry a letter

The key is read loosely (``Yes And:`` and ``yes, and:`` are one key) and an answer may have
many lines (one is drawn, each line as likely). Every one of the six answers needs at least
one line, so a question never lacks the player's words. The dice still answer and the exact
odds are unchanged: the words are drawn after the answer and its twist, from the lines of
the answer rolled, with one more die as large as that answer's lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from oracle.dice import DiceSource
from oracle.errors import RequestError, shown
from oracle.solo.answers import Answer
from oracle.solo.meaning_tables import Table

PREFIX = "answers"
KEYS: Mapping[str, Answer] = {a.value.replace(",", ""): a for a in Answer}
FORMAT = ("write the answer, a colon, then your words, such as \"yes, and: the gate "
          "swings open\" (the answers: " + "; ".join(a.value for a in Answer) + ")")


def is_answers(name: str) -> bool:
    """Whether a table named ``name`` gives the oracle's answers."""
    return name == PREFIX or name.startswith(f"{PREFIX}-")


def answer_row(line: str, where: str) -> tuple[Answer, str]:
    """One line read as ``answer: words``; ``where`` names the file and line in a refusal."""
    key, colon, words = line.partition(":")
    answer = KEYS.get(" ".join(key.replace(",", " ").lower().split()))
    if not colon or answer is None:
        raise RequestError(f"{where} does not start with one of the six answers; {FORMAT}.")
    if not words.strip():
        raise RequestError(f"{where} gives no words after {shown(answer.value + ':')}.")
    return answer, words.strip()


@dataclass(frozen=True)
class OwnAnswers:
    """The words of one answers table, by answer (each with at least one line)."""

    name: str
    words: Mapping[Answer, tuple[str, ...]]

    def draw(self, answer: Answer, dice: DiceSource) -> str:
        """The player's words for ``answer``: one of its lines, each as likely."""
        lines = self.words[answer]
        return lines[dice.roll(len(lines)) - 1] if len(lines) > 1 else lines[0]


def read_answers(name: str, entries: Sequence[str], source: str) -> OwnAnswers:
    """The answers in a table's entries, or one sentence naming the file (and the line)."""
    words: dict[Answer, list[str]] = {a: [] for a in Answer}
    for number, line in enumerate(entries, start=1):
        answer, text = answer_row(line, f"tables: {source} entry {number}")
        words[answer].append(text)
    missing = [shown(a.value) for a in Answer if not words[a]]
    if missing:
        raise RequestError(f"tables: {source} gives no line for {', '.join(missing)}; an "
                           "answers table needs a line for every one of the six answers.")
    return OwnAnswers(name, {a: tuple(w) for a, w in words.items()})


def pick_answers(tables: Sequence[Table], chosen: str | None = "") -> Table | None:
    """The answers table to use among ``tables``: ``chosen`` by name; ``""`` for the automatic
    choice (the one called ``answers``, else the first by name); ``None`` or ``"none"`` for our
    plain answers. A name that is not one of them is refused, naming those there are."""
    found = sorted((t for t in tables if is_answers(t.name)), key=lambda t: t.name)
    if chosen is None or chosen == "none":
        return None
    if chosen == "":
        exact = [t for t in found if t.name == PREFIX]
        return next(iter(exact or found), None)
    for table in found:
        if table.name == chosen.strip().lower():
            return table
    names = ", ".join(t.name for t in found) or "none is there"
    raise RequestError(f"answers: {shown(chosen)} is not one of your answers tables ({names}; "
                       "a file named answers*.txt).")
