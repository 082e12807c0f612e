"""Widget tables for playing catcards games in JupyterLab (the only package importing ipywidgets).

>>> import catcards.widgets
>>> table = catcards.widgets.play("simons-cat", players=4, seed=1)   # you are seat 0  # doctest: +SKIP

:func:`play` returns the game's own table (registered with :func:`table_for`) or the generic
:class:`GameTable`, which plays any registered game through the contract alone. Each game's table
lives in ``catcards/widgets/<game>.py`` and is discovered on first use. See
:mod:`catcards.widgets.table` for how to subclass. To swap one table for another in a box (a
slider, a Deal button), use :func:`replace`, which closes the old table; a table's cell run again
closes the tables that cell made before. :class:`Predict` (:mod:`catcards.widgets.predict`) is
the lessons' "predict first" box.
"""
from .predict import Predict
from .table import GameTable, card_html, cards_row, close_tree, play, replace, seed_from_text, table_class, table_for

__all__ = ["Predict", "GameTable", "play", "replace", "close_tree", "table_for", "table_class", "card_html", "cards_row",
           "seed_from_text"]
