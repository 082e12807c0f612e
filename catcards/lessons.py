"""Sentences for the lessons, written from computed values, so a lesson's words can never
contradict its numbers (issue 28).

>>> from catcards.lessons import read_interval, compare
>>> read_interval(0.517, 0.628, 0.5, games=300)
"The interval [0.517, 0.628] excludes 0.5: seat 0's advantage is real, somewhere between 0.017 and 0.128."
>>> read_interval(0.45, 0.55, 0.5, games=300)
'The interval [0.450, 0.550] holds 0.5: these 300 games cannot tell a difference.'

A lesson prints these instead of writing "barely matters" or "no advantage" in a markdown cell:
if a new seed or rule moves the interval, the sentence moves with it.

- :func:`read_interval`: what an interval shows about one rate against a reference value.
- :func:`compare`: what two intervals show about two rates (overlap is not proof of equality).
- :func:`read_together`: what several intervals, read together, show against their references
  (one miss among several can be luck).
- :func:`wilson`: the Wilson interval of ``wins / n`` (the package's
  :func:`catcards.probability.wilson_interval`, with ``z`` in place of a confidence).
- :func:`student_seed`: the seed of a student's own sample (each student differs, tests pin it).

Layer 3: no widgets, no plotting. Numbers are shown with as many decimals as it takes (3 at
least, up to 6) for the shown interval to sit on the same side of the reference as the real one:
an interval [0.4891, 0.4996] against 0.5 reads "[0.4891, 0.4996]", never "[0.489, 0.500]" ...
"excludes 0.5". :func:`read_interval` shows both ends of its interval with the same decimals,
trailing zeros kept ("[0.510, 0.622]"); the reference, as other lone numbers, drops them ("0.5").
"""
from __future__ import annotations

import hashlib
import math
import os
import re
from decimal import Decimal
from statistics import NormalDist
from typing import Optional

from .core import GameParameterError, check_plain_text, normal_name, seed_from_text
from .core.text import value_kind

__all__ = ["read_interval", "compare", "read_together", "wilson", "student_seed", "SEED_VARIABLE", "STUDENT_SEED_LIMIT", "class_member"]

#: the environment variable that pins :func:`student_seed` (the tests set it)
SEED_VARIABLE = "CATCARDS_LESSON_SEED"
#: student seeds are below this (2**53: every such whole number is exact as a JavaScript number too)
STUDENT_SEED_LIMIT = 10 ** 6
_MAX_NAME = 100


def _number(value, what: str) -> float:
    if isinstance(value, bool):
        raise ValueError(f"{what} must be a number, got {value!r}")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{what} must be a number, got {value!r}") from None
    if not math.isfinite(number):
        raise ValueError(f"{what} must be a finite number, got {value!r}")
    return number


def _plain(x: float, decimals: int) -> str:
    """``x`` rounded to ``decimals``, trailing zeros dropped ("0.450" -> "0.45", "0.500" -> "0.5")."""
    text = f"{x:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _fixed(x: float, decimals: int) -> str:
    """``x`` rounded to ``decimals``, trailing zeros kept ("0.510"); never "-0.000"."""
    text = f"{x:.{decimals}f}"
    return text.lstrip("-") if float(text) == 0 else text


def _side(x: float, reference: float) -> int:
    return (x > reference) - (x < reference)


def _decimals(values: tuple[float, ...], reference: float) -> int:
    """The fewest decimals (3 to 6) at which every rounded value lies on the same side of
    ``reference`` as the value itself (so the text tells the same story)."""
    for decimals in range(3, 7):
        rounded = [round(v, decimals) for v in values]
        if all(_side(r, reference) == _side(v, reference) for r, v in zip(rounded, values)):
            break
    return decimals


def _check_interval(low, high, name: str = "the interval") -> tuple[float, float]:
    low, high = _number(low, f"{name}'s low end"), _number(high, f"{name}'s high end")
    if low > high:
        raise ValueError(f"{name}'s low end {low!r} is above its high end {high!r}")
    return low, high


def _check_games(games) -> int:
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number of games, at least 1, got {games!r}")
    return games


def read_interval(low: float, high: float, reference: float, *, games: int, what: str = "seat 0's win rate",
                  reference_text: str = "a fair share (0.5)", trial: str = "game") -> str:
    """One sentence reading a confidence interval ``[low, high]`` against ``reference``.

    - The interval holds the reference: "The interval [0.450, 0.550] holds 0.5: these 300 games
      cannot tell a difference." (it does not say there is none).
    - Both ends have the same decimals (3, or more when needed to keep the shown ends on the same
      side of the reference as the real ones), trailing zeros kept: [0.51, 0.622] reads
      "[0.510, 0.622]"; the reference drops them ("0.5").
    - It excludes it: "The interval [0.517, 0.628] excludes 0.5: seat 0's advantage is real,
      somewhere between 0.017 and 0.128." For a ``what`` ending in "win rate" the owner's
      advantage or disadvantage is named; otherwise "<what> is really above <reference_text>, by
      somewhere between 0.017 and 0.128" (or below). The size is the interval's distance from the
      reference, its two ends as shown (a student can subtract them): these games show that
      there is a difference, not how big it is (teach52: "by about 0.07" read as known when
      0.01 to 0.12 was all the games could say).

    Args:
        low, high: the interval, numbers with ``low <= high`` (a proportion's: in [0, 1]).
        reference: the value compared with (0.5 for a fair share of two seats).
        games: how many games (or trials) the interval comes from, a whole number >= 1.
        what: the rate's name, e.g. "seat 0's win rate", "the chance of a snap".
        reference_text: the reference in words, used when the rate is not a win rate.
        trial: what one of the ``games`` is, a singular noun (``"deal"``: "these 1,500 deals
            cannot tell a difference"; default ``"game"``), as ``Predict.reveal``'s ``trial``.
    Returns: the sentence (str).
    Raises: ValueError for a non-number, ``low > high``, a bad ``games`` or a ``trial`` that is not
        1 to 30 letters and spaces.
    """
    low, high = _check_interval(low, high)
    reference = _number(reference, "reference")
    games = _check_games(games)
    if not isinstance(trial, str) or not re.fullmatch(r"[A-Za-z][A-Za-z ]{0,29}", trial):
        raise ValueError(f"trial must be 1 to 30 letters and spaces (like 'deal'), got {trial!r:.40}")
    for decimals in range(3, 7):  # the shown bounds sit on the same sides of the shown reference
        r = round(reference, decimals)
        if all(_side(round(v, decimals), r) == _side(v, reference) for v in (low, high)):
            break
    # both ends with the same decimals, zeros kept ("[0.510, 0.622]", as the lessons' f"{x:.3f}")
    shown_low, shown_high = _fixed(low, decimals), _fixed(high, decimals)
    shown_ref = _plain(reference, decimals)
    if low <= reference <= high:
        return (f"The interval [{shown_low}, {shown_high}] holds {shown_ref}: "
                f"these {games:,} {trial}{'s' * (games != 1)} cannot tell a difference.")
    above = low > reference
    # the distance of each shown end from the shown reference, with the interval's decimals
    near, far = sorted(abs(Decimal(end) - Decimal(shown_ref)) for end in (shown_low, shown_high))
    size = f"somewhere between {_fixed(float(near), decimals)} and {_fixed(float(far), decimals)}"
    if what.endswith("win rate") and what.strip() != "win rate":
        owner = what[: -len("win rate")].strip()
        verdict = f"{owner} {'advantage' if above else 'disadvantage'} is real, {size}"
    else:
        verdict = f"{what} is really {'above' if above else 'below'} {reference_text}, by {size}"
    return f"The interval [{shown_low}, {shown_high}] excludes {shown_ref}: {verdict}."


def compare(a_low: float, a_high: float, b_low: float, b_high: float, *, a: str = "A", b: str = "B",
            what: str = "rate", games: Optional[int] = None, trailing: bool = False) -> str:
    """One sentence comparing two confidence intervals, A's ``[a_low, a_high]`` and B's
    ``[b_low, b_high]``.

    - They do not overlap: "The intervals for seat 0 [0.520, 0.600] and seat 1 [0.400, 0.480] do
      not overlap: a real difference, the rate is higher for seat 0." (Every end with the same
      decimals, trailing zeros kept: 3, or more when the two facing ends need them to stay apart.)
    - They overlap: "... overlap: these games cannot tell which is larger (overlap alone does not
      prove they are equal)." (With ``games`` given: "with 80 games each, we cannot tell".)

    Args:
        a_low, a_high, b_low, b_high: the two intervals, numbers, each ``low <= high``.
        a, b: the two things' names ("seat 0", "threshold 5").
        what: the rate's name ("win rate").
        games: how many games each interval comes from (optional, whole number >= 1).
        trailing: False: ``a`` and ``b`` are names ("the rate is higher for seat 0"); True: they are
            phrases that follow ``what`` ("after a snap"): "the chance of a snap is higher after
            no snap."
    Returns: the sentence (str).
    Raises: ValueError for a non-number, a low end above its high end, or a bad ``games``.
    """
    a_low, a_high = _check_interval(a_low, a_high, "A's interval")
    b_low, b_high = _check_interval(b_low, b_high, "B's interval")
    which = "these games cannot" if games is None else f"with {_check_games(games):,} games each, we cannot"
    apart = a_high < b_low or b_high < a_low
    decimals = 3
    if apart:  # the two facing ends with enough decimals that the gap stays visible
        lower_end, upper_end = (a_high, b_low) if a_high < b_low else (b_high, a_low)
        decimals = _decimals((lower_end, upper_end), (lower_end + upper_end) / 2)
    # every end with the same decimals, zeros kept ("[0.520, 0.600]"), as read_interval's
    start = (f"The intervals for {a} [{_fixed(a_low, decimals)}, {_fixed(a_high, decimals)}] "
             f"and {b} [{_fixed(b_low, decimals)}, {_fixed(b_high, decimals)}]")
    if apart:
        higher = a if a_low > b_high else b
        # "the win rate is higher for always challenge (1.01)": any name reads right (teach50 read
        # "always challenge (1.01)'s win rate is higher")
        verdict = f"the {what} is higher {higher}" if trailing else f"the {what} is higher for {higher}"
        return f"{start} do not overlap: a real difference, {verdict}."
    return (f"{start} overlap: {which} tell which is larger "
            "(overlap alone does not prove they are equal).")


def read_together(rates, intervals, references, *, labels, factor: str, trend: str,
                  what: str = "win rates", reference_text: str = "the equal share",
                  confidence: float = 0.95) -> str:
    """What several intervals, read together, show against their references: the last sentence
    of Cat Days' Lesson 2 (three patient players, each against its own equal share).

    - No interval excludes its reference: "No interval excludes the equal share: these games show
      no advantage for drawing first (a small one is not ruled out)."
    - One does: if the factor changed nothing, at least one of ``n`` intervals would still miss
      with chance ``1 - confidence ** n`` (0.14 for three 95% intervals, about 1 time in 7). When
      the rates rise or fall steadily along the rows, the miss hints at a real effect ("So this
      hints that drawing 2 first may help: a question for more games, not a proof."; "may hurt"
      when the rate is below its reference). When they do not, "So this one miss could well be
      luck; more games would tell." (a teacher's read, teach53: the sentence said "may help"
      whatever the numbers, and 1,600 fresh games with 2 draws first gave [0.504, 0.553],
      holding the equal share 0.519).
    - Two or more do: k or more misses among n happen by luck alone only with the binomial
      tail's chance (2 of 3: 0.0073, about 1 time in 138), more than luck alone usually gives.

    Args:
        rates: the rates, one a row, in the order of the factor (e.g. 0, 2, 4 draws first);
            at least 3 rows (with 2, any two rates "rise or fall steadily").
        intervals: each row's interval ``(low, high)``, ``low <= high``.
        references: each row's reference (its equal share).
        labels: each row as a phrase that fits "this hints that <label> may help", e.g.
            "drawing 2 first".
        factor: what changes along the rows, as in "if <factor> made no difference" ("drawing first").
        trend: what the rates rise or fall with ("the draws").
        what: the rates' name, plural ("win rates").
        reference_text: the references in words ("the equal share").
        confidence: each interval's confidence, between 0 and 1 (0.95).
    Returns: the sentences (str).
    Raises: ValueError for fewer than 3 rows, rows of different lengths, a non-number, an
        interval whose low end is above its high end, or a confidence not between 0 and 1.
    """
    rates = [_number(r, "a rate") for r in rates]
    intervals = [_check_interval(low, high) for low, high in intervals]
    references = [_number(r, "a reference") for r in references]
    labels = [str(label) for label in labels]
    if len(rates) < 3:
        raise ValueError(f"read_together needs at least 3 rows, got {len(rates)}")
    if not len(rates) == len(intervals) == len(references) == len(labels):
        raise ValueError(f"rates, intervals, references and labels must have one entry a row, got "
                         f"{len(rates)}, {len(intervals)}, {len(references)} and {len(labels)}")
    confidence = _number(confidence, "confidence")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence!r}")
    n = len(rates)
    missing = [i for i, ((low, high), ref) in enumerate(zip(intervals, references)) if not low <= ref <= high]
    if not missing:
        return (f"No interval excludes {reference_text}: these games show no advantage for {factor} "
                "(a small one is not ruled out).")
    # the chance that at least this many of n intervals miss by luck alone (binomial tail)
    k = len(missing)
    luck = sum(math.comb(n, j) * (1 - confidence) ** j * confidence ** (n - j) for j in range(k, n + 1))
    odds = f"about 1 time in {round(1 / luck):,} ({luck:.2g})"
    if k > 1:
        return (f"{k} of the {n} intervals ({', '.join(labels[i] for i in missing)}) exclude "
                f"{reference_text}. If {factor} made no difference at all, {k} or more of {n} intervals "
                f"would miss only {odds}: more than luck alone usually gives.")
    i = missing[0]
    steady = rates == sorted(rates) or rates == sorted(rates, reverse=True)
    start = (f"One of the {n} intervals ({labels[i]}) excludes {reference_text}. If {factor} made no "
             f"difference at all, at least one of {n} intervals would still miss {odds}")
    if not steady:
        return (f"{start}, and the {what} do not rise or fall steadily with {trend}. "
                "So this one miss could well be luck; more games would tell.")
    effect = "help" if intervals[i][0] > references[i] else "hurt"
    return (f"{start}, but the {what} rise or fall steadily with {trend}. "
            f"So this hints that {labels[i]} may {effect}: a question for more games, not a proof.")

def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of ``wins / n``, both in [0, 1], at ``z``
    standard errors (1.96: 95 %).

    The package's :func:`catcards.probability.wilson_interval` (Wilson 1927) with the confidence
    ``2 * Phi(z) - 1``; see it for the formula and its checked values.

    Raises: ValueError for counts out of range (``0 <= wins <= n``, ``n >= 1``) or ``z <= 0``.
    """
    from .probability import wilson_interval

    z = _number(z, "z")
    if z <= 0:
        raise ValueError(f"z must be positive, got {z!r}")
    confidence = 2 * NormalDist().cdf(z) - 1
    return tuple(wilson_interval(wins, n, confidence))  # type: ignore[return-value]


def student_seed(name: Optional[str] = None) -> int:
    """The seed of a student's own sample, a whole number from 0 to 999,999 (short enough to read
    out), printed ("Your seed: 123456", digits only, as it is typed back: a seed is a name for a
    sample, not an amount, and 123,456 typed into code is two numbers) so the sample can be replayed.

    - ``CATCARDS_LESSON_SEED`` set (the tests pin it): that seed, or with ``name`` a seed made
      from both (the same for the same name, different names differ).
    - Not set: with ``name`` a seed made from the name (typing the same name replays the same
      sample), without one fresh entropy (``numpy.random.SeedSequence().entropy``), so each
      student's sample differs from the others'.

    Args:
        name: optional text a student types (a name or nickname, up to 100 characters).
    Raises:
        GameParameterError: ``CATCARDS_LESSON_SEED`` is not a whole number from 0 to 2**128 - 1,
            or ``name`` is not text, is too long or holds control characters.
    """
    import numpy as np

    if name is not None:
        if not isinstance(name, str):
            raise GameParameterError(f"the name must be text, not {value_kind(name)}")
        if len(name) > _MAX_NAME:
            raise GameParameterError(f"the name must be at most {_MAX_NAME} characters, got {len(name)}")
        check_plain_text(name, "student_seed", "the name")
    pinned = os.environ.get(SEED_VARIABLE)
    pinned_seed = None
    if pinned is not None:
        try:
            pinned_seed = seed_from_text(pinned)
        except GameParameterError as error:
            raise GameParameterError(f"{SEED_VARIABLE}: {error}") from None
    if name is not None:
        text = f"{'' if pinned_seed is None else pinned_seed}\n{normal_name(name)}"
        seed = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") % STUDENT_SEED_LIMIT
    elif pinned_seed is not None:
        seed = pinned_seed
    else:
        seed = int(np.random.SeedSequence().entropy) % STUDENT_SEED_LIMIT
    print(f"Your seed: {seed}")
    return seed


def class_member():
    """The student of the class running now (:func:`catcards.classroom.current`), or None when no
    class is running or this installation has no class pool (its optional dependencies missing):
    the lesson then works alone.

    Returns: a ``catcards.classroom.Member`` or None.
    Raises: ``catcards.classroom.PoolError`` (400) when ``CATCARDS_CLASS`` is set but malformed.
    """
    try:
        from .classroom import current
    except ImportError:
        return None
    return current()
