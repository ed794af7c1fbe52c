"""Die Trying's quieter rolls in words: hiding and sneaking, concealment, initiative, a dash,
an improvised spell that holds, and the bookkeeping rolls (ability scores, a character, a
purchase, the price list, a mark, a d2, d3 or d100). Each says what the dice settled in plain
dungeon words; the ones that happen in the dark get a card of their own
(``offline/dt_stealth.txt``, ``offline/dt_quick.txt``) instead of another roll's colour."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Said = Callable[[Mapping[str, Any], str, str], str]


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _watchers(result: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [w for w in result.get("watchers") or [] if isinstance(w, Mapping)]


def stealth(result: Mapping[str, Any], name: str, foe: str) -> str:
    """Who the roller stays hidden from, and who sees them, with the numbers."""
    total = result.get("total")
    hidden = [w for w in _watchers(result) if w.get("hidden")]
    seen = [w for w in _watchers(result) if not w.get("hidden")]
    parts = []
    if hidden:
        parts.append(f"{name} stays out of sight of "
                     f"{_and([str(w.get('name')) for w in hidden])}")
    if seen:
        said = _and([f"{w.get('name')} (DC {w.get('dc')})" for w in seen])
        parts.append(f"{said} {'sees' if len(seen) == 1 else 'see'} {name}" if not hidden
                     else f"{said} {'does' if len(seen) == 1 else 'do'} not miss {name}")
    text = "; ".join(parts) or f"{name} moves in the dark"
    return f"{text[:1].upper() + text[1:]} ({total} on the roll)."


def stealth_grade(result: Mapping[str, Any]) -> str:
    hidden = {bool(w.get("hidden")) for w in _watchers(result)}
    return "hidden" if hidden == {True} else "seen" if hidden == {False} else "mixed"


def concealment(result: Mapping[str, Any], name: str, foe: str) -> str:
    cover = "being hidden" if result.get("hidden") else "the cover"
    if result.get("missed"):
        return (f"The blow goes wide: {cover} saves its target (a {result.get('d10')}; "
                f"{result.get('needed')} or more was needed to find it).")
    return f"{cover[:1].upper() + cover[1:]} is not enough: the blow finds its mark anyway " \
        f"(a {result.get('d10')})."


def initiative(result: Mapping[str, Any], name: str, foe: str) -> str:
    order = [str(n) for n in result.get("order") or []]
    if not order:
        return "Nobody moves first."
    tie = " (a tie, broken as the rules say)" if result.get("ties") else ""
    return f"First to move: {order[0]}" + (f"; then {_and(order[1:])}" if order[1:] else "") + \
        f"{tie}."


def dash(result: Mapping[str, Any], name: str, foe: str) -> str:
    return (f"{name} runs: speed {result.get('speed')} to {result.get('speed_after')} feet "
            "this turn.")


def improvised(result: Mapping[str, Any], name: str, foe: str) -> str:
    check = result.get("improvised_check")
    worked = isinstance(check, Mapping) and check.get("succeeded")
    how = (f"{name} shapes it ({check.get('total')} against {check.get('dc')})"
           if worked and isinstance(check, Mapping) else
           f"{name} does not shape it cleanly" + (
               f" ({check.get('total')} against {check.get('dc')})"
               if isinstance(check, Mapping) else ""))
    return (f"{how}: power {result.get('power')}; instability rises by "
            f"{result.get('instability_gained')}, to {result.get('instability_after')}.")


_ABILITIES = ("Strength", "Dexterity", "Constitution", "Intelligence", "Wisdom", "Charisma")


def ability_scores(result: Mapping[str, Any], name: str, foe: str) -> str:
    rolls = result.get("rolls") or []
    pairs = [f"{a} {r}" for a, r in zip(_ABILITIES, rolls, strict=False)]
    return ("The dice give the six scores, in order: " + ", ".join(pairs) + ".") if pairs \
        else "The dice give the six scores."


def character(result: Mapping[str, Any], name: str, foe: str) -> str:
    sheet = result.get("character")
    if not isinstance(sheet, Mapping):
        return "A new delver is written down."
    return (f"{sheet.get('name') or name} is written down: HP {sheet.get('hp')}, AC "
            f"{sheet.get('ac')}, {result.get('sp_left')} SP to spend and "
            f"{result.get('levels_unspent')} levels unspent.")


def equipment(result: Mapping[str, Any], name: str, foe: str) -> str:
    bought = [f"{p.get('name')}" + (f" x{p.get('quantity')}" if (p.get('quantity') or 1) > 1
                                    else "")
              for p in result.get("purchases") or [] if isinstance(p, Mapping)]
    what = _and(bought) if bought else "nothing"
    return (f"Bought: {what}, for {result.get('cost')} SP of {result.get('budget')}; "
            f"{result.get('sp_left')} SP left.")


def price_list(result: Mapping[str, Any], name: str, foe: str) -> str:
    items = [i for i in result.get("items") or [] if isinstance(i, Mapping)]
    prices = [int(i["price"]) for i in items if isinstance(i.get("price"), int)]
    span = f", from {min(prices)} SP to {max(prices)} SP" if prices else ""
    return f"The shop's list: {len(items)} things for sale{span}."


def mark(result: Mapping[str, Any], name: str, foe: str) -> str:
    target = str(result.get("target") or "it").replace("_", " ")
    said = f"A mark on {target}: {result.get('marks_before')} to {result.get('marks_after')}"
    if result.get("raised"):
        said += f", and it rises to level {result.get('level_after')}"
    return said + "."


def small_die(result: Mapping[str, Any], name: str, foe: str) -> str:
    return f"The {result.get('roll')} comes up {result.get('result')}."


FACTS: dict[str, Said] = {
    "hide": stealth, "sneak": stealth, "concealment": concealment, "initiative": initiative,
    "dash": dash, "improvised_spell": improvised, "ability_scores": ability_scores,
    "character": character, "equipment": equipment, "price_list": price_list, "mark": mark,
    "d2": small_die, "d3": small_die, "d100": small_die,
}
"""Roll kind -> its settled facts in words (``result, name, foe``)."""

CARDS: dict[str, Callable[[Mapping[str, Any]], tuple[str, str]]] = {
    "hide": lambda r: ("dt_stealth", stealth_grade(r)),
    "sneak": lambda r: ("dt_stealth", stealth_grade(r)),
    "concealment": lambda r: ("dt_quick", "concealed" if r.get("missed") else "found"),
    "initiative": lambda r: ("dt_quick", "initiative"),
    "dash": lambda r: ("dt_quick", "dash"),
    "improvised_spell": lambda r: ("dt_spells", "success" if isinstance(
        r.get("improvised_check"), Mapping) and r["improvised_check"].get("succeeded")
        else "failure"),
}
"""Roll kind -> the card table (and grade) that shows it; a bookkeeping roll has none."""
