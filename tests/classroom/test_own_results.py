"""A student's own results (``/me``, the answer to a result sent): ``Pool.own_results``, a query
of the student's rows, gives what the class's whole table (``Pool.results``) filtered to the
student gave (classsmall55: /me built the whole table, ~25 ms for 200 students and 4,000
results, every 4 s per page); and ``/me`` is bounded per student
(``OWN_RESULTS_RATE_PER_STUDENT``)."""
from __future__ import annotations

import pytest
import requests

from catcards.classroom import Classroom
from catcards.classroom.activities import activity
from catcards.classroom.pool import OWN_RESULTS_RATE_PER_STUDENT, Pool, PoolError
from catcards.classroom.store import open_store
from catcards.games.snap import FLIP
from class_server import snap_class_served

SNAPS = activity("snap/snaps-per-pass")


def from_whole_table(pool: Pool, code: str, number: int) -> dict:
    """The student's results as the server read them before: the class's table, filtered."""
    df = pool.results(code)
    mine = df[df["student"] == number]
    games, tallies = mine[mine["kind"] == "game"], mine[mine["kind"] == "tally"]
    return {"games": len(games), "next": max((int(k) for k in games["game_number"].dropna()), default=0),
            "values": [float(v) for v in games["value"]], "tallies": [float(v) for v in tallies["value"]]}


def play_next(pool: Pool, code: str, token: str) -> None:
    _, seed = pool.next_game(code, token)
    state = SNAPS.new_game(seed)
    for _ in range(52):
        state.apply(FLIP)
    pool.submit(code, token, state.to_json())


@pytest.fixture
def pool(tmp_path):
    store = open_store(tmp_path / "store")
    yield Pool(store)
    store.close()


def test_own_results_are_the_students_rows_of_the_class_table(pool):
    info = pool.start("snap")
    code = info.code
    ann, bo, cy = (pool.join(code, name) for name in ("Ann", "Bo", None))
    play_next(pool, code, ann.token)
    pool.tally(code, bo.token, 4)
    play_next(pool, code, ann.token)
    pool.tally(code, ann.token, 2)
    pool.tally(code, ann.token, 3)
    play_next(pool, code, bo.token)
    pool.set_removed(code, info.teacher_token, bo.number, True)  # their rows stay theirs
    seen = {}
    for student in (ann, bo, cy):
        who, mine = pool.own_results(code, student.token)
        assert (who.number, who.nickname, who.seed) == (student.number, student.nickname, student.seed)
        assert {**mine, "values": [float(v) for v in mine["values"]],
                "tallies": [float(v) for v in mine["tallies"]]} == from_whole_table(pool, code, student.number)
        seen[student.number] = mine
    df = pool.results(code)
    ann_games = df[(df.student == ann.number) & (df.kind == "game")]
    assert seen[ann.number] == {"games": 2, "next": 2, "values": [int(v) for v in ann_games["value"]],
                                "tallies": [2, 3]}
    assert seen[bo.number]["games"] == 1 and seen[bo.number]["next"] == 1 and seen[bo.number]["tallies"] == [4]
    assert seen[cy.number] == {"games": 0, "next": 0, "values": [], "tallies": []}


def test_own_results_refuse_an_unknown_student_and_a_poll_over_the_rate(tmp_path):
    now = [0.0]
    store = open_store(tmp_path / "store")
    try:
        pool = Pool(store, own_results_per_student=(3, 0.5), clock=lambda: now[0])
        code = pool.start("snap").code
        ann, bo = pool.join(code), pool.join(code)
        with pytest.raises(PoolError) as refused:
            pool.own_results(code, "not-a-token", polled=True)
        assert refused.value.status == 403
        for _ in range(3):
            pool.own_results(code, ann.token, polled=True)
        with pytest.raises(PoolError) as refused:
            pool.own_results(code, ann.token, polled=True)
        assert refused.value.status == 429
        assert str(refused.value) == "too many requests for your results at once; wait 2 s"
        assert pool.own_results(code, ann.token)[1]["games"] == 0  # the answer to a result sent: not bounded
        assert pool.own_results(code, bo.token, polled=True)[0].number == bo.number  # per student
        now[0] += 2.0
        assert pool.own_results(code, ann.token, polled=True)[0].number == ann.number
    finally:
        store.close()


def test_me_is_bounded_per_student_with_a_429_that_says_to_wait(tmp_path):
    burst, _ = OWN_RESULTS_RATE_PER_STUDENT
    with snap_class_served(tmp_path) as served:
        room = Classroom(served["url"])
        ann, bo = room.join(), room.join()
        with requests.Session() as session:
            answers = [session.post(served["url"] + "/me", json={"student": ann.token}, timeout=30)
                       for _ in range(int(burst) + 20)]
            statuses = [a.status_code for a in answers]
            assert statuses[:int(burst) - 2] == [200] * (int(burst) - 2)
            assert 429 in statuses
            refused = answers[statuses.index(429)].json()
            assert refused["error"].startswith("too many requests for your results at once; wait ")
            other = session.post(served["url"] + "/me", json={"student": bo.token}, timeout=30)
            assert other.status_code == 200 and other.json()["games"] == 0
