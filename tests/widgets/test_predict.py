"""The lessons' Predict box, driven as a student would: type (or pick), press the button, reveal."""
from __future__ import annotations

import html
import re
from fractions import Fraction

import ipywidgets as W
import pytest

from catcards.widgets import Predict
from catcards.widgets import predict
from catcards.widgets.predict import LOCK_LABEL, LOCKED_LABEL, WAITING


@pytest.fixture(autouse=True)
def fresh_kernel():
    """Each test starts as a fresh kernel: no prediction locked in before (predict._LOCKED)."""
    predict._LOCKED.clear()
    yield
    predict._LOCKED.clear()


def test_typed_fraction_is_locked_in_and_the_box_is_labelled_and_narrow():
    guess = Predict("How often does a turn of Snap end in a snap?", key="snap/first")
    assert guess.value is None and guess.key == "snap/first"
    assert guess.button.description == LOCK_LABEL == "Lock in my prediction"
    assert guess.field.description == "My prediction"          # a labelled field (keyboard: Tab, type, Enter)
    # sent whole when the field is left, so the button's click cannot overtake the last keys
    # (the browser holds a widget's next update until the kernel answered the one before)
    assert guess.field.continuous_update is False
    assert guess.layout.max_width == "100%" and guess.field.layout.max_width == "100%"  # fits 390 px
    guess.field.value = "1/5"
    guess.button.click()
    assert guess.value == 0.2 and guess.text == "1/5"
    assert guess.field.disabled
    # the button stays enabled (a disabled button drops a keyboard user's focus to the page) and
    # says the prediction is locked in; pressing it again changes nothing
    assert not guess.button.disabled and guess.button.description == LOCKED_LABEL == "Prediction locked in"
    assert "Locked in: 1/5." in guess.status.value
    guess.button.click()
    assert guess.value == 0.2 and "Your prediction is locked in: 1/5." in guess.status.value


def test_a_prediction_locked_in_survives_its_cell_run_again():
    """A teacher's read (lessonfix): Run All after the lock-in made a new, empty box, so the
    prediction was lost and the cells waited again. A box made again with the same key and
    question starts locked in with the prediction, and its reveal shows the answer at once."""
    question = "How often does a turn of Snap end in a snap?"
    first = Predict(question, key="snap/first")
    waiting = first.reveal(exact=Fraction(3, 51))
    assert WAITING in waiting.value
    first.field.value = "1/5"
    first.button.click()
    again = Predict(question, key="snap/first")          # the cell run again (or Run All)
    assert again is not first and again.value == 0.2 and again.text == "1/5"
    assert again.field.value == "1/5" and again.field.disabled and again.button.description == LOCKED_LABEL
    assert "Locked in: 1/5. You locked it in before this cell ran again." in again.status.value
    shown = again.reveal(exact=Fraction(3, 51))
    assert "You said 1/5. The exact answer is 1/17 = 0.059." in shown.value and WAITING not in shown.value
    # another question, or the same question without a key, starts empty: no answer before a lock-in
    for fresh in (Predict(question), Predict(question, key="snap/second"), Predict("Another?", key="snap/first"),
                  Predict(question, key="snap/first", kind="number")):
        assert fresh.value is None and not fresh.field.disabled and fresh.button.description == LOCK_LABEL
        assert WAITING in fresh.reveal().value


def test_a_choice_locked_in_survives_its_cell_run_again():
    choices = ["less likely", "just as likely", "more likely"]
    first = Predict("After a snap, is the next snap", kind="choice", choices=choices, key="snap/after")
    first.field.value = "more likely"
    first.button.click()
    again = Predict("After a snap, is the next snap", kind="choice", choices=choices, key="snap/after")
    assert again.value == again.field.value == "more likely" and again.field.disabled
    assert "You said more likely. The answer is: less likely." in again.reveal(exact="less likely").value


@pytest.mark.parametrize("typed, value", [("0.25", 0.25), ("25%", 0.25), (" .5 ", 0.5), ("1", 1.0)])
def test_probability_forms(typed, value):
    guess = Predict("p?")
    guess.field.value = typed
    guess.button.click()
    assert guess.value == value


@pytest.mark.parametrize("typed, says", [
    ("", "Type your prediction first"),
    ("about a fifth", "cannot be read as a number"),
    ("1.5", "A probability is between 0 and 1"),
    ("20", "A probability is between 0 and 1"),
    ("1/0", "divides by zero"),
])
def test_unreadable_predictions_are_refused_and_nothing_is_locked(typed, says):
    guess = Predict("p?")
    guess.field.value = typed
    guess.button.click()
    assert guess.value is None and not guess.field.disabled and not guess.button.disabled
    assert guess.button.description == LOCK_LABEL
    assert says in guess.status.value and 'role="alert"' in guess.status.value
    guess.field.value = "0.3"          # a second try works
    guess.button.click()
    assert guess.value == 0.3


@pytest.mark.parametrize("typed, value, text", [('"25%"', 0.25, "25%"), ("\u201c1/4\u201d", 0.25, "1/4"),
                                               ("'0.25'", 0.25, "0.25"), ("\u00ab25%\u00bb", 0.25, "25%")])
def test_a_prediction_typed_in_quotes_as_the_messages_showed_it_is_read(typed, value, text):
    """The refusal said 'write 25% as 0.25, 1/4 or "25%"' and 'a percentage as text like
    "28.6%"' (words for a code cell); a student who typed it so, quotes and all, was refused."""
    guess = Predict("p?")
    guess.field.value = typed
    guess.button.click()
    assert guess.value == value and guess.text == text


@pytest.mark.parametrize("kind, typed, says", [
    ("probability", "about a fifth", "'about a fifth' cannot be read as a number: type a fraction like 1/4, "
                                     "a decimal like 0.25 or a percentage like 25%."),
    ("number", "twelve", "'twelve' cannot be read as a number: type a number like 100 or 7.5, or a fraction like 15/2."),
    ("probability", "0,25", "'0,25' cannot be read as a number: type it without a comma: a decimal with a point "
                            "(0.25), a thousand as 1000."),
    ("number", "1,000", "'1,000' cannot be read as a number: type it without a comma: a decimal with a point "
                        "(0.25), a thousand as 1000."),
    ("probability", "2", "A probability is between 0 and 1: for 25% type 0.25, 1/4 or 25% (with the % sign)."),
])
def test_a_refusal_names_the_forms_to_type_in_the_box_without_quotes_or_code(kind, typed, says):
    guess = Predict("p?", kind=kind)
    guess.field.value = typed
    guess.button.click()
    assert guess.value is None
    assert html.unescape(re.sub("<[^>]+>", "", guess.status.value)) == says


def test_a_long_prediction_wraps_inside_the_box():
    """300 digits locked in (the most an answer may have) were one unbroken word in the status
    line and the reveal: wider than a 390 px phone. Checked in a browser by
    tests/browser/test_predict_browser.py."""
    guess = Predict("How many turns?", kind="number")
    guess.field.value = "1/" + "9" * 298
    guess.button.click()
    assert guess.value is not None
    shown = guess.reveal(exact=Fraction(1, 3))
    assert "overflow-wrap:anywhere" in guess.status.value
    assert shown.value.count("overflow-wrap:anywhere") == 2   # the sentence and the table


def test_a_number_prediction_is_not_a_percentage():
    guess = Predict("How many turns does a game last?", kind="number")
    guess.field.value = "50%"
    guess.button.click()
    assert guess.value is None
    assert "This asks for a number, not a percentage: type it without the % sign" in guess.status.value
    guess.field.value = "50"
    guess.button.click()
    assert guess.value == 50.0


def test_a_number_prediction_may_be_above_one():
    guess = Predict("How many turns does a game last?", kind="number")
    guess.field.value = "25"
    guess.button.click()
    assert guess.value == 25.0


def test_a_locked_prediction_cannot_be_changed():
    guess = Predict("p?")
    guess.field.value = "0.2"
    guess.button.click()
    guess.field.value = "0.9"          # the field is disabled in the browser; even so:
    assert guess.lock() is True
    assert guess.value == 0.2


def test_every_press_is_said_again_even_in_the_same_words():
    """break54: pressing "Prediction locked in" a third time (or an empty box's button twice) set
    the same status line, so no change reached the page and a screen reader said nothing, though
    the tooltip says "press to hear it again". Each press now sends its line anew."""
    guess = Predict("p?")
    sent = []
    guess.status.observe(lambda change: sent.append(change["new"]), "value")
    guess.button.click()
    guess.button.click()
    assert [line for line in sent if line].count(sent[-1]) == 2 and "Type your prediction first" in sent[-1]
    guess.field.value = "0.2"
    for _ in range(3):
        guess.button.click()
    repeats = [line for line in sent if "Your prediction is locked in: 0.2." in line]
    assert len(repeats) == 2 and sent[-1] == repeats[-1]   # the lock-in's own line, then two repeats
    assert guess.value == 0.2


def test_a_count_below_zero_is_refused():
    """break54: a count's box (a unit: snaps) took "-3 snaps" as the prediction."""
    guess = Predict("How many snaps?", kind="number", unit="snaps")
    guess.field.value = "-3 snaps"
    assert guess.lock() is False and guess.value is None
    assert "A count of snaps cannot be below 0" in guess.status.value
    guess.field.value = "3 snaps"
    assert guess.lock() is True and guess.value == 3.0
    plain = Predict("What is the mean score difference?", kind="number")   # no unit: any number
    plain.field.value = "-3"
    assert plain.lock() is True and plain.value == -3.0


def test_choice_is_picked_with_radio_buttons():
    guess = Predict("After a snap, is the next snap", kind="choice",
                    choices=["less likely", "just as likely", "more likely"])
    assert isinstance(guess.field, W.RadioButtons) and guess.field.value is None
    guess.button.click()
    assert guess.value is None and "Pick one of the answers first" in guess.status.value
    guess.field.value = "just as likely"
    guess.button.click()
    assert guess.value == "just as likely"
    shown = guess.reveal(exact="less likely", note="After a snap two cards of that number are gone.")
    assert "You said just as likely. The answer is: less likely. Not what you predicted: why not?" in shown.value
    with pytest.raises(ValueError):
        guess.reveal(exact="never")


def test_reveal_shows_the_prediction_beside_exact_and_simulated():
    guess = Predict("p?")
    guess.field.value = "0.2"
    guess.button.click()
    shown = guess.reveal(exact=Fraction(3, 51), simulated=0.061, games=1000, interval=(0.047, 0.078))
    assert isinstance(shown, W.HTML)
    assert "You said 0.2. The exact answer is 1/17 = 0.059. 1,000 simulated games gave 0.061." in shown.value
    assert "<th" in shown.value and "[0.047, 0.078]" in shown.value
    again = guess.reveal(exact=Fraction(1, 4))          # updated in place: the same widget
    assert again is shown and "1/4 = 0.25" in shown.value and "0.061" not in shown.value


@pytest.mark.parametrize("text", ["50/50", "50 / 50", "fifty-fifty", "Fifty fifty"])
def test_an_even_chance_in_everyday_words_is_not_locked_in_as_1(text):
    # a teacher's read: "50/50" was locked in as 50/50 = 1, the opposite of what a student means
    guess = Predict("p?")
    guess.field.value = text
    assert guess.lock() is False and guess.value is None
    assert "even chance" in guess.status.value and "1/2, 0.5 or 50%" in guess.status.value
    count = Predict("how many?", kind="number")
    count.field.value = "50/50"
    assert count.lock() is True and count.value == 1     # a number question reads it as a fraction
    # a check cell reads answers the same way (one reader, catcards.exercises.read_answer)
    from catcards.exercises import check

    checked = check(text, Fraction(1, 2), show=False)
    assert checked.right is None and "even chance" in checked.message and "1/2, 0.5 or 50%" in checked.message


def test_reveal_names_what_was_simulated_a_deal_is_not_a_game():
    # a teacher's read: "2,000 simulated games" for 2,000 dealt hands
    guess = Predict("p?")
    guess.field.value = "0.7"
    guess.button.click()
    shown = guess.reveal(exact=Fraction(1, 2), simulated=0.69, games=2000, trial="hand")
    assert "2,000 simulated hands gave 0.69." in shown.value and "Simulated (2,000 hands)" in shown.value
    assert "game" not in shown.value
    assert "1 simulated deal gave" in guess.reveal(simulated=0.5, games=1, trial="deal").value
    for bad in ("", "deals<b>", "x" * 31, 3):
        with pytest.raises(ValueError, match="trial"):
            guess.reveal(simulated=0.5, games=10, trial=bad)


def test_reveal_before_a_prediction_waits_and_fills_in_when_locked_in():
    # "Run All" runs the reveal cell at once: it must not show the answer beside an empty box
    guess = Predict("p?")
    shown = guess.reveal(exact=Fraction(2, 50), simulated=0.0412, games=5000)
    assert "Lock in your prediction above to see the answer." in shown.value
    assert "1/25" not in shown.value and "0.04" not in shown.value and "5,000" not in shown.value
    guess.field.value = "nonsense"                      # a refused lock-in reveals nothing
    guess.button.click()
    assert guess.value is None and "1/25" not in shown.value
    guess.field.value = "0.1"
    guess.button.click()                                # the same widget, filled in place
    assert shown is guess.result
    assert "You said 0.1. The exact answer is 1/25 = 0.04. 5,000 simulated games gave 0.041." in shown.value


def test_a_waiting_reveal_still_refuses_bad_answers_at_once():
    guess = Predict("After a snap", kind="choice", choices=["less likely", "more likely"])
    with pytest.raises(ValueError):
        guess.reveal(exact="never")
    assert guess.result is None
    shown = guess.reveal(exact="less likely")
    guess.field.value = "more likely"
    guess.button.click()
    assert "You said more likely. The answer is: less likely. Not what you predicted: why not?" in shown.value


def test_text_is_escaped():
    guess = Predict("Is 1 < 2 & <b>bold</b>?")
    assert "&lt;b&gt;bold&lt;/b&gt;" in guess.label.value
    guess.field.value = "<script>"
    guess.button.click()
    assert "<script>" not in guess.status.value


def test_on_lock_callback_and_close():
    guess = Predict("p?")
    seen = []
    guess.on_lock(lambda g: seen.append(g.value))
    guess.field.value = "0.5"
    guess.button.click()
    assert seen == [0.5]
    shown = guess.reveal(exact=Fraction(1, 2))
    guess.close()
    assert guess.comm is None and guess.field.comm is None and shown.comm is None


@pytest.mark.parametrize("kwargs", [
    {"question": ""}, {"question": "p?", "kind": "guess"}, {"question": "p?", "kind": "choice"},
    {"question": "p?", "kind": "choice", "choices": ["a", "a"]}, {"question": "p?", "choices": ["a", "b"]},
    {"question": "p?", "key": ""},
])
def test_bad_arguments_are_refused(kwargs):
    with pytest.raises(ValueError):
        Predict(**kwargs)


# ---- a count's unit, read as the lesson's check cells read it (one reader: read_answer) --------
@pytest.mark.parametrize("question, unit, typed, value", [
    ("How many snaps in one pass?", "snaps", "3 snaps", 3.0),
    ("How many snaps in one pass?", "snaps", "1 snap", 1.0),
    ("How many snaps in one pass?", "snaps", " 2.5 Snaps ", 2.5),
    ("How many snaps in one pass?", "snaps", "7/2 snaps", 3.5),
    ("Perfect memory, 8 pairs, alone: how many turns on average?", "turns", "12.4 turns", 12.4),
    ("How many rounds does a 4-player game last?", "rounds", "6 rounds", 6.0),
])
def test_a_number_prediction_may_end_with_its_unit(question, unit, typed, value):
    guess = Predict(question, kind="number", unit=unit)
    guess.field.value = typed
    guess.button.click()
    assert guess.value == value and guess.text == typed.strip()
    assert f"Locked in: {typed.strip()}." in guess.status.value


@pytest.mark.parametrize("typed, says", [
    ("3 snaps 4", "cannot be read as a number"), ("3 4 snaps", "cannot be read as a number"),
    ("3 turns", "cannot be read as a number"), ("snaps", "cannot be read as a number"),
    ("three snaps", "cannot be read as a number"), ("3 snapsnaps", "cannot be read as a number"),
    ("50% snaps", "This asks for a number, not a percentage"),
])
def test_a_wrong_unit_two_numbers_or_a_percentage_with_the_unit_are_still_refused(typed, says):
    guess = Predict("How many snaps in one pass?", kind="number", unit="snaps")
    guess.field.value = typed
    guess.button.click()
    assert guess.value is None and not guess.field.disabled
    assert says in html.unescape(guess.status.value)


def test_a_unit_is_given_for_a_count_and_never_for_a_probability():
    assert Predict("How many snaps in one pass?", kind="number").unit == ""   # a bare number
    assert Predict("How many snaps in one pass?", kind="number", unit="snaps").unit == "snaps"
    guess = Predict("What is the chance of a snap?")
    guess.field.value = "1/17 snaps"
    guess.button.click()
    assert guess.value is None
    with pytest.raises(ValueError, match="unit"):
        Predict("p?", unit="snaps")
    with pytest.raises(ValueError, match="unit"):
        Predict("How many?", kind="number", unit="3 snaps")


@pytest.mark.parametrize("typed", ["3 snaps", "1 snap", "3.0 Snaps", "3 snaps 4", "3 4 snaps", "3 turns",
                                   "50% snaps", "snaps", "3", "3snaps", "4 snaps please"])
def test_a_prediction_and_a_check_cell_read_a_count_alike(typed):
    """The lesson's check cell (unit "snaps") and its Predict box read a count the same way."""
    from catcards.exercises import check

    checked = check(typed, 3, probability=False, unit="snaps", show=False)
    guess = Predict("How many snaps in one pass?", kind="number", unit="snaps")
    guess.field.value = typed
    guess.button.click()
    assert (guess.value is not None) == (checked.right is not None)


def test_every_lessons_number_prediction_names_its_unit():
    from catcards.kit import lessons

    asked = [p for lesson in lessons() for p in lesson.predictions if p["kind"] == "number"]
    assert asked, "the lessons ask no count to predict"
    for p in asked:
        # a lesson's count is asked with its unit word: "3 snaps" is read as the check cells read it
        assert p["unit"], f"no unit for {p['question']!r}: pass unit= to its Predict"
        guess = Predict(p["question"], kind="number", unit=p["unit"])
        guess.field.value = f"3 {guess.unit}"
        guess.button.click()
        assert guess.value == 3.0


@pytest.mark.parametrize("kind, unit, typed, shown, value", [
    ("probability", "", "4/7.", "4/7", 4 / 7), ("probability", "", "57%.", "57%", 0.57),
    ("number", "snaps", "3 snaps.", "3 snaps", 3.0),
])
def test_a_full_stop_after_a_prediction_is_not_said_twice(kind, unit, typed, shown, value):
    """Break-it tester (break42): "4/7." was locked in as "Locked in: 4/7.. Keep it in mind" (and
    "You said 4/7.." at the reveal): the full stop ends the sentence, as the reader reads it."""
    guess = Predict("What is the chance?", kind=kind, unit=unit)
    guess.field.value = typed
    guess.button.click()
    assert guess.value == pytest.approx(value) and guess.text == shown
    assert f"Locked in: {shown}. Keep" in guess.status.value


@pytest.mark.parametrize("typed, shown", [("4/7\u3002", "4/7"), ("4/7?", "4/7"), ("(4/7)", "(4/7)")])
def test_a_chinese_full_stop_or_brackets_around_a_prediction_are_read(typed, shown):
    """"4/7。" was "cannot be read as a number" and "(4/7)" was too: read as the check cells read them."""
    guess = Predict("What is the chance?")
    guess.field.value = typed
    guess.button.click()
    assert guess.value == pytest.approx(4 / 7) and guess.text == shown
    assert f"Locked in: {shown}. Keep" in guess.status.value


def test_the_probability_box_hint_holds_no_number_a_lesson_could_ask_for():
    """teach58: the hint in every probability box was "e.g. 1/4, 0.25 or 25%", and King of the
    Jungle's first prediction asks for the chance of holding one given Lion, 1/4."""
    guess = Predict("How likely is it that your hand holds the Lion of red?", key="kotj/one-lion")
    assert guess.field.placeholder == "a fraction, a decimal or a percent"
    assert not re.search(r"\d", guess.field.placeholder)
    assert Predict("How many snaps in a pass?", kind="number", key="snap/count").field.placeholder == "a number"


def test_a_box_that_cells_wait_for_says_to_run_them_again_at_the_lock_in():
    """A teacher's read (lessons62): the lock-in said "Keep it in mind: the lesson shows the answer
    later." and nothing of the cells below that said "Lock in your prediction above first, then run
    this cell again." A box made with ``cells_wait=True`` says to run them again, in one sentence;
    a box without such cells (the default) does not."""
    waited = Predict("How often does a turn of Snap end in a snap?", key="snap/first", cells_wait=True)
    waited.field.value = "1/5"
    waited.button.click()
    assert html.unescape(waited.status.value).endswith(
        ">Locked in: 1/5. Keep it in mind: the lesson shows the answer later. "
        "Now run again the cells below that wait for this prediction.</span>"), waited.status.value
    alone = Predict("How many snaps in one pass?", kind="number")
    alone.field.value = "3"
    alone.button.click()
    assert "Locked in: 3. Keep it in mind: the lesson shows the answer later.<" in alone.status.value
    assert "run again" not in alone.status.value and alone.cells_wait is False and waited.cells_wait is True
    # the same box made again after the lock-in (Run All) runs every cell below anyway: no sentence
    again = Predict("How often does a turn of Snap end in a snap?", key="snap/first", cells_wait=True)
    assert "run again" not in again.status.value
    assert "You locked it in before this cell ran again." in again.status.value
    with pytest.raises(ValueError, match="cells_wait must be True or False"):
        Predict("How many?", kind="number", cells_wait="yes")
