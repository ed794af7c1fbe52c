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
    'tr01': ('c5c26d05', 3, 'generic filler',
             '"something else comes free too, somewhere" is an apt cost; "It cost a little more than it looked" is filler'),
    'tr02': ('1bc8e86a', 4, '',
             '"the pebbles are only pebbles": an empty search made concrete and uneasy, in few words'),
    'tr03': ('b597fa20', 3, 'against the attempt',
             'slipping past a hound costs "a pouch is lighter"; the rest is abstract'),
    'tr04': ('d51a61a5', 3, 'generic filler',
             '"The sound of the moss-choked cloister drops away" pastes the place name into a stock frame; the door itself is never seen'),
    'tr05': ('37b62987', 3, 'repetition',
             '"The weapon\'s grip is slick now" again; the Choir (a knot of singing mouths) circles like any beast'),
    'tr06': ('145fea19', 2, 'decides for the character',
             'the wading is never seen; "Odile will not remember, later, what they were thinking" decides her mind'),
    'tr07': ('a9f346a2', 3, 'generic filler',
             '"hands know the work" says nothing of a damp candle stub; invents an old treasure-hunter; the bargain is voiced'),
    'tr08': ('4e98d619', 3, 'generic filler',
             '"The light dims to a coal" is a fair cost; "It will do. It will have to." is filler'),
    'tr09': ('84033e7f', 3, 'generic filler',
             '"leaves a smear on everything it touches" is good; "water starts dripping faster" is stock'),
    'tr10': ('43101701', 3, 'scenery against place',
             'a tallest standing stone on a sunken stair; the encounter itself stays vague'),
    'tr11': ('56023622', 2, 'against the attempt',
             '"It works. Something else does too." then "The door opens onto a second door" for slipping past a hound'),
    'tr12': ('7ce88410', 3, 'generic filler',
             'a strap snaps on a ring theft; the helper Bertil is not there at all'),
    'tr13': ('f4eb2d91', 4, '',
             '"breathes out a smell of pennies and old flowers": strange and concrete; true to the dice'),
    'tr14': ('0ec02f56', 2, 'repetition',
             '"It works. Something else does too. The door opens onto a second door." again, three rolls after tr11'),
    'tr15': ('70adabed', 3, 'generic filler',
             '"the looking goes on after the eyes have shut" is good; the door in the wall is never described'),
    'tr16': ('316579ae', 3, 'generic filler',
             'a knot of mouths that "stamps once" is any beast; clean and true otherwise'),
    'tr17': ('d9cf1565', 2, 'scenery against place',
             '"The ledge is not where it was" in a witch\'s kitchen; "their own name" for her'),
    'tr18': ('41701b0e', 4, '',
             'the stake is named and the struggle is concrete ("A tug, a slip, a grunt"); who won is plain'),
    'tr19': ('c1e374af', 3, 'decides for the character',
             'the soft crunch underfoot fits sneaking past a hound; "Something in Odile\'s chest answers the dark"'),
    'tr20': ('111a855a', 3, 'repetition',
             '"water starts dripping faster" again (tr09); the wet-dog shake is fine'),
    'dt01': ('8602462c', 3, 'generic filler',
             'a clear hit and who took it; "Even the dark seems impressed" is filler'),
    'dt02': ('c8e62566', 2, 'repetition',
             'the chalk marks are never read; "Even the dark seems impressed" again'),
    'dt03': ('04af4ee7', 2, 'repetition',
             '"Even the dark seems impressed" for the third time in three rolls'),
    'dt04': ('420acb37', 3, 'settled line',
             'a good miscast image (hair rising before the spell remembers it is dangerous); the rules row pasted after it'),
    'dt05': ('d86a4131', 2, 'against the attempt',
             'keeping footing on a tilting floor voiced as a shrieking hinge and a river smell'),
    'dt06': ('e50b0203', 4, '',
             'a sentry turning the spear with a forearm: concrete, true, short'),
    'dt07': ('12a91b15', 4, '',
             'a successful hide in its own words: the sound swallowed, the cold off the floor, who does not see her'),
    'dt08': ('0270dc31', 3, 'generic filler',
             '"The stones here are older than the stones behind" is nice; the task itself is absent'),
    'dt09': ('1eec6250', 4, '',
             '"Plate dents inward with a sound like a kicked bucket": concrete and in the genre'),
    'dt10': ('82740ac1', 2, 'settled line',
             '"The corridor swallows the echo" again, then four lines of the rules\' miscast row'),
    'dt11': ('240289c9', 2, 'against the attempt',
             'squeezing through a drain voiced as a door opening on oiled hinges'),
    'dt12': ('278ce202', 2, 'repetition',
             '"The corridor swallows the echo" a third time; the fumble itself is abstract'),
    'dt13': ('2261dd79', 4, '',
             '"Somewhere under the blood, Hesk\'s heart keeps going, for now": true to the save, concrete'),
    'dt14': ('56714aa7', 4, '',
             'shallow breath, a floor far away, "the sun goes on shining" far above: good dying'),
    'dt15': ('d97dea0d', 4, '',
             '"The stone shifts a finger\'s width, and that was all it needed"; a rat in a crack'),
    'dt16': ('1654fc59', 2, 'generic filler',
             'a critical hit for 12 with no blow in it: "Every piece falls into place"; "The dungeon does not give many of these"'),
    'dt17': ('6a53e19e', 3, 'generic filler',
             '"takes hold" twice; the frost called down the corridor never appears'),
    'dt18': ('f0ece951', 2, 'repetition',
             '"It takes longer than it should, and it works" again (dt08)'),
    'dt19': ('1f8fe0e9', 2, 'against the attempt',
             'a critical spear thrust voiced as rusted door hinges; the dt02 frame again'),
    'dt20': ('8142fece', 2, 'repetition',
             'dt14\'s dying sentence word for word, and dt02\'s "Grit crunches under a boot"'),
    'tt01': ('53c84ec3', 2, 'raw line',
             '"The action (hit) carries it, 8 against 8": a label; the tie and the lantern are not there'),
    'tt02': ('4b846a0f', 3, 'settled line',
             'fair ache; "The action (hit) carries it" reads as a rules readout'),
    'tt03': ('37e5a39f', 3, 'generic filler',
             'the settled line is right now; "still breathing" for a tin judge, "A new stiffness settles in" on whom?'),
    'tt04': ('ec59800b', 3, 'settled line',
             '"The scenario has a new shape now": a rules word in the prose'),
    'tt05': ('0c80d502', 4, '',
             '"The ringing in the ears thins to a single far note": a recovery in one concrete line, and the numbers'),
    'tt06': ('1d8633fb', 2, 'raw line',
             '"The action (inflict) carries it" for climbing a clock\'s gears; the climb is never seen'),
    'tt07': ('e6484301', 3, 'settled line',
             '"the gasp is audible across the room" is fair; the label line again'),
    'tt08': ('403c5b1d', 3, 'generic filler',
             '"There is a little less of everything": serviceable, forgettable'),
    'tt09': ('beca9b38', 4, '',
             '"legs stop agreeing to the plan, and the ground comes up to meet them"; the settled line is now English'),
    'tt10': ('0ef0f782', 4, '',
             '"Soot is wiped from the eyes, and the room sharpens": short, concrete, in the clocktower'),
    'tt11': ('c671d708', 2, 'generic filler',
             'talking a gatekeeper round voiced as "It happens fast"; the argument and the gatekeeper are absent'),
    'tt12': ('1237dfeb', 2, 'repetition',
             '"The blow finds the Tin Magistrate between one breath and the next" again (tt08)'),
    'tt13': ('96067c20', 2, 'repetition',
             '"The count of what is left gets shorter" again (tt07)'),
    'tt14': ('77a691e2', 3, 'generic filler',
             '"A stagger, a catch, a step to recover" is fine; "The scene goes on, harder" is filler'),
    'tt15': ('2a24685d', 4, '',
             '"A clock somewhere strikes, and the ache counts along and stops early": strange and in the genre'),
    'tt16': ('cbe97c59', 2, 'repetition',
             '"The sound of it carries to the back of the room" again (tt01), in a marsh'),
    'tt17': ('fb6cb7ee', 2, 'scenery against place',
             '"The room goes on" in the glass marsh; "rocks onto the back foot" again'),
    'tt18': ('3e82d740', 4, '',
             '"folds around it all the same": a defeat that names the defeated; the settled line is plain now'),
    'tt19': ('5db3a5a8', 2, 'repetition',
             '"The hit rocks the Tin Magistrate onto the back foot" for the third time'),
    'tt20': ('932d9271', 4, '',
             '"Colour comes back into the knuckles": a recovery seen, and the numbers after it'),
    'in01': ('adb27b97', 3, 'against the attempt',
             '"frost seizes the knot" for a crowbar; the lintel warning read too late and frost inside the lantern glass are good'),
    'in02': ('894907c6', 4, '',
             'the mere learning her scent; torn cloth marking her trail: costs to weigh, concrete'),
    'in03': ('9f645c23', 4, '',
             '"Knuckles knotted like the joints of an old vine", "bleeds black first, then red": marks to wear'),
    'in04': ('fda6beae', 4, '',
             '"Wolves, six of them, silent, walking on their hind legs": strange, exact, usable'),
    'in05': ('0dc61d47', 3, 'scenery against place',
             'a bone key that turns both ways and a window onto another season are fine; village well-water in a chapel; the lintel is never read'),
    'in06': ('7c6e608c', 3, 'generic filler',
             '"The answer comes without a pause"; a pinecone at her feet on the river of lamps'),
    'in07': ('ff11645b', 3, 'generic filler',
             '"A long scratch opens in the wall beside Odile\'s head" is good; the jars never appear'),
    'in08': ('4e8a25c1', 3, 'decides for the character',
             'good unease, but "Odile turns away" decides what she does'),
    'in09': ('35ad7974', 4, '',
             'the betrayal kept the player\'s; "A notch of the dark lets go, and the air tastes thinner for it"'),
    'in10': ('c7832973', 4, '',
             'hands the lost character to the player plainly; the orchard going still "before a verdict"'),
    'in11': ('48ebe7e1', 2, 'against the attempt',
             'stealing a seal voiced as "The door opens onto a second door. That will need fixing later."'),
    'in12': ('8d60898b', 2, 'scenery against place',
             'mud, a ridge of crows and a nest in a market of masks; nothing about masks or being seen'),
    'in13': ('04fe32e7', 3, 'generic filler',
             'a door that will not close again, a bell "loud enough to count as an invitation": usable, not about bones'),
    'in14': ('5470631a', 2, 'scenery against place',
             "the underside of a bridge and a crows' tree in a shepherd's hut; who lit the fire is never touched"),
    'in15': ('f98d4e6a', 2, 'scenery against place',
             'frogs singing on a frozen millpond; "lets Odile see it": see what?'),
    'in16': ('463d05f0', 4, '',
             '"Sinks in water like a dropped anvil", "A hum in the bones whenever gold is near": strange and short'),
    'in17': ('c65dcf6a', 3, 'generic filler',
             '"The cold gets into the effort" fits a chain into a cistern; "The mistake stays where it fell" is filler'),
    'in18': ('655b76a8', 3, 'generic filler',
             'the lantern flame bending toward the woods; nothing of hounds or kennels'),
    'in19': ('93eb69e4', 3, 'repetition',
             '"answers a blow with a blow of its own, late and heavy" again (in07); "rings off something that should have been soft" is good'),
    'in20': ('86a9518a', 3, 'generic filler',
             '"sets it down, the way one sets down something too heavy" is fair; the bell is not heard'),
    'as01': ('7bdc4d76', 3, 'generic filler',
             '"Nothing about it is hidden"; the forest leaning in to listen, nothing of a bridge'),
    'as02': ('75248eec', 3, 'generic filler',
             '"There is no doubt about it"; the crow on a branch is stock'),
    'as03': ('5a13a572', 3, 'generic filler',
             '"And it opens a way forward" now follows the question; grey light across the forest'),
    'as04': ('d7d7d688', 4, '',
             '"The distant drumming skips a beat, then carries on": a plain yes with an unsettling aside'),
    'as05': ('b4bf2009', 3, 'raw line',
             '"The dice feel heavier when they are picked up again" breaks the fiction; the twist is two bare words'),
    'as06': ('18ea40fb', 3, 'generic filler',
             '"It is as simple as that"; the moon that shows itself and goes'),
    'as07': ('7eaa7c8c', 2, 'broken grammar',
             '"And the way it is not so is its own problem" does not say anything'),
    'as08': ('2770c3e0', 3, 'generic filler',
             '"it goes better than hoped" is ambiguous for a dry well; the red thread on a thorn is good'),
    'as09': ('b0c0fa2c', 4, '',
             '"But only in part" fits goblins half awake; "A cold draught comes up through the floor grate"'),
    'as10': ('fdf58add', 4, '',
             '"The echo of the question comes back with one word missing": strange and apt for a trap'),
    'as11': ('3d638af5', 4, '',
             '"there is a way around it"; a chain dragged a short way below, and stopping'),
    'as12': ('b139a1db', 2, 'repetition',
             'the echo with one word missing again, two questions after as10'),
    'as13': ('5d051986', 3, 'repetition',
             '"But it was close" for poisoned ale is wry and fits; the dragged chain again (as11)'),
    'as14': ('5c8b836a', 4, '',
             '"A drip from the ceiling lands exactly in the middle of the map": concrete, in a dungeon'),
    'as15': ('db0d263d', 4, '',
             '"But it could still change"; a bell answering across the rooftops, in the city\'s genre'),
    'as16': ('93247928', 4, '',
             '"A sheet of paper slides off a desk and lands face down": quiet and apt for a clocktower'),
    'as17': ('3ff97c09', 3, 'generic filler',
             '"But it was close" again; the coin on its edge is fine'),
    'as18': ('56856e00', 3, 'repetition',
             '"But only in part" fits; the paper sliding off a desk again (as16); the twist is bare words'),
    'as19': ('55bf36b0', 3, 'repetition',
             'the coin on its edge again (as17)'),
    'as20': ('5cf7ecc6', 3, 'repetition',
             '"But only in part" a third time; the steam from a pipe is good'),
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
