"""Predict first: a widget a lesson shows BEFORE any result, so each student commits to a guess.

>>> from fractions import Fraction
>>> from catcards.widgets import Predict
>>> guess = Predict("What share of turns of Snap end in a snap?")   # doctest: +SKIP
>>> guess              # the cell's last value: the student types 0.2, presses the button  # doctest: +SKIP
>>> guess.reveal(exact=Fraction(3, 51), simulated=0.061, games=1000)   # a later cell  # doctest: +SKIP

shows "You said 0.2. The exact answer is 1/17 = 0.059. 1,000 simulated games gave 0.061." with a
small table beside it. The student types (or, with ``kind="choice"``, picks) a prediction and
presses "Lock in my prediction"; the prediction is then fixed (``.value``), the field disabled
and the button reads "Prediction locked in"; a box made with ``cells_wait=True`` (cells below it
wait for the lock-in) then says to run those cells again. The button stays enabled, so a keyboard
user's focus stays on it (a disabled button drops the focus to the page); pressing it again only
repeats the prediction. Everything is keyboard-usable (a labelled text field or radio buttons, then the button),
fits a 390 px wide phone and updates in place on the kernel's event loop (no threads).

Typed predictions are read by :func:`catcards.exercises.read_answer`, as the lessons' check
cells read answers (fractions "1/5", decimals "0.2", percentages "20%"; one pair of quotes typed
around them is ignored; a count may end with its unit word, "3 snaps", as in a check cell); text
that cannot be read is refused with a message saying what to type in the box, and nothing is
locked in. A long prediction wraps inside the box (300 digits fit a 390 px screen).

A reveal waits for the lock-in: until a prediction is locked in it shows only "Lock in your
prediction above to see the answer.", and it fills in by itself (the same widget, in place) when
the student locks in. So "Run All" never shows an answer beside an empty box. An answer given by
``catcards.exercises.kept_back`` that waits for other boxes too (Snap's two predictions) is not put
into the widget (nor its state) until they are locked in as well: meanwhile the reveal names the
boxes still open by their questions ("Your prediction is locked in. Now lock in your prediction for
"On average, how many snaps in one pass?" too. Then the answer shows here."). :func:`locked` says
whether a box with a key is locked in; ``kept_back`` asks it before it gives an answer.

A box with a ``key`` that was locked in is remembered for the rest of the kernel's life: a box
made again with the same key and question (its cell run again, or "Run All" after the lock-in)
starts locked in with that prediction, so its reveal shows the answer at once. A box without a
key, or after a kernel restart, starts empty.
"""
from __future__ import annotations

import html
import math
import numbers
import re
import weakref
from fractions import Fraction
from typing import Any, Callable, Optional, Sequence

import ipywidgets as W

__all__ = ["Predict", "KINDS", "LOCK_LABEL", "LOCKED_LABEL", "RUN_AGAIN", "WAITING", "WAITING_OTHER",
           "WAITING_OTHERS", "WAITING_ELSEWHERE", "locked"]

#: the kinds of prediction: a probability (0 to 1), any number, or one of given choices
KINDS = ("probability", "number", "choice")
#: the button's text
LOCK_LABEL = "Lock in my prediction"
#: the button's text once a prediction is locked in (pressing it again says the prediction)
LOCKED_LABEL = "Prediction locked in"
#: what the lock-in's confirmation adds for a box that cells below wait for (``cells_wait=True``):
#: they said "Lock in your prediction above first, then run this cell again." (lessons62)
RUN_AGAIN = "Now run again the cells below that wait for this prediction."
#: what a reveal shows until a prediction is locked in
WAITING = "Lock in your prediction above to see the answer."
#: what a reveal shows when its own prediction is locked in, but its answer (given by
#: ``kept_back``) waits for one other box too (Snap's two: each answer gives the other away),
#: ``{questions}`` the open box's question in quotes
WAITING_OTHER = "Your prediction is locked in. Now lock in your prediction for {questions} too. Then the answer shows here."
#: the same for two or more other boxes still open (their questions joined by "and")
WAITING_OTHERS = ("Your prediction is locked in. Now lock in your predictions for {questions} too. "
                  "Then the answer shows here.")
#: the same when a box it waits for is not in this kernel (its cell not run yet) or is an exercise
WAITING_ELSEWHERE = "Your prediction is locked in. This answer shows once your other predictions in this lesson are locked in too."
_MAX_QUESTION = 1000
_MAX_CHOICES = 12
#: a unit word: letters only ("snaps", "turns"), at most 30
_UNIT = re.compile(r"[A-Za-z]{1,30}")
#: the predictions locked in in this kernel, by box: (key, question, kind, choices, unit) ->
#: (value, text). Only boxes with a key are kept; a box made again with the same five starts locked in
_LOCKED: dict[tuple[Any, ...], tuple[Any, str]] = {}
#: the boxes whose reveal waits, filled in when a box is locked in (a weak set: a closed or
#: forgotten box is not kept alive)
_WAITING_REVEALS: "weakref.WeakSet[Predict]" = weakref.WeakSet()
#: the last box made with each key, so a reveal that waits for it can name it by its question (weak:
#: a forgotten box is not kept alive)
_BOXES: "weakref.WeakValueDictionary[str, Predict]" = weakref.WeakValueDictionary()


def locked(key: str) -> bool:
    """Whether a box with this ``key`` has a prediction locked in in this kernel (:data:`_LOCKED`:
    the one record of it, which also starts a box made again locked in). ``kept_back`` asks it
    before it gives a kept-back answer."""
    return any(identity[0] == key for identity in _LOCKED)


def _decimal(x: float) -> str:
    """A number for students: 3 decimals ("0.059"), 2 significant figures below 0.01
    ("0.0012"), thousands grouped for large numbers ("1,234.5")."""
    if x != 0 and abs(x) < 0.01:
        return f"{x:.2g}" if abs(x) >= 1e-4 else f"{x:.2e}"
    if float(x).is_integer():
        return f"{int(x):,}"
    text = f"{x:,.3f}".rstrip("0").rstrip(".")
    return text


def _same_decimals(x: float) -> str:
    """A number shown beside others of its kind (an estimate and its interval's ends): 3
    decimals, zeros kept ("12.410", "0.500"), thousands grouped; 2 significant figures below 0.01
    as :func:`_decimal`."""
    if x != 0 and abs(x) < 0.01:
        return _decimal(x)
    return f"{x:,.3f}"


def _exact_text(exact: Any) -> str:
    """"1/17 = 0.059" for a fraction, the number itself for a whole number or a float."""
    if isinstance(exact, Fraction) and exact.denominator != 1:
        return f"{exact} = {_decimal(float(exact))}"
    if isinstance(exact, numbers.Integral) or (isinstance(exact, Fraction) and exact.denominator == 1):
        return f"{int(exact):,}"
    return _decimal(float(exact))


#: quotes a student may type around a prediction (a lesson's code shows "25%" in quotes): one
#: matching pair around the whole text is not part of it
_QUOTES = {'"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019", "\u201e": "\u201c", "\u00ab": "\u00bb"}


def _unquoted(text: str) -> str:
    """``text`` without one pair of matching quotes around it (straight, curly or guillemets, as
    phones type them): '"25%"' -> '25%'."""
    if len(text) >= 2 and _QUOTES.get(text[0]) == text[-1]:
        return text[1:-1].strip()
    return text


def _unreadable(text: str, kind: str, error: ValueError) -> str:
    """What the status line says for a prediction :func:`parse_answer` refused: the forms to type
    in this box (no quotes, no Python: the parser's own message speaks of text in code)."""
    reason = str(error)
    if "even chance" in reason:   # "50/50": read_answer says what to type instead
        return reason.replace("write it", "type it") + "."
    if "not a percentage" in reason:   # "50%" for a number: read_answer refuses it (a count is no share)
        return "This asks for a number, not a percentage: type it without the % sign (like 100 or 7.5)."
    if not reason.startswith("could not read"):   # divides by zero, too long, too large: as said
        return f"That cannot be read as a number: {reason}."
    shown = text if len(text) <= 40 else text[:37] + "..."
    if "without a comma" in reason:
        hint = "type it without a comma: a decimal with a point (0.25), a thousand as 1000"
    elif kind == "probability":
        hint = "type a fraction like 1/4, a decimal like 0.25 or a percentage like 25%"
    else:
        hint = "type a number like 100 or 7.5, or a fraction like 15/2"
    return f"{shown!r} cannot be read as a number: {hint}."


class Predict(W.VBox):
    """A prediction box: the question, a field (or radio buttons), "Lock in my prediction" and a
    status line.

    Args:
        question: the question, plain text (shown escaped), 1 to 1000 characters.
        kind: ``"probability"`` (a number from 0 to 1; "1/5", "0.2" and "20%" are read),
            ``"number"`` (any finite number; "50%" is refused: a count is not a share) or
            ``"choice"`` (one of ``choices``).
        choices: for ``kind="choice"``, 2 to 12 different non-empty texts.
        key: an optional short name of the question (for a worksheet or a class pool), kept as
            ``.key``. A prediction locked in in a box with a key is kept in this kernel: a new box
            with the same key, question, kind, choices and unit starts locked in with it.
        unit: for ``kind="number"``, the count's unit word (letters only, at most 30): a
            prediction may end with it, singular or plural, any case ("3 snaps", "1 snap"), as
            the lessons' check cells read answers (:func:`catcards.exercises.read_answer`);
            "3 turns" for snaps, "3 snaps 4" and "50% snaps" stay refused, and so does a count
            below 0 ("-3 snaps"). "" (the default): a bare number only. Kept as ``.unit``.
        cells_wait: True when cells below the box wait for its lock-in (``if box.value is
            None:``): the lock-in's confirmation then says to run them again
            (:data:`RUN_AGAIN`). False (the default): it does not. Kept as ``.cells_wait``.

    Attributes:
        value: the locked-in prediction: a float (probability, number), the chosen text
            (choice), or None before the button is pressed with a readable prediction.
        text: the prediction as the student typed or picked it ("1/5"), or None (none locked
            in; or a box the class kit's teacher's edition marked locked in, with a value but no
            prediction: its reveal gives the answers without "You said" or a verdict).
        result: the ``ipywidgets.HTML`` that :meth:`reveal` fills (None before).

    Raises:
        ValueError: a bad ``question``, ``kind``, ``choices``, ``key``, ``unit`` or ``cells_wait``
            (the lesson author's mistake; a student's typing never raises).
    """

    def __init__(self, question: str, *, kind: str = "probability", choices: Optional[Sequence[str]] = None,
                 key: Optional[str] = None, unit: str = "", cells_wait: bool = False) -> None:
        if not isinstance(question, str) or not question.strip() or len(question) > _MAX_QUESTION:
            raise ValueError(f"question must be text of 1 to {_MAX_QUESTION} characters, got {question!r:.60}")
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
        if kind == "choice":
            if (choices is None or isinstance(choices, str) or not 2 <= len(choices) <= _MAX_CHOICES
                    or not all(isinstance(c, str) and c.strip() for c in choices)
                    or len(set(choices)) != len(choices)):
                raise ValueError(f"kind='choice' needs 2 to {_MAX_CHOICES} different non-empty texts as choices, "
                                 f"got {choices!r}")
            choices = tuple(choices)
        elif choices is not None:
            raise ValueError(f"choices are only for kind='choice', not kind={kind!r}")
        if key is not None and (not isinstance(key, str) or not 1 <= len(key) <= 100):
            raise ValueError(f"key must be text of 1 to 100 characters or None, got {key!r}")
        if unit != "" and (kind != "number" or not isinstance(unit, str) or not _UNIT.fullmatch(unit)):
            raise ValueError(f"unit is for kind='number' only, one word of 1 to 30 letters (like 'snaps'), "
                             f"got {unit!r:.60} for kind={kind!r}")
        if not isinstance(cells_wait, bool):
            raise ValueError(f"cells_wait must be True or False, got {cells_wait!r:.60}")
        self.question, self.kind, self.choices, self.key, self.unit = question, kind, choices, key, unit
        self.cells_wait = cells_wait
        self.value: Any = None
        self.text: Optional[str] = None
        self.result: Optional[W.HTML] = None
        self._callbacks: list[Callable[["Predict"], Any]] = []
        self._answers: Optional[dict[str, Any]] = None   # the last reveal's arguments, kept until the lock-in
        self._kept: tuple[str, ...] = ()   # the kept_back keys the last reveal's answers wait for
        if key is not None:
            _BOXES[key] = self

        self.label = W.HTML(f"<b>Predict first.</b> {html.escape(question)}")
        if kind == "choice":
            self.field = W.RadioButtons(options=list(choices), value=None, description="My prediction",
                                        style={"description_width": "initial"},
                                        layout=W.Layout(width="auto", max_width="100%"))
        else:
            # in words: an example number was an answer (King of the Jungle asks for 1/4, teach58)
            hint = "a fraction, a decimal or a percent" if kind == "probability" else "a number"
            # sent when complete (Tab, Enter or a click elsewhere), not on every key: the browser
            # holds a widget's next update until the kernel has answered the one before, so "1/5"
            # typed fast went as "1" with "1/5" held back, and a Tab and Enter on the button
            # overtook it and locked in "1" (seen in Chromium on a busy machine, as in MoveBox)
            self.field = W.Text(value="", placeholder=hint, description="My prediction",
                                continuous_update=False, style={"description_width": "initial"},
                                layout=W.Layout(width="20em", max_width="100%"))
        self.button = W.Button(description=LOCK_LABEL, icon="lock", button_style="primary",
                               tooltip="lock in your prediction before you see any result",
                               layout=W.Layout(width="auto", max_width="100%"))
        self.button.on_click(lambda _button: self.lock())
        self.status = W.HTML("")
        row = W.HBox([self.field, self.button], layout=W.Layout(flex_flow="row wrap", align_items="center",
                                                                 max_width="100%"))
        super().__init__([self.label, row, self.status], layout=W.Layout(max_width="100%"))
        self.add_class("catcards-predict")
        if self._identity() in _LOCKED:   # its cell run again after the lock-in: the prediction stays
            value, text = _LOCKED[self._identity()]
            self.field.value = text
            self._fix(value, text, f"Locked in: {text}. You locked it in before this cell ran again.")

    def _identity(self) -> Optional[tuple[Any, ...]]:
        """What makes two boxes the same question: (key, question, kind, choices, unit), or None
        for a box without a key (never remembered)."""
        if self.key is None:
            return None
        return (self.key, self.question, self.kind, self.choices, self.unit)

    # ------------------------------------------------------------------ locking in
    def on_lock(self, callback: Callable[["Predict"], Any]) -> None:
        """Call ``callback(self)`` when a prediction is locked in (on the kernel's event loop)."""
        self._callbacks.append(callback)

    def _say(self, text: str, alert: bool = False) -> None:
        """Show ``text`` in the status line (read out: role "status", or "alert" for a refusal).
        The same words again (a second press) are cleared first, so that the page sees a change
        and reads them again (break54: the third press of "Prediction locked in" said nothing)."""
        role = ' role="alert"' if alert else ' role="status"'
        # a long prediction (300 digits) wraps inside a 390 px screen instead of widening the page
        line = f"<span{role} style=\"overflow-wrap:anywhere\">{html.escape(text)}</span>"
        if self.status.value == line:
            self.status.value = ""
        self.status.value = line

    def lock(self) -> bool:
        """Read the field and lock the prediction in (what the button does). Returns True when a
        prediction is now locked in; otherwise the status line says what is allowed, and nothing
        changes. A prediction already locked in stays as it was."""
        if self.value is not None:
            self._say(f"Your prediction is locked in: {self.text}.")
            return True
        if self.kind == "choice":
            if self.field.value is None:
                self._say("Pick one of the answers first, then press the button.", alert=True)
                return False
            value, text = self.field.value, self.field.value
        else:
            from ..exercises import _SENTENCE_END, read_answer

            text = _unquoted((self.field.value or "").strip())
            if not text:
                self._say("Type your prediction first (a guess is fine), then press the button.", alert=True)
                return False
            try:
                reading = read_answer(text, probability=self.kind == "probability", unit=self.unit)
            except ValueError as error:
                self._say(_unreadable(text, self.kind, error), alert=True)
                return False
            value = float(reading.value)
            if self.kind == "probability" and not 0 <= value <= 1:
                self._say("A probability is between 0 and 1: for 25% type 0.25, 1/4 or 25% (with the % sign).",
                          alert=True)
                return False
            if self.unit and value < 0:  # a count of snaps or rounds (break54: "-3 snaps" was taken)
                self._say(f"A count of {self.unit} cannot be below 0: type a number such as 3 or 2.5.", alert=True)
                return False
            if text[-1:] in _SENTENCE_END:  # read as the sentence's end: said once ("Locked in: 4/7.", not "4/7。.")
                text = text[:-1].rstrip()
        said = f"Locked in: {text}. Keep it in mind: the lesson shows the answer later."
        self._fix(value, text, f"{said} {RUN_AGAIN}" if self.cells_wait else said)
        if self.key is not None:
            _LOCKED[self._identity()] = (value, text)
        _WAITING_REVEALS.add(self)
        for box in list(_WAITING_REVEALS):   # this box's reveal, and others that waited for it too
            box._show()
        for callback in self._callbacks:
            callback(self)
        return True

    def _fix(self, value: Any, text: str, said: str) -> None:
        """Hold ``value`` (typed as ``text``) as the prediction: the field is disabled, the button
        reads :data:`LOCKED_LABEL` and the status line says ``said``. The button is not disabled:
        it has the keyboard focus after a press, and a disabled button drops it to the page."""
        self.value, self.text = value, text
        self.field.disabled = True
        self.button.description, self.button.icon, self.button.button_style = LOCKED_LABEL, "check", ""
        self.button.tooltip = "your prediction is locked in: press to hear it again"
        self._say(said)

    # ------------------------------------------------------------------ the reveal
    def reveal(self, exact: Any = None, simulated: Optional[float] = None, interval: Optional[Sequence[float]] = None,
               note: str = "", *, games: Optional[int] = None, trial: str = "game") -> W.HTML:
        """Show the prediction beside the answers, in plain words and a small table; call it from
        a cell after the result (the lesson decides when). Returns the ``ipywidgets.HTML`` (the
        same widget each time, updated in place; display it as the cell's last value).

        "You said 0.2. The exact answer is 1/17 = 0.059. 1,000 simulated games gave 0.061."
        Before a prediction is locked in it shows only :data:`WAITING` ("Lock in your prediction
        above to see the answer."); the answers appear in the same widget when the student locks
        in (so running every cell at once shows no answer before its question).

        An ``exact`` or ``note`` that ``kept_back`` withheld (``**kept_back(key)`` run before what
        it waits for) is read from the kept-back texts here, and shown only once every box it waits
        for is locked in; until then, with this prediction locked in, the reveal names the boxes
        still open by their questions (:data:`WAITING_OTHER`, :data:`WAITING_OTHERS`), or says
        :data:`WAITING_ELSEWHERE` when one of them is not in this kernel. The widget's
        state never holds an answer before it is shown.

        Args:
            exact: the exact answer (a Fraction is shown as "1/17 = 0.059"; for a choice, the
                right choice's text), or None.
            simulated: the simulated answer (a number), or None.
            interval: a 95 % interval ``(low, high)`` of the simulated answer, or None.
            note: one more plain-text sentence (shown escaped), or a tuple of texts joined by
                spaces (a lesson's own sentence and a kept-back one: ``(counts,
                kept_back(key)["note"])``).
            games: how many simulated games (or trials) ``simulated`` comes from.
            trial: what one of those trials is, a singular noun ("game", "deal", "hand"):
                "2,000 simulated hands gave 0.69." (a deal is not a game).
        Raises:
            ValueError: a choice ``exact`` not among the choices, a non-finite number, an
                interval that is not two numbers low <= high, a bad ``games``, or a ``trial`` that
                is not 1 to 30 letters and spaces.
        """
        from ..exercises import Withheld, _kept_value

        answers = dict(exact=exact, simulated=simulated, interval=interval, note=note, games=games, trial=trial)
        # a kept-back answer given before it may show (kept_back's Withheld): read here, shown only
        # once every box it waits for is locked in (:meth:`_show`)
        self._kept = tuple(dict.fromkeys(v.key for v in (exact, note, *(note if isinstance(note, tuple) else ()))
                                         if isinstance(v, Withheld)))

        def real(v: Any) -> Any:   # a withheld text (field None) or one field of a withheld dict
            if not isinstance(v, Withheld):
                return v
            return _kept_value(v.key) if v.field is None else _kept_value(v.key)[v.field]

        answers["exact"] = real(exact)
        answers["note"] = " ".join(str(real(part)) for part in note if part) if isinstance(note, tuple) else real(note)
        self._body(**answers)          # checks the arguments now, even while waiting
        self._answers = answers
        if self.result is None:
            self.result = W.HTML("", layout=W.Layout(max_width="100%"))
            self.result.add_class("catcards-predict-reveal")
        _WAITING_REVEALS.add(self)
        self._show()
        return self.result

    def _show(self) -> None:
        """Put the reveal's answers into its widget if they may show now (this prediction locked
        in, and every box their kept-back part waits for), else the waiting sentence: no answer
        is in the widget's state (which a script or the browser's widget model reads) before."""
        from ..exercises import _kept_open, _kept_waits, _wait_open

        if self.result is None or self._answers is None:
            return
        if self.value is None:
            said = WAITING
        elif not all(_kept_open(key) for key in self._kept):
            # the boxes still open, named by their questions (Snap's two: "... for "On average,
            # how many snaps in one pass?" too."); "predictions" for more than one
            open_ = dict.fromkeys(wait for key in self._kept for wait in _kept_waits(key)
                                  if wait != self.key and not _wait_open(wait))
            boxes = [_BOXES.get(wait) for wait in open_]
            if not boxes or None in boxes:
                said = WAITING_ELSEWHERE
            else:
                questions = " and ".join(f'"{box.question.strip()}"' for box in boxes)
                said = (WAITING_OTHER if len(boxes) == 1 else WAITING_OTHERS).format(questions=questions)
        else:
            _WAITING_REVEALS.discard(self)
            self.result.value = self._body(**self._answers)
            return
        self.result.value = f'<p style="font-size:1.1em" role="status">{html.escape(said)}</p>'

    def _body(self, exact: Any, simulated: Optional[float], interval: Optional[Sequence[float]], note: str,
              games: Optional[int], trial: str = "game") -> str:
        """The reveal's HTML for the prediction locked in now (raises ValueError as :meth:`reveal`)."""
        if not isinstance(trial, str) or not re.fullmatch(r"[A-Za-z][A-Za-z ]{0,29}", trial):
            raise ValueError(f"trial must be 1 to 30 letters and spaces (like 'deal'), got {trial!r:.40}")
        rows: list[tuple[str, str]] = []
        words: list[str] = []
        # a box the class kit's teacher's edition marks locked in has a value but no prediction
        # typed (text None): no "You said" and no verdict ("Not what you predicted", break48)
        said = self.value is not None and self.text is not None
        if said:
            words.append(f"You said {self.text}.")
            rows.append(("Your prediction", self.text))
        if exact is not None:
            if self.kind == "choice":
                if exact not in self.choices:
                    raise ValueError(f"exact must be one of the choices {self.choices!r}, got {exact!r}")
                words.append(f"The answer is: {exact}.")
                if said:
                    words.append("You got it." if self.value == exact else "Not what you predicted: why not?")
                rows.append(("The answer", str(exact)))
            else:
                if isinstance(exact, bool) or not isinstance(exact, numbers.Real) or not math.isfinite(float(exact)):
                    raise ValueError(f"exact must be a finite number (a Fraction, int or float), got {exact!r}")
                words.append(f"The exact answer is {_exact_text(exact)}.")
                rows.append(("Exact answer", _exact_text(exact)))
        if simulated is not None:
            if isinstance(simulated, bool) or not isinstance(simulated, numbers.Real) or not math.isfinite(simulated):
                raise ValueError(f"simulated must be a finite number, got {simulated!r}")
            if games is not None and (isinstance(games, bool) or not isinstance(games, int) or games < 1):
                raise ValueError(f"games must be a whole number >= 1, got {games!r}")
        if interval is not None:
            try:
                low, high = (float(v) for v in interval)
            except (TypeError, ValueError):
                raise ValueError(f"interval must be two numbers (low, high), got {interval!r}") from None
            if not (math.isfinite(low) and math.isfinite(high) and low <= high):
                raise ValueError(f"interval must be two finite numbers with low <= high, got {interval!r}")
        # an estimate beside its interval: all three with the same decimals ("12.410", "[12.346,
        # 12.474]"; a teacher read "gave 12.41" beside "12.346 to 12.474")
        shown = _same_decimals if interval is not None else _decimal
        if simulated is not None:
            source = f"{games:,} simulated {trial}{'s' * (games != 1)}" if games is not None else "The simulation"
            words.append(f"{source} gave {shown(float(simulated))}.")
            rows.append((f"Simulated ({games:,} {trial}{'s' * (games != 1)})" if games is not None else "Simulated",
                         shown(float(simulated))))
        if interval is not None:
            rows.append(("95% interval", f"[{shown(low)}, {shown(high)}]"))
        if note:
            words.append(str(note))
        table = "".join(f'<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0">{html.escape(a)}</th>'
                        f'<td style="padding:2px 0">{html.escape(b)}</td></tr>' for a, b in rows)
        return (f'<p style="font-size:1.1em;overflow-wrap:anywhere">{html.escape(" ".join(words))}</p>'
                + (f'<table style="border-collapse:collapse;font-size:1.05em;max-width:100%;'
                   f'overflow-wrap:anywhere">{table}</table>' if rows else ""))

    def close(self) -> None:
        """Close this box and every widget in it (the reveal too)."""
        parts = [getattr(self, name, None) for name in ("label", "field", "button", "status", "result")]
        for widget in (*parts, *self.children):  # getattr: a box refused in __init__ has none of them
            if widget is not None:
                widget.close()
        super().close()
