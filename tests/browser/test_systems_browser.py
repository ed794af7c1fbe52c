"""Die Trying and Triptycho in Debian's Chromium against ``oracle serve``: one server, in order.

Each system is played as a person would: a campaign made in the picker, a character or a roster
set up, rolls made with typed faces of physical dice. What the page shows (odds before the roll,
the outcome after) is checked against the rules core, and each journal survives a reload.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from oracle.app.render import percent
from oracle.dice import FixedDice
from oracle.die_trying.checks import Degree
from oracle.die_trying.creation import Ability, Skill
from oracle.die_trying.equipment import ITEMS, check_budget, parse_purchase
from oracle.die_trying.system import SYSTEM as DIE_TRYING
from oracle.errors import RuleError
from oracle.triptycho.system import SYSTEM as TRIPTYCHO
from tests.browser.harness import Server, open_app, shot

pytestmark = pytest.mark.browser

HERO = "Brannock"
SCORES = {"strength": 1, "dexterity": 2, "constitution": 3, "intelligence": 0, "wisdom": -1,
          "charisma": 1}
PROFS = "arcana: expert, medicine: trained"
KIT = ("light_armor", "thieves_tools", "medicine_kit")  # 15 + 15 + 13 = 43 of 45 SP
TOO_DEAR = "lantern"  # 6 SP more: 49 of 45
DEGREES = {"critical_failure": "critical failure", "failure": "failure", "success": "success",
           "critical_success": "critical success"}


# -- helpers -----------------------------------------------------------------------------------

def text_of(page: Any, selector: str) -> str:
    return " ".join(page.inner_text(selector).split())


def wait_text(page: Any, selector: str, needle: str) -> None:
    """Wait until ``selector`` shows ``needle`` (whitespace folded)."""
    page.wait_for_function(
        "([sel, needle]) => { const e = document.querySelector(sel);"
        " return e && e.innerText.replace(/\\s+/g, ' ').includes(needle); }",
        arg=[selector, needle])


def choose(page: Any, selector: str, label: str) -> None:
    """Pick the option of the dropdown inside ``selector`` whose label is or starts ``label``."""
    # ipywidgets shows labels with no-break spaces; an option's value is the plain label
    options: list[str] = page.eval_on_selector_all(f"{selector} select option",
                                                   "os => os.map(o => o.value)")
    match = next(o for o in options if o == label or o.startswith(f"{label} ("))
    page.select_option(f"{selector} select", value=match)


def number(page: Any, selector: str, value: int) -> None:
    """Type into an int box and leave it (ipywidgets syncs numbers on change)."""
    page.fill(f"{selector} input", str(value))
    page.press(f"{selector} input", "Tab")


def new_campaign(page: Any, name: str, system: str) -> None:
    """Create a campaign in the picker on screen (the start screen, or below an open campaign)."""
    picker = page.locator(".oracle-start:visible").last
    picker.locator(".oracle-new-campaign input").fill(name)
    options: list[str] = picker.locator(".oracle-new-system option").evaluate_all(
        "os => os.map(o => o.value)")
    assert system in options
    picker.locator(".oracle-new-system select").select_option(value=system)
    picker.locator("button.oracle-create-campaign").click()
    wait_text(page, ".oracle-campaign-name", name)


def assert_no_error_text(page: Any) -> None:
    body = page.inner_text("body")
    assert "Traceback" not in body
    assert "Something went wrong inside the app" not in body


def degrees_line(odds: dict[str, Any]) -> str:
    """The four degrees as the page words them, worst first."""
    return " · ".join(f"{DEGREES[d.label]} {percent(Fraction(odds[d.label]['fraction']))}"
                      for d in Degree)


def hero_sheet() -> dict[str, Any]:
    """The ``create_character`` event the builder below describes, for the rules core."""
    return {"type": "create_character", "name": HERO, "species": "", "size": "medium",
            "abilities": SCORES, "proficiencies": {"arcana": "expert", "medicine": "trained"},
            "talents": {"Spark": 1}, "equipment": [{"item": k, "quantity": 1} for k in KIT],
            "wear_armor": True, "magic_dice": 2}


def reload_keeps(page: Any, needle: str) -> None:
    """The journal shows ``needle`` before and after a reload of the page."""
    wait_text(page, ".oracle-journal", needle)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(".oracle-journal .oracle-entry", timeout=60_000)
    assert needle in text_of(page, ".oracle-journal")
    assert_no_error_text(page)


# -- Die Trying --------------------------------------------------------------------------------

def test_die_trying_builder_check_spell_and_death_save(oracle_server: Server,
                                                      page: Any) -> None:
    open_app(page, oracle_server.url)
    new_campaign(page, "The Barrow of Teeth", "Die Trying")
    page.wait_for_selector(".oracle-die-trying .oracle-dt-create")
    assert "No characters yet" in text_of(page, ".oracle-dt-party")

    # The builder: scores, proficiencies, a Talent, Magic Dice, and 43 of 45 SP spent.
    page.fill(".oracle-dt-name input", HERO)
    for ability, score in SCORES.items():
        choose(page, f".oracle-dt-{ability}", str(score))
    page.fill(".oracle-dt-profs input", PROFS)
    page.fill(".oracle-dt-talents input", "Spark: 1")
    number(page, ".oracle-dt-md", 2)
    spent = 0
    for key in KIT:
        choose(page, ".oracle-dt-item", ITEMS[key].name)
        page.click("button.oracle-dt-buy")
        spent += ITEMS[key].price
        page.wait_for_selector(f".oracle-dt-budget [data-spent='{spent}']")
    assert text_of(page, ".oracle-dt-budget").startswith(f"Spent {spent} of 45 SP · {45 - spent} left")

    # One purchase too many: the core's sentence next to the Buy button, nothing bought.
    cart = [parse_purchase(f"equipment[{i}]", {"item": k, "quantity": 1})
            for i, k in enumerate((*KIT, TOO_DEAR))]
    with pytest.raises(RuleError) as refused:
        check_budget(cart)
    budget_before = text_of(page, ".oracle-dt-budget")
    choose(page, ".oracle-dt-item", ITEMS[TOO_DEAR].name)
    page.click("button.oracle-dt-buy")
    wait_text(page, ".oracle-dt-builder-error", "SP")
    assert text_of(page, ".oracle-dt-builder-error") == str(refused.value)
    assert text_of(page, ".oracle-dt-budget") == budget_before
    assert ITEMS[TOO_DEAR].name not in budget_before
    shot(page, "dt_01_builder_over_budget")

    # The rules core folds the same sheet: the preview and the party row show its numbers.
    state = DIE_TRYING.apply(DIE_TRYING.new_state(), hero_sheet())
    hero = state.character(HERO)
    wait_text(page, ".oracle-dt-preview", f"HP {hero.hp} · AC {hero.armor_class}")
    page.click("button.oracle-dt-create")
    page.wait_for_selector(f".oracle-dt-party tr[data-name='{HERO}']")
    row = page.inner_text(f".oracle-dt-party tr[data-name='{HERO}']").split("\t")
    assert row[:4] == [HERO, f"{hero.hp} / {hero.max_hp}", str(hero.armor_class),
                       str(hero.speed)]
    assert text_of(page, ".oracle-dt-builder-error") == ""

    # A check: Intelligence (Arcana) against DC 7; the degree odds are on the page before.
    choose(page, ".oracle-dt-who", HERO)
    choose(page, ".oracle-dt-ability", "intelligence")
    choose(page, ".oracle-dt-skill", "arcana")
    number(page, ".oracle-dt-dc", 7)
    request = {"roll": "check", "modifier": hero.modifier(Ability.INTELLIGENCE, Skill.ARCANA),
               "dc": 7, "kind": "skill"}
    wait_text(page, ".oracle-dt-check-odds", degrees_line(DIE_TRYING.odds(request)["degrees"]))
    assert text_of(page, ".oracle-dt-check-result") == ""  # odds first, nothing rolled yet
    page.fill(".oracle-dt-check-faces input", "6")
    page.click("button.oracle-dt-roll-check")
    page.wait_for_selector(".oracle-dt-check-result span[class^='dt-']")
    expected = DIE_TRYING.resolve(request, FixedDice([6]))
    shown = page.get_attribute(".oracle-dt-check-result span[class^='dt-']", "class")
    assert shown == f"dt-{expected['degree']}"
    assert text_of(page, ".oracle-dt-check-result").endswith(
        f"= {expected['total']} against DC 7: {DEGREES[expected['degree']]}")
    shot(page, "dt_02_check_rolled")

    # A spell: 2 Magic Dice, no Instability yet; the miscast chance is shown before casting.
    choose(page, ".oracle-dt-caster", HERO)
    number(page, ".oracle-dt-magic", 2)
    spell = {"roll": "spell", "magic": 2, "instability": 0, "spell_level": 0,
             "magic_dice_available": 2}
    miscast = percent(Fraction(DIE_TRYING.odds(spell)["miscast"]["fraction"]))
    wait_text(page, ".oracle-dt-cast-odds", f"miscast {miscast}")
    assert text_of(page, ".oracle-dt-cast-result") == ""
    page.fill(".oracle-dt-cast-faces input", "3 5")
    page.click("button.oracle-dt-cast")
    cast = DIE_TRYING.resolve(spell, FixedDice([3, 5]))
    assert not cast["miscast"]
    wait_text(page, ".oracle-dt-cast-result", f"Spell Power {cast['power']}")
    assert text_of(page, ".oracle-dt-cast-error") == ""
    # the Instability the casting left is on the sheet (the party table's ID column)
    page.wait_for_function(
        "([name, id]) => { const r = document.querySelector("
        "`.oracle-dt-party tr[data-name='${name}']`);"
        " return r && r.cells[5].innerText.trim() === String(id); }",
        arg=[HERO, cast["instability_gained"]])
    shot(page, "dt_03_spell_cast")

    # Dying: one more damage than HP leaves the hero at -1; the save's odds, then the save.
    choose(page, ".oracle-dt-patient", HERO)
    number(page, ".oracle-dt-amount", hero.hp + 1)
    page.click("button.oracle-dt-damage")
    dying = DIE_TRYING.odds({"roll": "death_save", "hp": -1})
    wait_text(page, ".oracle-dt-save-odds", f"is dying at HP -1: death save DC {dying['dc']}")
    survival = percent(Fraction(dying["survival"]["fraction"]))
    assert f"ends stable {survival}" in text_of(page, ".oracle-dt-save-odds")
    assert degrees_line(dying["degrees"]) in text_of(page, ".oracle-dt-save-odds")
    page.fill(".oracle-dt-save-faces input", "9")
    page.click("button.oracle-dt-save")
    save = DIE_TRYING.resolve({"roll": "death_save", "hp": -1}, FixedDice([9]))
    wait_text(page, ".oracle-dt-save-result",
              f"d10 9 against DC {save['dc']}: {DEGREES[save['degree']]}; "
              f"HP {save['hp_before']} → {save['hp_after']}")
    status = "dead" if save["dead"] else "stable" if save["stable"] else "dying"
    assert page.inner_text(f".oracle-dt-party tr[data-name='{HERO}']").split("\t")[1] == (
        f"{save['hp_after']} / {hero.max_hp}")
    assert status in page.inner_text(f".oracle-dt-party tr[data-name='{HERO}']")
    assert text_of(page, ".oracle-dt-dying-error") == ""
    shot(page, "dt_04_death_save")
    assert_no_error_text(page)

    # The journal keeps the campaign through a reload (the page reopens it).
    reload_keeps(page, HERO)
    page.wait_for_selector(f".oracle-dt-party tr[data-name='{HERO}']")
    shot(page, "dt_05_after_reload")


# -- Triptycho ---------------------------------------------------------------------------------

ATTACK = {"roll": "attack", "scenario": "combat", "hit": "1d8", "miss": "1d4",
          "damage": "1d10", "defense": "1d6"}
FACES = [5, 3, 6, 2]  # hit 5 against miss 3, damage 6 less Defense 2


def join(page: Any, name: str, player: bool, hp: int) -> None:
    page.fill(".oracle-tp-name input", name)
    box = page.locator(".oracle-tp-player input[type=checkbox]")
    if box.is_checked() != player:
        box.click()
    number(page, ".oracle-tp-hp", hp)
    page.click("button.oracle-tp-join")
    wait_text(page, ".oracle-tp-tracker", name)


def test_triptycho_scenario_and_an_opposed_roll_with_damage(oracle_server: Server,
                                                           page: Any) -> None:
    open_app(page, oracle_server.url)  # reopens the Die Trying campaign; its picker is below
    new_campaign(page, "The Glass Triptych", "Triptycho")
    page.wait_for_selector(".oracle-triptycho .oracle-tp-join")
    assert "No scenario running" in text_of(page, ".oracle-tp-status")

    # The roster and a combat scenario: Initiative for both, the Draw Phase, the first turn.
    join(page, "Ash", player=True, hp=20)
    join(page, "Ogre", player=False, hp=10)
    choose(page, ".oracle-tp-kind", "combat")
    page.click("button.oracle-tp-start")
    wait_text(page, ".oracle-tp-status", "Combat · round")
    for name in ("Ash", "Ogre"):
        choose(page, ".oracle-tp-who", name)
        page.click("button.oracle-tp-roll-init")
    page.wait_for_function("() => [...document.querySelectorAll('.oracle-tp-tracker tr')]"
                           ".slice(1).every(r => r.cells[1].innerText.trim() !== '')")
    page.click("button.oracle-tp-draw")
    page.click("button.oracle-tp-next")
    wait_text(page, ".oracle-tp-status", "'s turn")
    assert text_of(page, ".oracle-tp-round-error") == ""
    assert "Ash (player)" in text_of(page, ".oracle-tp-tracker")

    # The resolver: Ash attacks the Ogre; win chance and expected damage before the roll.
    choose(page, ".oracle-tp-attacker", "Ash")
    choose(page, ".oracle-tp-target", "Ogre")
    page.fill(".oracle-tp-accuracy input", ATTACK["hit"])
    page.fill(".oracle-tp-evasion input", ATTACK["miss"])
    page.fill(".oracle-tp-damage input", ATTACK["damage"])
    page.fill(".oracle-tp-defense input", ATTACK["defense"])
    odds = TRIPTYCHO.odds(ATTACK)
    hits = percent(Fraction(odds["action_wins"]["fraction"]))
    mean = float(Fraction(odds["expected"]["fraction"]))
    wait_text(page, ".oracle-tp-odds", f"expected damage {mean:.2f}")
    assert text_of(page, ".oracle-tp-odds").startswith(f"hits {hits}")
    assert text_of(page, ".oracle-tp-result") == ""
    shot(page, "tp_01_odds_before_the_roll")

    page.fill(".oracle-tp-faces input", " ".join(map(str, FACES)))
    page.click("button.oracle-tp-roll")
    result = TRIPTYCHO.resolve({**ATTACK, "points": 10}, FixedDice(FACES))
    winner = "the action wins" if result["hit"] else "the reaction wins"
    wait_text(page, ".oracle-tp-result",
              f"hit {result['action_total']} vs miss {result['reaction_total']}: {winner}")
    assert f"= {result['dealt']}" in text_of(page, ".oracle-tp-result")
    assert text_of(page, ".oracle-tp-resolve-error") == ""
    ogre = page.locator(".oracle-tp-tracker tr", has_text="Ogre")
    assert ogre.locator("td").nth(2).inner_text().strip() == f"{result['points_after']} / 10"
    shot(page, "tp_02_attack_resolved")
    assert_no_error_text(page)

    reload_keeps(page, "Ogre")
    wait_text(page, ".oracle-tp-tracker", f"{result['points_after']} / 10")
    shot(page, "tp_03_after_reload")
