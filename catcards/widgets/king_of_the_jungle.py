"""The King of the Jungle table (Wildcat rulebook, "King of the Jungle"; decisions ``rules/wildcat.md``).

Drawn from ``state.observation(seat)`` only: the hand number and dealer, the trick in the middle
(who played what, the led suit; once a trick is finished, the last trick and its winner), every
seat's hand as a face-down count with its bid against the tricks it has won, the scores and a
hand-by-hand score sheet. Bidding is by buttons that offer only the legal bids (the last bidder
is told which bid the hook rule forbids); in play only the cards that follow suit are enabled.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..games.king_of_the_jungle import Bid
from ..render.king_of_the_jungle import board_html
from ..render.tables import hand_heading_html
from .table import GameTable, table_for

__all__ = ["KingOfTheJungleTable"]


@table_for("king-of-the-jungle")
class KingOfTheJungleTable(GameTable):
    """The King of the Jungle table: trick, bids against tricks won, scores, bid buttons, your hand.

    Constructed like :class:`~catcards.widgets.table.GameTable`
    (``KingOfTheJungleTable(game, seed=..., humans=(0,), agents="sensible", deals=None, view=None)``;
    strategies "sensible", "top-cards", "average", "zero").
    ``catcards.widgets.play("king-of-the-jungle", players=4, seed=1)`` returns one.

    Parts besides the base table's: ``bid_buttons`` (the bid buttons drawn last, by number of
    tricks; empty when it is not your turn to bid).
    """

    #: short rules naming this table's own controls (the "How to play" panel and the app)
    how_to_play = (
        'First bid: press a number button, the tricks you think you will win (the last bidder may not make the total 13).',
        'Then on your turn press a card button under your hand. You must follow the suit led if you can; the highest card of the suit led wins the trick.',
        'A bid made scores 10 + 2 per trick bid (bid 0 made: 20); a bid missed loses 1 point per trick over or under.',
        'Rules: the Wildcat & Dinohistoria rulebook, "King of the Jungle".',
    )

    bid_buttons: dict[int, W.Button] = {}

    def status_text(self, obs: dict) -> str:
        text = super().status_text(obs)
        if obs["is_over"]:
            return text
        what = "bidding" if obs["phase"] == "bid" else f"trick {obs['tricks_played'] + 1} of 13"
        return f"Hand {obs['hand_no']} ({what}) &middot; {text}"

    #: the board: the trick (or the last trick), seats with bids / tricks / scores, the score
    #: sheet (:func:`catcards.render.king_of_the_jungle.board_html`)
    render_board = staticmethod(board_html)

    def hand(self, obs: dict) -> W.Widget:
        """Your hand; on your bid, one button per legal bid (and why the forbidden one is missing)."""
        seat = obs["seat"]
        legal = self.legal
        by_card, _ = self.actions_for_cards(legal)
        cards = list(obs["hand"])
        bids = [a for a in legal if isinstance(a, Bid)]
        moves = self.shown_moves  # the hint says what the position shown asks, looking back too
        self.bid_buttons = {}
        if any(isinstance(a, Bid) for a in moves):
            no = obs["forbidden_bid"]
            hint = "Bid the number of tricks you will win."
            if no is not None:
                hint += f" You bid last: not {no}, or the bids would total 13."
        elif not moves:
            hint = "" if obs["is_over"] else "Wait for your turn."
        elif obs["led_suit"] and cards and any(c.suit == obs["led_suit"] for c in cards):
            hint = f"Follow suit: play a {obs['led_suit']} card."
        elif obs["led_suit"]:
            hint = f"You have no {obs['led_suit']}: discard any card (it cannot win)."
        else:
            hint = "You lead: play any card."
        heading = self.html("heading", hand_heading_html(self.seat_label(seat), len(cards), hint))
        parts: list[Any] = [heading, self.card_buttons(cards, by_card)]
        if bids:
            for a in bids:
                self.bid_buttons[a.tricks] = self.action_button(a, label=str(a.tricks), tooltip=str(a), keep=True,
                                                                layout={"width": "40px"}, classes=("catcards-bid-button",))
            parts.append(self.box("bids", [self.html("bid", "<b>Bid:</b>&nbsp;", keep=True), *self.bid_buttons.values()],
                                  W.HBox, keep=True, flex_flow="row wrap", align_items="center"))
        return self.box("hand", parts)
