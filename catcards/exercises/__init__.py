"""Self-check exercises for the lessons: the student writes an answer, :func:`check` says right or
wrong and why, and never shows the answer before the student has tried.

In a lesson notebook, one cell for the student and one check cell::

    answer = None          # your answer: a fraction like 3/36 (as text "3/36" or Fraction(3, 36)),
                           # a decimal like 0.083, or a percentage as text "8.3%"

    from catcards.exercises import check
    check(answer, chance_seen_by_turn(5), mistakes={Fraction(5, 34): "..."}, why="...")

With ``answer = None`` (the notebook as handed out, and as the tests run it) the check cell only
says "fill in your answer" and how many decimal places a decimal needs; it never raises, so the
notebook still runs top to bottom.

How answers are compared (``exact`` is a :class:`fractions.Fraction`, an int or a float), as a
teacher marks them:

- an exact answer (a ``Fraction``, an ``int`` or text like ``"3/36"``) must equal ``exact``;
- a decimal (a ``float``, or text like ``"0.17"``) is right when it is ``exact`` correctly rounded
  to the number of decimal places it gives (0.17 for 0.1713 is right at two places; 0.171 at
  three; 0.172 is not), and gives at least :func:`needed_decimals` places: for a probability at
  least 2, and at least 2 significant digits (0.028 for 1/36, not 0.03); for other numbers at
  least 1. A percentage as text (``"2.78%"``) is read as its decimal with two more places
  (``0.0278``), and praised as a percentage;
- with an explicit ``tolerance``, any answer within it of ``exact`` is right (the old rule).

A wrong answer gets the most specific reason found: right but too few decimal places (or, when
one of the ``mistakes`` rounds to it as well, that it could be either), one of
the lesson's ``mistakes`` (common wrong answers with what each reveals), a probability outside
0..1, a percentage written as a number (8.3 for 8.3%), the chance of the opposite event
(1 - p: asked which outcomes the question is about, not told to take it from 1), digits cut
off instead of rounded (with too few places, "0.1" for 0.1713, told first to give more places),
close, then "too high" or "too low". The ``why`` explanation (the
reasoning of the right answer) is printed only after a right answer.

Named exercises
---------------
The lessons' exercises are kept in this package by name, one module per game
(``catcards/exercises/simons_cat.py`` holds the ``"simons-cat/..."`` exercises as a tuple
``EXERCISES``; the modules are found by name on first use, so a new lesson edits no shared list),
so that a check cell shows neither the answer nor the way to it (a student who reads those modules
is looking in the back of the book). This module is the checking machinery and the reveals::

    exercise("cat-days/grumpy-cat-by-draw-6").check(answer)

:func:`exercises` lists the names; each :class:`Exercise` has its ``question`` text and its
``how_to_answer`` sentence (the form and decimal places expected).
"""
from __future__ import annotations

import html
import io
import math
import numbers
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, Optional

from ..core.text import short_repr, value_kind

__all__ = ["check", "parse_answer", "read_answer", "Reading", "needed_decimals", "decimals_text", "Result",
           "Exercise", "exercise", "exercises", "reveal_after", "reveal_state", "mark_all_solved", "kept_back",
           "Withheld", "DEFAULT_TOLERANCE", "FILL_IN", "FILL_IN_NUMBER", "fill_in"]

#: the old fixed distance for a decimal probability (three decimal places); still used to call an
#: exact fraction "close" and for a check given ``tolerance=DEFAULT_TOLERANCE``
DEFAULT_TOLERANCE = 0.0005
#: for other numbers (an expected count, a mean length): this fraction of the exact value
DEFAULT_RELATIVE = 0.0005
#: a decimal with more places than this (a float the student computed, 1/12 = 0.08333333333333333)
#: is compared with a relative tolerance of 1e-9 instead of its last place
_MAX_PLACES = 12

FILL_IN = ("Fill in your answer above (a fraction like 2/7, a decimal like 0.286, or a percentage "
           'as text like "28.6%"), then run this cell again.')
#: the same for an answer that is not a probability (an expected count, a mean length): no percentage
FILL_IN_NUMBER = ('Fill in your answer above (a number like 100 or 7.5, or a fraction as text like "15/2"), '
                  "then run this cell again.")

#: the forms an unreadable answer is told to use: a probability's, and another number's
_FORMS = 'write a fraction like 2/7 (or "2/7"), a decimal like 0.286, or a percentage as text like "28.6%"'
_FORMS_NUMBER = 'write a number like 100 or 7.5, or a fraction like 15/2 (or "15/2")'

_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
_FRACTION = re.compile(rf"^\s*({_NUMBER})\s*/\s*({_NUMBER})\s*$")
_DECIMAL = re.compile(rf"^\s*({_NUMBER})\s*$")
_PERCENT = re.compile(rf"^\s*({_NUMBER})\s*%\s*$")
#: a number written with commas ("0,375", as in much of Europe, or "1,000,000"): refused with its
#: own message
_DECIMAL_COMMA = re.compile(r"^\s*[+-]?\d*(?:,\d+)+(?:\.\d+)?\s*%?\s*$")
#: what phones and maths keyboards type for the characters an answer is written with, read as
#: those: the full-width forms of a Chinese or Japanese keyboard ("１／５", "５０％", "０．２"),
#: the ideographic space, the minus sign (U+2212), the fraction and division slashes and the
#: division sign ("3÷8"), and the Arabic decimal separator and percent sign that go with the
#: Arabic-Indic digits read already ("٠٫٥", "٥٠٪"). Not a general NFKC: that would read "1/6²" as 1/62.
_TYPED_AS = {**{code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)},
             0x3000: " ", 0x2212: "-", 0x2044: "/", 0x2215: "/", 0x00F7: "/", 0x066B: ".", 0x066A: "%"}


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


@dataclass(frozen=True)
class Reading:
    """A student's answer as read by :func:`read_answer`.

    Attributes:
        value: as :func:`parse_answer` returns it (a Fraction for an exact answer, else a float).
        exact: True for a fraction or a whole number.
        form: ``"fraction"``, ``"whole"``, ``"decimal"`` or ``"percentage"``.
        places: the decimal places of the answer as a decimal (a percentage's places + 2:
            "2.78%" -> 4), or None for an exact answer or a computed one ("1.5/3").
        rational: the answer as an exact rational number (the decimal digits read exactly).
    """

    value: Fraction | float
    exact: bool
    form: str
    places: Optional[int]
    rational: Fraction


def parse_answer(answer: Any) -> tuple[Fraction | float, bool]:
    """Read a student's answer as ``(value, exact)``.

    Accepts a :class:`~fractions.Fraction` or ``int`` (exact; numpy's integers too), a ``float``
    or other real number (decimal; numpy's floats too), a :class:`decimal.Decimal` (read as the
    text it prints: ``Decimal("0.250")`` as ``"0.250"``, three places), or text: ``"3/36"``
    (exact when both parts are whole numbers), ``"0.083"``, ``"8.3%"`` (decimal; a percentage is
    divided by 100), ``"1"`` (exact). Text is read as typed on a phone or a Chinese or Japanese
    keyboard too: full-width forms (``"１／５"``, ``"５０％"``), the minus sign U+2212, the
    fraction and division slashes and ``"÷"`` (``"3÷8"``). A sign and spaces before one number
    are its sign (``"- 4/7"`` is -4/7, as ``"-4/7"`` is; ``"- (4/7)"`` is a calculation). One
    number in brackets is that number (``"(4/7)"``); a full stop or question mark right after the answer, as common keyboards type
    it, ends the sentence (``"4/7."``, ``"4/7。"``, ``"4/7?"``), and an ideographic full stop
    between two digits is a decimal point (``"0。5"`` is 0.5); a ``"!"`` is a factorial, refused.

    Raises:
        ValueError: the answer is not a number in one of those forms (the message says which forms
            are accepted; "0,375" or "1,000" is told to write it without a comma); a zero denominator;
            a bool (True is not a probability); "50/50" or "fifty-fifty" for a probability
            (an even chance, not 50/50 = 1: told to write 1/2, 0.5 or 50%); NaN or an infinity (a float or a Decimal); a Decimal
            with more than :data:`MAX_ANSWER_CHARS` decimal places; superscripts and vulgar fractions
            ("1/6²", "½", never misread as 1/62 or 12); text longer than :data:`MAX_ANSWER_CHARS`
            characters; a number too large for a float (10**400).
    """
    reading = read_answer(answer)
    return reading.value, reading.exact


def read_answer(answer: Any, *, probability: bool = True, unit: str = "") -> Reading:
    """Read a student's answer as a :class:`Reading` (its value, form and decimal places), in the
    forms :func:`parse_answer` accepts: the one reader of answers, for the lessons' check cells
    (:func:`check`) and their Predict boxes (:class:`catcards.widgets.Predict`).

    Args:
        answer: the answer as given (text, a Fraction, an int, a float, a ``decimal.Decimal``
            or a numpy number).
        probability: False for an expected count or a mean length: a percentage ("3% snaps",
            "2500%") is refused (a count is not a share; the message says a number of ``unit`` is
            asked for, without the % sign), and an unreadable answer is told the forms of a number
            (100, 7.5, 15/2), not a percentage.
        unit: the answer's unit word (``"snaps"``, ``"turns"``): a text answer may end with it,
            singular or plural, any case (``"4 snaps"``, ``"1 snap"``, ``"25 Turns"``); the rest
            is read as without it ("3 snaps 4" and "4 turns" for snaps are not). "" (the
            default): a bare number only.

    Raises:
        ValueError: as :func:`parse_answer` does; for ``probability=False``, a percentage too.
    """
    if isinstance(answer, bool):
        raise ValueError(f"{answer!r} is not a number; write a fraction like 2/7 or a decimal like 0.286")
    if isinstance(answer, str) and len(answer.strip()) > MAX_ANSWER_CHARS:
        raise ValueError(f"an answer is at most {MAX_ANSWER_CHARS} characters long; this one has "
                         f"{len(answer.strip()):,}")
    if probability and isinstance(answer, str) and _EVEN_CHANCE.fullmatch(answer.strip()):
        # everyday words for an even chance, which a fraction reading takes as 50/50 = 1
        raise ValueError(f"{answer.strip()!r} says an even chance: write it as 1/2, 0.5 or 50%")
    reading = _read(_without_unit(answer, unit), probability)
    if reading.form == "percentage" and not probability:
        # "3% snaps" was read as 0.03 snaps (the check cell and the Predict box each refused it
        # afterwards; any other caller got 0.03): a count is not a share
        what = f"a number of {unit.strip()}" if unit.strip() else "a number"
        raise ValueError(f"this question asks for {what}, not a percentage; write it without the % sign "
                         "(like 100 or 7.5, or a fraction like 15/2)")
    try:
        float(reading.value)  # every check compares floats: 10**400 cannot be one
    except OverflowError:
        raise ValueError("that number is too large to be an answer") from None
    return reading


#: text made of numbers and the signs of a calculation only ("(2/5)/(2/5+3/10)", "4*3/52"): told to
#: work it out (it is refused like any text that is not one number)
_CALCULATION = re.compile(r"[\d\s.+\-*/()×x^%]*[+\-*/()×x^][\d\s.+\-*/()×x^%]*")

#: what separates the numbers of a calculation: a number between them that is no number ("1/12..",
#: "1/12 .") is a mistyped answer, not a calculation
_OPERATORS = re.compile(r"[\s+\-*/()×x^%]+")

#: a sign and spaces at the start, before a digit or a decimal point ("- 4/7", "+ 0.5")
_SPACED_SIGN = re.compile(r"^([+-])\s+(?=[\d.])")

#: the marks that end a sentence, as common keyboards type them: the full stop and question mark,
#: their full-width and small forms, the ideographic full stop of a Chinese or Japanese keyboard
#: ("4/7。", and its half-width form), the Arabic question mark and full stop, the Devanagari
#: danda, the Armenian and Ethiopic full stops. One of them right after an answer ends the
#: sentence, not the number. Not "!": after a number it is a factorial ("3!" is 6).
_SENTENCE_END = frozenset(".?\uff0e\uff1f\ufe52\ufe56\u3002\uff61\u061f\u06d4\u0964\u0589\u1362")

#: the ideographic full stop (and its half-width form) between two digits: a decimal point ("0。5")
_IDEOGRAPHIC_POINT = re.compile(r"(?<=\d)[\u3002\uff61](?=\d)")

#: a factorial ("3!", "5!/(2!3!)", "1/3!", or "！" as a Chinese or Japanese keyboard types it):
#: refused with its own message, never read as the number before the "!"
_FACTORIAL = re.compile(r"[\d)]\s*[!\uff01]")

#: "50/50" and "fifty-fifty": an even chance in everyday words (refused for a probability)
_EVEN_CHANCE = re.compile(r"50\s*/\s*50|fifty[- ]?fifty", re.IGNORECASE)

#: the longest answer text read (a pasted decimal of 300 digits is already more than enough)
MAX_ANSWER_CHARS = 300


def _places(digits: str) -> int:
    """Decimal places of a decimal numeral ("0.170" -> 3, "12" -> 0, "1e-05" -> 5)."""
    exponent = Decimal(digits).as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _read(answer: Any, probability: bool = True) -> Reading:
    if isinstance(answer, Decimal):
        # ``answer = Decimal("0.25")`` is read as the text "0.25" it prints, with its places (a
        # Decimal is not a numbers.Real: it was refused); written out without an exponent
        # ("1E+2" as "100"), bounded first so that 1E+999999999 is never written out
        if not answer.is_finite():
            raise ValueError(f"{answer!r} is not a finite number")
        if answer.adjusted() > 308:   # above any float, as 10**400 is
            raise ValueError("that number is too large to be an answer")
        if answer.as_tuple().exponent < -MAX_ANSWER_CHARS:
            raise ValueError(f"{answer!r} has more than {MAX_ANSWER_CHARS} decimal places")
        return _read(format(answer, "f"), probability)
    if isinstance(answer, (Fraction, numbers.Integral)):
        value = Fraction(answer)
        return Reading(value, True, "whole" if value.denominator == 1 else "fraction", None, value)
    if isinstance(answer, numbers.Real):
        value = float(answer)
        if not math.isfinite(value):
            raise ValueError(f"{answer!r} is not a finite number")
        shortest = repr(value)  # the shortest text that reads back as this float: 0.17, not 0.1700000000000000122
        return Reading(value, False, "decimal", _places(shortest), Fraction(Decimal(shortest)))
    if isinstance(answer, str):
        text = answer.translate(_TYPED_AS).strip()
        # "0。5": an ideographic full stop between two digits is the decimal point some phone
        # keyboards type (it was "could not read"); after the number it ends the sentence ("4/7。")
        text = _IDEOGRAPHIC_POINT.sub(".", text)
        if len(text) > 1 and text[-1] in _SENTENCE_END and (text[-2].isdigit() or text[-2] in "%)"):
            # a full stop ends the sentence, not the number: "4/7." is the fraction 4/7 (it was
            # read as 4 / 7.0, a decimal), "50%." the percentage; "4/7。" and "4/7?" likewise
            text = text[:-1]
        text = _unbracketed(text)  # "(4/7)" is the fraction 4/7 (it was told to work it out)
        # a sign and spaces before one number: "- 4/7" is -4/7, as "-4/7" is (it was told it looks
        # like a calculation, so a negative chance was not told it is impossible); "- (4/7)" and
        # "1 - 4/7" are still calculations
        text = _SPACED_SIGN.sub(r"\1", text)
        if m := _FRACTION.match(text):
            top, bottom = m.groups()
            if float(bottom) == 0:
                raise ValueError(f"{answer!r} divides by zero")
            if "." not in top and "." not in bottom:
                value = Fraction(int(top), int(bottom))
                return Reading(value, True, "whole" if value.denominator == 1 else "fraction", None, value)
            rational = Fraction(Decimal(top)) / Fraction(Decimal(bottom))
            return Reading(float(top) / float(bottom), False, "decimal", None, rational)
        if m := _PERCENT.match(text):
            number = m.group(1)
            return Reading(float(number) / 100, False, "percentage", _places(number) + 2,
                           Fraction(Decimal(number)) / 100)
        if m := _DECIMAL.match(text):
            number = m.group(1)
            if "." not in number:
                return Reading(Fraction(int(number)), True, "whole", None, Fraction(int(number)))
            return Reading(float(number), False, "decimal", _places(number), Fraction(Decimal(number)))
        if _DECIMAL_COMMA.match(text):
            raise ValueError(f"could not read {answer!r} as a number; write it without a comma: a decimal "
                             f"with a point, like 0.286, and a thousand as 1000 (or a fraction like 2/7)")
    # cut short: a student who wrote answer = snaps (a list of 10,000 simulated counts) was shown
    # all of them (59,000 characters) in the check cell's output
    shown = repr(answer) if isinstance(answer, str) else short_repr(answer)
    many = (f" ({value_kind(answer)} of {len(answer):,} values, not one number)"
            if isinstance(answer, (list, tuple, set, dict)) and len(answer) > 1 else "")
    # a count's refusal offered "a percentage as text like "28.6%"", which the next check refused
    forms = _FORMS if probability else _FORMS_NUMBER
    if isinstance(answer, str) and _FACTORIAL.search(text):
        # "1/3!" read as 1/3 would call a wrong answer right when the answer is 1/3
        raise ValueError(f"could not read {shown} as one number: a ! after a number is a factorial "
                         f"(3! = 3 × 2 × 1 = 6). Work it out first, or leave the ! off, then {forms}")
    if (isinstance(answer, str) and _CALCULATION.fullmatch(text) and len(re.findall(r"\d+", text)) >= 2
            and all(re.fullmatch(r"\d+(?:\.\d*)?|\.\d+", part)  # "(1/6)/(2)." ends a sentence too
                    for part in _OPERATORS.split(text) if part)):
        # "(2/5)/(2/5+3/10)": the way to the answer, not the answer
        raise ValueError(f"could not read {shown} as one number: it looks like a calculation. Work it "
                         f"out first (on paper or in a code cell), then {forms}")
    raise ValueError(f"could not read {shown}{many} as a number; {forms}")


def _unbracketed(text: str) -> str:
    """``text`` without the brackets around the whole of it, any number of pairs: "(4/7)" and
    "( (4/7) )" -> "4/7"; "(1/6)/(2)" (its first bracket closes before the end) unchanged."""
    while len(text) >= 2 and text[0] == "(" and text[-1] == ")":
        depth = 0
        for i, char in enumerate(text):
            depth += (char == "(") - (char == ")")
            if depth == 0 and i < len(text) - 1:
                return text   # the first bracket closes before the last: "(1/6)/(2)"
        if depth != 0:
            return text       # unbalanced: "((4/7)"
        text = text[1:-1].strip()
    return text


def needed_decimals(exact: Fraction | int | float, probability: bool = True) -> int:
    """How many decimal places a decimal answer to ``exact`` must give: for a probability at least
    2 and at least 2 significant digits (0.1713 -> 2, 1/36 = 0.0278 -> 3, 0.0045 -> 4); for another
    number at least 1 (7.5 -> 1, 25 -> 1; a whole number or fraction is always accepted exactly)."""
    x = abs(Fraction(exact))
    if x == 0:
        return 2 if probability else 1
    first = len(str(x.numerator // x.denominator)) - 1 if x >= 1 else -_leading_zeros(x) - 1
    significant_two = max(0, 1 - first)  # places that show 2 significant digits
    return max(2 if probability else 1, significant_two)


def _leading_zeros(x: Fraction) -> int:
    """For 0 < x < 1, the number of zeros right after the decimal point (0.0278 -> 1)."""
    zeros = 0
    while x * 10 < 1:
        x *= 10
        zeros += 1
    return zeros


def fill_in(probability: bool = True, places: int = 3) -> str:
    """What a check cell says before an answer is filled in: :data:`FILL_IN` (a probability) or
    :data:`FILL_IN_NUMBER`. A probability's examples give at least ``places`` decimal places (the
    places its answer needs, :func:`decimals_text`): for 4, the decimal "0.2857" and the
    percentage "28.57%", not the 0.286 and 28.6% that the sentence after them refuses (a teacher's
    read, teach56: Snap's exercise 2). Up to 3 places, :data:`FILL_IN` as it is."""
    if not probability:
        return FILL_IN_NUMBER
    if places <= 3:   # FILL_IN's 0.286 has 3 places
        return FILL_IN
    seven = Fraction(2, 7)
    return FILL_IN.replace("0.286", f"{float(seven):.{places}f}").replace(
        "28.6%", f"{float(seven * 100):.{places - 2}f}%")


def decimals_text(exact: Fraction | int | float, probability: bool = True, min_places: int | None = None) -> str:
    """The sentence saying what form of answer is expected, e.g. "Give the exact fraction, or a
    decimal rounded to at least 3 decimal places (a percentage to at least 1)." (no answer in it).
    ``min_places``: at least this many decimal places (see :func:`check`)."""
    need = max(needed_decimals(exact, probability), min_places or 0)
    places = f"{need} decimal place{'s' * (need != 1)}"
    if not probability:
        return f"Give the exact value (a whole number or a fraction), or a decimal rounded to at least {places}."
    percent = need - 2
    as_percent = (f"a percentage to at least {percent} decimal place{'s' * (percent != 1)}" if percent
                  else "a percentage to a whole number or better")
    return f"Give the exact fraction, or a decimal rounded to at least {places} ({as_percent})."


def _rounds_to(reading: Reading, target: Fraction) -> bool:
    """Whether the decimal ``reading`` is ``target`` correctly rounded to its own places (a tie
    either way); a computed or very long decimal: within 1e-9 (relative)."""
    if reading.places is None or reading.places > _MAX_PLACES:
        return abs(reading.rational - target) <= Fraction(1, 10 ** 9) * max(1, abs(target))
    return abs(reading.rational - target) <= Fraction(1, 2 * 10 ** reading.places)


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
    unit: str = "",
    min_places: int | None = None,
) -> Result:
    """Say whether ``answer`` is ``exact``, and why not; print the verdict and return it.

    Args:
        answer: the student's answer (see :func:`parse_answer`); ``None`` or ``...`` means not
            answered yet: the check says "fill in your answer" (with examples of a probability's
            forms, :data:`FILL_IN`, or of a number's, :data:`FILL_IN_NUMBER`) and how many decimal
            places a decimal needs (:func:`decimals_text`), and shows nothing of the answer.
        exact: the right value (a Fraction from the lesson's exact calculation, an int, a float).
        tolerance: None (the default): a decimal must be ``exact`` correctly rounded to its own
            places, with at least :func:`needed_decimals` places. A number >= 0: any answer
            (exact ones too) within ``tolerance`` of ``exact`` is right.
        probability: the answer is a probability (then answers outside 0..1 and percentages written
            as numbers get their own explanation, and a decimal needs 2 significant digits); False:
            a percentage ("2500%" for 25 turns) is not checked, and the message says to drop the %.
        mistakes: common wrong answers of this exercise and what each reveals, e.g.
            ``{Fraction(1, 36): "that is one given order of the two dice; count both orders"}``;
            an answer equal to a key (a decimal: that key correctly rounded) gets that explanation.
        why: the reasoning of the right answer, printed only after a right answer.
        show: print the message (False: only return it).
        unit: the answer's unit word (``"snaps"``, ``"turns"``): a text answer may end with it,
            singular or plural, any case (``"4 snaps"``, ``"1 snap"``, ``"25 Turns"``), read by
            :func:`read_answer` as the lessons' Predict boxes read it; "" (the default): a bare
            number only.
        min_places: a decimal must give at least this many places (more than
            :func:`needed_decimals` asks), for an exercise whose answer and a named wrong answer
            round alike (1/26 = 0.0385 and 2/53 = 0.0377 are both 0.038 at three places); None:
            :func:`needed_decimals` alone.

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
        places = max(needed_decimals(exact, probability), min_places or 0)
        return done(None, f"{fill_in(probability, places)} {decimals_text(exact, probability, min_places)}")
    try:
        reading = read_answer(answer, probability=probability, unit=unit)
    except ValueError as exc:
        return done(None, f"Not checked: {exc}.")

    target = Fraction(exact)
    need = max(needed_decimals(target, probability), min_places or 0)
    if tolerance is not None:
        right = _close(float(reading.value), float(target), float(tolerance))
    elif reading.exact:
        right = reading.rational == target
    else:
        right = _rounds_to(reading, target) and (reading.places is None or reading.places >= need)
    if right:
        message = "Right!"
        fractional = isinstance(exact, (Fraction, numbers.Integral)) and target.denominator != 1
        if reading.form == "percentage":
            message += " (as a percentage; the exact answer is a fraction)" if fractional else " (as a percentage)"
        elif not reading.exact and fractional:
            message += " (as a decimal; the exact answer is a fraction)"
        return done(True, message + (f" {why}" if why else ""))
    return done(False, "Not yet: " + _why_wrong(reading, target, need, tolerance, probability, mistakes))


def _without_unit(answer: Any, unit: str) -> Any:
    """``answer`` with a trailing ``unit`` word (or its singular), a full stop after it, and the
    spaces before it removed: ``"4 snaps"`` and ``"4 snaps."`` -> ``"4"`` for unit ``"snaps"``;
    anything else unchanged."""
    if not unit or not isinstance(answer, str) or len(answer) > MAX_ANSWER_CHARS:
        return answer
    words = {unit.strip().lower()}
    if unit.strip().lower().endswith("s"):
        words.add(unit.strip().lower()[:-1])
    text = answer.strip()
    text = text[:-1] if text[-1:] in _SENTENCE_END else text  # "4 snaps.": a full stop ends the sentence
    for word in sorted(words, key=len, reverse=True):
        if word and text.lower().endswith(word):
            number = text[: len(text) - len(word)]
            if number.rstrip() != number or number[-1:].isdigit() or number[-1:] == "%":
                return number.rstrip()
    return answer


def _why_wrong(reading: Reading, target: Fraction, need: int, tolerance: float | None, probability: bool,
               mistakes: Mapping[Any, str] | None) -> str:
    value = float(reading.value)

    def near(other: Fraction) -> bool:
        """The answer stands for ``other``: equal (exact), or ``other`` correctly rounded with
        enough places (decimal), or exactly ``other`` however few its places ("0.5" is 1/2),
        or within the explicit tolerance."""
        if reading.rational == other:
            return True
        if tolerance is not None:
            return _close(value, float(other), max(float(tolerance), 1e-12))
        if reading.exact:
            return reading.rational == other
        return _rounds_to(reading, other) and (reading.places is None
                                               or reading.places >= needed_decimals(other, probability))

    if tolerance is None and not reading.exact and reading.places is not None and _rounds_to(reading, target):
        if reading.form == "percentage":  # count the places as written: "3%" has none
            given, wanted, what = reading.places - 2, need - 2, "a percentage"
        else:
            given, wanted, what = reading.places, need, "a decimal"
        shown = (f"{given} decimal place{'s' * (given != 1)}" if given else "a whole number")
        need_more = (f"this question needs {what} with at least {wanted} decimal place{'s' * (wanted != 1)}: "
                     "give more decimal places, or the exact fraction.")
        if any(_rounds_to(reading, wrong) for wrong in _mistake_values(mistakes)):
            # "0.25" for 25/102 is also 1/4 (the mistake the exercise warns of) rounded: not "right"
            return f"rounded to {shown}, that could be the right answer or a common wrong one; {need_more}"
        return f"right to {shown}, but {need_more}"
    for wrong, reason in (mistakes or {}).items():
        try:
            wrong_value = read_answer(wrong).rational
        except ValueError:
            continue
        if near(wrong_value):
            return reason
    if probability:
        if value < 0 or value > 1:
            places = 0 if reading.form == "whole" else reading.places  # 17 read as 17%: two places
            as_percent = Reading(value / 100, False, "decimal", None if places is None else places + 2,
                                 reading.rational / 100)
            if 0 <= value / 100 <= 1 and (_close(value / 100, float(target), float(tolerance))
                                          if tolerance is not None else _rounds_to(as_percent, target)):
                return ("that looks like a percentage written as a number; a probability is between 0 and 1 "
                        '(write 50% as 0.5 or as the text "50%").')
            return "a probability is always between 0 and 1."
        if reading.form == "percentage" and reading.places is not None and reading.places > 2 and value < 0.01:
            # "0.57%" for 0.57: a decimal with a % sign after it, a hundred times too small (a
            # whole percentage, "0%" or "1%", is no decimal, and 1% is not below 1 in 100)
            as_decimal = Reading(value * 100, False, "decimal", reading.places - 2, reading.rational * 100)
            if _rounds_to(as_decimal, target):
                return ("that looks like a decimal with a % sign: a percentage counts hundredths, so that "
                        "is less than 1 in 100. Write a decimal without the % sign, or a percentage as "
                        "hundredths (0.5 is 50%).")
        if target != Fraction(1, 2) and near(1 - target) and not near(Fraction(1, 2)):
            # lessons61 (a teacher's read): "that is the chance of the opposite event" gave 1 - x
            # in one step; it names what may be right and asks which outcomes the question counts
            # (teach61: in words that fit a Bayes question too, where nothing was counted)
            return ("your working may be right, but check what it gives the chance of. Read the question "
                    "again: which outcomes does it ask about? Are they the ones you worked out?")
    if tolerance is None and not reading.exact and reading.places is not None and reading.places <= _MAX_PLACES:
        unit = Fraction(1, 10 ** reading.places)
        cut = Fraction(math.floor(abs(target) / unit)) * unit * (1 if target >= 0 else -1)
        if reading.rational == cut:
            if reading.places < need:
                # lessons62b: "0.1" for 0.1713 (two places needed): the first thing to fix is how
                # many places, then the rounding
                wanted, what = (need - 2, "a percentage") if reading.form == "percentage" else (need, "a decimal")
                return (f"too few decimal places: this question needs {what} with at least {wanted} decimal "
                        f"place{'s' * (wanted != 1)}. Give more, rounded to the nearest (look at the next digit), "
                        "or the exact fraction.")
            return ("close: those digits are right, but the last one is cut off, not rounded. Round to "
                    "the nearest: look at the next digit.")
        if reading.places >= need and abs(reading.rational - target) <= 2 * unit:
            if target.denominator == 1:
                # a whole number has no last digits to fix and no fraction to give (3.9 for 4 snaps:
                # a teacher's read, lessons59b)
                return "check each step of your working, and keep exact fractions until the end."
            return "close, but not close enough: check the last digits, or give the exact fraction."
    if tolerance is not None and not reading.exact and abs(value - float(target)) <= 10 * float(tolerance):
        return "close, but not close enough: give more decimal places, or the exact fraction."
    exact_close = (DEFAULT_TOLERANCE * 10 if probability else abs(float(target)) * DEFAULT_RELATIVE * 10)
    if reading.exact and abs(value - float(target)) <= max(exact_close, 1e-12):
        return "close, but not exact: check the counting (a fraction must be exactly right)."
    if (not probability and reading.form == "whole" and target.denominator != 1
            and abs(reading.rational - target) <= Fraction(1, 2)):
        return (f"that is rounded to a whole number; give the exact fraction, or a decimal to at least "
                f"{need} decimal place{'s' * (need != 1)}.")
    return "too high. " + _hint(probability) if value > target else "too low. " + _hint(probability)


def _mistake_values(mistakes: Mapping[Any, str] | None) -> list[Fraction]:
    """The named wrong answers that can be read, as exact rationals."""
    values = []
    for wrong in mistakes or {}:
        try:
            values.append(read_answer(wrong).rational)
        except ValueError:
            continue
    return values


def _hint(probability: bool) -> str:
    if probability:
        return "Count the outcomes you want and all the outcomes again, step by step."
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
        unit: the answer's unit word (see :func:`check`).
        min_places: the decimal places a decimal answer must give at least, when
            :func:`needed_decimals` is not enough to tell the answer from a named mistake
            (see :func:`check`); None: :func:`needed_decimals`.
    """

    key: str
    question: str
    exact: Callable[[], Fraction]
    mistakes: Mapping[Any, str]
    why: str
    probability: bool = True
    source: str = ""
    unit: str = ""
    min_places: int | None = None

    def check(self, answer: Any, tolerance: float | None = None, show: bool = True) -> Result:
        """:func:`check` ``answer`` against this exercise (prints the verdict, returns a :class:`Result`).

        A right answer marks the exercise solved for the rest of the kernel's life and shows every
        result waiting for it (see :func:`reveal_after`)."""
        result = self._judge(answer, tolerance, show)
        if result.right:
            _SOLVED.add(self.key)
            _reveal_ready()
        return result

    def accepts(self, answer: Any) -> bool:
        """Whether this exercise's check cell calls ``answer`` right (:meth:`check` without a word
        shown and without marking the exercise solved: the class kit's answer key lists only the
        forms it accepts)."""
        return self._judge(answer, None, False).right

    def _judge(self, answer: Any, tolerance: float | None, show: bool) -> Result:
        return check(answer, self.exact(), tolerance, probability=self.probability,
                     mistakes=self.mistakes, why=self.why, show=show, unit=self.unit,
                     min_places=self.min_places)

    @property
    def solved(self) -> bool:
        """Whether a check of this exercise has said "Right!" in this kernel."""
        return self.key in _SOLVED

    @property
    def decimals(self) -> int:
        """The decimal places a decimal answer must give (:func:`needed_decimals`)."""
        return max(needed_decimals(self.exact(), self.probability), self.min_places or 0)

    @property
    def how_to_answer(self) -> str:
        """The sentence saying what form of answer is expected and how many decimal places
        (:func:`decimals_text`): "Give the exact fraction, or a decimal rounded to at least 3
        decimal places (a percentage to at least 1 decimal place)." """
        return decimals_text(self.exact(), self.probability, self.min_places)

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


#: the texts kept back by key (each module's optional ``KEPT_BACK`` dict), see :func:`kept_back`
_KEPT_BACK: dict[str, Any] = {}


def _registry() -> dict[str, Exercise]:
    if not _EXERCISES:
        import importlib
        import pkgutil

        found: dict[str, Exercise] = {}
        kept: dict[str, Any] = {}
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
            module = importlib.import_module(f"{__name__}.{info.name}")
            for e in module.EXERCISES:
                if e.key in found:
                    raise RuntimeError(f"two exercises are called {e.key!r}")
                found[e.key] = e
            for key, value in getattr(module, "KEPT_BACK", {}).items():
                if key in kept:
                    raise RuntimeError(f"two kept-back texts are called {key!r}")
                kept[key] = value
            _KEPT_UNTIL.update(getattr(module, "KEPT_UNTIL", {}))
        _KEPT_BACK.update(kept)
        _EXERCISES.update(found)
    return _EXERCISES


#: what a kept-back text waits for, by its key (each module's optional ``KEPT_UNTIL`` dict): the
#: keys of the Predict boxes that must be locked in, or of the exercises that must be answered (or
#: their result shown), before :func:`kept_back` gives it. A key not listed waits for the box of its
#: own name (a reveal's answers are kept under the key of their box).
_KEPT_UNTIL: dict[str, tuple[str, ...]] = {}
#: True once :func:`mark_all_solved` has run (a teacher's edition): every kept-back text is given
_ALL_OPEN = False
#: exercises whose kept-back result is being drawn or was drawn (:class:`_Reveal`): the "Show me
#: the answer" button gives their texts too
_DRAWN: set[str] = set()


def kept_back(key: str) -> Any:
    """The text (or the keyword arguments of a ``Predict.reveal``) a lesson shows only after its
    students have answered, kept here beside the exercises' answers so that the lesson's visible
    code does not give it away (students see code cells in JupyterLab)::

        after_snap_guess.reveal(**kept_back("snap/after-a-snap"))

    Each game's module may hold a dict ``KEPT_BACK`` of them: for a Predict box keyed like the
    box (``Predict(..., key=...)``) a dict ``{"exact": ..., "note": ...}``; for the working shown
    by a :func:`reveal_after` result a Markdown string; for the working a cell prints once a
    prediction is locked in, plain text (``print(kept_back(key))``), which may hold ``str.format``
    fields the cell fills in with its simulated values. A dict is returned as a copy.

    Before what it waits for (the module's ``KEPT_UNTIL``; else the box keyed ``key``) it gives a
    :class:`Withheld` instead: printed or shown, it is one sentence ("This answer comes after you
    lock in your prediction above. ..."), never the answer, and no error. A ``Predict.reveal``
    given it (``**kept_back(key)``) keeps its answers back until then, and fills in by itself
    when the last box it waits for is locked in. Whether a box is locked in is asked of
    :func:`catcards.widgets.predict.locked` (the one place that knows).

    Raises:
        KeyError: no text is kept back under ``key`` (the message lists the keys there are).
    """
    value = _kept_value(key)
    if not _kept_open(key):
        return Withheld(key, fields=tuple(value) if isinstance(value, dict) else None)
    return dict(value) if isinstance(value, dict) else value


def _kept_value(key: str) -> Any:
    """The kept-back value of ``key`` itself, open or not (for ``Predict.reveal``, which shows it
    only once :func:`_kept_open`). Raises KeyError as :func:`kept_back`."""
    _registry()
    try:
        return _KEPT_BACK[key]
    except KeyError:
        raise KeyError(f"nothing is kept back as {key!r}; the keys are: {', '.join(sorted(_KEPT_BACK))}") from None


def _kept_waits(key: str) -> tuple[str, ...]:
    _registry()
    return _KEPT_UNTIL.get(key, (key,))


def _kept_open(key: str) -> bool:
    """Whether ``key``'s kept-back text may be given now: every box it waits for is locked in
    (:func:`catcards.widgets.predict.locked`) and every exercise answered right or its result
    shown; or a teacher's edition (:func:`mark_all_solved`)."""
    return all(_wait_open(wait) for wait in _kept_waits(key))


def _wait_open(wait: str) -> bool:
    """Whether one thing a kept-back text waits for is done: a box (by key) locked in, or an
    exercise answered right or its result shown (a teacher's edition: everything is done)."""
    if _ALL_OPEN:
        return True
    import sys

    predict = sys.modules.get("catcards.widgets.predict")   # not imported: no box was ever locked in
    if wait in _registry():
        return wait in _SOLVED or wait in _DRAWN
    return predict is not None and predict.locked(wait)


class Withheld:
    """What :func:`kept_back` gives before its answer may be shown: printed, shown as a cell's
    value or formatted (``.format(...)``, ``withheld["note"]``), it is one sentence for the
    student saying when the answer comes; it holds no part of the answer.

    Attributes:
        key: the kept-back key.
        field: for one field of a kept-back dict (``withheld["note"]``), its name, else None.
        message: the sentence.
    """

    def __init__(self, key: str, fields: Optional[tuple[str, ...]] = None, field: Optional[str] = None) -> None:
        self.key, self._fields, self.field = key, fields, field
        waits = _kept_waits(key)
        if all(w in _registry() for w in waits):
            # teach59b: a student who answered wrongly "did answer" the exercise
            self.message = ("This comes once the check cell above says Right! (or you press "
                            "\"Show me the answer\"). Then run this cell again.")
        elif len(waits) > 1:
            self.message = ("This answer comes after you lock in all your predictions above. "
                            "Lock them in, then run this cell again.")
        else:
            self.message = ("This answer comes after you lock in your prediction above. "
                            "Lock it in, then run this cell again.")

    def keys(self) -> tuple[str, ...]:
        """The fields of a kept-back dict (so that ``reveal(**kept_back(key))`` works before the lock-in)."""
        return self._fields or ()

    def __getitem__(self, field: str) -> "Withheld":
        return Withheld(self.key, self._fields, field)

    def __iter__(self):   # its fields; without it ``in`` would call __getitem__(0), (1), ... forever
        return iter(self.keys())

    def __contains__(self, item: Any) -> bool:   # no text is in it: it holds none of the answer
        return item in self.keys()

    def __len__(self) -> int:
        return len(self.keys())

    def format(self, *args: Any, **kwargs: Any) -> "Withheld":
        """Itself: a cell that fills in a kept-back text's numbers shows the sentence."""
        return self

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def __format__(self, spec: str) -> str:
        return format(self.message, spec)


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
        # with two exercises it waits for both: "once the check cell says Right!" left a student
        # who had answered the first one waiting for nothing
        checks = ("the check cell says" if len(keys) == 1 else "both check cells say" if len(keys) == 2
                  else f"all {len(keys)} check cells say")
        self.note = W.HTML(f"<i>The result below shows {what} to the exercise{'s' * (len(keys) > 1)} "
                           f"above. It appears by itself once {checks} Right!, or "
                           f"press the button to see it now.</i>")
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
        """Draw the result into the output (once), and close the note and the button.

        A draw that fails (most often a cell above not run since the kernel restarted: the draw
        uses ``np`` or ``game`` from it) shows no traceback: the note says what to run, the
        button stays for another try, and the result counts as not shown (:func:`reveal_state`)."""
        if self.shown:
            return
        self.shown = True
        import matplotlib.pyplot as plt
        from IPython.display import Image, display

        before = set(plt.get_fignums())
        failed: Exception | None = None
        drawn = set(self.keys) - _DRAWN
        _DRAWN.update(drawn)   # the draw may read kept_back texts that wait for these exercises
        with self.output:
            try:
                value = self.draw()
                if value is not None:
                    display(value)
            except Exception as error:  # the lesson's own code: said in words below, never raised
                failed = error
            # figures the draw left open (a non-inline backend, or no plt.show()): shown here as
            # PNG and closed, so that the inline backend never adds them to the running cell's output
            for number in plt.get_fignums():
                if number not in before:
                    figure = plt.figure(number)
                    if failed is None:
                        png = io.BytesIO()
                        figure.savefig(png, format="png", bbox_inches="tight")
                        display(Image(data=png.getvalue(), format="png"))
                    plt.close(figure)
        if failed is not None:
            self.shown = False
            _DRAWN.difference_update(drawn)
            self.output.clear_output()
            self.note.value = f'<span role="alert">{html.escape(_draw_failed(failed))}</span>'
            return
        self.box.children = [self.output]
        self.note.close()
        self.button.close()

    def close(self) -> None:
        for widget in (self.note, self.button, self.output, self.box):
            widget.close()


def _draw_failed(error: Exception) -> str:
    """What a kept-back result's note says when its draw raised ``error``."""
    # words for a student (a teacher's read: "it uses 'catcards'" was code talk); the error's name
    # comes last, for the teacher they may ask
    if isinstance(error, NameError):
        return ("The result could not be drawn yet: it needs a cell above that has not run since the "
                "notebook restarted. Run the cells above this one (in JupyterLab: Run > Run All Above "
                "Selected Cell), then press the button.")
    return ("The result could not be drawn. Run the lesson from the top (Run > Run All Cells), then press "
            f"the button; if it fails again, tell your teacher (the error was {type(error).__name__}).")


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


def mark_all_solved() -> None:
    """Take every exercise as answered right in this kernel, as if each check cell had said
    "Right!": for a teacher's edition (``catcards kit --run``), which shows every result an
    exercise keeps back (:func:`reveal_after`). Results already waiting are drawn now, and a
    ``reveal_after`` run later draws at once. Not for a student's notebook: it gives every answer
    away; every text :func:`kept_back` holds is given at once too. A kernel restart forgets it, as
    it forgets the answers checked."""
    global _ALL_OPEN
    _ALL_OPEN = True
    _SOLVED.update(_registry())
    _reveal_ready()


def reveal_state() -> dict[str, dict[str, bool]]:
    """For every exercise: ``{"solved": ..., "shown": ...}`` in this kernel, where ``shown`` says
    whether a result kept back for it (see :func:`reveal_after`) has been drawn. The lesson tests
    read it after running a notebook top to bottom."""
    shown = {k for r in _REVEALS.values() if r.shown for k in r.keys}
    return {k: {"solved": k in _SOLVED, "shown": k in shown} for k in exercises()}
