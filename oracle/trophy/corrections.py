"""Folding a correction of a sheet (``sheet_corrected``): a number or a Condition put right
without undoing a move, with the player's reason, still bound by the rules.

- Ruin runs from the character's starting Ruin to 6 (SRD 1.2, Ruin Roll and Reduction Roll). A
  correction to 6 marks the last box: the character is lost, and Losing Yourself follows as
  after any mark (the Fate is chosen, the moment is told). A lost or dead character's Ruin is not
  corrected: a loss is taken back by undoing the move that made it. A correction is not a mark:
  it owes no Condition; lowered, it forgives the Conditions the removed marks still owed.
  Reaching 5 opens the Reduction Roll as any 5 does.
- Hunt Tokens and Gold are never negative (SRD 1.2, Hunt Tokens).
- A Condition is a change of body or mind written in words (SRD 1.2, Conditions): one line of
  at most 120 characters with a letter in it, never one the character has already; only a
  Condition the character has is struck off.

``docs/rulings.md`` (Corrections) gives the reasons.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from oracle.errors import RequestError, RuleError, shown
from oracle.trophy.character import Character
from oracle.trophy.events import CORRECTABLE, SHEET_CORRECTED
from oracle.trophy.fields import flag, require, text, whole
from oracle.trophy.ruin import MAX_RUIN, REDUCTION_OPENS_AT
from oracle.trophy.state import Event, TrophyState, close_risk

MAX_REASON = 200
MAX_CONDITION = 120
LABELS = {"ruin": "Ruin", "hunt_tokens": "Hunt Tokens", "gold": "Gold"}


def _reason(event: Event) -> str:
    reason = " ".join(text(event, "reason", "").split())
    if not reason:
        raise RequestError("reason: say in a few words why the sheet is corrected (e.g. "
                           "misread the dark die).")
    if len(reason) > MAX_REASON:
        raise RequestError(f"reason: at most {MAX_REASON} characters; got {len(reason)}.")
    return reason


def _still_playing(character: Character) -> None:
    """A lost or dead character's Ruin is not corrected: the move that did it is undone."""
    if character.dead or character.lost:
        how = "dead" if character.dead else "lost (Ruin 6)"
        raise RuleError(f"name: {character.name} is {how}; that is taken back by undoing the "
                        "move that made it, not by a correction.")


def _ruin(character: Character, to: int) -> Character:
    name = character.name
    if not character.starting_ruin <= to <= MAX_RUIN:
        raise RuleError(f"to: Ruin runs from {name}'s starting Ruin {character.starting_ruin} "
                        f"to {MAX_RUIN} (6: lost); got {to}.")
    forgiven = max(0, character.ruin - to)  # the marks taken away owed no Condition
    return replace(character, ruin=to,
                   reached_five=character.reached_five or to >= REDUCTION_OPENS_AT,
                   conditions_due=max(0, character.conditions_due - forgiven))


def _number(state: TrophyState, character: Character, what: str,
            event: Event) -> tuple[TrophyState, dict[str, Any]]:
    label = LABELS[what]
    if what == "ruin":
        _still_playing(character)
    before = int(getattr(character, what))
    to = whole(event, "to")
    if event.get("from") is not None and whole(event, "from") != before:
        raise RuleError(f"from: {character.name}'s {label} is {before} now, not "
                        f"{whole(event, 'from')}; the sheet changed meanwhile, look again.")
    if to == before:
        raise RuleError(f"to: {character.name}'s {label} is already {before}; nothing to "
                        "correct.")
    result: dict[str, Any] = {"before": before, "after": to}
    if what == "ruin":
        state = close_risk(state)  # an open roll was read at the old Ruin
        corrected = _ruin(character, to)
        result.update(ruin_before=before, ruin_after=to, lost=corrected.lost)
    else:
        if to < 0:
            raise RuleError(f"to: {label} are never negative; got {to}." if what != "gold"
                            else f"to: Gold is never negative; got {to}.")
        if what == "hunt_tokens":
            corrected = replace(character, hunt_tokens=to)
            result.update(tokens_before=before, tokens_after=to)
        else:
            corrected = replace(character, gold=to)
    return state.with_character(corrected), result


def _condition(state: TrophyState, character: Character,
               event: Event) -> tuple[TrophyState, dict[str, Any]]:
    condition = " ".join(text(event, "condition", "").split())
    if not condition or not any(ch.isalpha() for ch in condition):
        raise RuleError("condition: a Condition is a change of body or mind in words (e.g. "
                        "Sprained ankle); got " + (shown(condition) if condition else "nothing")
                        + ".")
    if len(condition) > MAX_CONDITION:
        raise RuleError(f"condition: at most {MAX_CONDITION} characters; got "
                        f"{len(condition)}.")
    held = {c.casefold(): c for c in character.conditions}
    key = condition.casefold()
    if flag(event, "remove"):
        if key not in held:
            raise RuleError(f"condition: {character.name} has no Condition "
                            f"{shown(condition)} to strike off.")
        corrected = replace(character, conditions=tuple(
            c for c in character.conditions if c.casefold() != key))
        return state.with_character(corrected), {"condition": held[key], "removed": True}
    if key in held:
        raise RuleError(f"condition: {character.name} already has {shown(held[key])}.")
    corrected = replace(character, conditions=(*character.conditions, condition),
                        conditions_due=max(0, character.conditions_due - 1))
    return state.with_character(corrected), {"condition": condition, "removed": False}


def sheet_corrected(state: TrophyState, event: Event) -> TrophyState:
    """A correction of one character's Ruin, Hunt Tokens, Gold or Conditions."""
    character = state.character(require(event, "name"))
    what = text(event, "what")
    if what not in CORRECTABLE:
        raise RequestError(f"what: a correction puts right {', '.join(CORRECTABLE)}; got "
                           f"{shown(what)}.")
    reason = _reason(event)
    if what == "condition":
        state, result = _condition(state, character, event)
    else:
        state, result = _number(state, character, what, event)
    return replace(state, last_result={"event": SHEET_CORRECTED, "name": character.name,
                                       "what": what, **result, "reason": reason})
