"""Safety by meaning: lines and veils matched to themes through synonyms, and no narration of any
beat ever shows a line's theme (the 500-narration sweep of every beat under each common line is in
test_narrator_safety_sweep_1.py and _2.py)."""

from __future__ import annotations

import importlib.util
import io
import re
from pathlib import Path
from types import ModuleType

import pytest

from oracle.narrator import BEATS, NarrationContext, OfflineNarrator, Safety
from oracle.narrator.compose import load
from oracle.narrator.safety import THEMES, barred, screen, themes_of
from tests.safety_cases import COMMON_LINES, RESULTS


@pytest.mark.parametrize("line,themes", COMMON_LINES, ids=[c[0] for c in COMMON_LINES])
def test_a_line_in_everyday_words_names_its_themes(line: str, themes: set[str]) -> None:
    assert themes <= themes_of(line)


def test_the_leaks_the_issue_found_are_caught_by_meaning() -> None:
    """A child's voice under "harm to children", a drowned giant under the veil "drowning", a
    many-legged shape dropping sticky strands under the line "spiders"."""
    assert not screen("A child's voice from the well, counting down.",
                      Safety(lines=("harm to children",))).ok
    veiled = screen("A drowned giant lies across the ford.", Safety(veils=("drowning",)))
    assert not veiled.ok and veiled.veils == ("drowning",) and "drown" in veiled.reason
    assert not screen("A many-legged shape drops sticky strands from the canopy.",
                      Safety(lines=("spiders",))).ok
    assert screen("The lantern steadies.", Safety(lines=("spiders",))).ok


def test_a_veil_keeps_its_theme_off_screen_too() -> None:
    safety = Safety(veils=("fire",))
    narrator = OfflineNarrator(seed="veil")
    context = NarrationContext.build(result={"roll": "hunt", "encounter": "present"},
                                     safety=safety, party=["Ash", "Mara"])
    for _ in range(load("encounters_present").size()):
        assert screen(narrator.narrate("encounter", context).text, safety).ok


def test_an_unknown_line_still_keeps_its_own_words_out() -> None:
    safety = Safety(lines=("clowns",))
    assert barred(safety).tags == frozenset() and "clown" in barred(safety).words
    assert not screen("A clown waits at the edge of the clearing.", safety).ok


def test_every_theme_is_known_by_the_tables_and_tagged_parts_are_dealt_out() -> None:
    tagged = {tag for spec in BEATS.values() for table in spec.tables
              for _, parts in load(table).slots for _, part in parts for tag in part.tags}
    assert tagged <= set(THEMES)
    assert {"spiders", "children", "fire", "blood", "body_horror", "animals"} <= tagged


def _bench_lines() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "bench" / "narrative_safety.py"
    spec = importlib.util.spec_from_file_location("bench_narrative_safety", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PLAYER_LINES: list[tuple[str, str, str]] = _bench_lines().PLAYER_LINES
LEAK = _bench_lines().leak


@pytest.mark.parametrize("item,kind,shows", PLAYER_LINES, ids=[p[0] for p in PLAYER_LINES])
def test_player_worded_lines_and_veils_never_leak(item: str, kind: str, shows: str) -> None:
    """Lines as players write them ("flames", "creepy-crawlies", "eight-legged things"), judged
    by hand-written patterns of what a reader would see: 0 leaks over every beat."""
    safety = Safety(lines=(item,)) if kind == "line" else Safety(veils=(item,))
    narrator = OfflineNarrator(seed=f"player-{item}")
    leaks = []
    for beat, result in RESULTS:
        context = NarrationContext.build(result=result, safety=safety, n=2, intent="I look",
                                         characters=[{"name": "Ash"}], party=["Ash", "Mara"])
        for _ in range(40):
            text = narrator.narrate(beat, context).text
            found = LEAK(text, shows)
            if found:
                leaks.append((beat, found, text[:160]))
    assert leaks == []


@pytest.mark.parametrize("item,themes", [
    ("flames", {"fire"}), ("creepy-crawlies", {"insects", "spiders"}),
    ("eight-legged things", {"spiders"}), ("self-harm", {"self_harm"}),
    ("hanging", {"hanging"}), ("Nooses", {"hanging"}), ("gore", {"blood"}),
    ("snakes!", {"snakes"}), ("kids", {"children"}), ("burning", {"fire"}),
])
def test_player_words_map_to_themes_in_their_forms(item: str, themes: set[str]) -> None:
    assert themes <= themes_of(item)


@pytest.mark.parametrize("item,text", [
    ("wolves", "A wolf howls."), ("clowns", "The clown's grin."), ("rats", "Rats in the walls."),
    ("Spinnen", "Spinnen im Keller."), ("lanterns", "The lantern sways."),
])
def test_a_word_no_theme_knows_still_filters_its_forms(item: str, text: str) -> None:
    assert not screen(text, Safety(lines=(item,))).ok


def test_inspire_takes_lines_and_veils() -> None:
    from oracle.cli import main

    for beat in ("encounter", "monster", "wrong"):
        for seed in range(15):
            out = io.StringIO()
            main(["inspire", beat, "--line", "flames", "--veil", "creepy-crawlies", "--seed",
                  str(seed), "--n", "3"], out=out)
            text = out.getvalue()
            assert LEAK(text, PLAYER_LINES[0][2]) is None, text
            assert LEAK(text, PLAYER_LINES[2][2]) is None, text


@pytest.mark.parametrize("text,themes", [
    ("It does not go.", set()), ("The clock's tick gets louder.", set()),
    ("Water ticks into a puddle.", set()), ("The crow flies off; chips fly.", {"animals"}),
    ("Cannot remember their mother's face.", {"body_horror"}),
    ("Not a board creaks.", set()), ("A smell of smoke hangs in the air.", {"fire"}),
    ("The wind is singing.", set()), ("The gate is facing north.", set()),
    ("A smoking brazier.", {"fire"}), ("Two does graze by the ford.", {"animals"}),
    ("Fat flies buzz on the meat.", {"insects"}), ("Swollen ticks in the hound's fur.",
                                                   {"insects", "animals"}),
    ("A noose hangs from the beam.", {"hanging"}), ("The beam rotted through.", {"rot"}),
    ("An eyeless thing.", {"eyes"}), ("Wolves, six of them.", {"animals"}),
    ("The hunters' camp.", {"others"}),
])
def test_a_card_shows_a_theme_in_the_word_s_forms_only(text: str, themes: set[str]) -> None:
    """Item 6: a theme word shows in its inflections (smoke: smoking), never in another word that
    begins with it ("does", "mother", "board", "singing"); an ambiguous form ("fly", "tick",
    "hangs") shows its theme only where the card's other words make it clear."""
    from oracle.narrator.safety import themes_shown

    assert themes_shown(text) == themes


@pytest.mark.parametrize("word", ["smoke", "doe", "fly", "cut", "tick", "hang", "eye", "wolf"])
def test_every_card_holding_a_player_word_or_its_forms_is_filtered(word: str) -> None:
    """A line in any word keeps out every card of every table that holds the word in any form,
    whether or not the word's theme reads it there (an ambiguous "does" still goes under "doe")."""
    import oracle
    from oracle.narrator.compose import allowed
    from oracle.narrator.safety import forms

    rules = barred(Safety(lines=(word,)))
    holding = re.compile(r"\b(?:" + "|".join(map(re.escape, forms(word))) + r")\b", re.IGNORECASE)
    for name in sorted({p.stem for p in Path(oracle.__file__).parent.glob("*/offline/*.txt")}):
        for _, parts in load(name).slots:
            for _, part in parts:
                if holding.search(part.text):
                    assert not allowed(part, rules, False), (word, part.text)


def test_a_player_s_slip_or_adjective_still_names_the_theme() -> None:
    """"spyders", "spidery things", "maggits", "bloody stuff": a letter off in a long word, or
    an adjective of a theme's name, names that theme (issue 16, item 6)."""
    from oracle.narrator.safety import THEMES, themes_of

    missed = []
    for theme in THEMES.values():
        if theme.tag == "others":
            continue
        plain = sorted(n for n in theme.names if n.isalpha() and len(n) >= 6
                       and not n.endswith(("s", "y", "ing", "ed", "e")))
        for name in plain[:6]:
            middle = len(name) // 2
            swapped = name[:middle] + ("a" if name[middle] != "a" else "e") + name[middle + 1:]
            for said in (f"{swapped}s", f"no {name}y things please"):
                if theme.tag not in themes_of(said):
                    missed.append((theme.tag, said))
    assert missed == []


def _slips(word: str) -> set[str]:
    """Every misspelling of ``word`` by one letter dropped or two neighbours swapped (the first
    letter kept), and by one vowel changed."""
    out = {word[:i] + word[i + 1:] for i in range(1, len(word))}
    out |= {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(1, len(word) - 1)}
    out |= {word[:i] + v + word[i + 1:] for i in range(1, len(word)) if word[i] in "aeiou"
            for v in "aeiou" if v != word[i]}
    return out - {word}


def _card_words() -> set[str]:
    import oracle

    words: set[str] = set()
    for path in Path(oracle.__file__).parent.glob("**/offline/*.txt"):
        words |= set(re.findall(r"[a-z]{6,}", path.read_text("utf-8").lower()))
    return words


@pytest.mark.parametrize("line", ["centapedes", "centipeeds", "spidders", "tarantulla",
                                  "skelletons", "stragulation", "sufocation", "cannibles",
                                  "cockroachs", "drownding"])
def test_a_long_word_misspelt_by_one_or_two_letters_still_names_its_theme(line: str) -> None:
    from oracle.narrator.safety import themes_of

    assert themes_of(line), line


def test_a_misspelt_word_no_theme_knows_still_keeps_the_word_meant_out() -> None:
    from oracle.narrator.safety import barred

    rules = barred(Safety(lines=("scarcrows",)))
    assert rules.pattern is not None and rules.pattern.search("A scarecrow turns its head.")


def test_misspellings_of_the_theme_words_are_read_and_those_of_other_card_words_are_not() -> None:
    """Over the card words of six letters or more (every fourth word without a theme, every
    theme word): a slip of a theme's word names its theme for most of them; a slip of another
    card word names a theme for almost none (a slip that is itself another word, "staring" for
    "starting", is read as that word). Measured: 110 of 158 read, 14 of 6,500 false (main
    before: 32 of 194, 37 of 6,420)."""
    from oracle.narrator.misspelt import known
    from oracle.narrator.safety import themes_of

    words = _card_words()
    themed = sorted(w for w in words if themes_of(w))
    plain = sorted(w for w in words if not themes_of(w))[::4]
    read = [(w, s) for w in themed for s in sorted(_slips(w))[:3] if not known(s)]
    caught = [pair for pair in read if themes_of(pair[0]) & themes_of(pair[1])]
    checked = [s for w in plain for s in sorted(_slips(w))[:3] if not known(s)]
    wrong = [s for s in checked if themes_of(s)]
    assert len(caught) >= 0.6 * len(read), (len(caught), len(read))
    assert len(wrong) <= 0.005 * len(checked), (len(wrong), len(checked), wrong[:20])
