"""Trophy's words, written once: the journal line of each event and the beat of each result.

The app's journal, the Markdown and Lonelog exports and the narrator's facts all render these
:class:`~oracle.systems.base.Line` values; none of them words a Trophy event itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from oracle.systems.base import Kind, Line, Part, result, said, who
from oracle.trophy.bestiary import monster_in_sentence
from oracle.trophy.incursion_words import incursion_line, town_line
from oracle.trophy.sheet_words import correction_line
from oracle.wording import in_sentence, plural

OUTCOME_WORDS = {"success": "success", "complication": "success with a complication",
                 "failure": "failure"}
# SRD 1.2, Hunt Roll: how near the terrible thing is, in a player's words.
ENCOUNTER_WORDS = {"present": "danger is here", "distant": "danger, at a distance",
                   "none": "no danger near"}
_OFFER = re.compile(r"^\s*take the (?:dark )?die\b\s*(?:,\s*and\b|and\b|[,:;.]|[-\u2013\u2014])?\s*",
                    re.IGNORECASE)


def accepted(bargain: str) -> str:
    """A Devil's Bargain as accepted, not as offered: "Take the die, and the lantern goes out"
    -> "the lantern goes out" (a price with no offer's words is as written)."""
    rest = _OFFER.sub("", bargain, count=1).strip()
    return rest if rest and rest != bargain.strip() else bargain.strip()

# Resolved roll -> the beat that voices it; a lost character always gets "lost".
BEATS = {"risk": "outcome", "hunt": "encounter", "ruin": "ruin", "combat": "monster",
         "reduction": "reduction"}


def beat(outcome: Mapping[str, Any]) -> str:
    """The narration beat of a resolved Trophy result."""
    if outcome.get("lost") is True:
        return "lost"
    return BEATS.get(str(outcome.get("roll", "")), "roll")


def _faces(value: object) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return "" if value is None else str(value)


def faces_text(data: Mapping[str, Any]) -> str:
    """``light 3 1, dark 5`` for an event's light and dark dice."""
    parts = []
    for key in ("light", "dark"):
        value = data.get(key)
        if (isinstance(value, list) and value) or (
                isinstance(value, int) and not isinstance(value, bool)):
            parts.append(f"{key} {_faces(value)}")
    helpers = [h for h in data.get("helpers") or [] if isinstance(h, Mapping)]
    if helpers:
        parts.append("help " + ", ".join(f"{h.get('name', '')} {_faces(h.get('die'))}"
                                         for h in helpers))
    return ", ".join(parts)


def _ruin(outcome: Mapping[str, Any]) -> str:
    if outcome.get("ruin_marked") and "ruin_before" in outcome:
        lost = ", lost" if outcome.get("lost") is True else ""
        return f" · Ruin {outcome['ruin_before']} → {outcome['ruin_after']}{lost}"
    return ""


def _their_ruin(res: Mapping[str, Any], key: str) -> str:
    """What the roll did to each one it lists under ``key`` (helpers, contestants, fighters):
    `` · Mara Ruin 5 → 6, lost``, `` · Oswin's armor takes it`` (the line says who was lost)."""
    out = ""
    for row in res.get(key) or ():
        if not isinstance(row, Mapping):
            continue
        name = str(row.get("name", ""))
        if row.get("armor_used"):
            out += f" · {name}'s armor takes it"
        elif row.get("ruin_before") != row.get("ruin_after") and "ruin_before" in row:
            out += f" · {name} " + _ruin({**row, "ruin_marked": True}).removeprefix(" · ")
    return out


def _said(data: Mapping[str, Any]) -> tuple[Part, ...]:
    action = data.get("action")
    return (("text", " "), said(action)) if action else ()


Wording = Callable[[Mapping[str, Any], Mapping[str, Any], str], Line]


def _risk(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    verb = " pushes" if data.get("type") == "risk_pushed" else " risks"
    words = OUTCOME_WORDS.get(str(res.get("outcome")), str(res.get("outcome", "")))
    bargain = data.get("bargain")
    deal = (f" · Devil's Bargain accepted: {accepted(str(bargain.get('text', '')))}"
            if isinstance(bargain, Mapping) else "")
    arrow = " → " if words else ""  # an undone roll has no result to show
    return Line.of("roll", who(name), verb, *_said(data), f" · {faces_text(data)}{arrow}",
                   result(words), _ruin(res) + _their_ruin(res, "helpers") + deal
                   + (f" · {name} dies for it" if res.get("dies") is True else ""))


def _hunt(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    encounter = str(res.get("encounter", ""))
    before, after = res.get("tokens_before"), res.get("tokens_after")
    tokens = f" · Hunt Tokens {before} → {after}" if before != after else ""
    return Line.of("roll", who(name), " hunts", *_said(data), f" · {faces_text(data)}",
                   *((" → ", result(ENCOUNTER_WORDS.get(encounter, encounter)), tokens)
                     if res else ()))


def _ruin_roll(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    return Line.of("ruin", who(name), " makes a Ruin Roll", *_said(data),
                   f" · dark {_faces(data.get('dark'))}"
                   + ((_ruin(res) or " · no Ruin marked") if res else ""))


def _reduction(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    noticed = " (noticed)" if res.get("noticed") else ""
    return Line.of("ruin", who(name), " betrays the group", *_said(data),
                   f" · light {_faces(data.get('light'))}" + (
                       f" · Ruin {res.get('ruin_before')} → {res.get('ruin_after')}{noticed}"
                       if "ruin_before" in res else ""))


def _contest(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    """``Contest "stake" · A light 5 3, dark 1 · B light 2 → A wins`` (each one's faces)."""
    winner = res.get("winner")
    rolled = "".join(f" · {p.get('name', '')} {faces_text(p) or 'no dice'}"
                     for p in data.get("participants") or [] if isinstance(p, Mapping))
    verdict = (f" → {winner} wins" if winner else " → a full tie") if res else ""
    return Line.of("roll", "Contest", *_said(data),
                   rolled + verdict + _their_ruin(res, "participants"))


def _combat_roll(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    verdict = "defeated" if res.get("defeated") else "still standing"
    return Line.of("roll", f"Combat · dark {_faces(data.get('dark', []))}" + (
        f" · total {res.get('total')} → the monster is {verdict}"
        + _their_ruin(res, "characters") if res else ""))


def _combat_started(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    fighters = ", ".join(f"{f.get('name', '')} (Weak Point {f.get('weak_point', '')})"
                         for f in data.get("fighters", []) if isinstance(f, Mapping))
    named = str(data.get("monster") or "")  # "against the Pale Stag", as the narrator says it
    monster = monster_in_sentence(named, data.get("monster_drawn") is True) if named else "a monster"
    return Line.of("roll", f"A fight begins against {monster}, Endurance "
                           f"{data.get('endurance')}: {fighters}")


def _retreated(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    to = data.get("to")
    return Line.of("roll", who(name), " retreats"
                   + (f", handing the Weak Point to {to}" if to else ""))


def _tokens_spent(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    """``Mara spends 1 Hunt Token on a treasure worth 1 Gold: a silver bell``; several
    spenders: ``Mara (2) and Oswin (1) spend 3 Hunt Tokens on a goal: ...``."""
    paid = {str(k): v for k, v in dict(data.get("from", {})).items() if isinstance(v, int)}
    total = sum(paid.values())
    if len(paid) == 1:
        spent = f"{next(iter(paid))} spends {plural(total, 'Hunt Token')}"
    else:
        each = [f"{k} ({v})" for k, v in paid.items()]
        spent = (", ".join(each[:-1]) + " and " + each[-1] if each else "The party") + (
            f" spend {plural(total, 'Hunt Token')}")
    named = data.get("treasure") or res.get("treasure")
    what = ((f"a treasure worth 1 Gold: {named}" if named else "a treasure worth 1 Gold")
            if data.get("use") == "treasure"
            else f"a goal: {data.get('goal') or res.get('goal', '')}")
    where = f" (the set goal of {in_sentence(str(res['set']))})" if res.get("set") else ""
    return Line.of("meta", f"{spent} on {what}{where}")


def _tokens_claimed(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    # who took what: a share of 0 took nothing, so the line never names them as claiming
    gold = res.get("gold")
    taken = dict(gold) if isinstance(gold, Mapping) else {
        k: v for k, v in dict(data.get("shares", {})).items() if isinstance(v, int) and v > 0}
    older = " (claimed under an older ruling)" if res.get("older_ruling") else ""
    return Line.of("meta", f"{data.get('from', '')}'s Hunt Tokens are claimed as Gold by "
                   + ", ".join(f"{k} ({v} Gold)" for k, v in taken.items()) + older)


def _ruin_marked(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    reason = data.get("reason")
    return Line.of("ruin", who(name), f" marks {data.get('amount', 1)} Ruin"
                   + (f": {reason}" if reason else "") + _ruin(res))


def _gold_changed(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    delta = data.get("delta", 0)
    reason = data.get("reason")
    change = (f"gains {delta}" if isinstance(delta, int) and delta >= 0
              else f"spends {abs(delta) if isinstance(delta, int) else delta}")
    return Line.of("meta", who(name), f" {change} Gold" + (f": {reason}" if reason else ""))


def _character_created(data: Mapping[str, Any], res: Mapping[str, Any], name: str) -> Line:
    sheet = data.get("character", {})
    sheet = sheet if isinstance(sheet, Mapping) else {}
    job = sheet.get("occupation")
    return Line.of("meta", who(sheet.get("name", "")),
                   " joins the party" + (f" ({job})" if job else ""))


def _fixed(part: Kind, text: str) -> Wording:
    """An event whose line is one fixed sentence."""
    return lambda data, res, name: Line.of(part, text)


def _named(part: Kind, text: str, key: str = "") -> Wording:
    """An event whose line is its character's name, then ``text`` (and the value of ``key``)."""
    return lambda data, res, name: Line.of(
        part, who(name), text + (str(data.get(key, "")) if key else ""))


# Each Trophy event type -> how its line is worded (incursion events: incursion_words).
_WORDINGS: dict[str, Wording] = {
    "risk_rolled": _risk, "risk_pushed": _risk, "hunt_rolled": _hunt,
    "ruin_rolled": _ruin_roll, "reduction_rolled": _reduction, "contest_rolled": _contest,
    "combat_rolled": _combat_roll, "combat_continued": _combat_roll,
    "combat_started": _combat_started, "combat_retreated": _retreated,
    "combat_abandoned": _fixed("roll", "The group retreats from the fight."),
    "help_added": lambda data, res, name: Line.of(
        "roll", who(data.get("helper", "")), f" helps after the roll · light {data.get('die')}"),
    "risk_finished": lambda data, res, name: Line.of(
        "meta", *((who(name), " lets the roll stand: no more pushes") if name
                  else ("The roll stands: no more pushes",))),
    "tokens_spent": _tokens_spent, "tokens_claimed": _tokens_claimed,
    "town_returned": town_line,
    "character_updated": _named("meta", "'s sheet is updated."),
    "condition_added": _named("ruin", " takes a Condition: ", "condition"),
    "condition_removed": _named("ruin", " is rid of a Condition: ", "condition"),
    "fate_chosen": lambda data, res, name: Line.of(
        "ruin", who(name), " is lost" + (" and dies" if data.get("fate") == "death"
                                         else " and becomes a monster of the forest")),
    "combat_armor_marked": lambda data, res, name: Line.of(
        "roll", who(name), " marks armor after the roll"
        + (f" ({data['piece']})" if data.get("piece") else "")
        + ": it takes every hit, no Ruin from this roll"),
    "armor_marked": _named("meta", " marks armor: ", "piece"),
    "ruin_marked": _ruin_marked, "gold_changed": _gold_changed,
    "character_created": _character_created, "sheet_corrected": correction_line,
}


def journal_line(event: Mapping[str, Any], outcome: Mapping[str, Any] | None = None) -> Line:
    """One Trophy event (and its result, when known) in words."""
    kind = str(event.get("type", ""))
    res: Mapping[str, Any] = outcome or {}
    wording = _WORDINGS.get(kind)
    if wording is not None:
        name = str(event.get("name", res.get("name", "")) or "")
        return wording(event, res, name)
    return incursion_line(event, res) or Line.of("meta", kind.replace("_", " "))
