"""Perception by class: a watcher's senses landing on the character, or passing them by.

:func:`perceived` takes a hide's settled outcome and looks for a clause that tells the other
one: the watcher's gaze, lamp or nose landing on the hider or their hiding place ("its eyes
settle on her hiding place", "the mage sees her") when the hide worked, or sliding past them
("the gaze slides right over her", "never notices him", "sees only barrels, and moves on")
when it failed. It is read by :func:`oracle.narrator.polarity.claim`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from oracle.narrator.lexicon import phrases, rx, verbs
from oracle.narrator.meaning import Cast, Who, Word, _person_before, word_set
from oracle.narrator.spans import index_at, negated

__all__ = ["LANDS", "PASSES", "SEES", "STRAIGHT_TO", "perceived"]

_PERCEIVER = r"(?:gaze|eyes?|look|glance|stare|lantern|lamp|light|beam|torch|head|nose|snout|" \
             r"attention|ears?|lamplight|torchlight)"
_LANDING = verbs("settle fall fix lock land rest stop linger find meet fasten catch snap light "
                 "swing turn come")
# anything heading straight for the hider ("the dog noses straight to her hiding place")
STRAIGHT_TO = re.compile(r"\b[a-z]+s?\s+(?:straight|right|directly)\s+(?:to|for|at|toward|"
                         r"towards)\s+", re.IGNORECASE)
LANDS = re.compile(rf"\b{_PERCEIVER}\b(?:\s+[\w'-]+,?){{0,6}}?\s+(?:{_LANDING})\s+"
                   r"(?:right |straight |squarely |full |directly |at once |back )?"
                   r"(?:to rest |to a stop |to a halt )?(?:on|upon|onto|to)\s+", re.IGNORECASE)
_PASSING = verbs("slide slip skim sweep drift move glide skate pass go travel wander flick look "
                 "stare")
PASSES = re.compile(rf"\b{_PERCEIVER}\b(?:\s+[\w'-]+,?){{0,4}}?\s+(?:{_PASSING})\s+"
                    r"(?:right |straight |clean |harmlessly |blindly |idly )?"
                    r"(?:over|past|across|through|by)\s+", re.IGNORECASE)
SEES = rx(verbs("see spot notice smell hear mark sense") + r"|sniffs? out|sniffed out|"
          r"(?:look|looks|looked|stare|stares|stared|glare|glares|glared|peer|peers|peered)"
          r"(?: straight| right| directly)? at|(?:look|looks|looked)(?=\s+[\w']+\s+(?:\w+\s+)?"
          r"in the (?:face|eyes?))|"
          r"(?:catch|catches|caught) sight of|(?:catch|catches|caught) the scent of|"
          r"(?:pick|picks|picked) out|(?:find|finds|found|discover|discovers|discovered)")
# the watcher moving on past the hider ("pads past the press without slowing")
_GOES_BY = re.compile(r"\b[a-z]+(?:s|ed)\s+(?:right\s+|straight\s+|on\s+)?(?:past|by)\b"
                      r"(?=[^.;]*\bwithout\b|\s+(?:the|her|him|you|them|where)\b)",
                      re.IGNORECASE)
# the watcher finding only other things, or moving on ("sees only barrels, and moves on")
_LOOKS_AWAY = rx(phrases("""~see/~find/~notice/~spot/~hear/~smell only/nothing; ~see/~find/~notice
    nothing but; ~look/~search/~peer/~poke everywhere but/except; ~move/~walk/~go/~pass/~wander/~shuffle/~stump/~drift/~turn on/away/off;
    ~go back to * post/rounds/fire/supper/dice/cards/sleep"""))
_HIDING = word_set("hiding hiding-place hideout nook")
_SEEN_OBJECT = frozenset({"her", "him", "them", "you"})


def _at_character(words: Sequence[Word], j: int, cast: Cast) -> bool:
    """The words from ``words[j]`` name the character or their hiding place."""
    said = [w.low.removesuffix("'s") for w in words[j:j + 4]]
    if said and (said[0] in _SEEN_OBJECT or said[0] in cast.characters):
        return not (len(said) > 1 and said[0] == "her" and said[1] not in _HIDING
                    and said[1] not in (",", "and", "where", "as", "at", "in", "there"))
    return bool(_HIDING & set(said))


def _watcher_is_character(sentence: str, start: int, cast: Cast,
                          before: Sequence[Word]) -> bool:
    """'her gaze', 'Sefa's eyes': the perception is the character's own."""
    prior = re.findall(r"[A-Za-z][\w'-]*", sentence[max(0, start - 30):start])
    if not prior:
        return False
    owner = prior[-1].lower().removesuffix("'s")
    if owner in cast.characters or owner in ("your", "my"):
        return True
    return owner in ("her", "his") and cast.resolve(before) is Who.CHARACTER and \
        not any(w.lower().removesuffix("'s") in cast.foe for w in prior[:-1])


# where the character went to hide, as the narration tells it ("folds himself into the culvert
# mouth"): the nouns after a preposition of shelter
_SHELTER = re.compile(r"\b(?:into|behind|under|beneath|inside|among|within|between)\s+(?:the|a|an|"
                      r"his|her|their|your|its)\s+((?:[\w-]+\s+){0,2}[\w-]+)\b", re.IGNORECASE)
# a watcher turning to that place ("turns her head toward the culvert", "sniffs at the sacks")
_TOWARD = re.compile(r"\b(?:" + verbs("turn swing snap cock tilt") + r")\s+(?:its|her|his|their)"
                     r"\s+(?:head|gaze|eyes|snout|nose|face|lantern|lamp|light)\s+(?:straight\s+)?"
                     r"(?:toward|towards|to|at|on)\s+|\b(?:" + verbs("look stare peer sniff "
                     "squint glare") + r")\s+(?:straight\s+|right\s+|directly\s+)?(?:at|into|"
                     r"toward|towards)\s+", re.IGNORECASE)


def _shelter(before: Sequence[Word], sentence: str) -> set[str]:
    said = " ".join(w.text for w in before) + " " + sentence
    return {w.lower().rstrip("s") for m in _SHELTER.finditer(said) for w in m.group(1).split()
            if len(w) > 3}


def _turned_to(sentence: str, words: Sequence[Word], before: Sequence[Word],
               cast: Cast) -> str | None:
    """On a hide that worked, a watcher turning to where the character hid."""
    places = _shelter(before, sentence)
    for match in _TOWARD.finditer(sentence):
        said = [w.lower().rstrip("s") for w in re.findall(r"[\w-]+", sentence[match.end():])[:4]]
        if places & set(said) and not negated(sentence, match.start()) and \
                _person_before(words, index_at(words, match.start()), cast,
                               before) is not Who.CHARACTER:
            return match.group().strip()
    return None


def perceived(sentence: str, words: Sequence[Word], before: Sequence[Word], cast: Cast,
              failed: bool) -> str | None:
    """A watcher's senses told landing on the hider when they went unseen (``failed`` False),
    or passing them by when they were seen."""
    turned = None if failed else _turned_to(sentence, words, before, cast)
    return turned or _senses(sentence, words, before, cast, failed)


def _senses(sentence: str, words: Sequence[Word], before: Sequence[Word], cast: Cast,
            failed: bool) -> str | None:
    landed = [] if failed else [*LANDS.finditer(sentence), *STRAIGHT_TO.finditer(sentence)]
    for match in landed + ([*PASSES.finditer(sentence)] if failed else []):
        j = index_at(words, match.end())
        if _at_character(words, j, cast) and not negated(sentence, match.start()) and \
                not _watcher_is_character(sentence, match.start(), cast, before):
            return match.group().strip()
    if failed and not LANDS.search(sentence):
        for match in _GOES_BY.finditer(sentence):
            i = index_at(words, match.start())
            if _person_before(words, i, cast, before) in (Who.FOE, Who.PERSON) and \
                    not negated(sentence, match.start()) and not SEES.search(sentence):
                return match.group()
    if failed:
        past = _LOOKS_AWAY.search(sentence)
        if past and _person_before(words, index_at(words, past.start()), cast,
                                   before) in (Who.FOE, Who.PERSON):
            return past.group()
    for match in SEES.finditer(sentence):
        j = index_at(words, match.end())
        i = index_at(words, match.start())
        if not _at_character(words, j, cast):
            continue
        if _person_before(words, i - 1, cast, before) is Who.CHARACTER:
            continue  # "Sefa sees him": the hider's own eyes
        denied = negated(sentence, match.start())
        if denied == failed:  # "never sees her" on a failure; "sees her" on a success
            return ("never " if denied else "") + match.group()
    return None
