"""The Voila options ``catcards app`` and ``catcards class`` start Voila with (the command line,
:mod:`catcards.cli`, and the class server, :mod:`catcards.classroom.server`, share them: here, below
both, so neither imports the other)."""
from __future__ import annotations

__all__ = ["APP_CULLING", "APP_EXECUTION", "APP_EXECUTION_CONFIG", "APP_KERNEL_TRANSPORT", "APP_QUIET_CONFIG",
           "kernel_socket_route", "not_a_closed_websocket", "quiet_kernel_socket", "refuse_method",
           "refused_unless_get", "stop_on_ctrl_c"]


#: Voila options of ``catcards app``: a page's kernel is shut down once its page has been gone
#: (closed, reloaded or left) for 10 idle minutes; a kernel with its page still open is never shut
#: down (``cull_connected`` stays False). Voila's own goodbye, a beacon sent on ``beforeunload``,
#: does not shut kernels down with Voila 0.5.13 and jupyter_server 2.21: the server refuses it
#: ("403 POST /voila/api/shutdown/...: '_xsrf' argument missing from POST", Voila issue #1458),
#: and phones that kill a tab or browsers without ``beforeunload`` (Safari on iOS) send none.
#: Without culling every page load keeps a kernel (about 100 MB) for as long as the server runs,
#: and after about 170 Voila's ZeroMQ sockets run out ("Too many open files") and every new page
#: stays blank. jupyter_server's ``MappingKernelManager`` options, which Voila's inherits.
APP_CULLING = (
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_connected=False",
)

#: Voila options of ``catcards app``: how long Voila's executor (nbclient's ``iopub_timeout``,
#: 4 s by default) keeps reading the app cell's output once the kernel has replied that the cell
#: ran. The table is 200 to 1,100 widget messages and its display comes last; a server busy for
#: more than 4 s (a loaded machine, a class's pages loading at once) gave up before the display,
#: logged "Timeout waiting for IOPub output", and the page stayed at "Dealing the cards" with no
#: error (1 page load in 230 here, at a load average of 5 to 20 on 2 cores). A wait this long only
#: happens when a message is really lost; the usual wait is well under a second.
#: ``tests/widgets/test_app_voila_execution.py`` reproduces the failure with Voila's executor.
#:
#: And the kernel client Voila's executor reads the cell's reply and output with:
#: :class:`catcards.kernel_client.WakingKernelClient`, whose waits look at the socket again every
#: 5 s. pyzmq's asyncio poll now and then misses the wake-up of a message that has arrived (the
#: lessons' runs stood still until their timeout ended, stop 43); Voila's executor waits for the
#: cell's reply with no timeout and for its output up to ``iopub_timeout``, so a missed wake-up
#: held a page for ever, or for 60 s and then left it at "Dealing the cards" (in CI a page once
#: did not load in 60 s). Its IOPub socket also keeps every message the kernel sends until it is read:
#: the kernel's PUB socket dropped the end of Pairs' table (1,169 messages) when Voila fell behind,
#: and its page waited 60 s with no table. The option is the kernel managers' ``client_class`` (jupyter_client's
#: ``AsyncKernelManager``, which Voila's per-page kernel managers are): Voila builds its
#: executor itself, and the executor takes the client its kernel manager makes.
#: ``tests/browser/test_voila.py`` shows it in effect for ``catcards app`` and the class server.
#:
#: ``APP_EXECUTION_CONFIG`` is the settings as Jupyter server configuration, for Voila's server
#: extension (``/voila/render/...``: the start page's "app (no code)" links in JupyterLab and on
#: Binder), whose executor reads the server's configuration; ``binder/postBuild`` writes it into
#: the environment's ``etc/jupyter/jupyter_server_config.json``. ``APP_EXECUTION`` is the same as
#: command-line options.
APP_EXECUTION_CONFIG = {"VoilaExecutor": {"iopub_timeout": 60},
                        "AsyncKernelManager": {"client_class": "catcards.kernel_client.WakingKernelClient"}}
APP_EXECUTION = tuple(f"--{section}.{name}={value}" for section, options in APP_EXECUTION_CONFIG.items()
                      for name, value in options.items())

#: Voila option of ``catcards app``: jupyter_client gives each kernel CurveZMQ keys when its
#: kernelspec says it takes them (ipykernel's does), so the kernel's sockets on this computer's
#: loopback are encrypted. Without it each page's kernel printed "Kernel is running over TCP
#: without encryption ... susceptible to eavesdropping" in the teacher's terminal, a line the
#: teacher could not act on. ``auto`` leaves a kernel whose kernelspec does not declare Curve as
#: before (unencrypted, and its kernel may print that line); jupyter_client before 8.10 does not
#: know the option and ignores it (a note in Voila's log, which shows errors only).
APP_KERNEL_TRANSPORT = ("--KernelManager.transport_encryption=auto",)

#: Voila option of ``catcards app``: tornado's logs show errors only, as the class server's do
#: outside ``--verbose``. ``tornado.access`` and ``tornado.application``: when a page is left
#: (reloaded, closed), Voila's page says goodbye with a POST to ``/voila/api/shutdown`` that the
#: server refuses (403: the POST carries no XSRF token), which printed two lines per page left
#: ("wrote error: '_xsrf' argument missing from POST" and "403 POST /voila/api/shutdown/..."; a
#: README user saw 11 pairs); the kernel goes when the page has been gone a while
#: (:data:`APP_CULLING`). A request's 5xx and a handler's uncaught exception are errors and
#: still show. ``tornado.general``: its one warning in a teacher's session was "The
#: websocket_ping_timeout (90000) cannot be longer than the websocket_ping_interval (30000)" at
#: the first page's websocket: jupyter_server's
#: websocket mixin gives tornado its own ping times in milliseconds where tornado reads seconds
#: (jupyter_server issue #1612; the mixin's own pings, every 30 s with a 90 s timeout, work).
#: No value of those settings avoids it safely: a timeout equal to the interval (the only one
#: tornado accepts) makes the mixin close a page's websocket whenever a ping is a moment late on a
#: busy server. ``logging_config`` is the traitlets setting every Jupyter application has for its
#: loggers (merged into :func:`logging.config.dictConfig`); errors still show, and so do Voila's
#: own (``--Voila.log_level=ERROR``). Given as
#: configuration (``Voila(config=...)``): a nested dict on the command line is deprecated in
#: traitlets 5 and printed a ``DeprecationWarning``.
APP_QUIET_CONFIG = {"Voila": {"logging_config": {"loggers": {
    name: {"level": "ERROR"} for name in ("tornado.general", "tornado.access", "tornado.application")}}}}


def not_a_closed_websocket(record) -> bool:
    """A :mod:`logging` filter for the ``asyncio`` logger of ``catcards app``: False (drop) for
    "Task exception was never retrieved" of a message written to a page's websocket after the
    browser closed it (tornado's ``WebSocketClosedError`` / ``StreamClosedError``). Kernels still
    send a page's messages while it is being left, or while Ctrl+C shuts them down, and each such
    write printed a 15-line traceback in the teacher's terminal (seen at Ctrl+C by a README user
    and in CI); the message had nobody to go to. Every other record is kept."""
    exc = record.exc_info[1] if record.exc_info else None
    if exc is None:
        return True
    from tornado.iostream import StreamClosedError
    from tornado.websocket import WebSocketClosedError

    return not isinstance(exc, (WebSocketClosedError, StreamClosedError))


def kernel_socket_route(route) -> bool:
    """Whether ``route``, one of Voila's handlers (``(pattern, handler, ...)``), is a page's
    websocket to its kernel, ``api/kernels/<id>/channels``: found by its address, because its
    class differs by Voila version (``voila.tornado.kernel_websocket_handler`` from 0.5.7 or so;
    jupyter_server's ``KernelWebsocketHandler`` in 0.5.6, the lowest this project allows, where
    importing the first stopped ``catcards app``)."""
    return isinstance(route, tuple) and isinstance(route[0], str) and route[0].endswith("/channels")


def refused_unless_get(request_handler) -> bool:
    """Refuse a request to a page's kernel (``api/kernels/<id>`` and its ``channels``) of another
    method than GET, with a 405 JSON ``{"error": ...}``, before jupyter_server's XSRF check (a
    ``POST`` there printed "wrote error: '_xsrf' argument missing", or, on the websocket's address,
    67 lines of traceback, in the terminal: break46); returns whether it was refused."""
    if request_handler.request.method == "GET":
        return False
    refuse_method(request_handler)
    return True


def refuse_method(request_handler) -> None:
    """Answer a request to a page's kernel of another method than GET: 405, ``Allow: GET`` and
    ``{"error": ...}`` JSON. :func:`refused_unless_get` calls it for a method the handler has;
    a method tornado does not know (``PROPFIND``) is refused by tornado before ``prepare``, and
    the handler's ``write_error`` calls it (it was jupyter_server's ``{"message": ...}`` without
    ``Allow``, server62)."""
    import json

    request_handler.set_status(405)
    request_handler.set_header("Allow", "GET")
    request_handler.set_header("Content-Type", "application/json")
    request_handler.finish(json.dumps({"error": "only the table's page asks here, with GET"}))


#: most parts (header, content, buffers, ...) a binary frame on a page's kernel websocket may say
#: it has: a widget message has a handful. jupyter_server reads the count from the frame's first
#: bytes and builds that many offsets before it looks at the frame's length (break59s: an 8-byte
#: frame saying 20,000,000 parts held the server's event loop 1.9 s and about 700 MB, every
#: student's request waiting; the v1 protocol's 8-byte count goes up to 2**64)
MAX_FRAME_PARTS = 1000
#: the websocket subprotocol of jupyter_server's v1 kernel messages (an 8-byte count, then offsets)
KERNEL_WS_V1 = "v1.kernel.websocket.jupyter.org"


def binary_frame_fits(frame: bytes, subprotocol: str | None) -> bool:
    """Whether a binary ``frame`` from a page, on a kernel websocket of ``subprotocol``, holds the
    offsets its count says, at most :data:`MAX_FRAME_PARTS`: v1 (:data:`KERNEL_WS_V1`), an 8-byte
    little-endian count of at least 2 (the channel's and the end's) and 8 bytes an offset; else
    (the legacy binary message), a 4-byte big-endian count of at least 1 and 4 bytes an offset."""
    width, least, order = (8, 2, "little") if subprotocol == KERNEL_WS_V1 else (4, 1, "big")
    count = int.from_bytes(frame[:width], order)
    return len(frame) >= width and least <= count <= MAX_FRAME_PARTS and width * (count + 1) <= len(frame)


def quiet_kernel_socket(handler: type) -> type:
    """Voila's websocket handler to a page's kernel (``api/kernels/<id>/channels``,
    ``VoilaKernelWebsocketHandler``) that prints nothing in the teacher's terminal for what a page
    or a script does, for ``catcards app`` and the class server (which adds its owner check):

    - a request of another method than GET is a 405 JSON refusal (:func:`refused_unless_get`,
      :func:`refuse_method`; a method tornado does not know, ``PROPFIND``, too): a ``POST`` printed
      "Uncaught exception in write_error" and 67 lines of traceback;
    - a socket the page closed while the server was reaching its kernel (a reload at that moment,
      "End the class" while table pages were made, a script doing it on purpose) is dropped:
      jupyter_server read the connection its ``on_close`` had cleared (``AttributeError`` in
      ``select_subprotocol``), about 90 lines of traceback each time;
    - an error answered (the kernel has stopped: 404) is a JSON ``{"error": ...}``: jupyter_server's
      HTML error page has no template under Voila, and failing to render it printed a traceback;
    - a frame that is not a kernel message (not JSON, no header, bad buffers, a binary frame whose
      count of parts is not what it holds: :func:`binary_frame_fits`) closes its socket (1007)
      with one warning line: it printed "Uncaught exception" and its traceback, and a binary
      count of millions held the server's event loop for seconds (break59s); a frame already on
      its way when the socket was closed is dropped unread: tornado still delivers it, and reading
      the closed socket's subprotocol printed "Uncaught exception" and its ``AssertionError``
      (a student's script sending two bad frames at once, server62b).

    Any other failure is raised, and logged, as before (break46)."""
    import json

    class QuietKernelSocket(handler):
        def prepare(self, *args, **kwargs):
            if refused_unless_get(self):
                return None
            return super().prepare(*args, **kwargs)

        async def pre_get(self):
            await super().pre_get()
            self._reached = True  # the kernel's connection was made (the page's close clears it)

        async def get(self, kernel_id, *args, **kwargs):
            try:
                return await super().get(kernel_id, *args, **kwargs)
            except Exception:
                if not getattr(self, "_reached", False) or getattr(self, "connection", None) is not None:
                    raise
                return None  # the page closed its socket meanwhile: nobody is left to answer

        def on_message(self, message):
            import struct

            if self.ws_connection is None:  # closed (1007 below, 1008 the class's flood): a frame
                return None  # already on its way is dropped (its subprotocol read asserted: server62b)
            try:
                if isinstance(message, bytes) and not binary_frame_fits(message, self.selected_subprotocol):
                    raise ValueError("a binary frame whose count of parts is not what it holds")
                return super().on_message(message)
            except (ValueError, KeyError, IndexError, TypeError, AttributeError, RecursionError,
                    struct.error) as exc:
                # jupyter_server's parse of the frame: not a kernel message (not JSON, no header,
                # bad buffers, JSON nested too deep for json.loads: break62t). It printed "Uncaught
                # exception" and its traceback in the teacher's terminal, one a frame, a socket
                # each (break59s: 11,640 lines in 10 s)
                self.log.warning("closed a websocket to kernel %s: a frame that is not a kernel message (%s)",
                                 getattr(self, "kernel_id", "?"), type(exc).__name__)
                self.close(1007, "not a kernel message: reload the page")
                return None

        def write_error(self, status_code, **kwargs):
            if status_code == 405:  # a method tornado does not know (PROPFIND), refused before prepare
                return refuse_method(self)
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"error": "the table's kernel cannot be reached now: reload its page"}))

    return QuietKernelSocket


def stop_on_ctrl_c(loop) -> None:
    """Make Ctrl+C (SIGINT) stop tornado's ``loop`` (a ``tornado.ioloop.IOLoop``) between two
    callbacks, as Voila's own SIGTERM handler does; the server then shuts its kernels down
    (both ``catcards app`` and ``catcards class``: ``catcards.classroom.server.PromptStop.stop``). Python's
    KeyboardInterrupt instead landed in whatever ran, e.g. a page's template half rendered: "Task
    exception was never retrieved" and a traceback in the teacher's terminal, or a kernel start of
    the class server's pool, whose KeyboardInterrupt then came out of the kernels' shutdown. A
    second Ctrl+C is Python's KeyboardInterrupt again (raised at once). Windows' asyncio loops
    take no signal handlers: there Ctrl+C stays Python's KeyboardInterrupt."""
    import signal

    aio = loop.asyncio_loop

    def stop() -> None:
        aio.remove_signal_handler(signal.SIGINT)  # back to Python's KeyboardInterrupt
        loop.stop()

    try:
        aio.add_signal_handler(signal.SIGINT, stop)
    except NotImplementedError:
        pass
