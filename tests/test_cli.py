"""The CLI's promises that hold for every system: clear errors, exit codes, help."""

from __future__ import annotations

import io
import json

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
