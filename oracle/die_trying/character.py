"""The Die Trying character sheet as a frozen value, and the rules that change it.

Die Trying, Determine HP, AC and Speed: HP is twice Constitution, AC is 4 + Dexterity + armor
(the armor proficiency bonus, +2 more for heavy armor), Speed starts at 30. Leveling Up: a
Point puts a mark on one ability, proficiency or talent; the third mark clears the marks and
raises it one step. Changes return new values (``dataclasses.replace``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from oracle.die_trying.checks import Proficiency
from oracle.die_trying.creation import (
    Ability,
    Skill,
    Training,
    check_creation_scores,
    parse_ability,
    parse_skill,
)
from oracle.die_trying.equipment import (
    STARTING_SP,
    ArmorKind,
    Category,
    Purchase,
    check_budget,
    total_bulk,
)
from oracle.errors import RuleError, shown

BASE_AC = 4
BASE_SPEED = 30
DEATH_AT = -5  # Death Saving Throws: reaching -5 HP kills
MARKS_TO_RAISE = 3  # Leveling Up: three marks raise it
MIN_MAX_HP = 1
MEDICINE_KIT_USES = 10  # Miscellaneous Items: a Medicine Kit has 10 uses


@dataclass(frozen=True)
class Character:
    """A Die Trying character: creation choices plus what play changes."""

    name: str
    abilities: tuple[tuple[Ability, int], ...]
    training: Training = field(default_factory=Training)
    species: str = ""
    size: str = "medium"
    equipment: tuple[Purchase, ...] = ()
    worn_armor: ArmorKind | None = None
    sp: int = STARTING_SP
    hp: int = 0
    magic_dice: int = 0
    bonus_magic_dice: int = 0
    instability: int = 0
    points: int = 0
    marks: tuple[tuple[str, int], ...] = ()
    stable: bool = False
    dead: bool = False
    unconscious_hours: int | None = None
    medicine_used: int = 0

    def score(self, ability: Ability) -> int:
        return dict(self.abilities)[ability]

    def proficiency(self, skill: Skill) -> Proficiency:
        return self.training.proficiency(skill)

    def modifier(self, ability: Ability, skill: Skill) -> int:
        """A check's bonus: the ability plus the proficiency bonus (heavy armor: -1 Stealth)."""
        bonus = self.score(ability) + self.proficiency(skill).bonus
        if skill is Skill.STEALTH and self.worn_armor is not None:
            bonus += self.worn_armor.stealth_penalty
        return bonus

    @property
    def max_hp(self) -> int:
        """HP: twice Constitution. ruling: never below 1, so a Constitution of 0 or -1 does not
        start a character dying (and regaining HP never passes the maximum)."""
        return max(2 * self.score(Ability.CONSTITUTION), MIN_MAX_HP)

    @property
    def armor_class(self) -> int:
        """AC: 4 + Dexterity + (when armor is worn) the armor proficiency bonus and heavy's +2."""
        ac = BASE_AC + self.score(Ability.DEXTERITY)
        if self.worn_armor is not None:
            ac += self.proficiency(Skill.ARMOR).bonus + self.worn_armor.ac_bonus
        return ac

    @property
    def speed(self) -> int:
        return BASE_SPEED

    @property
    def bulk(self) -> int:
        return total_bulk(self.equipment, self.worn_armor)

    @property
    def dying(self) -> bool:
        """At 0 HP or below, not yet stable and not dead: death saves at the end of each turn."""
        return self.hp <= 0 and not self.stable and not self.dead

    @property
    def medicine_uses(self) -> int:
        """Medicine Kit uses left: 10 a kit, 1 a single use bought, less those spent."""
        owned = sum(p.quantity * (MEDICINE_KIT_USES if p.key == "medicine_kit" else 1)
                    for p in self.equipment if p.key in ("medicine_kit", "medicine_kit_use"))
        return owned - self.medicine_used

    @property
    def usable_magic_dice(self) -> int:
        return self.magic_dice + self.bonus_magic_dice

    def marks_on(self, target: str) -> int:
        return dict(self.marks).get(target, 0)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "species": self.species,
            "size": self.size,
            "abilities": {a.value: s for a, s in self.abilities},
            "proficiencies": {s.value: p.label for s, p in self.training.proficiencies},
            "talents": dict(self.training.talents),
            "equipment": [p.as_dict() for p in self.equipment],
            "worn_armor": self.worn_armor.value if self.worn_armor else None,
            "sp": self.sp,
            "hp": self.hp,
            "max_hp": self.max_hp,
            "ac": self.armor_class,
            "speed": self.speed,
            "bulk": self.bulk,
            "magic_dice": self.magic_dice,
            "bonus_magic_dice": self.bonus_magic_dice,
            "instability": self.instability,
            "points": self.points,
            "marks": dict(self.marks),
            "stable": self.stable,
            "dead": self.dead,
            "dying": self.dying,
            "unconscious_hours": self.unconscious_hours,
            "medicine_uses": self.medicine_uses,
        }


def create_character(
    name: str,
    scores: Mapping[Ability, int],
    training: Training | None = None,
    equipment: Sequence[Purchase] = (),
    wear_armor: bool = True,
    species: str = "",
    size: str = "medium",
    magic_dice: int = 0,
) -> Character:
    """A new character, checked against the creation rules (scores, levels, 45 SP)."""
    if not name.strip():
        raise RuleError("name: every character needs a name (a name can be anything).")
    check_creation_scores(scores)
    sp = check_budget(equipment)
    armor_kinds = [
        ArmorKind.HEAVY if p.key == "heavy_armor" else ArmorKind.LIGHT
        for p in equipment
        if p.item.category is Category.ARMOR
    ]
    # ruling: wearing armor, a character wears the best suit bought (heavy over light).
    worn = max(armor_kinds, key=lambda k: k.ac_bonus) if wear_armor and armor_kinds else None
    if magic_dice < 0:
        raise RuleError(f"magic_dice: a character cannot have fewer than 0 Magic Dice; got {magic_dice}.")
    character = Character(
        name=name.strip(),
        abilities=tuple((a, scores[a]) for a in Ability),
        training=training if training is not None else Training(),
        species=species,
        size=size,
        equipment=tuple(equipment),
        worn_armor=worn,
        sp=sp,
        magic_dice=magic_dice,
    )
    return replace(character, hp=character.max_hp)


def take_damage(character: Character, amount: int) -> Character:
    """Damage lowers HP; at 0 or below the character is dying, at -5 or below dead."""
    if amount < 0:
        raise RuleError(f"amount: damage is 0 or more; got {amount}.")
    if character.dead:
        raise RuleError(f"name: {character.name} is dead; the dead take no more damage.")
    hp = character.hp - amount
    # ruling: -5 HP kills however it is reached, not only through a failed death save.
    dead = hp <= DEATH_AT
    stable = character.stable and amount == 0
    return replace(character, hp=max(hp, DEATH_AT), dead=dead, stable=stable,
                   unconscious_hours=character.unconscious_hours if stable else None)


def heal(character: Character, amount: int) -> Character:
    """Healing raises HP, never above the maximum; above 0 HP the character acts again."""
    if amount < 0:
        raise RuleError(f"amount: healing is 0 or more; got {amount}.")
    if character.dead:
        raise RuleError(f"name: {character.name} is dead; healing cannot bring them back.")
    hp = min(character.max_hp, character.hp + amount)
    if hp > 0:
        return replace(character, hp=max(hp, character.hp), stable=False, unconscious_hours=None)
    return replace(character, hp=max(hp, character.hp))


def parse_mark_target(value: object) -> str:
    """A mark's target: ``"strength"``, ``"stealth"`` or ``"talent:Name"`` (canonical form)."""
    if isinstance(value, str) and value.startswith("talent:") and value[len("talent:"):].strip():
        return "talent:" + value[len("talent:"):].strip()
    if isinstance(value, str):
        name = value.strip().lower()
        if name in {a.value for a in Ability}:
            return parse_ability("target", name).value
        if name in {s.value for s in Skill}:
            return parse_skill("target", name).value
    raise RuleError(
        f"target: {shown(value)} is not an ability, one of the 18 proficiencies, or \"talent:<name>\"."
    )


def award_points(character: Character, points: int) -> Character:
    """Leveling Up: the Trapsetter grants Points (each one becomes a mark)."""
    if points < 1:
        raise RuleError(f"points: award at least 1 Point; got {points}.")
    return replace(character, points=character.points + points)


def mark(character: Character, target_name: object) -> Character:
    """Spend a Point on a mark; the third mark clears the marks and raises the target."""
    target = parse_mark_target(target_name)
    if character.points < 1:
        raise RuleError(f"points: {character.name} has no Point to spend on a mark.")
    if target in {s.value for s in Skill}:
        skill = Skill(target)
        if character.proficiency(skill) is Proficiency.LEGENDARY:
            raise RuleError(f"target: {target} is already legendary, the highest proficiency level.")
    count = character.marks_on(target) + 1
    marks = dict(character.marks)
    changed = replace(character, points=character.points - 1)
    if count < MARKS_TO_RAISE:
        marks[target] = count
        return replace(changed, marks=tuple(marks.items()))
    marks.pop(target, None)
    return replace(raise_target(changed, target), marks=tuple(marks.items()))


def raise_target(character: Character, target: str) -> Character:
    """One step up: an ability +1, a proficiency one level, a talent one level."""
    if target.startswith("talent:"):
        name = target[len("talent:"):]
        talents = dict(character.training.talents)
        # ruling: marks may go on a talent not yet held; the raise gains it at level 1.
        talents[name] = talents.get(name, 0) + 1
        return replace(character, training=replace(character.training, talents=tuple(talents.items())))
    if target in {s.value for s in Skill}:
        skill = Skill(target)
        profs = dict(character.training.proficiencies)
        profs[skill] = Proficiency(character.proficiency(skill) + 1)
        return replace(
            character, training=replace(character.training, proficiencies=tuple(profs.items()))
        )
    ability = Ability(target)
    scores = dict(character.abilities)
    scores[ability] += 1
    raised = replace(character, abilities=tuple(scores.items()))
    # ruling: a higher Constitution raises current HP by as much as it raises the maximum.
    return replace(raised, hp=raised.hp + raised.max_hp - character.max_hp)
