"""The CLI's promises that hold for every system: clear errors, exit codes, help."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from oracle.cli import main


def run(argv: list[str], stdin: str = "") -> tuple[int, dict[str, object]]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), out=out)
    return code, json.loads(out.getvalue())


@pytest.mark.parametrize(
    "text",
    ["", "{", "[1, 2]", "\"risk\"", "{\"roll\": \"risk\",}"],
)
def test_malformed_json_is_refused_with_exit_2_and_one_sentence(text: str) -> None:
    code, payload = run(["resolve"], text)
    assert code == 2
    assert set(payload) == {"error"}
    assert str(payload["error"]).startswith("request:")


def test_unknown_system_names_the_choices() -> None:
    code, payload = run(["resolve"], json.dumps({"roll": "risk", "system": "gurps"}))
    assert code == 2
    assert "trophy" in str(payload["error"]) and "system" in str(payload["error"])


@pytest.mark.parametrize("sub", [[], ["resolve"], ["odds"], ["serve"], ["inspire"]])
def test_every_subcommand_explains_itself(sub: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main([*sub, "--help"])
    assert exc.value.code == 0
    assert len(capsys.readouterr().out.strip()) > 80


CONTRACT_REQUESTS: list[dict[str, Any]] = [
    {"roll": "risk", "ruin": 2, "light": [4, 1], "dark": [5],
     "helpers": [{"name": "Mara", "ruin": 1, "die": 5, "already_marked": False}]},
    {"roll": "ruin", "ruin": 3, "dark": 4},
    {"roll": "hunt", "tokens": 2, "light": [3, 5]},
    {"roll": "contest", "participants": [{"name": "A", "ruin": 2, "light": [6, 5], "dark": [1]},
                                         {"name": "B", "ruin": 1, "light": [6], "dark": [4, 3]}]},
    {"roll": "combat", "endurance": 7,
     "characters": [{"name": "A", "ruin": 2, "weak_points": [4], "armor": False}], "dark": [4, 2]},
    {"roll": "reduction", "ruin": 4, "starting_ruin": 1, "reached_five": True, "light": 5,
     "remove_anyway": False},
    {"roll": "check", "system": "die_trying", "d10": 4, "modifier": 2, "dc": 5},
    {"roll": "spell", "system": "die_trying", "magic": [2, 5], "instability": [4],
     "miscast_d10": 3},
    {"roll": "death_save", "system": "die_trying", "hp": -1, "d10": 9},
    {"roll": "dice", "system": "triptycho", "dice": "2d6", "level": -1, "number": 1},
    {"roll": "opposed", "system": "triptycho", "action": [3, 4], "reaction": [6]},
    {"roll": "damage", "system": "triptycho", "damage": [5, 2], "defense": [3]},
]


@pytest.mark.parametrize("request_", CONTRACT_REQUESTS, ids=lambda r: f"{r.get('system', 'trophy')}-{r['roll']}")
def test_a_misspelt_field_is_refused_in_every_system(request_: dict[str, object]) -> None:
    # The contract's own request answers; the same request with one misspelt field is refused
    # naming that field, because an ignored field would quietly change the roll.
    code, _ = run(["resolve"], json.dumps(request_))
    assert code == 0
    code, payload = run(["resolve"], json.dumps({**request_, "modifer": 1}))
    assert code == 2
    assert str(payload["error"]).startswith("modifer: not a field of")


def test_a_misspelt_field_inside_an_entry_is_named_with_its_path() -> None:
    request_ = dict(CONTRACT_REQUESTS[0])
    request_["helpers"] = [{"name": "Mara", "ruin": 1, "die": 5, "alredy_marked": True}]
    code, payload = run(["resolve"], json.dumps(request_))
    assert code == 2
    assert str(payload["error"]).startswith("helpers[0].alredy_marked:")


def test_narrative_context_is_not_mistaken_for_a_typo_in_any_system() -> None:
    context = {"name": "Ash", "attempt": "cross the ford", "place": "the mire",
               "journal": "We left town.", "safety": {"lines": ["spiders"], "veils": []},
               "seed": 7}
    for request_ in CONTRACT_REQUESTS:
        assert run(["resolve"], json.dumps({**request_, **context}))[0] == 0


def test_resolve_does_not_pay_for_the_narrator_or_the_sdk() -> None:
    # `oracle resolve` without --narrate calls no model, so it must not import Jinja, the
    # narrator or the anthropic SDK (the SDK alone costs most of a second).
    import subprocess
    import sys

    code = (
        "import io, sys; from oracle.cli import main; "
        "main(['resolve'], stdin=io.StringIO('{\"roll\": \"ruin\", \"ruin\": 3, \"dark\": 4}'), "
        "out=io.StringIO()); "
        "print(sorted(m for m in ('jinja2', 'anthropic', 'oracle.narrator') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


# Issue 8/11: `oracle odds` answered what `oracle resolve` refuses (a misspelt field read as 0
# dice, a Risk Roll to kill a monster without confirmation, a bargain without its light die, a
# hunt at Ruin 6). Both commands read a request the same way, so both refuse it, word for word.
REFUSED_BY_BOTH = [
    ({"roll": "risk", "lihgt": 1, "dark": 1}, "lihgt: not a field"),
    ({"roll": "risk", "ruin": 1, "light": 1, "dark": 1, "modifer": 1}, "modifer: not a field"),
    ({"roll": "contest", "participants": [{"name": "A", "ruin": 1, "light": 1, "drak": 1},
                                          {"name": "B", "ruin": 1, "light": 1}]},
     "participants[0].drak: not a field"),
    ({"roll": "check", "system": "die_trying", "d10": 4, "modifer": 2, "dc": 5},
     "modifer: not a field"),
    ({"roll": "damage", "system": "triptycho", "damage": [5, 2], "defence": [3]},
     "defence: not a field"),
    ({"roll": "dice", "system": "triptycho", "dice": "2d6", "levle": 1}, "levle: not a field"),
    ({"roll": "risk", "ruin": 2, "light": 1, "dark": 1, "foe": "monster", "intent": "defeat"},
     "intent: a Risk Roll to kill"),
    ({"roll": "risk", "ruin": 2, "dark": 1, "bargain": {"text": "a debt"}}, "light:"),
    ({"roll": "hunt", "ruin": 6, "tokens": 0, "light": 1}, "ruin:"),
    ({"roll": "risk", "ruin": 2, "light": 1, "ritual": True}, "dark: a Ritual always"),
    ({"roll": "spell", "system": "die_trying", "magic": 3, "magic_dice_available": 2},
     "magic: at most the 2 Magic Dice"),
    ({"roll": "risk", "ruin": 2, "light": 1, "helpers": {}}, "helpers: must be a list"),
    ({"roll": "risk", "ruin": 2, "light": 1, "helpers": 0}, "helpers: must be a list"),
    ({"roll": "risk", "ruin": 2, "light": 1, "dark": 1, "push": "yes"},
     "push: a number of pushes, or a list"),
    ({"roll": "risk", "ruin": 2, "light": 1, "foe": "monster", "intent": "ritual"},
     "dark: a Ritual always"),
]


@pytest.mark.parametrize(("request_", "start"), REFUSED_BY_BOTH,
                         ids=lambda v: str(v)[:40] if isinstance(v, str) else None)
def test_odds_refuses_exactly_what_resolve_refuses(request_: dict[str, object], start: str) -> None:
    resolved = run(["resolve"], json.dumps(request_))
    odds = run(["odds"], json.dumps(request_))
    assert resolved[0] == odds[0] == 2
    assert set(odds[1]) == {"error"}
    assert odds[1] == resolved[1]
    assert str(odds[1]["error"]).startswith(start)


def test_a_misspelt_top_field_is_told_the_rolls_own_fields() -> None:
    code, payload = run(["odds"], json.dumps({"roll": "ruin", "ruin": 2, "drak": 3}))
    assert code == 2
    assert payload["error"] == ("drak: not a field of a ruin request, so it would be ignored; "
                                "its fields are dark, ruin.")


def test_odds_still_answers_what_resolve_answers() -> None:
    for request_ in CONTRACT_REQUESTS:
        assert run(["resolve"], json.dumps(request_))[0] == 0
        if request_["roll"] in ("risk", "check", "spell", "death_save", "dice", "opposed",
                                "damage"):
            assert run(["odds"], json.dumps(request_))[0] == 0
