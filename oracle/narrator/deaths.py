"""Deaths and losses in any words: the referee's lexicon of a character's end.

- :data:`DEATH`: phrases of dying said of their subject ("breathes her last", "will not be
  climbing out of it, not ever", "is gone before he reaches the ground");
- :data:`KILLS` and :data:`LIFE_OF`: an end given to someone named after the verb;
- :data:`LOSS` and :data:`FOREST_TAKES`: a character lost to the forest ("the forest has you
  now", "the roots take her", "no longer the woman who came in", "is only bark");
- :func:`owned`: an end told of a body or a person after a preposition ("Ilse's heart gives one
  last stutter and then nothing", "nothing of her comes back", "the end of you");
- :data:`ANY_DEATH`: whether a settled death is voiced at all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from oracle.narrator.lexicon import phrases, rx, verbs
from oracle.narrator.meaning import Cast, Who, Word, subject

__all__ = ["ANY_DEATH", "DEATH", "FOREST_TAKES", "KILLS", "LIFE_OF", "LOSS", "acting", "kept",
           "owned", "remade", "shared_end", "unmade"]

_POSS = r"(?:his|her|their|your|its)"
_DEATH_PHRASES = (
    r"die[sd]?", r"dying", r"perish(?:es|ed)?", r"breathes? " + _POSS + r" last",
    r"draws? " + _POSS + r" last breath", r"never (?:moves?|wakes?|rises?|breathes?|stirs?|"
    r"gets? up|gets? back up|opens? " + _POSS + r" eyes) again",
    r"(?:does|do|did|will|would|can) not (?:survive|live|wake|rise|get up|come back)",
    r"(?:doesn't|don't|won't|didn't|cannot|can't) (?:survive|live|wake|rise|get up|come back)",
    r"(?:is|are|was|were|lies?|lay|falls?|fell|drops?|dropped|goes?|went) (?:dead|lifeless)",
    r"(?:is|are|was|were) (?:killed|slain|dead|murdered|no more|gone for good|beyond help)",
    r"(?:goes?|went) still (?:forever|for good|and does not move again)",
    r"stops? breathing(?! to)", r"bleeds? out", r"(?:heart|breath) stops? for good",
    r"(?:does|do|did|will) not take (?:the next|another) breath", r"drown(?:s|ed)?",
    r"(?:bleed|burn|freeze|starve|choke)(?:s|d|ed)? to death",
    r"(?:has |have )?stop(?:s|ped) moving (?:for good|forever)",
    r"(?:does|did|will) not come (?:up|back) again", r"never comes? (?:up|back)(?: again)?",
    r"never (?:takes?|draws?) another breath", r"lifeless",
    r"eyes? (?:go|goes|went) (?:dark|dim|glassy|empty) (?:and stays?|and stayed|for good|forever)",
    r"the light (?:leaves|left|goes out of|went out of) " + _POSS + r" eyes",
)
_NEG = r"(?:never|not|\w*n't|no longer)"
_COME_BACK = verbs("""climb crawl come get rise wake surface stir move breathe walk stand open
return""")
DEATH = rx(
    *_DEATH_PHRASES,
    phrases("""~perish; ~expire; ~succumb; ~suffocate; ~starve; ~pass away; ~breathe * last;
        ~draw/~take * last breath; ~give up the ghost; ~breathe no more; ~be no more;
        ~go under and ~be gone; ~be gone for good/forever; ~slip away for good/forever;
        ~be a corpse/carcass; ~be beyond/past saving/help; then not/never again;
        never to return/wake/rise; never to be seen again; never to come back;
        ~not see the morning/dawn/sunrise/spring/sun; never ~see the morning/dawn/sunrise/spring;
        and then not/never again"""),
    # "will not be climbing out of it, not ever", "never wakes", "does not get up again"
    _NEG + r"\s+(?:\w+\s+){0,2}(?:" + _COME_BACK + r")\b[^.;]{0,40}?"
    r"\b(?:again|not ever|ever again|for good|forever|any ?more)",
    r"never\s+(?:\w+\s+)?(?:wakes?|woke|surfaces?|surfaced|breathes?|breathed|stirs?|stirred)",
    # a rising that never comes, told without "again" ("drops and never gets up")
    r"never\s+(?:gets?|got|climbs?|climbed|struggles?|struggled) (?:back )?(?:up|to "
    + _POSS + r" feet)\b",
    r"never\s+(?:rises?|rose|stands? up|stood up|comes? back|came back|returns?|returned)"
    r"(?!\s+(?:to|from|with|for|the|a|an|his|her|their|your|it)\b)",
    # "he is gone before he reaches the ground": gone, and not gone somewhere
    r"(?:not|never|\w*n't)\s+(?:\w+\s+)?(?:come|climb|crawl|get|make it)\s+(?:out|up|back)\s+"
    r"(?:from under|from beneath|of the water|of it|of there|alive)",
    r"(?:is|lies|lay|was) (?:cold and )?stiff\b(?! with)", r"nothing human (?:is )?left",
    r"(?:does|did|will) not wake\b",
    r"(?:is|was|are|were) gone(?!\s+(?:into|from|through|down|up|out|back|ahead|around|off|"
    r"over|under|to|toward|towards|across|past|after|with|when|by the time|again|now\s+from))",
)
KILLS = rx(r"kill(?:s|ed)?", r"slays?", r"slew", r"murders?", r"murdered", r"ends?",
            r"ended", r"fells?", r"felled", r"cleaves?", r"cleaved", r"sunders?", r"sundered",
            r"hews? down", r"cuts? down", r"brings? down", r"finishes", r"finished", r"takes? the life of", r"took the life of",
            r"snaps? the neck of")
LIFE_OF = re.compile(r"\b(?:takes?|took|ends?|ended) (\w+)'s (?:life|last breath)\b|"
                     r"\b(?:is|was) the end of (\w+)\b|\bthe life (?:goes|went|"
                     r"drains|drained|fades|faded) (?:out of|from) (\w+)\b", re.IGNORECASE)
_MATTER = r"(?:bark|wood|moss|roots?|sap|leaves|stone|salt|glass|ash|clay|weed|wax|brass|iron)"
_FLESH = r"(?:skin|flesh|eyes|hair|face|hands|fingers|blood|heart|veins|bones|mouth|tongue)"
# the body remade as the place's matter: "bark where his skin was", "Ash's fingers turn to roots"
_REMADE = re.compile(
    r"\b" + _MATTER + r" (?:where|in place of|instead of) (?:(\w+)'s|(his|her|their|your)) "
    + _FLESH + r"\b|\b(?:(\w+)'s|(his|her|their|your)) " + _FLESH + r" (?:\w+ )?(?:turns?|"
    r"turned|hardens?|hardened|becomes?|became|goes?|went) (?:to |into )?" + _MATTER + r"\b",
    re.IGNORECASE)
LOSS = rx(
    phrases("""~be its/the creature/thing/servant/own/creation; no longer the woman/man/person/
        girl/boy/one; no longer who; ~be only/all/nothing but bark/wood/moss/root/roots/
        hunger/forest/leaves; ~turn to bark/wood/moss/root/roots/leaves;
        ~become part of the forest/wood/woods/trees; mud/sap/water/moss in your/her/his veins;
        ~be the forest's/wood's/fen's/moor's/bog's/marsh's/dark's/trees' now; ~belong to the forest/wood/woods/trees/
        dark/roots"""),r"(?:rises?|returns?|comes? back|stands? up) (?:\w+ ){0,3}as one of", r"(?:becomes?|became|turns? into|is turning into|is now) (?:one of )?(?:a|the|the "
           r"forest's)(?: [\w-]+){0,3} (?:monsters?|things?|creatures?|servants?|beasts?)", r"(?:is|are) lost (?:to the forest|forever|for good)",
           r"belongs? to the forest(?: now)?", r"(?:is|are) no longer (?:herself|himself|"
           r"themself|themselves|yourself|human)", r"joins? the forest",
           r"walks? into the trees (?:for good|forever|and does not come back)")
FOREST_TAKES = rx(r"(?:the|its) (?:forest|trees|wood|woods|roots|moss|green|dark|thorns|"
                  r"briars|earth|branches) (?:" + verbs("""take claim keep have own swallow
                  win call hold welcome drag pull replace consume absorb remake fill""") + r") ")
# a stop that is not an end: of one act ("stops heaving", not "stops breathing"), or taken
# back later in its clause ("hitches, stops, and after a long moment starts again")
_RESUMED = (r"(?!\s+(?!(?:breathing|moving|beating|rising|stirring)\b)[a-z]+ing\b)"
            r"(?![^.;]*\b(?:starts?|begins?|comes?|picks? up|resumes?)\b[^.;]*\bagain\b)")
# an end told of a body part or after a preposition: the person is its owner
_BODY_END = (r"last (?:stutter|shudder|beat|flutter|gasp|breath|heave|twitch)|stops? for good|"
             r"(?:then|and then|,? then) (?:nothing|none|silence|stillness|there is (?:none|"
             r"nothing|only)|only silence|(?:it |they )?(?:settles?|stills?|stops?|ceases?))|"
             r"and then (?:there is )?(?:none|nothing)|never (?:starts?|comes?|rises?|stirs?) "
             r"again|(?:does not|doesn't|did not|didn't|will not|won't) (?:\w+ )?(?:start|begin|"
             r"come) (?:again|back)|goes? out of|(?:is|are|goes|go|went) (?:gone|still for good|out for good)|"
             r"(?:settles?|stills?|fails?|fades?|stops?|ceases?|empties|falls? silent|goes? "
             r"quiet|goes? still) (?:for good|forever|at last|for the last time|and (?:does|do) "
             r"not (?:start|rise|move) again)|once more(?: and then|, then)|for the last time|"
             r"no more\b|(?:gives?|gave) out|(?:clouds?|clouded|glazes?|glazed|films?|filmed) "
             r"over(?! with)|stays? (?:fallen|still|down|that way|empty|closed|shut)|(?:go|goes|went) (?:dark|"
             r"dim|glassy)(?! with)|(?:does|did) not come back|never comes? back|(?:open and |wide and |fixed and )?(?:empty|unseeing|sightless|glassy)"
             r"(?!\s+(?:of|for|with))|stops?(?![\w-])(?!\s+(?:for|short|as|when|at|in|dead|mid|"
             r"cold|a\b|to\b|while|until|there|just))" + _RESUMED + r"|stopped(?!\s+(?:for|short|"
             r"as|when|at|in|dead|mid|cold|a\b|to\b|while|until))" + _RESUMED)
_BODY = r"(?:heart|pulse|breath|breathing|chest|eyes|heartbeat|breaths|light|life|glow|spark)"
_OWNED = re.compile(
    r"\b(?:(\w+)'s|(your|her|his|their|its))(?: \w+)? " + _BODY + r"\b[^.;]{0,75}?"
    r"\b(?:" + _BODY_END + r")|\bwhat is left of (\w+)\b|"
    r"\bthe last breath (\w+) (?:takes|draws|breathes|will take|will draw)\b|"
    r"\b(?:find|found|finds|recovers?|recovered|bury|buries|buried|carry|carries|carried|pull|"
    r"pulls|pulled|drag|drags|dragged) (?:(\w+)'s|(his|her|your|their)) (?:body|corpse|bones)\b|"
    r"\b(?:(\w+)'s|(his|her|your|their)) (?:story|tale|road|journey|days) (?:ends?|ended|is over|"
    r"was over|is done|comes? to an end|came to an end|runs? out)\b|"
    r"\b(?:stills?|stilled|stops?|stopped|ends?|ended|claims?|claimed|steals?|stole) (?:(\w+)'s|"
    r"(his|her|your|their)) (?:heart|breath|pulse|life|last breath)\b(?!\s+(?:away|for a|a "
    r"moment|short))|"
    r"\bnothing (?:of|left of|more of|remains of|is left of (?:the )?) ?(\w+)\b(?!['\u2019]s)|"
    r"\b(?:nobody|no one|nothing|no-one) (?:is |was )?left (?:in|inside|of) (\w+)\b(?!['\u2019]s)|"
    r"\bthe end of (\w+)\b(?!['\u2019]s)(?!\s+(?:road|path|rope|light|day|night|food|water|"
    r"oil|wick|bread|candle|line|trail|world))|"
    r"\bthe last of (him|her|them|you)\b(?=\s*[.,;!])|"
    r"\bthe (?:last )?(?:breath|life|light|warmth) (?:goes|went|gone|drains|drained|fades|faded|leaves|left)"
    r" (?:out of|from) (\w+)\b|"
    r"\bthe last (?:\w+ )?(?:sees?|saw|seen|hears?|heard) of (\w+)\b|"
    r"\b(?:it|all|everything|life) (?:\w+ )?(?:ends?|ended|is over|was over) (?:there |here |then )?"
    r"for (him|her|you|them|\w+)\b|"
    r"\bthe last (?:thing|things|sound|sight|face|voice|words?) (\w+) (?:will )?ever "
    r"(?:hears?|heard|sees?|saw|feels?|felt|knows?|knew|smells?|smelled)\b|"
    # a wound no one lives through: through the chest, the heart opened, the neck broken
    r"\b(?:goes?|went|gone|passes?|passed|punches?|punched|drives?|drove|runs?|ran|bursts?|"
    r"comes? out) (?:clean |right |straight )?through (?:(\w+)'s|(his|her|your|their)) "
    r"(?:chest|heart|throat|neck|skull|head|belly|gut|back|ribs|eye)\b|"
    r"\b(?:pierces?|pierced|impales?|impaled|skewers?|skewered|spits?|spitted|slits?|opens?|"
    r"opened|crushes?|crushed|caves? in|caved in|breaks?|broke|snaps?|snapped|stops?|stopped) "
    r"(?:(\w+)'s|(his|her|your|their)) (?:heart|throat|neck|skull|windpipe)\b|"
    r"\b(?:(\w+)'s|(your|her|his|their)) (?:last|final|dying) (?:breath|gasp|words|heartbeat)\b|"
    r"\bthe (?:cold|frost|sea|water|river|current|fever|sickness|plague|wound|fall|mountain|ice|"
    r"snow|drop|dark|night) (?:takes?|took|claims?|claimed|kills?|killed) (\w+)\b|"
    r"\b(?:closes?|closed) over (\w+)(?:'s head)? (?:without a (?:sound|ripple|trace)|for good|"
    r"forever|for the last time|and (?:does not|never|is still))", re.IGNORECASE)


ANY_DEATH = rx(r"die[sd]?", r"dying", r"dead|death", r"kill\w*", r"slain", r"perish\w*",
               r"(?:next|another|any) breath", r"lets? go", r"(?:is|are) gone", r"no more",
               r"(?:goes|went) still", r"stops? breathing", r"heart stops",
                r"last breath", r"breathes? " + _POSS + r" last", r"lifeless", r"life",
                r"never (?:moves?|wakes?|rises?|breathes?) again", r"corpse",
                r"(?:does|do|will) not survive", r"(?:doesn't|won't) survive", r"still forever",
               r"(?:chest|heart|breath|breathing|pulse)\s+(?:stills?|stilled|stops?|stopped|"
               r"fails?|failed|falls? silent|goes? quiet)", r"stills|stilled", r"(?:rise|wake|stir|"
               r"move|breathe|get up) again", r"end of (?:him|her|them|you)", r"gone for good",
               r"on without (?:him|her|them|you)", r"(?:goes|went|gone|hangs?) (?:slack|limp)",
               DEATH.pattern[5:-3], _OWNED.pattern,
               r"(?:neither|none|nobody|no one) (?:\w+ ){0,3}(?:comes?|came) (?:back|up|out)",
               r"where (?:they|someone|anyone|you) (?:will|would|shall) find (?:him|her|them|you)")


_KEEPS_GOING = re.compile(r"(?:\bnot|n't|\bnever|\bno longer)\s+(?:\w+\s+)?(?:stop|still|settle|"
                          r"fail|fade|cease|go|quite)", re.IGNORECASE)


def remade(sentence: str, words: Sequence[Word], before: Sequence[Word],
           cast: Cast) -> tuple[str, Who] | None:
    """A character's body told remade as the place's matter (a loss)."""
    for match in _REMADE.finditer(sentence):
        owner = next(g for g in match.groups() if g)
        who = cast.who(owner)
        if who is None or owner.lower() == "her":
            who = cast.resolve([*before, *[w for w in words if w.start < match.start()]])
        if who is Who.CHARACTER:
            return match.group(), who
    return None


def owned(sentence: str, words: Sequence[Word], before: Sequence[Word],
          cast: Cast) -> tuple[str, Who] | None:
    """An end told of a character's body, or of a character after "of" or "from"."""
    for match in _OWNED.finditer(sentence):
        if _KEEPS_GOING.search(match.group()):
            continue  # "her breathing is shallow, but it does not stop"
        owner = next(g for g in match.groups() if g)
        who = cast.who(owner)
        if who is None or owner.lower() == "her":
            who = cast.resolve([*before, *[w for w in words if w.start < match.start()]])
        if who is Who.THING and _surname(owner, words, cast):
            who = Who.CHARACTER  # "Saskia Brand's story ends": the name goes on
        if who is Who.CHARACTER or who is Who.FOE:
            return match.group(), who
    return None


def _surname(owner: str, words: Sequence[Word], cast: Cast) -> bool:
    """Whether ``owner`` is the capitalised word right after a character's name."""
    for i, word in enumerate(words[1:], 1):
        if word.low.removesuffix("'s") == owner.lower() and word.text[:1].isupper() and \
                cast.who(words[i - 1].text) is Who.CHARACTER:
            return True
    return False




_SELF = r"(?:himself|herself|themselves|themself|yourself)"
# the self undone, not said how ("not Corvin any more", "something of him stays behind",
# "whatever he was", "his mind comes apart", "the temple has him now"): what a lost character
# may be told, a loss for anyone else
_UNMADE = re.compile(
    r"\b(?:is|are|was|were)\s+(?:not|no longer)\s+(?:quite\s+)?(\w+)(?:\s+any ?more|\s+now)?\b"
    r"(?=\s*[.,;!]|\s+any|\s+now)|\bno longer (\w+)\b(?=\s*[.,;!])|"
    r"\bwhatever (he|she|they|you) (?:was|were|had been|used to be|once was)\b|"
    r"\b(?:something|part|some part|a part|a piece|much|most|the best|half|some) of (\w+) "
    r"(?:stays?|stayed|remains?|remained|is left|was left|goes|went|is lost|was lost|does not "
    r"come|never comes)\b|"
    r"\b(?:(\w+)'s|(his|her|your|their)) (?:mind|soul|self|sanity|wits|reason|memories|name)\b"
    r"[^.;]{0,25}?\b(?:comes? apart|came apart|breaks?|broke|shatters?|unravels?|crumbles?|"
    r"dissolves?|is gone|goes out|slips? away|gives? way|snaps?|runs? out|drains? away|is lost|"
    r"slides? out|drains? out|leaves? (?:him|her|them|you)|goes? out of|"
    r"blows? out|tears? loose)\b|"
    r"\b(?:belongs?|belonged) to (?:the|this) \w+(?: \w+)? now\b|"
    r"\b(?:is|are|was|were) (?:not|never) (?:seen|heard from|heard of|found) (?:again|alive)\b|"
    r"\b(?:is|are|was|were) lost to the (?:[\w'-]+ ){1,3}?(?:for good|forever)\b|"
    r"\b(?:climbs?|crawls?|slides?|seeps?|pours?|settles?|moves?) into (\w+)\b"
    r"(?=\s*(?:[,.;!]|and\b|$))|"
    r"\bno longer (?:his|her|your|their) own\b|"
    r"\bsomething (?:else )?(?:walks?|wears?|looks? out|speaks?|moves?) (?:with |through |from |"
    r"behind |out of )?(?:his|her|your|their) (?:face|eyes|voice|skin|body)\b|"
    r"\b(?:forgets?|forgot|forgotten|loses?|lost) (?:his|her|your|their) (?:own )?(?:name|face|self|"
    r"mind)\b|"
    r"\b(?:he|she|they|you) (?:will|shall|would) (?:not|never) (?:leave|come back|return)\b|"
    r"\bthe \w+ (?:has|have|keeps?|owns?|holds?|claims?|took|takes?) (him|her|you|them|\w+) "
    r"(?:now|for good|forever|both|all)\b|"
    r"\b(?:is|are|was|were|becomes?|became)\s+(?:its|the|this)?\s*(?:\w+'s\s+)?(?:\w+\s+)?"
    r"(?:creature|servant|thrall|puppet|vessel|plaything|prisoner)s?\b", re.IGNORECASE)
# a character kept whole ("shaken but himself", "herself again", "keeps his wits"): what
# the result's loss or death contradicts
_KEPT = re.compile(
    r"(?:\bbut|\band|\bstill|\bentirely|\bwholly|\bquite|\bfully|\bis|\bwas|\bare|\bremains?|"
    r"\bstays?|\bseems?|\blooks?|\bfeels?|,)\s+(?:(?:still|entirely|wholly|quite|fully|very much|"
    r"every inch|all|again)\s+)?" + _SELF + r"\b(?!\s+(?:up|down|off|out|over|onto|into|on|"
    r"against|to|from|free|clear|together|back|forward|along|away|through|across|in|at|with|"
    r"by|for|of)\b)|\b" + _SELF + r" again\b|"
    r"\b(?:keeps?|kept|keeping|holds? on to|held on to) (?:\w+ ){0,4}?(?:his|her|your|their) "
    r"(?:wits|mind|head|nerve|senses|self|reason|name|sanity)\b|"
    r"\bas if nothing (?:had )?happened\b|\b(?:is|was|seems?|feels?) (?:fine|well|all right|"
    r"alright)\b|"
    r"\bthe same (?:man|woman|person|one|soul) (?:as )?(?:he|she|you|they) (?:ever |always |"
    r"had )?(?:was|were|been)\b|\b(?:in command|master|mistress) of (?:him|her|your|them)sel"
    r"(?:f|ves)\b|\bclear-eyed\b|\buntouched by\b|\b(?:fights?|fought|presses?|pressed) on\b|"
    r"\b(?:none the worse|unchanged|unharmed|unhurt|unscathed|safe and sound|whole and "
    r"(?:hale|sound|unharmed)|as (?:he|she|you|they) (?:was|were|ever was|always was|had been))"
    r"\b|\b(?:shakes?|shook|shrugs?|shrugged) it off\b|\b(?:is|gets?|got|comes?|came|springs?|"
    r"sprang|climbs?|scrambles?|bounces?) (?:back )?up again\b|\bback on (?:his|her|your|their) "
    r"feet\b|\bon (?:his|her|your|their) feet again\b|\b(?:comes?|came) back to "
    r"(?:him|her|your|them)sel(?:f|ves)\b", re.IGNORECASE)
# one the result kills, told as living on ("pulls through", "will live")
_LIVES = re.compile(r"\band lives\b|,\s*lives\b|\b(?:but|still|yet|and|,) alive\b|"
                    r"\b(?:is|are) still here\b|\beyes? (?:flutters?|flickers?|snaps?|fly|flies|blinks?) open|keeps? "
                    r"(?:beating|breathing)|\b(?:he|she|they|you) lives?\b(?!\s+(?:in|on|with|"
                    r"at|by|near|under|inside|to|out))|\b(?:survives?|survived|pulls? through|"
                    r"pulled through|will live|lives? "
                    r"to|(?:is|was) out of danger|(?:comes?|came) to\b(?! (?:rest|a|an|the|him|"
                    r"her|nothing|an end))|(?:is|was) going to live|(?:is|was) alive|still "
                    r"breathing|breathes? again|wakes? (?:up )?(?:hours|later|at dawn|in the|to))",
                    re.IGNORECASE)


_NOT_SELF = frozenset({"hers", "his", "theirs", "yours", "mine", "ours", "its"})


def _whose(match: re.Match[str], words: Sequence[Word], before: Sequence[Word],
           cast: Cast) -> Who:
    """Whom a match of :data:`_UNMADE` is about: the name or pronoun it holds, else the last
    one named before it."""
    named = next((g for g in match.groups() if g), "")
    who = cast.who(named) if named else None
    if who is None or who is Who.THING or named.lower() == "her":
        return cast.resolve([*before, *[w for w in words if w.start < match.start()]])
    return who


def unmade(sentence: str, words: Sequence[Word], before: Sequence[Word],
           cast: Cast) -> str | None:
    """A character's self told undone, without saying how (fine only when lost)."""
    for match in _UNMADE.finditer(sentence):
        named = next((g for g in match.groups() if g), "")
        if named.lower() in _NOT_SELF or (named and cast.who(named) is Who.THING and
                                          not re.fullmatch(_SELF, named, re.IGNORECASE)):
            continue  # "is not locked any more", "it is not hers": not a person undone
        if _whose(match, words, before, cast) is Who.CHARACTER:
            return match.group()
    return None


def kept(sentence: str, words: Sequence[Word], before: Sequence[Word], cast: Cast,
         dies: bool) -> str | None:
    """A character told whole and themselves (or, when ``dies``, living on)."""
    for match in (_LIVES if dies else _KEPT).finditer(sentence):
        told = [w for w in words if w.start < match.start()]
        you = "yourself" in match.group().lower() or any(
            w.low in ("you", "your") for w in told[-6:])
        who = cast.who("you") if you else cast.resolve([*before, *told])
        if who is Who.CHARACTER:
            return match.group()
    return None


# a dying character acting ("pushes himself up onto one elbow", "comes to"): one who is down
_ACTS = rx(phrases("""~push/~pull/~haul/~heave/~lever/~prop/~drag * up; ~sit/~get/~stand/~climb/
    ~stagger/~struggle/~lurch up; ~get/~climb/~stagger/~struggle/~lurch/~scramble to * feet;
    ~wake; ~wake up; ~come to; ~come round; ~come around; ~open * eyes; ~blink up/awake/open;
    ~reach for; ~grab; ~crawl away/off/toward/towards/out; ~walk; ~stride; ~limp away/off/out;
    ~fight on; ~stand"""))
# the same end told of a character by ellipsis ("the Sow goes down, and so does Isaura")
_SO_DOES = re.compile(r"\b(?:and )?so (?:does|do|did|is|was) (\w+)\b|\b(?:and|with) (\w+) "
                      r"(?:too|as well|with (?:it|him|her|them))\b", re.IGNORECASE)
_ENDED = rx(r"(?:goes|go|went|gone) (?:down|under|still)", r"falls?", r"fell", r"collapses?",
            r"crumples?", r"die[sd]?", r"sinks?", r"sank", r"(?:is|are) gone", r"perish\w*",
            r"(?:goes|went) (?:out|dark)")


def acting(sentence: str, words: Sequence[Word], before: Sequence[Word],
           cast: Cast) -> str | None:
    """A character the result leaves down (dying, unconscious) told acting."""
    for match in _ACTS.finditer(sentence):
        i = next((k for k, w in enumerate(words) if w.start >= match.start()), len(words))
        window = sentence[max(0, match.start() - 24):match.start()]
        if subject(words, i, cast, before) is Who.CHARACTER and not re.search(
                r"\b(?:not|never|no|cannot|can't|won't|n't|unable to|too weak to|will|would|"
                r"shall|may|might|could|'ll|until|before|when|if)\b", window):
            return match.group()
    return None


def shared_end(sentence: str, words: Sequence[Word], before: Sequence[Word],
               cast: Cast) -> str | None:
    """An end told of one, then given to a character by ellipsis ("and so does Isaura")."""
    for match in _SO_DOES.finditer(sentence):
        named = next(g for g in match.groups() if g)
        who = cast.who(named)
        if who is None:
            who = cast.resolve([*before, *[w for w in words if w.start < match.start()]])
        if who is Who.CHARACTER:
            ended = _ENDED.search(sentence[:match.start()])
            if ended:
                return f"{ended.group()} ... {match.group()}"
    return None
