"""Card Game: The Card Game's card faces and board as HTML/SVG (rulebook
``card-game-the-card-game.txt``; card list ``rules/card-game.md``): a card face, a row of faces,
what an action's card does, the response banner, the stack waiting to resolve, the seats table,
the table centre and a hand. Pure functions of the observation, a ``seat_label(seat) -> str`` and
the card list's ``specs`` (card name -> spec with ``types``, ``text``, ``cost``, ``name``:
``game.deck.specs``); no ipywidgets."""
from __future__ import annotations

import html
from typing import Any, Callable, Mapping

from . import CARD_TEXT_PX, back_svg, board, svg_line, text_colour
from .tables import SCROLL_HINT, plural

__all__ = ["face_svg", "face_html", "row_html", "does_text", "banner_html", "stack_html", "seat_row_html",
           "board_html", "discard_title", "discard_html", "hand_html", "prompt_html", "does_html", "TYPE_COLOURS"]


def _esc(text: Any) -> str:
    return html.escape(str(text))


#: card face colour by its first type word (display only)
TYPE_COLOURS = {
    "INSTANT": "#d62828", "HAND": "#3b7dd8", "LOCK": "#2e9e4f", "RULE": "#8e44ad", "SPECIAL": "#222222",
    "BLUFF": "#f08a24", "JOKER": "#e8559a", "MONEY": "#e8c21c",
}
_TYPE_ORDER = ("SPECIAL", "JOKER", "MONEY", "RULE", "LOCK", "INSTANT", "BLUFF", "HAND")


def face_svg(card: Any, types: frozenset = frozenset(), width: int = 56, label: str = "", text: str = "") -> str:
    """A Card Game card face as SVG, ``width`` px wide: coloured by type (LOCK green, INSTANT red,
    HAND blue, RULE purple, BLUFF orange, Joker pink, Money yellow), its cost in the corner, its
    name in the middle (a word per line where needed; a long word narrowed, never cut) and its
    types along the bottom. All card text is at least 12 px on screen (issue 12,
    :data:`catcards.render.CARD_TEXT_PX`); a card too small for its name shows its cost large
    instead, and what does not fit is left to the title. Its ``<title>`` (tooltip and accessible
    name) is the full name, cost, types and ``text`` (what the card does).
    ``label`` replaces the name (a Joker played as another card shows "Joker as ...")."""
    kind = next((t for t in _TYPE_ORDER if t in types), "")
    fill = TYPE_COLOURS.get(kind, "#777777")
    ink = text_colour(fill)
    height = round(width * 92 / 64)
    name = label or card.name
    least = CARD_TEXT_PX * 64 / width  # viewBox units that show as 12 px
    big = max(11, least)
    per_line = int(58 / (0.6 * big))
    lines: list[str] = []
    for w in name.split():
        if lines and len(lines[-1]) + len(w) + 1 <= per_line:
            lines[-1] += " " + w
        else:
            lines.append(w)
    rows = int(58 / (big * 1.15))  # what fits between the cost and the type line
    kinds = " ".join(t for t in _TYPE_ORDER if t in types and t not in ("MONEY", "JOKER"))
    show_name = per_line >= 5 and len(lines) <= rows
    if show_name:
        middle = "".join(
            svg_line(32, 50 + big * 1.15 * (i - (len(lines) - 1) / 2) + big * 0.35, line, big, 60,
                     font_weight="bold", fill=ink, text_anchor="middle")
            for i, line in enumerate(lines))
        corner = svg_line(5, big + 2, f"{card.rank}$", big, 54, font_weight="bold", fill=ink)
    else:  # too small for the name: the cost, large, in the middle (the title has the name)
        middle = svg_line(32, 56, f"{card.rank}$", max(26, least), 60, font_weight="bold", fill=ink,
                          text_anchor="middle")
        corner = ""
    type_line = (svg_line(32, 86, kinds, max(8, least), 60, fill=ink, text_anchor="middle")
                 if kinds and len(kinds) * 0.6 * least <= 60 * 1.25 else "")
    # the title (tooltip and accessible name): the full name, cost, types and what the card does
    title = f"{name} ({card.rank}${', ' + kinds if kinds else ''})" + (f": {text}" if text else "")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 64 92" '
        f'role="img" style="margin:1px"><title>{_esc(title)}</title>'
        f'<rect x="1" y="1" width="62" height="90" rx="6" fill="{fill}" stroke="#333" stroke-width="1.5"/>'
        f'{corner}{middle}{type_line}</svg>'
    )


def face_html(card: Any, specs: Mapping[str, Any], width: int = 48, as_name: str = "") -> str:
    """One card face (:func:`face_svg`) with its types and text from ``specs``; ``as_name`` for a
    Joker counting as another card ("Joker as ...")."""
    spec = specs.get(card.name)
    types, text = (spec.types, spec.text) if spec is not None else (frozenset(), "")
    if as_name and as_name != card.name:
        return face_svg(card, types, width, label=f"Joker as {as_name}", text=text)
    return face_svg(card, types, width, text=text)


def row_html(cards: Any, specs: Mapping[str, Any], width: int = 36, empty: str = "-") -> str:
    """A row of faces; items may be Cards or ``(Card, name it counts as)`` pairs; ``empty`` in
    grey when there are none."""
    faces = [face_html(c[0], specs, width, c[1]) if isinstance(c, tuple) else face_html(c, specs, width)
             for c in cards]
    if not faces:
        return f"<span style='color:#595959'>{_esc(empty)}</span>"
    return "<span style='display:inline-flex;flex-wrap:wrap;gap:2px;vertical-align:middle'>" + "".join(faces) + "</span>"


def does_text(action: Any, specs: Mapping[str, Any]) -> str:
    """``str(action)``, and for an action naming a card (a play, claim or Ability) that card's
    cost, types and text (plain text)."""
    name = getattr(action, "as_name", "") or getattr(action, "name", "")
    spec = specs.get(name) if isinstance(name, str) else None
    if spec is None:
        return str(action)
    kinds = " ".join(t for t in _TYPE_ORDER if t in spec.types and t not in ("MONEY", "JOKER"))
    return f"{action}: {spec.name} ({spec.cost}${', ' + kinds if kinds else ''}): {spec.text}"


def banner_html(obs: dict, seat_label: Callable[[int | None], str]) -> str:
    """The prompt of the seat asked to respond, believe or challenge, choose, or end its turn
    ("" otherwise, and when the game is over)."""
    if obs["is_over"]:
        return ""
    asked = obs["current_player"]
    if asked is None or obs["decision"] not in ("respond", "bluff", "choice", "end"):  # None: play ended
        return ""
    colour = "#fff3cd" if obs["window"] == "bluff" else "#e8f4fd"
    return (
        f"<div class='catcards-prompt' style='background:{colour};border:1px solid #caa;padding:4px 8px;"
        f"margin:4px 0;border-radius:4px'><b>{_esc(seat_label(asked))}</b>: {_esc(obs['prompt'])}</div>"
    )


def stack_html(obs: dict, specs: Mapping[str, Any]) -> str:
    """The cards and Abilities waiting to resolve (a face-down claim as a card back); "" for none."""
    if not obs["stack"]:
        return ""
    items = []
    for it in obs["stack"]:
        face = face_html(it["card"], specs, 48, it["name"]) if it["card"] is not None else back_svg(48, "?")
        items.append(
            f"<div style='display:inline-block;text-align:center;margin-right:6px;max-width:150px;"
            f"vertical-align:top'>{face}<div style='font-size:12px'>{_esc(it['what'])}</div></div>"
        )
    return ("<div class='catcards-stack'><b>Waiting to resolve</b> (last in resolves first): "
            f"<div>{''.join(items)}</div></div>")


#: a cell of the seats table: padded, so that side by side columns never run together
_CELL = "padding:2px 6px;vertical-align:middle"


def seat_row_html(obs: dict, seat: int, seat_label: Callable[[int | None], str], specs: Mapping[str, Any]) -> str:
    """One seat's row of the seats table: name and status, hand (a back with the count), tokens,
    points, money area ($ and cards), LOCK cards and characters on Exploding Island."""
    to_act = obs["current_player"] == seat and not obs["is_over"]
    bg = "#f2fbf2" if to_act else ("#f7f7ff" if obs["seat"] == seat else "#fff")
    n = obs["hand_sizes"][seat]
    status = "<b style='color:#b00'>out</b>" if obs["out"][seat] else (
        "turn" if obs["active"] == seat and not obs["is_over"] else "")
    front = row_html(obs["front"][seat], specs, 48)
    island = row_html(obs["island"][seat], specs, 48)
    money = row_html(obs["money"][seat], specs, 30)
    return (
        f"<tr style='background:{bg}' class='catcards-seat' data-seat='{seat}'>"
        f"<th scope='row' style='text-align:left;font-weight:normal;{_CELL}'><b>{_esc(seat_label(seat))}</b> {status}</th>"
        f"<td style='{_CELL}'>{back_svg(24, str(n)) if n else '0'}</td>"
        f"<td style='text-align:center;{_CELL}'>{obs['tokens'][seat]}</td>"
        f"<td style='text-align:center;{_CELL}'><b>{obs['points'][seat]}</b></td>"
        f"<td style='{_CELL}'>{obs['money_values'][seat]}$ {money}</td><td style='{_CELL}'>{front}</td>"
        f"<td style='{_CELL}'>{island}</td></tr>"
    )


def board_html(obs: dict, seat_label: Callable[[int | None], str], specs: Mapping[str, Any]) -> str:
    """Banner, stack, the seats table (scrolls sideways on a phone, with the hint), the table
    centre (RULE cards, Money deck, main deck, Final Round) and what only the viewer sees (their
    face-down card, Fortune Teller's and Eat Four!'s cards). The discard pile is drawn apart
    (:func:`discard_html`)."""
    head = "".join(f"<th scope='col' style='text-align:left;{_CELL}'>{h}</th>" for h in
                   ("seat", "hand", "tokens", "points", "money area", "LOCK cards", "on Exploding Island"))
    seats = "".join(seat_row_html(obs, s, seat_label, specs) for s in range(obs["players"]))
    table_cards = row_html(obs["table"], specs, 48, empty="no RULE cards")
    final = ""
    if obs["final_round"] is not None:
        final = f" &middot; <b>Final Round</b>: the game ends after seat {obs['final_round']}'s turn"
    money_top = face_html(obs["money_top"], specs, 30) if obs["money_top"] else "empty"
    centre = (
        f"<div style='margin-top:6px'><b>Table</b>: {table_cards} &middot; "
        f"<b>Money deck</b> ({obs['money_deck_size']}) top: {money_top}"
        f" &middot; <b>Main deck</b>: {back_svg(30, str(obs['draw_pile_size']))}{final}</div>"
    )
    mine = ""
    if obs["facedown"] is not None:
        mine += f"<div>Your face-down card: {face_html(obs['facedown'], specs, 48)}</div>"
    if obs["peek"]:
        mine += f"<div>Fortune Teller shows you (top first): {row_html(obs['peek'], specs, 48)}</div>"
    if obs["turned"]:
        mine += f"<div>Eat Four! turned over: {row_html(obs['turned'], specs, 48)}</div>"
    return (
        "<div style='line-height:1.3'>"  # not the 28 px of an ipywidgets HTML line
        + banner_html(obs, seat_label) + stack_html(obs, specs)
        # a labelled region reached with Tab, so a keyboard scrolls it (axe: scrollable-region-focusable)
        + SCROLL_HINT + "<div class='catcards-scroll' role='region' tabindex='0' aria-label='the seats (scrolls sideways)'>"
        + f"<table class='catcards-board' style='border-collapse:collapse' aria-label='seats'>"
        f"<thead><tr>{head}</tr></thead><tbody>{seats}</tbody></table></div>"
        + centre + mine + "</div>"
    )


def discard_title(obs: dict) -> str:
    """The discard pile's heading (plain text)."""
    return f"Discard pile ({plural(len(obs['discard_pile']), 'card')}): anyone may look"


def discard_html(obs: dict, specs: Mapping[str, Any]) -> str:
    """The discard pile as a native disclosure (``<details>``): its heading
    (:func:`discard_title`) is reached with Tab and opened with Enter, its cards face up."""
    return (f"<details class='catcards-discard'><summary>{html.escape(discard_title(obs))}</summary>"
            f"{row_html(obs['discard_pile'], specs, 48, empty='empty')}</details>")


def hand_html(obs: dict, seat_label: Callable[[int | None], str], specs: Mapping[str, Any]) -> str:
    """The viewer's hand, face up, under its heading."""
    cards = obs["hand"]
    faces = row_html(cards, specs, 64, empty="(no cards)")
    return f"<div><b>{_esc(seat_label(obs['seat']))}: hand</b> ({plural(len(cards), 'card')})</div><div>{faces}</div>"


def prompt_html(obs: dict) -> str:
    """The prompt over a person's answers (``obs["prompt"]``, in italics)."""
    return f"<div style='margin:3px 0'><i>{_esc(obs['prompt'])}</i></div>"


def does_html(action: Any, specs: Mapping[str, Any]) -> str:
    """:func:`does_text` as the line under the "card:" list."""
    return f"<div style='font-size:13px'>{_esc(does_text(action, specs))}</div>"


@board("card-game", cards=lambda cards, game: row_html(cards, game.deck.specs),
       face=lambda card, game, height: face_html(card, game.deck.specs, round(height * 64 / 92)))
def game_board(obs: dict, seat_label: Callable[[int | None], str], game: Any) -> str:
    """Card Game's board and discard pile (its table draws the same two, with the deck's card specs), for a table and for a state in a notebook cell (:data:`catcards.render.BOARDS`)."""
    return board_html(obs, seat_label, game.deck.specs) + discard_html(obs, game.deck.specs)
