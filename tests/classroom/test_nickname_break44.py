"""Break-it tester (break44): a student taken out cannot come back under the same nickname drawn
the same way on the teacher's list, with invisible or combining characters, spaces between the
letters or accents; a nickname that draws nothing is refused."""
from __future__ import annotations

import pytest

from catcards.classroom.pool import Pool, PoolError
from catcards.classroom.store import open_store


@pytest.fixture
def pool(store_where):
    store = open_store(store_where)
    yield Pool(store)
    store.close()


LOOK_ALIKES = ["R u d e", "Rude\u034f", "Rude\ufe0f", "Rude\u3164", "Rude\u2800", "\u1160Rude", "Rude\u0301",
               "Rud\u0117", "RUDE\u0308", "R\u00fcde"]


def test_a_nickname_taken_out_is_refused_with_invisible_or_combining_characters(pool):
    info = pool.start("snap")
    code, token = info.code, info.teacher_token
    rude = pool.join(code, "Rude")
    pool.set_removed(code, token, rude.number, True)
    for again in LOOK_ALIKES:
        with pytest.raises(PoolError, match="nickname is taken in this class: try another") as e:
            pool.join(code, again)
        assert e.value.status == 409, again
    summary = pool.summary(code)
    assert (summary["joined"], summary["taken_out"], summary["submitted"], summary["n"]) == (1, 1, 0, 0)
    assert pool.join(code, "Rudy").nickname == "Rudy"  # another nickname is still let in
    pool.set_removed(code, token, rude.number, False)  # put back: their nickname, in every form, is still theirs
    with pytest.raises(PoolError, match="nickname is taken in this class"):
        pool.join(code, "Rude\u0301")
    assert pool.summary(code)["joined"] == 2


@pytest.mark.parametrize("blank", ["\u3164", "\u2800 \u3164", "\u0301", "\u115f\u1160", "\ufe0f"])
def test_a_nickname_that_draws_nothing_is_refused(pool, blank):
    code = pool.start("snap").code
    with pytest.raises(PoolError, match="printable characters") as e:
        pool.join(code, blank)
    assert e.value.status == 400 and pool.summary(code)["joined"] == 0


@pytest.mark.parametrize("nickname", ["Student 1", "student 12", "STUDENT3", "Ｓｔｕｄｅｎｔ ２", "Student 2 (taken out)",
                                      "Rude (taken out)", "Rude (Taken Out)", "takenout",
                                      # break45: a letter read as a 1, and punctuation between
                                      "Student l", "Student I", "Student \u2160", "Student-1", "Student_1",
                                      "Student#1", "Kit (taken-out)", "Kit (taken_out)", "Kit (taken\u2011out)",
                                      # break52: a Cyrillic Ѕ
                                      "\u0405tudent 9"])
def test_a_nickname_in_the_teacher_lists_own_words_is_refused(pool, nickname):
    """Break-it (break44): "Student 1" drew a second Student 1 on the teacher's list, and "Rude
    (taken out)" drew a student in the pool as one taken out (the list adds " (taken out)")."""
    code = pool.start("snap").code
    with pytest.raises(PoolError, match="reads like the teacher's list's own words") as e:
        pool.join(code, nickname)
    assert e.value.status == 400 and pool.summary(code)["joined"] == 0


@pytest.mark.parametrize("nickname", ["Studentin", "Student", "Students 4ever", "Take it out"])
def test_nicknames_near_those_words_are_let_in(pool, nickname):
    code = pool.start("snap").code
    assert pool.join(code, nickname).nickname == nickname
