"""A trick on the table, and the per-seat score sheet under it, as HTML (Cat Trick and King of the
Jungle draw them the same way). Pure functions of plain values; no ipywidgets."""
from __future__ import annotations

import html
from typing import Any, Callable, Iterable, Sequence

from .tables import card_html, grid_html

__all__ = ["trick_html", "trick_block_html", "sheet_html"]


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
            f"<div style='font-size:12px;color:#444'>{html.escape(seat_label(s))}</div></div>"
        )
    return f"<div style='display:flex;flex-wrap:wrap;align-items:flex-end'>{''.join(slots)}</div>"


def trick_block_html(obs: dict, seat_label: Callable[[int], str], caption: str, extra: str = "") -> str:
    """The trick in play under the title "Trick" with ``caption`` (HTML: the led suit, who leads)
    or, between tricks (``obs["trick"]`` empty and ``obs["last_trick"]`` not), the last trick
    with its winner outlined, titled "Last trick" and captioned "<winner> won the last trick and
    leads next". ``extra``: HTML after the caption. Reads ``players``, ``trick``, ``leader``,
    ``last_trick`` and ``last_winner`` of the observation."""
    n = obs["players"]
    if obs["trick"] or not obs["last_trick"]:
        trick = trick_html(obs["trick"], n, obs["leader"], seat_label)
        title = "Trick"
    else:
        winner = obs["last_winner"]
        caption = f"{html.escape(seat_label(winner))} won the last trick and leads next"
        trick = trick_html(obs["last_trick"], n, obs["last_trick"][0]["seat"], seat_label,
                           winner=winner)
        title = "Last trick"
    return (
        f"<div class='catcards-trick'><div style='font-weight:bold'>{title}</div>{trick}"
        f"<div style='font-size:12px;margin-top:2px'>{caption}</div>{extra}</div>"
    )


def sheet_html(heading: str, css_class: str, players: int, first: str,
               rows: Iterable[tuple[Any, Sequence[Any], Any]], last: str | None = None,
               seat_label: Callable[[int], str] | None = None) -> str:
    """A score sheet (:func:`catcards.render.tables.grid_html`: a real table, its columns padded
    and ruled, headers with ``scope``, ``heading`` as its caption) with one column per seat
    (``seat_label(seat)``, escaped; "Seat 0", ... without it) between a ``first`` column (round,
    hand: each row's header) and, when ``last`` is given, a last column (e.g. who took the round's
    card). ``rows``: ``(first cell, cells per seat, last cell)`` (HTML; the last cell is ignored
    without ``last``). ``heading``: HTML; ``css_class``: the table's class."""
    label = seat_label or (lambda s: f"Seat {s}")
    heads = [first, *(html.escape(label(s)) for s in range(players)), *([last] if last is not None else [])]
    body = [[a, *cells, *([z] if last is not None else [])] for a, cells, z in rows]
    return f"<div style='font-size:12px;margin-top:4px'>{grid_html(heading, heads, body, css_class)}</div>"
