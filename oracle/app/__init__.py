"""The Voila app: a thin widget view over a play session."""

from __future__ import annotations


def launch() -> None:
    """Build the app and display it (what ``app.ipynb`` calls)."""
    import ipywidgets as widgets
    from IPython.display import display

    page = widgets.HTML("<h1>oracle</h1><p>The rules core is ready; the app is on its way.</p>")
    page.add_class("oracle-app")
    display(page)
