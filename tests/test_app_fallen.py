"""Die Trying and Triptycho's big moments (issue 17): a hero who dies, a foe defeated, the last
one standing. The right name in the words, and no roll offered to the dead or the defeated.
Driven through ``app_driver`` hooks in the whole app, as a player would."""

from __future__ import annotations

import pytest

from oracle.app import build
from oracle.app.shell import OracleApp
from oracle.errors import RuleError
from tests.app_driver import click, fill, find, read, triptycho_attack
from tests.test_die_trying_view import make


def options(app: OracleApp, hook: str) -> list[str]:
    return [value for _label, value in
            (o if isinstance(o, tuple) else (o, o) for o in find(app, hook).options) if value]


def delve() -> OracleApp:
    """A Die Trying campaign: Pip Marrow and Doc Hale (a Medicine Kit), 6 HP each."""
    app = build()
    app.session.new_campaign("Delve", "die_trying")
    app.refresh()
    make(app, "Pip Marrow")  # type: ignore[arg-type]
    make(app, "Doc Hale", kit=True)  # type: ignore[arg-type]
    app.refresh()
    return app


def fell(app: OracleApp, name: str, damage: int = 7) -> None:
    fill(app, "oracle-dt-patient", name)
    fill(app, "oracle-dt-amount", damage)
    click(app, "oracle-dt-damage")
    app.refresh()


def test_a_die_trying_hero_who_falls_then_dies_is_offered_no_roll_and_told_by_name() -> None:
    app = delve()
    fell(app, "Pip Marrow")  # 6 HP - 7: dying at -1, unable to act
    for hook in ("oracle-dt-who", "oracle-dt-caster", "oracle-dt-healer"):
        assert options(app, hook) == ["Doc Hale"], hook
    assert not find(app, "oracle-dt-save").disabled  # the one roll left to the dying
    for face in ("1", "1"):  # two critical failures: -1 -> -3 -> -5, dead
        fill(app, "oracle-dt-save-faces", face)
        click(app, "oracle-dt-save")
        app.session.narration.wait()
        app.refresh()
    assert app.session.state.character("Pip Marrow").dead
    assert read(app, "oracle-dt-save-odds") == "Pip Marrow is dead."
    assert find(app, "oracle-dt-save").disabled and find(app, "oracle-dt-stabilize").disabled
    assert options(app, "oracle-dt-who") == ["Doc Hale"]
    told = [e.data for e in app.session.require().entries if e.type == "narration"]
    assert told and all(d.get("about") == ["Pip Marrow"] for d in told)
    assert "Pip" in str(told[-1]["text"]) and "Doc" not in str(told[-1]["text"])
    entries = len(app.session.require().entries)
    request = {"roll": "check", "modifier": 0, "dc": 5, "kind": "skill", "skill": "stealth"}
    with pytest.raises(RuleError, match="Pip Marrow is dead and rolls no more"):
        app.session.moves.check(request, "Pip Marrow", "5")  # type: ignore[attr-defined]
    assert len(app.session.require().entries) == entries  # nothing recorded


def test_a_fallen_die_trying_hero_cannot_cast_or_stabilize_another() -> None:
    app = delve()
    fell(app, "Doc Hale")
    moves = app.session.moves
    with pytest.raises(RuleError, match=r"caster: Doc Hale is down \(HP -1\) and unable to act"):
        moves.cast_request("Doc Hale", 1, 0, False, "", "")  # type: ignore[attr-defined]
    fell(app, "Pip Marrow")
    with pytest.raises(RuleError, match="healer: Doc Hale is down"):
        moves.save("Pip Marrow", "Doc Hale", True, "8 6 6")  # type: ignore[attr-defined]


def test_a_defeated_triptycho_foe_is_no_target_and_the_last_one_standing_attacks_nobody(
        ) -> None:
    app = build()
    triptycho_attack(app, hp=4)  # Rook attacks Viper (both 4 HP)
    fill(app, "oracle-tp-faces", "8 1 6 6")  # hit 8 vs 1, 12 damage: Viper is down
    click(app, "oracle-tp-roll")
    app.session.narration.wait()
    app.refresh()
    defeat = [e.data for e in app.session.require().entries
              if e.type == "narration" and e.data.get("beat") == "defeat"]
    assert defeat and "Viper Knot is defeated" in str(defeat[-1]["text"])
    assert options(app, "oracle-tp-attacker") == ["Rook Drover"]
    assert options(app, "oracle-tp-target") == []  # never Rook against himself
    assert find(app, "oracle-tp-roll").disabled
    assert "Only Rook Drover is left standing: nobody to attack." in read(app, "oracle-tp-odds")
    assert "defeats Rook Drover" not in read(app, "oracle-tp-odds")
