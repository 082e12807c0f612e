"""Testers (classpage): two students of one class took the same nickname, and "Teacher" was
accepted as one. A nickname already taken in the class (by any student, compared without regard
to case, spaces or accents) is refused with 409, one that pretends to be the teacher or the app
(the words teacher, admin, catcards) with 400; both as :class:`NicknameError`, which the server
answers as JSON with ``"field": "nickname"`` (the join page shows the words beside the box). A
refused join changes nothing in the store. The page itself: tests/browser/test_class_pages_browser.py."""
from __future__ import annotations

import threading

import pytest
import requests

from catcards.classroom.pool import Pool, PoolError
from catcards.classroom.store import open_store
from class_server import snap_class_served

TAKEN = "That nickname is taken in this class: try another, or join without one"
TEACHERS = "cannot pretend to be the teacher or the app"


@pytest.fixture
def pool(store_where):
    store = open_store(store_where)
    yield Pool(store)
    store.close()


def state(pool, code) -> tuple:
    """What a refused join must leave as it was: the class's version, who joined, the summary."""
    return pool.version(code), pool.summary(code, names=True)["students"], pool.summary(code)["joined"]


@pytest.mark.parametrize("again", ["Mia", "mia", "  MIA ", "M i a", "Mía", "\uff2d\uff49\uff41",
                                   # break52: look-alike letters of other scripts (Cyrillic а, Greek Μ, Cyrillic М)
                                   "Mi\u0430", "\u039cia", "\u041c\u0456\u0430",
                                   # break56: small capitals, letters in squares, a Lisu M
                                   "\u1d0d\u026a\u1d00", "\U0001f17c\U0001f178\U0001f170", "\ua4dfia"])
def test_a_nickname_taken_in_the_class_is_refused_and_nothing_is_stored(pool, again):
    code = pool.start("snap").code
    pool.join(code, "Mia")
    before = state(pool, code)
    with pytest.raises(PoolError) as e:
        pool.join(code, again)
    assert (e.value.status, getattr(e.value, "field", None), str(e.value).capitalize()) == (409, "nickname", TAKEN)
    assert state(pool, code) == before
    assert pool.join(code, "Mia 2").nickname == "Mia 2" and pool.join(code).nickname is None
    assert pool.join(pool.start("snap").code, "Mia").nickname == "Mia"  # another class's nicknames are its own


def test_a_nickname_stays_taken_while_its_student_is_out_and_after_they_are_put_back(pool):
    info = pool.start("snap")
    rude = pool.join(info.code, "Rude")
    for removed in (True, False):
        pool.set_removed(info.code, info.teacher_token, rude.number, removed)
        with pytest.raises(PoolError, match="taken in this class"):
            pool.join(info.code, "rude")
    assert pool.summary(info.code)["joined"] == 1


@pytest.mark.parametrize("nickname", ["Teacher", "teacher", "TEACHER", "Teacher 1", "Mr Teacher", "Mrs. Teacher",
                                      "T e a c h e r", "Téacher", "The teacher", "Admin", "admin 2", "Administrator",
                                      "Mr Admin", "catcards", "Cat Cards", "CatCards team",
                                      # break52: Cyrillic Т and е, Greek Τ, Cherokee Ꭺ
                                      "\u0422eacher", "T\u0435acher", "\u03a4\u0435\u0430\u0441h\u0435r",
                                      "\u13aadmin",
                                      # break56: small capitals, letters in black squares, in black
                                      # circles, regional indicators, Lisu, a hook, a stroke, Cyrillic г
                                      "ᴛᴇᴀᴄʜᴇʀ", "ᴀᴅᴍɪɴ", "🆃🅴🅰🅲🅷🅴🆁", "🅣🅔🅐🅒🅗🅔🅡", "🇹🇪🇦🇨🇭🇪🇷",
                                      "ꓔeacher", "Ƭeacher", "ŧeacher", "Teacheг", "ꓚatcards"])
def test_a_nickname_that_pretends_to_be_the_teacher_or_the_app_is_refused(pool, nickname):
    code = pool.start("snap").code
    before = state(pool, code)
    with pytest.raises(PoolError) as e:
        pool.join(code, nickname)
    assert (e.value.status, getattr(e.value, "field", None)) == (400, "nickname") and TEACHERS in str(e.value)
    assert "teacher, admin, catcards" in str(e.value)
    assert state(pool, code) == before


@pytest.mark.parametrize("nickname", ["Student", "Studentin", "Zoë", "Тимур", "Γιώργος", "Սոնա", "李"])
def test_names_in_other_scripts_and_near_the_lists_words_are_let_in(pool, nickname):
    assert pool.join(pool.start("snap").code, nickname).nickname == nickname


@pytest.mark.parametrize("nickname", ["Տtudent 1", "ꓢtudent 1", "ѕтυdеnт 1", "ᴛᴀᴋᴇɴ ᴏᴜᴛ"])
def test_a_nickname_that_reads_like_the_lists_own_words_in_look_alike_letters_is_refused(pool, nickname):
    """break56: an Armenian Տ, a Lisu ꓢ, Cyrillic ѕ, т and Greek υ for "Student 1"; small capitals
    for "taken out"."""
    code = pool.start("snap").code
    before = state(pool, code)
    with pytest.raises(PoolError) as e:
        pool.join(code, nickname)
    assert (e.value.status, getattr(e.value, "field", None)) == (400, "nickname")
    assert "reads like the teacher's list's own words" in str(e.value)
    assert state(pool, code) == before


@pytest.mark.parametrize("nickname", ["Badminton", "Teach", "Cat", "Cards 4ever", "Mia"])
def test_nicknames_near_the_teachers_words_are_let_in(pool, nickname):
    assert pool.join(pool.start("snap").code, nickname).nickname == nickname


def test_two_joins_at_once_under_one_nickname_make_one_student(pool):
    code = pool.start("snap").code
    answers: list = []
    barrier = threading.Barrier(6)

    def join(i: int) -> None:
        barrier.wait()
        try:
            answers.append(pool.join(code, "Zoe" if i % 2 else "zoe ", client=f"10.0.0.{i}").nickname)
        except PoolError as error:
            answers.append(error.status)

    threads = [threading.Thread(target=join, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(a for a in answers if not isinstance(a, str)) == [409] * 5
    assert len([a for a in answers if isinstance(a, str)]) == 1
    assert pool.summary(code)["joined"] == 1


@pytest.fixture
def served(tmp_path):
    """The class server's own handlers (no Voila) for a Snap class on a free port: its join URL
    and the pool."""
    with snap_class_served(tmp_path) as served:
        yield served


@pytest.mark.parametrize("nickname, status, words", [(" mia", 409, TAKEN), ("Teacher 1", 400, TEACHERS),
                                                     (["Mia"], 400, "a nickname must be text")])
def test_the_server_refuses_a_taken_or_teachers_nickname_in_json_naming_the_field(served, nickname, status, words):
    url, pool, code = served["url"], served["pool"], served["code"]
    assert requests.post(url + "/join", json={"nickname": "Mia"}, timeout=30).status_code == 201
    before = state(pool, code)
    reply = requests.post(url + "/join", json={"nickname": nickname}, timeout=30)
    assert reply.status_code == status and reply.headers["Content-Type"].startswith("application/json")
    answer = reply.json()
    assert answer["field"] == "nickname" and words.lower() in answer["error"].lower(), answer
    assert state(pool, code) == before
    # other refusals name no field (the page says them at the top, not beside the box)
    other = requests.post(url + "/tally", json={"student": "nobody", "value": 3}, timeout=30)
    assert other.status_code == 403 and "field" not in other.json()


@pytest.mark.parametrize("value, status", [(40, 422), (-1, 422), (3.5, 422), (1e3, 422), ("5", 400), (True, 400)])
def test_the_server_refuses_a_count_outside_0_to_39_in_json(served, value, status):
    """The page refuses such a count in its own words before sending it; the server still does."""
    url = served["url"]
    student = requests.post(url + "/join", json={}, timeout=30).json()["student"]
    reply = requests.post(url + "/tally", json={"student": student, "value": value}, timeout=30)
    assert reply.status_code == status and reply.headers["Content-Type"].startswith("application/json")
    assert "whole number" in reply.json()["error"]
    assert served["pool"].summary(served["code"])["tallies"]["n"] == 0
