"""catcards.exercises.check: right/wrong and why, never the answer before a try (issue 7)."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from catcards.exercises import FILL_IN, check, parse_answer

EXACT = Fraction(1, 12)  # two dice: a sum of 4 is 3 of 36 outcomes


def verdict(answer, exact=EXACT, **kw):
    return check(answer, exact, show=False, **kw)


@pytest.mark.parametrize("placeholder", [None, ...])
def test_no_answer_yet_says_fill_in_and_reveals_nothing(placeholder, capsys):
    result = check(placeholder, EXACT, why="3 of the 36 outcomes.")
    out = capsys.readouterr().out
    assert result.right is None and not result
    assert out.strip() == FILL_IN
    for revealing in ("1/12", "3/36", "0.083", "3 of the 36", "8.3"):
        assert revealing not in out


@pytest.mark.parametrize("answer", [Fraction(3, 36), "3/36", " 1 / 12 ", "1/12", 0.0833, "0.083", "8.3%", 1 / 12])
def test_right_answers_in_every_form(answer):
    assert verdict(answer).right is True


def test_a_decimal_right_answer_is_nudged_towards_the_fraction_and_why_shown_only_when_right():
    r = verdict(0.0833, why="3 of the 36 outcomes.")
    assert r.message == "Right! (as a decimal; the exact answer is a fraction) 3 of the 36 outcomes."
    assert verdict("1/12", why="3 of the 36 outcomes.").message == "Right! 3 of the 36 outcomes."
    assert "3 of the 36" not in verdict("1/6", why="3 of the 36 outcomes.").message


@pytest.mark.parametrize("answer, reason", [
    ("83/1000", "not exact"),                       # an exact answer must be exact
    (0.08, "give more decimal places"),
    (8.3, "percentage written as a number"),
    (1.2, "between 0 and 1"),
    (-0.1, "between 0 and 1"),
    (Fraction(11, 12), "opposite event"),
    (0.5, "too high"),
    ("1/100", "too low"),
])
def test_wrong_answers_say_why_without_the_answer(answer, reason):
    r = verdict(answer)
    assert r.right is False and r.message.startswith("Not yet: ") and reason in r.message
    assert "1/12" not in r.message and "0.083" not in r.message


def test_a_lessons_own_common_mistakes_come_first():
    mistakes = {Fraction(1, 36): "that is one order of the two dice; (1, 3), (3, 1) and (2, 2) all sum to 4."}
    assert verdict("1/36", mistakes=mistakes).message == "Not yet: " + mistakes[Fraction(1, 36)]
    assert verdict(1 / 36, mistakes=mistakes).right is False
    assert "one order" in verdict(0.0278, mistakes=mistakes).message


def test_unreadable_answers_never_raise():
    for answer in ("one twelfth", "1/0", True, float("nan"), [1, 12], "1//12"):
        r = verdict(answer)
        assert r.right is None and r.message.startswith("Not checked: ")


@pytest.mark.parametrize("answer", [10**400, -10**400, Fraction(10**400, 3), "1" + "0" * 400, "9" * 5000,
                                    "1/" + "9" * 5000, "0." + "1" * 5000, 10**5000],
                         ids=["int", "negative", "fraction", "text", "digits", "fraction text", "decimal text",
                              "int 5001 digits"])
def test_answers_too_large_for_a_float_or_too_long_are_not_checked_and_never_raise(answer):
    """Found by typing silly answers: an answer of 10**400 (or 401 digits typed as text) raised
    OverflowError from float(); 5000 digits as text said "Exceeds the limit (4300 digits) for
    integer string conversion; use sys.set_int_max_str_digits()..."."""
    r = verdict(answer)
    assert r.right is None
    assert r.message in ("Not checked: that number is too large to be an answer.",
                         "Not checked: an answer is at most 300 characters long; this one has "
                         f"{len(str(answer)) if isinstance(answer, str) else 0:,}.")


def test_tolerance_and_numbers_that_are_not_probabilities():
    assert verdict(0.09, tolerance=0.01).right is True
    assert verdict("1/13", tolerance=0.01).right is True
    assert verdict(7.5, exact=Fraction(15, 2), probability=False).right is True
    assert verdict(7.49, exact=Fraction(15, 2), probability=False).right is False  # 0.05% of 7.5 is 0.00375
    assert "between 0 and 1" not in verdict(75, exact=Fraction(15, 2), probability=False).message
    with pytest.raises(ValueError, match="tolerance must be a number >= 0"):
        check(0.1, EXACT, tolerance=-1)
    with pytest.raises(TypeError, match="exact must be"):
        check(0.1, "1/12")


def test_parse_answer_forms():
    assert parse_answer("3/36") == (Fraction(1, 12), True)
    assert parse_answer("2") == (Fraction(2), True)
    assert parse_answer("12.5%") == (0.125, False)
    assert parse_answer(".5") == (0.5, False)
    assert parse_answer("1.5/3") == (0.5, False)
    with pytest.raises(ValueError, match="divides by zero"):
        parse_answer("3/0")


@given(st.fractions(min_value=0, max_value=1))
def test_the_exact_fraction_is_always_right_and_its_complement_wrong(p):
    assert verdict(p, exact=p).right is True
    assert verdict(str(p), exact=p).right is True
    if abs(p - Fraction(1, 2)) > Fraction(1, 1000):
        assert verdict(1 - p, exact=p).right is False


# ---- the lessons' named exercises -------------------------------------------------------------
import json
import math
import re
from pathlib import Path

from catcards.exercises import exercise, exercises

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def test_named_exercises_have_the_exact_answers():
    assert exercise("simons-cat/cat-3-set-aside").exact() == Fraction(1, 36)
    no_cat = exercise("simons-cat/no-cat-in-hand").exact()
    assert no_cat == Fraction(math.comb(26, 9), math.comb(36, 9)) == math.prod(Fraction(26 - i, 36 - i) for i in range(9))
    assert no_cat == Fraction(28405, 855848)
    # 1 - C(32, 10) / C(34, 10) = 1 - (24 * 23) / (34 * 33)
    assert exercise("cat-days/grumpy-cat-by-draw-6").exact() == 1 - Fraction(24 * 23, 34 * 33) == Fraction(95, 187)
    # one trump and three plain cards among 4 of 34 (6 trumps): 6 * C(28, 3) / C(34, 4)
    assert exercise("cat-trick/exactly-one-trump").exact() == Fraction(6 * 28 * 27 * 26 // 6, 34 * 33 * 32 * 31 // 24)
    assert exercise("cat-trick/exactly-one-trump").exact() == Fraction(2457, 5797)
    # a void: 39/52 x 38/51 x ... x 27/40
    assert exercise("king-of-the-jungle/void-in-a-suit").exact() == math.prod(Fraction(39 - i, 52 - i) for i in range(13))
    # Bayes: (2/5) / (2/5 + 3/5 x 1/2)
    assert exercise("card-game/genuine-claim").exact() == Fraction(4, 7)
    # 54 neighbouring pairs, each a snap with chance 4/54
    assert exercise("snap/dinohistoria-snaps").exact() == 4
    # geometric waits 9 + 7 + 5 + 3 + 1
    assert exercise("pairs/no-memory-5-pairs").exact() == 25
    # the 4 Lions all among the 34 cards outside an 18-card stack
    assert exercise("big-cat/no-lion-3-players").exact() == Fraction(34 * 33 * 32 * 31, 52 * 51 * 50 * 49)
    # same-colour pairs 45 + 28 + 15 + 15 + 6 + 1 = 110 of 630
    assert exercise("simons-cat/same-colour-pair").exact() == Fraction(110, 630)


def test_the_decks_are_what_the_exercises_say():
    import catcards

    trick = catcards.load("cat-trick", players=4).new_game(seed=0)
    cards = [c for zone in trick.zones().values() for c in zone]
    assert len(cards) == 35 and sum(c.suit == trick.observation(0)["trump"] for c in cards) == 7
    king = catcards.load("king-of-the-jungle", players=4).new_game(seed=0)
    cards = [c for zone in king.zones().values() for c in zone]
    assert len(cards) == 52 and sum(c.suit == "red" for c in cards) == 13
    assert len(king.observation(0)["hand"]) == 13
    big = catcards.load("big-cat", players=3).new_game(seed=0)
    assert len(big.zones()["stack 0"]) == 18 and sum(c.rank == 50 for z in big.zones().values() for c in z) == 4
    snap = [c for z in catcards.load("snap", deck="dinohistoria").new_game(seed=0).zones().values() for c in z]
    assert len(snap) == 55 and max(sum(c.rank == r for c in snap) for r in {c.rank for c in snap}) == 5
    simons = catcards.load("simons-cat", players=4).new_game(seed=0)
    assert len(simons.observation(0)["hand"]) == 9
    assert sum(c.suit == "Cat" for zone in simons.zones().values() for c in zone) == 10


@pytest.mark.parametrize("key", exercises())
def test_every_exercise_knows_its_mistakes_and_says_why_after_a_right_answer(key):
    ex = exercise(key)
    assert ex.question and ex.why and ex.source
    assert ex.check(ex.exact(), show=False).message == f"Right! {ex.why}"
    assert ex.check(None, show=False).message == FILL_IN
    for wrong, reason in ex.mistakes.items():
        assert wrong != ex.exact()
        assert ex.check(wrong, show=False).message == f"Not yet: {reason}"
        if ex.exact().denominator > 1:  # a mistake's explanation does not give the answer away
            assert str(ex.exact()) not in reason


def test_unknown_exercise_lists_the_names():
    with pytest.raises(KeyError, match="no exercise called 'x'; the exercises are: big-cat/no-lion-3-players, card-game/"):
        exercise("x")


@pytest.mark.parametrize("notebook", ["simons-cat.ipynb", "cat-days.ipynb", "cat-trick.ipynb",
                                      "king-of-the-jungle.ipynb", "card-game.ipynb", "big-cat.ipynb",
                                      "snap.ipynb", "pairs.ipynb", "simons-cat-probability.ipynb"])
def test_committed_lessons_have_exercises_with_a_placeholder_answer(notebook):
    cells = json.loads((NOTEBOOKS / notebook).read_text())["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    keys = [k for src in code for k in re.findall(r'exercise\("([^"]+)"\)\.check\(', src)]
    assert keys and all(k in exercises() and notebook.startswith(k.split("/")[0]) for k in keys)
    # every answer variable a check cell reads starts as None (the notebook runs unattended)
    for src in code:
        for var in re.findall(r'\.check\((\w+)\)', src):
            assert any(re.search(rf"^{var} = None$", other, re.M) for other in code)


# ---- results kept back until the exercise is answered (issue 12) ------------------------------
import catcards.exercises as ex_module
from catcards.exercises import reveal_after, reveal_state


@pytest.fixture
def fresh(monkeypatch):
    """A kernel that has answered nothing and keeps nothing back yet."""
    monkeypatch.setattr(ex_module, "_SOLVED", set())
    monkeypatch.setattr(ex_module, "_REVEALS", {})


def closed(widget) -> bool:
    return widget.comm is None


def test_a_kept_back_result_waits_for_the_show_me_button(fresh):
    import matplotlib.pyplot as plt

    calls = []

    def draw():
        calls.append(1)
        plt.subplots()  # left open: reveal_after shows it and closes it

    box = reveal_after("cat-days/grumpy-cat-by-draw-6", draw)
    note, button, output = box.children
    assert calls == [] and button.description == "Show me the answer"
    assert "answer to the exercise above" in note.value
    assert reveal_state()["cat-days/grumpy-cat-by-draw-6"] == {"solved": False, "shown": False}
    exercise("cat-days/grumpy-cat-by-draw-6").check("1/2", show=False)  # wrong: still kept back
    assert calls == []
    button.click()
    assert calls == [1] and box.children == (output,) and closed(button) and closed(note)
    assert plt.get_fignums() == []
    assert reveal_state()["cat-days/grumpy-cat-by-draw-6"] == {"solved": False, "shown": True}
    exercise("cat-days/grumpy-cat-by-draw-6").check("95/187", show=False)
    assert calls == [1]  # drawn once only


def test_a_right_answer_shows_the_result_once_all_its_exercises_are_solved(fresh):
    calls = []
    keys = ["simons-cat/cat-3-set-aside", "simons-cat/no-cat-in-hand"]
    reveal_after(keys, lambda: calls.append(1))
    exercise(keys[0]).check("1/36", show=False)
    assert calls == [] and exercise(keys[0]).solved and not exercise(keys[1]).solved
    exercise(keys[1]).check(exercise(keys[1]).exact(), show=False)
    assert calls == [1]
    assert reveal_state()[keys[1]] == {"solved": True, "shown": True}


def test_answered_before_the_reveal_cell_runs_draws_at_once_and_a_rerun_closes_the_old_widgets(fresh):
    calls = []
    first = reveal_after("snap/dinohistoria-snaps", lambda: calls.append("first"))
    old_note, old_button, old_output = first.children
    exercise("snap/dinohistoria-snaps").check(4, show=False)
    second = reveal_after(exercise("snap/dinohistoria-snaps"), lambda: calls.append("second"))
    assert calls == ["first", "second"] and len(second.children) == 1
    assert all(closed(w) for w in (first, old_note, old_button, old_output))
    with pytest.raises(KeyError, match="no exercise called"):
        reveal_after("snap/unknown", lambda: None)
    with pytest.raises(ValueError, match="at least one exercise"):
        reveal_after([], lambda: None)
