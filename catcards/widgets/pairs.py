"""The Pairs table: a grid of cards where a person clicks two (rulebook "PAIRS";
``rules/wildcat.md``, "Pairs").

Drawn from ``state.observation(seat)`` only: each grid position is a face-down card (with its
position number) above a button named "card p" that turns it over, the face of the card turned
over in the turn under way (its button named by its position and number, "p: 8"), or an empty
slot where a pair was taken. Above the grid: pairs per seat; below it, "Turns since your last
move": the two cards each player turned over (every player at the table saw them, so they are
public: they come from ``obs["last_turn"]``, whose card names are matched to the game's card
list).

The turns are paced, as at a real table (the engine turns a miss face down, or takes a pair, the
moment the second card is turned; only the display waits): the two cards of a turn that has just
ended stay face up for :data:`SHOWN_SECONDS`; then, after a person's miss (or at a deal a computer
seat starts), each computer seat turns its cards one at a time, :data:`CARD_SECONDS` apart, each of
its turns shown the same way (a pair it takes stays a moment, then leaves the table), and then
the person's turn is drawn. Each step is one event on the table's clock (``loop.call_later`` on the kernel's loop, a
``ManualClock`` in tests); the computers' moves are the same whatever the timing, so the same
seed and clicks give the same game as a table that plays them at once (plain Python, where no
event loop runs, steps the events at once). While the computers play, the status line says who
is turning cards, every card turned is read out in the table's aria-live line, and a card clicked
(also one the browser sent before the page showed the student's turn again) is refused in words
(:data:`COMPUTER_PLAYING`), never kept for the student's next turn. Undo, a new game, Play out,
looking back and closing the table cancel the steps still to come. A person's own turn (alone,
or after a pair) is shown the same way, but the next card clicked is played at once.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..cards import Card
from ..games.pairs import TURN_OVER
from ..render.pairs import CELL, card_named, cell_html, recent_html, scores_html, taken_html, turning_html, verdict_html
from .table import GameTable, mark_unavailable, table_for
from .table.messages import SEEN_SECONDS
from .table.moves import focusable_buttons
from .table.scheduler import LoopClock, _running_loop

__all__ = ["PairsTable", "COMPUTER_PLAYING", "SHOWN_SECONDS", "CARD_SECONDS", "SKIP_LABEL", "turn_words"]

#: what a click on a card says while the computer is playing (it changes nothing)
COMPUTER_PLAYING = "Wait: the computer is playing. Nothing changed: choose a card when it is your turn."

#: seconds the two cards of a turn that has just ended stay face up on the table before they go
#: face down (a miss) or leave it (a pair). The engine turns them down the moment the second card
#: is turned, so without this wait a student never saw their own second card of a miss, nor any
#: card the computer turned, except in the move log (README user: face down within 0.05-0.1 s).
#: At a real table the cards lie face up a moment, long enough for every player to see and
#: remember both: a memory game is played on what was seen
SHOWN_SECONDS = 1.5
#: seconds between two steps of a computer's turn: its first card lies face up alone this long
#: before it turns the second, and a turn's cards lie face down this long before the next card is
#: turned, so that the cards are seen turned over one at a time, as a player turns them
CARD_SECONDS = 0.8


def turn_words(obs: dict, who: str, you: bool) -> str:
    """The last card turned over in ``obs`` (a Pairs observation after a move), in words for the
    table's aria-live line: "Seat 1 (computer) turns over card 4: red 3." and, for a turn's second
    card, whether it made a pair. ``who``: the player's name (``seat_label``); ``you``: the person
    at the screen turned it (then "You turn over ...")."""
    s = "" if you else "s"
    who = "You" if you else who
    turned, last = obs["turned"], obs["last_turn"]
    if turned is not None:  # a turn's first card: face up now
        return f"{who} turn{s} over card {turned}: {obs['grid'][turned]}."
    (q, p), (first, second) = last["positions"], last["cards"]
    text = f"{who} turn{s} over card {p}: {second}."
    if not last["match"]:
        return text + f" No match with card {q} ({first}): both go face down again."
    again = "" if obs["is_over"] else (" and turn again" if you else " and turns again")
    return text + f" A pair with card {q} ({first}): {'you keep' if you else who + ' keeps'} them{again}."


#: the "Skip to my turn" button's words
SKIP_LABEL = "Skip to my turn"
#: its tooltip when there is nothing to skip, and what a press then says
SKIP_UNAVAILABLE = "nothing to skip now: press to hear why"
NOTHING_TO_SKIP = "Nothing to skip: the computers are not playing now. Nothing changed."


def skip_words(turns: list[dict], is_human, seat_label, over: bool = False) -> str:
    """What "Skip to my turn" says: the computers' turns since a person's last completed turn
    (``turns``: :func:`recent_turns`, oldest first; ``is_human(seat)``, ``seat_label(seat)``;
    ``over``: they ended the game, said first instead of "Skipped to your turn"), per
    seat in turn order: "Skipped to your turn. Since your last turn: Seat 1 (computer) 2 turns,
    1 pair; Seat 2 (computer) 1 turn, no pair. Every card they turned is in the move log."
    ("Since the deal" when no person has had a turn yet: a computer started the game.) """
    since: list[dict] = []
    first = True  # no person has had a turn yet (a computer started the game)
    for t in reversed(turns):
        if is_human(t["seat"]):
            first = False
            break
        since.append(t)
    counts: dict[int, list[int]] = {}
    for t in reversed(since):
        made = counts.setdefault(t["seat"], [0, 0])
        made[0] += 1
        made[1] += bool(t["match"])
    parts = [f"{seat_label(seat)} {n} turn{'s' * (n != 1)}, "
             + (f"{pairs} pair{'s' * (pairs != 1)}" if pairs else "no pair")
             for seat, (n, pairs) in counts.items()]
    return (f"{'The computers finished the game' if over else 'Skipped to your turn'}. "
            f"{'Since the deal' if first else 'Since your last turn'}: "
            + "; ".join(parts) + ". Every card they turned is in the move log.")


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
    turn) stays clickable, its tooltip saying so (:func:`~catcards.widgets.table.mark_unavailable`).

    A face-up card's label is its position and its number, "5: 8" (its accessible name: a
    screen reader says which card it is, as "card 5" does for a face-down card; "is 8", with no
    position, did not: a hostile tester). It fits the 50 px button with any position and number ("51: 50" is
    narrower than "card 51"; "shows 30" was cut to "show..." at every width, D6). A card shown
    face up at the end of a turn that the engine has already turned face down (the paced turn)
    is named the same; ``can_turn`` says whether a press turns it over again."""
    if isinstance(shown, Card):
        if can_turn:
            return f"{p}: {shown.rank}", f"turn over card {p}", True
        return f"{p}: {shown.rank}", f"card {p} is face up ({shown}): press to hear why you cannot turn it", False
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

    ``clock``: the scheduler of the paced turns (default: the table's
    :class:`~catcards.widgets.table.scheduler.LoopClock`, at once where no event loop runs; a
    :class:`~catcards.widgets.table.scheduler.ManualClock` waits for ``clock.advance(seconds)``:
    tests, or stepping through the computers' turns in a lesson). ``shown_seconds`` and
    ``card_seconds`` (:data:`SHOWN_SECONDS`, :data:`CARD_SECONDS`) are the pace.
    """

    #: short rules naming this table's own controls (the "How to play" panel and the app)
    how_to_play = (
        'Your turn: choose a face-down card (or its "card" button) to turn it over, then a second one.',
        "Two cards with the same number are a pair: you keep them and have another turn. Otherwise both stay face up a moment, then go face down again, and the next player has a turn (a computer turns its cards one at a time). Remember what you saw (the recent turns are listed under the grid).",
        'While the computers play, "Skip to my turn" lets them finish at once: every card they turned is in the move log.',
        'Most pairs wins; ties share.',
        'Rules: the Wildcat & Dinohistoria rulebook, "PAIRS".',
    )

    #: what the generic default "sensible" means at this table
    default_agents = "forgetful"

    #: seconds a turn's two cards stay face up (:data:`SHOWN_SECONDS`)
    shown_seconds = SHOWN_SECONDS
    #: seconds between the steps of a computer's turn (:data:`CARD_SECONDS`)
    card_seconds = CARD_SECONDS

    def __init__(self, *args: Any, clock: Any = None, **kwargs: Any):
        self.cell_buttons: dict[int, W.Button] = {}
        #: (id of the state shown, its moves) while its last turn's two cards are shown face up
        #: (the engine has turned them down or taken them): display only, never the game
        self._showing: tuple[int, int] | None = None
        #: the computers' paced turn is under way: from the person's move that passed the turn
        #: until the person's turn is drawn again (clicks on cards are refused meanwhile)
        self._pacing = False
        #: a step of the paced turn is being made by the table's clock or by "Computer step" (not
        #: by a table stepping at once): the drawing after it counts from when it is made
        #: (:meth:`_computers_drawn`)
        self._stepping = False
        self.clock = clock if clock is not None else LoopClock(step_now=True)
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
        player has (as the hint says it: :meth:`hand`). While a turn's two cards are shown face
        up, "No match" or "A pair" first; while the computers play, who is turning cards on the
        page ("Seat 1 (computer) is turning cards": the seat whose turn is shown, also while its
        last turn lies face up at the person's turn). Short, so that it keeps its height on a
        phone from step to step and the grid under it does not move."""
        shown = self._shown_turn(obs)
        verdict = verdict_html(None if shown is None else shown["match"])
        if self._pacing and not obs["is_over"]:
            seat = obs["current_player"]
            if shown is not None and not self.is_human(shown["seat"]):
                seat = shown["seat"]
            text = verdict + turning_html(self.seat_label(seat))
        else:
            text = verdict + super().status_text(obs)
            if obs["turned"] is not None and not self.state.is_over:
                text += " &middot; turn over a second card" if self.viewers_turn else " &middot; first card turned over"
        return text + f" &middot; {obs['turns']} turn{'s' * (obs['turns'] != 1)} played"

    # ---- the paced turns ----------------------------------------------------------------------
    def _tag(self) -> tuple[int, int]:
        """The position shown now: a step scheduled for another does nothing."""
        state = self.state
        return (id(state), len(state.history))

    def _shown_turn(self, obs: dict) -> dict | None:
        """``obs["last_turn"]`` while its two cards are shown face up, else None."""
        if self._showing is None or self._showing != self._tag() or self.looking_back:
            return None
        return obs["last_turn"]

    @property
    def legal(self) -> tuple:
        """As the table's, but none while the computers' paced turn is under way (their last
        turn shown at the person's turn too: the page does not show the person's turn yet)."""
        return () if self._pacing else super().legal

    def _advance(self, now: bool = False) -> None:
        """After a move (a person's, or "Computer step"'s): the card turned is read out, and the
        paced turn starts (:meth:`_pace`). A new deal (``now``) is paced too: when a computer
        seat starts (``first_player``), its turns are shown card by card, as later computer
        turns are (a hostile tester: the first turn was played at once, never seen). Where no
        event loop runs, the clock steps them at once, so code that deals reads the person's turn."""
        if self.state.history and not now:
            obs = self.state.observation(self.view_seat)
            seat = obs["current_player"] if obs["turned"] is not None else obs["last_turn"]["seat"]
            self.say_quietly(turn_words(obs, self.seat_label(seat), self.is_human(seat) and len(self.humans) == 1))
        self._pace()

    def resume(self) -> None:
        """Start the paced turn again for the game in play (back from looking back, a branch)."""
        self._pace()

    def _pace(self) -> None:
        """Cancel the steps still to come and schedule those the position calls for: when the
        last move ended a turn, its two cards are shown face up (:attr:`shown_seconds`); when
        computers are to move, their cards one step at a time (:meth:`_pace_step`) until a
        person's turn is drawn; a person's own turn shown face up goes face down after
        :attr:`shown_seconds`, or at their next card."""
        self.stop()
        state = self.state
        ended = bool(state.history) and state.turned is None and not self.looking_back
        if ended:
            self._showing = self._tag()
        # a computer's turn shown face up is part of the computers' turn, also when it passed the
        # turn to a person ("Computer step" made its second card): the person's turn is drawn once
        # its cards are face down (D5: the miss lay face up while the student's cards were playable)
        computers_shown = ended and not state.is_over and not self.is_human(state.last_turn["seat"])
        if self._computers_due() or computers_shown:
            self._computers_start()  # a press sent before their turn is drawn can be told
            self._pacing = True
            self._pace_after(self.shown_seconds if ended else self.card_seconds)
        elif ended:
            self._pace_after(self.shown_seconds)

    def _pace_after(self, seconds: float) -> None:
        """Schedule the next step on the table's clock, for the position shown now."""
        tag = self._tag()
        self.clock.schedule(seconds, lambda: self._pace_event(tag))

    def _pace_event(self, tag: tuple[int, int]) -> None:
        """A scheduled step: nothing once the table is closed or the position has changed (a
        stale step); on the event loop (or a clock that waits) the step and a redraw through the
        table's runner (errors said in ``out``); stepped at once where no loop runs, the step
        only (the click being handled redraws)."""
        if self.closed or tag != self._tag():
            return
        if _running_loop() is None and getattr(self.clock, "step_now", False):
            self._pace_step()
        else:
            self._stepping = True
            try:
                self._run(self._pace_step)
            finally:
                self._stepping = False

    def _pace_step(self) -> None:
        """One step: a turn shown face up goes face down (a pair leaves the table); else the
        computer to act turns one card over (read out), its second card showing the turn for
        :attr:`shown_seconds`; once no computer is to act, the pace ends: the person's turn."""
        if self._showing is not None:
            self._showing = None  # the cards go face down, or off the table
            if self._computers_due():
                self._pace_after(self.card_seconds)
                return
        elif self._computers_due():
            self._make_computer_moves(1)
            obs = self.state.observation(self.view_seat)
            turn = obs["last_turn"] if obs["turned"] is None else None
            seat = obs["current_player"] if turn is None else turn["seat"]
            self.say_quietly(turn_words(obs, self.seat_label(seat), False))
            if turn is not None:  # the turn's second card: both face up a moment
                self._showing = self._tag()
                self._pace_after(self.shown_seconds)
            else:
                self._pace_after(self.card_seconds)
            return
        if self._pacing:
            self._pacing = False
            self._say_whose_turn()

    def _whose_turn_words(self) -> str:
        """"Your turn: choose a face-down card." (with people's turns shared, the seat's name)
        when a person is to act, else ""."""
        seat = self.state.current_player
        if self.state.is_over or not self.is_human(seat):
            return ""
        return ("Your turn: choose a face-down card." if len(self.humans) == 1
                else f"{self.seat_label(seat)}'s turn: choose a face-down card.")

    def _say_whose_turn(self) -> None:
        """At the paced turn's end: :meth:`_whose_turn_words` in the aria-live line, if any."""
        words = self._whose_turn_words()
        if words:
            self.say_quietly(words)

    def computer_step(self) -> None:
        """As the table's ("Computer step": the seat to act moves by its strategy), but while the
        computers' last turn lies face up at a person's turn (the paced turn's last step), the
        step is that one, made now: its cards go face down and the person's turn is drawn, as
        when the clock makes it. No card is turned for the person (D5: their turn was not yet
        on the page); like Undo and New game, the step still scheduled is cancelled."""
        if self._pacing and not self._computers_due() and not self.state.is_over:
            self.stop()
            self._stepping = True  # the person's turn is drawn by this step (:meth:`_computers_drawn`)
            self._say_whose_turn()
            return
        super().computer_step()

    def stop(self) -> None:
        """Cancel the steps still to come (Undo, a new game, Play out, looking back, closing):
        no turn is shown face up and no computer is playing until :meth:`resume`."""
        super().stop()
        self._showing = None
        self._pacing = False

    def play_out(self) -> None:
        """As the table's, the paced turn cancelled first: the game is finished at once."""
        self.stop()
        super().play_out()

    def _computers_playing(self) -> bool:
        """As the table's, and while the computers' paced turn is under way."""
        return self._pacing or super()._computers_playing()

    def _computers_drawn(self) -> None:
        """As the table's, once the paced turn is over (the person's turn is drawn). When a step
        of the pace drew it (on the clock, "Computer step" or "Skip to my turn"), a press sent (by the browser's
        clock) after that drawing is taken: the page has shown the computers' last turn face up,
        "Seat 1 (computer) is turning cards", for :attr:`shown_seconds` before it, so the time the table gives a person to see
        a new position (:data:`~catcards.widgets.table.messages.SEEN_SECONDS`) has passed, and
        the heading and a press agree (D4: for about 0.1 s the heading said "Your turn" while a
        press was refused with "Wait: the computer is playing"). A press sent before the drawing
        is refused; one sent while the drawing is still on its way to the page (the network's
        delay, milliseconds on one machine) is taken, as the heading says a moment later."""
        stepped, self._stepping = self._stepping, False
        if self._pacing:
            return
        turn = self._passed_turn
        fresh = turn is not None and turn[2] is None
        super()._computers_drawn()
        if fresh and turn[2] is not None and stepped:
            turn[2] -= SEEN_SECONDS

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
            self.say_counted(COMPUTER_PLAYING)  # once per computers' turn, the presses counted
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
        faces = list(obs["grid"])
        shown = self._shown_turn(obs)
        if shown is not None:  # the turn just ended, face up a moment (the engine has them down)
            for q, name in zip(shown["positions"], shown["cards"]):
                faces[q] = card_named(self.game.cards, name)
        self._scores.value = scores_html(obs, self.seat_label)
        position = (self.state, len(self.state.history), self.state.current_player)
        self.cell_buttons = {}
        for p, x in enumerate(obs["grid"]):
            face, button = self._faces[p], self._buttons[p]
            button._catcards_action = (TURN_OVER[p], *position)  # type: ignore[attr-defined]
            face.value = cell_html(p, faces[p])
            if x is None:  # a pair taken: its button is hidden, with the words it had
                button.layout.visibility = "hidden"
                button.disabled = True
            else:
                # named by what the page shows: a turn just ended lies face up a moment, named so too
                label, tooltip, usable = cell_words(p, faces[p], TURN_OVER[p] in legal)
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
        elif not self.viewers_turn or self._pacing:
            hint = "Watch the cards the others turn over, and remember where they lie."
        elif obs["turned"] is not None:
            hint = "Now turn over a second card: the same number makes a pair, and you have another turn."
        else:
            hint = "Your turn: choose any face-down card to turn it over, then a second one."
        taken = self.html("taken", taken_html(obs, seat, self.seat_label, hint))
        if len(self.humans) == self.state.game.players:
            return taken  # no computer: nothing to skip
        # "Skip to my turn": always shown (the grid below does not move when it could be used),
        # usable while the computers' paced turn is under way
        button = self.part(("skip",), self._skip_button)
        mark_unavailable(button, None if self._pacing and not obs["is_over"] else SKIP_UNAVAILABLE)
        if self._pacing:
            button.tooltip = "the computers finish their turns at once; every card they turn is in the move log"
        return self.box("hand", [taken, button])

    def _skip_button(self) -> W.Button:
        # 44 px high: a touch target a finger can hit on a phone
        button = W.Button(description=SKIP_LABEL, icon="forward", layout=W.Layout(width="auto", height="44px"))
        button.on_click(self.callback(lambda _b: self.skip_to_my_turn()))
        return button

    def focus_after(self, clicked: W.Button, place: tuple[str, bool, int]) -> W.Widget | None:
        """Keyboard focus after a card was turned: as every table (:meth:`GameTable.focus_after`:
        the same button while it is shown), except that once the card pressed has left the table
        (a pair taken), the focus goes to the next card still on the table after its place, or
        the last one before it. (Given to the button at the pressed one's index among the cards
        still shown, it skipped a card when the pair's first card stood before it: after the
        pair 1 and 3, card 5 got the focus, not card 4; break54.) After a press on "Skip to my
        turn" at the viewer's turn (the computers' turns made, or nothing to skip), the focus
        goes to the grid, where the student plays: its first face-down card (it stayed on the
        button, where a second Enter only said "Nothing to skip"; break55t)."""
        if clicked is self._kept.get(("skip",)) and self.legal and self.cell_buttons:
            return self.cell_buttons[min(self.cell_buttons)]
        target = super().focus_after(clicked, place)
        at = next((p for p, button in enumerate(self._buttons) if button is clicked), None)
        if target is clicked or at is None:
            return target
        shown = {id(button) for button in focusable_buttons(getattr(self, place[0]))}
        after = [button for button in self._buttons[at + 1:] if id(button) in shown]
        before = [button for button in self._buttons[:at] if id(button) in shown]
        return after[0] if after else before[-1] if before else target

    def skip_to_my_turn(self) -> None:
        """"Skip to my turn" (D9: at 6 players the paced computers took about 30 s between the
        student's turns): the steps still scheduled are cancelled, the computers make the rest of
        their turns at once (the same moves as paced: the same seed and presses give the same
        game), and the person's turn is drawn; the aria-live line and the messages say how many
        turns and pairs each computer made since the person's last turn. Every card they turned
        is in the move log, as in the paced turn. Outside the computers' turn: said, nothing
        changes."""
        if not self._pacing or self.state.is_over or self.looking_back:
            self.say(NOTHING_TO_SKIP)
            return
        self.stop()
        self._stepping = True  # the person's turn is drawn by this press (:meth:`_computers_drawn`)
        self._make_computer_moves(10 ** 6)
        summary = skip_words(recent_turns(self.state, keep=self.state.turns), self.is_human, self.seat_label,
                             self.state.is_over)
        # one line, so the aria-live line reads the summary with what comes next (breakapp53:
        # "Your turn" said apart replaced the summary 12 ms later, before it was read; break54: so
        # did the result when the computers finished the game)
        if self.state.is_over:
            self.say_end(summary, self.game_over_words)  # the result said here, not again by refresh
            return
        self.say(f"{summary} {self._whose_turn_words()}".rstrip())
