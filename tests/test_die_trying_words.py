"""Die Trying's and Triptycho's journal lines say what happened and what decided it, in words."""

from __future__ import annotations

import pytest

from oracle.die_trying.system import SYSTEM as DIE_TRYING
from oracle.triptycho.system import SYSTEM as TRIPTYCHO


@pytest.mark.parametrize(("event", "outcome", "line"), [
    ({"type": "roll", "request": {"roll": "ability_scores"}},
     {"roll": "ability_scores", "scores": [1, 0, 2, -1, 1, 3]},
     "Ability scores rolled → scores 1, 0, 2, -1, 1, 3"),
    ({"type": "roll", "name": "Brakka", "request": {"roll": "check", "d10": 10}},
     {"roll": "check", "degree": "critical_success", "total": 14, "dc": 5},
     "Brakka makes a check · d10 10 → critical success (14 against DC 5)"),
    ({"type": "damage", "name": "Brakka", "amount": 20}, None, "Brakka takes 20 damage"),
    ({"type": "strike", "attacker": "Ash", "target": "the ghoul",
      "attack": {"d10": 9, "damage_d6": [4]}},
     {"roll": "attack", "degree": "success", "total": 12, "damage": 6},
     "Ash strikes the ghoul · d10 9, damage d6 4 → success (12), 6 damage"),
])
def test_die_trying_lines_name_what_decided(event: dict[str, object],
                                            outcome: dict[str, object] | None,
                                            line: str) -> None:
    plain = DIE_TRYING.journal_line(event, outcome).plain()
    assert plain == line
    assert "None" not in plain


@pytest.mark.parametrize(("event", "outcome", "line"), [
    ({"type": "damage", "target": "Ash", "amount": 4}, None, "Ash takes 4 damage"),
    ({"type": "attack", "attacker": "Ash", "target": "Orc"},
     {"hit": True, "dealt": 5, "counter_dealt": None}, "Ash attacks Orc → hit, 5 damage"),
    ({"type": "initiative", "name": "Ash", "faces": [3, 4]}, None,
     "Ash rolls 7 for Initiative"),
    ({"type": "scenario_start", "kind": "combat"}, None, "A combat scenario begins"),
])
def test_triptycho_lines_say_what_happened(event: dict[str, object],
                                           outcome: dict[str, object] | None,
                                           line: str) -> None:
    assert TRIPTYCHO.journal_line(event, outcome).plain() == line
