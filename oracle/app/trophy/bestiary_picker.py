"""The Combat tab's bestiary: pick one of our monsters (or type your own) and see its Endurance
against the party as the exact chance to defeat it in one Combat Roll (the calibrator)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from oracle.app import controls as c
from oracle.app.render import esc, percent
from oracle.trophy.bestiary import MAX_ENDURANCE, MIN_ENDURANCE, Monster, bestiary
from oracle.trophy.odds.calibrator import defeat_chance
from oracle.wording import plural

OWN = "(type your own)"


def monster_text(monster: Monster) -> str:
    """What the monster field shows for a bestiary monster: its name (the fight's event takes
    its description from the bestiary)."""
    return monster.name


class BestiaryPicker:
    """A dropdown of the bestiary, the Gold the monster carries, and the one-roll chance."""

    def __init__(self, on_pick: Callable[[Monster], None]) -> None:
        self.monsters = {m.name: m for m in bestiary()}
        self._pick = c.dropdown(options=[OWN, *self.monsters], value=OWN,
                                description="From the bestiary")
        self._pick.add_class("oracle-bestiary")
        self._gold = c.number(value=0, min=0, max=99, description="Gold it carries")
        self._gold.layout.width = "200px"
        self._gold.add_class("oracle-monster-gold")
        self._chance = c.html("", "oracle-odds-line oracle-calibrate")
        self._on_pick = on_pick
        self._pick.observe(lambda change: self._picked(change["new"]), names="value")
        self.widget = c.column(c.row(self._pick, self._gold), self._chance)

    @property
    def gold(self) -> int:
        return int(self._gold.value)

    def _picked(self, name: str) -> None:
        monster = self.monsters.get(name)
        if monster is not None:
            self._gold.value = monster.gold
            self._on_pick(monster)

    def show(self, endurance: int, fighters: int) -> None:
        """The exact chance ``fighters`` defeat Endurance ``endurance`` in one Combat Roll."""
        if not 1 <= fighters <= 6:
            self._chance.value = ""
            return
        if endurance > MAX_ENDURANCE:
            self._chance.value = "Endurance above 12: no Combat Roll can defeat it."
            return
        chance = defeat_chance(max(endurance, MIN_ENDURANCE), fighters)
        table = " · ".join(f"{e}: {percent(defeat_chance(e, fighters))}"
                           for e in range(max(MIN_ENDURANCE, endurance - 2),
                                          min(MAX_ENDURANCE, endurance + 2) + 1))
        verb = "defeats" if fighters == 1 else "defeat"
        self._chance.value = (f"<b>Calibrator</b>: {plural(fighters, 'fighter')} {verb} Endurance "
                              f"{endurance} in one Combat Roll <b>{percent(chance)}</b> "
                              f"<span class='when'>(nearby: {esc(table)})</span>")

    def reset(self) -> None:
        self._pick.value = OWN
        self._gold.value = 0


def apply_pick(monster: Monster, text: Any, endurance: Any) -> None:
    """Fill the Combat tab's monster field and Endurance from a bestiary monster."""
    text.value = monster_text(monster)
    endurance.value = monster.endurance
