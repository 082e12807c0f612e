"""The HTML pieces every widget table shares: a card face or an empty slot, a row of cards, the
hint line, an observation value, and the tables' stylesheet. Pure functions of plain values; no
ipywidgets (``catcards.widgets.table`` puts them into widgets)."""
from __future__ import annotations

import html
import re
from typing import Any, Callable, Sequence

from ..cards import Card
from ..core.text import plural  # noqa: F401  (the renderers' import; one helper for the games' text too)
from . import card_svg, cards_html

__all__ = ["CARD_WIDTH", "STYLE", "SCROLL_HINT", "card_html", "cards_row", "hint_html", "hand_heading_html", "badges_html", "announce_html",
           "obs_value_html", "obs_board_html", "seat_box", "plural", "grid_html"]

#: cards drawn in hands and on boards, pixels wide
CARD_WIDTH = 56

#: The tables' stylesheet (WCAG 2.1 AA): a visible focus ring (3 px, black on a white halo: at
#: least 3:1 on any background) on every control, drawn inside the control's edge (an ipywidgets
#: box scrolls its overflow, so a ring drawn outside was cut off for a control at a box's edge:
#: only a thin bar showed), and on a box that scrolls (the browser lets Tab reach a box whose
#: content overflows, such as Card Game's seats table on a phone, and drew only its own thin
#: ring there); a card's whole column (its picture too) clicks
#: its button (the button's ::after stretched over the column, so the button stays the one
#: keyboard and screen-reader control); card names wrap instead of being cut off; an HTML part
#: with ipywidgets' 2 px margins is never wider than the table (a width of 100% plus the margins
#: made every table 4 px wider than its box, which then scrolled sideways). The Messages box's
#: lines wrap between words (JupyterLab's outputs break anywhere, ``word-break: break-all``: at
#: 390 px "nothing" was split "noth" / "ing"); only a word longer than the line breaks. The parts above the
#: controls row (``catcards-above``: title, "How to play", status, hand, board) are left out of the
#: browser's scroll anchoring unless the focus is in them, so a redraw that changes their height
#: moves the page's scroll position with it and the controls row stays where it was on screen (a
#: control keeps the focus after a press: at 390 px "Computer step" was pushed off the bottom of
#: the screen, because the browser anchored on the board, which each redraw replaces). On a phone
#: the trick-taking games' seat boxes go two a row, a trick's seat names wrap and a hand's card
#: buttons are 80 px wide with a 12 px label, their columns 2 px apart (four cards a row, not
#: three, so the hand and its moves come higher up the screen; the longest name, "Hedgehog 8" in
#: bold, fits on one line clear of the focus ring: at 72 px and 13 px it wrapped, class56).
STYLE = """<style>
.catcards-table .catcards-above:not(:focus-within) { overflow-anchor: none; }
.catcards-table button:focus-visible, .catcards-table select:focus-visible,
.catcards-table input:focus-visible, .catcards-table summary:focus-visible,
.catcards-table [tabindex]:focus-visible, .catcards-table .catcards-scroll:focus-visible,
.catcards-table .widget-output:focus-visible, .catcards-class-next:focus-visible {
  outline: 3px solid #000 !important; outline-offset: -3px; box-shadow: inset 0 0 0 5px #fff !important; }
.catcards-table summary { cursor: pointer; font-weight: bold; padding: 4px 0;
  min-height: 24px; }
.catcards-table .catcards-cardcol { position: relative; }
.catcards-table svg[role=img] { flex-shrink: 0; }
.catcards-table .catcards-cardcol button { position: static !important; }
.catcards-table .catcards-cardcol button:not([disabled])::after {
  content: ""; position: absolute; inset: 0; cursor: pointer; z-index: 1; }
.catcards-table button.catcards-card { white-space: normal; height: auto; min-height: 28px;
  line-height: 1.2; overflow-wrap: anywhere; }
.catcards-table button.catcards-unplayable { border: 1px dashed #595959 !important; color: #333 !important;
  background-color: #eeeeee !important; }  /* grey, also for a coloured button (Snap!: #333 on red was 2.7:1) */
.catcards-table .jupyter-widget-Collapse-header { color: #333 !important; }
.catcards-table .mod-success { background-color: #2e7d32 !important; }
.catcards-table .catcards-announce { font-weight: bold; min-height: 1.3em; }
.catcards-table .catcards-scroll { overflow-x: auto; max-width: 100%; padding-bottom: 6px;
  scrollbar-width: auto; scrollbar-color: #555 #ddd; }
.catcards-table .widget-html { max-width: calc(100% - 2 * var(--jp-widgets-margin, 2px)); min-width: 0; }
.catcards-table .widget-html-content { max-width: 100%; min-width: 0; }
.catcards-table .widget-output pre { white-space: pre-wrap; word-break: normal; overflow-wrap: anywhere; }
.catcards-table .catcards-scroll-hint { display: none; font-size: 13px; color: #333; }
@media (max-width: 820px) { .catcards-table .catcards-scroll-hint { display: block; } }
@media (max-width: 600px) {  /* a phone: two seat boxes a row, a trick's seat names wrap (issue 31) */
  .catcards-table div.catcards-seat[data-seat] { min-width: 0 !important; width: calc(50% - 6px);
    box-sizing: border-box; margin: 1px !important; }
  .catcards-table .catcards-trick-slot { max-width: 70px; }
  .catcards-table .catcards-cardcol { margin: 0 2px !important; }
  .catcards-table .catcards-cardcol button.catcards-card { width: 80px !important; margin: 2px 0;
    font-size: 12px; } }
@media (max-width: 600px) {  /* Cat Days on a phone: each week's days wrap under its label */
  .catcards-table .catcards-cat-days-board, .catcards-table .catcards-cat-days-board tbody { display: block; }
  .catcards-table .catcards-cat-days-board tr { display: flex; flex-wrap: wrap; gap: 2px; margin-bottom: 6px; }
  .catcards-table .catcards-cat-days-board td { display: block; }
  .catcards-table .catcards-cat-days-board td:first-child { flex-basis: 100%; } }
</style>"""

#: said above a board that may be wider than a phone (shown only on narrow screens, see STYLE)
SCROLL_HINT = ("<div class='catcards-scroll-hint'>&#8596; The board is wider than your screen: "
               "scroll it sideways to see all of it.</div>")


#: said under a score sheet's caption on narrow screens (see STYLE): it may be wider than a phone
SHEET_HINT = ("<span class='catcards-scroll-hint'>&#8596; If the table is cut off, scroll it "
              "sideways.</span>")


def card_html(card: Card | None, width: int = CARD_WIDTH, dim: bool = False, empty: str = "", does: str = "") -> str:
    """One card face (``catcards.render.card_svg``; ``does``: what the card does, added to its
    title) as HTML; an empty dashed slot for None."""
    if card is None:
        height = round(width * 92 / 64)
        return (
            f'<div style="width:{width}px;height:{height}px;border:2px dashed #bbb;border-radius:6px;'
            f'display:flex;align-items:center;justify-content:center;color:#595959;font-size:12px;'
            f'text-align:center">{html.escape(empty)}</div>'
        )
    return card_svg(card, width, dim=dim, does=does)


def grid_html(caption: str, heads: Sequence[str], rows: Sequence[Sequence[Any]], css_class: str = "") -> str:
    """A real table of text (a score sheet, a round summary): ``caption`` (HTML, its accessible
    name, drawn above its box, where it wraps), one header row of ``heads`` (HTML, ``<th scope="col">``) and ``rows``
    whose first cell is the row's header (``<th scope="row">``: the round or hand) and the rest
    cells (HTML). Each cell is padded 6 px either side and ruled (inline styles: the same in a
    table and in a notebook's ``_repr_html_``), so that "17" in one column and "0/0" in the next
    never read as "170/0"; a cell's text may wrap at its spaces on a phone (use ``&nbsp;`` to keep
    words together). ``css_class``: more classes.

    The table sits in its own box that scrolls sideways when it is wider than the screen (a
    score sheet of five seats on a phone): a data table is the exception WCAG 2.1 SC 1.4.10
    (Reflow) allows, and its box is a labelled region reached with Tab, so a keyboard scrolls it
    (axe: scrollable-region-focusable), with the tables' focus ring (:data:`STYLE`)."""
    name = html.escape(html.unescape(re.sub(r"<[^>]*>", "", caption)), quote=True)
    cell = "padding:2px 6px;border:1px solid #ccc;text-align:left;vertical-align:top"
    head = "".join(f"<th scope='col' style='{cell};background:#f2f2f2'>{h}</th>" for h in heads)
    body = "".join(
        f"<tr><th scope='row' style='{cell}'>{row[0]}</th>"
        + "".join(f"<td style='{cell}'>{c}</td>" for c in row[1:]) + "</tr>"
        for row in rows
    )
    classes = f"catcards-grid {css_class}".strip()
    # the caption is drawn above the scrolling box, where it wraps (a caption is as wide as its
    # table, so it scrolled with it and was cut at 390 px: "(the f"); the table keeps it as its
    # <caption> for a screen reader, out of sight, and the words drawn are hidden from one
    return (
        "<div class='catcards-sheet-box' style='max-width:100%;min-width:0'>"
        f"<div class='catcards-sheet-caption' aria-hidden='true' style='font-size:12px;padding:2px 0'>{caption}"
        f"{SHEET_HINT}</div>"
        f"<div class='catcards-scroll catcards-sheet' role='region' tabindex='0' aria-label='{name}' "
        "style='overflow-x:auto;max-width:100%'>"
        f"<table class='{classes}' style='border-collapse:collapse;font-size:12px'>"
        f"<caption style='{_OUT_OF_SIGHT}'>{caption}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div></div>"
    )


#: read by a screen reader, not drawn (the usual visually hidden text)
_OUT_OF_SIGHT = ("position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
                 "clip:rect(0 0 0 0);white-space:nowrap;border:0")


def hint_html(text: str) -> str:
    """The hint line every table shows by the moves (what the rules let you do now), as HTML."""
    return f"<span class='catcards-hint' style='color:#2b5e9e'>{html.escape(text)}</span>"


def hand_heading_html(label: str, count: int, hint: str) -> str:
    """The heading over a person's hand: "<label>: your hand (1 card)" / "(n cards)" and the hint
    line (:func:`hint_html`); ``label`` and ``hint`` are plain text."""
    return (f"<div style='line-height:1.4'><b>{html.escape(label)}: your hand</b> ({plural(count, 'card')}) &nbsp; "
            f"{hint_html(hint)}</div>")


def badges_html(count: int, *, title: str, letters: str, width: int, fill: str, ink: str, none: str) -> str:
    """``count`` small cards of one kind in a row (Simon's Cat's Simon cards, Cat Trick's Super
    Cat cards): ``width`` px wide, ``fill`` with ``letters`` in ``ink``, ``title`` as tooltip;
    ``none`` (plain text, grey) when ``count`` is 0."""
    if not count:
        return f"<span style='color:#595959;font-size:12px'>{html.escape(none)}</span>"
    one = (
        f"<span title='{html.escape(title)}' class='catcards-cardtext' style='display:inline-block;width:{width}px;"
        f"height:26px;border-radius:3px;background:{fill};color:{ink};font:bold 12px sans-serif;"
        f"text-align:center;line-height:26px;margin-right:2px;border:1px solid #333'>{html.escape(letters)}</span>"
    )
    return one * count


def announce_html(line: str) -> str:
    """The table's ``aria-live`` line (a screen reader reads it out when it changes): ``line``,
    plain text."""
    return f"<div class='catcards-announce' role='status' aria-live='polite'>{html.escape(line)}</div>"


def cards_row(cards: Sequence[Card], width: int = 40, empty: str = "(none)") -> str:
    """A wrapped row of card faces as HTML (``empty`` in grey when there are none)."""
    return cards_html(list(cards), width=width, empty=empty)


def obs_value_html(value: Any) -> str:
    """An observation value as HTML: cards as faces, lists of card lists one per line, dicts
    as "key: value" pairs, anything else as escaped text (the generic table's board)."""
    if isinstance(value, Card):
        return card_svg(value, 40)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, Card) for v in value):
        return cards_row(value)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, (list, tuple)) for v in value):
        return "<br>".join(
            f"<b>{i}</b>: {obs_value_html(v) if v else '<span style=color:#595959>(none)</span>'}"
            for i, v in enumerate(value)
        )
    if isinstance(value, dict):
        return ", ".join(f"{html.escape(str(k))}: {obs_value_html(v)}" for k, v in value.items())
    return html.escape(str(value))


def obs_board_html(obs: dict) -> str:
    """The generic table's board: each observation entry except hand, legal, log, seat, outcome
    and is_over (and empty ones), one table row each, cards drawn as SVG (:func:`obs_value_html`)."""
    rows = []
    for key, value in obs.items():
        if key in ("hand", "legal", "log", "seat", "outcome", "is_over") or value in (None, [], {}):
            continue
        rows.append(
            "<tr><th style='text-align:left;vertical-align:top;padding-right:10px'>"
            f"{html.escape(key.replace('_', ' '))}</th><td>{obs_value_html(value)}</td></tr>"
        )
    return f"<table class='catcards-board' style='line-height:1.3'>{''.join(rows)}</table>"


def seat_box(
    obs: dict,
    seat: int,
    seat_label: Callable[[int | None], str],
    body: str,
    *,
    min_width: int = 150,
    after_name: str = "",
    doing: str = "play",
) -> str:
    """One seat's box on a trick-taking or shedding board (Simon's Cat, Cat Trick, King of the
    Jungle): green with "&#9664; to ``doing``" when ``seat`` is to act (``obs["current_player"]``,
    game not over), tinted for the seat whose view ``obs`` is (``obs["seat"]``), white otherwise.
    ``seat_label(seat)`` is escaped; ``after_name`` (HTML, e.g. "(dealer)") follows it; ``body`` is
    the HTML under the name. ``min_width`` in pixels."""
    to_act = obs["current_player"] == seat and not obs["is_over"]
    border = "#2b7a2b" if to_act else "#ccc"
    bg = "#f2fbf2" if to_act else ("#f7f7ff" if obs["seat"] == seat else "#fff")
    arrow = f" &#9664; to {doing}" if to_act else ""
    return (
        f"<div class='catcards-seat' data-seat='{seat}' style='border:2px solid {border};"
        f"background:{bg};border-radius:8px;padding:4px 6px;margin:3px;min-width:{min_width}px;"
        f"vertical-align:top;display:inline-block'>"
        f"<div style='font-weight:bold'>{html.escape(seat_label(seat))}{after_name}"
        f"<span style='color:#2b7a2b'>{arrow}</span></div>{body}</div>"
    )
