"""What the narrator asks of Die Trying: its beats (a miscast, a critical, a death save), a
result's settled facts in words, and the sentence that closes each of its beats offline."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.systems.beats import BeatSpec, beats

BEATS = beats(
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
)

_DEGREES = {
    "critical_failure": "Degree CRITICAL FAILURE: it goes badly wrong.",
    "failure": "Degree FAILURE: it does not work. Use no words of success.",
    "success": "Degree SUCCESS: it works.",
    "critical_success": "Degree CRITICAL SUCCESS: it works remarkably well.",
}
_FATES = {
    "holding": "The dying character holds on for now (still dying).",
    "slipping": "The dying character slips closer to death (still dying, not dead).",
    "stable": "The dying character is stable: alive, unconscious.",
    "dead": "The character is dead.",
}


def facts(result: Mapping[str, Any]) -> list[str]:
    """Every Die Trying flag of the settled result, in words."""
    said: list[str] = []
    degree = result.get("degree")
    if isinstance(degree, str) and degree in _DEGREES:
        said.append(_DEGREES[degree])
    if result.get("miscast") is True:
        said.append("The spell MISCASTS: the table's row below is exactly what happens.")
    fate = result.get("fate")
    if isinstance(fate, str) and fate in _FATES:
        said.append(_FATES[fate])
    if result.get("dead") is True and fate != "dead":
        said.append("The character is DEAD.")
    elif result.get("dead") is False and result.get("roll") == "death_save":
        said.append("The character is not dead.")
    if result.get("stable") is True and fate != "stable":
        said.append("The character is stable: alive, unconscious.")
    return said


def _critical(result: Mapping[str, Any], name: str) -> str:
    if result.get("total") is not None and result.get("dc") is not None:
        return f"{result['total']} against DC {result['dc']}."
    return ""


def _death_save(result: Mapping[str, Any], name: str) -> str:
    if result.get("hp_after") is not None and result.get("hp_before") is not None:
        return f"HP {result['hp_before']} to {result['hp_after']}."
    return ""


def _miscast(result: Mapping[str, Any], name: str) -> str:
    if result.get("miscast_effect") is not None:
        return f"The miscast reads {result.get('miscast_total')}: {result['miscast_effect']}"
    return ""


_CLOSINGS = {"critical": _critical, "death_save": _death_save, "miscast": _miscast}


def closing(beat: str, result: Mapping[str, Any], name: str) -> str:
    """The settled facts that close a Die Trying beat offline."""
    said = _CLOSINGS.get(beat)
    return said(result, name) if said is not None else ""
