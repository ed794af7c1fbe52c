"""What body a foe has, and what body a card presumes of it: no ribs for a ghost, no sleeve
for an ooze, and no "the foreman's ghost's ribs".

:func:`body_of` reads a foe's name by its head word ("the foreman's ghost" is a ghost, "the
Drowned Abbot" an abbot): ``spirit`` (a ghost, a wraith, a shade: nothing to cut, nothing
worn), ``formless`` (an ooze, a swarm, a mist: no limbs, no clothes), else ``body`` (anything
with flesh or bone, named or not). :func:`presumes` reads a card's words for the flesh, limbs
and clothes it takes for granted.
"""

from __future__ import annotations

import functools
import re

__all__ = ["barred_for", "body_of", "possessive", "presumes"]

_SPIRIT = re.compile(
    r"\b(?:ghosts?|wraiths?|shades?|spectres?|specters?|phantoms?|apparitions?|spirits?|"
    r"banshees?|poltergeists?|wisps?|haunts?|shadows?|revenant spirits?|will-o'-the-wisp|"
    r"echo(?:es)?|presences?|whispers?|voices?|dreams?|memor(?:y|ies)|spook)\b", re.IGNORECASE)
_FORMLESS = re.compile(
    r"\b(?:oozes?|slimes?|swarms?|jell(?:y|ies)|moulds?|molds?|clouds?|mists?|fogs?|smoke|"
    r"tides?|floods?|rot|blight|plague|puddings?|hive)\b", re.IGNORECASE)
# the head of a name: the last word before "of" ("the wraith of the mill": wraith)
_OF = re.compile(r"\s+(?:of|from|in|under|beneath|below)\s+.*$", re.IGNORECASE)

# flesh, bone and breath: what a being without a body lacks
FLESH = re.compile(
    r"\b(?:blood\w*|bleed\w*|bled|breath\w*|breathes?|gasps?|cough\w*|ribs?|skin|flesh|guts?|"
    r"bones?|skulls?|jaws?|tooth|teeth|knuckles?|shoulders?|thighs?|knees?|arms?|legs?|"
    r"hands?|collarbones?|ears?|eyes?|brows?|heart|throat|necks?|belly|chest|lungs?|grin|"
    r"forearms?|elbows?|wrists?|ankles?|shins?|hips?|spine|sinew|veins?|pulse|sweat\w*|"
    r"limps?|limping|lurch\w*|stagger\w*|knee|foot|feet|heel|toes?|mouth|lips?|nose|face|"
    r"fingers?|thumbs?|fists?|palms?|scalp|hair|beard|cheeks?|backbone|gut|wet|red|spits?|spat|"
    r"blinks?|cuts?|wounds?|bruis\w*|scabs?|soaked|grit|winded|tooth)\b",
    re.IGNORECASE)
# what is worn or carried: what a formless thing lacks
WORN = re.compile(
    r"\b(?:sleeves?|coats?|buttons?|collars?|hats?|buckles?|cloaks?|leather|straps?|shields?|"
    r"armou?r|boots?|belts?|hoods?|watch|pockets?|purses?|gloves?|mail|helm\w*|tunics?|"
    r"shirts?|robes?|cassocks?|habits?|plates?)\b", re.IGNORECASE)
_FOE = re.compile(r"\{\{\s*[Mm]onster\s*\}\}")
_FOES_OWN = re.compile(r"\{\{\s*[Mm]onster\s*\}\}'s\b")


@functools.lru_cache(maxsize=256)
def body_of(name: str) -> str:
    """``spirit``, ``formless`` or ``body`` for a foe named ``name`` (by its head word)."""
    head = _OF.sub("", name.strip())
    last = head.split()[-1] if head.split() else ""
    if _SPIRIT.fullmatch(last.removesuffix("'s")):
        return "spirit"
    if _FORMLESS.fullmatch(last.removesuffix("'s")):
        return "formless"
    return "body"


def presumes(text: str) -> frozenset[str]:
    """What a card takes for granted of a foe's body: ``flesh`` (flesh, bone, breath, limbs)
    and ``worn`` (clothes, armour); read only in a card that names the foe or tells a blow."""
    kinds = set()
    if FLESH.search(_FOE.sub(" ", text)):
        kinds.add("flesh")
    if WORN.search(_FOE.sub(" ", text)):
        kinds.add("worn")
    return frozenset(kinds)


def barred_for(body: str) -> frozenset[str]:
    """What a card may not presume of a foe of this body."""
    return {"spirit": frozenset({"flesh"}), "formless": frozenset({"flesh", "worn"})}.get(
        body, frozenset())


def possessive(text: str) -> bool:
    """Whether the card puts the foe's name in the possessive ("{{ monster }}'s arm")."""
    return bool(_FOES_OWN.search(text))
