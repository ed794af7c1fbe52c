"""What the narrator asks of Trophy: its beats, a result's settled facts in words, a sheet's
brief, and the offline narrator's own telling of its beats (:mod:`oracle.trophy.telling`).

Imported only when a narrator first asks (``oracle resolve`` without ``--narrate`` never does).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from oracle.narrator.facts import MAX_NAME, delimit
from oracle.systems.base import Count, Settled, entries, values_under
from oracle.systems.beats import BeatSpec, beats
from oracle.wording import plural

if TYPE_CHECKING:
    from oracle.narrator.base import NarrationContext
    from oracle.systems.base import Deal

BEATS = beats(
    BeatSpec("wrong", "what could go wrong, from the stated intent, before the roll",
             ("complications",), listing=True, before_roll=True),
    BeatSpec("bargain", "Devil's Bargains: a bonus light die for a price paid whatever happens",
             ("bargains",), listing=True, before_roll=True),
    BeatSpec("condition", "a Ruin mark and Conditions to choose from",
             ("conditions",), listing=True, example={"roll": "ruin", "ruin_before": 2,
                                                     "ruin_after": 3, "ruin_marked": True}),
    BeatSpec("answer", "the GM's answers to exploration questions (independent of the roll)",
             ("exploration",), listing=True, unrolled={"roll": "hunt"}),
    BeatSpec("encounter", "what the Hunt finds: present and threatening, or distant",
             ("encounters_present", "encounters_distant", "hunt_quiet"),
             table_by=("encounter", {"present": "encounters_present",
                                     "distant": "encounters_distant", "none": "hunt_quiet"}),
             voices_said=False,
             example={"roll": "hunt", "highest": 2, "tokens_before": 1, "tokens_after": 1,
                      "tokens_lost": False, "encounter": "present"}),
    BeatSpec("outcome", "the outcome of a Risk Roll, voiced without choosing for the character",
             ("outcome_complication", "outcome_failure", "outcome_success"),
             table_by=("outcome", {"failure": "outcome_failure",
                                   "complication": "outcome_complication",
                                   "success": "outcome_success"}),
             example={"roll": "risk", "highest": 5, "highest_is_dark": True,
                      "outcome": "complication", "ruin_before": 2, "ruin_after": 3,
                      "ruin_marked": True, "lost": False, "can_push": False, "helpers": []},
             voices_bargain=True),
    BeatSpec("monster", "a monster and the course of the combat", ("monsters",), fight=True,
             voices_said=False,
             example={"roll": "combat", "roll_required": True, "total": 6, "defeated": False,
                      "characters": [{"name": "Ash", "ruin_before": 2, "ruin_after": 3,
                                      "matches": 1, "armor_used": False, "lost": False}]}),
    BeatSpec("ruin", "a Ruin Roll's disturbing sight", ("disturbing",),
             example={"roll": "ruin", "ruin_before": 3, "ruin_after": 4, "ruin_marked": True,
                      "lost": False}, said="sight",
             intent_label="What the player says their character sees (voice this; do not "
                          "replace it)"),
    BeatSpec("reduction", "a betrayal to shed Ruin, noticed or not",
             ("betrayals_unnoticed", "betrayals_noticed"),
             table_by=("noticed", {"false": "betrayals_unnoticed", "true": "betrayals_noticed"}),
             example={"roll": "reduction", "ruin_before": 5, "ruin_after": 4, "noticed": False},
             said="betrayal",
             intent_label="The betrayal the player stated (voice exactly this act, no other)"),
    BeatSpec("lost", "Losing Yourself: the last Ruin is marked", ("lost",),
             example={"roll": "risk", "outcome": "failure", "ruin_before": 5, "ruin_after": 6,
                      "ruin_marked": True, "lost": True},
             intent_label="The character's stated last intent", voices_bargain=True),
)




def characters(request: Mapping[str, Any], unnamed: str) -> list[dict[str, Any]]:
    """The roller first (named or not), then helpers, participants or fighters."""
    found: list[dict[str, Any]] = []
    if isinstance(request.get("name"), str):
        found.append({"name": request["name"], "ruin": request.get("ruin")})
    elif not any(key in request for key in ("participants", "characters")):
        found.append({"name": unnamed, "ruin": request.get("ruin")})
    for key in ("characters", "participants", "helpers"):
        for entry in request.get(key) or []:
            if isinstance(entry, Mapping) and isinstance(entry.get("name"), str):
                found.append({"name": entry["name"], "ruin": entry.get("ruin")})
    return found


# --- The settled facts in words (for the model) ---

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


def _person(key: str, entry: Mapping[str, Any]) -> Iterator[str]:
    who = _who(entry)
    role = " (helping)" if key == "helpers" else ""
    change = _ruin_change(who + role, entry)
    if change:
        yield change
    matches = entry.get("matches")
    if isinstance(matches, int) and matches > 0:
        took = ("armor took the blow instead of Ruin" if entry.get("armor_used")
                else "each costs Ruin")
        yield f"The monster struck {who}'s Weak Point {plural(matches, 'time')}; {took}."
    conditions = _conditions(who, entry)
    if conditions:
        yield conditions
    if entry.get("lost") is True:
        yield (f"{who} is lost at Ruin 6: the player chooses whether they become a "
               "monster of the forest or die; frame the moment, do not choose.")


def _people(result: Mapping[str, Any]) -> Iterator[str]:
    for key in ("helpers", "participants", "characters"):
        entries = result.get(key)
        if not isinstance(entries, Sequence) or isinstance(entries, str):
            continue
        for entry in list(entries)[:12]:
            if isinstance(entry, Mapping):
                yield from _person(key, entry)


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
_DIES = ("The roller DIES: this Risk Roll was made to kill or incapacitate a monster, and that "
         "always costs the character's life, whatever the outcome. Voice the death; never voice "
         "a clean victory.")
_LOST = ("The roller is LOST (Ruin 6); this roll's outcome still stands. The player chooses "
         "whether they become a monster of the forest or die: frame the moment and hand it to "
         "them.")


def _roller(result: Mapping[str, Any]) -> Iterator[str]:
    """The roller's own flags: outcome, death, pushes, Ruin Roll, Ruin, Conditions, lost."""
    outcome = result.get("outcome")
    if isinstance(outcome, str) and outcome in _OUTCOMES:
        yield _OUTCOMES[outcome]
    if result.get("dies") is True:
        yield _DIES
    pushes = result.get("pushes")
    if isinstance(pushes, int) and not isinstance(pushes, bool) and pushes > 0:
        yield (f"The roller pushed {plural(pushes, 'time')} (risked the dark again); these are the "
               "final dice.")
    if result.get("ruin_roll") is True:
        yield ("A dark die was highest, so this roll was also a Ruin Roll: something "
               "disturbing was seen or endured.")
    if result.get("roll") not in ("contest", "combat") or "ruin_before" in result:
        yield from filter(None, [_ruin_change("The roller", result)])
    yield from filter(None, [_conditions("The roller", result)])
    if result.get("lost") is True:
        yield _LOST


def _push(result: Mapping[str, Any]) -> Iterator[str]:
    if result.get("can_push") is True:
        if result.get("outcome") == "success":
            yield "A push is allowed but cannot improve a 6: do not hint at one."
        else:
            yield ("The highest die is light, so the player may still push (risk the dark "
                   "for a better result); at most hint at it, in fresh words.")
    elif result.get("can_push") is False and result.get("roll") == "risk":
        yield "No push is possible now: do not hint at one."
    bargain = result.get("bargain")
    if isinstance(bargain, Mapping) and bargain.get("accepted"):
        yield ("A Devil's Bargain was accepted: its price (bargain.text above) happens "
               "whatever the outcome. Voice it.")


def _hunt(result: Mapping[str, Any]) -> Iterator[str]:
    encounter = result.get("encounter")
    if isinstance(encounter, str) and encounter in _ENCOUNTERS:
        yield _ENCOUNTERS[encounter]
    before, after = result.get("tokens_before"), result.get("tokens_after")
    if result.get("tokens_lost") is True:
        yield f"Every Hunt Token was lost ({before} to {after})."
    elif isinstance(after, int) and isinstance(before, int):
        yield f"Hunt Tokens: {before} to {after}."


def _contest(result: Mapping[str, Any]) -> Iterator[str]:
    winner = result.get("winner")
    yield (f"The contest's winner is {delimit(str(winner)[:MAX_NAME])}." if winner
           else "The contest has no winner: every count tied.")


def _combat(result: Mapping[str, Any]) -> Iterator[str]:
    if result.get("roll_required") is False:
        yield ("No roll was needed: the monster is overwhelmed and defeated outright; "
               "nobody marks Ruin.")
    elif isinstance(result.get("total"), int):
        verdict = "DEFEATED" if result.get("defeated") else "NOT defeated: it still stands"
        yield (f"The hunters' total {result['total']} against Endurance "
               f"{result.get('endurance')}: the monster is {verdict}.")


def _reduction(result: Mapping[str, Any]) -> Iterator[str]:
    yield (("Someone NOTICED the betrayal; do not decide what they do about it."
            if result.get("noticed") else "Nobody noticed the betrayal: it passes for bad luck "
            "or an accident.") + ("" if result.get("removed") is not False else
                                  " No Ruin was shed."))


_BY_ROLL = {"contest": _contest, "combat": _combat, "reduction": _reduction}


def facts(result: Mapping[str, Any]) -> list[str]:
    """Every Trophy flag of the settled result, in words (the model must keep to all of them)."""
    said = [*_roller(result), *_push(result), *_hunt(result)]
    by_roll = _BY_ROLL.get(str(result.get("roll")))
    if by_roll is not None:
        said += by_roll(result)
    return said + list(_people(result))


# --- A result in one plain sentence (the offline narrator's generic beat) ---

def summary(result: Mapping[str, Any]) -> list[str]:
    """The settled facts as short phrases, from the rules core's own fields."""
    parts: list[str] = []
    if result.get("highest") is not None:
        dark = " (dark)" if result.get("highest_is_dark") else ""
        parts.append(f"highest die {result['highest']}{dark}")
    if "outcome" in result:
        parts.append(str(result["outcome"]))
    if "encounter" in result:
        parts.append(f"encounter: {result['encounter']}")
    if "tokens_before" in result and "tokens_after" in result:
        parts.append(f"Hunt Tokens {result['tokens_before']} \u2192 {result['tokens_after']}")
    if result.get("roll") == "combat" and result.get("total") is not None:
        parts.append(f"total {result['total']}")
    if "defeated" in result:
        parts.append("the monster is defeated" if result["defeated"] else "the monster stands")
    if "winner" in result:
        parts.append(f"winner: {result['winner'] if result['winner'] is not None else 'none'}")
    if "ruin_before" in result and "ruin_after" in result:
        parts.append(f"Ruin {result['ruin_before']} \u2192 {result['ruin_after']}")
    if result.get("noticed") is True:
        parts.append("someone noticed")
    return parts


# --- The offline narrator ---

def tell(beat: str, context: NarrationContext, deal: Deal, name: str, table: str) -> str | None:
    """The offline text of a Trophy beat (or a Contest Roll's generic beat); None otherwise."""
    from oracle.trophy import telling

    return telling.tell(beat, context, deal, name, table)


def header(beat: str, context: NarrationContext, name: str, tries: str, place: str,
           thing: str) -> str | None:
    """The line above a Trophy listing beat's offers (``tries``: the intent quoted, or "")."""
    result = context.result
    if beat == "wrong":
        return f"{name} goes for it: {tries} What could go wrong:" if tries else \
            f"What could go wrong for {name} here:"
    if beat == "bargain":
        return (f"Devil's Bargains for {name}: take one for a bonus light die, and it happens "
                "whatever the dice say.")
    if beat == "condition":
        marked = (f"Ruin climbs for {name} ({result.get('ruin_before')} to "
                  f"{result.get('ruin_after')}), and it leaves its mark. "
                  if result.get("ruin_marked") else "")
        return f"{marked}Conditions to choose from:"
    if beat == "answer":
        from oracle.narrator.telling import said

        asked = said(context.question)
        about = f" about {thing}" if thing else ""
        return f"{asked} What {place} shows{about}:" if asked else f"What {place} shows:"
    return None


# Ruin the stat, not "a ruin" or "the ruin of a chapel": no article before it, no "of" after
RUIN_SAID = (r"(?<!\ba )(?<!\ban )(?<!\bthe )(?<!\bold )(?<!\bthis )\bruin\b(?!\s+of\b)\W+"
             r"(?:(?:is|at|of|to|now|rises|climbs|stands|from|goes|up|reaches|becomes)\W+){0,3}"
             r"<n>\b")
RUIN_MOVES = (r"(?<!\ba )(?<!\ban )(?<!\bthe )(?<!\bold )(?<!\bthis )\bruin\b(?!\s+of\b)"
              r"(?:\W+(?!(?:and|but|as|while|then)\b)[a-z]+){0,3}?\W+(?:from\W+)?<n>"
              r"(?:\W+to\W+<n>)?\b")  # Ruin moving in any verb: "Ruin creeps from three to five"
TOKENS_SAID = r"\b<n>\W+(?:hunt\W+)?tokens?\b"
_LISTED = ("helpers", "participants", "characters")


def settled(result: Mapping[str, Any]) -> Settled:
    """What a Trophy result settles: a Risk Roll's outcome, a death (a monster killed by the
    roll, a fallen fighter), who is lost, a combat's monster defeated or standing, the Ruin and
    Hunt Tokens it holds, its totals (Endurance among them)."""
    listed = entries(result, _LISTED)
    everyone = [result, *listed]
    outcome, defeated = result.get("outcome"), result.get("defeated")
    ruin = values_under(result, ("ruin_before", "ruin_after", "ruin"))
    return Settled(
        verdict=outcome if isinstance(outcome, str) else "",
        dies=result.get("dies") is True or any(e.get("dead") is True for e in everyone),
        lost=any(e.get("lost") is True for e in everyone),
        defeated=defeated if result.get("roll") == "combat" and isinstance(defeated, bool)
        else None,
        against_foe=result.get("foe") == "monster",
        people=tuple(str(e.get("name", "")) for e in listed),
        totals=values_under(result, ("endurance",)), total_words=("endurance",),
        winner=str(result["winner"]) if isinstance(result.get("winner"), str) else "",
        tie=result.get("roll") == "contest" and result.get("winner") is None,
        presence=str(result.get("encounter") or "") if result.get("roll") == "hunt" else "",
        counts=(Count(RUIN_SAID, ruin, "it gives Ruin {said}, but Ruin is {values}",
                      open_when_empty=True),
                Count(RUIN_MOVES, ruin, "it gives Ruin {said}, but Ruin is {values}",
                      open_when_empty=True),
                Count(TOKENS_SAID, values_under(result, ("tokens_before", "tokens_after")),
                      "it counts {said} tokens, but the tokens are {values}")))
