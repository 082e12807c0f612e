"""Card Game: The Card Game's card faces as SVG (rulebook ``card-game-the-card-game.txt``; card
list ``rules/card-game.md``). Pure function of plain values; no ipywidgets."""
from __future__ import annotations

import html
from typing import Any

from . import CARD_TEXT_PX, svg_line, text_colour

__all__ = ["face_svg", "TYPE_COLOURS"]


def _esc(text: Any) -> str:
    return html.escape(str(text))


#: card face colour by its first type word (display only)
TYPE_COLOURS = {
    "INSTANT": "#d62828", "HAND": "#3b7dd8", "LOCK": "#2e9e4f", "RULE": "#8e44ad", "SPECIAL": "#222222",
    "BLUFF": "#f08a24", "JOKER": "#e8559a", "MONEY": "#e8c21c",
}
_TYPE_ORDER = ("SPECIAL", "JOKER", "MONEY", "RULE", "LOCK", "INSTANT", "BLUFF", "HAND")


def face_svg(card: Any, types: frozenset = frozenset(), width: int = 56, label: str = "", text: str = "") -> str:
    """A Card Game card face as SVG, ``width`` px wide: coloured by type (LOCK green, INSTANT red,
    HAND blue, RULE purple, BLUFF orange, Joker pink, Money yellow), its cost in the corner, its
    name in the middle (a word per line where needed; a long word narrowed, never cut) and its
    types along the bottom. All card text is at least 12 px on screen (issue 12,
    :data:`catcards.render.CARD_TEXT_PX`); a card too small for its name shows its cost large
    instead, and what does not fit is left to the title. Its ``<title>`` (tooltip and accessible
    name) is the full name, cost, types and ``text`` (what the card does).
    ``label`` replaces the name (a Joker played as another card shows "Joker as ...")."""
    kind = next((t for t in _TYPE_ORDER if t in types), "")
    fill = TYPE_COLOURS.get(kind, "#777777")
    ink = text_colour(fill)
    height = round(width * 92 / 64)
    name = label or card.name
    least = CARD_TEXT_PX * 64 / width  # viewBox units that show as 12 px
    big = max(11, least)
    per_line = int(58 / (0.6 * big))
    lines: list[str] = []
    for w in name.split():
        if lines and len(lines[-1]) + len(w) + 1 <= per_line:
            lines[-1] += " " + w
        else:
            lines.append(w)
    rows = int(58 / (big * 1.15))  # what fits between the cost and the type line
    kinds = " ".join(t for t in _TYPE_ORDER if t in types and t not in ("MONEY", "JOKER"))
    show_name = per_line >= 5 and len(lines) <= rows
    if show_name:
        middle = "".join(
            svg_line(32, 50 + big * 1.15 * (i - (len(lines) - 1) / 2) + big * 0.35, line, big, 60,
                     font_weight="bold", fill=ink, text_anchor="middle")
            for i, line in enumerate(lines))
        corner = svg_line(5, big + 2, f"{card.rank}$", big, 54, font_weight="bold", fill=ink)
    else:  # too small for the name: the cost, large, in the middle (the title has the name)
        middle = svg_line(32, 56, f"{card.rank}$", max(26, least), 60, font_weight="bold", fill=ink,
                          text_anchor="middle")
        corner = ""
    type_line = (svg_line(32, 86, kinds, max(8, least), 60, fill=ink, text_anchor="middle")
                 if kinds and len(kinds) * 0.6 * least <= 60 * 1.25 else "")
    # the title (tooltip and accessible name): the full name, cost, types and what the card does
    title = f"{name} ({card.rank}${', ' + kinds if kinds else ''})" + (f": {text}" if text else "")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 64 92" '
        f'role="img" style="margin:1px"><title>{_esc(title)}</title>'
        f'<rect x="1" y="1" width="62" height="90" rx="6" fill="{fill}" stroke="#333" stroke-width="1.5"/>'
        f'{corner}{middle}{type_line}</svg>'
    )
