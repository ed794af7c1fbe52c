"""The Incursion tab: sets and their goals, days in the forest, a monster's Gold, treasures,
and town (armor cleared, Gold spent). Set goals can also be bought with 3 pooled Hunt Tokens in
the Hunt tab (leave the goal empty: the current set's goal)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from oracle.app import controls as c
from oracle.app.render import esc
from oracle.app.session import Session
from oracle.app.shell_api import Shell
from oracle.app.trophy.incursion_moves import IncursionMoves, parse_sets, summary
from oracle.app.trophy.moves import trophy_moves
from oracle.trophy.bestiary import monster_in_sentence
from oracle.wording import at_start


class IncursionView:
    """Start an incursion, follow its sets, collect and spend Gold."""

    def __init__(self, session: Session, shell: Shell) -> None:
        self.session = session
        self.moves = trophy_moves(session)
        self.incursion = IncursionMoves(self.moves)
        self.shell = shell
        self._status = c.html("", "oracle-incursion")
        self._homecoming = c.html("", "oracle-homecoming oracle-panel")  # the last one's end
        self._generate = c.button("Generate an incursion", css="oracle-incursion-generate",
                                  style="primary")
        self._title = c.text("Or name your own incursion", css="oracle-incursion-title")
        self._sets = c.area("Its sets, one a line: The ford: cross before dusk", rows=3,
                            css="oracle-incursion-sets")
        self._start = c.button("Begin this incursion", css="oracle-incursion-start")
        self._reached = c.button("Set goal reached in play", css="oracle-goal-reached")
        self._day = c.button("A day passes", css="oracle-day")
        self._collectors = widgets.SelectMultiple(options=[], rows=3, description="Collectors",
                                                  style={"description_width": "initial"})
        self._collectors.add_class("oracle-collectors")
        self._collect = c.button("Collect the monster's Gold", css="oracle-collect-gold")
        self._loot = c.dropdown(options=[], description="from")
        self._loot.add_class("oracle-loot")
        self._treasure = c.text("A treasure found (what it is)", css="oracle-treasure")
        self._treasure_gold = c.number(value=1, min=1, max=99, description="Gold")
        self._treasure_gold.layout.width = "140px"
        self._treasure_gold.add_class("oracle-treasure-gold")
        self._take = c.button("Take it", css="oracle-take-treasure")
        self._town = c.button("Back safely in town", css="oracle-incursion-town")
        self._spender = c.dropdown(options=[], description="Spend")
        self._spender.add_class("oracle-spender")
        self._amount = c.number(value=1, min=1, max=999, description="Gold")
        self._amount.layout.width = "140px"
        self._amount.add_class("oracle-spend-amount")
        self._on = c.text("on what (e.g. a new lantern)", width="220px", css="oracle-spend-on")
        self._spend = c.button("Spend in town", css="oracle-spend-gold")
        self._error = c.error_line()
        for button, action in ((self._generate, self._do_generate), (self._start, self._do_start),
                               (self._reached, lambda _b: self.incursion.reach_goal()),
                               (self._day, lambda _b: self.incursion.days(1)),
                               (self._collect, self._do_collect), (self._take, self._do_take),
                               (self._town, lambda _b: self.incursion.town()),
                               (self._spend, self._do_spend)):
            button.on_click(c.guard(self._error, self._then_refresh(action)))
        self.widget = c.column(
            c.html("<h2>Incursion</h2>"),
            c.html('<div class="oracle-hint">An incursion is a run of sets, each with a set '
                   "goal, reached in play or with 3 Hunt Tokens pooled from the party (Hunt "
                   "tab). Defeated monsters give up their Gold; Gold is spent in town, and "
                   "returning there makes marked armor usable again.</div>"),
            self._status, self._homecoming, c.row(self._reached, self._day),
            c.html("<h3>Gold</h3>"), c.row(self._collectors, self._loot, self._collect),
            c.row(self._treasure, self._treasure_gold, self._take),
            c.html("<h3>Town</h3>"), c.row(self._town),
            c.row(self._spender, self._amount, self._on, self._spend),
            c.html("<h3>A new incursion</h3>"), c.row(self._generate), self._title, self._sets,
            c.row(self._start), self._error,
            css="oracle-incursion-tab",
        )
        self.refresh()

    def _then_refresh(self, action: Any) -> Any:
        def run(button: Any = None) -> None:
            action(button)
            self.shell.refresh()
        return run

    def refresh(self) -> None:
        """Bring this view up to date with the session."""
        shown = summary(self.moves.state.expedition)
        names = self.moves.names(npc=False)
        c.set_options(self._spender, names)
        chosen = tuple(n for n in self._collectors.value if n in names)
        self._collectors.options = names
        self._collectors.value = chosen or tuple(names[:1])
        self._status.value = status_html(shown)
        home = None if shown["in_forest"] else shown["homecoming"]
        self._homecoming.value = homecoming_html(home)
        self._homecoming.layout.display = "" if home else "none"
        forest = bool(shown["in_forest"])
        self._reached.disabled = not forest or shown["current"] is None
        self._day.disabled = not forest
        self._spend.disabled = forest
        self._start.disabled = forest  # one incursion at a time: town first
        self._generate.disabled = forest
        lootable = shown["lootable"]
        c.set_options(self._loot, [(f"{q['name']} ({q['gold']} Gold)", q["name"])
                                   for q in lootable])
        self._loot.layout.display = "" if len(lootable) > 1 else "none"
        self._collect.disabled = not lootable

    def _do_generate(self, _button: Any = None) -> None:
        """Fill the form with a generated incursion: read it, change it, then begin it."""
        title, sets = self.incursion.generate()
        self._title.value = title
        self._sets.value = "\n".join(f"{place}: {goal}" for place, goal in sets)

    def _do_start(self, _button: Any = None) -> None:
        self.incursion.start(self._title.value, parse_sets(self._sets.value))
        self._title.value = ""
        self._sets.value = ""

    def _do_collect(self, _button: Any = None) -> None:
        self.incursion.collect_from_monster(list(self._collectors.value),
                                            self._loot.value or None)

    def _do_take(self, _button: Any = None) -> None:
        names = list(self._collectors.value)
        if not names:
            from oracle.errors import RequestError

            raise RequestError("collectors: choose who takes the treasure.")
        self.incursion.collect_treasure(names[0], int(self._treasure_gold.value),
                                        self._treasure.value)
        self._treasure.value = ""

    def _do_spend(self, _button: Any = None) -> None:
        self.incursion.spend(str(self._spender.value), int(self._amount.value), self._on.value)
        self._on.value = ""


def status_html(shown: Any) -> str:
    """The incursion under way (sets, the current one, days) and the newest quarry."""
    quarry = shown["quarry"]
    loot = ""
    if quarry is not None:
        state = ("its Gold collected" if quarry["collected"] else
                 f"defeated, {quarry['gold']} Gold to collect" if quarry["defeated"] else
                 "not defeated")
        named = esc(monster_in_sentence(str(quarry["name"])))
        loot = f"<div class='oracle-quarry'>Newest monster: {named} ({state}).</div>"
    older = [q for q in shown.get("lootable", []) if quarry is None or q["name"] != quarry["name"]
             or quarry["collected"] or not quarry["defeated"]]
    if older:
        loot += ("<div class='oracle-quarry-older'>Still to collect from earlier fights: "
                 + ", ".join(f"{esc(monster_in_sentence(str(q['name'])))} ({q['gold']} Gold)"
                            for q in older) + ".</div>")
    if not shown["in_forest"]:
        return f"<div class='oracle-hint'>In town: no incursion under way.</div>{loot}"
    rows = []
    for index, item in enumerate(shown["sets"]):
        mark = ("(✓ " + ("by tokens" if item["reached"] == "tokens" else "in play") + ")"
                if item["reached"] else "(current)" if index == shown["current"] else "")
        # a list item starts a line: "The Pale Fen", though the journal says "the Pale Fen"
        rows.append(f"<li data-set='{index}'><b>{esc(at_start(str(item['title'])))}</b>: "
                    f"{esc(item['goal'])} <span class='when'>{esc(mark)}</span></li>")
    return (f"<h3>{esc(shown['title'])}</h3><div class='oracle-hint'>Days in the forest: "
            f"{shown['days']}</div><ol>{''.join(rows)}</ol>{loot}")


def homecoming_html(home: Any) -> str:
    """The end-of-incursion summary: sets cleared, Gold collected, who came back, who died or
    was lost (the journal's line says the same)."""
    if not home:
        return ""
    cleared = home["cleared"]

    def names(key: str) -> str:
        return ", ".join(esc(n) for n in home[key]) or "nobody"

    rows = [("Sets cleared", f"{len(cleared)} of {home['sets']}"
             + (f" ({', '.join(esc(t) for t in cleared)})" if cleared else "")),
            ("Gold collected", str(home["gold"])), ("Days in the forest", str(home["days"])),
            ("Came back", names("came_back"))]
    rows += [(label, names(key)) for key, label in (("died", "Died"),
                                                    ("lost", "Lost to the forest"))
             if home[key]]
    items = "".join(f"<li><b>{label}</b>: {value}</li>" for label, value in rows)
    return f"<h3>{esc(home['incursion'])}: back in town</h3><ul>{items}</ul>"
