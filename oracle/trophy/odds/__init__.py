"""Exact odds of every Trophy roll, as fractions, before the dice fall.

Pure: standard library only. Nothing is simulated; every number is a closed form over
distributions of the highest of ``n`` six-sided dice, ``P(max <= k) = (k/6)**n``, split into light
and dark with the Forest's Rule (a tie between light and dark goes to dark, ``shared/rules/001``).

Python API: :func:`risk_odds` (and :func:`risk_push_odds`), :func:`hunt_odds`,
:func:`combat_odds`, :func:`contest_odds`, :func:`ruin_roll_odds`, :func:`reduction_odds` return
frozen dataclasses of :class:`~fractions.Fraction`. :func:`odds_for_request` takes the request
shapes of ``oracle resolve`` (``docs/contract.md``) and returns JSON-ready dicts.

Modules: ``dice`` (distributions of the highest die), ``risk`` (with help and the push),
``hunt``, ``combat``, ``contest``, ``ruin`` (Ruin and Reduction Rolls), ``fields`` (reading a
request's fields, writing numbers) and ``requests`` (``odds_for_request``). Everything public is
re-exported here.

JSON shape (``oracle odds``). Every probability or expectation is a *number object*
``{"fraction": "7/36", "value": 0.19444444444444445}`` (``fraction`` exact and reduced, ``"0"``
and ``"1"`` included; ``value`` its float). Booleans and counts that are certain stay plain.

Requests: the odds are for the dice about to fall, so own light and dark dice given as face
lists count only by their number; a helper's ``die`` given as a face (an int or a one-face list)
stays known, because helpers never re-roll; a missing ``die`` is still to be rolled. One-die
fields (a Ruin Roll's ``dark``, a Reduction Roll's ``light``) may be a face or missing. Combat
``weak_points`` may be faces or a count (the odds only depend on how many distinct ones);
``dark`` defaults to one per character. A risk request's ``push`` is not read: the ``push``
block always shows one push. Refusals (one sentence naming the field) match ``oracle resolve``.

Results echo ``"system": "trophy"`` and ``"roll"``; keys mirror ``oracle resolve``:

- ``risk``: ``pool`` {light, dark, helpers, ruin}; ``highest`` {"1".."6": P};
  ``outcome`` {failure, complication, success}; ``highest_is_dark``; ``ruin_marked``; ``lost``;
  ``can_push``; ``helpers`` [{name, die (face or null), ruin_before, ruin_marked, lost}];
  ``push``: the same keys for the re-roll with one more dark die, *given that the roll may be
  pushed* (its highest die is light), plus ``given``; there a helper's ``ruin_marked`` is the
  chance they mark on the re-roll (at most 1 Ruin per roll); ``null`` when no push is possible.
- ``hunt``: ``pool`` {light, tokens}; ``highest``; ``bands`` {"1", "2-3", "4-5", "6"};
  ``encounter`` {present, distant, none}; ``token_gained``; ``tokens_lost``;
  ``tokens_after`` {"n": P}; ``tokens_after_expected``.
- ``combat``: ``pool`` {endurance, dark}; ``roll_required`` (bool; false when Endurance is
  below the dark dice: then ``defeated`` is 1, ``total`` null and nobody marks); ``defeated``;
  ``total`` {"2".."12": P} ({"1".."6"} for one die) or null; ``characters`` [{name,
  ruin_before, weak_points (faces or count), armor, matches_expected, ruin_marked (P of any),
  ruin_marked_expected, armor_used, lost}].
- ``contest``: ``participants`` [{name, ruin_before, light, dark, wins, ruin_marked (P of any),
  ruin_marked_expected, lost}]; ``no_winner`` (a full tie at the top).
- ``ruin``: ``ruin_before``, ``ruin_marked``, ``lost``.
- ``reduction``: ``ruin_before``, ``removed_unnoticed``, ``noticed``, ``removed``,
  ``ruin_after_expected``.
"""

from __future__ import annotations

from oracle.trophy.fields import (
    MOST_CONTEST_DARK,
    MOST_HELPERS,
    MOST_PARTICIPANTS,
    MOST_RISK_DARK,
)
from oracle.trophy.odds.combat import (
    CombatOdds,
    Fighter,
    FighterOdds,
    combat_odds,
    top_two_total,
)
from oracle.trophy.odds.contest import (
    Contestant,
    ContestantOdds,
    ContestOdds,
    contest_odds,
    count_vectors,
)
from oracle.trophy.odds.dice import FACES, ONE, SIDES, ZERO, cdf_max, pmf_max
from oracle.trophy.odds.fields import number
from oracle.trophy.odds.hunt import HuntOdds, hunt_odds
from oracle.trophy.odds.requests import ROLLS, odds_for_request
from oracle.trophy.odds.risk import (
    MAX_OWN_LIGHT,
    HelperDie,
    HelperOdds,
    RiskOdds,
    risk_odds,
    risk_push_odds,
)
from oracle.trophy.odds.ruin import (
    MAX_RUIN,
    ReductionOdds,
    RuinRollOdds,
    reduction_odds,
    ruin_roll_odds,
)

__all__ = [
    "FACES",
    "MAX_OWN_LIGHT",
    "MAX_RUIN",
    "MOST_CONTEST_DARK",
    "MOST_HELPERS",
    "MOST_PARTICIPANTS",
    "MOST_RISK_DARK",
    "ONE",
    "ROLLS",
    "SIDES",
    "ZERO",
    "CombatOdds",
    "ContestOdds",
    "Contestant",
    "ContestantOdds",
    "Fighter",
    "FighterOdds",
    "HelperDie",
    "HelperOdds",
    "HuntOdds",
    "ReductionOdds",
    "RiskOdds",
    "RuinRollOdds",
    "cdf_max",
    "combat_odds",
    "contest_odds",
    "count_vectors",
    "hunt_odds",
    "number",
    "odds_for_request",
    "pmf_max",
    "reduction_odds",
    "risk_odds",
    "risk_push_odds",
    "ruin_roll_odds",
    "top_two_total",
]
