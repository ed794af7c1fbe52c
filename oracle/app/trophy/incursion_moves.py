"""The incursion's moves: start one (generated or your own), reach set goals, let days pass,
collect Gold from a defeated monster or a treasure, spend it in town.

Each builds one event of :mod:`oracle.trophy.incursion_events` and records it through the
session (the rules core folds it or refuses it with one sentence, writing nothing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from oracle.app.trophy.moves import TrophyMoves
from oracle.errors import RequestError
from oracle.trophy import events
from oracle.trophy.incursion import Expedition


class IncursionMoves:
    """Incursion moves over a session's Trophy moves."""

    def __init__(self, moves: TrophyMoves) -> None:
        self.moves = moves

    @property
    def expedition(self) -> Expedition:
        return self.moves.state.expedition

    def start(self, title: str, sets: Sequence[tuple[str, str]]) -> None:
        """Begin an incursion of ``sets`` ((title, set goal) in order); the party leaves town."""
        self.moves.record(events.incursion_started(title, sets))
        self.moves.changed()

    def generate(self) -> tuple[str, list[tuple[str, str]]]:
        """A generated incursion, not begun: its name and sets (place, set goal), for the
        player to read, change and begin."""
        from oracle.app.solo import own_in
        from oracle.trophy.generate import incursion

        with own_in(self.moves.session):  # the player's set goals and bestiary too
            drawn = incursion(self.moves.dice())
        return drawn.name, [(s.place.name, s.goal) for s in drawn.sets]

    def reach_goal(self) -> None:
        """The current set's goal is reached in play."""
        self.moves.record(events.set_goal_reached("play"))
        self.moves.changed()

    def add_set(self, title: str, goal: str) -> None:
        self.moves.record(events.set_added(title, goal))
        self.moves.changed()

    def days(self, count: int = 1) -> None:
        self.moves.record(events.days_passed(count))
        self.moves.changed()

    def collect_from_monster(self, names: Sequence[str], monster: str | None = None
                             ) -> dict[str, int]:
        """Share a defeated monster's Gold (``monster``, or the newest with Gold on it) among
        ``names``, as evenly as it goes (the first names take the remainder); the shares."""
        lootable = [q for q in self.expedition.lootable if monster in (None, q.name)]
        if not lootable:
            raise RequestError("gold: there is no defeated monster with Gold to collect.")
        quarry = lootable[0]
        shares = split(quarry.gold, names)
        self.moves.record(events.gold_collected("monster", shares, monster=quarry.name))
        self.moves.changed()
        return shares

    def collect_treasure(self, name: str, gold: int, treasure: str = "") -> None:
        self.moves.record(events.gold_collected("treasure", {name: gold}, treasure))
        self.moves.changed()

    def spend(self, name: str, amount: int, on: str = "") -> None:
        """Spend Gold in town."""
        self.moves.record(events.gold_spent(name, amount, on))
        self.moves.changed()

    def town(self) -> None:
        """Back safely in town: marked armor usable again, the incursion over."""
        self.moves.return_to_town()


def split(gold: int, names: Sequence[str]) -> dict[str, int]:
    """``gold`` shared among ``names`` as evenly as whole coins allow (first names first)."""
    if not names:
        raise RequestError("names: choose who collects the Gold.")
    share, rest = divmod(gold, len(names))
    return {n: share + (1 if i < rest else 0) for i, n in enumerate(names)
            if share + (1 if i < rest else 0)}


def parse_sets(text: str) -> list[tuple[str, str]]:
    """Sets typed one a line as ``place: set goal``."""
    sets = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        title, sep, goal = line.partition(":")
        if not sep or not title.strip() or not goal.strip():
            raise RequestError(f"sets: line {number} needs a place and a goal, as "
                               "\"The ford: cross before dusk\".")
        sets.append((title.strip(), goal.strip()))
    return sets


def summary(expedition: Expedition) -> Mapping[str, Any]:
    """What the Incursion tab shows, as plain values."""
    incursion = expedition.incursion
    quarry = expedition.quarry
    return {
        "in_forest": expedition.in_forest,
        "title": None if incursion is None else incursion.title,
        "sets": [] if incursion is None else [
            {"title": s.title, "goal": s.goal,
             "reached": None if s.reached is None else s.reached.value}
            for s in incursion.sets],
        "current": None if incursion is None else incursion.current,
        "days": 0 if incursion is None else incursion.days,
        "quarry": None if quarry is None else {
            "name": quarry.name, "gold": quarry.gold, "defeated": quarry.defeated,
            "collected": quarry.collected},
        "lootable": [{"name": q.name, "gold": q.gold} for q in expedition.lootable],
        "homecoming": (None if expedition.homecoming is None
                       else expedition.homecoming.to_dict()),
    }
