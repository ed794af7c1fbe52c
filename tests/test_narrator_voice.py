"""Each system in its own voice, true in every detail: every Die Trying attack and check says hit
or miss, the degree, the damage and to whom, in a dungeon's words and never as the result's
keys; a Triptycho defeat names the defeated, not the one who struck; no forest outside Trophy;
a Risk Roll never announces a Ruin Roll that does not follow."""

from __future__ import annotations

import re
from typing import Any

import pytest

from oracle.dice import SeededDice
from oracle.narrator import NarrationContext, OfflineNarrator, beat_for_result
from oracle.systems import find_system

KEY_DUMP = re.compile(r"\b\w+: [^;.]{1,30}; \w+: |\bsystem: |_")
FOREST = re.compile(r"\b(?:forest|woods|trees?|canopy|clearing|bark|moss|branch(?:es)?|leaf|"
                    r"undergrowth|thicket|boughs?)\b", re.IGNORECASE)


def _voice(system: str, request: dict[str, Any], seed: int = 1, **context: Any
           ) -> tuple[dict[str, Any], str]:
    result = dict(find_system(system).resolve({**request, "system": system}, SeededDice(seed)))
    built = NarrationContext.build(result=result, system=system,
                                   characters=[{"name": "Pip Thorne"}], **context)
    text = OfflineNarrator(seed=seed).narrate(beat_for_result(system, result), built).text
    return result, text


@pytest.mark.parametrize("d10", range(1, 11))
@pytest.mark.parametrize("damage_d6", [1, 6])
def test_every_die_trying_attack_says_hit_or_miss_the_damage_and_to_whom(
        d10: int, damage_d6: int) -> None:
    result, text = _voice("die_trying", {"roll": "attack", "ac": 7, "d10": d10, "modifier": 1,
                                         "damage_d6": damage_d6},
                          monster="the Drowned Abbot", place="the flooded nave")
    assert not KEY_DUMP.search(text) and not FOREST.search(text), text
    if result["hit"]:
        assert re.search(r"\bA (?:critical )?hit\b", text), text
        assert f"{result['damage']} damage to the Drowned Abbot" in text
    else:
        assert "A miss" in text and "the Drowned Abbot takes nothing" in text, text
    assert f"{result['total']} against AC 7" in text


@pytest.mark.parametrize("d10", range(1, 11))
@pytest.mark.parametrize("kind", ["skill", "save", "attack"])
def test_every_die_trying_check_says_its_degree_in_words(d10: int, kind: str) -> None:
    result, text = _voice("die_trying", {"roll": "check", "kind": kind, "d10": d10,
                                         "modifier": 0, "dc": 6}, monster="the rat king")
    assert not KEY_DUMP.search(text) and not FOREST.search(text), text
    if kind == "attack":
        assert ("A hit on the rat king" in text) is bool(result["succeeded"]), text
    else:
        assert re.search(r"\b(?:succeeds|fails)\b", text), text
        assert ("fails" in text) is (not result["succeeded"]), text


@pytest.mark.parametrize("request_", [
    {"roll": "spell", "magic": [2, 5], "instability": [4], "miscast_d10": 3},
    {"roll": "dodge", "ac": 5},
    {"roll": "dash"},
])
def test_other_die_trying_rolls_are_words_not_keys(request_: dict[str, Any]) -> None:
    _, text = _voice("die_trying", request_)
    assert not KEY_DUMP.search(text) and not FOREST.search(text), text


@pytest.mark.parametrize("seed", range(12))
def test_a_triptycho_defeat_names_the_defeated_never_the_striker(seed: int) -> None:
    result, text = _voice("triptycho", {"roll": "attack", "action": [6, 6], "reaction": [1],
                                        "damage": [6, 5], "defense": [1], "points": 2},
                          seed=seed, monster="the Drowned Abbot")
    assert result["defeated"] is True
    assert "The Drowned Abbot is defeated" in text, text
    assert not re.search(r"Pip\b[^.]*\b(?:staggers|folds|is down|defeated|out of)", text), text
    assert not FOREST.search(text)


def test_a_named_target_is_the_one_defeated() -> None:
    result = dict(find_system("triptycho").resolve(
        {"roll": "damage", "damage": [6, 6], "defense": [1], "points": 3,
         "system": "triptycho"}, SeededDice(1)))
    context = NarrationContext.build(result={**result, "target": "Orla", "attacker": "Pip"},
                                     system="triptycho", characters=[{"name": "Pip"}],
                                     monster="the Drowned Abbot")
    text = OfflineNarrator(seed=2).narrate("defeat", context).text
    assert "Orla is defeated" in text and "Abbot" not in text, text


def test_triptycho_damage_says_how_much_and_to_whom() -> None:
    result, text = _voice("triptycho", {"roll": "damage", "damage": [5, 2], "defense": [3]},
                          monster="the Drowned Abbot")
    assert f"{result['dealt']} damage gets through to the Drowned Abbot" in text
    _, held = _voice("triptycho", {"roll": "damage", "damage": [1, 1], "defense": [4]},
                     monster="the Drowned Abbot")
    assert "Nothing gets through to the Drowned Abbot" in held


@pytest.mark.parametrize("light,dark,ruin", [([2], [5], 3), ([2], [6], 5), ([6], [1], 2),
                                             ([3], [3], 1), ([1], [4], 4)])
def test_no_risk_roll_announces_a_ruin_roll_that_does_not_follow(
        light: list[int], dark: list[int], ruin: int) -> None:
    """SRD 1.2: a dark die at or above the highest light die already is the Ruin Roll."""
    result, text = _voice("trophy", {"roll": "risk", "ruin": ruin, "light": light,
                                     "dark": dark}, intent="I climb")
    assert "Ruin Roll follows" not in text
    stood = "stood as the Ruin Roll" in text
    assert stood is bool(result["ruin_roll"] and not result["lost"] and not result["dies"])


OUTDOORS = re.compile(r"\b(?:canopy|clearing|sky|skies|sun|sunlight|moon|stars|meadow|field|"
                      r"hillside|horizon|forest|woods|trees?|undergrowth|thicket|birdsong)\b",
                      re.IGNORECASE)


@pytest.mark.parametrize("place", ["the flooded nave", "the bone crypt", "a cellar"])
def test_no_card_contradicts_an_indoor_place(place: str) -> None:
    """Scenery follows the place: under a roof, no sky, no trees, no clearing, in any beat."""
    from oracle.narrator import BEATS

    narrator = OfflineNarrator(seed=f"place-{place}")
    for beat, spec in BEATS.items():
        context = NarrationContext.build(result=dict(spec.example), place=place, n=3,
                                         characters=[{"name": "Ash"}], party=["Ash", "Bo"])
        for _ in range(30):
            text = narrator.narrate(beat, context).text
            if beat == "condition":  # the listed conditions are marks carried anywhere
                text = "\n".join(line for line in text.splitlines() if not line.startswith("- "))
            assert not OUTDOORS.search(text), (beat, text)


def test_the_place_kinds_read_from_its_words() -> None:
    from oracle.narrator.compose import elsewhere

    assert elsewhere("the flooded nave") == {"outdoors", "wild"}  # no sky, no fox or heather
    assert elsewhere("the misty moor") == {"indoors", "town", "built", "furnished"}  # no roof, street, door
    assert elsewhere("the crypt under the forest") == {"town"}
    assert elsewhere("somewhere strange") == frozenset()


def _all_parts() -> list[tuple[str, Any]]:
    from pathlib import Path

    import oracle
    from oracle.narrator.compose import load

    root = Path(oracle.__file__).parent
    names = sorted({p.stem for p in root.glob("*/offline/*.txt")})
    return [(name, part) for name in names for _, parts in load(name).slots
            for _, part in parts]


DECIDES = re.compile(
    r"\{\{ ?[Nn]ame ?\}\}(?:'s)? (?:\w+ )?(?:feels?|decides?|chooses?|thinks?|believes?|"
    r"wants?|hopes?|fears?|knows?|reali[sz]es?|remembers?|smiles?|laughs?|weeps?|cries|"
    r"screams?|flinch\w*|hesitat\w*|refuses?|agrees?|grins?|sighs?|trembles?|panics?|"
    r"regrets?|wonders?|resolves?|swears?|curses?|forgets?|loves?|hates?|cannot help but|"
    r"cannot look away|can't stop|gives everything|will tell|is (?:afraid|sure|glad|"
    r"relieved|ashamed|terrified))\b", re.IGNORECASE)
# Someone present and acting implies others; a trace ("someone has carved"), a future ("someone
# will come") or anyone at all ("as far as anyone can tell") does not; nor does "watching".
# What the character tells themselves, turns from, stops being sure of, wanted or meant, and
# the "something in them" that recognises: inner life and acts the dice did not settle.
DECIDES_INSIDE = re.compile(
    r"\{\{ ?[Nn]ame ?\}\}(?:'s)? (?:\w+ )?(?:turns? away|tells? (?:themsel\w+|himself|"
    r"herself)|(?:has )?stopped being|sleeps? lighter|recogni[sz]es?|tries to|sits down|"
    r"lets go|wanted|meant|will not remember|moves before thinking|pretends?|convinces?|"
    r"stitches|talks? (?:themsel\w+|himself|herself))|\b(?:something|a part|some part) "
    r"(?:dark |old |cold |small )?in "
    r"\{\{ ?name ?\}\}(?!'s)|which sounds are real|what they were thinking|"
    r"\b(?:themselves|himself|herself) (?:a|that|it)\b|\{\{ ?[Nn]ame ?\}\} (?:cannot|can't) "
    r"(?:say|tell|remember)|\bnone of the (?:doubt|fear|hesitation)\b|"
    # a body told how it feels about the story: "hands will shake at the memory", "the weight
    # on Ash's chest eases"
    r"\b(?:hands?|knees?|voice) will (?:shake|tremble|give)|\bweight on \{\{ ?name ?\}\}'s "
    r"(?:chest|heart|shoulders) (?:eases|lifts|lightens)|\{\{ ?name ?\}\}'s heart "
    r"(?:sinks|races|lifts|leaps|breaks)", re.IGNORECASE)
PEOPLE = re.compile(r"\b(?:companions?|the others|the party|the hunters|everyone|everybody|"
                    r"the players|no one else|nobody else|anyone else|someone else|everyone else|friends?|each other|"
                    r"the group|the rest of them|crowd|onlookers|side by side|all of you|"
                    r"both of you|(?:stand|fight|work|press)(?:s|es)? together)\b",
                    re.IGNORECASE)
# a stranger met, or nobody at all, is not company: these stay untagged, so solo deals them
STRANGERS = ["Someone has nailed horseshoes around the window frames, points down.",
             "The lock is old but well oiled; someone still comes here.",
             "For a heartbeat, nobody moves.", "It leaves a mark where no one can see it.",
             "{{ Name }} holds together. Barely.", "A rat watches from a crack in the wall."]


def test_only_company_is_tagged_others() -> None:
    """Item 3: the tag marks others at the character's side, not a stranger met or nobody at
    all, so a solo game is dealt every card that fits it."""
    from oracle.narrator.compose import tags_shown

    for text in STRANGERS:
        assert "others" not in tags_shown(text), text
    for text in ("No one else seems to notice.", "It goes down, and the players tell how.",
                 "Everyone in the cellar turns.", "A companion's shadow has horns."):
        assert "others" in tags_shown(text), text


def test_no_card_decides_for_the_character_and_every_card_with_people_is_tagged() -> None:
    """Item 3 over the whole card set: no feeling, belief, choice or act of the character that
    the dice did not settle; every card implying other people carries ``others`` (skipped in a
    solo game)."""
    parts = _all_parts()
    assert len(parts) > 900
    assert [(n, p.text) for n, p in parts
            if DECIDES.search(p.text) or DECIDES_INSIDE.search(p.text)] == []
    assert [(n, p.text) for n, p in parts
            if PEOPLE.search(p.text) and "others" not in p.tags] == []


def test_an_evening_has_no_echoes() -> None:
    """Item 5: no sentence of five words or more comes back within the last 40 narrations of a
    40-roll campaign (the line of settled facts aside), in each system, twelve campaigns each,
    solo and with a party, under a roof, outdoors and anywhere."""
    from bench import narrative_table as table

    places = ("", "the flooded nave", "a cellar", "the misty moor", "the bone crypt")
    for system in ("trophy", "die_trying", "triptycho"):
        for seed in range(1, 13):
            place, solo = places[seed % len(places)], seed % 2 == 0
            figures = table.Figures()
            table.campaign(system, seed, place, solo, figures)
            assert figures.values["reused"].split()[-1] == "0", (system, seed, figures.values)

@pytest.mark.parametrize("intent,kind", [
    ("I climb down slowly", "climb"), ("I pick the lock", "lock"), ("I force the door", "force"),
    ("I pry open the reliquary", "force"), ("I sneak past the guard room", "sneak"),
    ("I hide under the altar", "sneak"), ("I talk my way past the ferryman", "talk"),
    ("I bargain with the hermit", "talk"), ("I search the crypt", "search"),
    ("I follow the tracks", "search"), ("I read the runes", "lore"),
    ("I cross the river", "climb"), ("", "any"), ("I wait", "any"),
])
def test_a_die_trying_check_opens_with_what_was_tried(intent: str, kind: str) -> None:
    """Item 2: the first sentence of an ordinary Die Trying check fits the attempt (a climb is
    told as a climb, never as a catch that will not move), for either degree."""
    from oracle.die_trying.narration import attempt
    from oracle.narrator.compose import load

    assert attempt(intent, {"kind": "skill"}) == kind
    table = load("dt_checks")
    for d10, degree in ((9, "success"), (2, "failure")):
        result = find_system("die_trying").resolve(
            {"roll": "check", "system": "die_trying", "d10": d10, "modifier": 0, "dc": 5},
            SeededDice(1))
        bodies = {p.text for p in table.options(f"{kind}_{degree}")[0]}
        narrator = OfflineNarrator(seed=f"attempt-{intent}")
        for _ in range(12):
            context = NarrationContext.build(result=result, system="die_trying", intent=intent,
                                             characters=[{"name": "Ash"}], place="a cellar")
            text = narrator.narrate("roll", context).text
            assert any(text.startswith(body) for body in bodies), (intent, degree, text)


def test_a_die_trying_save_or_skill_keys_the_card_when_the_intent_does_not() -> None:
    from oracle.die_trying.narration import attempt

    assert attempt("I climb", {"kind": "save"}) == "save"
    assert attempt("", {"kind": "skill", "skill": "stealth"}) == "sneak"
    assert attempt("I do the thing", {"skill": "thievery"}) == "lock"
    assert attempt("", {}) == "any"
