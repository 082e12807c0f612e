"""catcards.lessons: sentences written from the numbers (issue 28: "every interpretation follows
from its numbers"). The intervals are the ones issue 28 quotes from the lessons' own output."""
from __future__ import annotations

import pytest

from catcards.core import GameParameterError
from catcards.lessons import compare, read_interval, read_together, student_seed, wilson
from catcards.probability import wilson_interval


def test_an_interval_that_excludes_the_fair_share_shows_a_real_advantage():
    # pairs cell 28 (issue 28): [0.517, 0.628] excludes 0.5, so "barely matters" was wrong
    assert read_interval(0.517, 0.628, 0.5, games=300) == \
        "The interval [0.517, 0.628] excludes 0.5: seat 0's advantage is real, somewhere between 0.017 and 0.128."


def test_an_interval_that_holds_the_fair_share_cannot_tell():
    assert read_interval(0.45, 0.55, 0.5, games=300) == \
        "The interval [0.450, 0.550] holds 0.5: these 300 games cannot tell a difference."
    # an end on the reference counts as holding it (a closed interval, as Interval.__contains__)
    assert "holds 0.5" in read_interval(0.5, 0.6, 0.5, games=1000)
    assert "1,000 games" in read_interval(0.5, 0.6, 0.5, games=1000)
    # a deal or a claim is not a game (a teacher's read of Cat Trick and the Card Game)
    assert read_interval(0.41, 0.46, 0.44, games=1500, trial="deal") == \
        "The interval [0.410, 0.460] holds 0.44: these 1,500 deals cannot tell a difference."
    for bad in ("", "games!", 5):
        with pytest.raises(ValueError, match="trial"):
            read_interval(0.41, 0.46, 0.44, games=1500, trial=bad)


def test_both_ends_of_the_interval_have_the_same_decimals():
    # pairs "Who starts" (the teacher's notes quote "[0.510, 0.622]"): a trailing zero is kept, as
    # the lessons' own f"{low:.3f}" prints it, not "[0.51, 0.622]"
    assert read_interval(0.51, 0.622, 0.5, games=300) == \
        "The interval [0.510, 0.622] excludes 0.5: seat 0's advantage is real, somewhere between 0.010 and 0.122."
    assert read_interval(0.4, 0.6, 0.5, games=10).startswith("The interval [0.400, 0.600] holds 0.5:")
    # more decimals when needed, on both ends: 0.49996 needs 5, so 0.4891 shows 5 too
    assert "[0.48910, 0.49996]" in read_interval(0.4891, 0.49996, 0.5, games=1000)
    # a zero end is "0.000", never "-0.000"
    assert read_interval(-0.0, 0.04, 0.5, games=50).startswith("The interval [0.000, 0.040] excludes 0.5:")


def test_below_the_reference_is_a_disadvantage():
    # big-cat, 2 players (issue 28): seat 0 0.494 [0.489, 0.499] excludes 0.5
    assert read_interval(0.489, 0.499, 0.5, games=40000) == \
        "The interval [0.489, 0.499] excludes 0.5: seat 0's disadvantage is real, somewhere between 0.001 and 0.011."
    # big-cat, 3 players: 0.348 [0.339, 0.357] excludes 1/3, shown as 0.333: the distances are
    # from the shown ends to the shown reference, so a student can subtract them
    assert read_interval(0.339, 0.357, 1 / 3, games=10000) == \
        "The interval [0.339, 0.357] excludes 0.333: seat 0's advantage is real, somewhere between 0.006 and 0.024."
    # snap cell 22: the equal-reaction row 0.473 [0.452, 0.495]
    assert read_interval(0.452, 0.495, 0.5, games=2000, what="the first player's win rate") == \
        "The interval [0.452, 0.495] excludes 0.5: the first player's disadvantage is real, somewhere between 0.005 and 0.048."


def test_rounding_never_turns_an_excluding_interval_into_one_that_looks_as_if_it_holds():
    # 0.49996 rounds to 0.5 at 3 decimals; the sentence shows enough decimals to stay true
    text = read_interval(0.4891, 0.49996, 0.5, games=1000)
    assert text.startswith("The interval [0.48910, 0.49996] excludes 0.5:")
    text = read_interval(0.3331, 0.357, 1 / 3, games=1000)
    assert text.startswith("The interval [0.3331, 0.3570] holds 0.3333:")


def test_a_rate_that_is_not_a_win_rate_is_read_against_its_reference_text():
    assert read_interval(0.02, 0.04, 0.06, games=3000, what="the chance of a snap after a snap",
                         reference_text="the chance after no snap (0.06)") == (
        "The interval [0.020, 0.040] excludes 0.06: the chance of a snap after a snap is really below "
        "the chance after no snap (0.06), by somewhere between 0.020 and 0.040.")


@pytest.mark.parametrize("args, kwargs", [
    ((0.6, 0.5, 0.5), {"games": 10}),          # low above high
    (("a", 0.5, 0.5), {"games": 10}),
    ((0.4, float("nan"), 0.5), {"games": 10}),
    ((0.4, 0.6, 0.5), {"games": 0}),
    ((0.4, 0.6, 0.5), {"games": 2.5}),
    ((0.4, 0.6, True), {"games": 10}),
])
def test_read_interval_refuses_bad_values(args, kwargs):
    with pytest.raises(ValueError):
        read_interval(*args, **kwargs)


def test_compare_separate_and_overlapping_intervals():
    assert compare(0.52, 0.6, 0.4, 0.48, a="seat 0", b="seat 1", what="win rate") == (
        "The intervals for seat 0 [0.520, 0.600] and seat 1 [0.400, 0.480] do not overlap: a real difference, "
        "the win rate is higher for seat 0.")
    # card-game cell 23 (issue 28): thresholds from 80 games each with overlapping intervals
    assert compare(0.41, 0.62, 0.35, 0.56, a="threshold 5", b="threshold 7", games=80) == (
        "The intervals for threshold 5 [0.410, 0.620] and threshold 7 [0.350, 0.560] overlap: with 80 games "
        "each, we cannot tell which is larger (overlap alone does not prove they are equal).")
    # a gap smaller than the rounding stays visible (every end with the decimals it takes)
    assert "[0.50000, 0.59996] and B [0.59998, 0.70000] do not overlap: a real difference, the rate is higher for B" \
        in compare(0.5, 0.59996, 0.59998, 0.7)
    with pytest.raises(ValueError):
        compare(0.6, 0.5, 0.4, 0.45)


def test_wilson_is_the_package_interval():
    # Newcombe 1998, Table II: 81/263 -> 0.2553 to 0.3662
    low, high = wilson(81, 263)
    assert round(low, 4) == 0.2553 and round(high, 4) == 0.3662
    assert wilson(81, 263, z=1.959963984540054) == pytest.approx(tuple(wilson_interval(81, 263)), abs=1e-12)
    with pytest.raises(ValueError):
        wilson(5, 3)
    with pytest.raises(ValueError):
        wilson(1, 3, z=0)


def test_student_seed_pinned_by_the_environment(monkeypatch, capsys):
    monkeypatch.setenv("CATCARDS_LESSON_SEED", "1,234")
    assert student_seed() == 1234
    # digits only, as typed back (a teacher's read, teach56: "Your seed: 961,240")
    assert capsys.readouterr().out == "Your seed: 1234\n"
    ana, ben = student_seed("Ana"), student_seed("Ben")
    assert ana != ben and student_seed(" ANA ") == ana   # names compared as typed names are
    assert all(0 <= s < 10 ** 6 for s in (ana, ben))   # short enough to read out
    monkeypatch.setenv("CATCARDS_LESSON_SEED", "99")
    assert student_seed("Ana") != ana                     # the pinned seed takes part
    monkeypatch.setenv("CATCARDS_LESSON_SEED", "-1")
    with pytest.raises(GameParameterError, match="CATCARDS_LESSON_SEED"):
        student_seed()


def test_student_seed_differs_between_students_when_not_pinned(monkeypatch, capsys):
    monkeypatch.delenv("CATCARDS_LESSON_SEED", raising=False)
    seeds = {student_seed() for _ in range(5)}
    assert len(seeds) == 5 and all(0 <= s < 10 ** 6 for s in seeds)
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == 5 and all(line.startswith("Your seed: ") for line in printed)
    assert student_seed("Ana") == student_seed("ana")     # a name replays its own sample
    for bad in (3, "x" * 101, "Ana\u202e"):
        with pytest.raises(GameParameterError):
            student_seed(bad)


def test_class_member_is_none_without_a_class(monkeypatch):
    from catcards.lessons import class_member

    monkeypatch.delenv("CATCARDS_CLASS", raising=False)
    assert class_member() is None


def test_compare_with_trailing_phrases_reads_as_a_sentence():
    said = compare(0.033, 0.052, 0.055, 0.061, a="after a snap", b="after no snap",
                   what="chance of a snap next", trailing=True)
    assert said.endswith("do not overlap: a real difference, the chance of a snap next is higher after no snap.")
    said = compare(0.055, 0.061, 0.033, 0.052, a="after no snap", b="after a snap", what="chance", trailing=True)
    assert said.endswith("the chance is higher after no snap.")


def test_the_size_of_a_real_difference_is_a_range_not_a_point():
    """A teacher (teach52): "disadvantage is real, about 0.13" from 80 games read as if the size
    were known, when the interval [0.277, 0.485] says only 0.015 to 0.223; and Pairs' "advantage
    is real, about 0.07" from [0.510, 0.622], where 10,000 games give 0.514. Both ends keep the
    interval's decimals and zeros (0.5 - 0.485 = 0.015, 0.6 - 0.5 = 0.100)."""
    assert read_interval(0.277, 0.485, 0.5, games=80, what="threshold 0's win rate").endswith(
        "threshold 0's disadvantage is real, somewhere between 0.015 and 0.223.")
    assert read_interval(0.6, 0.8, 0.5, games=80, what="threshold 1.01's win rate").endswith(
        "threshold 1.01's advantage is real, somewhere between 0.100 and 0.300.")
    # more decimals where the ends need them: the range shows them too
    assert read_interval(0.4891, 0.49996, 0.5, games=1000).endswith(
        "disadvantage is real, somewhere between 0.00004 and 0.01090.")


DRAWS = dict(labels=["playing from the start", "drawing 2 first", "drawing 4 first"], factor="drawing first",
             trend="the draws")


def test_one_miss_among_intervals_that_do_not_move_steadily_could_well_be_luck():
    """A teacher's read (teach53): Cat Days' Lesson 2 printed "the win rates do not rise or fall
    steadily with the draws. So this hints that drawing 2 first may help" for its numbers (0.512,
    0.606, 0.519), whatever they were; 1,600 fresh games with 2 draws first gave [0.504, 0.553],
    holding the equal share 0.519. The reading now follows the numbers."""
    said = read_together([0.512, 0.606, 0.519], [(0.436, 0.589), (0.529, 0.679), (0.442, 0.595)],
                         [0.522, 0.516, 0.519], **DRAWS)
    assert said == ("One of the 3 intervals (drawing 2 first) excludes the equal share. If drawing first made no "
                    "difference at all, at least one of 3 intervals would still miss about 1 time in 7 (0.14), and "
                    "the win rates do not rise or fall steadily with the draws. So this one miss could well be luck; "
                    "more games would tell.")
    assert "may help" not in said and "hints" not in said


def test_one_miss_among_steady_rates_hints_at_an_effect_in_its_direction():
    above = read_together([0.45, 0.50, 0.62], [(0.37, 0.53), (0.42, 0.58), (0.54, 0.69)], [0.52] * 3, **DRAWS)
    assert above.endswith("but the win rates rise or fall steadily with the draws. So this hints that drawing 4 "
                          "first may help: a question for more games, not a proof.")
    below = read_together([0.44, 0.50, 0.55], [(0.36, 0.515), (0.42, 0.58), (0.47, 0.63)], [0.52] * 3, **DRAWS)
    assert below.startswith("One of the 3 intervals (playing from the start) excludes the equal share.")
    assert below.endswith("So this hints that playing from the start may hurt: a question for more games, not a proof.")


def test_no_miss_and_several_misses_read_against_luck():
    assert read_together([0.5, 0.5, 0.52], [(0.4, 0.6)] * 3, [0.52] * 3, **DRAWS) == (
        "No interval excludes the equal share: these games show no advantage for drawing first "
        "(a small one is not ruled out).")
    # 2 or more misses of 3 by luck: 3 x 0.05^2 x 0.95 + 0.05^3 = 0.00725, about 1 time in 138
    assert read_together([0.6, 0.5, 0.4], [(0.53, 0.67), (0.42, 0.58), (0.33, 0.47)], [0.52] * 3, **DRAWS) == (
        "2 of the 3 intervals (playing from the start, drawing 4 first) exclude the equal share. If drawing "
        "first made no difference at all, 2 or more of 3 intervals would miss only about 1 time in 138 "
        "(0.0073): more than luck alone usually gives.")


@pytest.mark.parametrize("rates, intervals, references, message", [
    ([0.5, 0.5], [(0.4, 0.6)] * 2, [0.5] * 2, "at least 3 rows"),
    ([0.5] * 3, [(0.4, 0.6)] * 2, [0.5] * 3, "one entry a row"),
    ([0.5] * 3, [(0.6, 0.4)] * 3, [0.5] * 3, "low end"),
    ([0.5, "x", 0.5], [(0.4, 0.6)] * 3, [0.5] * 3, "must be a number"),
])
def test_read_together_refuses_rows_it_cannot_read(rates, intervals, references, message):
    with pytest.raises(ValueError, match=message):
        read_together(rates, intervals, references, **DRAWS)
