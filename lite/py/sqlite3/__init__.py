"""Python's ``sqlite3`` for the browser edition, over sqlite.org's WebAssembly build.

Pyodide's own ``sqlite3`` module is only in Pyodide's full distribution, which no package
registry carries; the browser edition builds from registries alone, so it brings SQLite as
sqlite.org publishes it on npm and this module speaks the part of the DB-API that oracle's
journal uses: ``connect`` (a ``file:`` URI with ``mode=ro|rw|rwc``), ``execute``,
``executemany``, ``fetchone``/``fetchall``, ``close``, and the exception classes.

Each connection holds the database in memory. It is loaded from the file when opened (and again
when another connection has committed to the same file since), and written back into the same
file, in place, whenever a write leaves autocommit mode: after ``COMMIT``, or after a write
outside a transaction. ``PRAGMA data_version`` counts the commits of other connections, as
SQLite's does. The module can only be imported after ``oracle_lite.boot()`` loaded SQLite;
before that it is missing (IPython then keeps its history in memory, as without sqlite3),
except while the build makes the edition's memory snapshot (``lite/snapshot.mjs`` sets
``oracleSqliteLater``, once IPython is imported): then SQLite is looked up when first used.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Self
from urllib.parse import parse_qs, unquote, urlparse

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]


class _Later:
    """sqlite.org's module, looked up in the page when first used (no JavaScript object may be
    held by a memory snapshot, which imports this module before SQLite is loaded)."""

    def __getattr__(self, name: str) -> Any:
        global _SQL
        found = getattr(js.globalThis, "oracleSqlite", None)
        if found is None:
            raise ModuleNotFoundError("sqlite3 is loaded by oracle_lite.boot()", name="sqlite3")
        _SQL = found
        return getattr(found, name)


_SQL: Any = _Later()
if getattr(js.globalThis, "oracleSqlite", None) is None and not getattr(
        js.globalThis, "oracleSqliteLater", False):
    raise ModuleNotFoundError("sqlite3 is loaded by oracle_lite.boot()", name="sqlite3")

apilevel = "2.0"
paramstyle = "qmark"
threadsafety = 1


def __getattr__(name: str) -> Any:
    """``sqlite_version`` and ``sqlite_version_info``, asked of SQLite when first read."""
    version = str(_SQL.version)
    if name == "sqlite_version":
        return version
    if name == "sqlite_version_info":
        return tuple(int(part) for part in version.split(".")[:3])
    raise AttributeError(f"module 'sqlite3' has no attribute {name!r}")

PARSE_DECLTYPES = 1
PARSE_COLNAMES = 2


class Warning(Exception):
    pass


class Error(Exception):
    sqlite_errorcode = 1
    sqlite_errorname = "SQLITE_ERROR"


class InterfaceError(Error):
    pass


class DatabaseError(Error):
    pass


class DataError(DatabaseError):
    pass


class OperationalError(DatabaseError):
    pass


class IntegrityError(DatabaseError):
    pass


class InternalError(DatabaseError):
    pass


class ProgrammingError(DatabaseError):
    pass


class NotSupportedError(DatabaseError):
    pass


_KIND = {5: OperationalError, 6: OperationalError, 8: OperationalError, 14: OperationalError,
         10: OperationalError, 13: OperationalError, 1: OperationalError, 19: IntegrityError,
         20: DataError, 25: ProgrammingError, 21: InterfaceError, 2: InternalError}
_PREFIX = re.compile(r"^.*?sqlite3 result code \d+:\s*")

# Commits per file by any connection: a connection that sees a newer count reloads the file.
_generation: dict[str, int] = {}


def _error(exc: BaseException) -> Error:
    err = getattr(exc, "js_error", None) or exc
    code = getattr(err, "resultCode", None)
    message = str(getattr(err, "message", None) or exc)
    message = _PREFIX.sub("", message.splitlines()[0] if message else "")
    if not isinstance(code, int):
        code = 26 if "not a database" in message else 1
    kind = _KIND.get(code & 0xFF, DatabaseError)
    made = kind(message or "SQLite failed")
    made.sqlite_errorcode = code
    return made


def _read_only_statement(sql: str) -> bool:
    head = sql.lstrip().lower()
    if head.startswith(("select", "with", "begin", "commit", "end", "rollback", "explain")):
        return True
    return head.startswith("pragma") and "=" not in head


def _where(database: str | Path, uri: bool) -> tuple[str | None, str]:
    """The file path (None for ``:memory:``) and the mode ``ro``, ``rw`` or ``rwc``."""
    text = str(database)
    if text == ":memory:":
        return None, "rwc"
    if uri and text.startswith("file:"):
        parsed = urlparse(text)
        mode = parse_qs(parsed.query).get("mode", ["rwc"])[0]
        if parsed.path in ("", ":memory:") or mode == "memory":
            return None, "rwc"
        return unquote(parsed.path), mode
    return text, "rwc"


class Cursor:
    """The rows of one statement, already read."""

    arraysize = 1

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self._rows: list[tuple[Any, ...]] = []
        self.rowcount = -1
        self.lastrowid: int | None = None
        self.description: tuple[Any, ...] | None = None

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> Cursor:
        self._rows = self.connection._run(sql, parameters)
        self.rowcount = self.connection._changes if not _read_only_statement(sql) else -1
        self.lastrowid = self.connection._last_rowid
        return self

    def executemany(self, sql: str, seq_of_parameters: Iterable[Sequence[Any]]) -> Cursor:
        total = 0
        for parameters in seq_of_parameters:
            self.connection._run(sql, parameters)
            total += self.connection._changes
        self._rows = []
        self.rowcount = total
        return self

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._rows.pop(0) if self._rows else None

    def fetchmany(self, size: int | None = None) -> list[tuple[Any, ...]]:
        count = self.arraysize if size is None else size
        taken, self._rows = self._rows[:count], self._rows[count:]
        return taken

    def fetchall(self) -> list[tuple[Any, ...]]:
        taken, self._rows = self._rows, []
        return taken

    def close(self) -> None:
        self._rows = []

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        while self._rows:
            yield self._rows.pop(0)


class Connection:
    """One database, held in memory and written back to its file after each commit."""

    def __init__(self, path: str | None, mode: str, isolation_level: str | None) -> None:
        self._path = path
        self._read_only = mode == "ro"
        self.isolation_level = isolation_level
        self.row_factory = None
        self.text_factory = str
        self._dirty = False
        self._others = 0
        self._changes = 0
        self._last_rowid: int | None = None
        data = b""
        if path is not None:
            file = Path(path)
            if not file.exists() and mode != "rwc":
                raise OperationalError("unable to open database file")
            if file.is_dir():
                raise OperationalError("unable to open database file")
            if not file.exists():
                try:
                    file.touch()
                except OSError as exc:
                    raise OperationalError("unable to open database file") from exc
            data = file.read_bytes()
        self._seen = _generation.get(path or "", 0)
        try:
            self._db: Any = _SQL.open(to_js(data))
        except Exception as exc:
            raise _error(exc) from exc

    # -- the DB-API ---------------------------------------------------------------------------

    def cursor(self) -> Cursor:
        return Cursor(self)

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> Cursor:
        return Cursor(self).execute(sql, parameters)

    def executemany(self, sql: str, seq_of_parameters: Iterable[Sequence[Any]]) -> Cursor:
        return Cursor(self).executemany(sql, seq_of_parameters)

    def commit(self) -> None:
        if self._db is not None and not _SQL.autocommit(self._db):
            self.execute("COMMIT")

    def rollback(self) -> None:
        if self._db is not None and not _SQL.autocommit(self._db):
            self.execute("ROLLBACK")

    @property
    def in_transaction(self) -> bool:
        return self._db is not None and not _SQL.autocommit(self._db)

    def close(self) -> None:
        if self._db is not None:
            _SQL.close(self._db)
            self._db = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: object, value: object, trace: object) -> None:
        if kind is None:
            self.commit()
        else:
            self.rollback()

    # -- the work -----------------------------------------------------------------------------

    def _run(self, sql: str, parameters: Sequence[Any]) -> list[tuple[Any, ...]]:
        if self._db is None:
            raise ProgrammingError("Cannot operate on a closed database.")
        if isinstance(parameters, dict):
            raise NotSupportedError("named parameters are not supported in the browser edition")
        writes = not _read_only_statement(sql)
        if writes and self._read_only:
            raise OperationalError("attempt to write a readonly database")
        self._catch_up()
        if sql.strip().lower().rstrip(";") == "pragma data_version":
            return [(1 + self._others,)]
        values = [bytes(v) if isinstance(v, (bytearray, memoryview)) else v for v in parameters]
        try:
            rows = _SQL.run(self._db, sql, to_js(values))
            self._changes = int(_SQL.changes(self._db))
            self._last_rowid = int(_SQL.lastRowid(self._db))
        except Exception as exc:
            raise _error(exc) from exc
        self._dirty = self._dirty or writes
        if self._dirty and _SQL.autocommit(self._db):
            self._save()
        return [tuple(_value(cell) for cell in row) for row in rows]

    def _catch_up(self) -> None:
        """Reload the file if another connection committed to it, outside a transaction."""
        if self._path is None or not _SQL.autocommit(self._db):
            return
        now = _generation.get(self._path, 0)
        if now == self._seen:
            return
        try:
            data = Path(self._path).read_bytes()
            fresh = _SQL.open(to_js(data))
        except Exception as exc:
            raise _error(exc) from exc
        _SQL.close(self._db)
        self._db = fresh
        self._others += now - self._seen
        self._seen = now

    def _save(self) -> None:
        """Write the database into its file in place (the file keeps its identity)."""
        self._dirty = False
        if self._path is None:
            return
        data = bytes(_SQL.exportBytes(self._db).to_py())
        try:
            with open(self._path, "r+b") as handle:
                handle.write(data)
                handle.truncate()
        except OSError as exc:
            raise OperationalError(f"disk I/O error ({exc.strerror})") from exc
        self._seen = _generation[self._path] = _generation.get(self._path, 0) + 1
        _after_save(self._path)


def _value(cell: Any) -> Any:
    if hasattr(cell, "to_py"):
        return bytes(cell.to_py())
    return cell


_save_hooks: list[Any] = []


def _after_save(path: str) -> None:
    for hook in _save_hooks:
        hook(path)


def on_save(hook: Any) -> None:
    """Call ``hook(path)`` after each commit is written to its file (the boot syncs storage)."""
    _save_hooks.append(hook)


def connect(database: str | Path, timeout: float = 5.0, detect_types: int = 0,
            isolation_level: str | None = "DEFERRED", check_same_thread: bool = True,
            factory: Any = None, cached_statements: int = 128, uri: bool = False,
            **_: Any) -> Connection:
    """Open ``database`` (a path, ``:memory:``, or a ``file:`` URI when ``uri`` is true)."""
    path, mode = _where(database, uri)
    if mode not in ("ro", "rw", "rwc"):
        raise OperationalError(f"no such access mode: {mode}")
    return Connection(path, mode, isolation_level)


def register_adapter(*_: Any) -> None:
    """Accepted and ignored: the journal stores only text and numbers."""


def register_converter(*_: Any) -> None:
    """Accepted and ignored: the journal stores only text and numbers."""
