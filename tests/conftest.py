"""Shared fixtures: every test gets its own ORACLE_HOME so no test touches a user's campaigns.

Hypothesis runs with no deadline: a test here asserts rules, never speed (bench/ measures
that), and with a worker per core an example may wait for the CPU well past the default 200 ms.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("oracle", deadline=None)
settings.load_profile("oracle")


@pytest.fixture(autouse=True)
def _oracle_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("oracle_home")
    monkeypatch.setenv("ORACLE_HOME", str(home))
    monkeypatch.setenv("ORACLE_NARRATOR", "offline")
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    return home
