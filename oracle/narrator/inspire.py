"""``oracle inspire``: quick ideas for a GM at the table, from the narrator.

The beats offered, the options they read and the result each is voiced with are the installed
systems' (``System.inspiration()``); the solo oracle's yes/no answer (``oracle``) is offered
always. Anything a die decides (the oracle's answer, and whatever a system rolls when the GM did
not say) is rolled with a seeded dice source first; the narrator only voices it.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from oracle.dice import SeededDice
from oracle.errors import RequestError
from oracle.narrator.asking import ask, solo_level
from oracle.narrator.base import NarrationContext, NarrationResult
from oracle.narrator.beats import find_beat
from oracle.narrator.deck import Deck
from oracle.narrator.weave import place_like, quoted
from oracle.solo.answers import LIKELIHOOD_NAMES

if TYPE_CHECKING:
    from oracle.systems.base import Inspiration, InspireOption

ORACLE = "oracle"
"""The generic beat always offered: the solo oracle's yes/no answer, a question asked."""
ORACLE_WORDS = "oracle = a yes/no answer for solo play"


def _offers() -> list[Inspiration]:
    from oracle.systems import installed

    return [found for system in installed() if (found := system.inspiration()) is not None]


def inspire_beats() -> tuple[str, ...]:
    """Every beat ``oracle inspire`` offers: the installed systems' in their order (the default
    system's first), then ``oracle`` unless a system placed it."""
    beats = dict.fromkeys(beat for offer in _offers() for beat in offer.beats)
    return tuple(beats) + (() if ORACLE in beats else (ORACLE,))


def _options() -> list[InspireOption]:
    """The options the systems' ideas read, each flag once (the first system's)."""
    found: dict[str, InspireOption] = {}
    for offer in _offers():
        for option in offer.options:
            found.setdefault(option.flag, option)
    return list(found.values())


def _owner(beat: str) -> Inspiration | None:
    return next((offer for offer in _offers() if beat in offer.beats), None)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``inspire`` arguments to its subparser."""
    beats = inspire_beats()
    glossary = [words for offer in _offers() for words in offer.glossary]
    parser.add_argument(
        "beat", choices=beats, metavar="BEAT",
        help="one of: " + ", ".join(beats) + " (" + ", ".join([*glossary, ORACLE_WORDS]) + ")",
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
    for option in _options():
        if option.switch:
            parser.add_argument(option.flag, action="store_true", help=option.help)
        else:
            parser.add_argument(option.flag, choices=option.choices or None, default=None,
                                help=option.help)
    parser.add_argument("--line", action="append", default=[], metavar="TEXT",
                        help="a safety line, in any words (repeatable): never shown")
    parser.add_argument("--veil", action="append", default=[], metavar="TEXT",
                        help="a safety veil, in any words (repeatable): kept off-screen")


def _rolled_result(beat: str, args: argparse.Namespace, dice: SeededDice,
                   owner: Inspiration | None) -> dict[str, Any]:
    """The settled facts the beat voices; dice decide what the GM did not (the system that
    offers the beat rolls them)."""
    if beat == ORACLE:
        return ask(args.likelihood, dice)
    rolled = None if owner is None or owner.roll is None else owner.roll(beat, vars(args), dice)
    return {"roll": beat} if rolled is None else dict(rolled)


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
    owner = _owner(beat)
    questions = (ORACLE, *(owner.questions if owner else ()))
    places = owner.places if owner else ()
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
    as_place = beat in places and place_like(context_text)
    lead = quoted(context_text) if beat in places and not as_place else ""
    deck = shared if shared is not None else Deck.seeded(seed)
    results: list[NarrationResult] = []
    facts: list[dict[str, Any]] = []
    for _ in range(1 if spec.listing else n):
        result = _rolled_result(beat, args, dice, owner)
        context = NarrationContext.build(
            result=result,
            characters=[{"name": args.name, "occupation": args.occupation}] if args.name else (),
            intent="" if beat in questions or as_place else context_text,
            question=context_text if beat in questions else "",
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
