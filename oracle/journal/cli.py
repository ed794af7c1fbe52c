"""``oracle campaigns``, ``export``, ``backup`` and ``import``: the library on the command line.

:func:`add_commands` adds the four subcommands to ``oracle``'s parser. Each handler imports the
journal only when it runs, so building the parser costs nothing; a refusal raises an
:class:`~oracle.errors.OracleError`, which ``oracle`` prints as ``{"error": "..."}`` with exit 2.
"""

from __future__ import annotations

import argparse
import json
import secrets
from pathlib import Path
from typing import Any, TextIO

from oracle.errors import RequestError, shown

EXIT_OK = 0
FORMATS = ("markdown", "lonelog", "json", "text")


def _when(stamp: str) -> str:
    """``2026-11-22 17:03`` from an ISO time (what a person reads in a list)."""
    return stamp[:16].replace("T", " ")


def cmd_campaigns(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """List the campaigns in ``$ORACLE_HOME``, newest activity first; broken files say why."""
    from oracle.journal.library import campaigns_dir, list_campaigns
    from oracle.systems import SYSTEMS

    infos = list_campaigns()
    if args.json:
        rows: list[dict[str, Any]] = [
            {"id": i.id, "name": i.name, "system": i.system, "created": i.created,
             "updated": i.updated, "entries": i.events, "path": str(i.path), "error": i.error}
            for i in infos
        ]
        out.write(json.dumps({"campaigns": rows}, ensure_ascii=False) + "\n")
        return EXIT_OK
    if not infos:
        out.write(f"No campaigns yet in {campaigns_dir()}.\n")
        return EXIT_OK
    for info in infos:
        if info.error is not None:
            out.write(f"{info.id}  cannot be opened: {info.error}\n")
            continue
        title = SYSTEMS[info.system].title if info.system in SYSTEMS else info.system
        entries = f"{info.events} entr{'y' if info.events == 1 else 'ies'}"
        out.write(f"{info.id}  {' '.join(info.name.split())}  ({title}, {entries}, "
                  f"last played {_when(info.updated)})\n")
    return EXIT_OK


def _write_new(path: Path, text: str, force: bool) -> None:
    """Write ``text`` to ``path`` whole or not at all; an existing regular file only with
    ``force``."""
    from oracle.journal.files import check_replaceable, place_new

    check_replaceable(path, force, "-o")
    tmp = path.with_name(f".{path.name[:64]}.{secrets.token_hex(4)}.tmp")
    try:
        try:
            tmp.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise RequestError(f"-o: cannot write {shown(str(path))} ({exc.strerror}).") from exc
        place_new(tmp, path, force, "-o")
    finally:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:  # a name the folder cannot hold was never created
            pass


def cmd_export(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """Write one campaign as Markdown, Lonelog, plain text or the JSON dump."""
    from oracle.journal.campaign import Campaign
    from oracle.journal.exports import export
    from oracle.journal.library import campaign_path

    path = campaign_path(args.campaign)
    if not path.exists():  # named here, cut to about 80 characters, before anything is opened
        raise RequestError(f"export: campaign {shown(args.campaign)} does not exist (see "
                           f"`oracle campaigns`).")
    with Campaign.open(path, remember=False) as campaign:
        text = export(campaign, args.format)
    if args.output is None:
        out.write(text if text.endswith("\n") else text + "\n")
    else:
        _write_new(Path(args.output), text, args.force)
    return EXIT_OK


def cmd_backup(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """Copy one campaign consistently (SQLite's backup API), even while it is played."""
    from oracle.journal.backup import backup
    from oracle.journal.library import campaign_path

    path = campaign_path(args.campaign)
    if not path.exists():
        raise RequestError(f"backup: campaign {shown(args.campaign)} does not exist (see "
                           f"`oracle campaigns`).")
    entries = backup(path, Path(args.file), force=args.force)
    out.write(json.dumps({"backup": args.file, "campaign": str(path), "entries": entries},
                         ensure_ascii=False) + "\n")
    return EXIT_OK


def cmd_import(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """Make a new campaign from a JSON dump (``-`` reads standard input)."""
    from oracle.journal.campaign import Campaign
    from oracle.journal.dump import MAX_IMPORT_BYTES

    most = MAX_IMPORT_BYTES + 1  # read no further: a larger file is refused before parsing
    if args.file == "-":
        source: str | bytes = getattr(stdin, "buffer", stdin).read(most)
    else:
        try:
            with open(args.file, "rb") as handle:
                source = handle.read(most)
        except OSError as exc:
            raise RequestError(f"import: cannot read {shown(args.file)} ({exc.strerror}).") from exc
        except ValueError as exc:  # a NUL byte or a character no file name can hold
            raise RequestError(f"import: {shown(args.file)} is not a file name.") from exc
    with Campaign.import_json(source, name=args.name) as campaign:
        out.write(json.dumps({"imported": campaign.id, "name": campaign.name,
                              "system": campaign.system.name, "entries": campaign.last_seq,
                              "path": str(campaign.path)}, ensure_ascii=False) + "\n")
    return EXIT_OK


def add_commands(sub: Any) -> None:
    """Add ``campaigns``, ``export`` and ``import`` to ``oracle``'s subparsers."""
    campaigns = sub.add_parser(
        "campaigns", help="list your campaigns",
        description="List the campaigns in ORACLE_HOME, newest activity first.",
    )
    campaigns.add_argument("--json", action="store_true", help="print the list as JSON")
    campaigns.set_defaults(handler=cmd_campaigns)

    export = sub.add_parser(
        "export", help="write a campaign as Markdown, Lonelog or JSON",
        description=("Write a campaign's journal as Markdown, Lonelog or the JSON dump that "
                     "`oracle import` reads back, to standard output or a file."),
    )
    export.add_argument("campaign", metavar="CAMPAIGN",
                        help="a campaign id (see `oracle campaigns`) or a .oracle.sqlite path")
    export.add_argument("--format", choices=FORMATS, default="markdown",
                        help="markdown (default), lonelog, json or text")
    export.add_argument("-o", "--output", metavar="FILE", help="write to FILE, not stdout")
    export.add_argument("--force", action="store_true", help="replace FILE if it exists")
    export.set_defaults(handler=cmd_export)

    backup = sub.add_parser(
        "backup", help="copy a campaign file consistently, even while it is played",
        description=("Copy a campaign to FILE with SQLite's backup API: the copy holds every "
                     "committed entry and nothing half-written, even while the app plays it or "
                     "after a crash. FILE is readable by you only and opens like any campaign."),
    )
    backup.add_argument("campaign", metavar="CAMPAIGN",
                        help="a campaign id (see `oracle campaigns`) or a .oracle.sqlite path")
    backup.add_argument("file", metavar="FILE", help="where the copy goes")
    backup.add_argument("--force", action="store_true", help="replace FILE if it is a file")
    backup.set_defaults(handler=cmd_backup)

    imports = sub.add_parser(
        "import", help="make a new campaign from a JSON export",
        description=("Make a new campaign from the JSON of `oracle export --format json` (or "
                     "the app's JSON export); the original is never touched."),
    )
    imports.add_argument("file", metavar="FILE", help="the JSON export, or - for standard input")
    imports.add_argument("--name", help="name the new campaign (default: the export's name)")
    imports.set_defaults(handler=cmd_import)
