"""A trick on the table as HTML (Cat Trick and King of the Jungle draw it the same way). Pure
function of plain values; no ipywidgets."""
from __future__ import annotations

import html
from typing import Callable

from .tables import card_html

__all__ = ["trick_html"]


def trick_html(plays: list[dict], players: int, leader: int | None, seat_label: Callable[[int], str], width: int = 52,
               winner: int | None = None) -> str:
    """The trick as one slot per seat in play order from ``leader``: the card played (or an empty
    slot, "to play"; a card shared away under greedy-or-needy: "shared away"), captioned with
    ``seat_label(seat)``; ``winner``'s slot is outlined in green. ``plays``: dicts with "seat"
    and "card" (a Card or None), as in the games' observations ``obs["trick"]``; ``width`` in px."""
    by_seat = {p["seat"]: p["card"] for p in plays}
    order = [(leader + k) % players for k in range(players)] if leader is not None else list(range(players))
    slots = []
    for s in order:
        if s in by_seat:
            card = by_seat[s]
            face = card_html(card, width) if card is not None else card_html(None, width, empty="shared away")
        else:
            face = card_html(None, width, empty="to play")
        ring = "outline:3px solid #2b7a2b;border-radius:6px;" if s == winner else ""
        slots.append(
            f"<div class='catcards-trick-slot' data-seat='{s}' style='text-align:center;margin:0 4px'>"
            f"<div style='{ring}display:inline-block'>{face}</div>"
            f"<div style='font-size:11px;color:#444'>{html.escape(seat_label(s))}</div></div>"
        )
    return f"<div style='display:flex;align-items:flex-end'>{''.join(slots)}</div>"
