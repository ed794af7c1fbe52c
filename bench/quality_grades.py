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
    'tr01': ('17a87036', 2, 'generic filler',
             '"Easily, this once" while paying Ruin; the well-rope never appears; "Odile felt it answer" is a feeling decided'),
    'tr02': ('942fe38a', 3, 'broken grammar',
             'a good empty hour ("a stream that runs the right way for once"), but "It should not get used to it" has no one to refer to'),
    'tr03': ('b597fa20', 3, 'against the attempt',
             'slipping past a hound costs "a pouch is lighter"; the rest is abstract'),
    'tr04': ('d51a61a5', 3, 'generic filler',
             '"The sound of the moss-choked cloister drops away" pastes the place name into a stock frame; the door itself is never seen'),
    'tr05': ('bd409410', 3, 'generic filler',
             'serviceable fight; the Choir of Teeth (a knot of singing mouths) is voiced as any beast knocking a light aside'),
    'tr06': ('8ff8ee2a', 2, 'against the attempt',
             'wading across: "It holds, and the hands smell of rust" fits a rope or a latch, not water'),
    'tr07': ('654c3bd2', 2, 'against the attempt',
             'lighting a candle stub is voiced as "The latch lifts"; the bargain is a pasted quote'),
    'tr08': ('4e98d619', 3, 'generic filler',
             '"The light dims to a coal" is a fair cost; "It will do. It will have to." is filler'),
    'tr09': ('8cb8f6a9', 3, 'others in solo',
             '"turns to meet them" when Odile is alone; the rest is stock fight colour'),
    'tr10': ('601c7142', 4, '',
             'concrete and strange: a freshly bloody altar and its priest turning; one short line of menace'),
    'tr11': ('56023622', 2, 'against the attempt',
             '"It works. Something else does too." then "The door opens onto a second door" for slipping past a hound'),
    'tr12': ('7ce88410', 3, 'generic filler',
             'a strap snaps on a ring theft; the helper Bertil is not there at all'),
    'tr13': ('d7466654', 2, 'repetition',
             "its first two sentences are tr09's word for word, four rolls later"),
    'tr14': ('0ec02f56', 2, 'repetition',
             '"It works. Something else does too. The door opens onto a second door." again, three rolls after tr11'),
    'tr15': ('70adabed', 3, 'generic filler',
             '"the looking goes on after the eyes have shut" is good; the door in the wall is never described'),
    'tr16': ('f52ffafc', 3, 'generic filler',
             "clean, true to the dice; nothing of the kitchen or of the Choir's mouths"),
    'tr17': ('d11a0568', 3, 'against the attempt',
             '"The tool snaps" for coaxing a rope; the taste of smoke with no fire is good'),
    'tr18': ('3d83a287', 2, 'generic filler',
             'the stake (the silver ladle) is never named; "Water drips... A moth circles... It will do." fills'),
    'tr19': ('e7274ed7', 2, 'against the attempt',
             'slipping past a hound voiced as reaching for a thing the kitchen pulls away; the place name twice'),
    'tr20': ('41491867', 3, 'repetition',
             '"The weapon\'s grip is slick now" again; "leaves a smear on everything it touches" is good'),
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
    'dt07': ('d41d055e', 1, 'contradiction',
             'a successful Hide voiced as "Boots slap stone; the distance closes": a chase, and nothing else'),
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
    'tt01': ('9f0fbb0f', 2, 'raw line',
             '"The hit carries it, 8 against 8": a label used as a noun; the tie and the clerk are missing'),
    'tt02': ('41f94745', 3, 'generic filler',
             '"it stays in the Tin Magistrate\'s memory. It will ache by evening." serviceable'),
    'tt03': ('6b749aa5', 2, 'broken grammar',
             '"8 more was 1 too many"; "is still breathing, and out of this" for a tin judge; whose stiffness?'),
    'tt04': ('4b42c96a', 3, 'settled line',
             '"The scenario has a new shape now": a rules word in the prose'),
    'tt05': ('80ac627b', 1, 'raw line',
             '"Recover: settled." then a branch and a path in a clocktower; nobody recovers anything'),
    'tt06': ('365aa306', 2, 'broken grammar',
             '"The inflict carries it, 5 against 5"; a blow\'s words for climbing a clock'),
    'tt07': ('c4304c0b', 3, 'generic filler',
             '"The Tin Magistrate gasps, and the gasp is audible" is fair; the rest counts'),
    'tt08': ('403c5b1d', 3, 'generic filler',
             '"There is a little less of everything": serviceable, forgettable'),
    'tt09': ('6e77d1da', 3, 'broken grammar',
             '"legs stop agreeing to the plan" is good; "8 more was 7 too many" is not English'),
    'tt10': ('ad7a9d54', 1, 'raw line',
             '"Recover: settled." then leaves turning in the wind inside a clocktower'),
    'tt11': ('136592a9', 2, 'broken grammar',
             '"The argue carries it"; the gatekeeper is never talked round, or seen'),
    'tt12': ('91c386b9', 2, 'repetition',
             '"The blow finds the Tin Magistrate between one breath and the next" again (tt08)'),
    'tt13': ('96067c20', 2, 'repetition',
             '"The count of what is left gets shorter" again (tt07)'),
    'tt14': ('d8a917da', 3, 'generic filler',
             '"A stagger, a catch, a step to recover." fine; "The scene goes on, harder" is filler'),
    'tt15': ('8e0cb27b', 1, 'raw line',
             '"Recover: settled." and the crow laughs again'),
    'tt16': ('c1c7daf2', 2, 'repetition',
             '"The sound of it carries to the back of the room" again (tt01), in a marsh'),
    'tt17': ('56012dfe', 2, 'scenery against place',
             '"The room goes on" in the glass marsh; "rocks onto the back foot" again'),
    'tt18': ('d8398291', 3, 'broken grammar',
             '"folds around it all the same" is good; "1 more was 1 too many"'),
    'tt19': ('60a95c4f', 2, 'repetition',
             '"The hit rocks the Tin Magistrate onto the back foot" for the third time'),
    'tt20': ('8f4f8e6f', 1, 'raw line',
             '"Recover: settled." and "Somewhere a crow laughs" a fourth time'),
    'in01': ('da2671e6', 3, 'scenery against place',
             '"A tool snaps" fits the crowbar; "The sap on the bark" in an ossuary does not'),
    'in02': ('3d8d9126', 4, '',
             "a stranger's bundle that must leave the mere in her pack; a bell that cannot be un-rung"),
    'in03': ('1cd41024', 4, '',
             'three usable Conditions, one strange ("A ghost rides along behind the eyes")'),
    'in04': ('9130eefd', 4, '',
             "a drowned miller's ghost demanding his gold, in a salt mine: strange enough to use"),
    'in05': ('7db5e1bb', 2, 'scenery against place',
             '"One detail does not fit the rest" twice; a rock face in a burned chapel; the lintel is never read'),
    'in06': ('3e8dc73a', 3, 'generic filler',
             'the fox\'s cry like a woman\'s is good; "To read into it: something here has been here before" is a frame'),
    'in07': ('eed9775c', 3, 'generic filler',
             '"moves in jerks, like something remembering how to walk" is good; the cellar of jars is absent'),
    'in08': ('4e8a25c1', 3, 'decides for the character',
             'good unease, but "Odile turns away" decides what she does'),
    'in09': ('8468f4c7', 3, 'decides for the character',
             '"Odile breathes easier. It does not feel like relief." decides how she feels'),
    'in10': ('c7832973', 4, '',
             'hands the lost character to the player plainly; the orchard going still "before a verdict"'),
    'in11': ('48ebe7e1', 2, 'against the attempt',
             'stealing a seal voiced as "The door opens onto a second door. That will need fixing later."'),
    'in12': ('6d9b3515', 3, 'generic filler',
             'three fair complications; none of them is about masks or being seen'),
    'in13': ('17f9f90a', 3, 'generic filler',
             'a soaked map, a dimmed memory, a rope left behind: usable, bland'),
    'in14': ('5af4dfde', 2, 'scenery against place',
             "a barrow and a pool with coins in a shepherd's hut; who lit the fire is never touched"),
    'in15': ('5346f064', 2, 'broken grammar',
             '"The crows follow ... It has not noticed Odile": plural then it'),
    'in16': ('221ec17d', 3, 'repetition',
             '"A ghost rides along behind the eyes" again (in03)'),
    'in17': ('e902b19a', 2, 'scenery against place',
             '"a branch snaps" in a cistern; climbing down a chain voiced as reaching for a thing'),
    'in18': ('bd09bfde', 4, '',
             '"The ground is warm for a moment, like the flank of a sleeping animal": concrete, fits the kennels'),
    'in19': ('e3aac608', 2, 'others in solo',
             '"turns to meet them"; "The monster" unnamed; nothing of the wasp-paper tower'),
    'in20': ('86a9518a', 3, 'generic filler',
             '"sets it down, the way one sets down something too heavy" is fair; the bell is not heard'),
    'as01': ('46d75314', 3, 'generic filler',
             'the answer shouted in capitals; the stream by the bridge is apt'),
    'as02': ('96a3628c', 3, 'generic filler',
             '"there is no arguing with it"; the hair rising is unrelated to an honest hermit'),
    'as03': ('6c64552d', 2, 'contradiction',
             '"Is anyone home? YES, AND. And whoever else wanted it is not here to want it." does not follow'),
    'as04': ('37b9753f', 3, 'generic filler',
             '"It holds true, for now"; the crow is fine'),
    'as05': ('41b80549', 2, 'raw line',
             '"It holds true, for now" again; a twist given as bare words: "Read it as entice and altar"'),
    'as06': ('6717b45a', 3, 'repetition',
             '"there is no arguing with it" again; the raven\'s count is good'),
    'as07': ('d5714679', 2, 'contradiction',
             '"NO, AND. And something goes with it, for good." means nothing for "has it heard us?"'),
    'as08': ('c5de196b', 2, 'repetition',
             'the as03 sentence again, as meaningless about a well; smoke from an unmentioned fire'),
    'as09': ('04bd550a', 2, 'contradiction',
             '"But getting there makes noise" answers no question about goblins being awake'),
    'as10': ('74bb0763', 3, 'generic filler',
             '"it was never hidden; it only needed asking" suits a trap; the rest is a frame'),
    'as11': ('b6ce5b3b', 3, 'generic filler',
             '"a clue about why is left behind" fits; a beetle on an unmentioned treasure'),
    'as12': ('38d7e540', 2, 'repetition',
             "as10's sentence again, and a spark from a fire nobody lit"),
    'as13': ('bc8a3f1f', 2, 'contradiction',
             '"Is the ale poisoned? NO, BUT. But something nearly as good is close by." nearly as good as poison'),
    'as14': ('89388331', 2, 'repetition',
             '"The fire spits a single green spark" again (as12)'),
    'as15': ('75b57314', 1, 'wrong genre',
             '"nearly as good" again for a broken promise, and a bone in the leaves: the forest in Triptycho'),
    'as16': ('6d800c0b', 3, 'scenery against place',
             '"no house for miles" while asking about a clock'),
    'as17': ('0f1f80dc', 2, 'wrong genre',
             '"another way shows itself" fits; "the walls of the ruin" is Trophy\'s ruin in a glass marsh'),
    'as18': ('979786fe', 2, 'raw line',
             '"getting there makes noise" for being seen; twist as bare words "gather and stone"'),
    'as19': ('dc0b224c', 2, 'wrong genre',
             '"the whole forest seems to lean in" in a clockwork city'),
    'as20': ('93179156', 3, 'generic filler',
             '"only part of it is any use" fits loosely; the owl answered by something larger is good'),
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
    defects = Counter(d for _, g, d, _ in rows if g is not None and d)
    lines += ["", "## Classes of defect (samples graded below 4 carrying each)", "",
              "| defect | samples | what it is |", "|---|---|---|"]
    for defect, count in defects.most_common():
        lines.append(f"| {defect} | {count} | {DEFECTS.get(defect, '')} |")
    worst = sorted((r for r in rows if r[1] is not None), key=lambda r: (r[1], r[0].id))[:10]
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
