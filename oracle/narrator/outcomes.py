"""The outcome in other words, by what the attempt was: the referee's reading of success and
failure for each kind of attempt.

An attempt's verb ("pick the lock", "climb the wall", "talk the ferryman round") names a family
(:data:`FAMILIES`: opening or moving a thing, reaching a place, finding, persuading, going
unseen, understanding). Each family has its words of success and of failure: said of the thing
the attempt works on ("the slab grinds inward", "the lock holds"), or by themselves ("there it
is", "with you aboard", "every hound is on its feet"). A negation turns one into the other ("it
will not move", "the bog gives up none of its paths"); "almost", "an inch" and "then sticks"
make a success partial, which a failure may hold.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from oracle.narrator.base import NarrationContext
from oracle.narrator.lexicon import IRREGULAR, forms, kin, phrases, rx
from oracle.narrator.meaning import Cast, Word, word_set

__all__ = ["FAMILIES", "Family", "avoided", "families_of", "family_claim", "partial"]


@dataclass(frozen=True)
class Family:
    """One kind of attempt: its verbs, and the words that tell its success and its failure,
    said of the attempt's target (``*_of``) or by themselves."""

    name: str
    verbs: frozenset[str]
    success_of: re.Pattern[str] | None = None
    failure_of: re.Pattern[str] | None = None
    success: re.Pattern[str] | None = None
    failure: re.Pattern[str] | None = None


def _lemmas(text: str) -> frozenset[str]:
    return frozenset(text.split())


_YIELD = ("~open/~give/~yield/~crack/~break/~split/~shatter/~part/~swing/~slide/~roll/~lift/"
          "~rise/~shift/~budge/~grind/~spring/~click/~snap/~burst/~collapse/~topple/~pop/"
          "~loosen/~unlatch/~buckle/~splinter/~cave/~turn/~move/~tilt/~heave/~sag")
# a thing won: the attempt's object in the character's keeping
_OURS = "~be his/hers/yours/theirs now; ~be in his/her/your/their hands now"
_HOLD = """~hold; ~stay/~remain shut/closed/put/fast/locked/sealed/where/stuck; ~stick; ~jam;
~resist; ~refuse; not an inch; ~bind; ~shrug off; ~withstand"""

FAMILIES: tuple[Family, ...] = (
    Family("open", _lemmas("""open pick unlock force break pry prise prize lever smash free lift
        move shift push pull heave raise budge bend snap split crack drag roll topple knock
        breach batter loosen unbar unbolt unseal remove tear clear dig shove wrench cut saw
        sever chop hack slice untie unpick"""),
           success_of=rx(phrases(_YIELD + """; ~gape open; ~fall open/away/aside/apart/in;
               ~come free/loose/away/open/apart/off/clear; ~roll clear/aside/away/back;
               ~swing wide/open/inward; ~grind open/inward/aside/back; ~spring open/free""")),
           failure_of=rx(phrases(_HOLD + """; ~stay/~remain as shut/closed/fast/tight/sealed;
               ~fight * and ~win; ~keep its/their secret/secrets/hold/grip/contents; ~win""")),
           success=rx(phrases(_OURS + """; ~drop/~fall/~click/~slide/~settle/~snap into place;
               ~lift/~raise/~open the lid/cover/hatch/flap; ~throw back the lid/cover/hatch/flap;
               ~pluck/~pull/~prise/~prize/~pry/~work/~wrench/~lift/~ease/~tug/~draw/~worm * free/
               loose/clear; ~pluck/~pull/~prise/~prize/~pry/~work/~wrench/~lift/~ease/~tug/~draw/
               ~worm the/a/an/its/her/his/their/your * free/loose/clear;
               ~come away in * hand/hands/grip; up and out; ~come up/out/off/away with;
               ~lever/~prise/~prize/~pry/~lift/~haul/~drag/~heave the/its/a * up/out/off/aside;
               ~lay it/them aside""")),
           failure=rx(phrases("""not an inch; ~refuse to ~budge/~move/~open/~give;
               nothing ~give/~budge/~yield; ~keep its/their secret/
               secrets"""))),
    Family("reach", _lemmas("""climb scale cross ford wade swim jump leap reach descend escape
        run flee outrun vault mount ascend get make outpace race swing"""),
           success=rx(phrases("""~reach/~gain/~crest/~top the top/summit/crest/ledge/parapet/
               rim/roof/landing/shore/far/other/lip/bottom/floor/foot/base/end;
               ~surface/~climb/~come out on the far/other; ~swing a leg over;
               ~be up among/on/onto the;
               * is/are under your palms/hands/fingers/feet;
               ~haul/~pull/~drag/~heave/~swing/~hoist yourself/herself/himself up? onto/over/up;
               with you aboard; you are across/over/aboard; you're across/over/aboard;
               safe on the far/other; ~make it across/over/up/to/through;
               ~land on the far/other; the far/other side/bank/shore is/lies under;
               safe; safely; you ~reach/~gain the/a; with a breath/time/room/moment to spare;
               all the way up/across/over/to; ~hold * weight all the way;
               ~stand/~sit/~crouch/~kneel on/at/atop the top/roof/summit/crest/ledge/landing/
               parapet;
               fingers/hands/hand/boots/feet/foot ~close/~find/~catch/~hook/~grip/~land/~lock
               over/on/onto/around? the * lip/edge/rail/ledge/top/sill/rim/parapet/far/other;
               fingers/hands/hand/boots/feet/foot ~close/~find/~catch/~hook/~grip/~land/~lock
               over/on/onto/around? the lip/edge/rail/ledge/top/sill/rim/parapet/far/other""")),
           failure=rx(phrases("""~fall back/short/away; ~slip back/off/down/from; no closer;
               no nearer; ~get nowhere; ~be left clinging/hanging/dangling;
               ~lose your/her/his/their grip/footing/hold; ~slide back/down; too far; never ~reach;
               ~close/~grab/~clutch/~snatch/~catch/~find/~grasp/~meet on/at/only? empty/thin air;
               never ~make it; ~drop/~fall/~slide/~slip/~tumble/~scramble/~crawl/~climb back
               down/to/onto/into/among/toward/towards; back down among/to/onto/into; ~be thrown/
               flung/hurled/knocked back; short of the; well/just/far/yards/feet short;
               as far away? as ever; where you/she/he/they/it started/began/begun;
               where you/she/he/they/it set out;
               all the way back/down; back to the ground/floor/bottom/bank/start/foot/shore;
               ~drop/~fall the rest of the way; then ~lose it; then ~lose * grip/hold;
               ~tear/~break/~rip away/loose in * hand/hands/grip; ~land on * back/backside;
               ~fall/~come/~land/~drop/~stop a/an/one * short; ~be dragged/swept/carried/pulled/
               pushed/driven back; where you/she/he/they went/came in; ~find nothing to stand/
               hold/grip/grab; nothing to stand/hold on; a hold that ~be not there; a hold that isn't there; ~misjudge;
               ~get a hand on it and ~lose it; still between"""))),
    Family("find", _lemmas("""find search look seek track follow spot locate discover hunt scout
        explore uncover trace"""),
           success=rx(phrases("""there it is; there they are; here it is;
               you ~find/~spot/~discover/~uncover/~locate;
               exactly/just/right where; ~lead/~take you? straight/exactly/right to/where; ~turn up a/the;
               ~lead/~take/~bring * straight/exactly/right/directly to/where""")),
           failure=rx(phrases("""no sign/trace/track; ~come up empty;
               ~lose the/its/it/them trail/track/path/scent; ~lose it/them; ~go cold;
               ~find nothing; nothing but; ~thin/~fade/~dwindle to nothing; ~peter out;
               trail/track/tracks/prints/scent/spoor/footprints ~vanish/~end/~stop/~die/~fade/
               ~disappear; trail/track/tracks/prints/scent/spoor/footprints ~give/~run out;
               trail/track/tracks/prints/scent/spoor/footprints ~break off;
               trail/track/tracks/prints/scent/spoor/footprints ~be gone/lost/cold/washed;
               before you/she/he/they ever ~see/~spot/~notice/~find;
               ~blunder/~walk/~stumble/~step straight? into it/the; no * anywhere;
               nowhere to be found; not a sign; ~find only"""))),
    Family("persuade", _lemmas("""talk persuade convince bribe ask beg charm trick deceive lie
        intimidate bargain haggle barter plead coax threaten fool bluff sweet-talk win"""),
           success=rx(phrases("""with you aboard; ~let you pass/through/by/in/go/cross/aboard;
               ~wave you through/on/past/in; ~step/~move/~stand aside; ~agree; ~accept your;
               ~take your coin/money/silver/offer/word; ~believe you/every/it; ~relent; ~nod;
               ~push off with you; ~lower the bridge; ~unlock; ~unbar; * for you;
               ~hand over; ~hand you; ~give you; ~show you the way; ~do as you ~ask;
               ~wave * forward/through/on/past; ~stamp it/the/your; half what; ~come down;
               ~take/~pocket/~accept/~pocket the/his/her/their/your coin/coins/money/silver/
               offer/bribe/purse; ~push/~pole/~row/~cast off with; ~fish out * keys;
               ~swing/~throw/~fling the * wide/open; ~swing/~throw/~fling * wide;
               ~tell you/him/her/them everything/all; ~tell * everything;
               ~knock * off; ~settle on; a deal""")),
           failure=rx(phrases("""~shake his/her/their/its head; ~refuse; ~see through;
               ~turn you away/back; ~laugh at you; not fooled; ~send you away; no deal;
               ~spit at you; ~laugh in * face; ~name a higher/steeper price; the same price;
               not a copper/coin/penny/crown/piece/shilling/farthing less; ~refuse * flatly;
               ~spit over/on/at; ~hold out for; ~will not budge/bend; ~fold * arms;
               will not hear; won't hear; ~turn * back on; ~turn her/his/its/their back;
               leaving you/her/him/them on/behind; ~pole/~row/~walk/~ride/~stalk away
               without; ~push/~cast/~pull/~set/~shove/~row/~pole/~sail/~ride/~drive/~walk off
               without; ~bar/~shut/~slam/~close * against/on you/him/her/them;
               ~bar/~shut/~slam/~close the * against/on; ~slam * in * face; ~say nothing;
               not one/a word; the alarm; ~raise the alarm/hue; ~reach/~go/~make/~lunge/~grab for the
               alarm/bell/whistle/horn; ~call/~shout/~bellow/~whistle/~yell for the guard/guards/
               watch/captain"""))),
    Family("sneak", _lemmas("""sneak slip creep hide avoid evade pass steal tiptoe skulk
        crawl edge lose shake elude"""),
           success_of=rx(phrases("""~go/~ride/~walk/~thunder/~march/~pass/~move/~file/~trot
               by/past/on; ~sleep on; ~look away; ~turn away""")),
           success=rx(phrases("""without a glance/look/second; without looking; unseen; unnoticed; undetected; unheard; ~sleep on;
               none of them ~stir/~wake/~notice/~look/~turn;
               never ~see/~notice/~hear you; ~slip past/by; past them all;
               never ~look down/up/round/around/over/back; never ~see/~notice/~spot him/her/them;
               ~tramp/~stomp/~stride/~stumble/~shuffle/~clatter/~march/~file past/by""")),
           failure=rx(phrases("""~wake; ~stir; on its/their/his/her feet; ~notice you;
               ~spot you; ~see you; ~hear you; ~turn toward/towards you; ~catch sight;
               the alarm; ~bay; ~bark; ~howl; ~shout; you are seen/spotted/caught/discovered;
               every head ~turn; eyes on you; ~find/~catch/~light you;
               still there/behind; still with you; on your heels; ~keep pace"""))),
    Family("know", _lemmas("""read decipher understand recall remember identify study learn
        translate interpret recognise recognize make"""),
           success=rx(phrases("""you ~understand; ~make sense; the meaning ~come/~be/is;
               ~read it/them easily; plain as; clear as; ~reveal its/their;
               ~read plain/clear/clearly/easily; plain enough; word for word;
               ~make out every/each word/letter/line/name/mark; ~spell out;
               ~give up its/their meaning/secret/secrets/sense; ~yield its/their meaning/sense;
               ~fall open in; every symbol/word/letter/line/mark * ~have its/a place/meaning;
               ~fall into place""")),
           failure=rx(phrases("""~swim; ~blur; ~stay/~remain locked/hidden/closed/silent/shut;
               ~stay/~remain a mystery; ~mean nothing; meaningless; nonsense; ~escape you;
               ~defy you; can't/cannot make * out; ~make no sense; locked away;
               ~make out nothing; ~make nothing of; ~keep its/their * to itself/themselves;
               every letter/word/line/name/mark ~be gone/eaten/worn/lost/blurred;
               ~eat/~wear/~erase every letter/word/line/name/mark; ~give up on;
               ~stay/~remain a jumble/mess/tangle/blur/riddle/mystery"""))),
    # kinds of attempt the offline narrator keys its outcome cards to; their success and
    # failure words are the plain ones (no family patterns: the referee reads them as before)
    Family("fight", _lemmas("""fight strike stab slash hit attack kill cut chop smite punch kick
        wrestle shoot duel parry club bash behead spear impale""")),
    Family("carry", _lemmas("""carry take grab snatch haul drag collect gather pocket bring
        hoist shoulder bear claim fetch pilfer loot""")),
    # holding a thing against a force: the thing holding is the success, its giving way the
    # failure (the opening family turned round)
    Family("endure", _lemmas("""endure resist withstand survive hold brave bear weather last
        suffer keep stand brace block"""),
           success_of=rx(phrases(_HOLD)),
           failure_of=rx(phrases(_YIELD + """; ~burst/~crash/~smash/~cave/~fly in/inward/open/
               apart/wide"""))),
)
_LEMMA_OF: dict[str, str] = {form: lemma for family in FAMILIES for lemma in family.verbs
                             for form in forms(lemma)}


_LEAD = frozenset({"i", "we", "you", "to", "try", "tries", "attempt", "attempts", "quickly",
                   "carefully", "quietly", "slowly", "just"})


def families_of(intent: str) -> tuple[Family, ...]:
    """The families of the attempt's verbs (none without an attempt): its first word and any
    word after "and", "then", "or" or "to" ("pry open the grate", "try to climb"; not the
    noun in "open the vault")."""
    words = [w for w in re.findall(r"[a-z-]+", intent.lower()) if w not in _LEAD]
    verbs_said = words[:1] + [w for i, w in enumerate(words[1:], 1)
                              if words[i - 1] in ("and", "then", "or", "to")] + words[1:2]
    said = {_LEMMA_OF.get(w) for w in verbs_said}
    return tuple(f for f in FAMILIES if said & f.verbs)


_NEGATION = re.compile(r"\b(?:not|never|no|nothing|nor|none|cannot|without|fails? to|failed to|"
                       r"refuses? to|won't|doesn't|didn't|don't|can't|couldn't|wouldn't)\b|"
                       r"n't\b", re.IGNORECASE)
_AFTER_NONE = re.compile(r"^\s+(?:\w+\s+)?(?:none|nothing|no)\b|"
                         r"^\s+(?:\w+\s+){0,2}(?:not|never|\w+n't)\b", re.IGNORECASE)
_PARTIAL = re.compile(r"\b(?:almost|nearly|half[ -](?:open|way|closed|shut)|barely|partly|"
                      r"a little|an inch|a crack|a finger's width|a hair|then (?:sticks?|jams?|holds?|stops?)|"
                      r"(?:and |then )?(?:slams?|drops?|falls?|sinks?|crashes?) back|and (?:sticks?|"
                      r"jams?|stops?|holds?)|but (?:no|not|holds?|sticks?|the))\b", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[;:\u2014.]|\bbut\b", re.IGNORECASE)


_NOT_JUST = re.compile(r"(?:\bnot|n't|\bnever) (?:just|only|merely|simply)\b", re.IGNORECASE)


# a thing's history, not the attempt's result ("hinges that have not moved in a lifetime")
_HISTORY = re.compile(r"\b(?:that|which|who)\s+(?:\w+\s+){0,2}$|^[\w\s]{0,12}\b(?:in|for)\s+(?:a|an)?"
                      r"\s*(?:lifetime|age|ages|years|decades|centuries|century|generations?|"
                      r"living memory|long time)\b|^[\w\s]{0,12}\bsince\b", re.IGNORECASE)


def history(sentence: str, start: int, end: int) -> bool:
    """The phrase tells what a thing has (not) done before ("that have not moved in years")."""
    return _HISTORY.search(sentence[max(0, start - 30):start]) is not None or \
        _HISTORY.match(sentence[end:end + 30]) is not None


def _negated(sentence: str, start: int, end: int) -> bool:
    before = sentence[max(0, start - 26):start]
    before = _NOT_JUST.sub(" ", _CLAUSE_END.split(before)[-1])  # "doesn't just give": more
    return _NEGATION.search(before) is not None or _AFTER_NONE.match(sentence[end:]) is not None


def partial(sentence: str, start: int, end: int) -> bool:
    """A success told as partial ("lifts an inch and sticks", "almost gives")."""
    return _PARTIAL.search(sentence[max(0, start - 12):end + 28]) is not None


# a thing that gives by breaking in the hands, or a part that fails, is the attempt's ruin,
# not its success ("the nest comes apart in her fingers", "the old hinge fails and snaps off")
_RUINED_AFTER = re.compile(r"^\W*(?:\w+\s+){0,2}?(?:in|between|under) (?:\w+'s|her|his|your|"
                           r"their|my) (?:hands?|fingers|grip|palms?)\b", re.IGNORECASE)
_FAILS_BEFORE = re.compile(r"\b(?:fails?|failed|rots?|rotted|rusts?|rusted)\s+(?:and\s+)?$",
                           re.IGNORECASE)


def _ruined(sentence: str, start: int, end: int) -> bool:
    return _RUINED_AFTER.match(sentence[end:]) is not None or \
        _FAILS_BEFORE.search(sentence[max(0, start - 20):start]) is not None


_TOOLS = word_set("""pick picks lockpick wire knife blade dagger crowbar chisel hammer rope hook
axe sword pin needle fingers hands hand shoulder boot boots foot""")
_WALK_OVER = word_set("""not never does do did will would finally slowly then just at last
suddenly still all the a an its their and with""")


_SUBORDINATE = re.compile(r"[;:\u2014.,]|\b(?:until|as|when|while|because|before|after|once|"
                          r"but|so|though|although|where|then)\b", re.IGNORECASE)
_DETERMINER = re.compile(r"\b(?:the|a|an|its|your|her|his|their|that|this)\s+([a-z]+)"
                         r"(?:\s+([a-z]+))?", re.IGNORECASE)


def _of_target(sentence: str, start: int, targets: set[str], own: frozenset[str]) -> bool:
    """The phrase at ``start`` is said of a target: named right before it, or the subject of
    its clause ("the grate screeches up out of its frame and falls aside"); a tool is not a
    target ("the pick snaps")."""
    before = _CLAUSE_END.split(sentence[max(0, start - 48):start])[-1]
    words = [w for w in re.findall(r"[a-z]+", before.lower()) if w not in _WALK_OVER][-2:]
    clause = _SUBORDINATE.split(sentence[:start])[-1]
    subject = _DETERMINER.match(clause.strip())
    if subject:  # its noun, perhaps after an adjective ("the iron grate")
        words += [g.lower() for g in subject.groups() if g]
    return any((w in targets or w.rstrip("s") in targets) and (w not in _TOOLS or w in own)
               for w in words)  # a tool is a target when the attempt is on it: "cut the rope"


# a participle before its noun describes the thing, it tells no event ("the broken iron")
_ATTRIBUTIVE = re.compile(r"\b(?:the|a|an|its|his|her|their|your|this|that)\s+$", re.IGNORECASE)
# the verb done to something else ("the race rolls it away"): not the target giving way
_TRANSITIVE = re.compile(r"\s+(?:it|them|him|her|me|us|toward|towards|to face|to look|on her|"
                         r"on him|on them|on you|upon)\b", re.IGNORECASE)
# a give that turns later in the sentence ("the grate shifts ... and the bar bends instead")
_TURNS = re.compile(r"\b(?:instead|only to|that is when|until|before it|then (?:it )?(?:sticks|"
                    r"jams|holds|stops|slams|drops|falls|snaps|breaks|settles back))\b",
                    re.IGNORECASE)


def family_claim(sentence: str, families: Sequence[Family], targets: set[str],
                 failed: bool, own: frozenset[str] = frozenset()) -> str | None:
    """A phrase of any of the attempt's families claiming the other outcome (``own``: the
    attempt's own words)."""
    for family in families:
        free, said_of = ((family.success, family.success_of) if failed
                         else (family.failure, family.failure_of))
        opposite = family.failure_of if failed else family.success_of
        for match in free.finditer(sentence) if free else ():
            if not _negated(sentence, match.start(), match.end()) and not (
                    failed and partial(sentence, match.start(), match.end())):
                return match.group()
        for match in said_of.finditer(sentence) if said_of else ():
            if _of_target(sentence, match.start(), targets, own) and not _negated(
                    sentence, match.start(), match.end()) and not \
                    partial(sentence, match.start(), match.end()) and not (
                    failed and (_ruined(sentence, match.start(), match.end())
                                or _TURNS.search(sentence, match.end()))) and not \
                    _ATTRIBUTIVE.search(sentence, 0, match.start()) and not \
                    _TRANSITIVE.match(sentence, match.end()):
                return match.group()
        for match in opposite.finditer(sentence) if opposite else ():
            if _of_target(sentence, match.start(), targets, own) and _negated(
                    sentence, match.start(), match.end()) and not history(
                    sentence, match.start(), match.end()):  # "the lock does not hold"
                return f"not {match.group()}"
        denied = _denied(sentence, family, targets, own) if not failed else \
            _undenied(sentence, family)
        if denied:
            return denied
    return None


# a denial in the phrase's own clause, right before it ("not one wolf stirs")
_CLOSE_DENIAL = re.compile(r"\b(?:not|never|no|nobody|none|nothing)\b(?:\s+[\w']+){0,3}\s*$|"
                           r"n't(?:\s+[\w']+){0,2}\s*$", re.IGNORECASE)
_NEGATIVE_PHRASE = re.compile(r"^(?:no|not|never|nothing|none|nowhere|without|nobody)\b",
                              re.IGNORECASE)


def _undenied(sentence: str, family: Family) -> str | None:
    """On a failure, the family's own words of failure denied ("not one wolf stirs", "the
    ferryman does not refuse")."""
    for match in family.failure.finditer(sentence) if family.failure else ():
        if not _NEGATIVE_PHRASE.match(match.group()) and _CLOSE_DENIAL.search(
                re.split(r"[,;:\u2014]|\band\b|\bbut\b", sentence[:match.start()])[-1]) and not history(
                sentence, match.start(), match.end()) and not _NOT_ONLY.search(
                sentence[max(0, match.start() - 20):match.start()]):
            return f"not {match.group()}"
    return None


_IT = re.compile(r"\b(?:it|they|them|none|one|each|any)\W+(?:\w+\W+){0,2}$", re.IGNORECASE)


def _denied(sentence: str, family: Family, targets: set[str],
            own: frozenset[str]) -> str | None:
    """On a success, the family's own words of success denied of what the attempt works on
    ("not one of them comes loose", "the lid does not lift")."""
    for pattern in (family.success, family.success_of):
        for match in pattern.finditer(sentence) if pattern else ():
            said_of = _of_target(sentence, match.start(), targets, own) or _IT.search(
                sentence[max(0, match.start() - 24):match.start()])
            if said_of and _negated(sentence, match.start(), match.end()) and not history(
                    sentence, match.start(), match.end()) and not _NOT_ONLY.search(
                    sentence[max(0, match.start() - 20):match.start()]):
                return f"not {match.group()}"
    return None


_NOT_ONLY = re.compile(r"\bnot only\b|\bnothing but\b|\bno sooner\b|\bnever\s+(?:\w+\s+)?"
                       r"(?:so|as|more|quite)\b", re.IGNORECASE)


_WITHOUT = re.compile(r"\bwithout\s+(?:being\s+|getting\s+)?([a-z]+)", re.IGNORECASE)
_RUIN_WORDS = kin("break")
_DENIED = re.compile(r"\b(?:not|never|no|nobody|none|nothing|without|n't|no one)\b|n't\b",
                     re.IGNORECASE)


def _lemma_of(word: str) -> str | None:
    """The verb a form belongs to ("breaking" -> break, "waking" -> wake, "seen" -> see)."""
    word = word.lower()
    irregular = next((base for base, said in IRREGULAR.items() if word in said), None)
    stem = word.removesuffix("ing")
    short = len(stem) >= 3 and stem[-1] not in "aeiouwxy" and stem[-2] in "aeiou" and \
        stem[-3] not in "aeiou"  # "wak(ing)" is wake; "break(ing)" is break
    bases = (stem + "e", stem) if short else (stem, stem[:-1], stem + "e")
    return irregular or next((b for b in bases if b and word in forms(b)), None)


def avoided(intent: str) -> frozenset[str]:
    """The words of what the attempt means not to do ("without breaking it": break and its
    kin, "without waking the belfry": wake), in all their forms."""
    found: set[str] = set()
    for match in _WITHOUT.finditer(intent):
        lemma = _lemma_of(match.group(1))
        if lemma:
            found |= set(forms(lemma))
            found |= set().union(*(kin(f) for f in forms(lemma))) if lemma in _RUIN_WORDS \
                else set()
    return frozenset(found)


def _avoided_claim(sentence: str, intent: str, targets: set[str]) -> str | None:
    """On an attempt that holds, the very thing it meant to avoid told as happening to what the
    attempt works on ("it bursts into pieces"; not "a branch cracks overhead")."""
    words = avoided(intent)
    for match in re.finditer(r"[A-Za-z]+", sentence) if words else ():
        if match.group().lower() in words and not _DENIED.search(
                sentence[max(0, match.start() - 30):match.start()]) and (_of_target(
                sentence, match.start(), targets, frozenset()) or re.search(
                r"\b(?:it|they)\s+(?:\w+ly\s+)?$", sentence[:match.start()])):
            return f"{match.group()} (what the attempt meant to avoid)"
    return None


def outcome_words(sentence: str, words: Sequence[Word], before: Sequence[Word],
                  context: NarrationContext, cast: Cast, targets: set[str],
                  failed: bool) -> str | None:
    """The family reading of one sentence (see :func:`family_claim`), and on an attempt that
    holds, what it meant to avoid told as happening (:func:`avoided`)."""
    intent = context.intent or cast.settled.act
    if not failed:
        said = _avoided_claim(sentence, intent, targets)
        if said:
            return said
    families = families_of(intent)
    if not families:
        return None
    own = frozenset(w for w in re.findall(r"[a-z]+", intent.lower()) if w not in _LEMMA_OF)
    return family_claim(sentence, families, targets, failed, own)
