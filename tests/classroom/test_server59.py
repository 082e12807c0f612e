"""The class server's connection bounds after a hostile tester's report (server59a): unfinished
requests from several client addresses (slow-loris: an IPv6 host has a whole /64, a JupyterHub
student all of 127/8) filled the bound of all connections, and every student's new connection was
closed unanswered for as long as the script ran. Now a new connection over a bound closes the one
that has waited longest on its client (:class:`ClassHTTPServer`), and a request's body has
:data:`BODY_TIMEOUT` (20 s, was 60) to arrive.

:class:`ClassHTTPServer` serves a small tornado application in a thread, with small bounds; raw
sockets bound to several 127.0.0.x addresses (Linux lets a socket use any of 127/8) hold
requests unfinished. Waits are bounded (a few seconds at most), nothing is timed.
"""
from __future__ import annotations

import asyncio
import socket
import threading
import time

import pytest
import tornado.web

from catcards.classroom.server import BODY_TIMEOUT, ClassHTTPServer
from class_server import free_port

STALLED = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "  # headers never ended
HALF_BODY = b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n0123456789"  # 10 of 100 bytes


def until(condition, seconds: float = 10) -> bool:
    """Wait until ``condition()`` is true, at most ``seconds``; returns it."""
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        time.sleep(0.02)
    return condition()


def closed(sock: socket.socket, seconds: float = 5) -> bool:
    """The server closes ``sock`` within ``seconds`` (reads the end of the stream, or a reset);
    whatever it sent before is skipped."""
    sock.settimeout(seconds)
    try:
        while sock.recv(65536):
            pass
        return True
    except socket.timeout:
        return False
    except OSError:
        return True


def still_open(sock: socket.socket) -> bool:
    """The server has not closed ``sock`` (nothing to read now)."""
    sock.setblocking(False)
    try:
        return sock.recv(1) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.setblocking(True)


def answer(sock: socket.socket) -> bytes:
    """The first answer's bytes read from ``sock`` (up to 64 KiB; b"" if closed)."""
    sock.settimeout(5)
    try:
        return sock.recv(65536)
    except OSError:
        return b""


@pytest.fixture
def served():
    """``start(per_address, total)`` serves, in a thread, ``/`` (GET "hello", POST "got N bytes")
    and ``/held`` (answered once ``release()`` is called) with :class:`ClassHTTPServer`; yields
    ``{"start", "connect", "box", "release"}`` (``box["held"]``: requests to ``/held`` begun).
    ``connect(source, data)`` opens a socket from ``source`` and sends ``data``, once the server
    has taken the connection (or closed it) and read what was sent."""
    loop, started = asyncio.new_event_loop(), threading.Event()
    box = {"held": 0, "accepted": 0, "socks": []}

    class Hello(tornado.web.RequestHandler):
        def get(self):
            self.write("hello")

        def post(self):
            self.write(f"got {len(self.request.body)} bytes")

    class Held(tornado.web.RequestHandler):
        async def get(self):
            box["held"] += 1
            await box["gate"].wait()
            self.write("held")

    class Counted(ClassHTTPServer):
        def handle_stream(self, stream, address):
            box["accepted"] += 1
            super().handle_stream(stream, address)

    def serve(per_address, total):
        asyncio.set_event_loop(loop)
        box["gate"] = asyncio.Event()
        box["server"] = Counted(tornado.web.Application([("/", Hello), ("/held", Held)]),
                                        per_address=per_address, total=total)
        box["server"].listen(box["port"], "127.0.0.1")
        loop.call_soon(started.set)
        loop.run_forever()

    def start(per_address, total):
        box["port"] = free_port()
        box["thread"] = threading.Thread(target=serve, args=(per_address, total), daemon=True)
        box["thread"].start()
        assert started.wait(10)
        return box["server"]

    def connect(source: str, data: bytes) -> socket.socket:
        before = box["accepted"]
        sock = socket.socket()
        box["socks"].append(sock)
        sock.settimeout(5)
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", box["port"]))
        sock.sendall(data)
        assert until(lambda: box["accepted"] > before, 5)
        time.sleep(0.05)  # the server reads what was sent
        return sock

    try:
        yield {"start": start, "connect": connect, "box": box,
               "release": lambda: loop.call_soon_threadsafe(box["gate"].set)}
    finally:
        for sock in box["socks"]:
            sock.close()
        if "thread" in box:
            loop.call_soon_threadsafe(loop.stop)
            box["thread"].join(10)


def test_stalled_requests_from_many_addresses_no_longer_keep_a_students_connection_out(served):
    """Hostile tester: 6 connections in all, 2 from each of 3 addresses (under 3 an address), each
    with its headers or its body unfinished, filled the bound of 6, and a student's request from a
    fourth address was closed unanswered (before: closed). Now it is answered, and the connection
    that has waited longest (the first, a body never finished) is closed for it; then one of the
    addresses holding the most (break59s: not a student's slow upload from another address)."""
    server = served["start"](per_address=3, total=6)
    connect = served["connect"]
    script = [connect("127.0.0.2", HALF_BODY)]
    script += [connect(source, STALLED) for source in ("127.0.0.2", "127.0.0.3", "127.0.0.3", "127.0.0.4",
                                                       "127.0.0.4")]
    assert server.open_from == {"127.0.0.2": 2, "127.0.0.3": 2, "127.0.0.4": 2}
    student = connect("127.0.0.9", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert answer(student).startswith(b"HTTP/1.1 200 OK")
    assert closed(script[0])
    assert [still_open(sock) for sock in script[1:]] == [True] * 5
    # then, of the addresses holding the most (2: 127.0.0.3 and .4), the connection waiting longest
    other = connect("127.0.0.10", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert answer(other).startswith(b"HTTP/1.1 200 OK")
    assert closed(script[2])
    assert [still_open(sock) for sock in (script[1], *script[3:])] == [True] * 4
    assert until(lambda: server.open_from == {"127.0.0.2": 1, "127.0.0.3": 1, "127.0.0.4": 2, "127.0.0.9": 1})


def test_a_request_being_answered_is_never_closed_for_a_new_connection(served):
    """Requests that have arrived whole and are being answered fill the bound: a new connection
    is closed unanswered, as before, and the requests are answered."""
    server = served["start"](per_address=10, total=3)
    held = [served["connect"](f"127.0.0.{2 + i}", b"GET /held HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") for i in range(3)]
    assert until(lambda: served["box"]["held"] == 3)
    assert server.open_from == {"127.0.0.2": 1, "127.0.0.3": 1, "127.0.0.4": 1}
    late = served["connect"]("127.0.0.9", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert answer(late) == b""  # closed, unanswered
    served["release"]()
    assert [answer(sock).startswith(b"HTTP/1.1 200 OK") for sock in held] == [True] * 3


def test_the_bound_of_one_address_closes_that_addresss_oldest_waiting_connection(served):
    """One address at its bound (a hub's proxy, or a school's router: every student behind it)
    held by a script: a new connection from it closes that address's connection waiting longest,
    not another address's, which waited longer (before: the new one was closed)."""
    server = served["start"](per_address=3, total=100)
    other = served["connect"]("127.0.0.3", STALLED)
    script = [served["connect"]("127.0.0.2", STALLED) for _ in range(3)]
    student = served["connect"]("127.0.0.2", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert answer(student).startswith(b"HTTP/1.1 200 OK")
    assert closed(script[0])
    assert [still_open(sock) for sock in (other, *script[1:])] == [True] * 3
    assert until(lambda: server.open_from == {"127.0.0.2": 3, "127.0.0.3": 1})


def test_a_kept_alive_connection_waits_from_its_last_answer(served):
    """A kept-alive connection that was answered waits on its client for its next request, from
    its answer on: it is closed for a new connection after the ones stalled before that answer,
    before the ones stalled after (a browser opens a closed idle connection again)."""
    server = served["start"](per_address=10, total=3)
    connect = served["connect"]
    first = connect("127.0.0.2", STALLED)
    kept = connect("127.0.0.3", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert answer(kept).startswith(b"HTTP/1.1 200 OK")
    until(lambda: len(getattr(server, "waiting", ())) == 2, 5)  # waiting again, for its next request
    later = connect("127.0.0.4", STALLED)
    new = [connect("127.0.0.9", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")]
    assert answer(new[0]).startswith(b"HTTP/1.1 200 OK")
    assert closed(first) and still_open(kept) and still_open(later)
    new.append(connect("127.0.0.9", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
    assert answer(new[1]).startswith(b"HTTP/1.1 200 OK")
    assert closed(kept) and still_open(later) and still_open(new[0])


def test_a_body_has_20_seconds_to_arrive():
    """Hostile tester: a body that never came held its connection 60 s. The bodies sent over the
    network are small: a save of at most 256 KiB needs about 13 KB/s in 20 s, the most a pool
    handler reads (1 MiB) 52 KB/s."""
    from catcards.classroom.records import MAX_SAVE_BYTES
    from catcards.classroom.server import MAX_BODY

    assert BODY_TIMEOUT == 20.0
    assert MAX_SAVE_BYTES / BODY_TIMEOUT < 14_000 and MAX_BODY / BODY_TIMEOUT < 53_000  # bytes a second
