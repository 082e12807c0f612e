"""Self-check exercises for the lessons: the student writes an answer, :func:`check` says right or
wrong and why, and never shows the answer before the student has tried.

In a lesson notebook, one cell for the student and one check cell::

    answer = None          # your answer: a fraction like 3/36 (as text "3/36" or Fraction(3, 36)),
                           # a decimal like 0.083, or a percentage as text "8.3%"

    from catcards.exercises import check
    check(answer, chance_seen_by_turn(5), mistakes={Fraction(5, 34): "..."}, why="...")

With ``answer = None`` (the notebook as handed out, and as the tests run it) the check cell only
says "fill in your answer"; it never raises, so the notebook still runs top to bottom.

How answers are compared (``exact`` is a :class:`fractions.Fraction`, an int or a float):

- an exact answer (a ``Fraction``, an ``int`` or text like ``"3/36"``) must equal ``exact``
  exactly (unless a ``tolerance`` is given);
- a decimal answer (a ``float``, or text like ``"0.083"`` or ``"8.3%"``) must lie within
  ``tolerance`` of ``exact``: by default 0.0005 for a probability (three decimal places) and 0.05%
  of ``exact`` for other numbers. An answer that is close but outside the tolerance is told so
  ("give more decimal places").

A wrong answer gets the most specific reason found: one of the lesson's ``mistakes`` (common wrong
answers with their explanation), a probability outside 0..1, a percentage written as a number
(8.3 for 8.3%), the chance of the opposite event (1 - p), then "too high" or "too low". The
``why`` explanation (the reasoning of the right answer) is printed only after a right answer.

Named exercises
---------------
The lessons' exercises are kept in this package by name, one module per game
(``catcards/exercises/simons_cat.py`` holds the ``"simons-cat/..."`` exercises as a tuple
``EXERCISES``; the modules are found by name on first use, so a new lesson edits no shared list),
so that a check cell shows neither the answer nor the way to it (a student who reads those modules
is looking in the back of the book). This module is the checking machinery and the reveals::

    exercise("cat-days/grumpy-cat-by-draw-6").check(answer)

:func:`exercises` lists the names; each :class:`Exercise` has its ``question`` text.
"""
from __future__ import annotations

import io
import math
import numbers
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping

__all__ = ["check", "parse_answer", "Result", "Exercise", "exercise", "exercises", "reveal_after",
           "reveal_state", "DEFAULT_TOLERANCE"]

#: how far a decimal answer to a probability may be from the exact value (three decimal places)
DEFAULT_TOLERANCE = 0.0005
#: for other numbers (an expected count, a mean length): this fraction of the exact value
DEFAULT_RELATIVE = 0.0005

FILL_IN = ("Fill in your answer above (a fraction like 2/7, a decimal like 0.286, or a percentage "
           'as text like "28.6%"), then run this cell again.')

_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
_FRACTION = re.compile(rf"^\s*({_NUMBER})\s*/\s*({_NUMBER})\s*$")
_DECIMAL = re.compile(rf"^\s*({_NUMBER})\s*$")
_PERCENT = re.compile(rf"^\s*({_NUMBER})\s*%\s*$")


@dataclass(frozen=True)
class Result:
    """What :func:`check` decided: ``right`` is True, False, or None (no answer, or an answer
    that could not be read); ``message`` is what was printed. ``bool(result)`` is True only for a
    right answer. In a notebook the result shows nothing more (the message was printed already)."""

    right: bool | None
    message: str

    def __bool__(self) -> bool:
        return self.right is True

    def _ipython_display_(self) -> None:  # the message has been printed by check()
        pass


def parse_answer(answer: Any) -> tuple[Fraction | float, bool]:
    """Read a student's answer as ``(value, exact)``.

    Accepts a :class:`~fractions.Fraction` or ``int`` (exact), a ``float`` or other real number
    (decimal), or text: ``"3/36"`` (exact when both parts are whole numbers), ``"0.083"``,
    ``"8.3%"`` (decimal; a percentage is divided by 100), ``"1"`` (exact).

    Raises:
        ValueError: the answer is not a number in one of those forms (the message says which forms
            are accepted); a zero denominator; a bool (True is not a probability); text longer
            than :data:`MAX_ANSWER_CHARS` characters; a number too large for a float (10**400).
    """
    if isinstance(answer, bool):
        raise ValueError(f"{answer!r} is not a number; write a fraction like 2/7 or a decimal like 0.286")
    if isinstance(answer, str) and len(answer.strip()) > MAX_ANSWER_CHARS:
        raise ValueError(f"an answer is at most {MAX_ANSWER_CHARS} characters long; this one has "
                         f"{len(answer.strip()):,}")
    value, exact = _parse_answer(answer)
    try:
        float(value)  # every check compares floats: 10**400 cannot be one
    except OverflowError:
        raise ValueError("that number is too large to be an answer") from None
    return value, exact


#: the longest answer text read (a pasted decimal of 300 digits is already more than enough)
MAX_ANSWER_CHARS = 300


def _parse_answer(answer: Any) -> tuple[Fraction | float, bool]:
    if isinstance(answer, (Fraction, numbers.Integral)):
        return Fraction(answer), True
    if isinstance(answer, numbers.Real):
        value = float(answer)
        if not math.isfinite(value):
            raise ValueError(f"{answer!r} is not a finite number")
        return value, False
    if isinstance(answer, str):
        text = answer.strip()
        if m := _FRACTION.match(text):
            top, bottom = m.groups()
            if float(bottom) == 0:
                raise ValueError(f"{answer!r} divides by zero")
            if "." not in top and "." not in bottom:
                return Fraction(int(top), int(bottom)), True
            return float(top) / float(bottom), False
        if m := _PERCENT.match(text):
            return float(m.group(1)) / 100, False
        if m := _DECIMAL.match(text):
            number = m.group(1)
            return (Fraction(int(number)), True) if "." not in number else (float(number), False)
    raise ValueError(
        f"could not read {answer!r} as a number; write a fraction like 2/7 (or \"2/7\"), "
        f'a decimal like 0.286, or a percentage as text like "28.6%"'
    )


def _close(a: float, b: float, tolerance: float) -> bool:
    return abs(a - b) <= tolerance + 1e-12


def check(
    answer: Any,
    exact: Fraction | int | float,
    tolerance: float | None = None,
    *,
    probability: bool = True,
    mistakes: Mapping[Any, str] | None = None,
    why: str = "",
    show: bool = True,
) -> Result:
    """Say whether ``answer`` is ``exact``, and why not; print the verdict and return it.

    Args:
        answer: the student's answer (see :func:`parse_answer`); ``None`` or ``...`` means not
            answered yet: the check says "fill in your answer" and shows nothing of the answer.
        exact: the right value (a Fraction from the lesson's exact calculation, an int, a float).
        tolerance: allowed distance for decimal answers (and for exact answers too when given);
            default 0.0005 for a probability, else 0.05% of ``exact``. Must be >= 0.
        probability: the answer is a probability (then answers outside 0..1 and percentages written
            as numbers get their own explanation).
        mistakes: common wrong answers of this exercise and why they are wrong, e.g.
            ``{Fraction(1, 36): "that is one given order of the two dice; count both orders"}``;
            an answer equal to a key (within the tolerance for decimals) gets that explanation.
        why: the reasoning of the right answer, printed only after a right answer.
        show: print the message (False: only return it).

    Returns:
        a :class:`Result` (``right`` True/False, or None when there is no readable answer yet).

    Raises:
        TypeError/ValueError: only for the lesson author's mistakes (a bad ``exact`` or
        ``tolerance``), never for the student's answer.
    """
    if isinstance(exact, bool) or not isinstance(exact, numbers.Real):
        raise TypeError(f"exact must be a Fraction, int or float, not {exact!r}")
    if tolerance is not None and not (isinstance(tolerance, numbers.Real) and tolerance >= 0):
        raise ValueError(f"tolerance must be a number >= 0 or None, not {tolerance!r}")

    def done(right: bool | None, message: str) -> Result:
        if show:
            print(message)
        return Result(right, message)

    if answer is None or answer is Ellipsis:
        return done(None, FILL_IN)
    try:
        value, is_exact = parse_answer(answer)
    except ValueError as exc:
        return done(None, f"Not checked: {exc}.")

    target = float(exact)
    if tolerance is None:
        tol = DEFAULT_TOLERANCE if probability else max(abs(target) * DEFAULT_RELATIVE, 1e-9)
        right = value == Fraction(exact) if is_exact and isinstance(exact, (Fraction, numbers.Integral)) \
            else _close(float(value), target, tol)
    else:
        tol = float(tolerance)
        right = _close(float(value), target, tol)
    if right:
        message = "Right!"
        if not is_exact and isinstance(exact, (Fraction, numbers.Integral)) and Fraction(exact).denominator != 1:
            message += " (as a decimal; the exact answer is a fraction)"
        return done(True, message + (f" {why}" if why else ""))
    return done(False, "Not yet: " + _why_wrong(float(value), is_exact, exact, tol, probability, mistakes))


def _why_wrong(value: float, is_exact: bool, exact, tol: float, probability: bool,
               mistakes: Mapping[Any, str] | None) -> str:
    target = float(exact)
    for wrong, reason in (mistakes or {}).items():
        try:
            wrong_value, _ = parse_answer(wrong)
        except ValueError:
            continue
        if _close(value, float(wrong_value), max(tol, 1e-12)):
            return reason
    if probability:
        if value < 0 or value > 1:
            if 0 <= value / 100 <= 1 and _close(value / 100, target, tol):
                return ("that looks like a percentage written as a number; a probability is between 0 and 1 "
                        '(write 50% as 0.5 or as the text "50%").')
            return "a probability is always between 0 and 1."
        if _close(value, 1 - target, tol) and not _close(target, 0.5, tol):
            return ("that is the chance of the opposite event. Read the question again: which outcomes "
                    "does it count?")
    close = abs(value - target) <= 10 * tol
    if close and not is_exact:
        return "close, but not close enough: give more decimal places, or the exact fraction."
    if is_exact and close:
        return "close, but not exact: check the counting (a fraction must be exactly right)."
    return "too high. " + _hint(probability) if value > target else "too low. " + _hint(probability)


def _hint(probability: bool) -> str:
    if probability:
        return "Count the outcomes you want and all outcomes again, and check whether order matters."
    return "Check your calculation step by step."


@dataclass(frozen=True)
class Exercise:
    """One exercise of a lesson: the question, how to compute the exact answer, the common wrong
    answers with their explanation, and the reasoning shown after a right answer.

    Attributes:
        key: its name, ``"<game>/<short name>"``.
        question: the question as the lesson asks it.
        exact: a function returning the exact answer (a Fraction), computed when checked.
        mistakes: ``{wrong answer: why it is wrong}`` (see :func:`check`).
        why: the reasoning, shown after a right answer.
        probability: whether the answer is a probability.
        source: where the answer comes from (rulebook section, formula).
    """

    key: str
    question: str
    exact: Callable[[], Fraction]
    mistakes: Mapping[Any, str]
    why: str
    probability: bool = True
    source: str = ""
    unit: str = ""

    def check(self, answer: Any, tolerance: float | None = None, show: bool = True) -> Result:
        """:func:`check` ``answer`` against this exercise (prints the verdict, returns a :class:`Result`).

        A right answer marks the exercise solved for the rest of the kernel's life and shows every
        result waiting for it (see :func:`reveal_after`)."""
        result = check(answer, self.exact(), tolerance, probability=self.probability,
                       mistakes=self.mistakes, why=self.why, show=show)
        if result.right:
            _SOLVED.add(self.key)
            _reveal_ready()
        return result

    @property
    def solved(self) -> bool:
        """Whether a check of this exercise has said "Right!" in this kernel."""
        return self.key in _SOLVED

    def answer_texts(self) -> tuple[str, ...]:
        """The texts that give this exercise's answer away if an output shows them: the exact
        fraction (``"1/36"``), the decimal to 3 and 4 places (``"0.028"``, ``"0.0278"``), the
        percentage to 1 place (``"2.8%"``), for a whole number with a :attr:`unit` ``"25 turns"``,
        and the :attr:`why` explanation. The lesson tests check that no output of a lesson run
        top to bottom with no answer contains one of them."""
        value = Fraction(self.exact())
        texts = [self.why]
        if value.denominator == 1:
            if self.unit:
                texts += [f"{value.numerator} {self.unit}", f"{float(value):.1f} {self.unit}"]
        else:
            texts.append(str(value))
        if self.probability:
            texts += [f"{float(value):.3f}", f"{float(value):.4f}", f"{100 * float(value):.1f}%"]
        elif value.denominator != 1:
            texts += [f"{float(value):.2f}"]
        return tuple(dict.fromkeys(texts))

    def __repr__(self) -> str:
        return f"exercise({self.key!r})"


#: the exercises by key, read on first use from this package's modules (one per game, each with
#: a tuple ``EXERCISES``), so a new lesson adds a module and edits no shared list
_EXERCISES: dict[str, Exercise] = {}


def _registry() -> dict[str, Exercise]:
    if not _EXERCISES:
        import importlib
        import pkgutil

        found: dict[str, Exercise] = {}
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
            for e in importlib.import_module(f"{__name__}.{info.name}").EXERCISES:
                if e.key in found:
                    raise RuntimeError(f"two exercises are called {e.key!r}")
                found[e.key] = e
        _EXERCISES.update(found)
    return _EXERCISES


def exercises() -> list[str]:
    """The names of the lessons' exercises, sorted."""
    return sorted(_registry())


def exercise(key: str) -> Exercise:
    """The lesson exercise named ``key`` (see :func:`exercises`).

    Raises:
        KeyError: no exercise has that name (the message lists the names there are).
    """
    try:
        return _registry()[key]
    except KeyError:
        raise KeyError(f"no exercise called {key!r}; the exercises are: {', '.join(exercises())}") from None


# ---- results kept back until the exercise is answered ------------------------------------------
#: keys of the exercises a check has called right in this kernel (a kernel restart forgets them)
_SOLVED: set[str] = set()
#: the waiting reveals, one per group of exercises (re-running a reveal cell replaces its entry)
_REVEALS: dict[tuple[str, ...], "_Reveal"] = {}


class _Reveal:
    """One result kept back: a note, a "Show me" button and an ``Output`` that ``draw`` fills."""

    def __init__(self, keys: tuple[str, ...], draw: Callable[[], Any], label: str) -> None:
        import ipywidgets as W

        self.keys, self.draw, self.shown = keys, draw, False
        what = "the answer" if len(keys) == 1 else "the answers"
        self.note = W.HTML(f"<i>The result below shows {what} to the exercise{'s' * (len(keys) > 1)} "
                           f"above. It appears by itself once the check cell says Right!, or "
                           f"click the button to see it now.</i>")
        self.button = W.Button(description=label, icon="eye", tooltip=f"show {what} now",
                               layout=W.Layout(width="auto"))
        self.button.on_click(lambda _b: self.show())
        self.output = W.Output()
        self.output.add_class("catcards-reveal")
        self.box = W.VBox([self.note, self.button, self.output])

    @property
    def ready(self) -> bool:
        return all(k in _SOLVED for k in self.keys)

    def show(self) -> None:
        """Draw the result into the output (once), and close the note and the button."""
        if self.shown:
            return
        self.shown = True
        self.box.children = [self.output]
        self.note.close()
        self.button.close()
        import matplotlib.pyplot as plt
        from IPython.display import Image, display

        before = set(plt.get_fignums())
        with self.output:
            value = self.draw()
            if value is not None:
                display(value)
            # figures the draw left open (a non-inline backend, or no plt.show()): shown here as
            # PNG and closed, so that the inline backend never adds them to the running cell's output
            for number in plt.get_fignums():
                if number not in before:
                    figure = plt.figure(number)
                    png = io.BytesIO()
                    figure.savefig(png, format="png", bbox_inches="tight")
                    plt.close(figure)
                    display(Image(data=png.getvalue(), format="png"))

    def close(self) -> None:
        for widget in (self.note, self.button, self.output, self.box):
            widget.close()


def _reveal_ready() -> None:
    for reveal in list(_REVEALS.values()):
        if reveal.ready:
            reveal.show()


def reveal_after(exercises: "str | Exercise | Iterable[str | Exercise]", draw: Callable[[], Any], *,
                 label: str = "Show me the answer"):
    """Keep back a result that gives an exercise's answer away until the student has answered.

    ``draw()`` (which may plot with matplotlib, print, or return something to display) runs into
    an ``ipywidgets.Output`` only when every exercise named has been answered right by its check
    cell (at once if that has happened already, e.g. under Run All with the answers filled in; or
    later, as the check cell runs) or when the student clicks the "Show me" button. It runs at
    most once. Everything happens on the kernel's event loop (no threads). Calling it again for
    the same exercises (the cell re-run) closes the widgets of the earlier call.

    In a lesson::

        reveal_after("cat-days/grumpy-cat-by-draw-6", draw_grumpy)   # last line of the cell

    Args:
        exercises: an exercise or its key, or several (all must be answered before the result
            shows by itself).
        draw: a function of no arguments that draws the result.
        label: the button's text.

    Returns:
        the ``ipywidgets.VBox`` holding the note, the button and the output (display it).

    Raises:
        KeyError: an unknown exercise key (as :func:`exercise`).
    """
    items = [exercises] if isinstance(exercises, (str, Exercise)) else list(exercises)
    keys = tuple(exercise(e).key if isinstance(e, str) else e.key for e in items)
    if not keys:
        raise ValueError("reveal_after needs at least one exercise")
    old = _REVEALS.pop(keys, None)
    if old is not None:
        old.close()
    reveal = _REVEALS[keys] = _Reveal(keys, draw, label)
    if reveal.ready:
        reveal.show()
    return reveal.box


def reveal_state() -> dict[str, dict[str, bool]]:
    """For every exercise: ``{"solved": ..., "shown": ...}`` in this kernel, where ``shown`` says
    whether a result kept back for it (see :func:`reveal_after`) has been drawn. The lesson tests
    read it after running a notebook top to bottom."""
    shown = {k for r in _REVEALS.values() if r.shown for k in r.keys}
    return {k: {"solved": k in _SOLVED, "shown": k in shown} for k in exercises()}
