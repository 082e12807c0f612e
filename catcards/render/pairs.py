"""Pairs' board as HTML (Wildcat rulebook, "PAIRS"; ``rules/wildcat.md``, "Pairs"): the pairs
per seat, one grid position (a face-down card with its number, a face turned over in the turn
under way, or an empty slot), the recent turns every player saw, and the pairs a seat has taken.
Pure functions of the observation, a ``seat_label(seat) -> str`` and the game's card list; no
ipywidgets (the table puts each grid position above its own "turn" button)."""
from __future__ import annotations

import html
from typing import Any, Callable, Sequence

from ..cards import Card
from . import back_svg, board
from .tables import card_html, hint_html

__all__ = ["board_html", "scores_html", "cell_html", "card_named", "recent_html", "taken_html", "verdict_html",
           "turning_html", "CELL"]

#: a grid card, pixels wide
CELL = 46


def scores_html(obs: dict, seat_label: Callable[[int | None], str]) -> str:
    """The pairs each seat has taken, on one line."""
    return "<div>" + " &middot; ".join(
        f"{html.escape(seat_label(s))}: <b>{obs['pair_counts'][s]}</b> pair"
        f"{'s' * (obs['pair_counts'][s] != 1)}"
        for s in range(obs["players"])
    ) + "</div>"


def verdict_html(match: bool | None) -> str:
    """The start of the status line while a turn's two cards are shown face up: "A pair · " or
    "No match · " (``match``); nothing when none is shown (None)."""
    return "" if match is None else ("<b>A pair</b> &middot; " if match else "<b>No match</b> &middot; ")


def turning_html(who: str) -> str:
    """The status line's "Seat 1 (computer) is turning cards" while the computers' paced turn is
    under way; ``who`` is the seat's name, escaped here."""
    return f"<b>{html.escape(who)} is turning cards</b>"


def cell_html(position: int, shown: Any) -> str:
    """Grid position ``position`` as it is shown (``obs["grid"][position]``): an empty slot
    (None: its pair was taken), the face of a card turned over (a Card), or a face-down card
    with its position number."""
    if shown is None:
        return card_html(None, CELL, empty="")
    if isinstance(shown, Card):
        return card_html(shown, CELL)
    return back_svg(CELL, str(position), title=f"card {position}, face down")


def card_named(cards: Sequence[Card], name: str) -> Card:
    """The card of ``cards`` (the game's card list) whose ``str`` is ``name``.

    Raises:
        KeyError: no card has that name.
    """
    for c in cards:
        if str(c) == name:
            return c
    raise KeyError(name)


def recent_html(recent: Sequence[dict], seat_label: Callable[[int | None], str], cards: Sequence[Card]) -> str:
    """The turns completed since a person last acted, newest first (each a dict like
    ``obs["last_turn"]`` with its ``turn`` number; card names matched to ``cards``); "" for none."""
    rows = []
    for t in recent:
        faces = "".join(card_html(card_named(cards, n), 34) for n in t["cards"])
        where = " and ".join(f"card {q}" for q in t["positions"])
        verdict = "<b>pair</b>" if t["match"] else "no match"
        rows.append(
            f"<div style='display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin:2px 0'>"
            f"<span style='min-width:170px'>Turn {t['turn']}: {html.escape(seat_label(t['seat']))}</span>"
            f"{faces}<span>{where}: {verdict}</span></div>"
        )
    return "<b>Recent turns</b> (what everyone saw)" + "".join(rows[::-1]) if rows else ""


def taken_html(obs: dict, seat: int, seat_label: Callable[[int | None], str], hint: str) -> str:
    """The pairs ``seat`` has taken (faces), under the ``hint`` line (plain text)."""
    faces = "".join(card_html(c, 30) for c in obs["pairs"][seat]) or "<span style='color:#595959'>(none yet)</span>"
    return (f"<div>{hint_html(hint)}</div><b>{html.escape(seat_label(seat))}: pairs taken</b> "
            f"<div style='display:flex;flex-wrap:wrap;gap:2px'>{faces}</div>")


def board_html(obs: dict, seat_label: Callable[[int | None], str]) -> str:
    """The pairs per seat (:func:`scores_html`) over the grid, every position as
    :func:`cell_html` draws it (a table puts each above its own button instead)."""
    cells = "".join(f"<div style='display:inline-block'>{cell_html(p, shown)}</div>" for p, shown in enumerate(obs["grid"]))
    return scores_html(obs, seat_label) + f"<div style='display:flex;flex-wrap:wrap;gap:4px;margin-top:4px'>{cells}</div>"


@board("pairs")
def game_board(obs: dict, seat_label: Callable[[int | None], str], game: Any) -> str:
    """Pairs' board (its table draws the same pieces, each grid position above its button), for a table and for a state in a notebook cell (:data:`catcards.render.BOARDS`)."""
    return board_html(obs, seat_label)
