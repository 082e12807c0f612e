"""Taking a student out of the pool (``Pool.set_removed``) from a teacher's notebook, on each
store: the student's number as the pool's own results frame gives it (a numpy integer) is taken,
and a number no class can have is a 404 refusal, never a database error."""
from __future__ import annotations

import json

import numpy as np
import pytest

from catcards.classroom.pool import Pool, PoolError
from catcards.classroom.store import open_store


@pytest.fixture
def pool(store_where):
    store = open_store(store_where)
    yield Pool(store)
    store.close()


def test_a_student_number_from_the_results_frame_is_taken(pool):
    """``results()["student"]`` holds numpy int64: the number the teacher reads there works."""
    info = pool.start("snap")
    code, token = info.code, info.teacher_token
    for value in (3, 39):
        pool.tally(code, pool.join(code, f"N{value}").token, value)
    frame = pool.results(code)
    rude = frame.loc[frame["value"] == 39, "student"].iloc[0]
    assert isinstance(rude, np.integer) and rude == 2
    assert pool.set_removed(code, token, rude, True) is True
    assert pool.removed(code) == [2]
    assert pool.summary(code)["tallies"]["counts"] == [[3, 1]]
    assert pool.set_removed(code, token, np.int32(2), False) is False and pool.removed(code) == []


@pytest.mark.parametrize("number", [2**31, 2**63, 10**30, -(2**63) - 1,
                                    pytest.param(10**5000, id="5001-digits")])
def test_a_number_no_class_has_is_refused_404(pool, number):
    info = pool.start("snap")
    code, token = info.code, info.teacher_token
    pool.tally(code, pool.join(code).token, 4)
    before = (pool.version(code), json.dumps(pool.summary(code)))
    with pytest.raises(PoolError, match="has no student") as caught:
        pool.set_removed(code, token, number, True)
    assert caught.value.status == 404
    assert (pool.version(code), json.dumps(pool.summary(code))) == before
