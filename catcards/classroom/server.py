"""The class server: one process serving a class's pool, the students' tables and the teacher's
dashboard (``catcards class GAME``).

It is Voila's own server (:class:`voila.app.Voila`, serving only the class app notebook
``catcards/classroom/class_app.ipynb``, a kernel per student page, kernels preheated) with the
pool's tornado handlers placed in front of Voila's, under ``{base_url}class/<CODE>/``:

==========================================  =====================================================
``GET  class``                              a box to type the class code
``GET  ?student=TOKEN``                     the student's table (Voila, in the student page's frame;
                                            a kernel each, so only for a student of the class, at
                                            most :data:`TABLE_RATE_PER_STUDENT`, and
                                            :data:`TABLE_RATE_PER_ADDRESS` from one client
                                            address, while fewer
                                            kernels than :attr:`ClassServer.max_tables` run or
                                            start, and while fewer than :data:`TABLE_STARTS`
                                            tables are being opened across the class: else 429,
                                            and a browser's frame opens it again by itself)
``GET  class/CODE``                         the student page (join, instructions, the table, tally)
``POST class/CODE/join``                    ``{"nickname": ...}`` -> 201 ``{"student": token,
                                            "seed", "nickname", "activity": key}``;
                                            a refused nickname (taken in the class: 409; not
                                            one, or the teacher's: 400) adds ``"field":
                                            "nickname"`` to the error
``POST class/CODE/me``                      ``{"student": token}`` -> the student's own results,
                                            ``table``, their live table's kernel id (or null),
                                            ``open`` (results are counted now: false while
                                            the teacher has closed submissions), ``ended``
                                            (the class was ended), ``closed_refused`` (their
                                            next game was refused while closed) and
                                            ``playing`` (their table has a move of their next
                                            game: :meth:`ClassServer.in_play`)
``POST class/CODE/game``                    ``{"student": token}`` -> ``{"k": k, "seed": seed}``
                                            (the join and ``/me`` answers carry ``"seed"`` too;
                                            ``null`` when the activity's deal is hidden, see
                                            below); to the server's own tables also ``"save"``:
                                            the game ``k`` in progress (or null) to resume
``POST class/CODE/progress``                ``{"student": token, "k": k, "save": text}`` -> 200
                                            (the server's own tables only, else 403: the game
                                            in play after each move, kept in the server's
                                            memory; :meth:`ClassServer.keep_progress`)
``POST class/CODE/results``                 ``{"student": token, "save": text}`` -> 201 when counted
                                            (429 past the games per address, :meth:`Pool.submit`;
                                            the server's own tables, which send the server's
                                            secret, are not bound by it)
``POST class/CODE/tally``                   ``{"student": token, "value": n}`` -> 201 (not verified;
                                            429 past the counts per address, :meth:`Pool.tally`)
``GET  class/CODE/qr.svg``                  the join link as a QR code (segno)
``GET  class/CODE/dashboard``               the teacher's page (the token travels in the fragment)
``GET  class/CODE/version``                 ``{"version": n}`` (teacher)
``GET  class/CODE/summary``                 :meth:`Pool.summary` (teacher; names only with ``?names=1``)
``GET  class/CODE/results.csv``             one row per counted result (teacher; the dashboard
                                            sends the token in ``Authorization``)
``POST class/CODE/open``, ``.../end``       open/close submissions, end the class (teacher; the
                                            students' table kernels are shut down)
``POST class/CODE/remove``                  ``{"student": N, "removed": bool}``: take student N's
                                            results out of the pool, or put them back (teacher)
==========================================  =====================================================

Every answer says ``Referrer-Policy: no-referrer`` (:class:`NoReferrer`: a table's address holds
its student's token), but tornado's own bodiless 400 to a request it cannot parse. The server reads no ``voila.py`` or ``voila.json`` (:class:`ClassServer`):
its settings are its command's options, whatever folder it is started from; it reads no settings of the teacher's
``~/.jupyter`` or ``~/.ipython``, nor do its table kernels (:func:`private_settings`), which
run the server's own Python whatever kernelspecs are installed (:class:`OwnPythonKernels`). A request
line and headers over tornado's limit (64 KiB) get no answer: tornado's stream closes the
connection itself when its read passes the limit, before any code of the server (or a hook of
tornado's) could answer 431 or 414. A request's headers must arrive within
:data:`HEADER_TIMEOUT`, one client address holds at most :data:`CONNECTIONS_PER_STUDENT`
connections a student of the class, at least :data:`CONNECTIONS_PER_ADDRESS`
(:class:`ClassHTTPServer`: a whole class behind one school router fits), all addresses together half
the server's open files (:func:`connection_limits`); a new connection over a bound closes the
one that has waited longest for its request, and the server raises its limit of open files
(:func:`raise_open_files`): unfinished requests held by a script (slow-loris), from one address or
many, cannot make every other request wait. Every 429 says ``Retry-After`` (whole seconds).

The teacher's token is read from ``Authorization: Bearer TOKEN`` only; missing: 401, wrong: 403,
a token in the address (``?token=``, kept in histories and logs): 400. Every refusal is a 4xx
JSON ``{"error": message}``; the pool's :class:`PoolError` keeps its status (400, 403, 404, 409,
413, 422, 429). Bodies are bounded: a handler reads at most :data:`MAX_BODY` bytes (a longer
``Content-Length`` is answered 413 before the body is read; a chunked body, of no announced
length, is answered 413 once it passes the limit, and the connection then closes), and the HTTP
server refuses anything above :data:`MAX_SERVER_BODY` sent to Voila's own handlers.

Students cannot run code on the server: Voila's kernel manager forwards only widget (comm) and
kernel-info messages from a page to its kernel (no ``execute_request``; the class app's kernel
refuses widgets opened by a page and keeps one widget control comm), serves only the class
app notebook (any other path renders the same notebook), and has no handler that starts a
kernel or lists files. A table's kernel is reached (its websocket, ``api/kernels/<id>``) and
stopped (``voila/api/shutdown/<id>``) only from the browser that opened its table, by its
``_xsrf`` cookie, or stopped by the teacher; a student holds one live table kernel
(:meth:`ClassServer.table_opened`); a page may send its kernel :data:`TABLE_MESSAGES`, beyond
which its websocket is closed (1008), and hold :data:`TABLE_SOCKETS` websockets open to it at
once (more: 429 JSON); another method than GET there is 405 JSON (``Allow: GET``). Voila's file
addresses answer a bad path with 404 JSON. Any other method than GET to an address outside
``class/`` that Voila's table route takes answers 404 JSON, as a GET there does (``//`` too), or
405 JSON at the server's own address (``Allow: GET``), not Voila's HTML error pages. An address
outside ``base_url`` is 404 JSON too (:class:`NotFound`). The pool's GET addresses answer HEAD
as GET, without the body (:meth:`PoolHandler.head`).
Voila's ``voila/query/<kernel id>`` websocket, where a preheated kernel waits for its page's
request, takes only the class's own kernels (:func:`_kernels_only`). ``logout``, ``api/kernels``
and a kernel's ``restart`` or ``interrupt`` answer a 4xx JSON error. A request whose ``Host`` is
not one the server serves (:class:`HostCheck`, against DNS rebinding) answers 403 JSON, whatever
its address (:class:`HostCheckedApplication`).

The server's own table kernels send every student's games, so a game is bound per address only
when it does not carry the server's secret (:attr:`ClassServer.table_secret`, made at each start
with :func:`secrets.token_urlsafe`, given to the kernels alone in their environment,
:data:`~catcards.classroom.page.TABLE_SECRET_ENV`, and sent by them in the header
:data:`~catcards.classroom.page.TABLE_SECRET_HEADER`; compared with :func:`hmac.compare_digest`).
Not by the address: behind a JupyterHub's proxy, or on a computer shared with students, every
request comes from 127.0.0.1, and a script there sent games without bound (hostile tester). A
game with a wrong secret is bound as any other; no answer to a page holds the secret.
``tests/classroom/test_server.py`` checks these.

A class whose activity hides its deal (:attr:`Activity.deal_hidden
<catcards.classroom.activities.Activity.deal_hidden>`: Pairs, whose layout a student could clear
in the fewest turns if they knew it) gives a seed only to a request with the server's secret (its
own table kernels): the join, ``/me`` and ``/game`` answers to any other request say ``"seed":
null`` (the key stays, so a client tells "not given" from an old server), and a ``/results``
answer's ``counted`` gives no seed either (:meth:`PoolHandler.shows_deal`). The table kernel
closes the table's own controls (seed box, New game, Undo, the odds panel, the history bar), so
no widget on the page holds the seed or answers an Undo (``class_app.ipynb``).
"""
from __future__ import annotations

import asyncio
import hmac
import html
import ipaddress
import json
import logging
import math
import os
import re
import secrets
import shutil
import signal
import socket
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import tornado.httpserver
import tornado.httputil
import tornado.ioloop
import tornado.web
from jupyter_client.kernelspec import KernelSpecManager
from traitlets import default
from voila.app import Voila

from catcards.core import CatcardsError, short_text
from catcards.classroom.page import TABLE_SECRET_ENV, TABLE_SECRET_HEADER
from catcards.classroom.records import MAX_SAVE_BYTES, MAX_STUDENTS
from catcards.voila_options import stop_on_ctrl_c

__all__ = ["ClassServer", "ClassServerError", "check_address", "CLASS_APP", "MAX_BODY", "MAX_SERVER_BODY", "class_urls", "qr_svg", "terminal_qr"]

HERE = Path(__file__).resolve().parent
#: the notebook Voila runs for each student's table
CLASS_APP = HERE / "class_app.ipynb"
TEMPLATES = HERE / "templates"
#: most bytes a pool handler reads from a request body (a save is at most 256 KiB; JSON escaping
#: of its quotes can make it larger in a request)
MAX_BODY = 1024 * 1024
#: most bytes the HTTP server reads from any request body
MAX_SERVER_BODY = 2 * 1024 * 1024
#: the connection's limit for a pool handler's chunked body, which the handler bounds itself
#: (:meth:`PoolHandler.data_received`: MAX_BODY)
_UNBOUNDED = 2 ** 62
#: seconds a request's whole body may take to arrive, from the end of its headers, then its
#: connection is closed. Without it a connection that sent its headers and then its body slowly,
#: or never, was kept for ever with what it had sent: 150 such connections from one script, each
#: 1 byte short of 1 MiB, held 170 MB of the teacher's computer (break44). A script holds as many
#: bytes as it can send in this time, and each unfinished body its connection this long: 60 s
#: was longer than students need (server59a). The largest body sent over the network is a
#: ``/results`` save from a student's own notebook (at most 256 KiB,
#: :data:`~catcards.classroom.records.MAX_SAVE_BYTES`; a finished game is about 3 kB): in 20 s it
#: needs 13 KB/s (105 kbit/s, a 2G phone's EDGE), and :data:`MAX_BODY`, 1 MiB, 52 KB/s
#: (420 kbit/s). A student page's own bodies (join, ``/me``, game, tally) are under 1 KB, and
#: school Wi-Fi of 20 Mbit/s shared by 30 phones sending at once gives each about 80 KB/s
BODY_TIMEOUT = 20.0
#: seconds a request's headers may take to arrive, from the connection's opening or the end of
#: its last answer (so it is also how long a kept-alive connection waits for its next request:
#: tornado 6's ``idle_connection_timeout`` bounds both, it has no separate header timeout). 120 s
#: let a script hold a few hundred requests whose headers never ended (slow-loris, break57s);
#: a browser sends its headers at once, and opens a new connection when an idle one was closed
#: (Apache's keep-alive timeout is 5 s)
HEADER_TIMEOUT = 10.0
#: connections one client address may hold open at once, per student the class may have
#: (``--max-students``), and at least :data:`CONNECTIONS_PER_ADDRESS` (tornado's HTTP
#: connections; a table's websocket, once open, is not counted here: it is bounded by
#: :data:`TABLE_SOCKETS`). One more closes that address's connection waiting longest for its
#: request, or is closed at once, unanswered, when none waits (:class:`ClassHTTPServer`). A
#: browser opens up to 6 connections to one server and keeps them :data:`HEADER_TIMEOUT` after
#: its page loaded, and a table's kernel sends its games from this computer: a whole class behind
#: one school network's address (NAT) or a hub's proxy holds fewer than 8 a student (break58s:
#: a fixed 256 was reached by about 43 students loading their tables within 10 s, and their
#: tables stayed at "Loading widget..."), while one script holds only so many unfinished requests
CONNECTIONS_PER_STUDENT = 8
#: the least of :func:`connection_limits`' connections per client address
CONNECTIONS_PER_ADDRESS = 256
#: the soft limit of open files the server raises itself to, at most its hard limit
#: (:func:`raise_open_files`): a shell's 1,024 (Linux) or 256 (macOS) was used up by a few hundred
#: unfinished requests, and then every new connection waited (break57s). 10,240 is macOS's
#: most for one process (``OPEN_MAX``), and many times what a class of 200 tables needs
OPEN_FILES = 10240


def connection_limits(max_students: int, open_files: int | None) -> dict[str, int | None]:
    """:class:`ClassHTTPServer`'s bounds for a class of at most ``max_students``, in a process that
    may open ``open_files`` files (:func:`raise_open_files`; None: no such limit known, Windows):
    ``per_address``, connections from one client address (:data:`CONNECTIONS_PER_STUDENT` a
    student, at least :data:`CONNECTIONS_PER_ADDRESS`), and ``total``, connections from all
    addresses together (half the open files: the rest stay for kernels, the store and the pages'
    files; break58s: unfinished requests from many addresses used up the open files, and the
    server answered 500 and printed thousands of tracebacks). Above :data:`CONNECTIONS_PER_ADDRESS`
    one address holds at most a quarter of ``total`` (break58t: with a large class one address
    filled it alone)."""
    per_address = max(CONNECTIONS_PER_ADDRESS, CONNECTIONS_PER_STUDENT * max_students)
    if open_files is None:
        return {"per_address": per_address, "total": None}
    total = open_files // 2
    return {"per_address": min(per_address, max(CONNECTIONS_PER_ADDRESS, total // 4)), "total": total}


def http_server_options(body_timeout: float = BODY_TIMEOUT) -> dict[str, Any]:
    """The options of the class server's HTTP server (tornado's ``HTTPServer``): the largest
    body (:data:`MAX_SERVER_BODY`), the header (and idle) and body timeouts (seconds)."""
    return {"max_body_size": MAX_SERVER_BODY, "idle_connection_timeout": HEADER_TIMEOUT, "body_timeout": body_timeout}


def raise_open_files(most: int = OPEN_FILES) -> int | None:
    """Raise this process's soft limit of open files (``RLIMIT_NOFILE``) to its hard limit, at most
    ``most``; never lowers it. Returns the soft limit now, or None where Python has no
    :mod:`resource` module (Windows, whose limit is not this one) or the limit is infinite. A
    limit the system refuses (an OS's own maximum below ``most``) is left as it was."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = most if hard == resource.RLIM_INFINITY else min(hard, most)
    if soft == resource.RLIM_INFINITY:  # -1 on Linux: no bound to halve (break58t)
        return None
    if soft >= wanted:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (OSError, ValueError):
        return soft
    return wanted
#: environment variable through which a student's kernel learns the server's loopback address
SERVER_ENV = "CATCARDS_CLASS_SERVER"
#: longest code accepted in an address (a class code is 6 characters)
MAX_CODE = 12
#: table pages one student may open (each starts a kernel on this computer): ``(burst at once,
#: then per second)``; a reload's kernel is shut down by the page's goodbye (:class:`KernelGoodbye`)
TABLE_RATE_PER_STUDENT = (6.0, 1 / 20)
#: messages a table's page may send its kernel (clicks, typed values, the widget manager's own):
#: ``(burst at once, then per second)``, per kernel. A key held down sends about 33 a second;
#: a script on the table's websocket sent 300 a second and kept a core busy. Beyond it the
#: websocket is closed (1008); a page's widget manager connects again by itself (tried in
#: Chromium: 700 clicks made by the page's own script, then "Play another game" dealt game 2)
TABLE_MESSAGES = (500.0, 50.0)
#: websockets a table's page may hold open to its kernel at once (its own, and one reconnecting,
#: with room): each holds about 9 of the server's file descriptors (its channels to the kernel),
#: and a student's script that opened 135 used up a 1,024 limit (break54b: joins hung, tables
#: failed, the accept loop printed "Too many open files" 570,000 times). More are refused, 429.
TABLE_SOCKETS = 4
#: table pages that may be opened at once across the whole class (each from the moment its
#: refusal check passes until its kernel is ready and named in the page, :class:`TablePlace`: a
#: page given a preheated kernel takes a few hundredths of a second, one whose kernel is started
#: for it a second or more, a CPU-second of the computer's). Each seat may open :data:`TABLE_RATE_PER_STUDENT` pages at once,
#: so a script holding 50 seats started about 300 kernels together (hostile tester, server57);
#: beyond this a page is refused 429 (:data:`TABLES_BUSY`), and a student's browser opens it again
#: by itself a few seconds later. A class of 30 joining within a minute opens about one page at a
#: time, and a preheated class's pages hold a place only for an instant
TABLE_STARTS = 8
#: table pages that may be opened from one client address: ``(burst at once, then per second)``.
#: A student's own limit (:data:`TABLE_RATE_PER_STUDENT`) was got around by joining again: a new
#: seat opens 6 more (break57s). A class of 35 behind one school network's address opens each
#: table once or twice as it joins: 70, within the burst; behind a JupyterHub's proxy every page
#: comes from one address, and a class of 100 opens its tables at once, of 200 within 100 s more
#: (a page refused by it opens again by itself, as for :data:`TABLE_STARTS`). A script there now
#: starts at most one kernel a second after the burst, not six each time it joins again
TABLE_RATE_PER_ADDRESS = (100.0, 1.0)
#: the refusal of a table page beyond :data:`TABLE_RATE_PER_ADDRESS` (429, with the seconds)
TABLES_FROM_NETWORK = "Many tables were opened from your network in a short while: wait {seconds} s and reload."
#: seconds a page refused by :data:`TABLE_STARTS` is told to wait (its browser's page waits
#: between this and twice this, so that the class's pages do not come back all at once)
TABLES_BUSY_WAIT = 5
#: the ``Retry-After`` (seconds) of a 429 that knows no wait of its own (:class:`NoReferrer`: a
#: table's websocket refused over :data:`TABLE_SOCKETS`); every other 429 says its own wait
RETRY_AFTER = 5
#: seconds a table page may hold its place among :data:`TABLE_STARTS` at most: a page whose
#: kernel died as it started (another program took its network port, seen on a busy computer)
#: is never finished by Voila, and would hold its place for ever
TABLE_START_TIMEOUT = 120.0
#: the refusal of a table page beyond :data:`TABLE_STARTS` (429; JSON for a script)
TABLES_BUSY = f"Many tables are being opened at this moment: wait {TABLES_BUSY_WAIT} s and reload."
#: what a student's browser shows instead, in their table's frame, before it opens the page again
TABLES_BUSY_PAGE = "Many tables are being opened at this moment: yours opens by itself in a few seconds."
#: seconds a kernel is given to end by itself when the server stops (jupyter_client's
#: ``shutdown_wait_time`` for :meth:`ClassServer.close_kernels`: interrupted and asked to shut
#: down, terminated (SIGTERM) at half of it, killed (SIGKILL) at its end). jupyter_client's own
#: 5 s kept a teacher waiting after Ctrl+C: a preheated kernel waits for its page inside a cell,
#: and on a 2-core computer 10 of them had not ended when they were terminated at 2.5 s. A
#: table's kernel holds nothing to keep (a result is counted when its save reaches the pool)
STOP_GRACE = 1.0
#: seconds the stop waits, beyond :data:`STOP_GRACE`, for the kernels' shutdowns to finish (a
#: kernel killed is waited for by jupyter_client, up to 5 s); then what is left is killed
#: (:func:`kill_kernels`)
STOP_WAIT = 2.0


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as an SVG document (text), with a title for screen readers
    (segno, error correction M)."""
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=8, border=2, title="QR code of the join link",
                                    xmldecl=False, svgns=True, nl=False)
    return buffer.getvalue().decode()


def terminal_qr(url: str) -> str:
    """The QR code of ``url`` drawn with text characters for a terminal (segno)."""
    import io

    import segno

    buffer = io.StringIO()
    segno.make(url, error="m").terminal(out=buffer, compact=True)
    return buffer.getvalue()


def class_urls(public_url: str, code: str, teacher_token: str | None) -> dict[str, str | None]:
    """The class's links: ``join_url`` (``{public_url}class/CODE``) and ``dashboard_url`` (the
    teacher's token in the fragment, which a browser never sends to a server; None without a
    token). ``public_url`` ends with ``/``."""
    join = f"{public_url}class/{code}"
    return {"join_url": join, "dashboard_url": None if teacher_token is None else f"{join}/dashboard#token={teacher_token}"}


class ClassServerError(CatcardsError):
    """The class server cannot start (a port in use, an address of no network of this computer):
    ``catcards class`` prints it as one line."""


def address_problem(ip: str, port: int, exc: OSError) -> str:
    """What is wrong with serving on ``ip``:``port``, from the error of binding it."""
    import errno

    if exc.errno == errno.EADDRINUSE:
        return (f"the port {port} is in use (another class or program serves on it); stop that one, or "
                f"choose another port with --port")
    if exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT) or isinstance(exc, socket.gaierror):
        return (f"--ip {ip} is not an address of this computer; use 127.0.0.1 (this computer only), "
                "0.0.0.0 (every network) or one of this computer's addresses")
    if exc.errno == errno.EACCES:
        return f"the port {port} needs administrator rights; choose a port from 1024 up with --port"
    return f"cannot serve on {ip}:{port}: {exc.strerror or exc}"


#: a ``--base-url`` segment: letters, digits and ``. _ ~ @ % + -`` (a JupyterHub prefix such as
#: ``/services/catcards-class/`` or ``/user/ana.b@school/``); no brackets or other characters a
#: URL would have to encode. The server's routes are patterns made from the prefix, which
#: :meth:`ClassServer.start` escapes (``.`` and ``+``: under ``/user/a+b/``, ``/user/aab/`` was
#: served and the printed links were 404 before, server62b)
_BASE_SEGMENT = re.compile(r"[A-Za-z0-9._~@%+-]{1,100}")


def check_base_url(base_url: str) -> str:
    """``base_url`` as the server's path prefix, ``/`` or ``/a/b/``.

    Raises: ClassServerError a prefix of characters other than letters, digits, ``/`` and
    ``. _ ~ @ % + -``, a segment ``.`` or ``..`` (also written ``%2e``: a browser reads it as a
    dot, so the printed links would lead elsewhere), or over 500 characters."""
    parts = [part for part in base_url.split("/") if part]
    if len(base_url) > 500 or any(part.lower().replace("%2e", ".") in (".", "..") or not _BASE_SEGMENT.fullmatch(part)
                                  for part in parts):
        raise ClassServerError(f"--base-url {short_text(base_url, 60)!r} is not a path prefix: give one like "
                               "/services/catcards-class/ (letters, digits, / and . _ ~ @ % + -, no . or .. "
                               "parts)")
    return "/" + "/".join(parts) + "/" if parts else "/"


def check_address(ip: str, port: int) -> None:
    """Refuse, before anything is started, an address the server could not listen on: bind a
    socket to ``ip``:``port`` as tornado does (``SO_REUSEADDR``) and close it.

    Raises: ClassServerError (:func:`address_problem`)."""
    every = listen_address(ip) is None
    try:
        infos = socket.getaddrinfo(listen_address(ip), port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0, socket.AI_PASSIVE)
        for family, kind, proto, _name, address in infos if every else infos[:1]:
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                probe.bind(address)
    except OSError as exc:
        raise ClassServerError(address_problem(ip, port, exc)) from None


class JsonError(tornado.web.HTTPError):
    """A refusal answered as ``{"error": message}`` with ``status``; with ``field`` (the request's
    field the refusal is about, e.g. ``"nickname"``) also ``"field": field``, so that a page shows
    the words beside that field's box; with ``retry_after`` (whole seconds, a 429's) the header
    ``Retry-After``."""

    def __init__(self, status: int, message: str, field: str | None = None, retry_after: int | None = None):
        super().__init__(status)
        self.message = message
        self.field = field
        self.retry_after = retry_after


@tornado.web.stream_request_body
class PoolHandler(tornado.web.RequestHandler):
    """Base of the pool's handlers: a bounded JSON body, JSON errors, the class from the address,
    the teacher's token checked."""

    def initialize(self, server: "ClassServer") -> None:
        self.server = server
        self.pool = server.pool
        self._body = bytearray()

    def prepare(self) -> None:
        length = self.request.headers.get("Content-Length")
        if length is not None:
            if not (length.isascii() and length.isdigit()):  # "²" (byte 0xB2) is a digit to isdigit, not to int (break44)
                self._close_after = True  # its body is not read: not to be read as the next request
                raise JsonError(400, "the Content-Length header must be a whole number")
            if int(length) > MAX_BODY:
                self._close_after = True
                raise JsonError(413, f"the request body is {int(length)} bytes; at most {MAX_BODY} are read")
        # a body of known length is bounded by tornado; a chunked one (no Content-Length; a GET's
        # too) is measured by data_received, which answers 413 once it passes MAX_BODY: tornado's
        # own limit would answer a bare 400 and reset the connection (break-it, pool44), and it
        # counts a chunk's announced length, before data_received sees any of it
        self.request.connection.set_max_body_size(MAX_BODY if length is not None else _UNBOUNDED)

    def data_received(self, chunk: bytes) -> None:
        """Keep ``chunk`` of the body; past :data:`MAX_BODY` (only a chunked body gets there),
        answer 413 now: nothing more is read, and the connection closes after the answer."""
        if self._finished:
            return
        if len(self._body) + len(chunk) > MAX_BODY:
            self._body.clear()
            self._close_after = True
            error = JsonError(413, f"the request body is over {MAX_BODY} bytes ({MAX_BODY // 2 ** 20} MiB); at most "
                                   f"{MAX_BODY} are read (a game's save is at most {MAX_SAVE_BYTES // 1024} KiB)")
            self.send_error(413, exc_info=(JsonError, error, None))
            return
        self._body.extend(chunk)

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def head(self, *args: Any) -> Any:
        """``HEAD``: answered as ``GET`` (the same checks, status and headers, ``Content-Length``
        the GET's body's), without the body, which tornado does not send to a HEAD. A handler
        without GET refuses it as any other method it does not take (tornado's ``get``: 405).
        It was 405 at every page of the pool (server62). Nothing in the pool's GETs changes
        anything; the table page, whose GET starts a kernel, is Voila's and refuses HEAD."""
        return self.get(*args)

    def wants_page(self) -> bool:
        """A browser asking for a page (``GET``, or ``HEAD``, with ``Accept: text/html``), not a
        script or the pages' own ``fetch`` calls (they ask for JSON)."""
        return self.request.method in ("GET", "HEAD") and "text/html" in self.request.headers.get("Accept", "")

    def unknown_method(self) -> JsonError:
        """The refusal of a method tornado does not know (``PROPFIND``, ``post``), which it answers
        405 before :meth:`prepare` runs: here 405 naming the methods this address takes (a
        handler that refuses every method says its own refusal instead: :class:`NotFound`,
        :class:`WrongHost`, :class:`KernelApiRefused`)."""
        return JsonError(405, method_refused(self.request.method, ", ".join(allowed_methods(type(self)))))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if status_code == 405 and not isinstance(exc, JsonError):  # a method this address does not take
            exc = self.unknown_method()
            status_code = exc.status_code
            self.set_status(status_code)
            if status_code == 405:
                self.set_header("Allow", ", ".join(allowed_methods(type(self))))
        if isinstance(exc, JsonError):
            message = exc.message
        elif isinstance(exc, tornado.web.HTTPError) and exc.log_message:
            message = exc.log_message % exc.args if exc.args else exc.log_message
        elif status_code >= 500:
            message = "the server could not answer this request; the class goes on: try again"
        else:
            message = self._reason
        if status_code == 404 and self.wants_page():  # a person at a wrong address: the code box again
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(self.server.code_page(getattr(exc, "typed", None) or "", message,
                                              earlier=getattr(exc, "earlier", None), teacher=getattr(exc, "teacher", False)))
            return
        self.set_header("Content-Type", "application/json")
        if isinstance(exc, JsonError) and exc.retry_after is not None:
            self.set_header("Retry-After", str(exc.retry_after))
        field = exc.field if isinstance(exc, JsonError) else None
        self.finish(json.dumps({"error": message, **({"field": field} if field else {})}))
        if getattr(self, "_close_after", False):  # the body was not read: do not read it as the next request
            self.request.connection.stream.close()

    def code(self, code: str, teacher: bool = False) -> str:
        """The class code of the address, checked against the class this server serves. A code of
        an earlier class kept in the store (the server was started again with a new class) is
        told so, in the teacher's words for the dashboard's requests (``teacher``), else a
        student's; any other code is told to check it."""
        if len(code) > MAX_CODE or code.strip().upper() != self.server.code:
            typed = code[:MAX_CODE]
            try:
                earlier = self.pool.info(typed).code
            except CatcardsError:
                earlier = None
            if earlier is not None and teacher:
                message = (f"this server now runs a newer class, not {earlier}; the class {earlier} and its results "
                           f"are kept in the store: `catcards results {earlier} --csv results.csv` writes its CSV")
            elif earlier is not None:
                message = (f"the class {earlier} has ended (or is not running now): your results are kept; ask your "
                           "teacher for the new code")
            else:
                message = (f"there is no class with the code {typed!r} here; check the code your teacher shows "
                           "(6 letters and digits)")
            error = JsonError(404, message)
            error.typed, error.earlier, error.teacher = typed, earlier, teacher
            raise error
        return self.server.code

    def json_body(self) -> dict[str, Any]:
        """The request body read as one JSON object. A request without the Content-Type
        ``application/json`` is refused (415), an empty body too: a page of another website can
        send only text/plain, a form's encoding, multipart or no Content-Type at all (a ``Blob``
        without a type) without asking the browser first, so it cannot make a visitor join a class
        or send a result (hostile tester, break53: a typeless ``Blob`` joined five nicknames)."""
        kind = self.request.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise JsonError(415, "send the request body as JSON, with the header Content-Type: application/json")
        if not self._body:
            return {}
        try:
            data = json.loads(bytes(self._body).decode("utf-8"))
        except (ValueError, RecursionError):  # JSONDecodeError, UnicodeDecodeError, an int of over 4,300 digits
            raise JsonError(400, "the request body must be one JSON object (UTF-8), e.g. "
                            '{"student": "..."}') from None
        if not isinstance(data, dict):
            raise JsonError(400, "the request body must be one JSON object, e.g. {\"student\": \"...\"}")
        return data

    def student_token(self, data: dict[str, Any]) -> str:
        token = data.get("student")
        if not isinstance(token, str) or not 0 < len(token) <= 200:
            raise JsonError(400, "give the student's token as \"student\": the text the join answered")
        return token

    def teacher(self) -> str:
        """The teacher's token from ``Authorization: Bearer TOKEN`` (the dashboard's requests send
        it so), checked: 401 when missing, 403 when wrong. A token in the address (``?token=``)
        is refused (400), even beside the header: an address is kept in the browser's history,
        a proxy's and the server's logs, and a page's ``Referer``; the refusal says to send it
        in the header (hostile tester: ``results.csv?token=`` served the CSV)."""
        if "token" in self.request.query_arguments:
            raise JsonError(400, "the teacher's token is not taken in the address (?token=...), which browsers "
                                 "and proxies keep in their history and logs: send it in the header "
                                 "Authorization: Bearer TOKEN, as the dashboard does")
        auth = self.request.headers.get("Authorization", "")
        token = auth[7:].strip() if auth[:7].lower() == "bearer " else ""  # the scheme's case is free (RFC 9110)
        if not token:
            raise JsonError(401, "this needs the teacher's token (the dashboard link printed when the class started)")
        try:
            self.pool.resume(self.server.code, token[:200])
        except CatcardsError:
            raise JsonError(403, "the teacher's token is wrong: use the dashboard link printed when the class started")
        return token

    def call(self, fn, *args: Any, **kwargs: Any) -> Any:
        """``fn(*args)``; a :class:`CatcardsError` becomes a JSON refusal with its ``status`` (and its
        ``field``, e.g. a :class:`~catcards.classroom.records.NicknameError`'s)."""
        try:
            return fn(*args, **kwargs)
        except CatcardsError as exc:
            status = getattr(exc, "status", 400)
            raise JsonError(status if isinstance(status, int) and 400 <= status < 500 else 400, str(exc),
                            getattr(exc, "field", None), getattr(exc, "retry_after", None))

    def shows_deal(self) -> bool:
        """Whether this request may be told a seed of the class's deals: always, unless the
        activity hides its deal (:attr:`~catcards.classroom.activities.Activity.deal_hidden`),
        then only when the request comes from one of the server's own table kernels
        (:meth:`ClassServer.from_own_table`: it sends the server's secret)."""
        return not getattr(self.server.activity, "deal_hidden", False) or self.server.from_own_table(self.request.headers)

    def shown_seed(self, seed: int | None) -> int | None:
        """``seed`` for an answer, or None when this request may not see the deal (:meth:`shows_deal`)."""
        return seed if self.shows_deal() else None

    def send(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(data, default=_json_default))


def _json_default(value: Any) -> Any:
    from fractions import Fraction

    if isinstance(value, Fraction):
        return float(value)
    if hasattr(value, "item"):  # numpy numbers
        return value.item()
    raise TypeError(f"not JSON: {type(value).__name__}")


def _page(name: str, **values: str) -> str:
    """The template ``templates/NAME`` with ``{{key}}`` replaced by ``values`` (already escaped)."""
    text = (TEMPLATES / name).read_text(encoding="utf-8")
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


class StudentPage(PoolHandler):
    def get(self, code: str) -> None:
        code = self.code(code)
        info = self.server.info
        activity = self.server.activity
        config = {"code": code, "base": self.server.base_url, "nicknames": bool(info.nicknames),
                  "ended": bool(self.pool.info(code).ended),  # the page says so instead of the join form
                  "tally": list(activity.tally) if activity.tally else None, "unit": activity.unit}
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(_page("student.html", title=html.escape(activity.title), code=code,
                          instructions=html.escape(activity.instructions), unit=html.escape(activity.unit),
                          config=json.dumps(config).replace("<", "\\u003c")))


class JoinHandler(PoolHandler):
    def post(self, code: str) -> None:
        code = self.code(code)
        data = self.json_body()
        nickname = data.get("nickname")
        if nickname is not None and not isinstance(nickname, str):
            raise JsonError(400, "a nickname must be text (at most 24 letters, digits or spaces), or left out", "nickname")
        if nickname is not None and not nickname.strip():
            nickname = None
        student = self.call(self.pool.join, code, nickname, client=self.request.remote_ip)
        self.send({"student": student.token, "seed": self.shown_seed(student.seed), "nickname": student.nickname,
                   "activity": self.server.activity.key}, 201)


class MeHandler(PoolHandler):
    def post(self, code: str) -> None:
        code = self.code(code)
        token = self.student_token(self.json_body())
        student, results = self.call(self.pool.own_results, code, token, polled=True)
        info = self.pool.info(code)
        self.send({"student": student.token, "seed": self.shown_seed(student.seed), "nickname": student.nickname,
                   "open": info.is_open and not info.ended, "ended": info.ended,
                   "closed_refused": not info.is_open and not info.ended
                                     and (self.server.closed_refusal(student.number, results["next"])
                                          or self.server.finished_not_counted(student.number, results["next"])),
                   "playing": self.server.in_play(student.number, results["next"]),
                   "table": self.server.student_table(student.number), **results})


class GameHandler(PoolHandler):
    """The seed of the student's next game (:meth:`Pool.next_game`): ``k`` is the first game of
    their series not counted, the only one the pool counts now (a game refused, e.g. while the
    class is closed, is given again). ``seed`` is null when the activity hides its deal and the
    request is not the server's own table's (:meth:`PoolHandler.shows_deal`). A table (the
    server's secret) is also given ``save``: game ``k`` as it last sent it in play
    (:meth:`ClassServer.kept_progress`), or null, which it resumes rather than dealing afresh."""

    def post(self, code: str) -> None:
        code = self.code(code)
        token = self.student_token(self.json_body())
        k, seed = self.call(self.pool.next_game, code, token)
        answer = {"k": k, "seed": self.shown_seed(seed)}
        if self.server.from_own_table(self.request.headers):  # the game in progress, to resume
            answer["save"] = self.server.kept_progress(self.pool.student(code, token).number, k)
        self.send(answer)


class ProgressHandler(PoolHandler):
    """A table's game in progress, kept so that a reload, a second tab or "Send game N again"
    resumes it rather than dealing it fresh (:meth:`ClassServer.keep_progress`). Only the
    server's own table kernels may send it (their secret; anyone else: 403)."""

    def post(self, code: str) -> None:
        code = self.code(code)
        if not self.server.from_own_table(self.request.headers):
            raise JsonError(403, "only the class's own tables keep a game in progress")
        data = self.json_body()
        token = self.student_token(data)
        number, over = self.call(self.pool.check_progress, code, token, data.get("k"), data.get("save"))
        self.server.keep_progress(number, data["k"], data["save"], over=over)
        self.send({"kept": True})


class ResultsHandler(PoolHandler):
    def sender(self) -> str | None:
        """The address the pool bounds this game's sender by
        (:data:`~catcards.classroom.pool.RESULT_RATE_PER_ADDRESS`):
        the request's, or None when it comes from one of the server's own table kernels, which
        send the server's secret (:meth:`ClassServer.from_own_table`): every student's table
        sends its games, so one bound would hold the whole class, however large (each student's
        own rate and the tables' limits still hold). Not by the address: behind a JupyterHub's
        proxy every request comes from 127.0.0.1."""
        return None if self.server.from_own_table(self.request.headers) else self.request.remote_ip

    def submit(self, code: str, token: str, save: str) -> Any:
        """:meth:`Pool.submit`, bounded per sending address (:meth:`sender`); a valid game
        refused only because the class is closed (:class:`ClassClosedError`: the pool checks the
        save first) is noted for the student's
        page (:meth:`ClassServer.closed_refused`). Any other refusal notes nothing."""
        from catcards.classroom.pool import ClassClosedError

        try:
            return self.pool.submit(code, token, save, client=self.sender())
        except ClassClosedError:
            self.server.closed_refused(token)
            raise

    def post(self, code: str) -> None:
        code = self.code(code)
        data = self.json_body()
        token = self.student_token(data)
        save = data.get("save")
        if not isinstance(save, str):
            raise JsonError(400, "give the finished game's save as \"save\": the text of state.to_json()")
        counted = _counted(self.call(self.submit, code, token, save))
        counted["seed"] = self.shown_seed(counted["seed"])  # a game's seed gives its student's series away
        self.send({"counted": counted, **self.server.student_results(token)}, 201)


class TallyHandler(PoolHandler):
    def post(self, code: str) -> None:
        code = self.code(code)
        data = self.json_body()
        token = self.student_token(data)
        value = data.get("value")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise JsonError(400, "give the count you made with real cards as \"value\", a whole number")
        counted = self.call(self.pool.tally, code, token, value, client=self.request.remote_ip)
        self.send({"counted": _counted(counted), **self.server.student_results(token)}, 201)


def _counted(counted: Any) -> Any:
    from dataclasses import asdict, is_dataclass

    return asdict(counted) if is_dataclass(counted) else counted


class QrHandler(PoolHandler):
    def get(self, code: str) -> None:
        code = self.code(code)
        self.set_header("Content-Type", "image/svg+xml")
        self.finish(qr_svg(self.server.urls["join_url"]))


def dashboard_config(code: str, activity: Any, join_url: str, nicknames: bool = True,
                     ended: bool = False) -> dict[str, Any]:
    """What the dashboard page's script needs (JSON-ready): ``code``, ``join_url``, ``nicknames``
    (the class takes nicknames: without, no "Show nicknames" button), ``ended`` (the class has
    ended, as its join page says to anyone: the page says so without the teacher's token too, and
    shows no join card), ``unit``,
    ``title``, ``binary`` (a yes/no result: the charts read a proportion), ``bounds`` (the values
    one result can take, ``[low, high]``, or None: no chart's axis goes outside them) and ``fonts``,
    the charts' text sizes in CSS pixels: the lessons' matplotlib sizes (:data:`catcards.plotstyle.STYLE`,
    points at its 100 dpi), ``tick`` for the axes' numbers and ``label`` for the axes' titles."""
    from catcards.plotstyle import STYLE

    px = STYLE["figure.dpi"] / 72  # pixels per point in the lessons' figures
    return {"code": code, "join_url": join_url, "nicknames": bool(nicknames), "ended": bool(ended),
            "unit": activity.unit, "title": activity.title,
            "binary": bool(activity.binary), "bounds": list(activity.tally) if activity.tally else None,
            "fonts": {"tick": round(STYLE["xtick.labelsize"] * px, 1), "label": round(STYLE["axes.labelsize"] * px, 1)}}


class DashboardPage(PoolHandler):
    def get(self, code: str) -> None:
        code = self.code(code, teacher=True)
        activity = self.server.activity
        info = self.pool.info(code)
        config = dashboard_config(code, activity, self.server.urls["join_url"], info.nicknames, info.ended)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(_page("dashboard.html", title=html.escape(activity.title), code=code,
                          join_url=html.escape(self.server.urls["join_url"]),
                          config=json.dumps(config).replace("<", "\\u003c")))


class DashboardSlash(PoolHandler):
    """``GET class/CODE/dashboard/``: to the dashboard (301; a browser keeps the ``#token=`` part).
    It was the students' code box, "There is nothing at this address" (break46)."""

    def get(self, code: str) -> None:
        code = self.code(code, teacher=True)  # an unknown or earlier class: its own words, as the dashboard's
        query = self.request.query
        self.redirect(f"{self.server.base_url}class/{code}/dashboard" + (f"?{query}" if query else ""), permanent=True)


class VersionHandler(PoolHandler):
    def get(self, code: str) -> None:
        code = self.code(code, teacher=True)
        self.teacher()
        self.send({"version": self.pool.version(code)})


class SummaryHandler(PoolHandler):
    def get(self, code: str) -> None:
        code = self.code(code, teacher=True)
        self.teacher()
        self.send(self.call(self.pool.summary, code, names=self.get_query_argument("names", "0") == "1"))


class CsvHandler(PoolHandler):
    def get(self, code: str) -> None:
        code = self.code(code, teacher=True)
        self.teacher()
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="class-{code}.csv"')
        self.finish(self.call(self.pool.results_csv, code))


class OpenHandler(PoolHandler):
    def post(self, code: str) -> None:
        code = self.code(code, teacher=True)
        token = self.teacher()
        flag = self.json_body().get("open")
        if not isinstance(flag, bool):
            raise JsonError(400, 'give "open": true to take results, or false to stop taking them')
        self.call(self.pool.set_open, code, token, flag)
        if flag:
            self.server._closed_refusals = None  # the games refused while closed count when played again
        self.send({"open": flag})


class RemoveHandler(PoolHandler):
    """``{"student": N, "removed": true}`` takes student N's results out of the pooled results
    (false puts them back; :meth:`Pool.set_removed`): teacher only. Answers
    ``{"student": N, "removed": bool}``."""

    def post(self, code: str) -> None:
        code = self.code(code, teacher=True)
        token = self.teacher()
        data = self.json_body()
        number, flag = data.get("student"), data.get("removed")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_STUDENTS:
            raise JsonError(400, f'give "student": the student\'s number on the dashboard, a whole number '
                                 f"from 1 to {MAX_STUDENTS}")
        if not isinstance(flag, bool):
            raise JsonError(400, 'give "removed": true to take the student\'s results out of the pool, '
                                 "or false to put them back")
        self.call(self.pool.set_removed, code, token, number, flag)
        self.send({"student": number, "removed": flag})


class EndHandler(PoolHandler):
    def post(self, code: str) -> None:
        code = self.code(code, teacher=True)
        token = self.teacher()
        was_ended = self.pool.info(code).ended
        self.call(self.pool.end, code, token)
        if not was_ended:
            self.server.class_ended()
        self.send({"ended": True})


class TypeCodePage(PoolHandler):
    """``GET class``: a box to type the class code. The box's form sends ``?code=CODE`` (the
    page's script goes to ``class/CODE`` itself): the right code leads to the class's page, a
    wrong one shows the box again (404) saying the code was not found."""

    def get(self) -> None:
        typed = self.get_query_argument("code", None)
        if typed is not None and typed.strip():
            code = self.code(typed)  # a wrong code: 404, the box again (write_error)
            self.redirect(f"{self.server.base_url}class/{code}")
            return
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(self.server.code_page())


class Favicon(PoolHandler):
    """``GET favicon.ico``: no icon (204), rather than Voila's refusal logged in the console."""

    def get(self) -> None:
        self.set_status(204)
        self.finish()


class KernelGoodbye(PoolHandler):
    """``POST voila/api/shutdown/<kernel id>``: the beacon a table's page sends when it is left
    or reloaded. Voila's own handler refuses it ("'_xsrf' argument missing", Voila issue #1458:
    a console error on every reload); here the page's kernel is shut down (204) for its owner
    only, or for the teacher.

    The owner is the browser that opened the table: Voila's page sends the beacon as a form with
    ``_xsrf`` set to its ``_xsrf`` cookie (``voila-dashboards/widgets-manager8``:
    ``sendBeacon(`${base}voila/api/shutdown/${id}`, form)``), and the table's page
    (:func:`_table_handler`) set that cookie and noted its token beside the kernel id
    (:meth:`ClassServer.table_opened`). The form's token must equal the cookie's, and the
    cookie's the one noted for the kernel. The teacher's token (``Authorization: Bearer``; in the
    address it is refused, 400, as everywhere: :meth:`PoolHandler.teacher`) may stop any kernel.
    Anyone else, with a kernel id learnt however, gets 403 and nothing is stopped."""

    async def post(self, kernel_id: str) -> None:
        if not (self.owner_of(kernel_id) or self.is_teacher()):
            raise JsonError(403, "only the student whose table this is, or the teacher, may close it")
        manager = self.server.kernel_manager
        if kernel_id in manager:
            await manager.shutdown_kernel(kernel_id)
        self.server.table_closed(kernel_id)
        self.set_status(204)
        self.finish()

    def is_teacher(self) -> bool:
        """The teacher's token is sent and right (a token in the address: its 400 is answered)."""
        try:
            self.teacher()
        except JsonError as exc:
            if exc.status_code == 400:
                raise
            return False
        return True

    def owner_of(self, kernel_id: str) -> bool:
        """The request comes from the browser that opened the kernel's table (the form's
        ``_xsrf`` equals the ``_xsrf`` cookie, which is the one noted for the kernel)."""
        from tornado.httputil import HTTPInputError, parse_body_arguments

        noted = self.server.table_owner(kernel_id)
        if noted is None:
            return False
        arguments: dict[str, list[bytes]] = {}
        try:
            parse_body_arguments(self.request.headers.get("Content-Type", ""), bytes(self._body), arguments, {})
        except HTTPInputError:  # a broken form (a multipart body without its boundary): not a page's goodbye
            raise JsonError(400, "the goodbye must be a form with the page's _xsrf field (multipart/form-data "
                                 "with its boundary, or application/x-www-form-urlencoded)") from None
        sent = (arguments.get("_xsrf") or [b""])[0].decode("utf-8", "replace") or self.request.headers.get("X-Xsrftoken", "")
        cookie = self.get_cookie(self.settings.get("xsrf_cookie_name", "_xsrf"), "")
        if not sent or not cookie:
            return False
        form_token, cookie_token = self._decode_xsrf_token(sent)[1], self._decode_xsrf_token(cookie)[1]
        return bool(form_token and cookie_token and hmac.compare_digest(form_token, cookie_token)
                    and hmac.compare_digest(cookie_token, noted))


#: what a request to an address the class server does not serve is told
NOTHING_HERE = "there is nothing at this address; the join link looks like .../class/CODE"


class NotFound(PoolHandler):
    """An address with nothing there (``class/CODE/nothing``, ``logout``, any address outside the
    server's ``base_url``): 404 whatever the method, :data:`NOTHING_HERE` in JSON, or for a
    browser the class-code box (:meth:`PoolHandler.write_error`)."""

    def prepare(self) -> None:
        raise JsonError(404, NOTHING_HERE)

    def unknown_method(self) -> JsonError:
        return JsonError(404, NOTHING_HERE)


#: host names a class server answers to whatever its address (Jupyter Server's ``local_hostnames``)
LOCAL_HOSTNAMES = ("localhost",)
#: an ``--allow-host`` name: a DNS name (letters, digits, ``-`` and ``.``) or an IP address
_HOST_NAME = re.compile(r"(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?")
#: ``--ip`` values that mean every network of this computer
EVERY_NETWORK = ("", "0.0.0.0", "::", "*")
#: ``--ip`` values served on every address of both families, IPv4 and IPv6 (:func:`listen_address`);
#: ``0.0.0.0``, the other value of :data:`EVERY_NETWORK`, is every IPv4 address only
EVERY_ADDRESS = ("", "::", "*")


def listen_address(ip: str) -> str | None:
    """The address tornado's ``listen`` is given for ``--ip`` ``ip``: None (every address of both
    families) for :data:`EVERY_ADDRESS`, else ``ip``. Given ``::`` itself tornado listens on IPv6
    only (it sets ``IPV6_V6ONLY``), while ``catcards class --ip ::`` printed a join link with the
    computer's IPv4 address, which was refused (break53)."""
    return None if ip in EVERY_ADDRESS else ip



def host_of(header: str) -> str:
    """The host of a ``Host`` header, lower case, without its port or an IPv6 address's brackets
    (``"[::1]:8867"`` -> ``"::1"``), as Jupyter Server's ``JupyterHandler.check_host`` reads it."""
    host = re.fullmatch(r"(.*?)(:\d+)?", header, re.S).group(1).lower()
    return host[1:-1] if host.startswith("[") and host.endswith("]") else host


def check_host_name(name: str) -> str:
    """``name`` (an ``--allow-host``: a DNS name or an IP address) as :class:`HostCheck` compares
    it (:func:`_normal_host`: lower case, without a fully-qualified name's trailing dot; an IP
    address written as Python writes it).

    Raises: ClassServerError for anything else (a port, a path, a ``*``, spaces)."""
    text = name.strip().lower() if isinstance(name, str) else ""
    try:
        return str(ipaddress.ip_address(text[1:-1] if text.startswith("[") and text.endswith("]") else text))
    except ValueError:
        pass
    if not _HOST_NAME.fullmatch(text):
        raise ClassServerError(f"--allow-host {short_text(str(name), 60)!r} is not a host name: give a name such as "
                               "teacher-laptop.local or classes.myschool.org, or an IP address (no port, no "
                               "http://, no *)")
    return _normal_host(text)


class HostCheck:
    """Which ``Host`` headers a class server answers (DNS rebinding: a page of evil.example whose
    name its owner then points at 127.0.0.1 can read this server's answers, since to the browser
    they come from evil.example; its requests carry ``Host: evil.example``).

    As Jupyter Server's ``check_host`` (``ServerApp.local_hostnames``, ``allow_remote_access``):
    an IP address is taken when it is a loopback one (127.0.0.1, ::1); a name only when it is one
    of :attr:`names`. Here the names are ``localhost``, the ``--ip`` the server listens on, the host
    of ``--public-url`` (a JupyterHub's name) and each ``--allow-host``; an IP address also when it
    is the ``--ip`` or the public URL's host, or any IP address of the families the server
    listens on when it listens on every network (``--ip 0.0.0.0``: any IPv4 address; ``::``,
    ``*`` or ``""``: any IPv4 or IPv6 address, :func:`listen_address`; a student's browser sends
    the address it opened, which may be any of this computer's, and no rebinding page has an IP
    address for its name). Jupyter
    Server takes any host once it listens beyond loopback; a class server keeps refusing names
    it was not given, since its teacher's dashboard and its students are on its network too.
    A fully-qualified name's trailing dot (``localhost.``, ``teacher-laptop.local.``, as a
    browser sends it when it was typed so) is dropped, in the ``Host`` header and in the names
    given alike (:func:`_normal_host`): it names the same host. (A browser's URL parser reads
    ``127.0.0.1.`` as 127.0.0.1 and sends no dot; the dot is dropped from an address too.)

    Args:
        ip: the address the server listens on (``--ip``).
        public_url: the address students are given (``--public-url``, or the one made from
            ``--ip``), or "".
        allowed: more names or addresses (``--allow-host``, checked by :func:`check_host_name`).
    """

    def __init__(self, ip: str, public_url: str = "", allowed: Any = ()):
        from urllib.parse import urlsplit

        given = [ip if ip not in EVERY_NETWORK else "", urlsplit(public_url).hostname or "", *allowed]
        self.every_network = ip in EVERY_NETWORK
        #: the IP versions of which any address is taken (the families listened on every address of)
        self.any_version = (4, 6) if ip in EVERY_ADDRESS else (4,) if self.every_network else ()
        self.names = frozenset(LOCAL_HOSTNAMES) | {_normal_host(h) for h in given if h}

    def allows(self, header: str) -> bool:
        """The ``Host`` header ``header`` (``name:port``) names this server."""
        host = _normal_host(host_of(header))
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return host in self.names
        return address.is_loopback or address.version in self.any_version or host in self.names

    def refusal(self, header: str) -> str:
        """What a request to the host of ``header`` is told."""
        always = ["localhost", "127.0.0.1", "::1"]  # each name once: --ip 127.0.0.1 was said twice (server62b)
        shown = [name for name in sorted(self.names) if name not in always] + always
        also = ("" if not self.every_network else ", and this computer's IP addresses" if 6 in self.any_version
                else ", and this computer's IPv4 addresses")
        return (f"this class server does not answer to the host {short_text(host_of(header), 60)!r} (a page of "
                f"another site could reach it that way): it answers to {', '.join(shown)}{also}. To serve "
                "it under another name, start it with --allow-host NAME, or --public-url with that name")


def _normal_host(name: str) -> str:
    """A host name or IP address as :meth:`HostCheck.allows` compares it: lower case, without a
    fully-qualified name's trailing dot (one: ``localhost.`` is ``localhost``), an IP address
    written as Python writes it (without brackets)."""
    text = name.lower()
    text = text[:-1] if text.endswith(".") else text
    try:
        return str(ipaddress.ip_address(text.strip("[]")))
    except ValueError:
        return text


class WrongHost(PoolHandler):
    """Every request whose ``Host`` is not one the server serves (:class:`HostCheck`): 403 JSON
    saying which hosts it answers to; no handler of the pool or Voila's runs."""

    def initialize(self, server: "ClassServer", message: str) -> None:
        super().initialize(server)
        self.message = message

    def refuse(self, *args: Any) -> None:  # after the (bounded) body is read, as KernelApiRefused
        raise self.unknown_method()

    def unknown_method(self) -> JsonError:
        return JsonError(403, self.message)

    get = head = post = put = patch = delete = options = refuse


class NoReferrer(tornado.web.OutputTransform):
    """``Referrer-Policy: no-referrer`` on every answer of the class server (tornado applies an
    application's transforms to each handler's answer, errors and websocket handshakes too):
    the pool's pages, Voila's table page, its static files and its errors alike. A student's
    table is at ``?student=TOKEN``, and without it the table's page, whose headers are Voila's,
    let the browser send that address, token and all, as the ``Referer`` of the page's own
    requests (its static files, its kernel's websocket) and, where a browser's default policy is
    older, of requests to other sites (hostile tester, server57); the pool's handlers set it too
    (:meth:`PoolHandler.set_default_headers`), for the tests' server of them alone. (Chromium 156
    still sends the page's address with a font that an inline style sheet loads, whatever the
    policy: Voila's FontAwesome, from this server, so the token goes back only to the server that
    gave it.) A 429 without a ``Retry-After`` of its own gets :data:`RETRY_AFTER`: every 429 of
    the server says how long to wait (break57s)."""

    def transform_first_chunk(self, status_code: int, headers: Any, chunk: bytes, finishing: bool) -> tuple:
        headers["Referrer-Policy"] = "no-referrer"
        if status_code == 429 and "Retry-After" not in headers:  # a refusal that knows no wait of its own
            headers["Retry-After"] = str(RETRY_AFTER)
        return status_code, headers, chunk


class ClassHTTPServer(tornado.httpserver.HTTPServer):
    """The class server's HTTP server: tornado's, with at most ``per_address`` connections from one
    client address and ``total`` from all together (:func:`connection_limits`; None: no bound).
    A new connection over a bound makes room by closing the connection that has waited longest
    on its client (:attr:`waiting`: for its request's headers or body, the first request's or,
    kept alive, the next's; a body from the arrival of its headers, :meth:`began`), among those the
    bound counts (that address's, or, over the total, those of the address holding the most:
    :meth:`busiest_waiting`); with none
    such, the new one is closed as soon as it is accepted, unanswered and unread. A connection
    whose request has arrived whole, and is being answered, is never closed for another.
    Unfinished requests held by a script (slow-loris) could otherwise hold as many as the server
    may open files, and every new request waited (break57s); with the new connection refused, a
    script from four or more addresses, each stalled request closed after
    :data:`HEADER_TIMEOUT` and opened again at once, kept every student's new connection out
    (server59a). A browser opens again a kept-alive connection the server closed. A connection
    stops counting when tornado lets it go: closed, or taken over by a websocket. Tornado's
    other options as its ``HTTPServer``'s.

    Tornado's own 400 for a request it cannot parse has no ``Referrer-Policy``: it has no body, so
    a browser loads nothing from it and sends no address on."""

    def initialize(self, *args: Any, per_address: int | None = CONNECTIONS_PER_ADDRESS, total: int | None = None,
                   **kwargs: Any) -> None:
        super().initialize(*args, **kwargs)
        self.per_address, self.total = per_address, total
        #: client address -> its connections open now
        self.open_from: dict[str, int] = {}
        #: the streams of the connections whose request has not arrived whole -> their client
        #: address, the one waiting longest first
        self.waiting: dict[Any, str] = {}

    @staticmethod
    def client(address: Any) -> str:
        """The client's address of a connection (tornado's ``address``: ``(ip, port, ...)``, or a
        Unix socket's name)."""
        return str(address[0]) if isinstance(address, tuple) and address else str(address)

    def handle_stream(self, stream: Any, address: Any) -> None:
        client = self.client(address)
        if self.per_address is not None and self.open_from.get(client, 0) >= self.per_address:
            room = self.close_waiting(client)
        elif self.total is not None and sum(self.open_from.values()) >= self.total:
            busiest = self.busiest_waiting()
            room = busiest is not None and self.close_waiting(busiest)
        else:
            room = True
        if not room:
            stream.close()
            return
        self.open_from[client] = self.open_from.get(client, 0) + 1
        self.waiting[stream] = client
        super().handle_stream(stream, address)

    def busiest_waiting(self) -> str | None:
        """Of the addresses with a connection in :attr:`waiting`, the one holding the most
        connections (None: nothing waits). Over the total bound, a waiting connection of this
        address is closed: a script holding stalled requests from a few addresses holds the most,
        and a student uploading a save slowly from their own address, the oldest waiting, is not
        closed for them (break59s: a 250 kB save at 16 KB/s was closed after 8.7 s). Among
        addresses holding as many, the one whose connection has waited longest."""
        most = max((self.open_from.get(client, 0) for client in self.waiting.values()), default=None)
        return next((client for client in self.waiting.values() if self.open_from.get(client, 0) == most), None)

    def close_waiting(self, client: str) -> bool:
        """Close the connection in :attr:`waiting` that has waited longest, from ``client``. False
        when there is none. It is counted out when tornado lets it go (:meth:`on_close`, soon
        after)."""
        stream = next((stream for stream, its in self.waiting.items() if its == client), None)
        if stream is None:
            return False
        del self.waiting[stream]
        stream.close()
        return True

    def start_request(self, server_conn: Any, request_conn: Any) -> Any:
        # tornado starts reading each request of a connection, the first at once, a kept-alive
        # connection's next once the last was answered: from now on it waits on its client (one
        # closed for another is not: tornado is about to let it go)
        stream = server_conn.stream
        if not stream.closed():
            self.waiting[stream] = self.waiting.pop(stream, self.client(server_conn.context.address))
        return _Arrived(super().start_request(server_conn, request_conn), lambda: self.waiting.pop(stream, None),
                        lambda: self.began(stream))

    def began(self, stream: Any) -> None:
        """A request's headers have arrived on ``stream``: if its body is still to come, it waits
        from now on, behind the connections already waiting. A kept-alive connection's request
        waited from the connection's last answer, and a body being sent on it was closed before
        stalled requests that began after that answer (break59s)."""
        if stream in self.waiting:
            self.waiting[stream] = self.waiting.pop(stream)

    def on_close(self, server_conn: Any) -> None:
        super().on_close(server_conn)
        self.waiting.pop(server_conn.stream, None)
        client = self.client(server_conn.context.address)
        left = self.open_from.get(client, 1) - 1
        if left > 0:
            self.open_from[client] = left
        else:
            self.open_from.pop(client, None)


class _Arrived(tornado.httputil.HTTPMessageDelegate):
    """A request's tornado delegate, passed on, calling ``began()`` once its headers have arrived
    and ``arrived()`` once the request has been read whole (headers and body), before it is
    answered (:meth:`ClassHTTPServer.start_request`)."""

    def __init__(self, delegate: Any, arrived: Any, began: Any):
        self.delegate, self.arrived, self.began = delegate, arrived, began

    def headers_received(self, start_line: Any, headers: Any) -> Any:
        self.began()
        return self.delegate.headers_received(start_line, headers)

    def data_received(self, chunk: bytes) -> Any:
        return self.delegate.data_received(chunk)

    def finish(self) -> None:
        self.arrived()
        self.delegate.finish()

    def on_connection_close(self) -> None:
        self.delegate.on_connection_close()


class HostCheckedApplication(tornado.web.Application):
    """The class server's tornado application: a request whose ``Host`` header ``host_check``
    does not allow (:class:`HostCheck`) goes to :class:`WrongHost`, whatever its path (the pool's
    addresses, Voila's table page, a kernel's websocket, the static files). Every answer says
    ``Referrer-Policy: no-referrer`` (:class:`NoReferrer`)."""

    def __init__(self, server: "ClassServer", host_check: HostCheck, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.class_server, self.host_check = server, host_check
        self.add_transform(NoReferrer)

    def find_handler(self, request: Any, **kwargs: Any) -> Any:
        if not self.host_check.allows(request.host):
            return self.get_handler_delegate(request, WrongHost, {"server": self.class_server,
                                                                  "message": self.host_check.refusal(request.host)})
        return super().find_handler(request, **kwargs)


class KernelApiRefused(PoolHandler):
    """``api/kernels`` (start a kernel) and ``api/kernels/<id>/restart`` or ``/interrupt``: never
    from a page (a table's kernel is started by its page and replaced by a reload); 403 JSON,
    not Voila's HTML page."""

    def refuse(self, *args: Any) -> None:  # after the body is read: a refusal in prepare closed a kept-alive connection
        raise self.unknown_method()

    def unknown_method(self) -> JsonError:
        return JsonError(403, "a table's kernel is started by its page and cannot be started, restarted or "
                              "interrupted here: reload the table's page for a new one")

    get = post = put = patch = delete = refuse


def _table_handler(voila_handler: type, server: "ClassServer") -> type:
    """Voila's handler of the table page, opened only when :meth:`ClassServer.table_refusal`
    has nothing against it (a page there starts a kernel: the address ``?student=...`` is
    public, and without this one script could start kernels until the computer's memory is
    full). The page sets the browser's ``_xsrf`` cookie, and the kernel it gets is noted with
    its student and that cookie's token (:meth:`ClassServer.table_opened`: the student's
    earlier table kernel is shut down; :class:`KernelGoodbye` stops a kernel for its owner)."""

    class ClassTableHandler(voila_handler):
        _kernel_found = False
        _student_number: int | None = None
        _place: TablePlace | None = None

        def prepare(self):
            # only GET opens a page here: any other method, at any address this route takes, is
            # refused (write_error) before jupyter_server's XSRF check, whose refusal was Voila's
            # HTML 403 page (server61); a method tornado does not know is refused before this
            if self.request.method != "GET":
                raise tornado.web.HTTPError(405)
            return super().prepare()

        def write_error(self, status_code, **kwargs):
            if self.request.method == "GET" and hasattr(self, "_current_user"):  # the table page's own errors: Voila's
                return super().write_error(status_code, **kwargs)
            if self.request.method == "GET":  # refused before prepare (a path not UTF-8: /%ff), where
                # Voila's error page raised (no user yet) and printed ~50 lines in the teacher's
                # terminal per request (break61s)
                _json_refusal(self, status_code, NOTHING_HERE if status_code == 404 else
                              "this address could not be read: a class server's addresses are UTF-8 text")
                return
            # JSON: 405 at the server's own address (its table page, the only address GET
            # serves here), 404 wherever nothing is: as a GET there, whatever the method. The
            # route's path after base_url is empty only there: ``//`` is not it (its path is
            # "/"), though it had nothing left once its slashes were stripped (server62). HEAD
            # there answers as GET, the page for a browser (it was JSON, server62b)
            if self.request.path == server.base_url:
                _json_refusal(self, 405, method_refused(self.request.method), allow="GET")
            elif self.request.method == "HEAD":
                _address_not_found(self, server.base_url)
            else:
                _json_refusal(self, 404, NOTHING_HERE)

        async def get(self, path=None):
            if path:  # Voila's route takes every address: only the server's own (``/``) is the table
                _address_not_found(self, server.base_url)
                return
            # the first ?student=, the one the table's kernel reads (class_app.ipynb: parse_qs)
            try:
                token = (self.get_query_arguments("student") or [""])[0]
            except tornado.web.HTTPError:  # not UTF-8 (?student=%ED%A0%80)
                _json_refusal(self, 400, "the address's student= must be the token the join answered (UTF-8 text)")
                return
            refusal = server.table_refusal(token, self.request.remote_ip)
            if refusal is None:
                self._student_number = server.pool.student(server.code, token[:200]).number
                self.xsrf_token  # sets the _xsrf cookie the page's goodbye beacon sends back
                loop = tornado.ioloop.IOLoop.current()
                with server.opening_table() as self._place:  # counted at once: no await since the check
                    late = loop.call_later(TABLE_START_TIMEOUT, self._place.release)
                    try:
                        return await super().get(path)
                    finally:
                        loop.remove_timeout(late)
            status, message = refusal
            if status == 303:
                self.redirect(f"{server.base_url}class", status=303)
                return
            self.set_status(status)
            self.set_header("Cache-Control", "no-store")
            if refusal.retry_after is not None:
                self.set_header("Retry-After", str(refusal.retry_after))
            if "text/html" not in self.request.headers.get("Accept", ""):  # a script: JSON, as every refusal
                _json_refusal(self, status, message)
                return
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(_refusal_page(message, refusal.by_itself))

        def write(self, chunk):
            # the page's configuration (first in the page) names its kernel: "kernelId": "<id>"
            if self._student_number is not None and not self._kernel_found and isinstance(chunk, (str, bytes)):
                text = chunk if isinstance(chunk, str) else chunk.decode("utf-8", "replace")
                found = _KERNEL_ID.search(text)
                if found:
                    self._kernel_found = True
                    server.table_opened(found.group(1), self._student_number, self._get_raw_xsrf_token()[1])
                    self._place.release()  # its kernel is ready: the start is over
            return super().write(chunk)

        def on_connection_close(self):
            if self._place is not None:  # its browser has gone (Voila may go on making the page)
                self._place.release()
            return super().on_connection_close()

    return ClassTableHandler


def _refusal_page(message: str, by_itself: bool = False) -> str:
    """The short page a browser gets, in the student's table frame, for a table page refused
    (:meth:`ClassServer.table_refusal`): ``message`` in an alert. ``by_itself`` (a
    :class:`Refusal`'s: :data:`TABLES_BUSY`, :data:`TABLES_FROM_NETWORK`): it says
    :data:`TABLES_BUSY_PAGE` instead and opens the page again by itself after
    :data:`TABLES_BUSY_WAIT` to twice that many seconds (a refusal does not count against the
    student's own rate): the student has nothing to do."""
    if not by_itself:
        return (f'<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>No table</title>'
                f'<p role="alert">{html.escape(message)}</p></html>')
    wait = TABLES_BUSY_WAIT * 1000
    return (f'<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>Your table is coming</title>'
            f'<p role="status">{html.escape(TABLES_BUSY_PAGE)}</p>'
            f'<script>setTimeout(function () {{ location.reload(); }}, {wait} + Math.floor(Math.random() * {wait}));'
            '</script></html>')


def method_refused(method: str, allowed: str = "GET") -> str:
    """What a request of ``method`` to an address served only with ``allowed`` (``"GET"``,
    ``"GET, HEAD"``, ``"POST"``) is told."""
    return f"this address takes only {allowed}, not {short_text(method, 20)}"


def allowed_methods(handler: type) -> list[str]:
    """The HTTP methods the pool's handler class ``handler`` answers (those it defines: tornado's
    own answer 405), HEAD with GET (:meth:`PoolHandler.head`), e.g. ``["GET", "HEAD"]``,
    ``["POST"]``."""
    def defines(name: str) -> bool:
        return getattr(handler, name) is not getattr(tornado.web.RequestHandler, name)

    return [name.upper() for name in ("get", "head", "post", "put", "patch", "delete", "options")
            if defines(name) and (name != "head" or defines("get"))]


def _json_refusal(handler: tornado.web.RequestHandler, status: int, message: str, allow: str | None = None) -> None:
    """Answer ``status`` with ``{"error": message}`` (and ``Allow: allow``, a 405's methods)."""
    handler.set_status(status)
    handler.set_header("Content-Type", "application/json")
    handler.set_header("Cache-Control", "no-store")
    if allow:
        handler.set_header("Allow", allow)
    handler.finish(json.dumps({"error": message}))


def _path_under(path: str, base_url: str) -> str:
    """A request's ``path`` (``/user/ana/lab``) under the server's ``base_url`` (``/user/ana/``):
    ``lab``; ``""`` for the server's own address."""
    return path[len(base_url.rstrip("/")):].lstrip("/")


def _address_not_found(handler: tornado.web.RequestHandler, base_url: str) -> None:
    """Answer 404 for an address the class server does not serve (``lab``, ``api/contents``,
    ``voila/tree``: Voila's table route takes every path, and sent each to the code box, a 200
    "Join your class" page, break56). A request for JSON (its ``Accept`` names no HTML, or an
    ``api/`` address) gets ``{"error": ...}``; a browser a short page with a link to the join
    page (``class``), where a student who typed the address wrongly starts again."""
    message = NOTHING_HERE
    path = _path_under(handler.request.path, base_url)
    wants_page = "text/html" in handler.request.headers.get("Accept", "") and not path.startswith("api/")
    if not wants_page:
        _json_refusal(handler, 404, message)
        return
    handler.set_status(404)
    handler.set_header("Cache-Control", "no-store")
    handler.set_header("Content-Type", "text/html; charset=utf-8")
    handler.finish('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
                   '<meta name="viewport" content="width=device-width, initial-scale=1">'
                   '<title>Nothing here</title></head><body><main><h1>There is nothing at this address</h1>'
                   f'<p><a href="{html.escape(base_url, quote=True)}class">Go to the join page</a> and type '
                   'your class code, or open the join link your teacher gives you.</p></main></body></html>')


_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


class _SafeFiles:
    """Voila's file handlers (``voila/templates``, ``voila/static``, ``voila/labextensions``,
    ``voila/api/themes``, ``voila/files``) as a class server answers them: a path with a ``..``
    part (``voila/templates/..%2f..``), or one Voila's code cannot read (``voila/templates/lab``
    made an ``assert`` or unpacking error inside Voila: its HTML 500), or a file not there (their
    403 "Forbidden"), is 404 JSON; another method than GET or HEAD 405 JSON; every error is
    ``{"error": message}`` JSON, never a traceback page."""

    def prepare(self):
        from urllib.parse import unquote

        if self.request.method not in ("GET", "HEAD"):  # before jupyter_server's XSRF check (its bare 403)
            raise tornado.web.HTTPError(405)
        path = unquote(self.request.path)
        if "\x00" in path or any(part == ".." for part in re.split(r"[/\\]", path)):
            raise tornado.web.HTTPError(404)
        return super().prepare()

    async def get(self, *args, **kwargs):
        try:
            return await super().get(*args, **kwargs)
        except (AssertionError, ValueError):  # Voila's parse of a path it does not serve
            raise tornado.web.HTTPError(404) from None
        except tornado.web.HTTPError as error:
            # 403: a file not found in voila/static (Voila's MultiStaticFileHandler looks outside its
            # first folder), a folder, or one voila/files does not hand out: nothing here to read
            if error.status_code == 403:
                raise tornado.web.HTTPError(404) from None
            raise

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        allow = "GET, HEAD" if status_code == 405 else None
        message = (NOTHING_HERE if status_code == 404 else method_refused(self.request.method, allow) if allow else
                   "the server could not answer this request; the class goes on: try again"
                   if status_code >= 500 else self._reason)
        self.clear_header("Content-Disposition")
        _json_refusal(self, status_code, message, allow)


def _owner_only(handler: type, server: "ClassServer", kind: str) -> type:
    """Voila's kernel ``handler`` (``kind`` "channels": the page's websocket to its kernel, or
    "kernel": ``api/kernels/<id>``) for the browser that opened the kernel's table only: its
    ``_xsrf`` cookie must be the one :meth:`ClassServer.table_opened` noted for the kernel.
    Without this, anyone who learnt a kernel id could connect to a student's table and press
    its buttons, or stop it with ``DELETE api/kernels/<id>`` (tornado's cross-site check takes any
    cookie sent with the same value in a header). ``DELETE`` is refused for everyone: a table's
    kernel is closed by its page's goodbye (:class:`KernelGoodbye`)."""

    def owner(request_handler: Any, kernel_id: str) -> bool:
        noted = server.table_owner(kernel_id)
        cookie = request_handler.get_cookie(request_handler.settings.get("xsrf_cookie_name", "_xsrf"), "")
        token = request_handler._decode_xsrf_token(cookie)[1] if cookie else None
        return bool(noted and token and hmac.compare_digest(token, noted))

    from catcards.voila_options import quiet_kernel_socket, refuse_method, refused_unless_get

    CLOSED_BY_ITS_PAGE = ("a table's kernel is closed by its page when the page is left, or by the teacher "
                          "(POST voila/api/shutdown/<id>)")

    if kind == "channels":
        from catcards.classroom.pool import _Buckets

        messages = _Buckets(*TABLE_MESSAGES, time.monotonic)  # per kernel: its sockets share them
        sockets: dict[str, set] = {}  # per kernel: its websockets open (or opening)

        class OwnersChannels(quiet_kernel_socket(handler)):  # its other methods, a page gone meanwhile: quiet
            async def get(self, kernel_id, *args, **kwargs):
                if not owner(self, kernel_id):
                    return _json_refusal(self, 403, "only the page of this table may connect to its kernel")
                held = sockets.setdefault(kernel_id, set())
                if len(held) >= TABLE_SOCKETS:
                    return _json_refusal(self, 429, f"this table already has {TABLE_SOCKETS} connections open: "
                                                    "close its other tabs, or reload the page")
                held.add(self)  # counted from the handshake on, so sockets opened at once count too
                try:
                    return await super().get(kernel_id, *args, **kwargs)
                finally:
                    if self.ws_connection is None:  # not open (refused, or closed already)
                        self._let_go(kernel_id)

            def _let_go(self, kernel_id: str) -> None:
                held = sockets.get(kernel_id)
                if held is not None:
                    held.discard(self)
                    if not held:
                        del sockets[kernel_id]

            def on_close(self):
                self._let_go(getattr(self, "kernel_id", ""))
                return super().on_close()

            def on_message(self, message):
                if getattr(self, "_flooded", False) or self.ws_connection is None:  # closing or closed (1007,
                    return None  # 1008): a frame already on its way is neither counted nor forwarded
                if messages.take(self.kernel_id):
                    self._flooded = True
                    self.log.warning("closed the websocket of table %s: more than %g messages at once, "
                                     "then %g a second", self.kernel_id, *TABLE_MESSAGES)
                    self.close(1008, "too many messages from this page: reload it")
                    return None
                return super().on_message(message)

        return OwnersChannels

    class OwnersKernel(handler):
        def prepare(self, *args, **kwargs):
            if self.request.method == "DELETE":  # before jupyter_server's XSRF check and its log line
                return _json_refusal(self, 403, CLOSED_BY_ITS_PAGE)
            if refused_unless_get(self):  # any other method (a script's), before the XSRF check
                return None
            return super().prepare(*args, **kwargs)

        async def get(self, kernel_id, *args, **kwargs):
            if not owner(self, kernel_id):
                return _json_refusal(self, 403, "only the page of this table may ask about its kernel")
            return await super().get(kernel_id, *args, **kwargs)

        async def delete(self, kernel_id, *args, **kwargs):
            return _json_refusal(self, 403, CLOSED_BY_ITS_PAGE)

        def write_error(self, status_code, **kwargs):
            if status_code == 405:  # a method tornado does not know (PROPFIND), refused before prepare:
                return refuse_method(self)  # it was jupyter_server's {"message": ...} without Allow (server62)
            return super().write_error(status_code, **kwargs)

    return OwnersKernel


def _kernels_only(handler: type, server: "ClassServer") -> type:
    """Voila's ``voila/query/<kernel id>`` websocket (``RequestInfoSocketHandler``) for the
    class's own kernels only: a preheated kernel waits there for its page's request
    (:func:`catcards.classroom.page.page_query`). Voila's handler takes anyone: two sockets to
    one id, closed in turn, made its ``on_close`` delete another kernel's registration (that
    kernel's student then waited forever) and log an ``UnboundLocalError``; and the address of a
    taken kernel gave its page's request again (``QUERY_STRING: student=TOKEN``). Here a
    connection is refused (403 JSON) unless it comes from this computer (loopback) without a
    browser's ``Origin``, for a kernel of the pool (:meth:`ClassServer.query_waiting`) or one
    whose request is waiting, and no other socket is open for that id. The request is given
    once (then forgotten), and a close removes only this socket's own registration."""

    class KernelsQuery(handler):
        def write_error(self, status_code: int, **kwargs: Any) -> None:  # another method: tornado's HTML 405
            _json_refusal(self, status_code, "only the class's own kernels may connect here, with a websocket (GET)",
                          allow="GET" if status_code == 405 else None)

        async def get(self, kernel_id, *args, **kwargs):
            import ipaddress

            try:
                remote = ipaddress.ip_address(self.request.remote_ip or "")
                # this computer: loopback, or the one address the server listens on (--ip)
                loopback = remote.is_loopback or self.request.remote_ip == server.ip
            except ValueError:
                loopback = False
            if not (loopback and "Origin" not in self.request.headers and server.query_waiting(kernel_id)
                    and kernel_id not in handler._waiters):
                _json_refusal(self, 403, "only the class's own kernels may connect here")
                return None
            return await super().get(kernel_id, *args, **kwargs)

        def open(self, kernel_id: str) -> None:
            if kernel_id in handler._waiters:  # another socket got in meanwhile
                self.close(code=1008)
                return
            handler._waiters[kernel_id] = self
            payload = handler._cache.pop(kernel_id, None)
            if payload is not None:
                self.write_message(payload)

        def on_close(self) -> None:
            for kernel_id in [k for k, waiter in handler._waiters.items() if waiter is self]:
                del handler._waiters[kernel_id]

    return KernelsQuery


def _safe_files(handler: type) -> type:
    """``handler`` (a tornado StaticFileHandler of Voila's) answering as :class:`_SafeFiles`."""
    return type(f"Safe{handler.__name__}", (_SafeFiles, handler), {})


class PromptStop:
    """What ``catcards class`` (:class:`ClassServer`) and ``catcards app`` (``cli._serve_app``) share
    of a Voila server's run: :meth:`serve` listens and runs tornado's loop, Ctrl+C (or SIGTERM)
    stops the loop between two callbacks (:func:`~catcards.voila_options.stop_on_ctrl_c`), and
    :meth:`stop` says so (:attr:`on_stopping`) and shuts every kernel down at once, within
    :data:`STOP_GRACE` + :data:`STOP_WAIT` seconds, killing what is left. Mixed in before
    :class:`voila.app.Voila`, whose ``stop`` gave each kernel jupyter_client's 5 s and said
    nothing (``catcards app`` stopped silently)."""

    def note_kernels(self, quiet: bool) -> None:
        """Keep every kernel's manager in :attr:`_kernel_managers` (:func:`_noted_kernels`: the
        stop counts and kills them); ``quiet``: each kernel logs critical failures only and its
        error output goes to a file (:func:`_quiet_kernels`)."""
        self._kernel_managers = []
        factory = _noted_kernels(self.kernel_manager.kernel_manager_factory, self._kernel_managers)
        self.kernel_manager.kernel_manager_factory = _quiet_kernels(factory) if quiet else factory

    #: the HTTP server :meth:`serve` listens with (:class:`ClassHTTPServer` for a class)
    http_server_class: type = tornado.httpserver.HTTPServer

    def serve(self, listening: Any, **listen_options: Any) -> None:
        """Listen on ``self.ip``:``self.port`` (:attr:`http_server_class` with tornado's
        ``listen_options``), call
        ``listening()`` (the port is bound: a request waits for the loop), run the loop until
        Ctrl+C or SIGTERM, then :meth:`stop`.

        Raises: ClassServerError the port was taken meanwhile, or the address is of no network
        here (:func:`address_problem`)."""
        try:
            self.http_server = self.http_server_class(self.app, **listen_options)
            self.http_server.listen(self.port, listen_address(self.ip))
        except OSError as exc:  # taken since check_address, or an address of no network here
            raise ClassServerError(address_problem(self.ip, self.port, exc)) from None
        self.ioloop = tornado.ioloop.IOLoop.current()
        stop_on_ctrl_c(self.ioloop)  # Ctrl+C stops the loop between callbacks, then stop() runs
        listening()
        try:
            self.ioloop.start()
        except KeyboardInterrupt:  # Ctrl+C before the loop took it (or where it cannot: Windows)
            pass
        finally:
            self.stop()

    def _running(self, kernel_id: str | None) -> bool:
        manager = getattr(self, "kernel_manager", None)
        return kernel_id is not None and manager is not None and kernel_id in manager

    async def _stop_kernel(self, kernel_id: str, now: bool = False) -> None:
        try:
            if self._running(kernel_id):
                await self.kernel_manager.shutdown_kernel(kernel_id, now=now)
        except (KeyError, RuntimeError, tornado.web.HTTPError):  # stopped meanwhile (its own goodbye)
            pass

    #: the server is stopping (:meth:`stop`): a table page asked now is refused (503)
    stopping: bool = False
    #: called with the number of kernels when the server starts closing them (the command prints
    #: "Stopping: ...")
    on_stopping: Any = None
    #: the HTTP server (tornado's), once listening
    http_server: Any = None
    #: the managers of kernels made and not ended (:func:`_noted_kernels`), so that the stop finds
    #: a kernel whose start it cut short
    _kernel_managers: Any = ()

    def stop(self) -> None:
        """Stop serving, once tornado's loop has stopped (Ctrl+C, SIGTERM): stop listening, shut
        every kernel down at once (:meth:`close_kernels`, at most :data:`STOP_GRACE` +
        :data:`STOP_WAIT` seconds, on the server's own loop), kill the process of any kernel still
        running (:func:`kill_kernels`), remove Voila's folder of connection files. A second
        Ctrl+C (or a SIGTERM) while the kernels close stops waiting for them: they are killed at
        once.

        Nothing a class counted is lost: a result is counted (committed in the store) when its
        request is answered, and the loop stops between two callbacks, never inside one
        (:func:`~catcards.voila_options.stop_on_ctrl_c`); the store itself is closed by
        :func:`run_class` after this.

        Voila's own ``stop`` shuts the kernels down through jupyter_core's ``run_sync``, which,
        outside a running loop, makes a new event loop, where the server's loop's tasks (a kernel
        start of the pool still running) cannot be awaited; and it gives each kernel
        jupyter_client's 5 s (``shutdown_wait_time``): a preheated kernel waits for its page
        inside a cell and does not end when asked, so 10 of them ended only at the SIGTERM sent
        at 2.5 s (an idle 2-core computer)."""
        self.stopping = True
        signal.signal(signal.SIGTERM, signal.default_int_handler)  # asked again: stop waiting, as a second Ctrl+C
        if self.http_server is not None:
            self.http_server.stop()  # no new connection
        if self.on_stopping is not None:
            self.on_stopping(len(running_kernels(self._kernel_managers)))
        try:
            self.ioloop.asyncio_loop.run_until_complete(self.close_kernels())
        except KeyboardInterrupt:  # a second Ctrl+C: no more waiting
            pass
        finally:
            kill_kernels(self._kernel_managers)
            shutil.rmtree(self.connection_dir, ignore_errors=True)

    async def close_kernels(self, grace: float = STOP_GRACE) -> None:
        """Shut every kernel down at once: a student's table's kernel is asked to end and given
        ``grace`` seconds (jupyter_client's ``shutdown_wait_time``: interrupted and asked,
        terminated at half of it, killed at its end); a kernel of the pool, waiting for a page
        inside a cell (it would not end when asked), is killed at once (``now``). Returns after
        at most ``grace`` + :data:`STOP_WAIT` seconds.

        First nothing more starts: a class's pool's once-a-second refill (:meth:`KernelPool.stop_watching`)
        and the idle-kernel culler stop, Voila's pool of starts is emptied and each start still
        running is cancelled (a kernel it launched is killed by :meth:`stop`), and Voila's run of
        the class app in each waiting kernel is cancelled (the server does not read the kernels'
        last messages). A table's kernel holds nothing to keep: a student's results are counted in
        the store when their save reaches the pool."""
        manager = self.kernel_manager
        if getattr(self, "kernel_pool", None) is not None:
            self.kernel_pool.stop_watching()
        if getattr(manager, "_culler_callback", None) is not None:
            manager._culler_callback.stop()
        waiting = set()  # the kernels of the pool, waiting for a page inside a cell: killed now
        for tasks in getattr(manager, "_pools", {}).values():
            starts, tasks[:] = list(tasks), []
            for task in starts:
                waiting.add((started(task) or {}).get("kernel_id"))
                for run in (task, (started(task) or {}).get("task")):
                    if run is not None and not run.done():
                        run.cancel()
        for kernel in list(self._kernel_managers):
            kernel.shutdown_wait_time = grace
        closing = [asyncio.ensure_future(self._stop_kernel(kernel_id, now=kernel_id in waiting))
                   for kernel_id in manager.list_kernel_ids()]
        if closing:
            done, late = await asyncio.wait(closing, timeout=grace + STOP_WAIT)
            for task in late:
                task.cancel()
            for task in done:
                task.exception()  # read: asyncio prints nothing of a shutdown that failed


class Refusal(tuple):
    """``(status, message)``: why a table page is not opened (:meth:`ClassServer.table_refusal`),
    with ``retry_after``: the whole seconds a 429 tells the browser to wait (``Retry-After``),
    else None; ``by_itself``: a browser's refusal page opens the table again by itself
    (:func:`_refusal_page`). Equal to the plain pair."""

    retry_after: int | None
    by_itself: bool

    def __new__(cls, status: int, message: str, retry_after: int | None = None, by_itself: bool = False) -> "Refusal":
        refusal = super().__new__(cls, (status, message))
        refusal.retry_after, refusal.by_itself = retry_after, by_itself
        return refusal


class TablePlace:
    """A table page's place among the :data:`TABLE_STARTS` being opened at once
    (:meth:`ClassServer.opening_table`): taken when made, given back once by :meth:`release`,
    which the table's handler calls as soon as the page names its kernel (the kernel is ready),
    when its browser goes, when the handler ends however it ends, and at the latest after
    :data:`TABLE_START_TIMEOUT`. Also a context manager (released at the end of its block)."""

    def __init__(self, server: "ClassServer"):
        self.server, self.held = server, True
        server._tables_opening += 1

    def release(self) -> None:
        """Give the place back (once; again does nothing)."""
        if self.held:
            self.held = False
            self.server._tables_opening -= 1

    def __enter__(self) -> "TablePlace":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.release()


class ClassServer(PromptStop, Voila):
    """Voila serving the class app notebook, with the pool's handlers in front (module docstring).

    Set :attr:`pool`, :attr:`info` (the pool's ``ClassInfo``), :attr:`activity` and
    :attr:`public_url` before :meth:`start`.

    It reads no settings file: its settings are the options :func:`run_class` gives it
    (:func:`_voila_argv`). Voila's own looks for ``voila.py`` and ``voila.json`` in the working
    folder, then in Jupyter's configuration folders (``Voila.config_file_paths``): a ``voila.py``
    in the folder a teacher started the class from was run inside the server, and could turn
    off its checks (hostile tester, server57).
    """

    @default("config_file_paths")
    def _no_settings_files(self) -> list[str]:
        return []

    http_server_class = ClassHTTPServer

    pool: Any = None
    info: Any = None
    activity: Any = None
    public_url: str = ""
    #: more host names (or IP addresses) the server answers to (``--allow-host``; :class:`HostCheck`)
    allowed_hosts: tuple = ()
    #: the most kernels (students' tables and preheated ones) that may run at once; a table page
    #: asked beyond it is refused (503) until one ends (run_class: the class's students + preheat)
    max_tables: int = 204
    _table_loads: Any = None
    #: table pages opened per client address (:data:`TABLE_RATE_PER_ADDRESS`)
    _address_loads: Any = None
    #: the secret this server's table kernels send with their games (:meth:`from_own_table`):
    #: made at each start (:func:`secrets.token_urlsafe`), in their environment only
    #: (:data:`~catcards.classroom.page.TABLE_SECRET_ENV`); None: no request is exempt
    table_secret: str | None = None
    #: kernel id -> (student number, the ``_xsrf`` token of the browser that opened its table)
    _table_owners: Any = None
    #: student number -> the kernel id of their table (one live table kernel per student)
    _student_tables: Any = None

    def live_tables(self) -> int:
        """How many kernels run now (0 before the server starts)."""
        manager = getattr(self, "kernel_manager", None)
        return len(manager.list_kernel_ids()) if manager is not None else 0

    def from_own_table(self, headers: Any) -> bool:
        """Whether a request (its tornado ``headers``) comes from one of this server's table
        kernels: its :data:`~catcards.classroom.page.TABLE_SECRET_HEADER` equals
        :attr:`table_secret` (:func:`hmac.compare_digest`). False without a secret (none made:
        nothing is exempt), or with a missing or wrong one."""
        sent = headers.get(TABLE_SECRET_HEADER, "")
        return bool(self.table_secret and sent and hmac.compare_digest(sent.encode(), self.table_secret.encode()))

    def table_opened(self, kernel_id: str, student: int, xsrf: bytes) -> None:
        """Note that the table page of student number ``student``, in the browser whose
        ``_xsrf`` token is ``xsrf``, got the kernel ``kernel_id``.

        One student holds at most one live table kernel: the kernel of their earlier table (a
        reload whose goodbye was lost, a second tab, a script loading the page again and again)
        is shut down, so the reload replaces it. With that, the kernels a class can hold are its
        students plus the preheated ones, which is :attr:`max_tables`: a student with a seat
        always finds a table, however often others load theirs. A student who joins many times
        holds one kernel per token; tokens are seats, bounded by the class size and the joins'
        rate per address (:data:`~catcards.classroom.pool.JOIN_RATE_PER_ADDRESS`). There is no
        cap of kernels per address: a class behind one school router or a JupyterHub's proxy
        comes from one address, and any cap low enough to matter would turn that class away.
        The owners noted are bounded (the oldest of stopped kernels are forgotten). A table
        whose kernel is noted once the class has ended (its page was being made when the teacher
        ended it) is shut down too (:meth:`class_ended`)."""
        if self._table_owners is None:
            self._table_owners, self._student_tables = {}, {}
        previous = self._student_tables.get(student)
        self._student_tables[student] = kernel_id
        self._table_owners[kernel_id] = (student, bytes(xsrf))
        if previous is not None and previous != kernel_id and self._running(previous):
            tornado.ioloop.IOLoop.current().add_callback(self._stop_kernel, previous)
        if self.pool.info(self.code).ended:  # ended while its page was made: after class_ended stopped the others
            tornado.ioloop.IOLoop.current().add_callback(self._stop_kernel, kernel_id)
        if len(self._table_owners) > 2 * self.max_tables + 100:
            for old in [k for k in self._table_owners if not self._running(k)][: len(self._table_owners) // 2]:
                del self._table_owners[old]

    #: student number -> (k, save, over): their game in play, as their table last sent it
    _progress: Any = None

    def keep_progress(self, student: int, k: int, save: str, over: bool = False) -> None:
        """Keep student number ``student``'s game ``k`` in progress (its save, checked by
        :meth:`Pool.check_progress <catcards.classroom.pool.Pool.check_progress>`; ``over``: it is
        finished, not counted), which their table sends after each move. A table asking ``/game`` is given it (:meth:`kept_progress`)
        and resumes it: a deal a student has seen is never dealt to them fresh again (break55: a
        reload, a second tab, the hidden "Play another game" or a game refused while closed dealt
        a Pairs layout again from its start, and a student who had seen every card cleared it in
        8 turns). Kept in this server's memory, one game per student (at most
        :data:`~catcards.classroom.pool.MAX_SAVE_BYTES` each): a server started again deals each
        student's game in play afresh (the same game ``k``)."""
        if self._progress is None:
            self._progress = {}
        self._progress[student] = (k, save, over)

    def kept_progress(self, student: int, k: int) -> str | None:
        """The save of student number ``student``'s game ``k`` in progress, or None (none kept,
        or one of another game: counted since)."""
        kept = self._kept_game(student, k)
        return None if kept is None else kept[1]

    def _kept_game(self, student: int, k: int) -> tuple[int, str, bool] | None:
        """Student number ``student``'s game in play as kept, ``(k, save, over)``, if it is game
        ``k`` (their next); else None."""
        kept = (self._progress or {}).get(student)
        return kept if kept is not None and kept[0] == k else None

    def in_play(self, student: int, next_k: int) -> bool:
        """True when student number ``student``'s table has sent a move of their next game,
        ``next_k`` (not counted: :meth:`kept_progress`) and that game is not over: a game of
        theirs is in play. False once that game is counted (their next is then another: a Simon's
        Cat deal is counted at the deal, before any move), before their first move of it, and once
        it is over. The student's page reads it (``/me``'s ``playing``): with the class closed it
        says "Keep playing: this game counts if the class opens again" only then, not beside a
        table whose game was counted (table57) or is over (break57)."""
        kept = self._kept_game(student, next_k)
        return kept is not None and not kept[2]

    def finished_not_counted(self, student: int, next_k: int) -> bool:
        """True when student number ``student``'s next game, ``next_k``, is over on their table
        (its last move was kept: :meth:`keep_progress`) but not counted: refused while the class
        was closed, and not sent again since. With the class closed, their page says that game
        was not counted (``/me``'s ``closed_refused``), also after the class opened and closed
        again before they sent it (it said "Keep playing": a hostile tester, break57)."""
        kept = self._kept_game(student, next_k)
        return kept is not None and kept[2]

    #: student number -> the game (its k) of theirs refused while the class was closed
    _closed_refusals: Any = None

    def closed_refused(self, token: str) -> None:
        """Note that the student's finished game (their next, not counted) was refused while the
        class is closed for results: their page's notice then says that game was not counted
        (it said "this game counts if the class opens again before you finish" beside a table
        saying "Not counted"). Forgotten when the class opens again; an unknown token is ignored.

        Only the student is noted here (a refusal is cheap: a script sending saves while the class
        is closed reads no results); which game was refused is noted at their page's next ``me``
        (:meth:`closed_refusal`): nothing is counted while the class is closed, so their next game
        is still the one refused."""
        try:
            number = self.pool.student(self.code, token[:200]).number
        except CatcardsError:
            return
        if self._closed_refusals is None:
            self._closed_refusals = {}
        self._closed_refusals.setdefault(number, None)

    def closed_refusal(self, student: int, next_k: int) -> bool:
        """The game ``next_k`` of student number ``student`` (their next) was refused while the
        class was closed (since it last opened)."""
        refusals = self._closed_refusals or {}
        if student in refusals and refusals[student] is None:
            refusals[student] = next_k
        return student in refusals and refusals[student] == next_k

    def student_table(self, student: int) -> str | None:
        """The kernel id of the student's live table (their page's, the last one opened), or None:
        a page whose table's kernel is another was replaced by a second tab or device
        (:meth:`table_opened`), and says so (the student page's ``moved``)."""
        kernel_id = (self._student_tables or {}).get(student)
        return kernel_id if self._running(kernel_id) else None

    def table_owner(self, kernel_id: str) -> bytes | None:
        """The ``_xsrf`` token of the browser that opened the kernel's table, or None."""
        noted = (self._table_owners or {}).get(kernel_id)
        return None if noted is None else noted[1]

    def table_closed(self, kernel_id: str) -> None:
        """The kernel's table was left (its goodbye): forget it."""
        noted = (self._table_owners or {}).pop(kernel_id, None)
        if noted is not None and self._student_tables.get(noted[0]) == kernel_id:
            del self._student_tables[noted[0]]

    #: called with the class's code when the teacher ends the class from the dashboard (the
    #: command prints a line)
    on_class_ended: Any = None

    def class_ended(self) -> None:
        """The teacher has ended the class (the dashboard's "End the class"): the students' table
        kernels are shut down as a student's earlier table is (:meth:`_stop_kernel`), not left to
        the idle cull (10 minutes), so are the preheated ones (:meth:`KernelPool.stop`), and
        :attr:`on_class_ended` is told. Nothing counted is lost:
        a result is counted in the store when its save reaches the pool, and an ended class
        counts nothing more (the students' pages hide their tables and keep their results)."""
        for kernel_id in list((self._student_tables or {}).values()):
            if self._running(kernel_id):
                tornado.ioloop.IOLoop.current().add_callback(self._stop_kernel, kernel_id)
        if getattr(self, "kernel_pool", None) is not None:
            self.kernel_pool.stop()  # the preheated tables no page has taken: none will be
        if self.on_class_ended is not None:
            self.on_class_ended(self.code)

    def table_refusal(self, token: str, client: str | None = None) -> "Refusal | None":
        """Why the table page ``?student=token`` is not opened, as ``(status, message)`` (a
        :class:`Refusal`: a 429's says its ``retry_after``), or None to open it: 303 no token (to the code box), 403 not a student of this class (a student
        of an earlier class of the store is told that class has ended, as their page says) or
        the class has ended, 429 the
        student opened more than :data:`TABLE_RATE_PER_STUDENT` allows, 503 the server is
        stopping (:attr:`stopping`) or :attr:`max_tables` kernels run or are being started
        (unless the student has a live table: its kernel is replaced, so the count does not grow;
        :meth:`table_opened`), 429 :data:`TABLE_STARTS` table pages are being opened now
        (:meth:`opening_table`; :data:`TABLES_BUSY`), 429 more pages were opened from the
        ``client`` address (the request's; None: not bound) than :data:`TABLE_RATE_PER_ADDRESS`
        allows (:data:`TABLES_FROM_NETWORK`). Nothing is started for a refusal, and only a page
        opened counts against the student's own rate and the address's."""
        from catcards.classroom.pool import _Buckets

        if not token:
            return Refusal(303, "open the join link your teacher gives you")
        try:
            student = self.pool.student(self.code, token[:200])
        except CatcardsError:
            earlier = self.pool.class_of(token[:200])
            if earlier is not None:  # a student of an earlier class: their page says it has ended (code_page)
                return Refusal(403, earlier_class_words(earlier))
            return Refusal(403, "You have not joined this class: open the join link your teacher gives you "
                                "(it ends with /class/ and the class code).")
        if self.pool.info(self.code).ended:  # no game of it can count any more
            return Refusal(403, "This class has ended: your results are kept. Ask your teacher for the new code.")
        if self._table_loads is None:
            self._table_loads = _Buckets(*TABLE_RATE_PER_STUDENT, self.pool.clock)
            self._address_loads = _Buckets(*TABLE_RATE_PER_ADDRESS, self.pool.clock)
        if wait := self._table_loads.wait(student.number):
            seconds = max(1, math.ceil(wait))
            return Refusal(429, f"Your table was opened many times in a short while: wait {seconds} s and reload.",
                           seconds)
        if self.stopping:  # a connection kept open while the server stops: no kernel is started
            return Refusal(503, "The class server is stopping: ask your teacher.")
        if self.live_tables() + self._tables_opening >= self.max_tables \
                and not self._running((self._student_tables or {}).get(student.number)):
            return Refusal(503, "The class server is full right now: wait a minute and reload.")
        if self._tables_opening >= TABLE_STARTS:
            return Refusal(429, TABLES_BUSY, TABLES_BUSY_WAIT, by_itself=True)
        if client is not None and (wait := self._address_loads.wait(client[:100])):
            seconds = max(1, math.ceil(wait))
            return Refusal(429, TABLES_FROM_NETWORK.format(seconds=seconds), seconds, by_itself=True)
        self._table_loads.take(student.number)
        if client is not None:
            self._address_loads.take(client[:100])
        return None

    #: table pages being opened now (:meth:`opening_table`)
    _tables_opening: int = 0

    def opening_table(self) -> "TablePlace":
        """A place for a table page that :meth:`table_refusal` let through, while Voila gives it
        a kernel (preheated, or started for it): it counts against :data:`TABLE_STARTS` and
        :attr:`max_tables` until released (:class:`TablePlace`)."""
        return TablePlace(self)

    def query_waiting(self, kernel_id: str) -> bool:
        """``kernel_id`` is a kernel of the preheated pool (started, not yet taken by a page), or
        one taken whose page's request has not reached it yet (Voila's ``_cache``)."""
        from voila.request_info_handler import RequestInfoSocketHandler

        if kernel_id in RequestInfoSocketHandler._cache:
            return True
        for tasks in getattr(getattr(self, "kernel_manager", None), "_pools", {}).values():
            for task in tasks:
                if (started(task) or {}).get("kernel_id") == kernel_id:
                    return True
        return False

    @property
    def code(self) -> str:
        return self.info.code

    @property
    def urls(self) -> dict[str, str | None]:
        return class_urls(self.public_url, self.code, self.info.teacher_token)

    def code_page(self, typed: str = "", error: str | None = None, earlier: str | None = None,
                  teacher: bool = False) -> str:
        """The page with a box to type the class code (``templates/join.html``); with ``error``,
        the code ``typed`` was not found: the page says so and the box holds it, to be corrected.
        ``earlier``, a code of an earlier class of the store that this server does not serve (it
        was ended, or the server was started again with a new class): the page says so, in the
        teacher's words for the dashboard's address (``teacher``), without the box (it is for
        students: an old dashboard link showed it under the teacher's words), else a student's,
        and the box is empty for the new code (a README user's students, sent the code box's
        "was not found" for their own page reloaded, thought they had mistyped)."""
        heading, form_hidden = "Join your class", ""
        if error is None:
            shown = ""
        elif earlier is not None and teacher:
            shown = (f'<p id="not-found" class="error" role="alert">This server now runs a newer class, not '
                     f"<b>{html.escape(earlier)}</b>. The class {html.escape(earlier)} and its results are kept in "
                     f"the store: <code>catcards results {html.escape(earlier)} --csv results.csv</code> writes its "
                     "CSV. The dashboard of the class now is the link printed when the server started.</p>")
            typed, heading, form_hidden = "", f"Class {html.escape(earlier)} is not running", " hidden"
        elif earlier is not None:
            shown = ('<p id="not-found" class="error" role="alert">'
                     f"{earlier_class_words(f'<b>{html.escape(earlier)}</b>')}</p>")
            typed = ""
        elif typed.strip():
            shown = (f'<p id="not-found" class="error" role="alert">The class code <b>{html.escape(typed.strip().upper())}'
                     "</b> was not found. Check the code your teacher shows (6 letters and digits) and type it "
                     "again.</p>")
        else:
            shown = ('<p id="not-found" class="error" role="alert">There is nothing at this address. Type the '
                     "class code your teacher shows (6 letters and digits).</p>")
        return _page("join.html", base=html.escape(self.base_url), error=shown, heading=heading, form_hidden=form_hidden,
                     typed=html.escape(typed.strip().upper()[:6], quote=True),
                     invalid="true" if error and earlier is None else "false",
                     describedby="not-found hint" if error else "hint")

    def student_results(self, token: str) -> dict[str, Any]:
        """The student's own counted results (:meth:`Pool.results`): ``games`` (verified games
        counted), ``next`` (the number k of the game to deal them next: the first of their series
        not counted), ``values`` (their games' results in order) and ``tallies`` (counts typed
        from real cards, not verified): :meth:`Pool.own_results`, a query of the student's rows."""
        return self.pool.own_results(self.code, token)[1]

    def class_handlers(self) -> list:
        base = re.escape(self.base_url.rstrip("/"))  # matched as written: ``.`` and ``+`` may be in it
        code = r"/class/([^/]+)"
        kw = {"server": self}
        routes = [
            (r"/class/?", TypeCodePage),
            (code + r"/?", StudentPage), (code + r"/join", JoinHandler), (code + r"/me", MeHandler),
            (code + r"/game", GameHandler), (code + r"/progress", ProgressHandler), (code + r"/results", ResultsHandler), (code + r"/tally", TallyHandler),
            (code + r"/qr\.svg", QrHandler), (code + r"/dashboard", DashboardPage), (code + r"/dashboard/", DashboardSlash), (code + r"/version", VersionHandler),
            (code + r"/summary", SummaryHandler), (code + r"/results\.csv", CsvHandler), (code + r"/open", OpenHandler),
            (code + r"/remove", RemoveHandler), (code + r"/end", EndHandler), (r"/class/.*", NotFound), (r"/favicon\.ico", Favicon),
            (r"/voila/api/shutdown/(.*)", KernelGoodbye),  # every id: Voila's own handler never answers
            # jupyter_server's logout (no login here: its 500 and traceback), and the kernel API's
            # start, restart and interrupt, as JSON refusals
            (r"/logout/?", NotFound), (r"/api/kernels/?", KernelApiRefused),
            (r"/api/kernels/[^/]+/(?:restart|interrupt)/?", KernelApiRefused),
        ]
        return [(base + path, cls, kw) for path, cls in routes]

    #: show Voila's routine log and the kernels' (``catcards class --verbose``); else only errors
    verbose: bool = False
    #: how many students' kernels wait ready (Voila's preheat pool; 0: none)
    preheat: int = 0
    #: called with (ready, target) whenever the number of ready kernels changes while the pool
    #: fills (the command prints a progress line)
    on_pool_progress: Any = None

    def start(self) -> None:  # Voila.start with the pool's handlers first and bounded bodies
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        settings = self.init_settings()
        self.note_kernels(quiet=not self.verbose)  # every kernel's manager: the stop kills what is left
        if not self.verbose:  # errors only: not each request answered (4xx are warnings) nor tornado's notes
            # tornado.application too (as catcards app's APP_QUIET_CONFIG): jupyter_server's handlers
            # log each 4xx they answer there as a warning ("wrote error: 'Kernel does not exist: ...'",
            # a table page's kernel asked about after "End the class" stopped it), printed bare by
            # logging's last-resort handler; an uncaught exception is an error and still shows
            for name in ("tornado.access", "tornado.general", "tornado.application"):
                logging.getLogger(name).setLevel(logging.ERROR)
        if self.preheat > 0 and hasattr(self.kernel_manager, "_pools"):
            self.kernel_pool = KernelPool(self.kernel_manager, self.preheat, self.on_pool_progress)
        self.app = HostCheckedApplication(self, HostCheck(self.ip, self.public_url, self.allowed_hosts), **settings)
        self.app.settings.update(self.tornado_settings)
        from jupyter_server.services.kernels.handlers import KernelHandler
        from voila.tornado.handler import TornadoVoilaHandler
        from voila.request_info_handler import RequestInfoSocketHandler
        from catcards.voila_options import kernel_socket_route

        voila_handlers = []
        for h in self.init_handlers():
            if isinstance(h, tuple) and h[1] is TornadoVoilaHandler:
                h = (h[0], _table_handler(h[1], self), *h[2:])
            elif kernel_socket_route(h):
                h = (h[0], _owner_only(h[1], self, "channels"), *h[2:])
            elif isinstance(h, tuple) and h[1] is KernelHandler:
                h = (h[0], _owner_only(h[1], self, "kernel"), *h[2:])
            elif isinstance(h, tuple) and h[1] is RequestInfoSocketHandler:
                h = (h[0], _kernels_only(h[1], self), *h[2:])
            elif isinstance(h, tuple) and isinstance(h[1], type) and issubclass(h[1], tornado.web.StaticFileHandler):
                h = (h[0], _safe_files(h[1]), *h[2:])
            voila_handlers.append(_literal_prefix(h, self.base_url))
        # last, every address outside base_url (under --base-url /user/ana/: /, /lab, /user/ana
        # without its slash), which no route of the pool's or Voila's takes: the server's 404
        # (NotFound), not tornado's bare HTML page (server62)
        outside = [(r".*", NotFound, {"server": self})]
        self.app.add_handlers(".*$", self.class_handlers() + voila_handlers + outside)
        limits = connection_limits(self.pool.max_students, raise_open_files())
        self.serve(self._listening, **http_server_options(), **limits)

    def _listening(self) -> None:
        if getattr(self, "kernel_pool", None) is not None:
            self.kernel_pool.watch()
        self.on_listening()

    def on_listening(self) -> None:
        """Called once the server listens (the command prints the class's links here)."""


#: what a students' kernel logs unless ``catcards class --verbose``: critical failures only.
#: Each kernel's "Kernel is running over TCP without encryption ... eavesdropping" warning is
#: about its connection to this server on this computer's loopback, and said nothing to a
#: teacher; and at Ctrl+C each preheated kernel still waiting for its student logged an ERROR
#: with a traceback ("ZMQError: Socket operation on non-socket": its pending run answered after
#: the server had closed its sockets), harmless and alarming. What goes wrong in a student's
#: table is said on the student's page (the tables' message area), not in this log.
KERNEL_QUIET = "--IPKernelApp.log_level=CRITICAL"


def _literal_prefix(route: Any, base_url: str) -> Any:
    """``route``, one of Voila's handlers (``(pattern, handler, ...)``), with its pattern's
    ``base_url`` matched as written: Voila makes its patterns by joining the prefix and a regular
    expression, so a prefix's ``.`` matched any character and its ``+`` repeated the one before
    (server62b). A route not under ``base_url`` is returned as it is."""
    if isinstance(route, tuple) and isinstance(route[0], str) and route[0].startswith(base_url):
        return (re.escape(base_url) + route[0][len(base_url):], *route[1:])
    return route


def _quiet_kernels(factory: Any) -> Any:
    """``factory`` (jupyter_client's ``kernel_manager_factory``: makes one kernel's manager)
    whose managers start their kernel with :data:`KERNEL_QUIET`, its own error output (file
    descriptor 2) written to a temporary file, ``manager.said``, not to the teacher's terminal:
    a kernel that cannot start prints its traceback there (ZMQ "Address already in use" when
    another program took its port between jupyter_client choosing it and the kernel binding it,
    on a busy computer), and :meth:`KernelPool.drop_failed` says it in one line."""

    def create(*args: Any, **kwargs: Any) -> Any:
        manager = factory(*args, **kwargs)
        command = manager.format_kernel_cmd
        manager.format_kernel_cmd = lambda extra_arguments=None: command([*(extra_arguments or []), KERNEL_QUIET])
        manager.said = tempfile.TemporaryFile()
        manager.launches = 0  # more than 1: its process died and was started again (KernelPool.drop_failed)
        launch = manager._async_launch_kernel   # also each restart by jupyter_client's restarter

        async def launch_quietly(kernel_cmd: list[str], **kw: Any) -> None:
            manager.launches += 1
            await launch(kernel_cmd, **{**kw, "stderr": manager.said})

        manager._async_launch_kernel = launch_quietly
        return manager

    return create


def kernel_said(manager: Any) -> str:
    """The last line a kernel wrote to its error output (``manager.said``, :func:`_quiet_kernels`),
    at most 200 characters; "" when there is none (or with ``--verbose``: the terminal has it)."""
    said = getattr(manager, "said", None)
    if said is None:
        return ""
    said.seek(0)
    lines = [line.strip() for line in said.read().decode("utf-8", "replace").splitlines() if line.strip()]
    said.seek(0, os.SEEK_END)
    return short_text(lines[-1], 200) if lines else ""


def _noted_kernels(factory: Any, managers: list) -> Any:
    """``factory`` (jupyter_client's ``kernel_manager_factory``: makes one kernel's manager) that
    adds each manager it makes to ``managers`` (the server's list, which keeps them alive): a
    kernel whose start was cut short is in no list of the kernel manager, but its process may run
    (:func:`kill_kernels`). Managers whose kernel has ended are dropped from the list meanwhile."""

    def create(*args: Any, **kwargs: Any) -> Any:
        manager = factory(*args, **kwargs)
        managers[:] = [noted for noted in managers if not _kernel_ended(noted)]
        managers.append(manager)
        return manager

    return create


def _kernel_ended(manager: Any) -> bool:
    """The kernel of ``manager`` (a jupyter_client kernel manager) has ended: its process exited,
    or it has none and its start is over (shut down, or failed before its launch)."""
    process = getattr(getattr(manager, "provisioner", None), "process", None)
    if process is not None:
        return process.poll() is not None
    return manager.ready.done()


def running_kernels(managers: Any) -> list:
    """Those of ``managers`` (jupyter_client kernel managers) whose kernel process runs (not
    those never launched, or shut down)."""
    running = []
    for manager in list(managers):
        process = getattr(getattr(manager, "provisioner", None), "process", None)
        if process is not None and process.poll() is None:
            running.append(manager)
    return running


def kill_kernels(managers: Any) -> int:
    """Kill (SIGKILL) the process of each of ``managers`` (jupyter_client kernel managers) that
    still runs (:func:`running_kernels`), with its process group when it leads one
    (jupyter_client starts a kernel in a session of its own); returns how many were killed (a
    process gone meanwhile is not counted)."""
    killed = 0
    for manager in running_kernels(managers):
        provisioner = manager.provisioner
        process = provisioner.process
        try:
            if getattr(provisioner, "pgid", None) == process.pid and hasattr(os, "killpg"):
                os.killpg(process.pid, signal.SIGKILL)
            else:
                process.kill()
            killed += 1
        except OSError:  # ended meanwhile
            pass
    return killed


#: seconds without a page taking a kernel before the pool starts refilling: a class joining
#: takes a kernel every second or two, and a kernel starting during the rush takes CPU from the
#: pages being served (measured: a page that waited for a refilled kernel took 32 s at load 20)
REFILL_QUIET = 15.0
#: kernels started at once when the pool refills (each takes about 1 CPU-second to get ready)
REFILL_BATCH = 2


class KernelPool:
    """Voila's preheated kernels, sized to a class and refilled outside the rush.

    Voila (``voila.voila_kernel_manager``) starts ``default_pool_size`` kernels at start, runs
    the class app notebook in each up to :func:`catcards.classroom.page.page_query`, and, each
    time a page takes one, starts a replacement one second later (``fill_delay``). With a class
    joining at once those replacements start while the other students' pages are being served,
    and a page that gets a kernel still starting waits for it. Here a page that takes a kernel
    only notes the time; once no page has taken one for :data:`REFILL_QUIET` seconds, the pool
    is refilled :data:`REFILL_BATCH` kernels at a time. A page that finds the pool empty gets a
    kernel started for it (Voila's usual path).

    A kernel is *ready* when its notebook waits for its page: its websocket is open at Voila's
    ``voila/query`` (``RequestInfoSocketHandler``). ``progress(ready, size)`` is called when
    that count changes until the pool is first full.
    """

    def __init__(self, manager: Any, size: int, progress: Any = None):
        self.manager, self.size, self.progress = manager, size, progress
        self.notebook = manager.notebook_path
        self.last_taken = float("-inf")
        self.filled_once = False
        self._shown = -1
        #: kernel starts that failed (:meth:`drop_failed`); beyond :attr:`size`, no refill
        self.failures = 0
        #: ids of the pool's kernels seen ready (their notebook waiting for a page)
        self._seen_ready: set[str] = set()
        pool = self

        class ClassKernelManager(type(manager)):  # the refill after a page takes a kernel
            def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables={}, **kwargs):
                if delay is None:  # Voila's refill after a page took a kernel: later, when quiet
                    pool.last_taken = time.monotonic()
                    return None
                return super().fill_if_needed(delay, notebook_name, extra_kernel_env_variables, **kwargs)

        manager.__class__ = ClassKernelManager

    def ready(self) -> int:
        """Kernels of the pool whose notebook waits for a page."""
        from voila.request_info_handler import RequestInfoSocketHandler

        waiting = RequestInfoSocketHandler._waiters
        count = 0
        for task in self.manager._pools.get(self.notebook, []):
            if (started(task) or {}).get("kernel_id") in waiting:
                count += 1
        return count

    def tick(self) -> None:
        """Once a second: drop the kernels that failed to start; report progress; refill a batch
        when the class is quiet and the kernels started last are ready."""
        pool = self.manager._pools.get(self.notebook, [])
        self.drop_failed(pool)
        ready = self.ready()
        if not self.filled_once:
            if ready != self._shown and self.progress is not None:
                self.progress(ready, self.size)
            self._shown = ready
            self.filled_once = ready >= self.size
        if len(pool) < self.size and ready == len(pool) and time.monotonic() - self.last_taken >= REFILL_QUIET \
                and self.failures <= self.size:
            config = dict(self.manager.kernel_pools_config)
            config["default"] = {**config.get("default", {}), "pool_size": min(self.size, len(pool) + REFILL_BATCH)}
            self.manager.kernel_pools_config = config
            self.manager.fill_if_needed(delay=0, notebook_name=self.notebook)

    def drop_failed(self, pool: list) -> int:
        """Take out of ``pool`` (Voila's list of kernel start tasks) the starts that failed
        (:func:`start_failure`), shut down what is left of their kernels, and say so, one line
        each (never a traceback); returns how many.

        On a busy computer a start fails in two ways. Voila's start task itself fails ("Kernel
        didn't respond in 60 seconds"); or, as seen, it succeeds but the kernel process exits at
        once (ZMQ "Address already in use": another program took one of its ports), so Voila's
        run of the class app in it fails ("Kernel died before replying to kernel_info") while
        jupyter_client's restarter may start the process again on new ports, where nothing talks
        to it. Either way the start stayed in Voila's pool: never ready, never replaced ("29 of
        30" for good); and the kernel's traceback and asyncio's "Task exception was never
        retrieved" were printed in the teacher's terminal. Each start taken out is ended by
        :meth:`_end_start` (Voila's run of the class app in it cancelled and its outcome read,
        its kernel shut down): nothing more is printed of it. The pool is refilled by :meth:`tick`
        until :attr:`failures` exceeds its size (a computer where no kernel starts is not made to
        start them for ever; a student's page still starts its own).

        A kernel of the pool whose process stopped (killed, e.g. by the system when memory ran
        short) is dropped and replaced the same way: jupyter_client's restarter starts a bare
        process in its place, without the class app, so the next student given it got Voila's
        "An exception occurred at the server" instead of a table, under "N of N (all ready)"
        when it had been ready, else the count stayed at "N-1 of N" (break44). It is seen by its
        process started again (``launches``, :func:`_quiet_kernels`), or, sooner, by its
        notebook no longer waiting after it was ready while its start is still in the pool (a
        page takes a kernel out of the pool first)."""
        from voila.request_info_handler import RequestInfoSocketHandler

        waiting = RequestInfoSocketHandler._waiters
        failed = []
        for task in pool:
            why, result = start_failure(task), started(task)
            if why is None and result is not None:
                kernel_id = result.get("kernel_id")
                try:
                    restarted = getattr(self.manager.get_kernel(kernel_id), "launches", 1) > 1
                except KeyError:  # the restarter gave up on it and it was removed
                    restarted = True
                if kernel_id in waiting and not restarted:
                    self._seen_ready.add(kernel_id)
                elif restarted or kernel_id in self._seen_ready:
                    why = "its kernel stopped"
            if why is not None:
                failed.append((task, why))
        for task, why in failed:
            pool.remove(task)
            self.failures += 1
            kernel_id = (started(task) or {}).get("kernel_id")
            if kernel_id is not None:
                self._seen_ready.discard(kernel_id)
                try:
                    why = kernel_said(self.manager.get_kernel(kernel_id)) or why
                except KeyError:  # jupyter_client's restarter gave up on it and it was removed
                    pass
                if "Address already in use" in why:  # two programs chose one free port at once
                    why = "its kernel found its network port taken by another program"
            self._end_start(task)
            then = ("another one is started in its place" if self.failures <= self.size else
                    f"{self.failures} have failed, so no more are started before students ask "
                    "(a student's page still starts its own)")
            # on a terminal the count line is being rewritten in place: this line takes its place
            # (cleared), and the next count is written under it, not after it on the same line
            clear = "\r\x1b[K" if sys.stderr.isatty() else ""
            print(f"{clear}A student's table could not be used ({why}); {then}.", file=sys.stderr, flush=True)
        return len(failed)

    async def _shut_down(self, kernel_id: str) -> None:
        try:
            await self.manager.shutdown_kernel(kernel_id, now=True)
        except Exception:  # noqa: BLE001 - already gone (it died, and the restarter gave up on it)
            pass

    def watch(self) -> None:
        """Start the once-a-second check on the server's event loop."""
        self._callback = tornado.ioloop.PeriodicCallback(self.tick, 1000)
        self._callback.start()

    def stop_watching(self) -> None:
        """Stop the once-a-second check (:meth:`tick`): no refill, no progress line."""
        callback = getattr(self, "_callback", None)
        if callback is not None:
            callback.stop()

    def stop(self) -> None:
        """The class has ended, so no page will take a kernel: stop the once-a-second check (no
        refill), take every start out of Voila's pool and shut its kernel down, at once or, for
        a start still running, once it has started. (A class of 30 kept 30 idle kernels, about
        75 MB each, until Ctrl+C.) Voila's run of the class app in each of these kernels is
        cancelled and its outcome read (:meth:`_shut_down_started`): a kernel shut down while
        its run was starting (the pool refilling) made the run fail ("Kernel died before
        replying to kernel_info"), and asyncio printed "Task exception was never retrieved"
        and a traceback per kernel in the teacher's terminal (break53)."""
        self.stop_watching()
        pool = self.manager._pools.get(self.notebook, [])
        tasks, pool[:] = list(pool), []
        for task in tasks:
            task.add_done_callback(self._shut_down_started)

    def _shut_down_started(self, task: Any) -> None:
        self._end_start(task)

    def _end_start(self, task: Any) -> None:
        """End a kernel start of Voila's pool that is over (``task``, done) and that no page will
        take: read its outcome, cancel Voila's run of the class app in its kernel and read that
        run's outcome whenever it ends, and shut its kernel down. Shut down under it, the run
        fails ("Kernel died before replying to kernel_info"); unread, asyncio printed "Task
        exception was never retrieved" and a traceback in the teacher's terminal (break53 at the
        end of a class; also for a kernel that stopped, :meth:`drop_failed`)."""
        start_failure(task)  # a failed start's exception is read: asyncio prints nothing of it
        result = started(task) or {}
        run = result.get("task")  # Voila's run of the class app in the kernel: no page will read it
        if run is not None:
            run.cancel()
            run.add_done_callback(read_outcome)  # its outcome read, whatever it is: nothing printed
        kernel_id = result.get("kernel_id")
        if kernel_id is not None:
            asyncio.ensure_future(self._shut_down(kernel_id))


def earlier_class_words(code: str) -> str:
    """A student's words for a class of the store that has ended or is not running now (``code``
    as shown: text, or HTML already escaped), on their join page and their table's page alike."""
    return (f"The class {code} has ended (or is not running now): your results are kept. "
            "Ask your teacher for the new code.")


def started(task: Any) -> dict[str, Any] | None:
    """The result of a kernel start of Voila's pool (an asyncio task) that has succeeded
    (``{"kernel_id", "task", "renderer"}``), else None (still running, cancelled or failed)."""
    return task.result() if task.done() and not task.cancelled() and task.exception() is None else None


def read_outcome(run: Any) -> None:
    """Read the outcome of Voila's run of the class app in a kernel (an asyncio task, done), so
    that asyncio prints nothing of it: its exception is marked retrieved; a result or a
    cancellation needs nothing. Not :func:`start_failure`, which reads a start of Voila's pool
    (its result a dict): a run's result is a tuple, and a run that ended with one (its kernel
    killed before the pool noticed) printed "AttributeError: 'tuple' object has no attribute
    'get'" and a traceback in the teacher's terminal (break54)."""
    if not run.cancelled():
        run.exception()


def start_failure(task: Any) -> str | None:
    """Why a kernel start of Voila's pool (an asyncio task: its result is ``{"kernel_id",
    "task", "renderer"}``, ``task`` the run of the class app in the kernel) failed, as
    ``"Type: message"`` or ``"cancelled"``; None while it runs or once it succeeded. Reading the
    exception marks it retrieved (asyncio prints no "Task exception was never retrieved")."""
    result = started(task)
    run = task if result is None else result.get("task")
    if run is None or not run.done():
        return None
    if run.cancelled():
        return "cancelled"
    error = run.exception()
    return None if error is None else f"{type(error).__name__}: {error}"


def kernel_server_url(ip: str, port: int, base_url: str) -> str:
    """The address a student's kernel (on this computer) reaches the server at: 127.0.0.1 when it
    listens on every network (``::`` too: :func:`listen_address`, both families)."""
    host = "127.0.0.1" if ip in EVERY_NETWORK else ip
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}{base_url}"


def environment_for_kernels(ip: str, port: int, base_url: str) -> None:
    """Tell the students' kernels (they inherit this process's environment) where to submit."""
    os.environ[SERVER_ENV] = kernel_server_url(ip, port, base_url)


#: where ``catcards class`` keeps the class when ``--store`` is not given: a folder in the
#: working folder (the SQLite file ``class.sqlite`` inside it)
DEFAULT_STORE = "catcards-class"
#: how many students' kernels are started before anyone asks (Voila's ``preheat_kernel`` pool,
#: :class:`KernelPool`): a class's worth, so that a class joining at once finds every table ready
#: (a kernel started for a page while the class joins takes about 1 CPU-second and slows every
#: other page on a 2-core laptop); each waiting kernel holds about 75 MB (52 MB of its own)
DEFAULT_PREHEAT = 30
#: environment variable with the teacher's token, to print the whole dashboard link again when
#: a class is resumed (the store keeps only a hash of the token)
TEACHER_TOKEN_ENV = "CATCARDS_TEACHER_TOKEN"


def private_settings() -> str:
    """Make a new empty folder (its path returned) and point Jupyter's and IPython's user settings
    at it, for this process and the kernels it starts (they inherit its environment):
    ``JUPYTER_CONFIG_DIR`` (its ``jupyter``; instead of ``~/.jupyter``) and ``IPYTHONDIR`` (its
    ``ipython``; instead of ``~/.ipython``). A ``jupyter_config.py`` or ``ipython_config.py``
    there, or an IPython startup file (``profile_default/startup/*.py``), ran inside the server or
    in every student's table kernel, and could turn off its checks or read the table's secret
    (hostile tester, break57s). The installation's own settings (``sys.prefix/etc/jupyter``,
    ``/etc/jupyter``) are still read. The caller removes the folder when the server stops."""
    folder = tempfile.mkdtemp(prefix="catcards-class-settings-")
    for name, variable in (("jupyter", "JUPYTER_CONFIG_DIR"), ("ipython", "IPYTHONDIR")):
        os.mkdir(os.path.join(folder, name))
        os.environ[variable] = os.path.join(folder, name)
    return folder


def find_jupyter_data() -> None:
    """Make Voila's templates and the widgets' JavaScript findable from a virtual environment
    made with ``--system-site-packages``: Jupyter looks in ``sys.prefix/share/jupyter``, but
    packages installed in the base Python keep their data in ``sys.base_prefix/share/jupyter``;
    that folder is added to ``JUPYTER_PATH`` when the templates are only there. Also adds the
    class's own template (``jupyter/voila/templates/catcards-class``)."""
    import sys

    from jupyter_core.paths import jupyter_path

    paths = [os.environ.get("JUPYTER_PATH"), str(HERE / "jupyter")]  # the class's own Voila template
    base = Path(sys.base_prefix, "share", "jupyter")
    if not any(Path(p, "lab").is_dir() for p in jupyter_path("voila", "templates")) and (
            base / "voila" / "templates" / "lab").is_dir():
        paths.append(str(base))
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, paths))


class OwnPythonKernels(KernelSpecManager):
    """The class server's kernel specs: only ``python3``, ipykernel's own spec, whose command is
    this server's interpreter (``[sys.executable, "-m", "ipykernel_launcher", "-f",
    "{connection_file}"]``: ``ipykernel.kernelspec.get_kernel_dict``). No kernelspec folder is
    read (``kernel_dirs`` empty): a ``python3`` spec in the teacher's
    ``~/.local/share/jupyter/kernels`` (or ``JUPYTER_DATA_DIR``, ``JUPYTER_PATH``, the system's
    folders) pointing at another Python started every table with it, outside the environment
    catcards runs in (break59: missing packages, or another catcards). Set as Voila's
    ``VoilaConfiguration.kernel_spec_manager_class`` (:func:`_voila_argv`; ``catcards app``'s
    too, ``cli._app_argv``)."""

    @default("kernel_dirs")
    def _no_kernel_folders(self) -> list[str]:
        return []


#: the JupyterLab extensions a student's table loads: the widgets' and Voila's widget manager
WIDGET_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8")


def _voila_argv(ip: str, port: int, base_url: str, preheat: int, verbose: bool = False) -> list[str]:
    from catcards.voila_options import APP_CULLING, APP_EXECUTION

    argv = [str(CLASS_APP), f"--port={port}", f"--Voila.ip={ip}", "--no-browser", "--Voila.port_retries=0",
            # Voila's routine lines (a kernel started, "Notebook ... is not trusted", each request
            # answered) scrolled the dashboard link away: errors only, unless --verbose
            f"--Voila.log_level={'INFO' if verbose else 'ERROR'}",
            f"--Voila.base_url={base_url}", "--template=catcards-class",
            # only the widgets' extensions: others installed beside JupyterLab (a JupyterLite
            # kernel's, which threw "Cannot read properties of undefined (reading 'LicensesClient')")
            # fail or warn in Voila's page and are not used
            *(f"--VoilaConfiguration.extension_allowlist={name}" for name in WIDGET_EXTENSIONS),
            # the tables' kernels run this server's Python, whatever kernelspecs the computer has
            f"--VoilaConfiguration.kernel_spec_manager_class={__name__}.OwnPythonKernels",
            # the table's own template and theme, whatever its address asks (break59s:
            # ?template=../x answered 500 and printed about 70 lines of traceback in the
            # teacher's terminal; ?template=lab or reveal rendered the table in another template)
            "--VoilaConfiguration.allow_template_override=NO", "--VoilaConfiguration.allow_theme_override=NO",
            *APP_CULLING, *APP_EXECUTION]
    if preheat > 0:
        argv += ["--VoilaConfiguration.preheat_kernel=True", f"--VoilaConfiguration.default_pool_size={preheat}"]
    return argv


def open_class(pool: Any, game: str, activity: str | None, nicknames: bool, new: bool) -> Any:
    """The class this server serves: the newest class of ``game`` (and ``activity``) in the
    store that has not ended (resumed: same code, same results), else a new one
    (:meth:`Pool.start`). ``new`` always starts a new class. Returns the pool's ``ClassInfo``
    (its ``teacher_token`` None when resumed without :data:`TEACHER_TOKEN_ENV`)."""
    if not new:
        for info in reversed(list(pool.classes())):
            if info.game == game and not info.ended and (activity is None or _activity_key(info) == activity):
                token = os.environ.get(TEACHER_TOKEN_ENV)
                if token:
                    return pool.resume(info.code, token)
                return info
    return pool.start(game, activity, nicknames=nicknames)


def class_to_serve(pool: Any, game: str, activity: str, nicknames: bool, new: bool) -> tuple[Any, str | None, bool]:
    """The class a start serves (:func:`open_class`), what the start says about it, and whether
    it was started now (False: resumed). What it says: the :func:`ended_note` for a class
    started now, None for a resumed one (a README user's resumed class was announced as "a new
    class with a new code" after an earlier class had ended) or one started with ``new``."""
    known = {c.code for c in pool.classes()}
    info = open_class(pool, game, activity, nicknames, new)
    started_now = info.code not in known
    notes = [ended_note(pool, game, activity, info) if not new else None, open_note(pool, info)] if started_now else []
    return info, " ".join(n for n in notes if n) or None, started_now


def open_note(pool: Any, info: Any) -> str | None:
    """What a start of a new class ``info`` says when other classes in the store are still open
    (not ended): a README user who started a Pairs class in the folder of an open Snap class got
    a second class without a word, and `catcards results` then listed both as open. None when
    there are none."""
    others = [c for c in pool.classes() if not c.ended and c.code != info.code]
    if not others:
        return None
    named = ", ".join(f"{c.code} ({c.game})" for c in others[-3:]) + (" and others" if len(others) > 3 else "")
    return (f"Also open in this store: class {named}. Each class keeps its own code and results "
            "(`catcards results` lists them); end one on its dashboard when it is over.")


def ended_note(pool: Any, game: str, activity: str, info: Any) -> str | None:
    """What a start says when the newest other class of ``game`` and ``activity`` in the store
    was ended, so that ``info`` (the class it serves) is a new one with a new code: a teacher
    who pressed "End the class" and started the server again had a new code without a word;
    None otherwise."""
    same = [c for c in pool.classes() if c.game == game and _activity_key(c) == activity and c.code != info.code]
    if same and same[-1].ended:
        return (f"The last class of this activity here ({same[-1].code}) was ended, so this is a new class "
                "with a new code: give your students this one.")
    return None


def _activity_key(info: Any) -> str:
    value = info.activity
    return value if isinstance(value, str) else value.key


def table_activity(act: Any) -> dict[str, Any]:
    """What a student's table kernel needs of the class's activity ``act`` (JSON content, given it
    in ``CATCARDS_CLASS_TABLE``): its key, game, parameters, unit and instructions, and
    ``finished``, the ``"module:name"`` of its test of a game with a result, which the table
    imports to send each game as soon as it has one (at the deal for Simon's Cat's set-aside
    card). Not the activities themselves: importing them all imports pandas."""
    return {"key": act.key, "game": act.game, "params": dict(act.params), "unit": act.unit,
            "instructions": act.instructions, "finished": act.finished_name}


def run_class(game: str, *, activity: str | None = None, ip: str = "127.0.0.1", port: int = 8867,
              store: str = DEFAULT_STORE, nicknames: bool = True, as_json: bool = False, base_url: str = "/",
              public_url: str | None = None, preheat: int = DEFAULT_PREHEAT, new: bool = False,
              max_students: int | None = None, verbose: bool = False, allow_hosts: Any = ()) -> int:
    """Serve a class of ``game`` until stopped (``catcards class GAME``); returns the exit status.

    Opens the store (:func:`catcards.classroom.store.open_store`: a folder or SQLite file, or a
    ``postgresql://`` URL), resumes the class in it or starts one (:func:`open_class`), and serves
    it with :class:`ClassServer` on ``ip``:``port`` under ``base_url``. ``public_url`` is the
    address students use (default ``http://IP:PORT{base_url}``; behind a JupyterHub, the hub's
    address and the service's prefix). ``max_students`` caps the class (default
    :data:`~catcards.classroom.pool.DEFAULT_MAX_STUDENTS`). A request is answered only when its
    ``Host`` is one the server serves (:class:`HostCheck`: localhost and loopback addresses,
    ``ip``, the host of ``public_url``, and the names or addresses of ``allow_hosts``; any IP
    address when ``ip`` is every network). Every argument is checked (the
    activity, the store's place, the address and port) before anything is made. Prints the code, the join link, its QR code and the
    dashboard link; with ``as_json`` only one line, a JSON object with ``code``, ``join_url``,
    ``dashboard_url``, ``teacher_token``, ``new_class`` (true: started now; false: resumed) and
    ``note`` (the text's sentence that an ended class was replaced by this new one, else null:
    :func:`class_to_serve`), the whole of standard output (the lines below and the
    words at the stop go to standard error). Then one line of how many students' tables are ready;
    of Voila's log and the kernels', only errors, unless ``verbose`` (their routine lines too).
    At Ctrl+C (or SIGTERM) it says "Stopping: closing N kernels (the students' tables)...",
    closes them (:meth:`ClassServer.stop`), closes the store and says that the class is kept
    (:func:`stopped_words`); nothing it started is left running, so the command ends its process
    at once after it (:func:`catcards.cli.run`).

    Raises:
        CatcardsError: an unknown game or activity, a store that cannot be used or opened
            (StoreError), a port in use or an address of no network here, an ``allow_hosts``
            item that is not a host name or IP address (ClassServerError), a ``max_students``
            outside 1 to 3000 (PoolError).
    """
    import sys

    from catcards.classroom.activities import activity as find_activity, default_activity
    from catcards.classroom.pool import DEFAULT_MAX_STUDENTS, MAX_STUDENTS, Pool, PoolError
    from catcards.classroom.store import open_store, store_place

    base_url = check_base_url(base_url)
    allowed_hosts = tuple(check_host_name(name) for name in allow_hosts)
    chosen = find_activity(activity) if activity else default_activity(game)
    if chosen.game != game:
        raise PoolError(400, f"the activity {chosen.key!r} is for {chosen.game}, not {game}")
    max_students = DEFAULT_MAX_STUDENTS if max_students is None else max_students
    if isinstance(max_students, bool) or not isinstance(max_students, int) or not 1 <= max_students <= MAX_STUDENTS:
        raise PoolError(400, f"--max-students is a whole number from 1 to {MAX_STUDENTS}")
    store_place(store)  # nothing is made for a store that cannot be one (a mysql:// URL, a text file)
    check_address(ip, port)  # nor for a port in use
    pool = Pool(open_store(store), max_students=max_students)
    info, note, started_now = class_to_serve(pool, game, chosen.key, nicknames, new)
    shown_host = "127.0.0.1" if ip in EVERY_NETWORK else ip
    # the default address answers this computer only: its link and QR code cannot work on a
    # student's phone (a fresh README user's class printed them without a word)
    local_only = public_url is None and (ip in ("localhost", "::1") or ip.startswith("127."))
    if public_url is None:
        if ip in EVERY_NETWORK:
            import socket

            try:
                with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:  # no packet is sent
                    probe.connect(("192.0.2.1", 9))
                    shown_host = probe.getsockname()[0]
            except OSError:
                pass
        public_url = f"http://{shown_host}:{port}{base_url}"
    public_url = public_url.rstrip("/") + "/"

    os.environ[SERVER_ENV] = kernel_server_url(ip, port, base_url)
    # where a preheated kernel waits for its page (page.page_query; Voila leaves it 127.0.0.1,
    # which a server listening on one network address does not answer)
    os.environ["VOILA_APP_IP"] = kernel_server_url(ip, port, base_url).split("//")[1].rsplit(":", 1)[0]
    os.environ["CATCARDS_CLASS_CODE"] = info.code
    # the students' table kernels (they inherit this environment; a page cannot run code in them)
    # send it with their games, which are then not bound per address: ClassServer.from_own_table
    table_secret = secrets.token_urlsafe(32)
    os.environ[TABLE_SECRET_ENV] = table_secret
    os.environ["CATCARDS_CLASS_ACTIVITY"] = chosen.key
    # what a student's table needs of the activity, so that their kernels import only the game
    os.environ["CATCARDS_CLASS_TABLE"] = json.dumps(table_activity(chosen))

    find_jupyter_data()
    app = ClassServer()
    app.pool, app.info, app.activity, app.public_url = pool, info, chosen, public_url
    app.table_secret = table_secret
    app.allowed_hosts = allowed_hosts
    app.max_tables = max_students + preheat
    urls = app.urls

    def announce() -> None:
        said()
        if shown["waiting"] is not None:  # the tables' progress seen before the links: said after them
            progress(*shown["waiting"])

    def said() -> None:
        shown["announced"] = True
        if as_json:
            # the text's sentence about an ended class too: a script started a new code unawares
            print(json.dumps({"code": info.code, "join_url": urls["join_url"], "dashboard_url": urls["dashboard_url"],
                              "teacher_token": info.teacher_token, "new_class": started_now, "note": note}),
                  flush=True)
            return
        lines = [f"{chosen.title}: class {info.code}", "", *([note, ""] if note else []),
                 f"Students join at {urls['join_url']}",
                 f"or open {public_url}class and type the code {info.code}.",
                 *(["(This address works on this computer only. For students' phones and laptops, "
                    "stop with Ctrl+C and start again with --ip 0.0.0.0.)"] if local_only else []),
                 "", terminal_qr(urls["join_url"])]
        if urls["dashboard_url"]:
            lines += ["Your dashboard (keep this link to yourself: it holds your teacher's token):",
                      f"  {urls['dashboard_url']}"]
        else:
            lines += ["Resumed the class: open the dashboard link printed when it started",
                      f"(or set {TEACHER_TOKEN_ENV} to the teacher's token to print it again)."]
        lines += ["", "Ctrl+C stops the server; the class and its results stay in the store."]
        print("\n".join(lines), flush=True)

    shown = {"lines": 0, "announced": False, "waiting": None}

    def progress(ready: int, size: int) -> None:
        # the students' kernels start while the teacher reads the links: say when all are ready,
        # in one line (rewritten in place on a terminal), not a line per kernel under the links;
        # a count reported before the links are printed (a busy computer) waits for them
        if not shown["announced"]:
            shown["waiting"] = (ready, size)
            return
        out = sys.stderr if as_json else sys.stdout
        text = f"Students' tables ready: {ready} of {size}" + (" (all ready)" if ready >= size else "")
        if out.isatty():
            print("\r" + text, end="\n" if ready >= size else "", file=out, flush=True)
        elif ready >= size or shown["lines"] == 0:
            print(text, file=out, flush=True)
        shown["lines"] += 1

    def ended(code: str) -> None:
        # the terminal said nothing when the class was ended from the dashboard (break45); on a
        # terminal a count line being rewritten in place is cleared first, as drop_failed does
        out = sys.stderr if as_json else sys.stdout
        clear = "\r\x1b[K" if out.isatty() else ""
        print(f"{clear}Class {code} was ended from the dashboard: no one can join it or send results now; its "
              "results are kept in the store. Ctrl+C stops the server.", file=out, flush=True)

    def stopping(kernels: int) -> None:
        # the stop takes a moment (each kernel is given STOP_GRACE): say so at once, on a line of
        # its own (a count line being rewritten in place is cleared first, as ended does)
        out = sys.stderr if as_json else sys.stdout
        clear = "\r\x1b[K" if out.isatty() else ""
        tables = f"{kernels} kernel{'' if kernels == 1 else 's'} (the students' tables)"
        print(f"{clear}Stopping: closing {tables}...", file=out, flush=True)

    app.on_listening = announce
    app.on_class_ended = ended
    app.on_stopping = stopping
    app.preheat = preheat
    app.on_pool_progress = progress
    app.verbose = verbose
    settings = private_settings()  # before Voila reads its settings, and its kernels theirs
    try:
        app.initialize(_voila_argv(ip, port, base_url, preheat, verbose))
        os.chdir(CLASS_APP.parent)
        app.start()
        # a teacher who pressed Ctrl+C sees that nothing was lost (a fresh README user saw the
        # terminal go quiet and could not tell)
        words = stopped_words(pool, info.code)
    finally:
        pool.store.close()  # every result was committed when counted; the connections close here
        shutil.rmtree(settings, ignore_errors=True)
    print(words, file=sys.stderr if as_json else sys.stdout, flush=True)
    return 0


def stopped_words(pool: Any, code: str) -> str:
    """What the server says when it stops: the class is kept and the same command starts it again
    with the same code, or, for a class that was ended, starts a new class with a new code (a
    README user was told "with the same code" after "End the class", then got a new one)."""
    if pool.info(code).ended:
        return (f"Stopped. Class {code} was ended; its results are kept in the store. The same command "
                "starts a new class, with a new code.")
    return (f"Stopped. Class {code} and its results are kept in the store: the same command starts it "
            "again, with the same code.")
