"""What a table's widgets hold in the kernel, and how it is freed (issue 11): walking a widget tree
with its Layout and style models (:func:`close_tree`), swapping what a box shows
(:func:`replace`), and the registry of the tables each notebook cell made, so that running a cell
again closes the tables its earlier run made. Part of :mod:`catcards.widgets.table`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

import ipywidgets as W

if TYPE_CHECKING:
    from . import GameTable

__all__ = ["close_tree", "replace"]


def _walk(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _parts(widget: Any) -> Iterator[Any]:
    """``widget``, its descendants (``children``), and the Layout and style models of each:
    every model a widget tree holds (ipywidgets gives each Button, Box, HTML... its own Layout and
    most their own style model, and ``close()`` on a widget closes neither)."""
    for w in _walk(widget):
        yield w
        for name in ("layout", "style"):
            sub = w.__dict__.get("_trait_values", {}).get(name)
            if isinstance(sub, W.Widget):
                yield sub


def close_tree(widget: Any, keep: Any = ()) -> int:
    """Close ``widget``, every descendant and their Layout/style models, except the models whose
    ``id`` is in ``keep`` (those still shown). Returns how many models were closed.

    A closed widget's Python object stays usable (a stale click on it is still answered in words:
    its handlers stay) but its model is gone from the kernel's registry and from the browser,
    which is what keeps a long lesson's memory flat (issue 11)."""
    closed = 0
    for w in list(_parts(widget)):
        if not isinstance(w, W.Widget) or id(w) in keep or w.comm is None:
            continue
        if getattr(w, "closes_its_parts", False) and not w.closed:
            # a table inside (the app's): its timers stop and it closes its own parts
            closed += sum(1 for x in _parts(w) if isinstance(x, W.Widget) and x.comm is not None)
            w.close()
        else:
            W.Widget.close(w)
            closed += 1
    return closed


def replace(box: W.Box, *widgets: W.Widget) -> None:
    """Show ``widgets`` in ``box`` in place of what it showed, and close what was replaced (a
    table stops its timers and frees every model it made; widgets shown again are kept).

    The way to swap tables in a notebook or an app, e.g. on a slider's change::

        seat = ipywidgets.VBox()
        def deal(change=None):
            catcards.widgets.replace(seat, catcards.widgets.play("simons-cat", players=n.value + 1))
    """
    old = list(box.children)
    box.children = list(widgets)
    keep = {id(w) for w in widgets for w in _parts(w)}
    for widget in old:
        close_tree(widget, keep)


# ---- live tables: re-running a cell stops the tables it made before ---------------------------
#: cell id -> (id of the execution that made them, [tables]); filled only in a kernel whose
#: frontend names cells (JupyterLab, Notebook 7 and nbclient/Voila send ``cellId``)
_LIVE: dict[str, tuple[str, list["GameTable"]]] = {}


def _cell_execution() -> tuple[str, str] | None:
    """``(cell id, execution msg id)`` of the cell executing now, or None (plain Python, tests,
    a widget callback: those have no cell)."""
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        if kernel is None:
            return None
        parent = kernel.get_parent("shell") if hasattr(kernel, "get_parent") else kernel._parent_header
        if not parent or parent.get("header", {}).get("msg_type") != "execute_request":
            return None
        cell = (parent.get("metadata") or {}).get("cellId")
        return (str(cell), str(parent["header"].get("msg_id"))) if cell else None
    except Exception:  # no IPython, an unusual kernel: no registry, tables simply live on
        return None


def _register_live(table: "GameTable") -> None:
    """Remember ``table`` under the cell being executed; tables an earlier run of the same cell
    made are closed (their output has been cleared: their timers must stop, their models go)."""
    where = _cell_execution()
    if where is None:
        return
    cell, run = where
    previous_run, tables = _LIVE.get(cell, (None, []))
    if previous_run != run:
        for old in tables:
            old.close()
        tables = []
    tables.append(table)
    _LIVE[cell] = (run, tables)

