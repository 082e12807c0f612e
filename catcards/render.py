"""Cards and tables as SVG/HTML strings: pure functions, no widgets (the widget tables use them).

``card_svg(card)`` draws one card (suit colour, number in the corners and middle, suit or card
name); ``cards_html(cards)`` a row of them; ``back_svg()`` a face-down card; ``state_html(state)``
a spectator's view of any game, built from ``state.observation(None)``.
"""
from __future__ import annotations

import html
from typing import Any, Iterable

from .cards import Card, suit_colour

__all__ = ["card_svg", "back_svg", "cards_html", "state_html", "CARD_W", "CARD_H"]

CARD_W, CARD_H = 64, 92


def _text_colour(fill: str) -> str:
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#222" if 0.299 * r + 0.587 * g + 0.114 * b > 170 else "#fff"


def card_svg(card: Card, width: int = CARD_W, dim: bool = False) -> str:
    """One card face as an SVG string, ``width`` pixels wide (height in proportion 64:92).

    The card is filled with its suit colour (:data:`catcards.cards.SUIT_COLOURS`), shows its
    number large and in two corners, and its suit (or its own name) along the bottom. ``dim``
    greys it out (a card that cannot be played now).
    """
    height = round(width * CARD_H / CARD_W)
    fill = suit_colour(card.suit)
    ink = _text_colour(fill)
    label = html.escape(card.name or card.suit)
    size = 9 if len(label) <= 9 else 7
    opacity = ' opacity="0.35"' if dim else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {CARD_W} {CARD_H}" role="img"{opacity}><title>{html.escape(str(card))}</title>'
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="6" fill="{fill}" '
        f'stroke="#333" stroke-width="1.5"/>'
        f'<rect x="6" y="22" width="{CARD_W - 12}" height="44" rx="4" fill="#fff" opacity="0.25"/>'
        f'<text x="6" y="15" font-family="sans-serif" font-size="12" font-weight="bold" fill="{ink}">{card.rank}</text>'
        f'<text x="{CARD_W - 6}" y="{CARD_H - 22}" font-family="sans-serif" font-size="12" '
        f'font-weight="bold" fill="{ink}" text-anchor="end">{card.rank}</text>'
        f'<text x="{CARD_W / 2}" y="54" font-family="sans-serif" font-size="26" font-weight="bold" '
        f'fill="{ink}" text-anchor="middle">{card.rank}</text>'
        f'<text x="{CARD_W / 2}" y="{CARD_H - 8}" font-family="sans-serif" font-size="{size}" '
        f'fill="{ink}" text-anchor="middle">{label}</text></svg>'
    )


def back_svg(width: int = CARD_W, label: str = "") -> str:
    """A face-down card (optionally with a short ``label``, e.g. a count)."""
    height = round(width * CARD_H / CARD_W)
    text = (
        f'<text x="{CARD_W / 2}" y="{CARD_H / 2 + 8}" font-family="sans-serif" font-size="22" '
        f'font-weight="bold" fill="#fff" text-anchor="middle">{html.escape(label)}</text>'
        if label
        else ""
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {CARD_W} {CARD_H}" role="img"><title>face-down card</title>'
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="6" fill="#5b6b8c" '
        f'stroke="#333" stroke-width="1.5"/><rect x="7" y="7" width="{CARD_W - 14}" '
        f'height="{CARD_H - 14}" rx="4" fill="none" stroke="#fff" stroke-width="1" '
        f'stroke-dasharray="3 2"/>{text}</svg>'
    )


def cards_html(cards: Iterable[Card], width: int = 48, empty: str = "(none)") -> str:
    """A row of card faces as HTML (``empty`` when there are none)."""
    faces = [card_svg(c, width) for c in cards]
    if not faces:
        return f'<span style="color:#888">{html.escape(empty)}</span>'
    return '<span style="display:inline-flex;flex-wrap:wrap;gap:3px">' + "".join(faces) + "</span>"


def _plain(value: Any) -> bool:
    """True for numbers, short strings and lists of them: what a table row can show as text."""
    if isinstance(value, (bool, int, float, str)):
        return True
    return isinstance(value, (list, tuple)) and all(isinstance(v, (bool, int, float, str)) for v in value)


def state_html(state: Any) -> str:
    """The whole table of any game as HTML, for a notebook cell: every zone's cards (all hands
    face up: the analyst's view, not a player's; the widget tables show a player's view), the
    public numbers of ``state.observation(None)``, whose turn or the outcome, and the last log
    lines."""
    rows = [
        f'<tr><th style="text-align:left;vertical-align:top;padding-right:8px;white-space:nowrap">'
        f"{html.escape(zone)}</th><td>{cards_html(cards, 40, empty='-')}</td></tr>"
        for zone, cards in state.zones().items()
    ]
    obs = state.observation(None)
    for key, value in obs.items():
        if key in ("seat", "current_player", "is_over") or not _plain(value) or value in ([], ""):
            continue
        rows.append(
            f'<tr><th style="text-align:left;padding-right:8px">{html.escape(key.replace("_", " "))}'
            f"</th><td>{html.escape(str(value))}</td></tr>"
        )
    if state.is_over:
        status = f"Game over: {html.escape(state.outcome.reason)}."
    else:
        status = f"Seat {state.current_player} to act."
    last = "".join(f"<li>{html.escape(line)}</li>" for line in state.log[-3:])
    return (
        f"<div><b>{html.escape(state.game.title)}</b> (seed {state.seed}, "
        f"{len(state.history)} actions) &middot; {status}"
        f'<table style="border-collapse:collapse">{"".join(rows)}</table>'
        f'<ul style="margin:4px 0">{last}</ul></div>'
    )
