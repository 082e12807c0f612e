"""The Big Cat Game's board as HTML (Wildcat rulebook, "The BIG CAT Game"): each seat's face-down
stack with its count, the centre pile's newest cards, the demand in progress and the counts. Pure
functions of the observation, a ``seat_label(seat) -> str`` and the deck's name (which cards are
reward cards: ``PENALTY_LETTERS``); no ipywidgets."""
from __future__ import annotations

import html
from typing import Any, Callable

from ..cards import Card
from ..games.big_cat import PENALTY_LETTERS
from . import back_svg, board
from .tables import card_html

__all__ = ["board_html", "demand_text", "card_does", "PILE_SHOWN"]

#: newest pile cards drawn face up
PILE_SHOWN = 10
CARD_W = 48


def demand_text(obs: dict, deck: str) -> str:
    """The demand in progress in words (plain text), from the observation."""
    if obs["is_over"]:
        return "The game is over."
    cur = obs["current_player"]
    if cur is None:  # play ended by the page (GameTable.end_play): no one is to play
        return "No one is to play now."
    if obs["taking"]:
        return f"Seat {cur} takes the pile."
    if obs["demand"]:
        n = obs["demand"]
        reward = next((c for c in reversed(obs["pile"]) if _penalty(obs, deck, c)), None)
        what = reward.name if reward is not None else "reward card"
        return f"Seat {cur} must lay {n} more card{'s' * (n != 1)} for seat {obs['demand_by']}'s {what}."
    if not obs["pile"]:
        return f"Seat {cur} starts a new pile."
    return f"No demand yet: seat {cur} lays the next card."

def card_does(obs: dict, deck: str, card: Card) -> str:
    """What ``card`` does, for its tooltip and accessible name: a reward card's demand
    ("reward card: the next player must lay 5 cards"); "" for an ordinary card."""
    n = _penalty(obs, deck, card)
    return f"reward card: the next player must lay {n} card{'s' * (n != 1)}" if n else ""

def _penalty(obs: dict, deck: str, card: Card) -> int:
    letter = PENALTY_LETTERS[deck].get(card.name)
    return obs["penalties"].get(letter, 0) if letter else 0

def board_html(obs: dict, seat_label: Callable[[int | None], str], deck: str) -> str:
    """Stacks (backs with counts), the centre pile, the demand and the counts."""
    seats = []
    for s, size in enumerate(obs["stack_sizes"]):
        turn = obs["current_player"] == s
        label = "out" if obs["out"][s] else f"{size}"
        border = "3px solid #e8a317" if turn else "3px solid transparent"
        seats.append(
            f"<div style='display:inline-block;text-align:center;margin:0 8px;padding:3px;"
            f"border:{border};border-radius:8px' class='catcards-seat'>"
            f"{back_svg(CARD_W, label) if size else card_html(None, CARD_W, empty='empty')}"
            f"<div>{html.escape(seat_label(s))}</div>"
            f"<div style='color:#555'>{size} card{'s' * (size != 1)}"
            f"{' &middot; <b>out</b>' if obs['out'][s] else ''}</div></div>"
        )
    pile = obs["pile"]
    shown = pile[-PILE_SHOWN:]
    faces = "".join(card_html(c, CARD_W, does=card_does(obs, deck, c)) for c in shown) or card_html(None, CARD_W, empty="no pile")
    more = f"<span style='color:#595959'>+{len(pile) - len(shown)} under</span> " if len(pile) > len(shown) else ""
    names = {v: k for k, v in PENALTY_LETTERS[deck].items()}
    penalties = ", ".join(f"{names[k]} {v}" for k, v in obs["penalties"].items())
    return (
        "<div class='catcards-board'>"
        f"<div class='catcards-stacks'>{''.join(seats)}</div>"
        f"<div style='margin-top:6px'><b>Centre pile</b> ({len(pile)} card{'s' * (len(pile) != 1)}, "
        "newest on the right)</div>"
        f"<div class='catcards-pile' style='display:flex;flex-wrap:wrap;gap:3px;align-items:center'>"
        f"{more}{faces}</div>"
        f"<div class='catcards-demand' style='margin-top:6px;font-size:1.1em'>"
        f"{html.escape(demand_text(obs, deck))}</div>"
        f"<div class='catcards-counts' style='color:#444'>Cards played: <b>{obs['cards_played']}</b>"
        f" &middot; tricks: <b>{obs['tricks']}</b> &middot; demands: {html.escape(penalties)}</div>"
        "</div>"
    )


@board("big-cat")
def game_board(obs: dict, seat_label: Callable[[int | None], str], game: Any) -> str:
    """Big Cat's board (its table draws the same, with the game's deck), for a table and for a state in a notebook cell (:data:`catcards.render.BOARDS`)."""
    return board_html(obs, seat_label, game.deck)
