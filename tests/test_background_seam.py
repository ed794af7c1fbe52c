"""The one seam for background work (``oracle.background``): both runners keep the same promises.

- ``spawn`` runs a job after the caller returns; ``later`` after a delay unless cancelled; a pool
  runs its jobs one at a time in order and hands each answer (or exception) to its future.
- A job that raises never reaches whoever scheduled it.
- No module of ``oracle`` starts a thread, a timer or a thread pool itself (Pyodide cannot).
- A journal is created where ``os.link`` does not exist (Pyodide), through the rename fallback.
"""

from __future__ import annotations

import ast
import asyncio
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from oracle import background
from oracle.journal.store import Journal

PACKAGE = Path(__file__).resolve().parent.parent / "oracle"


def _eventually(check: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.01)
    return check()


def _job(seen: list[str], n: int, answer: int) -> Callable[[], int]:
    def job() -> int:
        seen.append(f"job{n}")
        return answer

    return job


def test_threads_spawn_later_cancel_and_pool_order() -> None:
    runner = background.Threads()
    seen: list[str] = []
    runner.spawn(lambda: seen.append("spawned"))
    runner.later(0.05, lambda: seen.append("later"))
    runner.later(0.05, lambda: seen.append("cancelled")).cancel()
    pool = runner.pool()
    futures = [pool.submit(_job(seen, n, n * n)) for n in range(5)]
    assert [f.result(timeout=5) for f in futures] == [0, 1, 4, 9, 16]
    assert _eventually(lambda: "spawned" in seen and "later" in seen)
    time.sleep(0.1)
    assert "cancelled" not in seen
    assert [s for s in seen if s.startswith("job")] == [f"job{n}" for n in range(5)]


def test_loop_runs_each_job_after_the_caller_returns_in_order() -> None:
    runner = background.Loop()
    seen: list[str] = []

    async def main() -> list[int]:
        runner.spawn(lambda: seen.append("spawned"))
        runner.later(0.02, lambda: seen.append("later"))
        runner.later(0.02, lambda: seen.append("cancelled")).cancel()
        pool = runner.pool()
        futures = [pool.submit(_job(seen, n, n + 1)) for n in range(4)]
        failing = pool.submit(lambda: 1 // 0)
        assert seen == []  # nothing ran inside the caller
        await asyncio.sleep(0.1)
        with pytest.raises(ZeroDivisionError):
            failing.result(timeout=0)
        return [f.result(timeout=0) for f in futures]

    assert asyncio.run(main()) == [1, 2, 3, 4]
    assert seen == ["spawned", "job0", "job1", "job2", "job3", "later"]
    assert threading.active_count() >= 1


def test_every_repeats_until_cancelled_on_both_runners(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks: list[int] = []
    handle = background.every(0.02, lambda: ticks.append(1))
    assert _eventually(lambda: len(ticks) >= 3)
    handle.cancel()
    time.sleep(0.05)
    stopped = len(ticks)
    time.sleep(0.1)
    assert len(ticks) == stopped
    monkeypatch.setattr(background, "RUNNER", background.Loop())

    async def main() -> int:
        ran: list[int] = []
        loop_handle = background.every(0.01, lambda: ran.append(1))
        await asyncio.sleep(0.08)
        loop_handle.cancel()
        seen = len(ran)
        await asyncio.sleep(0.05)
        assert len(ran) == seen
        return seen

    assert asyncio.run(main()) >= 3


def test_a_failing_job_never_reaches_the_scheduler(caplog: pytest.LogCaptureFixture) -> None:
    done = threading.Event()

    def bad() -> None:
        done.set()
        raise RuntimeError("boom")

    background.Threads().spawn(bad, "oracle-test")
    assert done.wait(5)

    async def main() -> None:
        background.Loop().spawn(bad, "oracle-test-loop")
        await asyncio.sleep(0.01)

    asyncio.run(main())
    assert _eventually(lambda: sum("failed" in r.message for r in caplog.records) >= 2)


def test_the_runner_is_chosen_once_and_can_be_named(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(background.choose("threads"), background.Threads)
    assert isinstance(background.choose("loop"), background.Loop)
    monkeypatch.setenv("ORACLE_BACKGROUND", "loop")
    assert isinstance(background.choose(), background.Loop)
    monkeypatch.setenv("ORACLE_BACKGROUND", "fibers")
    with pytest.raises(ValueError, match="threads or loop"):
        background.choose()
    assert background.blocking_allowed() == isinstance(background.RUNNER, background.Threads)


def _starts_threads(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("Thread", "Timer", "ThreadPoolExecutor"):
                found.append(f"line {node.lineno}: {name}(")
    return found


def test_no_module_but_the_seam_starts_threads() -> None:
    offenders = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "background.py" and path.parent == PACKAGE:
            continue
        found = _starts_threads(ast.parse(path.read_text(), str(path)))
        if found:
            offenders[str(path.relative_to(PACKAGE.parent))] = found
    assert offenders == {}


def test_a_journal_is_created_without_os_link(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(os, "link")
    path = tmp_path / "c.oracle.sqlite"
    journal = Journal.create(path, {"name": "no links", "system": "trophy"})
    try:
        assert journal.meta()["name"] == "no links"
    finally:
        journal.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.oracle.sqlite"]


def test_the_browser_edition_says_claude_needs_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    from oracle import edition
    from oracle.app import build
    from tests.app_driver import click, find_all, read

    app = build()
    click(app.start, "oracle-quickstart")
    assert find_all(app.safety, "oracle-api-key")  # the server's app offers the key
    assert not find_all(app.safety, "oracle-server-only")
    monkeypatch.setenv("ORACLE_EDITION", "browser")
    assert edition.browser()
    app = build()
    click(app.start, "oracle-quickstart")
    assert find_all(app.safety, "oracle-api-key") == []
    said = read(app.safety, "oracle-server-only")
    assert "Claude" in said and "local narrator" in said and "oracle serve --table" in said
