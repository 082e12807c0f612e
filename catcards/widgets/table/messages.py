"""What a table says, and how its clicks are answered (issue 12): every handler runs through
:meth:`MessagesMixin.callback`, so its prints, a refused action (said in words) and any other error
(its traceback) go to the table's ``out`` area and never to the notebook, and each line said is
also put in an ``aria-live`` region for screen readers; :func:`mark_unavailable` marks a move that
cannot be made now while keeping it focusable, so a click on it is answered with why. Part of
:mod:`catcards.widgets.table`."""
from __future__ import annotations

import contextlib
import io
import time
import traceback
from datetime import datetime
from typing import Any, Callable

import ipywidgets as W

from ...core import GameParameterError, IllegalActionError
from ...render.tables import announce_html

__all__ = ["MessagesMixin", "mark_unavailable", "counted_words", "LOOKING_BACK", "REPEAT_SECONDS", "HELD_KEY_GAP",
           "press_time", "REPEATED_PRESS", "REPEATED_REFUSAL"]

from .model import LOOKING_BACK  # said when a click would change the game while an earlier move is shown

#: seconds after a press during which a press from the browser on the button the table then gave
#: the keyboard focus to is taken for the same key held down or pressed twice, and ignored: a
#: key's first repeat comes about 0.5 s after it goes down (then every 0.03 s, each one ignored
#: in turn), a double press 0.15 to 0.3 s apart
#: (stop 22 break-it tester: a held Enter played on, chose a Cat Days card's first place, or made
#: four false snaps). Measured by the browser's clock, so a busy server does not shorten it.
REPEAT_SECONDS = 0.6
#: seconds between two presses under which the second is a held key's repeat (a browser repeats a
#: held key every 0.03-0.1 s), whenever it comes: a held key's repeats are ignored as long as it
#: is held. Presses further apart than this (a student pressing Enter again and again, every
#: 0.15-0.25 s) are ignored only within :data:`REPEAT_SECONDS` of the press that was taken, so
#: one of them is taken (readme48: at 0.15-0.25 s apart, 1,500 presses over 6.5 minutes were each
#: taken for a repeat of the one before, and the table never moved)
HELD_KEY_GAP = 0.15
#: what the table says (in its aria-live line) when it ignores such a press
#: ("after the one before": break49 pressed Undo twice before any move and was told "after your move")
REPEATED_PRESS = ("That press came straight after the one before (a key held down or pressed twice), so "
                  "nothing changed; press again to use this button.")
#: said in its place when the press taken before it was refused (the game unchanged, a line
#: said: "cannot be played now", "Wait: the computer is playing", "Nothing to take back"):
#: pressing again would be refused again, so the line does not invite it (break55t)
REPEATED_REFUSAL = ("That press came straight after the one before (a key held down or pressed twice), so "
                    "nothing changed.")


def counted_words(line: str, presses: int) -> str:
    """``line`` as :meth:`MessagesMixin.say_counted` shows it after ``presses`` presses (1 or
    more): the line alone for one, else with "(pressed 3 times)" after it."""
    return line if presses == 1 else f"{line} (pressed {presses} times)"


#: the least time from a position appearing on the page to a press that answers it (seconds;
#: people's simple visual reaction time is about 0.2 s or more)
SEEN_SECONDS = 0.2


def press_time() -> float | None:
    """When the browser sent the click being handled, in seconds by the browser's own clock (the
    ``date`` of the message's header, which the page sets), or None for a click made by code
    (``button.click()`` in a cell or a test), or where it cannot be told (no IPython kernel, a
    kernel without ``get_parent``)."""
    try:
        from IPython import get_ipython

        header = get_ipython().kernel.get_parent()["header"]
        if header["msg_type"] != "comm_msg":
            return None
        date = header["date"]
        if isinstance(date, str):
            date = datetime.fromisoformat(date.replace("Z", "+00:00"))
        return date.timestamp()
    except Exception:  # no kernel (a script, a test), or a kernel that keeps this elsewhere
        return None


def mark_unavailable(button: W.Button, why: str | None) -> None:
    """Mark ``button`` as a move that cannot be made now (``why``: the tooltip, e.g. "cannot be
    played now: click to hear why"), or as available again (``why`` None). It stays enabled,
    focusable and clickable, so that a click is answered in the message area with the reason
    (issue 12); the class ``catcards-unplayable`` greys it with a dashed border (:data:`STYLE`),
    and the tooltip (the button's accessible description) says it cannot be used now."""
    button.disabled = False
    if why is None:
        button.remove_class("catcards-unplayable")
    else:
        button.add_class("catcards-unplayable")
        button.tooltip = why


class MessagesMixin:
    """The message area of :class:`~catcards.widgets.table.GameTable` (``out`` and ``announce``)
    and the wrapper every handler runs in."""

    def _build_messages(self) -> None:
        """Make ``announce`` (the ``aria-live`` line) and ``out`` (every message, print and
        traceback). Called once by ``__init__``."""
        self.announce = W.HTML(announce_html(""))
        self.out = W.Output(layout=W.Layout(border="1px solid #ddd", padding="2px 6px",
                                            max_height="160px", overflow="auto"))
        #: the button the table last gave the keyboard focus to (after a move) with the game's
        #: position then (the state and its length of history), when the browser sent its last
        #: press, and when it sent the last press taken (press_time): to tell a held or doubled
        #: key (_run)
        self._focused: tuple[W.Widget, Any, int] | None = None
        #: the focus a click gives once its computer replies are drawn (MovesMixin._restore_focus:
        #: the table's clock runs it); a newer click's replaces it
        self._focus_job: object | None = None
        self._pressed_at: float | None = None
        self._taken_at: float | None = None
        #: the last press taken: (its button, the game's state and length of history then, the
        #: lines said so far then), to tell a doubled press on a button whose move it made
        #: (_repeated_press) and a press that was refused (_say_repeated_press)
        self._taken: tuple[W.Widget, Any, int, int] | None = None
        #: how many lines the table has said (say, say_counted), ever
        self._lines_said = 0
        #: the computers' turn the last person's press started (_computers_start): [when the
        #: browser sent that press (press_time; None: a click by code), when the kernel took it
        #: (time.perf_counter), the seconds the kernel then took to draw the table with no
        #: computer to move (None until it has)]
        self._passed_turn: list | None = None
        #: the line :meth:`say_counted` said last: (its words, the presses it answered, the
        #: computers' turn it was said in, ``_passed_turn``)
        self._counted: tuple[str, int, Any] | None = None
        #: the newest line said (:meth:`say`), shown bold in ``announce`` and not yet in ``out``:
        #: it goes there, above the earlier ones, once ``announce`` shows something else
        #: (:meth:`_file_newest`), so a message is on screen once (table57)
        self._newest: str | None = None

    # ---- callbacks: errors and prints go to self.out ------------------------------------------
    def say(self, text: str) -> None:
        """Say one line: shown bold as the newest message in ``announce`` (an ``aria-live``
        region, so a screen reader reads it out), above the Output (``out``), which lists the
        earlier ones, newest first. The line goes into ``out`` once ``announce`` shows something
        else (the next line said, a new press, the moves read out: :meth:`_file_newest`): shown
        in both, a refused move's words were on screen twice, bold and again just under it
        (table57). :meth:`output_text` reads both."""
        line = text.rstrip("\n")
        self._lines_said += 1
        self.model.say(line)  # the model keeps what was said; the live line and the Output show it
        self._file_newest()
        self._newest = line
        self.announce.value = announce_html(self.model.announcement)

    def _file_newest(self) -> None:
        """Put the newest line said, shown bold in ``announce`` (``_newest``), into ``out``'s list,
        at its top: ``announce`` is about to show something else."""
        newest, self._newest = self._newest, None
        if newest is not None:
            self.append_output("stdout", newest + "\n")

    def clear_messages(self) -> None:
        """Empty ``out`` and forget the newest line said (a new deal): it stays in ``announce``,
        as before a deal, until something else is said there, and does not go into ``out``."""
        self._newest = None
        self.out.outputs = ()

    def say_counted(self, text: str) -> None:
        """Say ``text`` as :meth:`say` does, once per computers' turn: when the newest line in
        ``out`` is these words, said in the same computers' turn (:meth:`_computers_start`) with
        nothing said or printed since, that line is said again with the presses it answers,
        "(pressed 3 times)" (:func:`counted_words`), in ``out`` and ``announce``, in place of a
        new line. For a refusal that a burst of presses repeats: twenty cards pressed while
        Pairs' computers played wrote twenty "Wait" lines (small55)."""
        line = text.rstrip("\n")
        last, turn = self._counted, self._passed_turn
        # the newest line shown: bold in announce, or, once a press emptied announce, out's first
        filed = self.out.outputs[0].get("text") if self.out.outputs else None
        newest = self._newest + "\n" if self._newest is not None else filed
        presses = 1
        if last is not None and last[0] == line and last[2] is turn:
            shown = counted_words(line, last[1])
            if newest == shown + "\n" and self.model.messages[-1:] == [shown]:
                presses = last[1] + 1
        self._counted = (line, presses, turn)
        if presses == 1:
            self.say(line)
            return
        shown = counted_words(line, presses)
        self._lines_said += 1
        self.model.say(shown, again=True)
        if self._newest is None:  # the line was put in out's list: it is the newest shown again
            self.out.outputs = self.out.outputs[1:]
        self._newest = shown
        self.announce.value = announce_html(self.model.announcement)

    def say_quietly(self, text: str) -> None:
        """Show one line in ``announce`` (read out by a screen reader) without writing it to ``out``.
        The newest line said, shown there until now, goes into ``out`` (:meth:`_file_newest`),
        unless ``text`` starts with it (a held key's notice after it, moves read out after "Playing
        on from move 12"): it is still shown."""
        if self._newest is not None and not text.startswith(self._newest):
            self._file_newest()
        self.model.say(text, quietly=True)
        self.announce.value = announce_html(text)

    def append_output(self, stream: str, text: str) -> None:
        """Add ``text`` to ``out`` as ``stream`` ("stdout" or "stderr"), at the top: ``out``
        shows the newest message first, as the move log shows the newest move first, so the
        newest is in sight without scrolling its box (added at the bottom, it was hidden under
        the older ones once the box scrolled). ``out`` keeps its last ``model.MESSAGES`` entries,
        as the model keeps its lines: an Output sends all it holds to the page at each change,
        and clicks on a finished game (a script sends them even to a disabled button) each wrote
        a line, without bound (break-it: 3000 made 516 MB)."""
        entry = {"output_type": "stream", "name": stream, "text": text}
        self.out.outputs = (entry, *self.out.outputs)[:self.model.MESSAGES]

    def output_text(self) -> str:
        """Every message shown so far, as one string in the order it was written, oldest first:
        ``out``'s (its last ``model.MESSAGES`` entries, shown newest first), then the newest line
        said when ``announce`` shows it and ``out`` does not hold it yet (:meth:`say`)."""
        newest = "" if self._newest is None else self._newest + "\n"
        return "".join(o.get("text", "") for o in reversed(self.out.outputs)) + newest

    def _run(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)``; its prints go to ``out`` (set directly, never by entering the Output's
        context), a refused action is said there in words, any other exception's traceback is
        shown there; then the table is redrawn. Does nothing once the table is closed."""
        if self.closed:
            return
        # a click in the hand or the board: its place, to give the keyboard focus back after the
        # redraw (MovesMixin.focus_after)
        clicked = args[0] if args else None
        if self._repeated_press(clicked):
            self._say_repeated_press()
            return
        place = self._focus_place(clicked)
        if self.looking_back and not (args and id(args[0]) in self._past_ok):
            self.say(LOOKING_BACK)  # the past is shown read-only: nothing may change it
            self.refresh()
            self._restore_focus(clicked, place)
            return
        # a new click starts with an empty aria-live line: what it says (a refusal, the end of the
        # game) is shown there, and an earlier refusal does not stay on screen after a move that
        # worked (a repeated refusal is read out again). A scheduled event (the computers' replies,
        # no widget) keeps the line: it said what the click before it did ("Playing on from move
        # 12"), and clearing it there left a keyboard user's press unanswered
        if args:
            self.say_quietly("")
        buf = io.StringIO()

        def flush() -> None:
            if buf.getvalue():
                self.append_output("stdout", buf.getvalue())
                buf.seek(0)
                buf.truncate()

        # never ``with self.out``: entering an Output's context from a callback or timer makes
        # ipywidgets adopt whichever cell is executing, and other cells' prints land here
        try:
            with contextlib.redirect_stdout(buf):
                fn(*args)
        except (IllegalActionError, GameParameterError) as exc:
            flush()
            self.say(f"Not allowed: {exc}")
        except Exception:
            flush()
            self.append_output("stderr", traceback.format_exc())
        finally:
            flush()
        try:
            self.refresh()
            self._computers_drawn()
            self._restore_focus(clicked, place)
        except Exception:
            self.append_output("stderr", traceback.format_exc())

    def _say_repeated_press(self) -> None:
        """Answer a press ignored as a held or doubled key (:meth:`_repeated_press`) in the
        aria-live line: :data:`REPEATED_PRESS` after the words the line holds, not in their
        place (a doubled Enter on "Skip to my turn" replaced its summary before a screen reader
        had read it, small55); the line is read out whole. Once the line ends with it (a key
        held on), nothing changes. After a press that was refused (:meth:`_refused`) it is
        :data:`REPEATED_REFUSAL`, which does not invite a press that would be refused again
        (break55t: "cannot be played now ... press again to use this button")."""
        before = self.model.announcement
        notice = REPEATED_REFUSAL if self._refused() else REPEATED_PRESS
        if not before.endswith((REPEATED_PRESS, REPEATED_REFUSAL)):
            self.say_quietly(f"{before} {notice}".lstrip())

    def _refused(self) -> bool:
        """True when the last press taken changed nothing in the game (the same state, the same
        length of history) and said a line: a refusal ("cannot be played now", "Wait: the
        computer is playing", "Nothing to take back"), which a second press would meet again."""
        taken = self._taken
        return (taken is not None and taken[1] is self.state and taken[2] == len(self.state.history)
                and self._lines_said > taken[3])

    def _repeated_press(self, clicked: Any) -> bool:
        """True for a press from the browser on the button the table gave the keyboard focus to
        after the last move, with the game unchanged since (no computer's timed move, as in
        Snap, where pressing "Turn your card" again at once is how the game is played), sent
        less than :data:`REPEAT_SECONDS` after the last press taken, or less than
        :data:`HELD_KEY_GAP` after the press before it (by the browser's clock, :func:`press_time`):
        the key of the move just made, pressed twice or held down (all of a held key's repeats are
        ignored, and it makes one move). A press that comes later is taken, however many presses
        came between (a student pressing again and again makes a move). A click made
        by code is never taken for one, nor is a value typed or chosen (the Move box, a list): it
        is no press, and a button pressed just after it is not the same key again (break-it
        tester: "12", Enter, Tab, Enter on "Play on from here" was refused as a held key)."""
        if not isinstance(clicked, W.Button):
            return False
        sent = press_time()
        if sent is None:
            return False
        before, self._pressed_at = self._pressed_at, sent
        focused, taken = self._focused, self._taken
        soon = (before is not None and 0 <= sent - before < HELD_KEY_GAP
                or self._taken_at is not None and 0 <= sent - self._taken_at < REPEAT_SECONDS)
        same_position = (focused is not None and focused[0] is clicked and focused[1] is self.state
                         and focused[2] == len(self.state.history))
        # the button of the press taken, its move made since (its action is from an earlier
        # position): a bid button stays open, hidden, after the bid, and a doubled Enter or a
        # double-click sends its second press to it before the page has the redraw (break55t)
        # Or the button of the press taken, the game unchanged since, when the table gave the
        # focus to another button after it ("Skip to my turn" hands it to the grid): the second
        # press of a doubled Enter reaches it before the page has moved the focus
        handed_on = (focused is not None and focused[0] is not clicked and focused[1] is self.state
                     and focused[2] == len(self.state.history))
        moved_on = taken is not None and taken[0] is clicked and (self._stale(clicked) or handed_on)
        repeated = soon and (same_position or moved_on)
        if not repeated:
            self._taken_at = sent
            self._taken = (clicked, self.state, len(self.state.history), self._lines_said)
        return repeated

    def _computers_start(self) -> None:
        """Note that the press being handled passes the turn to the computers
        (``GameTable._advance``): when the browser sent it and when the kernel took it."""
        self._passed_turn = [press_time(), time.perf_counter(), None]

    def _computers_drawn(self) -> None:
        """After a redraw (:meth:`_run`): the first with no computer to move since
        :meth:`_computers_start` notes how many seconds after it the kernel drew it."""
        turn = self._passed_turn
        if turn is not None and turn[2] is None and not self._computers_due():
            turn[2] = time.perf_counter() - turn[1]

    def _computers_playing(self) -> bool:
        """True while computers are to move (``GameTable._computers_due``), and for a press from
        the browser sent before the page could show the person's turn again after the computers'
        turn that the last person's press started (break49: cards clicked in Pairs while the
        computer played reached the kernel after its turn and were played as the student's next
        cards): sent, by the browser's clock (:func:`press_time`), less time after that press
        than the kernel took from it to drawing the table with no computer to move, and
        :data:`SEEN_SECONDS` (no one sees a new position and presses sooner: a hostile tester,
        break50, clicked while the page showed "Seat 1 (computer) to act", after the kernel had
        drawn the turn but before the page had). Each is a difference on one clock (the
        browser's, the kernel's), so the two need not agree. A press sent while a slow network
        still carries that drawing to the page is not always caught; nor is a press made by code,
        or one after a move made by code (no browser time)."""
        if self._computers_due():
            return True
        turn, sent = self._passed_turn, press_time()
        return (turn is not None and turn[0] is not None and sent is not None
                and (turn[2] is None or sent - turn[0] < turn[2] + SEEN_SECONDS))

    def callback(self, fn: Callable[[Any], Any]) -> Callable[[Any], None]:
        """Wrap a widget callback so its errors and prints appear in ``out`` and it never raises."""

        def wrapped(widget: Any) -> None:
            self._run(fn, widget)

        return wrapped
