"""A student's real-card counts stop at TALLIES_PER_STUDENT on each store, also when their
counts arrive at once at several pools on the same store (as several server processes)."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from catcards.classroom.pool import TALLIES_PER_STUDENT, Pool, PoolError
from catcards.classroom.store import open_store


def test_counts_sent_at_once_to_several_pools_stop_at_the_cap(store_where):
    """One count short of the cap, ten counts arrive together at ten pools: one is counted,
    nine are refused 403 (PostgreSQL counted all ten: count-then-insert without a lock)."""
    stores = [open_store(store_where) for _ in range(10)]
    pools = [Pool(s, burst=100) for s in stores]
    code = pools[0].start("snap").code
    for _ in range(3):
        me = pools[0].join(code)
        for _ in range(TALLIES_PER_STUDENT - 1):
            pools[0].tally(code, me.token, 1)
        together = threading.Barrier(10)

        def send(i):
            together.wait()
            try:
                return pools[i].tally(code, me.token, 2).n
            except PoolError as exc:
                return exc.status

        with ThreadPoolExecutor(10) as ex:
            answers = sorted(ex.map(send, range(10)), key=str)
        assert answers == [TALLIES_PER_STUDENT] + [403] * 9
        frame = pools[0].results(code)
        assert int((frame["student"] == me.number).sum()) == TALLIES_PER_STUDENT
        assert pools[0].summary(code)["tallies"]["n"] == len(frame)
    for s in stores:
        s.close()


@pytest.mark.parametrize("limits", [{"burst": 20}, {"tally_per_address": (20.0, 1.0)}], ids=["student", "address"])
def test_counts_past_the_cap_sent_at_once_are_told_the_cap_not_to_wait(tmp_path, limits):
    """Hostile tester server62b, 4: 30 counts sent at once were 20 counted and 10 refused 429
    "wait 1 s" (the rate, the student's or the address's, ran out with the cap), though after
    the wait the answer was 403, "20 counts ... the most": a retry that could not succeed. Now a
    student at the cap is told the cap (403) whatever the rates. (The clock stands still: no
    rate refills meanwhile.)"""
    store = open_store(tmp_path / "class")
    pool = Pool(store, clock=lambda: 0.0, **limits)
    code = pool.start("snap").code
    me = pool.join(code)
    answers = []
    for _ in range(TALLIES_PER_STUDENT + 10):
        try:
            answers.append(pool.tally(code, me.token, 1, client="127.0.0.1").n)
        except PoolError as exc:
            answers.append((exc.status, str(exc).split(",")[0]))
    assert answers == list(range(1, TALLIES_PER_STUDENT + 1)) + [(403, f"you have sent {TALLIES_PER_STUDENT} counts from real cards")] * 10
    store.close()
