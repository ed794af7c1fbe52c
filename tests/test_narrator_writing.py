"""The offline narrator's writing, checked over the whole card set (issue 16, writing quality):
no generic filler, cards dealt by the kind of attempt and where they can happen, a Contest
with no stake taking nothing, Die Trying's checks naming the skill, Triptycho's opposed rolls
told in words rather than its labels."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from oracle.narrator.compose import Part, Table, load

ROOT = Path(__file__).resolve().parents[1] / "oracle"
FOLDERS = (ROOT / "prompts" / "offline", ROOT / "trophy" / "offline",
           ROOT / "die_trying" / "offline", ROOT / "triptycho" / "offline")

# Sentences that could follow any roll anywhere: they say nothing of the attempt, the place or
# the foe (graded "generic filler" by hand in bench/quality_grades.md). Each is a frame: a
# card holding it, in any words around it, is filler.
FILLER = tuple(re.compile(p, re.IGNORECASE) for p in (
    r"air is stiller", r"bill for it has not come", r"in any hurry", r"nothing else happens",
    r"cannot be done again the same way", r"dungeon remembers", r"cost more than it looks",
    r"less like the last", r"rehearsed it", r"as simple as that", r"no doubt about it",
    r"nothing to worry about", r"trouble in the answer", r"nobody asked for",
    r"something close to it", r"nothing bears it out", r"dice feel heavier",
    r"dungeon is patient", r"hands know the work", r"hangs in the air a long time",
    r"comes shorter after that", r"the work knows them", r"keeps the change",
    r"keeps its own counsel", r"small mercies", r"it will matter later", r"cost is not counted",
    r"have to be paid back", r"it will have to", r"but it counts", r"the dark is patient",
    r"ledger gains a line", r"nothing is free here", r"worth doubting", r"real while it does",
    r"the hour passes", r"quiet has edges", r"the right word, at the right moment",
    r"for once, the odds", r"odds, for once", r"the odds bend", r"the scene goes on",
    r"the room goes on", r"some of that will not come back", r"it will ache by evening",
    r"a new stiffness", r"next breath costs", r"count of what is left", r"old songs leave out",
    r"a good sound, in a place", r"a good blow in a bad place", r"worth telling at the inn",
    r"the dungeon gives an inch", r"dungeon (?:seems )?briefly embarrassed",
    r"dungeon does not give many", r"even the dark seems impressed", r"hold on to this one",
    r"time slows, and keeps slowing", r"the cold has teeth", r"something in the balance",
    r"the whole exchange was waiting", r"plain and quick is enough", r"the echo goes on too long",
    r"that is going to leave a mark", r"it was close\.", r"it could still change",
    r"the answer comes without a pause", r"plainly so", r"that much is certain",
    r"nothing about it is hidden", r"so it is, for now", r"as far as anyone here can tell",
    r"^not in the least", r"^plainly not", r"a small damage, and it will grow",
    r"it leaves a mark that will be found", r"something small has changed",
    r"the dark has one more thing to remember", r"only the echo of the try",
    r"the moment is gone", r"silence afterwards is very complete",
))


FOREST = re.compile(r"\b(?:forest|woods|trees?|canopy|clearing|undergrowth|thicket)\b",
                    re.IGNORECASE)


def tables() -> Iterator[Table]:
    """Every offline table a beat deals (pools, ``_*.txt``, come in through their tables)."""
    for folder in FOLDERS:
        for path in sorted(folder.glob("*.txt")):
            if not path.name.startswith("_"):
                yield load(path.stem)


def parts() -> Iterator[tuple[str, Part]]:
    for table in tables():
        for _, slot in table.slots:
            for _, part in slot:
                yield table.name, part


def test_no_card_is_generic_filler() -> None:
    found = [f"{name}: {part.text}" for name, part in parts()
             if any(p.search(part.text) for p in FILLER)]
    assert not found, "\n".join(found)


def _told(request: dict[str, object]) -> str:
    from oracle.dice import SeededDice
    from oracle.narrator import NarrationContext, OfflineNarrator, beat_for_result
    from oracle.systems import find_system

    system = str(request.get("system", "trophy"))
    result = find_system(system).resolve(request, SeededDice(1))
    context = NarrationContext.build(result=result, system=system,
                                     intent=str(request.get("attempt", "")),
                                     characters=[{"name": "Ilse Varro"}],
                                     monster=str(request.get("monster", "")))
    return OfflineNarrator(seed="writing").narrate(beat_for_result(system, result), context).text


def test_a_card_of_a_lid_or_a_hinge_is_dealt_only_for_a_thing_that_opens() -> None:
    from oracle.trophy.telling import attempt_kind

    opened = re.compile(r"\b(?:lid|hinge|shut|open|locked)\b|\bopens,", re.IGNORECASE)
    table = load("risk_open")
    for _, slot in table.slots[1:]:
        for _, part in slot:
            if opened.search(part.text):  # a lid's card is for a lid only (not a chapel door)
                assert part.kinds == ({"lid"} if "lid" in part.text else {"container"}), \
                    part.text
    assert attempt_kind("prise the abbess's ring off her finger") == ("carry", "any")
    assert attempt_kind("pry the sword from the rusted rack") == ("carry", "any")
    assert attempt_kind("break the seal on the pantry door") == ("open", "door")
    assert attempt_kind("force the lock") == ("open", "container")
    assert attempt_kind("pry open the reliquary") == ("open", "lid")
    assert attempt_kind("heave the stone aside") == ("open", "loose")


def test_coaxing_a_thing_is_not_talking_a_person_round() -> None:
    from oracle.trophy.telling import attempt_kind

    assert attempt_kind("coax the well-rope up without a sound") == ("persuade", "thing")
    assert attempt_kind("talk the gatekeeper round") == ("persuade", "person")
    assert attempt_kind("coax the Abbot", ("the Abbot",)) == ("persuade", "person")
    cards = [part for name, slot in load("risk_persuade").slots if name == "body"
             for _, part in slot]
    worded = [p for p in cards if re.search(r"\b(?:word|words|trick|listening|fashion)\b", p.text)]
    assert worded and all("person" in p.kinds for p in worded)


@pytest.mark.parametrize("place,away", [
    ("the sunken stair", "outdoors"), ("the shepherd's hut", "outdoors"),
    ("the burned chapel", "outdoors"), ("the market of masks", "wild"),
    ("the clocktower of Sankt Veil", "outdoors"), ("the goblin warrens", "outdoors"),
    ("the lich's larder", "outdoors"), ("the misty moor", "town"), ("the black mere", "indoors"),
    ("the frozen millpond", "indoors"),
])
def test_the_place_keeps_out_the_scenery_it_cannot_hold(place: str, away: str) -> None:
    from oracle.narrator.compose import elsewhere

    assert away in elsewhere(place)


@pytest.mark.parametrize("text,where", [
    ("An avalanche of rotten logs comes thundering down the gully.", "outdoors"),
    ("Every crow on the ridge lifts at once, shouting the news.", "wild"),
    ("There is writing on the underside of the bridge.", "outdoors"),
    ("The village well-water tastes of pennies and smoke.", "outdoors"),
    ("Shutters bang all down the street.", "town"),
])
def test_a_card_carries_where_it_can_happen(text: str, where: str) -> None:
    assert where in Part(text, frozenset()).where


def test_every_card_naming_open_country_or_a_street_is_kept_from_places_without_it() -> None:
    """Tagging is complete: a card that names a gully, a ridge, a bridge, a village or a
    street carries that scenery (unless it is a mark on the body, dealt anywhere)."""
    named = re.compile(r"\b(?:gull(?:y|ies)|ridges?|crags?|bridges?|village|streets?|"
                       r"market|moor)\b", re.IGNORECASE)
    untagged = [f"{name}: {part.text}" for name, part in parts()
                if named.search(part.text) and not part.anywhere and not part.where]
    assert not untagged, "\n".join(untagged)


@pytest.mark.parametrize("question,kind", [
    ("Is the bridge still standing?", "way"), ("Does the hermit lie to us?", "someone"),
    ("Is anyone home?", "someone"), ("Can the door be opened from this side?", "way"),
    ("Will it rain before nightfall?", "hour"), ("Is the treasure cursed?", "thing"),
    ("Is the ale poisoned?", "thing"), ("Are the bells ringing for us?", "hour"),
    ("Did the clerk see my face?", "someone"), ("who lit the fire here?", "someone"),
])
def test_an_asked_question_gets_a_sign_about_what_it_asks(question: str, kind: str) -> None:
    from oracle.narrator.telling import question_kind

    assert question_kind(question) == kind
    for system in ("oracle_omens", "oracle_omens_trophy", "oracle_omens_die_trying",
                   "oracle_omens_triptycho"):
        made = [p for _, slot in load(system).slots for _, p in slot if kind in p.kinds]
        assert len(made) >= 2, (system, kind)


@pytest.mark.parametrize("system", ["die_trying", "triptycho"])
def test_a_question_asked_of_no_scene_names_no_place_and_no_forest(system: str) -> None:
    from oracle.narrator import NarrationContext, OfflineNarrator
    from oracle.narrator.base import unnamed
    narrator = OfflineNarrator(seed="no-scene")
    default = unnamed(system)[2]
    for index in range(60):
        context = NarrationContext.build(result={"roll": "oracle", "answer": "yes"},
                                         system=system, question=f"Is it so, number {index}?")
        text = narrator.narrate("oracle", context).text
        assert default not in text and not FOREST.search(text), text


def test_a_contest_with_no_stake_takes_nothing() -> None:
    text = _told({"roll": "contest", "participants": [
        {"name": "Ilse Varro", "ruin": 1, "light": [6], "dark": [1]},
        {"name": "Bertil", "ruin": 1, "light": [2], "dark": [1]}]})
    assert "takes it" not in text and "at stake" not in text and "comes out ahead" in text


@pytest.mark.parametrize("scenario", ["combat", "exploration", "interaction"])
def test_triptycho_tells_an_opposed_roll_in_words_not_labels(scenario: str) -> None:
    for action, reaction in (([6, 6], [2]), ([1, 1], [8])):
        text = _told({"system": "triptycho", "roll": "opposed", "scenario": scenario,
                      "action": action, "reaction": reaction, "attempt": "try it"})
        assert not re.search(r"\((?:hit|miss|inflict|endure|argue|rebuttal)\)|The action|"
                             r"The reaction", text), text


def test_a_die_trying_check_names_its_skill_or_ability() -> None:
    text = _told({"system": "die_trying", "roll": "check", "kind": "save", "skill": "dexterity",
                  "d10": 8, "modifier": 1, "dc": 5, "attempt": "keep footing as the floor tilts"})
    assert "the Dexterity save" in text and "poison" not in text
    text = _told({"system": "die_trying", "roll": "check", "skill": "athletics", "d10": 8,
                  "modifier": 1, "dc": 5})
    assert "Athletics check succeeds" in text


def test_a_wading_is_not_told_as_a_climb_nor_a_climb_as_a_wading() -> None:
    from oracle.trophy.telling import attempt_kind

    assert attempt_kind("wade across to the far landing") == ("reach", "water")
    assert attempt_kind("Can I climb the bell tower?") == ("reach", "climb")
    climbing = re.compile(r"\b(?:ledge|top|hold|foothold|handhold|climb)\b", re.IGNORECASE)
    for _, slot in load("risk_reach").slots[1:]:
        for _, part in slot:
            if climbing.search(part.text):
                assert part.fits("climb") and not part.fits("water"), part.text


NAMES = ["the stranger", "a hooded woman", "Ash", "Mara Vell", "the Antlered Man", "an old rival",
         "Brother Oswin", "the ferryman's daughter"]


@pytest.mark.parametrize("staked", [True, False])
def test_a_contest_names_everyone_as_the_table_did_and_starts_each_sentence_with_a_capital(
        staked: bool) -> None:
    """"the stranger takes it over Wenna" starts a sentence in lower case, and "the stranger"
    said again is never shortened to "the"."""
    import itertools

    from oracle.trophy.telling import contest

    for one, two in itertools.permutations(NAMES, 2):
        for winner in (one, two, None):
            result = {"winner": winner, "participants": [
                {"name": one, "ruin_marked": 1, "ruin_before": 1, "ruin_after": 2},
                {"name": two, "ruin_marked": 1, "ruin_before": 2, "ruin_after": 3}]}
            text = contest(result, staked)
            starts = re.findall(r"(?:^|[.!?]\s+)(\w+)", text)
            assert all(word[:1].isupper() or word[:1].isdigit() for word in starts), text
            assert not re.search(r"\b(?:the|a|an) (?:pays|wins|takes|comes)\b", text,
                                 re.IGNORECASE), text


@pytest.mark.parametrize("dark", [[4, 2], [4, 4], [2, 4], [4, 6]])
@pytest.mark.parametrize("endurance", [3, 7, 12])
def test_a_character_lost_in_combat_hands_the_choice_to_the_player(
        dark: list[int], endurance: int, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """Ruin 6 from a Weak Point in combat: lost, and the player says what becomes of them, as
    the lost beat says it (issue 16, item 4)."""
    import io
    import json

    from oracle.cli import main

    monkeypatch.setenv("ORACLE_NARRATOR", "offline")
    monkeypatch.setenv("ORACLE_HOME", str(tmp_path))
    for seed in range(4):
        out = io.StringIO()
        main(["resolve", "--narrate"], stdin=io.StringIO(json.dumps({
            "roll": "combat", "endurance": endurance, "dark": dark, "seed": seed,
            "characters": [{"name": "Wenna Holt", "ruin": 5, "weak_points": [4],
                            "armor": False}]})), out=out)
        answer = json.loads(out.getvalue())
        assert answer["characters"][0]["lost"] is True
        assert "Wenna's player" in answer["narration"]["text"] or \
            "Wenna Holt's player" in answer["narration"]["text"], answer["narration"]["text"]
