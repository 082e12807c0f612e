"""The Simon's Cat Card Game's board as HTML (rulebook ``simons-cat.txt``): the pile, set-aside
cards, each seat's hand count, messes and Simon cards, and the round summary. Pure functions of
the observation and a ``seat_label(seat) -> str`` ("Seat 2 (you)"); no ipywidgets."""
from __future__ import annotations

import html
from typing import Any, Callable

from . import back_svg, board
from .tables import badges_html, card_html, cards_row, grid_html, plural, seat_box

__all__ = ["board_html", "seat_html", "simon_badges", "SIMON_RED"]

SIMON_RED = "#d62828"


def simon_badges(count: int) -> str:
    """``count`` small red Simon cards (3 of them lose the game)."""
    return badges_html(count, title="Simon card", letters="S", width=18, fill=SIMON_RED, ink="#fff",
                       none="no Simon cards")


def seat_html(obs: dict, seat: int, seat_label: Callable[[int | None], str]) -> str:
    messes = obs["messes"][seat]
    mess_html = "".join(
        f"<div style='display:inline-block;text-align:center;margin-right:3px'>"
        f"{card_html(mess[-1], 30)}<div style='font-size:12px;color:#555'>{plural(len(mess), 'card').replace(' ', '&nbsp;')}"
        f"</div></div>"
        for mess in messes
    ) or "<span style='color:#595959;font-size:12px'>no messes</span>"
    n_hand = obs["hand_sizes"][seat]
    hand = (
        f"<div class='catcards-hand' data-count='{n_hand}' style='display:inline-block;text-align:center'>"
        f"{back_svg(30, str(n_hand))}"
        f"<div style='font-size:12px;color:#555'>in hand</div></div>"
    )
    return seat_box(
        obs, seat, seat_label,
        f"<div style='display:flex;gap:8px;align-items:flex-start;margin-top:3px'>{hand}"
        f"<div><div style='font-size:12px;color:#555'>messes: <b class='catcards-mess-count'>"
        f"{len(messes)}</b></div><div>{mess_html}</div></div></div>"
        f"<div style='margin-top:3px'>{simon_badges(obs['simon_cards'][seat])}</div>",
    )


def board_html(obs: dict, seat_label: Callable[[int | None], str]) -> str:
    """Pile, set-aside cards, seats (card counts, messes, Simon cards), round summary."""
    top = obs["top"]
    pile = obs["pile"]
    if top is None:
        empty = "new pile" if any(obs["hand_sizes"]) else "round over"
        pile_html = card_html(None, 64, empty=empty)
        pile_caption = "no pile yet: the next card starts one" if not obs["is_over"] else ""
    else:
        pile_html = card_html(top, 64)
        pile_caption = f"{plural(len(pile), 'card')} in the pile"
    pile_block = (
        f"<div class='catcards-pile' style='display:flex;flex-direction:column;align-items:center;"
        f"text-align:center;width:104px;margin-right:16px'>"
        f"<div style='font-weight:bold'>Pile</div>{pile_html}"
        f"<div class='catcards-pile-caption' style='font-size:12px;color:#555'>{pile_caption}</div></div>"
    )
    aside = obs["set_aside"]
    side = (
        f"<div style='font-size:12px'><b>Set aside</b> (face up, out of play this round): "
        f"{cards_row(aside, 26, empty='none')}</div>"
    )
    results = obs["round_results"]
    if results and results[-1]["final_pile"]:  # card names: those cards are back in play
        side += (
            f"<div style='font-size:12px;margin-top:4px'><b>Round {results[-1]['round']}'s "
            f"final pile</b> (taken by no one): {html.escape(', '.join(results[-1]['final_pile']))}</div>"
        )
    if results:
        rows = [
            [r["round"], *(f"{m}" for m in r["messes"]),
             html.escape(", ".join(seat_label(s) for s in r["simon"])) or "no one"]
            for r in results
        ]
        heads = ["round", *(html.escape(seat_label(s)) for s in range(obs["players"])), "Simon card to"]
        side += (
            "<div style='font-size:12px;margin-top:4px'>"
            + grid_html("<b>Messes per round</b>: how many messes each seat made", heads, rows, "catcards-rounds")
            + "</div>"
        )
    seats = "".join(seat_html(obs, s, seat_label) for s in range(obs["players"]))
    return (
        f"<div class='catcards-simons-board' style='line-height:1.3'>"
        f"<div style='display:flex;align-items:flex-start;margin-bottom:6px'>{pile_block}"
        f"<div style='min-width:0;flex:1'>{side}</div></div><div>{seats}</div></div>"
    )


@board("simons-cat")
def game_board(obs: dict, seat_label: Callable[[int | None], str], game: Any) -> str:
    """Simon's Cat's board (its table's ``render_board``), for a table and for a state in a notebook cell (:data:`catcards.render.BOARDS`)."""
    return board_html(obs, seat_label)
