"""Snap's board as HTML (Wildcat rulebook, "SNAP"): each seat's face-down stack with its count
and status, and the centre pile's top cards with the SNAP banner. Pure function of the
observation and a ``seat_label(seat) -> str``; no ipywidgets."""
from __future__ import annotations

import html
from typing import Any, Callable

from ..games.snap import OUT
from . import back_svg, board
from .tables import card_html

__all__ = ["board_html"]


#: a seat's status in words under its stack ("in" read as "in · to turn", readme50)
_STATUS = {"in": "playing"}


def board_html(obs: dict, seat_label: Callable[[int | None], str]) -> str:
    """Stacks per seat (face-down counts, status) and the centre pile, from ``obs`` only."""
    seats = []
    for s in range(obs["players"]):
        count = obs["stack_sizes"][s]
        status = obs["status"][s]
        turn = s == obs["current_player"]
        face = back_svg(44, str(count)) if count else card_html(None, 44, empty="no cards")
        seats.append(
            f"<div style='text-align:center;margin:0 8px;{'font-weight:bold' if turn else ''}'>"
            f"{face}<div>{html.escape(seat_label(s))}</div>"
            f"<div style='color:{'#c00' if status == OUT else '#666'};font-size:12px'>"
            f"{html.escape(_STATUS.get(status, status))}{' &middot; turns next' if turn else ''}</div></div>"
        )
    top = obs["pile"][-3:]
    faces = "".join(
        f"<div style='margin:0 3px'>{card_html(c, 72 if i == len(top) - 1 else 52)}</div>"
        for i, c in enumerate(top)
    ) or card_html(None, 72, empty="empty pile")
    banner = (
        "<div style='font-size:1.6em;font-weight:bold;color:#d62828'>SNAP!</div>"
        if obs["snap_showing"] else "<div style='height:1.6em'></div>"
    )
    under = obs["under"]
    under_text = f", {under} face down under it" if under else ""
    centre = (
        f"<div style='text-align:center;margin:8px'>{banner}"
        f"<div style='display:flex;justify-content:center;align-items:flex-end'>{faces}</div>"
        f"<div style='color:#666'>centre pile: {len(obs['pile'])} face up"
        f"{under_text}"
        f"</div></div>"
    )
    return (
        f"<div class='catcards-board'><div style='display:flex;flex-wrap:wrap'>{''.join(seats)}</div>"
        f"{centre}</div>"
    )


@board("snap")
def game_board(obs: dict, seat_label: Callable[[int | None], str], game: Any) -> str:
    """Snap's board (its table's ``render_board``), for a table and for a state in a notebook cell (:data:`catcards.render.BOARDS`)."""
    return board_html(obs, seat_label)
