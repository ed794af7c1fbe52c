"""Trophy behind the common system interface (``oracle.systems``): ``SYSTEM``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.systems.base import Unnamed
from oracle.systems.layout import PackagedSystem

# The credit the Trophy SRD asks for (shared/rules/000, its opening), kept word for word;
# the app's footer shows it.
ATTRIBUTION = (
    "This work is based on Trophy (trophyrpg.com), product of Jesse Ross and Hedgemaze Press, "
    "and licensed for our use under the Creative Commons Attribution 4.0 License "
    "(https://creativecommons.org/licenses/by/4.0/). Trophy is adapted from Cthulhu Dark with "
    "permission of Graham Walmsley. Trophy is also based on Blades in the Dark (found at "
    "http://www.bladesinthedark.com/), product of One Seven Design, developed and authored by "
    "John Harper, and licensed for our use under the Creative Commons Attribution 3.0 Unported "
    "license (http://creativecommons.org/licenses/by/3.0/)."
)


class TrophySystem(PackagedSystem, package="oracle.trophy"):
    """Trophy (Dark and Gold): resolve, odds, and the campaign fold."""

    name = "trophy"
    title = "Trophy (Dark and Gold)"
    tagline = "Trophy · Dark & Gold"
    unnamed = Unnamed("the treasure-hunter", "treasure-hunter", "the forest")
    credit = ATTRIBUTION + " Trophy™ is a trademark of Hedgemaze Press."
    dread_words = "the party's Ruin, sets cleared, days in the forest"
    app = "oracle.app.trophy"
    rule_words = frozenset({"outcome", "encounter", "intent", "foe"})
    dice_fields = frozenset({
        "ruin", "light", "dark", "tokens", "endurance", "weak_points", "armor", "starting_ruin",
        "reached_five", "remove_anyway", "helpers", "participants", "characters", "die",
        "already_marked", "confirmed", "ritual", "push"})
    brief_keys = ("occupation", "background", "drive", "skills", "equipment", "ruin",
                  "conditions", "hunt_tokens", "gold", "npc")
    offline_tables = (
        "complications", "bargains", "conditions", "exploration", "encounters_present",
        "encounters_distant", "hunt_quiet", "oracle_answers", "outcome_complication",
        "outcome_failure", "outcome_success", "monsters", "disturbing", "betrayals_unnoticed",
        "betrayals_noticed", "lost", "omens")

    def last_result(self, state: Any) -> Mapping[str, Any] | None:
        """The result of the newest roll folded into ``state`` (the fold keeps it)."""
        result: Mapping[str, Any] | None = getattr(state, "last_result", None)
        return result


SYSTEM = TrophySystem()
