"""The polarity of a result clause, by class: which way the attempt went, whatever the words.

Each reading here takes the outcome the result settled and looks for a clause that tells the
other one, by what the clause does rather than by a phrase of it:

- :func:`perceived` (read in :mod:`oracle.narrator.perception`, re-exported here): a
  watcher's perception landing on the character when the hide worked, or missing them when it
  failed;
- :func:`arrived`: the character told inside the place the attempt was to reach ("surfaces in
  the inner crypt") when it failed;
- :func:`found`: the thing sought told there, unhidden ("a narrow stair drops away"), when the
  search failed;
- :func:`undone`: on a success, the attempt's labour told as futile ("nothing to show for it"),
  the thing worked on going on unchanged ("as they always have"), the person talked round acting
  against it all the same ("nails it up anyway", "drops the bar across the door");
- :func:`contest`: a contest's loser told getting there first, or its winner second.

Everything is deterministic word work over one sentence (with the words before it, for "she").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from oracle.narrator.base import NarrationContext
from oracle.narrator.lexicon import forms, phrases, rx, verbs
from oracle.narrator.meaning import Cast, Who, Word, _person_before, word_set
from oracle.narrator.perception import perceived
from oracle.narrator.spans import index_at, negated

__all__ = ["arrived", "claim", "contest", "found", "goal_of", "perceived", "undone"]

# --- arrival: the character inside the place the attempt was to reach -----------------------

_GOAL_AFTER = re.compile(r"\b(?:to|into|onto|inside|reach|gain|up to|over to|across to)\s+"
                         r"(?:the|a|an|its|her|his|their|your)?\s*((?:[a-z'-]+\s+){0,3}[a-z'-]+)",
                         re.IGNORECASE)
_NOT_GOAL = word_set("""top bottom far other side way end there here it them safety""")


def goal_of(intent: str) -> str:
    """The place an attempt means to reach: the head noun after its last 'to', 'into',
    'onto' ('swim the passage to the inner crypt': crypt), or empty."""
    found = [m.group(1).split()[-1].lower() for m in _GOAL_AFTER.finditer(intent)]
    found = [w for w in found if w not in _NOT_GOAL and len(w) > 2]
    return found[-1] if found else ""


_ARRIVAL = re.compile(r"\b(?:in|into|onto|on|inside|atop|on top of|up on|out on|out onto|"
                      r"out into|through into|at)\s+(?:the|a|an|its|her|his|their)\s+"
                      r"(?P<goal>(?:[\w'-]+\s+){0,3}[\w'-]+)\b", re.IGNORECASE)
_SHORT_OF = re.compile(r"\b(?:toward|towards|short of|below|beneath|under|far from|back|"
                       r"down|out of reach)\W*$", re.IGNORECASE)
_SHORT = re.compile(r"\b(?:peer|peers|peered|stare|stares|stared|look|looks|looked|glimpse|"
                    r"glimpses|gaze|gazes|try|tries|tried|trying|hope|hopes|means? to|"
                    r"would|could|might|almost|nearly|if|until)\b", re.IGNORECASE)


_OUT_OF = re.compile(r"\bout of (?:the |its |her |his |their |this |that )?(?:[\w'-]+\s+){0,2}?"
                     r"([\w'-]+)\b", re.IGNORECASE)


def _got_out(sentence: str, words: Sequence[Word], before: Sequence[Word], cast: Cast,
             intent: str) -> str | None:
    """On a failed attempt to get out of a place, the character told out of it."""
    wanted = re.search(r"\bout of\s+((?:[\w'-]+\s*)+)", intent)
    if not wanted:
        return None
    phrase = re.split(r"\s+(?:to|into|onto|and|before|while|with|by|through|past)\b",
                      wanted.group(1))[0].split()
    place = phrase[-1].lower().rstrip("s") if phrase else ""
    for match in _OUT_OF.finditer(sentence):
        said = [w.lower().rstrip("s") for w in re.findall(r"[\w'-]+", sentence[
            match.start():match.end() + 30])[2:6]]
        if place not in said or negated(sentence, match.start()):
            continue
        clause = re.split(r"[;:\u2014]|\bbut\b", sentence[:match.start()])[-1]
        if _SHORT.search(clause):
            continue
        i = index_at(words, match.start())
        if _person_before(words, i - 1, cast, before) is Who.CHARACTER:
            return match.group()
    return None


_WAYS = word_set("door doors gate gates hatch portcullis doorway gateway")
_NOT_PLACE = word_set("the a an its his her their iron old great front back side oak wooden "
                      "heavy locked barred sealed rusted stout little small big")


def _behind(intent: str) -> str:
    """The place behind a way the attempt would open ('the chapel door': chapel)."""
    for found in re.finditer(r"\b([a-z'-]+)\s+(?:" + "|".join(sorted(_WAYS)) + r")\b",
                             intent.lower()):
        if found.group(1) not in _NOT_PLACE:
            return found.group(1)
    return ""


def _goal_words(intent: str) -> set[str]:
    """Every noun of the place an attempt means to reach ('to the broken roof pane': roof and
    pane), not its modifiers."""
    found = list(_GOAL_AFTER.finditer(intent))
    if not found:
        return set()
    return {w.rstrip("s") for w in found[-1].group(1).lower().split()
            if w not in _NOT_GOAL and w not in _NOT_PLACE and len(w) > 2
            and not w.endswith(("ed", "en", "'s"))}


def arrived(sentence: str, words: Sequence[Word], before: Sequence[Word], cast: Cast,
            intent: str) -> str | None:
    """On a failed attempt to get somewhere, the character told arrived in it."""
    out = _got_out(sentence, words, before, cast, intent)
    if out:
        return out
    goal = goal_of(intent) or _behind(intent)
    if not goal:
        return None
    goals = {goal.rstrip("s"), *_goal_words(intent)}
    for match in _ARRIVAL.finditer(sentence):
        said = [w.rstrip("s") for w in match.group("goal").lower().split()]
        if not goals & set(said):
            continue
        clause = re.split(r"[;:\u2014]|\bbut\b|\bthough\b", sentence[:match.start()])[-1]
        if _SHORT.search(clause) or _SHORT_OF.search(clause) or negated(sentence, match.start()) or \
                re.match(r"\s*(?:still|out of reach|beyond)", sentence[match.end():]):
            continue
        i = index_at(words, match.start())
        if _person_before(words, i - 1, cast, before) is Who.CHARACTER:
            return match.group()
    return None


# --- finding: the thing sought, there -------------------------------------------------------

_OBJECT = re.compile(r"^\W*(?:\w+\s+){0,2}?(?:find|search for|look for|seek|spot|locate|"
                     r"discover|uncover|track down|track|trace|hunt for|hunt down)\s+"
                     r"(?:the|a|an|its|her|his|their|your|some|any)?\s*((?:[a-z'-]+\s+){0,4}?"
                     r"[a-z'-]+)(?=\s+(?:behind|in|on|under|beneath|at|inside|among|near|"
                     r"of|that|which|where|before|for|to|from|across|through|over|into|along|around|past|"
                     r"up|down|beyond|between|so|and|while|without|with)\b|\s*$)", re.IGNORECASE)
_SOUGHT = re.compile(r"\b(?:for|after|any|some|no|if|whether|what|whatever|wherever|hope|"
                     r"hopes|seek|seeks|sought|search|searches|searching|look|looks|looking|"
                     r"hunt|hunts|hunting|must|might|may|should|would|could|perhaps|somewhere|"
                     r"sign|trace|without|nor|not|never|nothing|none|n't)\b|n't\b",
                     re.IGNORECASE)
_KEPT_HIDDEN = rx(phrases("""~stay/~remain hidden/secret/lost/out of sight; ~keep * secret/
    secrets; ~keep its/their secret/secrets; ~elude; ~escape; ~hide; ~be not; ~be nowhere;
    ~be gone; ~be lost; ~be hidden"""))


_MAYBE = re.compile(r"\s*(?:\w+\s+)?(?:could|might|may|must|would|should|can)\b|"
                    r"[^.;]{0,20}\b(?:anywhere|nowhere|somewhere)\b", re.IGNORECASE)


def found(sentence: str, intent: str) -> str | None:
    """On a failed search, the thing sought told there ('a narrow stair drops away')."""
    sought = _OBJECT.match(intent)
    if not sought:
        return None
    head = sought.group(1).split()[-1].lower()
    for match in re.finditer(rf"\b{re.escape(head.rstrip('s'))}(?:s|es|case|way)?\b", sentence,
                             re.IGNORECASE):
        clause = re.split(r"[;:,\u2014.]|\bbut\b|\band\b", sentence[:match.start()])[-1]
        after = sentence[match.end():match.end() + 40]
        if _SOUGHT.search(clause) or _KEPT_HIDDEN.match(after.strip()) or \
                _MAYBE.match(after) or \
                re.match(r"\s*(?:\w+\s+){0,2}(?:is|are|was|were|stays?|remains?)\s+"
                         r"(?:not|nowhere|gone|hidden|lost)\b", after):
            continue
        if re.search(r"\b(?:a|an|the|its)\s+(?:[\w'-]+\s+){0,2}$", clause) or \
                re.match(r"\s*(?:\w+\s+)?(?:is|are|was|were|lies|lie|waits?|opens?|drops?)\b",
                         after):
            return f"the {match.group()} there"
    return None


# --- a success undone: futile labour, the thing unchanged, the person unmoved -----------------

# the attempt beaten by the thing itself ("the strongbox is too heavy"), unless it is overcome
_TOO = re.compile(r"\b(?:is|are|was|were|proves?|proved|far|much|simply|just|still|'s|'re)"
                  r"\s+too\s+(?:heavy|high|far|deep|strong|thick|steep|tight|stiff|slick|"
                  r"slippery|wide|narrow|late|rusted|rusty|swollen|big|large|small|much|old|hard|"
                  r"sheer|smooth|weak|stubborn|wary|sharp|worn|faded|faint|dark|cold|slow|"
                  r"tired|short|long|loose|soft|rotten|brittle|blurred|cramped|crooked|"
                  r"tangled|deep-set|well|firmly|tightly|fast)\b", re.IGNORECASE)
_OVERCOME = re.compile(r"\b(?:but|yet|still|somehow|anyway|even so|nevertheless|until)\b",
                       re.IGNORECASE)
# the attempt's work going wrong in any verb ("the light flares wrong"), or landing elsewhere
_WRONG = re.compile(r"\b(?:" + verbs("go come flare burn land turn twist fire set curdle catch "
                    "sound break take fall") + r")\s+(?:all\s+|badly\s+|horribly\s+)?wrong\b",
                    re.IGNORECASE)
_INSTEAD = re.compile(r"\binstead of (?:the|its|her|his|their|your|a|an)\s+(?:[\w'-]+\s+){0,2}?"
                      r"(?P<thing>[\w'-]+)\b", re.IGNORECASE)
# the thing worked on going back where it was ("slides back off the sill and sinks")
_BACK = rx(phrases("""~slide/~slip/~fall/~drop/~sink/~tumble/~roll/~settle back off/into/down/
    out/under/to/onto/where; ~slip from * grasp/grip/fingers/hands; ~slip out of * grasp/grip/
    fingers/hands; ~slip/~wriggle/~twist out of it/them"""))
# a complication told as costing nothing ("without so much as a wet boot")
COSTLESS = rx(r"without (?:so much as|a single|even|the least|any) (?!doubt\b)",
              r"not so much as a", r"(?:hardly|barely|never even) (?:notices?|looks? up|stirs?)",
              r"none the worse", r"no harm done", r"at no cost", r"free of charge",
              r"asks? (?:for )?nothing", r"costs? (?:her|him|you|them|it) nothing",
              r"without a (?:scratch|hitch|sound|cost|price)")


def _failing(sentence: str, targets: frozenset[str]) -> str | None:
    """On a success: the attempt beaten by the thing, gone wrong, landed on something else, or
    the thing slipping back."""
    too = _TOO.search(sentence)
    if too and not _OVERCOME.search(sentence, too.end()) and not negated(sentence, too.start()):
        return too.group()
    wrong = _WRONG.search(sentence)
    if wrong and not negated(sentence, wrong.start()):
        return wrong.group()
    for match in _INSTEAD.finditer(sentence):
        if match.group("thing").lower().rstrip("s") in {t.rstrip("s") for t in targets}:
            return match.group()
    back = _BACK.search(sentence)
    if back and not negated(sentence, back.start()):
        return back.group()
    return None


FUTILE = rx(phrases("""nothing to show for; nothing to show but; all for nothing;
    ~come to nothing; ~come of nothing; none of it ~come back/~make/~help/~work/~take/~hold;
    none of it ~come to; nothing ~come back; nothing ~change; nothing has changed;
    ~melt/~fade/~dwindle/~thin/~peter/~shrink/~wither/~boil/~fizzle/~gutter away? to nothing;
    ~fizzle out; back to the same; round/around in circles; in a circle"""),
            r"as (?:it|they|he|she) always (?:has|have|had|did|does|do)\b",
            r"(?:goes|go|grind|grinds|turn|turns|run|runs|flow|flows|burn|burns) on,? "
            r"(?:\w+,? )?as (?:before|ever|always)",
            r"unchanged", r"no different", r"just as (?:it|they) (?:was|were)")
_ANYWAY = re.compile(r"\b(?:anyway|all the same|regardless|even so|nonetheless|nevertheless|"
                     r"just the same|in any case)\b", re.IGNORECASE)
# "grumbles, but spares the orchard all the same": the objection given way to
_CONCEDED = re.compile(r"\b(?:but|though|although|yet)\b", re.IGNORECASE)
# a way shut against the character by someone else ("drops the bar across the loft door")
SHUTS = rx(phrases("""~drop/~slide/~shoot/~throw/~slam/~set/~put the/a bar/bars/bolt/bolts/
    latch/lock across/home/into/on/over; ~bar/~bolt/~lock/~shut/~slam/~seal/~latch the/a/its/
    his/her/their * door/gate/way/shutters/hatch/doors/gates/grille/portcullis/shutter;
    ~bar/~bolt/~lock/~shut/~slam/~seal/~latch the/a/its/his/her/their door/gate/way/shutters/
    hatch/doors/gates/grille/portcullis/shutter"""))


def _closes(targets: frozenset[str]) -> re.Pattern[str]:
    """Shutting the very thing the character asked to have opened ('locks the crypt')."""
    things = "|".join(sorted(re.escape(t) for t in targets if len(t) > 3))
    return re.compile(r"\b(?:" + verbs("bar bolt lock shut slam seal latch chain") +
                      r")\s+(?:up\s+)?(?:the|its|his|her|their)\s+(?:[\w'-]+\s+)?(?:" + things +
                      r")s?\b", re.IGNORECASE)


def undone(sentence: str, words: Sequence[Word], before: Sequence[Word], cast: Cast,
           persuading: bool, targets: frozenset[str] = frozenset()) -> str | None:
    """On a success: the labour futile, the thing unchanged, the person talked round acting
    against the character all the same, or barring their way."""
    for match in FUTILE.finditer(sentence):
        if not negated(sentence, match.start()):
            return match.group()
    if cast.settled.verdict == "complication":
        free = COSTLESS.search(sentence)
        if free:
            return f"{free.group().strip()} (a complication has its cost)"
    failing = _failing(sentence, targets)
    if failing:
        return failing
    if not persuading:
        return None
    anyway = _ANYWAY.search(sentence)
    if anyway and not _CONCEDED.search(sentence[:anyway.start()]) and _person_before(words, index_at(words, anyway.start()), cast,
                                 before) is not Who.CHARACTER:
        return anyway.group()
    for match in _closes(targets).finditer(sentence) if targets else ():
        i = index_at(words, match.start())
        if not negated(sentence, match.start()) and \
                _person_before(words, i - 1, cast, before) is not Who.CHARACTER:
            return match.group()
    for match in SHUTS.finditer(sentence):
        i = index_at(words, match.start())
        if not negated(sentence, match.start()) and \
                _person_before(words, i - 1, cast, before) is not Who.CHARACTER:
            return match.group()
    return None


# --- a contest's winner ------------------------------------------------------------------------

_FIRST = re.compile(r"\b(?:a (?:heartbeat|moment|breath|second|step|stride|hair|beat|"
                    r"finger's width) (?:before|ahead of)|before|ahead of|first|already|faster|"
                    r"quicker|swifter|sooner|nimbler|beats?|beat|outpaces?|wins?|won)\b",
                    re.IGNORECASE)
_LATE = re.compile(r"\b(?:too late|a (?:heartbeat|moment|breath|second|step) (?:too late|"
                   r"behind|after)|second|behind|loses?|lost|beaten)\b", re.IGNORECASE)


def contest(sentence: str, cast: Cast) -> str | None:
    """A contest's loser told ahead ('Amarante's fingers close on it a heartbeat before
    Hollis's'), or its winner told behind."""
    winner = cast.settled.winner.strip()
    if cast.settled.tie:
        return _tied(sentence, cast)
    if not winner:
        return None
    losers = [p for p in cast.settled.people if p.strip() and p.strip() != winner]
    names = {n: re.compile(rf"\b{re.escape(n.split()[0])}(?:'s)?\b", re.IGNORECASE)
             for n in [winner, *losers]}
    for clause in re.split(r"[;:.\u2014]|\bbut\b", sentence):
        first = _FIRST.search(clause)
        if first:
            ahead, behind = clause[:first.start()], clause[first.end():]
            if any(names[n].search(ahead) for n in losers) and not names[winner].search(ahead):
                return f"{first.group()} (of {losers[0]}, whom the contest beat)"
            if names[winner].search(behind) and not names[winner].search(ahead) and \
                    any(names[n].search(ahead) for n in losers):
                return f"{first.group()} {winner}"
        late = _LATE.search(clause)
        if late and names[winner].search(clause[:late.start()]) and \
                not any(names[n].search(clause[:late.start()]) for n in losers):
            return f"{winner} ... {late.group()}"
    return None


def _tied(sentence: str, cast: Cast) -> str | None:
    """On a contest no one won, one of its people told ahead of the rest or behind them."""
    names = [re.compile(rf"\b{re.escape(n.split()[0])}(?:'s)?\b", re.IGNORECASE)
             for n in cast.settled.people if n.strip()]
    for clause in re.split(r"[;:.\u2014]|\bbut\b", sentence):
        for found in (_FIRST.search(clause), _LATE.search(clause)):
            if found and any(name.search(clause) for name in names) and \
                    not negated(clause, found.start()) and not _TOGETHER.search(clause):
                return f"{found.group()} (the contest settled no winner)"
    return None


_TOGETHER = re.compile(r"\b(?:at once|at the same (?:moment|time|instant)|together|as one|"
                       r"neither|both|side by side|in the same)\b", re.IGNORECASE)


# --- a hunt's encounter: the foe here, at a distance, or nowhere ---------------------------

ABSENT = rx(r"a long way off", r"far (?:off|away)", r"in the (?:far )?distance", r"distant",
            phrases("""nothing ~hunt/~stir/~come/~move/~follow/~wait/~lurk; no sign of;
                not hunting; ~be alone; all is quiet; nothing here; nothing near; no one
                ~come; nothing * tonight/today; ~be empty; elsewhere; somewhere else"""))
NEAR = rx(phrases("""~be here; right here; upon you/her/him/them; at your/her/his/their back/
    heels/shoulder/elbow; close behind; right behind; just behind; ~find you/her/him/them;
    its/the breath ~be? on; within reach; an arm's length; a stride away; a step away;
    very close; close by; ~be waiting/watching/lurking/crouching; ~have seen you/her/him/them"""))


def presence(sentence: str, cast: Cast) -> str | None:
    """A hunt's encounter told otherwise: the foe present told away or absent, a distant one
    told here or nowhere, none told here or near."""
    encounter = cast.settled.presence
    told = {"present": ABSENT, "distant": NEAR, "none": NEAR}.get(encounter)
    for match in told.finditer(sentence) if told else ():
        if not negated(sentence, match.start()):
            return f"it says {match.group()!r}, but the hunt's encounter is {encounter}"
    return None


# --- a persuasion's goal done by the one persuaded ---------------------------------------

_GOAL_VERB = re.compile(r"\b(?:to|into)\s+([a-z]+)", re.IGNORECASE)


def granted(sentence: str, words: Sequence[Word], before: Sequence[Word], cast: Cast,
            intent: str) -> str | None:
    """On a failed persuasion, the one persuaded doing what they were asked ('signs the
    release' on 'persuade the Magistrate to release the prisoner')."""
    asked = _GOAL_VERB.search(intent)
    if not asked:
        return None
    verb = asked.group(1).lower()
    if verb in _NOT_VERBS:
        return None
    stem = verb.removesuffix("ing")
    said = {f for base in (stem, stem + "e") for f in (*forms(base), base)} - _LIGHT_VERBS
    for match in re.finditer(r"[A-Za-z]+", sentence):
        if match.group().lower() not in said or negated(sentence, match.start()):
            continue
        i = index_at(words, match.start())
        if _person_before(words, i - 1, cast, before) is not Who.CHARACTER and not \
                _SHORT.search(sentence[max(0, match.start() - 30):match.start()]):
            return match.group()
    return None


_NOT_VERBS = word_set("""half the a an her his their its me him them us you my your this that
these those some any one two three all every each our whatever where what which""")
_LIGHT_VERBS = frozenset({"be", "is", "are", "was", "were", "let", "lets", "go", "goes", "get",
                          "gets", "do", "does", "did", "have", "has", "had", "make", "makes",
                          "give", "gives"})


# --- holding: the thing the attempt was after, on the character's person --------------------

_HOLDERS = r"(?:coat|pocket|pockets|pack|satchel|bag|apron|belt|hand|hands|arm|arms|fist|palm|" \
    r"grip|cloak|sleeve|shirt|bodice|boot|purse|pouch|knapsack|saddlebag|jerkin|tunic|lap)"
_HELD = re.compile(r"\b(?:the|a|an|its|her|his|their)\s+(?:[\w'-]+\s+){0,2}?(?P<thing>[\w'-]+)\s+"
                   r"(?:is|are|was|were|lies|lay|sits|sat|rests|goes|went|slides|slid)\s+"
                   r"(?:(?:now|safely|already|folded|tucked|stowed|wrapped|snug|heavy)\s+)*"
                   r"(?:in|inside|into|under|beneath|at|on)\s+(?:your|her|his|their|[A-Z][\w-]*'s)"
                   r"\s+(?:[\w-]+\s+)?" + _HOLDERS + r"\b|"
                   r"\b(?:pockets?|pocketed|tucks?|tucked|stows?|stowed|slips?|slipped|sticks?|"
                   r"stuck|shoves?|shoved|hides?|hid)\s+(?:the|it|them)\s+(?:[\w'-]+\s+){0,2}?"
                   r"(?P<thing2>[\w'-]+)?\s*(?:in|into|inside|under|beneath)\s+(?:your|her|his|"
                   r"their)\s+(?:[\w-]+\s+)?" + _HOLDERS + r"\b|"
                   r"\b(?:pockets|pocketed)\s+(?:the|it|them)\s+(?:[\w'-]+\s+){0,2}?"
                   r"(?P<thing3>[\w'-]+)\b", re.IGNORECASE)


def held(sentence: str, intent: str) -> str | None:
    """On a failed attempt to get a thing (to buy, steal, take, win it), that thing told on the
    character's person ('the map is folded inside your coat')."""
    wanted = {w.rstrip("s") for w in re.findall(r"[a-z]{3,}", intent.lower())}
    for match in _HELD.finditer(sentence):
        thing = (match.group("thing") or match.group("thing2") or match.group("thing3")
                 or "").lower()
        if thing.removesuffix("'s").rstrip("s") in wanted and \
                not negated(sentence, match.start()) and \
                not _SHORT.search(sentence[max(0, match.start() - 30):match.start()]):
            return match.group()
    return None


def claim(sentence: str, words: Sequence[Word], before: Sequence[Word],
          context: NarrationContext, cast: Cast, families: frozenset[str],
          failed: bool) -> str | None:
    """A clause telling the other outcome than the settled one, by the classes above."""
    intent = context.intent or cast.settled.act
    if "sneak" in families and cast.settled.verdict != "complication":  # seen: its cost
        said = perceived(sentence, words, before, cast, failed)
        if said:
            return said
    if failed:
        return (arrived(sentence, words, before, cast, intent) if families & {
            "reach", "sneak", "carry", "find", "open"} else None) or (
            found(sentence, intent) if "find" in families else None) or (
            granted(sentence, words, before, cast, intent) if "persuade" in families
            else None) or held(sentence, intent)
    targets = frozenset(re.findall(r"[a-z]{3,}", intent.lower()))
    return undone(sentence, words, before, cast, "persuade" in families, targets)
