"""What a table shows: the title, the status line, the board and the hand of the seat whose view
is drawn (:attr:`ViewMixin.view_seat`: never a card that seat may not see), the hot-seat
"pass the screen" step, the "How to play" panel and the move log. Part of
:mod:`catcards.widgets.table`."""
from __future__ import annotations

import html
import re
from typing import Any, Callable

import ipywidgets as W

from ...cards import Card
from ...render.tables import CARD_WIDTH, STYLE, cards_row, hand_heading_html
from .live import _parts, close_tree
from .messages import REPEATED_PRESS, REPEATED_REFUSAL

__all__ = ["ViewMixin", "LOG_LINES"]

LOG_LINES = 14
#: a list of whole numbers in a log line, "[2, 3, 2, 6]", after ": " or not (:meth:`ViewMixin.lists_in_words`)
SEAT_LIST = re.compile(r"(: )?\[(-?\d+(?:, -?\d+)*)\]")


class ViewMixin:
    """The shown parts of :class:`~catcards.widgets.table.GameTable` (``title``, ``status``,
    ``board_box``, ``hand_box``, ``rules_panel``, ``log_view``) and :meth:`refresh`, which redraws
    them from ``state.observation(view_seat)``."""

    #: the title line names the deal's seed (the same seed deals the same game); a class's table
    #: does not (``catcards class``: the seed gives the deal away, so a student could play a
    #: Pairs game knowing every card, and it would count as a checked game; break52)
    show_seed = True

    def _build_view(self) -> None:
        """Make the shown parts (empty until the first :meth:`refresh`). Called once by ``__init__``."""
        # what sits above the controls row and changes height on a redraw: the browser's scroll
        # anchoring skips these (STYLE, .catcards-above), so it holds the controls row where it is
        # on screen (break-it tester at 390 px: "Computer step" kept the focus while Card Game's
        # board grew above it, and went off the bottom of the screen)
        above = "catcards-above"
        self.title = W.HTML(_dom_classes=(above,))
        self.status = W.HTML(_dom_classes=(above,))
        # a board wider than a phone scrolls, visibly
        self.board_box = W.Box(layout=W.Layout(width="100%"), _dom_classes=("catcards-scroll", above))
        self.hand_box = W.VBox(layout=W.Layout(width="100%"), _dom_classes=(above,))
        # a native disclosure (<details>): its "How to play" is reached with Tab and opened with
        # Enter or Space, and its state is read out as collapsed or expanded; the Accordion used
        # before drew its title as a <div> that the keyboard could not reach (WCAG 2.1.1)
        self.rules_panel = W.HTML(
            "<details class='catcards-how-to-play'><summary>How to play</summary>"
            + "".join(f"<p style='margin:0 0 4px'>{html.escape(p)}</p>" for p in self.how_to_play)
            + "</details>", _dom_classes=("catcards-rules", above))
        # as wide as the table by the column's stretch: a width of 100% and ipywidgets' margins
        # made the table 4 px wider than its box
        self.log_view = W.HTML()
        #: the finished game whose result the aria-live line has said (:meth:`refresh`,
        #: :meth:`say_end`): said once per game
        self._announced_end: Any = None
        #: where the log lines to read out after a move start (:meth:`say_moves`): (the game in
        #: play, the index in its log, the line said before them that they follow: "" or, after
        #: :meth:`resume`, the line said then), set by a person's move, "Computer step" and
        #: ``resume``; None: nothing waits to be read out
        self._moves_from: tuple[Any, int, str] | None = None

    # ---- widgets kept by key: a redraw updates them in place -----------------------------------
    def part(self, key: Any, make: Callable[[], W.Widget], keep: bool = False) -> W.Widget:
        """The widget kept under ``key`` (any hashable: ``("html", "heading")``, a card, an
        action's text), made by ``make()`` the first time and whenever the one kept was closed.
        The same key gives the same widget at every redraw, so the browser keeps its element (and
        the keyboard focus on it) and only changed values are sent. A redraw closes the widgets it
        no longer shows (:meth:`refresh`), except those asked for with ``keep=True`` (with what
        they hold): a part that comes and goes, such as a list of places shown while a card is
        chosen, is then made once per table. Keep only parts of which there are a few."""
        widget = self._kept.get(key)
        if widget is None or widget.comm is None:
            widget = self._kept[key] = make()
        self._used.add(key)
        if keep:
            self._sticky.add(key)
        return widget

    def html(self, key: Any, value: str, keep: bool = False) -> W.HTML:
        """The HTML widget kept under ``key``, showing ``value`` (sent only when it changed)."""
        widget = self.part(("html", key), lambda: W.HTML(value), keep)
        widget.value = value  # a kept one: sent only when it changed (a new one was made with it)
        return widget

    def box(self, key: Any, children: Any, kind: type = W.VBox, keep: bool = False, **layout: Any) -> W.Box:
        """The box (``kind``: VBox, HBox, Box) kept under ``key``, showing ``children`` (the
        children are sent only when they changed; ``layout`` is used when it is made)."""
        children = tuple(children)
        widget = self.part(("box", kind.__name__, key), lambda: kind(children, layout=W.Layout(**layout)), keep)
        if tuple(widget.children) != children:  # a kept one (a new one was made with them)
            widget.children = children
        return widget

    def _attribute_widgets(self) -> list[W.Widget]:
        """The widgets the table holds as attributes (alone, or in a dict or list), such as Snap's
        ``turn_button``: a kept box that shows one does not own it."""
        found: list[W.Widget] = []
        for value in self.__dict__.values():
            items = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else (value,)
            found.extend(v for v in items if isinstance(v, W.Widget))
        return found

    def _hidden_for(self) -> int | None:
        """Hot-seat: the person to act whose hand is still behind the pass-screen button."""
        return self.model.hidden_for()

    @property
    def view_seat(self) -> int | None:
        """The seat whose observation is drawn now (None: a spectator's view)."""
        return self.model.view_seat(self._hidden_for())

    @property
    def viewers_turn(self) -> bool:
        """Whether the position shown (the game in play, or an earlier position looked back at
        with the Move box) is the viewer's turn: the hand's hint says what that turn asks."""
        seat = self.view_seat
        return seat is not None and seat == self.state.current_player and self.is_human(seat)

    @property
    def shown_moves(self) -> tuple:
        """The viewer's moves in the position shown (empty unless it is :attr:`viewers_turn`):
        what a hint describes. Clickable only in the game in play (:attr:`legal`): looking back,
        the hint says what that turn asked, under buttons that do nothing."""
        return self.state.legal_actions() if self.viewers_turn else ()

    @property
    def legal(self) -> tuple:
        """The actions the viewer may click now (empty unless the viewer is the person to act)."""
        if self.looking_back:  # the past is read-only
            return ()
        return self.shown_moves

    def seat_label(self, seat: int | None) -> str:
        """"Seat 2 (you)", "Seat 1 (computer)", "Seat 0" (hot-seat people are named by seat)."""
        if seat is None:
            return "no one"
        if self.is_human(seat):
            return f"Seat {seat} (you)" if len(self.humans) == 1 else f"Seat {seat}"
        return f"Seat {seat} (computer)"

    def end_text(self) -> str | None:
        """Plain words for a finished game that replace the generic "reason, winners, scores by
        seat" in the status line and its announcement, or None (the default) for the generic
        ones. A table played for something else than winning (Snap's pass through the deck)
        says what that is."""
        return None

    def end_words(self) -> str:
        """The finished game's result as the aria-live line says it: "Game over: " and
        :meth:`end_text`, or the outcome's reason and winners ("Game over: the deck ran out.
        Winners: Seat 1 (computer)."), each person's seat named as the table names it
        (:meth:`said_as_labelled`: "seat 0 (you) took 3 Simon cards and takes the blame", where
        the reason's bare "seat 0" left a student who only hears it to guess whether they lost: a
        hostile tester, break57). Only for a state whose ``outcome`` is set."""
        outcome = self.state.outcome
        own = self.end_text()
        if own is not None:
            return self.said_as_labelled(f"Game over: {own}")
        winners = ", ".join(self.seat_label(s) for s in outcome.winners) or "no one"
        return self.said_as_labelled(f"Game over: {outcome.reason}. Winners: {winners}.")

    def say_end(self, before: str, after: str = "") -> None:
        """Say the finished game's result (:meth:`end_words`) with ``before`` in front of it and
        ``after`` behind it, as one line (:meth:`say`: the message area and the aria-live line),
        and mark it said, so that :meth:`refresh` does not say it again and replace these
        words before a screen reader has read them (Pairs' "Skip to my turn" summary, break54).
        Only for a state whose ``outcome`` is set."""
        self._announced_end = self.state
        self.say(" ".join(part for part in (before, self.end_words(), after) if part))

    def said_as_labelled(self, line: str) -> str:
        """A log line as the aria-live line reads it: each person's seat is named as the table
        names it (:meth:`seat_label`: "Seat 0 (you) wins the trick.", "... seat 0 (you) reached
        90 points"), where the log's "Seat 0" reads as someone else's seat to a student who only
        hears it; computers' seats keep the log's words ("Seat 1 plays blue 5."). A list of
        seats is named so too, each person's seat in it as the table names it ("... dealt face
        down one each to seats 1, 0 (you), 3", where "seats 1, 0, 3" left the student's own seat
        unnamed, table57); a range ("seats 0-1") keeps the log's words."""

        def named(match: re.Match) -> str:
            seat = int(match.group(2))
            if not self.is_human(seat):
                return match.group(0)
            label = self.seat_label(seat)
            return label if match.group(1) == "S" else label[0].lower() + label[1:]

        def number(match: re.Match) -> str:  # one seat of a list: "0 (you)", as seat_label names it
            seat = int(match.group(0))
            label = self.seat_label(seat)
            own = self.is_human(seat) and label.startswith(f"Seat {seat}")
            return label[len("Seat "):] if own else match.group(0)

        def listed(match: re.Match) -> str:  # "seats 1, 0, 3", "seats 0 and 2": two seats or more
            return match.group(1) + re.sub(r"\d+", number, match.group(2))

        line = re.sub(r"\b([Ss]eats )(\d+(?:(?:, and |, | and )\d+)+)\b(?! \()", listed, line)
        return re.sub(r"\b([Ss])eat (\d+)\b(?! \()", named, line)

    def say_moves(self) -> None:
        """Read out in the aria-live line, as one line, what the log says happened since the
        place noted by the last press that made a move (``_moves_from``): after a person's move
        (:meth:`act`), the lines after that move's own line (the computers' replies, a trick won,
        a new round); after "Computer step", the step's lines too. In the game's own words
        (:meth:`log_lines`), with a person's seat named as the table names it
        (:meth:`said_as_labelled`): "Seat 1 plays orange 6. Seat 2 plays yellow 1. Seat 3 wins
        the trick." A screen-reader user heard only the end of the game, never a computer's
        card (break55t). When the game is over, the result (:meth:`end_words`) ends the line in
        place of the log's own "Game over" line, and :meth:`refresh` does not say it again.
        A held key's notice (:data:`~.messages.REPEATED_PRESS`) said in between stays at the
        end. Only read out, not written to ``out`` (the move log shows the lines). Nothing is said
        when nothing was written, or once the game in play is another (a new deal, an undo)."""
        mark, self._moves_from = self._moves_from, None
        state = self.state
        if mark is None or mark[0] is not state or self.looking_back:
            return
        lines = [self.said_as_labelled(line) for line in self.log_lines()[mark[1]:]]
        if state.outcome is not None:
            lines = [line for line in lines if not line.startswith("Game over")] + [self.end_words()]
            self._announced_end = state
        if lines:
            before = mark[2]
            if before and self.model.announcement == before:  # nothing said since: it stays first
                lines.insert(0, before)
            # a held or doubled key's notice, said while the replies were made (on the kernel's
            # loop the second press can come first), stays at the end, as it would after them
            said = self.model.announcement
            lines += [notice for notice in (REPEATED_PRESS, REPEATED_REFUSAL) if said.endswith(notice)]
            self.say_quietly(" ".join(lines))

    def status_text(self, obs: dict) -> str:
        """The status line as HTML: round, whose turn, or the result when the game is over."""
        parts = []
        if "round" in obs:
            parts.append(f"Round {obs['round']}")
        outcome = self.state.outcome
        own = self.end_text() if outcome is not None else None
        if own is not None:
            parts.append(f"<b>Game over</b>: {html.escape(own)}")
        elif outcome is not None:
            winners = ", ".join(self.seat_label(s) for s in outcome.winners) or "no one"
            scores = ", ".join(f"{s}: {v:g}" for s, v in enumerate(outcome.scores))
            parts.append(f"<b>Game over</b>: {html.escape(outcome.reason)}. "
                         f"Winners: <b>{html.escape(winners)}</b>. Scores by seat: {scores}")
        else:
            seat = self.state.current_player
            who = self.seat_label(seat)
            if self.is_human(seat) and len(self.humans) == 1:
                parts.append("<b>Your turn</b> (seat %d)" % seat)
            else:
                parts.append(f"<b>{html.escape(who)}</b> to act")
        return " &middot; ".join(parts)

    def refresh(self) -> None:
        """Redraw every part from ``state.observation(view_seat)``: the board and the hand first,
        then the status line that describes them (the page draws the changes in that order)."""
        state = self.state
        obs = state.observation(self.view_seat)
        self.title.value = (
            f"{STYLE}<div style='font-size:1.25em;font-weight:bold;line-height:1.4'>{html.escape(self.game.title)}"
            f"<span style='font-weight:normal;color:#666;font-size:0.8em'> &middot; "
            f"{self.players} player{'s' * (self.players != 1)}"
            f"{f' &middot; seed {state.seed}' if self.show_seed else ''}</span></div>"
        )
        if state.outcome is not None and self._announced_end is not state:
            # say the result once in the aria-live line, so a screen reader reads the end out
            # (unless a move's handler said it with its own words: say_end)
            self._announced_end = state
            self.say_quietly(self.end_words())
        shown = {id(w): w for box in (self.board_box, self.hand_box) for w in _parts(box)}
        if "deal" in self.model.take_changes():
            # a new deal: nothing carries over, so a late click on a button of the game before
            # is answered as from an earlier position (its widget is closed)
            kept = {id(w) for w in self._kept.values()}
            own = {id(p) for w in self._attribute_widgets() if id(w) not in kept for p in _parts(w)}
            for widget in self._kept.values():
                close_tree(widget, own)
            self._kept.clear()
            self._sticky.clear()
        self._used = set()
        ended = self.ended_words
        # play ended by the page (end_play): no seat is to play, so the board (its seat panel:
        # "Seat 0 (you) to play", class57) is drawn with no seat to act
        board = self.board(obs if ended is None else {**obs, "current_player": None})
        if tuple(self.board_box.children) != (board,):
            self.board_box.children = [board]
        hidden = self._hidden_for()
        if ended is not None:  # play ended by the page (end_play): the hand's faces, no button
            hand = [self.html("ended", self.ended_hand_html(obs))] if self.view_seat is not None else []
        elif hidden is not None:
            hand = [self._pass_screen(hidden)]
        elif self.view_seat is None:
            hand = []
        else:
            hand = [self.hand(obs)]
        if tuple(self.hand_box.children) != tuple(hand):
            self.hand_box.children = hand
        # the status line after the board and the hand: each widget's change is its own message to
        # the page, so the heading never describes a board the page has not drawn yet (a hostile
        # tester: Pairs said "No match" for about 0.2 s before the second card showed)
        self.status.value = (
            f"<div class='catcards-status' style='font-size:1.05em;line-height:1.4;padding:2px 0'>"
            f"{self.status_text(obs) if ended is None else self.ended_status(obs, ended)}</div>"
        )
        if self.close_replaced:  # free the models of the widgets no longer shown
            keep = {id(w) for w in _parts(self)}
            keep.update(id(w) for key in self._sticky if key in self._kept for w in _parts(self._kept[key]))
            for key, widget in shown.items():
                if key not in keep:
                    close_tree(widget, keep)
            for key in [k for k, w in self._kept.items() if w.comm is None]:
                del self._kept[key]
        self.log_view.value = self.log_html(obs)
        self.step_button.disabled = self.playout_button.disabled = state.is_over
        self._sync_history()

    @staticmethod
    def ended_status(obs: dict, words: str) -> str:
        """The status line as HTML once play has ended (:meth:`~catcards.widgets.table.GameTable.end_play`):
        the round, when the game has rounds, and ``words`` (plain text) in bold."""
        parts = [f"Round {obs['round']}"] if "round" in obs else []
        return " &middot; ".join(parts + [f"<b>{html.escape(words)}</b>"])

    def ended_hand_html(self, obs: dict) -> str:
        """The hand once play has ended (:meth:`~catcards.widgets.table.GameTable.end_play`), as
        HTML with no button: its heading and its cards' faces (``obs["hand"]``, when it is a list
        of cards), so the deal stays in sight and nothing offers a move."""
        cards = obs.get("hand")
        if not (isinstance(cards, (list, tuple)) and all(isinstance(c, Card) for c in cards)):
            return ""
        heading = hand_heading_html(self.seat_label(obs.get("seat", self.view_seat)), len(cards), "")
        return f"<div class='catcards-ended-hand'>{heading}{cards_row(cards, width=CARD_WIDTH)}</div>"

    def _pass_screen(self, seat: int) -> W.Widget:
        """The hot-seat step: seat ``seat``'s hand is hidden behind a button they press to look."""

        def make() -> W.Button:
            button = W.Button(icon="eye", button_style="warning", layout=W.Layout(width="auto"))
            button.add_class("catcards-pass")

            def reveal(b: Any) -> None:
                if not self.model.reveal(b._catcards_seat):
                    self.say("That pass button is from an earlier position: nothing changed.")

            button.on_click(self.callback(reveal))
            return button

        button = self.part(("pass", seat), make)
        button.description = f"Pass the screen to seat {seat}, then press here"
        button._catcards_seat = seat  # type: ignore[attr-defined]
        self.pass_button = button
        return self.box("pass", [self.html("pass", f"<i>Seat {seat}'s hand is hidden until seat {seat} looks.</i>"),
                                 button])

    def log_lines(self) -> list[str]:
        """The lines of the move log: ``state.log`` of the position shown, a list of numbers by
        seat in words (:meth:`lists_in_words`). A table played for something else than winning
        may word a line its own way (Snap's pass through the deck: the game's end), one line for
        one line, so the moves are numbered the same."""
        return [self.lists_in_words(line) for line in self.state.log]

    def lists_in_words(self, line: str) -> str:
        """A log line with each list of numbers that has one number per seat said seat by seat:
        "Messes: [2, 3, 2, 6]" as "Messes: seat 0: 2, seat 1: 3, seat 2: 2, seat 3: 6", "Bids
        [11, 8, 7, 3], tricks won [10, 1, 2, 0]" as "Bids (seat 0: 11, ...), tricks won (seat 0:
        10, ...)". A screen reader read "[0, 0, 1, 0, 0]" as "left bracket 0 comma 0...", and no
        one could tell whose number was whose (a hostile tester, break57). Only what is shown
        and said: the game's log (``state.log``, which a save's digest covers) keeps its words.
        Other lists (not one number per seat) are left as they are."""
        if "[" not in line:
            return line

        def by_seat(match: re.Match) -> str:
            values = match.group(2).split(", ")
            if len(values) != self.players:
                return match.group(0)
            each = ", ".join(f"seat {seat}: {value}" for seat, value in enumerate(values))
            return f": {each}" if match.group(1) else f"({each})"

        return SEAT_LIST.sub(by_seat, line)

    def log_html(self, obs: dict) -> str:
        """The newest public log lines, newest move first, each move's lines in one entry numbered
        by that move (the number the Move box shows after it; 0 for the deal's lines: one
        numbering of moves everywhere, issue 31), from :meth:`TableModel.move_of_line`. A move
        that writes two lines (Snap's 52nd card and "Game over") is one entry, its lines in the
        order written: two entries numbered "52." read as two moves (hostile tester, S2).

        Read from :meth:`log_lines` (``state.log``, which holds public lines only: the contract),
        because several games keep just the last lines in ``obs["log"]`` to stay fast."""
        lines = self.log_lines()
        shown = lines[-LOG_LINES:]
        numbers = self.model.move_of_line(self.state, last=LOG_LINES)
        entries: list[tuple[int, list[str]]] = []  # (move, its lines), oldest first
        for number, line in zip(numbers, shown):
            if entries and entries[-1][0] == number:
                entries[-1][1].append(line)
            else:
                entries.append((number, [line]))
        items = "".join(
            f"<div style='{'font-weight:bold' if i == 0 else 'color:#444'}'>"
            f"<span style='color:#595959'>{number}.</span> {html.escape(' '.join(said))}</div>"
            for i, (number, said) in enumerate(entries[::-1])
        )
        # what is not shown, said in moves as the entries are numbered (readme53: "... 331 earlier
        # lines" under entries 330 to 319 counted lines, not moves)
        first = entries[0][0] if entries else 0
        earlier = "the deal" if first <= 1 else f"the deal and moves 1 to {first - 1}"
        more = f"<div style='color:#595959'>... earlier: {earlier}</div>" if len(lines) > len(shown) else ""
        return f"<div class='catcards-log' style='font-size:12px;line-height:1.35'>{items or '(no moves yet)'}{more}</div>"
