"""Trophy generators: treasure-hunters, names, places, treasures, monsters and incursions.

Every generator takes a dice source (or a ``random.Random``, or a seed) and draws from our own
tables in ``tables/`` (names: :mod:`oracle.solo.generate.names`). A character follows our
creation ruling (``docs/rulings.md``, Generated treasure-hunters): an occupation teaches two of its three skills, a background one more (three
different skills in all), the occupation's own item and two more pieces of equipment, one
Ritual, one piece of armor (a second on a 5-6 of a d6). Ruin starts at 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from oracle.dice import DiceSource
from oracle.solo.generate import common
from oracle.solo.generate.common import Source, as_dice, unique
from oracle.solo.generate.names import name
from oracle.solo.own_context import in_use
from oracle.solo.tables import pick, pick_distinct, pick_row
from oracle.trophy.bestiary import Monster, bestiary, check_monster
from oracle.trophy.character import ArmorPiece, Character

__all__ = ["GoldSet", "Incursion", "Place", "Treasure", "TreasureHunter", "character",
           "incursion", "monster", "monster_gold", "name", "place", "treasure", "treasure_gold"]

SKILLS_FROM_OCCUPATION = 2
EXTRA_EQUIPMENT = 2
MIN_SETS = 3
PACKAGE = "oracle.trophy"


def table(name: str) -> tuple[str, ...]:
    """One of Trophy's generator tables (``tables/<name>.txt``)."""
    return common.table(name, PACKAGE)


def rows(name: str, width: int) -> tuple[tuple[str, ...], ...]:
    """One of Trophy's generator tables of ``width`` fields a row."""
    return common.rows(name, width, PACKAGE)


@dataclass(frozen=True)
class TreasureHunter:
    """A generated Trophy character sheet."""

    name: str
    occupation: str
    background: str
    drive: str
    skills: tuple[str, ...]
    equipment: tuple[str, ...]
    rituals: tuple[str, ...]
    armor: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The sheet as JSON: the shape ``oracle generate character`` prints."""
        return {"name": self.name, "occupation": self.occupation, "background": self.background,
                "drive": self.drive, "skills": list(self.skills),
                "equipment": list(self.equipment), "rituals": list(self.rituals),
                "armor": list(self.armor)}

    def event(self) -> dict[str, Any]:
        """The campaign's ``character_created`` event for this sheet."""
        return {"type": "character_created", "character": self.to_dict()}

    def character(self) -> Character:
        """The rules core's value (Ruin 1)."""
        return Character(name=self.name, occupation=self.occupation, background=self.background,
                         skills=self.skills, drive=self.drive, rituals=self.rituals,
                         equipment=self.equipment,
                         armor=tuple(ArmorPiece(piece) for piece in self.armor))


def character(source: Source = None, taken: Sequence[str] = ()) -> TreasureHunter:
    """A new treasure-hunter, all fields filled from our tables."""
    dice = as_dice(source)
    full_name = name(dice, taken)
    occupation, taught, item = pick_row(dice, rows("occupations", 3))
    options = tuple(s.strip() for s in taught.split(";"))
    skills = list(pick_distinct(dice, options, SKILLS_FROM_OCCUPATION))
    background, given = pick_row(dice, rows("backgrounds", 2))
    if given in skills:  # the background taught nothing new: learn one from the wider list
        given = pick_distinct(dice, table("skills"), 1, avoid=tuple(skills))[0]
    skills.append(given)
    equipment = (item, *pick_distinct(dice, table("equipment"), EXTRA_EQUIPMENT, avoid=(item,)))
    armor_count = 2 if dice.roll(6) >= 5 else 1
    return TreasureHunter(
        name=full_name,
        occupation=occupation,
        background=background,
        drive=pick(dice, table("drives")),
        skills=tuple(skills),
        equipment=equipment,
        rituals=(pick(dice, table("rituals")),),
        armor=pick_distinct(dice, table("armor"), armor_count),
    )


@dataclass(frozen=True)
class Place:
    """A place in the forest: its name and a line to see it by."""

    name: str
    description: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description}


def place(source: Source = None) -> Place:
    """A place: an epithet, a kind and what it looks like."""
    dice = as_dice(source)
    word = pick(dice, table("place_words"))
    kind, looks = pick_row(dice, rows("place_kinds", 2))
    return Place(f"the {word} {kind}", looks[0].upper() + looks[1:] + ".")


@dataclass(frozen=True)
class Treasure:
    """A treasure and the Gold it is worth."""

    name: str
    description: str
    gold: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "gold": self.gold}


def treasure_gold(face: int) -> int:
    """A found treasure's worth on a d6: 1-3 is 1 Gold, 4-5 is 2, 6 is 3."""
    return 1 if face <= 3 else 2 if face <= 5 else 3


def treasure(source: Source = None) -> Treasure:
    """A treasure: the thing, what is strange about it, and its worth in Gold. On a d3 of 1 a
    whole row of our treasures (thing and oddity written together); else a thing and a mark
    drawn apart from two larger tables, whose marks suit any thing."""
    dice = as_dice(source)
    if dice.roll(3) == 1:
        thing, strange = pick_row(dice, rows("treasures", 2))
    else:
        thing, strange = pick(dice, table("treasure_things")), pick(dice, table("treasure_marks"))
    return Treasure(thing, f"{thing[0].upper()}{thing[1:]} {strange}.", treasure_gold(dice.roll(6)))


def monster_gold(endurance: int, face: int) -> int:
    """Gold a generated monster carries: (Endurance + a d6) // 3, so 1 to 6."""
    return (endurance + face) // 3


def monster(source: Source = None, taken: Sequence[str] = ()) -> Monster:
    """A new monster: an epithet and a form, a habit, Endurance 2d6 (2..12) and its Gold;
    named apart from ``taken``."""
    dice = as_dice(source)
    word = pick(dice, table("monster_words"))
    form, looks = pick_row(dice, rows("monster_forms", 2))
    habit = pick(dice, table("monster_habits"))
    endurance = dice.roll(6) + dice.roll(6)
    gold = monster_gold(endurance, dice.roll(6))
    return check_monster(Monster(unique(f"the {word} {form}", taken),
                                 f"{looks[0].upper()}{looks[1:]}. {habit}", endurance, gold))


@dataclass(frozen=True)
class GoldSet:
    """One set of an incursion: a place, its set goal, and what waits there."""

    place: Place
    goal: str
    monster: Monster | None
    treasure: Treasure | None

    def to_dict(self) -> dict[str, Any]:
        return {"place": self.place.to_dict(), "goal": self.goal,
                "monster": None if self.monster is None else self.monster.to_dict(),
                "treasure": None if self.treasure is None else self.treasure.to_dict()}


@dataclass(frozen=True)
class Incursion:
    """An incursion: its name, the rumour that draws the party in, and its sets in order."""

    name: str
    hook: str
    sets: tuple[GoldSet, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "hook": self.hook, "sets": [s.to_dict() for s in self.sets]}


def _set(dice: DiceSource, goal: str, last: bool) -> GoldSet:
    where = place(dice)
    threat = None
    if last or dice.roll(6) >= 4:  # the last set always holds the incursion's monster
        monsters = bestiary()
        threat = monsters[dice.roll(len(monsters)) - 1] if dice.roll(2) == 1 else monster(dice)
    found = treasure(dice) if dice.roll(6) >= 3 else None
    return GoldSet(where, goal, threat, found)


def incursion(source: Source = None) -> Incursion:
    """An incursion of 3 to 5 sets (2 + a d3), each with a different set goal (the player's
    own ``sets*.txt`` goals in use first)."""
    dice = as_dice(source)
    count = MIN_SETS - 1 + (dice.roll(6) + 1) // 2
    theirs = tuple(dict.fromkeys(g for g, _ in in_use("sets")))  # the player's own first
    mine = pick_distinct(dice, theirs, min(count, len(theirs)))
    goals = mine + pick_distinct(dice, table("set_goals"), count - len(mine), avoid=mine)
    heart = place(dice)
    sets = tuple(_set(dice, goal, i == count - 1) for i, goal in enumerate(goals))
    return Incursion(f"The {heart.name[4:]}", pick(dice, table("incursion_hooks")),
                     sets)
