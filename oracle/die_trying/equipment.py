"""Equipment: the price lists, weapon traits, armor, light sources and Bulk.

Die Trying, Equipment: a new character has 45 Silver Pieces (SP) to spend. Prices and Bulk are
the text's; descriptions are in our own words. Bulk is Negligible ("--"), Light ("L", ten make
1 Bulk) or a number.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from oracle.errors import RequestError, RuleError, shown

STARTING_SP = 45  # Equipment: 45 SP to spend at character creation
LIGHT_ITEMS_PER_BULK = 10  # Bulk: ten Light items are 1 Bulk
E = TypeVar("E", bound=enum.Enum)

WEAPON_PRICE = 15  # Weapons: almost all cost 15 SP and deal 1d6


class Bulk(enum.Enum):
    """How an item counts toward Bulk: negligible, light, or a whole number (see ``amount``)."""

    NEGLIGIBLE = "--"
    LIGHT = "L"
    WHOLE = "#"


@dataclass(frozen=True)
class BulkValue:
    """An item's Bulk: ``kind`` plus ``amount`` for whole-number Bulk."""

    kind: Bulk
    amount: int = 0

    def __str__(self) -> str:
        return str(self.amount) if self.kind is Bulk.WHOLE else self.kind.value


NEGLIGIBLE = BulkValue(Bulk.NEGLIGIBLE)
LIGHT = BulkValue(Bulk.LIGHT)


def whole_bulk(amount: int) -> BulkValue:
    return BulkValue(Bulk.WHOLE, amount)


class Category(enum.Enum):
    WEAPON = "weapon"
    ARMOR = "armor"
    LIGHT = "light"
    MISCELLANEOUS = "miscellaneous"


@dataclass(frozen=True)
class Item:
    """One line of a price list."""

    key: str
    name: str
    category: Category
    price: int
    bulk: BulkValue
    notes: str


class WeaponTrait(enum.Enum):
    """Weapons: the one trait an ordinary weapon carries (our summaries)."""

    DEADLY = "deadly"
    DESTRUCTIVE = "destructive"
    EXECUTING = "executing"
    FINESSE = "finesse"
    IMPALING = "impaling"
    SWEEPING = "sweeping"
    TWIN = "twin"
    WEIGHTY = "weighty"

    @property
    def summary(self) -> str:
        return _TRAIT_SUMMARY[self]


_TRAIT_SUMMARY: dict[WeaponTrait, str] = {
    WeaponTrait.DEADLY: "a critical hit multiplies damage by three instead of two",
    WeaponTrait.DESTRUCTIVE: "objects take twice the damage",
    WeaponTrait.EXECUTING: "+2 damage against a Prone creature",
    WeaponTrait.FINESSE: "attack with Dexterity in place of Strength",
    WeaponTrait.IMPALING: (
        "a critical hit pins the target (Immobilized) until the end of its next turn, or until "
        "you move, let go or attack someone else"
    ),
    WeaponTrait.SWEEPING: (
        "may deal half damage; dropping the target to 0 HP or below lets the same damage hit a "
        "second creature within 5 feet of you both"
    ),
    WeaponTrait.TWIN: "a pair used as one: -2 to attack with only one, +1 damage with both",
    WeaponTrait.WEIGHTY: "add half your Strength, rounded up, to damage",
}


class DamageType(enum.Enum):
    """Damage Types; a weapon picks bludgeoning, piercing or slashing."""

    BLUDGEONING = "bludgeoning"
    PIERCING = "piercing"
    SLASHING = "slashing"
    COLD = "cold"
    FIRE = "fire"
    LIGHTNING = "lightning"
    FORCE = "force"
    RADIANT = "radiant"
    DARK = "dark"
    NEGATIVE = "negative"
    POSITIVE = "positive"


WEAPON_DAMAGE_TYPES = (DamageType.BLUDGEONING, DamageType.PIERCING, DamageType.SLASHING)


class ArmorKind(enum.Enum):
    """Armor: light or heavy. ``ac_bonus`` is on top of the armor proficiency bonus."""

    LIGHT = "light"
    HEAVY = "heavy"

    @property
    def ac_bonus(self) -> int:
        return 2 if self is ArmorKind.HEAVY else 0  # Armor: heavy grants +2 more

    @property
    def stealth_penalty(self) -> int:
        return -1 if self is ArmorKind.HEAVY else 0  # Armor: heavy is noisy, -1 Stealth

    @property
    def item_key(self) -> str:
        return f"{self.value}_armor"


ARMOR_UNWORN_EXTRA_BULK = 1  # Armor: one more Bulk when carried rather than worn

# ruling: the text gives no Bulk for weapons; we count an ordinary weapon as 1 Bulk.
WEAPON_BULK = whole_bulk(1)

PRICE_LIST: tuple[Item, ...] = (
    Item("weapon", "Weapon", Category.WEAPON, WEAPON_PRICE, WEAPON_BULK,
         "1d6 damage (bludgeoning, piercing or slashing) and one trait of your choice"),
    Item("light_armor", "Light Armor", Category.ARMOR, 15, whole_bulk(1),
         "adds your armor proficiency bonus to AC; 5 minutes to don"),
    Item("heavy_armor", "Heavy Armor", Category.ARMOR, 30, whole_bulk(2),
         "armor proficiency bonus +2 to AC; 15 minutes to don; noisy, -1 to Stealth"),
    Item("torch", "Torch", Category.LIGHT, 2, LIGHT,
         "burns 1 hour: normal light 20 ft, dim light 20 ft further"),
    Item("lantern", "Lantern", Category.LIGHT, 6, LIGHT,
         "burns oil, 4 hours a flask: normal light 20 ft, dim light 20 ft further"),
    Item("hooded_lantern", "Lantern, Hooded", Category.LIGHT, 7, LIGHT,
         "as a lantern; a Bonus Action lowers the hood to dim light 5 ft, or raises it"),
    Item("bullseye_lantern", "Lantern, Bullseye", Category.LIGHT, 6, LIGHT,
         "burns oil, 4 hours a flask: normal light in a 35 ft cone, dim light 35 ft further"),
    # ruling: the text prices lantern oil (2 SP a flask) but gives no Bulk; we count it Light.
    Item("lantern_oil", "Lantern Oil (flask)", Category.LIGHT, 2, LIGHT,
         "fuel for 4 hours of lantern light"),
    Item("thieves_tools", "Thieves Tools", Category.MISCELLANEOUS, 15, NEGLIGIBLE,
         "needed to pick locks and disarm traps"),
    Item("rope", "Rope", Category.MISCELLANEOUS, 5, whole_bulk(1),
         "helps a climb, or makes one possible"),
    Item("rations", "Rations", Category.MISCELLANEOUS, 5, LIGHT,
         "one must be eaten to regain health during a Rest"),
    Item("tinderbox", "Tinderbox", Category.MISCELLANEOUS, 10, NEGLIGIBLE,
         "an Action sets one easily burned thing alight; harder things take longer"),
    Item("medicine_kit", "Medicine Kit", Category.MISCELLANEOUS, 13, LIGHT,
         "10 uses; healing or stabilizing a creature spends one"),
    # ruling: a single use of a Medicine Kit (1 SP) is Negligible Bulk.
    Item("medicine_kit_use", "Medicine Kit (one use)", Category.MISCELLANEOUS, 1, NEGLIGIBLE,
         "one use of a Medicine Kit"),
)

ITEMS: Mapping[str, Item] = {item.key: item for item in PRICE_LIST}


def parse_enum(field: str, value: object, kind: type[E]) -> E:
    """An enum member from its value string, or a RuleError listing the choices."""
    choices = [member.value for member in kind]
    if isinstance(value, str) and value.strip().lower() in choices:
        return kind(value.strip().lower())
    raise RuleError(f"{field}: {shown(value)} is not allowed; use one of {', '.join(map(str, choices))}.")


@dataclass(frozen=True)
class Purchase:
    """A line on the shopping list: ``quantity`` of item ``key``; weapons carry a trait and type."""

    key: str
    quantity: int = 1
    trait: WeaponTrait | None = None
    damage_type: DamageType | None = None

    @property
    def item(self) -> Item:
        return ITEMS[self.key]

    @property
    def cost(self) -> int:
        return self.item.price * self.quantity

    @property
    def label(self) -> str:
        name = self.item.name
        if self.trait is not None:
            name = f"{name} ({self.trait.value}, {self.damage_type.value if self.damage_type else '?'})"
        return name if self.quantity == 1 else f"{self.quantity} x {name}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "item": self.key,
            "name": self.item.name,
            "quantity": self.quantity,
            "trait": self.trait.value if self.trait else None,
            "damage_type": self.damage_type.value if self.damage_type else None,
            "cost": self.cost,
            "bulk": str(self.item.bulk),
        }


def parse_purchase(field: str, entry: object) -> Purchase:
    """One purchase: ``"torch"`` or ``{"item": "weapon", "trait": "finesse", "damage_type":
    "piercing", "quantity": 1}``."""
    if isinstance(entry, str):
        entry = {"item": entry}
    if not isinstance(entry, Mapping):
        raise RequestError(f"{field}: each purchase is an item name or an object with \"item\".")
    key = entry.get("item")
    if not isinstance(key, str) or key not in ITEMS:
        raise RuleError(
            f"{field}.item: {shown(key)} is not on the price list; use one of {', '.join(ITEMS)}."
        )
    quantity = entry.get("quantity", 1)
    if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity < 1:
        raise RequestError(f"{field}.quantity: must be a whole number of at least 1, not {shown(quantity)}.")
    if ITEMS[key].category is not Category.WEAPON:
        if "trait" in entry or "damage_type" in entry:
            raise RuleError(f"{field}: only weapons have a trait and a damage type.")
        return Purchase(key, quantity)
    if "trait" not in entry:
        raise RuleError(
            f"{field}.trait: a weapon has one trait of your choice "
            f"({', '.join(t.value for t in WeaponTrait)})."
        )
    trait = parse_enum(f"{field}.trait", entry["trait"], WeaponTrait)
    damage_type = parse_enum(f"{field}.damage_type", entry.get("damage_type", "slashing"), DamageType)
    if damage_type not in WEAPON_DAMAGE_TYPES:
        raise RuleError(
            f"{field}.damage_type: a weapon deals bludgeoning, piercing or slashing, "
            f"not {damage_type.value}."
        )
    return Purchase(key, quantity, trait, damage_type)


def total_cost(purchases: Iterable[Purchase]) -> int:
    return sum(p.cost for p in purchases)


def check_budget(purchases: Iterable[Purchase], budget: int = STARTING_SP) -> int:
    """The SP left, or a RuleError when the purchases cost more than the budget."""
    cost = total_cost(purchases)
    if cost > budget:
        raise RuleError(
            f"equipment: a new character has {budget} SP to spend; these purchases cost {cost} SP."
        )
    return budget - cost


def total_bulk(purchases: Iterable[Purchase], worn_armor: ArmorKind | None = None) -> int:
    """Bulk carried: whole numbers add, ten Light items make 1 (round down), Negligible is free.

    Armor not being worn counts 1 Bulk more (one suit of ``worn_armor`` is on the body).
    """
    whole = 0
    light = 0
    worn_left = worn_armor
    for purchase in purchases:
        bulk = purchase.item.bulk
        if bulk.kind is Bulk.WHOLE:
            whole += bulk.amount * purchase.quantity
        elif bulk.kind is Bulk.LIGHT:
            light += purchase.quantity
        if purchase.item.category is Category.ARMOR:
            unworn = purchase.quantity
            if worn_left is not None and purchase.key == worn_left.item_key:
                unworn -= 1
                worn_left = None
            whole += ARMOR_UNWORN_EXTRA_BULK * unworn
    return whole + light // LIGHT_ITEMS_PER_BULK  # Round Down
