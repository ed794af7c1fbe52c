"""The served page renders the app's widgets (no error output), in Debian's Chromium."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.harness import Server, open_app, shot

pytestmark = pytest.mark.browser


def test_the_app_renders_without_an_error(oracle_server: Server, page: Any) -> None:
    open_app(page, oracle_server.url)
    shot(page, "smoke_loaded")
    assert page.title().startswith("oracle")
    assert "Traceback" not in page.inner_text("body")
