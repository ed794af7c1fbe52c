"""One family of errors for the whole project.

Every error a player can cause is an :class:`OracleError` whose message is one clear sentence
naming the field and the rule. Rule violations and malformed requests also subclass
``ValueError`` so plain Python callers can catch them the usual way. Third-party errors are
converted at the edge (``raise NarratorError(...) from exc``) and never reach the UI raw.
"""

from __future__ import annotations


class OracleError(Exception):
    """Base of every error this project raises on purpose."""


class RuleError(OracleError, ValueError):
    """A request the rules forbid (a third light die, help without a dark die, ...)."""


class RequestError(OracleError, ValueError):
    """A request that is malformed: bad JSON, a missing field, a value of the wrong type."""


class StoreError(OracleError):
    """A campaign file that cannot be used safely (truncated, locked, foreign, newer schema)."""


class NarratorError(OracleError):
    """The narrator could not produce text (the caller falls back to the offline narrator)."""


QUOTE_LIMIT = 80


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error sentence, cut to about ``limit`` characters.

    An error names the value it refuses, but never echoes a whole request back: a 100,000
    character string or a deep list shows its start and an ellipsis.
    """
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
