"""Write ``oracle/narrator/words/verbs.txt`` and ``oracle/narrator/words/feelings.txt`` from
WordNet 3.0: the verbs of English by the class of their first sense, and the words of feeling.

The referee reads a sentence by classes of words, not by the phrases it has seen:

- ``verbs.txt``: every one-word verb, its class (WordNet's lexicographer file of its most
  frequent sense: ``emotion``, ``motion``, ``communication``, ``cognition``, ``contact``, ...)
  and its irregular forms ("bind bound"); a name the story lacks followed by any verb is a
  person acting ("Jory binds it tight"), whatever the verb.
- ``feelings.txt``: the words of an inner state, each with its part of speech (``n``, ``v``,
  ``a``): nouns whose first sense is a feeling (``noun.feeling``), verbs whose first sense is
  an emotion (``verb.emotion``), and adjectives whose first sense is a feeling: derived from
  a feeling or an emotion, or glossed as feeling or experiencing one ("ashamed": feeling shame
  or guilt). A word whose first sense is something else ("cold", "still", "warm") is left out.

Run (Debian's ``wordnet-base`` holds the database): ``python scripts/wordnet_lexicons.py
[/usr/share/wordnet]``. The output is committed; nothing reads WordNet at run time.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORDS = ROOT / "oracle" / "narrator" / "words"
sys.path.insert(0, str(ROOT / "scripts"))

from beings_lexicon import HEADER as _BEINGS_HEADER  # noqa: E402  (the same licence text)

# WordNet's lexicographer files of verbs (lexnames)
VERB_FILES = {29: "body", 30: "change", 31: "cognition", 32: "communication", 33: "competition",
              34: "consumption", 35: "contact", 36: "creation", 37: "emotion", 38: "motion",
              39: "perception", 40: "possession", 41: "social", 42: "stative", 43: "weather"}
NOUN_FEELING = 12
VERB_EMOTION = 37
# an adjective glossed as a feeling had ("feeling shame or guilt", "filled with fear")
FELT_GLOSS = re.compile(r"^(?:\(\w[^)]*\) )?(?:feeling|experiencing|filled with|full of|"
                        r"overcome (?:with|by)|affected with|having or showing|showing) "
                        r"(?:or (?:\w+ing) )?(?:great |deep |strong |intense |extreme |"
                        r"or \w+ )?(\w+)")
# words of feeling WordNet files first under a feeling but a story uses for a thing or a sense
NOT_FEELINGS = frozenset("""heat cold warmth chill fire glow thrill tickle shiver shudder
twinge pang ache pain sting burn itch hunger thirst appetite lust desire will wish want need
interest concern care regard attention humor humour mood temper spirit spirits heart cheer
calm coolness cool quiet stillness peace rest comfort ease easy still fine bright dark blue
black low high sick faint weak sore tired numb cross sharp warm hot cold lost sorry set
sure certain ready sober steady good bad well ill even flat dull dry wet hollow empty full
heavy light tender raw grave stab quiver tingle daze stupor pall surrender lightness leaning
favour favor affect presage closeness belonging elan sincerity seriousness intertrigo lividity
faintness easiness throes undertow hackles gloat sulk fidget ego caprice penance like feel rag
badger bug buffalo floor gravel zap brace lighten elicit invite evoke harbor gentle nerve sex
trance disorder cow bask drool emote stew keen bridle hamstring ferment steel long yen joy
saint wow tease dun nark devil chevy chivy chevvy chivvy cark whelm please swollen fiery animal
together secure poor funny foul perceptive godly itchy prickly bristly impressive interested
casual hokey kitschy skanky yucky racy sexy pleasant unpleasant painful terrible horrendous
humble recapture untune tribulate sorrow pride""".split())
HEADER = _BEINGS_HEADER.replace(
    "# Nouns whose first sense is a living being, and their classes (scripts/beings_lexicon.py).",
    "# {what} (scripts/wordnet_lexicons.py).")


def _lines(folder: Path, name: str) -> list[str]:
    return [line for line in (folder / name).read_text("latin-1").splitlines()
            if not line.startswith("  ")]


def _index(folder: Path, pos: str) -> dict[str, list[str]]:
    """lemma -> its synset offsets, the most frequent sense first."""
    out = {}
    for line in _lines(folder, f"index.{pos}"):
        fields = line.split()
        out[fields[0]] = fields[-int(fields[2]):]
    return out


def _data(folder: Path, pos: str) -> dict[str, tuple[int, list[tuple[str, str]], str]]:
    """offset -> (lexicographer file, [(pointer, target offset + pos)], gloss)."""
    out = {}
    for line in _lines(folder, f"data.{pos}"):
        head, _, gloss = line.partition("|")
        fields = head.split()
        count = int(fields[3], 16)
        i = 4 + 2 * count
        pointers = []
        for _ in range(int(fields[i])):
            pointers.append((fields[i + 1], fields[i + 2] + fields[i + 3]))
            i += 4
        out[fields[0]] = (int(fields[1]), pointers, gloss.strip())
    return out


def _single(lemma: str) -> bool:
    return lemma.replace("-", "").isalpha() and len(lemma) >= 2


def verbs(folder: Path) -> dict[str, tuple[str, list[str]]]:
    """lemma -> (class of its first sense, irregular forms)."""
    data = _data(folder, "verb")
    found = {lemma: (VERB_FILES.get(data[offsets[0]][0], "other"), [])
             for lemma, offsets in _index(folder, "verb").items() if _single(lemma)}
    for line in (folder / "verb.exc").read_text("latin-1").splitlines():
        form, lemma = line.split()[:2]
        if lemma in found and form.isalpha() and form not in found[lemma][1]:
            found[lemma][1].append(form)
    return found


def feelings(folder: Path) -> dict[str, str]:
    """word -> its part of speech (n, v, a): the words whose first sense is a feeling."""
    nouns, verb_data, adjs = (_data(folder, p) for p in ("noun", "verb", "adj"))
    felt_nouns = {o for o, (lex, _, _) in nouns.items() if lex == NOUN_FEELING}
    felt_verbs = {o for o, (lex, _, _) in verb_data.items() if lex == VERB_EMOTION}
    found: dict[str, str] = {}
    for lemma, offsets in _index(folder, "noun").items():
        if _single(lemma) and offsets[0] in felt_nouns:
            found[lemma] = "n"
    for lemma, offsets in _index(folder, "verb").items():
        if _single(lemma) and offsets[0] in felt_verbs:
            found[lemma] = "v"
    felt = {o + "n" for o in felt_nouns} | {o + "v" for o in felt_verbs}
    feeling_words = set(found)
    for lemma, offsets in _index(folder, "adj").items():
        if not _single(lemma) or lemma in found:
            continue
        _, pointers, gloss = adjs[offsets[0]]
        named = FELT_GLOSS.match(gloss)
        if any(target in felt for symbol, target in pointers if symbol in ("+", "=", "\\")) or \
                (named and (named.group(1) in feeling_words or named.group(1).rstrip("s") in
                            feeling_words)):
            found[lemma] = "a"
    return {w: p for w, p in found.items() if w not in NOT_FEELINGS}


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/wordnet")
    WORDS.mkdir(parents=True, exist_ok=True)
    verb_list = verbs(folder)
    lines = [" ".join([lemma, cls, *forms]) for lemma, (cls, forms) in sorted(verb_list.items())]
    head = HEADER.format(what="Verbs by the class of their first sense, then irregular forms")
    (WORDS / "verbs.txt").write_text(head + "\n".join(lines) + "\n", "utf-8")
    felt = feelings(folder)
    head = HEADER.format(what="Words whose first sense is a feeling, with n, v or a")
    (WORDS / "feelings.txt").write_text(
        head + "\n".join(f"{w} {p}" for w, p in sorted(felt.items())) + "\n", "utf-8")
    print(f"wrote {len(lines)} verbs and {len(felt)} words of feeling to {WORDS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
