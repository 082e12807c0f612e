"""Looking back and branching (issue 15): the table's "Move" box shows the table as it was after
any earlier move (:meth:`TableModel.position <catcards.widgets.table.model.TableModel.position>`:
a kept clone of a nearby earlier position and the few actions after it), read-only until it is
back at the last move; "Play on from here" makes that
position the game in play and keeps the game it came from in the "Game" list. Also makes the
"What are my chances?" panel (:class:`catcards.widgets.explore.OddsPanel`), which follows the
position shown. Part of :mod:`catcards.widgets.table`."""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W
import traitlets

from ...core import State
from .messages import LOOKING_BACK, mark_unavailable  # noqa: F401 (LOOKING_BACK: re-exported)

__all__ = ["HistoryBar", "HistoryMixin", "MoveBox"]

#: the tooltip of "Play on from here" when there is an earlier move to play on from
BRANCH_TOOLTIP = "continue the game from the move shown; the original game stays in the list"
#: its tooltip at the latest move (it is then marked unavailable, and a press says why)
BRANCH_UNAVAILABLE = ("nothing to play on from at the latest move: set Move to an earlier move "
                      "first (press to hear why)")


class MoveBox(W.IntText):
    """The table's "Move" box: a whole number typed or stepped with the arrow keys.

    An ``IntText``, not a ``BoundedIntText``: a bounded box's browser view clamped a number out
    of range (-5 to 0, 99 to the latest move) before the kernel saw it, so nothing could say so
    (break-it tester, keyboard only); this one sends what was typed, and the table answers a
    number out of range with the range allowed (:meth:`HistoryMixin._move_typed`). ``max`` (the
    moves made so far) is kept in the kernel only, for the table and tests. The table makes it
    with ``continuous_update=False``: a typed number is sent whole, on Enter or when Tab leaves
    the box (an arrow key's step at once)."""

    max = traitlets.Int(0, help="the highest move (moves made so far); not sent to the browser")


class HistoryBar:
    """The history bar, a view that holds the table's model (issue 31: a first view that is an
    object of its own, not a mixin sharing the table's ``self``). Its widgets: ``widget`` (the
    VBox shown, the table's ``history_bar``) holding the "Move" box (``slider``, a
    :class:`MoveBox`), ``total`` ("of 12"), ``branch_button`` ("Play on from here"),
    ``branch_list`` (the "Game" list, shown when there are branches) and ``note`` (the "Looking
    back" line).

    Its interface is small: it reads :class:`~catcards.widgets.table.model.TableModel`
    (``live_state``, ``state``, ``looking_back``, ``labels``, ``index``) in :meth:`sync`, and
    says what a person asked for through three callables given when it is made, which the table
    runs through its callback runner (its prints and refusals go to the table's ``out``):
    ``on_move(widget, moves)`` (a number typed or stepped in the Move box), ``on_play_on(widget)``
    and ``on_switch(widget, index)`` (a game chosen in the list). A change that :meth:`sync`
    makes is not taken for a person's."""

    def __init__(self, model: Any, *, on_move: Callable[[W.Widget, int], None],
                 on_play_on: Callable[[W.Widget], None], on_switch: Callable[[W.Widget, int], None]):
        self.model = model
        self._syncing = False
        # a labelled number box, not an IntSlider: ipywidgets 8 gives a slider's handle no
        # accessible name (axe: aria-input-field-name), while a number box has its label, takes
        # the arrow keys and typing, and fits a phone. Unbounded in the browser (MoveBox), so a
        # number out of range reaches the kernel and is answered with the range (_move_typed).
        # A typed number is sent when it is complete (Enter, or Tab to "Play on from here"); an
        # arrow key's step at once. Sent on every key, "12" went as 1 then 12, and the browser
        # holds a model's next update until the kernel has answered the one before: a Tab and
        # Enter on "Play on from here" overtook the 12 and played on from move 1 (seen in Chromium)
        self.slider = MoveBox(
            value=0, description="Move", continuous_update=False,
            style={"description_width": "44px"}, layout=W.Layout(width="150px"),
            tooltip="moves made so far: go back to see the table as it was after any earlier move")
        self.slider.add_class("catcards-history")
        self.slider.observe(lambda change: None if self._syncing else on_move(self.slider, change["new"]),
                            "value")
        self.total = W.HTML()  # "of 12": the moves made so far, the highest Move
        # never disabled: a number typed in the Move box reaches the kernel a moment after the
        # key, and a person who typed it and pressed Tab found the button still disabled, so Tab
        # went past it (break-it tester, keyboard only). At the latest move it is marked
        # unavailable (greyed, still focusable) and a press on it says why (sync)
        self.branch_button = W.Button(description="Play on from here", icon="code-fork",
                                      layout=W.Layout(width="auto"), tooltip=BRANCH_TOOLTIP)
        self.branch_button.on_click(on_play_on)
        self.branch_list = W.Dropdown(options=[("Original game", 0)], value=0, description="Game",
                                      style={"description_width": "44px"}, layout=W.Layout(width="auto", display="none"),
                                      tooltip="the original game and the branches played on from earlier moves")
        self.branch_list.observe(lambda change: None if self._syncing else on_switch(self.branch_list, int(change["new"])),
                                 "value")
        self.note = W.HTML()
        self.widget = W.VBox([
            W.HBox([self.slider, self.total, self.branch_button, self.branch_list],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            self.note])

    def sync(self) -> None:
        """Set the bar from the model: the Move box's number and highest move, "of N", the list
        of games (shown when there is more than one), "Play on from here" (marked unavailable at
        the latest move) and the "Looking back" note."""
        model = self.model
        live, shown = model.live_state, len(model.state.history)
        total = len(live.history)
        self._syncing = True
        try:
            slider = self.slider
            if slider.max != total or slider.value != shown:
                with slider.hold_trait_notifications():
                    slider.max = max(total, 0)
                    slider.value = shown
            labels = model.labels
            options = [(label, i) for i, label in enumerate(labels)]
            if list(self.branch_list.options) != options:
                self.branch_list.options = options
            if self.branch_list.value != model.index:
                self.branch_list.value = model.index
        finally:
            self._syncing = False
        self.branch_list.layout.display = None if len(labels) > 1 else "none"
        self.total.value = f"<span class='catcards-history-total'>of {total}</span>"
        mark_unavailable(self.branch_button, None if model.looking_back else BRANCH_UNAVAILABLE)
        if model.looking_back:
            self.branch_button.tooltip = BRANCH_TOOLTIP
            self.note.value = (
                f"<div class='catcards-history-note' style='background:#fff4c2;border:1px solid #8a6d00;"
                f"padding:2px 6px'><b>Looking back</b>: the table after move {shown} of {total} "
                f"(read-only). Set Move to {total} to return, or press \"Play on from here\".</div>")
        else:
            self.note.value = ""


class HistoryMixin:
    """The table's part of looking back and branching: it makes the :class:`HistoryBar`
    (``history_view``; its widgets are the table's ``history_bar`` (the box shown),
    ``history_slider``, ``history_total``, ``branch_button``, ``branch_list`` and
    ``history_note``) and the ``odds_panel``, and does
    what the bar asks (:meth:`look_back`, :meth:`play_on_from_here`, :meth:`switch_game`), which
    stops and resumes the computers' moves."""

    # ---- history: look back at any earlier move, play on from there (issue 15) ------------------
    def _build_history(self) -> None:
        """Make the history bar and the "What are my chances?" panel. Called once by
        ``__init__``, before the first deal."""
        from ..explore import OddsPanel  # catcards.widgets.explore

        bar = self.history_view = HistoryBar(
            self.model,
            on_move=lambda widget, moves: self._run(lambda _w: self._move_typed(moves), widget),
            on_play_on=self.callback(lambda _b: self.play_on_from_here()),
            on_switch=lambda widget, index: self._run(lambda _w: self.switch_game(index), widget))
        self.history_bar = bar.widget
        self.history_slider, self.history_total, self.history_note = bar.slider, bar.total, bar.note
        self.branch_button, self.branch_list = bar.branch_button, bar.branch_list
        self.odds_panel = OddsPanel(self)
        self._past_ok = {id(w) for w in (self.history_slider, self.branch_button, self.branch_list,
                                          self.new_button, self.shuffle_button)}

    def _check_present(self) -> None:
        """Raises GameParameterError (said as :data:`LOOKING_BACK`) while the past is shown."""
        self.model.check_present()

    @property
    def looking_back(self) -> bool:
        """True while the history slider shows an earlier move (the table is then read-only)."""
        return self.model.looking_back

    @property
    def live_state(self) -> State:
        """The game in play (``state`` is an earlier position of it while :attr:`looking_back`)."""
        return self.model.live_state

    def replay(self, moves: int) -> State:
        """The game in play as it was after its first ``moves`` actions (a new State:
        :meth:`TableModel.position <catcards.widgets.table.model.TableModel.position>`, from the
        nearest kept position, not from the deal).

        Raises:
            GameParameterError: ``moves`` is not a whole number from 0 to the moves made.
        """
        return self.model.position(moves)

    def look_back(self, moves: int) -> None:
        """Show the table as it was after ``moves`` actions of the game in play (read-only); the
        number of moves made so far returns to the game in play."""
        was_back = self.looking_back
        if moves != len(self.live_state.history) and not was_back:
            self.stop()  # timed computer moves wait while the past is shown
        self.model.look_back(moves)
        if was_back and not self.looking_back:
            self.resume()

    def _move_typed(self, moves: int) -> None:
        """The Move box changed to ``moves`` (typed, or stepped with an arrow key): show that move
        (:meth:`look_back`); a number out of range shows the nearest allowed move (0 or the
        latest) and the table's message line says the range allowed, in place of the browser's
        silent clamp (break-it tester: -5 became 0 without a word)."""
        total = len(self.live_state.history)
        if not 0 <= moves <= total:
            nearest = min(max(moves, 0), total)
            self.say(f"Move goes from 0 (the deal) to {total} (the latest move), not {moves}: "
                     f"showing move {nearest}.")
            moves = nearest
        self.look_back(moves)

    def play_on_from_here(self) -> None:
        """Continue from the move shown as the game in play (a branch); the game it came from
        stays in the list (:attr:`branch_list`). Computers then move until a person is to act."""
        if not self.looking_back:
            total = len(self.state.history)
            self.say(f"Set Move to an earlier move first (0 to {total - 1}): you are at the latest "
                     f"move, {total}, so nothing changed." if total else
                     "No move has been made yet, so there is no earlier move to play on from: "
                     "nothing changed.")
            return
        moves = self.model.play_on_from_here()
        self.say(f"Playing on from move {moves}; the game you came from is still in the Game list.")
        self.resume()

    def switch_game(self, index: int) -> None:
        """Continue the game numbered ``index`` in :attr:`branch_list` (0 is the original)."""
        if index == self.model.index or not 0 <= index < len(self.model.labels):
            return
        self.stop()
        self.model.switch_game(index)
        self.resume()

    def _sync_history(self) -> None:
        """Set the history bar from the model (:meth:`HistoryBar.sync`), and the controls a look
        back makes read-only (Undo, Computer step, Play out); tell the odds panel."""
        if not hasattr(self, "history_view"):
            return
        self.history_view.sync()
        if self.looking_back:
            self.step_button.disabled = self.playout_button.disabled = self.undo_button.disabled = True
        else:
            self.undo_button.disabled = False
        self.odds_panel.position_changed()
