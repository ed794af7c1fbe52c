"""The browser edition's saving (``lite/py/oracle_lite``), without a browser: every commit reaches
IndexedDB by a sync that starts after it, syncs never overlap, and the status line says
"saving" (class ``oracle-lite-saving``) exactly while one is on its way."""

from __future__ import annotations

import asyncio
import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

LITE_PY = Path(__file__).resolve().parents[1] / "lite" / "py"


class Status:
    value = ""


@pytest.fixture()
def lite(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(LITE_PY))
    sys.modules.pop("oracle_lite", None)
    module = importlib.import_module("oracle_lite")
    module._state.update(busy=False, again=False, status=Status(), failed=None)
    return module


def run_syncs(lite: ModuleType, monkeypatch: pytest.MonkeyPatch, commits_during: list[int],
              error: Any = None) -> tuple[list[str], list[str]]:
    """Commit once, then ``commits_during[i]`` more commits while sync ``i`` is in flight.

    Returns what happened, in order, and the status line seen at each step."""
    events: list[str] = []
    seen: list[str] = []
    written = {"commits": 0}
    syncs = {"n": 0, "open": 0}

    async def syncfs(populate: bool) -> Any:
        assert populate is False
        assert syncs["open"] == 0, "two syncs at once"
        syncs["open"] += 1
        index = syncs["n"]
        syncs["n"] += 1
        events.append(f"sync {index} starts with {written['commits']} commits")
        seen.append(lite._state["status"].value)
        for _ in range(commits_during[index] if index < len(commits_during) else 0):
            written["commits"] += 1
            lite._saved()
            events.append("commit during sync")
        await asyncio.sleep(0)
        syncs["open"] -= 1
        return error

    def fake(populate: bool) -> asyncio.Future[Any]:
        return asyncio.ensure_future(syncfs(populate))

    monkeypatch.setattr(lite, "_syncfs", fake)

    async def main() -> None:
        written["commits"] += 1
        lite._saved()
        assert lite.saving()
        while lite.saving():
            await asyncio.sleep(0)
        seen.append(lite._state["status"].value)

    asyncio.run(main())
    return events, seen


def test_a_commit_during_a_sync_is_written_by_one_more_sync_never_two_at_once(
        lite: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    events, seen = run_syncs(lite, monkeypatch, commits_during=[2, 0])
    assert events == ["sync 0 starts with 1 commits", "commit during sync", "commit during sync",
                      "sync 1 starts with 3 commits"]
    assert all("oracle-lite-saving" in line and lite.SAVING in line for line in seen[:-1])
    assert "oracle-lite-saving" not in seen[-1] and lite.SAVED in seen[-1]


def test_one_commit_is_one_sync_and_the_line_says_saved_after_it(
        lite: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    events, seen = run_syncs(lite, monkeypatch, commits_during=[0])
    assert events == ["sync 0 starts with 1 commits"]
    assert "oracle-lite-saving" in seen[0]
    assert seen[-1] == f'<div class="oracle-lite-saved oracle-hint">{lite.SAVED}</div>'


def test_a_refused_sync_says_so_and_asks_for_an_export(
        lite: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    _, seen = run_syncs(lite, monkeypatch, commits_during=[0], error="QuotaExceededError")
    assert "refused to save" in seen[-1] and "export your campaign now" in seen[-1]
    assert "oracle-lite-saving" not in seen[-1]
