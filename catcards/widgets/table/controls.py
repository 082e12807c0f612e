"""The table's controls: "New game" with the seed box (same seed, same deal), "New seed", "Undo"
(take back a person's last move and the computers' moves after it), "Computer step" and "Play
out". Part of :mod:`catcards.widgets.table`."""
from __future__ import annotations

import ipywidgets as W

from ...core import fresh_seed, seed_from_text

__all__ = ["ControlsMixin", "seed_from_text"]


class ControlsMixin:
    """The controls row of :class:`~catcards.widgets.table.GameTable` (``controls``: ``new_button``,
    ``seed_box``, ``shuffle_button``, ``undo_button``, ``step_button``, ``playout_button``) and
    what they do."""

    def _build_controls(self) -> None:
        """Make the controls row. Called once by ``__init__``, before the first deal."""
        # a Text box: a JavaScript number cannot hold every seed exactly, text can. Sent when
        # complete (Tab, Enter), not on every key, so that "New game" pressed at once deals the
        # whole seed typed, not its first digits (the race MoveBox's docstring describes)
        self.seed_box = W.Text(description="seed", layout=W.Layout(width="190px"), continuous_update=False,
                               tooltip="the deal's seed: the same seed deals the same game",
                               style={"description_width": "36px"})
        self.new_button = W.Button(description="New game", icon="refresh", layout=W.Layout(width="auto"),
                                   tooltip="deal again with the seed in the box (same seed, same deal)")
        self.shuffle_button = W.Button(description="New seed", icon="random", layout=W.Layout(width="auto"),
                                       tooltip="choose a fresh seed and deal a new game")
        self.step_button = W.Button(description="Computer step", icon="step-forward", layout=W.Layout(width="auto"),
                                    tooltip="the seat to act makes one move by its computer strategy")
        self.playout_button = W.Button(description="Play out", icon="fast-forward", layout=W.Layout(width="auto"),
                                       tooltip="computer strategies finish the game at once")
        self.new_button.on_click(self.callback(lambda _b: self.new_game(self._seed_from_box())))
        self.shuffle_button.on_click(self.callback(lambda _b: self.new_game(fresh_seed())))
        self.step_button.on_click(self.callback(lambda _b: self.computer_step()))
        self.playout_button.on_click(self.callback(lambda _b: self.play_out()))
        self.undo_button = W.Button(description="Undo", icon="undo", layout=W.Layout(width="auto"),
                                    tooltip="take back your last move and the computers' moves after it")
        self.undo_button.on_click(self.callback(lambda _b: self.undo()))
        self.controls = W.HBox(
            [self.new_button, self.seed_box, self.shuffle_button, self.undo_button, self.step_button,
             self.playout_button],
            layout=W.Layout(flex_flow="row wrap", align_items="center"),
        )

    def new_game(self, seed: int | None = None, *, advance: bool = True) -> None:
        """Deal a new game (same seed: the same deal and, with the same clicks, the same game).
        What the clock was to do for the game before (the computers' replies, a Pairs turn shown
        face up) is cancelled first (:meth:`stop`): no step of it lands in the new game.

        ``advance``: True (the default) lets the computers play until a person is to act, at
        once, so the deal is shown at a person's turn. False leaves the deal as dealt, a computer
        seat to act waiting: for a page that counts the deal itself and then ends play
        (:meth:`end_play`), as a class counts a Simon's Cat deal
        (``catcards/classroom/class_app.ipynb``)."""
        self.stop()
        self.state = self._deal(seed)
        self._passed_turn = None
        self.clear_messages()
        self.refresh()
        if advance:
            self._advance(now=True)  # the new deal is shown at a person's turn

    def undo(self) -> None:
        """Take back the last move a person at this screen made, and the computers' moves after
        it (:meth:`TableModel.undo <catcards.widgets.table.model.TableModel.undo>`: from a kept
        position a few moves before, not from the deal, so it costs the same at move 500 as at
        move 5). Said in words when there is nothing to take back; then what the clock was to do
        (the computers' moves, a paced turn) goes on (:meth:`resume`)."""
        self._check_present()
        self.stop()
        self._passed_turn = None  # the computers' turn is taken back: no press waits for it (break50)
        taken = self.model.undo()
        if taken is None:
            # nothing taken back: what the clock was to do goes on (a computer's paced opening in
            # Pairs stayed at "Seat 2 (computer) to act" for good, break54)
            self.resume()
            self.say("Nothing to take back: no move of yours has been made in this game.")
            return
        action, later = taken
        self.say(f"Took back your move '{action}'"
                 + (f" and the {later} computer move{'s' * (later != 1)} after it." if later else "."))

    def computer_step(self) -> None:
        """The seat to act makes one move by its computer strategy (also a person's seat: "let the
        computer move for me"); then, if people play, computers move until a person is to act."""
        if self.state.is_over or self.ended_words is not None:
            self.say(self.ended_words or self.game_over_words)
            return
        self._moves_from = (self.state, len(self.state.log), "")  # the step is read out too (say_moves)
        self._agent_move()
        self._advance()

    def play_out(self) -> None:
        """Every seat's computer strategy plays until the game is over, at once."""
        if self.state.is_over or self.ended_words is not None:
            self.say(self.ended_words or self.game_over_words)
            return
        # the replies a move was waiting for are played here: only the result is said (refresh),
        # not every move of the rest of the game (break56t: 6,000 characters, then the result again)
        self._moves_from = None
        guard = 0
        while not self.state.is_over:
            self._agent_move()
            guard += 1
            if guard > 1_000_000:  # pragma: no cover
                raise RuntimeError("a million moves without the game ending")

    def _seed_from_box(self) -> int:
        """The seed typed in the seed box (:func:`catcards.core.seed_from_text`, the one reader of
        typed seeds: the app's box and address and the CLI use it too).

        Raises:
            GameParameterError: not a whole number from 0 to 2**128 - 1 (said in one line).
        """
        return seed_from_text(self.seed_box.value)
