"""The journal as a player reads it (issue 17, polish): numbers without gaps, sentences a
player would write in a log, names and places keeping their own capitals. Driven in-process
through ``app_driver`` hooks."""

from __future__ import annotations

import re
from typing import Any, cast

from oracle.app import build
from oracle.app.shell import OracleApp
from oracle.app.trophy.moves import trophy_moves
from oracle.journal.exports import export
from tests.app_driver import click, fill, read, triptycho_attack


def quick() -> OracleApp:
    app = build()
    click(app.start, "oracle-quickstart")
    fill(app.view("Risk"), "oracle-intent", "")
    return app


def journal(app: OracleApp) -> str:
    app.session.narration.wait()
    app.refresh()
    return str(read(app.journal, "oracle-journal-entries"))


def shown_numbers(markup: str) -> list[int]:
    return [int(n) for n in re.findall(r'<span class="when">#(\d+)</span>', markup)]


def risk(app: OracleApp, action: str) -> None:
    view = app.view("Risk")
    fill(view, "oracle-intent", action)
    click(view, "oracle-risk-roll")
    assert read(view, "oracle-roll-error") == ""
    app.session.narration.wait()  # the player reads the narration before the next click


# -- 1: numbering has no gaps a player can see ------------------------------------------------

def test_the_journal_numbers_what_it_shows_1_to_n_through_undo_redo_and_the_x_card() -> None:
    app = quick()  # Quick start writes preferences, which the journal never shows
    risk(app, "I pry open the reliquary")
    risk(app, "I climb the bell rope")
    click(app.journal, "oracle-undo")
    risk(app, "I wade the nave")
    click(app.journal, "oracle-undo")
    click(app.journal, "oracle-redo")
    journal(app)
    click(app.journal, "oracle-x-card")
    markup = journal(app)
    numbers = shown_numbers(markup)
    assert numbers == list(range(1, len(numbers) + 1)), numbers
    campaign = app.session.require()
    assert any(e.type in ("undo", "preference") for e in campaign.entries)  # hidden ones exist
    # undo and redo addressed the right moves: the bell rope is undone, the nave stands
    rows = {e.data.get("action"): e for e in campaign.entries if e.data.get("action")}
    assert rows["I climb the bell rope"].undone and not rows["I wade the nave"].undone
    # the X-card names the narration it struck by the number the journal shows it under
    struck = next(e for e in campaign.entries if e.struck)
    assert f"The X-card struck narration #{struck.number}." in markup
    assert f'data-seq="{struck.seq}"><span class="when">#{struck.number}</span>' in markup


def test_the_exports_number_entries_as_the_journal_shows_them() -> None:
    app = quick()
    risk(app, "I pry open the reliquary")
    risk(app, "I climb the bell rope")
    click(app.journal, "oracle-undo")
    journal(app)
    campaign = app.session.require()
    text = export(campaign, "markdown")
    numbers = [int(n) for n in re.findall(r"\*\*#(\d+)\*\*", text)]
    # every entry the journal numbers is numbered in the export, scenes and narration too: a
    # reader never sees "#24" then "#26" (the evening's export skipped each narration's number)
    shown = [e.number for e in campaign.entries if e.number]
    assert numbers == shown == list(range(1, len(shown) + 1))
    assert re.search(r"^### The forest's edge\n\n\*\*#\d+\*\* \*a new scene\*$", text, re.MULTILINE)
    assert "undone by" not in text and "*(undone)*" in text
    count = sum(1 for e in campaign.entries if e.number)
    assert f"- Entries: {count} (" in text
    plain = export(campaign, "text")
    assert [int(n) for n in re.findall(r"^#(\d+) ", plain, re.MULTILINE)] == [
        e.number for e in campaign.entries if e.number and e.type not in ("undo", "preference")]


def test_a_moved_place_reads_as_a_sentence() -> None:
    app = quick()
    moves = trophy_moves(app.session)
    app.session.set_story(place="the flooded nave")
    assert moves.characters()
    markup = journal(app)
    assert "The story moves to the flooded nave." in markup
    assert "Story:" not in markup and "place:" not in markup
    text = export(app.session.require(), "markdown")
    assert "The story moves to the flooded nave." in text and "story: place" not in text


# -- 2/3: every line a player reads is a sentence of a log, capitals where they belong -------

RAW = [
    (re.compile(r"\(s\)"), "a plural written as (s)"),
    (re.compile(r"\w_\w"), "an internal name with an underscore"),
    (re.compile(r" -> "), "an ASCII arrow"),
    (re.compile(r"[a-z,;] (?:The|A|An) "), "an article capitalised mid-sentence"),
    (re.compile(r"^[a-z]"), "a line starting in lower case"),
    (re.compile(r"\b(?:place|join|injury|story|note|safety|preference): "),
     "a field name for a label"),
    (re.compile(r"roll is settled|Take the die", re.IGNORECASE), "words of the machinery"),
]


def text_lines(markup: str) -> list[str]:
    """Each entry (or fact) of a piece of the page as the text a player reads."""
    import html

    rows = re.split(r"</div>|</li>|<br>", markup)
    out = []
    for row in rows:
        words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", row)).split())
        words = re.sub(r"^#\d+ ", "", words)
        if words and words != "The story so far":
            out.append(words.removeprefix("The story so far "))
    return out


def raw_lines(lines: list[str]) -> list[tuple[str, str]]:
    return [(why, line) for line in lines for pattern, why in RAW if pattern.search(line)]


def everything_read(app: OracleApp) -> list[str]:
    markup = journal(app)
    return text_lines(markup) + text_lines(str(read(app.journal, "oracle-story")))


def play_trophy() -> OracleApp:
    app = quick()
    fill(app, "oracle-physical", True)
    moves = trophy_moves(app.session)
    moves.add_character({"name": "Mara", "occupation": "Priest", "armor": ["Helm", "Shield"],
                         "starting_ruin": 3})
    app.refresh()
    hero = moves.characters()[0].name
    fill(app.side, "oracle-active", "Mara")
    view = app.view("Risk")
    fill(view, "oracle-intent", "I pry open the reliquary")
    fill(view, "oracle-wrong", "the lid bites")
    fill(view, "oracle-light-faces", "2")
    click(view, "oracle-risk-roll")
    fill(view, "oracle-push-light-faces", "3")
    fill(view, "oracle-push-dark-faces", "5")
    click(view, "oracle-push")
    click(view, "oracle-accept")
    fill(view, "oracle-intent", "I bargain with the bell")
    fill(view, "oracle-bargain-toggle", True)
    fill(view, "oracle-bargain-text", "Take the die, and the bell remembers your name")
    fill(view, "oracle-light-faces", "6 1")
    click(view, "oracle-risk-roll")
    click(view, "oracle-accept")
    hunt = app.view("Hunt")
    fill(hunt, "oracle-hunt-intent", "the forest's edge")
    fill(hunt, "oracle-hunt-faces", "4")
    click(hunt, "oracle-hunt-roll")
    click(hunt, "oracle-spend-treasure")
    ruin = app.view("Ruin")
    fill(ruin, "oracle-ruin-face", "6")
    fill(ruin, "oracle-ruin-reason", "the bell tolls")
    click(ruin, "oracle-ruin-roll")
    fill(ruin, "oracle-reduction-face", "2")
    click(ruin, "oracle-reduction-roll")
    combat = app.view("Combat")
    fill(combat, "oracle-monster", "The Drowned Choir")
    fill(combat, "oracle-endurance", 7)
    fill(combat, "oracle-fighters", ("Mara", hero))
    fill(combat, "oracle-weak-faces", "5 3")
    click(combat, "oracle-combat-start")
    fill(combat, "oracle-combat-faces", "6 2")
    click(combat, "oracle-combat-roll")
    incursion = app.view("Incursion")
    click(incursion, "oracle-incursion-generate")
    click(incursion, "oracle-incursion-start")
    click(incursion, "oracle-day")
    click(incursion, "oracle-goal-reached")
    click(incursion, "oracle-collect-gold")
    click(incursion, "oracle-incursion-town")
    app.session.set_story(place="The flooded nave")
    fill(app, "oracle-physical", False)  # the oracle rolls its own dice now
    oracle = app.oracle
    fill(oracle, "oracle-question", "Is the ferryman alive?")
    click(oracle, "oracle-ask")
    click(oracle, "oracle-scene-end")
    click(oracle, "oracle-meaning-draw")
    fill(app.journal, "oracle-note", "remember the bell")
    click(app.journal, "oracle-add-note")
    click(app.journal, "oracle-x-card")
    return app


def test_every_trophy_line_and_story_fact_reads_as_a_log_sentence() -> None:
    app = play_trophy()
    lines = everything_read(app)
    assert len(lines) > 25
    assert raw_lines(lines) == []
    text = "\n".join(lines)
    for said in ("Mara lets the roll stand", "danger, at a distance · Hunt Tokens 0 → 1",
                 "Mara spends 1 Hunt Token on a treasure worth 1 Gold",
                 "A fight begins against the Drowned Choir", "The story moves to the flooded nave",
                 "Is the ferryman alive?", "The scene ends.",
                 "Meaning drawn from the", "Note: remember the bell"):
        assert said in text, said
    exported = export(app.session.require(), "markdown").splitlines()
    shown = [re.sub(r"^(?:\*\*#\d+\*\* [\d-]+ [\d:]+ · |> |- )", "", line) for line in exported
             if line.startswith(("**#", "> ", "- ")) and not line.startswith("- System")]
    assert raw_lines([line for line in shown if not line.startswith(("- Created", "- Seed"))
                      ]) == []


# -- 4: a bargain is journalled as what was accepted, not as it was offered -----------------

def test_an_offered_bargain_is_recorded_and_shown_as_accepted() -> None:
    app = play_trophy()
    campaign = app.session.require()
    bargain = next(e.data["bargain"] for e in campaign.entries if e.data.get("bargain"))
    assert bargain["text"] == "the bell remembers your name"
    lines = "\n".join(everything_read(app))
    assert "Devil's Bargain accepted: the bell remembers your name" in lines
    assert "Mara owes a Devil's Bargain: “the bell remembers your name”." in lines
    assert "Take the die" not in lines
    from oracle.trophy.words import accepted, journal_line

    old = {"type": "risk_rolled", "name": "Ash", "light": [5], "dark": [],
           "bargain": {"text": "Take the die, and a companion is caught in the backlash."}}
    assert "accepted: a companion is caught in the backlash." in journal_line(
        old, {"outcome": "success"}).plain()
    assert accepted("The lantern goes out") == "The lantern goes out"
    assert accepted("take the dark die: the rope frays") == "the rope frays"


# -- 2: names and table entries mid-sentence ----------------------------------------------------

def test_an_article_starts_a_sentence_only_at_its_start_and_names_keep_their_capitals() -> None:
    from oracle.narrator.weave import in_sentence as narrator_in_sentence
    from oracle.wording import at_start, in_sentence, plural

    for said, mid in (("The forest's edge", "the forest's edge"),
                      ("The Drowned Choir", "the Drowned Choir"),
                      ("A Hunger in the Larder", "a Hunger in the Larder"),
                      ("Greywater Ford", "Greywater Ford"), ("Mara", "Mara"),
                      ("the flooded nave", "the flooded nave"), ("The", "The")):
        assert in_sentence(said) == mid and narrator_in_sentence(said) == mid
    assert at_start("the Drowned Choir") == "The Drowned Choir"
    assert (plural(1, "set"), plural(5, "set"), plural(2, "Injury", "Injuries")) == (
        "1 set", "5 sets", "2 Injuries")


def test_the_offline_narrator_splices_a_monster_mid_sentence_in_lower_case() -> None:
    from oracle.narrator.base import NarrationContext
    from oracle.narrator.dealer import weave_vars
    from oracle.trophy.telling import monster

    context = NarrationContext(monster="The Drowned Choir", place="The flooded nave",
                               result={"roll": "combat", "defeated": True, "total": 8})
    said = weave_vars(context)
    assert (said["monster"], said["Monster"]) == ("the Drowned Choir", "The Drowned Choir")
    assert (said["place"], said["Place"]) == ("the flooded nave", "The flooded nave")
    closing = monster(context, lambda table, **_: [])
    assert "enough, and the Drowned Choir goes down." in closing


# -- 3: Die Trying and Triptycho lines ------------------------------------------------------

def test_every_die_trying_and_triptycho_line_reads_as_a_log_sentence() -> None:
    from tests.test_die_trying_view import make

    app = build()
    app.session.new_campaign("Deep", "die_trying")
    app.refresh()
    make(cast(Any, app), "Brakka", kit=True, md=3)  # the whole app is the scope of its hooks
    make(cast(Any, app), "Pip")
    fill(app, "oracle-dt-who", "Brakka")
    click(app, "oracle-dt-roll-check")
    fill(app, "oracle-dt-caster", "Brakka")
    click(app, "oracle-dt-cast")
    fill(app, "oracle-dt-patient", "Pip")
    fill(app, "oracle-dt-amount", 8)
    click(app, "oracle-dt-damage")
    fill(app, "oracle-dt-save-faces", "7")  # physical dice: nobody dies by chance here
    click(app, "oracle-dt-save")
    fill(app, "oracle-dt-healer", "Brakka")
    fill(app, "oracle-dt-save-faces", "3")
    click(app, "oracle-dt-stabilize")
    for hook in ("oracle-dt-heal", "oracle-dt-new-day", "oracle-dt-award", "oracle-dt-mark"):
        click(app, hook)
    lines = everything_read(app)
    assert len(lines) >= 12 and raw_lines(lines) == []
    text = "\n".join(lines)
    assert "Brakka makes a skill check · d10" in text and "Pip makes a death save · d10" in text
    assert "Brakka casts a level 0 spell · Magic Dice" in text and "power" in text
    assert "Pip gains 1 Point\n" in text + "\n" and "A new day: every Instability Die" in text

    triptycho_attack(app, hp=20)
    fill(app, "oracle-tp-who", "Viper Knot")
    for hook in ("oracle-tp-points-damage", "oracle-tp-recover", "oracle-tp-injury",
                 "oracle-tp-end"):
        click(app, hook)
    lines = everything_read(app)
    assert len(lines) >= 12 and raw_lines(lines) == []
    text = "\n".join(lines)
    assert "Rook Drover joins the roster (a player; HP 20" in text
    assert re.search(r"Rook Drover attacks Viper Knot · hit 1d8 \[\d\], miss .* → (hit|miss)",
                     text)
    assert "Viper Knot takes an Injury" in text and "The scenario ends: " in text


# -- 5: an Exploration ask journals its question with the answers ----------------------------

def test_an_exploration_question_is_journalled_with_its_answers() -> None:
    app = quick()
    hunt = app.view("Hunt")
    fill(hunt, "oracle-hunt-question", "What hangs from the old oak?")
    click(hunt, "oracle-hunt-ask")
    from oracle.app.render import esc

    markup = journal(app)
    entry = next(e for e in app.session.require().entries if e.type == "narration")
    assert entry.data.get("question") == "What hangs from the old oak?"
    assert "<b>Asked:</b> What hangs from the old oak?<br>" in markup
    # the answers are a list: each on its own line, in the journal as in the exports (the
    # evening read "... shows: - The signs are there ... - Something small stands out ...")
    answers = str(entry.data["text"]).strip().splitlines()
    assert len(answers) > 2 and "<br>".join(esc(a) for a in answers) in markup
    campaign = app.session.require()
    assert re.search(r"^> \*\*#\d+\*\* \*Asked: What hangs from the old oak\?\*$",
                     export(campaign, "markdown"), re.MULTILINE)
    assert "? What hangs from the old oak?\n=> " in export(campaign, "lonelog")
    # a Risk Roll's narration asks nothing: no question is kept with it
    risk(app, "I climb the oak")
    assert all("question" not in e.data for e in campaign.entries
               if e.type == "narration" and e.data.get("beat") != "answer")


# -- 9: what the evening's screens showed ---------------------------------------------------------

def test_the_story_so_far_ends_each_sentence_once() -> None:
    from oracle.journal.story import Foe, Said, StoryMemory

    memory = StoryMemory(owed=(Said("the hand goes numb until morning.", "Greer", 3),),
                         foe=Foe("The Tithe-Taker", "A collector in a coat of coins.", True),
                         fighting=True,
                         conditions=(("Greer", ("Ink-black veins, further each dawn.",)),),
                         intent=Said("the mossy barrow", "Greer", 4))
    told = memory.told()
    assert "Greer owes a Devil's Bargain: “the hand goes numb until morning.”" in told
    assert "Greer's Conditions: Ink-black veins, further each dawn." in told
    assert "Greer's stated intent: “the mossy barrow”." in told
    assert ("Fighting the Tithe-Taker (drawn by the oracle): A collector in a coat of coins."
            in told)
    assert not any(".." in line or ".”." in line for line in told)


def test_a_hunt_that_keeps_the_tokens_says_nothing_of_them_and_the_oracle_says_its_odds() -> None:
    from oracle.journal.render import oracle_extra
    from oracle.trophy.words import journal_line

    kept = journal_line({"type": "hunt_rolled", "name": "Greer", "light": [2]},
                        {"encounter": "present", "tokens_before": 0, "tokens_after": 0}).plain()
    assert kept == "Greer hunts · light 2 → danger is here"
    gained = journal_line({"type": "hunt_rolled", "name": "Greer", "light": [6]},
                          {"encounter": "none", "tokens_before": 0, "tokens_after": 1}).plain()
    assert gained.endswith("→ no danger near · Hunt Tokens 0 → 1")
    said = oracle_extra({"likelihood": "even", "dread": 3, "answer": "yes",
                         "odds": {"yes": 0.25}})
    assert said == " (even, dread 3, 25.0% chance of yes)"


def test_an_oracle_answer_reads_oracle_in_the_apps_journal_as_in_the_exports() -> None:
    """The evening: the app's journal read "? Is the ferryman still waiting at the ford? → no"
    (Lonelog's notation), the Markdown export "Oracle: ...": a reader sees "Oracle:" in both."""
    app = quick()
    view = app.view("Oracle")
    fill(view, "oracle-question", "Is the ferryman still waiting?")
    click(view, "oracle-ask")
    app.session.narration.wait()
    markup = journal(app)
    assert "<b>Oracle:</b> Is the ferryman still waiting? → <b>" in markup
    assert "? Is the ferryman" not in markup
    assert "Oracle: Is the ferryman still waiting? → " in export(app.session.require(), "markdown")
