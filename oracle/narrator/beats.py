"""The narrative beats: what each one voices, its prompt, and its offline tables.

A beat is data. To add one (say Die Trying's ``miscast``):

1. write ``prompts/miscast.j2`` (``{% extends "_beat.j2" %}`` and fill ``{% block task %}``);
2. write ``prompts/offline/miscast.txt``: a plain list (one entry a line) or ``[frame]``,
   ``[body]``, ``[detail]`` slots whose parts combine (see :mod:`oracle.narrator.compose`;
   ``{{ name }}``, ``{{ place }}``, ``{{ intent }}``, ``{{ attempt }}``, ``{{ thing }}``,
   ``{{ monster }}`` and their capitalised forms are filled in); the settled facts that follow
   the card are said in :mod:`oracle.narrator.telling`;
3. add ``BeatSpec("miscast", "...", tables=("miscast",))`` to :data:`BEATS` below and, if a
   resolved roll should be voiced by it, return ``"miscast"`` from the system's ``beat(result)``
   (``oracle.systems``) and list its tables in the system's ``offline_tables``.

``tests/test_narrator_templates.py`` then renders it for every result kind with StrictUndefined.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from oracle.errors import RequestError, shown


@dataclass(frozen=True)
class BeatSpec:
    """One beat. ``tables`` are its offline tables; ``table_by`` picks one by a result field.

    ``table_by=("outcome", {"failure": "outcome_failure", ...})`` reads ``result["outcome"]``;
    a value not in the map (or no field) uses ``tables[0]``. A ``listing`` beat offers ``n``
    separate items (Claude returns them through a tool; the offline narrator deals ``n`` cards).
    """

    name: str
    summary: str
    tables: tuple[str, ...]
    listing: bool = False
    table_by: tuple[str, Mapping[str, str]] | None = None
    max_tokens: int = 400
    example: Mapping[str, Any] = field(default_factory=dict)

    def table_for(self, result: Mapping[str, Any]) -> str:
        """The offline table this result draws from."""
        if self.table_by is not None:
            key, choices = self.table_by
            value = result.get(key)
            if isinstance(value, bool):
                value = str(value).lower()
            if isinstance(value, str) and value in choices:
                return choices[value]
        return self.tables[0]


def _spec(*specs: BeatSpec) -> dict[str, BeatSpec]:
    return {spec.name: spec for spec in specs}


BEATS: dict[str, BeatSpec] = _spec(
    BeatSpec("wrong", "what could go wrong, from the stated intent, before the roll",
             ("complications",), listing=True),
    BeatSpec("bargain", "Devil's Bargains: a bonus light die for a price paid whatever happens",
             ("bargains",), listing=True),
    BeatSpec("condition", "a Ruin mark and Conditions to choose from",
             ("conditions",), listing=True, example={"roll": "ruin", "ruin_before": 2,
                                                     "ruin_after": 3, "ruin_marked": True}),
    BeatSpec("answer", "the GM's answers to exploration questions (independent of the roll)",
             ("exploration",), listing=True),
    BeatSpec("encounter", "what the Hunt finds: present and threatening, or distant",
             ("encounters_present", "encounters_distant", "hunt_quiet"),
             table_by=("encounter", {"present": "encounters_present",
                                     "distant": "encounters_distant", "none": "hunt_quiet"}),
             example={"roll": "hunt", "highest": 2, "tokens_before": 1, "tokens_after": 1,
                      "tokens_lost": False, "encounter": "present"}),
    BeatSpec("oracle", "ask the oracle: a yes/no answer already rolled, and a line of colour",
             ("oracle_answers",),
             example={"roll": "oracle", "likelihood": "even", "face": 5, "answer": "yes"}),
    BeatSpec("outcome", "the outcome of a Risk Roll, voiced without choosing for the character",
             ("outcome_complication", "outcome_failure", "outcome_success"),
             table_by=("outcome", {"failure": "outcome_failure",
                                   "complication": "outcome_complication",
                                   "success": "outcome_success"}),
             example={"roll": "risk", "highest": 5, "highest_is_dark": True,
                      "outcome": "complication", "ruin_before": 2, "ruin_after": 3,
                      "ruin_marked": True, "lost": False, "can_push": False, "helpers": []}),
    BeatSpec("monster", "a monster and the course of the combat", ("monsters",),
             example={"roll": "combat", "roll_required": True, "total": 6, "defeated": False,
                      "characters": [{"name": "Ash", "ruin_before": 2, "ruin_after": 3,
                                      "matches": 1, "armor_used": False, "lost": False}]}),
    BeatSpec("ruin", "a Ruin Roll's disturbing sight", ("disturbing",),
             example={"roll": "ruin", "ruin_before": 3, "ruin_after": 4, "ruin_marked": True,
                      "lost": False}),
    BeatSpec("reduction", "a betrayal to shed Ruin, noticed or not",
             ("betrayals_unnoticed", "betrayals_noticed"),
             table_by=("noticed", {"false": "betrayals_unnoticed", "true": "betrayals_noticed"}),
             example={"roll": "reduction", "ruin_before": 5, "ruin_after": 4, "noticed": False}),
    BeatSpec("lost", "Losing Yourself: the last Ruin is marked", ("lost",),
             example={"roll": "risk", "outcome": "failure", "ruin_before": 5, "ruin_after": 6,
                      "ruin_marked": True, "lost": True}),
    BeatSpec("injury", "Triptycho: an Injury taken (-5 to every maximum), or the one that kills",
             ("injuries", "injury_death"), table_by=("dead", {"false": "injuries",
                                                               "true": "injury_death"}),
             example={"roll": "injury", "injuries_before": 0, "injuries_after": 1,
                      "maximum": {"hp": 15, "ep": 10, "wp": 5}, "dead": False,
                      "valuables_after": 0}),
    BeatSpec("defeat", "Triptycho: an entity brought to 0 points, out of the scenario",
             ("defeats",), example={"roll": "damage", "dealt": 6, "points_before": 4,
                                    "points_after": 0, "defeated": True}),
    BeatSpec("telling_blow", "Triptycho: base Damage dice at their maximum (colour only)",
             ("telling_blows",), example={"roll": "damage", "dealt": 9, "damage_total": 12,
                                          "defense_total": 3, "damage_result": "maximum"}),
    BeatSpec("miscast", "Die Trying: a spell miscasts; the table's row, as settled",
             ("miscasts", "miscast_death"), table_by=("miscast_kind", {"death": "miscast_death"}),
             example={"roll": "spell", "system": "die_trying", "magic": [3, 3], "instability": [],
                      "power": 6, "instability_gained": 2, "matches": 2, "miscast": True,
                      "miscast_d10": 4, "miscast_total": 5, "miscast_row": 5,
                      "miscast_kind": "dangerous_surge",
                      "miscast_effect": "The spell surges with dangerous extra power and may "
                                        "catch more creatures."}),
    BeatSpec("critical", "Die Trying: a critical success or failure on a check (colour only)",
             ("critical_successes", "critical_failures"),
             table_by=("degree", {"critical_success": "critical_successes",
                                  "critical_failure": "critical_failures"}),
             example={"roll": "check", "system": "die_trying", "d10": 10, "modifier": 2, "dc": 5,
                      "total": 12, "degree": "critical_success", "natural": 10}),
    BeatSpec("death_save", "Die Trying: a death saving throw (or a stabilizing Medicine check)",
             ("death_saves_holding", "death_saves_slipping", "death_saves_stable",
              "death_saves_dead"),
             table_by=("fate", {"holding": "death_saves_holding",
                                "slipping": "death_saves_slipping",
                                "stable": "death_saves_stable", "dead": "death_saves_dead"}),
             example={"roll": "death_save", "system": "die_trying", "d10": 9, "dc": 5,
                      "degree": "success", "hp_before": -1, "hp_after": 0, "stable": False,
                      "dead": False, "fate": "holding"}),
    BeatSpec("roll", "any other settled roll, voiced from its facts", ("omens",),
             example={"roll": "contest", "winner": "A", "participants": []}),
)

def find_beat(name: str) -> BeatSpec:
    """The beat called ``name`` or a RequestError naming the choices."""
    try:
        return BEATS[name]
    except KeyError:
        choices = ", ".join(BEATS)
        raise RequestError(f"beat: {shown(name)} is not a known beat; use one of {choices}.") from None


def beat_for_result(system: str, result: Mapping[str, Any]) -> str:
    """The beat that voices a resolved result: the system's own choice (``System.beat``).

    A system this version does not know gets the generic beat (``lost`` for a lost character).
    """
    from oracle.systems import SYSTEMS

    if system in SYSTEMS:
        return SYSTEMS[system].beat(result)
    return "lost" if result.get("lost") is True else "roll"
