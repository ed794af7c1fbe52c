"""A player's own tables: plain text files, one entry a line, ``#`` for comments.

A ``.txt`` file is a table named after the file (``omens-of-the-fen.txt`` is the table
``omens-of-the-fen``), found in ``ORACLE_HOME/tables/`` or named on the command line. Blank
lines and lines starting with ``#`` are skipped; an entry written twice is twice as likely.
What a table is for follows from its name:

- any table can be drawn from like a meaning table (``oracle meaning NAME``, the Oracle tab);
- ``names`` or ``names-*``: whole names, used by the name and character generators;
- a use a system reads (``System.table_uses``), each line checked by that system: Trophy's
  ``bestiary`` or ``bestiary-*``, monsters (``Name | Endurance | Gold | what it is``) joining
  its bestiary;
- ``sets`` or ``sets-*``: set goals for generated incursions;
- ``answers`` or ``answers-*``: the oracle's answers in the player's words, a line
  ``yes, and: words`` (:mod:`oracle.solo.own_answers`; every one of the six answers needed).

A bad file is refused whole, with one sentence naming the file and the line. Nothing here
touches a campaign: the app journals a table the first time it is used, so it travels with the
campaign's export.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from oracle.errors import RequestError, shown
from oracle.solo.meaning_tables import Table
from oracle.solo.own_answers import answer_row, read_answers
from oracle.solo.own_context import IN_USE

MAX_BYTES = 1_000_000
MAX_ENTRIES = 10_000
MAX_ENTRY = 300
MAX_FILES = 200
NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
USES = ("names", "sets", "answers")
"""The uses the solo layer reads itself; a system adds its own (``System.table_uses``)."""
SUFFIX = ".txt"


def system_uses() -> Mapping[str, Callable[[str, str], object]]:
    """The uses the installed systems read (Trophy's ``bestiary``): use -> the check of one
    line (``check(line, where)`` raises a RequestError starting with ``where``)."""
    from oracle.systems import installed

    found: dict[str, Callable[[str, str], object]] = {}
    for system in installed():
        for use, check in system.table_uses().items():
            found.setdefault(use, check)
    return found


def use_of(name: str) -> str:
    """What a table is for by its name: names, sets, answers, a use a system reads (Trophy's
    bestiary), or meaning."""
    return next((use for use in (*USES, *system_uses())
                 if name == use or name.startswith(f"{use}-")), "meaning")


def table_name(file_name: str) -> str:
    """The table a file names: its stem, in lower case, checked."""
    stem = file_name[: -len(SUFFIX)] if file_name.lower().endswith(SUFFIX) else file_name
    name = stem.strip().lower()
    if not NAME.match(name):
        raise RequestError(f"tables: the file {shown(file_name)} cannot name a table; use "
                           "letters, digits, - and _ (at most 40), ending in .txt.")
    return name


def _bad_character(line: str) -> bool:
    return any(unicodedata.category(ch) in ("Cc", "Cs", "Cf") and ch != "\t" for ch in line)


def parse_table(text: str, name: str, source: str) -> Table:
    """The table in ``text``; ``source`` names the file in every refusal."""
    entries: list[str] = []
    use = use_of(name)
    check = system_uses().get(use)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"tables: {source} line {number}"
        if _bad_character(line):
            raise RequestError(f"{where} holds a control character; write plain text.")
        if len(line) > MAX_ENTRY:
            raise RequestError(f"{where} is longer than {MAX_ENTRY} characters.")
        if check is not None:
            check(line, where)
        elif use == "answers":
            answer_row(line, where)
        entries.append(line)
        if len(entries) > MAX_ENTRIES:
            raise RequestError(f"{where}: a table holds at most {MAX_ENTRIES} entries.")
    if not entries:
        raise RequestError(f"tables: {source} has no entries (one a line; # starts a comment).")
    if use == "answers":
        read_answers(name, entries, source)  # every one of the six answers has its words
    return Table(name, tuple(entries), f"your own ({use})", source)


def read_table_file(path: Path | str) -> Table:
    """A table from one ``.txt`` file, or one sentence naming the file and the line (read
    again only when the file changed: the app asks after every move)."""
    path = Path(path)
    try:
        stat = path.stat()
    except OSError:
        return _read_file(path, 0, -1)
    return _read_file(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _read_file(path: Path, mtime: int, size: int) -> Table:
    source = shown(path.name)
    name = table_name(path.name)
    try:
        if not path.is_file():
            raise RequestError(f"tables: {source} is not a file.")
        if path.stat().st_size > MAX_BYTES:
            raise RequestError(f"tables: {source} is larger than {MAX_BYTES // 1_000_000} MB.")
        data = path.read_bytes()
    except OSError as exc:
        raise RequestError(f"tables: {source} cannot be read ({exc.strerror}).") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise RequestError(f"tables: {source} line {line} is not UTF-8 text.") from None
    return parse_table(text, name, source)


def _for_use(path: Path, use: str | None) -> bool:
    """Whether the file ``path`` names a table meant for ``use`` (any, when None)."""
    if use is None:
        return True
    try:
        return use_of(table_name(path.name)) == use
    except RequestError:
        return False


def folder_tables(folder: Path | str, errors: list[str] | None = None,
                  use: str | None = None) -> list[Table]:
    """Every ``.txt`` table in ``folder`` (none when it does not exist), by name; with ``use``
    only those meant for it (so another file's fault does not stop an ``oracle ask``). With
    ``errors``, a bad file's sentence is added there and the file skipped; without, it raises."""
    root = Path(folder)
    try:
        files = sorted(p for p in root.iterdir()
                       if p.suffix.lower() == SUFFIX and _for_use(p, use))[:MAX_FILES]
    except OSError:
        return []
    tables: list[Table] = []
    for path in files:
        try:
            tables.append(read_table_file(path))
        except RequestError as exc:
            if errors is None:
                raise
            errors.append(str(exc))
    return tables


def gather(tables: Iterable[Table]) -> list[Table]:
    """Tables with their names checked: two with one name are refused."""
    seen: dict[str, Table] = {}
    for table in tables:
        if table.name in seen and seen[table.name].entries != table.entries:
            raise RequestError(f"tables: two tables are called {shown(table.name)} "
                               f"({seen[table.name].source} and {table.source}); rename one.")
        seen[table.name] = table
    return list(seen.values())


def of_use(tables: Sequence[Table], use: str) -> list[Table]:
    """The tables meant for ``use`` (names, bestiary, sets)."""
    return [t for t in tables if use_of(t.name) == use]


@contextmanager
def using(tables: Sequence[Table]) -> Iterator[None]:
    """Within the block, generators and the bestiary use these own tables too."""
    token = IN_USE.set(tuple(tables))
    try:
        yield
    finally:
        IN_USE.reset(token)


def own_entries(tables: Sequence[Table], use: str) -> tuple[str, ...]:
    """Every entry of the tables meant for ``use`` (names or sets), in order."""
    return tuple(entry for t in of_use(tables, use) for entry in t.entries)
