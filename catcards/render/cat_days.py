"""Cat Days' card faces and board as HTML/SVG (rulebook ``cat-days.txt``; deck
``rules/cat-days.md``): a card face, one day of a week, a week's row and the board (both weeks
Monday..Sunday with the draw and discard piles between them). Pure functions of the observation
and a ``seat_label(seat) -> str``; no ipywidgets."""
from __future__ import annotations

import html
from typing import Any, Callable

from ..cards import Card
from ..games.cat_days import DAYS
from . import CARD_TEXT_PX, back_svg, board, svg_line
from .tables import plural

__all__ = ["card_face", "HEIGHT_PER_WIDTH", "day_html", "week_row", "board_html", "hand_heading_html", "describe_html", "CAT_COLOUR", "EVENT_COLOUR", "STAYS_COLOUR"]

CAT_COLOUR = "#f3b45b"
EVENT_COLOUR = "#7fb3e6"
STAYS_COLOUR = "#a5d6a7"


#: a Cat Days card's height per pixel of width (:func:`card_face`)
HEIGHT_PER_WIDTH = 1.35


def card_face(card: Card, deck: Any, width: int = 52, covered: bool = False, height: int | None = None) -> str:
    """A small Cat Days card as SVG, ``width`` px wide and ``height`` px high (default:
    :data:`HEIGHT_PER_WIDTH` times the width, rounded): its name (a word per line, a long word
    narrowed, never cut) and, for a cat, its points large; cats orange, events blue, Cat Tree and
    Cardboard Box green; ``covered`` greys it (a cat under a Grumpy Cat). Text is at least 12 px
    (issue 12, :data:`catcards.render.CARD_TEXT_PX`). Its ``<title>`` (tooltip and accessible
    name) is the card's full text (``CardKind.describe()``: name, kind, points, what it does)."""
    kind = deck.kind(card)
    fill = CAT_COLOUR if kind.is_cat else STAYS_COLOUR if kind.stays else EVENT_COLOUR
    if height is None:
        height = round(width * HEIGHT_PER_WIDTH)
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


def day_html(obs: dict, week: int, d: int) -> str:
    """Day ``d`` (0 = Monday) of seat ``week``'s week as a table cell: its day name and score, the
    Cat Tree or Cardboard Box on it, its visible cats (faces), its covered cats (greyed, named),
    or "empty"."""
    day = obs["weeks"][week][d]
    deck = obs["deck"]
    parts = []
    if day["base"] is not None:
        parts.append(f"<div class='catcards-cardtext' style='font-size:12px;color:#2e7d32'>{html.escape(day['base'].name)}</div>")
    faces = "".join(card_face(c, deck) for c in day["visible"])
    parts.append(f"<div style='display:flex;gap:2px;justify-content:center;flex-wrap:wrap'>{faces}</div>")
    for c in day["covered"]:
        parts.append(
            f"<div class='catcards-covered catcards-cardtext' style='font-size:12px;color:#595959'>covered: "
            f"{html.escape(c.name)} ({c.rank})</div>"
        )
    if not day["cats"] and day["base"] is None:
        parts.append("<div style='color:#595959;font-size:12px;margin-top:14px'>empty</div>")
    return (
        f"<td class='catcards-day' data-week='{week}' data-day='{DAYS[d]}' "
        f"style='border:1px solid #ccc;vertical-align:top;text-align:center;padding:3px;width:13%;"
        f"min-width:64px;height:92px'>"
        f"<div style='font-weight:bold;font-size:12px'>{DAYS[d][:3]} "
        f"<span style='color:#595959;font-weight:normal'>{day['score']}</span></div>"
        f"{''.join(parts)}</td>"
    )


def week_row(obs: dict, week: int, seat_label: Callable[[int | None], str]) -> str:
    """Seat ``week``'s week as a table row: its label (an arrow when it is to act), score, days
    filled and hand size, then its seven days (:func:`day_html`)."""
    label = seat_label(week)
    to_act = obs["current_player"] == week and not obs["is_over"]
    head = (
        f"<td style='vertical-align:middle;padding-right:6px;min-width:110px'>"
        f"<b>{html.escape(label)}</b>{' &#9654;' if to_act else ''}<br>"
        f"<span class='catcards-week-score' data-week='{week}'>score <b>{obs['scores'][week]}</b></span><br>"
        f"<span style='font-size:12px;color:#555'>{obs['days_filled'][week]}/7 days, "
        f"{obs['hand_sizes'][week]} in hand</span></td>"
    )
    return "<tr>" + head + "".join(day_html(obs, week, d) for d in range(7)) + "</tr>"


def board_html(obs: dict, seat_label: Callable[[int | None], str]) -> str:
    """Opponent's week (top), the piles, the viewer's week (bottom); for a spectator
    (``obs["seat"]`` None) seat 1 on top. On a phone the days wrap (:data:`catcards.render.tables.STYLE`)."""
    me = obs["seat"] if obs["seat"] is not None else 0
    deck = obs["deck"]
    discard = obs["discard_pile"]
    top = card_face(discard[-1], deck) if discard else "<span style='color:#595959'>empty</span>"
    piles = (
        "<tr><td></td><td colspan='7' style='padding:4px'>"
        "<div style='display:flex;gap:24px;align-items:center'>"
        f"<div class='catcards-draw-pile' data-count='{obs['draw_pile_size']}' style='text-align:center'>"
        f"{back_svg(34, str(obs['draw_pile_size']))}<div style='font-size:12px'>draw pile</div></div>"
        f"<div class='catcards-discard' data-count='{len(discard)}' style='text-align:center'>{top}"
        f"<div style='font-size:12px'>discard pile ({len(discard)})</div></div>"
        f"<div style='font-size:12px;color:#555'>turn {obs['turn']} of at most {obs['max_turns']}</div>"
        "</div></td></tr>"
    )
    return (
        "<div class='catcards-scroll'>"
        "<table class='catcards-cat-days-board' style='border-collapse:collapse;width:100%'>"
        + week_row(obs, 1 - me, seat_label) + piles + week_row(obs, me, seat_label) + "</table></div>"
    )


def hand_heading_html(label: str, count: int, choosing: bool) -> str:
    """The heading over a hand of ``count`` cards (``label``: the seat's label); ``choosing``
    adds "choose a card, then where it goes"."""
    return (f"<b>{html.escape(label)}: hand</b> ({plural(count, 'card')})"
            + (" &middot; choose a card, then where it goes" if choosing else ""))


def describe_html(text: str) -> str:
    """The chosen card's text (``CardKind.describe()``), in italics, over its places."""
    return f"<i>{html.escape(text)}</i>"


def faces_html(cards: Any, deck: Any, width: int = 40) -> str:
    """A row of Cat Days faces (:func:`card_face`), "-" in grey for none."""
    if not cards:
        return "<span style='color:#595959'>-</span>"
    return ("<span style='display:inline-flex;flex-wrap:wrap;gap:2px'>"
            + "".join(card_face(c, deck, width) for c in cards) + "</span>")


@board("cat-days", cards=lambda cards, game: faces_html(cards, game.deck),
       face=lambda card, game, height: card_face(card, game.deck, round(height / HEIGHT_PER_WIDTH), height=height))
def game_board(obs: dict, seat_label: Callable[[int | None], str], game: Any) -> str:
    """Cat Days' board (its table's ``render_board``), for a table and for a state in a notebook cell (:data:`catcards.render.BOARDS`)."""
    return board_html(obs, seat_label)
