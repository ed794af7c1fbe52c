"""``oracle inspire``: quick ideas for a GM at the table, from the narrator.

Anything a die decides (the oracle's answer, a Hunt's severity, a Risk outcome when not given)
is rolled here with a seeded dice source first; the narrator only voices it.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from oracle.dice import SeededDice
from oracle.errors import RequestError
from oracle.narrator.asking import ask, solo_level
from oracle.narrator.base import NarrationContext, NarrationResult
from oracle.narrator.beats import find_beat
from oracle.narrator.deck import Deck
from oracle.narrator.weave import place_like, quoted
from oracle.solo.answers import LIKELIHOOD_NAMES

INSPIRE_BEATS: tuple[str, ...] = ("wrong", "bargain", "condition", "encounter", "answer",
                                  "oracle", "monster", "ruin", "reduction", "lost", "outcome")
_QUESTION_BEATS = ("answer", "oracle")
_PLACE_BEATS = ("encounter", "monster")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``inspire`` arguments to its subparser."""
    parser.add_argument(
        "beat", choices=INSPIRE_BEATS, metavar="BEAT",
        help="one of: " + ", ".join(INSPIRE_BEATS) + " (wrong = what could go wrong, "
        "bargain = Devil's Bargains, answer = answers to an exploration question, "
        "oracle = a yes/no answer for solo play)",
    )
    parser.add_argument("--context", default="", metavar="TEXT",
                        help="the stated intent, the question asked, or the place")
    parser.add_argument("--name", default="", help="the character's name")
    parser.add_argument("--occupation", default="", help="the character's occupation")
    parser.add_argument("--place", default="", help="where this happens")
    parser.add_argument("--n", type=int, default=None, metavar="N",
                        help="how many ideas (1..12; default 3 for lists, 1 otherwise)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument("--seed", type=int, default=None, help="repeatable ideas and dice")
    parser.add_argument("--likelihood", default="even", metavar="LEVEL",
                        help="oracle: how likely a yes is, the names oracle ask takes: "
                        + ", ".join(LIKELIHOOD_NAMES) + " (doubtful is very_unlikely; "
                        "default even)")
    parser.add_argument("--outcome", choices=("failure", "complication", "success"),
                        default=None, help="outcome: the Risk outcome (default: roll a d6)")
    parser.add_argument("--severity", choices=("present", "distant", "none"), default=None,
                        help="encounter: how close the terrible thing is (default: roll a d6)")
    parser.add_argument("--noticed", action="store_true", help="reduction: someone noticed")
    parser.add_argument("--line", action="append", default=[], metavar="TEXT",
                        help="a safety line, in any words (repeatable): never shown")
    parser.add_argument("--veil", action="append", default=[], metavar="TEXT",
                        help="a safety veil, in any words (repeatable): kept off-screen")


def _rolled_result(beat: str, args: argparse.Namespace, dice: SeededDice) -> dict[str, Any]:
    """The settled facts the beat voices; dice decide what the GM did not."""
    if beat == "oracle":
        return ask(args.likelihood, dice)
    if beat == "encounter":
        severity = args.severity
        if severity is None:  # SRD 1.2, Hunt Roll: 1-3 present, 4-5 distant, 6 none
            face = dice.roll(6)
            severity = "present" if face <= 3 else "distant" if face <= 5 else "none"
        return {"roll": "hunt", "encounter": severity}
    if beat == "outcome":
        outcome = args.outcome
        if outcome is None:  # SRD 1.2, Risk Roll: 1-3 failure, 4-5 complication, 6 success
            face = dice.roll(6)
            outcome = "failure" if face <= 3 else "complication" if face <= 5 else "success"
        return {"roll": "risk", "outcome": outcome}
    if beat == "reduction":
        return {"roll": "reduction", "noticed": bool(args.noticed)}
    if beat == "lost":
        return {"roll": "ruin", "lost": True}
    return {"roll": beat}


def run_inspire(args: argparse.Namespace, out: TextIO, home: Path | None = None) -> int:
    """Print ideas for ``args.beat``; exit 0.

    Without ``--seed`` and with ``home``, the offline deck continues the one kept there (shared
    with ``oracle resolve --narrate``), so ideas do not repeat from one call to the next.
    """
    if home is not None and args.seed is None:
        from oracle.narrator.deckfile import shared_deck

        with shared_deck(home) as box:
            code, box.deck = _inspire(args, out, box.deck)
        return code
    return _inspire(args, out, None)[0]


def _inspire(args: argparse.Namespace, out: TextIO, shared: Deck | None) -> tuple[int, Deck]:
    from oracle.narrator import get_narrator

    beat: str = args.beat
    spec = find_beat(beat)
    solo_level(args.likelihood)  # one set of names with oracle ask, refused the same way
    n = args.n if args.n is not None else (3 if spec.listing else 1)
    if not 1 <= n <= 12:
        raise RequestError(f"n: ask for 1 to 12 ideas; got {n}.")
    seed = args.seed if args.seed is not None else SeededDice().roll(10**9)
    dice = SeededDice(seed)
    narrator = get_narrator(seed=seed)
    context_text: str = args.context
    # --context names the place only when it plainly reads as one; otherwise it is the player's
    # words, quoted ahead of the idea (never spliced into a sentence as a noun)
    as_place = beat in _PLACE_BEATS and place_like(context_text)
    lead = quoted(context_text) if beat in _PLACE_BEATS and not as_place else ""
    deck = shared if shared is not None else Deck.seeded(seed)
    results: list[NarrationResult] = []
    facts: list[dict[str, Any]] = []
    for _ in range(1 if spec.listing else n):
        result = _rolled_result(beat, args, dice)
        context = NarrationContext.build(
            result=result,
            characters=[{"name": args.name, "occupation": args.occupation}] if args.name else (),
            intent="" if beat in _QUESTION_BEATS or as_place else context_text,
            question=context_text if beat in _QUESTION_BEATS else "",
            place=args.place or (context_text if as_place else ""),
            n=n,
            deck=deck,
            safety={"lines": list(args.line or ()), "veils": list(args.veil or ())},
        )
        voiced = narrator.narrate(beat, context)
        deck = voiced.deck or deck
        if lead and not voiced.items and lead not in voiced.text:
            voiced = replace(voiced, text=f"{lead} {voiced.text}")
        results.append(voiced)
        facts.append(result)
    items = [item for r in results for item in r.items] or [r.text for r in results]
    reasons = [r.fallback_reason for r in results if r.fallback_reason]
    if args.json:
        out.write(json.dumps({
            "beat": beat,
            "narrator": results[-1].narrator,
            "fallback_reason": reasons[0] if reasons else None,
            "seed": seed,
            "items": items,
            "text": "\n\n".join(r.text for r in results),
            "facts": facts,
        }, ensure_ascii=False) + "\n")
    else:
        out.write("\n\n".join(r.text for r in results) + "\n")
        if reasons:
            out.write(f"(offline narrator: {reasons[0]})\n")
    return 0, deck
