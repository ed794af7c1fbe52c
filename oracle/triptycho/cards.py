"""Cards as the table types them: a card is its entries and keywords.

The text prints no cards; a card here is ``{"name", "kind", <entries>, "special", "keywords"}``.
Entries use the scenario's names (``hit``/``miss``, ``inflict``/``endure``, ``argue``/``rebuttal``),
``damage`` (with ``damage_type`` and ``damage_enhancements``), ``defense`` (with
``defense_enhancements``). Keywords such as ``"Piercing 2"`` and ``"Automatic"`` are read.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from oracle.errors import RequestError, RuleError, shown
from oracle.triptycho.combat import OPPOSED_NAMES, ScenarioKind

_PIERCING = re.compile(r"^\s*piercing\s+(\d+)\s*$", re.IGNORECASE)


class CardKind(enum.Enum):
    """The kinds of card the text names."""

    ACTION = "action"
    REACTION = "reaction"
    STRATEGY = "strategy"
    ASSIST = "assist"
    INTERRUPT = "interrupt"


ACCURACY = frozenset(a for a, _ in OPPOSED_NAMES.values())
EVASION = frozenset(r for _, r in OPPOSED_NAMES.values())
_ACTION_KEYS = ACCURACY | {"damage", "damage_type", "damage_enhancements"}
_REACTION_KEYS = EVASION | {"defense", "defense_enhancements", "damage", "damage_type"}
_COMMON = {"name", "kind", "special", "keywords", "trigger"}


@dataclass(frozen=True)
class Card:
    """One card: its kind, its entries as typed, its Special text and keywords."""

    name: str
    kind: CardKind
    entries: Mapping[str, Any]
    special: str | None = None
    keywords: tuple[str, ...] = ()

    @property
    def piercing(self) -> int:
        """The Piercing keyword's value (0 without one)."""
        for word in self.keywords:
            match = _PIERCING.match(word)
            if match:
                return int(match.group(1))
        return 0

    @property
    def automatic(self) -> bool:
        """An Automatic Interrupt fires whenever its trigger is met."""
        return any(word.strip().lower() == "automatic" for word in self.keywords)


def read_card(field: str, data: object) -> Card:
    """A card from its typed-in mapping (entries are checked when the roll reads them)."""
    if not isinstance(data, Mapping):
        raise RequestError(f"{field}: a card is an object such as {{\"name\": \"Sword\", "
                           f"\"kind\": \"action\", \"hit\": \"1d8\", \"damage\": \"1d10\"}}.")
    try:
        kind = CardKind(data.get("kind", "action" if field.startswith("action") else "reaction"))
    except ValueError:
        raise RequestError(f"{field}.kind: {shown(data.get('kind'))} is not a card kind; use "
                           f"{', '.join(k.value for k in CardKind)}.") from None
    allowed = _COMMON | (_REACTION_KEYS if kind is CardKind.REACTION else _ACTION_KEYS)
    unknown = sorted(set(data) - allowed)
    if unknown:
        article = "an" if kind.value[0] in "aeiou" else "a"
        raise RequestError(f"{field}: {article} {kind.value} card has no {shown(unknown[0])} entry.")
    keywords = data.get("keywords", [])
    if not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords):
        raise RequestError(f"{field}.keywords: a list of words, such as [\"Piercing 1\"].")
    card = Card(str(data.get("name", kind.value)), kind,
                {k: v for k, v in data.items() if k not in _COMMON},
                None if data.get("special") is None else str(data["special"]), tuple(keywords))
    if card.automatic and kind is not CardKind.INTERRUPT:
        raise RuleError(f"{field}.keywords: only Interrupts have the Automatic keyword.")
    return card


def with_cards(request: Mapping[str, Any], scenario: ScenarioKind) -> dict[str, Any]:
    """The flat ``attack`` request with ``action_card``/``reaction_card`` entries spread in.

    A Reaction's Damage entry becomes ``counter`` (damage dealt back to the attacker).
    """
    out = {k: v for k, v in request.items() if k not in ("action_card", "reaction_card")}
    act, react = OPPOSED_NAMES[scenario]
    spread: list[tuple[str, str, Any]] = []
    if request.get("action_card") is not None:
        card = read_card("action_card", request["action_card"])
        if card.kind is not CardKind.ACTION:
            raise RuleError(f"action_card: an attack is played from an Action card, not a "
                            f"{card.kind.value} card.")
        for key, value in card.entries.items():
            spread.append(("action_card", key, value))
        if card.piercing:
            spread.append(("action_card", "piercing", card.piercing))
    if request.get("reaction_card") is not None:
        card = read_card("reaction_card", request["reaction_card"])
        if card.kind is not CardKind.REACTION:
            raise RuleError(f"reaction_card: the target answers with a Reaction card, not a "
                            f"{card.kind.value} card.")
        for key, value in card.entries.items():
            target = {"damage": "counter", "damage_type": "counter_type"}.get(key, key)
            spread.append(("reaction_card", target, value))
    for field, key, value in spread:
        if key in ACCURACY | EVASION and key not in (act, react):
            raise RuleError(f"{field}.{key}: that entry belongs to another scenario type; a "
                            f"{scenario.value} scenario opposes {act} vs {react}.")
        if key in out:
            raise RequestError(f"{field}.{key}: given both on the card and in the request; "
                               f"give it once.")
        out[key] = value
    return out
