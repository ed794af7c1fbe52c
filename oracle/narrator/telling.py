"""What the offline narrator says for each beat: a dealt card, then the settled facts in words.

Every result flag is voiced as it was settled: a Risk Roll to kill a monster is the character's
death, an accepted Devil's Bargain comes due whatever the dice said, a lost character's last roll
keeps its outcome, a contest's losers pay their Ruin, a success that marks Ruin carries its cost,
and a push is offered only when it could improve the result. What belongs to the player stays
theirs: the betrayal of a Reduction, the sight of a Ruin Roll, the choice when a character is lost.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from oracle.narrator.base import NarrationContext
from oracle.narrator.weave import weave

Deal = Callable[..., list[str]]
"""``deal(table, count=1, grade=None) -> [text, ...]``: cards from a table, filled in."""

OUTCOME_WORDS = {"failure": "it failed", "complication": "it worked, at a cost",
                 "success": "it worked"}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _said(text: str) -> str:
    """Player text as a quotation (trimmed, no trailing stop: the frame adds its own)."""
    return "\"" + text.strip().rstrip(".!? ") + "\""


def ruin_change(before: object, after: object) -> str:
    return f"Ruin {before} to {after}"


def bargain_text(context: NarrationContext) -> str:
    """The accepted Devil's Bargain: the result's own (if accepted) or the context's."""
    bargain = context.result.get("bargain")
    if isinstance(bargain, Mapping) and bargain.get("accepted", True) and \
            str(bargain.get("text", "")).strip():
        return str(bargain["text"])
    if isinstance(bargain, Sequence) and not isinstance(bargain, str):
        for item in bargain:
            if isinstance(item, Mapping) and item.get("accepted", True) and item.get("text"):
                return str(item["text"])
    return context.bargain.strip()


def _bargain_sentence(context: NarrationContext) -> list[str]:
    text = bargain_text(context)
    return [f"The Devil's Bargain comes due, whatever the dice said: {_said(text)}."] \
        if text else []


def _helpers(result: Mapping[str, Any]) -> list[str]:
    said: list[str] = []
    for helper in result.get("helpers") or []:
        if isinstance(helper, Mapping) and helper.get("ruin_marked"):
            lost = ", and is lost" if helper.get("lost") else ""
            said.append(f"{helper.get('name')} pays for the help: "
                        f"{ruin_change(helper.get('ruin_before'), helper.get('ruin_after'))}"
                        f"{lost}.")
    return said


def _ruin_grade(result: Mapping[str, Any]) -> str:
    after = result.get("ruin_after")
    return "high" if isinstance(after, int) and after >= 4 else "low"


def can_improve(result: Mapping[str, Any]) -> bool:
    """A push is worth hinting: the rules allow it and the result is not already a 6."""
    return bool(result.get("can_push")) and result.get("outcome") != "success" and \
        result.get("highest") != 6 and not result.get("lost") and not result.get("dies")


def outcome(context: NarrationContext, deal: Deal, name: str) -> str:
    result = context.result
    kind = str(result.get("outcome") or "complication")
    parts: list[str] = []
    if result.get("dies"):
        parts += deal("outcome_dies", grade=kind if kind in OUTCOME_WORDS else "failure")
        parts.append(f"A Risk Roll to kill a monster is paid for with a life: {name} dies.")
    elif kind == "success":
        parts += deal("outcome_success", grade="cost" if result.get("ruin_marked") else "clean")
    else:
        table = "outcome_failure" if kind == "failure" else "outcome_complication"
        parts += deal(table, grade=_ruin_grade(result))
    picked = context.could_go_wrong.strip()
    if picked and kind in ("failure", "complication") and not result.get("dies"):
        parts.append(f"What could go wrong does: {_said(picked)}.")
    parts += _bargain_sentence(context)
    parts += _helpers(result)
    if result.get("ruin_marked"):
        lost = f", and {name} is lost" if result.get("lost") else ""
        parts.append("The price: "
                     f"{ruin_change(result.get('ruin_before'), result.get('ruin_after'))}{lost}.")
    if result.get("ruin_roll"):
        parts.append("A Ruin Roll follows.")
    if can_improve(result):
        parts += deal("push_hints")
    return " ".join(parts)


def lost(context: NarrationContext, deal: Deal, name: str) -> str:
    result = context.result
    parts = deal("lost")
    roll = result.get("roll")
    if roll == "ruin" and context.intent.strip():
        parts.insert(0, f"{name} sees it: {_said(context.intent)}.")
    if result.get("outcome") in OUTCOME_WORDS:
        parts.append(f"The roll itself stands: {OUTCOME_WORDS[str(result['outcome'])]}.")
    if result.get("dies"):
        parts.append("The Risk Roll was to kill a monster, and that is paid for with a life.")
    parts += _bargain_sentence(context)
    parts += _helpers(result)
    before = result.get("ruin_before")
    parts.append(f"{ruin_change(before, result.get('ruin_after', 6))}: {name} is lost." if
                 before is not None else f"Ruin 6: {name} is lost.")
    parts.append(f"Monster or death: the choice, and the last acts, belong to {name}'s player.")
    return " ".join(parts)


def ruin(context: NarrationContext, deal: Deal, name: str) -> str:
    result = context.result
    sight = context.intent.strip()
    parts = [f"{name} sees it: {_said(sight)}."] if sight else deal("disturbing")
    parts += deal("ruin_reaction", grade="marked" if result.get("ruin_marked") else "held")
    if result.get("ruin_marked"):
        parts.append(f"It stays: {ruin_change(result.get('ruin_before'), result.get('ruin_after'))}"
                     ".")
    return " ".join(parts)


def reduction(context: NarrationContext, deal: Deal, name: str, table: str) -> str:
    result = context.result
    stated = context.intent.strip()
    woven = weave(stated, name)
    if stated and not woven.neutral:
        parts = [f"{name} goes through with it, and sets out to {woven.phrase}."]
    elif stated:
        parts = [f"{name} goes through with it: {_said(stated)}."]
    else:
        parts = [f"The betrayal is {name}'s player's to tell."]
    parts += deal(table)
    before, after = result.get("ruin_before"), result.get("ruin_after")
    if isinstance(before, int) and isinstance(after, int) and after < before:
        parts.append(f"{ruin_change(before, after)}.")
    elif before is not None:
        parts.append(f"Ruin stays at {before}.")
    return " ".join(parts)


def monster(context: NarrationContext, deal: Deal) -> str:
    result = context.result
    parts = deal("monsters")
    if result.get("roll_required") is False:
        parts.append("It is outmatched before a single die is needed; it falls, and the "
                     "players tell how.")
    elif result.get("defeated"):
        parts.append(f"The blows come to {result.get('total')}: enough. It goes down, and the "
                     "players tell how.")
    elif result.get("total") is not None:
        parts.append(f"The blows come to {result.get('total')}: not enough. It is still "
                     "standing.")
    for fighter in result.get("characters") or []:
        if not isinstance(fighter, Mapping) or not fighter.get("matches"):
            continue
        who = fighter.get("name")
        if fighter.get("armor_used"):
            parts.append(f"It finds {who}'s weak point, and armor takes the blow.")
        else:
            lost = f", and {who} is lost" if fighter.get("lost") else ""
            parts.append(f"It finds {who}'s weak point: "
                         f"{ruin_change(fighter.get('ruin_before'), fighter.get('ruin_after'))}"
                         f"{lost}.")
    return " ".join(parts)


def contest(result: Mapping[str, Any]) -> str:
    """A Contest Roll in words: who comes out ahead, and what each loser paid."""
    winner = result.get("winner")
    people = [p for p in result.get("participants") or [] if isinstance(p, Mapping)]
    said: set[str] = set()

    def named(who: object) -> str:  # full name once, then the first name
        full = str(who)
        short = full.split()[0] if len(full.split()) > 1 else full
        if full in said:
            return short
        said.add(full)
        return full

    if winner is None:
        parts = [("Nobody comes out ahead: the dice match all the way down, and the stakes "
                  "stay where they were.")]
    else:
        first = named(winner)
        others = [named(p.get("name")) for p in people if p.get("name") != winner]
        beaten = (" over " + " and ".join(others)) if others else ""
        parts = [f"{first} takes it{beaten}: what was at stake is theirs."]
    for person in people:
        if person.get("ruin_marked"):
            lost = ", and is lost" if person.get("lost") else ""
            who = person.get("name")
            side = "wins, and still pays" if who == winner else "pays for the struggle"
            parts.append(f"{named(who)} {side}: "
                         f"{ruin_change(person.get('ruin_before'), person.get('ruin_after'))}"
                         f"{lost}.")
    return " ".join(parts)


def opposed(result: Mapping[str, Any]) -> str:
    """A Triptycho opposed roll in words (ties already went to the action)."""
    action = str(result.get("action_name") or "action")
    reaction = str(result.get("reaction_name") or "reaction")
    a, r = result.get("action_total"), result.get("reaction_total")
    if result.get("winner") == "action":
        return f"The {action} carries it, {a} against {r}."
    return f"The {reaction} holds, {r} against {a}."


def encounter(context: NarrationContext, deal: Deal, name: str, table: str) -> str:
    parts = deal(table)
    if context.result.get("tokens_lost"):
        parts.append(f"Every Hunt Token {name} carried is gone.")
    return " ".join(parts)


def oracle(context: NarrationContext, deal: Deal, thing: str) -> str:
    answer = str(context.result.get("answer") or "yes")
    grade = answer.replace(", ", "_")
    question = context.question.strip()
    head = f"\"{question}\" " if question else ""
    parts = [f"{head}{answer.upper()}."]
    parts += deal("oracle_answers", grade=grade if grade in (
        "yes", "yes_and", "yes_but", "no", "no_and", "no_but") else "yes")
    parts += [f"To read into it: {thing} {meaning}." for meaning in deal("meanings")]
    twist = context.result.get("twist")
    if isinstance(twist, Mapping):
        parts.append(twist_sentence(twist))
    return " ".join(parts)


def twist_sentence(twist: Mapping[str, Any]) -> str:
    """A twist the dice called, in words: its kind, what it bears on, its meaning pair."""
    raw = twist.get("meaning")
    meaning: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    pair = " and ".join(str(meaning[k]) for k in ("action", "subject") if meaning.get(k))
    focus = twist.get("focus")
    about = (f", and it bears on {focus}" if isinstance(focus, str) and focus
             else ", something not seen before" if twist.get("new") else "")
    label = str(twist.get("label") or "a twist")
    return f"And a twist: {label}{about}. Read it as {pair or 'an omen'}."


def system_facts(beat: str, result: Mapping[str, Any], name: str) -> str:
    """The closing facts of the Die Trying and Triptycho beats (their engineers' wording)."""
    if beat == "critical" and result.get("total") is not None and result.get("dc") is not None:
        return f"{result['total']} against DC {result['dc']}."
    if beat == "death_save" and result.get("hp_after") is not None and \
            result.get("hp_before") is not None:
        return f"HP {result['hp_before']} to {result['hp_after']}."
    if beat == "defeat" and result.get("dealt") is not None and \
            result.get("points_before") is not None:
        return (f"{result['dealt']} more was {result['points_before']} too many: down to "
                f"{result.get('points_after')}, and out of it.")
    if beat == "injury":
        if result.get("dead"):
            return f"It is more than a body can carry. {name} does not get up again."
        if result.get("injuries_after") is not None:
            return (f"Injuries: {result.get('injuries_before')} to {result['injuries_after']}; "
                    f"everything {name} has is 5 less now.")
    if beat == "miscast" and result.get("miscast_effect") is not None:
        return f"The miscast reads {result.get('miscast_total')}: {result['miscast_effect']}"
    if beat == "telling_blow" and result.get("dealt") is not None:
        return f"Every die at its highest: {result['dealt']} gets through."
    return ""


def header(beat: str, context: NarrationContext, name: str, tries: str, place: str,
           thing: str) -> str:
    """The line above a list beat's offers."""
    result = context.result
    if beat == "wrong":
        return f"What could go wrong as {tries}:"
    if beat == "bargain":
        return (f"Devil's Bargains for {name}: take one for a bonus light die, and it happens "
                "whatever the dice say.")
    if beat == "condition":
        marked = (f"Ruin climbs for {name} ({result.get('ruin_before')} to "
                  f"{result.get('ruin_after')}), and it leaves its mark. "
                  if result.get("ruin_marked") else "")
        return f"{marked}Conditions to choose from:"
    if beat == "answer":
        return f"What {place} shows about {thing}:" if context.question.strip() else \
            f"What {place} shows:"
    return f"{_cap(beat)}:"
