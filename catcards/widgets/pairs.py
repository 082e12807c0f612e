"""The Pairs table: a grid of cards where a person clicks two (rulebook "PAIRS";
``rules/wildcat.md``, "Pairs").

Drawn from ``state.observation(seat)`` only: each grid position is a face-down card (with its
position number) above a button named "card p" that turns it over, the face of the card turned over in the turn under way,
or an empty slot where a pair was taken. Above the grid: pairs per seat; below it, "Turns since
your last move": the two cards each player turned over (every player at the table saw them, so
they are public: they come from ``obs["last_turn"]``, whose card names are matched to the game's
card list). Computer players move at once after a person's miss; their turns are listed there
so that a person can remember them. A card clicked while the computer plays (before the page has
shown the student's turn again) is refused in words, never kept for the student's next turn.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..cards import Card
from ..games.pairs import TURN_OVER
from ..render.pairs import CELL, cell_html, recent_html, scores_html, taken_html
from .table import GameTable, mark_unavailable, table_for

__all__ = ["PairsTable", "COMPUTER_PLAYING"]

#: what a click on a card says while the computer is playing (it changes nothing)
COMPUTER_PLAYING = "Wait: the computer is playing. Nothing changed: choose a card when it is your turn."


def recent_turns(state, keep: int = 8) -> list[dict]:
    """The last ``keep`` turns completed in ``state``'s game, oldest first: each the public
    ``last_turn`` dict (seat, positions, cards, match) with ``turn``, its number, found by
    replaying ``state``'s moves from its seed and deals (what every seat saw)."""
    game = state.game
    s = game.new_game(state.seed, deals=state.deals)
    turns: list[dict] = []
    for action in state.history:
        done = s.turns
        s.apply(action)
        if s.turns != done:
            turns.append(dict(s.last_turn, turn=s.turns))
    return turns[-keep:]


def cell_words(p: int, shown: Any, can_turn: bool) -> tuple[str, str, bool]:
    """The words of the button under grid position ``p``, which shows ``shown`` (a
    :class:`~catcards.cards.Card` face up, None where a pair was taken, else a card face down;
    ``can_turn``: turning it over is one of the viewer's moves now): ``(label, tooltip, usable)``.
    A button that cannot be used now (``usable`` False: a card face up, or not the viewer's
    turn) stays clickable, its tooltip saying so (:func:`~catcards.widgets.table.mark_unavailable`)."""
    if isinstance(shown, Card):
        return f"shows {shown.rank}", f"card {p} is face up ({shown}): press to hear why you cannot turn it", False
    if shown is None or can_turn:
        return f"card {p}", f"turn over card {p}", True
    return f"card {p}", f"card {p} cannot be turned now: press to hear why", False


@table_for("pairs")
class PairsTable(GameTable):
    """The Pairs grid table (see the module docstring).

    Constructed like :class:`~catcards.widgets.table.GameTable`; computer seats default to the
    "forgetful" memory strategy (the generic default "sensible" means it here); give
    ``agents="perfect"`` for a computer that never forgets, ``"random"`` for one with no memory.

    Extra parts: ``cell_buttons`` (position -> the "card p" button of each face-down card drawn
    now); ``recent`` (the turns shown under the grid: the last 8 completed up to the position
    shown, oldest first, as dicts like ``obs["last_turn"]`` with the turn's number).
    """

    #: short rules naming this table's own controls (the "How to play" panel and the app)
    how_to_play = (
        'Your turn: choose a face-down card (or its "card" button) to turn it over, then a second one.',
        "Two cards with the same number are a pair: you keep them and have another turn. Otherwise both go face down again and it is the next player's turn; remember what you saw (the recent turns are listed under the grid).",
        'Most pairs wins; ties share.',
        'Rules: the Wildcat & Dinohistoria rulebook, "PAIRS".',
    )

    #: what the generic default "sensible" means at this table
    default_agents = "forgetful"

    def __init__(self, *args: Any, **kwargs: Any):
        self.cell_buttons: dict[int, W.Button] = {}
        super().__init__(*args, **kwargs)

    def _hidden_for(self):
        return None  # nothing in Pairs is private: no pass-the-screen step

    @property
    def recent(self) -> list[dict]:
        """The last 8 turns completed up to the position shown (looking back with the Move box
        too), oldest first: the public ``last_turn`` of each, with ``turn`` its number. Read by
        replaying the shown game's public moves (a few hundred microseconds)."""
        return recent_turns(self.state)

    def status_text(self, obs: dict) -> str:
        """The table's status line, with "turn over a second card" when, in the position shown,
        the person viewing has turned one card over, and "first card turned over" when another
        player has (as the hint says it: :meth:`hand`)."""
        text = super().status_text(obs)
        if obs["turned"] is not None and not self.state.is_over:
            text += " &middot; turn over a second card" if self.viewers_turn else " &middot; first card turned over"
        return text + f" &middot; {obs['turns']} turn{'s' * (obs['turns'] != 1)} played"

    def _grid_widgets(self, obs: dict, legal: set) -> None:
        """Make the grid once per grid size: one cell (a face above a button) per position,
        kept for the table's life and updated in place by :meth:`board` (issue 11: rebuilding
        158 widgets per click took 140 ms and leaked their layouts). Each widget is made as
        :meth:`board` shows it for ``obs`` (``legal``: the viewer's moves now), so that the
        browser receives it in one message, with no update after (the 52 cells of the usual
        grid sent 520 updates, and the page over 1,000 messages, past where the kernel's IOPub
        socket drops them)."""
        size = len(obs["grid"])
        old = getattr(self, "_board", None)
        if old is not None and len(self._faces) == size and old.comm is not None:
            return
        self._faces: list[W.HTML] = []
        self._buttons: list[W.Button] = []
        cells = []
        for p, x in enumerate(obs["grid"]):
            face = W.HTML(cell_html(p, x))
            label, tooltip, usable = cell_words(p, x, TURN_OVER[p] in legal)
            button = self.action_button(
                TURN_OVER[p], label=label, tooltip=tooltip, enabled=x is not None,
                layout=dict(width=f"{CELL + 4}px", min_width="0", padding="0",
                            visibility="hidden" if x is None else "visible"),
                classes=("catcards-cell",) if usable else ("catcards-cell", "catcards-unplayable"))
            self._faces.append(face)
            self._buttons.append(button)
            # the picture clicks the button (class catcards-cardcol, table.STYLE)
            cells.append(W.VBox([face, button], layout=W.Layout(width=f"{CELL + 8}px", align_items="center"),
                                _dom_classes=("catcards-cardcol",)))
        self._recent = W.HTML()
        grid = W.GridBox(
            cells,
            # the rulebook's rows of ``cols`` cards where the screen is wide enough; on a narrower
            # screen (a phone) the cards wrap into as many columns as fit, in position order, so
            # that every card is on screen with its number and nothing scrolls sideways
            layout=W.Layout(grid_template_columns=f"repeat(auto-fill, {CELL + 10}px)", grid_gap="4px 2px",
                            max_width=f"{obs['cols'] * (CELL + 12)}px", width="100%", overflow="visible"),
        )
        # a phone scrolls the grid, with a visible bar (class catcards-scroll, table.STYLE)
        scroll = W.Box([grid], layout=W.Layout(max_width="100%"), _dom_classes=("catcards-scroll",))
        self._scores = W.HTML()
        self._board = W.VBox([self._scores, scroll, self._recent])

    def _click(self, button: W.Button) -> None:
        """A grid button names its position, whatever the turn: "turn over card p" is answered
        in the position the click arrives in (refused in words when that card is not face down
        or it is not a person's turn). A click while the computer plays is refused in words,
        never kept for the student's next turn (break49): one that arrives before the
        computer's turn has run, and one the browser sent before the table was drawn at the
        student's turn again (:meth:`~catcards.widgets.table.messages.MessagesMixin._computers_playing`:
        of two cards clicked at once for the second card, the first counts)."""
        action = button._catcards_action[0]  # type: ignore[attr-defined]
        seat = self.state.current_player
        if self.state.is_over:
            self.say(self.game_over_words)
        elif self._computers_playing():
            self.say(COMPUTER_PLAYING)
        elif not self.is_human(seat):
            self.say(f"It is {self.seat_label(seat)}'s turn, not yours: nothing changed.")
        elif action not in self.state.legal_actions():
            shown = self.state.observation(seat)["grid"][action.position]
            self.say(f"Card {action.position} ({shown}) is already face up: turn over a face-down card. Nothing changed."
                     if isinstance(shown, Card) else
                     f"Card {action.position} is not on the table now (its pair was taken): nothing changed.")
        else:
            self.act(action)

    def board(self, obs: dict) -> W.Widget:
        """Pairs per seat, the grid, and the recent turns, from ``obs`` only; the same widgets
        every time, with only what changed sent to the browser."""
        legal = set(self.legal)
        self._grid_widgets(obs, legal)
        self._scores.value = scores_html(obs, self.seat_label)
        position = (self.state, len(self.state.history), self.state.current_player)
        self.cell_buttons = {}
        for p, x in enumerate(obs["grid"]):
            face, button = self._faces[p], self._buttons[p]
            button._catcards_action = (TURN_OVER[p], *position)  # type: ignore[attr-defined]
            face.value = cell_html(p, x)
            if x is None:  # a pair taken: its button is hidden, with the words it had
                button.layout.visibility = "hidden"
                button.disabled = True
            else:
                label, tooltip, usable = cell_words(p, x, TURN_OVER[p] in legal)
                button.layout.visibility = "visible"
                button.description, button.tooltip = label, tooltip
                mark_unavailable(button, None if usable else tooltip)
                if not isinstance(x, Card):
                    self.cell_buttons[p] = button
        self._recent.value = recent_html(self.recent, self.seat_label, self.game.cards)
        return self._board

    def hand(self, obs: dict) -> W.Widget:
        """Pairs has no hand: the grid buttons are the moves; this shows the pairs you took, and a
        hint for the position shown, as the status line says it (looking back with the Move box
        too: at a move where it was your turn, what that turn asked, not "watch the others")."""
        seat = obs["seat"]
        if seat is None:
            return self.html("taken", "")
        if obs["is_over"]:
            hint = ""
        elif not self.viewers_turn:
            hint = "Watch the cards the others turn over, and remember where they lie."
        elif obs["turned"] is not None:
            hint = "Now turn over a second card: the same number makes a pair, and you have another turn."
        else:
            hint = "Your turn: choose any face-down card to turn it over, then a second one."
        return self.html("taken", taken_html(obs, seat, self.seat_label, hint))
