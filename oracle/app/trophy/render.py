"""HTML for Trophy's screens: light and dark dice as SVG, the deciding die of a Risk Roll, the
Ruin track, the outcome bar and line, and a treasure-hunter's sheet (with its armor).

Pure functions from values to escaped HTML strings (no widgets here).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from oracle.app.render import counter, esc, tags

LIGHT = "light"
DARK = "dark"

# Pip centres on a 100x100 die face, by face value.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((50, 50),),
    2: ((28, 28), (72, 72)),
    3: ((27, 27), (50, 50), (73, 73)),
    4: ((28, 28), (72, 28), (28, 72), (72, 72)),
    5: ((27, 27), (73, 27), (50, 50), (27, 73), (73, 73)),
    6: ((28, 25), (72, 25), (28, 50), (72, 50), (28, 75), (72, 75)),
}
_COLOURS = {
    LIGHT: {"face": "#e9e1cb", "edge": "#a89c7c", "pip": "#1b1a15"},
    DARK: {"face": "#111311", "edge": "#4a4f47", "pip": "#e4dcc6"},
}
GOLD = "#cfa63d"


@dataclass(frozen=True)
class Die:
    """One die to draw: its face, light or dark, whose it is, and whether it decided the roll."""

    face: int
    kind: str = LIGHT
    caption: str = ""
    deciding: bool = False
    faded: bool = False
    hit: bool = False  # on a fighter's Weak Point (Combat Roll): ringed in red


HIT = "#d0453a"


def die_svg(die: Die, size: int = 54) -> str:
    """One die as an ``oracle-die`` element holding an SVG face, with ``data-face``."""
    colours = _COLOURS[DARK if die.kind == DARK else LIGHT]
    stroke = HIT if die.hit else GOLD if die.deciding else colours["edge"]
    width = 7 if die.deciding or die.hit else 3
    pips = "".join(
        f'<circle cx="{x}" cy="{y}" r="8.5" fill="{colours["pip"]}"/>'
        for x, y in _PIPS.get(die.face, ())
    )
    classes = ["oracle-die", "oracle-dark" if die.kind == DARK else "oracle-light"]
    if die.deciding:
        classes.append("oracle-deciding")
    if die.faded:
        classes.append("oracle-faded")
    if die.hit:
        classes.append("oracle-hit")
    label = (f"{die.kind} die showing {die.face}" + (", the one that decides" if die.deciding
                                                      else "")
             + (", on a Weak Point" if die.hit else ""))
    caption = die.caption or ("decides" if die.deciding else die.kind)
    return (
        f'<span class="{" ".join(classes)}" data-face="{die.face}" data-kind="{esc(die.kind)}" '
        f'title="{esc(label)}">'
        f'<svg width="{size}" height="{size}" viewBox="0 0 100 100" role="img" '
        f'aria-label="{esc(label)}">'
        f'<rect x="5" y="5" width="90" height="90" rx="16" fill="{colours["face"]}" '
        f'stroke="{stroke}" stroke-width="{width}"/>{pips}</svg>'
        f'<span class="cap">{esc(caption)}</span></span>'
    )


def dice_row(dice: Sequence[Die]) -> str:
    """A row of dice (the ``oracle-dice`` widget's content)."""
    if not dice:
        return ""
    return '<div class="oracle-dice-row">' + "".join(die_svg(d) for d in dice) + "</div>"


def sheet_details(character: Any) -> str:
    """What a sheet carries besides Ruin and counters: Skills, rituals, equipment, armor, Drive.

    Read by attribute (any system's character with these fields); empty ones are left out.
    """
    rows = []
    for label, attr in (("Skills", "skills"), ("Rituals", "rituals"),
                        ("Equipment", "equipment")):
        items = tuple(getattr(character, attr, ()) or ())
        if items:
            rows.append(f'<div class="oracle-sheet-{attr}">{label}: {tags(items)}</div>')
    armor = tuple(getattr(character, "armor", ()) or ())
    if armor:
        pieces = (f"{getattr(p, 'name', p)}{' (marked)' if getattr(p, 'marked', False) else ''}"
                  for p in armor)
        rows.append(f'<div class="oracle-sheet-armor">Armor: {tags(pieces)}</div>')
    drive = str(getattr(character, "drive", "") or "")
    if drive:
        rows.append(f'<div class="oracle-sheet-drive">Drive: {esc(drive)}</div>')
    return f'<div class="oracle-hint oracle-sheet-details">{"".join(rows)}</div>' if rows else ""




def deciding_index(faces: Sequence[tuple[int, str]]) -> int | None:
    """Index of the die that decides a Trophy risk roll: the highest, dark winning ties.

    SRD 1.2 reads the highest die; the Forest's Rule (text 001) gives a tie to the dark die.
    """
    best: int | None = None
    for index, (face, kind) in enumerate(faces):
        if best is None:
            best = index
            continue
        top_face, top_kind = faces[best]
        if face > top_face or (face == top_face and kind == DARK and top_kind != DARK):
            best = index
    return best


def risk_dice(light: Sequence[int], dark: Sequence[int],
              helpers: Sequence[tuple[str, int]] = ()) -> list[Die]:
    """The dice of a risk roll, the deciding one marked."""
    faces: list[tuple[int, str]] = [(f, LIGHT) for f in light]
    faces += [(f, LIGHT) for _, f in helpers]
    faces += [(f, DARK) for f in dark]
    captions = ["light"] * len(light) + [name for name, _ in helpers] + ["dark"] * len(dark)
    decider = deciding_index(faces)
    return [
        Die(face, kind, caption=captions[i], deciding=(i == decider))
        for i, (face, kind) in enumerate(faces)
    ]


def ruin_track(ruin: int, starting_ruin: int = 1, hook: bool = True) -> str:
    """Six Ruin boxes, ``ruin`` of them marked, and the number.

    ``hook``: the number carries the ``oracle-ruin`` test hook (only the active character's
    sheet does; the party list uses ``oracle-ruin-value``).
    """
    boxes = []
    for box in range(1, 7):
        classes = ["oracle-ruin-box"]
        if box <= ruin:
            classes.append("marked")
        if box <= starting_ruin:
            classes.append("start")
        if box == 6:
            classes.append("last")
        boxes.append(f'<span class="{" ".join(classes)}" title="Ruin box {box}"></span>')
    return (
        f'<div class="oracle-ruin-track" title="Ruin {ruin} of 6">{"".join(boxes)}'
        f'<span class="{"oracle-ruin" if hook else "oracle-ruin-value"}" data-ruin="{ruin}">'
        f"{ruin}</span></div>"
    )


def odds_bar(failure: float, complication: float, success: float) -> str:
    """A three-part bar: failure, complication, success."""
    parts = ((failure, "f"), (complication, "c"), (success, "s"))
    spans = "".join(
        f'<span class="{css}" style="width:{100 * share:.2f}%"></span>' for share, css in parts
    )
    return f'<div class="oracle-odds-bar">{spans}</div>'


def outcome_line(outcome: str, detail: str = "") -> str:
    words = {"success": "Success", "complication": "Success, with a complication",
             "failure": "Failure, and things get worse"}
    text = words.get(outcome, outcome) + ("." if detail else "")
    detail = detail[:1].upper() + detail[1:] + ("." if detail[-1:].isalnum() else "")
    extra = f' <span class="oracle-hint">{esc(detail)}</span>' if detail else ""
    return f'<div class="oracle-outcome {esc(outcome)}">{esc(text)}{extra}</div>'


def sheet_html(character: Mapping[str, Any] | Any, hook: bool = True,
               deciding: bool = False) -> str:
    """A character's sheet summary: name, Ruin track, tokens and Gold, Conditions."""
    get = character.get if isinstance(character, Mapping) else (
        lambda key, default=None: getattr(character, key, default))
    name = get("name", "")
    ruin = int(get("ruin", 1) or 1)
    start = int(get("starting_ruin", 1) or 1)
    parts = [f"<h3>{esc(name)}</h3>"]
    who = " · ".join(esc(x) for x in (get("occupation", ""), get("background", "")) if x)
    if who:
        parts.append(f'<div class="oracle-hint">{who}</div>')
    parts.append(ruin_track(ruin, start, hook))
    parts.append(
        '<div class="oracle-counters">'
        + counter(int(get("hunt_tokens", 0) or 0), "Hunt Tokens", "oracle-tokens")
        + counter(int(get("gold", 0) or 0), "Gold", "oracle-gold")
        + "</div>"
    )
    conditions = tuple(get("conditions", ()) or ())
    if conditions:
        parts.append(f"<div>{tags(conditions, 'cond')}</div>")
    if ruin >= 6 and deciding:  # the Combat Roll is not settled: armor may still take it
        parts.append('<div class="oracle-warning oracle-armor-pending">Ruin 6 unless armor is '
                     "marked for this roll (Combat tab).</div>")
    elif ruin >= 6:
        fate = get("fate", None)
        fate_text = getattr(fate, "value", fate)
        parts.append(
            f'<div class="oracle-lost">Lost{" (" + esc(fate_text) + ")" if fate_text else ""}'
            "</div>"
        )
    return "".join(parts)


def table_html(characters: Sequence[Any], active: str | None, gm: bool) -> str:
    """Everyone but the device's own character, after it: open on the GM's view, folded away on
    a player's (their own sheet comes first; the rest of the party is one click away)."""
    others = [ch for ch in characters if getattr(ch, "name", None) != active]
    if not others:
        return ""
    npc = ' <span class="oracle-tag">NPC</span>'
    sheets = "".join(
        f'<div class="oracle-panel oracle-table-sheet" data-name="{esc(ch.name)}">'
        f'{sheet_html(ch, hook=False)}{npc if getattr(ch, "npc", False) else ""}</div>'
        for ch in others)
    if gm:
        return f"<h3>Everyone at the table</h3>{sheets}"
    return (f"<details><summary>The rest of the party ({len(others)})</summary>{sheets}"
            "</details>")


def risk_outcome(result: Mapping[str, Any]) -> str:
    """The outcome line of a Risk Roll's result, with what it marked and cost."""
    detail = []
    before, after = result.get("ruin_before"), result.get("ruin_after")
    if result.get("ruin_marked"):
        detail.append(f"the dark die is highest and beats Ruin: Ruin {before} → {after}")
    for helper in result.get("helpers", []):
        if helper.get("ruin_marked"):
            lost = ": lost" if helper.get("lost") is True else ""
            detail.append(f"{helper.get('name')} marks Ruin helping "
                          f"({helper.get('ruin_before')} → {helper.get('ruin_after')}){lost}")
    if result.get("dies"):
        detail.append("the character dies (a Risk Roll to kill a monster)")
    if result.get("lost"):
        detail.append("the last Ruin box is marked: lost")
    bargain = result.get("bargain")
    if isinstance(bargain, Mapping) and bargain.get("text"):
        from oracle.trophy.words import accepted

        detail.append(f"the Devil's Bargain comes due: {accepted(str(bargain['text']))}")
    return outcome_line(str(result.get("outcome", "")), "; ".join(detail))
