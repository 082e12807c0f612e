"""Hostile tester break59s: what was found on the class server after the day's changes.

1. (fixed across addresses; within one address the oldest waiting is still closed) A new connection over a bound
   closes the connection that has waited longest for its request, and a connection uploading a
   body slowly (a large save from a slow phone, well within :data:`BODY_TIMEOUT`) is such a
   connection: a script holding stalled requests and opening new ones closes it, from other
   addresses once the total is full, or from the student's own address (a school's router, a
   hub's proxy) once that address's bound is. A kept-alive connection's next request is ranked
   by the end of its last answer, not by when the request began, so a request being sent on a
   connection the browser kept is closed before stalled ones that began before it (fixed: a
   request waits from the arrival of its headers).
   Measured on a real ``catcards class pairs`` (ulimit 4096: total 2048, 256 an address):
   a 250 kB ``/results`` body sent at 16 KB/s (16 s, answered without the script) was closed
   after 1.8 s by a script at 200 connections/s from the student's address, after 8.7 s by
   one at about 230 a second from 12 other addresses.
2. (fixed) A text frame that is not a kernel message (not JSON, no ``header``, a header that is
   not an object, bad buffers) or a binary frame that cannot be parsed, sent on a student's own
   table websocket, printed an "Uncaught exception" with its traceback (about 24 lines) in the
   teacher's terminal, whatever the log level: one seat's script, opening a new websocket for
   each, printed 11,640 lines in 10 s. Now such a socket is closed (1007) with nothing printed
   at the class server's log level.
"""
from __future__ import annotations

import json
import re
import socket
import time
import uuid

import pytest
import requests

from class_server import ClassProcess, free_port, widget_models
# the raw-socket server and helpers of the connection bounds' tests (a fixture imported is a fixture here)
from test_server59 import STALLED, answer, served  # noqa: F401


def send_rest(sock: socket.socket, data: bytes) -> bool:
    """Send ``data`` (the rest of a body); False when the server has closed the connection."""
    try:
        sock.sendall(data)
        return True
    except OSError:
        return False


BODY = b"x" * 1000
UPLOAD = b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n"


def test_a_slow_upload_is_not_closed_for_a_scripts_connections_from_other_addresses(served):
    """A student at 127.0.0.9 sends a body slowly (half now, the rest within BODY_TIMEOUT); a
    script from three other addresses fills the total with stalled requests and opens one more.
    Expected: the student's upload is answered (a stalled request is closed instead). Before the
    fix: the student's connection was closed (it had waited longest), the script's all kept; now
    a waiting connection of the address holding the most is closed (``busiest_waiting``)."""
    served["start"](per_address=3, total=6)
    connect = served["connect"]
    student = connect("127.0.0.9", UPLOAD + BODY[:500])
    for source in ("127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3", "127.0.0.4", "127.0.0.4"):
        connect(source, STALLED)
    sent = send_rest(student, BODY[500:])
    reply = answer(student)
    assert sent and reply.startswith(b"HTTP/1.1 200 OK") and b"got 1000 bytes" in reply, reply


def test_a_request_begun_on_a_kept_alive_connection_waits_from_its_start_not_its_last_answer(served):
    """Behind one address (a school's router): a student's kept-alive connection is answered,
    a script then stalls 2 requests from the same address, the student begins a POST on the kept
    connection (its headers whole, its body coming), and the script opens one more connection.
    Expected: a stalled request (begun before the student's) is closed. Before the fix: the
    student's, ranked from its last answer, before the script's requests (fixed: a request waits
    from the arrival of its headers, ``ClassHTTPServer.began``)."""
    served["start"](per_address=3, total=100)
    connect = served["connect"]
    kept = connect("127.0.0.2", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert answer(kept).startswith(b"HTTP/1.1 200 OK")
    time.sleep(0.1)
    connect("127.0.0.2", STALLED)
    connect("127.0.0.2", STALLED)
    kept.sendall(UPLOAD + BODY[:500])
    time.sleep(0.1)
    connect("127.0.0.2", STALLED)
    sent = send_rest(kept, BODY[500:])
    reply = answer(kept)
    assert sent and b"got 1000 bytes" in reply, reply


#: the ``--base-url`` of :func:`table`: ``+`` and ``.`` are allowed in a prefix (a JupyterHub user
#: ``a+b.c``) and are a regular expression's repeat and any-character
PREFIX = "/user/a+b.c/"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A real class server (Snap, one table preheated) and a student's table on it: yields
    ``{"process", "base", "code", "kernel", "xsrf"}``. Served under :data:`PREFIX`, a
    ``--base-url`` with the characters a regular expression reads (server62b, 2): every test
    here also shows the class works at the address it prints."""
    tmp = tmp_path_factory.mktemp("break59s")
    process = ClassProcess(tmp / "store", free_port(), tmp)
    try:
        info = process.start(extra=("--preheat=1", f"--base-url={PREFIX}"))
        session = requests.Session()
        token = session.post(info["join_url"] + "/join", json={}, timeout=30).json()["student"]
        page = session.get(info["base"] + f"?student={token}", timeout=60)
        kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.text).group(1)
        yield {"process": process, "base": info["base"], "code": info["code"], "kernel": kernel,
               "xsrf": session.cookies["_xsrf"]}
    finally:
        process.stop()


NOT_MESSAGES = ["{", "", "5", '"x"', "[1, 2]", json.dumps({"channel": "shell"}),
                json.dumps({"header": [], "channel": "shell", "content": {}}),
                json.dumps({"header": {"msg_id": "1", "msg_type": "comm_msg"}, "parent_header": {}, "metadata": {},
                            "content": {}, "channel": "shell", "buffers": [1, 2]}),
                b"\x00\x01\x02 not a message", (1).to_bytes(4, "big") + (8).to_bytes(4, "big") + b"{bad"]


@pytest.mark.parametrize("frame", NOT_MESSAGES, ids=range(len(NOT_MESSAGES)))
def test_a_frame_that_is_not_a_kernel_message_closes_its_socket_with_nothing_printed(table, frame):
    """2. Before the fix each of these printed "Uncaught exception" and a traceback in the
    teacher's terminal, and the socket was dropped without a close frame. Now it is closed 1007,
    nothing is printed, and the table still answers its page."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    log_before = table["process"].tail()
    url = table["base"].replace("http://", "ws://", 1) + f"api/kernels/{table['kernel']}/channels?session_id={uuid.uuid4()}"
    with connect(url, open_timeout=60, additional_headers={"Cookie": f"_xsrf={table['xsrf']}"}) as ws:
        ws.send(frame)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007, closed.value
    time.sleep(0.3)
    log = table["process"].tail()
    new = log[len(log_before):] if log.startswith(log_before[:100]) else log
    assert "Traceback" not in new and "Uncaught exception" not in new, new[-2000:]
    assert len(widget_models(table["base"], table["kernel"], 30, table["xsrf"])) > 10


def test_the_frames_jupyter_makes_fit_and_a_count_beyond_the_frame_does_not():
    """3. Unit: the v1 and legacy binary frames jupyter_server itself makes (a widget message with
    a buffer) fit; a count the frame does not hold, or over MAX_FRAME_PARTS, does not."""
    from jupyter_server.services.kernels.connection.base import (serialize_binary_message,
                                                                  serialize_msg_to_ws_v1)

    from catcards.voila_options import KERNEL_WS_V1, MAX_FRAME_PARTS, binary_frame_fits

    parts = [b'{"msg_type": "comm_msg"}', b"{}", b"{}", b'{"comm_id": "c", "data": {}}', b"\x00\x01buffer"]
    assert binary_frame_fits(serialize_msg_to_ws_v1(parts, "shell"), KERNEL_WS_V1)
    legacy = {"header": {"msg_type": "comm_msg"}, "parent_header": {}, "metadata": {}, "content": {},
              "buffers": [b"\x00\x01buffer"]}
    assert binary_frame_fits(serialize_binary_message(legacy), None)
    assert not binary_frame_fits((20_000_000).to_bytes(8, "little"), KERNEL_WS_V1)
    assert not binary_frame_fits((2 ** 63).to_bytes(8, "little") + b"\0" * 64, KERNEL_WS_V1)
    assert not binary_frame_fits((20_000_000).to_bytes(4, "big") + b"\0" * 4, None)
    assert not binary_frame_fits((-1).to_bytes(4, "big", signed=True) + b"\0" * 4, None)
    big = MAX_FRAME_PARTS + 1
    assert not binary_frame_fits(big.to_bytes(8, "little") + b"\0" * 8 * big, KERNEL_WS_V1)
    assert not binary_frame_fits(b"", KERNEL_WS_V1) and not binary_frame_fits(b"\x01", None)


@pytest.mark.parametrize("v1, count", [(True, 3_000_000), (False, 3_000_000)], ids=["v1", "legacy"])
def test_a_binary_frame_counting_millions_of_parts_is_refused_unread(table, v1, count):
    """3. A student's script sent its own table websocket an 8-byte binary frame saying it had
    millions of parts: jupyter_server built that many offsets on the server's one event loop
    (20,000,000: every student's request waited 1.9 s; v1, 5,000,000: 3.1 s; the v1 count goes
    to 2**64, longer than a lesson). Before the fix the v1 frame was then dropped quietly (the
    socket stayed open) and the legacy one printed a traceback; now both close the socket (1007)
    before any offset is read, and the table still answers."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    url = table["base"].replace("http://", "ws://", 1) + f"api/kernels/{table['kernel']}/channels?session_id={uuid.uuid4()}"
    kw = {"subprotocols": ["v1.kernel.websocket.jupyter.org"]} if v1 else {}
    frame = count.to_bytes(8, "little") if v1 else count.to_bytes(4, "big") + b"\0" * 4
    log_before = table["process"].tail()
    with connect(url, open_timeout=60, additional_headers={"Cookie": f"_xsrf={table['xsrf']}"}, **kw) as ws:
        ws.send(frame)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007, closed.value
    log = table["process"].tail()
    new = log[len(log_before):] if log.startswith(log_before[:100]) else log
    assert "Traceback" not in new, new[-2000:]
    assert len(widget_models(table["base"], table["kernel"], 30, table["xsrf"])) > 10


@pytest.mark.parametrize("query", ["template=../../x", "template=/tmp", "theme=../../x"])
def test_a_table_address_asking_for_another_template_or_theme_gets_the_class_table(table, query):
    """4. ``?template=`` and ``?theme=`` on a table's address chose Voila's template (any installed:
    lab, classic, reveal) and theme; a name that is not one answered 500 and printed about 70
    lines of traceback in the teacher's terminal (before the fix: 500 for the two ``../../x``;
    ``/tmp`` was not a template then either, and rendered). Now the class's own
    template and theme are used whatever the address asks."""
    session = requests.Session()
    join = table["base"] + "class/" + table["code"] + "/join"
    token = session.post(join, json={}, timeout=30).json()["student"]
    log_before = table["process"].tail()
    page = session.get(table["base"] + f"?student={token}&{query}", headers={"Accept": "text/html"}, timeout=90)
    assert page.status_code == 200 and re.search(r'"kernelId": "[0-9a-f-]{36}"', page.text), page.status_code
    log = table["process"].tail()
    new = log[len(log_before):] if log.startswith(log_before[:100]) else log
    assert "Traceback" not in new, new[-2000:]


IN_FLIGHT = [(b"\xff" * 30, b"\xff" * 30), ("not a kernel message", b"\xff" * 30), ("{", "{", b"\x00"),
             # break62t: JSON nested 2,000 deep made jupyter_server's json.loads raise RecursionError,
             # not caught: "Uncaught exception" and 27 lines of traceback a socket (10 in 5 s: 270)
             ("[" * 2000,), ('{"a":' * 2000,)]


@pytest.mark.parametrize("frames", IN_FLIGHT, ids=["two-binary", "text-then-binary", "three", "nested-list",
                                                   "nested-object"])
def test_frames_already_sent_after_a_frame_that_closes_the_socket_print_nothing(table, frames):
    """Hostile tester server62b, 1: a student's script sent its own table websocket two bad frames
    at once (two malformed binary frames, or a text frame that is not JSON and then any binary
    frame). The first closed the socket (1007); tornado still delivered the second, already on
    its way, and reading the socket's subprotocol after the close raised an AssertionError:
    "Uncaught exception" and 16 lines of traceback in the teacher's terminal for each socket
    (40 sockets: 640 lines in 0.85 s). Now frames after the close are dropped, nothing is
    printed, and the table still answers."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    log_before = table["process"].tail()
    url = table["base"].replace("http://", "ws://", 1) + f"api/kernels/{table['kernel']}/channels?session_id=x"
    with connect(url, open_timeout=60, additional_headers={"Cookie": f"_xsrf={table['xsrf']}"}) as ws:
        for frame in frames:
            ws.send(frame)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007, closed.value
    # the table answering comes after the frames were read: whatever they printed is in the log
    assert len(widget_models(table["base"], table["kernel"], 30, table["xsrf"])) > 10
    log = table["process"].tail()
    new = log[len(log_before):] if log.startswith(log_before[:100]) else log
    assert "Traceback" not in new and "Uncaught exception" not in new, new[-2000:]


@pytest.mark.parametrize("other", ["/user/aab.c/", "/user/aaab.c/", "/user/a+bxc/", "/user/ab.c/"])
def test_a_base_url_is_matched_as_written_not_as_a_pattern(table, other):
    """Hostile tester server62b, 2: ``--base-url`` was put into the server's routes as a regular
    expression: under ``/user/a+b/`` the printed links answered 404 (``a+`` does not match the
    ``+`` itself), while ``/user/aab/class/CODE`` served the join page and
    ``/user/aaab/class/CODE/join`` joined (201). Now the prefix is matched as written: the
    fixture's server, under :data:`PREFIX`, answers at its printed address (its join page, the
    table page and websockets the other tests use), and an address the pattern matched, ``other``,
    is the server's 404, for the pool's routes and Voila's alike."""
    base = table["base"]
    assert base.endswith(PREFIX)
    assert requests.get(base + f"class/{table['code']}", timeout=30).status_code == 200
    host = base[: -len(PREFIX)]
    assert requests.get(host + other + f"class/{table['code']}", timeout=30).status_code == 404
    assert requests.post(host + other + f"class/{table['code']}/join", json={}, timeout=30).status_code == 404
    assert requests.get(host + other + "voila/static/index.js", timeout=30).status_code == 404
    assert requests.get(host + other, timeout=30).status_code == 404
