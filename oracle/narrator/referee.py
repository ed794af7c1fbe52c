"""The referee: a model's words are checked against the settled result before anyone sees them.

It reads meaning, sentence by sentence, by class rather than by phrase: word families in all
their forms (:mod:`.lexicon`), the subject of each verb (:mod:`.meaning`: "the candles die" is
not a death), negation before or after. The readings (:mod:`.readings`, :mod:`.outcomes`,
:mod:`.deaths`, :mod:`.feelings`, :mod:`.people`): the outcome in any words, by the kind of
attempt (no "It works" on a failure, no "the slab grinds inward" on a failed prying), deaths
and losses in any words ("breathes her last", "never moves again", "the last anyone sees of her")
of a character the result spares, the foe's state, the character's feelings and choices, others
in solo play and company in other words (:mod:`.company`), a being the story does not hold
(:mod:`.ground`), dice faces and their arithmetic in numbers, right or wrong (:mod:`.numbers`);
and numbers (Ruin, tokens, totals, any digit the result does not hold), the oracle's answer
first, and the campaign's lines and veils by theme and by what a theme does (:mod:`.veils`) as
well as by word. Over the whole reply: a death the result settles is voiced, an accepted Devil's
Bargain is voiced by its own things in any system (:mod:`.bargains`), the text is plain (no
Markdown or HTML) and no longer than :data:`MAX_CHARS`.

:class:`Judge` reads a reply while it streams: each sentence is judged as soon as it is complete,
so it can be shown at once; :meth:`Judge.finish` then reads the whole. Each rejection is one
sentence the narrator hands back to the model (one retry) and then to the player (the offline
fallback). Everything is deterministic: no second model call.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from oracle.narrator import bargains, people, readings
from oracle.narrator.base import NarrationContext
from oracle.narrator.company import company
from oracle.narrator.feelings import feelings
from oracle.narrator.fights import defeated_told
from oracle.narrator.ground import other_foe
from oracle.narrator.meaning import Cast, Word, settled_of, tokens
from oracle.narrator.numbers import counted, mechanics, numbers
from oracle.narrator.readings import ANY_DEATH, DEFEAT_TOLD
from oracle.narrator.streaming import split
from oracle.narrator.veils import lines_and_veils

__all__ = ["MAX_CHARS", "MAX_SENTENCES", "Judge", "check", "check_items"]

MAX_CHARS = 1200  # a narration is two to five sentences; a reply past this is not one
MAX_SENTENCES = 9

# a loss voiced in any words: the character lost, gone, no longer theirs, what they become
# handed on ("is for her player to say", "the last of Wenna goes quiet", "what you will be")
LOSS_TOLD = re.compile(r"\blos(?:t|e|es|ing)\b|\bbecom(?:e|es|ing)\b|\bplayer\b|\blast (?:of|"
                       r"thread|\w+ (?:that|of))\b|\bgone\b|\bgo(?:es)? (?:quiet|out|still|dark)\b|"
                       r"\bno longer\b|\bany ?more\b|\bnobody\b|\bsomething else\b|\bbelongs?\b|"
                       r"\b(?:what|whatever) (?:you|she|he|they|[A-Z]\w*) (?:will|is|are|was|does)\b|"
                       r"\bnot much of\b|\b(?:took|takes?|claims?|claimed) (?:her|him|them|you)\b|"
                       r"\b(?:hers|his|yours|theirs) (?:now|to say|to tell)\b", re.IGNORECASE)
# the assistant speaking, not the narrator ("I can't help with that", "I'm sorry, but")
_ASSISTANT = re.compile(r"^\W*(?:I(?:'m| am)? (?:sorry|can't|cannot|won't|will not|am unable|"
                        r"apologi[sz]e)|As an AI|Sorry\b)", re.IGNORECASE)
_ANSWER = re.compile(r"^\W*(yes|no)\b(?:\W{0,3}(and|but)\b)?", re.IGNORECASE)
_MARKUP = re.compile(r"\*\*|__|`|(?<![\w_])_[^_\s][^_\n]*_(?![\w_])|^\s{0,3}#{1,6}\s|^\s*[-*+\u2022]\s|^\s*\d+[.)]\s|"
                     r"\[[^\]\n]+\]\([^)\n]+\)|</?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]*)?>|"
                     r"&(?:[a-z]+|#\d+);|(?<![\w*])\*[^*\s][^*\n]*\*(?![\w*])", re.MULTILINE)
# each reading of one sentence, in the order its reason is given
SENTENCE_READINGS = (mechanics, readings.fates, readings.monster, readings.outcome,
                     readings.hits, people.choices, feelings, people.others, company,
                     people.foe, other_foe, readings.dice, counted)


# typographic quotes read as plain ones (one character for one: every position stays), so
# "doesn’t" is read as "doesn't" by every reading
_TYPOGRAPHIC = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def plain(text: str) -> str:
    """``text`` with typographic quotes made plain, the same length."""
    return text.translate(_TYPOGRAPHIC)


def read(sentence: str, before: Sequence[Word], context: NarrationContext,
         cast: Cast) -> str | None:
    """The first reason ``sentence`` may not stand by its meaning, or None."""
    words = tokens(sentence)
    for reading in SENTENCE_READINGS:
        reason = reading(sentence, words, before, context, cast)
        if reason:
            return reason
    return None


def _after_question(text: str, question: str) -> str:
    """The text after the player's question, when it begins by quoting it."""
    if not question.strip():
        return text
    return re.sub(r"^\W*" + re.escape(question.strip()) + r"\W*", "", text, flags=re.IGNORECASE)


def _oracle(beat: str, text: str, result: Mapping[str, Any]) -> str | None:
    answer = result.get("answer")
    if beat == "oracle" and isinstance(answer, str):
        found = _ANSWER.match(text)
        said = " ".join(g for g in (found.groups() if found else ()) if g).lower()
        wanted = " ".join(re.findall(r"[a-z]+", answer.lower()))
        if said != wanted:
            return f"it does not begin with the oracle's answer ({answer.upper()})"
    return None


class Judge:
    """One reply read as it streams: :meth:`sentence` for each complete sentence, in order,
    then :meth:`finish` with the whole text. The first reason found is kept."""

    def __init__(self, beat: str, context: NarrationContext) -> None:
        self.beat = beat
        self.context = context
        self.cast = Cast.of(context)
        self.text = ""
        self.count = 0
        self._before: list[Word] = []
        self._answered = False  # the text has begun (past any quoted question)

    def sentence(self, sentence: str) -> str | None:
        """Why this sentence (following the ones already passed) may not be shown, or None."""
        sentence = plain(sentence)
        reason = self._reason(sentence)
        self.text += sentence
        self.count += 1
        self._answered = bool(_after_question(self.text, self.context.question).strip())
        self._before.extend(tokens(sentence))
        return reason

    def clause(self, start: str) -> str | None:
        """Why the start of the sentence still arriving (a clause of it) may not be shown yet,
        or None; nothing is kept: the whole sentence is judged once it is complete."""
        return self._reason(plain(start))

    def _reason(self, sentence: str) -> str | None:
        context = self.context
        text = self.text + sentence
        answer = _after_question(text, context.question)
        if not self._answered and answer.strip():  # the oracle's answer comes first
            reason = _oracle(self.beat, answer, context.result)
            if reason:
                return reason
        if len(text) > MAX_CHARS or self.count >= MAX_SENTENCES:
            return (f"it runs past {MAX_CHARS} characters or {MAX_SENTENCES} sentences; a "
                    "narration is two to five sentences")
        if _ASSISTANT.match(text):
            return "it speaks as the assistant, not as the narrator"
        if _MARKUP.search(sentence) or _MARKUP.search(text):  # a list's "1." starts a line
            return "it uses markup (Markdown or HTML); a narration is plain text"
        return (lines_and_veils(sentence, context)
                or numbers(sentence, context, self.cast.settled)
                or read(sentence.strip(), self._before, context, self.cast)
                or self._waived(sentence))

    def _waived(self, sentence: str) -> str | None:
        bargain = self.context.bargain.strip()
        if bargain and bargains.owed(self.beat) and bargains.waived(bargain, sentence,
                                                                     self.context):
            return (f"it lets off the price of the Devil's Bargain accepted ({bargain[:80]!r}), "
                    "which is paid whatever the dice")
        return None

    def finish(self, text: str | None = None) -> str | None:
        """Why the whole reply may not stand: empty, a settled death or an accepted bargain
        left out."""
        whole = self.text if text is None else plain(text)
        if not whole.strip():
            return "it is empty"
        return self._left_out(whole)

    def owing(self) -> bool:
        """Whether the sentences passed so far still leave out something the result settles
        (a death, the foe's defeat, an accepted bargain's price): until they tell it, what
        follows cannot be vouched for (the reply may end without it)."""
        return self._left_out(self.text) is not None

    def _left_out(self, whole: str) -> str | None:
        if self.cast.settled.dies and not ANY_DEATH.search(whole) and \
                not readings.end_told(whole, self.context, self.cast):
            return "it leaves out the death the result settled"
        if self.cast.settled.lost and not self.cast.settled.dies and \
                not LOSS_TOLD.search(whole) and not readings.end_told(whole, self.context,
                                                                        self.cast):
            return "it leaves out the loss the result settled (a character is lost)"
        if self.cast.settled.defeated is True and not DEFEAT_TOLD.search(whole):
            return "it leaves out the foe's defeat, which the result settled"
        wrong = defeated_told([s.strip() for s in split(whole)], self.cast)
        if wrong:
            return wrong
        bargain = self.context.bargain.strip()
        if bargain and bargains.owed(self.beat) and not bargains.told(bargain, whole,
                                                                         self.context):
            return ("it leaves out the price of the Devil's Bargain accepted "
                    f"({bargain[:80]!r}), which happens whatever the dice")
        return None


def check(beat: str, context: NarrationContext, text: str) -> str | None:
    """Why ``text`` may not be shown for this result, or None when it keeps to it."""
    if not text.strip():
        return "it is empty"
    judge = Judge(beat, context)
    for sentence in split(text):
        reason = judge.sentence(sentence)
        if reason:
            return reason
    return judge.finish(text)


def check_items(beat: str, context: NarrationContext, items: Sequence[str]) -> str | None:
    """Why a list's items may not be shown (the safety lines; Ruin, tokens, totals), or None.

    A list comes before the dice or beside them, so a number in it (a numbered item, "two
    crows") is not a claim about the result; only Ruin, tokens and totals are checked.
    """
    settled = settled_of(context)
    for item in items:
        reason = lines_and_veils(item, context) or numbers(item, context, settled, any_digit=False)
        if reason:
            return reason
    return None
