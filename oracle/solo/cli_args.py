"""What the solo commands read from their arguments alike: a seed, and the player's tables."""

from __future__ import annotations

from typing import Any

from oracle.errors import RequestError

MAX_SEED_DIGITS = 30  # a seed names a draw; Python refuses past 4,300 digits on its own


def read_seed(value: str | None) -> int | str | None:
    """A seed as given: a whole number when it is one, else the text itself."""
    if value is None:
        return None
    text = value.strip()
    if not text:
        raise RequestError("seed: give a whole number or a word, not an empty string.")
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):  # "²" and "١" are digits int() may refuse
        return text
    if len(digits) > MAX_SEED_DIGITS:
        raise RequestError(f"seed: a whole number of at most {MAX_SEED_DIGITS} digits; got "
                           f"{len(digits)}.")
    return int(text)


def own_tables(files: list[str] | None, use: str | None = None) -> list[Any]:
    """The player's tables: ``ORACLE_HOME/tables/*.txt`` (with ``use``, only the files meant
    for it), then the files named."""
    from oracle.journal.library import oracle_home
    from oracle.solo.own_tables import folder_tables, gather, read_table_file

    found = folder_tables(oracle_home() / "tables", use=use)
    for name in files or ():
        found.append(read_table_file(name))
    return gather(found)
