"""The class pool on each store (SQLite and PostgreSQL): classes, students, what counts, every
refusal, concurrency, durability."""
from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from functools import partial

import pandas as pd
import pytest
import sqlalchemy as sa

import catcards
from catcards.classroom.activities import activity
from catcards.classroom.pool import CODE_ALPHABET, MAX_SAVE_BYTES, Pool, PoolError, series_seed
from catcards.classroom.store import open_store
from catcards.games.snap import FLIP, SNAPS

SNAPS_ACT = activity("snap/snaps-per-pass")


def snap_pass(seed: int, turns: int = 52):
    """A Snap pass of the activity, ``turns`` cards turned with nobody calling."""
    state = SNAPS_ACT.new_game(seed)
    for _ in range(turns):
        state.apply(FLIP)
    return state


@pytest.fixture
def pool(store_where):
    store = open_store(store_where)
    yield Pool(store)
    store.close()


def unchanged(pool: Pool, code: str):
    """What a refusal must leave as it was: the class's version, summary and results."""
    return pool.version(code), json.dumps(pool.summary(code)), pool.results_csv(code)


def refused(pool, code, status, match, call, *args):
    before = unchanged(pool, code)
    with pytest.raises(PoolError, match=match) as caught:
        call(*args)
    assert caught.value.status == status
    assert unchanged(pool, code) == before
    return caught.value


def test_start_gives_a_code_without_look_alikes_and_a_hashed_teacher_token(pool):
    info = pool.start("snap")
    assert len(info.code) == 6 and set(info.code) <= set(CODE_ALPHABET)
    assert not set("0O1IL") & set(CODE_ALPHABET)
    assert info.activity == "snap/snaps-per-pass" and info.is_open and not info.ended
    assert len(info.teacher_token) >= 30
    with pool.store.connect() as conn:
        stored = [tuple(map(str, r)) for r in conn.execute(sa.select(pool.store.classes)).all()]
    assert not any(info.teacher_token in field for row in stored for field in row)
    assert pool.resume(info.code.lower(), info.teacher_token).code == info.code
    refused(pool, info.code, 403, "not this class's teacher's token", pool.resume, info.code, "nope")
    refused(pool, info.code, 401, "needs the teacher's token", pool.resume, info.code, "")
    assert [c.code for c in pool.classes()] == [info.code]
    assert pool.classes()[0].teacher_token is None


def test_start_refuses_unknown_games_activities_and_taken_codes(pool):
    with pytest.raises(PoolError, match="no activity called 'snap/x'") as e:
        pool.start("snap", "snap/x")
    assert e.value.status == 400
    with pytest.raises(PoolError, match="is for 'pairs', not 'snap'"):
        pool.start("snap", "pairs/turns-to-clear")
    with pytest.raises(PoolError, match="has no class activity"):
        pool.start("cat-days")
    assert pool.start("pairs", code="abc234").code == "ABC234"
    with pytest.raises(PoolError, match="ABC234 is taken") as e:
        pool.start("snap", code="ABC234")
    assert e.value.status == 409
    with pytest.raises(PoolError, match="not a class code"):
        pool.start("snap", code="ABC10O")


def test_students_get_their_own_seeds_and_series(pool):
    code = pool.start("snap").code
    a, b = pool.join(code, "  Ann  Lee "), pool.join(code)
    assert (a.number, b.number) == (1, 2) and a.nickname == "Ann Lee" and b.nickname is None
    assert a.seed != b.seed and a.token != b.token
    assert pool.game_seed(code, a.token, 0) == a.seed * 1000 == a.game_seed(0)
    assert pool.game_seed(code, a.token, 999) == series_seed(a.seed, 999) == a.seed * 1000 + 999
    with pytest.raises(PoolError, match="from 0 to 999") as e:
        pool.game_seed(code, a.token, 1000)
    assert e.value.status == 400
    again = pool.student(code, a.token)  # a reload keeps the identity
    assert (again.number, again.seed, again.nickname) == (1, a.seed, "Ann Lee")
    with pytest.raises(PoolError, match="have not joined this class") as e:
        pool.student(code, "no-such-token")
    assert e.value.status == 403


@pytest.mark.parametrize("nickname", ["x" * 25, "a\nb", "\u202eevil", 12])
def test_nickname_bounds(pool, nickname):
    code = pool.start("snap").code
    refused(pool, code, 400, "nickname", pool.join, code, nickname)


@pytest.mark.parametrize("value, kind", [(12, "a number"), (["Ann"], "a list"), (True, "true or false")])
def test_a_nickname_or_game_in_play_not_text_is_refused_in_plain_words(pool, value, kind):
    """A nickname (the join's JSON) or a table's game in play that is not text is refused naming
    its kind in words, as a save is (``core.text.json_kind``): it said "not int", "not list",
    "not bool", Python's names (the last read of stop 51)."""
    code = pool.start("snap").code
    with pytest.raises(PoolError) as e:
        pool.join(code, value)
    assert (e.value.status, str(e.value)) == (400, f"a nickname is text, not {kind}")
    me = pool.join(code, "Ann")
    with pytest.raises(PoolError) as e:
        pool.check_progress(code, me.token, 0, value)
    assert (e.value.status, str(e.value)) == (400, f"a game in progress is its save as text (JSON), not {kind}")


def test_nicknames_switched_off_are_not_kept(pool):
    code = pool.start("snap", nicknames=False).code
    assert pool.join(code, "Ann").nickname is None


def test_a_nickname_a_spreadsheet_would_run_is_written_as_text_in_the_csv(pool):
    """Break-it tester (issue 29): nicknames such as =HYPERLINK("http://x") went into the CSV as
    they were, and a spreadsheet on the teacher's computer would run them as formulas."""
    code = pool.start("snap").code
    for name in ('=HYPERLINK("http://x")', "+1-1", "-2", "@SUM(1)", "Ann"):
        pool.tally(code, pool.join(code, name).token, 3)
    nicknames = [line.split(",", 3)[2] for line in pool.results_csv(code).splitlines()[1:]]
    assert nicknames == ['"\'=HYPERLINK(""http://x"")"', "'+1-1", "'-2", "'@SUM(1)", "Ann"]
    assert list(pool.results(code)["nickname"])[:2] == ['=HYPERLINK("http://x")', "+1-1"]  # kept as given


def test_a_missing_nickname_is_nan_in_the_results_as_in_the_results_read_from_the_server(pool):
    """readme61: a student without a nickname was None in the class's own ``results()`` and NaN in
    ``Classroom(join_url).results(token)`` (pandas 2, which CI's lowest versions run; pandas 3
    made both NaN by its own string inference). Both are NaN now, as ``pd.read_csv`` gives a
    missing string, and the frame read back from the CSV the server sends is the same frame."""
    from catcards.classroom import _results_from_csv

    code = pool.start("snap").code
    nobody, ann = pool.join(code), pool.join(code, "Ann")
    _k, seed = pool.next_game(code, nobody.token)
    pool.submit(code, nobody.token, snap_pass(seed).to_json())
    pool.tally(code, ann.token, 3)
    local = pool.results(code)
    missing = local["nickname"].tolist()[0]
    assert isinstance(missing, float) and missing != missing  # NaN, not None
    assert local["nickname"].isna().tolist() == [True, False] and local["nickname"].tolist()[1] == "Ann"
    pd.testing.assert_frame_equal(_results_from_csv(pool.results_csv(code)), local)


def test_a_finished_game_counts_with_its_result(pool):
    info = pool.start("snap")
    code = info.code
    me = pool.join(code, "Ann")
    version = pool.version(code)
    values = []
    for k in range(3):
        state = snap_pass(me.game_seed(k))
        counted = pool.submit(code, me.token, state.to_json())
        assert counted.value == state.snaps_showing and counted.verified and counted.kind == "game"
        assert (counted.game_number, counted.seed, counted.n) == (k + 1, me.game_seed(k), k + 1)
        values.append(state.snaps_showing)
    assert pool.version(code) == version + 3
    summary = pool.summary(code)
    assert json.loads(json.dumps(summary)) == summary
    assert (summary["joined"], summary["submitted"], summary["n"]) == (1, 1, 3)
    assert summary["mean"] == pytest.approx(sum(values) / 3)
    assert summary["counts"] == [[v, values.count(v)] for v in sorted(set(values))]
    assert summary["exact_mean"] == 3.0 and summary["exact"][0] == [0, pytest.approx(0.045476, abs=1e-6)]
    assert [r["n"] for r in summary["running"]] == [1, 2, 3]
    assert summary["running"][0]["low"] is None
    assert summary["students"] == [{"number": 1, "student": "Student 1", "n": 3, "mean": pytest.approx(sum(values) / 3),
                                    "tallies": 0, "tallies_mean": None, "removed": False}]
    assert pool.summary(code, names=True)["students"][0]["student"] == "Ann"
    frame = pool.results(code)
    assert list(frame["value"]) == values and list(frame["game_number"]) == [1, 2, 3]
    assert list(frame["student"]) == [1, 1, 1] and frame["verified"].all()
    csv = pool.results_csv(code)
    assert csv.splitlines()[0] == "order,student,nickname,kind,verified,game_number,seed,value,counted_at,removed"
    assert len(csv.splitlines()) == 4


def test_running_interval_is_students_t_after_each_result(pool):
    """After each result the interval is the one-sample t interval of the results so far
    (scipy's ttest_1samp's, an independent computation), kept within 0 to 39 snaps."""
    from scipy.stats import ttest_1samp

    code = pool.start("snap").code
    students = [pool.join(code) for _ in range(4)]
    values = []
    for k in range(5):
        for s in students:
            state = snap_pass(s.game_seed(k))
            pool.submit(code, s.token, state.to_json())
            values.append(state.snaps_showing)
    running = pool.summary(code)["running"]
    last = running[-1]
    sd = pd.Series(values).std()
    assert last["mean"] == pytest.approx(sum(values) / 20)
    # t(0.975, 19) = 2.093 (any t table), not the normal 1.96
    assert last["high"] - last["mean"] == pytest.approx(2.093024 * sd / 20 ** 0.5, rel=1e-5)
    for n in range(2, 21):
        so_far = values[:n]
        if len(set(so_far)) == 1:  # no spread: the interval is the mean itself
            assert running[n - 1]["low"] == running[n - 1]["high"] == pytest.approx(so_far[0])
            continue
        low, high = ttest_1samp(so_far, 0).confidence_interval(0.95)
        assert (running[n - 1]["low"], running[n - 1]["high"]) == (
            pytest.approx(max(0, low), rel=1e-9, abs=1e-9), pytest.approx(min(39, high), rel=1e-9, abs=1e-9))


def test_the_interval_from_two_counts_is_students_t_not_the_normal_one():
    """A teacher on a projector: counts 2 and 4 gave "1.04 to 4.96" (3 +- 1.96 s / sqrt(2), s =
    sqrt(2)); with one degree of freedom the 95% quantile is 12.706 (Student 1908; any t table),
    so the interval is 3 +- 12.706, and within 0 to 51 snaps it is 0 to 15.706."""
    from catcards.classroom.pool import _running

    first, second = _running([2, 4], binary=False)
    assert first == {"n": 1, "mean": 2.0, "low": None, "high": None}
    assert second == {"n": 2, "mean": 3.0, "low": pytest.approx(3 - 12.7062047, abs=1e-6),
                      "high": pytest.approx(3 + 12.7062047, abs=1e-6)}
    assert _running([2, 4], binary=False, bounds=(0, 51))[1] == {
        "n": 2, "mean": 3.0, "low": 0, "high": pytest.approx(15.7062047, abs=1e-6)}


def test_a_large_sample_s_t_interval_is_close_to_the_normal_one():
    """At n = 5000 the t quantile (1.96045) is within 0.03% of the normal one (1.95996): the
    interval is the familiar mean +- 1.96 s / sqrt(n)."""
    import numpy as np

    from catcards.classroom.pool import _running

    values = [int(v) for v in np.random.default_rng(3).integers(0, 11, size=5000)]
    last = _running(values, binary=False, bounds=(0, 10))[-1]
    normal_half = catcards.probability.z_value(0.95) * pd.Series(values).std() / 5000 ** 0.5
    ratio = (last["high"] - last["mean"]) / normal_half
    assert 1.0002 < ratio < 1.0003
    assert last["mean"] - last["low"] == pytest.approx(last["high"] - last["mean"])


def test_importing_the_pool_does_not_import_scipy():
    """scipy's t quantile is imported by the first interval, not by ``import catcards.classroom.pool``."""
    import subprocess
    import sys

    probe = ("import sys, catcards.classroom.pool as p; before = 'scipy' in sys.modules; "
             "p._running([1, 2], False); print(before, 'scipy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "True"]


def test_a_running_interval_stays_within_the_values_a_count_can_take(pool):
    """A hostile tester: after counts of 0 and 6 snaps the dashboard's interval reached -2.9 (its
    axis down to -15.5 after extreme counts); a mean of snap counts lies in 0 to 39."""
    code = pool.start("snap").code
    me = pool.join(code)
    pool.tally(code, me.token, 0)
    pool.tally(code, me.token, 6)
    second = pool.summary(code)["tallies"]["running"][1]
    assert 3 - 12.7062047 * 18 ** 0.5 / 2 ** 0.5 < 0   # the t interval's low end, unclipped
    # s / sqrt(n) = sqrt(18) / sqrt(2) = 3
    assert 3 + 12.7062047 * 3 > 39   # and its high end, above the most snaps a pass can show (break50)
    assert (second["mean"], second["low"], second["high"]) == (3.0, 0, 39)


def test_a_yes_no_activity_uses_wilson_and_the_exact_chance(pool):
    code = pool.start("simons-cat").code
    me = pool.join(code)
    act = activity("simons-cat/cat3-set-aside")
    state = act.new_game(me.game_seed(0))   # just dealt: the set-aside card is face up, so it counts (simonsact55)
    counted = pool.submit(code, me.token, state.to_json())
    assert counted.value == int(0 in state.aside)   # card id 0 is the Cat 3
    later = act.new_game(me.game_seed(1))
    while later.round < 2:   # played on into round 2: still the first deal's card that counts
        later.apply(later.legal_actions()[0])
    assert pool.submit(code, me.token, later.to_json()).value == int(0 in act.new_game(me.game_seed(1)).aside)
    summary = pool.summary(code)
    assert summary["binary"] and summary["exact_mean"] == pytest.approx(1 / 36)   # 5 players, 1 card set aside
    low, high = catcards.probability.wilson_interval(int(counted.value), 1)
    assert (summary["running"][0]["low"], summary["running"][0]["high"]) == (low, high)


def test_tallies_are_kept_apart_and_not_verified(pool):
    code = pool.start("snap").code
    me = pool.join(code)
    counted = pool.tally(code, me.token, "4")
    assert (counted.value, counted.kind, counted.verified, counted.seed) == (4, "tally", False, None)
    pool.tally(code, me.token, 2)
    summary = pool.summary(code)
    assert summary["n"] == 0 and summary["submitted"] == 0
    # the tallies get their own running mean (the dashboard draws it as its own series): after
    # 4 then 2, the mean is 3 with s = sqrt(2), so the interval is 3 -+ t(0.975, 1) * sqrt(2 / 2)
    # = 3 -+ 12.706, its low end kept at 0 (no mean of counts is below)
    assert summary["tallies"] == {
        "n": 2, "counts": [[2, 1], [4, 1]], "mean": 3.0, "verified": False,
        "running": [{"n": 1, "mean": 4.0, "low": None, "high": None},
                    {"n": 2, "mean": 3.0, "low": 0, "high": pytest.approx(3 + 12.7062047, abs=1e-6)}]}
    assert summary["running"] == [] and summary["mean"] is None  # never mixed into the checked games
    frame = pool.results(code)
    assert list(frame["kind"]) == ["tally", "tally"] and not frame["verified"].any()
    refused(pool, code, 422, "whole number from 0 to 39", pool.tally, code, me.token, 40)
    big = pool.start("big-cat").code
    assert pool.tally(big, pool.join(big).token, 300).value == 300


def test_one_student_sends_at_most_twenty_real_deck_counts(pool):
    """Break-it (a student's script): one student sent 75 counts of 51 in 20 s, and the class's
    real-deck mean went from 0 to 49.7; the counts are not checked, so each student's are capped."""
    from catcards.classroom.pool import TALLIES_PER_STUDENT

    code = pool.start("snap").code
    me, other = pool.join(code), pool.join(code)
    assert [pool.tally(code, me.token, 39).n for _ in range(TALLIES_PER_STUDENT)] == list(range(1, 21))
    refused(pool, code, 403, "you have sent 20 counts from real cards, the most one student can send",
            pool.tally, code, me.token, 39)
    assert pool.tally(code, other.token, 0).n == 1  # another student is not held up
    assert pool.submit(code, me.token, snap_pass(me.game_seed(0)).to_json()).kind == "game"  # nor my games
    assert pool.summary(code)["tallies"]["n"] == 21


def test_a_student_taken_out_is_left_out_of_the_pool_and_put_back_with_nothing_lost(pool):
    """A student who sent nonsense counts (not verified, up to 20) or chose a rude nickname: the
    teacher takes their results out of the pooled results and can put them back; nothing is
    deleted, and the CSV marks their rows."""
    info = pool.start("snap")
    code, token = info.code, info.teacher_token
    ann, rude, counter = pool.join(code, "Ann"), pool.join(code, "Rude"), pool.join(code, "Cy")
    ann_games = [pool.submit(code, ann.token, snap_pass(ann.game_seed(k)).to_json()).value for k in range(2)]
    rude_game = pool.submit(code, rude.token, snap_pass(rude.game_seed(0)).to_json()).value
    for _ in range(3):
        pool.tally(code, rude.token, 39)
    pool.tally(code, counter.token, 2)
    whole = pool.summary(code, names=True)
    assert (whole["n"], whole["submitted"], whole["tallies"]["n"], whole["taken_out"]) == (3, 2, 4, 0)
    assert [(s["number"], s["student"], s["n"], s["tallies"], s["removed"]) for s in whole["students"]] == [
        (1, "Ann", 2, 0, False), (2, "Rude", 1, 3, False), (3, "Cy", 0, 1, False)]
    assert whole["students"][2]["mean"] is None and whole["students"][2]["tallies_mean"] == 2  # real cards only
    assert whole["students"][1]["tallies_mean"] == 39  # what the teacher looks for

    version = pool.version(code)
    assert pool.set_removed(code, token, 2, True) is True
    assert pool.version(code) == version + 1 and pool.removed(code) == [2]
    out = pool.summary(code, names=True)
    assert (out["n"], out["submitted"], out["joined"], out["taken_out"]) == (2, 1, 3, 1)
    assert out["counts"] == [[v, ann_games.count(v)] for v in sorted(set(ann_games))]
    assert out["mean"] == pytest.approx(sum(ann_games) / 2)
    assert [r["n"] for r in out["running"]] == [1, 2] and out["running"][-1]["mean"] == pytest.approx(sum(ann_games) / 2)
    assert out["tallies"]["n"] == 1 and out["tallies"]["counts"] == [[2, 1]] and out["tallies"]["mean"] == 2
    rude_row = out["students"][1]
    assert rude_row == {"number": 2, "student": "Student 2", "n": 1, "mean": rude_game, "tallies": 3,
                        "tallies_mean": 39, "removed": True}
    assert "Rude" not in json.dumps(out)  # the nickname is never shown, names or not
    frame = pool.results(code)  # every row kept, marked
    assert len(frame) == 7 and list(frame["removed"]) == [False, False, True, True, True, True, False]
    assert frame["removed"].dtype == bool and list(frame.loc[frame["removed"], "nickname"]) == ["Rude"] * 4
    csv = pool.results_csv(code).splitlines()
    assert csv[0].endswith(",removed") and [line.rsplit(",", 1)[1] for line in csv[1:]] == \
        ["False", "False", "True", "True", "True", "True", "False"]

    # a student taken out plays on: counted into the store, out of the pool
    assert pool.submit(code, rude.token, snap_pass(rude.game_seed(1)).to_json()).n == 2
    assert pool.summary(code)["n"] == 2 and len(pool.results(code)) == 8
    assert pool.set_removed(code, token, 2, True) is True  # again: nothing changes but the version
    assert pool.removed(code) == [2]

    assert pool.set_removed(code, token, 2, False) is False
    back = pool.summary(code)
    assert (back["n"], back["submitted"], back["tallies"]["n"], back["taken_out"], pool.removed(code)) == (4, 2, 4, 0, [])
    assert back["students"][1]["removed"] is False and pool.summary(code, names=True)["students"][1]["student"] == "Rude"
    assert not pool.results(code)["removed"].any()


def test_taking_a_student_out_is_the_teachers_and_checked(pool):
    info = pool.start("snap")
    code, token = info.code, info.teacher_token
    me = pool.join(code)
    pool.tally(code, me.token, 4)
    refused(pool, code, 401, "needs the teacher's token", pool.set_removed, code, "", 1, True)
    refused(pool, code, 403, "not this class's teacher's token", pool.set_removed, code, "nope", 1, True)
    refused(pool, code, 403, "not this class's teacher's token", pool.set_removed, code, me.token, 1, True)
    refused(pool, code, 404, "has no student 2", pool.set_removed, code, token, 2, True)
    refused(pool, code, 404, "has no student 0", pool.set_removed, code, token, 0, True)
    for number in (True, 1.0, "1", None):
        refused(pool, code, 400, "by their number", pool.set_removed, code, token, number, True)
    for flag in (1, "yes", None):
        refused(pool, code, 400, "removed is true", pool.set_removed, code, token, 1, flag)
    with pytest.raises(PoolError, match="there is no class") as caught:
        pool.set_removed("ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY", token, 1, True)
    assert caught.value.status == 404
    other = pool.start("snap")  # another class's teacher cannot take this class's students out
    refused(pool, code, 403, "not this class's teacher's token", pool.set_removed, code, other.teacher_token, 1, True)
    pool.set_removed(code, token, 1, True)
    pool.end(code, token)  # as set_open: an ended class is not changed
    refused(pool, code, 403, "has ended", pool.set_removed, code, token, 1, False)
    assert pool.removed(code) == [1] and pool.summary(code)["tallies"]["n"] == 0


def test_a_student_who_sent_nothing_is_listed_and_can_be_taken_out(pool):
    """Break-it (pool44): the summary's ``students`` listed only students who had sent something,
    so the dashboard had no "Take out" button for a rude nickname that had sent nothing yet.
    Every student who joined is listed; one taken out is counted in ``taken_out`` and is not
    among those who ``submitted`` (the dashboard's "sent a game" was of the pool only, and said
    nothing of those taken out)."""
    info = pool.start("snap")
    code, token = info.code, info.teacher_token
    ann = pool.join(code, "Ann")
    game = pool.submit(code, ann.token, snap_pass(ann.game_seed(0)).to_json()).value
    pool.join(code, "Rude")
    ann_row = {"number": 1, "student": "Ann", "n": 1, "mean": game, "tallies": 0, "tallies_mean": None,
               "removed": False}
    silent = {"number": 2, "student": "Rude", "n": 0, "mean": None, "tallies": 0, "tallies_mean": None,
              "removed": False}
    named = pool.summary(code, names=True)
    assert named["students"] == [ann_row, silent]
    assert (named["joined"], named["submitted"], named["n"], named["taken_out"]) == (2, 1, 1, 0)
    assert pool.summary(code)["students"][1]["student"] == "Student 2"  # no nickname without names
    assert pool.set_removed(code, token, 2, True) is True
    out = pool.summary(code, names=True)
    assert out["students"] == [ann_row, {**silent, "student": "Student 2", "removed": True}]
    assert (out["joined"], out["submitted"], out["n"], out["taken_out"]) == (2, 1, 1, 1)
    assert "Rude" not in json.dumps(out)
    ben = pool.join(code, "Ben")  # a student in the pool who sent nothing: not "submitted"
    pool.submit(code, ben.token, snap_pass(ben.game_seed(0)).to_json())
    pool.set_removed(code, token, ben.number, True)  # one who sent a game, taken out: not "submitted"
    out = pool.summary(code)
    assert (out["joined"], out["submitted"], out["n"], out["taken_out"]) == (3, 1, 1, 2)


def test_a_student_taken_out_cannot_join_again_under_the_same_nickname(pool):
    """Break-it (pool44): a student taken out joined again as "Rude" and was back in the pool
    (and on the teacher's list) as a new student. Their nickname is taken while they are out,
    in any case, spacing or look-alike form; other nicknames, none, and other classes are not
    held up. Put back, the student is in the class under it: it stays taken (classpage)."""
    info = pool.start("snap")
    code, token = info.code, info.teacher_token
    rude = pool.join(code, "Rude")
    pool.tally(code, rude.token, 39)
    pool.set_removed(code, token, rude.number, True)
    for again in ("Rude", "rude", "  RUDE ", "\uff32\uff55\uff44\uff45"):  # fullwidth letters: NFKC "Rude"
        refused(pool, code, 409, "that nickname is taken in this class: try another, or join without one",
                pool.join, code, again)
    assert pool.summary(code)["joined"] == 1 and pool.removed(code) == [1]
    assert pool.join(code, "Rudy").number == 2 and pool.join(code).number == 3  # another nickname, or none
    elsewhere = pool.start("snap")
    assert pool.join(elsewhere.code, "Rude").nickname == "Rude"  # another class's nicknames are its own
    pool.set_removed(code, token, rude.number, False)  # put back: theirs again, still taken
    refused(pool, code, 409, "taken in this class", pool.join, code, "Rude")


def test_a_store_made_before_removals_gets_their_table_when_opened(store_where):
    """The removals are a table of their own: a store made without it (an older catcards) gets it
    from create_all when opened, with its classes and results as they were."""
    store = open_store(store_where)
    pool = Pool(store)
    info = pool.start("snap")
    pool.tally(info.code, pool.join(info.code).token, 5)
    store.removed.drop(store.engine)
    assert not sa.inspect(store.engine).has_table("catcards_removed")
    store.close()
    store = open_store(store_where)
    try:
        assert sa.inspect(store.engine).has_table("catcards_removed")
        pool = Pool(store)
        assert pool.summary(info.code)["tallies"]["n"] == 1
        pool.set_removed(info.code, info.teacher_token, 1, True)
        assert pool.summary(info.code)["tallies"]["n"] == 0 and list(pool.results(info.code)["removed"]) == [True]
    finally:
        store.close()


# ---- every refusal leaves everything as it was --------------------------------------------------
@pytest.fixture
def lesson(pool):
    info = pool.start("snap")
    me = pool.join(info.code)
    first = snap_pass(me.game_seed(0))
    pool.submit(info.code, me.token, first.to_json())
    return pool, info, me, first


def test_refuses_a_tampered_save(lesson):
    pool, info, me, _ = lesson
    save = json.loads(snap_pass(me.game_seed(1)).to_json())
    edited = dict(save, digest=("0" if save["digest"][0] != "0" else "1") + save["digest"][1:])
    refused(pool, info.code, 422, "edited or damaged", pool.submit, info.code, me.token, json.dumps(edited))
    shorter = dict(save, actions=save["actions"][:-1])  # one card fewer: replays, but not its digest
    refused(pool, info.code, 422, "edited or damaged", pool.submit, info.code, me.token, json.dumps(shorter))
    later = json.loads(snap_pass(me.game_seed(2)).to_json())
    other_deal = dict(later, seed=me.game_seed(1))  # a later game's play on the deal of the next game
    refused(pool, info.code, 422, "edited or damaged", pool.submit, info.code, me.token, json.dumps(other_deal))
    no_digest = dict(save, format="catcards-save-1")
    del no_digest["digest"]
    refused(pool, info.code, 422, "no digest", pool.submit, info.code, me.token, json.dumps(no_digest))


def test_refuses_a_stacked_deck_with_the_students_own_seed(lesson):
    """Break-it (stop 37): a save may carry the deck order (``deals``), which replays and digests
    like a shuffled game; a student sorted the deck, used their real seed and next game, and 30
    games of 39 snaps each counted as checked. Only a game shuffled from the seed counts."""
    pool, info, me, _ = lesson
    real = snap_pass(me.game_seed(1))
    game = catcards.load(SNAPS_ACT.game, **SNAPS_ACT.params)
    by_number = sorted(game.card_names, key=lambda name: (int(name.strip(")").split()[-1]), name))
    stacked = game.new_game(me.game_seed(1), deals=[by_number[0::2], by_number[1::2]])
    for _ in range(52):
        stacked.apply(FLIP)
    assert SNAPS_ACT.result(stacked) > 20  # a rigged pass: far above any shuffled one's mean of 3
    refused(pool, info.code, 422, "deck order written into the save", pool.submit, info.code, me.token,
            stacked.to_json())
    assert pool.submit(info.code, me.token, real.to_json()).kind == "game"  # the real game 2 still counts


def test_refuses_a_duplicate(lesson):
    pool, info, me, first = lesson
    refused(pool, info.code, 409, "your game 1 is already counted", pool.submit, info.code, me.token,
            first.to_json())


def test_refuses_an_unfinished_game(lesson):
    pool, info, me, _ = lesson
    refused(pool, info.code, 422, "not finished: turn all 52 cards", pool.submit, info.code, me.token,
            snap_pass(me.game_seed(1), turns=30).to_json())


def test_refuses_a_game_with_a_snap_called(lesson):
    pool, info, me, _ = lesson
    state = SNAPS_ACT.new_game(me.game_seed(1))
    state.apply(SNAPS[0])  # a false snap: a card under the pile, so the pass is not the deal's order
    while not state.is_over:
        state.apply(state.legal_actions()[0])  # turn, or (nobody holding a card) call the last snap
    refused(pool, info.code, 422, "a snap was called", pool.submit, info.code, me.token, state.to_json())


def test_refuses_another_games_save_and_other_settings(lesson):
    pool, info, me, _ = lesson
    pairs = catcards.load("pairs").new_game(me.game_seed(1))
    refused(pool, info.code, 422, "a save of 'pairs'; this class plays 'snap'", pool.submit,
            info.code, me.token, pairs.to_json())
    three = catcards.load("snap", players=3, max_turns=52).new_game(me.game_seed(1))
    while not three.is_over:
        three.apply(FLIP)
    refused(pool, info.code, 422, "set up differently", pool.submit, info.code, me.token, three.to_json())


def test_refuses_saves_not_from_the_students_series(lesson):
    pool, info, me, _ = lesson
    other = pool.join(info.code)
    theirs = snap_pass(other.game_seed(0)).to_json()
    refused(pool, info.code, 422, "not one of yours", pool.submit, info.code, me.token, theirs)
    by_hand = snap_pass(5).to_json()
    refused(pool, info.code, 422, "not one of yours", pool.submit, info.code, me.token, by_hand)
    past_the_series = snap_pass(me.seed * 1000 + 1000).to_json()
    refused(pool, info.code, 422, "not one of yours", pool.submit, info.code, me.token, past_the_series)
    # another class's save, sent to this class by a student of that class
    second = pool.start("snap")
    them = pool.join(second.code)
    refused(pool, info.code, 403, "have not joined this class", pool.submit, info.code, them.token,
            snap_pass(them.game_seed(0)).to_json())
    refused(pool, second.code, 422, "not one of yours", pool.submit, second.code, them.token,
            snap_pass(me.game_seed(1)).to_json())


def test_refuses_an_unknown_student_and_wrong_codes(lesson):
    pool, info, me, _ = lesson
    save = snap_pass(me.game_seed(1)).to_json()
    refused(pool, info.code, 403, "have not joined", pool.submit, info.code, "x" * 32, save)
    refused(pool, info.code, 403, "have not joined", pool.submit, info.code, None, save)
    # a lone surrogate (JSON "\ud800"): an unknown student too, not a 500 (break-it, stop 37)
    refused(pool, info.code, 403, "have not joined", pool.submit, info.code, "\ud800", save)
    refused(pool, info.code, 403, "have not joined", pool.tally, info.code, "\ud800", 3)
    other = "ABCDEF" if info.code != "ABCDEF" else "ABCDEG"
    refused(pool, info.code, 404, f"there is no class {other}", pool.submit, other, me.token, save)
    refused(pool, info.code, 404, "not a class code", pool.submit, "ABC", me.token, save)
    refused(pool, info.code, 404, "not a class code", pool.submit, ["ABCDEF"], me.token, save)
    refused(pool, info.code, 404, "there is no class", pool.join, other)


def test_refuses_results_of_a_closed_or_ended_class(lesson):
    pool, info, me, _ = lesson
    save = snap_pass(me.game_seed(1)).to_json()
    refused(pool, info.code, 403, "teacher's token", pool.set_open, info.code, "wrong", False)
    pool.set_open(info.code, info.teacher_token, False)
    refused(pool, info.code, 403, "was closed for results when this arrived", pool.submit, info.code, me.token, save)
    refused(pool, info.code, 403, "closed for results", pool.tally, info.code, me.token, 3)
    assert pool.set_open(info.code, info.teacher_token, True).is_open
    pool.end(info.code, info.teacher_token)
    refused(pool, info.code, 403, "has ended", pool.submit, info.code, me.token, save)
    refused(pool, info.code, 403, "has ended", pool.join, info.code)
    refused(pool, info.code, 403, "has ended", pool.set_open, info.code, info.teacher_token, True)
    # break-it: a game was still dealt after the end (nothing of it could count)
    refused(pool, info.code, 403, "has ended; your results are kept", pool.next_game, info.code, me.token)
    assert pool.info(info.code).ended and pool.summary(info.code)["n"] == 1


def test_a_closed_class_reads_a_result_first_and_refuses_only_a_valid_one_as_closed(lesson):
    """break45: the closed check came before the save was read, so a script's junk save while
    the class was closed was refused as "closed" (and the student's page then said a game of
    theirs was not counted). Now each invalid request gets its own refusal, and only a valid
    game or count is refused for the class being closed (ClassClosedError)."""
    from catcards.classroom.pool import ClassClosedError

    pool, info, me, _ = lesson
    pool.set_open(info.code, info.teacher_token, False)
    for status, words, args in ((400, "not a catcards save", ("junk",)),
                                (422, "not finished", (snap_pass(me.game_seed(1), turns=3).to_json(),)),
                                (409, "already counted", (snap_pass(me.game_seed(0)).to_json(),)),
                                (422, "your next game is game 2", (snap_pass(me.game_seed(2)).to_json(),))):
        error = refused(pool, info.code, status, words, pool.submit, info.code, me.token, *args)
        assert not isinstance(error, ClassClosedError), words
    error = refused(pool, info.code, 422, "whole number", pool.tally, info.code, me.token, 2.5)
    assert not isinstance(error, ClassClosedError)
    for call, value in ((pool.submit, snap_pass(me.game_seed(1)).to_json()), (pool.tally, 3)):
        error = refused(pool, info.code, 403, "closed for results", call, info.code, me.token, value)
        assert isinstance(error, ClassClosedError)
    pool.end(info.code, info.teacher_token)  # ended: refused as ended, not as closed
    error = refused(pool, info.code, 403, "has ended", pool.submit, info.code, me.token, "junk")
    assert not isinstance(error, ClassClosedError)


@pytest.mark.parametrize("text", ["", "{", "not json", "[]", '{"format": "x"}', b"{}", None, 42])
def test_refuses_malformed_input(lesson, text):
    pool, info, me, _ = lesson
    refused(pool, info.code, 400, "not a catcards save|a result is a game's save", pool.submit,
            info.code, me.token, text)


def test_refuses_an_oversized_save(lesson):
    pool, info, me, _ = lesson
    refused(pool, info.code, 413, "at most 256 KiB", pool.submit, info.code, me.token, "x" * (20 * 2 ** 20))
    refused(pool, info.code, 413, "at most 256 KiB", pool.submit, info.code, me.token,
            "\u00e9" * (MAX_SAVE_BYTES // 2 + 1))


def test_rate_limit_refuses_a_flood_then_lets_the_student_back(store_where):
    now = [0.0]
    pool = Pool(open_store(store_where), burst=5, per_second=1.0, clock=lambda: now[0])
    code = pool.start("snap").code
    me, other = pool.join(code), pool.join(code)
    saves = [snap_pass(me.game_seed(k)).to_json() for k in range(7)]
    for k in range(5):
        pool.submit(code, me.token, saves[k])
    error = refused(pool, code, 429, "too many results at once; wait 1 s", pool.submit, code, me.token, saves[5])
    assert error.status == 429
    pool.submit(code, other.token, snap_pass(other.game_seed(0)).to_json())  # others still counted
    now[0] += 1.0
    pool.submit(code, me.token, saves[5])
    assert pool.summary(code)["n"] == 7
    pool.store.close()


# ---- many students at once; a store opened again --------------------------------------------------
def test_forty_students_twenty_results_each_at_once_count_exactly_once(store_where):
    """40 students join and each sends 20 finished games in order, every one of them twice (two
    senders per student, as a page sending again after a dropped answer), from 8 threads over two
    pools on the same store (as two server processes): each game is counted once, in order."""
    stores = [open_store(store_where), open_store(store_where)]
    pools = [Pool(s, burst=100) for s in stores]
    code = pools[0].start("snap").code
    with ThreadPoolExecutor(8) as ex:
        students = list(ex.map(lambda i: pools[i % 2].join(code), range(40)))
    assert sorted(s.number for s in students) == list(range(1, 41))
    assert len({s.seed for s in students}) == 40
    jobs = [(s, k) for s in students for k in range(20)]
    saves = {(s.token, k): snap_pass(s.game_seed(k)).to_json() for s, k in jobs}

    def send_series(i_student):
        i, s = i_student
        answers = []
        for k in range(20):
            try:
                answers.append(pools[i % 2].submit(code, s.token, saves[(s.token, k)]).value)
            except PoolError as exc:
                answers.append(exc.status)
        return answers

    senders = [(i, s) for i, s in enumerate(students + students)]
    with ThreadPoolExecutor(8) as ex:
        answers = [a for series in ex.map(send_series, senders) for a in series]
    assert answers.count(409) == 800 and len(answers) == 1600  # never 422: each sender goes in order
    frame = pools[1].results(code)
    assert len(frame) == 800 and frame["seed"].is_unique
    assert sorted(frame["seed"]) == sorted(s.game_seed(k) for s, k in jobs)
    for number, mine in frame.groupby("student"):  # each student's games counted in their order
        assert list(mine["game_number"]) == list(range(1, 21))
    by_seed = {s.game_seed(k): json.loads(saves[(s.token, k)]) for s, k in jobs}
    for seed, value in zip(frame["seed"], frame["value"]):
        assert value == catcards.load_state(json.dumps(by_seed[seed])).snaps_showing
    summary = pools[0].summary(code)
    assert (summary["joined"], summary["submitted"], summary["n"]) == (40, 40, 800)
    assert all(row["n"] == 20 for row in summary["students"])
    assert summary["version"] == 40 + 800  # 40 joins and 800 results, nothing else
    for s in stores:
        s.close()


def test_a_store_opened_again_resumes_the_class_with_nothing_lost(store_where):
    store = open_store(store_where)
    pool = Pool(store)
    info = pool.start("snap", nicknames=False)
    me = pool.join(info.code)
    for k in range(3):
        pool.submit(info.code, me.token, snap_pass(me.game_seed(k)).to_json())
    pool.set_open(info.code, info.teacher_token, False)
    before = pool.results_csv(info.code), pool.summary(info.code)
    store.close()
    del pool

    again = Pool(open_store(store_where))
    resumed = again.resume(info.code, info.teacher_token)
    assert (resumed.code, resumed.game, resumed.activity, resumed.nicknames, resumed.is_open) == (
        info.code, "snap", "snap/snaps-per-pass", False, False)
    assert (again.results_csv(info.code), again.summary(info.code)) == before
    assert again.student(info.code, me.token).seed == me.seed
    again.set_open(info.code, info.teacher_token, True)
    refused(again, info.code, 409, "already counted", again.submit, info.code, me.token,
            snap_pass(me.game_seed(2)).to_json())
    assert again.submit(info.code, me.token, snap_pass(me.game_seed(3)).to_json()).n == 4
    again.store.close()


def test_open_store_places(tmp_path):
    folder = tmp_path / "lesson"
    store = open_store(folder)
    assert store.where == str(folder / "class.sqlite") and store.dialect == "sqlite"
    store.close()
    assert (folder / "class.sqlite").exists()
    named = open_store(tmp_path / "my.db")
    assert named.where == str(tmp_path / "my.db")
    named.close()
    from catcards.classroom.store import StoreError

    with pytest.raises(StoreError, match="not a mysql:// URL"):
        open_store("mysql://x/y")


def test_exact_distribution_in_the_summary_is_the_activitys(pool):
    code = pool.start("snap").code
    exact = dict(pool.summary(code)["exact"])
    assert exact == {k: float(p) for k, p in SNAPS_ACT.exact.items()}
    assert sum(SNAPS_ACT.exact.values()) == Fraction(1)


def test_a_full_class_takes_no_more_students(store_where):
    store = open_store(store_where)
    pool = Pool(store, max_students=2)
    code = pool.start("snap").code
    pool.join(code), pool.join(code)
    refused(pool, code, 403, r"is full \(2 students\); tell your teacher, who can start it again for more students",
            pool.join, code)
    assert pool.summary(code)["joined"] == 2
    # as the message says: started again with more seats, the same class takes the student
    from catcards.classroom.server import open_class

    bigger = Pool(store, max_students=3)
    assert open_class(bigger, "snap", None, True, new=False).code == code
    bigger.join(code)
    assert bigger.summary(code)["joined"] == 3
    assert Pool(store).max_students == 200  # the default
    for wrong in (0, 3001, 2.5, True, "20"):
        with pytest.raises(PoolError, match="a class takes 1 to 3000 students") as e:
            Pool(store, max_students=wrong)
        assert e.value.status == 400
    store.close()


def test_joins_are_rate_limited_per_address_and_per_class(store_where):
    """Break-it tester (issue 29): one script joined a class 3,000 times. Joins from one address
    are limited (a burst, then a rate), and so are joins to one class from every address; a
    refusal is 429 saying what is allowed, and changes nothing."""
    now = [0.0]
    pool = Pool(open_store(store_where), join_per_address=(3, 0.5), join_per_class=(5, 1.0),
                clock=lambda: now[0])
    code = pool.start("snap").code
    for _ in range(3):
        pool.join(code, client="10.0.0.7")
    error = refused(pool, code, 429, r"joining from your network at once \(at most 3 at once, then 0\.5 a "
                                     r"second\); wait 2 s", partial(pool.join, client="10.0.0.7"), code)
    assert error.status == 429
    pool.join(code, client="10.0.0.8"), pool.join(code, client="10.0.0.9")  # others still join
    refused(pool, code, 429, rf"joining the class {code} at once \(at most 5 at once, then 1 a second\); wait 1 s",
            partial(pool.join, client="10.0.0.10"), code)
    refused(pool, code, 429, "joining the class", pool.join, code)  # without an address: the class's limit
    assert pool.summary(code)["joined"] == 5
    now[0] += 2.0  # 2 s later: two joins to the class, one of them from the first address
    pool.join(code, client="10.0.0.7")
    refused(pool, code, 429, "from your network", partial(pool.join, client="10.0.0.7"), code)
    pool.join(code, client="10.0.0.11")
    assert pool.summary(code)["joined"] == 7
    pool.store.close()


def test_a_student_joining_again_cannot_flood_the_pool_with_counts_from_one_address(store_where):
    """Hostile tester: 10 joins from one address, 20 counts from real cards each (the cap per
    student), put 200 unchecked counts in the pool in 2 s. Counts from one address are limited
    across all its students (a burst, then a rate); a refusal is 429 saying what is allowed and
    how long to wait, and changes nothing; every count answered as counted is in the results."""
    from catcards.classroom.pool import TALLIES_PER_STUDENT, TALLY_RATE_PER_ADDRESS

    assert TALLY_RATE_PER_ADDRESS == (100.0, 2.0)   # a class of 30 sending 3 each at once fits (break53)
    now = [0.0]
    pool = Pool(open_store(store_where), clock=lambda: now[0])
    code = pool.start("snap").code
    tokens = [pool.join(code, client="10.0.0.7").token for _ in range(10)]
    counted = []
    for token in tokens:
        for _ in range(TALLIES_PER_STUDENT):
            try:
                counted.append(pool.tally(code, token, 3, client="10.0.0.7").n)
            except PoolError as exc:
                assert exc.status == 429
                assert "from your network at once (at most 100 at once, then 2 a second" in str(exc)
    assert len(counted) == 100 and pool.summary(code)["tallies"]["n"] == 100
    assert len(pool.results(code)) == 100   # none lost
    error = refused(pool, code, 429, r"then 2 a second, for everyone on it\); wait 1 s and send your count again",
                    partial(pool.tally, client="10.0.0.7"), code, tokens[-1], 3)
    assert error.status == 429
    refused(pool, code, 422, "is a whole number from", partial(pool.tally, client="10.0.0.8"), code, tokens[-1], 999)
    other = pool.join(code, client="10.0.0.8")   # another address is not held up
    assert pool.tally(code, other.token, 4, client="10.0.0.8").n == 1
    assert pool.tally(code, tokens[-1], 5).kind == "tally"   # no address (a notebook's class): the student's own limits
    now[0] += 0.5   # 2 a second: one more
    assert pool.tally(code, tokens[-1], 2, client="10.0.0.7").kind == "tally"
    refused(pool, code, 429, "from your network", partial(pool.tally, client="10.0.0.7"), code, tokens[-1], 2)
    assert pool.summary(code)["tallies"]["n"] == 103
    pool.store.close()


def test_checked_games_from_one_address_are_bounded_yet_a_class_behind_one_router_is_not(store_where):
    """Hostile tester: checked games had no bound per address (counts from real cards had one),
    so a script joined many nicknames and sent their games, each replayed by the server. Games
    from one address are now bounded across all its students: beyond, 429 saying how long to
    wait, and the pool as it was. A class of 30 behind one school router is never refused: each
    student's 10 games of the Snap lesson at once, then a game each every 20 s, all at once."""
    from catcards.classroom.pool import RESULT_RATE_PER_ADDRESS

    assert RESULT_RATE_PER_ADDRESS == (300.0, 3.0)
    now = [0.0]
    pool = Pool(open_store(store_where), clock=lambda: now[0])
    code = pool.start("snap").code
    school = [pool.join(code, client="10.0.0.7") for _ in range(30)]
    for me in school:   # the Snap lesson: 10 passes each, sent at once
        for k in range(10):
            pool.submit(code, me.token, snap_pass(me.game_seed(k)).to_json(), client="10.0.0.7")
    for k in range(10, 15):   # then the tables: every 20 s each student finishes a game
        now[0] += 20
        for me in school:
            pool.submit(code, me.token, snap_pass(me.game_seed(k)).to_json(), client="10.0.0.7")
    assert pool.summary(code)["n"] == 30 * 15   # none refused
    # a script: 50 nicknames from its address, 6 games each at once
    now[0] += 60
    script = [pool.join(code, client="10.0.0.9") for _ in range(50)]
    sent = 0
    for me in script:
        for k in range(6):
            pool.submit(code, me.token, snap_pass(me.game_seed(k)).to_json(), client="10.0.0.9")
            sent += 1
    late = script[0]
    save = snap_pass(late.game_seed(6)).to_json()
    error = refused(pool, code, 429, r"too many games sent from your network at once \(at most 300 at once, then 3 a "
                    r"second, for everyone on it\); wait 1 s and send your game again",
                    partial(pool.submit, client="10.0.0.9"), code, late.token, save)
    assert error.status == 429 and pool.next_game(code, late.token)[0] == 6   # nothing of it spent
    assert pool.summary(code)["n"] == 30 * 15 + sent == 30 * 15 + 300
    me = school[0]   # the school's address and a notebook's class (no address) are not held up
    assert pool.submit(code, me.token, snap_pass(me.game_seed(15)).to_json(), client="10.0.0.7").game_number == 16
    assert pool.submit(code, me.token, snap_pass(me.game_seed(16)).to_json()).game_number == 17
    now[0] += 1 / 3   # 3 a second: one more
    assert pool.submit(code, late.token, save, client="10.0.0.9").game_number == 7
    refused(pool, code, 429, "from your network", partial(pool.submit, client="10.0.0.9"), code, late.token,
            snap_pass(late.game_seed(7)).to_json())
    pool.store.close()


def test_only_the_next_game_of_a_students_series_counts(pool):
    """Break-it tester (issue 29): a student could play many games of their series and send only
    the good ones, in any order. Games now count in the order they are dealt: the next one only
    (Pool.next_game), a later one refused (422) until the ones before it are sent, an earlier one
    already counted (409)."""
    code = pool.start("snap").code
    me = pool.join(code)
    assert pool.next_game(code, me.token) == (0, me.game_seed(0))
    saves = [snap_pass(me.game_seed(k)).to_json() for k in range(4)]
    refused(pool, code, 422, "this is your game 3, but your next game is game 1: games count in the order",
            pool.submit, code, me.token, saves[2])
    pool.submit(code, me.token, saves[0])
    assert pool.next_game(code, me.token) == (1, me.game_seed(1))
    refused(pool, code, 422, "your next game is game 2", pool.submit, code, me.token, saves[3])
    refused(pool, code, 422, "not finished", pool.submit, code, me.token,
            snap_pass(me.game_seed(1), turns=10).to_json())
    assert pool.next_game(code, me.token) == (1, me.game_seed(1))  # a refused game is dealt again
    assert pool.submit(code, me.token, saves[1]).game_number == 2
    refused(pool, code, 409, "your game 1 is already counted", pool.submit, code, me.token, saves[0])
    assert [pool.submit(code, me.token, saves[k]).game_number for k in (2, 3)] == [3, 4]
    assert list(pool.results(code)["game_number"]) == [1, 2, 3, 4]
    with pytest.raises(PoolError, match="have not joined") as e:
        pool.next_game(code, "nobody")
    assert e.value.status == 403


def test_open_store_refuses_a_place_that_cannot_be_a_store_before_making_anything(tmp_path):
    """Break-it tester (issue 29): a text file, a name over 255 bytes and a mysql:// URL gave
    tracebacks or made folders before refusing. Each is one StoreError, and nothing is made."""
    from catcards.classroom.store import StoreError, store_place

    notes = tmp_path / "notes.txt"
    notes.write_text("my lesson notes\n")
    with pytest.raises(StoreError, match="is not a SQLite database"):
        open_store(notes)
    assert notes.read_text() == "my lesson notes\n"
    with pytest.raises(StoreError, match="is below .*notes.txt.*, which is a file"):
        open_store(notes / "lesson")
    with pytest.raises(StoreError, match="is 300 bytes long; a file or folder name is at most 255 bytes"):
        open_store(tmp_path / "a" / ("x" * 300))
    with pytest.raises(StoreError, match="not a mysql:// URL"):
        open_store(f"mysql://user@{tmp_path}/db")
    with pytest.raises(StoreError, match="got nothing"):
        open_store("  ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    assert store_place(tmp_path / "lesson") == ("sqlite", tmp_path / "lesson" / "class.sqlite")
    assert store_place("postgres://u@h/db") == ("postgresql", "postgresql+psycopg://u@h/db")
    assert not (tmp_path / "lesson").exists()
    empty = tmp_path / "new.sqlite"
    empty.touch()  # an empty file is a new database
    open_store(empty).close()


_WRITER = """
import sys
from catcards.classroom.pool import Pool
from catcards.classroom.store import open_store
from catcards.classroom.activities import activity
from catcards.games.snap import FLIP
where, code, token = sys.argv[1:4]
pool = Pool(open_store(where), burst=10 ** 6)
seed = pool.student(code, token).seed
act = activity("snap/snaps-per-pass")
for k in range(1000):
    state = act.new_game(seed * 1000 + k)
    for _ in range(52):
        state.apply(FLIP)
    counted = pool.submit(code, token, state.to_json())
    print(counted.seed, flush=True)
"""


def test_a_process_killed_while_counting_loses_nothing_it_counted(store_where):
    import signal
    import subprocess
    import sys

    pool = Pool(open_store(store_where))
    code = pool.start("snap").code
    me = pool.join(code)
    writer = subprocess.Popen([sys.executable, "-c", _WRITER, store_where, code, me.token],
                              stdout=subprocess.PIPE, text=True)
    said = []
    for line in writer.stdout:  # each line is printed after its transaction committed
        said.append(int(line))
        if len(said) == 15:
            writer.send_signal(signal.SIGKILL)
            break
    writer.wait(timeout=60)
    assert writer.returncode == -signal.SIGKILL
    pool.store.close()
    again = Pool(open_store(store_where))
    kept = list(again.results(code)["seed"])
    assert kept[:15] == said and len(kept) in (15, 16)  # the 16th may have committed before the kill
    assert kept == [me.game_seed(k) for k in range(len(kept))]
    again.store.close()


def test_a_start_after_the_class_was_ended_says_it_is_a_new_class(tmp_path):
    """A README user pressed "End the class", started the server again on the same store and got
    a new code without a word (the README said it resumes). The start now says so; a class not
    ended is resumed and nothing is said. Stopping an ended class said "the same command starts
    it again, with the same code" (a second README user): it says a new class starts."""
    from catcards.classroom.server import class_to_serve, ended_note, open_class, stopped_words

    pool = Pool(open_store(str(tmp_path / "class")))
    first = open_class(pool, "snap", "snap/snaps-per-pass", True, False)
    again = open_class(pool, "snap", "snap/snaps-per-pass", True, False)
    assert again.code == first.code and ended_note(pool, "snap", "snap/snaps-per-pass", again) is None
    pool.end(first.code, first.teacher_token)
    second = open_class(pool, "snap", "snap/snaps-per-pass", True, False)
    assert second.code != first.code
    assert stopped_words(pool, first.code) == (
        f"Stopped. Class {first.code} was ended; its results are kept in the store. The same command starts "
        "a new class, with a new code.")
    assert stopped_words(pool, second.code).endswith("starts it again, with the same code.")
    assert ended_note(pool, "snap", "snap/snaps-per-pass", second) == (
        f"The last class of this activity here ({first.code}) was ended, so this is a new class with a new "
        "code: give your students this one.")
    # what a start says: the note for the class started now, nothing when it is resumed (a README
    # user's resumed class was announced as a new one, the ended class being older)
    pool.end(second.code, second.teacher_token)
    third, note, started_now = class_to_serve(pool, "snap", "snap/snaps-per-pass", True, False)
    assert third.code not in (first.code, second.code) and f"({second.code}) was ended" in note and started_now
    resumed, note, started_now = class_to_serve(pool, "snap", "snap/snaps-per-pass", True, False)
    assert resumed.code == third.code and note is None and not started_now
    fresh, note, started_now = class_to_serve(pool, "snap", "snap/snaps-per-pass", True, True)  # --new
    assert fresh.code != third.code and started_now  # --new: only that the other is still open
    assert note.startswith(f"Also open in this store: class {third.code} (snap).")


def test_a_new_class_started_beside_an_open_one_says_the_other_is_open(tmp_path):
    """readme61b: ``catcards class pairs`` in the folder of an open Snap class started a second
    class without a word (``catcards results`` then listed both as open). The start says which
    other classes are open; a resumed class, or the first, says nothing of it."""
    from catcards.classroom.server import class_to_serve

    pool = Pool(open_store(str(tmp_path / "class")))
    snap, note, started_now = class_to_serve(pool, "snap", "snap/snaps-per-pass", True, False)
    assert note is None and started_now
    pairs, note, started_now = class_to_serve(pool, "pairs", "pairs/turns-to-clear", True, False)
    assert started_now and note == (
        f"Also open in this store: class {snap.code} (snap). Each class keeps its own code and results "
        "(`catcards results` lists them); end one on its dashboard when it is over.")
    again, note, started_now = class_to_serve(pool, "pairs", "pairs/turns-to-clear", True, False)
    assert again.code == pairs.code and note is None and not started_now
    pool.store.close()
