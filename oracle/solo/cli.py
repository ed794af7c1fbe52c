"""``oracle ask`` and ``oracle generate``: the solo layer on the command line.

``add_solo_commands(sub)`` adds both to the ``oracle`` parser; each handler is
``(args, stdin, out) -> exit code`` like the others, and refuses bad input by raising a
:class:`~oracle.errors.RequestError` (the CLI prints ``{"error": "..."}`` and exits 2).
Everything heavier than argparse is imported inside the handlers.

- ``oracle ask "QUESTION" --likelihood LEVEL [--dread N] [--seed S] [--thread T]...
  [--character C]... [--table FILE]... [--answers NAME] [--narrate] [--json]`` prints the
  answer (in the player's words too when an ``answers*.txt`` table is there), the dice, the
  exact odds of each answer and of a twist, and the twist, as lines to read; with ``--json``
  one JSON object: ``answer``, ``odds`` (the six answers as decimals, summing to 1), ``odds_exact`` (fractions), ``twist_chance``, ``dice``,
  ``twist`` (null or ``{kind, label, focus, new, meaning: {action, subject}}``), ``words``
  (null or ``{table, text}``: the player's words for the answer) and, with
  ``--narrate``, ``narration``.
- ``oracle generate KIND [--system S] [--seed S] [--n N] [--json]``: KIND is one of what the
  system generates (``System.generators()``; Trophy: character, monster, incursion, treasure,
  place, name). With ``--json`` one object (or, with ``--n`` above 1, a list); without, plain
  text.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from oracle.errors import RequestError, shown
from oracle.solo.cli_args import read_seed

MAX_N = 50

Narrate = Callable[[Mapping[str, Any], object, str], dict[str, Any]]
"""``narrate(payload, seed, system) -> narration``: the narrator's ``oracle`` beat for an answer
(handed in by ``oracle.cli``, so the solo layer never imports the narrator)."""


def _emit(out: TextIO, payload: object) -> None:
    out.write(json.dumps(payload, ensure_ascii=False) + "\n")


def cmd_ask(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """Ask one yes/no question and print the JSON answer."""
    from oracle.dice import SeededDice
    from oracle.solo.answers import DEFAULT_DREAD, check_dread, parse_likelihood
    from oracle.solo.asking import ask
    from oracle.systems import find_system

    system = find_system(args.system).name
    level = parse_likelihood(args.likelihood)
    dread = DEFAULT_DREAD if args.dread is None else check_dread(args.dread)
    seed = read_seed(args.seed)
    result = ask(args.question, level, SeededDice(seed), dread,
                 threads=tuple(args.thread or ()), characters=tuple(args.character or ()),
                 answers=_own_answers(args.table, args.answers))
    payload: dict[str, Any] = result.to_dict()
    if seed is not None:
        payload["seed"] = seed
    if args.narrate:
        narrate: Narrate | None = getattr(args, "narrator", None)
        if narrate is None:
            raise RequestError("narrate: no narrator is installed with this command.")
        payload["narration"] = narrate(payload, seed, system)
    if args.json:
        _emit(out, payload)
    else:
        from oracle.solo.asking import result_text

        narration = payload.get("narration", {}).get("text") if args.narrate else None
        out.write(result_text(result) + (f"\n\n{narration}" if narration else "") + "\n")
    return 0


def _own_answers(files: list[str] | None, chosen: str | None) -> Any:
    """The player's answers table for ``oracle ask`` (``--answers NAME``, ``none``, or the
    automatic choice), read as answers, or None."""
    from oracle.solo.cli_args import own_tables
    from oracle.solo.own_answers import pick_answers, read_answers

    table = pick_answers(own_tables(files, use="answers"), "" if chosen is None else chosen)
    return None if table is None else read_answers(table.name, table.entries, table.source)


def _generator(system: str, kind: str, given: object = None
               ) -> Callable[[Any, list[str]], Mapping[str, Any] | str]:
    """The function making one ``kind`` for ``system`` (its ``generators()``), given dice and
    the names taken; a kind it does not make is refused naming the ones it does."""
    from oracle.systems import find_system

    made = find_system(system).generators()
    if kind not in made:
        kinds = ", ".join(made) or "nothing"
        raise RequestError(f"kind: {system} generates {kinds}; "
                           f"not {shown(kind if given is None else given)}.")
    return made[kind].make


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
    kind = (args.kind or "").strip().lower()
    make = _generator(system, kind, args.kind)
    count = _count(args.n)
    dice = SeededDice(read_seed(args.seed))
    from oracle.solo.cli_args import own_tables
    from oracle.solo.own_tables import using

    taken: list[str] = []
    items = []
    with using(own_tables(args.table)):  # the player's names, bestiary and set goals
        for _ in range(count):
            item = make(dice, taken)
            taken.append(item if isinstance(item, str) else str(item.get("name", "")))
            items.append(item)
    if args.json:
        _emit(out, items[0] if count == 1 else items)
    else:
        out.write("\n\n".join(plain(item) for item in items) + "\n")
    return 0


def add_solo_commands(sub: Any, narrate: Narrate | None = None) -> None:
    """Add ``ask`` and ``generate`` to the ``oracle`` subparsers; ``narrate`` voices
    ``ask --narrate``."""
    from oracle.systems import DEFAULT, SYSTEMS

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
    ask.add_argument("--table", action="append", metavar="FILE",
                     help="a table file of your own; answers*.txt gives the answers' words "
                     "(ORACLE_HOME/tables/ is read too; repeatable)")
    ask.add_argument("--answers", default=None, metavar="NAME",
                     help="which answers table gives the words (default: the one named "
                     "answers, else the first by name; none: our plain answers)")
    ask.add_argument("--narrate", action="store_true",
                     help="add a \"narration\" colouring the answer")
    ask.add_argument("--json", action="store_true", help="print JSON")
    ask.add_argument("--system", default=DEFAULT,
                     help=f"whose words narrate it: {', '.join(SYSTEMS)} (default {DEFAULT})")
    ask.set_defaults(handler=cmd_ask, narrator=narrate)

    generate = sub.add_parser(
        "generate",
        help="generate characters, monsters, incursions, treasures, places or names",
        description=(
            "Generate from each system's own tables (characters, monsters, names, ...); a "
            "kind the system does not make is refused naming those it does. --seed makes it "
            "repeatable. Bad input exits 2 with {\"error\": \"...\"}."
        ),
    )
    generate.add_argument("kind", nargs="?", default="", help="what to generate")
    generate.add_argument("--system", default=DEFAULT,
                          help=f"{', '.join(SYSTEMS)} (default {DEFAULT})")
    generate.add_argument("--seed", default=None, metavar="S", help="make it repeatable")
    generate.add_argument("--n", default=None, metavar="N", help=f"how many, 1 to {MAX_N}")
    generate.add_argument("--json", action="store_true", help="print JSON")
    generate.add_argument("--table", action="append", metavar="FILE",
                          help="a table file of your own: names*.txt, bestiary*.txt or "
                          "sets*.txt (ORACLE_HOME/tables/ is read too; repeatable)")
    generate.set_defaults(handler=cmd_generate)
