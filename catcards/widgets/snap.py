"""The Snap table, played in real time (rulebook "SNAP"; ``rules/wildcat.md``, "Snap").

Drawn from ``state.observation(seat)`` only. The board shows every seat's face-down stack (a
count) and status, and the centre pile: the face-up cards on top (newest on the right), the count
of false-snap penalty cards lying face down under it, and a "SNAP!" banner while a snap is showing.

Below it: "Turn your card" (enabled on your turn) and a "Snap!" button for every person at the
screen. Computer seats turn their card ``turn_delay`` seconds after their turn starts and, when a
snap shows, each computer seat still in the game calls "snap" after its own reaction time, drawn
from its :class:`~catcards.agents.snap.ReactionAgent` model with the seat's seeded generator; the
first call to arrive wins. A snap click:

- while a snap is showing: you win it (if no computer was faster);
- just after someone else took that snap (no new card turned since): "too late", nothing changes;
- otherwise: a false snap, penalised as the rules say (your top card goes under the centre pile).

Timing comes from a clock: :class:`LoopClock` (default) schedules each computer move with
``loop.call_later`` on the kernel's own asyncio event loop, so a move runs between the kernel's
other work, never beside it on a thread (threads cannot start in a browser-only Pyodide kernel, and
a timer thread that touches widgets lets other cells' output land in the table: issue 11). Where no
event loop is running (plain Python, tests) it keeps its events until :meth:`LoopClock.advance`
steps them synchronously. :class:`ManualClock` always waits for :meth:`ManualClock.advance`
(deterministic, for tests and for stepping through a game in a lesson).

A Snap table made by a cell that is run again is closed with its timers (see
:func:`catcards.widgets.table.close_tree` and ``GameTable.close``); :meth:`SnapTable.stop` cancels
the pending computer moves of a table you keep.
"""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from ..agents.snap import ReactionAgent, ReactionModel
from ..games.snap import FLIP, OUT, CallSnap
from ..render.snap import board_html
from .table import GameTable, hint_html, mark_unavailable, table_for
from .table.scheduler import LoopClock, ManualClock, _running_loop  # noqa: F401 (re-exported: they were defined here)

__all__ = ["SnapTable", "LoopClock", "ManualClock"]

#: "Turn your card"'s tooltip once every person at the screen is out of the game
OUT_TURN = "you are out of the game: you turn no more cards"
#: what a press on "Turn your card" says then
OUT_WORDS = "You are out of the game: you turn no more cards. Watch how it ends."


@table_for("snap")
class SnapTable(GameTable):
    """The real-time Snap table (see the module docstring).

    Constructed like :class:`~catcards.widgets.table.GameTable`, plus:

    Args:
        turn_delay: seconds a computer seat waits before turning its card (default 1.2).
        clock: :class:`LoopClock` (default, real time on the kernel's event loop) or
            :class:`ManualClock` (tests, lessons).
        snap_calls: True (default) for the game; False for a pass through the deck in which
            nobody calls (the class activity ``snap/snaps-per-pass``, which does not count a game
            with a call): computer seats only turn their cards (they never call), the table has no
            "Snap!" buttons (a button whose only effect is
            to spoil the pass is a trap, and one Tab stop fewer), its hint and "How to play" ask
            to count the snaps, and the end says how many snaps showed instead of the winners.

    Computer seats play :class:`~catcards.agents.snap.ReactionAgent` (``agents="reaction"``, the
    default; the generic default "sensible" means the same here), whose ``model`` gives each
    seat's reaction time.

    Extra parts: ``turn_button``; ``snap_buttons`` (seat -> "Snap!" button of each person);
    ``clock``. Drive it from Python with :meth:`press_snap` and :meth:`press_turn` (what the
    buttons do) and, with a :class:`ManualClock`, ``table.clock.advance(seconds)``.
    """

    #: short rules naming this table's own controls (the "How to play" panel and the app)
    how_to_play = (
        'Your turn: press "Turn your card" to turn your top card onto the centre pile. The computers turn theirs by themselves.',
        'Press "Snap!" as soon as the top card has the same number as the card under it: the first to call takes the whole pile. A Snap! when no snap shows costs you your top card.',
        'A player with no cards is out unless they win the next snap; whoever wins all the cards wins.',
        'Rules: the Wildcat & Dinohistoria rulebook, "SNAP".',
    )

    #: what the generic default "sensible" means at this table
    default_agents = "reaction"

    auto_advance = False

    #: "How to play" of a pass through the deck (``snap_calls=False``)
    how_to_play_pass = (
        'Press "Turn your card" to turn the top card onto the centre pile, until all the cards are turned.',
        'Do not call Snap in this activity: count the snaps instead. A snap is a card with the same number as the card before it ("SNAP showing!").',
        'Rules: the Wildcat & Dinohistoria rulebook, "SNAP".',
    )

    def __init__(self, *args: Any, turn_delay: float = 1.2, clock: Any = None, snap_calls: bool = True,
                 **kwargs: Any):
        self.turn_delay = float(turn_delay)
        self.snap_calls = bool(snap_calls)
        if not self.snap_calls:
            self.how_to_play = self.how_to_play_pass
        self.clock = clock if clock is not None else LoopClock()
        self._snap_taken: tuple[int, int, int] | None = None  # (state id, turns, winner)
        self.turn_button = W.Button(description="Turn your card", icon="share",
                                    layout=W.Layout(width="auto"))
        self.turn_button.add_class("catcards-turn")
        self.turn_button.add_class("catcards-action")
        self.snap_buttons: dict[int, W.Button] = {}
        super().__init__(*args, **kwargs)
        self.turn_button.on_click(self.callback(lambda _b: self.press_turn()))
        for seat in (self.humans if self.snap_calls else ()):
            b = W.Button(description="Snap!" if len(self.humans) == 1 else f"Snap! (seat {seat})",
                         button_style="danger", icon="hand-paper-o", layout=W.Layout(width="auto"))
            b.add_class("catcards-snap")
            b.add_class("catcards-action")
            b.on_click(self.callback(lambda _b, s=seat: self.press_snap(s)))
            self.snap_buttons[seat] = b
        self.refresh()
        self._schedule()

    # ---- playing --------------------------------------------------------------------------------
    def _apply(self, action) -> None:
        """Make ``action``; a card turned is read out in the aria-live line as the log says it
        ("Seat 1 turns blue 5: snap showing!"), whoever turned it (a hostile tester, break53: a
        screen-reader user heard no card of a Snap game, only refusals; the end of the game is
        read out by the table itself)."""
        state = self.state
        before, lines = state.snaps, len(state.log)
        self.model.apply(action)
        if state.snaps > before:
            self._snap_taken = (id(state), state.turns, action.seat)
        if action == FLIP and not state.is_over:
            self.say_quietly(" ".join(self.said_as_labelled(line) for line in state.log[lines:]))

    def said_as_labelled(self, line: str) -> str:
        """As the table's (a person's seat named as the table names it, "Seat 0 (you) turns red
        5", where the log's "Seat 0 turns" read as someone else's seat, break55t) in a pass
        through the deck; a game with calls keeps the log's words ("Seat 0 turns red 5.")."""
        return line if self.snap_calls else super().said_as_labelled(line)

    def press_snap(self, seat: int) -> None:
        """Person ``seat`` calls "Snap" now (see the module docstring for what happens)."""
        state = self.state
        if state.is_over:
            self.say(self.game_over_words)
            return
        if state.status[seat] == OUT:
            self.say(f"Seat {seat} is out of the game: nothing changed.")
            return
        if state.snap_showing:
            taken = len(state.pile)
            self._apply(CallSnap(seat))
            self.say(f"Snap! Seat {seat} was first and takes the centre pile ({taken} card{'s' * (taken != 1)}).")
        elif self._snap_taken is not None and self._snap_taken[:2] == (id(state), state.turns):
            self.say(f"Too late: seat {self._snap_taken[2]} already took that snap. Nothing changed.")
        else:
            had = len(state.stacks[seat])
            self._apply(CallSnap(seat))
            if had:
                self.say(f"False snap by seat {seat}: no snap is showing, so its top card goes under the centre pile.")
            else:
                self.say(f"False snap by seat {seat} with no card to pay: seat {seat} is out.")
        self._schedule()

    def _people_out(self) -> bool:
        """Whether every person at the screen is out of the game (they turn no card again)."""
        return bool(self.humans) and all(self.state.status[s] == OUT for s in self.humans)

    def press_turn(self) -> None:
        """The person to move turns their top card (refused in words when it is not their turn)."""
        state = self.state
        seat = state.current_player
        if state.is_over:
            self.say(self.game_over_words)
            return
        if not self.is_human(seat) or FLIP not in state.legal_actions():
            self.say(OUT_WORDS if self._people_out() else
                     f"It is {self.seat_label(seat)}'s turn to turn a card: nothing changed.")
            return
        self._apply(FLIP)
        self._schedule()

    def _reaction(self, seat: int) -> float:
        agent = self.agents[seat]
        model = agent.model if isinstance(agent, ReactionAgent) else ReactionModel()
        return float(model.draw(self.agent_rngs[seat], self.players)[seat])

    def _schedule(self) -> None:
        """Cancel pending computer moves and schedule the ones this position calls for."""
        self.clock.cancel_all()
        state = self.state
        if state.is_over:
            return
        tag = (id(state), len(state.history))
        # in a pass through the deck nobody calls, computers neither: a computer's call spoiled
        # the pass the class activity counts, and its end words then disagreed with the log
        # (break55t: "Seat 1 (computer) calls snap first" in a pass "in which nobody calls")
        if state.snap_showing and self.snap_calls:
            for seat in range(self.players):
                if not self.is_human(seat) and state.status[seat] != OUT:
                    self.clock.schedule(self._reaction(seat), self._timed(tag, CallSnap(seat)))
        seat = state.current_player
        if not self.is_human(seat) and FLIP in state.legal_actions():
            self.clock.schedule(self.turn_delay, self._timed(tag, FLIP))

    def _timed(self, tag: tuple[int, int], action) -> Callable[[], None]:
        def move() -> None:
            state = self.state
            if (id(state), len(state.history)) != tag or action not in state.legal_actions():
                return  # the game moved on: this move is stale
            self._apply(action)
            if isinstance(action, CallSnap):
                self.say(f"Seat {action.seat} (computer) calls snap first and takes the pile.")
            self._schedule()

        def fire() -> None:  # on the event loop; messages go to the table's own ``out`` only
            if not self.closed:
                self._run(move)

        return fire

    def stop(self) -> None:
        """Cancel the computers' pending timed moves (called by ``close``; a later click or
        "New game" schedules them again)."""
        self.clock.cancel_all()

    def resume(self) -> None:
        """Schedule the computers' timed moves again (after the history slider or a branch)."""
        self._schedule()

    def new_game(self, seed: int | None = None, *, advance: bool = True) -> None:
        self.clock.cancel_all()
        self._snap_taken = None
        super().new_game(seed, advance=advance)
        if advance:  # the computers' timed turns and snaps; none while the deal is left as dealt
            self._schedule()

    def computer_step(self) -> None:
        super().computer_step()
        self._schedule()

    def undo(self) -> None:
        self.clock.cancel_all()
        self._snap_taken = None
        super().undo()
        self._schedule()

    def play_out(self) -> None:
        self.clock.cancel_all()
        super().play_out()

    # ---- drawing --------------------------------------------------------------------------------
    def end_text(self) -> str | None:
        """In a pass through the deck (``snap_calls=False``): the cards turned and the snaps that
        showed, what the activity counts (there are no winners to name); else None."""
        if self.snap_calls:
            return None
        state = self.state
        return f"{state.turns} cards turned. Snaps showing in this pass: {state.snaps_showing}."

    def seat_label(self, seat: int | None) -> str:
        """As the table's, but in a pass through the deck (``snap_calls=False``) a person's seat
        is "Seat 0 (you)" also when the person turns the cards of several seats (the class's
        pass: the student turns every card; "Seat 0", as a hot-seat player is named, read as
        someone else's seat, a fresh README user)."""
        if not self.snap_calls and self.is_human(seat):
            return f"Seat {seat} (you)"
        return super().seat_label(seat)

    def log_lines(self) -> list[str]:
        """As the table's, but the last line of a pass through the deck (``snap_calls=False``)
        that is over says what the pass counts (:meth:`end_text`), not the game's "the turn limit
        was reached with every card in the centre pile: no one holds a card, a tie": in a pass
        nobody plays to win (a fresh README user found the tie odd). A game with calls keeps the
        game's own words."""
        lines = self.state.log
        if self.snap_calls or not self.state.is_over or not lines:
            return lines
        return [*lines[:-1], f"Game over: {self.end_text()}"]

    def status_text(self, obs: dict) -> str:
        text = super().status_text(obs)
        if obs["snap_showing"]:
            text += " &middot; <b style='color:#d62828'>SNAP showing!</b>"
        return text + f" &middot; {obs['turns']} card{'s' * (obs['turns'] != 1)} turned"

    #: the board: stacks per seat (face-down counts, status) and the centre pile
    #: (:func:`catcards.render.snap.board_html`)
    render_board = staticmethod(board_html)

    def hand(self, obs: dict) -> W.Widget:
        """The Turn button and the Snap button(s) of the people at the screen. A button that
        cannot be used now stays clickable, its tooltip saying why (:func:`mark_unavailable`),
        also once every person at the screen is out of the game ("you are out of the game");
        at the game's end every button is disabled."""
        state = self.state
        seat = state.current_player
        mine = not state.is_over and self.is_human(seat) and FLIP in state.legal_actions()
        out = self._people_out()
        # not the person's turn, or every person out: still clickable (a disabled button drops the
        # keyboard focus to the page, break54), and the click says why (issue 12)
        mark_unavailable(self.turn_button, None if mine else OUT_TURN if out else "not your turn now: press to hear why")
        if mine:
            self.turn_button.tooltip = "turn your top card onto the centre pile"
        if state.is_over:
            hint = ""
        elif out:
            hint = "You are out of the game: watch how it ends."
        elif not self.snap_calls:
            hint = ('Press "Turn your card" until all the cards are turned. Do not call Snap: count the snaps, '
                    'a card with the same number as the card before it.')
        elif mine:
            hint = 'Your turn: press "Turn your card". Press "Snap!" whenever the top two cards have the same number.'
        else:
            hint = 'Watch the centre pile: press "Snap!" when the top two cards have the same number.'
        for s, b in getattr(self, "snap_buttons", {}).items():
            why = ("the game is over" if state.is_over else "you are out of the game" if state.status[s] == OUT
                   else None)
            mark_unavailable(b, f"{why}: press to hear why" if why else None)
            if why is None:
                b.tooltip = "press when the top two cards have the same number"
        if state.is_over:  # nothing left to press: disabled, so no click is answered in vain
            for b in [self.turn_button, *getattr(self, "snap_buttons", {}).values()]:
                b.disabled = True
                b.tooltip = "the game is over"
        # the same boxes every time, their hint line updated: a new box would be drawn anew in the
        # browser, and the keyboard focus on "Turn your card" or "Snap!" would fall to the page
        # after every turn (the computers' turns redraw the table on a timer)
        buttons = [self.turn_button, *getattr(self, "snap_buttons", {}).values()]
        return self.box("hand", [self.html("hint", hint_html(hint)),
                                 self.box("buttons", buttons, W.HBox, flex_flow="row wrap", align_items="center")])

    def _hidden_for(self):
        return None  # nothing in Snap is private: no pass-the-screen step

    def _repeated_press(self, clicked) -> bool:
        """A press on "Turn your card" always turns a card (the race is the game: break-it tester,
        issue 29, a student turning for both seats in the class's Snap pass, tapping every 0.3 s,
        turned 1 card in 30 taps); other buttons, "Snap!" among them (a held Enter made four
        false snaps), as every table. A press on "Turn your card" is remembered all the same: a key
        held on the last turn of the class's pass is then not taken for a press of the "Play another
        game" button the focus goes to (catcards/classroom/class_app.ipynb)."""
        repeated = super()._repeated_press(clicked)  # remembers when this press was sent
        return repeated and clicked is not self.turn_button

    @property
    def view_seat(self) -> int | None:
        """As the table's, but with people at the screen their first seat's view when no person
        is to act (a computer's turn, or the game over): nothing in Snap is private, and the
        people's hand (the Turn and Snap buttons) stays drawn. With a spectator's view there, the
        table emptied the hand box, closing those buttons, and then drew them again closed: with
        two people at the screen (the class's pass through the deck) the last card turned ended
        in "AttributeError: 'NoneType' object has no attribute 'comm_id'"."""
        seat = super().view_seat
        return self.humans[0] if seat is None and self.humans else seat

    def refresh(self) -> None:
        super().refresh()
        # hands are drawn for the people even when the viewer is a spectator
        if not self.hand_box.children and self.humans:
            self.hand_box.children = [self.hand(self.state.observation(self.view_seat))]
