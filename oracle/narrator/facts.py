"""The settled result as a model reads it: bounded facts, and every flag explained in words.

A result comes from our rules core, but it carries player text too (names, a bargain's price,
a contest's winner). So a string is written bare only under a field whose values are rules words
(``outcome: "complication"``); any other string is player text, capped and delimited. Lines are
capped in number and length, so no input can grow a prompt without bound.

:func:`explain` turns the flags (``dies``, ``ruin_roll``, ``condition_due``, ``lost``,
``can_push``, ...) into sentences, so the model never has to guess what a field means.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

OPEN = "<player_text>"
CLOSE = "</player_text>"
MAX_FACT_LINES = 150  # a contest of 8 with every count still fits
MAX_FACT_TEXT = 160  # characters of one player-text value inside a result
MAX_NAME = 60

# Fields whose string values are rules words from our own cores, never player text.
RULE_WORD_KEYS = frozenset({
    "roll", "system", "outcome", "encounter", "answer", "likelihood", "degree", "base_degree",
    "fate", "miscast_kind", "damage_result", "kind", "scenario", "dice", "action_name",
    "reaction_name", "damage_type", "effectiveness", "proficiency", "damage_dice",
    "defense_dice", "intent", "foe", "sides",
})
_RULE_WORD = re.compile(r"[a-z0-9_+\-]{1,40}")
_KEY = re.compile(r"[A-Za-z0-9_]{1,40}")
# Which request fields are dice and numbers the prompt may repeat (faces as rolled).
REQUEST_KEYS = frozenset({
    "roll", "system", "ruin", "light", "dark", "tokens", "endurance", "weak_points", "armor",
    "starting_ruin", "reached_five", "remove_anyway", "d10", "modifier", "dc", "ability",
    "proficiency", "magic", "instability", "miscast_d10", "hp", "dice", "level", "number",
    "action", "reaction", "damage", "defense", "piercing", "likelihood", "face", "helpers",
    "participants", "characters", "die", "already_marked", "confirmed", "ritual", "push",
})


def neutralize(text: object) -> str:
    """Player text with its angle brackets disarmed, so it can open or close no tag."""
    return str(text).replace("<", "\u2039").replace(">", "\u203a")


def delimit(text: object) -> str:
    """Player text wrapped in delimiters it cannot close."""
    return f"{OPEN}{neutralize(text)}{CLOSE}"


def _leaf(key: str, value: Any) -> str:
    if isinstance(value, str):
        if key in RULE_WORD_KEYS and _RULE_WORD.fullmatch(value):
            return json.dumps(value)
        limit = MAX_NAME if key in ("name", "winner") else MAX_FACT_TEXT
        return delimit(value[:limit])
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_leaf(key, v) for v in list(value)[:24]) + "]"
    if value is None or isinstance(value, (bool, int, float)):
        return json.dumps(value)
    return delimit(str(value)[:MAX_FACT_TEXT])


def _flatten(value: Any, prefix: str = "", key: str = "") -> Iterator[str]:
    if isinstance(value, Mapping):
        for raw_key, item in list(value.items())[:40]:
            text = str(raw_key)
            name = text if _KEY.fullmatch(text) else delimit(text[:MAX_NAME])
            yield from _flatten(item, f"{prefix}.{name}" if prefix else name, text)
    elif isinstance(value, (list, tuple)) and any(isinstance(v, Mapping) for v in value):
        for index, item in enumerate(list(value)[:12]):
            yield from _flatten(item, f"{prefix}[{index}]", key)
    elif value != "":
        yield f"{prefix}: {_leaf(key, value)}"


def result_lines(result: Mapping[str, Any]) -> list[str]:
    """``key: value`` lines for every leaf of a result (at most :data:`MAX_FACT_LINES`)."""
    return list(_flatten(result))[:MAX_FACT_LINES]


def _dice_only(value: Any) -> Any:
    """A request value reduced to rules facts: numbers, booleans, rules words, short names."""
    if isinstance(value, Mapping):
        kept: dict[str, Any] = {}
        for key, item in value.items():
            if key in REQUEST_KEYS:  # names are in the result already: player text once
                reduced = _dice_only(item)
                if reduced is not None:
                    kept[key] = reduced
        return kept or None
    if isinstance(value, (list, tuple)):
        items = [_dice_only(v) for v in list(value)[:12]]
        return [v for v in items if v is not None]
    if isinstance(value, str):
        return value if _RULE_WORD.fullmatch(value) else None
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return None


def request_lines(request: Mapping[str, Any]) -> list[str]:
    """The request's dice and numbers as rolled: whitelisted fields only, never its free text."""
    kept = {key: _dice_only(value) for key, value in request.items()
            if key in REQUEST_KEYS and key not in ("roll", "system")}
    kept = {key: value for key, value in kept.items() if value not in (None, [], {})}
    return result_lines(kept)[:24]


def _who(entry: Mapping[str, Any]) -> str:
    return delimit(str(entry.get("name", "someone"))[:MAX_NAME])


def _ruin_change(subject: str, entry: Mapping[str, Any]) -> str | None:
    before, after = entry.get("ruin_before"), entry.get("ruin_after")
    if not isinstance(before, int) or not isinstance(after, int):
        return None
    if after > before:
        text = f"{subject} marked Ruin: {before} to {after}"
        if after >= 6:
            text += " (Ruin 6: lost)"
        return text + "."
    if after < before:
        return f"{subject} shed Ruin: {before} to {after}."
    return f"{subject}'s Ruin held at {after}."


def _conditions(subject: str, entry: Mapping[str, Any]) -> str | None:
    due = entry.get("condition_due")
    if isinstance(due, bool) or not isinstance(due, int) or due <= 0:
        return None
    plural = "a new Condition" if due == 1 else f"{due} new Conditions"
    return (f"{subject} is due {plural} (a physical or mental change the player chooses); "
            "show a first sign of it, do not pick it for them.")


def _people(result: Mapping[str, Any]) -> Iterator[str]:
    for key in ("helpers", "participants", "characters"):
        entries = result.get(key)
        if not isinstance(entries, Sequence) or isinstance(entries, str):
            continue
        for entry in list(entries)[:12]:
            if not isinstance(entry, Mapping):
                continue
            who = _who(entry)
            role = {"helpers": " (helping)", "participants": "", "characters": ""}[key]
            change = _ruin_change(who + role, entry)
            if change:
                yield change
            matches = entry.get("matches")
            if isinstance(matches, int) and matches > 0:
                took = ("armor took the blow instead of Ruin" if entry.get("armor_used")
                        else "each costs Ruin")
                yield f"The monster struck {who}'s Weak Point {matches} time(s); {took}."
            conditions = _conditions(who, entry)
            if conditions:
                yield conditions
            if entry.get("lost") is True:
                yield (f"{who} is lost at Ruin 6: the player chooses whether they become a "
                       "monster of the forest or die; frame the moment, do not choose.")


_OUTCOMES = {
    "failure": "Outcome FAILURE (highest die 1-3): the attempt does not work and things get "
               "worse. Use no words of success.",
    "complication": "Outcome COMPLICATION (highest die 4-5): the attempt works, but a "
                    "complication comes with it. Voice both.",
    "success": "Outcome SUCCESS (highest die 6): the attempt works cleanly.",
}
_ENCOUNTERS = {
    "present": "Encounter PRESENT: something terrible is here now and threatening.",
    "distant": "Encounter DISTANT: the terrible thing is further off or not obviously "
               "dangerous (a sign, a sound, a stranger).",
    "none": "Encounter NONE: nothing terrible comes; give the quiet its unease.",
}
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


def explain(result: Mapping[str, Any]) -> list[str]:
    """Every flag of the settled result, in words (the model must keep to all of them)."""
    said: list[str] = []
    roll = result.get("roll")
    outcome = result.get("outcome")
    if isinstance(outcome, str) and outcome in _OUTCOMES:
        said.append(_OUTCOMES[outcome])
    if result.get("dies") is True:
        said.append("The roller DIES: this Risk Roll was made to kill or incapacitate a monster, "
                    "and that always costs the character's life, whatever the outcome. "
                    "Voice the death; never voice a clean victory.")
    pushes = result.get("pushes")
    if isinstance(pushes, int) and not isinstance(pushes, bool) and pushes > 0:
        said.append(f"The roller pushed {pushes} time(s) (risked the dark again); these are the "
                    "final dice.")
    if result.get("ruin_roll") is True:
        said.append("A dark die was highest, so this roll was also a Ruin Roll: something "
                    "disturbing was seen or endured.")
    if roll not in ("contest", "combat") or "ruin_before" in result:
        change = _ruin_change("The roller", result)
        if change:
            said.append(change)
    conditions = _conditions("The roller", result)
    if conditions:
        said.append(conditions)
    if result.get("lost") is True:
        said.append("The roller is LOST (Ruin 6); this roll's outcome still stands. The player "
                    "chooses whether they become a monster of the forest or die: frame the "
                    "moment and hand it to them.")
    if result.get("can_push") is True:
        if outcome == "success":
            said.append("A push is allowed but cannot improve a 6: do not hint at one.")
        else:
            said.append("The highest die is light, so the player may still push (risk the dark "
                        "for a better result); at most hint at it, in fresh words.")
    elif result.get("can_push") is False and roll == "risk":
        said.append("No push is possible now: do not hint at one.")
    bargain = result.get("bargain")
    if isinstance(bargain, Mapping) and bargain.get("accepted"):
        said.append("A Devil's Bargain was accepted: its price (bargain.text above) happens "
                    "whatever the outcome. Voice it.")
    encounter = result.get("encounter")
    if isinstance(encounter, str) and encounter in _ENCOUNTERS:
        said.append(_ENCOUNTERS[encounter])
    if result.get("tokens_lost") is True:
        said.append(f"Every Hunt Token was lost ({result.get('tokens_before')} to "
                    f"{result.get('tokens_after')}).")
    elif isinstance(result.get("tokens_after"), int) and isinstance(
            result.get("tokens_before"), int):
        said.append(f"Hunt Tokens: {result['tokens_before']} to {result['tokens_after']}.")
    if roll == "contest":
        winner = result.get("winner")
        said.append(f"The contest's winner is {delimit(str(winner)[:MAX_NAME])}." if winner
                    else "The contest has no winner: every count tied.")
    if roll == "combat":
        if result.get("roll_required") is False:
            said.append("No roll was needed: the monster is overwhelmed and defeated outright; "
                        "nobody marks Ruin.")
        elif isinstance(result.get("total"), int):
            verdict = "DEFEATED" if result.get("defeated") else "NOT defeated: it still stands"
            said.append(f"The hunters' total {result['total']} against Endurance "
                        f"{result.get('endurance')}: the monster is {verdict}.")
    if roll == "reduction":
        removed = result.get("removed")
        said.append(("Someone NOTICED the betrayal; do not decide what they do about it."
                     if result.get("noticed") else "Nobody noticed the betrayal: it passes "
                     "for bad luck or an accident.")
                    + ("" if removed is not False else " No Ruin was shed."))
    answer = result.get("answer")
    if roll == "oracle" and isinstance(answer, str):
        said.append(f"The oracle's answer is {answer.upper()}: repeat it exactly and interpret "
                    "it for the question.")
    twist = result.get("twist")
    if roll == "oracle" and isinstance(twist, Mapping):
        said.append("The dice also called a TWIST (twist above): voice it after the answer, "
                    "read through its meaning pair; it changes no number.")
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
    elif result.get("dead") is False and roll in ("death_save", "injury"):
        said.append("The character is not dead.")
    if result.get("stable") is True and fate != "stable":
        said.append("The character is stable: alive, unconscious.")
    winner = result.get("winner")
    if roll == "opposed" and winner in ("action", "reaction"):
        said.append(f"The {winner} wins the opposed roll (ties go to the action).")
    dealt = result.get("dealt")
    if isinstance(dealt, int) and not isinstance(dealt, bool):
        said.append(f"Damage dealt: {dealt}." if dealt else "No damage gets through.")
    if roll in ("damage", "defeat") and result.get("defeated") is True:
        said.append("The target is DEFEATED: out of this scenario.")
    if result.get("damage_result") == "maximum":
        said.append("The Damage dice came up at their maximum: colour only, nothing extra.")
    said.extend(_people(result))
    return said[:30]


def story_facts(threads: Sequence[str], cast: Sequence[str]) -> dict[str, list[str]]:
    """The lists that come back as story facts: ``threads`` (open goals and questions) and
    ``characters`` (NPCs, folk, monsters), each item player text, capped and delimited."""
    return {"threads": [delimit(str(t)[:MAX_FACT_TEXT]) for t in list(threads)[-12:]],
            "characters": [delimit(str(c)[:MAX_FACT_TEXT]) for c in list(cast)[-12:]]}
