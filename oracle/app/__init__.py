"""The Voila app: a thin widget view over a play session (placeholder until the app lands)."""

from __future__ import annotations

from typing import Any


def launch() -> Any:
    """Build the app and display it (what ``app.ipynb`` calls)."""
    import ipywidgets as widgets
    from IPython.display import display

    page = widgets.HTML("<h1>oracle</h1><p>The rules core is ready; the app is on its way.</p>")
    display(page)
    return page
