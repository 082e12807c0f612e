"""A class whose deal stays with the server (``Activity.deal_hidden``: Pairs, "turns to clear").

Hostile tester (break54b): in a Pairs class the join answer, ``/me`` and ``/game`` gave a
student's script its seed; game k of the series is ``seed * 1000 + k``, so the script dealt each
layout on the student's own computer, turned over each pair at once (8 turns for 16 cards) and
sent the save: a legal game, counted as checked. Tried by hand: three 8-turn games counted in a
row. Now a student's own requests get ``"seed": null``, only the server's own table kernels (the
server's secret in ``X-Catcards-Table-Secret``) get the seed, and the Python client says the
class is played at the class table. Snap's pass (its result fixed by the deal) still gives the
seed, and a student's notebook still deals and sends its games over HTTP.

The pool's handlers are served without Voila (``class_server.handlers_served``); the class
table itself is checked in ``test_class_app.py`` (in this process) and ``test_server.py``
(a real class server).
"""
from __future__ import annotations

import contextlib
import json
import itertools
from pathlib import Path

import pytest
import requests

from catcards.classroom.activities import activity
from catcards.classroom.page import TABLE_SECRET_HEADER
from catcards.classroom.pool import series_seed
from class_server import handlers_served

PAIRS = activity("pairs/turns-to-clear")
SECRET = "the-servers-own-secret-for-its-tables"


@contextlib.contextmanager
def class_served(folder, key: str):
    """A class of activity ``key`` with its pool's handlers served (no Voila, no table) and a
    table secret set; yields ``(pool, code, url)`` (``url``: the join link)."""
    from catcards.classroom.pool import Pool
    from catcards.classroom.server import ClassServer
    from catcards.classroom.store import open_store

    store = open_store(Path(folder) / "store")
    pool = Pool(store)
    act = activity(key)
    info = pool.start(act.game, key)
    server = ClassServer()
    server.pool, server.info, server.activity = pool, info, act
    server.table_secret = SECRET
    try:
        with handlers_served(server) as port:
            yield pool, info.code, f"http://127.0.0.1:{port}/class/{info.code}"
    finally:
        store.close()


def cleared_at_once(seed: int):
    """The Pairs class's game of ``seed``, each pair turned over at once (its layout known)."""
    from catcards.games.pairs import TurnOver

    state = PAIRS.new_game(seed)
    while not state.is_over:
        for a, b in itertools.combinations([p for p, card in enumerate(state.grid) if card is not None], 2):
            trial = state.clone()
            trial.apply(TurnOver(a))
            trial.apply(TurnOver(b))
            if trial.last_turn and trial.last_turn.get("match"):
                state.apply(TurnOver(a))
                state.apply(TurnOver(b))
                break
    return state


def test_the_activities_say_which_deal_stays_with_the_server():
    assert PAIRS.deal_hidden is True
    assert [a.deal_hidden for a in map(activity, ("snap/snaps-per-pass", "big-cat/game-length",
                                                  "simons-cat/cat3-set-aside"))] == [False, False, False]


def test_a_pairs_student_is_told_no_seed_and_a_game_played_from_a_known_layout_cannot_be_made(tmp_path):
    """break54b's script as a test: every seed a student's own requests are answered is null, so
    the script has no layout to clear in 8 turns; the server's own table (its secret) is dealt the
    student's game and its save counts. (Before: join, /me and /game gave the seed, and the
    script's 8-turn game counted: 201.)"""
    with class_served(tmp_path, "pairs/turns-to-clear") as (pool, code, url):
        joined = requests.post(url + "/join", json={}, timeout=30)
        assert joined.status_code == 201
        token = joined.json()["student"]
        me = requests.post(url + "/me", json={"student": token}, timeout=30)
        dealt = requests.post(url + "/game", json={"student": token}, timeout=30)
        assert me.status_code == dealt.status_code == 200
        assert joined.json()["seed"] is None and me.json()["seed"] is None
        assert dealt.json() == {"k": 0, "seed": None}
        # a wrong secret is a student's request
        wrong = requests.post(url + "/game", json={"student": token}, headers={TABLE_SECRET_HEADER: "guess"}, timeout=30)
        assert wrong.json() == {"k": 0, "seed": None}
        # the class table (the server's secret) gets the seed of the student's game 0, plays it, and it counts
        table = requests.post(url + "/game", json={"student": token}, headers={TABLE_SECRET_HEADER: SECRET}, timeout=30)
        seed = pool.student(code, token).seed
        assert table.json() == {"k": 0, "seed": series_seed(seed, 0), "save": None}  # no game in play yet
        # what the student's script knows of the deal: nothing, so the 8-turn game it would make is
        # of no seed of theirs; the table's own 8-turn game here stands for a game played well
        state = cleared_at_once(table.json()["seed"])
        assert state.turns == 8
        sent = requests.post(url + "/results", json={"student": token, "save": state.to_json()},
                             headers={TABLE_SECRET_HEADER: SECRET}, timeout=30)
        assert sent.status_code == 201 and sent.json()["counted"]["seed"] == series_seed(seed, 0)
        # the student's own /results answer would give the game's seed (and with it their series): not
        state = cleared_at_once(series_seed(seed, 1))
        mine = requests.post(url + "/results", json={"student": token, "save": state.to_json()}, timeout=30)
        assert mine.status_code == 201 and mine.json()["counted"]["seed"] is None
        assert mine.json()["counted"]["game_number"] == 2
        text = " ".join(r.text for r in (joined, me, dealt, wrong, mine))
        assert str(seed) not in text


def test_the_python_client_says_a_pairs_class_is_played_at_the_class_table(tmp_path):
    """``Member.next_game()`` over HTTP raised "the class server's answer to /game has no whole k
    and seed" (502) once the seed was null; it says where the class is played."""
    from catcards.classroom import DEALT_AT_THE_TABLE, Classroom, PoolError

    with class_served(tmp_path, "pairs/turns-to-clear") as (pool, code, url):
        member = Classroom(url, "pairs/turns-to-clear").join()
        assert member.seed is None
        with pytest.raises(PoolError) as raised:
            member.next_game()
        assert raised.value.status == 403 and str(raised.value) == DEALT_AT_THE_TABLE
        assert "open the join link" in str(raised.value)
        with pytest.raises(PoolError, match="dealt at the class table"):
            member.new_game(0)


def test_a_snap_class_still_deals_to_a_students_python_over_http(tmp_path):
    """Snap's pass is fixed by the deal (no choice to make), so its seed is given: the lesson's
    class cell (notebooks/snap.ipynb: class_member() -> next_game() -> submit) works over HTTP."""
    from catcards.classroom import Classroom
    from catcards.games.snap import FLIP

    with class_served(tmp_path, "snap/snaps-per-pass") as (pool, code, url):
        joined = requests.post(url + "/join", json={}, timeout=30).json()
        assert joined["seed"] == pool.student(code, joined["student"]).seed
        member = Classroom(url).join()  # the join answer names the activity
        assert isinstance(member.seed, int) and member.activity.key == "snap/snaps-per-pass"
        for k in range(2):
            state = member.next_game()
            assert state.seed == series_seed(member.seed, k)
            for _ in range(52):
                state.apply(FLIP)
            counted = member.submit(state)
            assert counted.verified and counted.game_number == k + 1 and counted.seed == state.seed
            assert counted.value == state.snaps_showing


def test_a_real_pairs_class_table_is_dealt_by_the_server_and_its_page_holds_no_seed(tmp_path):
    """``catcards class pairs`` (Voila, a preheated table kernel): the student's own join, /me
    and /game answers say no seed; their table page is dealt "Game 1." (the kernel asked /game
    with the server's secret and got the seed), and neither the page nor any widget model its
    kernel answers the page's widget manager with (what a student's script on the table's
    websocket reads) holds the seed, a seed box, Undo, New game, Computer step, Play out, the Move
    box or "What are my chances?". Before, the hidden seed box held the game's seed."""
    import re

    from catcards.classroom.pool import Pool
    from catcards.classroom.store import open_store
    from class_server import ClassProcess, free_port, widget_models

    process = ClassProcess(tmp_path / "store", free_port(), tmp_path)
    info = process.start(game="pairs")
    try:
        url = info["join_url"]
        joined = requests.post(url + "/join", json={}, timeout=60).json()
        token = joined["student"]
        me = requests.post(url + "/me", json={"student": token}, timeout=60).json()
        dealt = requests.post(url + "/game", json={"student": token}, timeout=60).json()
        assert (joined["seed"], me["seed"], dealt) == (None, None, {"k": 0, "seed": None})
        store = open_store(tmp_path / "store")
        try:
            seed = Pool(store).student(info["code"], token).seed
        finally:
            store.close()
        browser = requests.Session()
        page = browser.get(info["base"] + f"?student={token}", timeout=120)
        assert page.status_code == 200 and "Game 1." in page.text and "Traceback" not in page.text
        kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.text).group(1)
        states = widget_models(info["base"], kernel, 60, browser.cookies["_xsrf"])
        text = json.dumps(states)
        assert "Game 1." in text and '"description": "card 15"' in text  # the student's game, dealt: 16 cards
        assert str(seed) not in text and str(seed) not in page.text  # nor series_seed(seed, 0), which starts so
        descriptions = {model["state"].get("description") for model in states.values()}
        assert not descriptions & {"Undo", "New game", "New seed", "Computer step", "Play out", "seed",
                                   "What are my chances?", "Play on from here", "Move"}
        assert not [m for m in states.values() if m["model_name"] in ("TextModel", "IntTextModel", "DropdownModel")]
    finally:
        process.stop()


def test_a_table_s_game_in_play_is_kept_checked_and_given_back_to_the_table_only(tmp_path):
    """break55: a Pairs deal the student had seen was dealt to them afresh (a reload, a second
    tab, a refused game), and cleared from memory in 8 turns. The table sends its game in play
    after each move (``/progress``); the server checks it (the server's secret, the student's
    next game, its seed, a legal replay, bounded) and gives it back in ``/game`` to a table only,
    which resumes it. Failed before the fix: no ``/progress`` (404), no ``save`` in ``/game``."""
    from catcards.classroom.pool import MAX_SAVE_BYTES

    with class_served(tmp_path, "pairs/turns-to-clear") as (pool, code, url):
        token = requests.post(url + "/join", json={}, timeout=30).json()["student"]
        seed = series_seed(pool.student(code, token).seed, 0)
        game = activity("pairs/turns-to-clear").new_game(seed)
        for _ in range(6):  # three turns: every card of them seen
            game.apply(game.legal_actions()[0])
        save = game.to_json()
        table = {TABLE_SECRET_HEADER: SECRET}

        def progress(body, headers=table):
            reply = requests.post(url + "/progress", json=body, headers=headers, timeout=30)
            return reply.status_code, reply.json()

        assert progress({"student": token, "k": 0, "save": save}, {})[0] == 403  # a student's script
        assert progress({"student": token, "k": 0, "save": save}, {TABLE_SECRET_HEADER: "guess"})[0] == 403
        assert progress({"student": "nobody", "k": 0, "save": save})[0] == 403
        assert progress({"student": token, "k": 1, "save": save})[0] == 409  # not the game in play
        assert progress({"student": token, "k": "0", "save": save})[0] == 400
        assert progress({"student": token, "k": 0, "save": "{}"})[0] == 400
        assert progress({"student": token, "k": 0, "save": " " * (MAX_SAVE_BYTES + 1)})[0] == 413
        other = activity("pairs/turns-to-clear").new_game(series_seed(pool.student(code, token).seed, 1))
        assert progress({"student": token, "k": 0, "save": other.to_json()})[0] == 422  # another deal
        edited = json.loads(save)
        edited["actions"] = edited["actions"][:-1]  # its digest no longer replays
        status, answer = progress({"student": token, "k": 0, "save": json.dumps(edited)})
        assert status == 422 and "replay" in answer["error"]
        student = requests.post(url + "/game", json={"student": token}, timeout=30).json()
        assert student == {"k": 0, "seed": None}  # nothing kept yet, and never the save to a script

        assert progress({"student": token, "k": 0, "save": save}) == (200, {"kept": True})
        given = requests.post(url + "/game", json={"student": token}, headers=table, timeout=30).json()
        assert given == {"k": 0, "seed": seed, "save": save}
        student = requests.post(url + "/game", json={"student": token}, timeout=30).json()
        assert student == {"k": 0, "seed": None}
