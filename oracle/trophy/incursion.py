"""Trophy Gold's campaign shape: incursions of sets with set goals, a fight's quarry, town.

Pure values only (the events that change them are in :mod:`oracle.trophy.incursion_events`).

SRD 1.2, Hunt Tokens: spending 3 pooled tokens achieves a goal, "usually a Set Goal". Combat
Roll: once a monster is defeated its Gold may be collected; marked armor is unusable until the
party is safely back in town. What the SRD leaves open (one incursion at a time, which set is
current, where Gold is spent) is ruled in ``docs/rulings.md`` (Incursions).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any


class Reached(enum.Enum):
    """How a set goal was reached."""

    PLAY = "play"  # in the fiction, by rolls and choices
    TOKENS = "tokens"  # by spending 3 pooled Hunt Tokens


@dataclass(frozen=True)
class GoalSet:
    """One set of an incursion: where it is, its set goal, and whether the goal is reached."""

    title: str
    goal: str
    reached: Reached | None = None


@dataclass(frozen=True)
class Incursion:
    """An incursion under way: its sets in order and the days spent in the forest."""

    title: str
    sets: tuple[GoalSet, ...] = ()
    days: int = 0
    party: tuple[str, ...] = ()  # who set out (in play at the start, or joined on the way)
    gold: int = 0  # Gold collected on the way: monsters, treasures, a fallen one's tokens

    @property
    def current(self) -> int | None:
        """The index of the current set: the first whose goal is not reached (None: all are)."""
        for index, item in enumerate(self.sets):
            if item.reached is None:
                return index
        return None

    @property
    def cleared(self) -> int:
        """How many sets have their goal reached."""
        return sum(1 for item in self.sets if item.reached is not None)

    def reach(self, index: int, how: Reached) -> Incursion:
        """This incursion with set ``index``'s goal reached ``how``."""
        sets = tuple(replace(s, reached=how) if i == index else s
                     for i, s in enumerate(self.sets))
        return replace(self, sets=sets)


@dataclass(frozen=True)
class Quarry:
    """The monster of the newest fight: its name, the Gold it carries, what became of it."""

    name: str
    gold: int = 0
    defeated: bool = False
    collected: bool = False

    @property
    def lootable(self) -> bool:
        """Defeated, carrying Gold, and its Gold not yet taken."""
        return self.defeated and not self.collected and self.gold > 0


@dataclass(frozen=True)
class Homecoming:
    """What an incursion came to when the party returned to town: its sets cleared, the Gold
    collected, and what became of each one who set out."""

    title: str
    sets: int
    cleared: tuple[str, ...]  # the titles of the sets whose goal was reached
    gold: int
    days: int
    came_back: tuple[str, ...] = ()
    died: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()  # lost to the forest (a monster, or no Fate chosen yet)

    def to_dict(self) -> dict[str, Any]:
        return {"incursion": self.title, "sets": self.sets, "cleared": list(self.cleared),
                "gold": self.gold, "days": self.days, "came_back": list(self.came_back),
                "died": list(self.died), "lost": list(self.lost)}


@dataclass(frozen=True)
class Expedition:
    """Where the party stands: the incursion under way (None: in town), the newest quarry,
    older quarries defeated with their Gold still on them (``unclaimed``, oldest first), the
    incursions finished (sets cleared across the campaign) and how the newest one ended."""

    incursion: Incursion | None = None
    quarry: Quarry | None = None
    finished: int = 0
    unclaimed: tuple[Quarry, ...] = ()
    homecoming: Homecoming | None = None  # the newest incursion's end, until the next begins

    @property
    def lootable(self) -> tuple[Quarry, ...]:
        """Every defeated monster whose Gold can still be collected, the newest first."""
        newest = (self.quarry,) if self.quarry is not None and self.quarry.lootable else ()
        return newest + tuple(reversed(self.unclaimed))

    @property
    def in_forest(self) -> bool:
        return self.incursion is not None


def goal_matches(goal: str, wanted: str) -> bool:
    """Whether a spend's goal text names this set goal (empty text means the set goal)."""
    said = " ".join(wanted.lower().split())
    return not said or said == " ".join(goal.lower().split())
