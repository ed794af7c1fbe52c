"""Ask the oracle: roll the three dice, read the answer, draw a twist when one is called."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from oracle.dice import DiceSource
from oracle.errors import RequestError
from oracle.solo.answers import (
    DEFAULT_DREAD,
    Answer,
    AskOdds,
    Likelihood,
    Throw,
    ask_odds,
    is_twist,
    read_answer,
    throw,
)
from oracle.solo.own_answers import OwnAnswers
from oracle.solo.twists import Twist, draw_twist

MAX_QUESTION = 600


def fraction_text(p: Fraction) -> str:
    """``"7/20"``, ``"0"`` or ``"1"``."""
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def odds_json(odds: AskOdds) -> dict[str, Any]:
    """The six answers' odds as decimals and as exact fractions, and the twist's."""
    return {
        "odds": {a.value: float(odds.answers[a]) for a in Answer},
        "odds_exact": {a.value: fraction_text(odds.answers[a]) for a in Answer},
        "twist_chance": float(odds.twist),
        "twist_chance_exact": fraction_text(odds.twist),
    }


@dataclass(frozen=True)
class AskResult:
    """One question asked: the dice, the answer, the odds shown before, and any twist."""

    question: str
    odds: AskOdds
    dice: Throw
    answer: Answer
    twist: Twist | None
    words: str | None = None  # the player's words for the answer (an answers table)
    words_table: str | None = None  # the answers table they came from

    @property
    def likelihood(self) -> Likelihood:
        return self.odds.likelihood

    @property
    def dread(self) -> int:
        return self.odds.dread

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, the shape ``oracle ask`` prints."""
        return {
            "roll": "oracle",
            "question": self.question,
            "likelihood": self.likelihood.value,
            "dread": self.dread,
            "answer": self.answer.value,
            **odds_json(self.odds),
            "dice": {"answer": self.dice.answer_die, "tone": self.dice.tone_die,
                     "omen": self.dice.omen_die},
            "twist": None if self.twist is None else self.twist.to_dict(),
            "words": None if self.words is None else {"table": self.words_table,
                                                      "text": self.words},
        }


def percent_text(p: Fraction) -> str:
    """``"35%"``, or one decimal when the chance is not a whole percent (``"2.5%"``)."""
    value = p * 100
    return f"{value.numerator // value.denominator}%" if value.denominator == 1 else \
        f"{float(value):.1f}%"


def twist_text(twist: Twist) -> str:
    """``a thread advances (the sister), positive: betray · a lantern``."""
    about = f" ({twist.focus})" if twist.focus else " (a new one)" if twist.new else ""
    return f"{twist.kind.value}{about}, {twist.kind.tone.value}: {twist.action} · {twist.subject}"


def result_text(result: AskResult) -> str:
    """What ``oracle ask`` prints without ``--json``: the question, the answer, the dice, the
    exact odds of each answer and of a twist, and the twist drawn (if any)."""
    odds = result.odds
    lines = [
        f"Question: {result.question}",
        (f"Answer: {result.answer.value.upper()}  ({result.likelihood.value}, dread "
         f"{result.dread})"),
        (f"Dice: answer {result.dice.answer_die}, tone {result.dice.tone_die}, omen "
         f"{result.dice.omen_die}"),
        "Odds: " + "; ".join(f"{a.value} {percent_text(odds.answers[a])} "
                             f"({fraction_text(odds.answers[a])})" for a in Answer),
        f"Twist chance: {percent_text(odds.twist)} ({fraction_text(odds.twist)})",
        "Twist: " + ("none" if result.twist is None else twist_text(result.twist)),
    ]
    if result.words is not None:
        lines.insert(2, f"In your words ({result.words_table}): {result.words}")
    return "\n".join(lines)


def check_question(question: object) -> str:
    """A question: some words, at most 600 characters."""
    if not isinstance(question, str) or not question.strip():
        raise RequestError("question: ask a yes/no question in words, such as "
                           "\"Is the shrine guarded?\".")
    if len(question) > MAX_QUESTION:
        raise RequestError(f"question: keep it under {MAX_QUESTION} characters; "
                           f"this one has {len(question)}.")
    return question.strip()


def ask(question: object, likelihood: Likelihood | str, dice: DiceSource,
        dread: int = DEFAULT_DREAD, threads: Sequence[str] = (),
        characters: Sequence[str] = (), answers: OwnAnswers | None = None) -> AskResult:
    """Ask a yes/no question; the odds are fixed before the three dice fall. With
    ``answers`` (a player's answers table) the words for the answer rolled are drawn last,
    so the answer, its odds and its twist are those of the same dice without them."""
    text = check_question(question)
    odds = ask_odds(likelihood, dread)
    rolled = throw(dice)
    answer = read_answer(odds.likelihood, odds.dread, rolled.answer_die, rolled.tone_die)
    twist = None
    if is_twist(odds.dread, rolled.tone_die, rolled.omen_die):
        twist = draw_twist(dice, threads, characters)
    if answers is None:
        return AskResult(text, odds, rolled, answer, twist)
    return AskResult(text, odds, rolled, answer, twist, answers.draw(answer, dice), answers.name)


def answer_table(dread: int = DEFAULT_DREAD) -> Mapping[Likelihood, AskOdds]:
    """The odds at every likelihood for one dread (what the app shows before asking)."""
    return {level: ask_odds(level, dread) for level in Likelihood}
