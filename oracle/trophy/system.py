"""Trophy behind the common system interface (``oracle.systems``): ``SYSTEM``."""

from __future__ import annotations

from oracle.systems.base import System, Unnamed
from oracle.trophy import fold, requests, words
from oracle.trophy.odds.requests import ODDS, odds_for_request


class TrophySystem(System):
    """Trophy (Dark and Gold): resolve, odds, and the campaign fold."""

    name = "trophy"
    title = "Trophy (Dark and Gold)"
    tagline = "Trophy · Dark & Gold"
    unnamed = Unnamed("the treasure-hunter", "treasure-hunter", "the forest")
    roll_kinds = tuple(requests.RESOLVERS)
    odds_kinds = tuple(ODDS)
    fields = requests.FIELDS
    offline_tables = (
        "complications", "bargains", "conditions", "exploration", "encounters_present",
        "encounters_distant", "hunt_quiet", "oracle_answers", "outcome_complication",
        "outcome_failure", "outcome_success", "monsters", "disturbing", "betrayals_unnoticed",
        "betrayals_noticed", "lost", "omens")

    # Every rule is its module's function (the same layout in every system package).
    resolve = staticmethod(requests.resolve)
    odds = staticmethod(odds_for_request)
    new_state = staticmethod(fold.initial_state)
    apply = staticmethod(fold.apply)
    journal_line = staticmethod(words.journal_line)
    beat = staticmethod(words.beat)


SYSTEM = TrophySystem()
