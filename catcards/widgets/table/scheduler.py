"""The one scheduler of computer moves at every table (issue 31): a clock that runs a callback
after a delay on the kernel's own asyncio event loop (``loop.call_later``: in the kernel's thread,
between its other work, never on a thread of its own: threads cannot start in a browser-only
Pyodide kernel, and a timer thread that touches widgets lets other cells' output land in the
table, issue 11), and where no event loop is running (plain Python, tests) steps its events
synchronously: at once (:class:`LoopClock` ``(step_now=True)``, what every table uses for the
computers' replies), or when told (:meth:`ManualClock.advance`: Snap's real-time reactions in
tests and lessons). Part of :mod:`catcards.widgets.table`.

``GameTable._advance`` schedules the computers' replies after a person's move on
``table.clock`` (``clock.schedule(table.computer_delay, ...)``); each event makes the computers'
moves until a person is to act (:data:`BATCH` at most, then the next event) and redraws the
table. The click that caused them hands its keyboard focus to the clock with :meth:`~ManualClock.then`:
it is given once, after the last reply's event has run (and so been drawn), to the widget the
table's ``focus_after`` finds then. Snap schedules each computer's turn and each reaction on its
own clock the same way, and Pairs each step of its paced turns (a turn's cards shown face up, a
computer's card turned) on the table's clock.
"""
from __future__ import annotations

import asyncio
import collections
import heapq
import itertools
import warnings
from typing import Callable

__all__ = ["ManualClock", "LoopClock", "BATCH"]

#: the most computer moves one scheduled event makes before it hands the loop back
BATCH = 200


class ManualClock:
    """A clock that only moves when told: :meth:`advance` (seconds) fires the events that fall due,
    in time order. ``now`` is the time in seconds since the clock was made."""

    def __init__(self) -> None:
        self.now = 0.0
        self._events: list[tuple[float, int, Callable[[], None]]] = []
        self._seq = itertools.count()
        self._then: list[Callable[[], None]] = []

    def schedule(self, delay: float, fn: Callable[[], None]) -> None:
        heapq.heappush(self._events, (self.now + max(0.0, float(delay)), next(self._seq), fn))

    def cancel_all(self) -> None:
        """Drop every event not fired yet, and what :meth:`then` was to run after them."""
        self._events = []
        self._then = []

    def then(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` once, when every event pending now has run, with the events they schedule
        in turn (the last of a chain of computer replies, each scheduling the next); at once when
        none is pending. :meth:`cancel_all` drops it with the events."""
        self._then.append(fn)
        self._idle()

    def _idle(self) -> None:
        """Run what :meth:`then` keeps, once no event is pending (called after each event)."""
        while self._then and not self.pending:
            self._then.pop(0)()

    @property
    def pending(self) -> int:
        """Events not fired yet."""
        return len(self._events)

    def advance(self, seconds: float) -> None:
        """Move the clock on by ``seconds``, firing every event due by then."""
        target = self.now + float(seconds)
        while self._events and self._events[0][0] <= target:
            due, _, fn = heapq.heappop(self._events)
            self.now = due
            fn()
            self._idle()
        self.now = target


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The asyncio loop running in this thread (an IPython kernel's, Pyodide's), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    try:  # Pyodide's WebLoop runs without a coroutine on the stack while a cell executes
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            loop = asyncio.get_event_loop_policy().get_event_loop()
    except Exception:
        return None
    return loop if loop.is_running() else None


class LoopClock(ManualClock):
    """Real time on the kernel's event loop: ``schedule(delay, fn)`` runs ``fn`` after ``delay``
    seconds through ``loop.call_later`` on the running asyncio loop (JupyterLab's and Voila's
    ipykernel, Pyodide's WebLoop), in the kernel's own thread. With no running loop (plain Python,
    tests) the event is stepped synchronously: with ``step_now=True`` at once (an event an event
    schedules runs after it, not inside it: a long run of computer moves does not recurse), else
    kept, as by :class:`ManualClock`, until :meth:`advance`. :meth:`cancel_all` cancels every kind."""

    def __init__(self, step_now: bool = False) -> None:
        super().__init__()
        self.step_now = step_now
        self._handles: dict[int, asyncio.TimerHandle] = {}
        self._ids = itertools.count()
        self._now: collections.deque[Callable[[], None]] = collections.deque()
        self._stepping = False

    def schedule(self, delay: float, fn: Callable[[], None]) -> None:
        loop = _running_loop()
        if loop is None and self.step_now:
            self._now.append(fn)
            if self._stepping:
                return
            self._stepping = True
            try:
                while self._now:
                    self._now.popleft()()
            finally:
                self._stepping = False
                self._now.clear()
            self._idle()
            return
        if loop is None:
            super().schedule(delay, fn)
            return
        key = next(self._ids)

        def run() -> None:
            self._handles.pop(key, None)
            try:
                fn()
            finally:
                self._idle()

        self._handles[key] = loop.call_later(max(0.0, float(delay)), run)

    def cancel_all(self) -> None:
        """Cancel every event (on the loop, stepped, or waiting for :meth:`advance`) and drop
        what :meth:`then` was to run after them."""
        for handle in self._handles.values():
            handle.cancel()
        self._handles = {}
        self._now.clear()
        super().cancel_all()

    @property
    def pending(self) -> int:
        """Events not fired yet (on the loop, stepped, and waiting for :meth:`advance`)."""
        return len(self._handles) + len(self._now) + len(self._events)
