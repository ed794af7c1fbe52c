"""Trophy behind the common system interface (``oracle.systems``): ``SYSTEM``."""

from __future__ import annotations

from oracle.systems.base import Unnamed
from oracle.systems.layout import PackagedSystem


class TrophySystem(PackagedSystem, package="oracle.trophy"):
    """Trophy (Dark and Gold): resolve, odds, and the campaign fold."""

    name = "trophy"
    title = "Trophy (Dark and Gold)"
    tagline = "Trophy · Dark & Gold"
    unnamed = Unnamed("the treasure-hunter", "treasure-hunter", "the forest")
    brief_keys = ("occupation", "background", "drive", "skills", "equipment", "ruin",
                  "conditions", "hunt_tokens", "gold", "npc")
    offline_tables = (
        "complications", "bargains", "conditions", "exploration", "encounters_present",
        "encounters_distant", "hunt_quiet", "oracle_answers", "outcome_complication",
        "outcome_failure", "outcome_success", "monsters", "disturbing", "betrayals_unnoticed",
        "betrayals_noticed", "lost", "omens")


SYSTEM = TrophySystem()
