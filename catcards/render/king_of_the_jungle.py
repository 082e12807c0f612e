"""King of the Jungle's board as HTML (Wildcat rulebook, "King of the Jungle"): the trick (or the
last trick), each seat's hand count with its bid against the tricks won and its score, and the
score sheet. Pure functions of the observation and a ``seat_label(seat) -> str``; no ipywidgets."""
from __future__ import annotations

import html
from typing import Any, Callable

from ..cards import suit_colour
from . import back_svg, board
from .tables import seat_box
from .tricks import sheet_html, trick_block_html, trick_html  # noqa: F401 (trick_html: re-exported)

__all__ = ["board_html", "seat_html"]


def seat_html(obs: dict, seat: int, seat_label: Callable[[int | None], str]) -> str:
    n_hand = obs["hand_sizes"][seat]
    bid = obs["bids"][seat]
    won = obs["won"][seat]
    if bid is None:
        against = "<span style='color:#595959'>no bid yet</span>"
    else:
        colour = "#2b7a2b" if won == bid else ("#b00" if won > bid else "#444")
        against = (
            f"bid <b class='catcards-bid'>{bid}</b> &middot; won "
            f"<b class='catcards-won' style='color:{colour}'>{won}</b>"
        )
    dealer = " <span style='font-size:12px;color:#595959'>(dealer)</span>" if obs["dealer"] == seat else ""
    return seat_box(
        obs, seat, seat_label,
        f"<div style='display:flex;gap:8px;align-items:center;margin-top:3px'>"
        f"<div class='catcards-hand' data-count='{n_hand}'>{back_svg(26, str(n_hand))}</div>"
        f"<div style='font-size:12px'>{against}<br>score <b class='catcards-score'>"
        f"{obs['scores'][seat]}</b></div></div>",
        after_name=dealer,
        doing="bid" if obs["phase"] == "bid" else "play",
    )


def board_html(obs: dict, seat_label: Callable[[int | None], str]) -> str:
    """The trick (or the last trick), seats with bids / tricks / scores, the score sheet."""
    n = obs["players"]
    led = obs["led_suit"]
    if led:
        caption = f"Led suit: <b class='catcards-led' style='color:{suit_colour(led)}'>{led}</b> (follow it if you can)"
    elif obs["is_over"]:
        caption = "The game is over."
    elif obs["phase"] == "bid":
        caption = f"Bidding: the bids may not total 13. {html.escape(seat_label(obs['leader']))} leads after."
    else:
        caption = f"{html.escape(seat_label(obs['leader']))} leads"
    bids = [b for b in obs["bids"] if b is not None]
    total = f"bids this hand total {sum(bids)}" if bids and not obs["is_over"] else ""
    middle = trick_block_html(obs, seat_label, caption, f"<div style='font-size:12px;color:#555'>{total}</div>")
    sheet = ""
    if obs["hand_results"]:
        sheet = sheet_html(
            "<b>Score sheet</b>: each seat's bid/tricks won: points this hand = score "
            f"(everyone starts on 20; the first to {obs['target']} wins)", "catcards-scores", n, "hand",
            ((r["hand"], [f"{b}/{w}: {p:+d}&nbsp;=&nbsp;<b>{sc}</b>"
                          for b, w, p, sc in zip(r["bids"], r["won"], r["points"], r["scores"])],
              None) for r in obs["hand_results"]), seat_label=seat_label)
    seats = "".join(seat_html(obs, s, seat_label) for s in range(n))
    return (
        f"<div class='catcards-jungle-board' style='line-height:1.3'>{middle}"
        f"<div style='margin-top:6px'>{seats}</div>{sheet}</div>"
    )


@board("king-of-the-jungle")
def game_board(obs: dict, seat_label: Callable[[int | None], str], game: Any) -> str:
    """King of the Jungle's board (its table's ``render_board``), for a table and for a state in a notebook cell (:data:`catcards.render.BOARDS`)."""
    return board_html(obs, seat_label)
