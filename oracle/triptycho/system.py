"""Triptycho behind the common system interface: ``resolve``, ``odds`` and the scenario fold.

Roll kinds (``"roll"``), each echoed in the result:

- ``dice``: ``{"dice": "2d6", "level": -1, "number": 1}`` -> ``{"dice": "3d4", ...}``. Level
  moves along d2 d4 d6 d8 d10 d12, clamped at both ends; number never below 1; a d20 keeps its
  level (clamped). Optional ``"faces"`` (checked against the new entry) adds ``"total"``.
- ``opposed``: ``{"action": [3, 4], "reaction": [6]}`` (or the scenario's names: ``hit``/``miss``,
  ``inflict``/``endure``, ``argue``/``rebuttal`` with ``"scenario"``) -> totals and ``winner``
  (ties to the action; ``null`` when a side has no entry and so no opposed roll happens).
- ``damage``: ``{"damage": [5, 2], "defense": [3]}`` -> ``{"dealt": 4, ...}``; also
  ``damage_type``, ``damage_enhancements``, ``defense_enhancements``, ``piercing``,
  ``resistance``/``weakness`` (``{"fire": 2}`` or ``{"fire": [1, 2, "+1"]}``), ``damage_types``
  (types the table adds to the text's fire, ice, poison), ``points`` (the target's, to get
  ``points_after``).
- ``attack``: an opposed roll then, on a hit, the ``damage`` roll: every field of both.
  ``counter`` (a Reaction's own Damage entry) is dealt back to the attacker when the Reaction
  wins or there is no opposed roll (``counter_dealt``). The entries may come from typed-in
  cards, ``action_card`` and ``reaction_card`` (see ``oracle.triptycho.cards``).
- ``initiative``: ``{"combatants": [{"name": "Ash", "player": true, "initiative": "1d8",
  "lower_to": 3}]}`` -> ``order`` (highest first, players win ties).
- ``recover``: ``{"points": 3, "maximum": 20, "amount": "1d6"}`` -> ``points_after`` (capped).
- ``injury``: ``{"base": {"hp": 20, "ep": 15, "wp": 10}, "injuries": 0, "take": 1}`` or
  ``"heal": 1`` with ``"valuables"`` -> maxima after, ``dead``.
- ``stat_track``: ``{"base": 0, "current": 2, "moved": false}`` -> the Draw Phase step.
- ``draw`` / ``discard``: a hand as counts (``deck``, ``hand``, ``discard``, ``hand_limit``,
  ``round``) through the Draw Phase or the Discard Phase.

Entry fields take ``"XdY"`` (rolled with the dice source), a list of faces already rolled, or
``{"dice": "XdY", "faces": [...], "level": n, "number": n, "type": "fire"}`` (see
``oracle.triptycho.reading``). ``odds`` takes the same requests for ``dice``, ``opposed``,
``damage`` and ``attack`` and answers with exact fractions. The event vocabulary of
``apply`` is documented in ``oracle.triptycho.fold``.

Layout: ``requests`` (fields and the dispatch of ``resolve``), ``odds`` (distributions;
``odds.requests`` the dispatch of ``odds``), ``fold`` (events -> state), ``words`` (journal line
and beat), rule modules ``attack``, ``entries``, ``rounds``, ``tracks``, ``vitals``, ``cards``.
"""

from __future__ import annotations

from oracle.errors import RuleError
from oracle.systems.base import Unnamed
from oracle.systems.layout import PackagedSystem


class TriptychoSystem(PackagedSystem, package="oracle.triptycho"):
    """Triptycho's rules behind the interface of ``oracle.systems``."""

    name = "triptycho"
    title = "Triptycho"
    tagline = "Triptycho · Scenarios"
    unnamed = Unnamed("the adventurer", "adventurer", "the scene")
    dread_words = "Injuries and the rounds of the scenario"
    app = "oracle.app.triptycho"
    rule_words = frozenset({
        "damage_result", "scenario", "dice", "action_name", "reaction_name", "damage_type",
        "effectiveness", "damage_dice", "defense_dice"})
    dice_fields = frozenset({
        "dice", "level", "number", "action", "reaction", "damage", "defense", "piercing"})
    plain_fields = ("damage",)
    brief_keys = ("occupation", "background", "drive", "skills", "equipment", "ruin",
                  "conditions", "hunt_tokens", "gold", "npc")
    offline_tables = ("injuries", "injury_death", "defeats", "telling_blows", "omens")


SYSTEM = TriptychoSystem()

__all__ = ["SYSTEM", "RuleError", "TriptychoSystem"]
