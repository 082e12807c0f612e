"""catcards.classroom from Python: a class in this process, and the HTTP client against a
minimal server of the contract (here only, on 127.0.0.1, in front of a real Pool)."""
from __future__ import annotations

import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest

from catcards import classroom
from catcards.classroom.pool import Pool, PoolError
from catcards.classroom.store import open_store
from catcards.games.snap import FLIP


def play(state):
    while not state.is_over:
        state.apply(FLIP)
    return state


def test_a_notebook_pools_alone():
    lesson = classroom.start_class("snap")
    ann, bo = lesson.join("Ann"), lesson.join()
    values = []
    for me in (ann, bo):
        for k in range(2):
            state = play(me.new_game(k))
            assert state.seed == me.game_seed(k)
            counted = classroom.submit(me, state)
            assert counted.value == state.snaps_showing and counted.verified
            values.append(state.snaps_showing)
    frame = classroom.results(lesson)
    assert list(frame["value"]) == values and list(frame["student"]) == [1, 1, 2, 2]
    assert lesson.summary(names=True)["students"][0]["student"] == "Ann"
    # the teacher takes Ann out of the pool: her games stay in the results, marked
    assert lesson.set_removed(1) is True
    assert lesson.summary()["n"] == 2 and lesson.summary(names=True)["students"][0]["student"] == "Student 1"
    assert list(lesson.results()["removed"]) == [True, True, False, False]
    assert lesson.set_removed(1, False) is False and lesson.summary()["n"] == 4
    with pytest.raises(PoolError, match="already counted") as e:
        ann.submit(play(ann.new_game(0)))
    assert e.value.status == 409
    assert ann.next_game().seed == ann.game_seed(2)
    assert lesson.student(ann.token).seed == ann.seed
    assert ann.tally(5).kind == "tally"


def test_a_class_on_a_store_folder(tmp_path):
    lesson = classroom.start_class("pairs", store=tmp_path)
    assert (tmp_path / "class.sqlite").exists() and lesson.activity.key == "pairs/turns-to-clear"


def test_current_reads_the_environment(monkeypatch):
    monkeypatch.delenv(classroom.ENV_VAR, raising=False)
    assert classroom.current() is None
    monkeypatch.setenv(classroom.ENV_VAR, json.dumps({"join_url": "http://127.0.0.1:9/class/ABCDEF",
                                                      "student": "tok", "seed": 123456789012,
                                                      "activity": "snap/snaps-per-pass"}))
    me = classroom.current()
    assert (me.token, me.seed, me.game_seed(2)) == ("tok", 123456789012, 123456789012002)
    assert me.activity.key == "snap/snaps-per-pass"
    assert me.classroom.join_url == "http://127.0.0.1:9/class/ABCDEF"
    for bad in ("not json", json.dumps({"join_url": "http://x"}), json.dumps({"join_url": "ftp://x", "student": "t"})):
        monkeypatch.setenv(classroom.ENV_VAR, bad)
        with pytest.raises(PoolError) as e:
            classroom.current()
        assert e.value.status == 400


class _Contract(BaseHTTPRequestHandler):
    """The HTTP contract of the issue, in front of a Pool (``server.pool``, ``server.code``)."""

    def log_message(self, *args):
        pass

    def _answer(self, status, body, kind="application/json"):
        data = (body if isinstance(body, str) else json.dumps(body)).encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        pool, code = self.server.pool, self.server.code
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])) or b"{}")
        try:
            if self.path == f"/class/{code}/join":
                s = pool.join(code, body.get("nickname"))
                return self._answer(200, {"student": s.token, "seed": s.seed, "nickname": s.nickname,
                                          "activity": pool.info(code).activity})
            if self.path == f"/class/{code}/game":
                k, seed = pool.next_game(code, body.get("student"))
                return self._answer(200, {"k": k, "seed": seed})
            if self.path == f"/class/{code}/results":
                from dataclasses import asdict

                # as the class server answers: the Counted under "counted" (catcards.classroom.server)
                return self._answer(201, {"counted": asdict(pool.submit(code, body.get("student"), body.get("save")))})
        except PoolError as exc:
            return self._answer(exc.status, {"error": str(exc)})
        self._answer(404, {"error": "no such page"})

    def do_GET(self):
        pool, code = self.server.pool, self.server.code
        url = urlsplit(self.path)
        if url.path == f"/class/{code}/results.csv":
            if "token" in parse_qs(url.query):  # as the class server: never a token in the address
                return self._answer(400, {"error": "send the teacher's token in the header Authorization: Bearer"})
            auth = self.headers.get("Authorization", "")
            token = auth[len("Bearer "):] if auth.startswith("Bearer ") else ""
            try:
                pool.resume(code, token)
            except PoolError as exc:
                return self._answer(exc.status, {"error": str(exc)})
            return self._answer(200, pool.results_csv(code), "text/csv")
        self._answer(404, {"error": "no such page"})


@pytest.fixture
def contract_server(tmp_path):
    pool = Pool(open_store(tmp_path))
    info = pool.start("snap")
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Contract)
    server.pool, server.code = pool, info.code
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/class/{info.code}", info
    server.shutdown()
    server.server_close()
    pool.store.close()


def test_the_http_client_speaks_the_contract(contract_server):
    join_url, info = contract_server
    room = classroom.Classroom(join_url + "/")
    me = classroom.join(room, "Ann")
    assert me.nickname == "Ann" and me.activity.key == "snap/snaps-per-pass"
    state = play(me.new_game(0))
    counted = me.submit(state)
    assert (counted.value, counted.game_number, counted.seed, counted.n) == (
        state.snaps_showing, 1, me.game_seed(0), 1)   # game 1, as the CSV and the messages say
    with pytest.raises(PoolError, match="already counted") as e:
        me.submit(state)
    assert e.value.status == 409
    with pytest.raises(PoolError, match="not a catcards save") as e:
        me.submit("{")
    assert e.value.status == 400
    ahead = play(me.new_game(2))  # played ahead: refused until game 1 is sent
    with pytest.raises(PoolError, match="your next game is game 2") as e:
        me.submit(ahead)
    assert e.value.status == 422
    following = me.next_game()
    assert following.seed == me.game_seed(1) and not following.is_over
    second = play(following)
    assert me.submit(second).game_number == 2 and me.submit(ahead).game_number == 3
    frame = classroom.results(room, info.teacher_token)
    assert list(frame["value"]) == [state.snaps_showing, second.snaps_showing, ahead.snaps_showing]
    assert list(frame["seed"]) == [me.game_seed(k) for k in range(3)]
    with pytest.raises(PoolError) as e:
        room.results_csv("wrong")
    assert e.value.status == 403
    for bad in ("", None, "two words", "line\nbreak"):  # none sent: no header can hold them
        with pytest.raises(PoolError) as e:
            room.results_csv(bad)
        assert e.value.status in (401, 403) and "teacher's token" in str(e.value)
    again = classroom.Classroom(join_url, "snap/snaps-per-pass").student(me.token, me.seed)  # a lesson's kernel, later
    assert again.submit(play(again.next_game())).n == 4


def test_the_http_client_says_when_no_server_answers():
    with pytest.raises(PoolError, match="cannot be reached") as e:
        classroom.join("http://127.0.0.1:9/class/ABCDEF")
    assert e.value.status == 503


def test_a_lesson_talking_to_a_class_server_needs_no_database_library():
    import subprocess
    import sys

    script = ("import sys; sys.modules['sqlalchemy'] = None  # as if not installed\n"
              "from catcards import classroom\n"
              "me = classroom.current()\n"
              "print(me.game_seed(1), me.activity.key, me.new_game(1).seed)\n"
              "try:\n    classroom.Pool\nexcept ImportError:\n    print('no pool here')\n")
    env = dict(os.environ, CATCARDS_CLASS=json.dumps({"join_url": "http://127.0.0.1:9/class/ABCDEF",
                                                      "student": "t", "seed": 100000000000,
                                                      "activity": "snap/snaps-per-pass"}))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["100000000000001 snap/snaps-per-pass 100000000000001",
                                           "no pool here"]
