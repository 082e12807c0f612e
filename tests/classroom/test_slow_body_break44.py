"""Break-it tester (break44): a connection that sends its headers and then its body slowly, or
never, is closed once :data:`BODY_TIMEOUT` has passed; before, it was kept for ever with what
it had sent (150 such connections, each 1 byte short of 1 MiB, held 170 MB of the server)."""
from __future__ import annotations

import socket

import pytest

from catcards.classroom.server import BODY_TIMEOUT, HEADER_TIMEOUT, MAX_SERVER_BODY, ClassServer, http_server_options
from class_server import handlers_served


def test_the_class_servers_http_options_bound_the_body_in_time():
    assert http_server_options() == {"max_body_size": MAX_SERVER_BODY, "idle_connection_timeout": HEADER_TIMEOUT,
                                     "body_timeout": BODY_TIMEOUT}
    assert 0 < BODY_TIMEOUT <= 120


@pytest.fixture
def quick_server(tmp_path):
    """The pool's handlers on a free port in a thread, with the class server's HTTP options but a
    body timeout of 1 s."""
    from catcards.classroom.activities import activity
    from catcards.classroom.pool import Pool
    from catcards.classroom.store import open_store

    store = open_store(tmp_path / "store")
    pool = Pool(store)
    server = ClassServer()
    server.pool, server.info = pool, pool.start("snap")
    server.activity = activity("snap/snaps-per-pass")
    with handlers_served(server, **http_server_options(body_timeout=1)) as port:
        yield port, server.info.code
    store.close()


@pytest.mark.parametrize("framing, body", [
    ("Content-Length: 1048576", b"{" + b" " * 65535),         # 64 KiB of a 1 MiB body, then nothing
    ("Transfer-Encoding: chunked", b"10000\r\n" + b" " * 65536 + b"\r\n"),  # one chunk, no last one
], ids=["content-length", "chunked"])
def test_a_body_that_stops_coming_is_cut_off(quick_server, framing, body):
    port, code = quick_server
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(f"POST /class/{code}/me HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{framing}\r\n\r\n"
                  .encode() + body)
        assert s.recv(65536) == b""  # closed by the server (a socket timeout of 30 s fails the test)
    # and the server serves on
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(f"POST /class/{code}/me HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  "Content-Length: 2\r\nConnection: close\r\n\r\n{}".encode())
        assert s.recv(65536).startswith(b"HTTP/1.1 400")
