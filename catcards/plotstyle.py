"""One matplotlib style for the lessons: readable on a 1024x768 projector, colour-blind-safe.

>>> import catcards.plotstyle
>>> catcards.plotstyle.use()          # once, in a lesson's first code cell (calling again is harmless)
>>> colours = catcards.plotstyle.seat_colours(3)   # one Okabe-Ito colour per seat

:func:`use` sets matplotlib's rcParams (nothing else): base text 14 pt, axes titles and labels
14-16 pt, ticks and legends 12-13 pt, thick lines, the Okabe-Ito colour cycle (the palette the
cards are drawn in, :data:`catcards.render.SUIT_STYLE`) and a figure size of 9 x 5 inches at
100 dpi, which is 900 x 500 pixels: it fits a 1024 x 768 projector with room for the notebook's
margins. :func:`small_texts` finds text drawn smaller than a minimum (the lessons' tests use it).

Layer 3 (no widgets). matplotlib is imported inside the functions, so ``import catcards.plotstyle``
is cheap. Source of the palette: M. Okabe and K. Ito, "Color Universal Design" (2008); B. Wong,
"Points of view: Color blindness", Nature Methods 8 (2011) 441.
"""
from __future__ import annotations

from typing import Any

__all__ = ["OKABE_ITO", "STYLE", "use", "seat_colours", "small_texts", "MIN_FONT_PT"]

#: The eight Okabe-Ito colours, in the usual order (Wong 2011): black, orange, sky blue, bluish
#: green, yellow, blue, vermillion, reddish purple. The card renderer uses the same values
#: (catcards.render.SUIT_STYLE; tests/lessons/test_plotstyle.py checks they agree).
OKABE_ITO: tuple[str, ...] = (
    "#000000",  # black
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#F0E442",  # yellow
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
)

#: The order seats are coloured in: strong colours first, yellow (weak on white) last, black
#: kept for reference lines (a fair share, an exact answer).
_SEAT_ORDER = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")

#: the smallest font size (points) a lesson's figure may use
MIN_FONT_PT = 12

#: The rcParams :func:`use` applies (sizes in points, figure size in inches).
STYLE: dict[str, Any] = {
    "font.size": 14,
    "axes.titlesize": 16,
    "axes.labelsize": 14,
    "xtick.labelsize": 13,
    "ytick.labelsize": 13,
    "legend.fontsize": 13,
    "legend.title_fontsize": 13,
    "figure.titlesize": 16,
    "figure.figsize": (9.0, 5.0),
    "figure.dpi": 100,
    "lines.linewidth": 2.5,
    "lines.markersize": 8,
    "errorbar.capsize": 5,
    "axes.linewidth": 1.2,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
}


def use() -> None:
    """Apply the catcards lesson style to matplotlib's rcParams (idempotent: calling it twice
    gives the same rcParams as once).

    Sets :data:`STYLE` and the Okabe-Ito colour cycle in seat order (:func:`seat_colours`).
    Returns None. Raises nothing beyond matplotlib's own import errors.
    """
    import matplotlib as mpl
    from cycler import cycler

    mpl.rcParams.update(STYLE)
    mpl.rcParams["axes.prop_cycle"] = cycler(color=list(_SEAT_ORDER))


def seat_colours(n: int) -> list[str]:
    """``n`` Okabe-Ito colours ("#rrggbb" strings), one per seat, seat 0 first, the same order as
    the colour cycle :func:`use` sets.

    Args:
        n: number of seats, 1 to 8 (the palette has 8 colours).
    Raises: ValueError when ``n`` is not a whole number from 1 to 8.
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(_SEAT_ORDER):
        raise ValueError(f"seat_colours needs a whole number of seats from 1 to {len(_SEAT_ORDER)}, got {n!r}")
    return list(_SEAT_ORDER[:n])


def small_texts(fig: Any, minimum: float = MIN_FONT_PT) -> list[tuple[str, float]]:
    """The visible, non-empty texts of matplotlib figure ``fig`` drawn smaller than ``minimum``
    points: a list of ``(text, size_in_points)``, empty when every text is large enough.

    Covers titles, axis labels, tick labels, legends, annotations and figure texts (every
    ``matplotlib.text.Text`` in the figure). The figure is drawn first so tick labels exist.
    Raises: ValueError for a ``minimum`` that is not a positive number.
    """
    from matplotlib.text import Text

    if isinstance(minimum, bool) or not isinstance(minimum, (int, float)) or not minimum > 0:
        raise ValueError(f"minimum must be a positive number of points, got {minimum!r}")
    fig.canvas.draw()
    found = []
    for text in fig.findobj(Text):
        if text.get_visible() and text.get_text().strip() and text.get_fontsize() < minimum:
            found.append((text.get_text(), float(text.get_fontsize())))
    return found
