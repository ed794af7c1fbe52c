"""The referee's reading of numbers: what a narration may count, and the dice it may not tell.

Two checks:

- :func:`numbers`: a count the result settles (a system's :class:`~oracle.systems.base.Count`,
  "a total of 9") must be one it holds, and any digit must be one the result or the request
  holds;
- :func:`mechanics`: the dice and their arithmetic told in words, right or wrong: a face
  ("a natural one", "the dark five", "a six on the hunt", "your six beats everything"), a
  contest of numbers ("nine against seven", "ten beats four", "eight clears the DC of six",
  "three and two make five"), a number joined to a rules term ("four damage", "seven points",
  "AC six", "minus four hit points", "has seven left", "bites for three"). The dice are shown
  beside the narration; the prose tells what they did, never the numbers they did it with.

Everything is deterministic word work.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from oracle.narrator.base import NarrationContext
from oracle.narrator.meaning import Cast, Word
from oracle.systems.base import Count, Settled, values_under

__all__ = ["NUMBER_WORDS", "counted", "mechanics", "numbers"]

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
                "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
                "nineteen": 19, "twenty": 20, "zero": 0, "none": 0, "first": 1, "second": 2,
                "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}
_NUM = r"(\d+|" + "|".join(NUMBER_WORDS) + r")"
_TOTAL_SAID = (r"\b(?:<words>)\W+(?:(?:of|is|was|at|reaches)\W+){0,2}<n>\b|"
               r"\b(?:adds?|added|adding) up to\W+<n>\b|\b(?:comes?|came|amounts?|amounted|"
               r"sums?|summed) to\W+<n>\b")
_TOTALS = ("total", "power")
_DIGITS = re.compile(r"(?<![\w.])-?\d+\b")  # "HP -1 to 0": the sign is the number's


def _ints(value: Any) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _ints(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _ints(item)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS[word.lower()]


@functools.lru_cache(maxsize=64)
def _said(pattern: str) -> re.Pattern[str]:
    """A count's pattern with the referee's reading of a number where ``<n>`` stands."""
    return re.compile(pattern.replace("<n>", _NUM), re.IGNORECASE)


def _counts(settled: Settled, result: Mapping[str, Any]) -> Iterator[Count]:
    """The numbers the result settles that prose may state: the system's counts, then its
    totals (with the totals any result holds)."""
    yield from settled.counts
    words = "|".join(re.escape(w) for w in ("total", *settled.total_words))
    yield Count(_TOTAL_SAID.replace("<words>", words),
                settled.totals | values_under(result, _TOTALS),
                "it gives a total of {said}, but the totals are {values}")


def numbers(text: str, context: NarrationContext, settled: Settled,
            any_digit: bool = True) -> str | None:
    """A count the result settles stated with another number, or a digit it does not hold."""
    result, request = context.result, context.request
    for count in _counts(settled, result):
        if count.open_when_empty and not count.values:
            continue
        for match in _said(count.pattern).finditer(text):
            for said in (g for g in match.groups() if g):  # each number it says
                if _number(said) not in count.values:
                    return count.reason.format(said=said, values=sorted(count.values))
    allowed = set(_ints(result)) | set(_ints(request))
    for match in _DIGITS.finditer(text) if any_digit else ():
        if int(match.group()) not in allowed and abs(int(match.group())) not in allowed:
            return f"it gives the number {match.group()}, which the settled result does not hold"
    return None


# a number, spelled or in digits, as a die's face or a sum could be
_N = (r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
      r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)")
_FACE_N = r"(?:ones|twos|threes|fours|fives|sixes|sevens|eights|nines|tens)"
_WHOSE = r"(?:(?:the\s+)?(?:[\w-]+\s+){0,3}[\w-]+'s\s+|its\s+|her\s+|his\s+|their\s+|your\s+|" \
         r"my\s+|the\s+|a\s+|an\s+)"
# English words of the arithmetic of dice games, in any system
_TERMS = (r"(?:points?|pts|hp|hit\s+points?|damage|dmg|wounds?|endurance|defen[cs]e|"
          r"armou?r(?:\s+class)?|ac|dc|difficulty|ep|wp|health|modifier|bonus|penalty|successes|failures|hits)")
MECHANICS = re.compile("|".join((
    # a face: "a natural one", "a roll of two", "the dark five", "a six on the hunt"
    rf"\bnatural\s+(?:a\s+)?{_N}\b", rf"\b(?:a|the|her|his|your|their|its|my)\s+roll\s+of\s+(?:a\s+|an\s+)?{_N}\b",
    (rf"\b(?:dark|light|helper's|bone|iron|white|black|red|magic|instability)\s+{_N}s?\b"
    r"(?!\s*(?:-|paces|steps|feet|yards|miles|days|nights|hours|men|of\b))"),
    rf"\b{_N}\s+on\s+(?:the|her|his|your|their|its|my|a)\s+(?:\w+\s+)?(?:die|dice|d\d+|hunt|roll|check)\b",
    r"\bpips?\b(?=[^.]*\bdi(?:e|ce)\b)|\b(?:die|dice)\b[^.]*\bpips?\b|\b(?:single|lone)\s+pip\b",
    rf"\b(?:double|twin|two|three|four|five|a\s+pair\s+of)\s+{_FACE_N}\b",
    r"\bsnake\s+eyes\b|\bboxcars\b",
    # a number as a mark to reach or a margin: "seven or better", "two short", "misses by one",
    # "needed an eight", "against a seven," (a number that ends its phrase, not "two guards")
    rf"\b{_N}\s+or\s+(?:better|more|higher|above|less|lower|under|over)\b",
    rf"\b{_N}\s+short(?=\s+of\b|\s*[,.;:!?\u2014]|\s*$)",
    (rf"\b(?:beats?|beat|beaten|miss(?:es|ed)?|clears?|cleared|wins?|won|loses?|lost|falls?|fell|"
     rf"short|makes?|made|fails?|failed)\s+(?:[\w'-]+\s+){{0,2}}by\s+(?:a\s+|an\s+)?{_N}\b"
     r"(?!-|\s+(?:paces|steps|feet|foot|inches|yards|miles|days|nights|hours|years|heads?|"
     r"lengths?|breaths?|heartbeats?|hands?|fingers?|widths?)\b)"),
    rf"\b(?:needed|needs|need|needing)\s+(?:a|an)\s+{_N}\b(?!-)",
    # a count with nothing after it, as the rules keep it: "the Golem is down to five",
    # "it takes four, and", "a four-point blow"
    (rf"\b(?:down|up)\s+to\s+(?:its\s+|her\s+|his\s+|their\s+|your\s+|the\s+)?(?:last\s+)?{_N}"
     r"(?=\s*(?:[,.;:!?\u2014]|$)|\s+(?:and|but|now|left)\b)"),
    (rf"\b(?:takes?|took|taken|loses?|lost|deals?|dealt|suffers?|suffered)\s+(?:another\s+|a\s+further\s+)?"
     rf"{_N}(?=\s*(?:[,.;:!?\u2014]|$)|\s+(?:and|but|more)\b)"),
    rf"\b{_N}-(?:points?|damage|hp|hits?|wounds?)\b",
    (rf"\b(?:beats?|beat|beating|against|versus|vs\.?)\s+(?:a|an|the|their|its|his|her|my|your)\s+"
     rf"{_N}(?=\s*(?:[,.;:!?\u2014]|$)|\s+(?:and|but|so|yet|with|is|was)\b)"),
    # a pair of faces, or a face thrown: "a six and a six", "rolls a nine", "comes up three"
    rf"\b(?:a|an)\s+{_N}\s+and\s+(?:a|an)\s+{_N}\b(?!-)",
    rf"\b(?:rolls?|rolled|rolling|scores?|scored|throws?|threw)\s+(?:a|an)\s+{_N}\b(?!-)",
    (rf"\b(?:comes?|came|turns?|turned)\s+up\s+(?:a\s+|an\s+)?{_N}\b(?!-|\s+(?:paces|steps|"
     r"feet|yards|miles|days|nights|hours|years|times|men|of\b|in\s+(?:a|the)\b))"),
    (rf"\b(?:your|her|his|its|their|my)\s+{_N}\s+(?:beats?|wins?|won|tops?|clears?|against|"
    r"versus|is\s+(?:not\s+)?enough|falls?\s+short|holds?|takes?\s+it)\b"),
    # numbers set against numbers: "nine against seven", "ten beats four", "nine to three,"
    (rf"(?<!from )(?<!between )\b{_N}\s+(?:against|versus|vs\.?|beats|over|to|tops?|clears?)\s+{_WHOSE}?"
    rf"(?:{_TERMS}\s+(?:of\s+)?)?{_N}\b(?!\s+(?:paces|steps|feet|yards|miles|days|nights|"
    r"hours|years|times|men|of\b|in\s+(?:a|the)\b))"),
    (rf"(?:^|[,;:.]\s*)\W*{_N}\s+(?:beats|clears?|tops?|against|versus|is\s+(?:not\s+)?enough|"
    r"is\s+(?:more|less|higher|lower|greater|better|worse)\s+than|falls?\s+short|"
     r"(?:is|was)\s+(?:well\s+|just\s+|far\s+)?(?:short|shy)\s+of|"
    r"gets?\s+through|wins?\b|makes?\s+it)"),
    rf"\b{_N}\s+and\s+(?:a\s+|an\s+)?{_N}\s+(?:make|makes|made|come\s+to|comes\s+to|give|gives|is|are)\b",
    rf"\b(?:plus|minus|less|add|adds|added)\s+{_N}\b(?!\s+(?:of|more|others?)\b)",
    rf"\b{_N}\s+(?:plus|minus)\b", rf"\bmakes\s+{_N}\b(?=\s+(?:against|versus|to|and|,|:))",
    # a number joined to a rules term: "four damage", "seven points", "AC six", "DC of 6"
    rf"\b{_N}\s+(?:more\s+|extra\s+|fresh\s+|full\s+|whole\s+)?(?:{_TERMS})\b(?!-)",
    rf"\b{_N}\s+(?:points?\s+)?of\s+(?:damage|harm|hurt|hp|health|endurance)\b",
    rf"\b(?:ac|dc|hp|ep|wp|difficulty|endurance|armou?r\s+class|defen[cs]e)\s+(?:of\s+|is\s+|at\s+)?{_N}\b",
    (rf"\b(?:has|have|had|with|leaving|leaves|left\s+with)\s+(?:only\s+|just\s+)?{_N}\s+"
    r"(?:left|remaining|to\s+go)\b"),
    (rf"\b(?:bites?|bit|cuts?|hits?|strikes?|struck|deals?|dealt|does|did|lands?|wounds?|"
    rf"costs?|hurts?)\s+(?:\w+\s+)?for\s+{_N}\b(?!\s+(?:\w+\s+)?(?:days|hours|years|nights|"
    r"breaths|heartbeats|steps|paces))"),
)), re.IGNORECASE | re.MULTILINE)


# a number near a word of the rules, in either order, with no mark between them: "two fresh
# scars of Ruin", "your Ruin creeps up to five", "a power of nine", "the token count to three".
# "one" and "first" are left to MECHANICS ("one by one", "the dark die lands first").
_COUNTED = (r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
            r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|zero|second|third|fourth|fifth|"
            r"sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|ones|twos|threes|fours|fives|"
            r"sixes|sevens|eights|nines|tens)")
_RULES = (r"(?:(?-i:Ruin)|tokens?|totals?|power|damage|dmg|points?|pts|hp|hit\s+points?|dice|"
          r"(?:the|a|an|your|her|his|their|its|my|light|dark|hunt|helper's|each|every|that|this|"
          r"same|other)\s+die|d\d+|rolls?|rolled|modifier|bonus|penalty|dc|ac|armou?r\s+class|"
          r"defen[cs]e|margin|instability|endurance|ep|wp|successes|"
          r"(?-i:Hit|Inflict|Endure|Argue|Rebuttal|Action|Reaction))")
_NEAR = r"(?:\s+[\w'-]+){0,4}?\s+"  # up to four words, no mark between
TIED = re.compile(rf"\b{_COUNTED}\b{_NEAR}{_RULES}\b|\b{_RULES}{_NEAR}{_COUNTED}\b",
                  re.IGNORECASE)


def _told(said: str) -> str:
    return (f"it tells the dice in numbers ({said.strip(' ,;:.')!r}); the dice are shown beside "
            "the narration, the prose tells what they did")


def mechanics(sentence: str, words: Sequence[Word], before: Sequence[Word],
              context: NarrationContext, cast: Cast) -> str | None:
    """The dice or their arithmetic told in words, right or wrong: a face, a sum, a number
    joined to a rules term ("a natural one", "nine against seven", "four damage")."""
    found = MECHANICS.search(sentence)
    return _told(found.group()) if found else None


def counted(sentence: str, words: Sequence[Word], before: Sequence[Word],
            context: NarrationContext, cast: Cast) -> str | None:
    """A number near a word of the rules, right or wrong ("a total of 9", "Ruin sits at four",
    "two scars of Ruin", "a power of nine"): the numbers are shown beside the narration."""
    found = TIED.search(sentence)
    return _told(found.group()) if found else None
