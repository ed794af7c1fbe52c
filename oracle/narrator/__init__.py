"""The narrator: voices results the rules core has already settled. It never decides one.

Public API
----------
``narrate_resolved(request, result, narrator=None) -> dict``
    For ``oracle resolve --narrate``: ``{"text", "narrator": "claude" | "local" | "offline",
    "fallback_reason": str | None, "beat", "items"}`` for any system's result (a roll it does not
    know gets the generic ``roll`` beat). Offline text is seeded by the request's ``"seed"`` (or the
    request itself), so the same request gives the same words.

``get_narrator(env=None, api_key=None, seed="oracle") -> Narrator``
    Picks the narrator from the environment: ``ORACLE_NARRATOR=offline`` forces the offline one;
    ``ANTHROPIC_API_KEY`` (or ``api_key``, e.g. pasted in the app for this session only) or
    ``ORACLE_NARRATOR=claude`` selects Claude (``ORACLE_MODEL``, default ``claude-haiku-4-5``;
    ``ORACLE_NARRATOR_TIMEOUT`` seconds for the whole call, default 20; ``ANTHROPIC_BASE_URL`` as
    the SDK reads it). ``ORACLE_NARRATOR=local`` selects a local model that speaks the Messages
    API (Ollama, llama.cpp's server: ``ORACLE_LOCAL_URL``, default ``http://127.0.0.1:11434``;
    ``ORACLE_MODEL``; no key; default timeout 120 s; see :mod:`oracle.narrator.local`). After a
    failure the next calls go offline at once for ``ORACLE_NARRATOR_COOLDOWN`` seconds (default
    60; 0 retries on the next call). ``narrator.status`` is one sentence for the app:
    ``"claude-haiku-4-5"``, ``"offline: no ANTHROPIC_API_KEY"``,
    ``"offline: Claude timed out; Claude is tried again in 60 s"``.

``Narrator.narrate(beat, context, on_text=None) -> NarrationResult``
    The one method. ``beat`` names a :data:`BEATS` entry (``wrong``, ``bargain``, ``condition``,
    ``answer``, ``encounter``, ``oracle``, ``outcome``, ``monster``, ``ruin``, ``reduction``,
    ``lost``, ``roll``, plus beats other systems add). ``context`` is a :class:`NarrationContext` (build it with
    ``NarrationContext.build(result=..., characters=[...], intent=..., place=..., question=...,
    journal=..., safety={"lines": [...], "veils": [...]}, n=3, deck=...)``). ``on_text(piece)``
    receives a model's text sentence by sentence, each once the referee passed it; a
    ``Restart`` piece (:mod:`oracle.narrator.streaming`) replaces everything shown before it (a
    later sentence failed, and the retry or the offline narrator stands in). The returned
    ``text`` is authoritative.
    ``NarrationResult.deck`` is the offline no-repeat state after the call: keep
    ``deck.to_dict()`` with the campaign and pass ``Deck.from_dict(...)`` back in the next context.

Implementations: :class:`OfflineNarrator` (embedded, deterministic), ``ClaudeNarrator``
(``oracle.narrator.claude``; streams; falls back to offline on any failure with
``fallback_reason``; ``prewarm()`` imports the SDK in the background, which get_narrator does), and
:class:`FakeNarrator` (tests: ``enqueue()`` and ``history``). ``ask(likelihood, dice)`` rolls the
solo oracle's answer (the dice decide; the ``oracle`` beat only colours it).

Promises: the text is plain (the app escapes it); the model's words never change game state and
are checked by the referee (:mod:`oracle.narrator.referee`) against the settled result before they
are shown; player text reaches prompts once, capped, only inside ``<player_text>`` delimiters it
cannot close; the API key never appears in any output, log, error, repr or file.

Adding a beat (Die Trying's miscast, Triptycho's defeat, ...): see :mod:`oracle.narrator.beats`:
one prompt template and one offline table in the system's folder, one ``BeatSpec`` in its
``beats()``, and its ``beat(result)`` choosing it. The template tests then cover it.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from oracle.context import bargain_of, check_context, monster_of
from oracle.narrator.asking import ask
from oracle.narrator.base import (
    LIKELIHOODS,
    NarrationContext,
    NarrationResult,
    Narrator,
    OnText,
    Safety,
    unnamed,
)
from oracle.narrator.beats import BEATS, BeatSpec, beat_for_result, find_beat
from oracle.narrator.deck import Deck
from oracle.narrator.fake import FakeNarrator
from oracle.narrator.offline import OfflineNarrator
from oracle.systems import DEFAULT

__all__ = [
    "BEATS", "DEFAULT_MODEL", "DEFAULT_TIMEOUT", "LIKELIHOODS", "BeatSpec", "Deck",
    "FakeNarrator", "NarrationContext", "NarrationResult", "Narrator", "OfflineNarrator",
    "OnText", "Safety", "ask", "beat_for_result", "find_beat", "get_narrator",
    "narrate_answer", "narrate_resolved", "timeout_from",
]

DEFAULT_MODEL = "claude-haiku-4-5"
DEFAULT_TIMEOUT = 20.0


def timeout_from(env: Mapping[str, str], default: float = DEFAULT_TIMEOUT) -> float:
    """``ORACLE_NARRATOR_TIMEOUT`` in seconds (0.1..600), else ``default`` (20 for Claude)."""
    from oracle.narrator.breaker import seconds_from

    return seconds_from(env, "ORACLE_NARRATOR_TIMEOUT", default, 0.1, 600)


def get_narrator(env: Mapping[str, str] | None = None, api_key: str | None = None,
                 seed: object = "oracle") -> Narrator:
    """The narrator the environment asks for; no model is contacted until a beat is voiced."""
    env = os.environ if env is None else env
    mode = env.get("ORACLE_NARRATOR", "").strip().lower()
    if mode == "offline":
        return OfflineNarrator(seed, reason="ORACLE_NARRATOR=offline")
    if mode == "local":
        from oracle.narrator.local import local_from_env

        local = local_from_env(env, fallback=OfflineNarrator(seed))
        local.prewarm()
        return local
    if mode not in ("", "claude"):
        return OfflineNarrator(seed, reason="ORACLE_NARRATOR is none of claude, local, offline")
    key = api_key or env.get("ANTHROPIC_API_KEY") or None
    if key is None and mode != "claude":
        return OfflineNarrator(seed, reason="no ANTHROPIC_API_KEY")
    from oracle.narrator.breaker import cooldown_from
    from oracle.narrator.claude import ClaudeNarrator

    narrator = ClaudeNarrator(
        api_key=key,
        model=env.get("ORACLE_MODEL", "").strip() or DEFAULT_MODEL,
        timeout=timeout_from(env),
        base_url=env.get("ANTHROPIC_BASE_URL") or None,
        fallback=OfflineNarrator(seed),
        cooldown=cooldown_from(env),
    )
    narrator.prewarm()
    return narrator


def _characters_of(system: str, request: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The characters the request names, the roller first, as its system reads them."""
    from oracle.systems import SYSTEMS

    if system in SYSTEMS:
        return SYSTEMS[system].characters(request)
    name = request.get("name")
    return [{"name": name if isinstance(name, str) else unnamed(system)[0]}]


def narrate_answer(payload: Mapping[str, Any], seed: object = None,
                   system: str = DEFAULT) -> dict[str, Any]:
    """The narrator's ``oracle`` beat for a solo answer (``oracle ask --narrate``): colour for
    an answer the dice already gave, in ``system``'s words."""
    if seed is None:
        seed = json.dumps(payload, sort_keys=True)
    context = NarrationContext.build(result=payload, request={"roll": "oracle"}, system=system,
                                     question=str(payload.get("question", "")),
                                     deck=Deck.seeded(seed))
    return get_narrator(seed=seed).narrate("oracle", context).to_dict()


def _text(request: Mapping[str, Any], key: str) -> str:
    value = request.get(key, "")
    return value if isinstance(value, str) else ""


def _story(request: Mapping[str, Any], monster: tuple[str, str]) -> list[str]:
    """What the request establishes beyond the single fields, as story facts."""
    name, description = monster
    lines = []
    if name or description:
        lines.append("Foe (named by the table): " + ": ".join(p for p in (name, description) if p))
    party = request.get("party") or []
    lines.append("Present: " + (", ".join(party) if party else "nobody else (solo play)"))
    return lines


def narrate_resolved(request: Mapping[str, Any], result: Mapping[str, Any],
                     narrator: Narrator | None = None,
                     home: Path | None = None) -> dict[str, Any]:
    """The contract's ``narration`` for one resolved roll (``oracle resolve --narrate``).

    With ``home`` (the CLI passes ``ORACLE_HOME``) and no ``seed`` in the request, the offline
    deck continues the one stored there between calls; a seeded request replays identically.
    """
    if home is not None and request.get("seed") is None:
        from oracle.narrator.deckfile import shared_deck

        with shared_deck(home) as box:
            said = _narrate(request, result, narrator, box.deck)
            if said.deck is not None:
                box.deck = said.deck
        return said.to_dict()
    return _narrate(request, result, narrator, None).to_dict()


def _narrate(request: Mapping[str, Any], result: Mapping[str, Any], narrator: Narrator | None,
             deck: Deck | None) -> NarrationResult:
    system = str(request.get("system", DEFAULT))
    seed = request.get("seed")
    if seed is None:
        blob = json.dumps([request, result], sort_keys=True, default=str).encode()
        seed = hashlib.sha256(blob).hexdigest()[:16]
    narrator = narrator if narrator is not None else get_narrator(seed=seed)
    check_context(request)
    monster = monster_of(request)
    context = NarrationContext.build(
        result=result,
        request=request,
        system=system,
        characters=_characters_of(system, request),
        safety=request.get("safety") if isinstance(request.get("safety"), Mapping) else None,
        # what the roller attempts ("pry open the reliquary"); Trophy's "intent" is a fight's aim
        # and Triptycho's "action" is a dice entry, so the story has its own field
        intent=_text(request, "attempt"),
        place=_text(request, "place"),
        journal=_text(request, "journal"),
        deck=deck if deck is not None else Deck.seeded(seed),
        monster=monster[0] or monster[1],
        party=list(request.get("party") or []),
        could_go_wrong=_text(request, "could_go_wrong"),
        bargain=bargain_of(request),  # Trophy's accepted object is in the result too
        story=_story(request, monster),
    )
    beat = beat_for_result(system, result)
    return narrator.narrate(beat, context)
