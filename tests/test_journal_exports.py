"""Exports keep the whole story, as data: nothing cut, dice as numbers, no markup from players.

Markdown is rendered by a real Markdown renderer (mistune, with raw HTML, URLs and TeX math
turned on, as the most permissive viewer would) to prove player text stays text. Each system's
JSON export imports back into an identical campaign.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.errors import RequestError
from oracle.journal.campaign import Campaign
from oracle.journal.exports import FORMATS, Lonelog, Markdown, export, md_block, md_escape
from oracle.journal.reading import read_event
from oracle.journal.render import LineRenderer, PlainText, entry_line
from oracle.systems.base import Line

mistune = pytest.importorskip("mistune")
RENDER = mistune.create_markdown(escape=False, plugins=["strikethrough", "math", "url"])

LONG_CONDITION = "Haunted by the bell that rang thirteen times under the black hill"
assert len(LONG_CONDITION) > 60

PLAYED: dict[str, list[dict[str, Any]]] = {
    "trophy": [
        {"type": "character_created", "character": {"name": "Mara", "skills": ["Climb"]}},
        {"type": "scene", "title": "The bell tower"},
        {"type": "risk_rolled", "name": "Mara", "light": [4, 1], "dark": [5],
         "action": "Climb the bell tower"},
        {"type": "narration", "text": "The rope frays.", "narrator": "offline"},
        {"type": "condition_added", "name": "Mara", "condition": LONG_CONDITION},
        {"type": "ruin_rolled", "name": "Mara", "dark": 6},
        {"type": "oracle", "question": "Is anyone watching?", "answer": "Yes", "faces": [6]},
        {"type": "note", "text": "Bell rang twice."},
        {"type": "undo", "target": 6},
    ],
    "die_trying": [
        {"type": "create_character", "name": "Pip",
         "abilities": {"strength": 1, "dexterity": 2, "constitution": 3, "intelligence": 0,
                       "wisdom": -1, "charisma": 1},
         "proficiencies": {"arcana": "expert", "medicine": "trained"}, "talents": {"Spark": 2},
         "equipment": ["torch", "medicine_kit"], "magic_dice": 2},
        {"type": "scene", "title": "The flooded crypt"},
        {"type": "cast", "name": "Pip", "magic": [3, 3], "instability": [], "miscast_d10": 2,
         "action": "Light the drowned lamps"},
        {"type": "note", "text": "Pip smells smoke."},
    ],
    "triptycho": [
        {"type": "join", "name": "Ash", "player": True, "hp": 20, "ep": 15, "wp": 12,
         "deck": 12},
        {"type": "join", "name": "Ogre", "player": False, "hp": 10, "ep": 10, "wp": 10,
         "deck": 8},
        {"type": "scenario_start", "kind": "combat", "tracks": {"Ash": {"power": 1, "skill": 0}}},
        {"type": "initiative", "name": "Ash", "dice": "1d8", "faces": [5],
         "action": "Rush the ogre"},
        {"type": "initiative", "name": "Ogre", "dice": "1d8", "faces": [3]},
        {"type": "note", "text": "The ogre limps."},
    ],
}


@pytest.fixture(params=sorted(PLAYED))
def played(request: pytest.FixtureRequest) -> Iterator[Campaign]:
    with Campaign.create("A night's work", system=request.param, seed=11) as camp:
        for event in PLAYED[request.param]:
            camp.record(event)
        yield camp


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.classes: list[str] = []
        self.hrefs: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.classes += [value or "" for key, value in attrs if key == "class"]
        self.hrefs += [value or "" for key, value in attrs if key in ("href", "src")]

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _html(markdown: str) -> _Tags:
    parser = _Tags()
    parser.feed(RENDER(markdown))
    return parser


OURS = {"h1", "h2", "h3", "p", "ul", "li", "strong", "em", "del", "blockquote", "pre", "code"}


def _inert(rendered: _Tags, allowed: set[str]) -> None:
    """Only our own tags; a bare web address a viewer links by itself is the one exception."""
    assert set(rendered.tags) - {"a"} <= allowed, rendered.tags
    assert all(href.startswith(("http://", "https://")) for href in rendered.hrefs), rendered.hrefs
    assert "math" not in rendered.classes  # no TeX read from the player's dollars


# -- every system: the whole story, round trips -------------------------------------------------


def test_json_export_imports_back_into_an_identical_campaign(played: Campaign) -> None:
    with Campaign.import_json(export(played, "json")) as copy:
        assert copy.id != played.id and copy.system.name == played.system.name
        assert copy.state == played.state and copy.entries == played.entries
        assert copy.settings == played.settings and copy.seed == played.seed
        assert copy.name == f"{played.name} (imported)"  # a name of its own (issue 17, m13)
        title = f"# {played.name}\n"
        assert export(copy, "markdown").replace(f"# {copy.name}\n", title, 1) == export(
            played, "markdown")


def test_every_entry_of_every_system_is_in_the_markdown_in_its_systems_words(
    played: Campaign,
) -> None:
    text = export(played, "markdown")
    for entry in played.entries:
        if entry.type in ("undo", "scene", "narration"):
            continue
        assert Markdown().entry_text(played.system, entry) in text
        plain = played.summary(entry)
        assert plain == PlainText().entry_text(played.system, entry) and plain.strip()


def test_dice_are_numbers_never_python_lists_in_any_export(played: Campaign) -> None:
    for name in FORMATS:
        text = export(played, name)
        assert not re.search(r"\[\d+(, \d+)*\]", text), name


def test_what_the_character_attempts_leads_its_lonelog_roll(played: Campaign) -> None:
    lines = export(played, "lonelog").splitlines()
    action = next(e.data["action"] for e in played.entries if "action" in e.data)
    at = lines.index(f"@ {action}")
    assert lines[at + 1].startswith(("d: ", "=> ")) and action not in lines[at + 1]


# -- nothing cut --------------------------------------------------------------------------------


def test_a_long_condition_is_kept_whole_in_markdown_and_lonelog() -> None:
    with Campaign.create("Long", seed=1) as camp:
        for event in PLAYED["trophy"][:5]:
            camp.record(event)
        assert LONG_CONDITION in export(camp, "markdown").replace("\\", "")
        assert LONG_CONDITION in export(camp, "lonelog")
        assert "condition added" not in export(camp, "lonelog")


def test_the_generic_reading_keeps_long_text_and_writes_faces_as_numbers() -> None:
    reading = read_event({"type": "omen", "name": "Mara", "sign": LONG_CONDITION,
                          "faces": [2, 5], "helpers": [{"name": "Ash", "dice": [3, 4]}]})
    assert f"sign: {LONG_CONDITION}" in reading.line()
    assert "faces 2 5" in reading.line() and "Ash dice 3 4" in reading.line()


# -- player text is data ------------------------------------------------------------------------

HOSTILE = [
    "[x](javascript:alert(1))",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "$x^2$ and $$\\int$$",
    "**bold** _em_ `code` ~~gone~~",
    "# heading",
    "> quote",
    "1. list",
    "- item",
    "| a | b |",
    "&lt;b&gt; stays literal",
    "```\n<b>out of the fence</b>\n```",
    "![img](http://example.com/x.png)",
    "<javascript:alert(1)>",
]


def _hostile_campaign(text: str) -> Campaign:
    camp = Campaign.create("Hostile", seed=1)
    camp.record({"type": "character_created", "character": {"name": "Mara"}})
    camp.record({"type": "scene", "title": text})
    camp.record({"type": "note", "text": text})
    camp.record({"type": "narration", "text": text, "narrator": "offline"})
    camp.record({"type": "condition_added", "name": "Mara", "condition": text})
    camp.record({"type": "oracle", "question": text, "answer": text})
    camp.record({"type": "safety", "lines": [text], "veils": [text]})
    camp.rename(text.replace("\n", " "))
    return camp


@pytest.mark.parametrize("text", HOSTILE)
def test_markdown_keeps_player_text_as_text(text: str) -> None:
    with _hostile_campaign(text) as camp:
        markdown = export(camp, "markdown")
        rendered = _html(markdown)
        _inert(rendered, OURS - {"pre", "code"})  # no link, image, script, HTML or TeX
        visible = "".join(rendered.text)
        for line in text.splitlines():  # and the player's words are all shown, as written
            assert line.strip() in visible


@pytest.mark.parametrize("text", HOSTILE)
def test_lonelog_keeps_player_text_inside_its_fences_and_headings_inert(text: str) -> None:
    with _hostile_campaign(text) as camp:
        lonelog = export(camp, "lonelog")
        body = lonelog.split("---\n", 2)[2]  # after the front matter
        _inert(_html(body), OURS)
        assert "<script" not in body.split("```")[0]  # the headings, before any fence
        heading = next(line for line in lonelog.splitlines() if line.startswith("### S1"))
        assert "<" not in heading and "\n" not in heading


def test_dollar_signs_are_escaped_so_no_viewer_reads_tex() -> None:
    assert md_escape("costs $5 or $6") == "costs \\$5 or \\$6"
    with _hostile_campaign("$x^2$") as camp:
        markdown = export(camp, "markdown")
        assert not re.search(r"(?<!\\)\$", markdown)


@pytest.mark.parametrize(("line", "expected"), [
    ("# a", "\\# a"), ("> a", "\\> a"), ("- a", "\\- a"), ("12. a", "12\\. a"),
    ("3) a", "3\\) a"), ("plain # text", "plain # text"), ("  + a", "  \\+ a"),
])
def test_a_line_cannot_open_a_markdown_block(line: str, expected: str) -> None:
    assert md_block(line) == expected


@settings(max_examples=150, deadline=None)
@given(text=st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")),
                    min_size=1, max_size=40).filter(lambda t: t.strip()))
def test_any_note_renders_as_its_own_words_and_nothing_else(text: str) -> None:
    entry_text = Markdown().line(Line.of("meta", "note: ", text))
    rendered = _html(f"**#1** · {entry_text}")
    assert set(rendered.tags) <= {"p", "strong"}
    assert "math" not in rendered.classes
    assert " ".join(text.split()) in " ".join(html.unescape("".join(rendered.text)).split())


def test_lonelog_front_matter_is_valid_quoted_yaml() -> None:
    with Campaign.create('A "quoted" \\ name', seed=1) as camp:
        front = export(camp, "lonelog").split("---\n")[1]
        assert 'title: "A \\"quoted\\" \\\\ name"' in front
        assert json.loads(front.splitlines()[0].split(": ", 1)[1]) == 'A "quoted" \\ name'


def test_an_unknown_format_is_one_sentence() -> None:
    with Campaign.create("F", seed=1) as camp, pytest.raises(
            RequestError, match="format: 'pdf' is not an export format; use one of"):
        export(camp, "pdf")


def test_lonelog_renderer_is_a_plain_renderer_of_the_same_words() -> None:
    assert Lonelog().said("x") == "“x”" and Markdown().who("Mara") == "**Mara**"


def test_a_new_format_is_one_renderer_over_the_same_words(played: Campaign) -> None:
    class Shouting(LineRenderer):  # d20's Stringifier pattern: override the styles only
        format = "shout"

        def who(self, value: str) -> str:
            return value.upper()

    shouted = Shouting().render(played)
    for entry in played.entries:
        line = entry_line(played.system, entry)
        loud = Line(line.kind, tuple((role, value.upper() if role == "who" else value)
                                     for role, value in line.parts))
        assert Shouting().line(line) == PlainText().line(loud)  # same words, one style changed
        if not entry.undone and entry.type != "undo":
            assert Shouting().line(line) in shouted
