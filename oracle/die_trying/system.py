"""Die Trying behind the shared system interface (``oracle.systems``).

Faces: a single die field (``"d10"``, ``"miscast_d10"``, ``"damage_d6"``, ``"concealment_d10"``,
``"reach_die"``, ``"face"``) given as an integer is the face already rolled; absent or null, the
oracle rolls it from the ``dice`` source. A pool field (``"magic"``, ``"instability"``, ``"d6"``,
``"d2"``, ``"unconscious_d6"``) given as a list holds faces; given as an integer it is a count of
dice to roll; absent, the rules' own count is rolled (six d3 for ability scores, the d2 each one
needs, the spell level's Magic Dice, no Instability Dice). ``"seed"`` in the request makes
rolling repeatable (the CLI builds ``SeededDice(seed)``). d3 are d6 faces halved up; d2 are die
faces read by parity; a d100 takes its digits 0..9 (a d10's 10 reads 0).

Layout: ``requests`` (the roll kinds, ``FIELDS`` and ``resolve``'s dispatch), ``odds``
(distributions; ``odds.requests`` the dispatch of ``odds``), ``fold`` (events -> state),
``words`` (journal line and beat), rule modules ``checks``, ``combat``, ``magic``, ``death``,
``creation``, ``character``, ``equipment``, ``dice``, ``fields``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.systems.base import Unnamed
from oracle.systems.layout import PackagedSystem


class DieTrying(PackagedSystem, package="oracle.die_trying"):
    """The Die Trying system object: resolve, odds and the campaign fold."""

    name = "die_trying"
    title = "Die Trying"
    tagline = "Die Trying · Gold 'n Guts"
    unnamed = Unnamed("the delver", "delver", "the dungeon")
    dread_words = "the party's HP lost and Instability Dice held"
    app = "oracle.app.die_trying"
    rule_words = frozenset({"degree", "base_degree", "fate", "miscast_kind", "proficiency", "sides"})
    dice_fields = frozenset({
        "d10", "modifier", "dc", "ability", "proficiency", "magic", "instability", "miscast_d10",
        "hp", "face", "level"})
    plain_fields = ("degree", "dc", "damage")
    brief_keys = ("species", "occupation", "background", "drive", "skills", "equipment", "ruin",
                  "conditions", "hunt_tokens", "gold", "npc")
    offline_tables = (
        "miscasts", "miscast_death", "critical_successes", "critical_failures",
        "death_saves_holding", "death_saves_slipping", "death_saves_stable",
        "death_saves_dead", "omens")

    def last_result(self, state: Any) -> Mapping[str, Any] | None:
        """The result of the newest roll folded into ``state`` (the fold keeps it), so each
        journal entry carries its own result (a cast's miscast row, a check's degree)."""
        result: Mapping[str, Any] | None = getattr(state, "last_result", None)
        return result


SYSTEM = DieTrying()
