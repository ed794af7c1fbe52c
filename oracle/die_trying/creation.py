"""Character creation: ability scores, proficiencies and talents.

Die Trying, Ability Scores: roll a d3 six times; a 3 is always +3; a 1 or 2 calls for a d2,
and a d2 of 1 takes 2 away (1 becomes -1, 2 becomes 0) while a d2 of 2 keeps it. The six
results are then assigned to the abilities as the player likes.

Die Trying, Proficiency and Talents: 6 levels to split among proficiencies and talents; at
creation no proficiency goes beyond expert and no talent beyond level 2.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from oracle.die_trying.checks import Proficiency
from oracle.die_trying.dice import d2_from_face, d3_from_d6
from oracle.errors import RequestError, RuleError, shown

ABILITY_ROLLS = 6
CREATION_LEVELS = 6  # Proficiency and Talents: 6 levels to split
CREATION_PROFICIENCY_CAP = Proficiency.EXPERT  # "highest level available at character creation"
CREATION_TALENT_CAP = 2


class Ability(enum.Enum):
    """The six Ability Scores every character and Creature has."""

    STRENGTH = "strength"
    DEXTERITY = "dexterity"
    CONSTITUTION = "constitution"
    INTELLIGENCE = "intelligence"
    WISDOM = "wisdom"
    CHARISMA = "charisma"


class Skill(enum.Enum):
    """The 18 proficiencies: 16 skills, weapon proficiency and armor proficiency."""

    ACROBATICS = "acrobatics"
    ARCANA = "arcana"
    ATHLETICS = "athletics"
    CRAFTING = "crafting"
    DECEPTION = "deception"
    INSIGHT = "insight"
    INTIMIDATION = "intimidation"
    MEDICINE = "medicine"
    NATURE = "nature"
    OCCULTISM = "occultism"
    PERCEPTION = "perception"
    PERSUASION = "persuasion"
    RELIGION = "religion"
    STEALTH = "stealth"
    SURVIVAL = "survival"
    THIEVERY = "thievery"
    WEAPONS = "weapons"
    ARMOR = "armor"


# Magic: an improvised casting is checked with one of these four.
CASTING_SKILLS = (Skill.ARCANA, Skill.NATURE, Skill.OCCULTISM, Skill.RELIGION)


def ability_score(d3: int, d2: int | None) -> int:
    """One ability score from its d3 and (for a d3 of 1 or 2) its d2."""
    if d3 == 3:
        return 3
    if d2 is None:
        raise RuleError(f"d2: a d3 of {d3} needs a d2 to settle it.")
    return d3 - 2 if d2 == 1 else d3


@dataclass(frozen=True)
class AbilityRoll:
    """One of the six rolls: the d6 read as a d3, and the d2 die's face when one was needed."""

    d6: int
    d2_face: int | None

    @property
    def d3(self) -> int:
        return d3_from_d6(self.d6)

    @property
    def d2(self) -> int | None:
        return None if self.d2_face is None else d2_from_face(self.d2_face)

    @property
    def score(self) -> int:
        return ability_score(self.d3, self.d2)


def ability_rolls(d6_faces: Sequence[int], d2_faces: Sequence[int]) -> tuple[AbilityRoll, ...]:
    """Pair six d6 faces with the d2 faces, one d2 for each d3 of 1 or 2, in order."""
    if len(d6_faces) != ABILITY_ROLLS:
        raise RuleError(f"d6: ability scores take {ABILITY_ROLLS} d3 rolls (d6 halved); got {len(d6_faces)}.")
    needed = sum(1 for face in d6_faces if d3_from_d6(face) != 3)
    if len(d2_faces) != needed:
        raise RuleError(
            f"d2: {needed} of the d3 rolls came out 1 or 2, so {needed} d2 faces are needed; "
            f"got {len(d2_faces)}."
        )
    spare = iter(d2_faces)
    return tuple(
        AbilityRoll(face, None if d3_from_d6(face) == 3 else next(spare)) for face in d6_faces
    )


def parse_ability(field: str, value: object) -> Ability:
    if isinstance(value, Ability):
        return value
    if isinstance(value, str) and value.strip().lower() in {a.value for a in Ability}:
        return Ability(value.strip().lower())
    raise RuleError(
        f"{field}: {shown(value)} is not an ability; use one of {', '.join(a.value for a in Ability)}."
    )


def parse_skill(field: str, value: object) -> Skill:
    if isinstance(value, Skill):
        return value
    if isinstance(value, str) and value.strip().lower() in {s.value for s in Skill}:
        return Skill(value.strip().lower())
    raise RuleError(
        f"{field}: {shown(value)} is not one of the 18 proficiencies "
        f"({', '.join(s.value for s in Skill)})."
    )


def assign_scores(rolls: Sequence[int], order: Sequence[object]) -> dict[Ability, int]:
    """Ability Scores: roll ``i`` goes to ability ``order[i]``; each ability exactly once."""
    abilities = [parse_ability(f"assign[{i}]", name) for i, name in enumerate(order)]
    if len(abilities) != ABILITY_ROLLS or len(set(abilities)) != ABILITY_ROLLS:
        raise RuleError("assign: name each of the six abilities exactly once, one per roll.")
    return dict(zip(abilities, rolls, strict=True))


def parse_abilities(field: str, value: object) -> dict[Ability, int]:
    """Six ability scores ``{"strength": 1, ...}``, each one a result the procedure can give."""
    if not isinstance(value, Mapping):
        raise RequestError(f"{field}: give the six ability scores as an object, e.g. {{\"strength\": 1}}.")
    scores: dict[Ability, int] = {}
    for name, score in value.items():
        ability = parse_ability(f"{field}", name)
        if isinstance(score, bool) or not isinstance(score, int):
            raise RequestError(f"{field}.{ability.value}: must be a whole number, not {shown(score)}.")
        scores[ability] = score
    missing = [a.value for a in Ability if a not in scores]
    if missing:
        raise RuleError(f"{field}: every character has all six abilities; missing {', '.join(missing)}.")
    return scores


def check_creation_scores(scores: Mapping[Ability, int]) -> None:
    """At creation each score is one the d3/d2 procedure can give: -1, 0, 1, 2 or 3."""
    for ability, score in scores.items():
        if not -1 <= score <= 3:
            raise RuleError(
                f"abilities.{ability.value}: a new character's score is -1 to 3 "
                f"(the d3/d2 procedure); got {score}."
            )


@dataclass(frozen=True)
class Training:
    """Proficiencies above untrained and talents with their levels."""

    proficiencies: tuple[tuple[Skill, Proficiency], ...] = ()
    talents: tuple[tuple[str, int], ...] = ()

    @property
    def levels_spent(self) -> int:
        """A proficiency costs one level per step above untrained; a talent one per level."""
        return sum(int(level) for _, level in self.proficiencies) + sum(
            level for _, level in self.talents
        )

    def proficiency(self, skill: Skill) -> Proficiency:
        return dict(self.proficiencies).get(skill, Proficiency.UNTRAINED)


def _creation_proficiencies(proficiencies: object) -> dict[Skill, Proficiency]:
    """The trained proficiencies chosen at creation, each at most expert."""
    from oracle.die_trying.checks import parse_proficiency

    profs: dict[Skill, Proficiency] = {}
    if proficiencies is None:
        proficiencies = {}
    if not isinstance(proficiencies, Mapping):
        raise RequestError("proficiencies: give them as an object, e.g. {\"stealth\": \"expert\"}.")
    for name, level_name in proficiencies.items():
        skill = parse_skill("proficiencies", name)
        level = parse_proficiency(f"proficiencies.{skill.value}", level_name)
        if level > CREATION_PROFICIENCY_CAP:
            raise RuleError(
                f"proficiencies.{skill.value}: at character creation a proficiency goes no higher "
                f"than expert; got {level.label}."
            )
        if level > Proficiency.UNTRAINED:
            profs[skill] = level
    return profs


def _creation_talents(talents: object) -> dict[str, int]:
    """The talents chosen at creation, by name, each at most the creation cap."""
    tals: dict[str, int] = {}
    if talents is None:
        talents = {}
    if not isinstance(talents, Mapping):
        raise RequestError("talents: give them as an object of name to level, e.g. {\"Fireball\": 1}.")
    for name, level in talents.items():
        if not isinstance(name, str) or not name.strip():
            raise RequestError("talents: a talent needs a name.")
        if isinstance(level, bool) or not isinstance(level, int) or level < 1:
            raise RequestError(f"talents.{name}: a talent level is a whole number of at least 1.")
        if level > CREATION_TALENT_CAP:
            raise RuleError(
                f"talents.{name}: at character creation a talent goes no higher than level "
                f"{CREATION_TALENT_CAP}; got {level}."
            )
        tals[name.strip()] = level
    return tals


def parse_training(proficiencies: object, talents: object) -> Training:
    """Creation choices, checked against the 6-level budget and the creation caps."""
    profs = _creation_proficiencies(proficiencies)
    tals = _creation_talents(talents)
    training = Training(tuple(profs.items()), tuple(tals.items()))
    if training.levels_spent > CREATION_LEVELS:
        raise RuleError(
            f"proficiencies and talents: a new character has {CREATION_LEVELS} levels to split; "
            f"these choices take {training.levels_spent}."
        )
    return training
