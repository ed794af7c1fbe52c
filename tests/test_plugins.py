"""Systems are plugins (issue 15 item 2): a fourth system installed beside oracle, with no file
under ``oracle/`` changed, resolves, narrates, generates, asks, journals, exports and plays in
the app, found through the ``oracle.systems`` entry point exactly as our own systems are.

The plugin is ``examples/oracle-coin``. The tests install it as a test distribution on the path:
its package copied, and a ``dist-info`` whose entry points are read from its own
``pyproject.toml`` (so no network and no build are needed on a fresh clone).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from oracle import systems
from oracle.cli import main
from oracle.errors import RequestError
from oracle.journal.campaign import Campaign
from oracle.journal.exports import export
from oracle.narrator.fake import FakeNarrator
from tests.app_driver import click, fill, find, find_all, read

ROOT = Path(__file__).resolve().parents[1]
COIN = ROOT / "examples" / "oracle-coin"


def _dist(site: Path, name: str, version: str, entry_points: dict[str, dict[str, str]]) -> None:
    """A ``dist-info`` for ``name`` in ``site``: what pip leaves beside an installed package."""
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
                                   encoding="utf-8")
    lines = []
    for group, points in entry_points.items():
        lines += [f"[{group}]", *(f"{key} = {value}" for key, value in points.items()), ""]
    (info / "entry_points.txt").write_text("\n".join(lines), encoding="utf-8")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """examples/oracle-coin, installed as its pyproject.toml says, plus a broken plugin."""
    site = tmp_path_factory.mktemp("site")
    project = tomllib.loads((COIN / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    shutil.copytree(COIN / "oracle_coin", site / "oracle_coin",
                    ignore=shutil.ignore_patterns("__pycache__"))
    _dist(site, project["name"], project["version"], project["entry-points"])
    (site / "oracle_broken.py").write_text("raise ImportError('needs a newer oracle')\n",
                                           encoding="utf-8")
    _dist(site, "oracle-broken", "0.1", {"oracle.systems": {"broken": "oracle_broken:SYSTEM"}})
    return site


@pytest.fixture
def coin(site: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The plugin on the path of this process, found again through the entry points."""
    monkeypatch.syspath_prepend(str(site))
    systems.rediscover()
    yield site
    monkeypatch.undo()
    for module in [m for m in sys.modules if m.startswith(("oracle_coin", "oracle_broken"))]:
        del sys.modules[module]
    systems.rediscover()


def run(*argv: str, stdin: str = "") -> tuple[int, Any]:
    out = io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), out=out)
    text = out.getvalue()
    try:
        return code, json.loads(text)
    except json.JSONDecodeError:
        return code, text


def test_no_file_under_oracle_names_the_plugin() -> None:
    for path in (ROOT / "oracle").rglob("*"):
        if path.is_file() and path.suffix in (".py", ".txt", ".j2", ".toml", ".css"):
            text = path.read_text(encoding="utf-8")
            assert "oracle_coin" not in text and "oracle-coin" not in text, path


def test_our_own_systems_register_through_the_entry_point_group() -> None:
    ours = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = ours["project"]["entry-points"][systems.GROUP]
    assert declared and set(declared) <= set(systems.discovered())
    for name, target in declared.items():
        assert systems.SYSTEMS[name].name == name and target.endswith(":SYSTEM")


def test_a_plugin_is_found_in_a_fresh_process_through_its_entry_point(site: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(site), "ORACLE_NARRATOR": "offline"}
    code = ("import io, sys; from oracle.cli import main; "
            "sys.exit(main(['resolve'], stdin=io.StringIO(sys.argv[1])))")
    request = '{"system": "coin", "roll": "flip", "call": "heads", "face": "heads"}'
    done = subprocess.run([sys.executable, "-c", code, request], capture_output=True, text=True,
                          env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"roll": "flip", "system": "coin", "call": "heads",
                                       "face": "heads", "won": True}


def test_resolve_and_odds_of_a_coin_flip(coin: Path) -> None:
    flip = {"system": "coin", "roll": "flip", "call": "heads"}
    for face in ("heads", "tails"):
        code, result = run("resolve", stdin=json.dumps({**flip, "face": face}))
        assert code == 0 and result["face"] == face and result["won"] is (face == "heads")
    seeded = [run("resolve", stdin=json.dumps({**flip, "seed": 11}))[1] for _ in range(2)]
    assert seeded[0] == seeded[1] and seeded[0]["face"] in ("heads", "tails")
    assert {run("resolve", stdin=json.dumps({**flip, "seed": s}))[1]["face"]
            for s in range(12)} == {"heads", "tails"}
    code, odds = run("odds", stdin=json.dumps(flip))
    assert code == 0 and odds["won"] == {"fraction": "1/2", "value": 0.5}
    code, refused = run("resolve", stdin=json.dumps({**flip, "call": "edge"}))
    assert code == 2 and refused["error"] == "call: heads or tails; got 'edge'."
    code, refused = run("odds", stdin=json.dumps({**flip, "cal": 1}))
    assert code == 2 and refused["error"].startswith("cal: not a field of a flip request")


def test_resolve_narrate_voices_a_flip_with_its_own_beat_and_table(
        coin: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORACLE_NARRATOR", "offline")
    request = {"system": "coin", "roll": "flip", "call": "tails", "face": "heads",
               "name": "Ada", "seed": 3}
    code, result = run("resolve", "--narrate", stdin=json.dumps(request))
    narration = result["narration"]
    assert code == 0 and narration["beat"] == "flip" and narration["narrator"] == "offline"
    table = (coin / "oracle_coin" / "offline" / "coin_lost.txt").read_text(encoding="utf-8")
    cards = [line.replace("{{ Name }}", "Ada").replace("{{ name }}", "Ada")
             for line in table.splitlines() if line and not line.startswith("#")]
    assert any(narration["text"].startswith(card.split("{{")[0]) for card in cards)
    assert narration["text"].endswith("Heads: not what Ada called.")


def test_the_prompt_of_a_flip_carries_the_systems_own_facts(coin: Path) -> None:
    from oracle.narrator import NarrationContext
    from oracle.narrator.templates import render_prompt

    result = {"roll": "flip", "system": "coin", "call": "heads", "face": "tails", "won": False}
    prompt = render_prompt("flip", NarrationContext.build(result=result, system="coin"))
    assert "a coin was called and flipped" in prompt.facts
    assert "the caller LOSES" in prompt.facts


def test_the_referee_holds_a_flip_narration_to_what_it_settled(coin: Path) -> None:
    from oracle.narrator import NarrationContext
    from oracle.narrator.referee import check

    lost = {"roll": "flip", "system": "coin", "call": "heads", "face": "tails", "won": False}
    won = {**lost, "face": "heads", "won": True}
    coin_system = systems.find_system("coin")
    assert coin_system.settled(lost).verdict == "failure"
    assert coin_system.settled(won).verdict == "success"
    assert coin_system.settled({"roll": "other"}).verdict == ""

    def told(result: dict[str, Any], text: str) -> str | None:
        return check("flip", NarrationContext.build(
            result=result, system="coin", intent="win the toss",
            characters=[{"name": "Ada"}]), text)

    assert told(lost, "The coin lands heads. Ada succeeds.") == "it says 'succeeds' on a failure"
    assert told(won, "The coin lands tails. Ada fails to win the toss.") == \
        "it says 'fails' on a success"
    assert told(won, "The coin lands heads. Ada succeeds.") is None
    assert told(lost, "The coin lands tails. Ada fails to win the toss.") is None


def test_generate_and_ask_with_the_plugins_system(coin: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORACLE_NARRATOR", "offline")
    code, callers = run("generate", "character", "--system", "coin", "--n", "3", "--seed", "5",
                        "--json")
    assert code == 0 and len({c["name"] for c in callers}) == 3  # names already taken skipped
    assert run("generate", "character", "--system", "coin", "--seed", "5", "--json")[1] == \
        callers[0]
    code, refused = run("generate", "monster", "--system", "coin")
    assert code == 2 and refused["error"] == "kind: coin generates character, name; not 'monster'."
    code, answer = run("ask", "Is the bridge standing?", "--system", "coin", "--seed", "2",
                       "--narrate", "--json")
    assert code == 0 and answer["narration"]["beat"] == "oracle" and answer["narration"]["text"]


def test_the_journal_and_exports_of_a_coin_campaign(coin: Path, tmp_path: Path) -> None:
    with Campaign.create("Flips", "coin", home=tmp_path) as camp:
        camp.record({"type": "caller_joined", "name": "Ada Penny"})
        camp.record({"type": "flipped", "call": "heads", "face": "tails", "name": "Ada Penny",
                     "action": "win the ferry fare"})
        camp.record({"type": "flipped", "call": "tails", "face": "tails", "name": "Ada Penny"})
        assert camp.state.flips == 2 and camp.state.won == 1
        assert camp.entries[-1].result == {"roll": "flip", "system": "coin", "call": "tails",
                                           "face": "tails", "won": True}
        markdown = export(camp, "markdown")
        assert "System: Coin" in markdown and "**Ada Penny** calls heads" in markdown
        lonelog = export(camp, "lonelog")
        assert "@ win the ferry fare" in lonelog and "tails, won" in lonelog
        with pytest.raises(RequestError, match="coin has no event"):
            camp.record({"type": "risk_rolled"})
        dump = camp.export_json()
    with Campaign.import_json(dump) as copy:
        assert copy.system.name == "coin" and copy.state == camp.state


def test_the_app_offers_the_plugin_in_its_picker_and_mounts_its_panel(coin: Path) -> None:
    from oracle.app.session import Session
    from oracle.app.shell import OracleApp

    session = Session(narrator=FakeNarrator("The coin rings true."))
    app = OracleApp(session)
    app.start.refresh()
    picker = find(app.start, "oracle-new-system")
    assert ("Coin", "coin") in list(picker.options)
    fill(app.start, "oracle-new-campaign", "Flips")
    fill(app.start, "oracle-new-system", "coin")
    click(app.start, "oracle-create-campaign")
    assert app.session.campaign is not None and app.session.campaign.system.name == "coin"
    click(app, "oracle-generate-caller")
    callers = app.session.state.callers
    assert len(callers) == 1
    fill(app, "oracle-coin-call", "tails")
    click(app, "oracle-coin-flip")
    app.session.narration.wait()
    state = app.session.state
    assert state.flips == 1 and read(app, "oracle-coin-result").endswith(
        "won." if state.won else "lost.")
    assert [e.type for e in app.session.campaign.entries][-2:] == ["flipped", "narration"]
    assert find_all(app, "oracle-coin")


def test_a_broken_plugin_is_one_sentence_and_the_others_still_work(coin: Path) -> None:
    with pytest.raises(RequestError) as info:
        systems.find_system("broken")
    assert str(info.value) == ("system: 'broken' is installed (oracle_broken:SYSTEM) but could "
                               "not be loaded: ImportError: 'needs a newer oracle'.")
    assert "broken" not in [system.name for system in systems.installed()]
    code, refused = run("resolve", stdin='{"system": "broken", "roll": "x"}')
    assert code == 2 and "could not be loaded" in refused["error"]
    code, result = run("resolve", stdin='{"roll": "ruin", "ruin": 3, "dark": 4}')
    assert code == 0 and result["roll"] == "ruin"
    from oracle.narrator.beats import BEATS

    assert "flip" in BEATS and "outcome" in BEATS
