"""A model's reply as it streams, cut into sentences so each can be judged and shown at once.

:class:`Sentences` receives the streamed pieces and hands back each sentence as soon as it is
complete: its closing mark (``.``, ``!``, ``?``, ``…``, with any closing quote or bracket) has
been followed by white space, or the stream ended. Each sentence keeps the white space before
it, so the sentences shown, joined, are exactly the text. :meth:`Sentences.clause` offers the
part of a sentence still arriving that ends at a clause boundary (a comma, a semicolon, a colon,
a dash, or before a word that opens a clause or a phrase: "and", "as", "that", "you", "in"...),
so a long
sentence can be judged and shown a clause at a time: what it offers is only shown if it passes
the referee on its own, and the whole sentence is judged again once complete.

What a narrator sends to ``on_text`` is provisional: a :class:`Restart` piece says "everything
shown so far is withdrawn; show this instead" (a later sentence failed the referee and the retry
or the offline narrator replaces the whole narration). :func:`joined` is how a listener keeps
the text it shows.
"""

from __future__ import annotations

import re

__all__ = ["CLAUSE_WORDS", "Restart", "Sentences", "joined", "split"]


class Restart(str):
    """A streamed piece that replaces everything shown before it."""

    __slots__ = ()


def joined(shown: str, piece: str) -> str:
    """What a listener shows after ``piece``: appended, or in place of all when a Restart."""
    return str(piece) if isinstance(piece, Restart) else shown + piece


# the end of a sentence: its mark(s), then closing quotes or brackets, then white space
_END = re.compile(r"(?:[.!?]+|\u2026)[\"'\u201d\u2019)\]]*(?=\s)")
# a full stop that does not end a sentence: a short title, an initial
_NOT_END = re.compile(r"(?:\b(?:Mr|Mrs|Ms|Dr|St|Mt|vs|etc)|\b[A-Z])\.$")


# a clause ends at its mark followed by white space, or before a word that opens the next one
_CLAUSE_MARK = re.compile(r"[,;:\u2014](?=\s)|\s[-\u2013](?=\s)")
CLAUSE_WORDS = frozenset((
    "and", "but", "or", "nor", "as", "while", "when", "until", "then", "so", "yet", "though",
    "although", "before", "after", "where", "because", "that", "which", "who", "whose", "with",
    "into", "across", "through", "onto", "toward", "towards",
    # a new subject, or a phrase of place or manner, begins here too
    "you", "she", "he", "they", "we", "it", "in", "on", "at", "from", "over", "under", "past",
    "along", "beneath", "behind", "above", "below", "beside", "among", "between", "around",
    "like", "for", "of"))
_CLAUSE_WORD = re.compile(r"\s(?=(?:" + "|".join(sorted(CLAUSE_WORDS)) + r")\s)", re.IGNORECASE)
MIN_CLAUSE_WORDS = 3


class Sentences:
    """Streamed text in, complete sentences out (each with its leading white space)."""

    def __init__(self) -> None:
        self._buffer = ""
        self._searched = 0

    def feed(self, piece: str) -> list[str]:
        """The sentences ``piece`` completes (none while a sentence is still arriving)."""
        self._buffer += piece
        done: list[str] = []
        start = 0
        for match in _END.finditer(self._buffer, self._searched):
            if _NOT_END.search(self._buffer, 0, match.end()):
                continue
            done.append(self._buffer[start:match.end()])
            start = match.end()
        self._buffer = self._buffer[start:]
        self._searched = max(len(self._buffer) - 4, 0)  # a mark may end a piece
        return done

    def finish(self) -> str:
        """The rest once the stream ended (a last sentence, perhaps without its mark)."""
        rest, self._buffer, self._searched = self._buffer, "", 0
        return rest

    def clause(self, min_words: int = MIN_CLAUSE_WORDS) -> str:
        """The longest start of the sentence still arriving that ends at a clause boundary and
        holds at least ``min_words`` words ("" when there is none yet)."""
        buffer = self._buffer
        ends = [m.end() for m in _CLAUSE_MARK.finditer(buffer)]
        ends += [m.start() for m in _CLAUSE_WORD.finditer(buffer)]
        for end in sorted(ends, reverse=True):
            if len(buffer[:end].split()) >= min_words:
                return buffer[:end]
        return ""

    @property
    def pending(self) -> str:
        """Text received and not yet part of a complete sentence."""
        return self._buffer


def split(text: str) -> list[str]:
    """``text`` as the sentences :class:`Sentences` would hand out (joined, they are ``text``)."""
    cut = Sentences()
    pieces = cut.feed(text)
    rest = cut.finish()
    return [*pieces, rest] if rest else pieces
