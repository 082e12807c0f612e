"""A table's model, with no widgets (issue 31): :class:`TableModel` owns the game in play, its
history and branches, the seat whose view is drawn, what is revealed in hot-seat play, the
selection (a card chosen before its place), the move numbers of the log, and what changed since
the views last drew. :class:`~catcards.widgets.table.GameTable` holds one (``table.model``) and
its views draw from ``(state.observation(view_seat), model)``.

Nothing here imports ipywidgets: the model can be driven and tested in plain Python::

    from catcards.widgets.table.model import TableModel
    model = TableModel(catcards.load("king-of-the-jungle"), humans=(0,), agents=[...], seed=1)
    model.apply(model.state.legal_actions()[0])
    model.take_changes()          # {"moves"}

Looking back and undo start from the nearest kept position, never from the deal: a clone of
the game in play is kept every :attr:`TableModel.SNAPSHOT_EVERY` moves (``state.clone()``, an
independent copy), so showing move ``m`` clones the snapshot at or before ``m`` and applies at most
``SNAPSHOT_EVERY - 1`` actions (``benchmarks/bench_table_undo.py`` prints the cost at move 5 and
move 500). Every engine replays a history exactly, so the position reached equals the one a
replay from the deal gives (``tests/widgets/test_table_model.py``).
"""
from __future__ import annotations

import bisect
import copy
from typing import Any, Sequence

import numpy as np

from ...core import Action, Game, GameParameterError, State
from ...simulate import agent_action

__all__ = ["TableModel", "LOOKING_BACK"]

#: said when a click would change the game while an earlier move is shown
LOOKING_BACK = ("You are looking back at an earlier move: the table is shown as it was and cannot "
                "be changed. Set Move to the last move to return, or press \"Play on from "
                "here\" to continue the game from this move.")


class _Line:
    """What the model keeps of one game (the original or a branch): the game in play, its
    computer seats' generators, who made each move, the log's length after each move, and the
    kept clones (``moves -> State``, never changed once kept)."""

    __slots__ = ("state", "rngs", "movers", "marks", "snapshots", "label", "base", "unknown")

    def __init__(self, state: State, rngs: list, label: str):
        self.state, self.rngs, self.label = state, rngs, label
        self.base = len(state.log)  # the deal's lines (move 0)
        self.unknown = 0  # moves whose seat is not known yet (None in movers)
        self.movers: list[int | None] = []
        self.marks: list[int] = []
        self.snapshots: dict[int, State] = {0: state.clone()}


class TableModel:
    """One table's game and what is shown of it, without widgets.

    Args:
        game: the :class:`~catcards.Game`.
        humans: seats played by people at this screen (validated by the table).
        agents: one :class:`~catcards.agents.Agent` per seat.
        deals: explicit deals for ``game.new_game(seed, deals=...)``.
        view: the seat whose view is shown while only computers play (None: a spectator).

    Attributes (read them; change them through the methods):
        state: the position shown (an earlier one of the game in play while :attr:`looking_back`).
        live_state: the game in play.
        agent_rngs: the computer seats' generators for the game in play,
            ``default_rng(SeedSequence([seed, 1 + seat]))`` at the deal.
        revealed: hot-seat: the person whose hand is showing (None: hidden).
        selection: what a table chose before a move (Cat Days: a card's name), or None; it is
            cleared by every move and every change of position.
        labels: the games' names for the "Game" list (the original, then each branch).
        index: the game in play's place in :attr:`labels`.

        messages: what the table said (:meth:`say`), and ``announcement``, the line read out.

    Every change adds names to :meth:`take_changes`: ``"deal"`` (a new deal: everything),
    ``"moves"`` (moves made in the game shown), ``"position"`` (another position shown: look
    back, undo, a branch, another game), ``"view"`` (the seat viewed or revealed), ``"selection"``,
    ``"games"`` (the list of games), ``"messages"``.
    """

    #: a clone of the game in play is kept every this many moves (undo and look-back start there)
    SNAPSHOT_EVERY = 16

    def __init__(self, game: Game, *, humans: Sequence[int], agents: list[Any],
                 deals: Sequence | None = None, view: int | None = None):
        self.game, self.humans, self.agents, self.deals, self.view = game, tuple(humans), agents, deals, view
        self.revealed: int | None = None
        self.selection: Any = None
        self._lines: list[_Line] = []
        self.index = 0
        self._shown: State | None = None  # an earlier position while looking back
        self._changes: set[str] = set()
        #: what the table said, oldest first (the last MESSAGES lines); the view shows them in its
        #: message area, the last in the line read out by screen readers (``announcement``)
        self.messages: list[str] = []
        self.announcement = ""

    # ---- what changed ------------------------------------------------------------------------
    def changed(self, *what: str) -> None:
        """Note that ``what`` changed (names as in the class docstring)."""
        self._changes.update(what)

    def take_changes(self) -> set[str]:
        """What changed since the last call (and forget it): the views redraw from this."""
        out, self._changes = self._changes, set()
        return out

    #: the lines of :attr:`messages` kept
    MESSAGES = 200

    def say(self, line: str, quietly: bool = False, again: bool = False) -> None:
        """Note a line said to the people at the table (``quietly``: only read out, not kept in
        :attr:`messages`; ``again``: it takes the place of the last line kept, the same words
        said again with a count, ``MessagesMixin.say_counted``)."""
        if again and self.messages:
            self.messages[-1] = line
        elif not quietly:
            self.messages.append(line)
            del self.messages[:-self.MESSAGES]
        self.announcement = line.splitlines()[-1] if line else ""
        self.changed("messages")

    # ---- the game ----------------------------------------------------------------------------
    def deal(self, seed: int | None) -> State:
        """A new deal (same seed and deals: the same game); the branches of the old deal are
        forgotten. Raises what ``game.new_game`` raises (a bad seed or deals)."""
        state = self.game.new_game(seed, deals=self.deals)
        rngs = [np.random.default_rng(np.random.SeedSequence([state.seed, 1 + s]))
                for s in range(self.game.players)]
        self._lines = [_Line(state, rngs, "Original game")]
        self.index, self._shown, self.revealed, self.selection = 0, None, None, None
        self.messages = []  # a new deal starts with an empty message area
        self.changed("deal")
        return state

    @property
    def _line(self) -> _Line:
        return self._lines[self.index]

    @property
    def live_state(self) -> State:
        """The game in play."""
        return self._line.state

    @property
    def state(self) -> State:
        """The position shown: the game in play, or an earlier position of it."""
        return self._shown if self._shown is not None else self._line.state

    @state.setter
    def state(self, state: State) -> None:
        """Make ``state`` the game in play (a table that builds its own position). Its earlier
        positions are found by replaying from the deal once, then kept."""
        if state is self._line.state and self._shown is None:
            return  # already the game in play (``table.state = table._deal(seed)``)
        self._shown = None
        line = self._line
        line.state = state
        line.movers, line.marks = [None] * len(state.history), [len(state.log)] * len(state.history)
        line.unknown = len(state.history)
        line.snapshots = {}
        line.base = len(self.game.new_game(state.seed, deals=self.deals).log) if state.history else len(state.log)
        self.changed("position")

    @property
    def agent_rngs(self) -> list:
        return self._line.rngs

    @agent_rngs.setter
    def agent_rngs(self, rngs: list) -> None:
        self._line.rngs = rngs

    @property
    def looking_back(self) -> bool:
        """True while an earlier move is shown (the table is then read-only)."""
        return self._shown is not None

    @property
    def labels(self) -> list[str]:
        return [line.label for line in self._lines]

    def check_present(self) -> None:
        """Raises GameParameterError (said as :data:`LOOKING_BACK`) while the past is shown."""
        if self.looking_back:
            raise GameParameterError(LOOKING_BACK)

    def _record(self, line: _Line, seat: int | None) -> None:
        """After a move of ``line``: who made it, the log's length, and every
        :attr:`SNAPSHOT_EVERY` moves a clone."""
        state = line.state
        while len(line.movers) < len(state.history) - 1:  # moves made behind the model's back
            line.movers.append(None)
            line.marks.append(len(state.log))
            line.unknown += 1
        line.movers.append(seat)
        line.marks.append(len(state.log))
        n = len(state.history)
        if n % self.SNAPSHOT_EVERY == 0:
            line.snapshots[n] = state.clone()

    def apply(self, action: Action) -> None:
        """Apply ``action`` to the game in play (``state.apply``: an illegal one raises
        IllegalActionError and changes nothing). Raises GameParameterError while looking back."""
        self.check_present()
        line = self._line
        seat = line.state.current_player
        line.state.apply(action)
        self._record(line, seat)
        if seat != self.revealed:  # hot-seat: whoever looked last must look again after this
            self.revealed = None
        self.selection = None
        self.changed("moves")

    def agent_move(self) -> Action:
        """The seat to act moves by its computer strategy (with its own generator, as
        :func:`catcards.simulate.agent_action` asks). Returns the action."""
        self.check_present()
        state = self.live_state
        seat = state.current_player
        action = agent_action(self.agents[seat], state, self.agent_rngs[seat])
        self.apply(action)
        return action

    def is_human(self, seat: int | None) -> bool:
        """True when ``seat`` is played by a person at this screen."""
        return seat is not None and seat in self.humans

    # ---- the seat viewed ------------------------------------------------------------------------
    def hidden_for(self) -> int | None:
        """Hot-seat: the person to act whose hand is still behind the pass-screen button."""
        seat = self.state.current_player
        if len(self.humans) > 1 and self.is_human(seat) and seat != self.revealed:
            return seat
        return None

    def reveal(self, seat: int) -> bool:
        """The person ``seat`` looks (hot-seat); False when the screen is not waiting for them."""
        if self.hidden_for() != seat:
            return False
        self.revealed = seat
        self.changed("view")
        return True

    def view_seat(self, hidden_for: int | None) -> int | None:
        """The seat whose observation is drawn now (None: a spectator's view), given
        ``hidden_for`` (the table's :meth:`~GameTable._hidden_for`, which some tables turn off)."""
        seat = self.state.current_player
        if hidden_for is not None:
            return None
        if self.is_human(seat):
            return seat
        if len(self.humans) == 1:
            return self.humans[0]
        if len(self.humans) > 1:
            return self.revealed if self.state.is_over else None
        return self.view

    def select(self, value: Any) -> None:
        """Choose ``value`` before a move (None: nothing chosen); cleared by the next move."""
        if value != self.selection:
            self.selection = value
            self.changed("selection")

    # ---- move numbers ----------------------------------------------------------------------------
    def move_of_line(self, state: State | None = None, last: int | None = None) -> list[int]:
        """For each line of ``state.log`` (default: the position shown; ``last``: its last
        ``last`` lines only), the move that wrote it: 0 for the deal's lines, k for the k-th
        action (the number the Move box shows after it). One numbering for the Move box and the
        move log (issue 31)."""
        state = self.state if state is None else state
        line = self._line
        moves = len(state.history)
        marks = line.marks[:moves]
        n = len(state.log)
        first = 0 if last is None else max(0, n - last)
        return [0 if j < line.base else min(moves, 1 + bisect.bisect_right(marks, j)) for j in range(first, n)]

    # ---- history: look back, undo, branches ------------------------------------------------------
    def position(self, moves: int) -> State:
        """The game in play as it was after its first ``moves`` actions: a clone of the nearest
        kept position at or before it, with the rest of the actions applied (fewer than
        :attr:`SNAPSHOT_EVERY`).

        Raises:
            GameParameterError: ``moves`` is not a whole number from 0 to the moves made.
        """
        line = self._line
        history = line.state.history
        if isinstance(moves, bool) or not isinstance(moves, (int, np.integer)) or not 0 <= moves <= len(history):
            raise GameParameterError(f"moves must be a whole number from 0 to {len(history)}, not {moves!r}")
        moves = int(moves)
        kept = [k for k in line.snapshots if k <= moves]
        if kept:
            start = max(kept)
            state = line.snapshots[start].clone()
        else:  # a position set from outside: replay from the deal once, and keep what it passes
            start, state = 0, self.game.new_game(line.state.seed, deals=self.deals)
        for i in range(start, moves):
            state.apply(history[i])
            if (i + 1) % self.SNAPSHOT_EVERY == 0 and (i + 1) not in line.snapshots:
                line.snapshots[i + 1] = state.clone()
        return state

    def look_back(self, moves: int) -> None:
        """Show the position after ``moves`` actions of the game in play (read-only); the
        number of moves made so far returns to the game in play."""
        live = self.live_state
        if moves == len(live.history):
            if self._shown is not None:
                self._shown, self.revealed, self.selection = None, None, None
                self.changed("position")
            return
        self._shown = self.position(moves)
        self.revealed, self.selection = None, None
        self.changed("position")

    def _truncate(self, line: _Line, moves: int) -> None:
        del line.movers[moves:], line.marks[moves:]
        if line.unknown:
            line.unknown = line.movers.count(None)
        line.snapshots = {k: s for k, s in line.snapshots.items() if k <= moves}

    def last_human_move(self) -> int | None:
        """The index in the game in play's history of the last move a person at this screen made
        (None: none yet)."""
        line = self._line
        if line.unknown:  # moves made behind the model's back: find their seats once
            state = self.position(0)
            for i, action in enumerate(line.state.history):
                line.movers[i] = state.current_player
                state.apply(action)
            line.unknown = 0
        return next((i for i in range(len(line.movers) - 1, -1, -1) if self.is_human(line.movers[i])), None)

    def undo(self) -> tuple[Action, int] | None:
        """Take back the last move a person made, and the computers' moves after it. Returns
        ``(that move, how many computer moves after it)``, or None when no person has moved.
        Costs one clone and fewer than :attr:`SNAPSHOT_EVERY` actions, however long the game."""
        self.check_present()
        last = self.last_human_move()
        if last is None:
            return None
        line = self._line
        history = line.state.history
        taken, later = history[last], len(history) - last - 1
        line.state = self.position(last)
        self._truncate(line, last)
        self.revealed, self.selection = None, None
        self.changed("position")
        return taken, later

    def play_on_from_here(self) -> int | None:
        """Make the position shown the game in play (a new branch); the game it came from stays
        in :attr:`labels`. Returns the move it starts from, or None when not looking back."""
        if self._shown is None:
            return None
        moves = len(self._shown.history)
        old = self._line
        new = _Line(self._shown, copy.deepcopy(old.rngs), f"Branch {len(self._lines)} (from move {moves})")
        new.movers, new.marks, new.base = old.movers[:moves], old.marks[:moves], old.base
        new.unknown = new.movers.count(None) if old.unknown else 0
        new.snapshots = {k: s for k, s in old.snapshots.items() if k <= moves}
        self._lines.append(new)
        self.index, self._shown = len(self._lines) - 1, None
        self.changed("position", "games")
        return moves

    def switch_game(self, index: int) -> bool:
        """Continue the game numbered ``index`` in :attr:`labels` (0 is the original); False
        when it is the one in play or there is none."""
        if index == self.index or not 0 <= index < len(self._lines):
            return False
        self.index, self._shown, self.revealed, self.selection = index, None, None, None
        self.changed("position", "games")
        return True
