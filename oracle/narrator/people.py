"""The referee's readings of what people do in a sentence (see :mod:`.readings` for the rest).

- :func:`choices`: the character's feelings, beliefs, words or choices the dice did not settle
  ("you decide", "relief floods you", "Ash grins and swears"); what they perceive is theirs to
  be told, and what the player stated (the intent) is theirs already;
- :func:`others`: companions in solo play ("your companions", "the others", "we", "no one
  else", an invented name at the character's side);
- :func:`foe`: a foe other than the story's ("the wolf lunges" when the foe is the Moss-Wife).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from oracle.narrator.base import NarrationContext
from oracle.narrator.meaning import Cast, Who, Word, person_after, subject, word_set
from oracle.narrator.readings import content_words, head_word, index_at, rx
from oracle.narrator.wordclass import acts, known_word

__all__ = ["choices", "foe", "others"]


def _verbs(*bases: str) -> str:
    """Each base verb in its forms: "decide" -> decide, decides, decided, deciding."""
    forms = []
    for base in bases:
        stem = base.removesuffix("e")
        forms.append(rf"{base}s?|{stem}(?:ed|ing)" if not base.endswith("e")
                     else rf"{base}[sd]?|{stem}ing")
    return "|".join(forms)


CHOICE = rx(_verbs("decide", "choose", "resolve", "vow", "promise", "refuse", "agree",
                    "hesitate", "panic", "despair", "rejoice", "pray", "beg", "laugh", "smile",
                    "grin", "weep", "sob", "scream", "shout", "yell", "curse", "whisper",
                    "mutter", "sigh", "nod", "shrug", "wonder", "plan", "scheme", "plot",
                    "remember", "believe", "hope", "wish", "regret", "trust", "doubt", "relax",
                    "flee", "retreat", "surrender", "charge", "love", "hate"),
             r"swears?|swore|sworn|says|said|cries|cried|thinks?|thought|knows?|knew|chose|"
             r"wants?|wanting|liked|likes|disliked?|dislikes|(?:dis|mis)trust(?:s|ed)?|"
             r"loathe[sd]?|despise[sd]?|adore[sd]?|enjoy(?:s|ed)?|resent(?:s|ed)?|"
             r"prefer(?:s|red)?|admire[sd]?|longs? for|longed for|yearn(?:s|ed)?|"
             r"craves?|craved|aches? for|ached for|"
             r"grinn(?:ed|ing)|sobb(?:ed|ing)|plann(?:ed|ing)|plott(?:ed|ing)|nodd(?:ed|ing)|begg(?:ed|ing)|regrett(?:ed|ing)|"
             r"gives? up|gave up|turns? back|turned back|turns? and (?:runs?|flees?)|"
             r"runs? away|ran away|steels? (?:yourself|herself|himself|themself|themselves)|"
             r"grits? (?:your|her|his|their) teeth|draws? (?:your|her|his|their) "
             r"(?:blade|sword|knife|weapon|axe|steel|bow|dagger)")
_EMOTION = (r"(?:afraid|fear|dread|relief|relieved|hope|hopeful|joy|joyful|glad|happy|sad|"
            r"sorrow|grief|angry|anger|rage|furious|ashamed|shame|guilt|guilty|proud|pride|"
            r"calm|safe|sure|certain|confident|determined|brave|uneasy|nervous|anxious|"
            r"terrified|terror|horror|horrified|despair|lonely|at peace|triumphant|elated|"
            r"scared|frightened|grateful|resolved|resolute|convinced|eager|desperate|"
            r"heartbroken|overjoyed|disgust|disgusted|love|hatred|regret|doubt|courage)")
FEELS = rx(r"(?:feel|feels|felt|feeling) (?:a |an )?(?:(?:surge|wave|pang|flicker|stab|rush|"
            r"flood|chill|sense|knot) of |(?:cold|hot|sudden|deep|growing|grim) )?" + _EMOTION,
            r"(?:is|are|was|were|am|grows?|grew) (?:suddenly |utterly |quite |very |so )?"
            r"(?:afraid|terrified|relieved|glad|happy|sad|angry|furious|ashamed|sure|certain|"
            r"determined|convinced|eager|desperate|hopeful|calm|grateful|proud|scared|"
            r"frightened|horrified|disgusted|heartbroken|overjoyed|elated|resolved|unafraid|"
            r"fearless|at peace|filled with \w+)")
SEIZES = rx(_EMOTION + r" (?:floods?|fills?|grips?|seizes?|washes over|rises in|takes hold "
             r"of|overwhelms?|swells in|blooms in|settles over|courses through|wells up in)")
HEART = re.compile(r"\b(your|\w+'s|her|his|their) (?:heart|stomach|spirit|resolve|courage|"
                   r"nerve)s? (?:sinks?|leaps?|races?|pounds?|soars?|breaks?|swells?|"
                   r"hammers?|drops?|lurches?|knots?|fails?|falters?)\b",
                   re.IGNORECASE)
WITH_FEELING = rx(r"(?:with|in) (?:relief|dread|terror|horror|joy|despair|grief|anger|rage|"
                   r"shame|determination|resolve|triumph|disgust|delight|fury)")


_RELATIVE = re.compile(r"\b(?:the|a|an|any|every|no)\s+[a-z]+\s+(?:you|she|he|they|we)\s+(?:had\s+)?$",
                       re.IGNORECASE)
_MODAL = re.compile(r"\b(?:would|could|might|may|should|can|cannot|can't)\s+(?:\w+\s+)?$",
                    re.IGNORECASE)


_CLAIMED = re.compile(r"\b(?:who|what|whatever|as|than)\s+(?:you|she|he|they|[A-Z]\w*)\s+"
                      r"(?:had\s+)?$")


def _decided(sentence: str, words: Sequence[Word], before: Sequence[Word],
             context: NarrationContext, cast: Cast) -> str | None:
    """A verb of choosing, saying or feeling whose subject is a character."""
    stated = {w[:5] for w in content_words(context.intent)}
    for pattern in (CHOICE, FEELS):
        for match in pattern.finditer(sentence):
            if match.group().lower() in ("says", "said", "whispers", "mutters") and re.match(
                    r"\s+the\s+(?:words?|spell|charm|incantation|cantrip|rhyme|prayer)\b",
                    sentence[match.end():], re.IGNORECASE):
                continue  # "says the words": the spell cast, which the dice settle
            if match.group().split()[0].lower()[:5] in stated:
                continue  # the player stated it: "swear an oath to the tree"
            if _MODAL.search(sentence[max(0, match.start() - 14):match.start()]):
                continue  # "any way you would choose": a might-be, not a choice made
            if _RELATIVE.search(sentence[:match.start()]) or \
                    _CLAIMED.search(sentence[max(0, match.start() - 24):match.start()]):
                continue  # "not the path you hoped for": the wish named, not a feeling told
            if subject(words, index_at(words, match.start()), cast, before) is Who.CHARACTER:
                return match.group()
    return None


def _felt(sentence: str, words: Sequence[Word], before: Sequence[Word], cast: Cast) -> str | None:
    """A feeling that takes hold of a character ("relief floods you", "your heart sinks")."""
    for match in SEIZES.finditer(sentence):
        if person_after(words, index_at(words, match.end()), cast, before) is Who.CHARACTER:
            return match.group()
    for match in HEART.finditer(sentence):
        owner = cast.who(match.group(1).lower().removesuffix("'s"))
        if owner is None:
            owner = cast.resolve([*before, *words[:index_at(words, match.start())]])
        if owner is Who.CHARACTER:
            return match.group()
    for match in WITH_FEELING.finditer(sentence):
        earlier = words[:index_at(words, match.start())]
        if any(cast.who(w.text) is Who.CHARACTER for w in earlier) or \
                subject(words, len(earlier), cast, before) is Who.CHARACTER:
            return match.group()
    return None


def choices(sentence: str, words: Sequence[Word], before: Sequence[Word],
            context: NarrationContext, cast: Cast) -> str | None:
    """A feeling, belief, word or choice of a character that the dice did not settle."""
    decided = _decided(sentence, words, before, context, cast)
    if decided:
        return (f"it decides for the character ({decided!r}); their feelings and choices are "
                "the player's")
    felt = _felt(sentence, words, before, cast)
    return f"it decides how the character feels ({felt!r})" if felt else None


_KIN = (r"brothers?|sisters?|father|mother|sons?|daughters?|cousins?|uncle|aunt|husband|wife|"
        r"friends?|lovers?|partner|nephews?|nieces?|grandmother|grandfather|kin|kinsm[ae]n|"
        r"kinsfolk|siblings?|twin")
# what shows a person there by their belonging ("her brother's hand"); anything else of theirs is
# a thing ("her grandmother's comb")
_PRESENCE = r"(?:hand|hands|voice|arm|arms|breath|shadow|face|eyes|laugh|shout|footsteps|step|touch|grip)\b"
# a people or a trade standing at the character's side ("the dwarf beside him")
_BESIDE = (r"(?:dwarf|dwarves|elf|elves|halfling|gnome|orc|human|man|woman|lad|girl|boy|"
           r"mercenary|sellsword|guide|porter|squire|priest|knight|ranger|thief|archer|warrior|"
           r"hunter|soldier|scout|monk|wizard|mage|cleric|bard|rogue)\s+(?:(?:beside|next to|"
           r"alongside|behind|with) (?:him|her|them|you)|(?:at|by) (?:his|her|their|your) "
           r"(?:side|shoulder|elbow))")
OTHERS = rx(r"companions?", r"comrades?", r"allies", r"ally", r"(?:your|his|her|their) friends?",
             r"(?:his|her|their) (?:\w+ )?(?:" + _KIN + r")\b(?!'s (?!" + _PRESENCE + r")\w)", r"you all", r"y'all",
             r"the (?:\w+ )?" + _BESIDE, r"the others",
             r"the other (?:hunters|treasure-hunters|one)", r"the rest of (?:you|the crew|the "
             r"party|them|your crew)", r"your (?:crew|party|band|fellows?|fellow hunters)",
             r"the party", r"the players\b", r"everyone else", r"no one else", r"nobody else",
             r"both of you", r"all of you", r"one of you", r"each of you", r"any of you",
             r"we", r"us", r"our", r"ourselves", r"fellow hunters?", r"side by side",
             r"your (?:brother|sister|friend|partner|cousin|husband|wife|son|daughter)(?:'s)? "
             r"(?:hand|voice|arm|breath|shadow)",
             # a number of "you", a companion by role, doing a thing together
             r"(?:the )?(?:two|three|four|five|both|all|each|rest|either|neither|some|most|"
             r"few|none) of (?:you|us)", r"together,? (?:you|we)", r"(?:you|we) (?:\w+ )?"
             r"together\b(?! with)", r"you and (?:your|the) \w+",
             r"your (?:\w+ )?(?:guide|guides|companion|friend|partner|comrade|hireling|"
             r"hirelings|porter|porters|squire|apprentice|bodyguard|retainer|servant|"
             r"mate|mates|shield-bearer|torchbearer|lantern-bearer|second|crewmate|"
             r"crewmates|sworn)")
# a group the scene has named ("the burners ... the others") is who "the others" are
_GROUP = re.compile(r"\b\w+(?:ers|men|folk|ants|ors)\b'?", re.IGNORECASE)
# kin or a friend doing something where the character is ("your sister calls out")
_KIN_ACTS = re.compile(r"\byour (?:\w+ )?(brother|sister|father|mother|son|daughter|cousin|uncle|"
                       r"aunt|husband|wife|friend|lover|partner|nephew|niece|grandmother|"
                       r"grandfather)\s+(?!is\b|was\b)[a-z]+(?:s|ed)\b", re.IGNORECASE)
_AT_SIDE = re.compile(r"\b(?:with you|beside you|at your side|alongside you|next to you|"
                      r"behind you|at your (?:shoulder|elbow|back))\b", re.IGNORECASE)


def _past_apposition(words: Sequence[Word], i: int) -> int:
    """The index after an apposition set off by commas at ``words[i]`` (", the lad from the
    inn,"), or ``i`` when there is none."""
    if i < len(words) and words[i].low == ",":
        for j in range(i + 1, min(i + 9, len(words))):
            if words[j].low == ",":
                return j + 1
    return i


def _group_named(context: NarrationContext, said: Sequence[Word]) -> bool:
    """The narration named a group, or one of a group the scene holds ("the charcoal burners'
    camp": "the eldest burner"), before saying "the others"."""
    scene = " ".join([context.place, context.intent, *context.story])
    members = {m.group().lower().rstrip("'").removesuffix("s") for m in _GROUP.finditer(scene)}
    return any(_GROUP.fullmatch(w.text) or w.low.removesuffix("s") in members for w in said)


_ALONGSIDE = word_set("""grabs pulls shouts calls hauls catches helps whispers laughs says cries
drags steadies hands tosses holds reaches yells hisses nods grins mutters warns points kneels
gestures beckons signals leads suggests asks""")
_CAPITALS = word_set("""the a an it you your he she they we i something nothing someone
somewhere behind above below then when where what far beyond inside outside there here this
that these those every each one no yes but and or in on at from with its her his their god
gold ruin gods lord lady saint""")


def others(sentence: str, words: Sequence[Word], before: Sequence[Word],
           context: NarrationContext, cast: Cast) -> str | None:
    """Companions in solo play: others at the character's side, or a name the story lacks."""
    if not cast.solo:
        return None
    found = OTHERS.search(sentence)
    if found and found.group().lower() in ("the others", "the rest of them") and \
            _group_named(context, [*before, *words[:index_at(words, found.start())]]):
        found = None  # the others of a group the narration named: "the eldest burner..."
    if found and found.group().lower() not in cast.known and \
            found.group().lower().split()[-1] not in cast.known:
        return (f"it says {found.group()!r} in solo play; nobody else is with the character")
    kin = _KIN_ACTS.search(sentence)
    if kin and kin.group(1).lower() not in cast.known:
        return f"it brings in {kin.group()!r}, someone at the character's side, in solo play"
    if _AT_SIDE.search(sentence):
        named = [w.text for w in words if w.text[:1].isupper() and not w.first and
                 w.low not in cast.known and w.low not in _CAPITALS and cast.who(w.text) is
                 Who.THING]
        if named:
            return (f"it brings in {named[0]!r}, someone the story does not have, at the "
                    "character's side in solo play")
    for i, word in enumerate(words[:-1]):
        low = word.low.removesuffix("'s")
        if not word.text[:1].isupper() or low in cast.known or low in _CAPITALS or \
                low in cast.place or cast.who(word.text) is not Who.THING:
            continue
        after = _past_apposition(words, i + 1)  # "Jory, the lad from the inn, points"
        if after < len(words) and words[after].low in _ALONGSIDE or _acting(words, i, after, cast):
            return (f"it brings in {word.text!r}, someone the story does not have, at the "
                    "character's side in solo play")
    return None


# nouns a story capitalises as if they were someone ("Night falls", "Death waits")
_PERSONIFIED = word_set("""night day dawn dusk morning evening noon midnight winter summer spring
autumn fall north south east west heaven hell fate fortune death ruin time sleep hunger""")


def _acting(words: Sequence[Word], i: int, after: int, cast: Cast) -> bool:
    """A name the story lacks doing something: "Jory binds it", "Brother Anselm, peering over
    Ivo's shoulder, reads", or a thing of theirs in their hands doing it ("Dunstan's lantern
    swings after the hag"). A word that opens the sentence is a name only when it is no
    English word the inventories know."""
    word = words[i]
    if word.low.removesuffix("'s") in _PERSONIFIED:
        return False
    if i > 0 and words[i - 1].text[:1].isupper() and \
            cast.who(words[i - 1].text) is not Who.PERSON:
        return False  # the second word of a name the story has ("Saskia Brand dies")
    if word.first and not word.low.endswith("'s"):
        return False  # "Two crows watch", "Dead leaves skitter": the sentence's first word
    if word.low.endswith("'s"):  # the name's thing, then its verb
        return i + 2 < len(words) and not known_word(word.low.removesuffix("'s")) and \
            acts(words[i + 2].low)
    if after == i + 1 and i + 2 < len(words) and words[i + 1].text[:1].isupper() and \
            not words[i + 1].low.endswith("'s"):
        after = _past_apposition(words, i + 2)  # "Brother Anselm, peering ..., reads"
    return after < len(words) and acts(words[after].low)


_CREATURES = word_set("""wolf wolves bear bears boar boars stag stags elk troll trolls ogre
ogres goblin goblins ghoul ghouls wraith wraiths ghost ghosts spectre specter witch hag serpent
serpents snake wyrm dragon giant hound hounds spider spiders rat rats werewolf vampire zombie
skeleton knight crone lich demon devil imp owlbear bandit bandits""")
ATTACK = rx(r"lunges?", r"charges?", r"attacks?", r"strikes?", r"bites?", r"claws?", r"gores?",
             r"rears?", r"slashes", r"tears? into", r"springs? at", r"comes? for", r"bears? down",
             r"stalks?", r"lowers? its head", r"rakes?", r"pounces?", r"swipes?", r"howls?",
             r"roars?", r"snarls?", r"rises? (?:up|on its)", r"looms?", r"advances?",
             r"closes? in", r"snaps? at", r"drags?", r"seizes?", r"uncoils?")
FIGHT_OBJECT = re.compile(r"\b(?:fight|fights|face|faces|strike|strikes|wound|wounds|hit|hits|"
                          r"stab|stabs|slash|slashes) the (\w+)\b", re.IGNORECASE)


def _clause(words: Sequence[Word], i: int) -> list[str]:
    """The words of the clause before ``words[i]`` (up to ten, stopping at ; : or a dash)."""
    found: list[str] = []
    for word in reversed(words[max(0, i - 10):i]):
        if word.low in (";", ":", "\u2014"):
            break
        found.append(word.low.removesuffix("'s"))
    return found


# the beasts and monsters a story's foe could be (not the small life of a scene: crows, rats,
# moths), in singular and plural
BEASTS = frozenset(f for w in ["wolf", "bear", "boar", "stag", "elk", "troll", "ogre", "goblin", "ghoul", "wraith", "ghost", "spectre", "specter", "hag", "serpent", "wyrm", "dragon", "giant", "hound", "werewolf", "vampire", "zombie", "skeleton", "lich", "demon", "devil", "imp", "owlbear", "wyvern", "basilisk", "cockatrice", "manticore", "chimera", "griffin", "gryphon", "harpy", "banshee", "revenant", "draugr", "barghest", "boggart", "bugbear", "kobold", "orc", "gnoll", "wight", "mummy", "golem", "gargoyle", "treant", "kelpie", "selkie", "siren", "leviathan", "kraken", "lion", "tiger", "panther", "leopard", "lynx", "crocodile", "alligator", "shark", "ape", "gorilla", "minotaur", "centaur", "cyclops", "hydra", "basilisk", "ettin", "ogress", "troglodyte", "ghast", "shade", "shambler", "abomination"] for f in (w, w + "s", w.replace("wolf", "wolves"),
                                           w + "es"))
_REMAINS = word_set("""skull skulls bones bone antlers antler hide pelt horn horns tusk tusks
carcass corpse skin fur feather feathers""")
_NOT_THERE = re.compile(r"\b(?:like|as|of|than|carved|painted|shaped|dead)\s+(?:a|an|the|some)?\s*$",
                        re.IGNORECASE)


def _beasts(words: Sequence[Word]) -> list[str]:
    """Beasts named in the sentence as present ("the ghoul's teeth", "a serpent slides"), not
    in a likeness ("like a wolf", "a carving of a bear")."""
    found = []
    for i, word in enumerate(words):
        low = word.low.removesuffix("'s")
        remains = word.low.endswith("'s") and i + 1 < len(words) and (
            words[i + 1].low in _REMAINS or words[i + 1].text[:1].isupper())  # "Devil's Bargain"
        if low in BEASTS and not remains and not _NOT_THERE.search(
                " ".join(w.low for w in words[max(0, i - 3):i]) + " "):
            found.append(low)
    return found


def foe(sentence: str, words: Sequence[Word], before: Sequence[Word],
        context: NarrationContext, cast: Cast) -> str | None:
    """A foe other than the one the story named."""
    if not context.monster.strip():
        return None
    heads = [head_word(words, index_at(words, m.start())) for m in ATTACK.finditer(sentence)]
    heads += [w for m in ATTACK.finditer(sentence)
              for w in _clause(words, index_at(words, m.start())) if w in _CREATURES]
    heads += [m.group(1).lower() for m in FIGHT_OBJECT.finditer(sentence)]
    heads += _beasts(words)
    capital = {w.low for w in words if w.text[:1].isupper() and not w.first}
    for head in heads:
        if head in cast.known or head in cast.characters or not head:
            continue
        if head in _CREATURES or (head in capital and head not in _CAPITALS):
            return (f"it makes the foe {head!r}, but the story's foe is "
                    f"{context.monster.strip()[:60]!r}")
    return None
