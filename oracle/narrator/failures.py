"""Why a call to a model failed, in our own sentence (never the SDK's text).

:class:`Failure` is a failed attempt, marked worth a retry and/or an outage (which opens the
breaker); :func:`classify` turns an SDK or transport error into one, by the SDK's class or the
HTTP status it carries; :class:`Rejected` is the referee's reason a reply may not stand.
Read by :class:`oracle.narrator.claude.ModelNarrator`. The SDK is imported lazily.
"""

from __future__ import annotations

__all__ = ["Failure", "Rejected", "classify"]


class Failure(Exception):
    """A failed attempt: ``reason`` is our own sentence (never the SDK's text).

    ``retry``: worth another attempt; ``outage``: the model could not be used (opens the breaker).
    """

    def __init__(self, reason: str, retry: bool = False, outage: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry = retry
        self.outage = outage


class Rejected(Exception):
    """The referee's reason a reply (or one of its sentences) may not stand."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _status(exc: BaseException) -> int | None:
    """The HTTP status an SDK error carries (an ``error`` event mid-stream read as its kind)."""
    status = getattr(exc, "status_code", None)
    body = getattr(exc, "body", None)
    error = body.get("error") if isinstance(body, dict) else None
    error_type = error.get("type") if isinstance(error, dict) else None
    if status == 200:  # an ``error`` event in the middle of a stream
        status = {"overloaded_error": 529, "rate_limit_error": 429}.get(str(error_type), 500)
    return status if isinstance(status, int) else None


def _by_status(exc: BaseException, status: int | None, label: str) -> Failure | None:
    """The failure an HTTP status (or the SDK's class for it) says, or None."""
    import anthropic

    if isinstance(exc, anthropic.AuthenticationError) or status == 401:
        return Failure(f"{label} did not accept the API key (401)")
    if isinstance(exc, anthropic.PermissionDeniedError) or status == 403:
        return Failure(f"{label} denied this API key access (403)")
    if isinstance(exc, anthropic.RateLimitError) or status == 429:
        return Failure(f"{label} is rate-limiting requests (429)", retry=True)
    if status == 529 or type(exc).__name__ == "OverloadedError":
        return Failure(f"{label} is overloaded (529)", retry=True)
    if status is not None and status >= 500:
        return Failure(f"{label} had a server error ({status})", retry=True)
    if status is not None:
        return Failure(f"{label} refused the request ({status})")
    return None


def classify(exc: BaseException, label: str = "Claude") -> Failure:
    """Turn an SDK or transport error into our reason; the exception's own text is not used."""
    import anthropic

    if isinstance(exc, anthropic.APITimeoutError):
        return Failure(f"{label} timed out", retry=True)
    if isinstance(exc, anthropic.APIConnectionError):
        return Failure(f"{label} could not be reached", retry=True)
    by_status = _by_status(exc, _status(exc), label)
    if by_status is not None:
        return by_status
    if isinstance(exc, TypeError) and "authentication" in str(exc):
        return Failure(f"{label} has no API key (set ANTHROPIC_API_KEY)")
    if isinstance(exc, anthropic.AnthropicError):
        return Failure(f"{label} failed ({type(exc).__name__})")
    if type(exc).__module__.split(".")[0] in ("httpx", "httpx2", "httpcore", "h11"):
        return Failure(f"{label}'s stream broke off ({type(exc).__name__})", retry=True)
    return Failure(f"{label} failed unexpectedly ({type(exc).__name__})")
