"""The grades given by hand to ``bench/quality.py``'s samples, and their rendering.

Each sample is read as a demanding player would and graded 1 to 5: 5 concrete, strange, short,
true to the dice and the place, in its system's genre; 3 serviceable but generic somewhere; 1
broken (a key dump, a raw line, a refusal, nonsense). A grade is kept with the first eight hex
digits of the SHA-1 of the text it was given to: when the text changes, the sample shows as
ungraded rather than carrying a stale grade. ``DEFECT`` names the class of what is wrong.
"""

from __future__ import annotations

import hashlib
import statistics
from collections import Counter
from typing import Any

# id -> (text hash, grade, defect class or "", one-line reason)
GRADES: dict[str, tuple[str, int, str, str]] = {
    'tr01': ('b18ce5e5', 2, 'against the attempt',
             'a silent well-rope raised with "The right word, at the right moment": a persuasion frame for a rope'),
    'tr02': ('1bc8e86a', 4, '',
             '"the pebbles are only pebbles": an empty search made concrete and uneasy, in few words'),
    'tr03': ('670bc385', 4, '',
             '"a scrap of cloth stays behind on a nail": a concrete cost of sneaking; the trace line restates it'),
    'tr04': ('7a875721', 4, '',
             'a latch lifting, "It has Odile\'s handwriting on it", a hum that stays: strange and short'),
    'tr05': ('37b62987', 3, 'repetition',
             '"The weapon\'s grip is slick now" again; the Choir (a knot of singing mouths) circles like any beast'),
    'tr06': ('dd2f89a1', 3, 'generic filler',
             'wading "done on hands and knees" is half-apt; "For a moment, nothing else happens" is filler'),
    'tr07': ('362cd06a', 3, 'generic filler',
             'opens on a bare quote with no one named; "the work knows them" says nothing of a damp candle; the bargain is voiced'),
    'tr08': ('062a46ce', 4, '',
             '"It comes free, and so does a shower of rot from above": a seal broken at a concrete cost'),
    'tr09': ('84033e7f', 3, 'generic filler',
             '"leaves a smear on everything it touches" is good; "water starts dripping faster" is stock'),
    'tr10': ('01c6253a', 2, 'scenery against place',
             'an avalanche of logs down a gully on a sunken stair'),
    'tr11': ('377bc3e1', 4, '',
             '"Unnoticed, and the only way on is the narrow one": a fitting cost; the push offer is plain'),
    'tr12': ('a71688c3', 2, 'against the attempt',
             'a ring prised off a finger is "Open, and the smell of what was shut in comes out"; the helper Bertil is absent'),
    'tr13': ('f4eb2d91', 4, '',
             '"breathes out a smell of pennies and old flowers": strange and concrete; true to the dice'),
    'tr14': ('9e1873af', 4, '',
             '"the cold of it has gone deep into the legs": true to wading and to the cost'),
    'tr15': ('8ce144a2', 4, '',
             'a smell of cold pennies, "the sort of thing that waits for sleep", a pulse that slows: unsettling, and it does not take her'),
    'tr16': ('316579ae', 3, 'generic filler',
             'a knot of mouths that "stamps once" is any beast; clean and true otherwise'),
    'tr17': ('d9ebef3d', 2, 'against the attempt',
             'raising a rope silently fails as "The trick is seen through", a deception frame'),
    'tr18': ('41701b0e', 4, '',
             'the stake is named and the struggle is concrete ("A tug, a slip, a grunt"); who won is plain'),
    'tr19': ('39ab10dd', 4, '',
             '"A loose tile rocks, and the sound goes everywhere": a concrete failure in a kitchen'),
    'tr20': ('6bc3ce21', 2, 'generic filler',
             'the Choir "holds its ground" then "backs off three steps" in the next sentence; a knot of mouths in the walls walks like a man'),
    'dt01': ('46170473', 5, '',
             '"pins a goblin sentry\'s sleeve to the doorframe, and the arm in it": concrete, grim, in genre, true to the hit'),
    'dt02': ('33add297', 3, 'generic filler',
             'the goblin chalk marks are never seen; "as if the dungeon had rehearsed it" is stock'),
    'dt03': ('fd11b337', 4, '',
             'a strike from the off side before the sentry turns; "A good sound, in a place that has few" is apt'),
    'dt04': ('bff6eeda', 4, '',
             '"Every hair ... stands up a moment before the spell remembers it is dangerous": a miscast felt; "It will cost more" is filler'),
    'dt05': ('28a41d19', 3, 'generic filler',
             'a falling block clips the shoulder, but the tilting floor of the save is never seen'),
    'dt06': ('c014edbb', 3, 'generic filler',
             'a slick floor for a missed thrust is fair; "The dungeon remembers mistakes" is filler'),
    'dt07': ('12a91b15', 4, '',
             'a successful hide in its own words: the sound swallowed, the cold off the floor, who does not see her'),
    'dt08': ('4313987e', 2, 'against the attempt',
             'a sword pried from a rack told as "The lid lifts"; old candles in a drowned armoury'),
    'dt09': ('e6ed1a39', 4, '',
             '"bites into a goblin sentry\'s thigh and comes out red": a plain hit, in genre; the second sentence is filler'),
    'dt10': ('07919397', 4, '',
             '"the magic comes out wrong, turning in the air like a thrown knife": a miscast seen'),
    'dt11': ('8c53d76f', 3, 'generic filler',
             'the squeeze through the drain is never seen; "hands know the work" again'),
    'dt12': ('78413360', 3, 'generic filler',
             'the bell rung underwater is strange and fits; the fumble itself is abstract'),
    'dt13': ('81b2b1b8', 4, '',
             '"The bleeding slows to a seep": short and true to a held death save'),
    'dt14': ('b2c4b4c9', 3, 'repetition',
             '"The dungeon is patient" again (dt13) and the fishy lamp oil again; skin like candle wax is good'),
    'dt15': ('e4025813', 4, '',
             '"A hollow knock behind the third stone": the find, concrete and short'),
    'dt16': ('92b59800', 3, 'generic filler',
             'a critical hit of 12 on the wyrm with neither spear nor wyrm seen; sweating walls and a satisfied stone'),
    'dt17': ('2dcdf737', 3, 'generic filler',
             'frost that "then fades" undersells a spell of power 10; the storm that will not come is stock'),
    'dt18': ('cf7007fe', 2, 'against the attempt',
             'keeping one\'s footing on a tilting floor told as "The poison finds nothing to hold on to"'),
    'dt19': ('68b1f103', 3, 'generic filler',
             'the dungeon named twice and "briefly embarrassed"; the wyrm and the spear unseen'),
    'dt20': ('51af090a', 4, '',
             '"Hesk\'s hand slides off the chest and lies on the stone": a failing save seen, quietly'),
    'tt01': ('ed7793ee', 3, 'settled line',
             'the lantern is never knocked away; "The action (hit) carries it, 8 against 8" is a label readout'),
    'tt02': ('75d056cf', 3, 'settled line',
             '"hops back, favouring one leg now" is good; the action (hit) label line again'),
    'tt03': ('06f95b4d', 4, '',
             'the Magistrate "goes over backwards, and getting up is a problem for another day": the defeated named'),
    'tt04': ('0f66bc5f', 3, 'settled line',
             'the wrist caught and the grip loosening is good; the label line again'),
    'tt05': ('0c80d502', 4, '',
             '"The ringing in the ears thins to a single far note": a recovery in one concrete line, and the numbers'),
    'tt06': ('d482da89', 3, 'settled line',
             '"A ledge, a pipe, a rivet-head" is a real climb; "The action (inflict) carries it" for a climb'),
    'tt07': ('6a797a36', 3, 'settled line',
             '"A stagger, a catch, a step to recover" names no one; the label line'),
    'tt08': ('d68d109a', 4, '',
             '"A line of red appears along the Tin Magistrate\'s jaw, neat as ink": precise and strange'),
    'tt09': ('7b782a03', 4, '',
             'the Magistrate "raises a hand, not to strike, and lets it drop": a quiet defeat, the defeated named'),
    'tt10': ('0ef0f782', 4, '',
             '"Soot is wiped from the eyes, and the room sharpens": short, concrete, in the clocktower'),
    'tt11': ('b7b3cd32', 4, '',
             '"a look at the seal, and the way is waved open": words winning, shown; the argue label remains'),
    'tt12': ('84968abc', 4, '',
             '"knee buckles and straightens again, slower": a small hit, seen'),
    'tt13': ('bde32caf', 4, '',
             '"A thumb-deep cut, low on the side, that the Tin Magistrate cannot quite reach": concrete'),
    'tt14': ('9e47215e', 3, 'settled line',
             '"between one breath and the next" for a 1-damage hit; the label line'),
    'tt15': ('2a24685d', 4, '',
             '"A clock somewhere strikes, and the ache counts along and stops early": strange and in the genre'),
    'tt16': ('566ff592', 3, 'against the attempt',
             'the lantern to knock away becomes a push at a weak foot; the label line'),
    'tt17': ('e5e94160', 3, 'settled line',
             'a guard "a moment late and a hand short" is fine; the label line again'),
    'tt18': ('9d674df8', 4, '',
             "a grey curtain over the Magistrate's eyes: the defeated named and felt"),
    'tt19': ('33e722d9', 3, 'generic filler',
             'a tin figure biting its lip; the label line'),
    'tt20': ('932d9271', 4, '',
             '"Colour comes back into the knuckles": a recovery seen, and the numbers after it'),
    'in01': ('adb27b97', 3, 'against the attempt',
             '"frost seizes the knot" for a crowbar; the lintel warning read too late and frost inside the lantern glass are good'),
    'in02': ('8bd2632a', 4, '',
             'three bargains with real prices ("the black mere learns Odile\'s scent")'),
    'in03': ('9f645c23', 4, '',
             '"Knuckles knotted like the joints of an old vine", "bleeds black first, then red": marks to wear'),
    'in04': ('9bdae6bf', 4, '',
             'hounds with lantern-lit eyes and a whistling master: an encounter with a hook'),
    'in05': ('0dc61d47', 3, 'scenery against place',
             'a bone key that turns both ways and a window onto another season are fine; village well-water in a chapel; the lintel is never read'),
    'in06': ('b2d7b7a6', 3, 'generic filler',
             'a no for the ferryman voiced with parting branches and "Nothing bears it out"; nothing of the river of lamps'),
    'in07': ('ff11645b', 3, 'generic filler',
             '"A long scratch opens in the wall beside Odile\'s head" is good; the jars never appear'),
    'in08': ('1d89ab95', 3, 'decides for the character',
             '"Odile sets it down" decides what she does with the sight; the splinter image is good'),
    'in09': ('04d2d75f', 4, '',
             '"someone curses the rope, or the weather": the betrayal goes unnoticed, told sideways'),
    'in10': ('b73663d3', 3, 'generic filler',
             '"every line filled" then "unfinished"; the choice is handed to the player plainly'),
    'in11': ('5f31de42', 3, 'repetition',
             '"Unnoticed, and the only way on is the narrow one" again, word for word (tr11)'),
    'in12': ('8d60898b', 2, 'scenery against place',
             'mud, a ridge of crows and a nest in a market of masks; nothing about masks or being seen'),
    'in13': ('04fe32e7', 3, 'generic filler',
             'a door that will not close again, a bell "loud enough to count as an invitation": usable, not about bones'),
    'in14': ('ef8fb5f3', 2, 'scenery against place',
             "a bridge underside in a shepherd's hut; none of the three details touches who lit the fire"),
    'in15': ('18c37e9a', 5, '',
             '"a tally of days, hundreds of them, the last one fresh": concrete, strange, a warning'),
    'in16': ('463d05f0', 4, '',
             '"Sinks in water like a dropped anvil", "A hum in the bones whenever gold is near": strange and short'),
    'in17': ('0242f0dd', 4, '',
             '"The hold crumbles, and the drop is short and hard": a failed climb down, plain'),
    'in18': ('fafd7290', 3, 'generic filler',
             'a far, kindly laugh and "something here is counting" say nothing of the hound'),
    'in19': ('93eb69e4', 3, 'repetition',
             '"answers a blow with a blow of its own, late and heavy" again (in07); "rings off something that should have been soft" is good'),
    'in20': ('f214dde4', 4, '',
             'a candle shorter than it should be, edges "wet, as if pulled from water": strange'),
    'as01': ('8c263c9d', 3, 'generic filler',
             'the lantern flame bending toward the woods is mood, not the bridge; "as simple as that" is filler'),
    'as02': ('40dea09d', 3, 'generic filler',
             'a bell nobody can place is mood, not the hermit'),
    'as03': ('7027bb16', 3, 'generic filler',
             'a "yes, and" read as "nothing to worry about" for anyone home is flat; the grey light is stock'),
    'as04': ('62c45d32', 3, 'generic filler',
             'stars that moved, for a door opened from this side: an image with no tie to the question'),
    'as05': ('a9b1278c', 3, 'settled line',
             'the rain yes is bare; the twist is a readout ("a character acts... The signs to read it by are")'),
    'as06': ('6b35dfa3', 3, 'generic filler',
             '"The dice feel heavier" steps out of the fiction to the table; no curse seen'),
    'as07': ('149d1ced', 3, 'generic filler',
             '"And there is trouble in the answer" is vague; the hare that does not look back is good'),
    'as08': ('25bb085c', 3, 'generic filler',
             'the coin turning cold is good, but "nothing to worry about on that score" again (as03)'),
    'as09': ('05aa6904', 3, 'generic filler',
             '"a complication nobody asked for" is vague; the rocking flagstone is fine'),
    'as10': ('ddb8107a', 3, 'repetition',
             'the tripwire bell again, word for word (as09)'),
    'as11': ('58309c95', 4, '',
             'a cold draught through a floor grate for a sleeping wyrm below: concrete, in genre'),
    'as12': ('2f1eab34', 4, '',
             '"A skull in a niche has been turned to face the corridor": a clue to another way out, strange'),
    'as13': ('fffea816', 4, '',
             '"The echo of the question comes back with one word missing": strange and short'),
    'as14': ('d6e9baa5', 3, 'generic filler',
             'sweating walls say nothing of a rope holding two'),
    'as15': ('32289426', 4, '',
             '"Ink beads on the nib of a pen nobody is holding": strange and apt for a promise'),
    'as16': ('9d0e70e3', 4, '',
             'steam let go "like a held breath" for a clock running backwards: in Triptycho\'s brass genre'),
    'as17': ('9bb0994b', 3, 'generic filler',
             '"But something close to it" is vague; a gas lamp on marsh glass'),
    'as18': ('5ce6021c', 3, 'repetition',
             'the gas lamp again (as17); the twist is bare words'),
    'as19': ('50955f11', 3, 'generic filler',
             'a coin on its edge and "something here is marked" for a follower'),
    'as20': ('7b95b7ed', 4, '',
             '"Two clocks disagree, loudly, and then agree": strange, apt for bells, a cost named'),
}

DEFECTS = {
    "settled line": "the settled line reads like a rules readout, or its mechanics leak into prose",
    "raw line": "a bare label or machine line (Recover: settled., 'The argue carries it')",
    "generic filler": "a sentence that could follow any roll anywhere",
    "wrong genre": "another system's words or scenery (forest in a clocktower, ruin in a dungeon)",
    "scenery against place": "an image that cannot happen where the scene is",
    "against the attempt": "an image for some other task than the one the player stated",
    "decides for the character": "a feeling, belief or act the dice did not settle",
    "others in solo": "other people implied where the character is alone",
    "contradiction": "the words say something the dice did not",
    "wrong entity": "the words attach the result to the wrong one",
    "broken grammar": "a sentence that does not parse, a wrong label or case",
    "empty": "nothing of the result is voiced",
    "repetition": "the same sentence or frame again within the sample",
}



# the worst first among equal grades
SEVERITY = ("contradiction", "wrong entity", "raw line", "broken grammar", "wrong genre",
            "scenery against place", "against the attempt", "decides for the character",
            "others in solo", "settled line", "empty", "repetition", "generic filler", "")

# earlier gradings of the same samples (the grades of unchanged texts carry over)
HISTORY = (
    ("01:45 UTC, main a178465: Trophy 2.65, Die Trying 2.65, Triptycho 2.15, inspire 2.95, "
    "ask 2.35; all 2.55 (worst: Triptycho's 'Recover: settled.' line, ask's but/and clauses "
    "that do not follow the question, repetition, images against the attempt)"),
    ("03:05 UTC, main 7fa5538: Trophy 2.95, Die Trying 2.80, Triptycho 2.90, inspire 3.10, "
    "ask 3.25; all 3.00 (worst: generic filler, repetition within a campaign, scenery against "
    "the place, images against the attempt, Triptycho's label line)"),
)


def text_hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


def _group(sample_id: str) -> str:
    return {"tr": "Trophy (resolve --narrate)", "dt": "Die Trying (resolve --narrate)",
            "tt": "Triptycho (resolve --narrate)", "in": "oracle inspire",
            "as": "oracle ask --narrate"}[sample_id[:2]]


def graded(samples: list[Any]) -> list[tuple[Any, int | None, str, str]]:
    """Each sample with its grade (None when ungraded or its text changed), defect, reason."""
    out: list[tuple[Any, int | None, str, str]] = []
    for sample in samples:
        entry = GRADES.get(sample.id)
        if entry is None or entry[0] != text_hash(sample.text):
            out.append((sample, None, "", "ungraded (new or changed text)"))
        else:
            out.append((sample, entry[1], entry[2], entry[3]))
    return out


def render(samples: list[Any], commit: str) -> str:
    rows = graded(samples)
    groups: dict[str, list[int]] = {}
    for sample, grade, _, _ in rows:
        groups.setdefault(_group(sample.id), [])
        if grade is not None:
            groups[_group(sample.id)].append(grade)
    lines = [f"# Writing quality, graded by hand (main at {commit})", "",
             ("Samples drawn by `bench/quality.py` (offline narrator, fixed seeds); each read in a "
             "row as a demanding player would and graded 1-5 (5: concrete, strange, short, true "
             "to the dice and the place, in the genre; 1: broken, a key dump, a raw line, generic "
             "filler). Grades live in `bench/quality_grades.py`."), "", "## Means", "",
             "| source | graded | mean |", "|---|---|---|"]
    every = [g for _, g, _, _ in rows if g is not None]
    for name, grades in groups.items():
        mean = f"{statistics.mean(grades):.2f}" if grades else "-"
        lines.append(f"| {name} | {len(grades)} of {len(rows) // len(groups)} | {mean} |")
    if every:
        lines.append(f"| all | {len(every)} | {statistics.mean(every):.2f} |")
    lines += ["", "Earlier gradings:", ""] + [f"- {line}" for line in HISTORY]
    defects = Counter(d for _, g, d, _ in rows if g is not None and d)
    lines += ["", "## Classes of defect (samples graded below 4 carrying each)", "",
              "| defect | samples | what it is |", "|---|---|---|"]
    for defect, count in defects.most_common():
        lines.append(f"| {defect} | {count} | {DEFECTS.get(defect, '')} |")
    worst = sorted((r for r in rows if r[1] is not None),
                   key=lambda r: (r[1], SEVERITY.index(r[2]) if r[2] in SEVERITY else 99))[:10]
    lines += ["", "## The ten worst", ""]
    for sample, grade, defect, reason in worst:
        lines.append(f"- **{sample.id}** ({grade}, {defect or 'no class'}): {reason}  ")
        lines.append(f"  > {sample.text[:300].replace(chr(10), ' / ')}")
    lines += ["", "## Every sample", ""]
    for sample, grade, defect, reason in rows:
        mark = "?" if grade is None else str(grade)
        lines += [(f"**{sample.id}** grade **{mark}**{f' ({defect})' if defect else ''}: "
                  f"{reason}  "), f"`{sample.given}`", "",
                  "> " + sample.text.replace("\n", "\n> "), ""]
    return "\n".join(lines)
