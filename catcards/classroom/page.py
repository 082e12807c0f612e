"""What a student's table kernel needs from the page that asked for it (the class app notebook,
``catcards/classroom/class_app.ipynb``).

A class server starts students' kernels before anyone asks (Voila's ``preheat_kernel`` pool):
the notebook runs up to :func:`page_query` and waits there; when a student's page takes the
kernel, Voila sends that request's details (the CGI variables ``QUERY_STRING``, ``SCRIPT_NAME``,
``SERVER_NAME``, ...) over a websocket to ``{server}voila/query/{kernel id}``
(``voila.request_info_handler.RequestInfoSocketHandler``), and the notebook goes on with the
student's token.

Voila's own helper, ``voila.utils.get_query_string``, does the same, but importing
``voila.utils`` imports jupyter_server, jupyterlab_server and nbconvert into every student's
kernel: measured here, 2.25 s of CPU and about 30 MB more per kernel, for one websocket message.
This module needs only tornado (already in every kernel: ipykernel uses it) and, unlike Voila's
helper (5 s to connect, then the notebook goes on without the query, and the student who later
gets that kernel sees no table), keeps trying to reach a busy server.
"""
from __future__ import annotations

import asyncio
import json
import os
import threading
import time

__all__ = ["page_query", "server_headers", "TABLE_SECRET_ENV", "TABLE_SECRET_HEADER"]

#: environment variable through which the table kernels a class server starts learn its secret
#: (``catcards.classroom.server.ClassServer.table_secret``, made anew at each start); only those
#: kernels get it (they inherit the server's environment), and no page is ever sent it
TABLE_SECRET_ENV = "CATCARDS_CLASS_TABLE_SECRET"
#: the request header in which a table kernel sends that secret to its server: a game that
#: carries it is not bound by the games per network address (a table sends every student's games)
TABLE_SECRET_HEADER = "X-Catcards-Table-Secret"

#: seconds one attempt to reach the server's websocket may take (a class's pages loading at
#: once keep a 2-core server busy for several seconds)
CONNECT_TIMEOUT = 30.0


def server_headers() -> dict[str, str]:
    """The headers of a table kernel's JSON request to its class server: ``Content-Type`` and,
    when the kernel was started by the server (:data:`TABLE_SECRET_ENV` set), the server's secret
    in :data:`TABLE_SECRET_HEADER`."""
    headers = {"Content-Type": "application/json"}
    secret = os.environ.get(TABLE_SECRET_ENV, "")
    if secret:
        headers[TABLE_SECRET_HEADER] = secret
    return headers


def _query_url() -> str:
    """The websocket address Voila answers a preheated kernel's wait at (as ``voila.utils``
    computes it from the environment Voila gives its kernels)."""
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    ip = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}"


async def _receive(url: str) -> str | None:
    """The one message Voila sends to ``url``; tries again (every 0.5 to 5 s) until the server
    answers: a kernel of the pool lives only as long as its server."""
    from tornado.websocket import websocket_connect

    pause = 0.5
    while True:
        try:
            connection = await websocket_connect(url, connect_timeout=CONNECT_TIMEOUT)
        except Exception:  # refused, timed out, or an HTTP error while the server is busy
            await asyncio.sleep(pause)
            pause = min(5.0, pause * 2)
            continue
        try:
            message = await connection.read_message()  # waits until a page takes this kernel
        finally:
            connection.close()
        if message is not None:
            return message if isinstance(message, str) else message.decode()
        await asyncio.sleep(0.5)  # closed without a message: wait again


def page_query() -> str:
    """The query string of the page this kernel serves (text after ``?``, e.g. ``student=TOKEN``).

    In a preheated kernel (``VOILA_PREHEAT=True``) this waits, without a time limit, until a
    page takes the kernel, then puts the request's variables in ``os.environ`` as Voila does. In
    a kernel started for its page it reads ``QUERY_STRING`` at once. Returns ``""`` when the
    answer cannot be read (the page then says how to join; nothing is raised into a student's
    page).

    The wait runs in a thread with its own event loop: the kernel's loop is busy running this
    cell. Source: Voila 0.5's ``voila.utils.wait_for_request`` (same address and message).
    """
    if os.environ.get("VOILA_PREHEAT", "False") != "True":
        return os.environ.get("QUERY_STRING", "")
    answer: list[str | None] = [None]

    def run() -> None:
        loop = asyncio.new_event_loop()
        try:
            answer[0] = loop.run_until_complete(_receive(_query_url()))
        except Exception:  # a broken connection: the page says how to join again
            answer[0] = None
        finally:
            loop.close()

    thread = threading.Thread(target=run, name="catcards-page-query", daemon=True)
    thread.start()
    thread.join()
    try:
        info = json.loads(answer[0]) if answer[0] else {}
    except ValueError:
        info = {}
    if isinstance(info, dict):
        os.environ.update({key: value for key, value in info.items() if isinstance(key, str) and isinstance(value, str)})
    return os.environ.get("QUERY_STRING", "")
