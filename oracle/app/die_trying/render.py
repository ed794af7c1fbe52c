"""HTML for the Die Trying panel: the degree bar, a casting's result, the party's table.

Pure functions from values to escaped HTML strings (no widgets here).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from oracle.app.render import esc, percent
from oracle.die_trying.checks import Degree
from oracle.die_trying.fold import CampaignState

# the degree bar's colours, worst to best, in the app's palette (blood to gold)
DEGREE_COLOURS = {"critical_failure": "#4a1512", "failure": "#7d2b24", "success": "#9a7330",
                  "critical_success": "#c9b25a"}
DEGREE_WORDS = {"critical_failure": "critical failure", "failure": "failure",
                "success": "success", "critical_success": "critical success"}


PARTY_STYLE = ("<style>.oracle-die-trying-party th, .oracle-die-trying-party td "
               "{padding: 2px 14px 2px 0; text-align: left;} "
               ".oracle-die-trying-party th {color: var(--oracle-muted, #a5a08a); "
               "font-weight: 600;}</style>")


def degrees_html(degrees: Mapping[str, Mapping[str, Any]]) -> str:
    """The four degrees as a bar and percentages."""
    shares = [(d.label, float(Fraction(degrees[d.label]["fraction"]))) for d in Degree]
    spans = "".join(f'<span class="dt-{label}" style="width:{100 * share:.2f}%;'
                    f'background:{DEGREE_COLOURS[label]}"></span>' for label, share in shares)
    words = " · ".join(f"{DEGREE_WORDS[label]} <b>{percent(share)}</b>" for label, share in shares)
    return f'<div class="oracle-odds-bar oracle-dt-degrees">{spans}</div>{words}'


def check_result_html(result: Mapping[str, Any]) -> str:
    """The die, the total against the DC and the degree of a check."""
    natural = f" (natural {result['natural']})" if result["natural"] else ""
    degree = result["degree"]
    return (f'<span class="dt-{degree}" style="color:{DEGREE_COLOURS[degree]}'
            f';filter:brightness(1.6)">d10 {result["d10"]}{natural} '
            f'{result["modifier"]:+d} = {result["total"]} against DC {result["dc"]}: '
            f'<b>{DEGREE_WORDS[degree]}</b></span>')


def save_result_html(result: Mapping[str, Any]) -> str:
    """The die of a death save (or a stabilizing check), the HP it leaves, and the fate."""
    status = ("dead" if result["dead"] else "stable" if result["stable"] else "still dying")
    hours = (f", Unconscious for {result['unconscious_hours']} hours"
             if result["unconscious_hours"] else "")
    return (f"d10 {result['d10']} against DC {result['dc']}: "
            f"<b>{DEGREE_WORDS[result['degree']]}</b>; HP {result['hp_before']} → "
            f"{result['hp_after']}, {status}{hours}")


def cast_result_html(result: Mapping[str, Any]) -> str:
    """The dice of a casting, its power, and a miscast if one came."""
    def faces(rolled: Any) -> str:
        return " ".join(str(f) for f in rolled) if rolled else "none"

    lines = [(f"MD {faces(result['magic'])} · ID {faces(result['instability'])}: Spell Power "
              f"<b>{result['power']}</b>, +{result['instability_gained']} Instability")]
    if result["improvised"]:
        lines.append(f"improvised check: {DEGREE_WORDS[result['effectiveness']]}")
    if result["miscast"]:
        lines.append(f'<span class="dt-miscast" style="color:#d26a5c">Miscast! d10 {result["miscast_d10"]} + '
                     f'{result["matches"]} matching - 1 = {result["miscast_total"]}: '
                     f'{esc(result["miscast_effect"])}</span>')
    return "<br>".join(lines)


def party_html(state: CampaignState) -> str:
    """The party as a table: HP, AC, Speed, dice, Points, marks, state."""
    if not state.characters:
        return ("<b>No characters yet.</b> Roll ability scores, spend 6 levels and 45 SP, "
                "then create one. Expect to need a few.")
    head = ("<tr><th>who</th><th>HP</th><th>AC</th><th>Speed</th><th>MD</th><th>ID</th>"
            "<th>Points</th><th>marks</th><th>state</th></tr>")
    rows = [head]
    for ch in state.characters:
        status = ("dead" if ch.dead else "dying" if ch.dying else
                  f"stable{f', out {ch.unconscious_hours} h' if ch.unconscious_hours else ''}"
                  if ch.stable else "")
        marks = ", ".join(f"{esc(k)} {v}" for k, v in ch.marks)
        rows.append(f'<tr data-name="{esc(ch.name)}"><td>{esc(ch.name)}</td>'
                    f"<td>{ch.hp} / {ch.max_hp}</td><td>{ch.armor_class}</td>"
                    f"<td>{ch.speed}</td><td>{ch.usable_magic_dice}</td>"
                    f"<td>{ch.instability}</td><td>{ch.points}</td><td>{marks}</td>"
                    f"<td>{status}</td></tr>")
    return (f"{PARTY_STYLE}<b>Day {state.day}</b>"
            f'<table class="oracle-die-trying-party">{"".join(rows)}</table>')
