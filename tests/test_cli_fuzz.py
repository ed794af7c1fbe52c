"""Any bytes, any JSON value in any field: the CLI answers or refuses with one sentence (issue 11).

For every command that reads a request, in every system: exit 0 with a result, or exit 2 with
``{"error": "<one sentence>"}``; the output is one line of valid UTF-8 JSON; an error quotes at
most about 80 characters of what it was given. Never a traceback.
"""

from __future__ import annotations

import io
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.cli import main
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


def run(command: str, raw: bytes) -> tuple[int, bytes]:
    stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="latin-1")
    sink = io.BytesIO()
    out = io.TextIOWrapper(sink, encoding="ascii")
    code = main([command], stdin=stdin, out=out)
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
