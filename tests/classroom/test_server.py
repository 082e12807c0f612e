"""The class server over HTTP (``catcards class snap --json``): the contract, every refusal, a
restart on the same store, and that a student's page cannot run code on the server.

One real server per module, a subprocess on a free port with a temporary store (SQLite), as a
teacher starts it; the tests talk to it as students' pages and scripts do.
"""
from __future__ import annotations

import json
import re
import socket
import tempfile
import time
import uuid
from pathlib import Path

import pytest
import requests

import catcards
from catcards.classroom.activities import activity
from catcards.classroom.pool import CODE_ALPHABET, series_seed
from catcards.games.snap import FLIP
from class_server import (ClassProcess, DyingKernels, FakeVoilaKernels, class_process, free_port, handlers_served,
                          snap_class_served, ticks)

SNAPS_ACT = activity("snap/snaps-per-pass")


@pytest.fixture(scope="module")
def server():
    """The module's class server (``info`` of its JSON line, ``base``, ``process``)."""
    with class_process("catcards-class-test-") as info:
        yield info


def snap_pass(seed: int, turns: int = 52):
    state = SNAPS_ACT.new_game(seed)
    for _ in range(turns):
        state.apply(FLIP)
    return state


def join(server, **body) -> dict:
    reply = requests.post(server["join_url"] + "/join", json=body, timeout=30)
    assert reply.status_code == 201, reply.text
    return reply.json()


def teacher(server) -> dict:
    return {"Authorization": f"Bearer {server['teacher_token']}"}


def summary(server) -> dict:
    reply = requests.get(server["join_url"] + "/summary", headers=teacher(server), timeout=30)
    assert reply.status_code == 200, reply.text
    return reply.json()


def version(server) -> int:
    return requests.get(server["join_url"] + "/version", headers=teacher(server), timeout=30).json()["version"]


def counted(server) -> tuple:
    """What the pool has counted: games, their counts by value, tallies."""
    s = summary(server)
    return s["n"], s["counts"], s["tallies"]["n"], s["running"]


def submit(server, token, save, **kw):
    return requests.post(server["join_url"] + "/results", json={"student": token, "save": save}, timeout=30, **kw)


def refused(reply, status: int, words: str) -> None:
    """A refusal: ``status``, a JSON ``{"error": ...}`` whose message has ``words``."""
    assert reply.status_code == status, (reply.status_code, reply.text)
    assert reply.headers["Content-Type"].startswith("application/json")
    error = reply.json()["error"]
    assert isinstance(error, str) and re.search(words, error, re.I), error


# ---- the contract -------------------------------------------------------------------------------
def test_the_json_line_gives_the_code_and_links(server):
    code = server["code"]
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert re.fullmatch(rf"http://127\.0\.0\.1:\d+/class/{code}", server["join_url"])
    # the teacher's token travels in the fragment, which a browser never sends to a server
    assert server["dashboard_url"] == f"{server['join_url']}/dashboard#token={server['teacher_token']}"
    assert len(server["teacher_token"]) >= 32


def test_with_json_the_standard_output_is_the_json_line_alone(tmp_path):
    """``catcards class snap --json | python -c "import json,sys; json.load(sys.stdin)"``: from the
    start to the teacher's Ctrl+C, standard output holds the JSON line and nothing else; the
    tables' readiness line goes to standard error."""
    import os
    import subprocess
    import sys
    import threading

    from class_server import REPO, ctrl_c

    err = tmp_path / "stderr.txt"
    env = dict(os.environ, HOME=str(tmp_path), TMPDIR=str(tmp_path), PYTHONPATH=str(REPO), MPLBACKEND="Agg")  # no voila_* left in /tmp
    with err.open("wb") as errors:
        proc = subprocess.Popen([sys.executable, "-m", "catcards.cli", "class", "snap", "--json",
                                 f"--port={free_port()}", f"--store={tmp_path / 'store'}", "--preheat=1"],
                                stdout=subprocess.PIPE, stderr=errors, env=env, cwd=tmp_path)
        lines: list[bytes] = []
        reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
        reader.start()
        try:
            deadline = time.monotonic() + 240   # a guard against a hang, not a timing test
            while (b"(all ready)" not in err.read_bytes() + b"".join(lines) and proc.poll() is None
                   and time.monotonic() < deadline):
                time.sleep(0.5)
        finally:
            ctrl_c(proc, reader)
    said, out = err.read_text(errors="replace"), b"".join(lines)
    assert len(lines) == 1 and out.endswith(b"\n"), out.decode(errors="replace")[-2000:]
    assert "Students' tables ready: 1 of 1 (all ready)" in said, said[-2000:]
    info = json.loads(out)   # the whole output is one JSON document
    assert sorted(info) == ["code", "dashboard_url", "join_url", "new_class", "note", "teacher_token"]
    assert info["new_class"] is True and info["note"] is None   # a new store: nothing was ended
    assert info["dashboard_url"] == f"{info['join_url']}/dashboard#token={info['teacher_token']}"
    # the stop's words are on standard error. (In CI, twice, this server had not stopped 30 s after
    # the Ctrl+C and was killed, saying nothing: its kernels were given jupyter_client's 5 s and its
    # exit collected the garbage of Voila's 270,000 objects under the suite's load; classstop.)
    assert proc.returncode == 0, said[-2000:]
    assert "Stopping: closing 1 kernel (the students' tables)..." in said, said[-2000:]
    assert f"Stopped. Class {info['code']} and its results are kept in the store" in said, said[-2000:]


def test_ctrl_c_closes_every_kernel_and_keeps_the_results(tmp_path):
    """The teacher's Ctrl+C (SIGINT) at the end of a lesson, with a student's table open and
    preheated tables waiting: the server says it is stopping and how many kernels it closes,
    leaves none of them running, removes Voila's folder of connection files, ends with status 0
    and says the class is kept; the result counted before is in the store, opened again here.
    How long the stop takes is a benchmark figure, not asserted (only ``ctrl_c``'s 30 s guard:
    in CI this server was once still there 30 s after a Ctrl+C)."""
    import threading

    import psutil

    from catcards.classroom.pool import Pool
    from catcards.classroom.store import open_store
    from class_server import ctrl_c

    temp = tmp_path / "tmp"   # where Voila makes its folder of connection files
    temp.mkdir()
    proc = ClassProcess(tmp_path / "store", free_port(), tmp_path)
    info = proc.start(env={"TMPDIR": str(temp)}, extra=("--preheat=2",))
    kernels: list = []
    try:
        deadline = time.monotonic() + 240   # a guard against a hang, not a timing test
        while "(all ready)" not in proc.tail() and time.monotonic() < deadline:
            time.sleep(0.5)
        ana = join(info, nickname="Ana")
        state = snap_pass(series_seed(ana["seed"], 0))
        assert submit(info, ana["student"], state.to_json()).status_code == 201
        table = _table(info, requests.Session(), ana["student"])   # Ana's table: a kernel of hers
        assert list(temp.glob("voila_*/kernel-*.json"))
        kernels = psutil.Process(proc.proc.pid).children(recursive=True)
        assert len(kernels) >= 2 and any(f"kernel-{table}.json" in " ".join(k.cmdline()) for k in kernels)
        done = threading.Thread(target=lambda: None)
        done.start()
        ctrl_c(proc.proc, done)
        left = [kernel.pid for kernel in kernels if _runs(kernel)]
    finally:
        proc.kill()
        for kernel in kernels:   # a failed test leaves nothing running either
            try:
                kernel.kill()
            except psutil.NoSuchProcess:
                pass
    said = proc.tail()
    assert proc.proc.returncode == 0, said
    stopping = re.search(r"Stopping: closing (\d+) kernels \(the students' tables\)\.\.\.", said)
    assert stopping and int(stopping.group(1)) >= 2, said
    assert f"Stopped. Class {info['code']} and its results are kept in the store" in said, said
    assert said.index("Stopping: closing") < said.index("Stopped. Class")
    assert "Traceback" not in said, said
    assert left == [], f"kernels left running: {left}"
    assert not list(temp.glob("voila_*")), "Voila's connection files were left"
    store = open_store(tmp_path / "store")
    try:
        summary_after = Pool(store).summary(info["code"])
    finally:
        store.close()
    assert summary_after["n"] == 1 and summary_after["counts"] == [[state.snaps_showing, 1]]


def test_ip_double_colon_serves_the_printed_link_on_ipv4_and_ipv6(tmp_path):
    """``catcards class snap --ip :: --json`` printed a join link with the computer's IPv4
    address while tornado, given ``::``, listened on IPv6 only (``IPV6_V6ONLY``): the link and its
    QR code were refused a connection (break53). Now ``::`` listens on every address of both
    families: the printed link, 127.0.0.1 and ::1 all answer."""
    process = ClassProcess(tmp_path / "store", free_port(), tmp_path)
    try:
        info = process.start(timeout=90, extra=("--ip=::", "--preheat=0"))   # it waits for join_url to answer
        port = process.port
        for host in ("127.0.0.1", "[::1]"):
            reply = requests.get(f"http://{host}:{port}/class/{info['code']}", timeout=30)
            assert reply.status_code == 200, (host, reply.text[:300])
    finally:
        process.stop()


def _runs(process) -> bool:
    """The process (psutil) runs: it exists and is not a zombie (ended, its exit not collected)."""
    import psutil

    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def test_the_student_page_the_code_box_and_the_dashboard_page(server):
    page = requests.get(server["join_url"], timeout=30)
    assert page.status_code == 200 and page.headers["Content-Type"].startswith("text/html")
    assert server["code"] in page.text and "Turn all 52 cards without calling Snap" in page.text
    assert 'id="tally"' in page.text and "the server cannot check them" in page.text
    # a count's answer is shown under its box (the message at the top is out of view on a phone)
    form = page.text[page.text.index('<form id="tally-form" novalidate>'):page.text.index("</details>")]
    assert '<button type="submit">Send my count</button>\n<p id="tally-status" role="status"' in form
    assert 'tallyStatus.textContent = sentence(text)' in page.text
    box = requests.get(server["base"] + "class", timeout=30)
    assert box.status_code == 200 and "The class code your teacher shows" in box.text
    # the dashboard page itself holds no data; its data needs the token (below)
    dash = requests.get(server["join_url"] + "/dashboard", timeout=30)
    assert dash.status_code == 200 and server["teacher_token"] not in dash.text
    # the exact answer waits behind a button; counts from real cards are their own series
    assert '<button id="reveal" type="button" aria-pressed="false">Show the exact answer</button>' in dash.text
    assert "kept out of the charts" not in dash.text and "from real cards, not checked" in dash.text
    qr = requests.get(server["join_url"] + "/qr.svg", timeout=30)
    assert qr.status_code == 200 and qr.headers["Content-Type"] == "image/svg+xml" and "<svg" in qr.text
    # break46: the dashboard's address with a "/" after it was the students' code box ("There is
    # nothing at this address"); it goes to the dashboard (a browser keeps the "#token=" part)
    for slashed in ("/dashboard/", "/dashboard/?names=1"):
        moved = requests.get(server["join_url"] + slashed, timeout=30, allow_redirects=False)
        assert moved.status_code == 301, (moved.status_code, moved.text[:200])
        assert moved.headers["Location"] == "/class/" + server["code"] + slashed.replace("dashboard/", "dashboard")


def test_a_student_joins_gets_their_own_series_and_a_finished_game_counts(server):
    ana = join(server, nickname="Ana")
    ben = join(server)
    assert ana["nickname"] == "Ana" and ben["nickname"] is None and ana["seed"] != ben["seed"]
    game = requests.post(server["join_url"] + "/game", json={"student": ana["student"]}, timeout=30).json()
    assert game == {"k": 0, "seed": series_seed(ana["seed"], 0)}
    before = version(server)
    state = snap_pass(game["seed"])
    reply = submit(server, ana["student"], state.to_json())
    assert reply.status_code == 201, reply.text
    assert reply.json()["counted"]["value"] == state.snaps_showing
    assert reply.json()["games"] == 1 and reply.json()["values"] == [state.snaps_showing]
    assert version(server) > before
    # a reload asks who the student is: their results are there, and their next game is game 2
    me = requests.post(server["join_url"] + "/me", json={"student": ana["student"]}, timeout=30).json()
    assert me["values"] == [state.snaps_showing] and me["nickname"] == "Ana" and me["ended"] is False
    assert requests.post(server["join_url"] + "/game", json={"student": ana["student"]},
                         timeout=30).json()["k"] == 1
    s = summary(server)
    assert s["n"] == 1 and s["joined"] >= 2 and s["counts"] == [[state.snaps_showing, 1]]
    assert s["exact_mean"] == pytest.approx(3.0) and dict(map(tuple, s["exact"]))[0] == pytest.approx(0.0455, abs=5e-5)
    assert s["students"] == [{"number": 1, "student": "Student 1", "n": 1, "mean": state.snaps_showing,
                              "tallies": 0, "tallies_mean": None, "removed": False},  # anonymous
                             {"number": 2, "student": "Student 2", "n": 0, "mean": None,
                              "tallies": 0, "tallies_mean": None, "removed": False}]  # listed before sending
    named = requests.get(server["join_url"] + "/summary?names=1", headers=teacher(server), timeout=30).json()
    assert named["students"][0]["student"] == "Ana"
    csv = requests.get(server["join_url"] + "/results.csv", headers=teacher(server), timeout=30)
    assert csv.status_code == 200 and csv.headers["Content-Type"].startswith("text/csv")
    rows = csv.text.strip().splitlines()
    assert rows[0].startswith("order,student,nickname,kind,verified") and len(rows) == 2
    assert f",{game['seed']},{state.snaps_showing}," in rows[1]


def test_a_tally_is_kept_apart_and_marked_not_verified(server):
    ana = join(server)
    reply = requests.post(server["join_url"] + "/tally", json={"student": ana["student"], "value": 4}, timeout=30)
    assert reply.status_code == 201 and reply.json()["counted"]["verified"] is False
    assert reply.json()["tallies"] == [4] and reply.json()["values"] == []
    s = summary(server)
    assert s["tallies"]["n"] >= 1 and s["tallies"]["verified"] is False
    # the dashboard draws the tallies' own running mean, never mixed into the checked games'
    assert s["tallies"]["running"][-1]["n"] == s["tallies"]["n"]
    assert s["tallies"]["running"][-1]["mean"] == pytest.approx(s["tallies"]["mean"])
    refused(requests.post(server["join_url"] + "/tally", json={"student": ana["student"], "value": 99}, timeout=30),
            422, "0")


# ---- refusals: 4xx JSON, nothing counted, the server still serving --------------------------------
@pytest.fixture
def student(server):
    """A new student and the seed of their first game; after the test, nothing was counted."""
    s = join(server)
    s["first"] = series_seed(s["seed"], 0)
    before = counted(server)
    yield s
    assert counted(server) == before
    assert requests.get(server["join_url"], timeout=30).status_code == 200  # still serving


def test_refuses_a_tampered_save(server, student):
    data = json.loads(snap_pass(student["first"]).to_json())
    data["actions"] = data["actions"][:-1] + ["snap by seat 1"]
    refused(submit(server, student["student"], json.dumps(data)), 422, "edited|replay")
    data = json.loads(snap_pass(student["first"]).to_json())
    data["digest"] = "0" * 64
    refused(submit(server, student["student"], json.dumps(data)), 422, "edited|replay")


def test_refuses_a_duplicate(server):
    ana = join(server)
    save = snap_pass(series_seed(ana["seed"], 0)).to_json()
    assert submit(server, ana["student"], save).status_code == 201
    before = version(server), counted(server)
    refused(submit(server, ana["student"], save), 409, "already counted")
    assert (version(server), counted(server)) == before


def test_refuses_an_unfinished_game_and_another_games_save(server, student):
    refused(submit(server, student["student"], snap_pass(student["first"], turns=30).to_json()), 422, "52")
    other = catcards.load("pairs").new_game(student["first"])
    refused(submit(server, student["student"], other.to_json()), 422, "snap")


def test_refuses_an_unknown_student_and_wrong_codes(server, student):
    save = snap_pass(student["first"]).to_json()
    refused(submit(server, "no-such-student", save), 403, "not joined")
    wrong = server["join_url"].rsplit("/", 1)[0] + "/ZZZZZZ"
    refused(requests.post(wrong + "/results", json={"student": student["student"], "save": save}, timeout=30), 404, "code")
    refused(requests.post(wrong + "/join", json={}, timeout=30), 404, "code")
    refused(requests.get(wrong, timeout=30), 404, "code")


@pytest.mark.parametrize("body", [b"{not json", b"[1, 2]", b'"text"', b"\xff\xfe", b'{"student": 5, "save": "x"}',
                                  b'{"student": ' + b"1" * 5000 + b"}"])  # over Python's 4,300 digits: was a 500
def test_refuses_malformed_json(server, student, body):
    reply = requests.post(server["join_url"] + "/results", data=body, headers={"Content-Type": "application/json"},
                          timeout=30)
    refused(reply, 400, "JSON|student")


def test_refuses_a_20_mb_body_before_reading_it(server, student):
    """The server answers 413 from the headers: the body (20 MB) is never sent."""
    host, port = re.match(r"http://([^:/]+):(\d+)", server["join_url"]).groups()
    path = "/" + server["join_url"].split("/", 3)[3] + "/results"
    with socket.create_connection((host, int(port)), timeout=30) as s:
        s.sendall(f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                  f"Content-Length: {20 * 1024 * 1024}\r\n\r\n".encode() + b"{" + b" " * 1000)
        answer = s.recv(65536).decode(errors="replace")
    assert answer.startswith("HTTP/1.1 413"), answer[:200]
    assert '"error"' in answer and "at most" in answer
    # and a whole large body sent by a client is refused too
    refused(submit(server, student["student"], "x" * (3 * 1024 * 1024)), 413, "at most")


@pytest.mark.parametrize("length", [b"\xb2", b"\xb9", b"\xb3"], ids=["superscript 2", "superscript 1", "superscript 3"])
def test_refuses_a_content_length_of_a_superscript_digit_with_a_json_400(server, length):
    """Break-it (break44): a Content-Length of one byte 0xB2 (latin-1 "²", a digit to str.isdigit,
    not to int) was a 500, its traceback in the teacher's terminal."""
    host, port = re.match(r"http://([^:/]+):(\d+)", server["join_url"]).groups()
    path = "/" + server["join_url"].split("/", 3)[3] + "/me"
    answer = b""
    with socket.create_connection((host, int(port)), timeout=30) as s:
        s.sendall(f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n".encode()
                  + b"Content-Length: " + length + b"\r\n\r\n{}")
        while part := s.recv(65536):  # the connection closes after the answer
            answer += part
    head, _, body = answer.decode(errors="replace").partition("\r\n\r\n")
    assert head.startswith("HTTP/1.1 400"), head
    assert json.loads(body) == {"error": "the Content-Length header must be a whole number"}


def _chunked(server, path: str, chunks: list[bytes], method: str = "POST") -> str:
    """Send ``chunks`` (``method``) to ``path`` of the class (``Transfer-Encoding: chunked``, no
    Content-Length, no last empty chunk) on a socket of its own; the whole answer, read until the
    server closes the connection."""
    host, port = re.match(r"http://([^:/]+):(\d+)", server["join_url"]).groups()
    head = (f"{method} /{server['join_url'].split('/', 3)[3]}/{path} HTTP/1.1\r\nHost: {host}\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n").encode()
    answer = b""
    with socket.create_connection((host, int(port)), timeout=30) as s:
        s.sendall(head + b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in chunks)[:-2])
        while part := s.recv(65536):
            answer += part
    return answer.decode(errors="replace")


CHUNKED_413 = {"error": "the request body is over 1048576 bytes (1 MiB); at most 1048576 are read (a game's save "
                       "is at most 256 KiB)"}


@pytest.mark.parametrize("method, path, sizes", [
    ("POST", "results", [1024 * 1024 + 1]), ("POST", "results", [64 * 1024] * 16 + [1]),
    ("POST", "join", [1024 * 1024, 1]), ("GET", "summary", [1024 * 1024 + 1]),
], ids=["one chunk over 1 MiB", "17 chunks", "1 MiB and 1 byte", "a GET's body"])
def test_refuses_a_chunked_body_over_the_limit_with_a_json_413(server, student, method, path, sizes):
    """Break-it (pool44): a body sent in chunks (no Content-Length) over the limit got tornado's
    bare "400 Bad Request" and a reset connection, not the JSON 413 a long Content-Length gets.
    The answer is a JSON 413 naming the limit once the body passes it, then the connection
    closes; nothing is counted (the fixture checks) and the server serves on. (Here the body
    ends with the byte over the limit, so every byte sent is read and the close is clean.)"""
    joined = summary(server)["joined"]
    answer = _chunked(server, path, [b"{" + b" " * (n - 1) for n in sizes], method)
    head, _, body = answer.partition("\r\n\r\n")
    assert head.startswith("HTTP/1.1 413 "), answer[:300]
    assert "content-type: application/json" in head.lower()
    assert json.loads(body) == CHUNKED_413
    assert summary(server)["joined"] == joined  # a join refused: nobody joined


@pytest.mark.parametrize("mib", [3, 20])
def test_a_client_sending_a_large_chunked_body_reads_the_json_413(server, student, mib):
    """A client streaming a body of several MiB (requests, given an iterator) reads the 413: the
    server answers at 1 MiB and closes without reading the rest, and the client, whose sending
    fails, reads the answer (as it does for a long Content-Length)."""
    def body():
        yield b'{"student": "' + student["student"].encode() + b'", "save": "'
        for _ in range(mib * 16):
            yield b"x" * (64 * 1024)
        yield b'"}'

    reply = requests.post(server["join_url"] + "/results", data=body(), headers={"Content-Type": "application/json"},
                          timeout=30)
    assert reply.request.headers["Transfer-Encoding"] == "chunked"
    assert reply.status_code == 413 and reply.headers["Content-Type"] == "application/json"
    assert reply.json() == CHUNKED_413


def test_a_chunked_body_within_the_limit_is_read(server):
    """The other side of the limit: a join sent in chunks, whole and well under 1 MiB, joins."""
    body = json.dumps({"nickname": "Chunky"}).encode()
    reply = requests.post(server["join_url"] + "/join", data=iter([body[:5], body[5:]]),  # an iterator: chunked
                          headers={"Content-Type": "application/json"}, timeout=30)
    assert reply.request.headers["Transfer-Encoding"] == "chunked" and "Content-Length" not in reply.request.headers
    assert reply.status_code == 201 and reply.json()["nickname"] == "Chunky"


def test_a_flood_from_one_student_is_rate_limited(server, student):
    """100 submissions at once from one student: the pool's bucket (40 at once, then 2 a second)
    lets at most 40 plus 2 a second through to be read (400: not a save); the rest are 429."""
    from concurrent.futures import ThreadPoolExecutor

    began = time.monotonic()
    with ThreadPoolExecutor(20) as pool:
        replies = list(pool.map(lambda _: submit(server, student["student"], "not a save"), range(100)))
    took = time.monotonic() - began
    statuses = [r.status_code for r in replies]
    assert set(statuses) == {400, 429}
    assert statuses.count(400) <= 40 + 2 * took + 1
    refused(next(r for r in replies if r.status_code == 429), 429, "")
    # another student is not held up
    other = join(server)
    refused(submit(server, other["student"], "not a save"), 400, "save")


def test_the_dashboard_data_and_the_csv_need_the_teachers_token(server, student):
    url = server["join_url"]
    for path in ("/summary", "/version", "/results.csv"):
        refused(requests.get(url + path, timeout=30), 401, "teacher")
        refused(requests.get(url + path, headers={"Authorization": "Bearer wrong"}, timeout=30), 403, "wrong")
        refused(requests.get(url + path + "?token=wrong", timeout=30), 400, "Authorization: Bearer")
    for path in ("/open", "/end", "/remove"):
        refused(requests.post(url + path, json={"open": False}, timeout=30), 401, "teacher")
        refused(requests.post(url + path, json={"open": False}, headers={"Authorization": "Bearer x"}, timeout=30),
                403, "wrong")
    refused(requests.get(url + "/nothing-here", timeout=30), 404, "nothing")


def test_the_teachers_token_in_the_address_is_refused_and_says_how_to_send_it(server, student):
    """Hostile tester: ``results.csv?token=TEACHER_TOKEN`` served the CSV, so the token was kept in
    the browser's history, a proxy's log and the server's. The right token in the address is
    refused (400 JSON) on every teacher's address, beside the header too, and nothing is done;
    in the header it is taken (the dashboard's requests, ``Classroom.results_csv``)."""
    from catcards import classroom

    url, token = server["join_url"], server["teacher_token"]
    before = version(server)
    for method, path, body in (("GET", "/results.csv", None), ("GET", "/summary", None), ("GET", "/version", None),
                               ("POST", "/open", {"open": False}), ("POST", "/end", {}),
                               ("POST", "/remove", {"student": 1, "removed": True})):
        for headers in ({}, teacher(server)):
            reply = requests.request(method, url + path, params={"token": token}, json=body, headers=headers,
                                     timeout=30)
            refused(reply, 400, r"not taken in the address .*header Authorization: Bearer TOKEN")
            assert "text/csv" not in reply.headers["Content-Type"] and token not in reply.text
    refused(requests.post(server["base"] + "voila/api/shutdown/x", params={"token": token}, timeout=30), 400,
            "Authorization: Bearer")
    assert version(server) == before and summary(server)["open"] is True   # nothing was done
    csv = classroom.Classroom(url).results_csv(token)   # the Python client sends the header
    assert csv.startswith("order,student,nickname,kind,verified")
    # break53: "bearer" or "BEARER" was told "needs the teacher's token" (401): the scheme's case is free
    for scheme in ("bearer", "BEARER"):
        reply = requests.get(url + "/results.csv", headers={"Authorization": f"{scheme} {token}"}, timeout=30)
        assert reply.status_code == 200 and reply.text.startswith("order,student"), scheme


def test_the_dashboard_keeps_the_token_out_of_the_address_and_its_links(server):
    """Hostile tester: the projected dashboard showed the token in the address bar (``#token=``
    never removed) and in the CSV link's status-bar hint (``results.csv?token=...``)."""
    dash = requests.get(server["join_url"] + "/dashboard", timeout=30).text
    assert "?token=" not in dash and "history.replaceState(" in dash
    assert '<button id="csv" class="button" type="button">Download the results (CSV)</button>' in dash
    assert 'fetch("results.csv", { headers: { "Authorization": "Bearer " + token }' in dash
    csv = requests.get(server["join_url"] + "/results.csv", headers=teacher(server), timeout=30)  # the page's fetch
    assert csv.status_code == 200 and csv.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert csv.text.splitlines()[0].startswith("order,student,")


def test_closed_submissions_are_refused_and_open_again(server):
    ana = join(server)
    save = snap_pass(series_seed(ana["seed"], 0)).to_json()
    url = server["join_url"]
    me = lambda: requests.post(url + "/me", json={"student": ana["student"]}, timeout=30).json()  # noqa: E731
    assert me()["open"] is True
    assert requests.post(url + "/open", json={"open": False}, headers=teacher(server), timeout=30).json() == {"open": False}
    # the student's page reads /me every few seconds: it tells the student while they play (a
    # fresh user learned it only when their finished game was refused)
    assert me()["open"] is False and me()["ended"] is False
    assert me()["closed_refused"] is False  # nothing refused yet: "this game counts if the class opens again"
    refused(submit(server, ana["student"], save), 403, "closed")
    assert summary(server)["open"] is False
    # the page's notice says that game was not counted (it said the game would count, while the
    # table said "Not counted"); another student's notice is unchanged
    assert me()["closed_refused"] is True
    other = join(server)
    assert requests.post(url + "/me", json={"student": other["student"]}, timeout=30).json()["closed_refused"] is False
    # the game refused is dealt again (the same deal: the student's games count in order)
    assert requests.post(url + "/game", json={"student": ana["student"]}, timeout=30).json() == {
        "k": 0, "seed": series_seed(ana["seed"], 0)}
    assert requests.post(url + "/open", json={"open": True}, headers=teacher(server), timeout=30).status_code == 200
    assert me()["open"] is True and me()["closed_refused"] is False
    assert submit(server, ana["student"], save).status_code == 201


def test_only_a_valid_game_refused_while_closed_is_noted_as_refused_for_it(small_class):
    """break45: ``closed_refused`` (the student's page: "that game was not counted") was noted
    for any refusal while the class was closed, a script's junk save too, since the closed check
    came before the save was read. Now an invalid save gets its own 4xx JSON error and leaves
    the note as it was; a valid finished game refused for the class being closed is noted."""
    server, pool, url = small_class["server"], small_class["pool"], small_class["join_url"]
    ana = join({"join_url": url})
    me = lambda: requests.post(url + "/me", json={"student": ana["student"]}, timeout=30).json()  # noqa: E731
    pool.set_open(small_class["code"], server.info.teacher_token, False)
    for save, status, words in (("junk", 400, "not a catcards save"),
                                (snap_pass(series_seed(ana["seed"], 0), turns=3).to_json(), 422, "not finished"),
                                (snap_pass(series_seed(ana["seed"], 1)).to_json(), 422, "your next game is game 1")):
        refused(submit({"join_url": url}, ana["student"], save), status, words)
        assert me()["closed_refused"] is False, words
    refused(submit({"join_url": url}, ana["student"], snap_pass(series_seed(ana["seed"], 0)).to_json()), 403,
            "closed for results")
    assert me()["closed_refused"] is True
    assert pool.summary(small_class["code"])["n"] == 0



def test_me_says_whether_a_game_of_the_students_is_in_play(small_class):
    """table57 (a hostile tester): with the class closed, the student's page said "Keep playing:
    this game counts if the class opens again before you finish" beside a table whose game was
    already counted (a Simon's Cat deal counts at its deal; a finished pass counts at its end).
    ``/me`` now says ``playing``: their table has sent a move of their next game (the game in
    play the server keeps); the page says "Keep playing" only then. False before the first move,
    true once one is kept, false again once that game is counted (their next game is then
    another), whether the class is open or closed (before the fix ``playing`` was missing)."""
    server, pool, url = small_class["server"], small_class["pool"], small_class["join_url"]
    ana = join({"join_url": url})
    number = pool.student(small_class["code"], ana["student"]).number
    me = lambda: requests.post(url + "/me", json={"student": ana["student"]}, timeout=30).json()  # noqa: E731
    assert me()["playing"] is False  # dealt, no move yet
    server.keep_progress(number, 0, snap_pass(series_seed(ana["seed"], 0), turns=3).to_json())  # as its table does
    assert me()["playing"] is True
    pool.set_open(small_class["code"], server.info.teacher_token, False)
    assert me()["open"] is False and me()["playing"] is True  # "Keep playing: this game counts if ..."
    pool.set_open(small_class["code"], server.info.teacher_token, True)
    assert submit({"join_url": url}, ana["student"], snap_pass(series_seed(ana["seed"], 0)).to_json()).status_code == 201
    pool.set_open(small_class["code"], server.info.teacher_token, False)
    answer = me()
    assert answer["open"] is False and answer["closed_refused"] is False
    assert answer["playing"] is False  # game 0 counted: "no game counts until ...", not "Keep playing"
    server.keep_progress(number, 0, snap_pass(series_seed(ana["seed"], 0), turns=3).to_json())  # a late one
    assert me()["playing"] is False  # progress of a counted game is not a game in play
    server.keep_progress(number, 1, snap_pass(series_seed(ana["seed"], 1), turns=1).to_json())
    assert me()["playing"] is True


def test_a_finished_game_refused_while_closed_is_not_in_play_after_the_class_opens_and_closes_again(small_class):
    """break57 (a hostile tester): close the class, finish a Snap pass (refused: "that game was not
    counted"), the teacher opens the class and closes it again before the student sends the game
    again: the page said "Keep playing: this game counts if the class opens again" above a table
    saying "Game over" (``/me``: ``playing`` true, ``closed_refused`` false). The game's last move
    reaches ``/progress`` as each move does (the table's secret): a game over is not in play, and
    with the class closed its page says it was not counted. Failed before the fix (``playing``
    true, ``closed_refused`` false)."""
    from catcards.classroom.page import TABLE_SECRET_HEADER

    server, pool, url, code = small_class["server"], small_class["pool"], small_class["join_url"], small_class["code"]
    server.table_secret = "the-servers-secret"
    ana = join({"join_url": url})
    me = lambda: requests.post(url + "/me", json={"student": ana["student"]}, timeout=30).json()  # noqa: E731

    def progress(turns: int) -> None:
        body = {"student": ana["student"], "k": 0, "save": snap_pass(series_seed(ana["seed"], 0), turns).to_json()}
        reply = requests.post(url + "/progress", json=body, timeout=30,
                              headers={TABLE_SECRET_HEADER: "the-servers-secret"})
        assert reply.status_code == 200, reply.text

    progress(3)
    pool.set_open(code, server.info.teacher_token, False)
    assert (me()["playing"], me()["closed_refused"]) == (True, False)  # "Keep playing: ... counts if ..."
    progress(52)  # the last card: the game is over
    finished = snap_pass(series_seed(ana["seed"], 0)).to_json()
    assert submit({"join_url": url}, ana["student"], finished).status_code == 403  # closed: not counted
    assert (me()["playing"], me()["closed_refused"]) == (False, True)  # "that game was not counted"
    pool.set_open(code, server.info.teacher_token, True)
    assert me()["open"] is True and me()["playing"] is False
    pool.set_open(code, server.info.teacher_token, False)  # closed again before "Send game 1 again"
    assert (me()["playing"], me()["closed_refused"]) == (False, True)
    pool.set_open(code, server.info.teacher_token, True)
    assert submit({"join_url": url}, ana["student"], finished).status_code == 201  # sent again: counted
    pool.set_open(code, server.info.teacher_token, False)
    assert (me()["playing"], me()["closed_refused"]) == (False, False)  # "no game counts until ..."


def test_the_teacher_takes_a_students_results_out_of_the_pool_and_puts_them_back(server):
    """A student who sent nonsense counts from real cards (or chose a rude nickname): ``remove``
    takes their results out of /summary; the CSV keeps every row, marked ``removed``."""
    url = server["join_url"]
    rude = join(server, nickname="Rude")
    number = summary(server)["joined"]  # students are numbered 1, 2, ... in the order they join
    assert submit(server, rude["student"], snap_pass(series_seed(rude["seed"], 0)).to_json()).status_code == 201
    for _ in range(2):
        assert requests.post(url + "/tally", json={"student": rude["student"], "value": 39}, timeout=30).status_code == 201
    before = summary(server)
    mine = [r for r in before["students"] if r["number"] == number]
    assert mine == [{"number": number, "student": f"Student {number}", "n": 1, "mean": mine[0]["mean"],
                     "tallies": 2, "tallies_mean": 39, "removed": False}]

    def remove(body, **headers):
        return requests.post(url + "/remove", json=body, headers={**teacher(server), **headers}, timeout=30)

    version_before = version(server)
    for body, words in [({}, '"student"'), ({"student": "1", "removed": True}, "whole number from 1 to 3000"),
                        ({"student": True, "removed": True}, '"student"'), ({"student": 0, "removed": True}, "1 to 3000"),
                        ({"student": 3001, "removed": True}, "1 to 3000"), ({"student": 1.5, "removed": True}, '"student"'),
                        ({"student": number}, '"removed": true'), ({"student": number, "removed": "yes"}, "or false")]:
        refused(remove(body), 400, words)
    refused(remove({"student": number + 500, "removed": True}), 404, f"has no student {number + 500}")
    refused(requests.post(url + "/remove", data=b"[1]", headers={**teacher(server), "Content-Type": "application/json"},
                          timeout=30), 400, "one JSON object")
    refused(requests.post(url + "/remove", data=b'{"student": 1, "removed": true}',
                          headers={**teacher(server), "Content-Type": "text/plain"}, timeout=30), 415, "JSON")
    assert version(server) == version_before and summary(server)["n"] == before["n"]

    reply = remove({"student": number, "removed": True})
    assert reply.status_code == 200 and reply.json() == {"student": number, "removed": True}
    assert version(server) > version_before  # the dashboards refresh
    out = summary(server)
    assert (out["n"], out["submitted"], out["tallies"]["n"], out["joined"], out["taken_out"]) == (
        before["n"] - 1, before["submitted"] - 1, before["tallies"]["n"] - 2, before["joined"], before["taken_out"] + 1)
    # while out, nobody joins under their nickname (they would be back in the pool): 409, nothing stored
    refused(requests.post(url + "/join", json={"nickname": "rude"}, timeout=30), 409,
            "that nickname is taken in this class: try another, or join without one")
    assert summary(server)["joined"] == out["joined"]
    assert [r for r in out["students"] if r["number"] == number][0]["removed"] is True
    named = requests.get(url + "/summary?names=1", headers=teacher(server), timeout=30).json()
    assert "Rude" not in json.dumps(named)
    csv = requests.get(url + "/results.csv", headers=teacher(server), timeout=30).text.splitlines()
    assert csv[0].endswith(",removed")
    rows = [line.split(",") for line in csv[1:]]
    assert [r[-1] for r in rows if r[1] == str(number)] == ["True"] * 3  # kept, marked
    assert all(r[-1] == "False" for r in rows if r[1] != str(number))
    # a student taken out plays on: their page is as before; the pool leaves them out
    me = requests.post(url + "/me", json={"student": rude["student"]}, timeout=30).json()
    assert me["games"] == 1 and me["tallies"] == [39, 39]

    assert remove({"student": number, "removed": False}).json() == {"student": number, "removed": False}
    back = summary(server)
    assert (back["n"], back["tallies"]["n"], back["submitted"], back["taken_out"]) == (
        before["n"], before["tallies"]["n"], before["submitted"], before["taken_out"])


def _query_socket(server, loop, kernel_id: str, **headers) -> object:
    """Open Voila's ``voila/query/<kernel id>`` websocket as a client on ``loop`` (the test's
    own: an earlier test may have closed or unset the thread's current loop): the connection,
    or the HTTP status it was refused with."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    url = server["base"].replace("http://", "ws://") + f"voila/query/{kernel_id}"

    async def connect():
        try:
            return await websocket_connect(HTTPRequest(url, headers=headers, connect_timeout=30))
        except HTTPClientError as exc:
            return exc.code

    return loop.run_until_complete(connect())


def test_voilas_query_socket_takes_only_the_class_kernels(server):
    """Hostile tester: two sockets to one id at ``voila/query/<id>``, closed B then A, made Voila's
    ``on_close`` delete the waiting preheated kernel's registration (its student then waited
    forever; an UnboundLocalError logged), and an id's cached request gave a student's token."""
    import asyncio

    deadline = time.monotonic() + 120  # the module's one preheated kernel waits for a page
    while "(all ready)" not in server["process"].tail() and time.monotonic() < deadline:
        time.sleep(0.5)
    loop = asyncio.new_event_loop()
    try:
        same = str(uuid.uuid4())
        a, b = _query_socket(server, loop, same), _query_socket(server, loop, same)
        for socket_ in (b, a):
            if not isinstance(socket_, int):
                socket_.close()
                loop.run_until_complete(asyncio.sleep(0.2))
        kernel = _table(server, requests.Session(), join(server)["student"])  # the preheated kernel still serves
        assert (a, b) == (403, 403)  # no kernel of the class: refused, nothing registered
        assert _query_socket(server, loop, kernel) == 403  # a taken kernel's request is not given again
        assert _query_socket(server, loop, str(uuid.uuid4()), Origin=server["base"].rstrip("/")) == 403
    finally:
        loop.close()
    assert "UnboundLocalError" not in server["process"].tail()
    assert _goodbye(server, kernel, headers=teacher(server)).status_code == 204


# ---- a student's page cannot run code on the server ------------------------------------------------
def test_the_table_renders_for_a_student_and_nothing_else_is_served(server):
    ana = join(server)
    page = requests.get(server["base"] + f"?student={ana['student']}", timeout=120)
    assert page.status_code == 200
    assert "Game 1." in page.text and "Traceback" not in page.text
    # the server's table secret (a new one each start) is in its kernels' environment, not in
    # what a page gets (the table, the student page, the answers to a join or a game)
    import psutil

    from catcards.classroom.page import TABLE_SECRET_ENV

    found = []
    for child in psutil.Process(server["process"].proc.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                found.append(child.environ().get(TABLE_SECRET_ENV))
        except psutil.Error:  # ended meanwhile
            pass
    assert found and len(set(found)) == 1, "every table kernel has the one secret"
    secret = found[0]
    assert secret and len(secret) >= 40
    shown = [page.text, requests.get(server["join_url"], timeout=30).text, json.dumps(ana),
             requests.post(server["join_url"] + "/game", json={"student": ana["student"]}, timeout=30).text,
             requests.post(server["join_url"] + "/me", json={"student": ana["student"]}, timeout=30).text]
    assert [text for text in shown if secret in text] == []
    assert "cdn.jsdelivr.net" not in page.text  # the class's template loads nothing from a CDN
    base = server["base"]
    # Voila serves the class app only: other paths are not notebooks or files it renders or hands out
    for path in ("voila/render/notebooks/snap.ipynb", "voila/files/server.py", "voila/files/class_app.ipynb",
                 "voila/static/..%2F..%2F..%2F..%2Fetc%2Fpasswd", "voila/tree", "tree", "notebooks/snap.ipynb"):
        reply = requests.get(base + path, timeout=60)
        assert reply.status_code in (403, 404) or "Game 1." not in reply.text and "root:" not in reply.text, path
        assert "import catcards" not in reply.text and "root:x:0" not in reply.text, path
    # no Jupyter API to start kernels, list them, or read files
    assert requests.post(base + "api/kernels", json={"name": "python3"}, timeout=30).status_code in (403, 404, 405)
    for path in ("api/kernels", "api/sessions", "api/contents", "api/terminals"):
        reply = requests.get(base + path, timeout=30)
        assert reply.status_code >= 300 or not reply.headers.get("Content-Type", "").startswith("application/json"), path


def test_the_tables_kernel_takes_widget_messages_but_not_code(server, tmp_path):
    """Voila forwards only comm and kernel-info messages from a page to its kernel: an
    execute_request sent on the page's own kernel connection runs nothing (a file it would write
    never appears), while a kernel_info_request on the same connection is answered."""
    from tornado.ioloop import IOLoop
    from tornado.websocket import websocket_connect

    from tornado.httpclient import HTTPClientError, HTTPRequest

    ana = join(server)
    browser = requests.Session()
    kernel = _table(server, browser, ana["student"])
    marker = tmp_path / "ran.txt"
    session = uuid.uuid4().hex

    def message(kind: str, content: dict) -> str:
        return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "msg_type": kind, "username": "student",
                                      "session": session, "version": "5.3", "date": ""},
                           "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
                           "buffers": []})

    ws_url = server["base"].replace("http://", "ws://") + f"api/kernels/{kernel}/channels?session_id={session}"

    async def refused_without_the_pages_cookie() -> list[int]:
        codes = []
        for cookie in ("", "_xsrf=abc"):  # none, or one made up
            try:
                await websocket_connect(HTTPRequest(ws_url, headers={"Cookie": cookie} if cookie else {}))
                codes.append(101)
            except HTTPClientError as error:
                codes.append(error.code)
        return codes

    async def talk() -> list[dict]:
        conn = await websocket_connect(HTTPRequest(ws_url, headers={"Cookie": f"_xsrf={browser.cookies['_xsrf']}"}))
        conn.write_message(message("execute_request", {"code": f"open({str(marker)!r}, 'w').write('x')",
                                                       "silent": False, "store_history": False,
                                                       "user_expressions": {}, "allow_stdin": False}))
        conn.write_message(message("kernel_info_request", {}))
        got, deadline = [], time.monotonic() + 20
        while time.monotonic() < deadline:
            import asyncio

            try:
                text = await asyncio.wait_for(conn.read_message(), timeout=max(0.1, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                break
            if text is None:
                break
            got.append(json.loads(text) if isinstance(text, str) else {})
            if any(m.get("msg_type") == "kernel_info_reply" for m in got):
                break
        conn.close()
        return got

    # break-it: anyone who learnt the kernel id could connect to a student's table and press its buttons
    assert IOLoop.current().run_sync(refused_without_the_pages_cookie, timeout=60) == [403, 403]
    got = IOLoop.current().run_sync(talk, timeout=60)
    kinds = [m.get("msg_type") or m.get("header", {}).get("msg_type") for m in got]
    assert "kernel_info_reply" in kinds  # the connection works
    assert "execute_reply" not in kinds and "execute_input" not in kinds
    time.sleep(1)
    assert not marker.exists()


def test_a_page_cannot_make_widgets_in_its_tables_kernel(server):
    """Break-it (break4): a student's script on their own table's websocket sent ``comm_open``
    messages for the ``jupyter.widget`` target, each a new Text widget holding 100 kB: 2000 of them
    took the kernel from 80 MB to 340 MB, and nothing bounded it (a few such scripts could fill the
    teacher's computer); 20000 ``jupyter.widget.control`` comms, each kept, added 54 MB. The table
    builds all its widgets in the kernel; widgets opened from a page are refused (the kernel closes
    their comm), a new control comm closes the one before it, and the page's own widget manager
    still reads the table's widgets."""
    from websockets.sync.client import connect

    from class_server import widget_states

    ana = join(server)
    browser = requests.Session()
    kernel = _table(server, browser, ana["student"])
    xsrf = browser.cookies["_xsrf"]
    before = widget_states(server["base"], kernel, 60, xsrf)
    assert before > 20  # the table's own widgets

    def message(kind: str, content: dict, metadata: dict | None = None) -> str:
        return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "msg_type": kind, "username": "student",
                                      "session": "s", "version": "5.3", "date": ""},
                           "parent_header": {}, "metadata": metadata or {}, "content": content,
                           "channel": "shell", "buffers": []})

    url = server["base"].replace("http://", "ws://") + f"api/kernels/{kernel}/channels?session_id={uuid.uuid4()}"
    state = {"_model_name": "TextModel", "_model_module": "@jupyter-widgets/controls",
             "_model_module_version": "2.0.0", "_view_name": "TextView", "_view_module": "@jupyter-widgets/controls",
             "_view_module_version": "2.0.0", "value": "x" * 1000}
    with connect(url, open_timeout=60, max_size=None, additional_headers={"Cookie": f"_xsrf={xsrf}"}) as ws:
        for _ in range(20):
            ws.send(message("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget",
                                          "data": {"state": state, "buffer_paths": []}}, {"version": "2.1.0"}))
        for _ in range(20):
            ws.send(message("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget.control",
                                          "data": {}}, {"version": "1.0.0"}))
        ws.send(message("comm_info_request", {"target_name": "jupyter.widget.control"}))  # answered in order
        deadline = time.monotonic() + 60
        while (reply := json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic()))))["msg_type"] != "comm_info_reply":
            pass
    assert len(reply["content"]["comms"]) == 1  # the last one opened
    assert widget_states(server["base"], kernel, 30, xsrf) == before
    assert _goodbye(server, kernel, headers=teacher(server)).status_code == 204


def test_a_flood_of_messages_on_a_tables_websocket_is_cut_off(server):
    """Break-it (break4): a script on a student's own table's websocket sent its kernel 300
    messages a second (clicks on "Turn your card"), each handled, and kept a core of the
    teacher's computer busy for as long as it ran. A page may send TABLE_MESSAGES (500 at once,
    then 50 a second, per kernel; a key held down sends about 33); beyond that its websocket is
    closed (1008) and nothing more of it reaches the kernel."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from catcards.classroom.server import TABLE_MESSAGES

    ana = join(server)
    browser = requests.Session()
    kernel = _table(server, browser, ana["student"])
    url = server["base"].replace("http://", "ws://") + f"api/kernels/{kernel}/channels?session_id={uuid.uuid4()}"

    def info() -> str:
        return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "msg_type": "kernel_info_request",
                                      "username": "student", "session": "s", "version": "5.3", "date": ""},
                           "parent_header": {}, "metadata": {}, "content": {}, "channel": "shell", "buffers": []})

    sent = int(TABLE_MESSAGES[0]) + 300
    replies, closed = 0, None
    with connect(url, open_timeout=60, max_size=None,
                 additional_headers={"Cookie": f"_xsrf={browser.cookies['_xsrf']}"}) as ws:
        try:
            for _ in range(sent):
                ws.send(info())
            deadline = time.monotonic() + 60
            while replies < sent and time.monotonic() < deadline:
                frame = ws.recv(timeout=max(0.1, deadline - time.monotonic()))
                if isinstance(frame, str) and json.loads(frame).get("msg_type") == "kernel_info_reply":
                    replies += 1
        except ConnectionClosed as exc:
            closed = exc.rcvd.code if exc.rcvd else None
    assert closed == 1008 and replies < sent, (closed, replies)
    assert _alive(server, kernel)
    assert _goodbye(server, kernel, headers=teacher(server)).status_code == 204


# ---- break-it findings (issue 29): games in order, joins limited, a wrong code in a browser ---------
def test_only_the_next_game_counts_over_http(server):
    """A student cannot play ahead and send only the good games: /game deals the next game, a
    later one is refused (422) saying which game is next, and counts once its turn comes."""
    ana = join(server)
    saves = [snap_pass(series_seed(ana["seed"], k)).to_json() for k in range(2)]
    before = counted(server)
    refused(submit(server, ana["student"], saves[1]), 422, "this is your game 2, but your next game is game 1")
    assert counted(server) == before
    game = requests.post(server["join_url"] + "/game", json={"student": ana["student"]}, timeout=30).json()
    assert game == {"k": 0, "seed": series_seed(ana["seed"], 0)}
    assert submit(server, ana["student"], saves[0]).status_code == 201
    assert submit(server, ana["student"], saves[1]).status_code == 201
    me = requests.post(server["join_url"] + "/me", json={"student": ana["student"]}, timeout=30).json()
    assert me["games"] == 2 and me["next"] == 2


def test_a_wrong_code_in_a_browser_shows_the_code_box_again_and_scripts_keep_json(server):
    html_page = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
    base = server["base"]
    wrong = "ZZZZZZ" if server["code"] != "ZZZZZZ" else "YYYYYY"
    for url in (f"{base}class/{wrong.lower()}", f"{base}class?code={wrong.lower()}"):  # the link, the form
        reply = requests.get(url, headers=html_page, timeout=30)
        assert reply.status_code == 404 and reply.headers["Content-Type"].startswith("text/html"), url
        assert f"The class code <b>{wrong}</b> was not found" in reply.text and 'role="alert"' in reply.text
        assert f'value="{wrong}"' in reply.text and 'aria-invalid="true"' in reply.text
        assert '<form id="form" action="/class" method="get">' in reply.text  # type it again
    reply = requests.get(f"{base}class/{wrong}/nothing", headers=html_page, timeout=30)
    assert reply.status_code == 404 and "There is nothing at this address" in reply.text
    # the right code typed in the form (no script) leads to the class
    right = requests.get(f"{base}class?code={server['code'].lower()}", headers=html_page, timeout=30,
                         allow_redirects=False)
    assert right.status_code == 302 and right.headers["Location"] == f"/class/{server['code']}"
    box = requests.get(f"{base}class", headers=html_page, timeout=30)
    assert box.status_code == 200 and "not found" not in box.text and 'aria-invalid="false"' in box.text
    # scripts and the pages' own calls keep JSON errors
    refused(requests.get(f"{base}class/{wrong}", timeout=30), 404, "no class with the code")
    refused(requests.get(f"{base}class/{wrong}", headers={"Accept": "application/json"}, timeout=30), 404, "code")
    refused(requests.post(f"{base}class/{wrong}/join", json={}, headers=html_page, timeout=30), 404, "code")


@pytest.fixture
def small_class(tmp_path):
    """The pool's handlers (no Voila) on a free port in a thread, in front of a Pool with small
    join limits: 3 joins at once from one address, 4 to the class, at most 5 students."""
    from catcards.classroom.pool import Pool
    from catcards.classroom.server import ClassServer, class_urls
    from catcards.classroom.store import open_store

    store = open_store(tmp_path / "store")
    pool = Pool(store, max_students=5, join_per_address=(3, 0.001), join_per_class=(4, 0.001))
    server = ClassServer()
    server.pool, server.info = pool, pool.start("snap")
    server.activity = SNAPS_ACT
    with handlers_served(server) as port:
        yield {"pool": pool, "code": server.info.code, "port": port, "server": server,
               "join_url": class_urls(server.public_url, server.info.code, None)["join_url"]}
    store.close()


def _join_from(address: str, port: int, code: str) -> tuple[int, dict]:
    """POST class/CODE/join from the local address ``address`` (127.0.0.x: another device)."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(address, 0))
    conn.request("POST", f"/class/{code}/join", body="{}", headers={"Content-Type": "application/json"})
    reply = conn.getresponse()
    answer = json.loads(reply.read())
    conn.close()
    return reply.status, answer


def test_a_student_joining_again_and_again_cannot_flood_the_pool_with_counts(tmp_path):
    """Hostile tester: one script joined 10 times from one address and sent each token's 20 counts
    from real cards (the cap per student): 200 unchecked counts in the pool in 2 s. Now the
    server passes the request's address to the pool, whose limit of counts per address holds
    across the script's tokens: beyond it 429 JSON saying how long to wait, and nothing counted;
    each count answered 201 is in the pool."""
    import http.client

    with snap_class_served(tmp_path) as served:
        port, code, pool = int(served["url"].split(":")[2].split("/")[0]), served["code"], served["pool"]
        tokens = [_join_from("127.0.0.1", port, code)[1]["student"] for _ in range(10)]
        began, statuses, errors = time.monotonic(), [], set()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for token in tokens:
            for _ in range(20):
                conn.request("POST", f"/class/{code}/tally", body=json.dumps({"student": token, "value": 3}),
                             headers={"Content-Type": "application/json"})
                reply = conn.getresponse()
                answer = json.loads(reply.read())
                statuses.append(reply.status)
                if reply.status == 429:
                    errors.add(re.sub(r"wait \d+ s", "wait N s", answer["error"]))
        took = time.monotonic() - began
        conn.close()
        assert set(statuses) == {201, 429}
        assert 100 <= statuses.count(201) <= 100 + 2 * took + 1   # 100 at once, then 2 a second (before: 200)
        assert errors == {"too many counts from real cards sent from your network at once (at most 100 at once, "
                          "then 2 a second, for everyone on it); wait N s and send your count again"}
        assert pool.summary(code)["tallies"]["n"] == statuses.count(201) == len(pool.results(code))
        # another device is not held up
        other = _join_from("127.0.0.2", port, code)[1]["student"]
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=("127.0.0.2", 0))
        conn.request("POST", f"/class/{code}/tally", body=json.dumps({"student": other, "value": 4}),
                     headers={"Content-Type": "application/json"})
        assert conn.getresponse().status == 201
        conn.close()


def test_checked_games_over_http_are_bounded_per_address_but_not_the_servers_own_tables(tmp_path):
    """Hostile tester: a script joined many nicknames and sent their checked games with no bound
    per address. The server now passes the sender's address to the pool: beyond its bound, 429
    JSON saying how long to wait, and the pool as it was. The students' tables send every
    student's games, so those are not bound per address: they are known by the server's secret
    (its header), not by their address. Before, games from 127.0.0.1 (this computer) were not
    bound at all, and behind a JupyterHub's proxy every request comes from there: a script on
    the hub sent games without bound (hostile tester). A wrong secret is bound as no secret."""
    import http.client

    from catcards.classroom.page import TABLE_SECRET_HEADER
    from catcards.classroom.pool import Pool
    from catcards.classroom.server import ClassServer
    from catcards.classroom.store import open_store

    store = open_store(tmp_path / "store")
    pool = Pool(store, result_per_address=(3, 0.001))
    server = ClassServer()
    server.pool, server.info, server.activity = pool, pool.start("snap"), SNAPS_ACT
    server.table_secret = "the-servers-secret"
    code = server.info.code

    def send(address: str, token: str, seed: int, secret: str | None = None) -> tuple[int, dict]:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(address, 0))
        headers = {"Content-Type": "application/json", **({TABLE_SECRET_HEADER: secret} if secret else {})}
        conn.request("POST", f"/class/{code}/results", headers=headers,
                     body=json.dumps({"student": token, "save": snap_pass(seed).to_json()}))
        reply = conn.getresponse()
        answer = json.loads(reply.read())
        conn.close()
        return reply.status, answer

    try:
        with handlers_served(server) as port:
            for address in ("127.0.0.2", "127.0.0.1"):  # another device; this computer (a hub's proxy)
                script = [_join_from(address, port, code)[1] for _ in range(2)]
                assert [send(address, me["student"], series_seed(me["seed"], k))[0]
                        for me in script for k in range(2)][:3] == [201, 201, 201]
                before = pool.version(code), pool.results_csv(code)
                status, answer = send(address, script[1]["student"], series_seed(script[1]["seed"], 1))
                assert status == 429 and re.fullmatch(
                    r"too many games sent from your network at once \(at most 3 at once, then 0.001 a second, for "
                    r"everyone on it\); wait \d+ s and send your game again", answer["error"]), (address, answer)
                assert (pool.version(code), pool.results_csv(code)) == before
                for wrong in ("the-servers-secreT", "x", "the-servers-secret" + "0"):
                    assert send(address, script[1]["student"], series_seed(script[1]["seed"], 1), wrong)[0] == 429
                assert (pool.version(code), pool.results_csv(code)) == before
            assert pool.summary(code)["n"] == 6
            for address in ("127.0.0.1", "127.0.0.2"):  # the tables' games, with the secret, from anywhere
                tables = _join_from("127.0.0.3", port, code)[1]
                assert [send(address, tables["student"], series_seed(tables["seed"], k), "the-servers-secret")[0]
                        for k in range(5)] == [201] * 5
            assert pool.summary(code)["n"] == 16
            assert send("127.0.0.4", tables["student"], series_seed(tables["seed"], 5))[0] == 201  # another device
    finally:
        store.close()
    from catcards.classroom.pool import RESULT_RATE_PER_ADDRESS

    docs = " ".join((Path(catcards.__file__).parents[1] / "docs" / "class-server.md").read_text(encoding="utf-8").split())
    burst, rate = RESULT_RATE_PER_ADDRESS  # docs/class-server.md, "What counts" (linked from the README)
    assert f"all its students together, are limited to {burst:.0f} at once, then {rate:.0f} a second" in docs


def test_no_answer_to_a_page_or_a_student_holds_the_servers_table_secret(tmp_path):
    """The secret that exempts the server's own tables from the games per address
    (ClassServer.table_secret) is never sent to a page: not in the pages' HTML, nor in any
    JSON answer (join, me, game, results, tally, a refusal), nor in a header; a request that
    sends it (right or wrong) does not get it back either."""
    import http.client

    from catcards.classroom.page import TABLE_SECRET_HEADER
    from catcards.classroom.pool import Pool
    from catcards.classroom.server import ClassServer
    from catcards.classroom.store import open_store

    secret = "Tq3-the-servers-own-secret-kH2"
    store = open_store(tmp_path / "store")
    pool = Pool(store)
    server = ClassServer()
    server.pool, server.info, server.activity = pool, pool.start("snap"), SNAPS_ACT
    server.table_secret = secret
    code, teacher_token = server.info.code, server.info.teacher_token
    answers = []

    def ask(method: str, path: str, body: dict | None = None, **headers) -> tuple[int, str]:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json", **headers})
        reply = conn.getresponse()
        text = reply.read().decode()
        conn.close()
        answers.append((path, reply.status, text, str(reply.getheaders())))
        return reply.status, text

    try:
        with handlers_served(server) as port:
            assert ask("GET", "/class")[0] == 200
            status, page = ask("GET", f"/class/{code}")
            assert status == 200 and "<html" in page.lower()
            me = json.loads(ask("POST", f"/class/{code}/join", {"nickname": "Ana"})[1])
            token = me["student"]
            assert ask("POST", f"/class/{code}/me", {"student": token})[0] == 200
            dealt = json.loads(ask("POST", f"/class/{code}/game", {"student": token})[1])
            save = snap_pass(dealt["seed"]).to_json()
            assert ask("POST", f"/class/{code}/results", {"student": token, "save": save})[0] == 201
            assert ask("POST", f"/class/{code}/results", {"student": token, "save": save},
                       **{TABLE_SECRET_HEADER: secret})[0] == 409   # the same game again: refused
            assert ask("POST", f"/class/{code}/results", {"student": "nobody", "save": save},
                       **{TABLE_SECRET_HEADER: "wrong"})[0] in (403, 404)
            assert ask("POST", f"/class/{code}/tally", {"student": token, "value": 3})[0] == 201
            assert ask("POST", f"/class/{code}/me", {"student": token})[0] == 200
            assert ask("GET", f"/class/{code}/qr.svg")[0] == 200
            assert ask("GET", f"/class/{code}/dashboard")[0] == 200
            assert ask("GET", f"/class/{code}/summary", Authorization=f"Bearer {teacher_token}")[0] == 200
    finally:
        store.close()
    assert len(answers) == 13
    assert [path for path, _, text, headers in answers if secret in text or secret in headers] == []


def test_joins_over_http_are_limited_per_address_and_per_class_and_a_full_class_says_so(small_class):
    """Break-it tester (issue 29): one script joined a class 3,000 times from one address."""
    port, code, pool = small_class["port"], small_class["code"], small_class["pool"]
    assert [_join_from("127.0.0.1", port, code)[0] for _ in range(3)] == [201, 201, 201]
    status, answer = _join_from("127.0.0.1", port, code)
    assert status == 429 and "from your network at once (at most 3 at once" in answer["error"]
    assert pool.summary(code)["joined"] == 3
    assert _join_from("127.0.0.2", port, code)[0] == 201  # another device joins
    status, answer = _join_from("127.0.0.3", port, code)
    assert status == 429 and f"joining the class {code} at once (at most 4 at once" in answer["error"]
    assert pool.summary(code)["joined"] == 4
    pool._join_class.burst = pool._join_class.per_second = 100.0  # the class's limit lifted: the cap is next
    pool._join_class._state.clear()  # and its bucket full (refilled at 100/s, it held < 1 for 10 ms: flaky)
    assert _join_from("127.0.0.3", port, code)[0] == 201
    status, answer = _join_from("127.0.0.4", port, code)
    assert status == 403 and "is full (5 students); tell your teacher, who can start it again for more students" in answer["error"]
    assert pool.summary(code)["joined"] == 5


def test_a_form_on_another_website_cannot_join_or_send(small_class):
    """A hostile tester: joins took any Content-Type, so a form on another website (text/plain,
    a form's encoding or multipart: sent without the browser asking first) could make a visitor
    join a class. A body must be JSON, said so (415); nothing is counted."""
    import http.client

    port, code, pool = small_class["port"], small_class["code"], small_class["pool"]
    # break53: a Blob without a type (fetch(..., {mode: "no-cors"})) sends no Content-Type at all,
    # with a body or without: it joined
    for kind, body in [("text/plain", '{"nickname": "Mallory"}'), ("application/x-www-form-urlencoded", '{"nickname": "Mallory"}'),
                       ("multipart/form-data; boundary=x", '{"nickname": "Mallory"}'), (None, '{"nickname": "Mallory"}'), (None, "")]:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("POST", f"/class/{code}/join", body=body, headers={} if kind is None else {"Content-Type": kind})
        reply = conn.getresponse()
        answer = json.loads(reply.read())
        conn.close()
        assert reply.status == 415 and "Content-Type: application/json" in answer["error"], kind
    assert pool.summary(code)["joined"] == 0
    assert _join_from("127.0.0.1", port, code)[0] == 201   # JSON (charset or not) joins
    assert pool.summary(code)["joined"] == 1


def _page_kernels(server) -> set[int]:
    """The server's kernel processes started for a page (Voila's page handler starts them with
    ``VOILA_PREHEAT=False``), not the preheated ones of its pool (``VOILA_PREHEAT=True``), which
    it starts by itself, e.g. refilling 15 s after a page took one, whatever a test requests."""
    import psutil

    found = set()
    for child in psutil.Process(server["process"].proc.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(child.cmdline()) and child.environ().get("VOILA_PREHEAT") != "True":
                found.add(child.pid)
        except psutil.Error:  # ended meanwhile
            pass
    return found


def test_a_table_page_starts_a_kernel_only_for_a_student_of_the_class(server):
    """Break-it (a student's script): every GET of the server's root with a query string started a
    kernel (about 150 MB each, culled after 10 idle minutes), for anyone, without limit. (Counted:
    the kernels started for pages; the pool's own refill, in CI now and then during this test,
    was counted as one, and the test failed.)"""
    before = _page_kernels(server)
    box = requests.get(server["base"] + "?x=1", timeout=30, allow_redirects=False)
    assert box.status_code == 303 and box.headers["Location"] == "/class"
    for token in ("nobody", "x" * 5000, "nobody&student=" + join(server)["student"]):
        reply = requests.get(server["base"] + "?student=" + token, timeout=30)
        assert reply.status_code == 403 and "You have not joined this class" in reply.text, token[:20]
        assert "kernelId" not in reply.text   # no table (no kernel, the pool's nor a new one) given
    assert _page_kernels(server) == before


def test_an_address_the_server_does_not_serve_is_404_not_the_join_page(server):
    """Break-it (break56): Voila's table route takes every address, and each one without a
    student went on to the code box: ``lab``, ``api/contents`` (asked for JSON), ``files/``,
    ``voila/tree`` and any made-up path answered 200 with the "Join your class" page. The join
    page is where a student lands from the server's own address (``/``, ``class``); elsewhere
    404: JSON for an API or JSON request, for a browser a short page linking to the join page."""
    base = server["base"]
    browser = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
    message = "there is nothing at this address; the join link looks like .../class/CODE"
    for path in ("api/contents", "api/terminals", "api/kernelspecs", "lab", "files/", "voila/tree",
                 "nonexistent/deep/path"):
        reply = requests.get(base + path, headers={"Accept": "application/json"}, timeout=30, allow_redirects=False)
        assert (reply.status_code, reply.headers["Content-Type"]) == (404, "application/json"), path
        assert reply.json() == {"error": message}, path
        page = requests.get(base + path, headers=browser, timeout=30, allow_redirects=False)
        if path.startswith("api/"):  # an API address answers JSON to a browser too
            assert (page.status_code, page.json()) == (404, {"error": message}), path
        else:
            assert page.status_code == 404 and page.headers["Content-Type"].startswith("text/html"), path
            assert '<a href="/class">Go to the join page</a>' in page.text and "Join your class" not in page.text, path
    # the server's own address still leads to the code box, and the box is the join page
    box = requests.get(base, headers=browser, timeout=30, allow_redirects=False)
    assert box.status_code == 303 and box.headers["Location"] == "/class"
    joined = requests.get(base + "class", headers=browser, timeout=30)
    assert joined.status_code == 200 and "Join your class" in joined.text


def test_other_methods_outside_class_are_refused_in_json_not_voilas_html(server):
    """server61: a POST, PUT, PATCH or DELETE to any address outside ``class/`` (the server's own
    address, ``lab``, a made-up path) got Voila's 403 HTML page ("'_xsrf' argument missing"), an
    OPTIONS or HEAD its 405 HTML page, and Voila's file addresses said only "Forbidden" (a file
    not found) or "Method Not Allowed". Each is a 4xx JSON error saying what is wrong and what is
    taken: 404 where there is nothing, 405 (``Allow: GET``) where only GET is served. (A HEAD
    where nothing is answers as GET: for a browser the 404 page's headers, server62b.)"""
    base = server["base"]
    nothing = "there is nothing at this address; the join link looks like .../class/CODE"
    files = ("voila/static/x.js", "voila/templates/lab/static/index.css")  # Voila's files: GET or HEAD
    for method in ("POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "PROPFIND"):
        for path in ("foo", "nonexistent/deep", "lab", "api/contents", "voila/render/x", "", *files):
            reply = requests.request(method, base + path, data=b"x", timeout=30, allow_redirects=False,
                                     headers={"Accept": "text/html"})
            where = (method, path, reply.status_code, reply.text[:80])
            if method == "HEAD" and path in files:
                assert reply.status_code == (404 if path.endswith("x.js") else 200), where
                continue
            # HEAD where nothing is answers as GET, for a browser the page (server62b)
            page = method == "HEAD" and path not in ("", *files) and not path.startswith("api/")
            assert reply.headers["Content-Type"] == ("text/html; charset=utf-8" if page else "application/json"), where
            if path == "" or path in files:  # served, with GET only (a file: or HEAD)
                assert reply.status_code == 405 and reply.headers["Allow"] == ("GET" if path == "" else "GET, HEAD"), where
                if method != "HEAD":
                    assert method in reply.json()["error"] and "only GET" in reply.json()["error"], where
            else:
                assert reply.status_code == 404, where
                if method != "HEAD":
                    assert reply.json() == {"error": nothing}, where
    reply = requests.get(base + "voila/static/x.js", timeout=30)  # a file not found: said so, not "Forbidden"
    assert (reply.status_code, reply.json()) == (404, {"error": nothing})
    # the pool's addresses, Voila's other files and its query websocket say which methods they take
    for method, path, allowed in (("PUT", "class", "GET, HEAD"), ("DELETE", f"class/{server['code']}/join", "POST"),
                                  ("GET", "voila/api/shutdown/x", "POST"), ("POST", "voila/labextensions/x", "GET, HEAD"),
                                  ("POST", "voila/query/00000000-0000-0000-0000-000000000000", "GET")):
        reply = requests.request(method, base + path, timeout=30, allow_redirects=False)
        refused(reply, 405, f"takes only {allowed}, not {method}" if "query" not in path else "own kernels")
        assert reply.headers["Allow"] == allowed, (method, path)


def test_table_pages_are_limited_per_student_and_by_the_kernels_running(small_class):
    from catcards.classroom.server import TABLE_RATE_PER_STUDENT

    server = small_class["server"]
    ana, ben = (small_class["pool"].join(small_class["code"], client=f"127.0.0.{i}").token for i in (1, 2))
    assert server.table_refusal("") == (303, "open the join link your teacher gives you")
    assert server.table_refusal("nobody")[0] == 403
    assert [server.table_refusal(ana) for _ in range(int(TABLE_RATE_PER_STUDENT[0]))] == [None] * 6
    status, message = server.table_refusal(ana)
    assert status == 429 and "wait 20 s and reload" in message
    assert server.table_refusal(ben) is None  # another student is not held up
    server.live_tables = lambda: server.max_tables
    assert server.table_refusal(ben) == (503, "The class server is full right now: wait a minute and reload.")
    server.live_tables = lambda: server.max_tables - 1
    assert server.table_refusal(ben) is None
    small_class["pool"].end(small_class["code"], server.info.teacher_token)  # no game of an ended class counts
    assert server.table_refusal(ben) == (403, "This class has ended: your results are kept. Ask your teacher "
                                              "for the new code.")


def test_the_table_page_of_an_earlier_class_s_student_says_that_class_has_ended(small_class):
    """break45: the table page of a token of an earlier class (the server started again with a
    new class) said "You have not joined this class", while the student's page of that class
    says it has ended. It says what the page says; a token of no class is told as before, and
    neither starts a kernel (a refusal)."""
    server, pool = small_class["server"], small_class["pool"]
    old = pool.start("snap")
    mia = pool.join(old.code, "Mia")
    pool.end(old.code, old.teacher_token)
    assert server.table_refusal(mia.token) == (403, f"The class {old.code} has ended (or is not running now): your "
                                                    "results are kept. Ask your teacher for the new code.")
    assert server.code_page(old.code, "x", earlier=old.code).count(
        f"The class <b>{old.code}</b> has ended (or is not running now): your results are kept. Ask your teacher "
        "for the new code.") == 1  # the page's own words
    assert server.table_refusal("nobody")[1].startswith("You have not joined this class")
    assert pool.class_of(mia.token) == old.code and pool.class_of("nobody") is None and pool.class_of(None) is None


class _Kernels:
    """What the class server uses of Voila's kernel manager to stop tables: ``live`` kernel ids;
    ``shut``, those shut down, in order."""

    def __init__(self, *live: str):
        self.live, self.shut = set(live), []

    def __contains__(self, kernel_id) -> bool:
        return kernel_id in self.live

    def list_kernel_ids(self) -> list[str]:
        return sorted(self.live)

    async def shutdown_kernel(self, kernel_id, now=False):
        self.live.discard(kernel_id)
        self.shut.append(kernel_id)


def test_ending_the_class_stops_its_tables_and_one_whose_page_was_being_made(tmp_path):
    """"End the class" shuts every student's live table kernel down (as a replaced table's,
    ClassServer._stop_kernel), and says so once (on_class_ended); a table whose kernel is noted
    after that (its page was being made while the teacher ended the class) is shut down too. (The
    preheated kernels: test_ending_the_class_shuts_the_preheated_tables_down_and_refills_none.)"""
    import asyncio

    from catcards.classroom.pool import Pool
    from catcards.classroom.server import ClassServer
    from catcards.classroom.store import open_store

    store = open_store(tmp_path / "store")
    pool = Pool(store)
    server = ClassServer()
    server.pool, server.info, server.activity = pool, pool.start("snap"), SNAPS_ACT
    server.kernel_manager = kernels = _Kernels("ana-1", "ana-2", "ben-1", "late", "waiting")
    said: list[str] = []
    server.on_class_ended = said.append

    async def settle() -> None:  # the stops scheduled (IOLoop.add_callback) run, each a few steps
        for _ in range(10):
            await asyncio.sleep(0)

    async def run() -> None:
        server.table_opened("ana-1", 1, b"a")
        server.table_opened("ben-1", 2, b"b")
        server.table_opened("ana-2", 1, b"a")  # Ana's reload: her first table is stopped
        await settle()
        assert kernels.shut == ["ana-1"]
        pool.end(server.code, server.info.teacher_token)
        server.class_ended()
        await settle()
        assert sorted(kernels.shut[1:]) == ["ana-2", "ben-1"]
        server.table_opened("late", 3, b"c")
        await settle()

    try:
        asyncio.run(run())
    finally:
        store.close()
    assert kernels.shut[3:] == ["late"] and kernels.live == {"waiting"}
    assert said == [server.code]


def _table(server, session: requests.Session, token: str) -> str:
    """The kernel id of the table page ``session`` opens for the student ``token``."""
    page = session.get(server["base"] + f"?student={token}", timeout=120)
    assert page.status_code == 200, page.text[:300]
    return re.search(r'"kernelId": "([0-9a-f-]{36})"', page.text).group(1)


def _alive(server, kernel: str) -> bool:
    """The kernel's process runs (its command line names its connection file, kernel-<id>.json)."""
    import psutil

    for child in psutil.Process(server["process"].proc.pid).children(recursive=True):
        try:
            if f"kernel-{kernel}.json" in " ".join(child.cmdline()):
                return True
        except psutil.Error:  # ended meanwhile
            pass
    return False


def _goodbye(server, kernel: str, session=requests, xsrf: str | None = None, **kw):
    """The goodbye beacon of Voila's page: a form with ``_xsrf`` (widgets-manager8's sendBeacon)."""
    form = {"_xsrf": (None, xsrf)} if xsrf is not None else None
    return session.post(server["base"] + f"voila/api/shutdown/{kernel}", files=form, timeout=30, **kw)


def _gone(server, kernel: str) -> bool:
    deadline = time.monotonic() + 60
    while _alive(server, kernel):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def test_a_tables_kernel_is_stopped_only_by_its_own_page_or_the_teacher(server):
    """Break-it (issue 29): ``voila/api/shutdown/<kernel id>`` took no token, so anyone who learnt
    a kernel id could stop a student's table. Now the page's own goodbye (its ``_xsrf`` cookie,
    sent back in the form as Voila's page does) and the teacher may; no one else."""
    ana, ben = join(server), join(server)
    ana_browser, ben_browser = requests.Session(), requests.Session()
    ana_kernel = _table(server, ana_browser, ana["student"])
    ben_kernel = _table(server, ben_browser, ben["student"])
    cookie = ana_browser.cookies.get("_xsrf")
    assert cookie and ben_browser.cookies.get("_xsrf") != cookie
    for reply in (_goodbye(server, ana_kernel),  # a script that knows the id
                  _goodbye(server, ana_kernel, xsrf="abc", cookies={"_xsrf": "abc"}),  # its own cookie and form
                  _goodbye(server, ana_kernel, ben_browser, ben_browser.cookies["_xsrf"]),  # another student's page
                  _goodbye(server, ana_kernel, requests, cookie),  # Ana's form without her cookie
                  _goodbye(server, ana_kernel, headers={"Authorization": "Bearer wrong"}),
                  _goodbye(server, ana_kernel.upper())):  # the id spelt otherwise: Voila's own handler is not reached
        refused(reply, 403, "only the student whose table this is, or the teacher")
    # nor through Voila's kernel API: DELETE api/kernels/<id> took any cookie sent again in a header
    kernel_url = server["base"] + f"api/kernels/{ana_kernel}"
    refused(requests.delete(kernel_url, cookies={"_xsrf": "abc"}, headers={"X-XSRFToken": "abc"}, timeout=30),
            403, "closed by its page")
    refused(ana_browser.delete(kernel_url, headers={"X-XSRFToken": cookie}, timeout=30), 403, "closed by its page")
    refused(requests.get(kernel_url, timeout=30), 403, "only the page of this table")
    assert ana_browser.get(kernel_url, timeout=30).json()["id"] == ana_kernel  # the page's own question
    assert _alive(server, ana_kernel) and _alive(server, ben_kernel)
    assert _goodbye(server, ana_kernel, ana_browser, cookie).status_code == 204  # her page, left
    assert _gone(server, ana_kernel) and _alive(server, ben_kernel)
    assert _goodbye(server, ben_kernel, headers=teacher(server)).status_code == 204
    assert _gone(server, ben_kernel)


def test_a_request_to_another_host_name_is_refused_whatever_its_address(server):
    """Hostile tester (DNS rebinding): the server answered any ``Host``, so a page of evil.example
    whose name was then pointed at 127.0.0.1 could join, read the student's table and, given the
    token, the CSV. Now a request whose ``Host`` is not one the server serves gets a 403 JSON
    saying which hosts it answers to, on every address (the pool's, Voila's table page and files,
    a kernel's websocket), and nothing is done; this computer's own names are answered."""
    import base64
    import os

    ana = join(server)
    browser = requests.Session()
    kernel = _table(server, browser, ana["student"])
    base, join_url = server["base"], server["join_url"]
    port = base.split(":")[2].split("/")[0]
    before, tables = version(server), _alive(server, kernel)
    upgrade = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode()}
    for host in (f"evil.example:{port}", "evil.example", f"localhost.evil.example:{port}"):
        evil = {"Host": host}
        for method, url, kw in (("GET", join_url, {}), ("POST", join_url + "/join", {"json": {"nickname": "Eve"}}),
                                ("POST", join_url + "/me", {"json": {"student": ana["student"]}}),
                                ("GET", join_url + "/results.csv", {"headers": teacher(server)}),
                                ("GET", base + f"?student={ana['student']}", {}),
                                ("GET", base + "voila/static/voila.js", {}),
                                ("GET", base + f"api/kernels/{kernel}/channels?session_id=x", {"headers": upgrade}),
                                ("POST", base + f"voila/api/shutdown/{kernel}", {"headers": teacher(server)})):
            headers = {**kw.pop("headers", {}), **evil}
            reply = browser.request(method, url, headers=headers, timeout=30, **kw)
            refused(reply, 403, rf"does not answer to the host '{host.split(':')[0]}'.* --allow-host NAME")
            assert "localhost, 127.0.0.1, ::1" in reply.json()["error"], reply.text
        assert browser.head(join_url, headers=evil, timeout=30).status_code == 403
    assert version(server) == before and _alive(server, kernel) == tables   # nothing joined, nothing stopped
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}"):
        assert requests.get(join_url, headers={"Host": host}, timeout=30).status_code == 200, host
    assert _goodbye(server, kernel, headers=teacher(server)).status_code == 204


def _log(server) -> str:
    log = server["process"].log
    log.flush()
    log.seek(0)
    return log.read().decode(errors="replace")


def test_requests_anyone_can_send_answer_a_4xx_json_never_a_traceback(server):
    """Hostile tester: ``GET logout`` (500, 120 lines of traceback in the teacher's terminal), a
    broken multipart goodbye to one's own kernel (500, HTTPInputError), and Voila's HTML pages
    for the kernel API and a ``?student=`` that is not UTF-8."""
    ana = join(server)
    browser = requests.Session()
    kernel = _table(server, browser, ana["student"])
    cookie, base = browser.cookies["_xsrf"], server["base"]
    tracebacks = _log(server).count("Traceback")
    for content_type, body in (("multipart/form-data; boundary=zz", b"--zz\r\nbroken"),
                               ("multipart/form-data", b"_xsrf=x")):
        refused(browser.post(base + f"voila/api/shutdown/{kernel}", data=body, timeout=30,
                             headers={"Content-Type": content_type, "X-XSRFToken": cookie}), 400, "a form with")
    refused(requests.get(base + "logout", timeout=30), 404, "nothing at this address")
    for method, path in (("POST", "api/kernels"), ("GET", "api/kernels/"), ("POST", f"api/kernels/{kernel}/restart"),
                         ("POST", f"api/kernels/{kernel}/interrupt")):
        refused(browser.request(method, base + path, headers={"X-XSRFToken": cookie}, timeout=30), 403,
                "reload the table's page for a new one")
    refused(requests.get(base + "?student=%ED%A0%80", timeout=30), 400, "UTF-8")
    assert _alive(server, kernel)
    time.sleep(0.5)
    assert _log(server).count("Traceback") == tracebacks, _log(server)[-3000:]
    assert _goodbye(server, kernel, headers=teacher(server)).status_code == 204


def test_other_requests_to_a_tables_kernel_addresses_are_refused_without_a_word_in_the_terminal(server):
    """break46, a student's script: ``curl -X POST .../api/kernels/<any id>/channels`` printed a
    67-line traceback in the teacher's terminal ("Uncaught exception in write_error": jupyter_server's
    HTML error page has no template here), as did PUT, PATCH, DELETE, OPTIONS and HEAD; a POST to
    ``api/kernels/<id>`` printed "wrote error: '_xsrf' argument missing from POST". Each as often as
    the script likes, scrolling the dashboard link away. Now a JSON refusal and nothing printed.
    server62: a method tornado does not know (``PROPFIND``) got jupyter_server's ``{"message": ...}``
    405 without ``Allow``; now the same refusal as a POST's, ``Allow: GET``."""
    ana = join(server)
    browser = requests.Session()
    kernel = _table(server, browser, ana["student"])
    base, fake = server["base"], "00000000-0000-0000-0000-000000000000"
    before = _log(server)
    for path in (f"api/kernels/{fake}/channels", f"api/kernels/{kernel}/channels", f"api/kernels/{fake}",
                 f"api/kernels/{kernel}"):
        for method in ("POST", "PUT", "PATCH", "OPTIONS", "PROPFIND"):  # PROPFIND: jupyter_server's {"message"} (server62)
            reply = requests.request(method, base + path, data=b"x", timeout=30)
            refused(reply, 405, "only the table's page")
            assert reply.headers["Allow"] == "GET", (method, path)
        assert requests.head(base + path, timeout=30).status_code == 405
    refused(requests.delete(base + f"api/kernels/{kernel}/channels", timeout=30), 405, "only the table's page")
    refused(requests.delete(base + f"api/kernels/{kernel}", timeout=30), 403, "closed by its page")
    assert _alive(server, kernel)
    assert browser.get(base + f"api/kernels/{kernel}", timeout=30).json()["id"] == kernel  # the page's own question
    time.sleep(0.5)
    said = _log(server)[len(before):]
    assert "Traceback" not in said and "wrote error" not in said, said[-3000:]
    assert _goodbye(server, kernel, headers=teacher(server)).status_code == 204


def test_a_table_socket_closed_while_it_opens_prints_nothing_in_the_terminal(server):
    """break46: a page whose websocket to its table's kernel is closed while the server is still
    reaching the kernel (a reload at that moment, "End the class" while table pages were being
    made, or a student's script doing it on purpose, as often as it likes) printed about 90
    lines of traceback in the teacher's terminal: jupyter_server's handler read its connection
    after the close had cleared it (AttributeError in select_subprotocol), then failed to render
    its HTML error page. Nothing is printed now, and the table still works."""
    import base64
    import os
    import socket

    from class_server import widget_states

    ana = join(server)
    browser = requests.Session()
    kernel = _table(server, browser, ana["student"])
    host, port = re.match(r"http://([^:/]+):(\d+)/", server["base"]).groups()
    cookie = "; ".join(f"{name}={value}" for name, value in browser.cookies.items())
    before = _log(server)
    for attempt in range(4):
        with socket.create_connection((host, int(port)), timeout=30) as sock:
            sock.sendall((f"GET /api/kernels/{kernel}/channels?session_id=s{attempt} HTTP/1.1\r\n"
                          f"Host: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                          f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
                          "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: v1.kernel.websocket.jupyter.org\r\n"
                          f"Cookie: {cookie}\r\n\r\n").encode())
    time.sleep(2)
    said = _log(server)[len(before):]
    assert "Traceback" not in said and "Uncaught exception" not in said, said[-3000:]
    assert widget_states(server["base"], kernel, 60, browser.cookies["_xsrf"]) > 0  # the page's own socket still opens
    # the page's socket opened again once its kernel has stopped (its table opened in another tab,
    # or "End the class"): a JSON 404, not jupyter_server's HTML error page, whose missing template
    # printed a traceback
    second = _table(server, requests.Session(), ana["student"])
    assert _gone(server, kernel)
    before = _log(server)
    deadline = time.monotonic() + 60
    while True:
        try:
            reply = browser.get(server["base"] + f"api/kernels/{kernel}/channels", timeout=5, headers={
                "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
                "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode()})
            break
        except requests.exceptions.ReadTimeout:
            # its process has ended but its shutdown is finishing: the kernel manager still lists
            # it, so the socket opened, to nothing (CI, once, under load); asked again
            assert time.monotonic() < deadline, "the stopped kernel's socket never answered 404"
    refused(reply, 404, "cannot be reached now: reload its page")
    time.sleep(0.5)
    said = _log(server)[len(before):]
    assert "Traceback" not in said and "Uncaught exception" not in said, said[-3000:]
    assert _goodbye(server, second, headers=teacher(server)).status_code == 204


def test_a_student_holds_one_table_kernel_a_reload_replaces_it(server):
    """Break-it (issue 29): one student loading their table again and again (or joining many
    times) could take much of the server's kernel cap. A student's new table replaces their
    earlier one, whose kernel is shut down; another student's is untouched."""
    ana, ben = join(server), join(server)
    browser = requests.Session()
    ben_kernel = _table(server, requests.Session(), ben["student"])
    first = _table(server, browser, ana["student"])

    def live_table() -> str | None:
        return requests.post(server["join_url"] + "/me", json={"student": ana["student"]}, timeout=30).json()["table"]

    assert live_table() == first
    second = _table(server, requests.Session(), ana["student"])  # another tab or device, the same token
    assert first != second
    assert live_table() == second  # the first tab's page compares it with its own table's and says so
    assert _gone(server, first)
    assert _alive(server, second) and _alive(server, ben_kernel)
    # the first page's goodbye, late, is still its owner's: answered, nothing else stopped
    assert _goodbye(server, first, browser, browser.cookies["_xsrf"]).status_code == 204
    assert _alive(server, second) and _alive(server, ben_kernel)
    for kernel in (second, ben_kernel):
        assert _goodbye(server, kernel, headers=teacher(server)).status_code == 204


@pytest.mark.parametrize("path", ["voila/templates/..%2f..", "voila/templates/..%2F..%2F..%2Fetc%2Fpasswd",
                                  "voila/templates/lab", "voila/templates/", "voila/templates/a/b/c",
                                  "voila/templates/lab/static/..%2f..%2f..%2fconf.json",
                                  "voila/static/..%2f..%2fapp.py", "voila/labextensions/..%2f..%2fx",
                                  "voila/api/themes/..%2f..%2fx", "voila/files/..%2f..%2fserver.py"])
def test_voilas_file_addresses_answer_404_json_never_a_500(server, path):
    """Break-it (issue 29): ``voila/templates/..%2f..`` made an assert (or an unpacking error)
    inside Voila fail: its HTML 500 page. Each such address is a 404 with a JSON error."""
    reply = requests.get(server["base"] + path, timeout=30)
    refused(reply, 404, "nothing at this address")
    assert "Traceback" not in reply.text


def test_a_page_holds_only_a_few_websockets_open_to_its_table(server):
    """break54b: a student's script with its own table's ``_xsrf`` cookie opened 135 websockets to
    its kernel, all kept; each holds about 9 of the server's file descriptors, and at a 1,024 limit
    joins hung, preheated tables failed ("Too many open files") and the server's accept loop
    printed EMFILE tracebacks 570,000 times (320 MB in a minute) until the script let go. A page
    holds at most TABLE_SOCKETS open at once; the next is refused (429 JSON), and one closed
    makes room again."""
    import contextlib

    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    from catcards.classroom.server import RETRY_AFTER, TABLE_SOCKETS

    ana = join(server)
    browser = requests.Session()
    page = browser.get(server["base"] + f"?student={ana['student']}", timeout=120)
    kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.text).group(1)
    url = server["base"].replace("http://", "ws://") + f"api/kernels/{kernel}/channels"

    def open_socket(stack):
        return stack.enter_context(connect(
            f"{url}?session_id={uuid.uuid4()}", open_timeout=60, ping_interval=None, close_timeout=1,
            additional_headers={"Cookie": f"_xsrf={browser.cookies['_xsrf']}"}))

    with contextlib.ExitStack() as stack:
        held = [open_socket(stack) for _ in range(TABLE_SOCKETS)]
        for ws in held:
            ws.ping().wait(10)  # open
        for _ in range(3):
            with pytest.raises(InvalidStatus) as refused:
                open_socket(stack)
            assert refused.value.response.status_code == 429
            assert b"connections open" in refused.value.response.body
            assert refused.value.response.headers["Retry-After"] == str(RETRY_AFTER)  # break57s: every 429 says it
        held[0].close()
        time.sleep(0.5)  # the server sees the close
        open_socket(stack).ping().wait(10)


def test_voilas_own_files_are_still_served(server):
    reply = requests.get(server["base"] + "voila/templates/lab/static/index.css", timeout=30)
    assert reply.status_code == 200 and reply.headers["Content-Type"].startswith("text/css")


# ---- the server killed and started again: nothing counted is lost -----------------------------------
def test_the_server_killed_and_started_again_keeps_the_class_and_its_results(server):
    ana = join(server, nickname="Cat")
    save = snap_pass(series_seed(ana["seed"], 0)).to_json()
    assert submit(server, ana["student"], save).status_code == 201
    before = summary(server)
    csv_before = requests.get(server["join_url"] + "/results.csv", headers=teacher(server), timeout=30).text
    proc: ClassProcess = server["process"]
    proc.kill()
    again = proc.start(env={"CATCARDS_TEACHER_TOKEN": server["teacher_token"]})
    assert again["code"] == server["code"] and again["join_url"] == server["join_url"]
    assert again["dashboard_url"] == server["dashboard_url"]
    assert summary(server) == before
    assert requests.get(server["join_url"] + "/results.csv", headers=teacher(server), timeout=30).text == csv_before
    me = requests.post(server["join_url"] + "/me", json={"student": ana["student"]}, timeout=30).json()
    assert me["nickname"] == "Cat" and me["games"] == 1
    refused(submit(server, ana["student"], save), 409, "already counted")
    # without the token in the environment the class resumes too; the link is not printed again
    proc.kill()
    third = proc.start()
    assert third["code"] == server["code"] and third["teacher_token"] is None and third["dashboard_url"] is None
    assert summary(server) == before


def test_an_ended_class_takes_nothing_more(server):
    """... and "End the class" (break45) shuts the students' table kernels down (they ran until the
    idle cull, 10 minutes), keeping every counted result, and the terminal says so in one line
    (it said nothing), once."""
    ana, ben = join(server), join(server)
    save = snap_pass(series_seed(ana["seed"], 0)).to_json()
    url = server["join_url"]
    kernel = _table(server, requests.Session(), ben["student"])
    assert submit(server, ben["student"], snap_pass(series_seed(ben["seed"], 0)).to_json()).status_code == 201
    kept = counted(server)
    assert requests.post(url + "/end", headers=teacher(server), timeout=30).json() == {"ended": True}
    assert _gone(server, kernel)
    assert counted(server) == kept
    assert requests.post(url + "/me", json={"student": ben["student"]}, timeout=30).json()["games"] == 1
    line = (f"Class {server['code']} was ended from the dashboard: no one can join it or send results now; its "
            "results are kept in the store. Ctrl+C stops the server.\n")
    assert requests.post(url + "/end", headers=teacher(server), timeout=30).json() == {"ended": True}  # again
    assert summary(server)["ended"] is True and _log(server).count(line) == 1, _log(server)[-2000:]
    before = version(server), requests.post(url + "/me", json={"student": ana["student"]}, timeout=30).json()
    assert before[1]["ended"] is True and before[1]["open"] is False  # the student page hides the table and says the class has ended
    refused(submit(server, ana["student"], save), 403, "ended")
    refused(requests.post(url + "/join", json={}, timeout=30), 403, "ended")
    # break-it: /game still dealt a game after the end
    refused(requests.post(url + "/game", json={"student": ana["student"]}, timeout=30), 403, "has ended")
    # as with "open": an ended class's students are no longer taken out or put back
    refused(requests.post(url + "/remove", json={"student": 1, "removed": True}, headers=teacher(server), timeout=30),
            403, "has ended")
    assert (version(server), requests.post(url + "/me", json={"student": ana["student"]}, timeout=30).json()) == before
    s = summary(server)
    assert s["ended"] is True
    assert requests.get(url + "/results.csv", headers=teacher(server), timeout=30).status_code == 200



def test_json_says_a_new_class_was_started_when_the_last_one_was_ended(tmp_path):
    """A hostile tester: ``catcards class --json`` on a store whose class had been ended printed
    a new code without the text output's sentence that this is a new class (a script handed its
    students the new code, or not, unawares). Its JSON line now has ``new_class`` and ``note``,
    the text's sentence; a resumed class has ``new_class`` false and no note."""
    from catcards.classroom.pool import Pool
    from catcards.classroom.store import open_store

    pool = Pool(open_store(str(tmp_path / "store")))
    ended = pool.start("snap", "snap/snaps-per-pass")
    pool.end(ended.code, ended.teacher_token)
    pool.store.close()
    proc = ClassProcess(tmp_path / "store", free_port(), tmp_path)
    try:
        info = proc.start(extra=("--preheat=0",))
        assert info["code"] != ended.code and info["new_class"] is True
        assert info["note"] == (f"The last class of this activity here ({ended.code}) was ended, so this is a new "
                                "class with a new code: give your students this one.")
        proc.stop()
        again = proc.start(extra=("--preheat=0",))   # the class not ended is resumed: nothing to say
        assert again["code"] == info["code"] and again["new_class"] is False and again["note"] is None
    finally:
        proc.stop()

def test_the_readme_states_the_join_limits_and_what_they_do_not_stop():
    """Hostile tester: the README said "a script cannot fill the class"; one address filled 200
    seats in about 2.5 minutes within the limits. The README now gives the limits (from the
    pool's constants) and the time a script takes to fill the default class: since readme58 in
    docs/class-server.md, "Seats and joins", which the README's "For a class" links to."""
    from catcards.classroom.pool import DEFAULT_MAX_STUDENTS, JOIN_RATE_PER_ADDRESS, JOIN_RATE_PER_CLASS

    repo = Path(catcards.__file__).parents[1]
    readme = " ".join((repo / "README.md").read_text(encoding="utf-8").split())
    docs = " ".join((repo / "docs" / "class-server.md").read_text(encoding="utf-8").split())
    burst, rate = JOIN_RATE_PER_ADDRESS
    assert (f"{burst:.0f} at once from one network address, then {rate:.0f} a second, and "
            f"{JOIN_RATE_PER_CLASS[0]:.0f} at once to the class, then {JOIN_RATE_PER_CLASS[1]:.0f} a second") in docs
    minutes = (DEFAULT_MAX_STUDENTS - burst) / rate / 60  # the seats after the burst, one a second
    assert minutes == 2.5
    assert f"the default {DEFAULT_MAX_STUDENTS} seats in about {minutes} minutes" in docs
    assert "set `--max-students` to your class's size" in docs
    assert "cannot fill" not in readme and "cannot fill" not in docs


def test_a_preheated_table_that_failed_to_start_is_dropped_and_started_again(capsys):
    """A fresh README user, on a busy computer: a table's kernel failed to start (ZMQ "Address
    already in use"); the failed start stayed in Voila's pool, so "29 of 30" never became "30 of
    30", nothing replaced it, and Voila's shutdown_kernel raised on reading it."""
    import asyncio

    from catcards.classroom.server import KernelPool

    class Manager:  # what KernelPool uses of Voila's kernel manager
        notebook_path = "class_app.ipynb"
        kernel_pools_config = {"default": {"pool_size": 3}}

        def __init__(self):
            self._pools, self.filled = {}, []

        def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables=None, **kwargs):
            self.filled.append(self.kernel_pools_config["default"]["pool_size"])

        def get_kernel(self, kernel_id):  # k1's manager: started once
            return type("Kernel", (), {"launches": 1, "said": None})()

    loop = asyncio.new_event_loop()
    try:
        good, bad, cancelled = (loop.create_future() for _ in range(3))
        good.set_result({"kernel_id": "k1"})
        bad.set_exception(RuntimeError("Address already in use"))
        cancelled.cancel()
        manager = Manager()
        manager._pools["class_app.ipynb"] = pool = [good, bad, cancelled]
        kernels = KernelPool(manager, 3)
        kernels.ready = lambda: 1            # k1's notebook waits for its page
        kernels.last_taken = float("-inf")
        kernels.tick()
        assert pool == [good] and manager.filled == [3]   # the two failed starts replaced
        said = capsys.readouterr()
        assert said.out == "" and said.err.count("another one is started in its place") == 2
        assert "RuntimeError: Address already in use" in said.err
    finally:
        loop.close()


def test_a_kernel_that_exits_at_its_start_is_replaced_and_the_pool_reaches_its_size(capsys, monkeypatch):
    """A fresh README user, ``catcards class ... --preheat 30`` on a busy computer: a kernel
    could not bind its port (ZMQ "Address already in use", jupyter_client's port race) and
    exited; Voila's start of it had succeeded, only its run of the class app failed ("Kernel died
    before replying to kernel_info"), so the start stayed in the pool, never ready: "29 of 30"
    for good, under the kernel's traceback. Here a fake kernel start fails so once: it is
    replaced, its kernel shut down, the count reaches 3 of 3, and the teacher reads one line."""
    import asyncio
    import tempfile

    from voila.request_info_handler import RequestInfoSocketHandler

    from catcards.classroom.server import KernelPool

    waiting: dict[str, object] = {}
    monkeypatch.setattr(RequestInfoSocketHandler, "_waiters", waiting)
    loop = asyncio.new_event_loop()

    class Kernel:  # one kernel's manager: its error output, as catcards' _quiet_kernels keeps it
        def __init__(self, said: bytes):
            self.said = tempfile.TemporaryFile()
            self.said.write(said)

    def make(kernel_id):
        run = loop.create_future()
        if kernel_id == "k2":  # the process exited: Voila's run of the app in it fails
            run.set_exception(RuntimeError("Kernel died before replying to kernel_info"))
            return Kernel(b"Traceback (most recent call last):\n  ...\nzmq.error.ZMQError: "
                          b"Address already in use (addr='tcp://127.0.0.1:50123')\n"), run
        waiting[kernel_id] = object()  # its notebook waits for its page
        return Kernel(b""), run

    try:
        manager, shown = FakeVoilaKernels(loop, 3, make), []
        kernels = KernelPool(manager, 3, progress=lambda ready, size: shown.append((ready, size)))
        manager.fill_if_needed(delay=0, notebook_name="class_app.ipynb")  # Voila's start
        ticks(loop, kernels, 4)
        assert shown == [(2, 3), (3, 3)] and kernels.filled_once
        assert sorted(manager.kernels) == ["k1", "k2", "k3", "k4"] and manager.shut == ["k2"]
        assert [t.result()["kernel_id"] for t in manager._pools["class_app.ipynb"]] == ["k1", "k3", "k4"]
        said = capsys.readouterr()
        assert said.out == "" and "Traceback" not in said.err
        # in words for a teacher (readme50 read "zmq.error.ZMQError: Address already in use (addr=...)")
        assert said.err.splitlines() == ["A student's table could not be used (its kernel found its network port "
                                         "taken by another program); another one is started in its place."]
    finally:
        loop.close()


@pytest.fixture
def kernel_runs():
    """``(loop, runs, make)`` for :class:`FakeVoilaKernels`: a new event loop (closed after the
    test), and ``make`` giving each kernel started a plain manager and Voila's run of the class
    app in it, a future of ``loop`` kept in ``runs`` by kernel id."""
    import asyncio

    loop = asyncio.new_event_loop()
    runs: dict[str, asyncio.Future] = {}

    def make(kernel_id):
        runs[kernel_id] = loop.create_future()
        return object(), runs[kernel_id]

    yield loop, runs, make
    loop.close()


def test_ending_the_class_shuts_the_preheated_tables_down_and_refills_none(kernel_runs):
    """After "End the class" no page takes a kernel: the pool's kernels (30 by default, about 75
    MB each) stayed, idle, until Ctrl+C. Ending it shuts down the started ones, and one still
    starting once it has started; the once-a-second check refills nothing after."""
    import asyncio

    from catcards.classroom.server import ClassServer, KernelPool

    loop, runs, make = kernel_runs
    manager = FakeVoilaKernels(loop, 3, make)
    server = ClassServer()
    server.kernel_pool = kernels = KernelPool(manager, 3)
    kernels.ready = lambda: len(runs)
    manager.fill_if_needed(delay=0, notebook_name="class_app.ipynb")
    pool = manager._pools["class_app.ipynb"]
    loop.run_until_complete(asyncio.wait(pool[:]))  # the three starts run
    starting = loop.create_future()  # a fourth start, still running when the class ends
    pool.append(starting)
    server._student_tables, server.on_class_ended = {}, None
    loop.call_soon(server.class_ended)
    loop.run_until_complete(asyncio.sleep(0.01))
    assert pool == [] and sorted(manager.shut) == ["k1", "k2", "k3"]
    starting.set_result({"kernel_id": "k4", "task": None})
    loop.run_until_complete(asyncio.sleep(0.01))
    assert sorted(manager.shut) == ["k1", "k2", "k3", "k4"]
    kernels.last_taken = float("-inf")
    kernels.tick()
    assert pool == [] and sorted(manager.kernels) == ["k1", "k2", "k3"]   # none started again


def test_ending_the_class_while_the_pool_refills_prints_no_traceback(kernel_runs):
    """A hostile tester ended the class while the pool refilled (break53): each kernel shut down
    while Voila's run of the class app in it was starting made that run fail ("Kernel died
    before replying to kernel_info"), and asyncio printed "Task exception was never retrieved"
    and a 45-line traceback per kernel in the teacher's terminal. The runs of the kernels the
    end shuts down are now cancelled and their outcome read: nothing is printed."""
    import asyncio
    import gc

    from catcards.classroom.server import ClassServer, KernelPool

    loop, runs, make = kernel_runs

    printed = []
    loop.set_exception_handler(lambda loop, context: printed.append(context["message"]))
    manager = DyingKernels(loop, 2, make, runs)
    server = ClassServer()
    server.kernel_pool = KernelPool(manager, 2)
    manager.fill_if_needed(delay=0, notebook_name="class_app.ipynb")   # the refill's two kernels
    pool = manager._pools["class_app.ipynb"]
    loop.run_until_complete(asyncio.wait(pool[:]))   # started, the class app starting in each
    starting = loop.create_future()   # a third start, still running when the class ends
    pool.append(starting)
    server._student_tables, server.on_class_ended = {}, None
    loop.call_soon(server.class_ended)
    loop.run_until_complete(asyncio.sleep(0.01))
    runs["k3"] = loop.create_future()
    starting.set_result({"kernel_id": "k3", "task": runs["k3"]})
    loop.run_until_complete(asyncio.sleep(0.01))
    assert sorted(manager.shut) == ["k1", "k2", "k3"] and all(run.done() for run in runs.values())
    runs.clear()
    del pool, starting
    gc.collect()
    loop.run_until_complete(asyncio.sleep(0))
    assert printed == []


@pytest.mark.parametrize("run_ended", [False, True], ids=["run-fails-under-the-shutdown", "run-ended-first"])
def test_a_stopped_table_taken_out_of_the_pool_prints_no_traceback(kernel_runs, capsys, monkeypatch, run_ended):
    """A hostile tester saw KernelPool.drop_failed shut down a preheated table whose kernel had
    stopped without cancelling Voila's run of the class app in it: the run failed under the
    shutdown ("Kernel died before replying to kernel_info"), its exception unread, and asyncio
    logged "Future exception was never retrieved" with a traceback in the teacher's terminal.
    The run is now cancelled and its outcome read, as at the end of a class (break53).
    ``run_ended`` (break54): a kernel killed by its pid on a real class server ends the run with
    a result (a tuple) before the pool notices; drop_failed gave that run to
    :func:`start_failure` as if it were a pool start (a dict), and "AttributeError: 'tuple' object
    has no attribute 'get'" with a traceback was printed at each such table. Either way the one
    line about the table is all that is said."""
    import asyncio
    import gc

    from voila.request_info_handler import RequestInfoSocketHandler

    from catcards.classroom.server import KernelPool

    loop, runs, make = kernel_runs
    waiting: dict[str, object] = {}
    monkeypatch.setattr(RequestInfoSocketHandler, "_waiters", waiting)

    def make_waiting(kernel_id):
        waiting[kernel_id] = object()  # its notebook waits for its page
        return make(kernel_id)

    printed = []
    loop.set_exception_handler(lambda loop, context: printed.append(context["message"]))
    manager = DyingKernels(loop, 2, make_waiting, runs)
    kernels = KernelPool(manager, 2)
    manager.fill_if_needed(delay=0, notebook_name="class_app.ipynb")
    ticks(loop, kernels, 2)
    assert kernels.ready() == 2 and capsys.readouterr().err == ""
    if run_ended:
        runs["k2"].set_result(("<html>", None))  # k2's process was killed: the run ended, a result
    del waiting["k2"]  # k2's process was killed: its websocket to voila/query closed
    ticks(loop, kernels, 1)
    loop.run_until_complete(asyncio.sleep(0.01))
    assert manager.shut == ["k2"] and runs["k2"].done()
    assert capsys.readouterr().err.splitlines() == [
        "A student's table could not be used (its kernel stopped); another one is started in its place."]
    runs.clear()
    gc.collect()
    loop.run_until_complete(asyncio.sleep(0))
    assert printed == []


def test_the_stop_kills_the_waiting_kernels_at_once_and_gives_a_tables_kernel_its_grace(kernel_runs):
    """Ctrl+C (ClassServer.close_kernels): every kernel is shut down at once; the pool's kernels,
    waiting for a page inside a cell, are killed (``now``), a student's table's kernel is asked
    and given STOP_GRACE (jupyter_client's ``shutdown_wait_time``); Voila's pool is emptied, its
    runs of the class app and a start still running are cancelled."""
    import asyncio
    import types

    from catcards.classroom.server import STOP_GRACE, ClassServer, KernelPool

    class Kernels(FakeVoilaKernels):
        _culler_callback = None

        def __contains__(self, kernel_id):
            return kernel_id in self.kernels and kernel_id not in self.shut

        def list_kernel_ids(self):
            return [k for k in self.kernels if k not in self.shut]

        async def shutdown_kernel(self, kernel_id, now=False):
            self.shut.append(kernel_id)
            self.how[kernel_id] = now

    loop, runs, make = kernel_runs
    manager = Kernels(loop, 3, make)
    manager.how = {}
    server = ClassServer()
    server.kernel_manager, server.kernel_pool = manager, KernelPool(manager, 3)
    server._kernel_managers = managers = [types.SimpleNamespace(shutdown_wait_time=5.0) for _ in range(3)]
    manager.fill_if_needed(delay=0, notebook_name="class_app.ipynb")
    pool = manager._pools["class_app.ipynb"]
    loop.run_until_complete(asyncio.wait(pool[:]))
    pool.pop(0)   # a page took k1: a student's table now
    runs["k1"].set_result(None)   # its notebook ran
    starting = loop.create_future()   # a start still running at Ctrl+C
    pool.append(starting)
    loop.run_until_complete(server.close_kernels())
    assert sorted(manager.shut) == ["k1", "k2", "k3"]
    assert manager.how == {"k1": False, "k2": True, "k3": True}
    assert [m.shutdown_wait_time for m in managers] == [STOP_GRACE] * 3 and STOP_GRACE <= 1.0
    assert pool == [] and starting.cancelled() and runs["k2"].cancelled() and runs["k3"].cancelled()


def test_kill_kernels_kills_the_processes_still_running_and_only_those(tmp_path):
    """The stop's last step (kill_kernels): a kernel process still running is killed with its
    process group (jupyter_client starts each in a session of its own); a manager whose process
    ended, or that never launched one, is left alone; ``_noted_kernels`` keeps only the managers
    of kernels not ended."""
    import subprocess
    import sys
    import types

    from catcards.classroom.server import _noted_kernels, kill_kernels, running_kernels

    def manager(process):
        provisioner = types.SimpleNamespace(process=process, pgid=None if process is None else process.pid)
        return types.SimpleNamespace(provisioner=provisioner, ready=types.SimpleNamespace(done=lambda: True))

    sleeper = [sys.executable, "-c", "import time; time.sleep(120)"]
    running = subprocess.Popen(sleeper, start_new_session=True)
    ended = subprocess.Popen([sys.executable, "-c", "pass"], start_new_session=True)
    ended.wait(timeout=60)
    try:
        noted: list = []
        made = iter([manager(ended), manager(None), manager(running)])
        create = _noted_kernels(lambda: next(made), noted)
        first, second, third = create(), create(), create()
        assert noted == [third]   # the ended and the never-launched ones were dropped meanwhile
        assert running_kernels([first, second, third]) == [third]
        assert kill_kernels([first, second, third]) == 1
        assert running.wait(timeout=30) == -9
    finally:
        running.kill()
        running.wait(timeout=30)


def test_a_pool_whose_kernels_never_start_stops_refilling_and_says_so(capsys):
    """Every start failing (a broken environment) must not start kernels for ever: the pool is
    refilled until more starts failed than its size, and the last line says none are started."""
    import asyncio

    from catcards.classroom.server import KernelPool

    loop = asyncio.new_event_loop()

    class Manager:
        notebook_path = "class_app.ipynb"
        kernel_pools_config = {"default": {"pool_size": 2}}

        def __init__(self):
            self._pools, self.starts = {}, 0

        def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables=None, **kwargs):
            pool = self._pools.setdefault(notebook_name, [])
            for _ in range(self.kernel_pools_config["default"]["pool_size"] - len(pool)):
                self.starts += 1
                failed = loop.create_future()
                failed.set_exception(RuntimeError("Kernel didn't respond in 60 seconds"))
                pool.append(failed)

    try:
        manager = Manager()
        kernels = KernelPool(manager, 2)
        kernels.ready = lambda: 0
        manager.fill_if_needed(delay=0, notebook_name="class_app.ipynb")
        for _ in range(10):
            kernels.tick()
        assert manager.starts == 4 and kernels.failures == 4 and manager._pools["class_app.ipynb"] == []
        lines = capsys.readouterr().err.splitlines()
        assert len(lines) == 4 and lines[-1] == (
            "A student's table could not be used (RuntimeError: Kernel didn't respond in 60 seconds); 4 have failed, "
            "so no more are started before students ask (a student's page still starts its own).")
    finally:
        loop.close()


def test_an_earlier_class_of_the_store_is_named_so_not_called_unknown(server):
    """A fresh README user: after "End the class" and a restart (a new class), the old dashboard
    tab said "there is no class with the code ...; check the code your teacher shows", a
    student's words, of a class that is kept in the store. The teacher's requests are told where
    its results are; a student's, that it has ended (or is not running now); an unknown code as
    before; in a browser's page as in a script's JSON."""
    from catcards.classroom.pool import Pool
    from catcards.classroom.store import open_store

    store = open_store(server["process"].store)
    try:
        earlier = Pool(store).start("snap").code  # a class of the store this server does not serve
    finally:
        store.close()
    base = server["join_url"].rsplit("/", 1)[0]
    refused(requests.get(f"{base}/{earlier}/version?token=x", timeout=30), 404, re.escape(
            f"this server now runs a newer class, not {earlier}; the class {earlier} and its results are kept "
            f"in the store: `catcards results {earlier} --csv results.csv` writes its CSV"))
    refused(requests.post(f"{base}/{earlier}/me", json={"student": "x"}, timeout=30), 404, re.escape(
            f"the class {earlier} has ended (or is not running now): your results are kept; ask your teacher "
            "for the new code"))
    # a browser at every old address (the student's page reloaded, the join link, the code typed
    # in the box, the teacher's dashboard) is told the same, not "was not found ... type it again"
    # (a README user's students thought they had mistyped)
    html_page = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
    for url in (f"{base}/{earlier}", f"{base}/{earlier.lower()}/", f"{base}?code={earlier}"):
        reply = requests.get(url, headers=html_page, timeout=30)
        assert reply.status_code == 404 and reply.headers["Content-Type"].startswith("text/html"), url
        assert "was not found" not in reply.text, url
        assert (f'<p id="not-found" class="error" role="alert">The class <b>{earlier}</b> has ended (or is not '
                "running now): your results are kept. Ask your teacher for the new code.</p>") in reply.text, url
        assert 'value=""' in reply.text and 'aria-describedby="not-found hint"' in reply.text, url
    reply = requests.get(f"{base}/{earlier}/dashboard", headers=html_page, timeout=30)
    assert reply.status_code == 404 and "was not found" not in reply.text
    assert (f"This server now runs a newer class, not <b>{earlier}</b>. The class {earlier} and its results are "
            f"kept in the store: <code>catcards results {earlier} --csv results.csv</code> writes its CSV. The "
            "dashboard of the class now is the link printed when the server started.") in reply.text
    unknown = next(c for c in ("ZZZZZZ", "YYYYYY") if c != earlier)
    refused(requests.get(f"{base}/{unknown}/version?token=x", timeout=30), 404,
            re.escape(f"there is no class with the code {unknown!r} here"))


def test_a_path_not_utf8_and_a_method_tornado_does_not_know_are_refused_in_json(server):
    """break61s: ``GET /%ff`` (a path that is not UTF-8, refused by tornado before the table
    page's ``prepare``) made Voila's error page raise, about 50 lines of traceback in the
    teacher's terminal per request (500 requests: 24,500 lines in a second), and the student got
    an empty HTML 400. A method tornado does not know (``PROPFIND``) was answered with the
    methods a handler defines: an empty ``Allow`` at an address where nothing is, every method at
    a wrong host's or the kernel API's refusal. Now: JSON, and each handler's own refusal."""
    base, code = server["base"], server["code"]
    for path in ("%ff", "%c0%ae%c0%ae/"):
        reply = requests.get(base + path, timeout=30, headers={"Accept": "text/html"})
        assert reply.status_code == 400 and reply.headers["Content-Type"] == "application/json", path
        assert "UTF-8" in reply.json()["error"], path
    nothing = "there is nothing at this address; the join link looks like .../class/CODE"
    reply = requests.request("PROPFIND", base + f"class/{code}/nothing/here", timeout=30)
    assert (reply.status_code, reply.json(), "Allow" in reply.headers) == (404, {"error": nothing}, False)
    for method in ("PROPFIND", "OPTIONS", "HEAD"):
        reply = requests.request(method, base + "api/kernels", timeout=30)
        assert (reply.status_code, "Allow" in reply.headers) == (403, False), method
        if method != "HEAD":
            assert "started by its page" in reply.json()["error"], method
    reply = requests.request("PROPFIND", base, timeout=30, headers={"Host": "evil.example"})
    assert reply.status_code == 403 and "Allow" not in reply.headers, reply.text


def test_an_address_with_nothing_there_is_404_whatever_the_method(server):
    """server62: ``GET //`` said there was nothing at the address, but ``POST //`` (and ``PUT``,
    ``PROPFIND``) answered 405 "takes only GET", as if it were the server's own address, the
    table page. Now ``//`` (and ``//lab``, ``///``) is 404 whatever the method; only ``/`` itself
    takes GET and refuses the rest with 405."""
    base = server["base"]
    nothing = {"error": "there is nothing at this address; the join link looks like .../class/CODE"}
    for path in ("/", "//", "/lab"):
        for method in ("GET", "POST", "PUT", "DELETE", "PROPFIND"):
            reply = requests.request(method, base + path, timeout=30, allow_redirects=False,
                                     headers={"Accept": "application/json"})
            assert (reply.status_code, reply.headers["Content-Type"], reply.json(), "Allow" in reply.headers) == (
                404, "application/json", nothing, False), (method, path)
    refused(requests.post(base, timeout=30), 405, "takes only GET, not POST")


def test_head_of_an_address_with_nothing_there_answers_as_get_without_a_body(server):
    """Hostile tester server62b, 5: at an address Voila's route takes with nothing there (``//``,
    ``lab``), ``GET`` from a browser (``Accept: text/html``) answered the 404 page and ``HEAD``
    a JSON 404. Now ``HEAD`` answers as ``GET`` does (status, type, length) without the body,
    for a browser and a script alike, as the pool's 404s do."""
    base = server["base"]
    for path in ("/", "lab", "/lab", "voila/tree", "api/contents"):
        for accept in ("text/html,application/xhtml+xml", "application/json"):
            headers = {"Accept": accept}
            got = requests.get(base + path, headers=headers, timeout=30, allow_redirects=False)
            head = requests.head(base + path, headers=headers, timeout=30, allow_redirects=False)
            assert (head.status_code, head.content) == (got.status_code, b"") == (404, b""), (path, accept)
            assert head.headers["Content-Type"] == got.headers["Content-Type"], (path, accept)
            assert int(head.headers["Content-Length"]) == len(got.content) > 0, (path, accept)
    page = requests.head(base + "lab", headers={"Accept": "text/html"}, timeout=30)
    assert page.headers["Content-Type"] == "text/html; charset=utf-8"


def test_head_of_a_pool_page_answers_as_get_without_a_body(server):
    """server62: ``HEAD`` of the pool's GET pages (the code box, the student page, the dashboard,
    the QR code, the teacher's CSV) answered 405; HTTP's HEAD is GET without the body. Now each
    answers as GET does (status, type, length; the teacher's token still needed), with no body;
    an address served with POST only still refuses it, and nothing changes. The table page
    (``/?student=``) keeps refusing HEAD: its GET starts a kernel (checked in
    test_other_methods_outside_class_are_refused_in_json_not_voilas_html)."""
    url, before = server["join_url"], version(server)
    bearer = teacher(server)
    for path, headers in (("", {}), ("/dashboard", {}), ("/qr.svg", {}), ("/results.csv", bearer),
                          ("/summary", bearer), ("/version", bearer)):
        got = requests.get(url + path, headers=headers, timeout=30)
        head = requests.head(url + path, headers=headers, timeout=30)
        assert (head.status_code, head.content) == (200, b""), path
        assert head.headers["Content-Type"] == got.headers["Content-Type"], path
        assert int(head.headers["Content-Length"]) == len(got.content) > 0, path
    box = requests.head(server["base"] + "class", timeout=30)
    assert (box.status_code, box.content, box.headers["Content-Type"]) == (200, b"", "text/html; charset=utf-8")
    assert requests.head(server["base"] + "favicon.ico", timeout=30).status_code == 204
    for path in ("/results.csv", "/summary"):  # the teacher's data: as GET, 401 without the token
        head = requests.head(url + path, timeout=30)
        assert (head.status_code, head.headers["Content-Type"], head.content) == (401, "application/json", b"")
    unknown = next(c for c in ("ZZZZZZ", "YYYYYY") if c != server["code"])
    wrong = requests.head(f"{server['base']}class/{unknown}", timeout=30)
    assert (wrong.status_code, wrong.headers["Content-Type"], wrong.content) == (404, "application/json", b"")
    for path in ("/join", "/results", "/end"):  # POST only: refused, and said so in Allow
        head = requests.head(url + path, timeout=30)
        assert (head.status_code, head.headers["Allow"], head.content) == (405, "POST", b""), path
    moved = requests.head(url + "/dashboard/", timeout=30, allow_redirects=False)
    assert (moved.status_code, moved.headers["Location"]) == (301, f"/class/{server['code']}/dashboard")
    refused(requests.put(url, timeout=30), 405, "takes only GET, HEAD, not PUT")
    assert requests.put(url, timeout=30).headers["Allow"] == "GET, HEAD"
    assert version(server) == before
