"""A small driver for the app's views in tests: find a control by its stable hook, click it,
fill it, read it, the way a player (or the browser tests) would.

A hook is a DOM class ``oracle-*`` the view gives its control (``_dom_classes``); a scope is a
view (its ``widget``), the app (its ``root``), the Trophy side (its ``widget`` and ``screen``) or
a widget. Tests never reach into a view's private attributes.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from oracle.app.session import Session
    from oracle.app.trophy.moves import TrophyMoves


def trophy_moves(session: Session) -> TrophyMoves:
    """The open Trophy campaign's moves, typed (the session holds any system's moves)."""
    from oracle.app.trophy.moves import TrophyMoves

    moves = session.moves
    assert isinstance(moves, TrophyMoves), f"the open campaign is {session.system}, not Trophy"
    return moves


def _roots(scope: Any) -> list[Any]:
    if hasattr(scope, "screen") and hasattr(scope, "widget"):
        # the side's picker (shown above the tabs) and what a roll leaves owed (under them)
        placed = [getattr(scope, name, None) for name in ("picker", "owed")]
        return [scope.widget, scope.screen, *(w for w in placed if w is not None)]
    for name in ("root", "widget"):
        found = getattr(scope, name, None)
        if found is not None and not callable(found):
            return [found]
    return [scope]


def _walk(widget: Any, top: bool = True) -> Iterator[Any]:
    """``widget`` and what it holds; a box another view lends it (``oracle-borrowed``: the
    side's Condition question in a tab's result card) belongs to that view's scope."""
    if not top and "oracle-borrowed" in getattr(widget, "_dom_classes", ()):
        return
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from _walk(child, False)


def widgets_in(scope: Any) -> Iterator[Any]:
    """Every widget in ``scope`` (to check a promise about all of them at once)."""
    for root in _roots(scope):
        yield from _walk(root)


def find_all(scope: Any, hook: str) -> list[Any]:
    """Every control in ``scope`` with the DOM class ``hook``, in page order."""
    seen: list[Any] = []
    for root in _roots(scope):
        for widget in _walk(root):
            if hook in getattr(widget, "_dom_classes", ()) and not any(widget is s for s in seen):
                seen.append(widget)
    return seen


def find(scope: Any, hook: str) -> Any:
    """The one control in ``scope`` with the DOM class ``hook``."""
    found = find_all(scope, hook)
    assert len(found) == 1, f"{hook}: {len(found)} controls in this scope, expected one"
    return found[0]


def _caption(widget: Any) -> str | None:
    """The text of an ``oracle-caption`` (player text labelling a control), else None."""
    if "oracle-caption" not in getattr(widget, "_dom_classes", ()):
        return None
    return html.unescape(re.sub(r"<[^>]+>", "", str(widget.value)))


def described(scope: Any, start: str) -> Any:
    """The one control whose label starts with ``start``: its description, or the caption
    beside it (player text is a caption, never a description: see ``controls.caption``)."""
    found = []
    for root in _roots(scope):
        for w in _walk(root):
            if str(getattr(w, "description", "")).startswith(start):
                found.append(w)
            kids = list(getattr(w, "children", ()) or ())
            if any((_caption(k) or "").startswith(start) for k in kids):
                found += [k for k in kids if hasattr(k, "description")
                          and "HTML" not in type(k).__name__]
    assert len(found) == 1, f"{start!r}: {len(found)} controls so labelled, expected one"
    return found[0]


def click(scope: Any, hook: str) -> None:
    """Click the button ``hook``."""
    find(scope, hook).click()


def fill(scope: Any, hook: str, value: Any) -> None:
    """Set the value of the control ``hook`` (type text, tick a box, choose an option)."""
    find(scope, hook).value = value


def read(scope: Any, hook: str) -> Any:
    """The value of the control ``hook`` (for an HTML control, its markup), once the odds being
    counted off the widget thread have been shown (``oracle.app.background``)."""
    from oracle.app.background import settle

    settle()
    return find(scope, hook).value


def shown(scope: Any, hook: str) -> bool:
    """Whether the control ``hook`` is displayed (its layout does not hide it)."""
    return bool(find(scope, hook).layout.display != "none")


def press_enter(scope: Any, hook: str) -> None:
    """Press Enter in the text field ``hook`` (the browser sends a ``submit`` event)."""
    find(scope, hook)._handle_custom_msg({"event": "submit"}, [])


def tick(scope: Any, hook: str, label: str, value: bool = True) -> None:
    """Tick (or untick) the checkbox labelled ``label`` in the tick list ``hook``."""
    boxes = [b for r in _walk(find(scope, hook)) if "oracle-tick" in getattr(r, "_dom_classes", ())
             and any(_caption(k) == label for k in r.children)
             for b in r.children if "oracle-tick-box" in getattr(b, "_dom_classes", ())]
    assert len(boxes) == 1, f"{hook}: no single box labelled {label!r}"
    boxes[0].value = value


def upload(scope: Any, hook: str, name: str, data: bytes, mime: str = "application/json") -> None:
    """Choose the file ``name`` holding ``data`` in the file picker ``hook``, as the browser
    sends it (the widget's own deserializer reads it)."""
    find(scope, hook).set_state({"value": [{"name": name, "type": mime, "size": len(data),
                                            "last_modified": 0, "content": memoryview(data)}]})


def triptycho_attack(app: Any, hp: int | None = None) -> None:
    """A new Triptycho campaign in the app: Rook Drover (a player) and Viper Knot join, combat
    starts, both roll initiative, and Rook attacks Viper (1d8 accuracy, 2d6 damage)."""
    app.session.new_campaign("Tri", "triptycho")
    app.refresh()
    for name, player in (("Rook Drover", True), ("Viper Knot", False)):
        fill(app, "oracle-tp-name", name)
        fill(app, "oracle-tp-player", player)
        if hp is not None:
            fill(app, "oracle-tp-hp", hp)
        click(app, "oracle-tp-join")
    fill(app, "oracle-tp-kind", "combat")
    click(app, "oracle-tp-start")
    for name in ("Rook Drover", "Viper Knot"):
        fill(app, "oracle-tp-who", name)
        click(app, "oracle-tp-roll-init")
    click(app, "oracle-tp-draw")
    click(app, "oracle-tp-next")
    fill(app, "oracle-tp-attacker", "Rook Drover")
    fill(app, "oracle-tp-target", "Viper Knot")
    fill(app, "oracle-tp-accuracy", "1d8")
    fill(app, "oracle-tp-damage", "2d6")
    click(app, "oracle-tp-roll")
