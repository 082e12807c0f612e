"""catcards.classroom.page.page_query: a preheated kernel learns its page's query from Voila's
``voila/query/<kernel id>`` websocket (here a tornado server standing in for Voila's
RequestInfoSocketHandler), also when the server starts listening only after the kernel asks."""
from __future__ import annotations

import asyncio
import json
import socket
import threading
import time

import pytest

from catcards.classroom.page import page_query


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(port: int, payload: dict, delay: float, seen: list) -> threading.Thread:
    """A websocket server at ``/voila/query/<id>`` that sends ``payload`` once a client connects,
    started ``delay`` seconds from now, stopped after one answer."""
    def run() -> None:
        import tornado.web
        import tornado.websocket

        time.sleep(delay)
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        done = asyncio.Event()

        class Query(tornado.websocket.WebSocketHandler):
            def open(self, kernel_id: str) -> None:
                seen.append(kernel_id)
                self.write_message(json.dumps(payload))
                loop.call_later(0.5, done.set)

        async def main() -> None:
            app = tornado.web.Application([(r"/voila/query/([^/]+)", Query)])
            server = app.listen(port, "127.0.0.1")
            await done.wait()
            server.stop()

        loop.run_until_complete(main())
        loop.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("delay", [0.0, 1.5])
def test_a_preheated_kernel_gets_its_pages_query_and_variables(monkeypatch, delay):
    port = _port()
    seen: list = []
    for name, value in {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port), "VOILA_SERVER_URL": "/",
                        "VOILA_KERNEL_ID": "kernel-7", "QUERY_STRING": ""}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
    monkeypatch.delenv("SCRIPT_NAME", raising=False)
    thread = _serve(port, {"QUERY_STRING": "student=abc123", "SCRIPT_NAME": "/", "SERVER_PORT": str(port)},
                    delay, seen)
    assert page_query() == "student=abc123"
    import os

    assert os.environ["SCRIPT_NAME"] == "/"
    assert seen == ["kernel-7"]
    thread.join(10)


def test_a_kernel_started_for_its_page_reads_the_environment(monkeypatch):
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "student=xyz")
    assert page_query() == "student=xyz"
    monkeypatch.delenv("VOILA_PREHEAT")
    monkeypatch.delenv("QUERY_STRING")
    assert page_query() == ""
