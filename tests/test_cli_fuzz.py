"""Any bytes, any JSON value in any field: the CLI answers or refuses with one sentence (issue 11).

For every command that reads a request, in every system: exit 0 with a result, or exit 2 with
``{"error": "<one sentence>"}``; the output is one line of valid UTF-8 JSON; an error quotes at
most about 80 characters of what it was given. Never a traceback.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from oracle.cli import main
from oracle.journal.campaign import Campaign
from oracle.jsonio import MAX_DEPTH, parse_request
from oracle.systems import SYSTEMS

SENTENCE_LIMIT = 400  # a sentence naming a field and a rule, with an 80-character quote at most

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)


def run(command: str, raw: bytes, words: list[str] | None = None) -> tuple[int, bytes]:
    stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="latin-1")
    sink = io.BytesIO()
    out = io.TextIOWrapper(sink, encoding="ascii")
    code = main([command, *(words or [])], stdin=stdin, out=out)
    out.flush()
    return code, sink.getvalue()


def check_answer(code: int, printed: bytes) -> dict[str, Any]:
    assert code in (0, 2)
    text = printed.decode("utf-8")  # always valid UTF-8, whatever the stream's encoding
    assert text.endswith("\n") and text.count("\n") == 1
    payload = json.loads(text)
    assert isinstance(payload, dict)
    if code == 2:
        assert set(payload) == {"error"}
        sentence = payload["error"]
        assert isinstance(sentence, str) and 10 < len(sentence) <= SENTENCE_LIMIT, sentence
        assert "Traceback" not in sentence
    else:
        assert "error" not in payload
    return payload


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=st.binary(max_size=200), command=st.sampled_from(["resolve", "odds"]))
def test_any_bytes_answer_or_refuse_in_one_sentence(raw: bytes, command: str) -> None:
    check_answer(*run(command, raw))


def _requests() -> st.SearchStrategy[dict[str, Any]]:
    def for_system(name: str) -> st.SearchStrategy[dict[str, Any]]:
        system = SYSTEMS[name]
        fields = sorted({f for kind in system.fields.values() for f in kind}
                        | {"light", "dark", "ruin", "d10", "dice", "faces", "participants",
                           "characters", "helpers", "name", "safety", "journal", "seed"})
        return st.fixed_dictionaries(
            {"system": st.just(name),
             "roll": st.sampled_from([*system.roll_kinds, "nonsense"]) | json_values},
            optional={field: json_values for field in fields})

    return st.sampled_from(sorted(SYSTEMS)).flatmap(for_system)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(request=_requests(), command=st.sampled_from(["resolve", "odds"]))
def test_any_json_in_any_field_answers_or_refuses_in_one_sentence(request: dict[str, Any],
                                                                   command: str) -> None:
    check_answer(*run(command, json.dumps(request).encode()))


def test_huge_and_strange_inputs_are_refused_by_name() -> None:
    cases = {
        b"[" * 1000 + b"]" * 1000: f"deeper than {MAX_DEPTH}",
        b'{"roll": "risk", "light": ' + b"9" * 5000 + b"}": "digits",
        b'{"roll": "risk", "name": "\\ud800"}': "surrogate",
        b'{"roll": "risk", "light": NaN}': "NaN",
        b'\xff\xfe{"roll"': "UTF-8",
        b'{"roll": ["risk"]}': "roll",
        b'{"roll": {"a": 1}}': "roll",
        b"": "not valid JSON",
        b"[1, 2]": "JSON object",
    }
    for raw, words in cases.items():
        for command in ("resolve", "odds"):
            code, printed = run(command, raw)
            payload = check_answer(code, printed)
            assert code == 2 and words in payload["error"], (raw[:40], payload)


def test_an_error_quotes_at_most_about_80_characters_of_a_value() -> None:
    long = "x" * 100_000
    for request in ({"roll": long}, {"roll": "risk", "light": long, "dark": [1]},
                    {"system": long}):
        code, printed = run("resolve", json.dumps(request).encode())
        payload = check_answer(code, printed)
        assert code == 2 and "x" * 81 not in payload["error"], payload


def test_text_that_is_not_ascii_is_printed_as_utf8_whatever_the_locale() -> None:
    request = {"roll": "risk", "ruin": 1, "light": [6], "dark": [], "name": "Ægir Øst 🜏"}
    code, printed = run("resolve", json.dumps(request, ensure_ascii=False).encode())
    assert code == 0 and json.loads(printed.decode("utf-8"))["roll"] == "risk"


def test_parse_request_accepts_a_byte_order_mark_and_plain_text() -> None:
    assert parse_request('\ufeff{"roll": "risk"}'.encode()) == {"roll": "risk"}
    assert parse_request('{"roll": "hunt"}') == {"roll": "hunt"}


# --- the other commands: any argument text (issue 11) ----------------------------------------

# Any text an argument can carry: letters, quotes, digits, controls, NUL, lone surrogates (what a
# badly encoded argument becomes), non-Latin scripts, and long runs.
argument_text = st.text(st.characters(exclude_categories=()), max_size=12) | st.sampled_from([
    "", "-", "--", "x" * 300, "\ud800", "\udcff", "a\x00b", "é🜏", "/", ".", "-1", "0", "999999",
     "1" * 40, "--json", "--help-me"])

# Each command's options taking text (None: a flag) and whether it takes a positional argument.
ARGUMENTS: dict[str, tuple[dict[str, bool], bool]] = {
    "ask": ({"--likelihood": True, "--dread": True, "--seed": True, "--thread": True,
             "--character": True, "--narrate": False, "--json": False}, True),
    "generate": ({"--system": True, "--seed": True, "--n": True, "--json": False,
                  "--table": True}, True),
    "meaning": ({"--system": True, "--seed": True, "--n": True, "--json": False,
                 "--table": True}, False),
    "inspire": ({"--context": True, "--name": True, "--occupation": True, "--place": True,
                 "--n": True, "--json": False, "--seed": True, "--likelihood": True,
                 "--outcome": True, "--severity": True, "--noticed": False, "--line": True,
                 "--veil": True}, True),
    "campaigns": ({"--json": False}, False),
    "export": ({"--format": True, "--force": False, "-o": True}, True),
    "import": ({"--name": True}, True),
    "backup": ({"--force": False}, True),
}
# A campaign the fuzzed commands find: export, backup and import then get past "no such
# campaign" to their other arguments (-o names stay inside the temporary folder).
CAMPAIGN = "CAMPAIGN"


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(ARGUMENTS)))
    options, positional = ARGUMENTS[command]
    words = [command]
    for option in draw(st.lists(st.sampled_from(sorted(options)), max_size=3)):
        words.append(option)
        if options[option]:
            words.append(draw(argument_text))
    if positional or draw(st.booleans()):
        words.extend(draw(st.lists(argument_text | st.sampled_from([CAMPAIGN, "EXPORT"]),
                                   min_size=0, max_size=2)))
    return words


def _inside(words: list[str], campaign: str, export: str) -> list[str]:
    """``CAMPAIGN`` and ``EXPORT`` made real; ``-o`` and backup targets kept in the folder."""
    real = [campaign if w == CAMPAIGN else export if w == "EXPORT" else w for w in words]
    for i, word in enumerate(real[:-1]):
        if word == "-o" or (real[0] == "backup" and i == 2):
            real[i + 1] = "out-" + real[i + 1].replace("/", "_")
    return real


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=command_lines())
@example(words=["ask", "{"])  # readable output once began with the question, so it read as JSON
def test_any_argument_text_answers_or_refuses_in_one_sentence(words: list[str]) -> None:
    home = tempfile.mkdtemp(prefix="oracle-fuzz-")
    sink = io.BytesIO()
    out = io.TextIOWrapper(sink, encoding="ascii")  # a strict locale: UTF-8 must still come out
    here = os.getcwd()
    try:
        os.chdir(home)  # nothing a command writes can land outside the temporary folder
        with mock.patch.dict(os.environ, {"ORACLE_HOME": home, "ORACLE_NARRATOR": "offline"}), \
                contextlib.redirect_stderr(io.StringIO()):
            with Campaign.create("Fuzzed", home=home, events=[
                    {"type": "character_created", "character": {"name": "Mara"}}]) as camp:
                Path(home, "export.json").write_text(camp.export_json(), encoding="utf-8")
                ident = camp.id
            code = main(_inside(words, ident, "export.json"), stdin=io.StringIO(""), out=out)
    finally:
        os.chdir(here)
        shutil.rmtree(home, ignore_errors=True)
    out.flush()
    printed = sink.getvalue()
    assert code in (0, 2), (words, code)
    text = printed.decode("utf-8")  # always valid UTF-8
    if code == 2:
        payload = check_answer(code, printed)
        assert "x" * 81 not in payload["error"], (words, payload)
    elif text.startswith(("{", "[")):
        json.loads(text)  # JSON printed is whole JSON


def test_a_bad_argument_is_one_sentence_on_standard_output_not_a_usage_text() -> None:
    sink = io.BytesIO()
    out = io.TextIOWrapper(sink, encoding="ascii")
    with contextlib.redirect_stderr(io.StringIO()) as err:
        code = main(["inspire", "wrong", "--outcome", "x" * 300], stdin=io.StringIO(""), out=out)
    out.flush()
    payload = check_answer(code, sink.getvalue())
    assert code == 2 and payload["error"].startswith(
        "oracle inspire: argument --outcome: invalid choice: 'xxx")
    assert "x" * 81 not in payload["error"] and err.getvalue() == ""


# --- import: an export changed anywhere (issue 19) ---------------------------------------------

hostile = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(2**62, 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(st.characters(exclude_categories=()), max_size=20)
    | st.sampled_from(["\ud800", "a\x00b", "x" * 200, "", "undo", "note", "ruin_marked", "Mara"]),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8) | st.sampled_from(["type", "seq", "data", "amount"]),
                      children, max_size=4),
    max_leaves=10,
)


def _places(doc: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``doc`` (keys and list indices), the root excluded."""
    found = [at] if at else []
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) \
        else ()
    for key, value in items:
        found += _places(value, (*at, key))
    return found


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), system=st.sampled_from(sorted(SYSTEMS)))
def test_an_export_changed_anywhere_imports_whole_or_is_one_sentence(data: st.DataObject,
                                                                     system: str) -> None:
    home = tempfile.mkdtemp(prefix="oracle-fuzz-")
    try:
        with mock.patch.dict(os.environ, {"ORACLE_HOME": home}):
            with Campaign.create("Fuzzed", system=system, home=home) as camp:
                camp.record({"type": "note", "text": "first"})
                camp.record({"type": "undo", "target": 1})
                doc = json.loads(camp.export_json())
            for _ in range(data.draw(st.integers(1, 3), label="changes")):
                place = data.draw(st.sampled_from(_places(doc)), label="where")
                parent = doc
                for key in place[:-1]:
                    parent = parent[key]
                if data.draw(st.booleans(), label="delete"):
                    del parent[place[-1]]
                else:
                    parent[place[-1]] = data.draw(hostile, label="value")
            before = sorted(os.listdir(Path(home, "campaigns")))
            code, printed = run("import", json.dumps(doc).encode(), ["-"])
            payload = check_answer(code, printed)
            if code == 2:
                assert sorted(os.listdir(Path(home, "campaigns"))) == before  # nothing made
            else:  # what was imported opens, and exports
                from oracle.journal.exports import export

                with Campaign.open(payload["imported"], home=home) as copy:
                    assert export(copy, "markdown").startswith("# ")
    finally:
        shutil.rmtree(home, ignore_errors=True)
