"""What the solo commands read from their arguments alike: a seed, and the player's tables."""

from __future__ import annotations

from typing import Any

from oracle.errors import RequestError


def read_seed(value: str | None) -> int | str | None:
    """A seed as given: a whole number when it is one, else the text itself."""
    if value is None:
        return None
    text = value.strip()
    if not text:
        raise RequestError("seed: give a whole number or a word, not an empty string.")
    return int(text) if text.lstrip("-").isdigit() else text


def own_tables(files: list[str] | None) -> list[Any]:
    """The player's tables: ``ORACLE_HOME/tables/*.txt``, then the files named."""
    from oracle.journal.library import oracle_home
    from oracle.solo.own_tables import folder_tables, gather, read_table_file

    found = folder_tables(oracle_home() / "tables")
    for name in files or ():
        found.append(read_table_file(name))
    return gather(found)
