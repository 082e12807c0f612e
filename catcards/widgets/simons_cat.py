"""The Simon's Cat Card Game table (rulebook ``simons-cat.txt``; decisions ``rules/simons-cat.md``).

Drawn from ``state.observation(seat)`` only: the pile's top card and its size, every seat's hand
as a face-down count, each player's messes (one small card per mess: its visible top card, with
the number of cards in it), their Simon cards, the set-aside cards (face up, out of play), the
last round's final pile, and a round-by-round summary. Your hand: the cards you may play are
clickable, the others are greyed out and disabled; "take the mess" appears only when no card in
your hand matches the pile's top card (the engine then offers it as the only legal action).
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..render.simons_cat import SIMON_RED, board_html  # noqa: F401 (SIMON_RED: re-exported)
from ..render.tables import hand_heading_html
from .table import GameTable, table_for

__all__ = ["SimonsCatTable"]


@table_for("simons-cat")
class SimonsCatTable(GameTable):
    """The Simon's Cat table: pile, seats with card counts, messes and Simon cards, your hand.

    Constructed like :class:`~catcards.widgets.table.GameTable`
    (``SimonsCatTable(game, seed=..., humans=(0,), agents="sensible", deals=None, view=None)``);
    ``catcards.widgets.play("simons-cat", players=4, seed=1)`` returns one.
    """

    #: short rules naming this table's own controls (the "How to play" panel and the app)
    how_to_play = (
        'Your turn: press a card button under your hand (its name is under its picture) to play it. It must match the colour or the number of the top card of the pile.',
        'No card matches: press "take the mess"; the pile becomes a mess in front of you and you start the next pile with any card.',
        'When every hand is empty, whoever has the most messes takes a Simon card; after a round in which someone holds 3 Simon cards, they lose and everyone else wins.',
        "Rules: the Simon's Cat Card Game rulebook, \"How to Play\".",
    )

    #: the board: pile, set-aside cards, seats (card counts, messes, Simon cards), round summary
    #: (:func:`catcards.render.simons_cat.board_html`)
    render_board = staticmethod(board_html)

    def hand(self, obs: dict) -> W.Widget:
        """Your hand (legal cards clickable, the rest disabled) and "take the mess" only when no
        card matches; a line saying what you must do."""
        seat = obs["seat"]
        by_card, others = self.actions_for_cards(self.legal)
        moves = self.shown_moves  # the hint says what the position shown asks, looking back too
        cards = list(obs["hand"])
        if not moves:
            hint = "" if obs["is_over"] or not cards else "Wait for your turn."
        elif obs.get("opening") is not None:
            hint = f"You open the round: play {obs['opening']}, the lowest Cat card in play."
        elif obs["top"] is None:
            hint = "Start a new pile with any card."
        elif self.actions_for_cards(moves)[1]:  # "take the mess", no card to play
            hint = f"No card in your hand matches {obs['top']}: take the mess."
        else:
            top = obs["top"]
            hint = f"Play a card matching the colour ({top.suit}) or the number ({top.rank}) of {top}."
        heading = self.html("heading", hand_heading_html(self.seat_label(seat), len(cards), hint))
        parts: list[Any] = [heading, self.card_buttons(cards, by_card)]
        if others:
            buttons = []
            for action in others:
                b = self.action_button(action, tooltip="no card in your hand matches: take the pile", keep=True)
                b.button_style = "danger"
                b.icon = "inbox"
                buttons.append(b)
            parts.append(self.box("mess", buttons, W.HBox, keep=True, margin="4px 0"))
        return self.box("hand", parts)
