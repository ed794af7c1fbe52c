"""Layouts and styles that share one browser model per look (the page starts with fewer models).

Every ipywidgets widget has a ``Layout`` and most have a ``Style``, each its own model: of the
371 models the first view of a campaign sent to the browser, 229 were layouts and styles, most
of them the same few looks ("nothing set", "width: auto", "display: none"). Each model is a
message at construction (also in a preheating kernel), a state in the kernel's reply when the
page connects, and a model the browser builds before the page is interactive.

:func:`share_models` (called once when the app is imported) makes every *default* layout or
style, and every one given as a dict (``style={"description_width": "initial"}``), a
:class:`Shared` one: it keeps its own values in Python (``w.layout.display`` reads and writes
as before) but opens no model of its own. It stands for the one model of its current values
(made the first time those values are seen, then kept); when a value changes, each widget
that holds it sends its ``layout``/``style`` again, now naming the model of the new values.
An explicit ``Layout()``/``Style()`` instance is left as ipywidgets makes it.
"""

from __future__ import annotations

import json
import weakref
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
from ipywidgets.widgets.trait_types import InstanceDict  # type: ignore[import-untyped]

# One real model per (class, values): what the browser builds, shared by every look alike.
_MODELS: dict[tuple[type, str], Any] = {}
_SHARED_CLASSES: dict[type, type] = {}
_PATCHED: set[int] = set()
_LOOKS: dict[type, tuple[str, ...]] = {}


def _looks(klass: Any) -> tuple[str, ...]:
    """The synced values of a layout or style class that make its look (not ``_model_name``
    and the like), read once per class (each instance's ``keys`` is slow to make)."""
    names = _LOOKS.get(klass)
    if names is None:
        names = _LOOKS[klass] = tuple(name for name in klass.class_trait_names(sync=True)
                                      if not name.startswith("_"))
    return names


class Shared:
    """A layout or style with its own values in Python, shown through the shared model of
    those values (mixed in before the ipywidgets class: ``SharedLayout(Shared, Layout)``)."""

    def open(self) -> None:
        """No model of its own (``Widget.__init__`` would open one)."""

    @property
    def model_id(self) -> str:
        return str(self.model().model_id)

    def model(self) -> Any:
        """The real model of this object's current values (made the first time)."""
        known = self.__dict__.get("_model")
        if known is not None:
            return known
        base = type(self).__mro__[2]  # SharedX -> Shared -> X
        known_values = self._trait_values  # type: ignore[attr-defined]
        values = {}
        for name in _looks(type(self)):
            value = known_values[name] if name in known_values else getattr(self, name)
            if value is not None:  # None is every layout value's default: left out
                values[name] = value
        key = (base, json.dumps(values, sort_keys=True, default=str))
        model = _MODELS.get(key)
        if model is None:
            model = _MODELS[key] = base(**values)
        self.__dict__["_model"] = model
        return model

    def holders(self) -> weakref.WeakKeyDictionary[Any, str]:
        """The widgets that hold this object, and under which name (``layout``/``style``)."""
        found: weakref.WeakKeyDictionary[Any, str] | None = self.__dict__.get("_holders")
        if found is None:
            found = weakref.WeakKeyDictionary()
            self.__dict__["_holders"] = found
        return found

    def notify_change(self, change: Any) -> None:
        self.__dict__.pop("_model", None)  # values changed: another model may stand for them
        super().notify_change(change)  # type: ignore[misc]
        if change["name"] not in _looks(type(self)):
            return
        for holder, name in list(self.holders().items()):
            if getattr(holder, "comm", None) is not None and getattr(holder, name, None) is self:
                holder.send_state(name)  # the holder now names the model of the new values


def shared_class(klass: type) -> type:
    """``klass`` (a Layout or Style class) as a :class:`Shared` one."""
    shared = _SHARED_CLASSES.get(klass)
    if shared is None:
        shared = _SHARED_CLASSES[klass] = type("Shared" + klass.__name__, (Shared, klass), {})
    return shared


def _patch(trait: Any, name: str) -> None:
    if id(trait) in _PATCHED or not isinstance(trait, InstanceDict):
        return
    _PATCHED.add(id(trait))
    klass = trait.klass
    plain_validate = trait.validate
    plain_to_json = trait.metadata["to_json"]

    def make_dynamic_default() -> Any:
        return shared_class(klass)(*(trait.default_args or ()), **(trait.default_kwargs or {}))

    def validate(obj: Any, value: Any) -> Any:
        if isinstance(value, dict):
            value = shared_class(klass)(**value)
        return plain_validate(obj, value)

    def to_json(value: Any, obj: Any) -> Any:
        if isinstance(value, Shared):
            value.holders()[obj] = name
        return plain_to_json(value, obj)

    trait.make_dynamic_default = make_dynamic_default
    trait.validate = validate
    trait.metadata["to_json"] = to_json


def _subclasses(klass: Any) -> list[Any]:
    found = [klass]
    sub: Any
    for sub in klass.__subclasses__():
        found.extend(_subclasses(sub))
    return found


def share_models() -> None:
    """Make default and dict-given layouts and styles :class:`Shared` (idempotent)."""
    for klass in _subclasses(widgets.DOMWidget):
        for name in ("layout", "style"):
            trait = klass.class_traits().get(name)
            if trait is not None:
                _patch(trait, name)
