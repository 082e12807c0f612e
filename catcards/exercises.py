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
The lessons' exercises are kept here by name, so that a check cell shows neither the answer nor
the way to it (a student who reads this module is looking in the back of the book)::

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
            are accepted); a zero denominator; a bool (True is not a probability).
    """
    if isinstance(answer, bool):
        raise ValueError(f"{answer!r} is not a number; write a fraction like 2/7 or a decimal like 0.286")
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


def _simons_cat_no_cat_in_hand() -> Fraction:
    from .games.simons_cat import MISCHIEF
    from .probability import hypergeom_pmf

    cats = sum(1 for c in MISCHIEF if c.suit == "Cat")
    return hypergeom_pmf(0, population=len(MISCHIEF), successes=cats, draws=9)


def _cat_days_grumpy_by_draw_6() -> Fraction:
    from .analysis.cat_days import chance_seen_by_turn

    return chance_seen_by_turn(6, "Grumpy Cat")


def _cat_trick_one_trump() -> Fraction:
    from .probability import hypergeom_pmf

    # 4 players: the random first trick is 4 of the 34 cards not face up, 6 of them trumps
    return hypergeom_pmf(1, population=34, successes=6, draws=4)


def _king_void_in_a_suit() -> Fraction:
    from .probability import hypergeom_pmf

    # 4 players: 13 of the 52 cards; 13 cards in each suit
    return hypergeom_pmf(0, population=52, successes=13, draws=13)


def _card_game_genuine() -> Fraction:
    from .analysis.card_game import p_genuine

    return p_genuine(Fraction(2, 5), Fraction(1, 2))


def _snap_dinohistoria_snaps() -> Fraction:
    from .analysis.snap import snap_chance

    # one pass through the 55-card Dinohistoria deck: 54 neighbouring pairs
    return 54 * snap_chance("dinohistoria")


def _big_cat_no_lion_3_players() -> Fraction:
    from .probability import hypergeom_pmf

    # 3 players: the first stack is 18 of the 52 cards (the extra card), 4 Lions
    return hypergeom_pmf(0, population=52, successes=4, draws=18)


def _simons_cat_same_colour() -> Fraction:
    from .games.simons_cat import SUITS

    sizes = [hi - lo + 1 for _, lo, hi in SUITS]
    return Fraction(sum(math.comb(n, 2) for n in sizes), math.comb(sum(sizes), 2))


_EXERCISES: dict[str, Exercise] = {
    e.key: e
    for e in (
        Exercise(
            key="simons-cat/cat-3-set-aside",
            question="With 5 players, each gets 7 of the 36 Mischief cards and 1 card is set aside. "
                     "What is the chance that the Cat 3 is the card set aside?",
            exact=lambda: Fraction(1, 36),
            mistakes={
                Fraction(1, 5): "there are not 5 equally likely places for the Cat 3 but 36: it is "
                                "equally likely to be any of the 36 positions of the shuffled deck.",
                Fraction(1, 6): "the set-aside card is not one of six equal parts of the deck: it is "
                                "one position out of 36.",
                Fraction(7, 36): "7/36 is the chance that one given player holds the Cat 3.",
            },
            why="The shuffle puts the Cat 3 in any of the 36 positions with the same chance, and "
                "exactly 1 position is set aside: 1/36.",
            source="rulebook simons-cat.txt, Set Up (deal equally, set the rest aside)",
        ),
        Exercise(
            key="simons-cat/no-cat-in-hand",
            question="With 4 players, you get 9 of the 36 Mischief cards. 10 of the 36 are Cat cards "
                     "(Cat 3 to Cat 12). What is the chance that your hand holds no Cat card at all?",
            exact=_simons_cat_no_cat_in_hand,
            mistakes={
                Fraction(26, 36) ** 9: "that is (26/36)^9: drawing with replacement. Dealt cards "
                                       "do not go back: after each non-Cat card, fewer non-Cat cards are left.",
                Fraction(26, 36): "26/36 is the chance for the first card only; all 9 must be non-Cat cards.",
            },
            why="Every 9-card hand is equally likely: C(26, 9) hands have no Cat card among C(36, 9) "
                "hands, so the chance is C(26, 9) / C(36, 9) = 26/36 x 25/35 x ... x 18/28 "
                "(the hypergeometric distribution with k = 0).",
            source="hypergeometric distribution, Feller vol. 1, II.6",
        ),
        Exercise(
            key="cat-days/grumpy-cat-by-draw-6",
            question="There are 2 Grumpy Cats among the 34 cards of the draw pile. By your 6th draw "
                     "you have seen 4 + 6 = 10 of those cards. What is the chance that you have seen "
                     "at least one Grumpy Cat?",
            exact=_cat_days_grumpy_by_draw_6,
            mistakes={
                Fraction(10, 17): "that adds 10/34 + 10/34, counting twice the hands with both Grumpy "
                                  "Cats. Find the chance of seeing none first.",
                Fraction(10, 34): "10/34 is the answer for a card with one copy; there are two Grumpy Cats.",
                Fraction(10, 34) ** 2: "(10/34)^2 is near the chance of seeing both, not at least one.",
                1 - Fraction(24, 34) ** 2: "close, but that treats the two copies as independent; "
                                           "after one is not seen, the other's chance changes. Count hands.",
            },
            why="None seen: C(32, 10) / C(34, 10) = (24 x 23) / (34 x 33) = 92/187 of the 10-card "
                "sets miss both Grumpy Cats, so at least one is seen with chance 1 - 92/187 = 95/187.",
            source="hypergeometric distribution; catcards.analysis.cat_days.chance_seen_by_turn",
        ),
        Exercise(
            key="cat-trick/exactly-one-trump",
            question="4 players, everyone plays a random card to the first trick: the trick is a "
                     "random set of 4 of the 34 cards that are not face up, and 6 of those 34 are "
                     "trumps. What is the chance that the trick holds exactly one trump?",
            exact=_cat_trick_one_trump,
            mistakes={
                Fraction(4 * 6, 34): "4 x 6/34 adds the chances of the four cards, counting tricks with "
                                     "two or more trumps several times.",
                1 - Fraction(math.comb(28, 4), math.comb(34, 4)): "that is the chance of at least one trump; "
                                                                  "the question asks for exactly one.",
                4 * Fraction(6, 34) * Fraction(28, 34) ** 3: "that draws with replacement: the cards of a "
                                                             "trick are different cards, so after each card "
                                                             "fewer are left.",
                Fraction(6, 34) * Fraction(28, 33) * Fraction(27, 32) * Fraction(26, 31):
                    "that is one order only (the trump first); the trump can be any of the 4 cards.",
            },
            why="Count sets of 4 cards: choose the trump (C(6, 1) = 6 ways) and 3 plain cards "
                "(C(28, 3) = 3276 ways), out of C(34, 4) = 46376 sets: 19656/46376 = 2457/5797.",
            source="rulebook cat-trick.txt (35 cards, one turned up for trump); hypergeometric, Feller II.6",
        ),
        Exercise(
            key="king-of-the-jungle/void-in-a-suit",
            question="4 players: your 13 cards are a random set of the 52, 13 in each suit. What is "
                     "the chance that you hold no red card at all (you can never follow red)?",
            exact=_king_void_in_a_suit,
            mistakes={
                Fraction(3, 4) ** 13: "(3/4)^13 draws with replacement: after each non-red card, there "
                                      "are fewer non-red cards left, so the chance is a little smaller.",
                Fraction(39, 52): "39/52 is the chance for one card; all 13 must miss red.",
            },
            why="C(39, 13) of the C(52, 13) hands have no red card: 39/52 x 38/51 x ... x 27/40, "
                "about 0.0128, so roughly one hand in 78.",
            source="rulebook wildcat-and-dinohistoria.txt, King of the Jungle (13 cards each); hypergeometric",
        ),
        Exercise(
            key="card-game/genuine-claim",
            question="From your view, the claimer holds a Shot! (or a Joker) with chance 2/5. A player "
                     "without one bluffs with rate 1/2. They claim a Shot!. What is the chance that "
                     "the claim is genuine?",
            exact=_card_game_genuine,
            mistakes={
                Fraction(2, 5): "2/5 is the chance before you saw the claim; the claim itself is evidence: "
                                "use Bayes' rule.",
                Fraction(4, 9): "the bluff rate applies only to players who do not hold the card: "
                                "multiply 1/2 by 1 - 2/5.",
                Fraction(3, 10): "3/10 is the chance of a bluffed claim (3/5 x 1/2); the question asks what "
                                 "share of all claims are genuine.",
            },
            why="Claims happen two ways: genuine with chance 2/5 x 1 = 2/5, bluffs with chance "
                "3/5 x 1/2 = 3/10. Of all claims, (2/5) / (2/5 + 3/10) = 4/7 are genuine.",
            source="Bayes' rule; catcards.analysis.card_game.p_genuine",
        ),
        Exercise(
            key="snap/dinohistoria-snaps",
            question="The Dinohistoria deck has 55 cards, 5 of each of 11 numbers. Nobody calls, so the "
                     "first 55 turns go once through the shuffled deck. How many snaps do you expect "
                     "to show in those 55 turns?",
            exact=_snap_dinohistoria_snaps,
            probability=False,
            mistakes={
                Fraction(55 * 4, 54): "55 x 4/54 counts 55 neighbouring pairs; 55 cards in a row have 54.",
                Fraction(54 * 5, 55): "5/55 (= 1/11) counts the card itself: after a card, 4 of the other "
                                      "54 cards share its number.",
            },
            why="Each of the 54 neighbouring pairs is a snap with chance 4/54 (4 of the other 54 cards "
                "share the first card's number). Expectation adds up, dependent or not: 54 x 4/54 = 4.",
            source="linearity of expectation; catcards.analysis.snap.snap_chance",
            unit="snaps",
        ),
        Exercise(
            key="pairs/no-memory-5-pairs",
            question="A player with no memory turns two random face-down cards each turn. With m pairs "
                     "left, they match with chance 1/(2m - 1). How many turns do they need, on average, "
                     "to clear a board of 5 pairs (10 cards) alone?",
            exact=lambda: Fraction(sum(2 * m - 1 for m in range(1, 6))),
            probability=False,
            mistakes={
                5: "5 turns would need a match every time; a match takes several tries on average.",
                9: "9 = 2 x 5 - 1 is the expected wait for the first pair only; then 4 pairs are left, "
                   "then 3, ...",
                Fraction(1, 9): "that is a chance, not a number of turns: a chance p gives 1/p turns on average.",
            },
            why="With m pairs left, a turn matches with chance 1/(2m - 1), so the wait is 2m - 1 turns "
                "on average (a geometric wait). Add them: 9 + 7 + 5 + 3 + 1 = 25 = 5^2.",
            source="expectation of a geometric wait; pairs.ipynb, section 2",
            unit="turns",
        ),
        Exercise(
            key="big-cat/no-lion-3-players",
            question="3 players: the first player's stack is 18 of the 52 cards (18, 17, 17), and 4 of the "
                     "52 are Lions. What is the chance that the first player gets no Lion?",
            exact=_big_cat_no_lion_3_players,
            mistakes={
                Fraction(48, 52) ** 18: "(48/52)^18 draws with replacement: each card dealt leaves fewer "
                                        "cards behind.",
                Fraction(34, 52) ** 4: "close, but that treats the four Lions as independent; place them one "
                                       "after another: 34/52 x 33/51 x 32/50 x 31/49.",
                Fraction(2, 3): "the stack is 18 of 52 cards, not a third of them, and all 4 Lions must miss it.",
            },
            why="Count hands: C(48, 18) of the C(52, 18) stacks have no Lion. Or place the Lions: "
                "34/52 x 33/51 x 32/50 x 31/49 (each Lion lands among the 34 other cards).",
            source="rulebook wildcat-and-dinohistoria.txt, The BIG CAT Game (deal all cards); hypergeometric",
        ),
        Exercise(
            key="simons-cat/same-colour-pair",
            question="Two cards are drawn at random from the 36 Mischief cards (Cat 10 cards, Kitten 8, "
                     "Hedgehog 6, Dog 6, Mouse 4, Gnome 2). What is the chance they have the same colour?",
            exact=_simons_cat_same_colour,
            mistakes={
                Fraction(1, 6): "1/6 would be right if the six colours had equally many cards; they do not.",
                Fraction(256, 1296): "that is (10/36)^2 + (8/36)^2 + ...: drawing with replacement. The "
                                     "second card comes from the 35 cards left.",
            },
            why="Same-colour pairs: C(10,2) + C(8,2) + C(6,2) + C(6,2) + C(4,2) + C(2,2) = 45 + 28 + 15 + "
                "15 + 6 + 1 = 110, out of C(36, 2) = 630 pairs: 110/630 = 11/63.",
            source="rulebook simons-cat.txt, Contents (the six colours); counting pairs",
        ),
    )
}


def exercises() -> list[str]:
    """The names of the lessons' exercises, sorted."""
    return sorted(_EXERCISES)


def exercise(key: str) -> Exercise:
    """The lesson exercise named ``key`` (see :func:`exercises`).

    Raises:
        KeyError: no exercise has that name (the message lists the names there are).
    """
    try:
        return _EXERCISES[key]
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
