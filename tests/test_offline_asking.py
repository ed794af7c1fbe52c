"""An open question is answered in words, never with a yes or a no ("Who is knocking?" YES,
AND reads as nonsense); a yes/no question keeps its verdict first."""

from __future__ import annotations

import itertools
import re

import pytest

from oracle.narrator import NarrationContext, OfflineNarrator
from oracle.narrator.telling import open_question

OPEN = [f"{w} {rest}" for w, rest in itertools.product(
    ("What", "Who", "Where", "Why", "How", "Which", "When"),
    ("is knocking at the door?", "does the hermit want?", "did the bell go silent?",
     "lies under the altar?", "of the two roads is safe?"))]
OPEN += ["what's in the box?", "Describe the crypt.", "the bronze bell or the iron one?",
         "Qui frappe à la porte ?", "Wer klopft da?", "¿Quién llama a la puerta?"]
YES_NO = ["Is the bridge safe?", "Does the hermit lie?", "Will it rain before nightfall?",
          "Can the door be opened?", "Is anyone home?"]
VERDICT = re.compile(r"\b(?:YES|NO)(?:, (?:AND|BUT))?\b")


@pytest.mark.parametrize("answer", ["yes", "no", "yes, and", "no, but"])
def test_an_open_question_is_answered_in_words(answer: str) -> None:
    narrator = OfflineNarrator(seed="asking")
    for question in OPEN:
        assert open_question(question), question
        context = NarrationContext.build(result={"roll": "oracle", "answer": answer},
                                         question=question)
        text = narrator.narrate("oracle", context).text
        assert not VERDICT.search(text) and "first guess" not in text, text
        assert "The dice answer in words: " in text, text


def test_a_yes_or_no_question_keeps_its_verdict_first() -> None:
    narrator = OfflineNarrator(seed="asking")
    for question in YES_NO:
        assert not open_question(question)
        context = NarrationContext.build(result={"roll": "oracle", "answer": "no, but"},
                                         question=question)
        text = narrator.narrate("oracle", context).text
        assert text.startswith(f"\u201c{question}\u201d NO, BUT."), text
