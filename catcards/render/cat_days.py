"""Cat Days' card faces as SVG (rulebook ``cat-days.txt``; deck ``rules/cat-days.md``). Pure
function of plain values; no ipywidgets."""
from __future__ import annotations

import html
from typing import Any

from ..cards import Card
from . import CARD_TEXT_PX, svg_line

__all__ = ["card_face", "CAT_COLOUR", "EVENT_COLOUR", "STAYS_COLOUR"]

CAT_COLOUR = "#f3b45b"
EVENT_COLOUR = "#7fb3e6"
STAYS_COLOUR = "#a5d6a7"


def card_face(card: Card, deck: Any, width: int = 52, covered: bool = False) -> str:
    """A small Cat Days card as SVG, ``width`` px wide: its name (a word per line, a long word
    narrowed, never cut) and, for a cat, its points large; cats orange, events blue, Cat Tree and
    Cardboard Box green; ``covered`` greys it (a cat under a Grumpy Cat). Text is at least 12 px
    (issue 12, :data:`catcards.render.CARD_TEXT_PX`). Its ``<title>`` (tooltip and accessible
    name) is the card's full text (``CardKind.describe()``: name, kind, points, what it does)."""
    kind = deck.kind(card)
    fill = CAT_COLOUR if kind.is_cat else STAYS_COLOUR if kind.stays else EVENT_COLOUR
    height = round(width * 1.35)
    size = CARD_TEXT_PX
    words = card.name.split()[:3]
    first = height * 0.36 + size + 3 if kind.is_cat else height / 2 - (len(words) - 2) * size * 0.55
    lines = "".join(
        svg_line(width / 2, first + (size + 1) * i, w, size, width - 6, text_anchor="middle", fill="#222")
        for i, w in enumerate(words)
    )
    points = (
        f'<text x="{width / 2}" y="{height * 0.36:.1f}" font-family="sans-serif" font-size="18" '
        f'font-weight="bold" text-anchor="middle" fill="#222">{card.rank}</text>'
        if kind.is_cat else ""
    )
    opacity = ' opacity="0.45"' if covered else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img"{opacity}><title>{html.escape(kind.describe())}'
        f'{" (covered)" if covered else ""}</title><rect x="1" y="1" width="{width - 2}" '
        f'height="{height - 2}" rx="5" fill="{fill}" stroke="#333" stroke-width="1.2"/>'
        f"{points}{lines}</svg>"
    )
