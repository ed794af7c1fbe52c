"""The app's shape: a session holds the open system's moves, the shell mounts what each system
offers and names none of them, the journal speaks in each system's words."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from oracle.app import build
from oracle.app.moves import Moves
from oracle.app.render import entry_line, line_html
from oracle.app.session import Session
from oracle.app.systems import NoViews, offering
from oracle.systems import SYSTEMS, Line
from oracle.systems.base import result, said, who
from tests.app_driver import click, find, read

APP = Path(__file__).resolve().parents[1] / "oracle" / "app"
# every installed system's package and the package of its views, read from the systems
SYSTEM_PACKAGES = tuple(
    package for system in SYSTEMS.values()
    for package in (type(system).__module__.rsplit(".", 1)[0], system.app or "")
    if package)


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_session_has_no_systems_moves_among_its_bases() -> None:
    assert Session.__mro__ == (Session, object)


@pytest.mark.parametrize("module", ["shell.py", "session.py", "systems.py", "journal_view.py",
                                    "start_view.py", "table_view.py", "render.py", "moves.py"])
def test_generic_app_modules_import_no_system_package(module: str) -> None:
    named = {m for m in _imports(APP / module) if m.startswith(SYSTEM_PACKAGES)}
    assert named == set()


def test_no_app_module_is_over_450_lines() -> None:
    long = {str(p.relative_to(APP)): n for p in APP.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 450}
    assert long == {}


def test_every_system_has_an_offering_and_moves_of_its_own() -> None:
    assert not any(isinstance(offering(name), NoViews) for name in SYSTEMS)
    session = Session()
    for name in SYSTEMS:
        moves = session.moves_for(name)
        assert moves.system == name
        assert session.moves_for(name) is moves  # one moves object per system, kept
        assert isinstance(moves, Moves)  # one family of moves for every system


def test_a_system_without_views_opens_with_a_sentence() -> None:
    found = offering("no_such_system")
    assert isinstance(found, NoViews)
    assert "not available" in found.panel(Session()).value


def test_the_shell_remounts_when_the_open_system_changes() -> None:
    app = build()
    click(app.start, "oracle-quickstart")
    hero = str(app.session.active)  # the quick start's generated treasure-hunter
    assert app.tabs.layout.display == "" and "Risk" in app.tabs.titles
    app.session.new_campaign("Side quest", "die_trying")
    app.refresh()
    assert app.tabs.layout.display == "none" and app.side is None
    assert find(app, "oracle-system-panel").children
    app.session.open(next(c.id for c in app.session.campaigns() if c.system == "trophy"))
    app.refresh()
    assert app.tabs.layout.display == "" and app.side is not None
    assert hero in read(app.side, "oracle-sheet")
    assert any(app.oracle.widget in page.children for page in app.tabs.children)  # back in tabs


def test_a_journal_line_is_rendered_bold_quoted_emphasised_and_escaped() -> None:
    line = Line.of("roll", who("<Ash>"), " risks ", said('"up" & over'), " → ",
                   result("<success>"))
    html = line_html(line)
    assert html == ("<b>&lt;Ash&gt;</b> risks “&quot;up&quot; &amp; over” → "
                    '<em class="oracle-result">&lt;success&gt;</em>')


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_the_journal_view_uses_the_systems_words_for_rules_events(system: str) -> None:
    rules = SYSTEMS[system]
    event = {"type": "note_of_the_test", "name": "Ash"}
    css, html = entry_line(rules, "note_of_the_test", event, None, "fallback")
    assert css == rules.journal_line(event).kind
    assert html == line_html(rules.journal_line({**event, "type": "note_of_the_test"}))


def test_meta_entries_keep_the_apps_rendering() -> None:
    css, html = entry_line(SYSTEMS["trophy"], "note", {"text": "<b>mind</b> the stair"}, None,
                           "fallback")
    assert css == "meta" and html == "<i>Note:</i> &lt;b&gt;mind&lt;/b&gt; the stair"
