"""Cards and tables as SVG/HTML strings: pure functions, no widgets (the widget tables use them).

Everything a table draws is built here, in one place, from plain values (cards, observations,
labels), and never imports ipywidgets: :mod:`catcards.render.tables` holds the tables' shared
pieces (a card or an empty slot, a row of cards, the hint line, the stylesheet),
:mod:`catcards.render.tricks` a trick as one slot per seat and the score sheet under it (Cat Trick
and King of the Jungle), and one module per game its board (and Card Game's and Cat Days' own card
faces): ``big_cat``, ``card_game``, ``cat_days``, ``cat_trick``, ``king_of_the_jungle``, ``pairs``,
``simons_cat``, ``snap``.

``card_svg(card)`` draws one card (suit colour, number in the corners and middle, suit or card
name); ``cards_html(cards)`` a row of them; ``back_svg()`` a face-down card; ``state_html(state)``
a game as a notebook cell shows it, with the game's board: each game registers its board with
:func:`board` (in :data:`BOARDS`), the one picture its table and ``State._repr_html_`` draw.
Importing this package fills the contract's ``state_html`` and ``card_svg`` hooks
(:mod:`catcards.hooks`).
"""
from __future__ import annotations

import html
from typing import Any, Callable, Iterable

from .. import hooks
from ..cards import Card
from ..registry import Registry

__all__ = ["card_svg", "back_svg", "cards_html", "state_html", "board", "BOARDS", "CARD_ROWS", "CARD_FACES", "game_card_svg", "suit_style", "contrast", "text_colour", "svg_line",
           "SUIT_STYLE", "CARD_W", "CARD_H", "MIN_TEXT_PX", "CARD_TEXT_PX", "SQUEEZE"]

CARD_W, CARD_H = 64, 92


#: How each suit is drawn: a fill from the Okabe-Ito palette, which people with each common kind
#: of colour blindness can tell apart (Okabe & Ito 2008, "Color Universal Design"; Wong 2011,
#: Nature Methods 8:441), and a symbol, so that no card relies on colour alone (WCAG 2.1, 1.4.1).
#: The box's purple (Simon's Cat's Dog) is drawn black: Okabe-Ito has no purple that stays apart
#: from its pink under deuteranopia. A suit not listed is grey with its initial letter.
SUIT_STYLE: dict[str, tuple[str, str]] = {
    "pink": ("#CC79A7", "\u2665"), "Cat": ("#CC79A7", "\u2665"),          # heart
    "blue": ("#0072B2", "\u2666"), "Kitten": ("#0072B2", "\u2666"),       # diamond
    "yellow": ("#F0E442", "\u2605"), "Hedgehog": ("#F0E442", "\u2605"),   # star
    "purple": ("#000000", "\u25a0"), "Dog": ("#000000", "\u25a0"),        # square
    "orange": ("#E69F00", "\u25b2"), "Mouse": ("#E69F00", "\u25b2"),      # triangle
    "green": ("#009E73", "\u2663"), "Gnome": ("#009E73", "\u2663"),       # club
    "red": ("#D55E00", "\u25cf"), "Simon": ("#D55E00", "\u25cf"),         # disc
    "black": ("#000000", "\u25a0"),
    "hearts": ("#D55E00", "\u2665"), "diamonds": ("#D55E00", "\u2666"),
    "spades": ("#000000", "\u2660"), "clubs": ("#000000", "\u2663"),
}


def _luminance(fill: str) -> float:
    """WCAG 2.1 relative luminance of a "#rrggbb" colour."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio of two "#rrggbb" colours (1 to 21; text needs 4.5, AA)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _text_colour(fill: str) -> str:
    """Black or white, whichever contrasts more with ``fill`` (WCAG ratio)."""
    return "#000000" if contrast(fill, "#000000") >= contrast(fill, "#ffffff") else "#ffffff"


def suit_style(suit: str) -> tuple[str, str, str]:
    """``(fill, ink, symbol)`` for drawing a card of ``suit``: its Okabe-Ito fill, black or white
    text (whichever reads better, at least 4.5:1 on every listed fill) and its symbol."""
    fill, symbol = SUIT_STYLE.get(suit, ("#777777", (suit[:1] or "?").upper()))
    return fill, _text_colour(fill), symbol


#: the smallest text anywhere in a table, in screen pixels (issue 12: no text under 10 px)
MIN_TEXT_PX = 10
#: the narrowest a card's name is squeezed sideways to fit on it (0.7: its letters drawn at 70% of
#: their width, their height kept); a name that would need more is not written on the card
SQUEEZE = 0.7

#: the smallest text drawn on a card (its number, name, suit, cost, type line), in screen pixels
#: (issue 12: "card text at least 12 px"); text that cannot be drawn this large is left out, and
#: the card's title (tooltip and accessible name) still says it
CARD_TEXT_PX = 12


def svg_line(x: float, y: float, text: str, size: float, room: float, **attrs: Any) -> str:
    """One line of SVG ``<text>`` at font size ``size`` (viewBox units), escaped. A line
    estimated wider than ``room`` units is narrowed to ``room`` with ``textLength`` (glyphs
    squeezed sideways, their height and so the font size kept), so a long word is never cut off
    at the card's edge. ``attrs``: more attributes (``font_weight="bold"`` -> ``font-weight``)."""
    extra = "".join(f' {k.replace("_", "-")}="{html.escape(str(v))}"' for k, v in attrs.items())
    if len(text) * 0.6 * size > room:
        extra += f' textLength="{room:.1f}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-family="sans-serif" font-size="{size:.1f}"{extra}>'
            f"{html.escape(text)}</text>")


def text_colour(fill: str) -> str:
    """Black or white, whichever contrasts more (WCAG ratio) with the CSS colour ``fill``
    ("#rrggbb"; anything else: black). At least 4.5:1 on every fill of :data:`SUIT_STYLE`."""
    try:
        return _text_colour(fill)
    except (ValueError, IndexError, TypeError):
        return "#000000"


def _fits(chars: int, size: float, room: float = CARD_W - 6) -> bool:
    """Whether ``chars`` characters of font size ``size`` fit in ``room`` viewBox units (a
    sans-serif character is about 0.6 of its size wide)."""
    return chars * 0.6 * size <= room


def card_svg(card: Card, width: int = CARD_W, dim: bool = False, does: str = "") -> str:
    """One card face as an SVG string, ``width`` pixels wide (height in proportion 64:92).

    The card is filled with its suit's colour and shows its suit's symbol (:data:`SUIT_STYLE`),
    its number large in the middle and with the symbol in the top corner, and its suit (or its
    own name) along the bottom; its ``<title>`` (the accessible name and tooltip) is the card's
    full name and suit, then ``does`` when given (what the card does, e.g. a Big Cat reward card's
    demand). ``dim`` greys it out (a card that cannot be played now).
    """
    height = round(width * CARD_H / CARD_W)
    fill, ink, symbol = suit_style(card.suit)
    label = html.escape(card.name or card.suit)
    least = CARD_TEXT_PX * CARD_W / width  # the font size (viewBox units) that shows as 12 px
    corner = max(16, least)
    size = max(11 if len(label) <= 8 else 9, least)
    # the bottom line names the card ("♦ Kitten", "▲ orange") as for every card of the deck,
    # squeezed sideways up to :data:`SQUEEZE` to fit (issue 31: "♥ Cat" was written but "Kitten"
    # and "orange" were left out at the hand's 56 px); only a card too small for its name at
    # 12 px shows the symbol alone (the title still names it)
    room = CARD_W - 6
    bottom = next((text for text in (f"{symbol} {card.name or card.suit}", card.name or card.suit)
                   if _fits(len(text), size, room / SQUEEZE)), symbol)
    title = html.escape((str(card) if not card.name or card.name in str(card) else f"{card.name} ({card.suit} {card.rank})")
                        + (f": {does}" if does else ""))
    opacity = ' opacity="0.35"' if dim else ""
    corners = (
        f'<text x="5" y="{corner + 1:.0f}" font-family="sans-serif" font-size="{corner:.1f}" font-weight="bold" fill="{ink}">{card.rank}</text>'
        f'<text x="{CARD_W - 5}" y="{corner + 1:.0f}" font-family="sans-serif" font-size="{corner:.1f}" fill="{ink}" '
        f'text-anchor="end" class="catcards-suit-symbol">{symbol}</text>'
        if _fits(len(str(card.rank)) + 2, corner) else ""
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {CARD_W} {CARD_H}" role="img"{opacity}><title>{title}</title>'
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="6" fill="{fill}" '
        f'stroke="#333" stroke-width="1.5"/>{corners}'
        f'<text x="{CARD_W / 2}" y="56" font-family="sans-serif" font-size="{max(28, least):.1f}" font-weight="bold" '
        f'fill="{ink}" text-anchor="middle">{card.rank}</text>'
        f'{svg_line(CARD_W / 2, CARD_H - 9, bottom, size, room, fill=ink, text_anchor="middle")}</svg>'
    )


def back_svg(width: int = CARD_W, label: str = "", title: str = "face-down card") -> str:
    """A face-down card (optionally with a short ``label``, e.g. a count); ``title`` is its
    tooltip and accessible name (e.g. "card 5, face down")."""
    height = round(width * CARD_H / CARD_W)
    text = (
        f'<text x="{CARD_W / 2}" y="{CARD_H / 2 + 8}" font-family="sans-serif" '
        f'font-size="{max(22, CARD_TEXT_PX * CARD_W / width):.1f}" '
        f'font-weight="bold" fill="#fff" text-anchor="middle">{html.escape(label)}</text>'
        if label
        else ""
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {CARD_W} {CARD_H}" role="img"><title>{html.escape(title)}</title>'
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="6" fill="#5b6b8c" '
        f'stroke="#333" stroke-width="1.5"/><rect x="7" y="7" width="{CARD_W - 14}" '
        f'height="{CARD_H - 14}" rx="4" fill="none" stroke="#fff" stroke-width="1" '
        f'stroke-dasharray="3 2"/>{text}</svg>'
    )


def cards_html(cards: Iterable[Card], width: int = 48, empty: str = "(none)") -> str:
    """A row of card faces as HTML (``empty`` when there are none)."""
    faces = [card_svg(c, width) for c in cards]
    if not faces:
        return f'<span style="color:#595959">{html.escape(empty)}</span>'
    return '<span style="display:inline-flex;flex-wrap:wrap;gap:3px">' + "".join(faces) + "</span>"


#: each game's board, the one picture of a game drawn by its table and by a state in a notebook
#: cell: game name -> ``draw(obs, seat_label, game) -> HTML``, registered with :func:`board` in
#: ``catcards/render/<game>.py`` (or a plugin's module under the entry-point group
#: ``catcards.boards``), found by the same :class:`catcards.registry.Registry` as the games
BOARDS: Registry[Callable[[dict, Callable[[int | None], str], Any], str]] = Registry(
    "catcards.render", "catcards.boards", skip=("tables", "tricks"))


#: game name -> ``faces(cards, game) -> HTML``, a row of the game's own card faces, for a game
#: that draws its cards itself (Card Game, Cat Days); registered with :func:`board`
CARD_ROWS: dict[str, Callable[[Any, Any], str]] = {}
#: game name -> ``face(card, game, height) -> SVG``, one card in the game's own face (the face its
#: table draws, in its own proportion), ``height`` px high, for a game that draws its cards
#: itself; registered with :func:`board`
CARD_FACES: dict[str, Callable[[Card, Any, int], str]] = {}


def board(game_name: str, cards: Callable[[Any, Any], str] | None = None,
          face: Callable[[Card, Any, int], str] | None = None) -> Callable:
    """Decorator: register ``draw(obs, seat_label, game) -> HTML`` as the board of the game
    called ``game_name`` (in :data:`BOARDS`): ``obs`` is ``state.observation(seat)``,
    ``seat_label(seat) -> str`` names a seat ("Seat 2 (you)"; None: "no one") and ``game`` is the
    :class:`catcards.core.Game` (for a board that needs its deck). Its tables draw the same
    function (``render_board``). ``cards(cards, game) -> HTML``: a row of the game's own card
    faces, for a game whose cards are not drawn by :func:`card_svg` (in :data:`CARD_ROWS`);
    ``face(card, game, height) -> SVG``: one of them, ``height`` px high (in :data:`CARD_FACES`)."""

    def deco(draw: Callable) -> Callable:
        BOARDS.add(game_name, draw)
        if cards is not None:
            CARD_ROWS[game_name] = cards
        if face is not None:
            CARD_FACES[game_name] = face
        return draw

    return deco


def game_card_svg(card: Card, game: Any, height: int = CARD_H) -> str:
    """One card of ``game`` (a :class:`catcards.core.Game`) as its table draws it, ``height`` px
    high and as wide as its own proportion makes it: the game's own face where it registered one
    (:data:`CARD_FACES`: Card Game and Cat Days, whose cards have no suit), else :func:`card_svg`.
    The start page's sample cards, all as high (drawn 64 px wide, a Cat Days card, 1.35 times as
    high as wide, was 86 px high beside the others' 92). A face is a whole number of pixels wide,
    so a face drawn in the 64:92 proportion is ``height`` px high to within a pixel (to the pixel
    at the default 92)."""
    BOARDS.discover()   # imports the games' render modules, which register their faces
    face = CARD_FACES.get(game.name)
    return face(card, game, height) if face is not None else card_svg(card, width=round(height * CARD_W / CARD_H))


def notebook_seat_label(seat: int | None) -> str:
    """How a state drawn in a notebook cell names a seat: "Seat 2" ("no one" for None)."""
    return "no one" if seat is None else f"Seat {seat}"


def _plain(value: Any) -> bool:
    """True for numbers, short strings and lists of them: what a table row can show as text."""
    if isinstance(value, (bool, int, float, str)):
        return True
    return isinstance(value, (list, tuple)) and all(isinstance(v, (bool, int, float, str)) for v in value)


def _zone_rows(state: Any, zones: Iterable[str]) -> list[str]:
    """One table row per zone named: its name and its cards face up (in the game's own faces
    where it registered them, :data:`CARD_ROWS`)."""
    cards = state.zones()
    faces = CARD_ROWS.get(state.game.name)
    return [
        f'<tr><th style="text-align:left;vertical-align:top;padding-right:8px;white-space:nowrap">'
        f"{html.escape(zone)}</th><td>"
        f"{faces(cards[zone], state.game) if faces is not None else cards_html(cards[zone], 40, empty='-')}</td></tr>"
        for zone in zones if zone in cards
    ]


def _generic_board(state: Any, obs: dict) -> str:
    """A game without a registered board: every zone's cards and the public numbers of ``obs``."""
    rows = _zone_rows(state, state.zones())
    for key, value in obs.items():
        if key in ("seat", "current_player", "is_over") or not _plain(value) or value in ([], ""):
            continue
        rows.append(
            f'<tr><th style="text-align:left;padding-right:8px">{html.escape(key.replace("_", " "))}'
            f"</th><td>{html.escape(str(value))}</td></tr>"
        )
    return f'<table style="border-collapse:collapse">{"".join(rows)}</table>'


def state_html(state: Any) -> str:
    """A state drawn for a notebook cell (what ``State._repr_html_`` shows, through the
    ``state_html`` hook of :mod:`catcards.hooks`): a line with the game, seed, moves made (in words) and whose
    turn (or the outcome); the game's board as a spectator sees it (``observation(None)``), drawn
    by the function its tables draw (:data:`BOARDS`); then the cards the players cannot all see,
    face up (the analyst's view: the widget tables show a player's view), and the last log lines.
    A game without a board shows every zone and the public numbers instead."""
    obs = state.observation(None)
    draw = BOARDS.get(state.game.name)
    if draw is None:
        body = _generic_board(state, obs)
    else:
        hidden = _zone_rows(state, state.hidden_zones(None))
        body = draw(obs, notebook_seat_label, state.game) + (
            '<div style="margin-top:6px"><b>Face down at the table</b> (shown here face up)</div>'
            f'<table style="border-collapse:collapse">{"".join(hidden)}</table>' if hidden else "")
    if state.is_over:
        status = f"Game over: {html.escape(state.outcome.reason)}."
    else:
        status = f"Seat {state.current_player} to act."
    last = "".join(f"<li>{html.escape(line)}</li>" for line in state.log[-3:])
    moves = len(state.history)   # said in words: a student reads "a new game, no moves yet", not "0 actions"
    made = "a new game, no moves yet" if moves == 0 else f"{moves} move{'s' * (moves != 1)} made"
    return (
        f"<div><b>{html.escape(state.game.title)}</b> (seed {state.seed}: {made}) &middot; {status}{body}"
        f'<ul style="margin:4px 0">{last}</ul></div>'
    )


hooks.provide("state_html", state_html)
hooks.provide("card_svg", card_svg)
