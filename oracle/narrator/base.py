"""The narrator's values and its one-method interface.

A narrator receives a result the rules core has already settled and returns prose. It never
decides an outcome, never rolls, and its words never change game state.
"""

from __future__ import annotations

import abc
import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from oracle.errors import RequestError
from oracle.narrator.deck import Deck
from oracle.systems import DEFAULT

OnText = Callable[[str], None]
"""Receives each piece of streamed text as it arrives (provisional: see :class:`Narrator`)."""

LIKELIHOODS: tuple[str, ...] = ("certain", "likely", "even", "unlikely", "doubtful")
MAX_PLAYER_TEXT = 600  # characters of intent, place or question a prompt carries
MAX_JOURNAL = 2000  # characters of the recent-journal summary a prompt carries
MAX_STORY = 24  # lines of story memory a context carries


@dataclass(frozen=True)
class Safety:
    """A campaign's safety settings. Lines never appear; veils happen off-screen only."""

    lines: tuple[str, ...] = ()
    veils: tuple[str, ...] = ()

    @classmethod
    def of(cls, value: Safety | Mapping[str, Iterable[str]] | None) -> Safety:
        """Accept a Safety, a ``{"lines": [...], "veils": [...]}`` mapping, or None."""
        if value is None:
            return cls()
        if isinstance(value, Safety):
            return value
        return cls(
            lines=tuple(str(item) for item in value.get("lines", ()) if str(item).strip()),
            veils=tuple(str(item) for item in value.get("veils", ()) if str(item).strip()),
        )


def unnamed(system: str) -> tuple[str, str, str]:
    """``(name, occupation, place)`` for a roller the request does not name, in the system's words.

    An unknown system speaks as the default system does (the request's system is checked
    elsewhere).
    """
    from oracle.systems import SYSTEMS

    words = SYSTEMS[system if system in SYSTEMS else DEFAULT].unnamed
    return words.roller, words.trade, words.place


def _brief_keys(system: str) -> tuple[str, ...]:
    from oracle.systems import SYSTEMS

    return ("name", *(SYSTEMS[system].brief_keys if system in SYSTEMS else ()))


def character_brief(character: object, system: str = "") -> dict[str, Any]:
    """A plain dict of what a prompt may say about a character (a dataclass or a mapping)."""
    if dataclasses.is_dataclass(character) and not isinstance(character, type):
        raw: Mapping[str, Any] = dataclasses.asdict(character)
    elif isinstance(character, Mapping):
        raw = character
    else:
        raw = {"name": str(character)}
    brief: dict[str, Any] = {}
    for key in _brief_keys(system):
        if key in raw and raw[key] not in (None, "", (), []):
            value = raw[key]
            if isinstance(value, Sequence) and not isinstance(value, str):
                value = [str(item) for item in value]
            brief[key] = value
    brief.setdefault("name", unnamed(system)[0])
    return brief


MAX_LISTED = 12  # threads or characters a prompt carries (the newest)
MAX_LISTED_TEXT = 160


def _listed(items: Iterable[str]) -> tuple[str, ...]:
    """A list's open items as prompt facts: text only, each capped, the newest kept."""
    kept = [str(item)[:MAX_LISTED_TEXT] for item in items if str(item).strip()]
    return tuple(kept[-MAX_LISTED:])


@dataclass(frozen=True)
class NarrationContext:
    """Everything a beat may voice: the settled result and the table around it.

    ``intent``, ``place``, ``question``, ``journal``, ``monster``, ``party``, ``could_go_wrong``
    and ``bargain`` are player text: they enter prompts only inside delimiters they cannot close.
    ``n`` is how many items a list beat offers.
    ``deck`` is the offline narrator's no-repeat state (None: the narrator's own).
    """

    result: Mapping[str, Any] = field(default_factory=dict)
    request: Mapping[str, Any] = field(default_factory=dict)
    system: str = DEFAULT
    characters: tuple[Mapping[str, Any], ...] = ()
    intent: str = ""
    place: str = ""
    question: str = ""
    journal: str = ""
    safety: Safety = field(default_factory=Safety)
    n: int = 3
    deck: Deck | None = None
    # the story around the roll (player text, optional): the foe fought, who is present (none:
    # solo), the "what could go wrong" picked, the Devil's Bargain accepted
    monster: str = ""
    party: tuple[str, ...] = ()
    could_go_wrong: str = ""
    bargain: str = ""
    # the lists that come back (player text): open threads, and the characters list (NPCs,
    # folk, monsters; ``characters`` above are the rollers' sheets)
    threads: tuple[str, ...] = ()
    cast: tuple[str, ...] = ()
    # the campaign's story memory as labelled lines (oracle.journal.story), player text
    story: tuple[str, ...] = ()

    @classmethod
    def build(
        cls,
        *,
        result: Mapping[str, Any] | None = None,
        request: Mapping[str, Any] | None = None,
        system: str | None = None,
        characters: Iterable[object] = (),
        intent: str = "",
        place: str = "",
        question: str = "",
        journal: str = "",
        safety: Safety | Mapping[str, Iterable[str]] | None = None,
        n: int = 3,
        deck: Deck | None = None,
        monster: str = "",
        party: Iterable[str] = (),
        could_go_wrong: str = "",
        bargain: str = "",
        threads: Iterable[str] = (),
        cast: Iterable[str] = (),
        story: Iterable[str] = (),
    ) -> NarrationContext:
        """Build a context from loose inputs (Character dataclasses, safety dicts, ...)."""
        request = dict(request or {})
        system = system or str(request.get("system", DEFAULT))
        for label, text in (("intent", intent), ("place", place), ("question", question),
                            ("journal", journal), ("monster", monster),
                            ("could_go_wrong", could_go_wrong), ("bargain", bargain)):
            if not isinstance(text, str):
                raise RequestError(f"{label}: must be text; got {type(text).__name__}.")
        if isinstance(party, str) or not all(isinstance(who, str) for who in party):
            raise RequestError("party: must be a list of names.")
        if isinstance(story, str) or not all(isinstance(line, str) for line in story):
            raise RequestError("story: must be a list of lines.")
        return cls(
            result=dict(result or {}),
            request=request,
            system=system,
            characters=tuple(character_brief(c, system) for c in characters),
            intent=intent[:MAX_PLAYER_TEXT],
            place=place[:MAX_PLAYER_TEXT],
            question=question[:MAX_PLAYER_TEXT],
            journal=journal[-MAX_JOURNAL:],  # the most recent part of the summary
            safety=Safety.of(safety),
            n=max(1, min(int(n), 12)),
            deck=deck,
            monster=monster[:MAX_PLAYER_TEXT],
            party=tuple(who[:MAX_PLAYER_TEXT] for who in party if who.strip())[:12],
            could_go_wrong=could_go_wrong[:MAX_PLAYER_TEXT],
            bargain=bargain[:MAX_PLAYER_TEXT],
            threads=_listed(threads),
            cast=_listed(cast),
            story=tuple(line[:MAX_PLAYER_TEXT] for line in story if line.strip())[:MAX_STORY],
        )


@dataclass(frozen=True)
class NarrationResult:
    """What a narrator said. ``text`` is plain text: the app escapes it before showing it.

    ``items`` holds the offers of a list beat (one per line of ``text``). ``fallback_reason``
    says why Claude did not answer when the offline narrator stood in. ``deck`` is the no-repeat
    state after this call, for the caller to keep with the campaign.
    """

    text: str
    narrator: str
    beat: str
    items: tuple[str, ...] = ()
    fallback_reason: str | None = None
    deck: Deck | None = None
    model: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The contract's ``narration`` object (docs/contract.md), plus ``beat`` and ``items``."""
        return {
            "text": self.text,
            "narrator": self.narrator,
            "fallback_reason": self.fallback_reason,
            "beat": self.beat,
            "items": list(self.items),
        }


class Narrator(abc.ABC):
    """One method: voice ``beat`` for ``context``.

    ``on_text`` receives text as it is generated. Streamed pieces are provisional: if a stream is
    cut and the offline narrator stands in, ``NarrationResult.text`` replaces what was shown.
    Implementations never raise for a model failure; they fall back and say why.
    """

    name: str = "narrator"

    @property
    def status(self) -> str:
        """One sentence for the app: which narrator answers and why."""
        return self.name

    @abc.abstractmethod
    def narrate(
        self, beat: str, context: NarrationContext, on_text: OnText | None = None
    ) -> NarrationResult:
        """Voice ``beat`` (a name in ``oracle.narrator.beats.BEATS``) for ``context``."""
