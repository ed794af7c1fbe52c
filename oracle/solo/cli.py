"""``oracle ask`` and ``oracle generate``: the solo layer on the command line.

``add_solo_commands(sub)`` adds both to the ``oracle`` parser; each handler is
``(args, stdin, out) -> exit code`` like the others, and refuses bad input by raising a
:class:`~oracle.errors.RequestError` (the CLI prints ``{"error": "..."}`` and exits 2).
Everything heavier than argparse is imported inside the handlers.

- ``oracle ask "QUESTION" --likelihood LEVEL [--dread N] [--seed S] [--thread T]...
  [--character C]... [--narrate] [--json]`` prints the answer, the dice, the exact odds of each
  answer and of a twist, and the twist, as lines to read; with ``--json`` one JSON object:
  ``answer``, ``odds`` (the six
  answers as decimals, summing to 1), ``odds_exact`` (fractions), ``twist_chance``, ``dice``,
  ``twist`` (null or ``{kind, label, focus, new, meaning: {action, subject}}``) and, with
  ``--narrate``, ``narration``.
- ``oracle generate KIND [--system S] [--seed S] [--n N] [--json]``: KIND is character,
  monster, incursion, treasure, place or name (Trophy); character, monster or name (Die Trying
  and Triptycho, where a monster is a creature or a foe). With ``--json`` one object (or, with
  ``--n`` above 1, a list); without, plain text.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from oracle.errors import RequestError, shown

MAX_N = 50
KINDS: dict[str, tuple[str, ...]] = {
    "trophy": ("character", "monster", "incursion", "treasure", "place", "name"),
    "die_trying": ("character", "monster", "name"),
    "triptycho": ("character", "monster", "name"),
}


def read_seed(value: str | None) -> int | str | None:
    """A seed as given: a whole number when it is one, else the text itself."""
    if value is None:
        return None
    text = value.strip()
    if not text:
        raise RequestError("seed: give a whole number or a word, not an empty string.")
    return int(text) if text.lstrip("-").isdigit() else text


def _emit(out: TextIO, payload: object) -> None:
    out.write(json.dumps(payload, ensure_ascii=False) + "\n")


def cmd_ask(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """Ask one yes/no question and print the JSON answer."""
    from oracle.dice import SeededDice
    from oracle.solo.answers import DEFAULT_DREAD, check_dread, parse_likelihood
    from oracle.solo.asking import ask

    level = parse_likelihood(args.likelihood)
    dread = DEFAULT_DREAD if args.dread is None else check_dread(args.dread)
    seed = read_seed(args.seed)
    result = ask(args.question, level, SeededDice(seed), dread,
                 threads=tuple(args.thread or ()), characters=tuple(args.character or ()))
    payload: dict[str, Any] = result.to_dict()
    if seed is not None:
        payload["seed"] = seed
    if args.narrate:
        payload["narration"] = _narrate(payload, seed)
    if args.json:
        _emit(out, payload)
    else:
        from oracle.solo.asking import result_text

        narration = payload.get("narration", {}).get("text") if args.narrate else None
        out.write(result_text(result) + (f"\n\n{narration}" if narration else "") + "\n")
    return 0


def _narrate(payload: Mapping[str, Any], seed: object) -> dict[str, Any]:
    """The narrator's ``oracle`` beat: colour for an answer the dice already gave."""
    from oracle.narrator import get_narrator
    from oracle.narrator.base import NarrationContext
    from oracle.narrator.deck import Deck

    if seed is None:
        seed = json.dumps(payload, sort_keys=True)
    context = NarrationContext.build(result=payload, request={"roll": "oracle"},
                                     question=str(payload["question"]), deck=Deck.seeded(seed))
    narration: dict[str, Any] = get_narrator(seed=seed).narrate("oracle", context).to_dict()
    return narration


def _generator(system: str, kind: str) -> Callable[[Any, list[str]], Mapping[str, Any] | str]:
    """The function making one ``kind`` for ``system``, given dice and the names taken."""
    if system == "trophy":
        from oracle.solo.generate import trophy

        table: dict[str, Callable[[Any, list[str]], Mapping[str, Any] | str]] = {
            "character": lambda d, taken: trophy.character(d, taken).to_dict(),
            "monster": lambda d, taken: trophy.monster(d).to_dict(),
            "incursion": lambda d, taken: trophy.incursion(d).to_dict(),
            "treasure": lambda d, taken: trophy.treasure(d).to_dict(),
            "place": lambda d, taken: trophy.place(d).to_dict(),
            "name": lambda d, taken: trophy.name(d, taken),
        }
    elif system == "die_trying":
        from oracle.solo.generate import die_trying, trophy

        table = {
            "character": lambda d, taken: die_trying.character(d).to_dict(),
            "monster": lambda d, taken: die_trying.creature(d).to_dict(),
            "name": lambda d, taken: trophy.name(d, taken),
        }
    else:
        from oracle.solo.generate import triptycho, trophy

        table = {
            "character": lambda d, taken: triptycho.character(d).to_dict(),
            "monster": lambda d, taken: triptycho.foe(d).to_dict(),
            "name": lambda d, taken: trophy.name(d, taken),
        }
    return table[kind]


def _count(value: str | None) -> int:
    if value is None:
        return 1
    text = value.strip()
    if not text.lstrip("-").isdigit():
        raise RequestError(f"n: must be a whole number from 1 to {MAX_N}, not {shown(value)}.")
    n = int(text)
    if not 1 <= n <= MAX_N:
        raise RequestError(f"n: generate from 1 to {MAX_N} at a time; got {n}.")
    return n


def plain(item: Mapping[str, Any] | str, indent: str = "") -> str:
    """A generated item as readable lines (lists joined, nested objects indented)."""
    if isinstance(item, str):
        return indent + item
    lines = []
    for key, value in item.items():
        if isinstance(value, Mapping):
            lines.append(f"{indent}{key}:")
            lines.append(plain(value, indent + "  "))
        elif isinstance(value, list) and value and isinstance(value[0], Mapping):
            lines.append(f"{indent}{key}:")
            lines.extend(plain(v, indent + "  ") + "\n" for v in value)
        elif isinstance(value, list):
            lines.append(f"{indent}{key}: {', '.join(str(v) for v in value)}")
        elif value is not None:
            lines.append(f"{indent}{key}: {value}")
    return "\n".join(lines)


def cmd_generate(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """Generate ``--n`` items of one kind and print them."""
    from oracle.dice import SeededDice

    system = args.system
    if system not in KINDS:
        raise RequestError(f"system: {shown(system)} is not a known system; use one of "
                           f"{', '.join(KINDS)}.")
    kind = (args.kind or "").strip().lower()
    if kind not in KINDS[system]:
        raise RequestError(f"kind: {system} generates {', '.join(KINDS[system])}; "
                           f"not {shown(args.kind)}.")
    count = _count(args.n)
    dice = SeededDice(read_seed(args.seed))
    make = _generator(system, kind)
    taken: list[str] = []
    items = []
    for _ in range(count):
        item = make(dice, taken)
        taken.append(item if isinstance(item, str) else str(item.get("name", "")))
        items.append(item)
    if args.json:
        _emit(out, items[0] if count == 1 else items)
    else:
        out.write("\n\n".join(plain(item) for item in items) + "\n")
    return 0


def add_solo_commands(sub: Any) -> None:
    """Add ``ask`` and ``generate`` to the ``oracle`` subparsers."""
    ask = sub.add_parser(
        "ask",
        help="ask the solo oracle a yes/no question; prints the answer and its exact odds",
        description=(
            "Three d10 answer a yes/no question at a likelihood (impossible, very_unlikely, "
            "unlikely, even, likely, very_likely, certain; doubtful is very_unlikely) and a "
            "dread from 1 to 9. Prints the answer (yes, no, yes, and, yes, but, no, and, no, "
            "but), the dice, the exact odds of all six and of a twist, and the twist when one "
            "is called; --json prints the same as JSON. Bad input exits 2 with "
            "{\"error\": \"...\"}."
        ),
    )
    ask.add_argument("question", nargs="?", default="", help="the yes/no question")
    ask.add_argument("--likelihood", default="even", metavar="LEVEL",
                     help="impossible .. certain (default even)")
    ask.add_argument("--dread", default=None, metavar="N", help="1 to 9 (default 5)")
    ask.add_argument("--seed", default=None, metavar="S", help="make the dice repeatable")
    ask.add_argument("--thread", action="append", metavar="TEXT",
                     help="an open thread a twist may bring back (repeatable)")
    ask.add_argument("--character", action="append", metavar="NAME",
                     help="a character a twist may bring back (repeatable)")
    ask.add_argument("--narrate", action="store_true",
                     help="add a \"narration\" colouring the answer")
    ask.add_argument("--json", action="store_true", help="print JSON")
    ask.set_defaults(handler=cmd_ask)

    generate = sub.add_parser(
        "generate",
        help="generate characters, monsters, incursions, treasures, places or names",
        description=(
            "Generate from our own tables. Trophy: character, monster, incursion, treasure, "
            "place, name. Die Trying and Triptycho: character, monster, name. --seed makes it "
            "repeatable. Bad input exits 2 with {\"error\": \"...\"}."
        ),
    )
    generate.add_argument("kind", nargs="?", default="", help="what to generate")
    generate.add_argument("--system", default="trophy",
                          help="trophy, die_trying or triptycho (default trophy)")
    generate.add_argument("--seed", default=None, metavar="S", help="make it repeatable")
    generate.add_argument("--n", default=None, metavar="N", help=f"how many, 1 to {MAX_N}")
    generate.add_argument("--json", action="store_true", help="print JSON")
    generate.set_defaults(handler=cmd_generate)
