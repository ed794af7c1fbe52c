"""Die Trying generators: characters built by the creation rules, and creatures.

A character: a name and species; six ability scores rolled by the d3/d2 procedure and placed by
an archetype's priorities; 6 levels of proficiencies (the archetype's key skill at expert, four
more trained), no talents (their list is in another document); then 45 SP of equipment from the
price list, never more; a lantern always with a flask of oil. ``oracle.die_trying.fields.character_from`` accepts :meth:`request`.

A creature (our ruling, ``docs/rulings.md``): the same six scores by the same procedure, placed
by its concept (the abilities it leads with get the best rolls, the one it lacks the worst), a
threat level 0..2 adding +1 to its leading scores per level, HP twice Constitution (at least
1) plus 2 per threat level, AC 4 + Dexterity + its hide (0, 1 or 2), a 1d6 weapon.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from oracle.dice import DiceSource
from oracle.die_trying.character import Character, create_character
from oracle.die_trying.checks import Proficiency
from oracle.die_trying.creation import ABILITY_ROLLS, CREATION_LEVELS, Ability, Skill, Training
from oracle.die_trying.dice import roll_d2, roll_d3
from oracle.die_trying.equipment import (
    ITEMS,
    STARTING_SP,
    WEAPON_DAMAGE_TYPES,
    Purchase,
    WeaponTrait,
)
from oracle.solo.generate import common
from oracle.solo.generate.common import Source, as_dice, unique
from oracle.solo.generate.names import name as full_name_of
from oracle.solo.tables import pick_distinct, pick_row

PACKAGE = "oracle.die_trying"


def rows(name: str, width: int) -> tuple[tuple[str, ...], ...]:
    """One of Die Trying's generator tables (``tables/<name>.txt``) of ``width`` fields a row."""
    return common.rows(name, width, PACKAGE)


A = Ability
S = Skill
TRAINED_PICKS = 4  # after the expert key skill (2 levels): 4 more levels, one skill each

# archetype: (ability priority, key skill, skills to train from, armor to buy)
ARCHETYPES: dict[str, tuple[tuple[Ability, ...], Skill, tuple[Skill, ...], str | None]] = {
    "brute": ((A.STRENGTH, A.CONSTITUTION, A.DEXTERITY, A.WISDOM, A.CHARISMA, A.INTELLIGENCE),
              S.WEAPONS, (S.ARMOR, S.ATHLETICS, S.INTIMIDATION, S.SURVIVAL, S.PERCEPTION),
              "heavy_armor"),
    "skulker": ((A.DEXTERITY, A.WISDOM, A.INTELLIGENCE, A.CONSTITUTION, A.CHARISMA, A.STRENGTH),
                S.STEALTH, (S.THIEVERY, S.ACROBATICS, S.PERCEPTION, S.DECEPTION, S.WEAPONS),
                None),
    "delver": ((A.CONSTITUTION, A.WISDOM, A.STRENGTH, A.DEXTERITY, A.INTELLIGENCE, A.CHARISMA),
               S.SURVIVAL, (S.ATHLETICS, S.PERCEPTION, S.NATURE, S.MEDICINE, S.ARMOR, S.WEAPONS),
               "light_armor"),
    "scholar": ((A.INTELLIGENCE, A.WISDOM, A.DEXTERITY, A.CHARISMA, A.CONSTITUTION, A.STRENGTH),
                S.ARCANA, (S.OCCULTISM, S.RELIGION, S.CRAFTING, S.MEDICINE, S.INSIGHT), None),
    "talker": ((A.CHARISMA, A.WISDOM, A.DEXTERITY, A.INTELLIGENCE, A.CONSTITUTION, A.STRENGTH),
               S.PERSUASION, (S.DECEPTION, S.INSIGHT, S.INTIMIDATION, S.PERCEPTION, S.STEALTH),
               None),
    "sellsword": ((A.DEXTERITY, A.CONSTITUTION, A.STRENGTH, A.WISDOM, A.CHARISMA, A.INTELLIGENCE),
                  S.WEAPONS, (S.ARMOR, S.ACROBATICS, S.ATHLETICS, S.PERCEPTION, S.MEDICINE),
                  "light_armor"),
}
FILLERS = ("torch", "rope", "rations", "tinderbox", "medicine_kit", "lantern",
           "thieves_tools", "hooded_lantern", "medicine_kit_use")
# a lantern "does not burn itself, instead burning Lantern Oil": it is bought with a flask, or
# not at all; one lantern is enough
LANTERNS = ("lantern", "hooded_lantern")
OIL = "lantern_oil"
ABBREVIATIONS = {"str": A.STRENGTH, "dex": A.DEXTERITY, "con": A.CONSTITUTION,
                 "int": A.INTELLIGENCE, "wis": A.WISDOM, "cha": A.CHARISMA}


def ability_rolls(dice: DiceSource) -> tuple[int, ...]:
    """Six scores by Die Trying's procedure: a d3; a 3 is +3, a 1 or 2 asks a d2 (1 takes 2)."""
    scores = []
    for _ in range(ABILITY_ROLLS):
        d3 = roll_d3(dice)
        scores.append(3 if d3 == 3 else d3 - 2 if roll_d2(dice) == 1 else d3)
    return tuple(scores)


def place_scores(scores: tuple[int, ...], priority: tuple[Ability, ...]) -> dict[Ability, int]:
    """The best roll to the first ability of ``priority``, and so on down."""
    return dict(zip(priority, sorted(scores, reverse=True), strict=True))


def training(dice: DiceSource, key: Skill, options: tuple[Skill, ...]) -> Training:
    """The key skill at expert and four others trained: all 6 creation levels."""
    others = pick_distinct(dice, tuple(s.value for s in options if s is not key), TRAINED_PICKS)
    profs = ((key, Proficiency.EXPERT), *((Skill(s), Proficiency.TRAINED) for s in others))
    built = Training(tuple(profs), ())
    assert built.levels_spent == CREATION_LEVELS
    return built


def shopping(dice: DiceSource, armor: str | None) -> tuple[Purchase, ...]:
    """A weapon (trait and damage type rolled), the archetype's armor, then small things
    bought in a rolled order while the 45 SP last (each one at most once)."""
    traits = tuple(WeaponTrait)
    weapon = Purchase("weapon", 1, traits[dice.roll(len(traits)) - 1],
                      WEAPON_DAMAGE_TYPES[dice.roll(len(WEAPON_DAMAGE_TYPES)) - 1])
    bought = [weapon] + ([Purchase(armor)] if armor else [])
    left = STARTING_SP - sum(p.cost for p in bought)
    for key in pick_distinct(dice, FILLERS, len(FILLERS)):
        lantern = key in LANTERNS
        if lantern and any(p.key in LANTERNS for p in bought):
            continue
        cost = ITEMS[key].price + (ITEMS[OIL].price if lantern else 0)
        if cost <= left:
            bought.extend([Purchase(key), Purchase(OIL)] if lantern else [Purchase(key)])
            left -= cost
    return tuple(bought)


@dataclass(frozen=True)
class Build:
    """A generated Die Trying character: the creation choices and the archetype behind them."""

    name: str
    species: str
    size: str
    archetype: str
    rolls: tuple[int, ...]
    scores: tuple[tuple[Ability, int], ...]
    training: Training
    equipment: tuple[Purchase, ...]

    def request(self) -> dict[str, Any]:
        """The ``character`` request ``oracle resolve`` (Die Trying) accepts."""
        return {
            "system": "die_trying", "roll": "character", "name": self.name,
            "species": self.species, "size": self.size,
            "abilities": {a.value: s for a, s in self.scores},
            "proficiencies": {s.value: p.label for s, p in self.training.proficiencies},
            "talents": {},
            "equipment": [{"item": p.key} if p.trait is None else
                          {"item": p.key, "trait": p.trait.value,
                           "damage_type": p.damage_type.value if p.damage_type else "slashing"}
                          for p in self.equipment],
        }

    def character(self) -> Character:
        """The rules core's character (checked: scores, levels, the 45 SP)."""
        return create_character(self.name, dict(self.scores), self.training, self.equipment,
                                species=self.species, size=self.size)

    def to_dict(self) -> dict[str, Any]:
        return {"archetype": self.archetype, "rolls": list(self.rolls),
                **self.character().as_dict()}


def character(source: Source = None, taken: Sequence[str] = ()) -> Build:
    """A new Die Trying character within the creation rules, named apart from ``taken``."""
    dice = as_dice(source)
    full_name = full_name_of(dice, taken)
    species, size = pick_row(dice, rows("dt_species", 2))
    archetypes = tuple(ARCHETYPES)
    archetype = archetypes[dice.roll(len(archetypes)) - 1]
    priority, key, options, armor = ARCHETYPES[archetype]
    rolled = ability_rolls(dice)
    scores = place_scores(rolled, priority)
    return Build(full_name, species, size, archetype, rolled,
                 tuple((a, scores[a]) for a in Ability), training(dice, key, options),
                 shopping(dice, armor))


@dataclass(frozen=True)
class Creature:
    """A generated Die Trying creature."""

    name: str
    description: str
    threat: int
    scores: tuple[tuple[Ability, int], ...]
    hide: int

    def score(self, ability: Ability) -> int:
        return dict(self.scores)[ability]

    @property
    def hp(self) -> int:
        return max(2 * self.score(Ability.CONSTITUTION), 1) + 2 * self.threat

    @property
    def ac(self) -> int:
        return 4 + self.score(Ability.DEXTERITY) + self.hide

    @property
    def attack_modifier(self) -> int:
        """Strength or Dexterity, whichever is better, plus trained weapons (+0)."""
        return max(self.score(Ability.STRENGTH), self.score(Ability.DEXTERITY))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "threat": self.threat,
                "abilities": {a.value: s for a, s in self.scores}, "hp": self.hp, "ac": self.ac,
                "attack_modifier": self.attack_modifier, "damage": "1d6"}


def concept(text: str) -> tuple[tuple[Ability, ...], Ability]:
    """The abilities a creature's concept leads with and the one it lacks: ``"str con / dex"``."""
    leads, _, weak = text.partition("/")
    return tuple(ABBREVIATIONS[w] for w in leads.split()), ABBREVIATIONS[weak.strip()]


def creature(source: Source = None, taken: Sequence[str] = ()) -> Creature:
    """A new creature: our table's name, scores rolled and placed by its concept (its leading
    abilities get the best rolls and the threat's bonus, the one it lacks the worst roll), a
    threat level and a hide; named apart from ``taken`` (a second one is "II")."""
    dice = as_dice(source)
    creature_name, description, leading = pick_row(dice, rows("dt_creatures", 3))
    leads, weak = concept(leading)
    threat = dice.roll(3) - 1
    rolled = sorted(ability_rolls(dice), reverse=True)
    middle = tuple(a.value for a in Ability if a not in leads and a is not weak)
    order = [*leads, *(Ability(v) for v in pick_distinct(dice, middle, len(middle))), weak]
    scores = {a: s + (threat if a in leads else 0) for a, s in zip(order, rolled, strict=True)}
    return Creature(unique(creature_name, taken), description, threat,
                    tuple((a, scores[a]) for a in Ability), dice.roll(3) - 1)
