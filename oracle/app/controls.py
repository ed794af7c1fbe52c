"""Small widget helpers shared by every view: guarded callbacks, error lines, faces entry.

Under Voila an uncaught callback error vanishes (or worse, a traceback reaches the page), so every
callback goes through :func:`guard`: an ``OracleError`` becomes its own sentence in the error line
next to the control that caused it; anything else becomes a calm sentence, and the details go to
the server log only.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from oracle.errors import OracleError

log = logging.getLogger("oracle.app")

F = TypeVar("F", bound=Callable[..., Any])

FULL = "calc(100% - 8px)"  # a full-width input whose margins stay inside its panel

UNEXPECTED = ("Something went wrong inside the app ({name}); nothing was recorded, and the journal "
              "is safe. Try again, or reload the page.")


def error_line() -> widgets.HTML:
    """An (initially empty) line that shows one sentence next to a control."""
    line = widgets.HTML("")
    line.add_class("oracle-error")
    return line


def show_error(line: widgets.HTML, message: str) -> None:
    from oracle.app.render import esc

    line.value = esc(message)


def clear(line: widgets.HTML) -> None:
    line.value = ""


def guard(line: widgets.HTML, action: Callable[..., Any]) -> Callable[..., None]:
    """Wrap ``action`` so no exception escapes; errors become a sentence in ``line``."""

    def wrapped(*args: Any, **kwargs: Any) -> None:
        try:
            line.value = ""
            action(*args, **kwargs)
        except OracleError as exc:
            show_error(line, str(exc))
        except Exception as exc:  # nothing may reach the page as a traceback
            log.exception("app callback failed")
            show_error(line, UNEXPECTED.format(name=type(exc).__name__))

    return wrapped


def button(description: str, css: str = "", style: str = "", tooltip: str = "",
           width: str = "") -> widgets.Button:
    """A button with our look; ``style`` is an ipywidgets button style (primary, danger, ...)."""
    result = widgets.Button(description=description, button_style=style, tooltip=tooltip or
                            description)
    if width:
        result.layout.width = width
    else:
        result.layout.width = "auto"
    for name in css.split():
        result.add_class(name)
    return result


def html(value: str = "", css: str = "") -> widgets.HTML:
    result = widgets.HTML(value)
    for name in css.split():
        result.add_class(name)
    return result


def text(placeholder: str, description: str = "", css: str = "", width: str = FULL,
         value: str = "", label: str = "") -> widgets.Text:
    """A text field. ``label`` names it above the box, and stays once the field is filled
    (a placeholder alone vanishes at the first letter)."""
    result = widgets.Text(value=value, placeholder=placeholder, description=label or description,
                          style={"description_width": "initial"})
    result.layout.width = width
    if label:
        result.add_class("oracle-labelled")
    for name in css.split():
        result.add_class(name)
    return result


def dropdown(**options: Any) -> widgets.Dropdown:
    """A drop-down (ipywidgets' own ``options``) whose label is never squeezed away."""
    return widgets.Dropdown(style={"description_width": "initial"}, **options)


def number(**options: Any) -> widgets.BoundedIntText:
    """A whole-number box with its bounds (ipywidgets' own ``options``), its label in full."""
    return widgets.BoundedIntText(style={"description_width": "initial"}, **options)


def area(placeholder: str, description: str = "", rows: int = 2, width: str = FULL,
         css: str = "", label: str = "") -> widgets.Textarea:
    """A text area; ``label`` as for :func:`text`."""
    result = widgets.Textarea(placeholder=placeholder, description=label or description,
                              rows=rows, style={"description_width": "initial"})
    result.layout.width = width
    if label:
        result.add_class("oracle-labelled")
    for name in css.split():
        result.add_class(name)
    return result


def on_enter(field: widgets.Text, action: Callable[[], None]) -> None:
    """Run ``action`` when the player presses Enter in ``field``.

    The browser sends a ``submit`` event on Enter (after the typed value), which is what
    ipywidgets' deprecated ``on_submit`` listened to; blur does not submit (unlike
    ``continuous_update=False``), so leaving a field never rolls or saves by surprise.
    """

    def handle(_widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            action()

    field.on_msg(handle)


class TickList(widgets.VBox):  # type: ignore[misc]
    """Several choices as a row of checkboxes: what a multi-select did, without Ctrl-click.

    A drop-in for ``SelectMultiple``: ``options`` (names, or (label, value) pairs), ``value``
    (the tuple of ticked values, in option order), ``description``, and ``observe``.
    """

    options: traitlets.List[Any] = traitlets.List()
    value = traitlets.Tuple()
    description = traitlets.Unicode("")

    def __init__(self, options: Sequence[Any] = (), description: str = "",
                 css: str = "", **_ignored: Any) -> None:
        self._label = widgets.HTML("")
        self._label.add_class("oracle-tick-label")
        self._boxes = widgets.HBox([])
        self._boxes.add_class("oracle-tick-list")
        self._boxes.layout.flex_flow = "row wrap"
        self._syncing = False
        self._ticks: tuple[widgets.Checkbox, ...] = ()
        super().__init__([self._label, self._boxes])
        for name in ("oracle-ticks", *css.split()):
            self.add_class(name)
        self.observe(self._rebuild, names="options")
        self.observe(self._show_value, names="value")
        self.observe(self._show_label, names="description")
        self.description = description
        self.options = list(options)

    @staticmethod
    def _pair(option: Any) -> tuple[str, Any]:
        if isinstance(option, (tuple, list)) and len(option) == 2:
            return str(option[0]), option[1]
        return str(option), option

    def _rebuild(self, _change: Any = None) -> None:
        pairs = [self._pair(o) for o in self.options]
        kept = tuple(v for _l, v in pairs if v in self.value)
        boxes, rows = [], []
        for label, value in pairs:
            # labels are names players typed: a caption beside the box, never its description
            box = checkbox("", css="oracle-tick-box", value=value in kept)
            box.observe(lambda _c: self._from_boxes(), names="value")
            boxes.append(box)
            rows.append(row(box, caption(label), css="oracle-tick"))
        self._ticks = tuple(boxes)
        self._boxes.children = tuple(rows)
        self._label.layout.display = "" if self.description and pairs else "none"
        self._boxes.layout.display = "" if pairs else "none"
        if kept != self.value:
            self.value = kept

    def _from_boxes(self) -> None:
        if self._syncing:
            return
        pairs = [self._pair(o) for o in self.options]
        self.value = tuple(v for (_l, v), box in zip(pairs, self._ticks, strict=False)
                           if box.value)

    def _show_value(self, _change: Any = None) -> None:
        pairs = [self._pair(o) for o in self.options]
        self._syncing = True
        try:
            for (_l, v), box in zip(pairs, self._ticks, strict=False):
                box.value = v in self.value
        finally:
            self._syncing = False

    def _show_label(self, _change: Any = None) -> None:
        from oracle.app.render import esc

        self._label.value = f'<span class="oracle-field-label">{esc(self.description)}</span>'
        self._label.layout.display = "" if self.description and self.options else "none"


def ticks(options: Sequence[Any] = (), description: str = "", css: str = "",
          **ignored: Any) -> TickList:
    """Several choices as checkboxes (see :class:`TickList`)."""
    return TickList(options, description, css, **ignored)


def checkbox(description: str, css: str = "", value: bool = False) -> widgets.Checkbox:
    result = widgets.Checkbox(value=value, description=description, indent=False)
    result.layout.width = "auto"
    for name in css.split():
        result.add_class(name)
    return result


def caption(text: str, css: str = "") -> widgets.HTML:
    """Player text labelling a control, shown as typed.

    Player or model text never goes into a widget's ``description`` (nor a ``Label`` or
    ``HTMLMath``): ipywidgets hands those to the page's TeX typesetter (MathJax), which would
    turn ``$x^2$`` into mathematics. An ``HTML`` widget is never typeset, and ``esc`` keeps its
    text from being markup; ``mathjax_ignore`` (MathJax 3's skip class) makes sure of it.
    """
    from oracle.app.render import esc

    return html(f'<span class="mathjax_ignore">{esc(text)}</span>', f"oracle-caption {css}")


def row(*children: widgets.Widget, css: str = "") -> widgets.HBox:
    box = widgets.HBox(list(children))
    box.layout.align_items = "center"
    box.layout.flex_flow = "row wrap"
    box.layout.grid_gap = "6px 10px"
    for name in css.split():
        box.add_class(name)
    return box


def column(*children: widgets.Widget, css: str = "") -> widgets.VBox:
    box = widgets.VBox(list(children))
    for name in css.split():
        box.add_class(name)
    return box


def split_list(value: str) -> tuple[str, ...]:
    """Comma- or line-separated text to a tuple of trimmed, non-empty items."""
    return tuple(item.strip() for item in re.split(r"[,\n]", value) if item.strip())


def parse_faces(field: str, value: str, expected: int | None = None) -> tuple[int, ...]:
    """Faces typed by a player for physical d6 ("4 1", "4,1" or "4;1"): the one reader of
    every screen (:func:`oracle.app.moves.read_faces`), with Trophy's die."""
    from oracle.app.moves import read_faces

    return read_faces(field, value, expected, sides=6)


def options(names: Sequence[str]) -> list[tuple[str, str]]:
    return [(name, name) for name in names]


def split_lines(value: str) -> tuple[str, ...]:
    """One item per line, trimmed, empty lines dropped (lines and veils may contain commas)."""
    return tuple(line.strip() for line in value.splitlines() if line.strip())


def set_options(dropdown: Any, choices: Sequence[Any]) -> None:
    """Give a Dropdown new options, keeping its value if still offered, else the first one."""
    old = dropdown.value
    dropdown.options = choices
    values = [c[1] if isinstance(c, tuple) else c for c in choices]
    if old in values:
        dropdown.value = old
    elif values:
        dropdown.value = values[0]


def hooks(owner: object, classes: dict[str, str]) -> None:
    """Give ``owner``'s widgets (attribute -> DOM class) their stable ``oracle-*`` hooks.

    Tests and styles find a control by its hook, never by the view's private attribute.
    """
    for attr, css in classes.items():
        getattr(owner, attr).add_class(css)
