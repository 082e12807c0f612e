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

from ..games.big_cat import PENALTY_LETTERS
from ..render import back_svg
from .table import GameTable, card_html, hint_html, table_for

__all__ = ["BigCatTable"]

#: newest pile cards drawn face up
PILE_SHOWN = 10
CARD_W = 48


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
        'Your turn: click "Lay your top card" (or "Take the pile" when you won it). "Step" lays one card for whoever is to act, "Next trick" plays until a pile is taken, "Run" plays to the end.',
        'A reward card demands cards from the next player (Lion 5, Tiger 3, Wildcat 2, Jaguar 1); when a demand is paid with ordinary cards, the player who laid the reward card takes the pile.',
        'A player who gets every card wins. There are no choices to make: watch how the deal decides the game.',
        'Source: rulebooks/wildcat-and-dinohistoria.txt, "The BIG CAT Game".',
    )

    def __init__(self, *args: Any, **kwargs: Any):
        if kwargs.get("agents", "sensible") == "sensible":
            kwargs["agents"] = "random"
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
            self.say("The game is over: click Replay deal or New game.")
            return
        tricks = self.state.tricks
        while not self.state.is_over and self.state.tricks == tricks:
            self._agent_move()
        self._advance()

    def refresh(self) -> None:
        super().refresh()
        if hasattr(self, "trick_button"):
            self.trick_button.disabled = self.state.is_over

    # ---- drawing ------------------------------------------------------------------------------
    def demand_text(self, obs: dict) -> str:
        """The demand in progress in words (plain text), from the observation."""
        if obs["is_over"]:
            return "The game is over."
        cur = obs["current_player"]
        if obs["taking"]:
            return f"Seat {cur} takes the pile."
        if obs["demand"]:
            n = obs["demand"]
            reward = next((c for c in reversed(obs["pile"]) if self._penalty(obs, c)), None)
            what = reward.name if reward is not None else "reward card"
            return f"Seat {cur} must lay {n} more card{'s' * (n != 1)} for seat {obs['demand_by']}'s {what}."
        if not obs["pile"]:
            return f"Seat {cur} starts a new pile."
        return f"No demand yet: seat {cur} lays the next card."

    def card_does(self, obs: dict, card) -> str:
        """What ``card`` does, for its tooltip and accessible name: a reward card's demand
        ("reward card: the next player must lay 5 cards"); "" for an ordinary card."""
        n = self._penalty(obs, card)
        return f"reward card: the next player must lay {n} card{'s' * (n != 1)}" if n else ""

    def _penalty(self, obs: dict, card) -> int:
        letter = PENALTY_LETTERS[self.game.deck].get(card.name)
        return obs["penalties"].get(letter, 0) if letter else 0

    def board(self, obs: dict) -> W.Widget:
        """Stacks (backs with counts), the centre pile, the demand and the counts."""
        seats = []
        for s, size in enumerate(obs["stack_sizes"]):
            turn = obs["current_player"] == s
            label = "out" if obs["out"][s] else f"{size}"
            border = "3px solid #e8a317" if turn else "3px solid transparent"
            seats.append(
                f"<div style='display:inline-block;text-align:center;margin:0 8px;padding:3px;"
                f"border:{border};border-radius:8px' class='catcards-seat'>"
                f"{back_svg(CARD_W, label) if size else card_html(None, CARD_W, empty='empty')}"
                f"<div>{html.escape(self.seat_label(s))}</div>"
                f"<div style='color:#555'>{size} card{'s' * (size != 1)}"
                f"{' &middot; <b>out</b>' if obs['out'][s] else ''}</div></div>"
            )
        pile = obs["pile"]
        shown = pile[-PILE_SHOWN:]
        faces = "".join(card_html(c, CARD_W, does=self.card_does(obs, c)) for c in shown) or card_html(None, CARD_W, empty="no pile")
        more = f"<span style='color:#595959'>+{len(pile) - len(shown)} under</span> " if len(pile) > len(shown) else ""
        names = {v: k for k, v in PENALTY_LETTERS[self.game.deck].items()}
        penalties = ", ".join(f"{names[k]} {v}" for k, v in obs["penalties"].items())
        return W.HTML(
            "<div class='catcards-board'>"
            f"<div class='catcards-stacks'>{''.join(seats)}</div>"
            f"<div style='margin-top:6px'><b>Centre pile</b> ({len(pile)} card{'s' * (len(pile) != 1)}, "
            "newest on the right)</div>"
            f"<div class='catcards-pile' style='display:flex;flex-wrap:wrap;gap:3px;align-items:center'>"
            f"{more}{faces}</div>"
            f"<div class='catcards-demand' style='margin-top:6px;font-size:1.1em'>"
            f"{html.escape(self.demand_text(obs))}</div>"
            f"<div class='catcards-counts' style='color:#444'>Cards played: <b>{obs['cards_played']}</b>"
            f" &middot; tricks: <b>{obs['tricks']}</b> &middot; demands: {html.escape(penalties)}</div>"
            "</div>"
        )

    def hand(self, obs: dict) -> W.Widget:
        """A person's only move: lay their top card, or take the pile they won."""
        self.lay_button = None
        legal = self.legal
        seat = obs.get("seat")
        if not legal:
            return W.HTML(f"<i>{html.escape(self.seat_label(seat))}: your stack is face down; "
                          "wait for your turn.</i>")
        action = legal[0]
        label = "Take the pile" if str(action) == "take the pile" else "Lay your top card"
        if label == "Take the pile":
            hint = "You won the pile: take it and put it under your stack."
        elif obs["demand"]:
            n = obs["demand"]
            hint = (f"Pay the demand: lay {n} more card{'s' * (n != 1)}. "
                    "If you turn up a reward card, the next player must pay you instead.")
        else:
            hint = "Lay your top card. A reward card makes the next player pay you cards."
        self.lay_button = self.action_button(action, label=label)
        self.lay_button.button_style = "success"
        return W.VBox([W.HTML(hint_html(hint)), W.HBox([self.lay_button])])
