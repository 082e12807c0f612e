"""The Big Cat Game table: watch (or take part in) a game with no decisions, one card at a time.

Drawn from ``state.observation(seat)`` only (rulebook "The BIG CAT Game"; ``rules/wildcat.md``):
every seat's face-down stack as a card back with its count (stacks are hidden from everyone, the
owner included), who is out, the centre pile face up (the newest cards, with the pile's size), the
demand in progress ("seat 1 must lay 3 more cards for seat 0's Tiger") and the counts of cards
played and tricks.

Buttons: "Step" (one card laid, or the pile taken), "Next trick" (on until a pile is taken),
"Run" (to the end: a win, or a cycle reported as non-terminating) and "Replay deal" (the same deal
again from the start: same seed, same explicit deals). A person at the table (``humans=(0,)``,
the default of :func:`catcards.widgets.play`) lays their own top card with a button; with
``humans=()`` nothing moves until a button is pressed.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from ..render.big_cat import PILE_SHOWN, board_html, card_does, demand_text  # noqa: F401 (PILE_SHOWN: re-exported)
from .table import GameTable, hint_html, table_for

__all__ = ["BigCatTable"]



@table_for("big-cat")
class BigCatTable(GameTable):
    """The Big Cat Game table (see the module docstring).

    Constructed like :class:`~catcards.widgets.table.GameTable` (computer seats play "random": the
    only legal action is always the one the rules force).

    Extra parts: ``trick_button`` ("Next trick"), ``replay_button`` ("Replay deal"),
    ``lay_button`` (a person's "Lay your top card" / "Take the pile" button, or None);
    ``step_button`` is labelled "Step" and ``playout_button`` "Run".
    """

    #: short rules naming this table's own controls (the "How to play" panel and the app)
    how_to_play = (
        'Your turn: press "Lay your top card" (or "Take the pile" when you won it). "Step" lays one card for whoever is to act, "Next trick" plays until a pile is taken, "Run" plays to the end.',
        'A reward card demands cards from the next player (Lion 5, Tiger 3, Wildcat 2, Jaguar 1); when a demand is paid with ordinary cards, the player who laid the reward card takes the pile.',
        'A player who gets every card wins. There are no choices to make: watch how the deal decides the game.',
        'Rules: the Wildcat & Dinohistoria rulebook, "The BIG CAT Game".',
    )

    #: what the generic default "sensible" means at this table
    default_agents = "random"
    #: "Replay deal" deals the game again: keyboard focus goes to it only when nothing else is shown
    deal_controls = ("new_button", "shuffle_button", "replay_button")

    def __init__(self, *args: Any, **kwargs: Any):
        self.lay_button: W.Button | None = None
        self.trick_button = W.Button(description="Next trick", icon="forward",
                                     tooltip="lay cards until a pile is taken",
                                     layout=W.Layout(width="auto"))
        self.replay_button = W.Button(description="Replay deal", icon="undo",
                                      tooltip="the same deal again from the start",
                                      layout=W.Layout(width="auto"))
        super().__init__(*args, **kwargs)
        self.step_button.description = "Step"
        self.step_button.tooltip = "one card laid (or the pile taken)"
        self.playout_button.description = "Run"
        self.playout_button.tooltip = "play to the end (a win, or a cycle that would never end)"
        self.trick_button.on_click(self.callback(lambda _b: self.next_trick()))
        self.replay_button.on_click(self.callback(lambda _b: self.new_game(self.state.seed)))
        self.controls.children = [*self.controls.children, self.trick_button, self.replay_button]
        self.refresh()

    # ---- driving ------------------------------------------------------------------------------
    def next_trick(self) -> None:
        """Every seat's strategy plays until the next pile is taken (or the game ends); then, if
        people play, computers move until a person is to act."""
        if self.state.is_over:
            self.say("The game is over: press Replay deal or New game.")
            return
        tricks = self.state.tricks
        while not self.state.is_over and self.state.tricks == tricks:
            self._agent_move()
        self._advance()

    def refresh(self) -> None:
        super().refresh()
        if hasattr(self, "trick_button"):
            self.trick_button.disabled = self.state.is_over

    # ---- drawing (the HTML is built by catcards.render.big_cat) --------------------------------
    def demand_text(self, obs: dict) -> str:
        """The demand in progress in words (plain text), from the observation."""
        return demand_text(obs, self.game.deck)

    def card_does(self, obs: dict, card) -> str:
        """What ``card`` does, for its tooltip and accessible name: a reward card's demand
        ("reward card: the next player must lay 5 cards"); "" for an ordinary card."""
        return card_does(obs, self.game.deck, card)

    def board(self, obs: dict) -> W.Widget:
        """Stacks (backs with counts), the centre pile, the demand and the counts
        (:func:`catcards.render.big_cat.board_html`)."""
        return self.html("board", board_html(obs, self.seat_label, self.game.deck))

    def hand(self, obs: dict) -> W.Widget:
        """A person's only move: lay their top card, or take the pile they won."""
        self.lay_button = None
        moves = self.shown_moves  # the hint says what the position shown asks, looking back too
        seat = obs.get("seat")
        if not moves:
            return self.html("wait", f"<i>{html.escape(self.seat_label(seat))}: your stack is face down; "
                             "wait for your turn.</i>")
        action = moves[0]
        label = "Take the pile" if str(action) == "take the pile" else "Lay your top card"
        if label == "Take the pile":
            hint = "You won the pile: take it and put it under your stack."
        elif obs["demand"]:
            n = obs["demand"]
            hint = (f"Pay the demand: lay {n} more card{'s' * (n != 1)}. "
                    "If you turn up a reward card, the next player must pay you instead.")
        else:
            hint = "Lay your top card. A reward card makes the next player pay you cards."
        parts = [self.html("hint", hint_html(hint))]
        if self.legal:  # looking back, the hint only: that move was made
            self.lay_button = self.action_button(action, label=label)
            self.lay_button.button_style = "success"
            parts.append(self.box("lay", [self.lay_button], W.HBox))
        return self.box("hand", parts)
