"""The ``oracle`` command: serve the app, resolve rolls as JSON, show odds, inspire a GM.

Each subcommand imports what it needs lazily, so ``oracle resolve`` never pays for Voila or
the anthropic SDK.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn, TextIO, cast

from oracle.errors import OracleError

EXIT_OK = 0
EXIT_REFUSED = 2
MOST_SAID = 300  # characters of argparse's own sentence about bad arguments


class _Utf8Out:
    """``out`` for every command: text goes out as UTF-8 whatever the locale, and a character
    UTF-8 cannot carry (a lone surrogate from a badly encoded argument) as its ``\\u`` escape,
    which in JSON reads back as that very character. A stream without bytes (tests) gets str."""

    def __init__(self, out: TextIO) -> None:
        self._out = out
        self.buffer = getattr(out, "buffer", None)

    def write(self, text: str) -> int:
        if self.buffer is None:
            return self._out.write(text)
        self._out.flush()
        self.buffer.write(text.encode("utf-8", "backslashreplace"))
        return len(text)

    def flush(self) -> None:
        self._out.flush()
        if self.buffer is not None:
            self.buffer.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._out, name)


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is refused like any other input: exit 2 with
    ``{"error": "<one sentence>"}`` quoting at most about 80 characters of any value given."""

    words: Sequence[str] = ()

    def error(self, message: str) -> NoReturn:
        from oracle.errors import RequestError, shown

        for word in sorted(set(self.words), key=len, reverse=True):
            if len(word) > 80:
                message = message.replace(repr(word), shown(word)).replace(word, shown(word))
        if len(message) > MOST_SAID:
            message = message[:MOST_SAID - 3] + "..."
        raise RequestError(f"{self.prog}: {message.rstrip('.')}.")


# Arguments that name files: any bytes the system allows are a file name (refused, if need be,
# when the file is opened), but never a NUL or a character no file name can hold; every other
# argument is text, and must be UTF-8.
_FILE_ARGUMENTS = frozenset({"file", "output", "request", "campaign", "table"})


def _usable(dest: str, item: str) -> str | None:
    """Why the argument ``item`` (of ``dest``) cannot be used, or None."""
    if dest in _FILE_ARGUMENTS:
        try:
            if b"\0" not in os.fsencode(item):
                return None
        except UnicodeError:
            pass
        return "is not a file name (a NUL, or a character no file name can hold)"
    try:
        item.encode("utf-8")
    except UnicodeEncodeError:
        return "is not UTF-8 text (bytes no character is made of); give it in UTF-8"
    return None


def _refuse_unusable(args: argparse.Namespace, words: Sequence[str]) -> None:
    """Refuse a text argument holding bytes that are not UTF-8 (a lone surrogate in Python), or
    a file name no file can have, with one sentence naming it, before any command runs."""
    from oracle.errors import RequestError, shown

    for dest, value in vars(args).items():
        for item in value if isinstance(value, list) else [value]:
            why = _usable(dest, item) if isinstance(item, str) else None
            if why is not None:
                at = [i for i, word in enumerate(words) if word == item]
                before = words[at[0] - 1] if at and at[0] > 0 else ""
                name = before if before.startswith("-") else dest
                raise RequestError(f"{name}: {shown(item, 60)} {why}.")


def _read_request(path: str | None, stdin: TextIO) -> Mapping[str, Any]:
    """Read one JSON object from ``path`` or standard input (see :mod:`oracle.jsonio`)."""
    from oracle.jsonio import read_request

    return read_request(path, stdin)


def _system_of(request: Mapping[str, Any]) -> Any:
    from oracle.systems import DEFAULT, find_system

    return find_system(request.get("system", DEFAULT))


def _emit(out: TextIO, payload: Mapping[str, Any]) -> None:
    from oracle.jsonio import emit

    emit(out, payload)


def cmd_resolve(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    from oracle import requests
    from oracle.context import rules_request

    asked = _read_request(args.request, stdin)
    request = rules_request(asked)  # narrative fields checked; a text bargain is the narrator's

    result = requests.resolve(_system_of(request), request)
    if args.narrate:
        from oracle.journal.library import oracle_home
        from oracle.narrator import narrate_resolved

        # one offline deck continues between calls (ORACLE_HOME); a seeded request replays
        result = {**result, "narration": narrate_resolved(asked, result, home=oracle_home())}
    _emit(out, result)
    return EXIT_OK


def cmd_odds(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    from oracle import requests
    from oracle.context import rules_request

    request = rules_request(_read_request(args.request, stdin))  # as resolve reads it
    _emit(out, requests.odds(_system_of(request), request))
    return EXIT_OK


def cmd_serve(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    from oracle.serve import serve

    code: int = serve(port=args.port, open_browser=not args.no_browser, preheat=args.preheat,
                      host=args.host, table=args.table, max_pages=args.max_pages,
                      cull_after=args.cull_after)
    return code


def _narrate_answer(payload: Mapping[str, Any], seed: object, system: str) -> dict[str, Any]:
    """``oracle ask --narrate``: the narrator's ``oracle`` beat (imported only when asked)."""
    from oracle.narrator import narrate_answer

    return narrate_answer(payload, seed, system)


def cmd_inspire(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    from oracle.journal.library import oracle_home
    from oracle.narrator.inspire import run_inspire

    code: int = run_inspire(args, out, home=oracle_home())
    return code


def build_parser(inspire_arguments: bool = True) -> argparse.ArgumentParser:
    """The whole command line; ``inspire_arguments=False`` skips importing the narrator (and
    Jinja) for the commands that never use it."""
    parser = _Parser(
        prog="oracle",
        description=(
            "An oracle for solo and GM-led play of Trophy (Dark and Gold), Die Trying and "
            "Triptycho. The rules core decides every roll; a narrator (Claude or the offline "
            "one) voices the results."
        ),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    resolve = sub.add_parser(
        "resolve",
        help="resolve one roll given as JSON and print the result as JSON",
        description=(
            "Read one JSON request (standard input, or --request FILE) and print one JSON result. "
            "Dice given as lists are faces already rolled; dice given as integers are rolled "
            "(\"seed\" makes that repeatable). A request the rules forbid exits 2 with "
            "{\"error\": \"...\"}. See docs/contract.md."
        ),
    )
    resolve.add_argument("--request", metavar="FILE", help="read the request from FILE")
    resolve.add_argument(
        "--narrate", action="store_true", help="add a \"narration\" voiced for the result"
    )
    resolve.set_defaults(handler=cmd_resolve)

    odds = sub.add_parser(
        "odds",
        help="exact odds of a roll before the dice fall, as JSON",
        description=(
            "Read the same JSON request as `oracle resolve` (dice given as counts or faces) and "
            "print the exact probabilities of every outcome as fractions and decimals."
        ),
    )
    odds.add_argument("--request", metavar="FILE", help="read the request from FILE")
    odds.set_defaults(handler=cmd_odds)

    serve = sub.add_parser(
        "serve",
        help="serve the app (Voila on app.ipynb) at 127.0.0.1",
        description="Serve the oracle app with Voila on 127.0.0.1. A busy port is an error.",
    )
    serve.add_argument("--port", type=int, default=8866, help="port to listen on (default 8866)")
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.add_argument(
        "--preheat",
        type=int,
        default=0,
        metavar="N",
        help="keep N preheated kernels ready so a new tab starts faster (default 0)",
    )
    serve.add_argument("--table", action="store_true",
                       help="serve a table on the local network: print a join link and QR code")
    serve.add_argument("--host", metavar="ADDRESS",
                       help="IP address to listen on (default 127.0.0.1; another serves a table)")
    serve.add_argument("--max-pages", type=int, default=8, metavar="N",
                       help="at most N pages (kernels) open at once (default 8)")
    serve.add_argument("--cull-after", type=int, default=600, metavar="SECONDS",
                       help="shut down a kernel once no page has been connected to it for "
                       "SECONDS (default 600)")
    serve.set_defaults(handler=cmd_serve)

    inspire = sub.add_parser(
        "inspire",
        help="quick inspiration for a GM at the table",
        description="Ask the narrator for ideas: what could go wrong, bargains, conditions, ...",
    )
    inspire.set_defaults(handler=cmd_inspire)
    if inspire_arguments:
        _add_inspire_arguments(inspire)
    from oracle.solo.cli import add_solo_commands

    add_solo_commands(sub, narrate=_narrate_answer)
    from oracle.solo.meaning_cli import add_meaning_command

    add_meaning_command(sub)
    from oracle.journal.cli import add_commands  # campaigns, export, import

    add_commands(sub)
    return parser


def _add_inspire_arguments(parser: argparse.ArgumentParser) -> None:
    try:
        from oracle.narrator.inspire import add_arguments
    except ImportError:  # the narrator has not landed yet
        return
    add_arguments(parser)


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         out: TextIO | None = None) -> int:
    """Run the CLI; returns the exit code (0 ok, 2 refused or malformed)."""
    stdin = sys.stdin if stdin is None else stdin
    out = cast(TextIO, _Utf8Out(sys.stdout if out is None else out))
    words = sys.argv[1:] if argv is None else list(argv)
    _Parser.words = words
    parser = build_parser(inspire_arguments=words[:1] == ["inspire"])
    try:
        args = parser.parse_args(words)
        _refuse_unusable(args, words)
        code: int = args.handler(args, stdin, out)
    except OracleError as exc:
        _emit(out, {"error": str(exc)})
        return EXIT_REFUSED
    return code


def entry() -> None:
    sys.exit(main())
