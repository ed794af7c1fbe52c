"""Time to the first narrative text: streaming vs blocking, against a fake model paced like a real
one (first token after 400 ms, then 40 tokens a second), with the offline narrator beside them.

Run: ``.venv/bin/python bench/narration.py`` (no network, no key: the fake server is local).

The referee reads a model's text sentence by sentence as it streams, so "first text" for Claude
is its first sentence, once complete and passed (bench/referee.py measures it on many replies).
"""

from __future__ import annotations

import importlib
import statistics
import sys
import time
from pathlib import Path

from oracle.narrator import BEATS, NarrationContext, OfflineNarrator
from oracle.narrator.claude import ClaudeNarrator

FIRST_TOKEN = 0.4
TOKENS_PER_SECOND = 40.0
RUNS = 3
OFFLINE_CALLS = 2000
TEXT = (
    "Rain drips from the antlers nailed above the chapel door, and the lock gives with a sound "
    "like a knuckle cracking. Inside, the reliquary is warm to the touch. Something in the dark "
    "behind the altar shifts its weight, patient, and the lantern flame leans toward it as if "
    "it were being called. Ruin climbs, and Ash's hands will not stop shaking."
)


class FirstChunk:
    """An ``on_text`` that notes when the first piece of text arrived."""

    def __init__(self) -> None:
        self.at: float | None = None

    def __call__(self, chunk: str) -> None:
        if self.at is None:
            self.at = time.perf_counter()


def main() -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    fake_claude = importlib.import_module("tests.fake_claude")
    started = time.perf_counter()
    import anthropic

    sdk_import = time.perf_counter() - started
    context = NarrationContext.build(result=BEATS["outcome"].example,
                                     characters=[{"name": "Ash"}], intent="pry the lock")
    words = len(TEXT.split())
    streamed_first: list[float] = []
    streamed_total: list[float] = []
    blocking_narrator: list[float] = []
    blocking_sdk: list[float] = []
    with fake_claude.FakeClaude(default_text=TEXT, first_token_delay=FIRST_TOKEN,
                    tokens_per_second=TOKENS_PER_SECOND) as fake:
        client = anthropic.Anthropic(api_key="bench-key", base_url=fake.url, max_retries=0)
        narrator = ClaudeNarrator(client=client, timeout=30.0)
        for _ in range(RUNS):
            first = FirstChunk()
            t0 = time.perf_counter()
            result = narrator.narrate("outcome", context, first)
            streamed_total.append(time.perf_counter() - t0)
            assert first.at is not None
            streamed_first.append(first.at - t0)
            assert result.narrator == "claude", result.fallback_reason

            t0 = time.perf_counter()
            result = narrator.narrate("outcome", context)  # a caller that waits for the whole
            blocking_narrator.append(time.perf_counter() - t0)
            assert result.narrator == "claude", result.fallback_reason

            t0 = time.perf_counter()
            message = client.messages.create(
                model="claude-haiku-4-5", max_tokens=400, stream=False,
                messages=[{"role": "user", "content": "narrate"}])
            blocking_sdk.append(time.perf_counter() - t0)
            assert message.content
    offline = OfflineNarrator(seed="bench")
    t0 = time.perf_counter()
    for index in range(OFFLINE_CALLS):
        offline.narrate(("outcome", "wrong", "encounter", "bargain")[index % 4], context)
    offline_each = (time.perf_counter() - t0) / OFFLINE_CALLS

    med = statistics.median
    first_ms = med(streamed_first) * 1000
    rows = [
        ("Claude, streaming (on_text)", first_ms, med(streamed_total) * 1000),
        ("Claude, blocking (narrator, no on_text)", med(blocking_narrator) * 1000,
         med(blocking_narrator) * 1000),
        ("Claude, blocking (SDK stream=False)", med(blocking_sdk) * 1000,
         med(blocking_sdk) * 1000),
        ("offline narrator", offline_each * 1000, offline_each * 1000),
    ]
    print(f"narration bench: fake model, first token {FIRST_TOKEN * 1000:.0f} ms, "
          f"{TOKENS_PER_SECOND:.0f} tokens/s, {words} tokens; median of {RUNS} runs; "
          f"offline: mean of {OFFLINE_CALLS} calls")
    print(f"{'':42} {'first text (ms)':>16} {'whole text (ms)':>16} {'first vs streaming':>19}")
    for name, first_text, whole in rows:
        print(f"{name:42} {first_text:16.2f} {whole:16.2f} {first_text / first_ms:18.4f}x")
    print(f"streaming shows text {med(blocking_sdk) / med(streamed_first):.1f}x sooner than a "
          f"blocking call; the offline narrator answers {first_ms / (offline_each * 1000):.0f}x "
          f"sooner than streaming's first text")
    print(f"(one-time cost not in the rows: importing the anthropic SDK took "
          f"{sdk_import * 1000:.0f} ms in this process; the app prewarms it in the background)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
