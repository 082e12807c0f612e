"""The class server hardened after a hostile tester's report (break57s, server58): unfinished
requests (slow-loris) are closed after a short header timeout and bounded per client address,
the server raises its own limit of open files, and every 429 says ``Retry-After``; neither the server nor its table kernels read the
teacher's ``~/.jupyter`` or ``~/.ipython`` (a file there ran inside them).

Real servers (``catcards class snap --json`` as a subprocess, :class:`class_server.ClassProcess`),
and the pool's handlers alone for the refusals' rules.
"""
from __future__ import annotations

import contextlib
import resource
import socket
import time
from pathlib import Path

import psutil
import pytest
import requests

from catcards.classroom.activities import activity
from class_server import ClassProcess, free_port, handlers_served

BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@contextlib.contextmanager
def soft_open_files(limit: int):
    """This process's soft limit of open files at most ``limit`` for the ``with`` block (a server
    started inside inherits it, as from a shell with ``ulimit -n 1024``)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(limit, soft), hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A class server started with a soft limit of 1,024 open files, from a HOME whose
    ``~/.jupyter/jupyter_config.py``, ``~/.jupyter/jupyter_server_config.py``,
    ``~/.ipython/profile_default/ipython_kernel_config.py`` and
    ``~/.ipython/profile_default/startup/00-marker.py`` each write a marker file in ``ran/``.
    Yields its JSON line with ``base``, ``process`` and ``home``."""
    home = tmp_path_factory.mktemp("catcards-class58-")
    ran = home / "ran"
    ran.mkdir()
    files = {".jupyter/jupyter_config.py": "jupyter_config", ".jupyter/jupyter_server_config.py": "jupyter_server_config",
             ".jupyter/voila.py": "jupyter_voila",
             ".ipython/profile_default/ipython_kernel_config.py": "ipython_kernel_config",
             ".ipython/profile_default/ipython_config.py": "ipython_config",
             ".ipython/profile_default/startup/00-marker.py": "ipython_startup"}
    for name, marker in files.items():
        path = home / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"import os\nopen({str(ran / marker)!r} + '-' + str(os.getpid()), 'w').close()\n",
                        encoding="utf-8")
    proc = ClassProcess(home / "store", free_port(), home)
    try:
        with soft_open_files(1024):
            info = proc.start(extra=("--preheat=1", "--max-students=30"))   # 256 connections an address
        yield {**info, "process": proc, "home": home}
    finally:
        proc.stop()


def join(server) -> str:
    reply = requests.post(server["join_url"] + "/join", json={}, timeout=30)
    assert reply.status_code == 201, reply.text
    return reply.json()["student"]


def test_no_jupyter_or_ipython_file_of_the_teacher_runs_in_the_server_or_a_table(server):
    """Hostile tester: ``~/.jupyter/jupyter_config.py`` and IPython's startup files still ran, in
    the server or in each student's table kernel. Now the server and its kernels read Jupyter's
    and IPython's settings from a private empty folder: a table opened (its kernel has run the
    class app), none of the files wrote its marker."""
    page = requests.get(server["base"] + "?student=" + join(server), headers=BROWSER, timeout=120)
    assert page.status_code == 200 and "kernelId" in page.text
    ran = sorted(f"{p.name.rsplit('-', 1)[0]} (pid {p.name.rsplit('-', 1)[1]})" for p in (server["home"] / "ran").iterdir())
    assert not ran, f"ran: {ran}, the server's pid {server['process'].proc.pid}"


def test_the_server_raises_its_limit_of_open_files():
    """Hostile tester: the server kept the soft limit it was started with (1,024 on Linux, 256 on
    macOS), and a few hundred unfinished requests used it up. Now it raises its soft limit towards
    the hard one (:func:`raise_open_files`, at most :data:`OPEN_FILES`)."""
    from catcards.classroom.server import OPEN_FILES, raise_open_files

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, soft), hard))
        assert raise_open_files() == min(hard, OPEN_FILES)
        assert resource.getrlimit(resource.RLIMIT_NOFILE) == (min(hard, OPEN_FILES), hard)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_an_infinite_limit_of_open_files_is_no_bound(monkeypatch):
    """break58t: a soft limit of ``RLIM_INFINITY`` (-1 on Linux) came back as the limit, and half
    of it, -1, refused every connection. It is None now: no bound known."""
    from catcards.classroom.server import connection_limits, raise_open_files

    monkeypatch.setattr(resource, "getrlimit", lambda kind: (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    assert raise_open_files() is None
    assert connection_limits(30, raise_open_files())["total"] is None


def test_the_running_server_raised_its_limit(server):
    from catcards.classroom.server import OPEN_FILES

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    assert psutil.Process(server["process"].proc.pid).rlimit(psutil.RLIMIT_NOFILE)[0] == min(hard, OPEN_FILES)


def test_request_headers_have_a_short_timeout():
    """An unfinished request's headers bound the time its connection is kept: 120 s was long
    enough for a script to hold hundreds. Now :data:`HEADER_TIMEOUT` (10 s) bounds them."""
    from catcards.classroom.server import HEADER_TIMEOUT, http_server_options

    assert HEADER_TIMEOUT == 10.0
    assert http_server_options()["idle_connection_timeout"] == HEADER_TIMEOUT


def closed(sock: socket.socket) -> bool:
    """The server has closed ``sock`` (it reads the end of the stream, or a reset)."""
    sock.setblocking(False)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def test_unfinished_requests_are_bounded_per_address_and_closed_after_the_header_timeout(server):
    """Hostile tester (slow-loris): a script held a few hundred requests whose headers never
    ended; they used up the server's open files, and every new request waited. Now the
    connections of one client address are at most :data:`CONNECTIONS_PER_ADDRESS` (those beyond
    are closed at once), a normal request is answered meanwhile, and the unfinished ones are
    closed after :data:`HEADER_TIMEOUT` seconds."""
    from catcards.classroom.server import CONNECTIONS_PER_ADDRESS, HEADER_TIMEOUT, connection_limits

    assert connection_limits(30, 10240)["per_address"] == CONNECTIONS_PER_ADDRESS == 256   # the server's --max-students
    extra = 20
    socks = []
    try:
        for _ in range(CONNECTIONS_PER_ADDRESS + extra):
            sock = socket.create_connection(("127.0.0.1", server["process"].port), timeout=10)
            sock.sendall(b"GET /class HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # never ended
            socks.append(sock)
        started = time.monotonic()
        time.sleep(1)
        assert sum(closed(sock) for sock in socks) >= extra  # those over the cap, at once
        # a normal request from another address (127.0.0.1's connections are all taken)
        with socket.socket() as other:
            other.settimeout(5)
            other.bind(("127.0.0.2", 0))
            other.connect(("127.0.0.1", server["process"].port))
            other.sendall(f"GET /class HTTP/1.1\r\nHost: 127.0.0.1:{server['process'].port}\r\n"
                          "Connection: close\r\n\r\n".encode())
            assert other.recv(65536).startswith(b"HTTP/1.1 200 OK\r\n")
        while time.monotonic() - started < HEADER_TIMEOUT + 5 and not all(closed(sock) for sock in socks):
            time.sleep(0.5)
        assert all(closed(sock) for sock in socks)
    finally:
        for sock in socks:
            sock.close()
    assert requests.get(server["base"] + "class", timeout=5).status_code == 200


@pytest.fixture
def small_class(tmp_path):
    """The pool's handlers (no Voila) in front of a class of 30, with small rates: 3 joins, 3
    counts from one address, 3 results or counts from one student at once, then one in 100 s
    (the clock stands still: a wait is always 100 s)."""
    from catcards.classroom.pool import Pool
    from catcards.classroom.server import ClassServer
    from catcards.classroom.store import open_store

    store = open_store(tmp_path / "store")
    pool = Pool(store, max_students=30, burst=3, per_second=0.01, join_per_address=(3, 0.01),
                tally_per_address=(3, 0.01), clock=lambda: 1000.0)  # no refill while a loaded machine runs the test
    server = ClassServer()
    server.pool, server.info, server.activity = pool, pool.start("snap"), activity("snap/snaps-per-pass")
    server.max_tables = 60
    with handlers_served(server) as port:
        yield server, f"http://127.0.0.1:{port}/class/{server.info.code}"
    store.close()


def test_connection_bounds_grow_with_the_class_and_keep_half_the_open_files():
    """Hostile tester break58s: a fixed 256 connections an address was reached by about 43
    students loading their tables within 10 s behind one address (their tables stayed at
    "Loading widget..."); and unfinished requests from 44 addresses used up 10,240 open files
    (500s, thousands of tracebacks). Now an address holds 8 connections a student of the class
    (at least 256), and all addresses together half the open files."""
    from catcards.classroom.server import connection_limits

    assert connection_limits(30, 1024) == {"per_address": 256, "total": 512}
    assert connection_limits(100, 10240) == {"per_address": 800, "total": 5120}
    # break58t: one address of a large class filled the total alone; it holds a quarter at most now
    assert connection_limits(200, 10240) == {"per_address": 1280, "total": 5120}   # the default class
    assert connection_limits(3000, 10240) == {"per_address": 1280, "total": 5120}
    assert connection_limits(200, 1024) == {"per_address": 256, "total": 512}      # never below 256
    assert connection_limits(3000, None) == {"per_address": 24000, "total": None}  # Windows: no limit known


def test_the_http_server_closes_a_connection_over_either_bound_and_counts_closed_ones_out():
    """:class:`ClassHTTPServer` with 3 connections an address and 5 in all: a fourth from
    127.0.0.2 closes that address's oldest unfinished request, a sixth in all the oldest of all
    (server59a: before, the new one was closed); once one closes, two more are taken (a
    connection stops counting when it closes)."""
    import asyncio
    import threading

    import tornado.web

    from catcards.classroom.server import ClassHTTPServer
    from class_server import free_port

    class Hello(tornado.web.RequestHandler):
        def get(self):
            self.write("hello")

    port, loop, started = free_port(), asyncio.new_event_loop(), threading.Event()
    box = {}

    def serve():
        asyncio.set_event_loop(loop)
        box["server"] = ClassHTTPServer(tornado.web.Application([("/", Hello)]), per_address=3, total=5)
        box["server"].listen(port, "127.0.0.1")
        loop.call_soon(started.set)
        loop.run_forever()

    def connect(source: str) -> socket.socket:
        sock = socket.socket()
        sock.settimeout(5)
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", port))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")   # headers not ended: held open
        return sock

    def answered(sock: socket.socket) -> bool:
        sock.sendall(b"\r\n")
        try:
            return sock.recv(4096).startswith(b"HTTP/1.1 200 OK")
        except OSError:
            return False

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert started.wait(10)
    socks = []
    try:
        socks = [connect("127.0.0.2") for _ in range(4)]
        time.sleep(0.5)
        assert [closed(sock) for sock in socks] == [True, False, False, False]
        socks += [connect("127.0.0.3") for _ in range(3)]
        time.sleep(0.5)
        assert [closed(sock) for sock in socks[1:]] == [True, False, False, False, False, False]   # 5 in all
        assert box["server"].open_from == {"127.0.0.2": 2, "127.0.0.3": 3}
        socks[0].close()
        socks[4].close()
        time.sleep(0.5)
        again = [connect("127.0.0.2"), connect("127.0.0.3")]
        socks += again
        time.sleep(0.5)
        assert [answered(sock) for sock in again] == [True, True]
    finally:
        for sock in socks:
            sock.close()
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


def test_every_429_says_retry_after_in_whole_seconds(small_class):
    """Hostile tester: a 429 (too many requests) said how long to wait only in its words. Now
    each says ``Retry-After`` in whole seconds: ``/me`` asked too often by one student, results
    and counts over the rates, joins over the class's rate."""
    server, url = small_class
    token = requests.post(url + "/join", json={}, timeout=10).json()["student"]
    answers = [requests.post(url + "/me", json={"student": token}, timeout=10) for _ in range(40)]
    refused = [a for a in answers if a.status_code == 429]
    assert refused, [a.status_code for a in answers]
    for answer in refused:
        assert answer.headers["Retry-After"].isdigit() and int(answer.headers["Retry-After"]) >= 1
        assert f"wait {answer.headers['Retry-After']} s" in answer.json()["error"]
    counts = [requests.post(url + "/tally", json={"student": token, "value": 1}, timeout=10) for _ in range(6)]
    refused = [a for a in counts if a.status_code == 429]
    assert refused, [a.status_code for a in counts]
    assert [a.headers["Retry-After"] for a in refused] == ["100"] * len(refused)
    assert all("wait 100 s" in a.json()["error"] for a in refused)
    joins = [requests.post(url + "/join", json={}, timeout=10) for _ in range(4)]
    refused = [a for a in joins if a.status_code == 429]
    assert refused, [a.status_code for a in joins]
    assert [a.headers["Retry-After"] for a in refused] == ["100"] * len(refused)


def test_a_table_page_refused_429_says_retry_after(small_class):
    """The table page's refusals say ``Retry-After`` too: the student's own wait when they opened
    it too often, :data:`TABLES_BUSY_WAIT` while :data:`TABLE_STARTS` pages are being opened."""
    from catcards.classroom.server import TABLE_RATE_PER_STUDENT, TABLE_STARTS, TABLES_BUSY, TABLES_BUSY_WAIT

    server, url = small_class
    ana = server.pool.join(server.code, client="10.0.0.1").token
    with contextlib.ExitStack() as opening:
        for _ in range(TABLE_STARTS):
            opening.enter_context(server.opening_table())
        refusal = server.table_refusal(ana)
        assert (refusal, refusal.retry_after) == ((429, TABLES_BUSY), TABLES_BUSY_WAIT)
    for _ in range(int(TABLE_RATE_PER_STUDENT[0])):
        assert server.table_refusal(ana) is None
    refusal = server.table_refusal(ana)
    assert refusal[0] == 429 and refusal.retry_after == 20 and "wait 20 s" in refusal[1]
    assert server.table_refusal("nobody").retry_after is None


def test_joining_again_does_not_get_around_the_table_pages_a_network_may_open():
    """Hostile tester: each seat may open its table 6 times at once, and a script took a new seat
    (joined again) for 6 more, without end. Now the table pages opened from one client address
    are bounded too (:data:`TABLE_RATE_PER_ADDRESS`: 100 at once, then 1 a second), yet a class
    of 35 behind one school router opens its tables, each twice, at once; the browser's refusal
    page opens the table again by itself."""
    import tempfile

    from catcards.classroom.pool import Pool
    from catcards.classroom.server import (TABLE_RATE_PER_ADDRESS, TABLE_RATE_PER_STUDENT, TABLES_FROM_NETWORK,
                                           ClassServer, _refusal_page)
    from catcards.classroom.store import open_store

    with tempfile.TemporaryDirectory() as folder:
        store = open_store(Path(folder) / "store")
        try:
            pool = Pool(store, max_students=300, clock=lambda: 1000.0)  # no refill while the test runs
            server = ClassServer()
            server.pool, server.info, server.activity = pool, pool.start("snap"), activity("snap/snaps-per-pass")
            server.max_tables = 10_000
            school = [pool.join(server.code, client=f"10.0.{i}.1").token for i in range(35)]
            assert [server.table_refusal(t, "203.0.113.7") for t in school * 2] == [None] * 70  # all behind one NAT
            seats = [pool.join(server.code, client=f"10.1.{i}.1").token for i in range(40)]
            opened = sum(server.table_refusal(t, "198.51.100.9") is None
                         for t in seats for _ in range(int(TABLE_RATE_PER_STUDENT[0])))
            assert opened == TABLE_RATE_PER_ADDRESS[0]  # not 240
            refusal = server.table_refusal(seats[-1], "198.51.100.9")
            assert refusal[0] == 429 and refusal.by_itself and refusal.retry_after >= 1
            assert refusal[1] == TABLES_FROM_NETWORK.format(seconds=refusal.retry_after)
            assert "location.reload()" in _refusal_page(refusal[1], refusal.by_itself)
            assert server.table_refusal(seats[-1], "192.0.2.1") is None  # another network is not held up
        finally:
            store.close()
