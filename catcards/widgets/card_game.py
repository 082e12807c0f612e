"""The Card Game: The Card Game table (rulebook ``card-game-the-card-game.txt``; decisions and card
list ``rules/card-game.md``).

Drawn from ``state.observation(seat)`` only: a response banner when someone may answer a card
("play Not So Fast?" / "pass") or a bluff ("believe" / "challenge"); the stack of cards and
Abilities waiting to resolve (a face-down claim shows as a card back); each seat's hand as a
count of backs, tokens, points, money area ($ and cards), LOCK cards and characters on Exploding
Island; the RULE cards on the table, the Money deck's visible top card, the main deck's size and
the discard pile (open it to look: anyone may). Your hand is shown face up. When you are prompted
(respond, believe or challenge, a choice while an effect resolves, the end phase of a turn: play
an INSTANT card or pass / end the turn) every answer is a button
("play Not So Fast", "pass"); in your own turn the simple actions (take Money, draw, end turn)
are buttons and every card play, claim and Ability is in one list with a "Do it" button (a card
like The Guardian has dozens of ways to be played).
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..games.card_game import Claim, Play, UseAbility
from ..render.card_game import (  # noqa: F401 (TYPE_COLOURS, face_svg: re-exported)
    TYPE_COLOURS, board_html, discard_html, does_html, does_text, face_html, face_svg, hand_html, prompt_html,
    row_html)
from .table import GameTable, table_for

__all__ = ["CardGameTable", "face_svg", "TYPE_COLOURS"]


@table_for("card-game")
class CardGameTable(GameTable):
    """The Card Game table: response banner, stack, seats, table centre, discard pile, your hand.

    Constructed like :class:`~catcards.widgets.table.GameTable`
    (``CardGameTable(game, seed=..., humans=(0,), agents="bluffer", deals=None, view=None)``);
    ``catcards.widgets.play("card-game", players=3, seed=1, agents="bluffer")`` returns one.

    Extra parts: ``choice`` (Dropdown of the card plays, claims and Abilities open to you now),
    ``do_button`` ("Do it": applies the chosen one) and ``choice_text`` (what the chosen card
    does, in full), rebuilt on every redraw. Every card face's title and every card button's
    tooltip give the card's full name, cost, types and text (:meth:`does`).
    """

    #: short rules naming this table's own controls (the "How to play" panel and the app)
    how_to_play = (
        'Your turn: first take Money or draw from the main deck (the buttons under your hand), then choose a card to play from the "card:" list and press "Do it", and press "end turn" when you are done.',
        'When a card is played, every other player may answer (the buttons under the prompt), and may challenge a bluff.',
        'Rules: the Card Game: The Card Game rulebook.',
    )

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("agents", "bluffer")
        self.choice: W.Dropdown | None = None
        self.do_button: W.Button | None = None
        self.choice_text: W.HTML | None = None
        super().__init__(*args, **kwargs)

    # ---- drawing (the HTML is built by catcards.render.card_game) ---------------------------------
    def face(self, card: Any, width: int = 48, as_name: str = "") -> str:
        """One card face (see :func:`face_svg`), ``as_name`` for a Joker counting as another card."""
        return face_html(card, self.game.deck.specs, width, as_name)

    def row(self, cards: Any, width: int = 36, empty: str = "-") -> str:
        """A row of faces; items may be Cards or ``(Card, name it counts as)`` pairs."""
        return row_html(cards, self.game.deck.specs, width, empty)

    def does(self, action: Any) -> str:
        """``str(action)``, and for an action naming a card (a play, claim or Ability) that card's
        cost, types and text: the tooltip of its button and the line under the "card:" list."""
        return does_text(action, self.game.deck.specs)

    def other_action_buttons(self, actions: Any) -> W.Widget:
        """One button per action, labelled ``str(action)``; its tooltip says what the card does."""
        return self.box("others", [self.action_button(a, tooltip=self.does(a)) for a in actions],
                        W.HBox, keep=True, flex_flow="row wrap")

    def focus_after(self, clicked: W.Button, place: tuple[str, bool, int]) -> W.Widget | None:
        """Keyboard focus after a button under your hand was pressed: as every table
        (:meth:`GameTable.focus_after`), except that when the button now at the pressed one's
        place does something else, focus goes to the "card:" list if it is shown (the next step
        of a turn: take Money, then choose a card). Without this, "take Money" gave its place
        to "end turn", and a second Enter (a key held a moment too long) ended the turn
        (break-it tester, keyboard only)."""
        target = super().focus_after(clicked, place)
        if (target is not clicked and isinstance(target, W.Button)
                and target.description != clicked.description
                and self.choice is not None and self.choice.comm is not None):
            return self.choice
        return target

    # ---- board ----------------------------------------------------------------------------------
    def board(self, obs: dict) -> W.Widget:
        """Banner, stack, seats table and table centre (HTML, :func:`catcards.render.card_game.board_html`),
        and the discard pile (a native disclosure, ``<details>``: its heading is reached with Tab
        and opened with Enter, where an Accordion's title was a ``<div>`` the keyboard could not
        reach)."""
        top = self.html("board", board_html(obs, self.seat_label, self.game.deck.specs))
        pile = self.html("discard", discard_html(obs, self.game.deck.specs))
        return self.box("board", [top, pile])

    # ---- hand -----------------------------------------------------------------------------------
    def hand(self, obs: dict) -> W.Widget:
        """Your hand face up, the quick-action buttons and the list of card plays with "Do it"."""
        parts: list[W.Widget] = [self.html("hand", hand_html(obs, self.seat_label, self.game.deck.specs))]
        legal = list(self.legal)
        if obs["decision"] in ("respond", "bluff", "choice", "end"):  # a prompt: few answers, all buttons
            quick, plays = legal, []
        else:
            quick = [a for a in legal if not isinstance(a, (Play, Claim, UseAbility))]
            plays = [a for a in legal if isinstance(a, (Play, Claim, UseAbility))]
        if legal:
            parts.append(self.html("prompt", prompt_html(obs), keep=True))
        if quick:
            parts.append(self.other_action_buttons(quick))
        self.choice = self.do_button = self.choice_text = None
        if plays:
            # kept between redraws (issue 31): the list's options and the text under it change
            self.choice = self.part("choice", self._make_choice, keep=True)
            self.do_button = self.part("do", self._make_do_button, keep=True)
            self.choice_text = self.part("choice_text", self._make_choice_text, keep=True)
            options = sorted(((str(a), a) for a in plays), key=lambda t: t[0])
            if [tuple(o) for o in self.choice.options] != options:
                self.choice.options = options
                if self.choice.index is None:
                    self.choice.index = 0  # the first play chosen, as a new list shows it
            self.do_button._catcards_position = (  # type: ignore[attr-defined]
                self.state, len(self.state.history), self.state.current_player)
            self._show_choice()
            parts.append(self.box("plays", [self.choice, self.do_button], W.HBox, keep=True, flex_flow="row wrap"))
            parts.append(self.choice_text)
        return self.box("hand", parts)

    def _make_choice(self) -> W.Dropdown:
        choice = W.Dropdown(description="card:", layout=W.Layout(width="480px", max_width="calc(100% - 8px)"))
        choice.observe(lambda _change: self._show_choice(), "value")
        return choice

    def _make_do_button(self) -> W.Button:
        button = W.Button(description="Do it", button_style="primary", layout=W.Layout(width="auto"))
        button.add_class("catcards-action")

        def do(b: Any) -> None:
            if (self.state, len(self.state.history), self.state.current_player) != b._catcards_position:
                self.say("That choice was from an earlier position; the game has moved on, so nothing changed.")
                return
            self.act(self.choice.value)

        button.on_click(self.callback(do))
        return button

    def _make_choice_text(self) -> W.HTML:
        text = W.HTML()  # never wider than the table (render.tables.STYLE)
        text.add_class("catcards-choice-text")
        return text

    def _show_choice(self) -> None:
        """What the chosen card does, in full, under the list (a list option cannot carry a tooltip)."""
        if self.choice is not None and self.choice_text is not None and self.choice.value is not None:
            self.choice_text.value = does_html(self.choice.value, self.game.deck.specs)
