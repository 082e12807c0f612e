"""The Cat Trick table (rulebook ``cat-trick.txt``; decisions ``rules/cat-trick.md``).

Drawn from ``state.observation(seat)`` only: the face-up trump card and the trump colour, the
trick in the middle (who played what, the led colour; once a trick is finished, the last trick
and its winner), every seat's hand as a face-down count, each collection sorted by colour (with a
warning at 3 cards of a colour: one more and they must be shared), Super Cat cards across rounds
and a round-by-round summary. Your hand: every card is playable (no duty to follow colour).
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..render.cat_trick import SUPER_CAT_GOLD, board_html  # noqa: F401 (SUPER_CAT_GOLD: re-exported)
from ..render.tricks import trick_html  # noqa: F401 (re-exported: it was defined here)
from ..render.tables import hand_heading_html
from .table import GameTable, table_for

__all__ = ["CatTrickTable"]


@table_for("cat-trick")
class CatTrickTable(GameTable):
    """The Cat Trick table: trump, the trick, collections by colour, Super Cat cards, your hand.

    Constructed like :class:`~catcards.widgets.table.GameTable`
    (``CatTrickTable(game, seed=..., humans=(0,), agents="sensible", deals=None, view=None)``;
    Cat Trick's computer strategies are "collector" (also called "sensible") and "highest").
    ``catcards.widgets.play("cat-trick", players=4, seed=1, agents="collector")`` returns one.
    """

    #: short rules naming this table's own controls (the "How to play" panel and the app)
    how_to_play = (
        'Your turn: click a card button under your hand to play it into the trick. You may play any card (no duty to follow colour).',
        "The highest trump wins the trick, else the highest card of the colour led; a colour's 1 counts as 8 when the 7 of that colour is in the same trick.",
        'Greedy or needy: a winner who then holds 4 or more collected cards of one colour loses all of them.',
        'Rules: the Cat Trick rulebook.',
    )

    #: the board: trump card, the trick (or the last trick and its winner), seats, round summary
    #: (:func:`catcards.render.cat_trick.board_html`)
    render_board = staticmethod(board_html)

    def hand(self, obs: dict) -> W.Widget:
        """Your hand: every card playable on your turn, with a line on what wins the trick."""
        seat = obs["seat"]
        by_card, others = self.actions_for_cards(self.legal)
        cards = list(obs["hand"])
        if not self.shown_moves:  # the hint says what the position shown asks, looking back too
            hint = "" if obs["is_over"] else "Wait for your turn."
        elif not obs["trick"]:
            hint = f"You lead: play any card. {str(obs['trump']).capitalize()} is trump."
        else:
            hint = (
                f"Play any card. The highest {obs['trump']} (trump) wins, else the highest "
                f"{obs['led_suit']}; a 1 counts as 8 with the 7 of its colour."
            )
        heading = self.html("heading", hand_heading_html(self.seat_label(seat), len(cards), hint))
        parts: list[Any] = [heading, self.card_buttons(cards, by_card)]
        if others:
            parts.append(self.other_action_buttons(others))
        return self.box("hand", parts)
