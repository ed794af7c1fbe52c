"""The gates every landing passes (beside the 450-line cap in ``test_systems.py``): ``make test``
lints first, ruff keeps every function at complexity 12 or less, and the few functions let past
that limit for now each say whose they are."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MOST_COMPLEX = 12


def test_ruff_limits_every_function_to_complexity_12() -> None:
    lint = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]
    assert "C901" in lint["lint"]["extend-select"]
    assert lint["lint"]["mccabe"]["max-complexity"] == MOST_COMPLEX


def test_make_test_lints_oracle_tests_bench_and_the_example_strictly_before_the_tests() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    prerequisites = re.search(r"^test:(.*)$", makefile, re.MULTILINE)
    assert prerequisites is not None and "lint" in prerequisites.group(1).split()
    recipe = re.search(r"^lint:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe is not None
    assert "ruff check oracle tests bench examples" in recipe.group(1)
    assert "mypy --strict oracle tests bench examples/oracle-coin" in recipe.group(1)
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_complexity_exception_names_its_owner() -> None:
    unowned = [f"{path.relative_to(ROOT)}:{n}"
               for folder in ("oracle", "tests", "bench")
               for path in sorted((ROOT / folder).rglob("*.py")) if path != Path(__file__).resolve()
               for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if "noqa: C901" in line and not re.search(r"# owner: \w+", line)]
    assert unowned == []
