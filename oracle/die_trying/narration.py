"""What the narrator asks of Die Trying: its beats (a miscast, a critical, a death save), a
result's settled facts in words, and the sentence that closes each of its beats offline."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from oracle.die_trying import told
from oracle.systems.base import Settled, values_under
from oracle.systems.beats import BeatSpec, beats, closings, stating

if TYPE_CHECKING:
    from oracle.narrator.base import NarrationContext
    from oracle.systems.base import Deal

BEATS = beats(
    BeatSpec("miscast", "Die Trying: a spell miscasts; the table's row, as settled",
             ("miscasts", "miscast_death"), table_by=("miscast_kind", {"death": "miscast_death"}),
             example={"roll": "spell", "system": "die_trying", "magic": [3, 3], "instability": [],
                      "power": 6, "instability_gained": 2, "matches": 2, "miscast": True,
                      "miscast_d10": 4, "miscast_total": 5, "miscast_row": 5,
                      "miscast_kind": "dangerous_surge",
                      "miscast_effect": "The spell surges with dangerous extra power and may "
                                        "catch more creatures."}, voices_bargain=True),
    BeatSpec("critical", "Die Trying: a critical success or failure on a check (colour only)",
             ("critical_successes", "critical_failures"),
             table_by=("degree", {"critical_success": "critical_successes",
                                  "critical_failure": "critical_failures"}),
             example={"roll": "check", "system": "die_trying", "d10": 10, "modifier": 2, "dc": 5,
                      "total": 12, "degree": "critical_success", "natural": 10},
             voices_bargain=True),
    BeatSpec("death_save", "Die Trying: a death saving throw (or a stabilizing Medicine check)",
             ("death_saves_holding", "death_saves_slipping", "death_saves_stable",
              "death_saves_dead"),
             table_by=("fate", {"holding": "death_saves_holding",
                                "slipping": "death_saves_slipping",
                                "stable": "death_saves_stable", "dead": "death_saves_dead"}),
             example={"roll": "death_save", "system": "die_trying", "d10": 9, "dc": 5,
                      "degree": "success", "hp_before": -1, "hp_after": 0, "stable": False,
                      "dead": False, "fate": "holding"}),
)

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


def facts(result: Mapping[str, Any]) -> list[str]:
    """Every Die Trying flag of the settled result, in words."""
    said: list[str] = []
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
    elif result.get("dead") is False and result.get("roll") == "death_save":
        said.append("The character is not dead.")
    if result.get("stable") is True and fate != "stable":
        said.append("The character is stable: alive, unconscious.")
    return said


_HP = stating("HP {hp_before} to {hp_after}.", "hp_after", "hp_before")


def _death_save(result: Mapping[str, Any], name: str) -> str:
    """The HP a death save leaves, and a death it settles said plainly ("Pip is dead.")."""
    said = _HP(result, name)
    if result.get("dead") is True:
        who = name or "The character"
        said = f"{said} {who} is dead.".strip()
    return said


closing = closings({
    "critical": stating("{total} against DC {dc}.", "total", "dc"),
    "death_save": _death_save,
    "miscast": stating("The miscast reads {miscast_total}: {miscast_effect}", "miscast_effect"),
})
"""The settled facts that close a Die Trying beat offline."""


def _foe(context: NarrationContext) -> str:
    foe = str(context.result.get("target") or context.monster or "").strip()
    return foe or "the foe"


def _versus(result: Mapping[str, Any], against: str) -> str:
    total, dc = result.get("total"), result.get("dc")
    return f" ({total} against {against} {dc})" if total is not None and dc is not None else ""


def attack_facts(result: Mapping[str, Any], name: str, foe: str) -> str:
    """An attack roll in words: hit or miss, how well, the damage and to whom."""
    if result.get("hit"):
        how = "A critical hit" if result.get("critical_hit") else "A hit"
        damage = result.get("damage")
        dealt = f": {damage} damage to {foe}" if isinstance(damage, int) else f" on {foe}"
        return f"{how}{dealt}{_versus(result, 'AC')}."
    why = " that cannot be seen" if result.get("auto_miss") else ""
    said = f"A miss{why}: {foe} takes nothing{_versus(result, 'AC')}."
    if result.get("mishap_damage"):
        hurt = result.get("mishap_target") or name
        said += f" The bad miss costs {hurt} {result['mishap_damage']} damage."
    return said


_PASSED = {"critical_success": "succeeds remarkably", "success": "succeeds",
           "failure": "fails", "critical_failure": "fails badly"}


def check_facts(result: Mapping[str, Any], name: str, foe: str) -> str:
    """A check in words: who succeeds or fails, by how much; an attack check hits or misses."""
    degree = str(result.get("degree") or "")
    if result.get("kind") == "attack":
        hit = degree in ("success", "critical_success")
        return (f"{'A hit on' if hit else 'A miss against'} {foe}"
                f"{_versus(result, 'DC')}.")
    skill = str(result.get("skill") or "").strip().title()
    verb = _PASSED.get(degree, "rolls")
    if result.get("kind") == "save":
        save = f"the {skill} save" if skill else "the save"
        said = f"{verb} at {save}" if verb != "rolls" else f"rolls {save}"
        return f"{name} {said}{_versus(result, 'DC')}."
    if skill:
        return f"{name}'s {skill} check {verb}{_versus(result, 'DC')}."
    return f"{name} {verb}{_versus(result, 'DC')}."


def spell_facts(result: Mapping[str, Any], name: str, foe: str) -> str:
    power, after = result.get("power"), result.get("instability_after")
    gained = result.get("instability_gained")
    return (f"The spell takes hold at power {power}; instability rises by {gained}, "
            f"to {after}.") if power is not None else "The spell takes hold."


def _dodge(result: Mapping[str, Any], name: str, foe: str) -> str:
    return (f"{name} dodges: AC {result.get('ac')} to {result.get('ac_after')} until the next "
            "turn.") if result.get("ac_after") is not None else f"{name} gives ground."


_FACTS = {"attack": attack_facts, "check": check_facts, "spell": spell_facts, "dodge": _dodge}
_CARDS: dict[str, Callable[[Mapping[str, Any]], str]] = {"attack": lambda r: "dt_hits" if r.get("hit") else "dt_misses",
          "check": lambda r: ("dt_hits" if r.get("succeeded") else "dt_misses")
          if r.get("kind") == "attack" else "dt_checks",
          "spell": lambda r: "dt_spells"}


# The kinds of attempt a check's cards are keyed to, from the intent's words (first match wins:
# "pick the lock" is a lock before it is forcing anything) or else the check's skill.
ATTEMPTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(r"\b(?:" + words + r")", re.IGNORECASE)) for kind, words in (
        ("heal", (r"bandag|stitch|splint|sew (?:up|shut)|suture|tend|treat|heal|set the (?:broken|"
                 r"\w+ )?(?:arm|leg|bone)|stop the bleed|first aid|poultice|salve|dress the")),
        ("water", r"swim|wad(?:e|ing)|dive|ford\b|paddl|row\b|rowing|float|underwater"),
        ("lock", r"pick|lock|unlock|disarm|traps?\b|latch|key"),
        ("sneak", r"sneak|hid(?:e|ing)|creep|slip|tiptoe|skulk|stealth|unseen|quiet"),
        ("talk", (r"talk|persuad|convinc|bargain|haggl|barter|lie\b|lying|bluff|charm|threat|"
                 r"intimidat|plead|negotiat|beg\b|flatter|ask\b")),
        # cutting through a thing is forcing it, read before "rope" below reads it as a climb
        ("force", r"(?:cut|sever|saw|slice|hack) (?:through |down |loose )?(?:the|a|an|its|that)\b"),
        ("climb", (r"climb|scal(?:e|ing)|clamber|descend|ladder|rope|jump|leap|"
                  r"cross|balanc|ledge|vault")),
        ("force", (r"forc|break|smash|bash|pr(?:y|ise|ies)|lift|push|shov|kick|bend|heav|"
                  r"open|drag|pull|haul|wrench|batter")),
        ("search", (r"search|look|find|examin|inspect|follow|track|listen|spot|scan|peer|"
                   r"watch|hunt|sniff|check|study")),
        ("lore", (r"read|deciph|recall|identif|rememb|translat|rune|glyph|sigil|inscription|"
                 r"pray|ritual")),
    ))
_SKILLS = {"athletics": "climb", "acrobatics": "climb", "thievery": "lock", "stealth": "sneak",
           "persuasion": "talk", "deception": "talk", "intimidation": "talk", "insight": "talk",
           "perception": "search", "survival": "search", "nature": "lore", "arcana": "lore",
           "medicine": "heal",
           "occultism": "lore", "religion": "lore"}


# What a save resists, from the intent's words (else the ability it is made with).
SAVES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(r"\b(?:" + words + r")", re.IGNORECASE)) for kind, words in (
        ("mind_save", (r"fear|terror|spell|charm|will\b|mind|voice|dream|madness|whisper|"
                      r"compel|enthral|illusion|curse")),
        ("body_save", (r"poison|venom|gas|fume|sick|disease|plague|cold|heat|breath|drown|"
                      r"choke|drink|endure|thirst|hunger|rot|spore")),
        ("dodge_save", (r"foot|balance|fall|slip|tilt|dodge|blast|dart|arrow|block|trap|leap|"
                       r"jump|duck|roll|collaps|avalanche|swing|pit\b|edge|ledge")),
    ))
_SAVE_ABILITY = {"dexterity": "dodge_save", "constitution": "body_save", "strength": "body_save",
                 "wisdom": "mind_save", "charisma": "mind_save", "intelligence": "mind_save"}


def attempt(intent: str, result: Mapping[str, Any]) -> str:
    """The kind of attempt a check was: for a save, what it resists (``dodge_save``,
    ``body_save``, ``mind_save``, else ``save``); otherwise what the intent (else the skill)
    says; ``any`` when neither says."""
    if result.get("kind") == "save":
        for kind, words in SAVES:
            if words.search(intent):
                return kind
        return _SAVE_ABILITY.get(str(result.get("skill") or "").lower(), "save")
    for kind, words in ATTEMPTS:
        if words.search(intent):
            return kind
    return _SKILLS.get(str(result.get("skill") or "").lower(), "any")


def _check_cards(context: NarrationContext, deal: Deal) -> list[str]:
    """A check's card, keyed to the attempt and its degree (a save of an unknown sort: any
    save; an attempt of an unknown kind: any)."""
    result = context.result
    degree = "success" if result.get("succeeded") else "failure"
    kind = attempt(context.intent, result)
    if kind == "any":  # nothing said of the attempt: how it went, and what it left on the hands
        return [" ".join(deal("dt_any", grade=degree))]
    broader = "save" if kind.endswith("_save") else "any"
    return deal("dt_checks", grade=f"{kind}_{degree}") or \
        deal("dt_checks", grade=f"{broader}_{degree}")


_RANGED = re.compile(r"\b(?:shoot|shoots|shot|fire|fires|loose|looses|bow|crossbow|bolt|arrow|"
                     r"sling|throw|throws|hurl|hurls|toss|dart|javelin)\b", re.IGNORECASE)
def weapon_kind(intent: str) -> str:
    """``ranged`` for a shot or a throw, else ``melee`` (a blow struck in hand, as a crawl's
    fights mostly are: a bolt is told only when the attack says it was loosed)."""
    return "ranged" if _RANGED.search(intent) else "melee"


def tell(beat: str, context: NarrationContext, deal: Deal, name: str, table: str) -> str | None:
    """A Die Trying roll in the words of a dungeon crawl: a card of how it goes, then the facts
    (hit or miss, the degree, the damage and to whom). Never the result's keys."""
    result = context.result
    roll = str(result.get("roll") or "")
    if beat != "roll" and not (beat == "critical" and roll in _FACTS):
        return None
    foe = _foe(context)
    choose = _CARDS.get(roll)
    grade = "success" if result.get("succeeded") else "failure"
    own = told.CARDS.get(roll)
    blow = roll == "attack" or (roll == "check" and result.get("kind") == "attack")
    if beat == "critical" and blow and choose:  # a critical blow is told as a blow
        cards = deal(choose(result), grade=grade, kind=weapon_kind(context.intent))
    elif beat == "critical":
        cards = deal(table)
    elif roll == "check" and result.get("kind") != "attack":
        cards = _check_cards(context, deal)
    elif choose:
        cards = deal(choose(result), grade=grade, kind=weapon_kind(context.intent) if blow else None)
    elif own:
        own_table, own_grade = own(result)
        cards = deal(own_table, grade=own_grade)
    else:
        cards = [] if roll in told.FACTS else deal("dt_moves")
    said = _FACTS.get(roll) or told.FACTS.get(roll)
    facts = said(result, name, foe) if said else ""
    return " ".join([*cards, facts]).strip()


def summary(result: Mapping[str, Any]) -> list[str]:
    """Short phrases of a result's facts, never its raw keys."""
    parts: list[str] = []
    for key, words in (("total", "total"), ("degree", "degree"), ("damage", "damage"),
                       ("power", "power"), ("hp_after", "HP")):
        value = result.get(key)
        if value is not None and not isinstance(value, bool):
            parts.append(f"{words} {str(value).replace('_', ' ')}")
    return parts


def settled(result: Mapping[str, Any]) -> Settled:
    """What a Die Trying result settles: its degree, a death (a failed death save, a deadly
    miscast), an attack's hit (no attack settles the foe's fall), a dying character down, its totals."""
    verdict, hit = result.get("outcome", result.get("degree")), result.get("hit")
    if result.get("roll") == "spell" and result.get("miscast") is False and \
            not result.get("improvised"):
        verdict = "success"  # the spell takes hold; a miscast is its own story
    if result.get("roll") == "death_save":
        verdict = ""  # a death save is no attempt: its fate (dead, dying, stable) is the story
    improvised = result.get("improvised_check")
    if result.get("roll") == "improvised_spell" and result.get("miscast") is False and \
            isinstance(improvised, Mapping):
        verdict = improvised.get("degree")  # the improvised effect works as its check went
    act = ""
    if result.get("roll") == "hide":
        verdict, act = _hidden(result), "hide"
    return Settled(
        verdict=verdict if isinstance(verdict, str) else "",
        dies=result.get("dies") is True or result.get("fate") == "dead"
        or result.get("dead") is True or result.get("miscast_kind") == "death",
        lost=result.get("lost") is True,
        hit=hit if isinstance(hit, bool) else None,
        # an attack deals its damage; the foe's hit points are the Trapsetter's, so no roll
        # settles its fall (and a miss leaves it as it was)
        defeated=False if result.get("roll") == "attack" else None,
        # at 0 HP or below a character is prone and unable to act until they regain one
        down=result.get("roll") == "death_save" and result.get("dead") is not True
        and not (isinstance(result.get("hp_after"), int) and result["hp_after"] > 0),
        totals=values_under(result, ("miscast_total",)), act=act)


def _hidden(result: Mapping[str, Any]) -> str:
    """A hide roll's verdict: a success when every watcher loses the hider, a failure when
    every one sees them, none when the watchers differ."""
    watchers = [w for w in result.get("watchers") or () if isinstance(w, Mapping)]
    hidden = {w.get("hidden") is True for w in watchers}
    return "" if len(hidden) != 1 else "success" if hidden == {True} else "failure"
