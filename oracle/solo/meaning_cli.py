"""``oracle meaning``: list the meaning tables, or draw from one.

- ``oracle meaning [--system S] [--table FILE]... [--json]`` lists every table with its size
  (``--json``: a list of ``{"table", "entries", "about", "source"}``);
- ``oracle meaning TABLE [--n N] [--seed S] [--system S] [--table FILE]... [--json]`` draws
  ``N`` entries (``--json``: ``{"table", "drawn": [...]}``).

Our twelve tables come in the genre of ``--system`` (default: the default system); the player's own are the
``.txt`` files in ``ORACLE_HOME/tables/`` and any named with ``--table``. Bad input exits 2 with
``{"error": "..."}`` (a bad table file: its name and line).
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from oracle.errors import RequestError
from oracle.events import DEFAULT_SYSTEM


def cmd_meaning(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """List the tables, or draw from the one named."""
    from oracle.dice import SeededDice
    from oracle.solo.cli_args import own_tables, read_seed
    from oracle.solo.meaning_tables import all_tables, check_count, draw, find_table

    tables = all_tables(args.system, own_tables(args.table))
    if not args.name:
        if args.n is not None or args.seed is not None:
            raise RequestError("table: name the table to draw from (oracle meaning TABLE --n N).")
        if args.json:
            out.write(json.dumps([t.to_dict() for t in tables.values()], ensure_ascii=False)
                      + "\n")
        else:
            width = max(len(name) for name in tables)
            out.write("".join(f"{t.name:<{width}}  {len(t.entries):>5}  {t.about}\n"
                              for t in tables.values()))
        return 0
    table = find_table(args.name, tables)
    count = 1 if args.n is None else check_count(args.n)
    drawn = draw(table, SeededDice(read_seed(args.seed)), count)
    if args.json:
        out.write(json.dumps({"table": table.name, "drawn": list(drawn)}, ensure_ascii=False)
                  + "\n")
    else:
        out.write("".join(f"{entry}\n" for entry in drawn))
    return 0


def add_meaning_command(sub: Any) -> None:
    """Add ``meaning`` to the ``oracle`` subparsers."""
    meaning = sub.add_parser(
        "meaning",
        help="list the meaning tables, or draw words from one",
        description=(
            "Without TABLE, list every meaning table and its size: ours (actions, subjects, "
            "descriptions, places, characters, creatures, objects, omens, moods, motives, "
            "senses, secrets; places, characters, creatures and omens in the genre of "
            "--system) and your own (.txt files in ORACLE_HOME/tables/ or given with --table). "
            "With TABLE, draw --n entries. Bad input exits 2 with {\"error\": \"...\"}."
        ),
    )
    meaning.add_argument("name", nargs="?", default="", metavar="TABLE",
                         help="the table to draw from")
    meaning.add_argument("--n", default=None, metavar="N", help="how many, 1 to 20 (default 1)")
    meaning.add_argument("--seed", default=None, metavar="S", help="make the draw repeatable")
    meaning.add_argument("--system", default=DEFAULT_SYSTEM,
                         help="whose genre: a system with meaning tables "
                         f"(default {DEFAULT_SYSTEM})")
    meaning.add_argument("--table", action="append", metavar="FILE",
                         help="a table file of your own (.txt, one entry a line; repeatable)")
    meaning.add_argument("--json", action="store_true", help="print JSON")
    meaning.set_defaults(handler=cmd_meaning)
