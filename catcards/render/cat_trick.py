"""Cat Trick's board as HTML (rulebook ``cat-trick.txt``): trump, the trick (or the last trick),
each seat's hand count, collection by colour and Super Cat cards, and the round summary. Pure
functions of the observation and a ``seat_label(seat) -> str``; no ipywidgets."""
from __future__ import annotations

import html
from typing import Any, Callable

from ..cards import suit_colour
from ..games.cat_trick import COLOURS, GREEDY_LIMIT, SUPER_CATS_TO_WIN
from . import back_svg, board, suit_style
from .tables import badges_html, card_html, cards_row, plural, seat_box
from .tricks import sheet_html, trick_block_html, trick_html  # noqa: F401 (trick_html: re-exported)

__all__ = ["board_html", "seat_html", "collection_html", "super_cats_html", "SUPER_CAT_GOLD", "COLLECTION_NOTE"]

SUPER_CAT_GOLD = "#e0a800"


#: what a collection is, said once above the seats, where the word first appears (rulebook:
#: the winner of a trick collects it face up by colour; greedy or needy at 4 of a colour; all 5
#: colours end the round)
COLLECTION_NOTE = (
    "<div class='catcards-collection-note' style='font-size:12px;color:#333;margin:2px 3px'>"
    "<b>Collection</b>: the cards of the tricks a seat has won, sorted by colour. "
    f"All {len(COLOURS)} colours win the round and a Super Cat card. "
    f"{GREEDY_LIMIT} cards of one colour are too greedy: all of them are dealt to the other players.</div>"
)


def super_cats_html(count: int) -> str:
    """``count`` small gold Super Cat cards (3 win the game)."""
    badges = badges_html(count, title="Super Cat card", letters="SC", width=24, fill=SUPER_CAT_GOLD, ink="#222",
                         none="no Super Cat cards")
    return f"<span class='catcards-super-cats' data-count='{count}'>{badges}</span>" if count else badges


def collection_html(by_colour: dict) -> str:
    if not by_colour:
        return "<span style='color:#595959;font-size:12px'>nothing collected</span>"
    groups = []
    for colour in COLOURS:
        cards = by_colour.get(colour, [])
        if not cards:
            continue
        warn = len(cards) == GREEDY_LIMIT - 1
        note = (
            f"<div style='font-size:12px;color:#b00' title='at {GREEDY_LIMIT} cards of one colour, all of "
            f"them are dealt to the other players'>{len(cards)}: a {GREEDY_LIMIT}th loses them all</div>"
            if warn
            else f"<div style='font-size:12px;color:#555'>{len(cards)}</div>"
        )
        groups.append(
            f"<div class='catcards-colour' data-colour='{colour}' data-count='{len(cards)}' "
            f"style='display:inline-block;text-align:center;margin-right:4px;padding:1px;"
            f"border-bottom:3px solid {suit_colour(colour)}'>{cards_row(cards, 22)}{note}</div>"
        )
    return "".join(groups)


def seat_html(obs: dict, seat: int, seat_label: Callable[[int | None], str]) -> str:
    n_hand = obs["hand_sizes"][seat]
    colours = obs["colours_collected"][seat]
    return seat_box(
        obs, seat, seat_label,
        f"<div style='display:flex;gap:8px;align-items:flex-start;margin-top:3px'>"
        f"<div class='catcards-hand' data-count='{n_hand}' style='text-align:center'>"
        f"{back_svg(28, str(n_hand))}<div style='font-size:12px;color:#555'>in hand</div></div>"
        f"<div><div style='font-size:12px;color:#555'>collection: <b class='catcards-colours'>"
        f"{colours}</b> of {len(COLOURS)} colours, {plural(obs['collected'][seat], 'card')}</div>"
        f"<div>{collection_html(obs['collections'][seat])}</div></div></div>"
        f"<div style='margin-top:3px'>{super_cats_html(obs['super_cats'][seat])}</div>",
        min_width=170,
    )


def board_html(obs: dict, seat_label: Callable[[int | None], str]) -> str:
    """Trump card, the trick (or the last trick and its winner), seats, round summary."""
    n = obs["players"]
    trump = obs["trump"]
    trump_block = (
        f"<div class='catcards-trump' data-trump='{trump}' style='text-align:center;margin-right:14px'>"
        f"<div style='font-weight:bold'>Trump</div>{card_html(obs['trump_card'], 56)}"
        f"<div style='font-size:12px'><b style='background:{suit_style(trump)[0]};color:{suit_style(trump)[1]};"
        f"padding:0 3px;border-radius:3px'>{suit_style(trump)[2]} {trump}</b> is trump</div>"
        f"<div style='font-size:12px;color:#595959'>{obs['draw_pile_size']} undealt, hidden"
        f"{'; ' + str(obs['discard_pile_size']) + ' discarded' if obs['discard_pile_size'] else ''}</div></div>"
    )
    led = obs["led_suit"]
    caption = (
        f"Led colour: <b class='catcards-led' style='background:{suit_style(led)[0]};color:{suit_style(led)[1]};"
        f"padding:0 3px;border-radius:3px'>{suit_style(led)[2]} {led}</b>"
        if led else f"{html.escape(seat_label(obs['leader']))} leads"
    )
    middle = trick_block_html(obs, seat_label, caption)
    results = obs["round_results"]
    summary = ""
    if results:
        summary = sheet_html(
            f"<b>Rounds</b>: each seat's collection at the round's end (the first to {SUPER_CATS_TO_WIN} "
            "Super Cat cards wins)", "catcards-rounds", n, "round",
            ((r["round"], [f"{plural(c, 'colour')}, {plural(k, 'card')}" for c, k in zip(r["colours"], r["collected"])],
              f"{html.escape(', '.join(seat_label(w) for w in r['winners']))} ({r['how']})") for r in results),
            last="Super Cat card to", seat_label=seat_label)
    seats = "".join(seat_html(obs, s, seat_label) for s in range(n))
    return (
        f"<div class='catcards-cat-trick-board' style='line-height:1.3'>"
        f"<div style='display:flex;flex-wrap:wrap;align-items:flex-start;margin-bottom:6px'>{trump_block}{middle}</div>"
        f"{COLLECTION_NOTE}<div>{seats}</div>{summary}</div>"
    )


@board("cat-trick")
def game_board(obs: dict, seat_label: Callable[[int | None], str], game: Any) -> str:
    """Cat Trick's board (its table's ``render_board``), for a table and for a state in a notebook cell (:data:`catcards.render.BOARDS`)."""
    return board_html(obs, seat_label)
