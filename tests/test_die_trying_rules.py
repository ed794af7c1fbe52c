"""Die Trying rules, checked face by face: dice, checks, creation, equipment, death saves, combat."""

from __future__ import annotations

import functools
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.dice import FixedDice
from oracle.die_trying import odds
from oracle.die_trying.character import create_character
from oracle.die_trying.checks import (
    Degree,
    Proficiency,
    check,
    concealment,
    degree_of_total,
    parse_proficiency,
)
from oracle.die_trying.combat import InitiativeEntry, Strike, Watcher, initiative_order, stealth
from oracle.die_trying.creation import Ability, Skill, ability_rolls, parse_training
from oracle.die_trying.death import death_save
from oracle.die_trying.dice import d2_from_face, d3_from_d6, d100_from_digits, digit_from_d10
from oracle.die_trying.equipment import (
    ITEMS,
    ArmorKind,
    Purchase,
    WeaponTrait,
    check_budget,
    parse_purchase,
    total_bulk,
)
from oracle.die_trying.system import SYSTEM
from oracle.errors import RuleError

# --- the dice ------------------------------------------------------------------------------


@pytest.mark.parametrize(("d6", "d3"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_a_d3_is_a_d6_halved_rounding_up(d6: int, d3: int) -> None:
    assert d3_from_d6(d6) == d3


@pytest.mark.parametrize("sides", [4, 6, 8, 10, 12, 20])
def test_a_d2_is_any_die_read_by_parity_and_is_fair_on_even_dice(sides: int) -> None:
    reads = [d2_from_face(f) for f in range(1, sides + 1)]
    assert reads[0] == 1 and reads[1] == 2  # odd reads 1, even reads 2
    assert reads.count(1) == reads.count(2)


def test_a_d100_is_two_d10_and_two_zeros_are_100() -> None:
    results = sorted(d100_from_digits(digit_from_d10(t), digit_from_d10(o))
                     for t, o in product(range(1, 11), repeat=2))
    assert results == list(range(1, 101))  # every result exactly once
    assert d100_from_digits(0, 0) == 100 and d100_from_digits(0, 7) == 7
    assert SYSTEM.resolve({"roll": "d100", "tens": 10, "ones": 10}, FixedDice([]))["result"] == 100


# --- checks --------------------------------------------------------------------------------


def brute_degree(d10: int, modifier: int, dc: int) -> Degree:
    """The text, read literally: fail at or under the DC, succeed over it, 6 away is critical,
    then a natural 1 is one degree worse and a natural 10 one better."""
    total = d10 + modifier
    if total - dc >= 6:
        ladder = 3
    elif total > dc:
        ladder = 2
    elif dc - total >= 6:
        ladder = 0
    else:
        ladder = 1
    ladder += {1: -1, 10: 1}.get(d10, 0)
    return Degree(min(3, max(0, ladder)))


@pytest.mark.parametrize("modifier", range(-4, 9))
@pytest.mark.parametrize("dc", range(16))
def test_every_d10_face_against_every_dc_earns_the_texts_degree(modifier: int, dc: int) -> None:
    for d10 in range(1, 11):
        assert check(d10, modifier, dc).degree is brute_degree(d10, modifier, dc)


@pytest.mark.parametrize(
    ("total", "dc", "degree"),
    [
        (5, 5, Degree.FAILURE),  # equal to the DC fails
        (6, 5, Degree.SUCCESS),  # over it succeeds
        (11, 5, Degree.CRITICAL_SUCCESS),  # 6 over
        (10, 5, Degree.SUCCESS),
        (-1, 5, Degree.CRITICAL_FAILURE),  # 6 under
        (0, 5, Degree.FAILURE),
    ],
)
def test_the_dc_boundaries(total: int, dc: int, degree: Degree) -> None:
    assert degree_of_total(total, dc) is degree


@given(st.integers(1, 10), st.integers(-20, 20), st.integers(-20, 20))
def test_a_natural_1_or_10_moves_the_degree_at_most_one_step(d10: int, modifier: int,
                                                             dc: int) -> None:
    result = check(d10, modifier, dc)
    step = result.degree - result.base_degree
    if d10 == 1:
        assert step in (-1, 0) and (step == -1 or result.base_degree is Degree.CRITICAL_FAILURE)
    elif d10 == 10:
        assert step in (0, 1) and (step == 1 or result.base_degree is Degree.CRITICAL_SUCCESS)
    else:
        assert step == 0


@pytest.mark.parametrize(
    ("level", "bonus"),
    [("untrained", -1), ("trained", 0), ("expert", 1), ("master", 3), ("legendary", 5)],
)
def test_proficiency_bonuses(level: str, bonus: int) -> None:
    assert parse_proficiency("proficiency", level).bonus == bonus
    result = SYSTEM.resolve({"roll": "check", "d10": 5, "ability": 2, "proficiency": level,
                             "dc": 5}, FixedDice([]))
    assert result["modifier"] == 2 + bonus


def test_check_odds_match_counting_the_faces() -> None:
    for modifier, dc in product(range(-3, 8), range(14)):
        dist = odds.degree_odds(modifier, dc)
        for degree in Degree:
            count = sum(1 for f in range(1, 11) if brute_degree(f, modifier, dc) is degree)
            assert dist[degree] == Fraction(count, 10)


@pytest.mark.parametrize(("d10", "hidden", "missed"),
                         [(1, False, True), (2, False, True), (3, False, False),
                          (4, True, True), (5, True, False), (10, True, False)])
def test_concealment_misses_on_2_or_lower_and_hidden_on_4_or_lower(d10: int, hidden: bool,
                                                                   missed: bool) -> None:
    assert concealment(d10, hidden).missed is missed


# --- character creation --------------------------------------------------------------------


def brute_score(d6: int, d2_face: int) -> int:
    d3 = (d6 + 1) // 2
    if d3 == 3:
        return 3
    d2 = 1 if d2_face % 2 else 2
    return {(1, 1): -1, (2, 1): 0}.get((d3, d2), d3)


def test_every_ability_roll_follows_the_d3_then_d2_procedure() -> None:
    for d6, d2_face in product(range(1, 7), repeat=2):
        d2_faces = [] if d6 >= 5 else [d2_face]
        (roll,) = ability_rolls([d6] * 6, d2_faces * 6)[:1]
        assert roll.score == brute_score(d6, d2_face)


def test_ability_score_odds() -> None:
    dist = odds.ability_score_odds()
    assert dist == {-1: Fraction(1, 6), 0: Fraction(1, 6), 1: Fraction(1, 6), 2: Fraction(1, 6),
                    3: Fraction(1, 3)}


def test_ability_scores_ask_for_one_d2_per_d3_of_1_or_2() -> None:
    with pytest.raises(RuleError, match=r"^d2: 4 of the d3 rolls"):
        ability_rolls([1, 2, 3, 4, 5, 6], [1, 2, 3])


def test_creation_caps() -> None:
    parse_training({"stealth": "expert", "arcana": "expert"}, {"Fireball": 2})  # 6 levels: fine
    with pytest.raises(RuleError, match="no higher than expert"):
        parse_training({"stealth": "master"}, {})
    with pytest.raises(RuleError, match="no higher than level 2"):
        parse_training({}, {"Fireball": 3})
    with pytest.raises(RuleError, match="6 levels to split; these choices take 7"):
        parse_training({"stealth": "expert", "arcana": "expert", "nature": "trained"},
                       {"Fireball": 2})
    with pytest.raises(RuleError, match="^proficiencies: 'juggling' is not one of the 18"):
        parse_training({"juggling": "trained"}, {})
    assert len(Skill) == 18


SCORES = {Ability.STRENGTH: 2, Ability.DEXTERITY: 1, Ability.CONSTITUTION: 3,
          Ability.INTELLIGENCE: 0, Ability.WISDOM: -1, Ability.CHARISMA: 1}


@pytest.mark.parametrize(
    ("armor", "armor_level", "ac"),
    [
        (None, "untrained", 4 + 1),
        ("light_armor", "untrained", 4 + 1 - 1),  # armor adds its proficiency bonus, even -1
        ("light_armor", "expert", 4 + 1 + 1),
        ("heavy_armor", "trained", 4 + 1 + 0 + 2),  # heavy: +2 more
        ("heavy_armor", "expert", 4 + 1 + 1 + 2),
    ],
)
def test_hp_ac_and_speed(armor: str | None, armor_level: str, ac: int) -> None:
    training = parse_training({"armor": armor_level}, {})
    gear = [Purchase(armor)] if armor else []
    hero = create_character("Bo", SCORES, training, gear)
    assert hero.max_hp == hero.hp == 2 * 3  # twice Constitution
    assert hero.armor_class == ac
    assert hero.speed == 30
    assert hero.sp == 45 - sum(p.cost for p in gear)


def test_heavy_armor_costs_one_stealth() -> None:
    hero = create_character("Bo", SCORES, parse_training({"stealth": "trained"}, {}),
                            [Purchase("heavy_armor")])
    assert hero.modifier(Ability.DEXTERITY, Skill.STEALTH) == 1 + 0 - 1


# --- equipment -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "price", "bulk"),
    [("weapon", 15, "1"), ("light_armor", 15, "1"), ("heavy_armor", 30, "2"), ("torch", 2, "L"),
     ("lantern", 6, "L"), ("hooded_lantern", 7, "L"), ("bullseye_lantern", 6, "L"),
     ("lantern_oil", 2, "L"), ("thieves_tools", 15, "--"), ("rope", 5, "1"), ("rations", 5, "L"),
     ("tinderbox", 10, "--"), ("medicine_kit", 13, "L"), ("medicine_kit_use", 1, "--")],
)
def test_the_price_list(key: str, price: int, bulk: str) -> None:
    assert ITEMS[key].price == price and str(ITEMS[key].bulk) == bulk


def test_the_budget_is_45_sp_exactly() -> None:
    assert check_budget([Purchase("weapon", 3)]) == 0
    with pytest.raises(RuleError, match="^equipment: a new character has 45 SP"):
        check_budget([Purchase("weapon", 3), Purchase("torch")])


def test_bulk_counts_ten_light_items_as_one_and_unworn_armor_one_more() -> None:
    assert total_bulk([Purchase("torch", 9)]) == 0  # round down
    assert total_bulk([Purchase("torch", 10)]) == 1
    assert total_bulk([Purchase("thieves_tools"), Purchase("tinderbox")]) == 0
    assert total_bulk([Purchase("light_armor")], worn_armor=ArmorKind.LIGHT) == 1
    assert total_bulk([Purchase("light_armor")]) == 2
    assert total_bulk([Purchase("heavy_armor"), Purchase("light_armor")], ArmorKind.HEAVY) == 4


def test_every_weapon_trait_can_be_bought_and_only_weapons_have_one() -> None:
    for trait in WeaponTrait:
        bought = parse_purchase("p", {"item": "weapon", "trait": trait.value,
                                      "damage_type": "bludgeoning"})
        assert bought.trait is trait and bought.cost == 15
    with pytest.raises(RuleError, match="only weapons"):
        parse_purchase("p", {"item": "rope", "trait": "deadly"})
    with pytest.raises(RuleError, match="bludgeoning, piercing or slashing"):
        parse_purchase("p", {"item": "weapon", "trait": "deadly", "damage_type": "fire"})


# --- death saves ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hp", "d10", "degree", "hp_after", "stable", "dead"),
    [
        (-1, 9, "success", 0, False, False),  # the contract's example
        (0, 5, "success", 0, True, False),  # success at 0 HP: stable
        (0, 4, "failure", -1, False, False),  # DC 4 at 0 HP
        (0, 1, "critical_failure", -2, False, False),  # natural 1: failure becomes critical
        (0, 10, "critical_success", 1, True, False),  # ruling: the extra HP comes at once
        (-4, 8, "failure", -5, False, True),  # DC 8; -5 is death
        (-4, 1, "critical_failure", -5, False, True),  # never below -5
        (-3, 7, "failure", -4, False, False),  # DC 7: equal fails
        (-3, 10, "critical_success", -1, False, False),  # DC 7: success, natural 10 lifts it
        (-2, 10, "critical_success", 0, False, False),  # DC 6: +4 is success, natural 10: crit
        (-1, 10, "critical_success", 1, True, False),  # back above 0 HP: no more saves
    ],
)
def test_death_saves(hp: int, d10: int, degree: str, hp_after: int, stable: bool,
                     dead: bool) -> None:
    save = death_save(hp, d10)
    assert save.dc == 4 - hp
    assert (save.degree.label, save.hp_after, save.stable, save.dead) == (
        degree, hp_after, stable, dead)


def test_death_save_odds_match_counting_and_survival_is_a_probability() -> None:
    for hp in range(0, -5, -1):
        one = odds.death_save_odds(hp)
        assert sum(one["degrees"].values()) == 1
        survival = odds.survival_chance(hp)
        assert 0 < survival < 1
    # the closer to -5, the worse the chance
    chances = [odds.survival_chance(hp) for hp in range(0, -5, -1)]
    assert chances == sorted(chances, reverse=True)


def test_survival_chance_agrees_with_a_direct_recursion() -> None:
    @functools.cache
    def walk(hp: int, depth: int) -> Fraction:
        if depth == 0:
            return Fraction(0)
        total = Fraction(0)
        for f in range(1, 11):
            save = death_save(hp, f)
            if save.stable:
                total += Fraction(1, 10)
            elif not save.dead:
                total += Fraction(1, 10) * walk(save.hp_after, depth - 1)
        return total

    # the chain is absorbing, so deep truncations approach the exact answer from below
    exact = odds.survival_chance(-2)
    approx = walk(-2, 60)
    assert approx <= exact and exact - approx < Fraction(1, 1000)


# --- combat --------------------------------------------------------------------------------


def test_initiative_orders_by_total_and_keeps_the_given_order_on_ties() -> None:
    order = initiative_order([InitiativeEntry("a", 3, 1), InitiativeEntry("b", 9, 0),
                              InitiativeEntry("c", 2, 2)])
    assert [e.name for e in order] == ["b", "a", "c"]


@pytest.mark.parametrize(
    ("d10", "trait", "damage"),
    [
        (6, None, 4 + 1),  # success: 1d6 + modifiers
        (3, None, 0),  # failure: nothing
        (10, None, 2 * (4 + 1)),  # critical: double
        (10, WeaponTrait.DEADLY, 3 * (4 + 1)),  # deadly: triple
        (6, WeaponTrait.WEIGHTY, 4 + 1 + 2),  # half of Strength 3, rounded up
        (6, WeaponTrait.EXECUTING, 4 + 1 + 2),  # the target is prone
        (6, WeaponTrait.TWIN, 4 + 1 + 1),  # both used
    ],
)
def test_strike_damage(d10: int, trait: WeaponTrait | None, damage: int) -> None:
    strike = Strike(check(d10, 0, 5), damage_d6=4, damage_bonus=1, trait=trait, strength=3,
                    twin_both=True, target_prone=True)
    assert strike.damage == damage


def test_a_critical_miss_deals_minimum_damage_to_a_random_creature_in_reach() -> None:
    result = SYSTEM.resolve({"roll": "attack", "d10": 1, "modifier": 0, "ac": 5, "damage_d6": 6,
                             "damage_bonus": 2, "reach": ["me", "goblin"], "reach_die": 1},
                            FixedDice([]))
    assert result["critical_miss"] and result["damage"] == 0
    assert result["mishap_damage"] == 1 + 2 and result["mishap_target"] == "me"


def test_concealment_can_make_an_attack_miss_before_the_attack_roll() -> None:
    result = SYSTEM.resolve({"roll": "attack", "d10": 10, "modifier": 5, "ac": 5, "damage_d6": 6,
                             "hidden": True, "concealment_d10": 4}, FixedDice([]))
    assert result["auto_miss"] and not result["hit"] and result["degree"] == "failure"


def test_hide_compares_one_check_with_each_watchers_dc_and_sneak_needs_hidden() -> None:
    hide = stealth("hide", 6, 1, [Watcher("orc", 0), Watcher("owl", 4)]).as_dict()
    rows = hide["watchers"]
    assert [r["hidden"] for r in rows] == [True, False]  # 7 > 4, 7 <= 8
    with pytest.raises(RuleError, match="Concealed"):
        stealth("hide", 6, 1, [Watcher("orc", 0)], concealed=False)
    with pytest.raises(RuleError, match="Hidden"):
        stealth("sneak", 6, 1, [Watcher("orc", 0)])
    sneak = stealth("sneak", 6, 1, [Watcher("orc", 0, True), Watcher("rat", 0)]).as_dict()
    assert [r["undetected"] for r in sneak["watchers"]] == [True, False]


def test_dash_doubles_speed_and_dodge_adds_one_ac() -> None:
    assert SYSTEM.resolve({"roll": "dash", "speed": 30}, FixedDice([]))["speed_after"] == 60
    assert SYSTEM.resolve({"roll": "dodge", "ac": 6}, FixedDice([]))["ac_after"] == 7


def test_proficiency_levels_are_ordered() -> None:
    assert [p.bonus for p in Proficiency] == [-1, 0, 1, 3, 5]


@pytest.mark.parametrize(
    ("immune", "resistance", "weakness", "damage"),
    [(False, 0, 0, 5), (True, 0, 3, 0), (False, 2, 0, 3), (False, 9, 0, 0), (False, 0, 2, 7),
     (False, 1, 2, 6)],
)
def test_immunity_resistance_and_weakness(immune: bool, resistance: int, weakness: int,
                                          damage: int) -> None:
    result = SYSTEM.resolve({"roll": "attack", "d10": 6, "modifier": 0, "ac": 5, "damage_d6": 4,
                             "damage_bonus": 1, "immune": immune, "resistance": resistance,
                             "weakness": weakness}, FixedDice([]))
    assert result["damage"] == damage
    missed = SYSTEM.resolve({"roll": "attack", "d10": 2, "modifier": 0, "ac": 5, "damage_d6": 4,
                             "weakness": 3}, FixedDice([]))
    assert missed["damage"] == 0  # a miss is not made worse by a Weakness


def test_attack_odds_by_hand() -> None:
    # d10 + 0 against AC 5: faces 6-9 hit, the natural 10 is a critical hit, 1-5 miss (the
    # natural 1 is a critical miss). Damage 1d6 (mean 7/2), doubled on the critical.
    plain = SYSTEM.odds({"roll": "attack", "modifier": 0, "ac": 5})
    assert plain["hit"]["fraction"] == "1/2"
    assert plain["degrees"]["critical_success"]["fraction"] == "1/10"
    assert plain["degrees"]["critical_failure"]["fraction"] == "1/10"
    assert Fraction(plain["damage_expected"]["fraction"]) == Fraction(4, 10) * Fraction(7, 2) + \
        Fraction(1, 10) * 7
    # Concealed: a concealment d10 of 1-2 misses first, whatever the attack roll
    hidden = SYSTEM.odds({"roll": "attack", "modifier": 0, "ac": 5, "concealed": True})
    assert Fraction(hidden["hit"]["fraction"]) == Fraction(8, 10) * Fraction(1, 2)
    assert hidden["auto_miss"]["fraction"] == "1/5"


def test_initiative_and_stabilize_through_the_system() -> None:
    result = SYSTEM.resolve({"roll": "initiative", "combatants": [
        {"name": "Pip", "d10": 4, "ability": 2, "proficiency": "expert", "skill": "stealth"},
        {"name": "Orc", "d10": 7, "modifier": 0},
        {"name": "Rat", "d10": 6, "modifier": 1}]}, FixedDice([]))
    assert result["order"] == ["Pip", "Orc", "Rat"] and result["ties"] == ["Orc", "Pip", "Rat"]
    saved = SYSTEM.resolve({"roll": "stabilize", "hp": -2, "d10": 5, "ability": 1,
                            "proficiency": "expert"}, FixedDice([]))
    assert saved["dc"] == 6 and saved["total"] == 7 and saved["hp_after"] == -1
    with pytest.raises(RuleError, match="^ability: a death saving throw adds no ability"):
        SYSTEM.resolve({"roll": "death_save", "hp": -2, "d10": 5, "ability": 1}, FixedDice([]))
