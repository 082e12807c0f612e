"""What a table says, and how its clicks are answered (issue 12): every handler runs through
:meth:`MessagesMixin.callback`, so its prints, a refused action (said in words) and any other error
(its traceback) go to the table's ``out`` area and never to the notebook, and each line said is
also put in an ``aria-live`` region for screen readers; :func:`mark_unavailable` marks a move that
cannot be made now while keeping it focusable, so a click on it is answered with why. Part of
:mod:`catcards.widgets.table`."""
from __future__ import annotations

import contextlib
import io
import traceback
from typing import Any, Callable

import ipywidgets as W

from ...core import GameParameterError, IllegalActionError
from ...render.tables import announce_html

__all__ = ["MessagesMixin", "mark_unavailable", "LOOKING_BACK"]

#: said when a click would change the game while the history slider shows an earlier move
LOOKING_BACK = ("You are looking back at an earlier move: the table is shown as it was and cannot "
                "be changed. Set Move to the last move to return, or click \"Play on from "
                "here\" to continue the game from this move.")


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

    # ---- callbacks: errors and prints go to self.out ------------------------------------------
    def say(self, text: str) -> None:
        """Write one line to the Output (``out``) under the table, and show it in ``announce``
        (an ``aria-live`` region, so a screen reader reads it out)."""
        line = text.rstrip("\n")
        self.out.append_stdout(line + "\n")
        self.announce.value = announce_html(line.splitlines()[-1] if line else "")

    def say_quietly(self, text: str) -> None:
        """Show one line in ``announce`` (read out by a screen reader) without writing it to ``out``."""
        self.announce.value = announce_html(text)

    def output_text(self) -> str:
        """Everything written to ``out`` so far, as one string (handy in tests)."""
        return "".join(o.get("text", "") for o in self.out.outputs)

    def _run(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)``; its prints go to ``out`` (set directly, never by entering the Output's
        context), a refused action is said there in words, any other exception's traceback is
        shown there; then the table is redrawn. Does nothing once the table is closed."""
        if self.closed:
            return
        # a click in the hand or the board: its place, to give the keyboard focus back after the
        # redraw (MovesMixin.focus_after)
        clicked = args[0] if args else None
        place = self._focus_place(clicked)
        if self.looking_back and not (args and id(args[0]) in self._past_ok):
            self.say(LOOKING_BACK)  # the past is shown read-only: nothing may change it
            self.refresh()
            self._restore_focus(clicked, place)
            return
        # a new click starts with an empty aria-live line: what it says (a refusal, the end of the
        # game) is shown there, and an earlier refusal does not stay on screen after a move that
        # worked (a repeated refusal is read out again)
        self.say_quietly("")
        buf = io.StringIO()

        def flush() -> None:
            if buf.getvalue():
                self.out.append_stdout(buf.getvalue())
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
            self.out.append_stderr(traceback.format_exc())
        finally:
            flush()
        try:
            self.refresh()
            self._restore_focus(clicked, place)
        except Exception:
            self.out.append_stderr(traceback.format_exc())

    def callback(self, fn: Callable[[Any], Any]) -> Callable[[Any], None]:
        """Wrap a widget callback so its errors and prints appear in ``out`` and it never raises."""

        def wrapped(widget: Any) -> None:
            self._run(fn, widget)

        return wrapped
