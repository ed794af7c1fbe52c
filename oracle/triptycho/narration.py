"""What the narrator asks of Triptycho: its beats (an Injury, a defeat, a telling blow), a
result's settled facts in words, the sentence that closes each of its beats offline, and an
opposed roll told under the generic beat."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from oracle.systems.base import Settled, values_under
from oracle.systems.beats import BeatSpec, beats, closings, stating
from oracle.triptycho import told

if TYPE_CHECKING:
    from oracle.narrator.base import NarrationContext
    from oracle.systems.base import Deal

BEATS = beats(
    BeatSpec("injury", "Triptycho: an Injury taken (-5 to every maximum), or the one that kills",
             ("injuries", "injury_death"), table_by=("dead", {"false": "injuries",
                                                               "true": "injury_death"}),
             example={"roll": "injury", "injuries_before": 0, "injuries_after": 1,
                      "maximum": {"hp": 15, "ep": 10, "wp": 5}, "dead": False,
                      "valuables_after": 0}),
    BeatSpec("defeat", "Triptycho: an entity brought to 0 points, out of the scenario",
             ("defeats",), fight=True,
             example={"roll": "damage", "dealt": 6, "points_before": 4, "points_after": 0,
                      "defeated": True}),
    BeatSpec("telling_blow", "Triptycho: base Damage dice at their maximum (colour only)",
             ("telling_blows",), fight=True,
             example={"roll": "damage", "dealt": 9, "damage_total": 12, "defense_total": 3,
                      "damage_result": "maximum"}),
)


def facts(result: Mapping[str, Any]) -> list[str]:
    """Every Triptycho flag of the settled result, in words."""
    said: list[str] = []
    roll = result.get("roll")
    if result.get("dead") is True:
        said.append("The character is DEAD.")
    elif result.get("dead") is False and roll == "injury":
        said.append("The character is not dead.")
    winner = result.get("winner")
    if roll == "opposed" and winner in ("action", "reaction"):
        said.append(f"The {winner} wins the opposed roll (ties go to the action).")
    dealt = result.get("dealt")
    if isinstance(dealt, int) and not isinstance(dealt, bool):
        said.append(f"Damage dealt: {dealt}." if dealt else "No damage gets through.")
    if roll in ("damage", "defeat", "attack") and result.get("defeated") is True:
        target = str(result.get("target") or "the target")
        said.append(f"The target, {target}, is DEFEATED: out of this scenario (not the one "
                    "who dealt the blow).")
    if result.get("damage_result") == "maximum":
        said.append("The Damage dice came up at their maximum: colour only, nothing extra.")
    return said


def summary(result: Mapping[str, Any]) -> list[str]:
    """Short phrases of a result's facts: a defeat, an opposed roll's winner."""
    parts: list[str] = []
    if "defeated" in result:
        parts.append("the monster is defeated" if result["defeated"] else "the monster stands")
    if "winner" in result:
        parts.append(f"winner: {result['winner'] if result['winner'] is not None else 'none'}")
    return parts


def _defeat(result: Mapping[str, Any], name: str) -> str:
    target = str(result.get("target") or "").strip() or "The target"
    if result.get("dealt") is not None and result.get("points_before") is not None:
        return (f"{target[:1].upper() + target[1:]} is defeated: {result['dealt']} damage "
                f"against {result['points_before']} left, down to {result.get('points_after')} "
                "and out of this scenario.")
    return f"{target[:1].upper() + target[1:]} is defeated, out of this scenario."


def _injury(result: Mapping[str, Any], name: str) -> str:
    if result.get("dead"):
        return f"It is more than a body can carry. {name} does not get up again."
    if result.get("injuries_after") is not None:
        return (f"Injuries: {result.get('injuries_before')} to {result['injuries_after']}; "
                f"everything {name} has is 5 less now.")
    return ""


closing = closings({
    "defeat": _defeat, "injury": _injury,
    "telling_blow": stating("Every die at its highest: {dealt} gets through.", "dealt"),
})
"""The settled facts that close a Triptycho beat offline."""


def opposed(result: Mapping[str, Any], name: str = "", target: str = "the target",
             place: str = "") -> str:
    """An opposed roll in plain words: who gets their way, by the totals (a tie goes to the one
    acting, and says so). A blow lands or misses, a climb is made or the way holds out, an
    argument is won or the answer stays no; never the rules' labels."""
    a, r = result.get("action_total"), result.get("reaction_total")
    who = name or "The one acting"
    won = result.get("winner") == "action"
    tie = ", a tie that goes to the one acting" if won and a == r else ""
    scenario = str(result.get("scenario") or "combat")
    if scenario == "exploration":
        return (f"{who} makes it, {a} against {r}{tie}." if won else
                f"{(place or 'the way')[:1].upper() + (place or 'the way')[1:]} holds out, "
                f"{r} against {a}.")
    if scenario == "interaction":
        return (f"{who} wins the argument, {a} against {r}{tie}." if won else
                f"The answer stays no, {r} against {a}.")
    return (f"{who}'s blow lands, {a} against {r}{tie}." if won else
            f"The blow misses; {target}'s guard holds, {r} against {a}.")


def damage(result: Mapping[str, Any], target: str) -> str:
    """Damage against Defense in words: how much gets through, to whom, what is left."""
    dealt = result.get("dealt")
    if not isinstance(dealt, int) or isinstance(dealt, bool):
        return ""
    if dealt == 0:
        return (f"Nothing gets through to {target}: defense {result.get('defense_total')} "
                f"against damage {result.get('damage_total')}.")
    left = result.get("points_after")
    rest = f"; {left} left" if isinstance(left, int) and not isinstance(left, bool) else ""
    return f"{dealt} damage gets through to {target}{rest}."


def _place(context: NarrationContext) -> str:
    from oracle.wording import in_sentence

    return in_sentence(context.place.strip()) if context.place.strip() else ""


def _target(context: NarrationContext) -> str:
    return str(context.result.get("target") or context.monster or "").strip() or "the target"


# The kinds of attempt (the narrator's families of verbs) that are not a blow: words are an
# interaction; going, opening, finding, hiding, carrying, knowing, enduring are exploration.
_SCENARIO_OF_FAMILY = {"persuade": "interaction", "reach": "exploration", "open": "exploration",
                       "find": "exploration", "sneak": "exploration", "carry": "exploration",
                       "know": "exploration", "endure": "exploration", "fight": "combat"}


_WORDS = re.compile(
    r"\b(?:argue|debate|reason with|calm|soothe|sing|negotiate|demand|insist|flatter|"
    r"apologi[sz]e|explain|ask|tell|say|shout|whisper|warn|order|command|question|"
    r"interrogate|console|comfort|appeal|swear|promise|lie to|persuade|convince|bribe|"
    r"haggle|barter|bargain|plead|bluff|threaten|intimidate|sweet-talk|charm|beg|talk|"
    r"deceive|trick|fool|coax|cajole|placate)\b", re.IGNORECASE)
_BLOW = re.compile(
    r"\b(?:swing|strike|hit|stab|slash|cut|punch|kick|shoot|attack|lunge|parry|bash|club|"
    r"spear|skewer|behead|fight|duel|grapple|tackle|wrestle (?:it|him|her|them)|smash (?:it|him|"
    r"her|them|its|his|her)|drive the \w+ home|at (?:it|him|her|them|its|his)\b)",
    re.IGNORECASE)
_GOING = re.compile(
    r"\b(?:hide|hidden|hiding|dodge|duck|squeeze|crawl|balance|cross|wade|swim|dash|sprint|"
    r"escape|search|look|listen|track|follow|open|unlock|disarm|repair|mend|fix|bandage|"
    r"stitch|heal|tend|treat|light|douse|steer|navigate|ride|row|sail|dig|lift|push|pull|"
    r"drag|climb|jump|leap|run|flee|outrun|outpace|read|decipher|study|brew|cook|forge|"
    r"sneak|slip|creep|tiptoe|pick|force|break|pry|prise|unbar|scale|vault|descend)\b",
    re.IGNORECASE)


def scenario_of(context: NarrationContext) -> str:
    """The scenario an opposed roll is told in: the one the request names; else what the
    attempt says ("argue the magistrate down" is an interaction, "outpace the hounds" an
    exploration: never "Ash's blow lands"); else a fight, as the rules default."""
    named = context.request.get("scenario")
    if isinstance(named, str) and named in ("combat", "exploration", "interaction"):
        return named
    from oracle.narrator.outcomes import families_of

    if _WORDS.search(context.intent):
        return "interaction"
    if _BLOW.search(context.intent):
        return "combat"
    for family in families_of(context.intent):
        if family.name in _SCENARIO_OF_FAMILY:
            return _SCENARIO_OF_FAMILY[family.name]
    if _GOING.search(context.intent):
        return "exploration"
    return str(context.result.get("scenario") or "combat")


def tell(beat: str, context: NarrationContext, deal: Deal, name: str, table: str) -> str | None:
    """A Triptycho roll in words: an opposed roll's winner, the damage and to whom, a card of
    how it looks; a defeat names the defeated (the target, never the one who struck)."""
    result = context.result
    roll = result.get("roll")
    target = _target(context)
    if beat == "defeat":
        return " ".join([*deal(table), _defeat({**result, "target": target}, name)])
    if beat == "roll" and roll in told.FACTS:
        grade = told.CARDS.get(str(roll))
        card = deal("tt_quiet", grade=grade(result)) if grade else []
        return " ".join([*card, told.FACTS[str(roll)](result, name)])
    if beat != "roll" or roll not in ("opposed", "damage", "attack"):
        return None
    if roll == "opposed":
        result = {**result, "scenario": scenario_of(context)}
    parts: list[str] = []
    if result.get("action_total") is not None:
        parts.append(opposed(result, name, target, _place(context)))
    scenario = str(result.get("scenario") or "")
    winner = str(result.get("winner") or "action")
    if roll == "opposed" and scenario in ("exploration", "interaction"):
        parts[:0] = deal("tt_scenes", grade=f"{scenario}_{winner}")
    elif roll == "opposed" or result.get("winner") == "reaction":
        parts[:0] = deal("tt_clashes", grade=winner)
    else:
        parts[:0] = deal("tt_wounds", grade="through" if result.get("dealt") else "held")
        parts.append(damage(result, target))
    return " ".join(p for p in parts if p)


def settled(result: Mapping[str, Any]) -> Settled:
    """What a Triptycho result settles: a death by Injury; an attack's hit (an opposed roll of
    combat won, a damage roll that deals any); the verdict of an opposed roll of exploration or
    interaction; the foe defeated or standing after an attack or damage (and standing after a
    lost exchange); its totals."""
    roll, winner, scenario = result.get("roll"), result.get("winner"), result.get("scenario")
    hit, defeated, dealt = result.get("hit"), result.get("defeated"), result.get("dealt")
    verdict = ""
    if roll == "opposed" and scenario != "combat":
        verdict = {"action": "success", "reaction": "failure"}.get(str(winner), "")
    if roll == "opposed" and scenario == "combat" and winner in ("action", "reaction"):
        hit = winner == "action"
        defeated = False if winner == "reaction" else None
    if roll == "damage" and isinstance(dealt, int) and not isinstance(dealt, bool):
        hit = dealt > 0
    harmed = dealt > 0 if roll == "attack" and hit is True and isinstance(dealt, int) and \
        not isinstance(dealt, bool) else None  # a blow that landed and did nothing
    return Settled(
        verdict=verdict, dies=result.get("dead") is True, harmed=harmed,
        hit=hit if isinstance(hit, bool) else None,
        defeated=defeated if isinstance(defeated, bool) else None,
        totals=values_under(result, ("action_total", "reaction_total", "damage_total",
                                     "defense_total")))
