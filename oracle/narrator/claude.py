"""Claude as the narrator, through the anthropic SDK (imported lazily: the import costs ~1 s).

One call is bounded by ``timeout`` seconds in all (client start, retries, streaming): the SDK runs
in a worker thread and the caller waits on a queue with a deadline. Any failure (no network, 401,
429, 5xx, 529, a timeout, a stream cut mid-way, a refusal, a malformed list, a text the referee
rejects twice) ends in the offline narrator's answer with ``fallback_reason`` saying why, never
in an exception or a traceback. After an outage the circuit breaker (:mod:`.breaker`) sends the
next calls offline at once for a cooldown, then tries the model again.

The model's text is checked by the referee (:mod:`.referee`) sentence by sentence as it streams:
each sentence is shown as soon as it is complete and passes. A sentence that fails (or a reply
cut at ``max_tokens``, or one whose whole leaves out a settled death or an accepted bargain)
withdraws everything shown (a :class:`~.streaming.Restart`); the model is asked once more with
the reason, then the offline narrator answers. Lists are read whole.
The request's layout for the prompt cache is in :mod:`.wire`. The API key lives in a
:class:`Secret` that never shows itself in a repr, a log or an error.
:class:`ModelNarrator` is shared with the local model (:mod:`.local`).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from oracle.background import spawn
from oracle.errors import shown
from oracle.narrator import referee
from oracle.narrator.base import NarrationContext, NarrationResult, Narrator, OnText
from oracle.narrator.beats import BeatSpec, find_beat
from oracle.narrator.breaker import DEFAULT_COOLDOWN, Breaker
from oracle.narrator.failures import Failure, Rejected, classify
from oracle.narrator.offline import OfflineNarrator
from oracle.narrator.streaming import Restart, Sentences
from oracle.narrator.templates import Prompt, render_prompt
from oracle.narrator.wire import (
    MAX_TOKENS,
    Usage,
    log_usage,
    plain,
    read_stream,
    request_body,
    text_items,
    tool_items,
)

__all__ = ["MAX_TOKENS", "ClaudeNarrator", "ModelNarrator", "Secret", "plain"]

log = logging.getLogger("oracle.narrator")

MAX_ATTEMPTS = 2  # one retry for 429, 5xx, 529, cut streams and connection failures, if time remains


class Secret:
    """An API key that never prints itself."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('***')"

    __str__ = __repr__

    def __reduce__(self) -> Any:
        raise TypeError("an API key is never pickled or stored.")


@dataclass(frozen=True)
class _Done:
    text: str
    items: tuple[str, ...]


class ModelNarrator(Narrator):
    """A model behind the Messages API, with the referee, the breaker and the offline fallback."""

    name = "claude"
    label = "Claude"
    list_hint = ""  # appended to a list request's facts (a local model may ignore the tool)
    all_tools = True  # every list tool on every call, so the cached prefix never changes

    def __init__(self, *, api_key: str | None = None, model: str = "claude-haiku-4-5",
                 timeout: float = 20.0, base_url: str | None = None,
                 client: Any = None, fallback: OfflineNarrator | None = None,
                 cooldown: float = DEFAULT_COOLDOWN, temperature: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._secret = Secret(api_key) if api_key else None
        self.model = model
        self.timeout = timeout
        self.temperature = temperature
        self._base_url = base_url
        self._client = client
        self._client_lock = threading.Lock()
        self._fallback = fallback if fallback is not None else OfflineNarrator()
        self.breaker = Breaker(cooldown, label=self.label, clock=clock)
        self.last_usage: Usage | None = None
        self.total_usage = Usage()
        self._usage_lock = threading.Lock()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model={shown(self.model)}, timeout={shown(self.timeout)})"

    @property
    def answering(self) -> str:
        """The status while the model answers."""
        return self.model

    @property
    def status(self) -> str:
        return self.breaker.status(self.answering)

    @property
    def malformed(self) -> str:
        return f"{self.label}'s list was malformed"

    def prewarm(self) -> None:
        """Import the SDK and build the client in the background, so the first beat is quick."""
        spawn(self._prewarm, "oracle-model-prewarm")

    def _prewarm(self) -> None:
        try:
            self._get_client()
        except Exception:  # noqa: BLE001 - the first real call reports it as a fallback reason
            log.debug("narrator: prewarming the %s client failed", self.name)

    def _make_client(self) -> Any:
        import anthropic

        return anthropic.Anthropic(
            api_key=self._secret.reveal() if self._secret else None,
            base_url=self._base_url,
            max_retries=0,
        )

    def _get_client(self) -> Any:
        with self._client_lock:
            if self._client is None:
                self._client = self._make_client()
            return self._client

    def narrate(
        self, beat: str, context: NarrationContext, on_text: OnText | None = None
    ) -> NarrationResult:
        spec = find_beat(beat)
        prompt = self.prompt(beat, context)  # a missing variable raises before any call
        admission = self.breaker.admit()
        if not admission.allowed:
            return self._fall_back(beat, context, str(admission.reason), on_text)
        deadline = time.monotonic() + self.timeout
        events: queue.Queue[tuple[str, Any]] = queue.Queue()
        cancel = threading.Event()
        spawn(lambda: self._work(spec, context, prompt, deadline, events.put, cancel),
              f"oracle-{self.name}")
        shown = _Shown(on_text)
        while True:
            try:
                kind, payload = events.get(timeout=max(deadline - time.monotonic(), 0.0))
            except queue.Empty:
                cancel.set()
                kind, payload = "fail", Failure(f"{self.label} timed out")
            if kind == "text":
                shown.add(payload)
            elif kind == "withdraw":
                shown.withdraw()
            else:
                break
        if kind == "done":
            self.breaker.succeeded()
            shown.final(payload.text)
            return NarrationResult(text=payload.text, narrator=self.name, beat=beat,
                                   items=payload.items, deck=context.deck, model=self.model)
        failure: Failure = payload
        if failure.outage:
            self.breaker.failed(failure.reason)
        else:  # the model answered, if badly: it is reachable
            self.breaker.succeeded()
        return self._fall_back(beat, context, failure.reason, shown)

    def prompt(self, beat: str, context: NarrationContext) -> Prompt:
        """The prompt of one call (Claude: the full guide, cached; a local model: compact)."""
        return render_prompt(beat, context)

    def _fall_back(self, beat: str, context: NarrationContext, reason: str,
                   on_text: OnText | _Shown | None) -> NarrationResult:
        log.warning("narrator: falling back to offline: %s", reason)
        result = self._fallback.compose(beat, context, fallback_reason=reason)
        shown = on_text if isinstance(on_text, _Shown) else _Shown(on_text)
        shown.final(result.text, whole=True)
        return result

    def _work(self, spec: BeatSpec, context: NarrationContext, prompt: Prompt, deadline: float,
              put: Callable[[tuple[str, Any]], None], cancel: threading.Event) -> None:
        malformed_left = 1
        rejections_left = 1
        failures = 0
        note = ""
        while True:
            put(("withdraw", None))  # a new attempt: nothing an earlier one showed stands
            try:
                try:
                    done = self._attempt(spec, context, prompt, deadline, cancel, note, put)
                    rejected = (referee.check_items(spec.name, context, done.items)
                                if spec.listing else None)
                except Rejected as why:
                    rejected = why.reason
                    put(("withdraw", None))
                if rejected is None:
                    put(("done", done))
                    return
                log.info("narrator: the referee rejected %s's text: %s", self.label, rejected)
                if rejections_left > 0 and time.monotonic() < deadline:
                    rejections_left -= 1
                    note = (f"<referee>Your previous answer was rejected because {rejected}. "
                            "Write it again, keeping to every settled fact.</referee>")
                    continue
                put(("fail", Failure(f"the referee rejected {self.label}'s text twice: "
                                      f"{rejected}", outage=False)))
                return
            except Failure as failed:
                if failed.reason == self.malformed and malformed_left > 0:
                    malformed_left -= 1
                    continue
                failure = failed
            except Exception as exc:  # noqa: BLE001 - any SDK/transport error, mid-stream too
                try:
                    failure = classify(exc, self.label)
                except Exception:  # noqa: BLE001 # pragma: no cover - the SDK fails to import
                    failure = Failure("the anthropic SDK is not usable")
            failures += 1
            pause = min(0.5 * failures, (deadline - time.monotonic()) / 4)
            if not failure.retry or failures >= MAX_ATTEMPTS or cancel.is_set() or pause <= 0:
                put(("fail", failure))
                return
            time.sleep(pause)

    def _attempt(self, spec: BeatSpec, context: NarrationContext, prompt: Prompt,
                 deadline: float, cancel: threading.Event, note: str,
                 put: Callable[[tuple[str, Any]], None]) -> _Done:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise Failure(f"{self.label} timed out")
        listing = spec.listing
        max_tokens = min(MAX_TOKENS, 120 * context.n + 120 if listing else spec.max_tokens)
        if listing and self.list_hint:
            note = f"{note}\n{self.list_hint.format(n=context.n)}".strip()
        stream = self._get_client().messages.create(
            **request_body(model=self.model, prompt=prompt, listing=listing, n=context.n,
                           max_tokens=max_tokens, temperature=self.temperature, note=note,
                           all_tools=self.all_tools),
            stream=True, timeout=remaining,
        )
        judge = None if listing else _Judged(referee.Judge(spec.name, context), put)
        try:
            reply = read_stream(stream, cancel, Failure(f"{self.label} timed out"),
                                None if judge is None else judge.feed)
        finally:
            stream.close()
        self._record(reply.usage)
        if not reply.finished:
            raise Failure(f"{self.label}'s answer was cut off mid-stream", retry=True)
        if reply.stop_reason == "refusal":
            raise Failure(f"{self.label} declined to narrate this (refusal)", outage=False)
        if judge is None:
            items = tool_items(reply.tool_json, context.n) or text_items(reply.text, context.n)
            if items is None:
                raise Failure(self.malformed, outage=False)
            return _Done(text="\n".join(f"- {item}" for item in items), items=items)
        judge.finish(reply)
        text = reply.text.strip()
        if not text:
            raise Failure(f"{self.label} returned no text", outage=False)
        return _Done(text=text, items=())

    def _record(self, usage: Usage) -> None:
        """Keep and log the reply's token counters (cache read and creation included)."""
        with self._usage_lock:
            self.last_usage = usage
            self.total_usage = self.total_usage.plus(usage)
        log_usage(self.name, self.model, usage)


class _Judged:
    """A narration read as it streams: the first words show as soon as they pass (a clause of a
    long first sentence, judged on its own), then each sentence once it is complete and passes
    (a clause judged alone lacks the rest of its sentence: "Wenna, who walked out with you,"
    before "pulls you to your feet"). While the sentences passed still leave out something the
    result settles (a death, the foe's defeat, a bargain's price), what follows the first words
    is held back until they tell it or the reply ends: the reply may end without it, and a
    sentence read before then ("you stand over her, alive") cannot be vouched for. The first
    sentence that fails raises its reason (:class:`Rejected`)."""

    def __init__(self, judge: referee.Judge, put: Callable[[tuple[str, Any]], None]) -> None:
        self.judge = judge
        self.put = put
        self.cut = Sentences()
        self.shown = ""  # the start of the sentence still arriving, already shown
        self.tried = ""
        self.started = False  # some text is shown
        self.held = ""  # sentences passed and not yet shown (something settled is still owed)

    def feed(self, piece: str) -> None:
        for sentence in self.cut.feed(piece):
            self._pass(sentence)
        if self.started:
            return
        clause = self.cut.clause()
        if len(clause) > len(self.shown) and clause != self.tried:
            self.tried = clause  # each clause is judged once
            if self.judge.clause(clause) is None:
                self.put(("text", clause[len(self.shown):]))  # it passes on its own
                self.shown = clause
                self.started = True

    def _pass(self, sentence: str) -> None:
        reason = self.judge.sentence(sentence)
        if reason:
            raise Rejected(reason)
        self.held += sentence[len(self.shown):]
        self.shown = ""
        if not self.started or not self.judge.owing():
            self._show()

    def _show(self) -> None:
        if self.held:
            self.put(("text", self.held))
            self.held = ""
            self.started = True

    def finish(self, reply: Any) -> None:
        """The end of the stream: a reply cut at ``max_tokens`` is unfinished; the last
        sentence and then the whole are judged, and what was held back is shown."""
        if reply.stop_reason == "max_tokens":
            raise Rejected("it was cut off at max_tokens, unfinished; keep it to two to "
                            "five short sentences")
        rest = self.cut.finish()
        if rest.strip():
            self._pass(rest)
        reason = self.judge.finish(reply.text)
        if reason:
            raise Rejected(reason)
        self._show()


class _Shown:
    """What the listener has been shown of one narration; a replacement says so (Restart)."""

    def __init__(self, on_text: OnText | None) -> None:
        self.on_text = on_text
        self.text = ""
        self.ever = False

    def add(self, piece: str) -> None:
        if self.on_text is None:
            return
        if not self.text:
            piece = piece.lstrip()
        self.on_text(Restart(piece) if self.ever and not self.text else piece)
        self.text += piece
        self.ever = True

    def withdraw(self) -> None:
        """A later sentence failed: nothing shown so far stands."""
        if self.on_text is not None and self.text:
            self.on_text(Restart(""))
        self.text = ""

    def final(self, text: str, whole: bool = False) -> None:
        """The narration's text: shown whole unless it was already shown as it streamed."""
        if self.on_text is None or (not whole and self.text.strip() == text.strip()):
            return
        self.on_text(Restart(text) if self.ever else text)
        self.text = text
        self.ever = True


class ClaudeNarrator(ModelNarrator):
    """Claude through the anthropic SDK, with the offline narrator standing in on any failure."""

    name = "claude"
    label = "Claude"
