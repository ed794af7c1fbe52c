"""What the offline narrator says for Trophy's beats: a dealt card, then the settled facts.

Every result flag is voiced as it was settled: a Risk Roll to kill a monster is the character's
death, an accepted Devil's Bargain comes due whatever the dice said, a lost character's last roll
keeps its outcome, a contest's losers pay their Ruin, a success that marks Ruin carries its cost,
and a push is offered only when it could improve the result. What belongs to the player stays
theirs: the betrayal of a Reduction, the sight of a Ruin Roll, the choice when a character is lost.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from oracle.narrator.outcomes import families_of
from oracle.narrator.telling import said as _said
from oracle.wording import in_sentence

if TYPE_CHECKING:
    from oracle.narrator.base import NarrationContext
    from oracle.systems.base import Deal

OUTCOME_WORDS = {"failure": "it failed", "complication": "it worked, at a cost",
                 "success": "it worked"}


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
    return [f"The Devil's Bargain comes due, whatever the dice said: {_said(text)}"] \
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


# A thing that opens (a card of a lid or a hinge fits it); a person the attempt works on.
_CONTAINER = re.compile(
    r"\b(?:doors?|lids?|chests?|box(?:es)?|gates?|grates?|grilles?|seals?|locks?|latch|coffins?|"
    r"reliquar(?:y|ies)|trapdoors?|hatch(?:es)?|casks?|barrels?|shutters?|windows?|cages?|jars?|"
    r"tombs?|vaults?|sarcophag\w*|caskets?|cupboards?|drawers?|doorway|portcullis)\b",
    re.IGNORECASE)
# What an opening is: a thing with a lid (a card of a lid fits it), a door or a gate (a card of
# a door fits it); a lock, a seal or a latch is any opening ("container": neither card).
_LIDDED = re.compile(
    r"\b(?:lids?|chests?|box(?:es)?|coffins?|reliquar(?:y|ies)|casks?|barrels?|jars?|urns?|"
    r"trunks?|crates?|caskets?|sarcophag\w*|cisterns?|wells?|ossuar(?:y|ies)|tombs?)\b",
    re.IGNORECASE)
_DOORS = re.compile(
    r"\b(?:doors?|doorways?|gates?|portcullis|hatch(?:es)?|trapdoors?|shutters?|windows?|"
    r"grates?|grilles?|cages?|vaults?|cupboards?)\b", re.IGNORECASE)


def opening(intent: str) -> str:
    """What an opening attempt works on: ``lid``, ``door`` or (a lock, a seal) ``container``;
    the first named wins ("the padlock on the cellar hatch" is a door's)."""
    lid, door = _LIDDED.search(intent), _DOORS.search(intent)
    if lid and (not door or lid.start() < door.start()):
        return "lid"
    return "door" if door else "container"


_PERSON = re.compile(
    r"\b(?:him|her|them|his|their|he|she|they|guards?|hermit|priests?|abbess|abbot|witch|man|"
    r"woman|stranger|ferryman|keeper|gatekeeper|monk|nun|child|king|queen|lord|lady|"
    r"merchant|thief|hunter|soldiers?|captain|villagers?|innkeeper|beggar|pilgrim|"
    r"talk|persuade|convince|bribe|beg|charm|deceive|lie to|intimidate|bargain|haggle|"
    r"barter|plead|threaten|fool|bluff|sweet-talk)\b", re.IGNORECASE)
_TAKEN_OFF = re.compile(r"\b(?:off|from|out of|away from)\b", re.IGNORECASE)
_WATER = re.compile(r"\b(?:wade|wading|swim|swimming|ford|river|stream|water|mere|lake|pool|"
                    r"flood\w*|current|across)\b", re.IGNORECASE)
_SWIM = re.compile(r"\b(?:swim\w*|wad(?:e|es|ed|ing)|dive|dives|diving|dove|paddl\w*|"
                   r"ford|fording)\b", re.IGNORECASE)  # in the water, whichever way it goes
_CLIMB = re.compile(r"\b(?:climb\w*|scale|scaling|ascend\w*|descend\w*|up|down|tower|wall|"
                    r"cliff|ledge|roof|rope|ladder|chain)\b", re.IGNORECASE)


def attempt_kind(intent: str, known: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """The family of the attempt (the referee's: go unseen, open, reach, find, persuade, read,
    fight, carry, endure) and what it works on (an opening: ``lid``, ``door`` or another
    ``container``; ``loose``, ``person``, ``thing``), or None when the verb names no family. A thing prised off or taken out of
    something that is not a lid or a door is carried, not opened; coaxing a thing is not
    talking a person round."""
    families = [f.name for f in families_of(intent)]
    if not families:  # a swim or a wade the families do not list is still a crossing
        return ("reach", "water") if _SWIM.search(intent) else None
    family = families[0]
    if family == "open" and _TAKEN_OFF.search(intent) and not _CONTAINER.search(intent):
        family = "carry"
    if family == "open":
        return family, opening(intent) if _CONTAINER.search(intent) else "loose"
    if family == "reach":  # a crossing of water is not a climb, nor a climb a wading
        return family, ("water" if _SWIM.search(intent) else
                        "climb" if _CLIMB.search(intent) else
                        "water" if _WATER.search(intent) else "any")
    if family == "persuade":
        person = _PERSON.search(intent) or any(
            n.strip() and re.search(rf"(?i)\b{re.escape(n.strip())}\b", intent) for n in known)
        return family, "person" if person else "thing"
    return family, "any"


def attempted(context: NarrationContext, deal: Deal, kind: str) -> list[str]:
    """The outcome told for the kind of attempt the intent names (:func:`attempt_kind`), from
    ``risk_<family>``, only from cards made for what it works on; nothing when the verb names
    no family (the outcome tables' own cards)."""
    found = attempt_kind(context.intent, (context.monster, *context.party, *context.cast))
    # a family's card said lately gives way to the outcome tables (no echo in an evening)
    return deal(f"risk_{found[0]}", grade=kind, fresh=True, kind=found[1]) if found else []


def outcome(context: NarrationContext, deal: Deal, name: str) -> str:
    result = context.result
    kind = str(result.get("outcome") or "complication")
    parts: list[str] = []
    if result.get("dies"):
        parts += deal("outcome_dies", grade=kind if kind in OUTCOME_WORDS else "failure")
        parts.append(f"A Risk Roll to kill a monster is paid for with a life: {name} dies.")
    elif kind in OUTCOME_WORDS and (own := attempted(context, deal, kind)):
        parts += own
    elif kind == "success":  # a card made for one kind of attempt (a climb, a lid) waits
        parts += deal("outcome_success", grade="cost" if result.get("ruin_marked") else "clean",
                      kind="any")
    else:
        table = "outcome_failure" if kind == "failure" else "outcome_complication"
        parts += deal(table, grade=_ruin_grade(result), kind="any")
    quote = _said(context.intent)
    if quote and not any(quote in part for part in parts):  # the player's words, always kept
        frame = deal("intent_frames") or [f"{name} tries it:"]
        parts.insert(0, f"{frame[0]} {quote}")
    picked = context.could_go_wrong.strip()
    if picked and kind in ("failure", "complication") and not result.get("dies"):
        parts.append(f"What could go wrong does: {_said(picked)}")
    parts += _bargain_sentence(context)
    parts += _helpers(result)
    if result.get("ruin_marked"):
        lost = f", and {name} is lost" if result.get("lost") else ""
        parts.append("The price: "
                     f"{ruin_change(result.get('ruin_before'), result.get('ruin_after'))}{lost}.")
    if result.get("ruin_roll") and not result.get("dies") and not result.get("lost"):
        # SRD 1.2, Ruin Roll: a dark die at or above the highest light die already is the
        # Ruin Roll; no other roll follows
        parts.append(f"The dark die, a {result.get('highest')}, stood as the Ruin Roll.")
    if can_improve(result):
        parts += deal("push_hints")
    return " ".join(parts)


def lost(context: NarrationContext, deal: Deal, name: str) -> str:
    result = context.result
    parts = deal("lost")
    roll = result.get("roll")
    if roll == "ruin" and context.intent.strip():
        parts.insert(0, f"{name} sees it: {_said(context.intent)}")
    if result.get("outcome") in OUTCOME_WORDS:
        parts.append(f"The roll itself stands: {OUTCOME_WORDS[str(result['outcome'])]}.")
    if result.get("dies"):
        parts.append("The Risk Roll was to kill a monster, and that is paid for with a life.")
    parts += _bargain_sentence(context)
    parts += _helpers(result)
    before = result.get("ruin_before")
    # one line of settled facts: the Ruin, the loss, and whose the choice is now
    lost_at = ruin_change(before, result.get("ruin_after", 6)) if before is not None else "Ruin 6"
    parts.append(f"{lost_at}: {name} is lost; monster or death, the choice and the last acts "
                 f"belong to {name}'s player.")
    return " ".join(parts)


def ruin(context: NarrationContext, deal: Deal, name: str) -> str:
    result = context.result
    sight = context.intent.strip()
    parts = [f"{name} sees it: {_said(sight)}"] if _said(sight) else deal("disturbing")
    parts += deal("ruin_reaction", grade="marked" if result.get("ruin_marked") else "held")
    if result.get("ruin_marked"):
        # not "It stays: ...": a reaction card may end "It stays." ("It stays. It stays: ...")
        parts.append(f"Marked: {ruin_change(result.get('ruin_before'), result.get('ruin_after'))}"
                     ".")
    return " ".join(parts)


def reduction(context: NarrationContext, deal: Deal, name: str, table: str) -> str:
    result = context.result
    stated = context.intent.strip()
    if _said(stated):
        parts = [f"{name} goes through with it: {_said(stated)}"]
    else:
        parts = [f"The betrayal is {name}'s player's to tell."]
    parts += deal(table)
    before, after = result.get("ruin_before"), result.get("ruin_after")
    if isinstance(before, int) and isinstance(after, int) and after < before:
        parts.append(f"{ruin_change(before, after)}.")
    elif before is not None:
        parts.append(f"Ruin stays at {before}.")
    return " ".join(parts)


def monster(context: NarrationContext, deal: Deal, name: str = "") -> str:
    result = context.result
    first = context.characters[0] if context.characters else {}
    roller = str(first.get("name") or "")
    down = bool(result.get("defeated")) or result.get("roll_required") is False
    parts = deal("monsters", grade="down" if down else "standing")  # no "comes on" before a fall
    foe = in_sentence(context.monster) or "the monster"  # mid-sentence: "the Drowned Choir"
    # the monster's blows first, then how the fight stands: "goes down. It finds Oswin's weak
    # point" told a blow struck after the fall
    parts += _weak_points(result, roller, name)
    if result.get("roll_required") is False:
        parts.append(f"Outmatched before a single die is needed, {foe} falls.")
    elif result.get("defeated"):
        parts.append(f"The blows come to {result.get('total')}: enough, and {foe} goes down.")
    elif result.get("total") is not None:
        parts.append(f"The blows come to {result.get('total')}: not enough, and {foe} is "
                     "still standing.")
    return " ".join(parts)


def _weak_points(result: Mapping[str, Any], roller: str, name: str) -> list[str]:
    """Each fighter whose Weak Point the dice hit: armor took it, or the Ruin it cost."""
    parts: list[str] = []
    for fighter in result.get("characters") or []:
        if not isinstance(fighter, Mapping) or not fighter.get("matches"):
            continue
        who = fighter.get("name")
        if name and who == roller:  # the roller: full name once in the whole narration
            who = name
        if fighter.get("armor_used"):
            parts.append(f"It finds {who}'s weak point, and armor takes the blow.")
        else:
            lost = (f", and {who} is lost; monster or death, the choice and the last acts "
                    f"belong to {who}'s player") if fighter.get("lost") else ""
            parts.append(f"It finds {who}'s weak point: "
                         f"{ruin_change(fighter.get('ruin_before'), fighter.get('ruin_after'))}"
                         f"{lost}.")
    return parts


def contest(result: Mapping[str, Any], staked: bool = False) -> str:
    """A Contest Roll in words: who comes out ahead, and what each loser paid. Only a stake
    that was named (``staked``) is "taken"; without one, the winner simply comes out ahead."""
    winner = result.get("winner")
    people = [p for p in result.get("participants") or [] if isinstance(p, Mapping)]
    said: set[str] = set()

    def named(who: object) -> str:  # full name once, then the first name (a sentence's
        full = str(who)  # start capitalised; "the stranger" is never shortened to "the")
        words = full.split()
        short = words[0] if len(words) > 1 and words[0][:1].isupper() else full
        if full in said:
            return short[:1].upper() + short[1:]
        said.add(full)
        return full[:1].upper() + full[1:]

    if winner is None:
        parts = [("Nobody comes out ahead: the dice match all the way down, and the stakes "
                  "stay where they were.")]
    else:
        first = named(winner)
        others = [named(p.get("name")) for p in people if p.get("name") != winner]
        if staked:
            beaten = (" over " + " and ".join(in_sentence(o) for o in others)) if others else ""
            parts = [f"{first} takes it{beaten}: what was at stake is theirs."]
        else:
            beaten = (" of " + " and ".join(in_sentence(o) for o in others)) if others else ""
            parts = [f"{first} comes out ahead{beaten}."]
    for person in people:
        if person.get("ruin_marked"):
            lost = ", and is lost" if person.get("lost") else ""
            who = person.get("name")
            side = "wins, and still pays" if who == winner else "pays for the struggle"
            parts.append(f"{named(who)} {side}: "
                         f"{ruin_change(person.get('ruin_before'), person.get('ruin_after'))}"
                         f"{lost}.")
    return " ".join(parts)


def encounter(context: NarrationContext, deal: Deal, name: str, table: str) -> str:
    parts = deal(table)
    if context.result.get("tokens_lost"):
        before, after = context.result.get("tokens_before"), context.result.get("tokens_after")
        parts.append(f"Every Hunt Token {name} carried is gone: {before} to {after}."
                     if isinstance(before, int) and isinstance(after, int) else
                     f"Every Hunt Token {name} carried is gone.")
    return " ".join(parts)


def _contest_roll(context: NarrationContext, deal: Deal, name: str, table: str) -> str | None:
    """A Contest Roll under the generic beat: the stake when the intent names it, a card of
    the struggle, then who comes out ahead and what each loser paid."""
    result = context.result
    if result.get("roll") != "contest":
        return None
    stake = _said(context.intent)
    parts = [f"At stake: {stake}"] if stake else []
    grade = "won" if result.get("winner") else "tied"
    parts += deal("contest_struggle", grade=grade if stake else f"open_{grade}")
    return " ".join([*parts, contest(result, staked=bool(stake))])


_TELLERS: dict[str, Callable[[NarrationContext, Deal, str, str], str | None]] = {
    "outcome": lambda context, deal, name, table: outcome(context, deal, name),
    "lost": lambda context, deal, name, table: lost(context, deal, name),
    "ruin": lambda context, deal, name, table: ruin(context, deal, name),
    "reduction": reduction,
    "monster": lambda context, deal, name, table: monster(context, deal, name),
    "encounter": encounter,
    "roll": _contest_roll,
}


def tell(beat: str, context: NarrationContext, deal: Deal, name: str, table: str) -> str | None:
    """The offline text of a Trophy beat; None for a beat Trophy does not tell itself."""
    teller = _TELLERS.get(beat)
    return None if teller is None else teller(context, deal, name, table)
