"""A class server for the tests: ``catcards class GAME --json`` as a subprocess on a free port,
with a temporary HOME and store (tests/classroom/test_server.py, tests/browser/test_class_browser.py,
benchmarks/bench_class.py); :func:`widget_states` and :func:`widget_models`, the widget
manager's first request over a kernel's websocket (bench_class, tests/classroom/test_hub.py);
:func:`join_page`, a student's join in a browser page (the class browser tests)."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import requests

REPO = Path(__file__).resolve().parents[1]


def join_page(page, join_url: str, nickname: str):
    """Join a class in the playwright ``page`` as a student would: open ``join_url``, type
    ``nickname`` in the join form, press Join, wait until the page says "you are NICKNAME".
    Returns the frame locator of the student's table (``#table``)."""
    from playwright.sync_api import expect

    page.goto(join_url)
    page.get_by_label("Nickname (optional, up to 24 characters)").fill(nickname)
    page.get_by_role("button", name="Join").click()
    expect(page.locator("#who")).to_contain_text(f"you are {nickname}")
    return page.frame_locator("#table")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def snap_class_served(folder):
    """A Snap class ("snaps per pass") in a store in ``folder``, its pool's handlers served
    (:func:`handlers_served`) for the ``with`` block; yields ``{"pool", "info", "code", "url"}``
    (``url``: the join page). The store is closed after."""
    from catcards.classroom.activities import activity
    from catcards.classroom.pool import Pool
    from catcards.classroom.server import ClassServer
    from catcards.classroom.store import open_store

    store = open_store(Path(folder) / "store")
    pool = Pool(store)
    info = pool.start("snap")
    server = ClassServer()
    server.pool, server.info, server.activity = pool, info, activity("snap/snaps-per-pass")
    try:
        with handlers_served(server) as port:
            yield {"pool": pool, "info": info, "code": info.code, "url": f"http://127.0.0.1:{port}/class/{info.code}"}
    finally:
        store.close()


@contextlib.contextmanager
def handlers_served(server, **listen_options):
    """``server.class_handlers()`` (the pool's tornado handlers, no Voila: no table) served on a
    free port of 127.0.0.1 by an event loop in a thread, for the ``with`` block; yields the port
    (``server.public_url`` is set to its address). ``listen_options``: the HTTP server's options
    (``catcards.classroom.server.http_server_options``)."""
    import asyncio

    import tornado.web

    port = free_port()
    server.public_url = f"http://127.0.0.1:{port}/"
    loop = asyncio.new_event_loop()
    started = threading.Event()

    def serve():
        asyncio.set_event_loop(loop)
        tornado.web.Application(server.class_handlers()).listen(port, "127.0.0.1", **listen_options)
        loop.call_soon(started.set)
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert started.wait(10), "the pool's handlers did not start serving"
    try:
        yield port
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


class FakeVoilaKernels:
    """What :class:`catcards.classroom.server.KernelPool` uses of Voila's kernel manager, with
    fake kernels on ``loop``: the pool of ``size`` starts for ``class_app.ipynb``, filled as
    Voila fills it; ``make(kernel_id)`` gives ``(kernel, run)`` for each kernel started ("k1",
    "k2", ...): its manager (what ``kernel_said`` and the launches count read: ``said``,
    ``launches``) and Voila's run of the class app in it (a future). ``shut``: the kernels shut
    down, in order."""

    notebook_path = "class_app.ipynb"

    def __init__(self, loop, size: int, make):
        self.loop, self.make = loop, make
        self.kernel_pools_config = {"default": {"pool_size": size}}
        self._pools, self.kernels, self.shut = {}, {}, []

    def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables=None, **kwargs):
        pool = self._pools.setdefault(notebook_name, [])
        for _ in range(self.kernel_pools_config["default"]["pool_size"] - len(pool)):
            pool.append(self.loop.create_task(self.start()))

    async def start(self):  # Voila's _initialize: the kernel is started, the app runs in it
        kernel_id = f"k{len(self.kernels) + 1}"
        self.kernels[kernel_id], run = self.make(kernel_id)
        return {"kernel_id": kernel_id, "task": run}

    def get_kernel(self, kernel_id):
        return self.kernels[kernel_id]

    async def shutdown_kernel(self, kernel_id, now=False):
        self.shut.append(kernel_id)


class DyingKernels(FakeVoilaKernels):
    """:class:`FakeVoilaKernels` whose shutdown kills a kernel under Voila's run of the class app
    in it: the run (``runs[kernel_id]``, a future) fails with "Kernel died before replying to
    kernel_info", as Voila's does, unless it has ended."""

    def __init__(self, loop, size: int, make, runs: dict):
        super().__init__(loop, size, make)
        self.runs = runs

    async def shutdown_kernel(self, kernel_id, now=False):
        self.shut.append(kernel_id)
        if not self.runs[kernel_id].done():
            self.runs[kernel_id].set_exception(RuntimeError("Kernel died before replying to kernel_info"))


def ticks(loop, kernels, n: int) -> None:
    """The class server's once-a-second check of its preheated tables (``kernels.tick()``), ``n``
    times on ``loop``, the kernels' starts running between."""
    import asyncio

    async def run():
        for _ in range(n):
            await asyncio.sleep(0)
            kernels.tick()

    loop.run_until_complete(run())


def installed_command(folder: Path) -> list[str]:
    """The ``catcards`` command as pip installs it (``[project.scripts]``: a script that imports
    ``_catcards_command`` and runs it), written in a new folder inside ``folder``: Python puts
    the script's folder first on ``sys.path``, not the working folder, as for a teacher's
    ``catcards``. Returns the command line that runs it."""
    import tempfile

    script = Path(tempfile.mkdtemp(prefix="catcards-bin-", dir=folder)) / "catcards"
    script.write_text("import sys\nfrom _catcards_command import run\nsys.exit(run())\n", encoding="utf-8")
    return [sys.executable, str(script)]


class ClassProcess:
    """``catcards class snap --json`` as a subprocess; :meth:`start` reads its JSON line."""

    def __init__(self, store: Path, port: int, home: Path):
        self.store, self.port, self.home = store, port, home
        self.proc: subprocess.Popen | None = None
        self.log = open(home / "server.log", "a+b")

    def start(self, env: dict[str, str] | None = None, timeout: float = 120, game: str = "snap",
              extra: tuple[str, ...] = ("--preheat=1",), installed: bool = False, retried: bool = False) -> dict:
        """Start it; returns its JSON line as a dict, with ``base`` (the server's root URL) added,
        once the join link answers. ``installed``: started as the installed ``catcards`` command
        is (a script outside the working folder, :func:`installed_command`), not ``python -m``,
        which puts the working folder first on ``sys.path``. A port found in use is replaced by
        another (:attr:`port`), once (``retried``).

        Raises: RuntimeError (with the server's log) when it prints no line or does not answer."""
        launch = installed_command(self.home.parent) if installed else [sys.executable, "-m", "catcards.cli"]
        cmd = [*launch, "class", game, "--json", f"--port={self.port}", f"--store={self.store}", *extra]
        # its HOME as its temporary folder too: Voila's folder of kernel connection files
        # (voila_*, made in tempfile.gettempdir()) goes with it; the server removes it when it
        # stops, but a server killed (kill(), or a stop that timed out) left it in /tmp
        full_env = {**os.environ, "HOME": str(self.home), "TMPDIR": str(self.home), "PYTHONPATH": str(REPO),
                    "MPLBACKEND": "Agg", **(env or {})}
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.log, env=full_env, cwd=self.home)
        line: list[bytes] = []
        reader = threading.Thread(target=lambda: line.append(self.proc.stdout.readline()), daemon=True)
        reader.start()
        reader.join(timeout)
        if not line or not line[0]:
            self.stop()
            if f"the port {self.port} is in use" in self.tail() and not retried:
                # free_port's port was taken meanwhile (another program's outgoing connection, on
                # a busy machine): once more on another
                self.port = free_port()
                return self.start(env, timeout, game, extra, installed, retried=True)
            raise RuntimeError(f"no JSON line from the class server:\n{self.tail()}")
        info = json.loads(line[0])
        deadline = time.monotonic() + timeout
        while True:  # the first line is printed once it listens; check it answers
            try:
                if requests.get(info["join_url"], timeout=5).status_code == 200:
                    info["base"] = info["join_url"].rsplit("/class/", 1)[0] + "/"
                    return info
            except requests.RequestException:  # not listening yet, or busy starting kernels
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the class server does not answer:\n{self.tail()}")
            time.sleep(0.3)

    def tail(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-3000:]

    def kill(self) -> None:
        """Stop it at once (SIGKILL: no chance to tidy up), and its kernels by their own ids."""
        import psutil

        if self.proc is None or self.proc.poll() is not None:
            return
        children = psutil.Process(self.proc.pid).children(recursive=True)
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        for child in children:
            try:
                child.kill()
            except psutil.NoSuchProcess:
                pass

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


@contextlib.contextmanager
def class_process(prefix: str):
    """A ``catcards class snap`` server (:class:`ClassProcess`) in a new temporary folder named
    with ``prefix``, for a module's fixture: yields its JSON line (``code``, ``join_url``,
    ``dashboard_url``, ..., ``base``) with ``process``; stopped and its folder deleted after."""
    import shutil
    import tempfile

    home = Path(tempfile.mkdtemp(prefix=prefix))
    proc = ClassProcess(home / "store", free_port(), home)
    try:
        yield {**proc.start(), "process": proc}
    finally:
        proc.stop()
        shutil.rmtree(home, ignore_errors=True)


def ctrl_c(proc: subprocess.Popen, reader: threading.Thread) -> None:
    """The teacher's Ctrl+C to a ``catcards app`` or ``catcards class`` started by a test: SIGINT,
    up to 30 s to stop (then SIGKILL), and up to 10 s for ``reader`` (the thread reading its
    output) to read the rest."""
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
    reader.join(10)


def widget_states(base: str, kernel_id: str, timeout: float, xsrf: str = "") -> int:
    """The number of widget models in the kernel's answer to :func:`widget_models`.

    Raises: TimeoutError when no answer comes within ``timeout`` seconds."""
    return len(widget_models(base, kernel_id, timeout, xsrf))


def widget_models(base: str, kernel_id: str, timeout: float, xsrf: str = "") -> dict:
    """Ask the kernel for its widgets' state over its websocket, as the page's widget manager
    does (ipywidgets 8: comm ``jupyter.widget.control``, ``request_states``), with the ``_xsrf``
    cookie the table's page set (the server lets only that browser connect); returns the answer's
    ``states``: model id -> ``{"model_name", "model_module", "model_module_version", "state"}``.

    Raises: TimeoutError when no answer comes within ``timeout`` seconds."""
    from websockets.sync.client import connect

    url = base.replace("http://", "ws://", 1) + f"api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"
    comm = str(uuid.uuid4())

    def message(msg_type: str, content: dict, metadata: dict | None = None) -> tuple[str, str]:
        msg_id = str(uuid.uuid4())
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "bench", "session": "bench",
                  "date": "", "version": "5.3"}
        return msg_id, json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {},
                                   "content": content, "channel": "shell", "buffers": []})

    deadline = time.monotonic() + timeout
    with connect(url, open_timeout=timeout, max_size=None, additional_headers={"Cookie": f"_xsrf={xsrf}"}) as ws:
        opened, text = message("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}},
                               {"version": "1.0.0"})  # ipywidgets' control protocol version
        ws.send(text)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no widget state")
            frame = ws.recv(timeout=left)
            if isinstance(frame, bytes):  # a message with buffers: the JSON part comes first
                count = int.from_bytes(frame[:4], "big")
                offsets = [int.from_bytes(frame[4 + 4 * i:8 + 4 * i], "big") for i in range(count)]
                frame = frame[offsets[0]:offsets[1] if count > 1 else None].decode()
            msg = json.loads(frame)
            if (msg.get("msg_type") == "status" and msg.get("content", {}).get("execution_state") == "idle"
                    and msg.get("parent_header", {}).get("msg_id") == opened):  # the comm is open: ask
                ws.send(message("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}})[1])
            data = msg.get("content", {}).get("data", {})
            if msg.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
                return data.get("states", {})
