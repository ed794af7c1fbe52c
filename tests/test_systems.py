"""The registry: every system is one object with the same public face (issue 8)."""

from __future__ import annotations

import pytest

from oracle.errors import RequestError
from oracle.systems import DEFAULT, SYSTEMS, find_system
from oracle.systems.base import Line, System
from oracle.systems.layout import PackagedSystem


def public(system: System) -> set[str]:
    return {name for name in dir(system) if not name.startswith("_")}


def test_every_installed_system_shares_exactly_one_public_face() -> None:
    from oracle.systems import discovered

    faces = {name: public(system) for name, system in SYSTEMS.items()}
    assert set(faces) == set(discovered())  # every system arrives through its entry point
    first = public(SYSTEMS[DEFAULT])
    assert all(face == first for face in faces.values()), faces


@pytest.mark.parametrize("name", list(SYSTEMS))
def test_a_system_is_found_by_its_own_name_and_states_its_words(name: str) -> None:
    system = find_system(name)
    assert isinstance(system, System) and system.name == name
    assert system.title and system.tagline and system.unnamed.roller.startswith("the ")
    assert set(system.odds_kinds) <= set(system.roll_kinds)
    assert system.beat({"roll": "none of these"}) == "roll"
    chosen = {system.beat(spec.example) for spec in system.beats()}
    assert chosen <= {spec.name for spec in system.beats()} | {"roll"}  # its own, or generic


@pytest.mark.parametrize("name", [None, 3, "chess", "Trophy"])
def test_an_unknown_system_is_refused_naming_the_choices(name: object) -> None:
    with pytest.raises(RequestError) as info:
        find_system(name)
    assert str(info.value).endswith(f"use one of {', '.join(SYSTEMS)}.")


def test_a_line_renders_plain_with_what_was_said_in_quotes() -> None:
    line = Line.of("roll", ("who", "Wren"), " risks ", ("said", "climb"), " → ",
                   ("result", "success"))
    assert line.plain() == "Wren risks “climb” → success"


# --- The shape of the code (issue 8): no import cycle, no module over 450 lines, one layout. ---

import ast
from pathlib import Path

ORACLE = Path(__file__).resolve().parents[1] / "oracle"
MOST_LINES = 450


def _module_name(path: Path) -> str:
    parts = path.relative_to(ORACLE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The oracle modules ``path`` imports, at any depth, except under ``TYPE_CHECKING``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # ``from pkg import sub`` needs the module pkg.sub; ``from pkg import name``, pkg
            names = [f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in modules
                     else node.module for alias in node.names]
        else:
            continue
        found |= {name for name in names if name in modules}
    return found


def _graph() -> dict[str, set[str]]:
    paths = {_module_name(p): p for p in ORACLE.rglob("*.py")}
    modules = set(paths)
    graph = {name: _imports(path, modules) - {name} for name, path in paths.items()}
    for name in list(graph):  # importing a.b.c runs a/__init__ and a/b/__init__ first
        parents = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
        for target in list(graph[name]):
            graph[name] |= {".".join(target.split(".")[:i])
                            for i in range(1, target.count(".") + 1)} & modules - parents - {name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_rules_packages_import_no_cycle() -> None:
    graph = _graph()
    rules = {name: {t for t in targets if not t.startswith("oracle.app")}
             for name, targets in graph.items()
             if name.count(".") and name.split(".")[1] in (*PACKAGED, "systems", "requests",
                                                           "dice", "errors")}
    assert _cycle({n: t & set(rules) for n, t in rules.items()}) is None


def test_no_import_cycle_and_no_module_over_450_lines_in_oracle() -> None:
    assert _cycle(_graph()) is None
    long = {str(p.relative_to(ORACLE.parent)): n for p in ORACLE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}


PACKAGED = [name for name, system in SYSTEMS.items() if isinstance(system, PackagedSystem)]


@pytest.mark.parametrize("package", PACKAGED)
def test_every_system_is_a_package_of_the_same_layout(package: str) -> None:
    root = ORACLE / package
    for part in ("requests.py", "fold.py", "words.py", "system.py", "odds/__init__.py",
                 "odds/requests.py"):
        assert (root / part).is_file(), f"{package}/{part}"
    for path in root.rglob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= MOST_LINES, path


@pytest.mark.parametrize("name", list(SYSTEMS))
def test_every_roll_kind_names_the_fields_its_rules_read(name: str) -> None:
    from oracle.requests import CONTEXT_FIELDS

    system = find_system(name)
    assert set(system.fields) == set(system.roll_kinds)
    assert set(system.odds_kinds) <= set(system.roll_kinds)
    for kind, fields in system.fields.items():
        assert not fields & CONTEXT_FIELDS, kind


def test_a_closing_table_states_a_sentence_only_when_its_fields_are_given() -> None:
    from oracle.systems.base import actor
    from oracle.systems.beats import closings, stating

    closing = closings({"save": stating("HP {hp_before} to {hp_after}.", "hp_before", "hp_after"),
                        "told": stating("{name} reads {total}.", "shown"),
                        "own": lambda result, name: f"{name}!"})
    assert closing("save", {"hp_before": 4, "hp_after": 0}, "Ash") == "HP 4 to 0."
    assert closing("save", {"hp_before": 4, "hp_after": None}, "Ash") == ""
    assert closing("told", {"shown": 0}, "Ash") == "Ash reads None."  # as result.get would
    assert closing("own", {}, "Ash") == "Ash!"
    assert closing("other", {"hp_before": 4, "hp_after": 0}, "Ash") == ""
    assert actor({"character": {"name": "Bo"}}, {}) == "Bo"
    assert actor({"name": ""}, {"roller": "Cy"}) == "Cy"
    assert actor({"name": 3}, {}) is None
