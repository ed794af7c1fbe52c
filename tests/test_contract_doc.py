"""docs/contract.md is the JSON contract of resolve, odds, ask and generate (issue 15 item 6):
it names every roll kind, every request field and every generated kind of our own systems (read
from the systems themselves), so the document cannot fall behind the code unnoticed."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from oracle.systems import GROUP, find_system

ROOT = Path(__file__).resolve().parents[1]
CONTRACT = (ROOT / "docs" / "contract.md").read_text(encoding="utf-8")
OURS = list(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
            ["project"]["entry-points"][GROUP])
NAMED = set(re.findall(r"`([a-z0-9_]+)`", CONTRACT))


@pytest.mark.parametrize("name", OURS)
def test_the_contract_names_every_roll_field_and_generator_of_our_systems(name: str) -> None:
    system = find_system(name)
    assert name in NAMED
    assert set(system.roll_kinds) - NAMED == set()
    assert set(system.odds_kinds) - NAMED == set()
    for kind, fields in system.fields.items():
        assert set(fields) - NAMED == set(), kind
    assert set(system.generators()) - NAMED == set()


def test_the_readme_links_the_contract_in_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/contract.md" in readme and "shared/contract" not in readme
