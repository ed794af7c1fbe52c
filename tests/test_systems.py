"""The registry: every system is one object with the same public face (issue 8)."""

from __future__ import annotations

import pytest

from oracle.errors import RequestError
from oracle.systems import SYSTEMS, find_system
from oracle.systems.base import Line, System


def public(system: System) -> set[str]:
    return {name for name in dir(system) if not name.startswith("_")}


def test_three_systems_share_exactly_one_public_face() -> None:
    faces = {name: public(system) for name, system in SYSTEMS.items()}
    assert set(faces) == {"trophy", "die_trying", "triptycho"}
    first = faces["trophy"]
    assert all(face == first for face in faces.values()), faces


@pytest.mark.parametrize("name", list(SYSTEMS))
def test_a_system_is_found_by_its_own_name_and_states_its_words(name: str) -> None:
    system = find_system(name)
    assert isinstance(system, System) and system.name == name
    assert system.title and system.tagline and system.unnamed.roller.startswith("the ")
    assert set(system.odds_kinds) <= set(system.roll_kinds)
    assert system.beat({"roll": "none of these"}) == "roll"
    assert system.beat({"roll": "risk", "lost": True}) == "lost"


@pytest.mark.parametrize("name", [None, 3, "chess", "Trophy"])
def test_an_unknown_system_is_refused_naming_the_choices(name: object) -> None:
    with pytest.raises(RequestError, match="trophy, die_trying, triptycho"):
        find_system(name)


def test_a_line_renders_plain_with_what_was_said_in_quotes() -> None:
    line = Line.of("roll", ("who", "Wren"), " risks ", ("said", "climb"), " → ",
                   ("result", "success"))
    assert line.plain() == "Wren risks “climb” → success"
